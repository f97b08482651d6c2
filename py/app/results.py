"""Results of finished games, for the finished-games list (issue 17; pure Python, tested under CPython).

When a game on screen is over the shell stores its result once, one storage entry per game,
``<prefix>result.<game id>``, read through the storage boundary (``SaveStore.read``) like a save::

    {"format": "ludus-result", "version": 1, "game": "<key>", "game_id": "mbx3k9a2-4f2c1e",
     "finished": "2026-11-25T00:40:12Z", "seats": [{"name": "You", "kind": "human"}, ...],
     "scores": [12, 7], "winners": [0], "you": 0}

``you`` is the single human seat (``null`` with none or several: hot-seat has no "you"). The list
shows the winner, every score, the player's place and the date; the entry stays until the player
deletes the game from the list. An entry that is not exactly that — another game id than its key's,
a bool where a score belongs, a winner who is not a seat, a name too long — is refused with a coded
reason and moved aside byte for byte, like a tampered save; the other results still list.
"""

from __future__ import annotations

import datetime as _dt
import json
import math
import re
from dataclasses import dataclass
from typing import Any

from app.i18n import is_you, seat_label, t
from app.session import ID_FORM, MAX_NAME, SaveError, Session, shown
from app.storage import Problem, SaveStore

__all__ = ["FORMAT", "GameResult", "check_result", "entry_name", "forget_result", "place", "read_result",
           "record", "result_of", "summary"]

FORMAT = "ludus-result"
VERSION = 1
MAX_SEATS = 8
MAX_SCORE = 1_000_000
MAX_CHARS = 4_000
KEYS = frozenset({"format", "version", "game", "game_id", "finished", "seats", "scores", "winners", "you"})
_GAME = re.compile(r"\A[a-z0-9_]{1,40}\Z")
_WHEN = re.compile(r"\A[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}(:[0-9]{2}(\.[0-9]{1,6})?)?Z\Z")


def _utc_time(text: Any) -> bool:
    """Whether ``text`` is a UTC date-time as the page writes them (``now_iso``), one that exists."""
    if not isinstance(text, str) or not _WHEN.match(text):
        return False
    try:
        _dt.datetime.fromisoformat(text[:-1])
    except ValueError:          # 2026-02-30, hour 25
        return False
    return True


@dataclass(frozen=True)
class GameResult:
    game: str
    game_id: str
    finished: str                      # ISO UTC date-time, "…Z"
    names: tuple[str, ...]
    kinds: tuple[str, ...]             # "human" | "bot" per seat
    scores: tuple[float, ...]
    winners: tuple[int, ...]           # sorted seat indices ([] : nobody won, e.g. a lost solitaire)
    you: int | None                    # the single human seat, if exactly one

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "game": self.game, "game_id": self.game_id,
                "finished": self.finished,
                "seats": [{"name": n, "kind": k} for n, k in zip(self.names, self.kinds)],
                "scores": list(self.scores), "winners": list(self.winners), "you": self.you}


def entry_name(game_id: str) -> str:
    return f"result.{game_id}"


# ------------------------------------------------------------------ from a game


def result_of(session: Session) -> GameResult:
    """The result of a finished session: scores and winners as its game counts them
    (``Rules.scores``; the winners are the seats whose ``returns`` are the best and above 0)."""
    spec, state = session.spec, session.state
    scores = tuple(_score(x) for x in spec.scores(state))
    returns = list(spec.returns(state))
    best = max(returns) if returns else 0
    winners = tuple(i for i, r in enumerate(returns) if r > 0 and r == best)
    seats = session.data["seats"]
    humans = [i for i, s in enumerate(seats) if s.get("kind") == "human"]
    updated = session.data.get("updated")
    finished = updated if isinstance(updated, str) and _utc_time(updated) else "2000-01-01T00:00:00Z"
    return GameResult(spec.key, session.id, finished,
                      tuple(str(s.get("name", ""))[:MAX_NAME] for s in seats),
                      tuple("human" if s.get("kind") == "human" else "bot" for s in seats),
                      scores, winners, humans[0] if len(humans) == 1 else None)


def _score(x: Any) -> float:
    x = float(x)
    if not math.isfinite(x):
        return 0
    x = max(-MAX_SCORE, min(MAX_SCORE, x))
    return int(x) if x.is_integer() else x


# ------------------------------------------------------------------ checked reading


def _bad(field: str, value: Any) -> SaveError:
    return SaveError("result.bad_field", field=field, value=shown(value))


def _number(x: Any) -> bool:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return False
    return math.isfinite(x) and abs(x) <= MAX_SCORE


