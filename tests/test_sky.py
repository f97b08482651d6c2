"""Tests for ptolemaeus.sky: starting dates -> planets on constellations.

Run with: PYTHONPATH=py python -m pytest tests/test_sky.py
"""

from __future__ import annotations

import re
import time
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest

from ptolemaeus import sky
from ptolemaeus.data import CONSTELLATIONS, PLANETS

UTC = UTC
APOLLO = "1969-07-20T20:17Z"
# rulings: Starting dates -- the rulebook's own example must come out exactly.
APOLLO_PLANETS = {
    "Sol": "Cancer", "Luna": "Libra", "Mercurius": "Cancer", "Venus": "Gemini",
    "Mars": "Sagittarius", "Iupiter": "Libra", "Saturnus": "Taurus",
}


def angle_diff(a: float, b: float) -> float:
    """Signed difference a - b folded into (-180, 180]."""
    return (a - b + 180.0) % 360.0 - 180.0


# --- rulings: Starting dates: the rulebook example ------------------------

def test_apollo_xi_example_exact():
    # rulings: Starting dates -- 20 July 1969, 20:17 UTC
    assert sky.planets_at(APOLLO) == APOLLO_PLANETS


def test_apollo_via_historic_date_and_all_input_forms():
    forms = [
        APOLLO,
        "1969-07-20T20:17:00+00:00",
        "1969-07-20 20:17",
        "1969-07-20T20:17:00Z",
        "1969-07-20t20:17z",
        "  1969-07-20T20:17Z  ",
        datetime(1969, 7, 20, 20, 17),
        datetime(1969, 7, 20, 20, 17, tzinfo=UTC),
        sky.historic_date("apollo11").when,
    ]
    expected = sky.longitudes_at(APOLLO)
    for f in forms:
        assert sky.parse_start(f) == datetime(1969, 7, 20, 20, 17, tzinfo=UTC), f
        assert sky.longitudes_at(f) == expected, f
        assert sky.planets_at(f) == APOLLO_PLANETS, f


def test_longitudes_are_apparent_of_date_values():
    import astronomy

    lon = sky.longitudes_at(APOLLO)
    assert set(lon) == set(PLANETS)
    assert all(0.0 <= v < 360.0 for v in lon.values())
    t = sky.astro_time(APOLLO)
    # astronomy-engine's own dedicated functions, documented as apparent /
    # true ecliptic of date, agree with the generic GeoVector+Ecliptic path.
    assert abs(angle_diff(lon["Sol"], astronomy.SunPosition(t).elon)) < 0.001
    assert abs(angle_diff(lon["Luna"], astronomy.EclipticGeoMoon(t).lon)) < 0.001
    # ... and not with J2000-frame longitudes (precession 1969->2000 ~0.43°).
    j2000 = astronomy.RotateVector(astronomy.Rotation_EQJ_ECL(), astronomy.GeoVector(astronomy.Body.Sun, t, True))
    assert 0.4 < angle_diff(astronomy.SphereFromVector(j2000).lon, lon["Sol"]) < 0.46


# --- date-only means 12:00 UTC; time zones ---------------------------------

def test_date_only_means_noon_utc():
    noon = datetime(1969, 7, 20, 12, 0, tzinfo=UTC)
    assert sky.parse_start("1969-07-20") == noon
    assert sky.parse_start(date(1969, 7, 20)) == noon
    assert sky.parse_start("1969-07-20").tzinfo == UTC
    at_noon = sky.longitudes_at("1969-07-20T12:00Z")
    assert sky.longitudes_at("1969-07-20") == at_noon
    assert sky.longitudes_at(date(1969, 7, 20)) == at_noon
    # Not midnight: the Moon moves ~6° in 12 hours.
    assert abs(angle_diff(sky.longitudes_at("1969-07-20T00:00Z")["Luna"], at_noon["Luna"])) > 5


