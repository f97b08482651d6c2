"""The page's games: one ``register`` line each (the first is the default game).

The shell (``py/app``) names no game; ``app/main.py`` imports this module,
which describes each game without importing it (``app.games.GameInfo``): the
shell imports a game's code only when that game is set up or played.
"""

from app import site
from app.games import GameInfo, register

# The first release of this site was Ptolemaeus alone: its saves and settings (``ptolemaeus.*``)
# move to Ludus' prefix at start-up, nothing lost (app.storage, docs/storage.md).
site.LEGACY_STORAGE_PREFIXES[site.STORAGE_PREFIX] = ("ptolemaeus.",)

register(GameInfo(
    key="ptolemaeus", titles={"en": "Ptolemaeus", "es": "Ptolemaeus", "it": "Ptolemaeus", "de": "Ptolemaeus"},
    blurbs={"en": "Observe the sky of a real date and study its planets.",
            "es": "Observa el cielo de una fecha real y estudia sus planetas.",
            "it": "Osserva il cielo di una data reale e studia i suoi pianeti.",
            "de": "Beobachte den Himmel eines echten Datums und studiere seine Planeten."},
    spec="ptolemaeus_ui.spec:PtolemaeusSpec", min_players=1, max_players=4,
    bot_levels=("random", "easy", "greedy", "normal", "hard"), default_bot_level="normal",
    stylesheet="static/ptolemaeus.css",
    rules_pages={"en": "rules.html", "es": "rules.es.html", "it": "rules.it.html", "de": "rules.de.html"},
    link_aliases={"date": "start"},      # ?date=… links from before there were several games
    picture="static/icons/icon.svg",     # the lobby's picture (an astrolabe)
    daily=True,                          # today's sky (issue 14): PtolemaeusSpec.daily_setup
    daily_titles={"en": "Today's sky", "es": "El cielo de hoy", "it": "Il cielo di oggi",
                  "de": "Der Himmel von heute"},
))

register(GameInfo(
    key="pompeii", titles={"en": "The Downfall of Pompeii", "es": "La caída de Pompeya",
                           "it": "La caduta di Pompei", "de": "Der Untergang von Pompeji"},
    blurbs={"en": "Settle the city, then flee the lava of Vesuvius.",
            "es": "Puebla la ciudad y luego huye de la lava del Vesubio.",
            "it": "Popola la città, poi fuggi dalla lava del Vesuvio.",
            "de": "Besiedle die Stadt, dann flieh vor der Lava des Vesuvs."},
    spec="pompeii_ui.spec:PompeiiSpec", min_players=2, max_players=4,
    bot_levels=("random", "greedy", "normal", "hard"), default_bot_level="normal",
    stylesheet="static/pompeii.css",
    rules_pages={"en": "rules.pompeii.html", "es": "rules.pompeii.es.html", "it": "rules.pompeii.it.html",
                 "de": "rules.pompeii.de.html"},
))
