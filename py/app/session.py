"""A game in progress as data: the session (pure Python, JSON, tested under CPython).

A session is what ``localStorage`` holds, what export writes to a file and
what import reads back::

    {"format": "boardgame-session", "version": 1,
     "game": "<key>", "game_version": 1, "id": "lx3k9a-4f2c",
     "setup": {"players": 2, "seed": 123, ...the game's setup fields...},
     "seats": [{"kind": "human", "level": null, "name": "Ann", "colour": "#d64541"}, ...],
     "actions": [{...action JSON...}, ...],
     "created": "2025-01-01T12:00:00Z", "updated": "...", "over": false}

The state is never stored: it is rebuilt by replaying ``actions`` from
``setup`` (the seed lives in the setup, so the replay is exact), which also
proves every stored action legal.  Anything wrong with a save raises
:class:`SaveError`: a code and params, translated when shown (``app.errors``).
"""

from __future__ import annotations

import datetime as _dt
import json
import random
import re
from typing import Any
from collections.abc import Iterable

from app import savejson
from app.errors import ShellError
from app.games import Games, GameSpec, spec_of, title_of
from app.i18n import seat_label, t
from gamekit.game import GameError, SetupField
from gamekit.game import shown as quoted

__all__ = ["FORMAT", "VERSION", "SaveError", "Session", "carried_level", "carried_seats", "check_seats",
           "default_seats", "resolve_setup",
           "check_field", "new_id", "now_iso", "random_seed", "ID_FORM", "MAX_SEED", "MAX_NAME", "MAX_TEXT"]

FORMAT = "boardgame-session"
VERSION = 1
MAX_SEED = 2**53 - 1          # exact in JSON everywhere
MAX_NAME = 24
MAX_TEXT = 200                # a "text" or "datetime" setup value
KINDS = ("human", "bot")
# The ids the page gives games (new_id) are of this form, which the entries naming a game by its id
# (``app.results``, ``app.daily``) require; a save's own id may be any short text (a file's).
ID_FORM = re.compile(r"\A[A-Za-z0-9_-]{1,64}\Z")


class SaveError(ShellError):
    """A save (or a setup) that cannot be used: ``code`` (a shell text key) and ``params``;
    ``app.errors.error_text`` shows it in the page's language."""


MAX_TIME_CHARS = 40      # a save's "created" / "updated" (now_iso writes 20)


def _time(data: dict[str, Any], name: str) -> str:
    """A save's ``created`` or ``updated``: a text of at most ``MAX_TIME_CHARS`` as it is; missing or null
    is "" (not known: a hand-made file); anything else refused (``save.bad_time``), as the rest of a save
    is — it was made a text with ``str()``, null becoming "None", a number or a list written back as one."""
    value = data.get(name)
    if value is None:
        return ""
    if not isinstance(value, str) or len(value) > MAX_TIME_CHARS:
        raise SaveError("save.bad_time", field=name)
    return value


