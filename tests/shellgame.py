"""Tally: a tiny game with hidden hands, for testing the shell (never part of the site).

CPython tests import it (``import shellgame``) to drive ``app.session``,
``app.storage`` and ``app.host``; the browser tests serve this file in place of
``py/app/main.py``, so the page registers Tally as its only game and runs the
real shell around it (the ``__main__`` block at the end).

Rules: a deck of 1..6 (three of each), shuffled by the seed; each seat is
dealt two cards (hidden).  On your turn either draw the top card (the turn
ends; a reveal of hidden information) or play cards from your hand one by
one (each scores its value) and then end the turn; with no card anywhere you
pass.  The game ends when a seat reaches 15 or every card is played.

The bot "thinks" (random playouts over a re-dealt copy: it never sees the
other hands) for a time set by its level, in slices, then plays greedily.
"""

from __future__ import annotations

if __name__ == "__main__":  # served as the page's main.py: the shell's packages come in shell.zip
    import importlib
    import io
    import zipfile

    with zipfile.ZipFile(io.BytesIO(zipfile.ZipFile("shell.zip").read("solid.zip"))) as _shell:  # as py/app/main.py does, before anything imports app
        _shell.extractall()
    importlib.invalidate_caches()   # the folder's listing, cached by mtime, changed

import datetime as _dt
import json
import random
import time
from typing import Any

from app.games import GameInfo, GameSpec
from gamekit import safejson
from gamekit.game import GameError, IllegalAction, InvalidState, Rules, SetupError, SetupField, shown

TARGET = 15
LEVELS = {"easy": 0.0, "normal": 0.15, "hard": 0.5}
CARDS = [c for c in range(1, 7) for _ in range(3)]
STATE_KEYS = ("n", "start", "deck", "hands", "scores", "current", "played", "revealed")
COLOURS = [("#d64541", "red"), ("#3a7bd5", "blue"), ("#e8c547", "yellow"), ("#3fae6a", "green")]


class TallyState:
    def __init__(self, players: int, seed: int, start: str):
        self.n = players
        self.start = start
        rng = random.Random(seed)
        self.deck = [c for c in range(1, 7) for _ in range(3)]
        rng.shuffle(self.deck)
        self.hands = [sorted(self.deck.pop() for _ in range(2)) for _ in range(players)]
        self.scores = [0] * players
        self.current = 0
        self.played = False
        self.revealed = False

    def copy(self) -> TallyState:
        other = TallyState.__new__(TallyState)
        other.__dict__ = {k: (list(map(list, v)) if k == "hands" else list(v) if isinstance(v, list) else v)
                          for k, v in self.__dict__.items()}
        return other

    @property
    def over(self) -> bool:
        return max(self.scores) >= TARGET or (not self.deck and not any(self.hands))

    def legal(self) -> list[tuple]:
        if self.over:
            return []
        hand = self.hands[self.current]
        out = [("play", c) for c in sorted(set(hand))]
        if self.played:
            return out + [("end",)]
        if self.deck:
            out = [("draw",)] + out
        return out or [("end",)]

    def apply(self, action: tuple) -> list[dict]:
        # Exact types first: ("play", True) or ("play", 3.0) equal a legal action but would save badly.
        if (type(action) is not tuple or not action or type(action[0]) is not str
                or any(type(x) is not int for x in action[1:]) or action not in self.legal()):
            code = "game_over" if self.over else "illegal_action"
            raise IllegalAction(f"not a legal action now: {shown(action)}", code=code)
        p = self.current
        self.revealed = False
        if action[0] == "play":
            self.hands[p].remove(action[1])
            self.scores[p] += action[1]
            self.played = True
            events = [{"type": "play", "seat": p, "card": action[1]}]
            if self.over:
                return events
            return events
        if action[0] == "draw":
            self.hands[p].append(self.deck.pop())
            self.hands[p].sort()
            self.revealed = True
            events = [{"type": "draw", "seat": p}]
        else:
            events = [{"type": "end", "seat": p}]
        self.played = False
        self.current = (p + 1) % self.n
        return events

    def view(self, seat: int | None) -> dict:
        return {"scores": list(self.scores), "hand_counts": [len(h) for h in self.hands],
                "deck": len(self.deck), "current": None if self.over else self.current,
                "hand": list(self.hands[seat]) if seat is not None else None}


