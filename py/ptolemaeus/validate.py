"""Checking a saved state before trusting it.

A save can be truncated, edited by hand, or written by another version. Each
check below raises :class:`InvalidState` with a sentence a player (or a
developer) can act on; nothing half-loaded ever reaches the game.
"""

from __future__ import annotations

from typing import Any, NoReturn

from .actions import shown
from .data import (
    BONUS_COUNTS,
    BONUS_TYPES,
    CARD_KINDS,
    COPIES_PER_CARD,
    ECLIPSIS,
    EVENT_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    N_ASTEROIDS,
    N_CONST,
    OBJECTIVES,
    SOLITAIRE_REMOVED,
    TOKENS_PER_PLAYER,
    TURNS_PER_ROUND,
    WINNING_POINTS,
)
from .errors import InvalidState
from .rng import Rng

_N_BONUS = len(BONUS_TYPES)
_N_EVENTS = len(EVENT_CARDS)
_FIELDS = ("format", "version", "seed", "start", "n", "planets", "comet", "comet_start", "comet_steps", "round",
           "turn", "first", "k", "actions_left", "acted", "tokens", "reserve", "studied", "asteroid_on",
           "asteroids", "asteroids_spent", "hands", "known", "deck", "display", "discards", "bonus_deck",
           "bonus_hands", "novas", "bonus_played", "objectives", "objective_pool", "event_deck", "event",
           "events_seen", "stack", "over", "winners", "end_reason", "rng")
# Each pending decision's numbers, lowest and highest: a count of 1 or 2 (a bonus card's
# upgrade doubles it, R10-R13), a colour 0..3 (R11), a seat, a constellation.
_TASK_RANGES: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "draw2": ((), ()), "round_end": ((), ()), "study": ((0,), (N_CONST - 1,)), "signa": ((0,), (3,)),
    "nova_luna": ((1,), (2,)), "mercurius": ((1, 0), (2, 1)), "venus": ((1,), (2,)), "iupiter": ((1,), (2,)),
    "mars": ((0, 1), (MAX_PLAYERS - 1, 2)), "saturnus": ((0, 1), (MAX_PLAYERS - 1, 2)),
    "eclipsis": ((0,), (MAX_PLAYERS - 1,)),
}
_TASK_ARITY = {"draw2": 1, "observe": 2, "study": 2, "signa": 2, "nova_luna": 2, "mercurius": 3,
               "venus": 2, "iupiter": 2, "mars": 3, "saturnus": 3, "eclipsis": 2, "round_end": 1}


def _fail(msg: str, code: str = "impossible", **params: Any) -> NoReturn:
    raise InvalidState(msg, code=code, **params)


def _int(data: dict, key: str, lo: int, hi: int) -> int:
    v = data.get(key)
    if type(v) is not int or not lo <= v <= hi:
        _fail(f"saved field {key!r} must be a whole number {lo}..{hi}, found {shown(v)}", "bad_field", field=key)
    return v


def _ints(v: Any, what: str, length: int | None, lo: int, hi: int, max_length: int = 100) -> list[int]:
    if not isinstance(v, list) or (length is not None and len(v) != length) or len(v) > max_length:
        size = f" of {length}" if length is not None else ""
        _fail(f"saved field {what!r} must be a list{size} numbers", "bad_field", field=what)
    for x in v:
        if type(x) is not int or not lo <= x <= hi:
            _fail(f"saved field {what!r} holds {shown(x)}, outside {lo}..{hi}", "bad_field", field=what)
    return list(v)


def _matrix(data: dict, key: str, rows: int, cols: int, hi: int) -> list[list[int]]:
    v = data.get(key)
    if not isinstance(v, list) or len(v) != rows:
        _fail(f"saved field {key!r} must have one row per seat", "bad_field", field=key)
    return [_ints(row, key, cols, 0, hi) for row in v]


def state_from_dict(cls: Any, data: Any) -> Any:
    """The state ``data`` (parsed JSON) describes, or :class:`InvalidState`: never another
    exception (a check that trips over a case nobody foresaw is still a refusal)."""
    try:
        return _state_from_dict(cls, data)
    except InvalidState:
        raise
    except (ArithmeticError, AttributeError, IndexError, KeyError, TypeError, ValueError, RecursionError) as exc:
        raise InvalidState(f"not a playable saved game ({type(exc).__name__})", code="impossible") from None


def _state_from_dict(cls: Any, data: Any) -> Any:
    from .state import FORMAT, MAX_SEED, VERSION
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        _fail("not a Ptolemaeus saved game", "not_a_save")
    if type(data.get("version")) is not int or data["version"] != VERSION:   # true and 1.0 equal 1
        _fail(f"saved by another version of the game (format version {shown(data.get('version'))}, "
              f"this game reads version {VERSION})", "other_version", version=VERSION)
    known = set(_FIELDS)
    if set(data) != known:
        extra, missing = sorted(map(shown, set(data) - known)), sorted(known - set(data))
        _fail(f"saved fields do not match: {'unknown ' + ', '.join(extra) if extra else ''}"
              f"{'; ' if extra and missing else ''}{'missing ' + ', '.join(missing) if missing else ''}",
              "bad_field", field=(missing or extra)[0])
    n = _int(data, "n", MIN_PLAYERS, MAX_PLAYERS)
    s = cls.__new__(cls)
    s.n = n
    seed = data.get("seed")
    if type(seed) is not int or not -MAX_SEED < seed < MAX_SEED:
        _fail("saved field 'seed' must be a whole number of at most 64 bits", "bad_field", field="seed")
    s.seed = seed
    start = data.get("start")
    if not isinstance(start, str) or len(start) > 100:
        _fail("saved field 'start' must be a short text", "bad_field", field="start")
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
        _fail("saved fields 'acted' and 'over' must be true or false", "bad_field", field="acted")
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
    if not isinstance(s.end_reason, str) or s.end_reason not in ("", "points", "comet"):
        _fail("saved field 'end_reason' is not one of '', 'points', 'comet'", "bad_field", field="end_reason")
    rng = data.get("rng")
    if type(rng) is not int or not 0 <= rng < 1 << 64:
        _fail("saved field 'rng' must be a 64-bit whole number", "bad_field", field="rng")
    s.rng = Rng(rng)
    s.stack = _stack(data.get("stack"), n)
    s.record = True
    s.last_events = []
    s.last_revealed = False
    s._legal = None
    check_rules(s)
    return s


