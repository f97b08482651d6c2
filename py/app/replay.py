"""Replay of any game, and replay links (pure Python, tested under CPython).

A replay needs from a game only what every game has: its ``Rules`` (the setup
and the actions replayed through ``app.session``, which proves each legal),
its view's ``show(state, viewer, events)`` and, optionally, a round to jump to
(``GameSpec.round_of(state)``).  :class:`Replay` keeps the state after every
action, so stepping back or jumping is as fast as stepping forward; stepping
forward one action hands the view that action's events (the board animates as
in play), any other move is a redraw (``events == []``).

Who may see what (R17 and its like in every game): a game not over is replayed
only through the eyes it was played with — the single human's seat, or nobody's
(``None``) with several or no humans.  Once the game is over the replay may be
watched from any seat or as a spectator: the hands are no secret any more.

A replay link carries a finished game in the URL fragment (never sent to a
server)::

    ?game=<key>#replay=1.<base64url(zlib(JSON))>

The JSON is ``{"game", "game_version", "setup", "seats", "actions"}``; the
``1.`` is the link format's version.  The query repeats the game's key for the
page's start (``static/loader.js`` fetches that game's code before Python runs;
older links have no query: ``app.start`` reads the key from the fragment).  :func:`decode_link` refuses anything it
cannot replay exactly with a :class:`ReplayLinkError` (a code and params):
a malformed or corrupt payload, a compressed bomb, another link version,
another game version, an unknown game, an illegal move, an unfinished game.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass
from typing import Any

from app.errors import ShellError
from app.games import Games, GameSpec
from app.i18n import default_name, t
from app.links import REPLAY_PREFIX
from app.session import FORMAT, VERSION, SaveError, Session, shown
from gamekit import safejson

__all__ = ["LINK_PREFIX", "LINK_VERSION", "MAX_LINK_CHARS", "Replay", "ReplayHost", "ReplayLinkError",
           "address_without_link", "decode_link", "encode_link", "is_replay_link", "link_tail", "linked_game_key"]

LINK_PREFIX = REPLAY_PREFIX     # (app.links: the start reads it without this module)
LINK_VERSION = 1
MAX_LINK_CHARS = 200_000        # a long game compresses to a few kB; browsers keep ~2 MB of URL
MAX_JSON_CHARS = 1_000_000      # what the payload may inflate to (a zlib bomb stops here)


class ReplayLinkError(ShellError):
    """A replay link that cannot be replayed: a code (a shell text key) and params."""


def is_replay_link(fragment: str) -> bool:
    """Whether the URL fragment (with its ``#``) is a replay link (a malformed one included)."""
    return isinstance(fragment, str) and fragment.startswith(LINK_PREFIX)


def address_without_link(path: str, fragment: str) -> str | None:
    """The address that replaces one holding a replay link (``fragment``, with its ``#``) once the
    link was read and its replay left: the page's own path (the sub-path a project site is served
    under included), without the link's query or fragment, so that a reload shows the game being
    played, not the replay or its error again.  None when the fragment is no replay link."""
    return path if is_replay_link(fragment) else None


def _b64encode(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def _b64decode(text: str) -> bytes:
    if not text or any(c not in _B64 for c in text) or len(text) % 4 == 1:
        raise ReplayLinkError("replay.link.damaged")
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ReplayLinkError("replay.link.damaged") from None


_B64 = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


def encode_link(session: Session) -> str:
    """The fragment (``#replay=1.…``) of a link that replays this finished game.
    ValueError for a game not over (its hidden information is nobody's to share)."""
    if not session.over:
        raise ReplayLinkError("replay.link.unfinished")
    body = {"game": session.spec.key, "game_version": session.spec.version, "setup": session.setup,
            "seats": session.seats, "actions": session.actions}
    text = json.dumps(body, separators=(",", ":"), ensure_ascii=False, sort_keys=True)
    return f"{LINK_PREFIX}{LINK_VERSION}.{_b64encode(zlib.compress(text.encode('utf-8'), 9))}"


def link_tail(session: Session) -> str:
    """The query and fragment of a link that replays this finished game: ``?game=<key>#replay=1.…``.
    The query names the game so that the page fetches that game's code first, before Python could
    read the fragment (``static/loader.js``, ``app.start``), not the default game's."""
    return f"?game={session.spec.key}{encode_link(session)}"


def linked_game_key(fragment: Any) -> str | None:
    """The game key a replay link's fragment names, or None if it is no readable link: for
    ``app.start``, which fetches that game's code before the shell's imports (an older link has no
    ``?game=``).  Only unpacked and parsed (a few ms), nothing imported or replayed; never raises
    (:func:`decode_link` says later what is wrong)."""
    try:
        key = _body(fragment)["game"]
    except ReplayLinkError:
        return None
    return key if isinstance(key, str) else None


def _body(fragment: Any) -> dict[str, Any]:
    """The JSON object a replay link carries, its keys checked, its values not."""
    if not isinstance(fragment, str) or not fragment.startswith(LINK_PREFIX):
        raise ReplayLinkError("replay.link.damaged")
    if len(fragment) > MAX_LINK_CHARS:
        raise ReplayLinkError("replay.link.too_long", max=MAX_LINK_CHARS)
    version, dot, payload = fragment[len(LINK_PREFIX):].partition(".")
    if not dot or not version.isdigit() or not version.isascii() or len(version) > 6:
        raise ReplayLinkError("replay.link.damaged")
    if int(version) != LINK_VERSION:
        raise ReplayLinkError("replay.link.version", found=int(version), version=LINK_VERSION)
    packed = _b64decode(payload.rstrip("="))   # padding is optional
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, MAX_JSON_CHARS)
    except zlib.error:
        raise ReplayLinkError("replay.link.damaged") from None
    if inflater.unconsumed_tail:
        raise ReplayLinkError("replay.link.too_large", max=MAX_JSON_CHARS)
    if not inflater.eof or inflater.unused_data:
        raise ReplayLinkError("replay.link.damaged")
    try:
        body = safejson.loads(raw.decode("utf-8"), max_bytes=MAX_JSON_CHARS)
    except (UnicodeDecodeError, safejson.JSONLimitError):
        raise ReplayLinkError("replay.link.damaged") from None
    if not isinstance(body, dict) or set(body) != {"game", "game_version", "setup", "seats", "actions"}:
        raise ReplayLinkError("replay.link.damaged")
    return body


def decode_link(fragment: Any, games: Games) -> Session:
    """The finished game a replay link carries, replayed and checked (only that game is
    imported); :class:`ReplayLinkError` with a code and params for anything else."""
    body = _body(fragment)
    data = {"format": FORMAT, "version": VERSION, "game": body["game"], "game_version": body["game_version"],
            "id": "replay", "setup": body["setup"], "seats": body["seats"], "actions": body["actions"],
            "created": "", "updated": "", "over": True}
    try:
        session = Session.from_data(data, games)
    except SaveError as e:
        if e.code == "save.game_version":
            raise ReplayLinkError("replay.link.game_version", **e.params) from None
        raise ReplayLinkError("replay.link.bad", error=e) from None
    if not session.over:
        raise ReplayLinkError("replay.link.unfinished")
    return session


@dataclass(frozen=True)
class Frame:
    """What the view is given at a position: the state, the viewer, the events to animate."""

    index: int
    state: Any
    viewer: int | None
    events: list[dict[str, Any]]


class Replay:
    """A game's positions 0 … n (n actions) with a cursor; the states are clones kept per position."""

    def __init__(self, session: Session, shared: bool = False):
        """``shared``: the game came in a replay link, so whoever watches played none of its seats:
        they watch as a spectator (the game is over: everything may be seen), and the seat the
        sharer called "You" is shown by its number ("Player 1"), not as the watcher's own."""
        spec = session.spec
        self.spec: GameSpec = spec
        self.session_data = session.data
        self.seats: list[dict[str, Any]] = [dict(seat) for seat in session.seats]
        self._names = [seat.get("name") for seat in self.seats]
        self.over = session.over
        state = spec.new_state(session.setup)
        self.states: list[Any] = [spec.clone(state)]
        self.events: list[list[dict[str, Any]]] = [[]]
        for data in session.actions:   # the session replayed these already: they are legal
            self.events.append(list(spec.apply(state, spec.action_from_json(data)) or ()))
            self.states.append(spec.clone(state))
        self.index = len(self.states) - 1
        humans = [i for i, seat in enumerate(self.seats) if seat.get("kind") == "human"]
        self.viewer: int | None = humans[0] if len(humans) == 1 and not (shared and self.over) else None
        self._name_seats()

    def _name_seats(self) -> None:
        """Names as the viewer reads them: the seat the shell called "You" is "You" only to its own
        eyes; to any other seat's, a spectator's, a link's watcher's, it is "Player n" (play-test 4:
        "You's turn" seen by Tacitus).  Each such seat's ``third`` name ("Player n") is for the words
        that name nobody as "you" (``boardui.screen.heading``).  The list is changed in place: the
        host and the mounted view hold it."""
        for i, (seat, name) in enumerate(zip(self.seats, self._names)):
            if default_name(name) == ("you", None):
                seat["third"] = t("seat.player", n=i + 1)    # a default name: shown in any language
                seat["name"] = name if i == self.viewer else seat["third"]

    # ---- what may be seen

    @property
    def length(self) -> int:
        """How many actions the game has (the last position's index)."""
        return len(self.states) - 1

    def viewers(self) -> list[int | None]:
        """The eyes the replay may be watched through: any seat or a spectator once the game is
        over; before, only the eyes it is played with (hidden information stays hidden)."""
        if self.over:
            return [None, *range(len(self.seats))]
        return [self.viewer]

    def set_viewer(self, viewer: int | None) -> None:
        if (viewer is not None and type(viewer) is not int) or viewer not in self.viewers():   # True == 1
            raise ReplayLinkError("replay.viewer", seat=shown(viewer))
        self.viewer = viewer
        self._name_seats()

    # ---- rounds

    def round_at(self, index: int) -> int | None:
        return self.spec.round_of(self.states[index])

    def rounds(self) -> list[tuple[int, int]]:
        """(round, the first position in it), in order, for a game that counts rounds."""
        found: list[tuple[int, int]] = []
        for i in range(len(self.states)):
            r = self.round_at(i)
            if r is not None and (not found or found[-1][0] != r):
                found.append((r, i))
        return found

    # ---- moving

    def frame(self, events: list[dict[str, Any]] | None = None) -> Frame:
        return Frame(self.index, self.states[self.index], self.viewer, events or [])

    def seek(self, index: int) -> Frame:
        """To position ``index`` (clamped): one step forward animates that action, anything else redraws."""
        if type(index) is not int:
            raise ReplayLinkError("replay.position", index=shown(index))
        index = max(0, min(self.length, index))
        step = index == self.index + 1
        self.index = index
        return self.frame(self.events[index] if step else [])

    def step(self, delta: int) -> Frame:
        return self.seek(self.index + delta)

    def jump_round(self, round_no: int) -> Frame:
        """To the first position of round ``round_no``."""
        for r, i in self.rounds():
            if r == round_no:
                return self.seek(i)
        raise ReplayLinkError("replay.no_round", round=shown(round_no))

    def log(self) -> list[dict[str, Any]]:
        """The public events up to the cursor (the move log in sync)."""
        return [e for events in self.events[1:self.index + 1] for e in events]

    def at_end(self) -> bool:
        return self.index >= self.length


class ReplayHost:
    """The ``Host`` a view is mounted with in a replay: nobody may decide, the log follows the cursor."""

    replaying = True    # the replay's controls are on the screen: the view opens no modal dialog by itself

    def __init__(self, replay: Replay, settings: dict[str, Any], on_new_game: Any = None):
        self.replay = replay
        self.seats = replay.seats
        self.settings = settings
        self._new_game = on_new_game

    def submit(self, action: Any) -> None:
        raise ReplayLinkError("replay.no_moves")

    def can_undo(self) -> bool:
        return False

    def undo(self) -> None:
        return None

    def new_game(self) -> None:
        if self._new_game is not None:
            self._new_game()

    def log(self) -> list[dict[str, Any]]:
        return self.replay.log()