def redeal(state: TallyState, seat: int, rng: random.Random) -> TallyState:
    """Every card ``seat`` cannot see (the deck, the other hands) shuffled and dealt again."""
    d = state.copy()
    pool = sorted(d.deck + [c for i, h in enumerate(d.hands) if i != seat for c in h])
    rng.shuffle(pool)
    for i, h in enumerate(d.hands):
        if i != seat:
            d.hands[i] = sorted(pool.pop() for _ in h)
    d.deck = pool
    return d


def check_tally(s: TallyState) -> None:
    """Tally's invariants (InvalidState): 18 cards, each value at most thrice, the
    points are exactly the cards played, a seat to play, sorted hands."""
    def bad(msg: str, code: str = "impossible") -> None:
        raise InvalidState(msg, code=code)

    if type(s.n) is not int or not 1 <= s.n <= 4:
        bad("players must be 1..4", "bad_field")
    if not isinstance(s.start, str) or len(s.start) > 64:
        bad("start must be short text", "bad_field")
    for name in ("played", "revealed"):
        if type(getattr(s, name)) is not bool:
            bad(f"{name} must be true or false", "bad_field")
    if type(s.current) is not int or not 0 <= s.current < s.n:
        bad("current must be a seat", "bad_field")
    if not isinstance(s.deck, list) or not isinstance(s.hands, list) or len(s.hands) != s.n:
        bad("deck and hands must be lists (one hand per seat)", "bad_field")
    if not isinstance(s.scores, list) or len(s.scores) != s.n or any(type(x) is not int or x < 0 for x in s.scores):
        bad("scores must be one whole number per seat", "bad_field")
    cards = list(s.deck)
    for hand in s.hands:
        if not isinstance(hand, list):
            bad("hands must be lists", "bad_field")
        cards += hand
    if any(type(c) is not int or not 1 <= c <= 6 for c in cards):
        bad("cards are 1..6", "bad_field")
    if any(hand != sorted(hand) for hand in s.hands):
        bad("hands are kept sorted", "bad_field")
    if any(cards.count(v) > 3 for v in range(1, 7)):
        bad("each card value comes three times")
    if sum(s.scores) != sum(CARDS) - sum(cards):
        bad("the points are not the cards played")
    if not s.over and not s.legal():
        bad("the game is stuck")


class TallyBot:
    def __init__(self, state: TallyState, seat: int, level: str, seed: int, time_factor: float = 1.0):
        if not isinstance(level, str) or level not in LEVELS:
            raise GameError(f"unknown bot level {shown(level)}", code="bad_level")
        if state.over or type(seat) is not int or seat != state.current:
            raise GameError(f"seat {shown(seat)} is not to decide now", code="not_to_decide")
        self.rng = random.Random(seed)
        self.seat = seat
        self.budget = LEVELS[level] * time_factor
        self.spent = 0.0
        # Information hygiene: re-deal the other hands and the deck from what this seat can't see.
        known = self._redeal(state)
        self.state = known
        self.playouts = 0

    def _redeal(self, state: TallyState) -> TallyState:
        return redeal(state, self.seat, self.rng)

    def step(self, max_seconds: float) -> bool:
        end = time.perf_counter() + min(max_seconds, self.budget - self.spent)
        t0 = time.perf_counter()
        while time.perf_counter() < end:  # random playouts: real work in small pieces
            d = self.state.copy()
            while not d.over:
                d.apply(self.rng.choice(d.legal()))
            self.playouts += 1
        self.spent += time.perf_counter() - t0
        return self.spent >= self.budget - 1e-4

    def result(self) -> tuple:
        legal = self.state.legal()
        plays = [a for a in legal if a[0] == "play"]
        if plays:
            return max(plays)
        return ("end",) if ("end",) in legal else legal[0]


def parse_date(text: Any) -> _dt.datetime:
    try:
        return _dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        raise SetupError(f"not a date: {text!r} (write e.g. 1969-07-20 or 1969-07-20T20:17Z)",
                         code="not_a_date", value=str(text)) from None


# Tally's line in a catalog (the browser tests register it in place of the page's catalog).
TALLY = GameInfo(key="tally", titles={"en": "Tally", "de": "Zählen"}, spec="shellgame:TallySpec",
                 min_players=1, max_players=4, bot_levels=("easy", "normal", "hard"), default_bot_level="normal",
                 stylesheet="tests/tally.css", link_aliases={"date": "start"},
                 blurbs={"en": "Draw and play cards to reach 15."})

START = SetupField("start", "datetime", default="1969-07-20T20:17Z",
                   choices=("1969-07-20T20:17Z", "1610-01-07"), allow_now=True)