def now_iso(now: _dt.datetime | None = None) -> str:
    now = now or _dt.datetime.now(_dt.UTC)
    return now.astimezone(_dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def random_seed(rng: random.Random | None = None) -> int:
    return (rng or random).randrange(1, 10**9)


def new_id(rng: random.Random | None = None, now: _dt.datetime | None = None) -> str:
    """A short unique id for a saved game (time-ordered, plus randomness)."""
    now = now or _dt.datetime.now(_dt.UTC)
    millis = int(now.timestamp() * 1000)
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    stamp = ""
    while millis:
        millis, r = divmod(millis, 36)
        stamp = digits[r] + stamp
    return f"{stamp or '0'}-{(rng or random).randrange(16**6):06x}"


def shown(value: Any, limit: int = 40) -> str:
    """A value as quoted in a message, cut short, never raising (a tampered save may hold
    anything, an int too long to print included); a string as it is."""
    if isinstance(value, str):
        return value if len(value) <= limit else value[:limit - 1] + "…"
    return quoted(value, limit)


# ------------------------------------------------------------------ seats & setup


def default_seats(spec: GameSpec, kinds: Iterable[str]) -> list[dict[str, Any]]:
    """Seats for ``kinds`` (each "human", "bot" — the game's default level — or a bot level)
    with default names and distinct colours."""
    colours = spec.seat_colours()
    bot_names = list(spec.bot_names)
    seats: list[dict[str, Any]] = []
    humans = 0
    kinds = list(kinds)
    for i, kind in enumerate(kinds):
        level = None
        if kind == "bot":
            level = spec.default_bot_level
        elif kind != "human":
            level, kind = kind, "bot"
        if kind == "human":
            humans += 1
            name = t("seat.you") if kinds.count("human") == 1 else t("seat.player", n=humans)
        else:
            name = bot_names[i] if i < len(bot_names) else t("seat.bot", n=i + 1)
        seats.append({"kind": kind, "level": level, "name": name, "colour": colours[i % len(colours)][0]})
    return seats


def carried_level(level: Any, ladder: Iterable[str], new_ladder: Iterable[str], default: str) -> str:
    """The level a bot seat keeps when the form switches from a game whose levels are ``ladder``
    to one whose levels are ``new_ladder`` (both weakest first; ``default``: the new game's).

    The same level if the new game has it; else the nearest level both games have, counted along
    the old ladder, a tie going toward ``default`` (the ordinary opponent); with no level in common,
    the one at the same height of the new ladder.  A seat set to a beginner must not silently get
    the game's default opponent (play-test 8 F4)."""
    old, new = list(ladder), list(new_ladder)
    if level in new:
        return str(level)
    if level not in old or not new:
        return default
    i = old.index(level)
    common = [lv for lv in new if lv in old]
    if not common:
        return new[round(i * (len(new) - 1) / max(1, len(old) - 1))]
    home = new.index(default)
    return min(common, key=lambda lv: (abs(old.index(lv) - i), abs(new.index(lv) - home)))


def carried_seats(old: GameSpec, new: GameSpec, seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The form's ``seats`` (set for the game ``old``) for the game ``new``: the same humans and
    bots in the same order, each bot at :func:`carried_level`, as many seats as ``new`` allows
    (bots of its default level added up to its minimum); its own names and colours."""
    kinds = ["human" if s.get("kind") == "human" else
             carried_level(s.get("level"), old.bot_levels, new.bot_levels, new.default_bot_level)
             for s in seats][:new.max_players]
    kinds += ["bot"] * (new.min_players - len(kinds))
    return default_seats(new, kinds)


def check_seats(spec: GameSpec, seats: Any, players: int | None = None) -> list[dict[str, Any]]:
    """``seats`` cleaned up (exactly the four keys), or SaveError saying what is wrong."""
    if seats is None or seats == []:
        raise SaveError("save.seats_missing")
    if not isinstance(seats, list):                  # there, but not a list of seats
        raise SaveError("save.seats_invalid")
    n = len(seats)
    if not spec.min_players <= n <= spec.max_players:
        raise SaveError("save.players_range", title=spec.title, min=spec.min_players, max=spec.max_players, n=n)
    if players is not None and players != n:
        raise SaveError("save.players_seats", players=players, n=n)
    out: list[dict[str, Any]] = []
    names: set[str] = set()
    colours: set[str] = set()
    for i, seat in enumerate(seats, 1):
        if not isinstance(seat, dict):
            raise SaveError("save.seat_bad", i=i)
        kind = seat.get("kind")
        if kind not in KINDS:
            raise SaveError("save.seat_kind", i=i, kind=shown(kind))
        level = seat.get("level")
        if kind == "bot" and (not isinstance(level, str) or level not in spec.bot_levels):
            raise SaveError("save.seat_level", i=i, level=shown(level), levels=", ".join(spec.bot_levels))
        name = seat.get("name")
        if not isinstance(name, str) or not name.strip():
            raise SaveError("save.seat_name", i=i)
        name = " ".join(name.split())
        if len(name) > MAX_NAME:
            raise SaveError("save.seat_name_long", i=i, max=MAX_NAME)
        if name.casefold() in names:
            raise SaveError("save.seat_same_name", name=name)
        names.add(name.casefold())
        colour = seat.get("colour")
        if not isinstance(colour, str) or not colour or len(colour) > 64:
            raise SaveError("save.seat_colour", i=i)
        if colour.lower() in colours:
            raise SaveError("save.seat_same_colour")
        colours.add(colour.lower())
        out.append({"kind": kind, "level": level if kind == "bot" else None, "name": name, "colour": colour})
    return out


def _fixed_now(now: _dt.datetime | None) -> str:
    return (now or _dt.datetime.now(_dt.UTC)).astimezone(_dt.UTC).strftime("%Y-%m-%dT%H:%MZ")


def check_field(spec: GameSpec, field: SetupField, value: Any, now: _dt.datetime | None = None) -> Any:
    """``value`` checked against ``field`` (SaveError with a code and params if it does not
    fit): a "choice" one of its choices (of the same type), an "int" a whole number within
    its bounds, a "datetime" or "text" a string; a datetime of "now" (where ``allow_now``)
    becomes a fixed UTC time, so that a replay is exact.  What a date *means* is the game's
    to check (``new_state``)."""
    label = spec.field_label(field)
    if field.kind == "choice":
        if not any(type(v) is type(value) and v == value for v in field.choices):
            raise SaveError("setup.not_a_choice", label=label, value=shown(value),
                            choices=", ".join(str(v) for v in field.choices))
        return value
    if field.kind == "int":
        low = field.minimum if field.minimum is not None else -MAX_SEED
        high = field.maximum if field.maximum is not None else MAX_SEED
        if type(value) is not int or not low <= value <= high:
            raise SaveError("setup.not_a_number", label=label, value=shown(value), min=low, max=high)
        return value
    if not isinstance(value, str):
        raise SaveError("setup.not_text", label=label, value=shown(value))
    if len(value) > MAX_TEXT:
        raise SaveError("setup.too_long", label=label, max=MAX_TEXT)
    if field.kind == "datetime":
        value = value.strip()
        if not value:
            raise SaveError("setup.empty", label=label)
        if value.lower() == "now":
            if not field.allow_now:
                raise SaveError("setup.no_now", label=label)
            return _fixed_now(now)
    return value


def resolve_setup(spec: GameSpec, setup: Any, now: _dt.datetime | None = None) -> dict[str, Any]:
    """A copy of ``setup`` ready for ``new_state``: ``players`` and ``seed`` checked, each of
    the game's fields defaulted and checked (:func:`check_field`), nothing else."""
    if not isinstance(setup, dict):
        raise SaveError("save.setup_missing")
    players, seed = setup.get("players"), setup.get("seed")
    if type(players) is not int or not spec.min_players <= players <= spec.max_players:
        raise SaveError("save.players_range", title=spec.title, min=spec.min_players, max=spec.max_players,
                        n=shown(players))
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise SaveError("save.seed", max=MAX_SEED, seed=shown(seed))
    fields = spec.setup_fields()
    known = {"players", "seed", *(f.key for f in fields)}
    for key in setup:
        if key not in known:
            raise SaveError("setup.unknown_field", key=shown(key), title=spec.title)
    out: dict[str, Any] = {"players": players, "seed": seed}
    for field in fields:
        out[field.key] = check_field(spec, field, setup.get(field.key, field.default), now)
    return out


def _new_state(spec: GameSpec, setup: dict[str, Any]) -> Any:
    """``spec.new_state`` with the game's refusal (any ValueError) as a SaveError."""
    try:
        return spec.new_state(setup)
    except ValueError as e:
        raise SaveError("save.cannot_set_up", error=e, game=spec) from e


# ------------------------------------------------------------------ replay


def _replay(spec: GameSpec, setup: dict[str, Any], actions: list[Any]
            ) -> tuple[Any, list[int | None], int, list[dict[str, Any]]]:
    """(state, movers, barrier, log) after ``actions``; SaveError if anything is illegal.

    ``movers[i]`` is the seat that took action i; ``barrier`` is how many
    actions lie before the last reveal of hidden information (undo stops there)."""
    state = _new_state(spec, setup)
    movers: list[int | None] = []
    barrier = 0
    log: list[dict[str, Any]] = []
    for i, data in enumerate(actions):
        if spec.is_over(state):
            raise SaveError("save.move_after_end", n=i + 1)
        seat = spec.current_player(state)
        try:
            action = spec.action_from_json(data)
        except (ValueError, TypeError, KeyError) as e:
            raise SaveError("save.move_unreadable", n=i + 1, error=e, game=spec) from e
        if _json_form(spec, action) != _stored_form(data):   # e.g. true or 3.0 where 3 belongs
            raise SaveError("save.move_unreadable", n=i + 1, error=SaveError("save.move_not_canonical"))
        try:
            canonical_action(spec, state, action)
        except GameError as e:
            raise SaveError("save.move_illegal", n=i + 1, error=e, game=spec) from e
        try:
            events = spec.apply(state, action)
        except ValueError as e:
            raise SaveError("save.move_illegal", n=i + 1, error=e, game=spec) from e
        movers.append(seat)
        log.extend(events or ())
        if spec.reveals_hidden(state):
            barrier = i + 1
    return state, movers, barrier, log


def _json_form(spec: GameSpec, action: Any) -> str | None:
    try:
        return json.dumps(spec.action_to_json(action), sort_keys=True, allow_nan=False)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError):
        return None


def _stored_form(data: Any) -> str | None:
    try:
        return json.dumps(data, sort_keys=True, allow_nan=False)
    except (ValueError, TypeError, RecursionError):
        return None


def canonical_action(spec: GameSpec, state: Any, action: Any,
                     legal_now: list[Any] | None = None) -> tuple[Any, dict[str, Any]]:
    """(the legal action that ``action`` is, its JSON): what a session applies and saves must
    load again, byte for byte.  ``legal_now``: the state's legal actions when the caller has
    listed them already (they are listed otherwise).

    The legal action must be equal to ``action`` *and* write the very same JSON (``True`` is
    not ``1``, ``3.0`` is not ``3``: such look-alikes are refused, code ``illegal_action``),
    and that JSON must read back as the same action (else ``not_saveable``: a game whose
    ``action_to_json`` loses something would write a save that no longer loads)."""
    try:
        found = [a for a in (spec.legal_actions(state) if legal_now is None else legal_now) if a == action]
    except Exception:  # noqa: BLE001 - an action whose comparison fails is not a legal one
        found = []
    form = _json_form(spec, action)
    legal = next((a for a in found if form is not None and _json_form(spec, a) == form), None)
    if legal is None:
        raise GameError(f"not a legal action now: {shown(action, 80)}", code="illegal_action")
    data = spec.action_to_json(legal)
    try:
        back = spec.action_from_json(json.loads(json.dumps(data)))
        ok = back == legal and _json_form(spec, back) == form
    except Exception:  # noqa: BLE001 - anything that does not read back is not saveable
        ok = False
    if not ok:
        raise GameError(f"the action {shown(legal, 80)} would not save and load again", code="not_saveable")
    return legal, data


class Session:
    """A game: the session dict plus the state rebuilt from it."""

    def __init__(self, spec: GameSpec, data: dict[str, Any], state: Any, movers: list[int | None],
                 barrier: int, log: list[dict[str, Any]]):
        self.spec = spec
        self.data = data
        self.state = state
        self.movers = movers
        self.barrier = barrier
        self.log = log

    # ---- making one

    @classmethod
    def start(cls, spec: GameSpec, setup: Any, seats: Any, *, now: _dt.datetime | None = None,
              rng: random.Random | None = None) -> Session:
        """A new game; SaveError (a code and params for the player) if the setup or seats are wrong."""
        setup = resolve_setup(spec, setup, now)
        seats = check_seats(spec, seats, setup["players"])
        stamp = now_iso(now)
        data = {"format": FORMAT, "version": VERSION, "game": spec.key, "game_version": spec.version,
                "id": new_id(rng, now), "setup": setup, "seats": seats, "actions": [],
                "created": stamp, "updated": stamp, "over": False}
        state = _new_state(spec, setup)
        session = cls(spec, data, state, [], 0, [])
        data["over"] = bool(spec.is_over(state))
        return session

    @classmethod
    def from_data(cls, data: Any, games: Games) -> Session:
        """The session of a parsed save, replayed and checked; SaveError if it can't be used.
        Imports only the game the save is of."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise SaveError("save.not_a_save")
        version = data.get("version")
        if version is None:                              # never "format None": not a whole save
            raise SaveError("save.format_missing")
        if type(version) is not int or version != VERSION:
            raise SaveError("save.format", found=shown(version), version=VERSION)
        key = data.get("game")
        try:
            spec = spec_of(games, key)
        except (ImportError, TypeError, ValueError) as e:   # the game's code is broken: not the save's fault
            raise SaveError("save.game_broken", key=shown(key), error=shown(str(e), 200)) from e
        if spec is None:
            raise SaveError("save.unknown_game", key=shown(key))
        game_version = data.get("game_version")
        if type(game_version) is not int:               # missing, null, text, a bool: not a whole save
            raise SaveError("save.game_version_missing", title=spec.title)
        if game_version != spec.version:
            raise SaveError("save.game_version", title=spec.title, found=shown(game_version), version=spec.version)
        if not isinstance(data.get("id"), str) or not data["id"] or len(data["id"]) > 64:
            raise SaveError("save.no_id")
        setup = data.get("setup")
        if not isinstance(setup, dict):
            raise SaveError("save.no_setup")
        resolved = resolve_setup(spec, setup)
        if resolved != setup:  # e.g. a date of "now", a missing field: not exactly replayable
            raise SaveError("save.not_fixed")
        setup = resolved
        seats = check_seats(spec, data.get("seats"), setup["players"])
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise SaveError("save.no_moves")
        created, updated = _time(data, "created"), _time(data, "updated")
        state, movers, barrier, log = _replay(spec, setup, actions)
        clean = {"format": FORMAT, "version": VERSION, "game": spec.key, "game_version": spec.version,
                 "id": data["id"], "setup": setup, "seats": seats, "actions": actions,
                 "created": created, "updated": updated, "over": bool(spec.is_over(state))}
        return cls(spec, clean, state, movers, barrier, log)

    @classmethod
    def from_json(cls, text: Any, games: Games) -> Session:
        """Like :meth:`from_data` from JSON text, parsed within bounds (``app.savejson``: size,
        depth, number length); says so when the text is empty, cut off, damaged or too large."""
        try:
            data = savejson.parse(text)
        except savejson.JSONProblem as e:
            raise SaveError(e.code, **e.params) from None
        return cls.from_data(data, games)

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(self.data, indent=indent, ensure_ascii=False, separators=None if indent else (",", ":"))

    # ---- reading

    @property
    def id(self) -> str:
        return str(self.data["id"])

    @property
    def setup(self) -> dict[str, Any]:
        setup: dict[str, Any] = self.data["setup"]
        return setup

    @property
    def seats(self) -> list[dict[str, Any]]:
        seats: list[dict[str, Any]] = self.data["seats"]
        return seats

    @property
    def actions(self) -> list[Any]:
        actions: list[Any] = self.data["actions"]
        return actions

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

    def apply(self, action: Any, *, now: _dt.datetime | None = None) -> list[dict[str, Any]]:
        """Play ``action`` (a ValueError — IllegalAction — if it is not legal now, nothing changed);
        returns its public events.  What is applied and saved is the game's own legal action."""
        if self.over:
            raise GameError("the game is over", code="game_over")
        legal, data = canonical_action(self.spec, self.state, action)
        seat = self.spec.current_player(self.state)
        events = list(self.spec.apply(self.state, legal) or ())
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
        i = self._last_human_step()
        if i < self.barrier or self.movers[i] != seat:
            return None
        return i

    def _last_human_step(self) -> int:
        """The index of the last human step after the undo barrier (below the barrier: none)."""
        i = len(self.actions) - 1
        while i >= self.barrier and not self.is_human(self.movers[i]):
            i -= 1
        return i

    def undo_refused(self) -> str | None:
        """Why the human deciding now has no step to undo, in a word a header can explain
        (play-test 7 #3: a disabled Undo whose tooltip said only what it does): ``"revealed"`` when
        their steps all lie before the last reveal of hidden information (against a bot that draws
        a card each turn, the whole game), ``"nothing"`` when they took no step yet; ``"over"`` once
        the game is over (play-test 8 F10: the disabled Undo said "Take back your last step").  None
        when they can undo, or when no human decides now (nothing to explain: a bot's turn)."""
        if self.over:
            return "over"
        seat = self.current_player()
        if not self.is_human(seat):
            return None
        # One walk back over the steps: above the barrier the last human step decides (theirs: they
        # may undo; another human's: nothing of theirs to undo); below it, any step of theirs is one
        # the reveal keeps.
        for i in range(len(self.movers) - 1, -1, -1):
            mover = self.movers[i]
            if i >= self.barrier:
                if self.is_human(mover):
                    return None if mover == seat else "nothing"
            elif mover == seat:
                return "revealed"
        return "nothing"

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


def describe(data: dict[str, Any], entry: Any = None) -> str:
    """"<title>: You, Bot 2 – 12 moves" from a session dict (no replay; ``entry``: the game's
    GameInfo or spec, for its title — a GameInfo is not loaded)."""
    title = title_of(entry, shown(data.get("game", "?")))
    seats = data.get("seats") if isinstance(data.get("seats"), list) else []
    names = ", ".join(seat_label(shown(s.get("name", "?"), MAX_NAME)) for s in (seats or []) if isinstance(s, dict))
    moves = len(data["actions"]) if isinstance(data.get("actions"), list) else 0
    return t("save.describe", title=title, names=names, count=moves)
