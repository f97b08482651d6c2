"""Links that start a game (pure Python, tested under CPython).

    ?game=<key>&<field>=<value>&seats=human,hard,bot&seed=4242

* ``game``: the game's key (default: the first registered game, so links made
  before there were several games keep working).
* ``<field>=…``: any of that game's setup fields by its key (typed: a choice's
  value, a whole number, a date-time or ``now``, text); a game may also accept
  an older name for a field (``GameInfo.link_aliases``, e.g. ``date`` for
  ``start``).  Fields not given take their defaults.
* ``seats``: a comma list, one item per seat: ``human``, ``bot`` (the game's
  default level) or a bot level (``easy``, ``hard``…).  One seat is solitaire.
* ``players``: how many seats, when ``seats`` is not given: you and bots of
  the game's default level (``players=3``: ``seats=human,bot,bot``); with
  ``seats`` it must agree with it.
* ``seed``: a whole number (random when missing).
* ``lang``: the page's language (``en``, ``es``, ``it``, ``de``); any link may
  carry it, with or without a game (:func:`link_language`).

Parameters the page does not know (e.g. added by a site that shared the link)
are ignored.  Names and colours are the defaults (``app.session.default_seats``).
Every refusal is a :class:`LinkError` with a code and params (``app.errors``).
"""

from __future__ import annotations

import random
from typing import Any

from app.errors import ShellError
from app.games import GameInfo, Games, GameSpec, resolve_spec
from app.session import MAX_SEED, MAX_TEXT, SaveError, check_field, default_seats, random_seed, shown
from gamekit.game import SetupField

__all__ = ["LinkError", "LINK_KEYS", "REPLAY_PREFIX", "daily_game", "daily_param", "daily_query", "is_game_link", "linked_game", "parse_link", "share_query",
           "link_language", "without_language"]

LINK_KEYS = ("game", "seats", "players", "seed")   # the shell's own; the rest are the games' fields
MAX_QUERY = 2000
# A replay link's fragment starts so (``app.replay``): here, because app.start and the shell's start
# read it without importing app.replay, which would compile it for every page.
REPLAY_PREFIX = "#replay="


class LinkError(ShellError):
    """A link that cannot start a game: a code (a shell text key) and params."""


# (Not urllib.parse: importing it costs ~0.2 s of start-up in Pyodide, for ipaddress.)
_SAFE = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:,")


def _unquote(text: str) -> str:
    """Decode ``+`` and ``%XX`` (UTF-8) as a form-encoded query does."""
    raw = text.replace("+", " ").encode("utf-8")
    out = bytearray()
    i = 0
    while i < len(raw):
        pair = raw[i + 1:i + 3]
        if raw[i] == 0x25 and len(pair) == 2 and all(chr(c) in "0123456789abcdefABCDEF" for c in pair):
            out.append(int(pair, 16))
            i += 3
        else:
            out.append(raw[i])
            i += 1
    return out.decode("utf-8", errors="replace")


def _quote(text: str) -> str:
    return "".join(ch if ch in _SAFE else "".join(f"%{b:02X}" for b in ch.encode("utf-8")) for ch in text)


def _params(query: str) -> dict[str, str]:
    query = query[1:] if query.startswith("?") else query
    if len(query) > MAX_QUERY:
        raise LinkError("link.too_long", max=MAX_QUERY)
    params: dict[str, str] = {}
    for part in query.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        key, value = _unquote(key), _unquote(value)
        if key in params:
            raise LinkError("link.twice", key=shown(key))
        params[key] = value
    return params


def names_only_seats(query: str, fragment: str = "") -> bool:
    """Whether a URL asks for nothing a game computes lazily: no fragment (a replay) and a query
    naming at most the game, the seats, the seed and the language (no setup field such as a date,
    no daily challenge).  ``main.py`` then fetches the game without what its lazily imported
    modules need (a game's library for dates), else with it: an import nobody prepared is a
    synchronous request, which a service worker does not answer offline (issue 13)."""
    if fragment.lstrip("#"):
        return False
    try:
        return set(_params(query)) <= {*LINK_KEYS, "lang"}
    except LinkError:
        return False


