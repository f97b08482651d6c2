"""Checking a saved state before trusting it.

A save can be truncated, edited by hand, or written by another version. Each
check below raises :class:`InvalidState` with a sentence a player (or a
developer) can act on; nothing half-loaded ever reaches the game.
"""

from __future__ import annotations

from typing import Any

from .data import (
    BONUS_COUNTS, BONUS_TYPES, CARD_KINDS, COPIES_PER_CARD, ECLIPSIS, EVENT_CARDS, MAX_PLAYERS, MIN_PLAYERS,
    N_ASTEROIDS, N_CONST, OBJECTIVES, SOLITAIRE_REMOVED, TOKENS_PER_PLAYER, TURNS_PER_ROUND,
)
from .rng import Rng

_N_BONUS = len(BONUS_TYPES)
_N_EVENTS = len(EVENT_CARDS)
_TASK_ARITY = {"draw2": 1, "observe": 2, "study": 2, "signa": 2, "nova_luna": 2, "mercurius": 3,
               "venus": 2, "iupiter": 2, "mars": 3, "saturnus": 3, "eclipsis": 2, "round_end": 1}


def _fail(msg: str) -> None:
    from .state import InvalidState
    raise InvalidState(msg)


def _int(data: dict, key: str, lo: int, hi: int) -> int:
    v = data.get(key)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        _fail(f"saved field {key!r} must be a whole number {lo}..{hi}, found {v!r}")
    return v


def _ints(v: Any, what: str, length: int | None, lo: int, hi: int) -> list[int]:
    if not isinstance(v, list) or (length is not None and len(v) != length):
        size = f" of {length}" if length is not None else ""
        _fail(f"saved field {what!r} must be a list{size} numbers")
    for x in v:
        if isinstance(x, bool) or not isinstance(x, int) or not lo <= x <= hi:
            _fail(f"saved field {what!r} holds {x!r}, outside {lo}..{hi}")
    return list(v)


def _matrix(data: dict, key: str, rows: int, cols: int, hi: int) -> list[list[int]]:
    v = data.get(key)
    if not isinstance(v, list) or len(v) != rows:
        _fail(f"saved field {key!r} must have one row per seat")
    return [_ints(row, key, cols, 0, hi) for row in v]


def state_from_dict(cls: type, data: Any) -> Any:
    from .state import FORMAT, VERSION
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        _fail("not a Ptolemaeus saved game")
    if data.get("version") != VERSION:
        _fail(f"saved by another version of the game (format version {data.get('version')!r}, "
              f"this game reads version {VERSION})")
    n = _int(data, "n", MIN_PLAYERS, MAX_PLAYERS)
    s = cls.__new__(cls)
    s.n = n
    seed = data.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        _fail("saved field 'seed' must be a whole number")
    s.seed = seed
    start = data.get("start")
    if not isinstance(start, str):
        _fail("saved field 'start' must be text")
    s.start = start
    s.pos = _ints(data.get("planets"), "planets", 7, 0, N_CONST - 1)
    s._refresh_at_mask()
    s.comet_at = _int(data, "comet", 0, N_CONST - 1)
    s.comet_from = _int(data, "comet_start", 0, N_CONST - 1)
    s.comet_steps = _int(data, "comet_steps", 0, 10 * N_CONST)
    s.round = _int(data, "round", 1, 1000)
    s.turn = _int(data, "turn", 1, TURNS_PER_ROUND + 1)
    s.first = _int(data, "first", 0, n - 1)
    s.k = _int(data, "k", 0, n - 1)
    s.actions_left = _int(data, "actions_left", 0, 100)
    if not isinstance(data.get("acted"), bool) or not isinstance(data.get("over"), bool):
        _fail("saved fields 'acted' and 'over' must be true or false")
    s.acted = data["acted"]
    s.over = data["over"]
    s.tokens = _matrix(data, "tokens", n, N_CONST, TOKENS_PER_PLAYER)
    s.reserve = _ints(data.get("reserve"), "reserve", n, 0, TOKENS_PER_PLAYER)
    s.studied = _ints(data.get("studied"), "studied", n, 0, 127)
    s.asteroid_on = _ints(data.get("asteroid_on"), "asteroid_on", N_CONST, 0, 1)
    s.asteroids = _ints(data.get("asteroids"), "asteroids", n, 0, N_ASTEROIDS)
    s.asteroids_spent = _int(data, "asteroids_spent", 0, N_ASTEROIDS)
    s.hands = _matrix(data, "hands", n, CARD_KINDS, CARD_KINDS * COPIES_PER_CARD)
    s.known = _matrix(data, "known", n, CARD_KINDS, CARD_KINDS * COPIES_PER_CARD)
    s.deck = _ints(data.get("deck"), "deck", None, 0, CARD_KINDS - 1)
    s.display = _ints(data.get("display"), "display", None, 0, CARD_KINDS - 1)
    s.discards = _ints(data.get("discards"), "discards", CARD_KINDS, 0, COPIES_PER_CARD)
    s.bonus_deck = _ints(data.get("bonus_deck"), "bonus_deck", None, 0, _N_BONUS - 1)
    s.bonus_hands = _matrix(data, "bonus_hands", n, _N_BONUS, 3)
    s.novas = _ints(data.get("novas"), "novas", n, 0, 3)
    s.bonus_played = _ints(data.get("bonus_played"), "bonus_played", _N_BONUS, 0, 3)
    s.objectives = _ints(data.get("objectives"), "objectives", n, 0, len(OBJECTIVES) - 1)
    s.objective_pool = _ints(data.get("objective_pool"), "objective_pool", len(OBJECTIVES) - n, 0,
                             len(OBJECTIVES) - 1)
    s.event_deck = _ints(data.get("event_deck"), "event_deck", None, 0, _N_EVENTS - 1)
    s.event = _int(data, "event", -1, _N_EVENTS - 1)
    s.events_seen = _ints(data.get("events_seen"), "events_seen", None, 0, _N_EVENTS - 1)
    s.winners = _ints(data.get("winners"), "winners", None, 0, n - 1)
    s.end_reason = data.get("end_reason")
    if s.end_reason not in ("", "points", "comet"):
        _fail("saved field 'end_reason' is not one of '', 'points', 'comet'")
    rng = data.get("rng")
    if isinstance(rng, bool) or not isinstance(rng, int) or not 0 <= rng < 1 << 64:
        _fail("saved field 'rng' must be a 64-bit whole number")
    s.rng = Rng(rng)
    s.stack = _stack(data.get("stack"), n)
    s.record = True
    s.last_events = []
    s.last_revealed = False
    s._legal = None
    _check_rules(s)
    return s


