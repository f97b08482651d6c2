"""The real sky at a starting date: where the seven planets stand.

``shared/rules/ptolemaeus-rulings.md``, "Starting dates": a start is a date
and time; each planet goes on the constellation of the 30° tropical sign that
holds the body's geocentric apparent ecliptic longitude of date.  A date
without a time means 12:00 UTC.  Dates before 1582-10-15 are Julian-calendar
dates, because that is the calendar the people who wrote them down used.

The astronomy is done by ``astronomy-engine`` (module ``astronomy``): pure
Python, no data files, so it runs unchanged in CPython and in Pyodide.

Supported range: years 1 to 3000 (UTC calendar dates, Julian before
1582-10-15, Gregorian from then on).  Year 1 is the first year a Python
``datetime`` can hold (there is no BC here); 3000 is where the Espenak-Meeus
Delta-T polynomials that astronomy-engine uses end, and well inside the span
where VSOP87 (which astronomy-engine truncates to a 1 arcminute error budget)
is good to about an arcsecond for Mercury-Mars and Jupiter-Saturn.  Beyond
that the Moon, which moves half a degree an hour, would be placed from a
guessed clock correction.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, timedelta
from typing import NamedTuple

import astronomy

from ptolemaeus.data import CONSTELLATIONS, PLANETS
from ptolemaeus.dates import HISTORIC_DATES, HistoricDate

MIN_YEAR = 1
MAX_YEAR = 3000

# First day of the Gregorian calendar.  Days before it are Julian dates; the
# ten days 1582-10-05 .. 1582-10-14 were skipped by the reform and never existed.
GREGORIAN_START = date(1582, 10, 15)
GREGORIAN_START_JDN = 2299161  # Julian Day Number of Gregorian 1582-10-15

StartValue = str | date | datetime

_BODIES: dict[str, astronomy.Body] = {
    "Sol": astronomy.Body.Sun,
    "Luna": astronomy.Body.Moon,
    "Mercurius": astronomy.Body.Mercury,
    "Venus": astronomy.Body.Venus,
    "Mars": astronomy.Body.Mars,
    "Iupiter": astronomy.Body.Jupiter,
    "Saturnus": astronomy.Body.Saturn,
}
assert tuple(_BODIES) == PLANETS, "sky.py body table out of step with data.PLANETS"

_DAY_US = 86_400_000_000  # microseconds in a day: whole-number time arithmetic, no float drift


class DateError(ValueError):
    """A value that is not a playable start date (or not a calendar date at all).

    ``str(error)`` is the explanation in English.  ``code`` names the problem,
    one of :attr:`CODES` (one code per kind of message), and ``params`` holds
    the values the message names (the text as written, year, month, day, the
    limits, the calendar ``"julian"`` or ``"gregorian"``…), so that a user
    interface can say the same thing in another language.  A "no_such_date"
    error wraps the calendar error that explains it in ``reason``.
    """

    CODES = ("unreadable", "bad_type", "time_range", "offset_range", "not_integer", "month_range",
             "day_range", "reform_gap", "no_such_date", "year_range", "leap_day")

    def __init__(self, code: str, message: str, reason: DateError | None = None, **params: object) -> None:
        assert code in self.CODES, code
        super().__init__(message)
        self.code = code
        self.params = params
        self.reason = reason


# ---------------------------------------------------------------------------
# Calendars, by Julian Day Number arithmetic (exact integers, any year).
# Years are astronomical (year 0 = 1 BC), which julian_to_gregorian needs:
# Julian 0001-01-01 is Gregorian 0000-12-30.
# ---------------------------------------------------------------------------

def _is_julian_leap(year: int) -> bool:
    return year % 4 == 0


def _is_gregorian_leap(year: int) -> bool:
    return year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)


_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _month_length(year: int, month: int, julian: bool) -> int:
    if month == 2 and (_is_julian_leap(year) if julian else _is_gregorian_leap(year)):
        return 29
    return _MONTH_DAYS[month - 1]


def _check_ymd(year: int, month: int, day: int, julian: bool) -> None:
    cal = "Julian" if julian else "Gregorian"
    for name, v in (("year", year), ("month", month), ("day", day)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise DateError("not_integer", f"{name} must be an integer, got {v!r}", field=name, value=v)
    if not 1 <= month <= 12:
        raise DateError("month_range", f"month {month} is not in 1..12", year=year, month=month, day=day)
    last = _month_length(year, month, julian)
    if not 1 <= day <= last:
        raise DateError("day_range", f"{year:04d}-{month:02d} has days 1..{last} in the {cal} calendar, not {day}",
                        year=year, month=month, day=day, last=last, calendar=cal.lower())


def julian_calendar_jdn(year: int, month: int, day: int) -> int:
    """Julian Day Number of a Julian-calendar date (JDN 0 = Julian -4712-01-01)."""
    _check_ymd(year, month, day, julian=True)
    a = (14 - month) // 12
    y = year + 4800 - a
    m = month + 12 * a - 3
    return day + (153 * m + 2) // 5 + 365 * y + y // 4 - 32083


def gregorian_calendar_jdn(year: int, month: int, day: int) -> int:
    """Julian Day Number of a (proleptic) Gregorian-calendar date (2000-01-01 = 2451545)."""
    _check_ymd(year, month, day, julian=False)
    a = (14 - month) // 12
    y = year + 4800 - a
    m = month + 12 * a - 3
    return day + (153 * m + 2) // 5 + 365 * y + y // 4 - y // 100 + y // 400 - 32045


def _ymd_from_jdn(jdn: int, julian: bool) -> tuple[int, int, int]:
    # Richards' algorithm (Explanatory Supplement to the Astronomical Almanac, 3rd ed., 15.11).
    f = jdn + 1401
    if not julian:
        f += (((4 * jdn + 274277) // 146097) * 3) // 4 - 38
    e = 4 * f + 3
    g = (e % 1461) // 4
    h = 5 * g + 2
    day = (h % 153) // 5 + 1
    month = (h // 153 + 2) % 12 + 1
    year = e // 1461 - 4716 + (14 - month) // 12
    return year, month, day


def julian_to_gregorian(year: int, month: int, day: int) -> tuple[int, int, int]:
    """The proleptic Gregorian (year, month, day) of a Julian-calendar date.

    Needed because astronomy-engine's ``Time.Make`` counts days in the
    proleptic Gregorian calendar, while dates before 1582-10-15 are Julian.
    Example: Julian 1582-10-04 -> (1582, 10, 14).
    """
    return _ymd_from_jdn(julian_calendar_jdn(year, month, day), julian=False)


def gregorian_to_julian(year: int, month: int, day: int) -> tuple[int, int, int]:
    """The Julian-calendar (year, month, day) of a proleptic Gregorian date (inverse of the above)."""
    return _ymd_from_jdn(gregorian_calendar_jdn(year, month, day), julian=True)


def _civil_jdn(year: int, month: int, day: int) -> int:
    """JDN of a date in the game's civil calendar: Julian before 1582-10-15, Gregorian after."""
    if (year, month, day) < (1582, 10, 5):
        return julian_calendar_jdn(year, month, day)
    if (year, month, day) < (1582, 10, 15):
        raise DateError(
            "reform_gap",
            f"{year:04d}-{month:02d}-{day:02d} does not exist: the Gregorian reform went "
            "straight from Thursday 1582-10-04 (Julian) to Friday 1582-10-15 (Gregorian)",
            year=year, month=month, day=day, date=f"{year:04d}-{month:02d}-{day:02d}",
        )
    return gregorian_calendar_jdn(year, month, day)