def link_language(query: str) -> str | None:
    """The ``lang=`` of a query, or None (also for a malformed query)."""
    try:
        return _params(query).get("lang")
    except LinkError:
        return None


def without_language(query: str) -> str:
    """The query (with ``?``, or "" if nothing is left) without its ``lang=``: what stays in the
    address bar once the language is chosen (and remembered)."""
    query = query[1:] if query.startswith("?") else query
    parts = [p for p in query.split("&") if p and _unquote(p.partition("=")[0]) != "lang"]
    return "?" + "&".join(parts) if parts else ""


def _entry(games: Games, params: dict[str, str]) -> Any:
    """The catalog entry the link names (``game=``), or the first game."""
    if not games:
        raise LinkError("link.no_games")
    key = params.get("game")
    if key is None:
        return next(iter(games.values()))
    if key not in games:
        raise LinkError("link.unknown_game", key=shown(key), games=", ".join(games))
    return games[key]


def linked_game(query: str, games: Games) -> Any:
    """The catalog entry a link's ``game=`` names, else the first game; None if there is none
    (never raises: the shell explains a bad link later)."""
    try:
        key = _params(query).get("game") if isinstance(query, str) else None
    except LinkError:
        key = None
    if isinstance(key, str) and key in games:
        return games[key]
    return next(iter(games.values()), None)


def _aliases(entry: GameInfo | GameSpec | None) -> dict[str, str]:
    """The game's old link names of its fields (``GameInfo.link_aliases``)."""
    info = entry.info if isinstance(entry, GameSpec) else entry
    return dict(info.link_aliases) if isinstance(info, GameInfo) else {}


def is_game_link(query: str, games: Games) -> bool:
    """Whether the query asks to start a game: it names ``game``, ``seats``, ``seed``, or a
    setup field (or an alias of one) of the game it would start (only that game is loaded)."""
    try:
        params = _params(query)
    except LinkError:
        return True  # malformed: parse_link will say why
    keys = set(params) - {"lang"}
    if not keys:
        return False
    if keys & set(LINK_KEYS):
        return True
    entry: GameInfo | GameSpec | None = next(iter(games.values()), None)
    if entry is None:
        return False
    if keys & set(_aliases(entry)):
        return True
    spec = resolve_spec(entry)
    return spec is not None and bool(keys & {f.key for f in spec.setup_fields()})


def _field_from_link(spec: GameSpec, field: SetupField, text: str) -> Any:
    """A link's text as the field's typed value (LinkError if it is not one)."""
    label = spec.field_label(field)
    if field.kind == "choice":
        for value in field.choices:
            if str(value) == text:
                return value
        raise LinkError("link.not_a_choice", label=label, value=shown(text), key=field.key,  # what to write
                        choices=", ".join(str(v) for v in field.choices))
    if field.kind == "int":
        body = text.strip()
        digits = body[1:] if body.startswith("-") else body
        if not digits.isdigit() or not digits.isascii() or len(digits) > 16:
            raise LinkError("link.not_a_number", label=label, value=shown(text))
        return int(body)
    if len(text) > MAX_TEXT:
        raise LinkError("link.too_long_field", label=label, max=MAX_TEXT)
    if field.kind == "datetime" and not text.strip():
        raise LinkError("link.empty_field", label=label)
    return text.strip() if field.kind == "datetime" else text