def _stack(v: Any, n: int) -> list[tuple]:
    if not isinstance(v, list) or len(v) > 16:
        _fail("saved field 'stack' must be a short list of pending decisions")
    out = []
    for task in v:
        if not isinstance(task, list) or not task or task[0] not in _TASK_ARITY or len(task) != _TASK_ARITY[task[0]]:
            _fail(f"saved pending decision {task!r} is not understood")
        kind = task[0]
        if kind == "observe":
            targets = _ints(task[1], "stack", None, 0, N_CONST - 1)
            if not 1 <= len(targets) <= 3:
                _fail("saved observation has a wrong number of targets")
            out.append((kind, tuple(targets)))
            continue
        args = _ints(task[1:], "stack", None, 0, max(N_CONST - 1, 3))
        if kind in ("mars", "saturnus", "eclipsis") and args[0] >= n:
            _fail(f"saved pending decision names seat {args[0]}, not in this game")
        out.append((kind, *args))
    return out


def _check_rules(s: Any) -> None:
    """Conservation laws: every card, token and asteroid is somewhere."""
    n = s.n
    cards = [s.discards[c] for c in range(CARD_KINDS)]
    for c in s.deck + s.display:
        cards[c] += 1
    for p in range(n):
        for c in range(CARD_KINDS):
            cards[c] += s.hands[p][c]
            if s.known[p][c] > s.hands[p][c]:
                _fail(f"seat {p} is said to hold a card it does not have")
    if cards != [COPIES_PER_CARD] * CARD_KINDS:
        _fail("the constellation cards do not add up to 5 of each of the 13 kinds")
    if len(s.display) > 6:
        _fail("more than six face-up cards")
    removed = SOLITAIRE_REMOVED if n == 1 else ()
    bonus = list(s.bonus_played)
    for b in s.bonus_deck:
        bonus[b] += 1
    for p in range(n):
        for b in range(_N_BONUS):
            bonus[b] += s.bonus_hands[p][b]
    nova = BONUS_TYPES.index("Nova Constellatio")
    bonus[nova] += sum(s.novas)
    expected = [0 if b in removed else BONUS_COUNTS[b] for b in BONUS_TYPES]
    if bonus != expected:
        _fail("the bonus cards do not add up to the game's 25 (17 in solitaire)")
    if any(s.bonus_hands[p][nova] for p in range(n)):
        _fail("Nova Constellatio is never held in hand (R13)")
    for p in range(n):
        on_board = sum(s.tokens[p])
        in_study = bin(s.studied[p]).count("1")
        if s.reserve[p] + on_board + in_study != TOKENS_PER_PLAYER:
            _fail(f"seat {p}'s Almagest tokens do not add up to {TOKENS_PER_PLAYER}")
        if any(t > 3 for t in s.tokens[p]) or (sum(1 for t in s.tokens[p] if t == 3) and not s.stack):
            _fail(f"seat {p} has three tokens on a constellation without studying")
        if s.tokens[p][s.comet_at] > 2:
            _fail(f"seat {p} has more than two tokens with the Comet")
    if sum(s.asteroid_on) + sum(s.asteroids) + s.asteroids_spent != N_ASTEROIDS:
        _fail("the Asteroid tokens do not add up to 12")
    if s.asteroids_spent % 2:
        _fail("asteroids are traded two at a time")
    if sorted(s.objectives + s.objective_pool) != list(range(len(OBJECTIVES))):
        _fail("the secret objectives are not the game's seven")
    events = s.event_deck + s.events_seen + ([s.event] if s.event >= 0 else [])
    if sorted(events) != list(range(_N_EVENTS)):
        _fail("the astronomical event cards are not the game's thirteen")
    if s.event == EVENT_CARDS.index(ECLIPSIS):
        _fail("the Eclipsis never stays face up (R14)")
    if s.at_mask[s.comet_at]:
        _fail("the Comet never shares a constellation with a planet")
    if (s.comet_from + s.comet_steps - s.comet_at) % N_CONST:
        _fail("the Comet is not where its steps from the start marker put it")
    if s.over != bool(s.end_reason):
        _fail("the game's end is recorded inconsistently")
    if not s.over and s.winners:
        _fail("a game in progress has no winners yet")
    if s.over and s.end_reason == "points" and len(s.winners) != 1:
        _fail("a game won on points has exactly one winner (R16)")
    if not s.over and s.comet_steps >= N_CONST:
        _fail("the Comet has completed its revolution but the game is not over (R16)")
    if s.turn > TURNS_PER_ROUND and not s.over and not any(t[0] == "eclipsis" for t in s.stack):
        _fail(f"a round has only {TURNS_PER_ROUND} turns")
    if not s.over and not s.legal_actions():
        _fail("the saved game is stuck: the pending decision has no possible answer")
