"""What each player may see, and samples of what they cannot (R17)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .common import _N_BONUS, _NOVA_CONSTELLATIO, _bits, _seed_from
from .data import (
    BONUS_TYPES,
    CARD_KINDS,
    CARD_NAMES,
    CONSTELLATIONS,
    ECLIPSIS_DISCARD,
    EVENT_CARDS,
    N_CONST,
    OBJECTIVE_NAMES,
    PLANETS,
    WINNING_POINTS,
)
from .errors import SeatError
from .fields import StateFields
from .payment import can_pay, payment_options
from .rng import Rng

if TYPE_CHECKING:
    from .state import State


class ViewRules(StateFields):
    """Mixin of :class:`~ptolemaeus.state.State`."""

    __slots__ = ()

    def _check_seat(self, seat: Any) -> None:
        if type(seat) is not int or not 0 <= seat < self.n:
            from .actions import shown
            raise SeatError(f"no seat {shown(seat)} in a {self.n}-player game", code="bad_seat",
                            players=self.n)

    def view(self, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see and nothing more (R17), JSON-able.
        Deck orders, other hands, other objectives stay hidden; counts and
        cards seen face up are public. ``None`` is a spectator: no hand, no
        objective, no score that counts one (until the end reveals them)."""
        if seat is not None:
            self._check_seat(seat)
        seats = []
        for p in range(self.n):
            entry: dict[str, Any] = {
                "seat": p,
                "reserve": self.reserve[p],
                "tokens": {CONSTELLATIONS[c]: t for c, t in enumerate(self.tokens[p]) if t},
                "studied": [PLANETS[i] for i in _bits(self.studied[p])],
                "asteroids": self.asteroids[p],
                "nova_constellatio": self.novas[p],
                "hand_count": sum(self.hands[p]),
                "bonus_count": sum(self.bonus_hands[p]),
                "known_cards": _card_list(self.known[p]),
            }
            if p == seat:
                entry["hand"] = _card_list(self.hands[p])
                entry["bonus_hand"] = [BONUS_TYPES[b] for b in range(_N_BONUS) for _ in range(self.bonus_hands[p][b])]
                entry["objective"] = OBJECTIVE_NAMES[self.objectives[p]]
                entry["score"] = self._breakdown(p)
            else:
                b = self._breakdown(p)
                entry["public_score"] = b["total"] - b["objective"]
            seats.append(entry)
        pending = self.stack[-1] if self.stack else None
        return {
            "viewer": seat,
            "players": self.n,
            "round": self.round,
            "turn": self.turn,
            "first_player": self.first,
            "turn_player": self.player,
            "current_player": self.current_player,
            "decision": self.decision(),
            "pending": _public_task(pending),
            "actions_left": self.actions_left,
            "planets": self.planets,
            "comet": self.comet,
            "comet_start": self.comet_start,
            "comet_steps": self.comet_steps,
            "asteroids_on_board": [CONSTELLATIONS[c] for c in range(N_CONST) if self.asteroid_on[c]],
            "event": EVENT_CARDS[self.event] if self.event >= 0 else None,
            "events_seen": [EVENT_CARDS[e] for e in self.events_seen],
            "event_deck_count": len(self.event_deck),
            "display": [CARD_NAMES[c] for c in self.display],
            "deck_count": len(self.deck),
            "discards": _card_list(self.discards),
            "bonus_deck_count": len(self.bonus_deck),
            "bonus_played": [BONUS_TYPES[b] for b in range(_N_BONUS) for _ in range(self.bonus_played[b])],
            "seats": seats,
            "legal_actions": ([a.to_json() for a in self.legal_actions()]
                              if seat is not None and self.current_player == seat else []),
            "is_over": self.over,
            "winners": list(self.winners),
            "end_reason": self.end_reason,
            "scores": self.scores() if self.over else None,
        }

    def determinize(self, seat: int, rng: Any) -> State:
        """A full state that ``seat`` cannot tell from this one: the same
        ``view(seat)``, with every hidden thing re-dealt (other hands except
        their publicly known cards, other objectives, deck orders) and a fresh
        random generator, so a bot searching it cannot peek at the future."""
        self._check_seat(seat)
        r = Rng(_seed_from(rng))
        s = self.clone()
        s._legal = None
        others = [o for o in range(self.n) if o != seat]
        self._deal_unseen_cards(s, others, r)
        bonus_pool = list(self.bonus_deck)
        for o in others:
            for b in range(_N_BONUS):
                bonus_pool += [b] * self.bonus_hands[o][b]
        bonus_pool.sort()            # canonical: the sample depends on the view and rng only
        r.shuffle(bonus_pool)
        # R13: a Nova Constellatio is never held in hand, so hands are dealt from the others.
        novas = [b for b in bonus_pool if b == _NOVA_CONSTELLATIO]
        bonus_pool = [b for b in bonus_pool if b != _NOVA_CONSTELLATIO]
        for o in others:
            hand = [0] * _N_BONUS
            for _ in range(sum(self.bonus_hands[o])):
                hand[bonus_pool.pop()] += 1
            s.bonus_hands[o] = hand
        bonus_pool += novas
        r.shuffle(bonus_pool)
        s.bonus_deck = bonus_pool
        if not self.over:            # once over, the final scores (in the view) reveal them
            self._deal_objectives(s, others, r)
        s.event_deck.sort()
        r.shuffle(s.event_deck)
        s.rng = Rng(r.next64())
        s.seed = r.next64()          # the real seed would replay every hidden shuffle
        return s

    def _deal_objectives(self, s: State, others: list[int], r: Rng) -> None:
        """Re-deal the secret objectives ``others`` hold, among the possible ones:
        in a game not over nobody holds 12 points yet (R16), so an objective that
        would give an opponent 12 is impossible (issue 16). Rejection sampling
        (the exact conditional distribution), then, if that keeps failing, a
        constrained deal in shuffled order; deterministic given ``r``."""
        pool = sorted(self.objective_pool + [self.objectives[o] for o in others])
        for _ in range(32):
            objectives = pool[:]
            r.shuffle(objectives)
            for o in others:
                s.objectives[o] = objectives.pop()
            if all(s.score(o) < WINNING_POINTS for o in others):
                s.objective_pool = sorted(objectives)
                return
        order = pool[:]
        r.shuffle(order)

        def place(i: int, left: list[int]) -> bool:
            if i == len(others):
                s.objective_pool = sorted(left)
                return True
            o = others[i]
            for obj in left:
                s.objectives[o] = obj
                if s.score(o) < WINNING_POINTS and place(i + 1, [x for x in left if x != obj]):
                    return True
            return False

        if not place(0, order):      # the real deal is one answer: only a broken state gets here
            for o in others:
                s.objectives[o] = self.objectives[o]
            s.objective_pool = self.objective_pool[:]

    def _deal_unseen_cards(self, s: State, others: list[int], r: Rng) -> None:
        """Re-deal the cards ``others`` hold unseen, and the deck.

        One public fact constrains a hand: a player in the middle of an
        observation has declared it, so their hand still pays for the tokens
        left to place. Samples breaking it are rejected; should that keep
        failing, the needed cards are dealt first (never looking at the real hand)."""
        pool = list(self.deck)
        for o in others:
            for card in range(CARD_KINDS):
                pool += [card] * (self.hands[o][card] - self.known[o][card])
        pool.sort()                  # canonical: the sample depends on the view and rng only
        task = self.stack[-1] if self.stack else None
        payer = self.player if task is not None and task[0] == "observe" and self.player in others else -1
        targets: tuple[int, ...] = task[1] if payer >= 0 and task is not None else ()
        for attempt in range(64):
            deck = pool[:]
            r.shuffle(deck)
            hands = {}
            for o in others:
                hand = self.known[o][:]
                if o == payer and attempt == 63:
                    for card in self._cards_to_pay(hand, deck, sum(self.hands[o]), targets, r):
                        deck.remove(card)
                        hand[card] += 1
                for _ in range(sum(self.hands[o]) - sum(hand)):
                    hand[deck.pop()] += 1
                hands[o] = hand
            if payer < 0 or can_pay(hands[payer], targets):
                break
        for o in others:
            s.hands[o] = hands[o]
        s.deck = deck

    @staticmethod
    def _cards_to_pay(hand: list[int], pool: list[int], size: int, targets: tuple[int, ...],
                      r: Rng) -> list[int]:
        """Cards from ``pool`` that, added to ``hand`` (up to ``size`` cards),
        pay for ``targets``: the first fit among shuffled payment choices."""
        available = hand[:]
        for card in pool:
            available[card] += 1

        def search(i: int, paid: list[int]) -> list[int] | None:
            if i == len(targets):
                extra = [0] * CARD_KINDS
                for card in paid:
                    extra[card] += 1
                need = [card for card in range(CARD_KINDS) for _ in range(max(0, extra[card] - hand[card]))]
                return need if sum(hand) + len(need) <= size else None
            options = payment_options(available, targets[i])
            r.shuffle(options)
            for pay in options:
                for card in pay:
                    available[card] -= 1
                found = search(i + 1, paid + list(pay))
                for card in pay:
                    available[card] += 1
                if found is not None:
                    return found
            return None

        return search(0, []) or []


def _card_list(counts: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in range(len(counts)) for _ in range(counts[c])]


def _public_task(task: tuple | None) -> dict[str, Any] | None:
    """The pending decision as everyone sees it."""
    if task is None:
        return None
    kind = task[0]
    out: dict[str, Any] = {"kind": kind}
    if kind == "observe":
        out["targets"] = [CONSTELLATIONS[c] for c in task[1]]
    elif kind == "study":
        out["at"] = CONSTELLATIONS[task[1]]
    elif kind == "signa":
        out["colour"] = task[1]
    elif kind in ("mars", "saturnus", "eclipsis"):
        out["seat"] = task[1]
        out["count"] = task[2] if kind != "eclipsis" else ECLIPSIS_DISCARD
    elif kind in ("nova_luna", "venus", "iupiter", "mercurius"):
        out["remaining"] = task[1]
    return out

