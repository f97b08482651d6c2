"""Links that start a game (pure Python, tested under CPython).

    ?date=1969-07-20T20:17Z&seats=human,hard,bot&seed=4242

* ``date``: the value of the game's setup field of kind "date" (an ISO date or
  date-time, or ``now``); any setup field may also be given by its own key.
* ``seats``: a comma list, one item per seat: ``human``, ``bot`` (the game's
  default level) or a bot level (``easy``, ``hard``…).  One seat is solitaire.
* ``seed``: a whole number (random when missing).
* ``game``: the game's key (default: the first registered game).
* ``lang``: the page's language (``en``, ``es``, ``it``, ``de``); any link may
  carry it, with or without a game (:func:`link_language`).

Names and colours are the defaults (``app.session.default_seats``).
"""

from __future__ import annotations

import random

from app.games import GameSpec, date_field
from app.i18n import t
from app.session import MAX_SEED, default_seats, random_seed

__all__ = ["LinkError", "LINK_KEYS", "is_game_link", "parse_link", "share_query", "link_language",
           "without_language"]

LINK_KEYS = ("game", "date", "seats", "seed")


class LinkError(ValueError):
    """A link that cannot start a game; ``str(error)`` is for the player."""


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
    params: dict[str, str] = {}
    for part in query.split("&"):
        if not part:
            continue
        key, _, value = part.partition("=")
        key, value = _unquote(key), _unquote(value)
        if key in params:
            raise LinkError(t("link.twice", key=key))
        params[key] = value
    return params


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


def is_game_link(query: str, games: dict[str, GameSpec]) -> bool:
    """Whether the query asks to start a game (names any link key or setup field)."""
    try:
        keys = set(_params(query))
    except LinkError:
        return True  # malformed: parse_link will say why
    fields = {f["key"] for spec in games.values() for f in spec.setup_fields()}
    return bool(keys & (set(LINK_KEYS) | fields))


def parse_link(query: str, games: dict[str, GameSpec], rng: random.Random | None = None
               ) -> tuple[GameSpec, dict, list[dict]]:
    """(spec, setup, seats) for the link; LinkError with a clear message if it is malformed.

    The setup still needs ``Session.start`` (which asks the game whether, e.g.,
    the date is one it can play)."""
    params = _params(query)
    if not games:
        raise LinkError(t("link.no_games"))
    key = params.get("game")
    if key is None:
        spec = next(iter(games.values()))
    elif key in games:
        spec = games[key]
    else:
        raise LinkError(t("link.unknown_game", key=key, games=", ".join(games)))

    default = ["human"] + ["bot"] * (min(max(2, spec.min_players), spec.max_players) - 1)
    items = [s.strip().lower() for s in params.get("seats", ",".join(default)).split(",")]
    if any(not s for s in items):
        raise LinkError(t("link.empty_seat"))
    allowed = ["human", "bot", *spec.bot_levels]
    for s in items:
        if s not in allowed:
            raise LinkError(t("link.unknown_seat", seat=s, allowed=", ".join(allowed)))
    if not spec.min_players <= len(items) <= spec.max_players:
        raise LinkError(t("link.players_range", title=spec.title, min=spec.min_players, max=spec.max_players,
                          n=len(items)))

    if "seed" in params:
        text = params["seed"].strip()
        if not text.isdigit() or int(text) > MAX_SEED:
            raise LinkError(t("save.seed", max=MAX_SEED, seed=params["seed"]))
        seed = int(text)
    else:
        seed = random_seed(rng)

    setup: dict = {"players": len(items), "seed": seed}
    dfield = date_field(spec)
    dkey = dfield["key"] if dfield else None
    for f in spec.setup_fields():
        value = params.get(f["key"])
        if f["key"] == dkey and "date" in params:
            if value is not None and value != params["date"]:
                raise LinkError(t("link.two_dates", key=f["key"]))
            value = params["date"]
        if value is None:
            value = f.get("default")
        elif f.get("kind") == "choice":
            allowed_values = [str(v) for v, _label in f.get("choices", ())]
            if value not in allowed_values:
                raise LinkError(t("link.not_a_choice", label=f.get("label", f["key"]), value=value,
                                  choices=", ".join(allowed_values)))
            value = next(v for v, _l in f["choices"] if str(v) == value)
        elif isinstance(value, str) and not value.strip():
            raise LinkError(t("link.empty_field", label=f.get("label", f["key"])))
        setup[f["key"]] = value.strip() if isinstance(value, str) else value
    if "date" in params and dfield is None:
        raise LinkError(t("link.no_date", title=spec.title))
    return spec, setup, default_seats(spec, items)


def share_query(spec: GameSpec, setup: dict, seats: list[dict], *, first_game: bool = True) -> str:
    """The query (with ``?``) of a link that starts this setup (names and colours are not in links)."""
    params: list[tuple[str, str]] = []
    if not first_game:
        params.append(("game", spec.key))
    dfield = date_field(spec)
    dkey = dfield["key"] if dfield else None
    for f in spec.setup_fields():
        if f["key"] in setup and setup[f["key"]] is not None:
            params.append(("date" if f["key"] == dkey else f["key"], str(setup[f["key"]])))
    params.append(("seats", ",".join("human" if s["kind"] == "human" else s["level"] for s in seats)))
    params.append(("seed", str(setup["seed"])))
    return "?" + "&".join(f"{_quote(k)}={_quote(v)}" for k, v in params)