def _civil_from_jdn(jdn: int) -> tuple[int, int, int]:
    return _ymd_from_jdn(jdn, julian=jdn < GREGORIAN_START_JDN)


# ---------------------------------------------------------------------------
# Parsing a start value into one UTC instant.
# ---------------------------------------------------------------------------

class _Instant(NamedTuple):
    """A UTC instant as civil-calendar fields (Julian before 1582-10-15)."""
    year: int
    month: int
    day: int
    hour: int
    minute: int
    second: int
    microsecond: int


_ISO = re.compile(
    r"""^(?P<y>\d{4})-(?P<mo>\d{2})-(?P<d>\d{2})
        (?:[Tt\ ](?P<h>\d{2})(?::(?P<mi>\d{2})(?::(?P<s>\d{2})(?:[.,](?P<f>\d{1,9}))?)?)?
           (?P<tz>[Zz]|[+-]\d{2}(?::?\d{2})?)?)?$""",
    re.VERBOSE | re.ASCII,
)

_FORMS = ('"1969-07-20T20:17Z", "1969-07-20T20:17:00+00:00", "1969-07-20 20:17" (UTC) '
          'or "1969-07-20" (12:00 UTC)')


def _parse_string(text: str) -> tuple[int, int, int, int, int, int, int, int]:
    """ISO 8601 text -> local fields + UTC offset in microseconds."""
    m = _ISO.match(text.strip())
    if not m:
        raise DateError("unreadable", f"cannot read {text!r} as a date; write it like {_FORMS}", text=text)
    y, mo, d = int(m["y"]), int(m["mo"]), int(m["d"])
    if m["h"] is None:
        return y, mo, d, 12, 0, 0, 0, 0
    h = int(m["h"])
    mi = int(m["mi"] or 0)
    s = int(m["s"] or 0)
    us = int((m["f"] or "0").ljust(6, "0")[:6])
    if h > 23 or mi > 59 or s > 59:
        raise DateError("time_range", f"time of day in {text!r} is out of range (00:00:00 to 23:59:59)",
                        text=text, hour=h, minute=mi, second=s)
    offset_us = 0
    tz = m["tz"]
    if tz and tz not in "Zz":
        sign = -1 if tz[0] == "-" else 1
        digits = tz[1:].replace(":", "")
        oh, om = int(digits[:2]), int(digits[2:] or 0)
        if oh > 23 or om > 59:
            raise DateError("offset_range", f"time zone offset {tz!r} in {text!r} is out of range",
                            offset=tz, text=text)
        offset_us = sign * (oh * 3600 + om * 60) * 1_000_000
    return y, mo, d, h, mi, s, us, offset_us


