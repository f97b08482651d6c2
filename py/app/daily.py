"""The daily challenge of any game that offers one (pure Python, tested under CPython).

Issue 14: one deal per calendar day, the same for every player in the world
(offline included): the seed is derived from the game and the date alone
(:func:`daily_seed`), and the game turns (date, seed) into its setup
(``GameSpec.daily_setup``; each game says in its own docs what its
challenge is).  ``?daily=YYYY-MM-DD`` opens a day, ``?daily`` today
(the player's local date).

Per day one storage entry, ``<prefix>daily.<game>.<YYYY-MM-DD>``, read through
the storage boundary (``SaveStore.read``, ``docs/storage.md``) like a save::

    {"format": "ludus-daily", "version": 1, "game": "<key>", "day": "2026-11-24",
     "seed": 123, "game_id": "mbx3k9a2-4f2c1e",
     "result": null | {"won": true, "points": 12, "rounds": 5, "moves": 61, "picture": "…"}}

An entry that is not exactly that — a day that is not its key's, a seed that
is not the day's, a bool where a number belongs, a picture of other symbols —
is refused with a coded reason and moved aside byte for byte, like a tampered
save; the other days still count.  A day with a result is over: asking for it
again shows the result, never a second attempt.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from app import site
from app.errors import ShellError
from app.games import GameInfo, GameSpec
from app.i18n import t
from app.session import ID_FORM, MAX_SEED, SaveError, Session, shown
from app.storage import SaveStore

__all__ = ["DailyEntry", "DailyError", "DailyResult", "FORMAT", "Stats", "best_day", "chart_svg",
           "check_entry", "daily_seed", "entry_name", "history", "parse_day", "picture", "result_of",
           "mark", "saved_marks", "share_text", "day_text", "sign_text", "stats", "streak"]

FORMAT = "ludus-daily"
VERSION = 1
FIRST_DAY = _dt.date(2000, 1, 1)
MAX_POINTS = 10_000
MAX_ROUNDS = 1_000
MAX_MOVES = 100_000
MAX_PICTURE = 64
# The picture's symbols: a round's points as a bar (none … many), and the outcome.
BARS = "\u25ab\u2581\u2582\u2583\u2584\u2585\u2586\u2587\u2588"   # ▫▁▂▃▄▅▆▇█
WON, LOST = "\u2b50", "\u2601\ufe0f"                                # ⭐ ☁️
PICTURE_SYMBOLS = frozenset(BARS + WON + LOST)
_DAY = re.compile(r"\A\d{4}-\d{2}-\d{2}\Z")


class DailyError(ShellError):
    """A daily challenge that cannot be opened (a bad ``?daily=`` date, a game without one)."""


def daily_seed(game: str, day: _dt.date) -> int:
    """The seed of ``game``'s challenge of ``day``: the same everywhere, from nothing but these two."""
    digest = hashlib.sha256(f"ludus-daily:{game}:{day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % (MAX_SEED + 1)


def parse_day(text: Any, today: _dt.date) -> _dt.date:
    """The day ``?daily=`` asks for: ``""`` is ``today`` (the player's local date); else exactly
    ``YYYY-MM-DD``, a real date between 2000-01-01 and today (DailyError otherwise)."""
    if not isinstance(text, str):
        raise DailyError("daily.bad_date", text=shown(text))
    text = text.strip()
    if not text:
        return today
    if not _DAY.match(text) or not text.isascii():
        raise DailyError("daily.bad_date", text=shown(text))
    try:
        day = _dt.date.fromisoformat(text)
    except ValueError:
        raise DailyError("daily.bad_date", text=shown(text)) from None
    if day > today:
        raise DailyError("daily.future", day=day.isoformat())
    if day < FIRST_DAY:
        raise DailyError("daily.too_early", day=day.isoformat(), first=FIRST_DAY.isoformat())
    return day


def daily_setup(spec: GameSpec, day: _dt.date) -> dict[str, Any]:
    """The setup of ``spec``'s challenge of ``day`` (DailyError if the game offers none)."""
    setup = spec.daily_setup(day, daily_seed(spec.key, day))
    if setup is None:
        raise DailyError("daily.no_daily", title=spec.title)
    return setup


@dataclass(frozen=True)
class DailyResult:
    won: bool
    points: int
    rounds: int
    moves: int
    picture: str

    def to_json(self) -> dict[str, Any]:
        return {"won": self.won, "points": self.points, "rounds": self.rounds, "moves": self.moves,
                "picture": self.picture}


@dataclass(frozen=True)
class DailyEntry:
    game: str
    day: _dt.date
    seed: int
    game_id: str
    result: DailyResult | None

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game, "day": self.day.isoformat(),
                "seed": self.seed, "game_id": self.game_id,
                "result": None if self.result is None else self.result.to_json()}


