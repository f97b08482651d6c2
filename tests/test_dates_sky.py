"""The historic dates' skies, kept in ``ptolemaeus.dates.HISTORIC_SKIES`` so that a game starting
at one of them needs no astronomy-engine (issue 13: the page fetches it only for another date).
Rulings, "Starting dates": each planet on the 30° sign of its apparent ecliptic longitude."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import ptolemaeus as pt
from ptolemaeus.data import PLANETS
from ptolemaeus.dates import HISTORIC_DATES, HISTORIC_SKIES, historic_sky
from ptolemaeus.game import PtolemaeusRules
from ptolemaeus.sky import parse_start, planets_at

PY = Path(__file__).resolve().parents[1] / "py"


@pytest.mark.parametrize("historic", HISTORIC_DATES, ids=lambda h: h.key)
def test_each_historic_sky_is_the_computed_one(historic):
    """Starting dates ruling: the table says what ``ptolemaeus.sky`` computes, entry by entry."""
    when = parse_start(historic.when)
    computed = planets_at(when)
    assert HISTORIC_SKIES[historic.when] == (when.isoformat(), tuple(computed[p] for p in PLANETS)), (
        f"regenerate HISTORIC_SKIES[{historic.when!r}]: ({when.isoformat()!r}, "
        f"{tuple(computed[p] for p in PLANETS)!r})")


def test_the_table_lists_exactly_the_historic_dates():
    assert set(HISTORIC_SKIES) == {h.when for h in HISTORIC_DATES}


@pytest.mark.parametrize("historic", HISTORIC_DATES, ids=lambda h: h.key)
def test_a_game_at_a_historic_date_is_the_game_the_computed_sky_gives(historic):
    """The looked-up sky gives the very same game (state, JSON) as the computed one."""
    when = parse_start(historic.when)
    looked_up = pt.new_game(players=3, seed=11, start=historic.when)
    computed = pt.new_game(players=3, seed=11, start=when.isoformat(), planets=planets_at(when))
    assert looked_up.to_json() == computed.to_json()
    assert PtolemaeusRules().new_state({"players": 3, "seed": 11, "start": historic.when}).to_json() \
        == looked_up.to_json()


@pytest.mark.parametrize("value", [None, 1969, b"1969-07-20T20:17Z", ["1969-07-20T20:17Z"], "1969-07-20T20:17Z ",
                                   "1969-07-20T20:17:00Z", "1969-07-20", "1969-07-20t20:17z", ""])
def test_only_a_listed_text_exactly_is_looked_up(value):
    """Anything else (another spelling of the same instant included) is computed or refused as before."""
    assert historic_sky(value) is None


def test_another_spelling_of_a_historic_instant_still_gets_the_same_sky():
    looked_up = pt.new_game(players=2, seed=3, start="1969-07-20T20:17Z")
    computed = pt.new_game(players=2, seed=3, start="1969-07-20T20:17:00+00:00")
    assert looked_up.to_json() == computed.to_json()


def _astronomy_loaded_after(code: str) -> bool:
    out = subprocess.run([sys.executable, "-c", "import sys\n" + code + "\nprint('astronomy' in sys.modules)"],
                         capture_output=True, text=True, check=True, cwd=PY).stdout
    return out.strip().splitlines()[-1] == "True"


def test_starting_and_replaying_at_a_historic_date_loads_no_astronomy():
    """Issue 13: the default start (Apollo 11) and every suggested date need no astronomy-engine,
    neither to start (``new_state``) nor to replay a saved game."""
    assert not _astronomy_loaded_after(
        "from ptolemaeus.game import PtolemaeusRules\n"
        "from ptolemaeus.dates import HISTORIC_DATES\n"
        "r = PtolemaeusRules()\n"
        "for h in HISTORIC_DATES:\n"
        "    s = r.new_state({'players': 2, 'seed': 5, 'start': h.when})\n"
        "a = s.legal_actions()[0]\n"
        "r.replay({'players': 2, 'seed': 5, 'start': HISTORIC_DATES[0].when}, [a.to_json()])")


def test_another_date_still_computes_its_sky():
    assert _astronomy_loaded_after(
        "from ptolemaeus.game import PtolemaeusRules\n"
        "PtolemaeusRules().new_state({'players': 2, 'seed': 5, 'start': '2001-01-01T00:00Z'})")


def test_a_bad_date_is_still_refused_with_its_code():
    with pytest.raises(pt.SetupError) as e:
        PtolemaeusRules().new_state({"players": 2, "seed": 5, "start": "1582-10-10"})
    assert e.value.code == "no_such_date" and e.value.params["date"] == "1582-10-10"