def check_result(data: Any, game_id: str) -> GameResult:
    """A stored result, checked field by field (SaveError with a code: refused like a tampered save)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError("result.not_an_entry")
    if type(data.get("version")) is not int or data["version"] != VERSION:
        raise SaveError("save.format", found=shown(data.get("version")), version=VERSION)
    if set(data) != KEYS:
        raise SaveError("result.not_an_entry")
    if data["game_id"] != game_id or not isinstance(data["game_id"], str):
        raise SaveError("result.misfiled", found=shown(data["game_id"]))
    if not isinstance(data["game"], str) or not _GAME.match(data["game"]):
        raise _bad("game", data["game"])
    if not _utc_time(data["finished"]):
        raise _bad("finished", data["finished"])
    seats = data["seats"]
    if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
        raise _bad("seats", seats)
    for s in seats:
        if not isinstance(s, dict) or set(s) != {"name", "kind"} or not isinstance(s["name"], str) \
                or len(s["name"]) > MAX_NAME or s["kind"] not in ("human", "bot"):
            raise _bad("seats", s)
    n = len(seats)
    scores = data["scores"]
    if not isinstance(scores, list) or len(scores) != n or not all(_number(x) for x in scores):
        raise _bad("scores", scores)
    winners = data["winners"]
    if not isinstance(winners, list) or not all(type(w) is int and 0 <= w < n for w in winners) \
            or winners != sorted(set(winners)):
        raise _bad("winners", winners)
    you = data["you"]
    if you is not None and (type(you) is not int or not 0 <= you < n or seats[you]["kind"] != "human"):
        raise _bad("you", you)
    return GameResult(data["game"], game_id, data["finished"], tuple(s["name"] for s in seats),
                      tuple(s["kind"] for s in seats), tuple(scores), tuple(winners), you)


# ------------------------------------------------------------------ storage


def read_result(store: SaveStore, game_id: str, problems: list[Problem] | None = None) -> GameResult | None:
    """The stored result of ``game_id`` (None if none, or refused: moved aside, its problem added to
    ``problems``, else kept for ``store.take_problems``)."""
    if not isinstance(game_id, str) or not ID_FORM.match(game_id):
        return None
    entry = store.read(store.prefix + entry_name(game_id), lambda data: check_result(data, game_id),
                       max_chars=MAX_CHARS)
    if entry.problem is not None:
        (store.problems if problems is None else problems).append(entry.problem)
    return entry.value


def record(store: SaveStore, session: Session) -> GameResult | None:
    """Store the result of a finished ``session`` (written only when it is missing or differs: a
    final move taken back and played otherwise); the result, or None for a game not over.
    ``app.storage.StorageError`` if the storage refuses it."""
    if not session.over:
        return None
    result = result_of(session)
    found = read_result(store, session.id)
    if found is not None and found.to_json() == {**result.to_json(), "finished": found.finished}:
        return found
    store.write_json(entry_name(session.id), json.dumps(result.to_json(), separators=(",", ":")))
    return result


def forget_result(store: SaveStore, game_id: str) -> None:
    """The player deleted the game from the list: its result goes with it."""
    if isinstance(game_id, str) and ID_FORM.match(game_id):
        store.remove_json(entry_name(game_id))


# ------------------------------------------------------------------ words


def place(result: GameResult, seat: int) -> int:
    """``seat``'s place: 1 for a winner, else 1 + the seats ranked above it (a winner, or more points)."""
    if seat in result.winners:
        return 1
    return 1 + sum(1 for j, x in enumerate(result.scores)
                   if j != seat and (j in result.winners or x > result.scores[seat]))


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def summary(result: GameResult, solo_loss: str = "") -> str:
    """"You won · You 12, Hypatia 7" / "Hypatia won · your place: 2 of 3 · You 7, …" (current language).
    ``solo_loss``: the game's words for a lost solitaire, as its end says them (``GameInfo.solo_loss``)."""
    names = [seat_label(n) if n else t("result.seat", n=i + 1) for i, n in enumerate(result.names)]
    winners = [names[w] for w in result.winners]
    you = result.you
    if not winners and you is not None and len(result.names) == 1:
        outcome = solo_loss or t("result.lost.solo")     # a solitaire not won
    elif not winners:
        outcome = t("result.nobody")
    elif len(winners) > 1:
        outcome = t("result.shared", names=", ".join(winners))
    elif you is not None and result.winners[0] == you and is_you(result.names[you]):
        outcome = t("result.won.you")
    else:
        outcome = t("result.won", name=winners[0])
    parts = [outcome]
    if you is not None and len(result.names) > 1 and you not in result.winners:
        parts.append(t("result.place", place=place(result, you), count=len(result.names)))
    parts.append(", ".join(f"{names[i]} {_num(x)}" for i, x in enumerate(result.scores)))
    return " · ".join(parts)