def entry_name(game: str, day: _dt.date) -> str:
    """The entry's name under the storage prefix."""
    return f"{site.DAILY_KEYS}{game}.{day.isoformat()}"


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    value = data.get(key)
    if type(value) is not int or not low <= value <= high:
        raise SaveError("daily.bad_field", field=key, value=shown(value))
    return value


def check_entry(data: Any, game: str, day: _dt.date) -> DailyEntry:
    """A stored day, checked field by field (SaveError with a code: refused like a tampered save)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("daily.not_an_entry")
    if type(data.get("version")) is not int or data["version"] != VERSION:
        raise SaveError("save.format", found=shown(data.get("version")), version=VERSION)
    if set(data) != {"format", "version", "game", "day", "seed", "game_id", "result"}:
        raise SaveError("daily.not_an_entry")
    if data["game"] != game or data["day"] != day.isoformat():
        raise SaveError("daily.misfiled", day=shown(data["day"]))
    if data["seed"] != daily_seed(game, day) or type(data["seed"]) is not int:
        raise SaveError("daily.bad_field", field="seed", value=shown(data["seed"]))
    if not isinstance(data["game_id"], str) or not ID_FORM.match(data["game_id"]):
        raise SaveError("daily.bad_field", field="game_id", value=shown(data["game_id"]))
    result = data["result"]
    if result is None:
        return DailyEntry(game, day, data["seed"], data["game_id"], None)
    if not isinstance(result, dict) or set(result) != {"won", "points", "rounds", "moves", "picture"}:
        raise SaveError("daily.bad_field", field="result", value=shown(result))
    if type(result["won"]) is not bool:
        raise SaveError("daily.bad_field", field="won", value=shown(result["won"]))
    pic = result["picture"]
    if not isinstance(pic, str) or len(pic) > MAX_PICTURE or not set(pic) <= PICTURE_SYMBOLS:
        raise SaveError("daily.bad_field", field="picture", value=shown(pic))
    found = DailyResult(result["won"], _int(result, "points", 0, MAX_POINTS), _int(result, "rounds", 0, MAX_ROUNDS),
                        _int(result, "moves", 0, MAX_MOVES), pic)
    return DailyEntry(game, day, data["seed"], data["game_id"], found)


# ------------------------------------------------------------------ storage


def read_day(store: SaveStore, game: str, day: _dt.date) -> DailyEntry | None:
    """The stored day (None if none, or refused: the problem waits in ``store.take_problems``)."""
    entry = store.read_json(entry_name(game, day), lambda data: check_entry(data, game, day), max_chars=10_000)
    return entry.value


def write_day(store: SaveStore, entry: DailyEntry) -> None:
    """Store a day (``app.storage.StorageError`` if the storage refuses it)."""
    store.write_json(entry_name(entry.game, entry.day), json.dumps(entry.to_json(), separators=(",", ":")))


def history(store: SaveStore, game: str) -> list[DailyEntry]:
    """Every stored day of ``game`` that reads, oldest first (refused ones moved aside and reported)."""
    prefix = store.prefix + f"{site.DAILY_KEYS}{game}."
    days: list[DailyEntry] = []
    for key in sorted(store.keys(prefix)):
        text = key[len(prefix):]
        try:
            day = _dt.date.fromisoformat(text) if _DAY.match(text) else None
        except ValueError:
            day = None
        if day is None:
            store.read_json(key[len(store.prefix):], _misnamed)
            continue
        found = read_day(store, game, day)
        if found is not None:
            days.append(found)
    return days


def _misnamed(_data: Any) -> DailyEntry:
    raise SaveError("daily.not_an_entry")


def saved_marks(store: SaveStore, games: Iterable[GameInfo]) -> dict[str, str]:
    """The saved games that are a day's challenge: game id -> the mark the new-game screen's list
    gives them (its name and day: "<name> · 2026-11-29"), so that a player tells them from other games."""
    marks: dict[str, str] = {}
    for info in games:
        if info.daily:
            for entry in history(store, info.key):
                marks[entry.game_id] = mark(info, entry.day)
    return marks


def mark(info: GameInfo, day: _dt.date) -> str:
    """The challenge's name and day ("<name> · 2026-11-29"): the same words wherever a day's game is named."""
    return t("newgame.saved.daily", name=info.daily_title() or t("header.daily"), day=day.isoformat())


def sign_text(info: GameInfo, day: _dt.date) -> str:
    """What the game screen says while the day's game is played, and its results page says too (a
    newcomer's play-test: the game looked like any solitaire): its name, day and goal."""
    goal = info.daily_goal()
    return t("daily.sign", mark=mark(info, day), goal=goal) if goal else mark(info, day)


