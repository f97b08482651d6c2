"""The named historic dates offered as starts, with their sources.

Their own module so that the new-game form can list them, and a game can start
at one of them, without loading astronomy-engine (``ptolemaeus.sky`` computes
the planets of a date and re-exports these names): :data:`HISTORIC_SKIES` holds
each one's sky as ``ptolemaeus.sky`` computes it (tests/test_dates_sky.py
recomputes every entry), so the page fetches astronomy-engine only for another
date (issue 13: 55 KB less at start).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["HISTORIC_DATES", "HISTORIC_SKIES", "HistoricDate", "historic_sky"]

class HistoricDate(NamedTuple):
    key: str    # short slug, stable for links and saved games
    when: str   # ISO 8601 in UTC; Julian calendar before 1582-10-15
    title: str  # English


HISTORIC_DATES: tuple[HistoricDate, ...] = (
    # NASA NSSDC Master Catalog, "Apollo 11 Lunar Module / EASEP": landed
    # 20 July 1969 at 20:17:40 UTC.  The rulebook's example uses 20:17 UTC.
    HistoricDate("apollo11", "1969-07-20T20:17Z", "Apollo 11 lands on the Moon"),
    # Ptolemy, Almagest III.1 (tr. G. J. Toomer, "Ptolemy's Almagest", 1984,
    # p. 168): autumn equinox "in the seventeenth year of Hadrian, on Athyr 7
    # [132 Sept. 25], about 2 equinoctial hours after noon", at Alexandria.
    # Alexandria (29.9° E) local time is UTC+2h00, so about 12:00 UTC.
    # (Ptolemy's equinox was over a day late: the Sun is then ~1.4° into Libra.)
    HistoricDate("ptolemy132", "0132-09-25T12:00Z", "Ptolemy observes the autumn equinox at Alexandria"),
    # SN 1054 (the Crab Nebula supernova): Song huiyao records the guest star
    # on Zhihe 1st year, 5th month, day jichou = 4 July 1054 (Julian).
    # Encyclopaedia Britannica, "Crab Nebula"; Wikipedia, "SN 1054".
    # Hour not recorded: 12:00 UTC.
    HistoricDate("sn1054", "1054-07-04T12:00Z", "Chinese astronomers record the Crab supernova"),
    # Encyclopaedia Britannica, "Nicolaus Copernicus": born 19 February 1473
    # (Julian), Toruń.  Hour not known with certainty: 12:00 UTC.
    HistoricDate("copernicus", "1473-02-19T12:00Z", "Nicolaus Copernicus is born in Toruń"),
    # Tycho Brahe, De nova stella (1573): first saw the new star in
    # Cassiopeia on the evening of 11 November 1572 (Julian; Denmark kept the
    # Julian calendar until 1700).  Wikipedia, "SN 1572".  Hour not given
    # exactly: 12:00 UTC.
    HistoricDate("tycho1572", "1572-11-11T12:00Z", "Tycho Brahe sees the new star in Cassiopeia"),
    # Kepler, De stella nova (1606); Wikipedia, "SN 1604" (Kepler's
    # supernova): first observed in northern Italy on 9 October 1604
    # (Gregorian).  Hour not recorded: 12:00 UTC.
    HistoricDate("kepler1604", "1604-10-09T12:00Z", "Kepler's supernova appears in Ophiuchus"),
    # Galileo, Sidereus Nuncius (1610): "on the seventh day of January ...
    # 1610, at the first hour of the following night" at Padua (Gregorian;
    # the Venetian Republic adopted it in 1582).  Sunset at Padua (45.41° N,
    # 11.88° E) that day was at 15:47 UTC (computed with astronomy-engine's
    # SearchRiseSet); the first hour of the night is the hour after it, so
    # about 16:30 UTC.  An estimate, not a recorded clock time.
    HistoricDate("galileo1610", "1610-01-07T16:30Z", "Galileo first sees the moons of Jupiter"),
    # W. Herschel, "Account of a Comet", Phil. Trans. R. Soc. 71 (1781):
    # "On Tuesday the 13th of March, between ten and eleven in the evening"
    # at Bath (2.36° W, local time = UTC - 9 min): about 22:40 UTC.
    HistoricDate("herschel1781", "1781-03-13T22:40Z", "William Herschel discovers Uranus"),
    # Encyclopaedia Britannica, "Neptune"; Wikipedia, "Discovery of Neptune":
    # J. G. Galle and H. d'Arrest found it at Berlin on the night of
    # 23 September 1846, just after midnight local time (Berlin 13.4° E =
    # UTC+0h54): about 23:10 UTC on the 23rd.
    HistoricDate("neptune1846", "1846-09-23T23:10Z", "Johann Galle finds Neptune"),
    # NASA NSSDC Master Catalog, "Sputnik 1": launched 1957-10-04 19:28:34 UTC.
    HistoricDate("sputnik1", "1957-10-04T19:28:34Z", "Sputnik 1, the first satellite, is launched"),
    # NASA NSSDC Master Catalog, "Vostok 1": launched 1961-04-12 06:07 UTC.
    HistoricDate("gagarin", "1961-04-12T06:07Z", "Yuri Gagarin becomes the first human in space"),
    # NASA NSSDC Master Catalog, "Hubble Space Telescope": launched on
    # STS-31 on 1990-04-24 at 12:33:51 UTC.
    HistoricDate("hubble", "1990-04-24T12:33:51Z", "The Hubble Space Telescope is launched"),
)

# The sky of each historic date (rulings, "Starting dates"): ``when`` -> (the start as a game
# records it, ``parse_start(when).isoformat()``; the constellation of each planet in
# ``data.PLANETS`` order: Sol, Luna, Mercurius, Venus, Mars, Iupiter, Saturnus), as
# ``ptolemaeus.sky`` computes it.  Recomputed entry by entry by tests/test_dates_sky.py.
HISTORIC_SKIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "1969-07-20T20:17Z": ("1969-07-20T20:17:00+00:00",
        ("Cancer", "Libra", "Cancer", "Gemini", "Sagittarius", "Libra", "Taurus")),
    "0132-09-25T12:00Z": ("0132-09-25T12:00:00+00:00",
        ("Libra", "Virgo", "Libra", "Leo", "Cancer", "Scorpius", "Scorpius")),
    "1054-07-04T12:00Z": ("1054-07-04T12:00:00+00:00",
        ("Cancer", "Taurus", "Cancer", "Virgo", "Cancer", "Leo", "Aries")),
    "1473-02-19T12:00Z": ("1473-02-19T12:00:00+00:00",
        ("Pisces", "Sagittarius", "Pisces", "Aries", "Aquarius", "Sagittarius", "Gemini")),
    "1572-11-11T12:00Z": ("1572-11-11T12:00:00+00:00",
        ("Scorpius", "Aquarius", "Scorpius", "Libra", "Capricornus", "Aries", "Scorpius")),
    "1604-10-09T12:00Z": ("1604-10-09T12:00:00+00:00",
        ("Libra", "Taurus", "Scorpius", "Libra", "Sagittarius", "Sagittarius", "Sagittarius")),
    "1610-01-07T16:30Z": ("1610-01-07T16:30:00+00:00",
        ("Capricornus", "Gemini", "Sagittarius", "Sagittarius", "Sagittarius", "Gemini", "Aquarius")),
    "1781-03-13T22:40Z": ("1781-03-13T22:40:00+00:00",
        ("Pisces", "Scorpius", "Aries", "Pisces", "Sagittarius", "Scorpius", "Sagittarius")),
    "1846-09-23T23:10Z": ("1846-09-23T23:10:00+00:00",
        ("Libra", "Scorpius", "Virgo", "Virgo", "Virgo", "Gemini", "Aquarius")),
    "1957-10-04T19:28:34Z": ("1957-10-04T19:28:34+00:00",
        ("Libra", "Aquarius", "Virgo", "Scorpius", "Libra", "Libra", "Sagittarius")),
    "1961-04-12T06:07Z": ("1961-04-12T06:07:00+00:00",
        ("Aries", "Pisces", "Aries", "Aries", "Cancer", "Aquarius", "Capricornus")),
    "1990-04-24T12:33:51Z": ("1990-04-24T12:33:51+00:00",
        ("Taurus", "Aries", "Taurus", "Pisces", "Pisces", "Cancer", "Capricornus")),
}


def historic_sky(start: object) -> tuple[str, tuple[str, ...]] | None:
    """(start as recorded, planets in ``PLANETS`` order) when ``start`` is a historic date's
    text exactly as listed (``when``), else None: the sky must be computed."""
    return HISTORIC_SKIES.get(start) if isinstance(start, str) else None