@pytest.mark.parametrize("text, utc", [
    ("1969-07-20T22:17+02:00", datetime(1969, 7, 20, 20, 17, tzinfo=UTC)),
    ("1969-07-20T22:17+0200", datetime(1969, 7, 20, 20, 17, tzinfo=UTC)),
    ("1969-07-20T22:17+02", datetime(1969, 7, 20, 20, 17, tzinfo=UTC)),
    ("1969-07-20T16:17-04:00", datetime(1969, 7, 20, 20, 17, tzinfo=UTC)),
    ("1969-07-21T01:47+05:30", datetime(1969, 7, 20, 20, 17, tzinfo=UTC)),
    ("1969-07-20T23:30-01:00", datetime(1969, 7, 21, 0, 30, tzinfo=UTC)),
    ("2000-03-01T00:30+01:00", datetime(2000, 2, 29, 23, 30, tzinfo=UTC)),
    ("1969-07-20T20:17:40.5Z", datetime(1969, 7, 20, 20, 17, 40, 500000, tzinfo=UTC)),
])
def test_time_zone_offsets_convert(text, utc):
    assert sky.parse_start(text) == utc


def test_aware_datetime_converts():
    houston = timezone(timedelta(hours=-5))  # CDT
    dt = datetime(1969, 7, 20, 15, 17, tzinfo=houston)
    assert sky.parse_start(dt) == datetime(1969, 7, 20, 20, 17, tzinfo=UTC)
    assert sky.planets_at(dt) == APOLLO_PLANETS


# --- Julian calendar ---------------------------------------------------------

@pytest.mark.parametrize("julian, gregorian", [
    ((1582, 10, 4), (1582, 10, 14)),   # last Julian day -> day before the first Gregorian one
    ((1500, 2, 29), (1500, 3, 10)),    # a Julian leap day Gregorian lacks
    ((1000, 3, 15), (1000, 3, 21)),    # 6 days apart in 1000
    ((325, 3, 21), (325, 3, 22)),      # Council of Nicaea year
    ((1, 1, 1), (0, 12, 30)),          # into astronomical year 0 (1 BC)
    ((1899, 12, 19), (1899, 12, 31)),  # 12 days apart in the 19th century
])
def test_julian_to_gregorian_known_pairs(julian, gregorian):
    assert sky.julian_to_gregorian(*julian) == gregorian
    assert sky.gregorian_to_julian(*gregorian) == julian


def test_jdn_anchors():
    assert sky.julian_calendar_jdn(-4712, 1, 1) == 0
    assert sky.gregorian_calendar_jdn(2000, 1, 1) == 2451545
    assert sky.julian_calendar_jdn(1582, 10, 4) == 2299160
    assert sky.gregorian_calendar_jdn(1582, 10, 15) == 2299161 == sky.GREGORIAN_START_JDN
    assert sky.julian_calendar_jdn(1582, 10, 5) == sky.gregorian_calendar_jdn(1582, 10, 15)


def test_jdn_round_trips_and_is_contiguous():
    for jdn in range(1721000, 1721000 + 800):  # around year 0/1
        for julian in (True, False):
            ymd = sky._ymd_from_jdn(jdn, julian)
            f = sky.julian_calendar_jdn if julian else sky.gregorian_calendar_jdn
            assert f(*ymd) == jdn
    for jdn in range(2299161 - 3000, 2299161 + 3000, 7):
        g = sky._ymd_from_jdn(jdn, julian=False)
        j = sky._ymd_from_jdn(jdn, julian=True)
        assert sky.gregorian_to_julian(*g) == j
        assert sky.julian_to_gregorian(*j) == g
    # Astronomy-engine times advance by exactly one day over the reform.
    d = sky.astro_time("1582-10-15T00:00Z").ut - sky.astro_time("1582-10-04T00:00Z").ut
    assert d == pytest.approx(1.0, abs=1e-9)


@pytest.mark.parametrize("bad", [(1582, 2, 29), (2001, 13, 1), (2001, 4, 31), (2001, 1, 0)])
def test_calendar_functions_reject_impossible_dates(bad):
    with pytest.raises(ValueError):
        sky.julian_to_gregorian(*bad)
    with pytest.raises(ValueError):
        sky.gregorian_to_julian(*bad)