# ------------------------------------------------------------------ results


def result_of(session: Session, seat: int = 0) -> DailyResult:
    """The result of a finished daily game for ``seat``: won, points, rounds, moves and its picture."""
    spec, state = session.spec, session.state
    won = spec.returns(state)[seat] > 0
    points = int(spec.scores(state)[seat])
    rnd = spec.round_of(state)
    per_round = _points_per_round(session, seat)
    rounds = rnd if rnd is not None else len(per_round)
    return DailyResult(won, max(0, min(points, MAX_POINTS)), max(0, min(rounds, MAX_ROUNDS)),
                       len(session.actions), picture(per_round, won))


def _points_per_round(session: Session, seat: int) -> list[int]:
    """The points ``seat`` gained in each round (every ten moves for a game without rounds)."""
    spec = session.spec
    state = spec.new_state(session.setup)
    gains: list[int] = []
    last_round, before = spec.round_of(state), 0
    for i, data in enumerate(session.actions):
        spec.apply(state, spec.action_from_json(data))
        r = spec.round_of(state)
        boundary = (r != last_round) if last_round is not None else (i + 1) % 10 == 0
        if boundary or spec.is_over(state):
            now = int(spec.scores(state)[seat])
            gains.append(now - before)
            before, last_round = now, r
    return gains[: MAX_PICTURE - 1]


def picture(gains: list[int], won: bool) -> str:
    """A compact, spoiler-free picture: one bar per round (its points), then ⭐ (won) or ☁️ (lost)."""
    bars = "".join(BARS[max(0, min(g, len(BARS) - 1))] for g in gains[: MAX_PICTURE - 2])
    return bars + (WON if won else LOST)


@dataclass(frozen=True)
class Stats:
    played: int
    wins: int
    streak: int          # days in a row, ending today (or yesterday), with a finished challenge
    best_streak: int
    best: DailyEntry | None


def streak(days: list[_dt.date], today: _dt.date) -> int:
    """Consecutive days ending today — or yesterday, when today is not played yet — in ``days``."""
    have = set(days)
    day = today if today in have else today - _dt.timedelta(days=1)
    count = 0
    while day in have:
        count += 1
        day -= _dt.timedelta(days=1)
    return count


def _best_streak(days: list[_dt.date]) -> int:
    best = run = 0
    previous: _dt.date | None = None
    for day in sorted(set(days)):
        run = run + 1 if previous is not None and day - previous == _dt.timedelta(days=1) else 1
        best, previous = max(best, run), day
    return best


def best_day(entries: list[DailyEntry]) -> DailyEntry | None:
    """The best finished day: a win before a loss, then the most points, then the fewest rounds,
    then the earliest."""
    done = [e for e in entries if e.result is not None]
    if not done:
        return None
    return min(done, key=lambda e: (not e.result.won, -e.result.points, e.result.rounds, e.day)  # type: ignore[union-attr]
               )


def stats(entries: list[DailyEntry], today: _dt.date) -> Stats:
    done = [e for e in entries if e.result is not None]
    days = [e.day for e in done]
    return Stats(len(done), sum(1 for e in done if e.result and e.result.won), streak(days, today),
                 _best_streak(days), best_day(entries))


