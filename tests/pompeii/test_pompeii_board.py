"""The board module restates shared/rules/pompeii-board.json exactly (P5-P19, P3, P6, PR1, PR16, PR19)."""

import json
import subprocess
import sys
from pathlib import Path

from pompeii import board as B

RULES = Path(__file__).resolve().parents[3] / "shared" / "rules"
if not (RULES / "pompeii-board.json").exists():                      # a worktree elsewhere
    RULES = Path("/work/shared/rules")
DATA = json.loads((RULES / "pompeii-board.json").read_text())


def test_p11_every_square_matches_the_json():
    """P8-P17 (P10: every square's kind), PR19: kind, capacity, building/part, neutral id, gate, vent and P19 distance."""
    assert (DATA["width"], DATA["height"]) == (B.WIDTH, B.HEIGHT)
    assert DATA["map"] == [" ".join(r.split()) for r in B.MAP] or \
        [r.split() for r in DATA["map"]] == [r.split() for r in B.MAP]
    dist = B.distance_to_exit()
    assert len(DATA["cells"]) == B.SQUARES
    for cell in DATA["cells"]:
        q = B.sq(cell["row"], cell["col"])
        assert B.KIND[q] == cell["kind"], cell
        assert B.CAPACITY[q] == cell["capacity"], cell
        if cell["kind"] == "building":
            assert B.PART[q] == f"{cell['building']}{cell['part']}"
            assert B.COLOUR[q] == cell["colour"]
        else:
            assert B.PART[q] is None
        assert B.NEUTRAL[q] == cell.get("neutral_id")
        assert B.GATE_OF.get(q) == cell.get("gate")
        assert B.VENT[q] == cell.get("lava_symbol")
        if "distance_to_exit" in cell:
            assert dist[q] == cell["distance_to_exit"], cell
        else:
            assert dist[q] == -1


def test_p9_p18_seven_outside_positions_and_orthogonal_adjacency_between_city_squares():
    """P9: the 7 positions outside the wall are not squares (nobody walks or is placed there);
    P18: city squares are adjacent exactly orthogonally, with no walls inside the city."""
    outside = [(0, 8), (0, 9), (0, 10), (1, 10), (6, 0), (6, 1), (6, 2)]
    assert sorted(B.rc(q) for q in range(B.SQUARES) if q not in B.CITY) == outside
    assert len(B.CITY) == 70 and not any(B.WALKABLE[B.sq(*rc)] or B.CAPACITY[B.sq(*rc)] for rc in outside)
    for q in B.CITY:
        r, c = B.rc(q)
        expected = {B.sq(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                    if 0 <= r + dr < B.HEIGHT and 0 <= c + dc < B.WIDTH and (r + dr, c + dc) not in outside}
        assert set(B.NEIGHBOURS[q]) == expected, (r, c)


def test_p12_p14_buildings_parts_and_neutrals():
    for b in DATA["buildings"]:
        n = b["number"]
        assert B.NUMBER_COLOUR[n] == b["colour"]
        assert B.NUMBER_PARTS[n] == tuple(p["id"] for p in b["parts"])
        for part in b["parts"]:
            assert B.UNIT_SQUARES[part["id"]] == tuple(B.sq(r, c) for r, c in part["cells"])
            assert sum(B.CAPACITY[q] for q in B.UNIT_SQUARES[part["id"]]) == part["capacity"]
    for nb in DATA["neutral_buildings"]:
        assert B.UNIT_SQUARES[nb["id"]] == (B.sq(*nb["cell"]),)
        assert B.CAPACITY[B.sq(*nb["cell"])] == nb["capacity"]
    assert sum(B.CAPACITY) == 80


def test_p15_p16_vents_and_gates():
    """P15, P16; PR18: the corner gates' exit sides (cosmetic) as the JSON gives them."""
    assert {v["lava_symbol"]: B.sq(*v["cell"]) for v in DATA["vents"]} == B.VENT_OF
    assert [(g["id"], g["name"], B.sq(*g["cell"]), g["exit"]) for g in DATA["gates"]] == \
        [(g["id"], g["name"], g["square"], g["exit"]) for g in B.GATES]


def test_p3_p4_p5_p6_components():
    assert {int(k): v for k, v in DATA["cards"]["pompeii"].items()} == B.CARD_COUNTS
    for n, k in B.CARD_COUNTS.items():   # P5: cards = spaces of that number
        assert k == sum(B.CAPACITY[q] for p in B.NUMBER_PARTS[n] for q in B.UNIT_SQUARES[p])
    assert DATA["lava_tiles"]["base"] == B.LAVA_COUNTS and sum(B.LAVA_COUNTS.values()) == 45   # PR1
    assert [tuple(t) for t in DATA["lava_tiles"]["dual_vent_variant"]["tiles"]] == list(B.DUAL_TILES)  # PR16
    assert {int(k): v for k, v in DATA["citizens"]["per_player"].items()} == B.CITIZENS_PER_PLAYER
    assert {int(k): v for k, v in DATA["deck_building"]["bottom_stack_size"].items()} == B.BOTTOM_STACK
    assert {int(k): v for k, v in DATA["deck_building"]["piles_returned_unseen"].items()} == B.PILES_RETURNED
    assert tuple(DATA["lava_symbols"]) == B.SYMBOLS


def test_board_checker_of_the_rules_folder_passes():
    out = subprocess.run([sys.executable, str(RULES / "check_pompeii_board.py")], capture_output=True, text=True,
                         check=False)
    assert out.returncode == 0 and ", 0 failed" in out.stdout
