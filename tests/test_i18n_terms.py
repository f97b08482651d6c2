"""The games' terms in each language are the published edition's words, not a translator's synonym.

Ptolemaeus' terms follow the publisher's rulebook of each language (/work/shared/rules/
ptolemaeus-rulebook-{it,de,es}.txt); Pompeii's Spanish terms follow the Spanish edition's summary
(pompeii-rules-summary-es.txt). A review (2026-12-02) found synonyms that had drifted in ("mazo" for
the rulebook's "baraja", "parientes" for "familiares", tokens that "go home" instead of back to
their reserves): a text that brings one back fails here, with the rulebook's word and line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from test_i18n_wording import texts

ROOT = Path(__file__).resolve().parents[1]
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")     # a value put in ({token}) is not a word of the text

# (layer, language): {a drifted word (regex): the rulebook's word, and where the rulebook says it}
DRIFT: dict[tuple[str, str], dict[str, str]] = {
    ("ptolemaeus_ui", "es"): {
        r"\bmazos?\b": "baraja (reglamento ES l.63: «colocar la baraja cerca del tablero»)",
        r"\bfichas?\b": "piezas (l.42–43: «40 piezas Almagesto, 12 piezas Asteroide»)",
        r"\bpiezas? de Asteroide": "piezas Asteroide (l.43, l.185)",
        r"\bcartas? (?:de )?bonus\b": "cartas bonificación (l.34)",
        r"\bvuelven a casa\b": "vuelven a sus reservas (l.261, l.267)",
    },
    ("ptolemaeus_ui", "it"): {
        r"\bgettoni?\b": "pedine (regolamento IT l.42: «40 pedine Almagesto»)",
        r"\btornano a casa\b": "tornano nelle riserve (l.262, l.266)",
    },
    ("ptolemaeus_ui", "de"): {
        r"\bTokens?\b": "Spielstein (Regelheft DE l.42: «40 Almagest-Spielsteine»)",
        r"\bheim\b": "in ihre Reserven zurück (l.268, l.272)",
        r"\bgeheime[sn]? Ziel": "Geheimziel (l.38: «Geheimzielkarten»)",
    },
    ("pompeii_ui", "es"): {
        r"\bparientes?\b": "familiares (resumen ES l.97: «Nueva regla: familiares»)",
        r"\bpresagios?\b": "Augurio (l.92: «cartas de Augurio»)",
        r"\bca[ií]da de Pompeya\b": "La noche que cayó Pompeya (l.12)",
        r"\bcráteres dobles\b": "doble erupción (l.177: «la variante de la doble erupción»)",
    },
}


@pytest.mark.parametrize("layer, lang", sorted(DRIFT), ids=lambda v: str(v))
def test_the_games_terms_are_the_rulebooks(layer, lang):
    drifted = [f"{key}: {match.group(0)!r} (the rulebook says {word})"
               for key, text in texts(ROOT / "py" / layer / "lang" / f"{lang}.json").items()
               for pattern, word in DRIFT[(layer, lang)].items()
               for match in [re.search(pattern, PLACEHOLDER.sub("", text), re.IGNORECASE)] if match]
    assert not drifted, "\n".join(drifted)


def test_the_spanish_title_of_pompeii_is_the_spanish_editions():
    import catalog  # noqa: F401 - registers the games
    from app.games import CATALOG

    assert CATALOG["pompeii"].title("es") == "La noche que cayó Pompeya"