def _line(r: Any) -> str:
    return t("daily.share.line", count=r.points, rounds=r.rounds)    # "1 point", "2 points"


def _outcome(r: Any) -> str:
    return t("daily.share.won" if r.won else "daily.share.lost")


def share_text(title: str, entry: DailyEntry, link: str) -> str:
    """What "Share result" copies: no spoilers (the date, points, rounds and the picture), then
    ``link``, the day's challenge (``app.links.daily_query``), for whoever reads it to play that day."""
    if entry.result is None:
        raise DailyError("daily.not_over")
    r = entry.result
    return "\n".join((t("daily.share.title", title=title, day=entry.day.isoformat()),
                      t("daily.share.result", line=_line(r), outcome=_outcome(r)), r.picture,
                      t("daily.share.link", link=link)))


def day_text(entry: DailyEntry | None, day: _dt.date) -> str:
    """The results page's sentence about ``day``: played (won or lost, its points and rounds, "1 point"
    in the singular: play-test 2, N1) or waiting."""
    if entry is None or entry.result is None:
        return t("daily.day.open", day=day.isoformat())
    return t("daily.day.done", day=day.isoformat(), line=_line(entry.result), outcome=_outcome(entry.result))


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


_MIN_BAR = 4.0     # a day played for 0 points still shows a bar (1 unit was invisible)


def chart_svg(entries: list[DailyEntry], today: _dt.date, days: int = 30) -> str:
    """The history as an SVG chart: one bar per day of the last ``days`` (points), a win marked
    with a star, a day not played left empty; a title and a description for screen readers."""
    width, height, top, bottom = 600, 200, 34, 30   # top: room for a bar's points and star
    slot = width / days
    finished = {e.day: e.result for e in entries if e.result is not None}
    peak = max([r.points for r in finished.values()] + [12])
    first = today - _dt.timedelta(days=days - 1)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="daily-chart" viewBox="0 0 {width} {height}" '
             f'role="img" aria-labelledby="daily-chart-title daily-chart-desc">',
             f'<title id="daily-chart-title">{_esc(t("daily.chart.title", count=days))}</title>',
             f'<desc id="daily-chart-desc">{_esc(t("daily.chart.desc", count=len(finished)))}</desc>',
             f'<line class="daily-axis" x1="0" y1="{height - bottom}" x2="{width}" y2="{height - bottom}"/>']
    for i in range(days):
        day = first + _dt.timedelta(days=i)
        result = finished.get(day)
        x = i * slot
        if (days - 1 - i) % 7 == 0:          # today and every week before it
            # Today's label ends at the right edge: centred on the last slot, it was cut off.
            at, anchor = (width - 1, "end") if i == days - 1 else (x + slot / 2, "middle")
            parts.append(f'<text class="daily-label" x="{at:.1f}" y="{height - 10}" '
                         f'text-anchor="{anchor}">{day.strftime("%m-%d")}</text>')
        if result is None:
            continue
        h = (height - top - bottom) * result.points / peak
        y = height - bottom - h
        label = t("daily.chart.bar", day=day.isoformat(), count=result.points,
                  outcome=t("daily.share.won" if result.won else "daily.share.lost"))
        cls = "daily-bar daily-won" if result.won else "daily-bar"
        parts.append(f'<g class="{cls}" data-day="{day.isoformat()}" data-points="{result.points}">'
                     f'<title>{_esc(label)}</title>'
                     f'<rect x="{x + 2:.1f}" y="{y:.1f}" width="{slot - 4:.1f}" height="{max(h, _MIN_BAR):.1f}"/>'
                     # its points over it (play-test 4: the chart had no values), a win's star above
                     f'<text class="daily-points" x="{x + slot / 2:.1f}" y="{max(y - 4, 12):.1f}" '
                     f'text-anchor="middle" aria-hidden="true">{result.points}</text>')
        if result.won:
            parts.append(f'<text class="daily-star" x="{x + slot / 2:.1f}" y="{max(y - 18, 12):.1f}" '
                         f'text-anchor="middle">\u2605</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "".join(parts)