def test_century_leap_day_rules_differ():
    # 1900-02-29 exists in the Julian calendar but not in the Gregorian one.
    assert sky.julian_to_gregorian(1900, 2, 29) == (1900, 3, 13)
    with pytest.raises(ValueError, match="Gregorian"):
        sky.gregorian_to_julian(1900, 2, 29)


@pytest.mark.parametrize("day", range(5, 15))
def test_reform_gap_days_rejected(day):
    text = f"1582-10-{day:02d}"
    for value in (text, text + "T20:00Z", date(1582, 10, day), datetime(1582, 10, day, 3)):
        with pytest.raises(ValueError, match="does not exist"):
            sky.parse_start(value)
        with pytest.raises(ValueError, match="does not exist"):
            sky.planets_at(value)


def test_reform_boundaries_accepted():
    assert sky.parse_start("1582-10-04") == datetime(1582, 10, 4, 12, tzinfo=UTC)
    assert sky.parse_start("1582-10-15") == datetime(1582, 10, 15, 12, tzinfo=UTC)
    # An offset can carry a Gregorian local time back across the reform.
    assert sky.parse_start("1582-10-15T01:00+02:00") == datetime(1582, 10, 4, 23, tzinfo=UTC)
    assert sky.parse_start("1582-10-04T23:30-01:00") == datetime(1582, 10, 15, 0, 30, tzinfo=UTC)


def test_julian_leap_day_in_century_year():
    # 1500-02-29 is a real Julian date (a Gregorian reading would refuse it).
    lon = sky.longitudes_at("1500-02-29")
    assert set(sky.planets_at("1500-02-29")) == set(PLANETS)
    one_day = sky.astro_time("1500-03-01T12:00Z").ut - sky.astro_time("1500-02-29").ut
    assert one_day == pytest.approx(1.0, abs=1e-9)
    assert 0.9 < angle_diff(sky.longitudes_at("1500-03-01T12:00Z")["Sol"], lon["Sol"]) < 1.1
    # parse_start must return a datetime, which cannot hold that day: clear error.
    with pytest.raises(ValueError, match="Julian-calendar leap day"):
        sky.parse_start("1500-02-29")
    # After the reform the Gregorian rule applies: 1700-02-29 does not exist.
    with pytest.raises(ValueError):
        sky.planets_at("1700-02-29")


def test_julian_dates_keep_their_calendar_fields():
    # parse_start holds the calendar fields as given, not a Gregorian re-reading.
    assert sky.parse_start("1054-07-04") == datetime(1054, 7, 4, 12, tzinfo=UTC)


def test_pre_1582_sun_matches_julian_calendar_equinox():
    # The reason for the 1582 reform: the vernal equinox had slid from the
    # Julian 21 March to the Julian 11 March (the 10 dropped days).  So at
    # noon UTC on Julian 1582-03-11 the Sun is at ~0° (Aries begins) and on
    # Julian 1582-03-21 about 10° into Aries.  Read as Gregorian dates (the
    # conversion skipped) the first would be ~9.5° back in Pisces.
    assert abs(angle_diff(sky.longitudes_at("1582-03-11")["Sol"], 0.0)) < 1.0
    assert sky.planets_at("1582-03-11")["Sol"] == "Aries"
    assert abs(sky.longitudes_at("1582-03-21")["Sol"] - 10.3) < 1.0
    # In AD 1000 the gap was 6 days: equinox on Julian 14/15 March.
    assert abs(angle_diff(sky.longitudes_at("1000-03-15")["Sol"], 0.5)) < 1.0
    assert sky.planets_at("1000-03-14T00:00Z")["Sol"] == "Pisces"