def _stack(v: Any, n: int) -> list[tuple]:
    """The pending decisions, each checked for its own shape (what they mean
    for the rest of the state is :func:`_check_stack`'s)."""
    if not isinstance(v, list) or len(v) > 16:
        _fail("saved field 'stack' must be a short list of pending decisions", "bad_pending")
    out: list[tuple] = []
    for task in v:
        kind = task[0] if isinstance(task, list) and task else None
        if not isinstance(kind, str) or kind not in _TASK_ARITY or len(task) != _TASK_ARITY[kind]:
            _fail(f"saved pending decision {shown(task)} is not understood", "bad_pending")
        if kind == "observe":
            targets = _ints(task[1], "stack", None, 0, N_CONST - 1)
            if not 1 <= len(targets) <= 3:
                _fail("saved observation has a wrong number of targets", "bad_pending")
            out.append((kind, tuple(targets)))
            continue
        args = _ints(task[1:], "stack", None, 0, N_CONST - 1)
        if kind in ("mars", "saturnus", "eclipsis") and args[0] >= n:
            _fail(f"saved pending decision names seat {args[0]}, not in this game", "bad_pending")
        lo, hi = _TASK_RANGES[kind]
        for x, a, b in zip(args, lo, hi):
            if not a <= x <= b:
                _fail(f"saved pending decision {shown(task)} holds {x}, outside {a}..{b}", "bad_pending")
        out.append((kind, *args))
    return out


def _check_stack(s: Any) -> None:
    """What the pending decisions say about the state must be so: a study has its
    three tokens (R9), an answer comes from an opponent (R12), the Eclipsis
    discards belong to the end of a round (R14), a Signa names a colour (R11)."""
    p = s.player
    stack = s.stack
    kinds = [t[0] for t in stack]
    if "round_end" in kinds or "eclipsis" in kinds:
        seats = [t[1] for t in stack[1:]]
        if (kinds[0] != "round_end" or any(k != "eclipsis" for k in kinds[1:])
                or len(set(seats)) != len(seats)):
            _fail("the Eclipsis discards are pending outside the end of a round", "bad_pending")
        if s.turn != TURNS_PER_ROUND + 1:
            _fail("the Eclipsis discards are pending before the round's last turn is over", "bad_pending")
        if EVENT_CARDS.index(ECLIPSIS) not in s.events_seen:
            _fail("discards for an Eclipsis that has not been revealed", "bad_pending")
    elif s.turn > TURNS_PER_ROUND and not s.over:
        _fail(f"a round has only {TURNS_PER_ROUND} turns")
    for i, task in enumerate(stack):
        kind = task[0]
        if kind in ("mars", "saturnus") and task[1] == p:
            _fail("a Maleficus card is answered by an opponent, not by its player", "bad_pending")
        if kind == "study":
            c = task[1]
            if i != len(stack) - 1 or s.tokens[p][c] != 3 or not s.at_mask[c] & ~s.studied[p]:
                _fail("a pending study without three tokens on a constellation with an unstudied planet",
                      "bad_pending")
        if kind == "mercurius" and task[2] and task[1] != 1:
            _fail("Mercurius Retrogradus' skippable move is its last one", "bad_pending")
    for p_ in range(s.n):
        for c in range(N_CONST):
            if s.tokens[p_][c] == 3 and not (stack and stack[-1] == ("study", c) and p_ == p):
                _fail(f"seat {p_} has three tokens on a constellation without studying")


def check_rules(s: Any) -> None:
    """Conservation laws (every card, token and asteroid is somewhere), the pending
    decisions, the end of the game (R16): :class:`InvalidState` for the first broken."""
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
        if any(t > 3 for t in s.tokens[p]):
            _fail(f"seat {p} has more than three tokens on a constellation")
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
    if s.over and s.stack:
        _fail("a finished game has no pending decision", "bad_pending")
    _check_stack(s)
    scores = s.scores()
    if not s.over and max(scores) >= WINNING_POINTS:
        _fail(f"a seat holds {max(scores)} points but the game is not over (R16)")
    if s.over and s.end_reason == "points" and scores[s.winners[0]] < WINNING_POINTS:
        _fail("a game won on points has a winner with fewer than 12 (R16)")
    if s.over and len(set(s.winners)) != len(s.winners):
        _fail("a seat is named twice among the winners")
    if not s.over and not s.legal_actions():
        _fail("the saved game is stuck: the pending decision has no possible answer")
