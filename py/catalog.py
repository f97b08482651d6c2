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

# An astrolabe (static/icons/icon.svg, simplified): drawn in the page, it costs no request.
ASTROLABE = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"><g fill="none" stroke="#d9b45a" stroke'
    '-linecap="round"><circle cx="256" cy="36" r="20" stroke-width="10"/><path d="M214 84Q230 56 256 56Q2'
    '82 56 298 84Z" fill="#d9b45a" stroke-width="6"/><circle cx="256" cy="282" r="214" fill="#16203a" str'
    'oke-width="14"/><path d="M256 96L256 70M349 121L362 98M417 189L440 176M442 282L468 282M417 375L440 3'
    '88M349 443L362 466M256 468L256 494M163 443L150 466M95 375L72 388M70 282L44 282M95 189L72 176M163 121'
    'L150 98" stroke-width="8"/><circle cx="256" cy="282" r="150" stroke="#a7a18f" stroke-width="4"/><pat'
    'h d="M70 282H442M256 96V468" stroke="#a7a18f" stroke-width="4"/><circle cx="256" cy="250" r="112" st'
    'roke-width="12"/><circle cx="227" cy="142" r="15" fill="#e9e4d4" stroke-width="5"/><path d="M86 176L'
    '250 291L426 388L262 273Z" fill="#e9e4d4" stroke="#0d1426" stroke-width="3"/><circle cx="256" cy="282'
    '" r="14" fill="#d9b45a" stroke="#0d1426" stroke-width="4"/></g></svg>'
)

# Vesuvius over the city, a lava tile on a house (Pompeii's colours): drawn in the page, it costs no
# request, and a few hundred bytes in the shell's archive (issue 13's budget), not Pompeii's files.
VESUVIUS = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="30" fill="#16'
    '203a" stroke="#d9b45a" stroke-width="2"/><path d="M26 17c-6-1-6-8 0-9 1-5 10-5 11 0 6 1 5 9-1 9z" fi'
    'll="#a7a18f"/><path d="M7 46L25 19h14l18 27z" fill="#5a4a3a"/><path d="M25 19h14l-3 4-2 9-3-6-2 10-2'
    '-12-2 2z" fill="#d4521f"/><path d="M9 46h46v5H9z" fill="#b9ab8f"/><g fill="#d9cdb4" stroke="#1b1405"'
    ' stroke-width="1"><path d="M13 52V44h8v8zM33 52V43h9v9zM45 52v-7h7v7z"/><path d="M23 52V42l5-4 5 4v1'
    '0z"/></g><path d="M33 43h9v9h-9z" fill="#d4521f"/></svg>'
)

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
    picture_svg=ASTROLABE,               # the lobby's picture, drawn in the page (no request)
    daily=True,                          # today's sky (issue 14): PtolemaeusSpec.daily_setup
    daily_titles={"en": "Today's sky", "es": "El cielo de hoy", "it": "Il cielo di oggi",
                  "de": "Der Himmel von heute"},
    daily_goals={"en": "Reach 12 points before the Comet completes its revolution.",     # R18
                 "es": "Llega a 12 puntos antes de que el Cometa complete su vuelta.",
                 "it": "Arriva a 12 punti prima che la Cometa completi il suo giro.",
                 "de": "Erreiche 12 Punkte, bevor der Komet seinen Umlauf vollendet."},
    solo_losses={"en": "The sky won", "es": "Ganó el cielo", "it": "Ha vinto il cielo",    # as end.sky_wins
                 "de": "Der Himmel hat gewonnen"},
))

register(GameInfo(
    key="pompeii", titles={"en": "The Downfall of Pompeii", "es": "La noche que cayó Pompeya",
                           "it": "La caduta di Pompei", "de": "Der Untergang von Pompeji"},
    blurbs={"en": "Settle the city, then flee the lava of Vesuvius.",
            "es": "Puebla la ciudad y luego huye de la lava del Vesubio.",
            "it": "Popola la città, poi fuggi dalla lava del Vesuvio.",
            "de": "Besiedle die Stadt, dann flieh vor der Lava des Vesuvs."},
    spec="pompeii_ui.spec:PompeiiSpec", min_players=2, max_players=4,
    bot_levels=("random", "easy", "greedy", "normal", "hard"), default_bot_level="normal",
    stylesheet="static/pompeii.css",
    rules_pages={"en": "rules.pompeii.html", "es": "rules.pompeii.es.html", "it": "rules.pompeii.it.html",
                 "de": "rules.pompeii.de.html"},
    picture_svg=VESUVIUS,                # the lobby's picture, drawn in the page (no request)
))