def parse_link(query: str, games: Games, rng: random.Random | None = None
               ) -> tuple[GameSpec, dict[str, Any], list[dict[str, Any]]]:
    """(spec, setup, seats) for the link; LinkError (a code and params) if it is malformed.

    Only the game the link names is imported.  The setup still needs
    ``Session.start`` (which asks the game whether, e.g., a date is one it can play)."""
    params = _params(query)
    entry = _entry(games, params)
    spec = resolve_spec(entry)
    if spec is None:
        raise LinkError("link.no_games")

    players = _players(params.get("players"))
    if players is not None and not spec.min_players <= players <= spec.max_players:
        raise LinkError("link.players_count", title=spec.title, min=spec.min_players, max=spec.max_players,
                        count=players)
    n_default = players if players is not None else min(max(2, spec.min_players), spec.max_players)
    default = ["human"] + ["bot"] * (n_default - 1)
    items = [s.strip().lower() for s in params.get("seats", ",".join(default)).split(",")]
    if players is not None and players != len(items):
        raise LinkError("link.players_seats", players=players, count=len(items))
    if any(not s for s in items):
        raise LinkError("link.empty_seat")
    allowed = ["human", "bot", *spec.bot_levels]
    for s in items:
        if s not in allowed:
            raise LinkError("link.unknown_seat", seat=shown(s), allowed=", ".join(allowed))
    if not spec.min_players <= len(items) <= spec.max_players:
        raise LinkError("link.players_range", title=spec.title, min=spec.min_players, max=spec.max_players,
                        count=len(items))

    if "seed" in params:
        text = params["seed"].strip()
        if not text.isdigit() or not text.isascii() or len(text) > 16 or int(text) > MAX_SEED:
            raise LinkError("save.seed", max=MAX_SEED, seed=shown(params["seed"]))
        seed = int(text)
    else:
        seed = random_seed(rng)

    aliases = _aliases(entry)
    setup: dict[str, Any] = {"players": len(items), "seed": seed}
    for field in spec.setup_fields():
        given = [name for name in (field.key, *[old for old, new in aliases.items() if new == field.key])
                 if name in params]
        texts = {params[name] for name in given}
        if len(texts) > 1:
            raise LinkError("link.two_values", keys=", ".join(given))
        if texts:
            value = _field_from_link(spec, field, texts.pop())
            try:
                check_field(spec, field, value)   # "now" stays "now" until the game starts
            except SaveError as e:
                raise LinkError(e.code, **e.params) from None
            setup[field.key] = value
        else:
            setup[field.key] = field.default
    return spec, setup, default_seats(spec, items)


def _players(text: str | None) -> int | None:
    """The ``players=`` count (None when absent; LinkError unless a small whole number ≥ 1; the
    game's own range is checked with the seats)."""
    if text is None:
        return None
    body = text.strip()
    if not body.isdigit() or not body.isascii() or len(body) > 2 or int(body) < 1:
        raise LinkError("link.players", value=shown(text))
    return int(body)


def share_query(spec: GameSpec, setup: dict[str, Any], seats: list[dict[str, Any]]) -> str:
    """The query (with ``?``) of a link that starts this setup: ``game=<key>``, the game's
    fields, the seats and the seed (names and colours are not in links)."""
    params: list[tuple[str, str]] = [("game", spec.key)]
    for field in spec.setup_fields():
        if field.key in setup and setup[field.key] is not None:
            params.append((field.key, str(setup[field.key])))
    params.append(("seats", ",".join("human" if s["kind"] == "human" else str(s["level"]) for s in seats)))
    params.append(("seed", str(setup["seed"])))
    return "?" + "&".join(f"{_quote(k)}={_quote(v)}" for k, v in params)


def _first_value(query: str, key: str) -> str | None:
    """The decoded value of the first ``key`` in a query (``"?key"`` alone: ``""``; absent: None),
    cut to 100 characters. Unlike :func:`_params` it never raises: a repeated or odd part is the
    shell's to explain later."""
    for part in query[1:].split("&") if query.startswith("?") else query.split("&"):
        name, _, value = part.partition("=")
        if _unquote(name) == key:
            return _unquote(value)[:100]
    return None


def daily_game(query: str) -> str | None:
    """The ``game=`` of a daily link (``?game=<key>&daily``), or None when it names none (then the
    first game with a daily challenge): the shell refuses a game without one rather than quietly
    opening another game's day."""
    return _first_value(query, "game")


def daily_param(query: str) -> str | None:
    """The text of ``daily`` in a query (``"?daily"`` alone: ``""``; absent: None); the first
    one counts, percent-escapes are decoded (``parse_day`` then judges the text)."""
    return _first_value(query, "daily")


def daily_query(game: str, day: str) -> str:
    """The query (with ``?``) of a link to ``game``'s challenge of ``day`` (``YYYY-MM-DD``): the shared
    result's way to that day.  It names the game, so that it opens that game's day even once another
    game offers a daily challenge too (``?daily`` alone opens the first one's)."""
    return f"?game={_quote(game)}&daily={_quote(day)}"