def test_ptolemy_equinox_a_day_late():
    # Almagest III.1: autumn equinox 132 Sept 25 (Julian), ~2 h after noon at
    # Alexandria.  Ptolemy's equinoxes are famously about a day late, so the
    # Sun is a little over 1° past Libra 0° -- not ~1° short of it, which is
    # where it would be if the date were read as proleptic Gregorian.
    sol = sky.longitudes_at(sky.historic_date("ptolemy132").when)["Sol"]
    assert 180.5 < sol < 182.5


# Independent cross-check: values computed with PyEphem 4.2.1 (libastro,
# which also reads dates before 1582-10-15 as Julian), apparent geocentric
# ecliptic longitude of date.  The two engines agree to arcminutes; a missed
# Julian conversion would move the Sun by 6-10 days = 6-10°.
PYEPHEM = {
    "1054-07-04T12:00Z": {"Sol": 107.19, "Luna": 59.77, "Mercurius": 90.19, "Venus": 151.10,
                          "Mars": 105.68, "Iupiter": 127.68, "Saturnus": 1.66},
    "1473-02-19T12:00Z": {"Sol": 340.03, "Luna": 243.20, "Mercurius": 356.46, "Venus": 6.97,
                          "Mars": 321.59, "Iupiter": 244.55, "Saturnus": 78.61},
    "1500-02-29T12:00Z": {"Sol": 349.45, "Luna": 352.42, "Mercurius": 331.84, "Venus": 2.47,
                          "Mars": 58.12, "Iupiter": 338.30, "Saturnus": 46.60},
}


@pytest.mark.parametrize("when", sorted(PYEPHEM))
def test_matches_independent_ephemeris(when):
    got = sky.longitudes_at(when)
    for name, ref in PYEPHEM[when].items():
        assert abs(angle_diff(got[name], ref)) < 0.1, (when, name, got[name], ref)


# --- bad input -----------------------------------------------------------------

@pytest.mark.parametrize("bad", [
    None, 19690720, 1969.5, True, b"1969-07-20", ["1969-07-20"], {"y": 1969}, object(),
])
def test_bad_types_rejected(bad):
    with pytest.raises(ValueError, match="ISO 8601 string, a datetime or a date"):
        sky.parse_start(bad)
    with pytest.raises(ValueError):
        sky.planets_at(bad)


@pytest.mark.parametrize("bad", [
    "", "   ", "yesterday", "1969-7-20", "69-07-20", "1969/07/20", "20.07.1969",
    "1969-07-20T", "1969-07-20T2017", "1969-07-20T20:17Zjunk", "1969-07-20T20:17 UTC",
    "1969-07-20+02:00", "\u0661\u0669\u0666\u0669-07-20",
])
def test_unparsable_strings_rejected(bad):
    with pytest.raises(ValueError, match="cannot read"):
        sky.parse_start(bad)


@pytest.mark.parametrize("bad", [
    "1969-13-01", "1969-00-10", "1969-02-30", "1969-04-31", "1969-07-00",
    "1969-07-20T24:00", "1969-07-20T20:60", "1969-07-20T20:17:60",
    "1969-07-20T20:17+24:00", "1969-07-20T20:17+02:75",
])
def test_impossible_fields_rejected(bad):
    with pytest.raises(ValueError) as exc:
        sky.parse_start(bad)
    assert len(str(exc.value)) > 10


@pytest.mark.parametrize("bad", [
    "0000-01-01", "3001-01-01", "9999-12-31", "0001-01-01T00:30+01:00",
    "3000-12-31T23:30-01:00", datetime(3001, 1, 1), date(9999, 1, 1),
])
def test_out_of_range_rejected(bad):
    with pytest.raises(ValueError, match="supported range 1..3000"):
        sky.parse_start(bad)


