"""All component data of Ptolemaeus, in one place.

The rulebook gives totals only; the breakdown below is fixed by
``shared/rules/ptolemaeus-rulings.md`` (the "Components" table and R1-R18).
Everything else in the engine refers to these names and indices, so a
reader can check the whole game against the rulings in this one file.
"""

from __future__ import annotations

# R1: clockwise board order; clockwise = increasing index (mod 12).
CONSTELLATIONS: tuple[str, ...] = (
    "Aries", "Taurus", "Gemini", "Cancer", "Leo", "Virgo",
    "Libra", "Scorpius", "Sagittarius", "Capricornus", "Aquarius", "Pisces",
)
N_CONST = 12
CONST_INDEX: dict[str, int] = {name: i for i, name in enumerate(CONSTELLATIONS)}

# Colours (elements). Index order of COLOURS is used everywhere.
COLOURS: tuple[str, ...] = ("red", "green", "yellow", "blue")
COLOUR_ELEMENT: dict[str, str] = {"red": "Ignis", "green": "Terrae", "yellow": "Aeris", "blue": "Aquae"}
# Aries red, Taurus green, Gemini yellow, Cancer blue, then repeating.
COLOUR_OF: tuple[int, ...] = tuple(i % 4 for i in range(N_CONST))
# Trines are the four colour groups.
TRINES: tuple[tuple[int, int, int], ...] = tuple(
    tuple(i for i in range(N_CONST) if COLOUR_OF[i] == col) for col in range(4)  # type: ignore[misc]
)

# Constellation cards: card value 0..11 is that constellation, 12 is the
# wildcard (sextant). 5 of each of the 13 values = 65 cards.
WILD = 12
CARD_KINDS = 13
COPIES_PER_CARD = 5
N_CONSTELLATION_CARDS = CARD_KINDS * COPIES_PER_CARD  # 65
CARD_NAMES: tuple[str, ...] = CONSTELLATIONS + ("Sextans",)
CARD_INDEX: dict[str, int] = {name: i for i, name in enumerate(CARD_NAMES)}

# Planets with their maximum number of moves (printed on the pieces).
PLANETS: tuple[str, ...] = ("Sol", "Luna", "Mercurius", "Venus", "Mars", "Iupiter", "Saturnus")
PLANET_INDEX: dict[str, int] = {name: i for i, name in enumerate(PLANETS)}
MAX_MOVES: dict[str, int] = {
    "Luna": 8, "Mercurius": 7, "Venus": 6, "Sol": 5, "Mars": 4, "Iupiter": 3, "Saturnus": 3,
}

# 13 astronomical event cards: Eclipsis + 12 that each move three planets.
ECLIPSIS = "Eclipsis"
EVENT_CARDS: tuple[str, ...] = (
    ECLIPSIS,
    "Sol-Luna-Mercurius", "Sol-Luna-Venus", "Sol-Luna-Mars", "Sol-Luna-Iupiter",
    "Sol-Luna-Saturnus", "Luna-Mercurius-Venus", "Luna-Mercurius-Mars",
    "Luna-Mercurius-Iupiter", "Mercurius-Venus-Mars", "Mercurius-Venus-Iupiter",
    "Mercurius-Venus-Saturnus", "Venus-Mars-Saturnus",
)
EVENT_PLANETS: dict[str, tuple[int, ...]] = {
    card: tuple(PLANET_INDEX[p] for p in card.split("-")) for card in EVENT_CARDS if card != ECLIPSIS
}