START_LABELS = {"1969-07-20T20:17Z": "Apollo 11 lands on the Moon", "1610-01-07": "Galileo sees Jupiter's moons"}


class TallyRules(Rules[TallyState, tuple]):
    """Tally under the shared contract (``gamekit.game.Rules``): the conformance suite's test game.

    ``bot_time_factor`` scales the bots' time budgets (the conformance suite sets it low)."""

    key = "tally"
    version = 1
    min_players = 1
    max_players = 4
    bot_levels: tuple[str, ...] = ("easy", "normal", "hard")
    default_bot_level = "normal"
    bot_time_factor = 1.0

    def setup_fields(self) -> list[SetupField]:
        return [START]

    def new_state(self, setup: dict) -> TallyState:
        if not isinstance(setup, dict):
            raise SetupError("a setup is a dict", code="bad_setup")
        players, seed, start = setup.get("players"), setup.get("seed"), setup.get("start", "1969-07-20T20:17Z")
        if type(players) is not int or not self.min_players <= players <= self.max_players:
            raise SetupError(f"players must be 1..4, not {shown(players)}", code="bad_players")
        if type(seed) is not int or not -(2 ** 63) <= seed < 2 ** 63:
            raise SetupError(f"bad seed {shown(seed)}", code="bad_seed")
        parse_date(start)   # SetupError "not_a_date"
        return TallyState(players, seed, start)

    def random_setup(self, rng: random.Random, players: int) -> dict:
        return {"players": players, "seed": rng.randrange(2 ** 31), "start": "1969-07-20T20:17Z"}

    def state_to_json(self, state: TallyState) -> str:
        return json.dumps(state.__dict__, sort_keys=True)

    def state_from_json(self, text: str) -> TallyState:
        try:
            data = safejson.loads(text)
        except safejson.JSONLimitError as e:
            raise InvalidState(f"not a saved game: {e}", code=e.code) from None
        if not isinstance(data, dict) or set(data) != set(STATE_KEYS):
            raise InvalidState("not a saved game of Tally", code="not_a_save")
        s = TallyState.__new__(TallyState)
        s.__dict__ = data
        check_tally(s)
        return s

    def action_to_json(self, action: tuple) -> dict:
        if not (isinstance(action, tuple) and (action in (("draw",), ("end",)) or (
                len(action) == 2 and action[0] == "play" and type(action[1]) is int))):
            raise IllegalAction(f"not an action of Tally: {shown(action)}", code="not_an_action")
        return {"kind": action[0], **({"card": action[1]} if action[0] == "play" else {})}

    def action_from_json(self, data: Any) -> tuple:
        if not isinstance(data, dict):
            raise IllegalAction("an action is a JSON object", code="not_an_action")
        kind = data.get("kind")
        if kind == "play" and set(data) == {"kind", "card"} and type(data["card"]) is int and abs(data["card"]) < 1000:
            return ("play", data["card"])
        if kind in ("draw", "end") and set(data) == {"kind"}:
            return (kind,)
        raise IllegalAction(f"not an action of Tally: {shown(data)}", code="not_an_action")

    def current_player(self, state: TallyState) -> int | None:
        return None if state.over else state.current

    def legal_actions(self, state: TallyState) -> list:
        return state.legal()

    def apply(self, state: TallyState, action: tuple) -> list[dict]:
        return state.apply(action)

    def reveals_hidden(self, state: TallyState) -> bool:
        return state.revealed

    def is_over(self, state: TallyState) -> bool:
        return state.over

    def scores(self, state: TallyState) -> list[float]:
        return [float(x) for x in state.scores]

    def returns(self, state: TallyState) -> list[float]:
        if not state.over:
            return [0.0] * state.n
        best = max(state.scores)
        winners = [i for i, x in enumerate(state.scores) if x == best]
        return [1.0 / len(winners) if i in winners else 0.0 for i in range(state.n)]

    def clone(self, state: TallyState) -> TallyState:
        return state.copy()

    def view(self, state: TallyState, seat: int | None) -> dict:
        if seat is not None and (type(seat) is not int or not 0 <= seat < state.n):
            raise GameError(f"no seat {shown(seat)}", code="bad_seat")
        return state.view(seat)

    def determinize(self, state: TallyState, observer: int, rng: random.Random) -> TallyState:
        if type(observer) is not int or not 0 <= observer < state.n:
            raise GameError(f"no seat {shown(observer)}", code="bad_seat")
        return redeal(state, observer, rng)

    def check_invariants(self, state: TallyState) -> None:
        try:
            check_tally(state)
        except InvalidState as e:
            raise AssertionError(str(e)) from None

    def bot_search(self, state: TallyState, seat: int, level: str, seed: int) -> TallyBot:
        return TallyBot(state, seat, level, seed, self.bot_time_factor)


