"""The named historic dates offered as starts, with their sources.

Their own module so that the new-game form can list them without loading
astronomy-engine (``ptolemaeus.sky`` computes the planets of a date and
re-exports these names).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["HISTORIC_DATES", "HistoricDate"]



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