# 25 bonus cards.
NOVA_LUNA = "Nova Luna"
VENUS_RETROGRADA = "Venus Retrograda"
MALEFICUS_MARS = "Maleficus Mars"
MALEFICUS_SATURNUS = "Maleficus Saturnus"
MERCURIUS_RETROGRADUS = "Mercurius Retrogradus"
SOL_IN_MEDIO_CAELI = "Sol in Medio Caeli"
IUPITER_ORIENTALIS = "Iupiter Orientalis"
NOVA_CONSTELLATIO = "Nova Constellatio"
SIGNA_AERIS = "Signa Aeris"
SIGNA_AQUAE = "Signa Aquae"
SIGNA_IGNIS = "Signa Ignis"
SIGNA_TERRAE = "Signa Terrae"
BONUS_TYPES: tuple[str, ...] = (
    NOVA_LUNA, VENUS_RETROGRADA, MALEFICUS_MARS, MALEFICUS_SATURNUS, MERCURIUS_RETROGRADUS,
    SOL_IN_MEDIO_CAELI, IUPITER_ORIENTALIS, NOVA_CONSTELLATIO,
    SIGNA_AERIS, SIGNA_AQUAE, SIGNA_IGNIS, SIGNA_TERRAE,
)
BONUS_INDEX: dict[str, int] = {name: i for i, name in enumerate(BONUS_TYPES)}
BONUS_COUNTS: dict[str, int] = {
    NOVA_LUNA: 2, VENUS_RETROGRADA: 2, MALEFICUS_MARS: 2, MALEFICUS_SATURNUS: 2,
    MERCURIUS_RETROGRADUS: 2, SOL_IN_MEDIO_CAELI: 2, IUPITER_ORIENTALIS: 2,
    NOVA_CONSTELLATIO: 3,
    SIGNA_AERIS: 2, SIGNA_AQUAE: 2, SIGNA_IGNIS: 2, SIGNA_TERRAE: 2,
}
N_BONUS_CARDS = sum(BONUS_COUNTS.values())  # 25
# R18: cards that need an opponent leave the deck in solitaire (17 remain).
SOLITAIRE_REMOVED: tuple[str, ...] = (NOVA_LUNA, MALEFICUS_MARS, MALEFICUS_SATURNUS, IUPITER_ORIENTALIS)
# The planet whose study upgrades each bonus card ("if you have studied X").
BONUS_UPGRADE_PLANET: dict[str, str] = {
    NOVA_LUNA: "Luna", VENUS_RETROGRADA: "Venus", MALEFICUS_MARS: "Mars",
    MALEFICUS_SATURNUS: "Saturnus", MERCURIUS_RETROGRADUS: "Mercurius",
    SOL_IN_MEDIO_CAELI: "Sol", IUPITER_ORIENTALIS: "Iupiter",
}
# Signa cards place a token on a constellation of their colour (R11).
SIGNA_COLOUR: dict[str, int] = {SIGNA_IGNIS: 0, SIGNA_TERRAE: 1, SIGNA_AERIS: 2, SIGNA_AQUAE: 3}

# 7 secret objectives; each pair of planets appears on exactly one card.
OBJECTIVES: tuple[tuple[str, str, str], ...] = (
    ("Sol", "Luna", "Venus"), ("Luna", "Mercurius", "Mars"), ("Mercurius", "Venus", "Iupiter"),
    ("Venus", "Mars", "Saturnus"), ("Mars", "Iupiter", "Sol"), ("Iupiter", "Saturnus", "Luna"),
    ("Saturnus", "Sol", "Mercurius"),
)
OBJECTIVE_NAMES: tuple[str, ...] = tuple("-".join(o) for o in OBJECTIVES)

TOKENS_PER_PLAYER = 10
N_ASTEROIDS = 12
HAND_SIZE_AT_SETUP = 2
DISPLAY_SIZE = 6
FIVE_OF_A_COLOUR = 5          # R3
TURNS_PER_ROUND = 3
WINNING_POINTS = 12           # R16
ECLIPSIS_DISCARD = 2          # R14
ASTEROIDS_PER_TRADE = 2       # asteroid trade: 2 asteroids -> 1 bonus card
ASTEROIDS_PER_POINT = 3
# Study table: planets studied -> points.
STUDY_POINTS: tuple[int, ...] = (0, 1, 2, 4, 5, 6, 8, 10)
# Secret objective: planets of the card studied -> points.
OBJECTIVE_POINTS: tuple[int, ...] = (0, 0, 1, 3)
MIN_PLAYERS, MAX_PLAYERS = 1, 4