class TallySpec(TallyRules, GameSpec):
    """Tally as the page plays it: its rules (``TallyRules``) plus labels and its view."""

    bot_names = ("Mars", "Venus", "Iupiter", "Saturnus")

    def seat_colours(self) -> list[tuple[str, str]]:
        return list(COLOURS)

    def field_label(self, setup_field: SetupField) -> str:
        return "Start date"

    def choice_label(self, setup_field: SetupField, value: Any) -> str:
        return START_LABELS.get(value, str(value))

    def error_text(self, error: BaseException) -> str:
        if getattr(error, "code", None) == "not_a_date":
            return f"not a date: '{error.params['value']}'"  # type: ignore[attr-defined]
        return str(error)

    def mount(self, container, host):
        return TallyView(container, host)

class TallyView:
    """The page's drawing of Tally (browser only: imports ``app.dom`` lazily).

    Test hooks: ``[data-action="draw"|"play:<c>"|"end"]`` buttons for the legal
    actions of the seat on screen, ``[data-hand-of="<seat>"]`` the one hand shown,
    ``.tally-busy`` the bot's thinking text, ``#tally-undo`` the view's undo button."""

    def __init__(self, container, host):
        from app.dom import Listeners, el
        self.el = el
        self.listeners = Listeners()
        self.host = host
        self.root = el("section", {"class": "tally", "aria-label": "Tally board"})
        self.busy = el("p", {"class": "tally-busy", "role": "status"})
        self.board = el("div", {"class": "tally-board"})
        self.root.append(self.busy, self.board)
        container.append(self.root)

    def show(self, state, viewer, events):
        el, host = self.el, self.host
        self.listeners.release()
        view = state.view(viewer)
        rows = []
        for i, seat in enumerate(host.seats):
            row = el("li", {"data-seat": i, "class": "tally-seat"},
                     f"{seat['name']}: {view['scores'][i]} points, {view['hand_counts'][i]} cards")
            rows.append(row)
        children = [el("p", {"class": "tally-deck"}, f"Deck: {view['deck']} cards"), el("ul", {}, *rows)]
        if viewer is not None:
            hand = el("p", {"data-hand-of": viewer}, "Your hand: " + " ".join(map(str, view["hand"])))
            children.append(hand)
        if viewer is not None and view["current"] == viewer:
            buttons = el("div", {"class": "tally-actions"})
            for action in state.legal():
                label = "Draw" if action[0] == "draw" else "End turn" if action[0] == "end" else f"Play {action[1]}"
                code = action[0] if len(action) == 1 else f"{action[0]}:{action[1]}"
                button = el("button", {"type": "button", "data-action": code}, label)
                self.listeners.on(button, "click", lambda _e, a=action: host.submit(a))
                buttons.append(button)
            children.append(buttons)
        if view["current"] is None:
            children.append(el("p", {"class": "tally-over"}, "Game over: " + ", ".join(
                f"{s['name']} {view['scores'][i]}" for i, s in enumerate(host.seats))))
        undo = el("button", {"type": "button", "id": "tally-undo", "disabled": not host.can_undo()}, "Undo")
        self.listeners.on(undo, "click", lambda _e: host.undo())
        children.append(undo)
        children.append(el("p", {"class": "tally-events"}, json.dumps(events)))
        self.board.replaceChildren(*children)

    def set_busy(self, text):
        self.busy.textContent = text or ""

    def destroy(self):
        self.listeners.release()
        self.root.remove()


if __name__ == "__main__":  # served as py/app/main.py by tests/browser/test_shell.py
    import sys

    from pyscript import document

    from app.games import register
    from app.shell import App
    from boot import archives

    # The shell's texts in the page's language, before the first screen, as app/start.py fetches them
    # (shell.zip carries only their English).
    archives.use_languages(str(document.documentElement.lang or "en"))
    archives.LOADER.ensure_texts_sync("app")
    sys.modules["shellgame"] = sys.modules["__main__"]   # what TALLY.spec names, loaded lazily
    register(TALLY)
    App().run()