# Each refusal is a DateError (a ValueError) with a code and the values its message names,
# so that the page can say it in the player's language.
@pytest.mark.parametrize("bad, code, params", [
    ("hello", "unreadable", {"text": "hello"}),
    ("12345-01-01", "unreadable", {"text": "12345-01-01"}),
    (" 1969/07/20", "unreadable", {"text": " 1969/07/20"}),
    (19690720, "bad_type", {"type": "int"}),
    ("1969-07-20T25:00", "time_range", {"text": "1969-07-20T25:00", "hour": 25, "minute": 0, "second": 0}),
    ("1969-07-20T20:17:60Z", "time_range", {"text": "1969-07-20T20:17:60Z", "hour": 20, "minute": 17,
                                            "second": 60}),
    ("1969-07-20T20:17+24:00", "offset_range", {"offset": "+24:00", "text": "1969-07-20T20:17+24:00"}),
    ("1969-07-20T20:17-0275", "offset_range", {"offset": "-0275", "text": "1969-07-20T20:17-0275"}),
    ("0000-01-01", "year_range", {"year": 0, "min": 1, "max": 3000}),
    ("3000-12-31T23:30-01:00", "year_range", {"year": 3001, "min": 1, "max": 3000}),
    ("1500-02-29", "leap_day", {"year": 1500, "month": 2, "day": 29, "date": "1500-02-29"}),
])
def test_date_errors_have_a_code_and_params(bad, code, params):
    with pytest.raises(sky.DateError) as exc:
        sky.parse_start(bad)
    assert isinstance(exc.value, ValueError)
    assert (exc.value.code, exc.value.params, exc.value.reason) == (code, params, None)


@pytest.mark.parametrize("bad, code, params", [
    ("2024-02-30", "day_range", {"year": 2024, "month": 2, "day": 30, "last": 29, "calendar": "gregorian"}),
    ("1969-07-00", "day_range", {"year": 1969, "month": 7, "day": 0, "last": 31, "calendar": "gregorian"}),
    ("1500-02-30T08:00Z", "day_range", {"year": 1500, "month": 2, "day": 30, "last": 29, "calendar": "julian"}),
    ("1969-13-01", "month_range", {"year": 1969, "month": 13, "day": 1}),
    ("1582-10-10T12:00Z", "reform_gap", {"year": 1582, "month": 10, "day": 10, "date": "1582-10-10"}),
    (date(1582, 10, 5), "reform_gap", {"year": 1582, "month": 10, "day": 5, "date": "1582-10-05"}),
])
def test_impossible_days_are_no_such_date_with_the_reason(bad, code, params):
    with pytest.raises(sky.DateError) as exc:
        sky.parse_start(bad)
    e = exc.value
    y, m, d = params["year"], params["month"], params["day"]
    assert e.code == "no_such_date"
    assert e.params == {"year": y, "month": m, "day": d, "date": f"{y:04d}-{m:02d}-{d:02d}"}
    assert (e.reason.code, e.reason.params, e.reason.reason) == (code, params, None)
    assert str(e) == f"no such date {y:04d}-{m:02d}-{d:02d}: {e.reason}"


def test_calendar_functions_raise_date_errors():
    with pytest.raises(sky.DateError) as exc:
        sky.gregorian_to_julian(1900, 2, 29)
    assert exc.value.code == "day_range" and exc.value.params["calendar"] == "gregorian"
    with pytest.raises(sky.DateError) as exc:
        sky.julian_to_gregorian(2001, 1.5, 1)
    assert exc.value.code == "not_integer" and exc.value.params == {"field": "month", "value": 1.5}


def test_date_error_texts_are_unchanged():
    """``str()`` of a DateError is the engine's English text, as before the codes."""
    cases = {
        "2024-02-30": "no such date 2024-02-30: 2024-02 has days 1..29 in the Gregorian calendar, not 30",
        "1582-10-10T12:00Z": "no such date 1582-10-10: 1582-10-10 does not exist: the Gregorian reform went "
                             "straight from Thursday 1582-10-04 (Julian) to Friday 1582-10-15 (Gregorian)",
        "hello": "cannot read 'hello' as a date; write it like \"1969-07-20T20:17Z\", \"1969-07-20T20:17:00+00:00\", "
                 "\"1969-07-20 20:17\" (UTC) or \"1969-07-20\" (12:00 UTC)",
        "1969-07-20T20:17+02:75": "time zone offset '+02:75' in '1969-07-20T20:17+02:75' is out of range",
        "9999-12-31": "year 9999 (UTC) is outside the supported range 1..3000",
    }
    for bad, text in cases.items():
        with pytest.raises(sky.DateError) as exc:
            sky.parse_start(bad)
        assert str(exc.value) == text


