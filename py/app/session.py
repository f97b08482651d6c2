"""A game in progress as data: the session (pure Python, JSON, tested under CPython).

A session is what ``localStorage`` holds, what export writes to a file and
what import reads back::

    {"format": "boardgame-session", "version": 1,
     "game": "ptolemaeus", "game_version": 1, "id": "lx3k9a-4f2c",
     "setup": {"players": 2, "seed": 123, "start": "1969-07-20T20:17Z"},
     "seats": [{"kind": "human", "level": null, "name": "Ann", "colour": "#d64541"}, ...],
     "actions": [{...action JSON...}, ...],
     "created": "2025-01-01T12:00:00Z", "updated": "...", "over": false}

The state is never stored: it is rebuilt by replaying ``actions`` from
``setup`` (the seed lives in the setup, so the replay is exact), which also
proves every stored action legal.  Anything wrong with a save raises
:class:`SaveError`, whose message is written for the player.
"""

from __future__ import annotations

import datetime as _dt
import json
import random
from typing import Any, Callable, Iterable

from app import savejson
from app.games import GameSpec, seat_colours, spec_version
from app.i18n import seat_label, t

__all__ = ["FORMAT", "VERSION", "SaveError", "Session", "check_seats", "default_seats", "resolve_setup",
           "new_id", "now_iso", "random_seed", "MAX_SEED", "MAX_NAME"]

FORMAT = "boardgame-session"
VERSION = 1
MAX_SEED = 2**53 - 1          # exact in JSON everywhere
MAX_NAME = 24
KINDS = ("human", "bot")


