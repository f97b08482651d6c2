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

import datetime as _dt
import json
import random
import time

TARGET = 15
LEVELS = {"easy": 0.0, "normal": 0.15, "hard": 0.5}
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

    def copy(self) -> "TallyState":
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
        if action not in self.legal():
            raise ValueError(f"not a legal action now: {action!r}")
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


class TallyBot:
    def __init__(self, state: TallyState, seat: int, level: str, seed: int):
        self.rng = random.Random(seed)
        self.seat = seat
        self.budget = LEVELS[level]
        self.spent = 0.0
        # Information hygiene: re-deal the other hands and the deck from what this seat can't see.
        known = self._redeal(state)
        self.state = known
        self.playouts = 0

    def _redeal(self, state: TallyState) -> TallyState:
        d = state.copy()
        pool = d.deck + [c for i, h in enumerate(d.hands) if i != self.seat for c in h]
        self.rng.shuffle(pool)
        for i, h in enumerate(d.hands):
            if i != self.seat:
                d.hands[i] = sorted(pool.pop() for _ in h)
        d.deck = pool
        return d

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


def parse_date(text: str) -> _dt.datetime:
    try:
        return _dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        raise ValueError(f"not a date: {text!r} (write e.g. 1969-07-20 or 1969-07-20T20:17Z)") from None


class TallySpec:
    key = "tally"
    title = "Tally"
    version = 1
    min_players = 1
    max_players = 4
    bot_levels = ["normal", "easy", "hard"]
    seat_colours = COLOURS
    bot_names = ["Mars", "Venus", "Iupiter", "Saturnus"]

    def setup_fields(self) -> list[dict]:
        return [{"key": "start", "label": "Start date", "kind": "date",
                 "choices": [("1969-07-20T20:17Z", "Apollo 11 lands on the Moon"),
                             ("1610-01-07", "Galileo sees Jupiter's moons")],
                 "default": "1969-07-20T20:17Z"}]

    def new_state(self, setup: dict) -> TallyState:
        parse_date(setup["start"])
        return TallyState(setup["players"], setup["seed"], setup["start"])

    def state_to_json(self, state: TallyState) -> str:
        return json.dumps(state.__dict__, sort_keys=True)

    def state_from_json(self, text: str) -> TallyState:
        s = TallyState.__new__(TallyState)
        s.__dict__ = json.loads(text)
        return s

    def action_to_json(self, action: tuple) -> dict:
        return {"kind": action[0], **({"card": action[1]} if action[0] == "play" else {})}

    def action_from_json(self, data: dict) -> tuple:
        kind = data["kind"]
        if kind == "play":
            return ("play", int(data["card"]))
        if kind in ("draw", "end"):
            return (kind,)
        raise ValueError(f"unknown action kind {kind!r}")

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

    def bot_search(self, state: TallyState, seat: int, level: str, seed: int) -> TallyBot:
        return TallyBot(state, seat, level, seed)

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
    import zipfile

    with zipfile.ZipFile("shell.zip") as shell:  # the shell's packages, as py/app/main.py does
        shell.extractall()
    from app.games import register
    from app.shell import App

    register(TallySpec())
    App(title="Ptolemaeus", storage_prefix="ptolemaeus.").run()