def test_every_date_error_code_is_raised_somewhere():
    source = (Path(sky.__file__)).read_text(encoding="utf-8")
    raised = set(re.findall(r'DateError\(\s*"([a-z_]+)"', source))
    assert raised == set(sky.DateError.CODES)


def test_date_error_is_exported():
    import ptolemaeus as pt
    assert pt.DateError is sky.DateError and "DateError" in pt.__all__


def test_range_edges_accepted():
    assert (sky.MIN_YEAR, sky.MAX_YEAR) == (1, 3000)
    assert sky.parse_start("0001-01-01T00:00Z") == datetime(1, 1, 1, tzinfo=UTC)
    assert sky.parse_start("3000-12-31T23:59Z") == datetime(3000, 12, 31, 23, 59, tzinfo=UTC)
    for edge in ("0001-01-01T00:00Z", "3000-12-31T23:59Z"):
        assert set(sky.planets_at(edge).values()) <= set(CONSTELLATIONS)


# --- signs -------------------------------------------------------------------------

@pytest.mark.parametrize("lon, sign", [
    (0.0, "Aries"), (29.999, "Aries"), (30.0, "Taurus"), (95.0, "Cancer"),
    (180.0, "Libra"), (359.999, "Pisces"), (360.0, "Aries"), (-0.5, "Pisces"),
])
def test_sign_of(lon, sign):
    assert sky.sign_of(lon) == sign


# --- historic dates --------------------------------------------------------------

def test_historic_dates_shape():
    assert 8 <= len(sky.HISTORIC_DATES) <= 12
    assert sky.HISTORIC_DATES[0].key == "apollo11"
    assert sky.HISTORIC_DATES[0].when == APOLLO
    keys = [h.key for h in sky.HISTORIC_DATES]
    assert len(set(keys)) == len(keys)
    for h in sky.HISTORIC_DATES:
        assert re.fullmatch(r"[a-z][a-z0-9]*", h.key), h.key
        assert h.when.endswith("Z"), h.when  # written in UTC
        assert h.title and h.title[0].isupper()
    # Some entries must exercise the Julian calendar.
    assert sum(sky.parse_start(h.when).date() < sky.GREGORIAN_START for h in sky.HISTORIC_DATES) >= 3


@pytest.mark.parametrize("h", sky.HISTORIC_DATES, ids=lambda h: h.key)
def test_every_historic_date_places_seven_planets(h):
    start = sky.parse_start(h.when)
    assert start.tzinfo == UTC
    placed = sky.planets_at(h.when)
    assert list(placed) == list(PLANETS)
    assert all(c in CONSTELLATIONS for c in placed.values())
    assert sky.historic_date(h.key) is h


def test_historic_date_unknown_key():
    with pytest.raises(KeyError, match="apollo11"):
        sky.historic_date("apollo12")
    with pytest.raises(KeyError):
        sky.historic_date(None)  # type: ignore[arg-type]


# --- determinism and speed -------------------------------------------------------

def test_deterministic():
    first = sky.longitudes_at("1610-01-07T16:30Z")
    for _ in range(3):
        assert sky.longitudes_at("1610-01-07T16:30Z") == first
    assert sky.planets_at(APOLLO) == sky.planets_at(APOLLO)


def test_fast_enough():
    sky.planets_at(APOLLO)  # warm up
    best = float("inf")
    for _ in range(5):
        t0 = time.perf_counter()
        sky.planets_at("1957-10-04T19:28:34Z")
        best = min(best, time.perf_counter() - t0)
    assert best < 0.050