class SaveError(ValueError):
    """A save (or a setup) that cannot be used; ``str(error)`` is for the player (``code`` and
    ``params``, when given, let ``app.storage`` translate it again)."""

    def __init__(self, message: str = "", *, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


def now_iso(now: _dt.datetime | None = None) -> str:
    now = now or _dt.datetime.now(_dt.timezone.utc)
    return now.astimezone(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def random_seed(rng: random.Random | None = None) -> int:
    return (rng or random).randrange(1, 10**9)


def new_id(rng: random.Random | None = None, now: _dt.datetime | None = None) -> str:
    """A short unique id for a saved game (time-ordered, plus randomness)."""
    now = now or _dt.datetime.now(_dt.timezone.utc)
    millis = int(now.timestamp() * 1000)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    stamp = ""
    while millis:
        millis, r = divmod(millis, 36)
        stamp = digits[r] + stamp
    return f"{stamp or '0'}-{(rng or random).randrange(16**6):06x}"


# ------------------------------------------------------------------ seats & setup


def default_seats(spec: GameSpec, kinds: Iterable[str]) -> list[dict]:
    """Seats for ``kinds`` (each "human", "bot" or a bot level) with default names and distinct colours."""
    colours = seat_colours(spec)
    bot_names = list(getattr(spec, "bot_names", None) or [])
    seats, humans = [], 0
    kinds = list(kinds)
    for i, kind in enumerate(kinds):
        level = None
        if kind == "bot":
            level = spec.bot_levels[0]
        elif kind != "human":
            level, kind = kind, "bot"
        if kind == "human":
            humans += 1
            name = t("seat.you") if kinds.count("human") == 1 else t("seat.player", n=humans)
        else:
            name = bot_names[i] if i < len(bot_names) else t("seat.bot", n=i + 1)
        seats.append({"kind": kind, "level": level, "name": name, "colour": colours[i % len(colours)][0]})
    return seats


def check_seats(spec: GameSpec, seats: Any, players: int | None = None) -> list[dict]:
    """``seats`` cleaned up (exactly the four keys), or SaveError saying what is wrong."""
    if not isinstance(seats, list) or not seats:
        raise SaveError(t("save.seats_missing"))
    n = len(seats)
    if not spec.min_players <= n <= spec.max_players:
        raise SaveError(t("save.players_range", title=spec.title, min=spec.min_players, max=spec.max_players, n=n))
    if players is not None and players != n:
        raise SaveError(t("save.players_seats", players=players, n=n))
    out, names, colours = [], set(), set()
    for i, seat in enumerate(seats, 1):
        if not isinstance(seat, dict):
            raise SaveError(t("save.seat_bad", i=i))
        kind = seat.get("kind")
        if kind not in KINDS:
            raise SaveError(t("save.seat_kind", i=i, kind=kind))
        level = seat.get("level")
        if kind == "bot" and level not in spec.bot_levels:
            raise SaveError(t("save.seat_level", i=i, level=level, levels=", ".join(spec.bot_levels)))
        name = seat.get("name")
        if not isinstance(name, str) or not name.strip():
            raise SaveError(t("save.seat_name", i=i))
        name = " ".join(name.split())
        if len(name) > MAX_NAME:
            raise SaveError(t("save.seat_name_long", i=i, max=MAX_NAME))
        if name.casefold() in names:
            raise SaveError(t("save.seat_same_name", name=name))
        names.add(name.casefold())
        colour = seat.get("colour")
        if not isinstance(colour, str) or not colour:
            raise SaveError(t("save.seat_colour", i=i))
        if colour.lower() in colours:
            raise SaveError(t("save.seat_same_colour"))
        colours.add(colour.lower())
        out.append({"kind": kind, "level": level if kind == "bot" else None, "name": name, "colour": colour})
    return out


def resolve_setup(spec: GameSpec, setup: dict, now: _dt.datetime | None = None) -> dict:
    """A copy of ``setup`` ready for ``new_state``: fields defaulted, a date of "now" made
    concrete (so a replay is exact), ``players`` and ``seed`` checked."""
    if not isinstance(setup, dict):
        raise SaveError(t("save.setup_missing"))
    out = dict(setup)
    players, seed = out.get("players"), out.get("seed")
    if type(players) is not int or not spec.min_players <= players <= spec.max_players:
        raise SaveError(t("save.players_range", title=spec.title, min=spec.min_players, max=spec.max_players,
                          n=players))
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise SaveError(t("save.seed", max=MAX_SEED, seed=seed))
    for field in spec.setup_fields():
        key, kind = field["key"], field.get("kind", "text")
        value = out.get(key, field.get("default"))
        if kind == "date" and isinstance(value, str) and value.strip().lower() == "now":
            value = (now or _dt.datetime.now(_dt.timezone.utc)).astimezone(_dt.timezone.utc).strftime(
                "%Y-%m-%dT%H:%MZ")
        if kind == "choice":
            allowed = [v for v, _label in field.get("choices", ())]
            if value not in allowed:
                raise SaveError(t("save.not_a_choice", label=field.get("label", key), value=value))
        if kind in ("date", "text") and not isinstance(value, str):
            raise SaveError(t("save.not_text", label=field.get("label", key), value=value))
        out[key] = value
    return out


# ------------------------------------------------------------------ replay


def _replay(spec: GameSpec, setup: dict, actions: list) -> tuple[Any, list[int | None], int, list[dict]]:
    """(state, movers, barrier, log) after ``actions``; SaveError if anything is illegal.

    ``movers[i]`` is the seat that took action i; ``barrier`` is how many
    actions lie before the last reveal of hidden information (undo stops there)."""
    try:
        state = spec.new_state(setup)
    except Exception as e:  # noqa: BLE001 - any failure of untrusted data is a bad save
        raise SaveError(t("save.cannot_set_up", error=e)) from e
    movers: list[int | None] = []
    barrier = 0
    log: list[dict] = []
    for i, data in enumerate(actions):
        if spec.is_over(state):
            raise SaveError(t("save.move_after_end", n=i + 1))
        seat = spec.current_player(state)
        try:
            action = spec.action_from_json(data)
            if not same_json(spec.action_to_json(action), data):   # e.g. true or 3.0 where 3 belongs
                raise ValueError(t("save.move_not_canonical"))
        except Exception as e:  # noqa: BLE001
            raise SaveError(t("save.move_unreadable", n=i + 1, error=e)) from e
        try:
            events = spec.apply(state, action)
        except Exception as e:  # noqa: BLE001
            raise SaveError(t("save.move_illegal", n=i + 1, error=e)) from e
        movers.append(seat)
        log.extend(events or ())
        if spec.reveals_hidden(state):
            barrier = i + 1
    return state, movers, barrier, log


def same_json(a: Any, b: Any) -> bool:
    """Do ``a`` and ``b`` write the same JSON (key order aside)? ``True`` is not ``1``, ``3.0`` not ``3``."""
    try:
        return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    except (TypeError, ValueError, RecursionError):
        return False


def canonical_action(spec: GameSpec, state: Any, action: Any) -> tuple[Any, dict]:
    """(the legal action equal to ``action``, its JSON); ValueError if there is none, or if that JSON
    would not read back as the same action (then a save of it would not load: refuse it now).

    ``Session.apply`` plays and stores this one, not the caller's value, so that an action with
    ``True`` where ``1`` belongs (equal in Python) is saved as ``1`` and replays byte for byte."""
    try:
        legal = spec.legal_actions(state)
        matched = next((a for a in legal if type(a) is type(action) and a == action), None)
    except Exception as e:  # noqa: BLE001 - an action whose comparison fails is not a legal one
        raise ValueError(f"not a legal action now: {e}") from None
    if matched is None:
        raise ValueError(f"not a legal action now: {action!r}"[:300])
    data = spec.action_to_json(matched)
    try:
        text = json.dumps(data, sort_keys=True, allow_nan=False)
        back = spec.action_from_json(json.loads(text))
        ok = back == matched and same_json(spec.action_to_json(back), data)
    except Exception:  # noqa: BLE001
        ok = False
    if not ok:
        raise ValueError(f"the action {matched!r} would not save and load again"[:300])
    return matched, data


class Session:
    """A game: the session dict plus the state rebuilt from it."""

    def __init__(self, spec: GameSpec, data: dict, state: Any, movers: list, barrier: int, log: list[dict]):
        self.spec = spec
        self.data = data
        self.state = state
        self.movers = movers
        self.barrier = barrier
        self.log = log

    # ---- making one

    @classmethod
    def start(cls, spec: GameSpec, setup: dict, seats: list[dict], *, now: _dt.datetime | None = None,
              rng: random.Random | None = None) -> "Session":
        """A new game; SaveError (with a message for the player) if the setup or seats are wrong."""
        setup = resolve_setup(spec, setup, now)
        seats = check_seats(spec, seats, setup["players"])
        stamp = now_iso(now)
        data = {"format": FORMAT, "version": VERSION, "game": spec.key, "game_version": spec_version(spec),
                "id": new_id(rng, now), "setup": setup, "seats": seats, "actions": [],
                "created": stamp, "updated": stamp, "over": False}
        try:
            state = spec.new_state(setup)
        except ValueError as e:
            raise SaveError(str(e)) from e
        session = cls(spec, data, state, [], 0, [])
        data["over"] = bool(spec.is_over(state))
        return session

    @classmethod
    def from_data(cls, data: Any, games: dict[str, GameSpec]) -> "Session":
        """The session of a parsed save, replayed and checked; SaveError if it can't be used."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError(t("save.not_a_save"))
        version = data.get("version")
        if version != VERSION:
            raise SaveError(t("save.format", found=repr(version), version=VERSION))
        key = data.get("game")
        spec = games.get(key) if isinstance(key, str) else None
        if spec is None:
            raise SaveError(t("save.unknown_game", key=key))
        game_version = data.get("game_version")
        if game_version != spec_version(spec):
            raise SaveError(t("save.game_version", title=spec.title, found=repr(game_version),
                              version=spec_version(spec)))
        if not isinstance(data.get("id"), str) or not data["id"]:
            raise SaveError(t("save.no_id"))
        setup = data.get("setup")
        if not isinstance(setup, dict):
            raise SaveError(t("save.no_setup"))
        resolved = resolve_setup(spec, setup)
        if any(resolved[k] != setup[k] for k in setup):  # e.g. a date of "now": not replayable
            raise SaveError(t("save.not_fixed"))
        setup = resolved
        seats = check_seats(spec, data.get("seats"), setup["players"])
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise SaveError(t("save.no_moves"))
        state, movers, barrier, log = _replay(spec, setup, actions)
        clean = {"format": FORMAT, "version": VERSION, "game": spec.key, "game_version": spec_version(spec),
                 "id": data["id"], "setup": setup, "seats": seats, "actions": actions,
                 "created": str(data.get("created", "")), "updated": str(data.get("updated", "")),
                 "over": bool(spec.is_over(state))}
        return cls(spec, clean, state, movers, barrier, log)

    @classmethod
    def from_json(cls, text: str, games: dict[str, GameSpec]) -> "Session":
        """Like :meth:`from_data` from JSON text; says so when the text is cut off or not JSON."""
        try:
            data = savejson.parse(text)   # bounded: size, depth, number length (issue 16)
        except savejson.JSONProblem as e:
            raise SaveError(str(e), code=e.code, **e.params) from None
        return cls.from_data(data, games)

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.data, indent=indent, ensure_ascii=False, separators=None if indent else (",", ":"))

    # ---- reading

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def setup(self) -> dict:
        return self.data["setup"]

    @property
    def seats(self) -> list[dict]:
        return self.data["seats"]

    @property
    def actions(self) -> list:
        return self.data["actions"]

    @property
    def over(self) -> bool:
        return bool(self.spec.is_over(self.state))

    def current_player(self) -> int | None:
        return None if self.over else self.spec.current_player(self.state)

    def humans(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if seat["kind"] == "human"]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat]["kind"] == "human"

    # ---- changing

    def apply(self, action: Any, *, now: _dt.datetime | None = None) -> list[dict]:
        """Play ``action`` (ValueError if it is not legal now); returns its public events."""
        if self.over:
            raise ValueError("the game is over")
        action, data = canonical_action(self.spec, self.state, action)   # what is saved loads again
        seat = self.spec.current_player(self.state)
        events = list(self.spec.apply(self.state, action) or ())
        self.actions.append(data)
        self.movers.append(seat)
        self.log.extend(events)
        if self.spec.reveals_hidden(self.state):
            self.barrier = len(self.actions)
        self.data["updated"] = now_iso(now)
        self.data["over"] = self.over
        return events

    def undo_target(self) -> int | None:
        """How many actions remain after undoing the current human's last step, or None.

        Only the seat deciding now, a human, may undo, only its own step (and any bot
        steps after it), and never back past the last reveal of hidden information."""
        seat = self.current_player()
        if not self.is_human(seat):
            return None
        i = len(self.actions) - 1
        while i >= self.barrier and not self.is_human(self.movers[i]):
            i -= 1
        if i < self.barrier or self.movers[i] != seat:
            return None
        return i

    def truncate(self, n: int, *, now: _dt.datetime | None = None) -> None:
        """Keep only the first ``n`` actions (replayed from the setup)."""
        if not 0 <= n <= len(self.actions):
            raise ValueError(f"cannot keep {n} of {len(self.actions)} actions")
        actions = self.actions[:n]
        state, movers, barrier, log = _replay(self.spec, self.setup, actions)
        self.state, self.movers, self.barrier, self.log = state, movers, barrier, log
        self.data["actions"] = actions
        self.data["updated"] = now_iso(now)
        self.data["over"] = self.over

    def describe(self) -> str:
        """One line for a list of saved games."""
        return describe(self.data, self.spec)


def describe(data: dict, spec: GameSpec | None = None) -> str:
    """"Ptolemaeus: You, Bot 2 – 12 moves" from a session dict (no replay)."""
    title = spec.title if spec is not None else str(data.get("game", "?"))
    seats = data.get("seats") if isinstance(data.get("seats"), list) else []
    names = ", ".join(seat_label(s.get("name", "?")) for s in seats if isinstance(s, dict))
    moves = len(data.get("actions", [])) if isinstance(data.get("actions"), list) else 0
    return t("save.describe", title=title, names=names, count=moves)