def _instant(value: object) -> _Instant:
    """Any accepted start value -> the UTC instant in civil-calendar fields."""
    if isinstance(value, datetime):
        y, mo, d = value.year, value.month, value.day
        h, mi, s, us = value.hour, value.minute, value.second, value.microsecond
        off = value.utcoffset()  # None for naive: naive means UTC
        offset_us = 0 if off is None else off // timedelta(microseconds=1)
    elif isinstance(value, date):
        y, mo, d, h, mi, s, us, offset_us = value.year, value.month, value.day, 12, 0, 0, 0, 0
    elif isinstance(value, str):
        y, mo, d, h, mi, s, us, offset_us = _parse_string(value)
    else:
        raise DateError(
            "bad_type",
            f"a start date must be an ISO 8601 string, a datetime or a date, not {type(value).__name__}",
            type=type(value).__name__,
        )
    try:
        jdn = _civil_jdn(y, mo, d)
    except DateError as exc:
        raise DateError("no_such_date", f"no such date {y:04d}-{mo:02d}-{d:02d}: {exc}", reason=exc,
                        year=y, month=mo, day=d, date=f"{y:04d}-{mo:02d}-{d:02d}") from None
    # Shift by the offset in whole days + microseconds, so that crossing a
    # Julian leap day or the 1582 reform is counted right.
    t = (h * 3600 + mi * 60 + s) * 1_000_000 + us - offset_us
    jdn += t // _DAY_US
    t %= _DAY_US
    y, mo, d = _civil_from_jdn(jdn)
    if not MIN_YEAR <= y <= MAX_YEAR:
        raise DateError("year_range", f"year {y} (UTC) is outside the supported range {MIN_YEAR}..{MAX_YEAR}",
                        year=y, min=MIN_YEAR, max=MAX_YEAR)
    secs, us = divmod(t, 1_000_000)
    return _Instant(y, mo, d, secs // 3600, secs // 60 % 60, secs % 60, us)


def parse_start(value: StartValue) -> datetime:
    """Read a starting date into an aware UTC datetime.

    Accepts ISO 8601 text (``"1969-07-20T20:17Z"``, ``"1969-07-20T20:17:00+00:00"``,
    ``"1969-07-20 20:17"``, ``"1969-07-20"``), a ``datetime`` (naive = UTC) or a
    ``date``.  A missing time means 12:00 UTC (rulings, "Starting dates").

    The result holds the CALENDAR fields as written: before 1582-10-15 they
    are Julian-calendar fields (what the people of the time wrote), not
    Python's proleptic Gregorian reading of them.  So do not do date
    arithmetic across centuries with it; hand it back to ``planets_at``.

    Raises :class:`DateError` (a ValueError) for anything else, for dates outside years
    MIN_YEAR..MAX_YEAR, for the non-existent days 1582-10-05..14, and for a
    Julian leap day that Python's ``datetime`` cannot hold (e.g. 1500-02-29;
    ``planets_at`` still accepts that one as a string).
    """
    i = _instant(value)
    try:
        return datetime(*i, tzinfo=UTC)
    except ValueError:
        raise DateError(
            "leap_day",
            f"{i.year:04d}-{i.month:02d}-{i.day:02d} is a real Julian-calendar leap day, but Python's "
            "datetime (Gregorian leap rule) cannot hold it; pass the text to planets_at() instead",
            year=i.year, month=i.month, day=i.day, date=f"{i.year:04d}-{i.month:02d}-{i.day:02d}",
        ) from None


def astro_time(value: StartValue) -> astronomy.Time:
    """The astronomy-engine Time of a start value (Julian dates converted to Gregorian first)."""
    i = _instant(value)
    y, mo, d = i.year, i.month, i.day
    if (y, mo, d) < (1582, 10, 15):
        # Time.Make reads its fields as proleptic Gregorian.
        y, mo, d = julian_to_gregorian(y, mo, d)
    return astronomy.Time.Make(y, mo, d, i.hour, i.minute, i.second + i.microsecond / 1e6)


# ---------------------------------------------------------------------------
# The sky.
# ---------------------------------------------------------------------------

def longitudes_at(value: StartValue) -> dict[str, float]:
    """Geocentric apparent ecliptic longitude of date (degrees, 0 <= lon < 360) of each planet.

    ``GeoVector(body, t, aberration=True)`` gives the J2000 equatorial vector
    corrected for light time and aberration; ``Ecliptic`` turns it into true
    ecliptic coordinates of date (precession + nutation), i.e. longitude from
    the true equinox of date, which is what the tropical signs are measured from.
    """
    t = astro_time(value)
    out: dict[str, float] = {}
    for name, body in _BODIES.items():
        lon = astronomy.Ecliptic(astronomy.GeoVector(body, t, True)).elon % 360.0
        out[name] = lon if lon < 360.0 else 0.0
    return out


def sign_of(longitude: float) -> str:
    """Constellation (30° tropical sign) holding an ecliptic longitude: Aries 0-30°, Taurus 30-60°, ..."""
    return CONSTELLATIONS[int((longitude % 360.0) // 30.0) % 12]


def planets_at(value: StartValue) -> dict[str, str]:
    """Planet name -> constellation name at a starting date (rulings, "Starting dates")."""
    return {name: sign_of(lon) for name, lon in longitudes_at(value).items()}


# Named historic dates offered as starts: ``ptolemaeus.dates`` (no astronomy needed to list them).

_HISTORIC_BY_KEY: dict[str, HistoricDate] = {h.key: h for h in HISTORIC_DATES}
assert len(_HISTORIC_BY_KEY) == len(HISTORIC_DATES), "duplicate HISTORIC_DATES key"


def historic_date(key: str) -> HistoricDate:
    """The named historic date with this key; KeyError naming the known keys if there is none."""
    try:
        return _HISTORIC_BY_KEY[key]
    except (KeyError, TypeError):
        raise KeyError(
            f"no historic date {key!r}; known: {', '.join(_HISTORIC_BY_KEY)}"
        ) from None
