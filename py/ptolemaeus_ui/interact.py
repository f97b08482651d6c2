"""What the viewer may click now, and what a click does: pure, testable.

The :class:`Controller` is driven by ``legal_actions()`` only. It never
builds an :class:`~ptolemaeus.actions.Action` itself: every action it hands
back (``click()`` returns it) is one of the legal actions it was given, so
an illegal move cannot be made from the page. Between the legal actions and
that final choice it keeps a small *selection* (a constellation, a payment,
the tokens of a study B, cards to discard…) which resets whenever the
decision changes.

Clicks are ``(act, arg)`` pairs, the ``data-act`` / ``data-arg`` attributes
the renderers put on clickable elements:

=============  ===================================================
``const``      a constellation on the board (arg: its name)
``planet``     a planet on the board (arg: its name) — study choice
``deck``       the constellation deck (draw blind)
``take``       a face-up card (arg: card name)
``hand``       a card of one's hand (arg: index) — discard choice
``bonus``      a bonus card of one's hand (arg: name) — opens it
``do``         a legal action (arg: ``"<generation>:<index>"``)
``pay``        choose payment option (arg: index)
``source``     choose where an R7 token comes from (arg: index)
``study_b``    start a study B (arg: ``"Const|Planet"``)
``confirm``    commit the selection
``cancel``     drop the selection
=============  ===================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ptolemaeus import actions as A
from ptolemaeus.actions import Action, config_name
from ptolemaeus.payment import payment_options
from ptolemaeus.data import (
    BONUS_TYPES, CARD_INDEX, CARD_NAMES, COLOURS, CONST_INDEX, CONSTELLATIONS, PLANET_INDEX, PLANETS, WILD,
)

from .strings import join, seat_label, t, tn
from .words import decision_text

_CONFIG_ORDER = {"constellation": 0, "conjunction": 1, "opposition": 2, "trine": 3, "square": 4}


@dataclass
class Choice:
    """A button of the prompt panel."""

    label: str
    act: str
    arg: str = ""
    primary: bool = False
    pressed: bool | None = None        # radio/toggle state, None = a plain button
    cards: list[str] = field(default_factory=list)   # card chips shown in the button
    note: str = ""
    disabled: bool = False
    where: list[str] = field(default_factory=list)   # constellations it concerns


@dataclass
class Group:
    """A heading and its choices (buttons or radios) in the decision panel."""

    heading: str
    choices: list[Choice]
    kind: str = "buttons"              # "buttons" | "radio"
    text: str = ""


@dataclass
class UI:
    """Everything the renderers need to know about interaction."""

    active: bool = False                # the viewer decides now
    prompt: str = ""
    notes: list[str] = field(default_factory=list)
    groups: list[Group] = field(default_factory=list)
    consts: dict[str, str] = field(default_factory=dict)       # clickable constellation -> hint
    const_class: dict[str, str] = field(default_factory=dict)  # extra CSS class per constellation
    planets: dict[str, str] = field(default_factory=dict)      # clickable planet -> hint
    deck: bool = False
    display: set[str] = field(default_factory=set)             # takeable face-up card names
    hand_pick: bool = False             # hand cards are toggles (discard)
    hand_selected: list[int] = field(default_factory=list)
    bonus: set[str] = field(default_factory=set)               # playable bonus card names
    bonus_open: str | None = None
    chords: list[tuple[str, str, str]] = field(default_factory=list)  # (a, b, config) lines on the board
    token_class: dict[tuple[int, str], str] = field(default_factory=dict)  # (seat, const) -> class
    dim: bool = False                   # dim the constellations that play no part now


@dataclass
class Selection:
    """What the seat has picked so far in the decision on screen."""

    const: str | None = None
    pay: int = 0
    source: int = 0
    planet: str | None = None           # study B planet
    b_tokens: list[str] = field(default_factory=list)
    move_from: str | None = None
    move_to: str | None = None
    discard: list[int] = field(default_factory=list)
    bonus: str | None = None


def where_text(where: tuple[int, ...]) -> str:
    names = [CONSTELLATIONS[c] for c in where]
    if len(names) == 2 and names[0] == names[1]:
        names = names[:1]
    return "–".join(names)


def observe_label(a: Action) -> str:
    return t(f"prompt.observe_btn.{config_name(a.where)}", where=where_text(a.where))


def card_label(name: str) -> str:
    return t("card.wild.short") if name == CARD_NAMES[WILD] else name


class Controller:
    """Selection state over one decision; see the module docstring."""

    def __init__(self) -> None:
        self.sel = Selection()
        self.view: dict[str, Any] | None = None
        self.legal: list[Action] = []
        self.viewer: int | None = None
        self.names: list[str] = []
        self.generation = 0
        self._signature: Any = None

    # ------------------------------------------------------------ updates

    def update(self, view: dict[str, Any] | None, legal: list[Action], viewer: int | None,
               names: list[str] | None = None) -> None:
        """A new state: ``view`` is ``state.view(viewer)`` (or a public view),
        ``legal`` the legal actions when ``viewer`` decides now (else [])."""
        self.view = view
        self.viewer = viewer
        self.names = list(names or [])
        active = bool(view) and viewer is not None and view.get("current_player") == viewer
        self.legal = list(legal) if active else []
        signature = (tuple(self.legal), None if view is None else (
            view.get("round"), view.get("turn"), view.get("current_player"), str(view.get("pending")),
            view.get("actions_left"), tuple(view["seats"][viewer].get("hand", ())) if active else ()))
        if signature != self._signature:
            self._signature = signature
            self.sel = Selection()
            self.generation += 1

    @property
    def pending(self) -> str | None:
        if not self.view or not self.view.get("pending"):
            return None
        return self.view["pending"]["kind"]

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names) and self.names[seat]:
            return seat_label(self.names[seat])
        return t("player.default", n=seat + 1)

    def _do(self, a: Action) -> str:
        return f"{self.generation}:{self.legal.index(a)}"

    def _of(self, *kinds: str) -> list[Action]:
        return [a for a in self.legal if a.kind in kinds]

    # ------------------------------------------------------------- clicks

    def click(self, act: str, arg: str = "") -> Action | None:
        """Handle a click; returns the legal action to submit, or None
        (the selection changed, or the click was stale/meaningless)."""
        if not self.legal:
            return None
        sel = self.sel
        kind = self.pending
        if act == "do":
            gen, _, index = arg.partition(":")
            if gen != str(self.generation) or not index.isdigit() or int(index) >= len(self.legal):
                return None
            return self.legal[int(index)]
        if act == "cancel":
            self.sel = Selection()
            return None
        if act == "deck":
            return next(iter(self._of(A.DRAW_DECK)), None)
        if act == "take":
            card = CARD_INDEX.get(arg, -1)
            return next((a for a in self._of(A.TAKE) if a.cards == (card,)), None)
        if act == "end":
            return next(iter(self._of(A.END_TURN)), None)
        if act == "trade":
            return next(iter(self._of(A.TRADE)), None)
        if act == "bonus":
            sel.bonus = None if sel.bonus == arg else arg
            return None
        if act == "play":
            b = BONUS_TYPES.index(arg) if arg in BONUS_TYPES else -1
            return next((a for a in self._of(A.PLAY) if a.bonus == b), None)
        if act == "pay":
            sel.pay, sel.source = _int(arg), 0
            return None
        if act == "source":
            sel.source = _int(arg)
            return None
        if act == "planet":
            p = PLANET_INDEX.get(arg, -1)
            return next((a for a in self._of(A.STUDY) if a.planet == p), None)
        if act == "hand":
            return self._toggle_discard(_int(arg))
        if act == "study_b":
            c, _, planet = arg.partition("|")
            if any(a.where[0] == CONST_INDEX.get(c) and a.planet == PLANET_INDEX.get(planet)
                   for a in self._of(A.STUDY_B)):
                self.sel = Selection(const=c, planet=planet)
            return None
        if act == "const":
            return self._click_const(arg, kind)
        if act == "confirm":
            return self._confirmed()
        return None

    def _toggle_discard(self, i: int) -> Action | None:
        if self.pending not in ("saturnus", "eclipsis"):
            return None
        hand = self._hand()
        if not 0 <= i < len(hand):
            return None
        chosen = self.sel.discard
        if i in chosen:
            chosen.remove(i)
        else:
            chosen.append(i)
            need = self._discard_count()
            while len(chosen) > need:
                chosen.pop(0)
        return None

    def _click_const(self, name: str, kind: str | None) -> Action | None:
        if name not in CONST_INDEX:
            return None
        sel = self.sel
        if kind is None and sel.planet is not None:          # study B: picking the 2 other tokens
            if name in self._b_candidates():
                sel.b_tokens.append(name)
            return None
        if kind == "mercurius":
            if sel.move_from is None or name == sel.move_from:
                if any(CONSTELLATIONS[a.where[0]] == name for a in self._of(A.MOVE)):
                    sel.move_from, sel.move_to = (None, None) if name == sel.move_from else (name, None)
                return None
            if any(CONSTELLATIONS[a.where[0]] == sel.move_from and CONSTELLATIONS[a.where[1]] == name
                   for a in self._of(A.MOVE)):
                sel.move_to = name
            return None
        if name in self._const_candidates():
            if sel.const == name and kind is None:
                sel.const = None
            else:
                self.sel = Selection(const=name, bonus=sel.bonus)
        return None

    def _confirmed(self) -> Action | None:
        sel, kind = self.sel, self.pending
        if kind is None and sel.planet is not None and len(sel.b_tokens) == 2:
            c = CONST_INDEX[sel.const]
            x, y = sorted(CONST_INDEX[n] for n in sel.b_tokens)
            p = PLANET_INDEX[sel.planet]
            return next((a for a in self._of(A.STUDY_B) if a.where == (c, x, y) and a.planet == p), None)
        if kind == "mercurius" and sel.move_from and sel.move_to:
            w = (CONST_INDEX[sel.move_from], CONST_INDEX[sel.move_to])
            return next((a for a in self._of(A.MOVE) if a.where == w), None)
        if kind in ("saturnus", "eclipsis"):
            cards = self._selected_cards()
            return next((a for a in self._of(A.DISCARD) if a.cards == cards), None)
        if sel.const is None:
            return None
        if kind in ("observe", "signa"):
            options = self._place_options(sel.const)
            if not options:
                return None
            pays = _unique(a.cards for a in options)
            pay = pays[min(sel.pay, len(pays) - 1)]
            sources = _unique(a.source for a in options if a.cards == pay)
            source = sources[min(sel.source, len(sources) - 1)]
            return next(a for a in options if a.cards == pay and a.source == source)
        if kind == "mars":
            c = CONST_INDEX[sel.const]
            return next((a for a in self._of(A.RETRIEVE) if a.where == (c,)), None)
        return None

    # ------------------------------------------------- paths (for tests)

    def click_path(self, a: Action) -> list[tuple[str, str]]:
        """The clicks that make the legal action ``a`` from a fresh
        selection (what a player does on the page; the tests follow it)."""
        if a not in self.legal:
            raise ValueError(f"not a legal action now: {a}")
        k = a.kind
        C = CONSTELLATIONS
        if k == A.DRAW_DECK:
            return [("deck", "")]
        if k == A.TAKE:
            return [("take", CARD_NAMES[a.cards[0]])]
        if k == A.END_TURN:
            return [("end", "")]
        if k == A.TRADE:
            return [("trade", "")]
        if k == A.PLAY:
            return [("bonus", BONUS_TYPES[a.bonus]), ("play", BONUS_TYPES[a.bonus])]
        if k == A.OBSERVE:
            return [("const", C[a.where[0]]), ("do", self._do(a))]
        if k == A.STUDY_B:
            c, x, y = a.where
            return [("study_b", f"{C[c]}|{PLANETS[a.planet]}"), ("const", C[x]), ("const", C[y]), ("confirm", "")]
        if k == A.STUDY:
            return [("planet", PLANETS[a.planet])]
        if k == A.PLACE:
            name = C[a.where[0]]
            options = self._place_options(name)
            pays = _unique(o.cards for o in options)
            sources = _unique(o.source for o in options if o.cards == a.cards)
            path = [("const", name)]
            if self.pending == "observe":
                path.append(("pay", str(pays.index(a.cards))))
            if len(sources) > 1 or sources[0] >= 0:
                path.append(("source", str(sources.index(a.source))))
            return path + [("confirm", "")]
        if k == A.SWAP:
            return [("const", C[a.where[0]]), ("do", self._do(a))]
        if k == A.MOVE:
            return [("const", C[a.where[0]]), ("const", C[a.where[1]]), ("confirm", "")]
        if k == A.RETRIEVE:
            return [("const", C[a.where[0]]), ("confirm", "")]
        if k == A.DISCARD:
            hand = self._hand()
            used: list[int] = []
            for card in a.cards:
                used.append(next(i for i, n in enumerate(hand) if n == CARD_NAMES[card] and i not in used))
            return [("hand", str(i)) for i in used] + [("confirm", "")]
        return [("do", self._do(a))]      # SKIP, STEAL

    # ----------------------------------------------------------- helpers

    def _forced_payment(self, a: Action) -> str:
        """What an observation of one constellation will cost when there is only one way to pay
        (the engine then pays without asking, R5): "" when the player will choose."""
        if len(a.where) != 1:
            return ""
        counts = [0] * len(CARD_NAMES)
        for name in self._hand():
            if name in CARD_INDEX:
                counts[CARD_INDEX[name]] += 1
        options = payment_options(counts, a.where[0])
        if len(options) != 1:
            return ""
        return " + ".join(card_label(CARD_NAMES[c]) for c in options[0])

    def _hand(self) -> list[str]:
        if not self.view or self.viewer is None:
            return []
        return list(self.view["seats"][self.viewer].get("hand", []))

    def _discard_count(self) -> int:
        ds = self._of(A.DISCARD)
        return len(ds[0].cards) if ds else 0

    def _selected_cards(self) -> tuple[int, ...]:
        hand = self._hand()
        return tuple(sorted(CARD_INDEX[hand[i]] for i in self.sel.discard if i < len(hand)))

    def _place_options(self, name: str) -> list[Action]:
        c = CONST_INDEX[name]
        return [a for a in self._of(A.PLACE) if a.where == (c,)]

    def _const_candidates(self) -> list[str]:
        """Constellations a click can select in the current decision."""
        kind = self.pending
        out: list[int] = []
        if kind is None:
            for a in self._of(A.OBSERVE):
                out += a.where
            out += [a.where[0] for a in self._of(A.STUDY_B)]
        elif kind in ("observe", "signa"):
            out = [a.where[0] for a in self._of(A.PLACE)]
        elif kind == "nova_luna":
            out = [a.where[0] for a in self._of(A.SWAP)]
        elif kind == "mars":
            out = [a.where[0] for a in self._of(A.RETRIEVE)]
        return [CONSTELLATIONS[c] for c in sorted(set(out))]

    def _b_pairs(self) -> list[tuple[str, str]]:
        sel = self.sel
        c, p = CONST_INDEX[sel.const], PLANET_INDEX[sel.planet]
        return [(CONSTELLATIONS[a.where[1]], CONSTELLATIONS[a.where[2]]) for a in self._of(A.STUDY_B)
                if a.where[0] == c and a.planet == p]

    def _b_candidates(self) -> list[str]:
        """Where the next of the 2 extra study-B tokens may come from."""
        chosen = self.sel.b_tokens
        if len(chosen) >= 2:
            return []
        out = set()
        for x, y in self._b_pairs():
            if not chosen:
                out |= {x, y}
            elif chosen[0] == x:
                out.add(y)
            elif chosen[0] == y:
                out.add(x)
        return sorted(out, key=CONST_INDEX.get)

    # ------------------------------------------------------------ the UI

    def ui(self) -> UI:
        """What to draw: prompt, buttons, clickable things, highlights."""
        view = self.view
        ui = UI()
        if not view:
            return ui
        if view.get("is_over"):
            ui.prompt = t("status.over")
            return ui
        cp = view.get("current_player")
        if not self.legal:
            ui.prompt = t("prompt.not_you", name=self.name(cp)) if cp is not None else t("prompt.nothing")
            if cp is not None:
                ui.notes.append(t("status.waiting", name=self.name(cp), decision=decision_text(view)))
            return ui
        ui.active = True
        kind = self.pending
        sel = self.sel
        # Bonus cards and the asteroid trade are free at one's own turn (R10).
        ui.bonus = {BONUS_TYPES[a.bonus] for a in self._of(A.PLAY)}
        ui.bonus_open = sel.bonus
        if kind is None:
            self._ui_turn(ui)
        elif kind in ("draw2", "venus"):
            self._ui_draw(ui, kind)
        elif kind in ("observe", "signa"):
            self._ui_place(ui, kind)
        elif kind == "study":
            at = view["pending"].get("at", "")
            ui.prompt = t("prompt.study", const=at)
            ui.const_class[at] = "sel"
            choices = []
            for a in self._of(A.STUDY):
                planet = PLANETS[a.planet]
                ui.planets[planet] = t("prompt.study_btn", planet=planet)
                choices.append(Choice(t("prompt.study_btn", planet=planet), "do", self._do(a), primary=True))
            ui.groups.append(Group("", choices))
        elif kind == "nova_luna":
            self._ui_nova_luna(ui)
        elif kind == "mercurius":
            self._ui_mercurius(ui)
        elif kind == "iupiter":
            ui.prompt = t("prompt.iupiter")
            choices = []
            for a in self._of(A.STEAL):
                count = view["seats"][a.seat]["hand_count"]
                choices.append(Choice(tn("prompt.steal_btn", count, name=self.name(a.seat)), "do", self._do(a)))
            ui.groups.append(Group("", choices))
        elif kind == "mars":
            self._ui_mars(ui)
        elif kind in ("saturnus", "eclipsis"):
            self._ui_discard(ui, kind)
        if sel.bonus:
            self._ui_bonus(ui)
        return ui

    def _ui_bonus(self, ui: UI) -> None:
        name = self.sel.bonus
        doc = t(f"bonus_doc.{name}") if f"bonus.{name}" in _KNOWN_BONUS else ""
        playable = any(BONUS_TYPES[a.bonus] == name for a in self._of(A.PLAY))
        choices = [Choice(t("btn.play", card=name), "play", name, primary=True)] if playable else []
        choices.append(Choice(t("btn.close"), "bonus", name))
        ui.groups.insert(0, Group(t("bonus." + name) if f"bonus.{name}" in _KNOWN_BONUS else name, choices,
                                  text=doc if playable else f"{doc} {t('bonus.not_now')}"))

    def _ui_turn(self, ui: UI) -> None:
        view, sel = self.view, self.sel
        observes = self._of(A.OBSERVE)
        draws = self._of(A.DRAW_DECK, A.TAKE)
        studies_b = self._of(A.STUDY_B)
        ui.deck = bool(self._of(A.DRAW_DECK))
        ui.display = {CARD_NAMES[a.cards[0]] for a in self._of(A.TAKE)}
        if observes or draws:
            # Only the ways open now: no "click a glowing constellation" when none glows.
            ui.prompt = t("prompt.turn" if observes and draws else "prompt.turn_observe" if observes
                          else "prompt.turn_draw")
            if view.get("actions_left", 1) > 1:
                ui.notes.append(t("prompt.extra_action"))
        else:
            ui.prompt = t("prompt.turn_after")
        if CARD_NAMES[WILD] in view.get("display", []) and draws and CARD_NAMES[WILD] not in ui.display:
            ui.notes.append(t("cards.wild_r2"))
        for name in self._const_candidates():
            ui.consts[name] = t("const.can")
        # Study B in progress: choosing the two other tokens.
        if sel.planet is not None and sel.const:
            self._ui_study_b(ui)
            return
        if sel.const:
            ui.dim = True
            ui.const_class[sel.const] = "sel"
            c = CONST_INDEX[sel.const]
            mine = sorted((a for a in observes if c in a.where),
                          key=lambda a: (_CONFIG_ORDER[config_name(a.where)], a.where))
            choices = []
            for a in mine:
                names = [CONSTELLATIONS[x] for x in a.where]
                note = tn("prompt.tokens", len(a.where))
                forced = self._forced_payment(a)
                if forced:   # the engine pays it at once (the only way): the button says so (issue 17)
                    note = t("prompt.tokens_paying", tokens=note, cards=forced)
                choices.append(Choice(observe_label(a), "do", self._do(a), primary=True, note=note, where=names))
                if len(set(a.where)) > 1:
                    for x, y in zip(a.where, a.where[1:] + a.where[:1]):
                        if x != y and (len(a.where) == 3 or (x, y) == a.where):
                            ui.chords.append((CONSTELLATIONS[x], CONSTELLATIONS[y], config_name(a.where)))
                for n in names:
                    if n != sel.const:
                        ui.const_class.setdefault(n, "partner")
            planets_b = _unique(PLANETS[a.planet] for a in studies_b if a.where[0] == c)
            for planet in planets_b:
                choices.append(Choice(t("prompt.study_b_option", planet=planet, const=sel.const), "study_b",
                                      f"{sel.const}|{planet}"))
            text = t("prompt.observe_choose", const=sel.const) if mine else ""
            choices.append(Choice(t("btn.cancel"), "cancel"))
            ui.groups.append(Group(sel.const, choices, text=text))
        elif studies_b:
            seen = []
            for a in studies_b:
                key = (CONSTELLATIONS[a.where[0]], PLANETS[a.planet])
                if key not in seen:
                    seen.append(key)
            ui.groups.append(Group(t("prompt.study_b_offer"), [
                Choice(t("prompt.study_b_option", planet=p, const=c), "study_b", f"{c}|{p}") for c, p in seen]))
        playable = sorted(ui.bonus)
        if playable and not sel.bonus:
            ui.groups.append(Group(t("prompt.bonus_offer"), [Choice(t(f"bonus.{b}"), "bonus", b) for b in playable]))
        extra = []
        if self._of(A.TRADE):
            extra.append(Choice(t("btn.trade"), "trade"))
        if self._of(A.END_TURN):
            extra.append(Choice(t("btn.end_turn"), "end", primary=True))
        if extra:
            ui.groups.append(Group("", extra))

    def _ui_study_b(self, ui: UI) -> None:
        sel = self.sel
        ui.consts = {n: t("const.can") for n in self._b_candidates()}
        ui.dim = True
        ui.const_class[sel.const] = "sel"
        for n in sel.b_tokens:
            ui.const_class[n] = "from"
            ui.token_class[(self.viewer, n)] = "leaving"
        left = 2 - len(sel.b_tokens)
        choices = []
        if left:
            ui.prompt = tn("prompt.study_b_choose", left, planet=sel.planet, const=sel.const)
        else:
            ui.prompt = t("prompt.study_b_ready", planet=sel.planet, const=sel.const, others=join(sel.b_tokens))
            choices.append(Choice(t("btn.confirm"), "confirm", primary=True))
        choices.append(Choice(t("btn.cancel"), "cancel"))
        ui.groups.append(Group("", choices))

    def _ui_draw(self, ui: UI, kind: str) -> None:
        ui.deck = bool(self._of(A.DRAW_DECK))
        ui.display = {CARD_NAMES[a.cards[0]] for a in self._of(A.TAKE)}
        if kind == "venus":
            ui.prompt = tn("prompt.venus", self.view["pending"].get("remaining", 1))
        else:
            ui.prompt = t("prompt.draw2")
            if CARD_NAMES[WILD] in self.view.get("display", []):
                ui.notes.append(t("cards.wild_r2"))

    def _ui_place(self, ui: UI, kind: str) -> None:
        sel = self.sel
        ui.dim = True
        cands = self._const_candidates()
        if sel.const not in cands:
            # An observation's tokens all go down: start with the first (another click changes the order, R5).
            sel.const = cands[0] if (len(cands) == 1 or kind == "observe") and cands else None
            sel.pay = sel.source = 0
        pending = self.view["pending"]
        if kind == "observe":
            left = len(pending.get("targets", []))
            # "click a glowing constellation" only while one glows to be clicked (issue 17)
            ui.prompt = tn("prompt.place", left) if sel.const is None or len(cands) > 1 else \
                tn("prompt.place_here", left, const=sel.const)
        else:
            colour = COLOURS[pending.get("colour", 0)]
            ui.prompt = t("prompt.signa", card=_signa_name(colour), colour=t(f"colour.{colour}"))
        for name in cands:
            ui.consts[name] = t("const.can")
            ui.const_class[name] = "target"
        if sel.const is None:
            return
        ui.const_class[sel.const] = "sel"
        options = self._place_options(sel.const)
        pays = _unique(a.cards for a in options)
        sel.pay = min(sel.pay, len(pays) - 1)
        groups = []
        if kind == "observe":
            radio = [Choice(" + ".join(card_label(CARD_NAMES[c]) for c in pay), "pay", str(i),
                            pressed=i == sel.pay, cards=[CARD_NAMES[c] for c in pay]) for i, pay in enumerate(pays)]
            groups.append(Group(t("prompt.pay_with"), radio, kind="radio",
                                text=t("prompt.pay_default") if len(pays) > 1 else ""))
        sources = _unique(a.source for a in options if a.cards == pays[sel.pay])
        sel.source = min(sel.source, len(sources) - 1)
        if len(sources) > 1 or sources[0] >= 0:
            radio = [Choice(CONSTELLATIONS[s] if s >= 0 else t("prompt.source_reserve"), "source", str(i),
                            pressed=i == sel.source) for i, s in enumerate(sources)]
            groups.append(Group(t("prompt.source"), radio, kind="radio"))
        # The button names what it costs: a wildcard (or any card) is never spent silently (issue 17).
        cost = " + ".join(card_label(CARD_NAMES[c]) for c in pays[sel.pay])
        label = t("prompt.place_btn_pay", const=sel.const, cards=cost) if pays[sel.pay] else \
            t("prompt.place_btn", const=sel.const)
        groups.append(Group("", [Choice(label, "confirm", primary=True)]))
        groups[0].heading = groups[0].heading or t("prompt.place_on", const=sel.const)
        ui.groups += groups

    def _ui_nova_luna(self, ui: UI) -> None:
        sel = self.sel
        ui.dim = True
        ui.prompt = tn("prompt.nova_luna", self.view["pending"].get("remaining", 1))
        for name in self._const_candidates():
            ui.consts[name] = t("const.can")
            ui.const_class[name] = "target"
        if sel.const is None:
            return
        ui.const_class[sel.const] = "sel"
        c = CONST_INDEX[sel.const]
        choices = []
        for a in self._of(A.SWAP):
            if a.where == (c,):
                if a.source >= 0:
                    label = t("prompt.swap_btn_from", name=self.name(a.seat), const=sel.const,
                              source=CONSTELLATIONS[a.source])
                else:
                    label = t("prompt.swap_btn", name=self.name(a.seat), const=sel.const)
                choices.append(Choice(label, "do", self._do(a), primary=True))
                ui.token_class[(a.seat, sel.const)] = "leaving"
        choices.append(Choice(t("btn.cancel"), "cancel"))
        ui.groups.append(Group(t("prompt.nova_luna_whose", const=sel.const), choices))

    def _ui_mercurius(self, ui: UI) -> None:
        sel = self.sel
        ui.dim = True
        moves = self._of(A.MOVE)
        left = self.view["pending"].get("remaining", 1)
        choices = []
        if sel.move_from is None:
            ui.prompt = tn("prompt.mercurius_from", left)
            for name in _unique(CONSTELLATIONS[a.where[0]] for a in moves):
                ui.consts[name] = t("const.can")
                ui.const_class[name] = "target"
        else:
            ui.prompt = t("prompt.mercurius_to", source=sel.move_from)
            ui.const_class[sel.move_from] = "from"
            ui.consts[sel.move_from] = t("btn.cancel")
            ui.token_class[(self.viewer, sel.move_from)] = "leaving"
            for a in moves:
                if CONSTELLATIONS[a.where[0]] == sel.move_from:
                    ui.consts[CONSTELLATIONS[a.where[1]]] = t("const.can")
            if sel.move_to:
                ui.const_class[sel.move_to] = "sel"
                choices.append(Choice(t("prompt.move_btn", source=sel.move_from, target=sel.move_to), "confirm",
                                      primary=True))
            choices.append(Choice(t("btn.cancel"), "cancel"))
        for a in self._of(A.SKIP):
            choices.append(Choice(t("prompt.skip"), "do", self._do(a)))
        if choices:
            ui.groups.append(Group("", choices))

    def _ui_mars(self, ui: UI) -> None:
        sel = self.sel
        ui.dim = True
        pending = self.view["pending"]
        ui.prompt = tn("prompt.mars", pending.get("count", 1), name=self.name(self.view["turn_player"]))
        for name in self._const_candidates():
            ui.consts[name] = t("const.can")
            ui.const_class[name] = "target"
        if sel.const:
            ui.const_class[sel.const] = "sel"
            ui.token_class[(self.viewer, sel.const)] = "leaving"
            ui.groups.append(Group("", [Choice(t("prompt.retrieve_btn", const=sel.const), "confirm", primary=True),
                                        Choice(t("btn.cancel"), "cancel")]))

    def _ui_discard(self, ui: UI, kind: str) -> None:
        count = self._discard_count()
        if kind == "eclipsis":
            ui.prompt = tn("prompt.eclipsis", count)
        else:
            ui.prompt = tn("prompt.saturnus", count, name=self.name(self.view["turn_player"]))
        ui.hand_pick = True
        hand = self._hand()
        self.sel.discard = [i for i in self.sel.discard if i < len(hand)]
        ui.hand_selected = list(self.sel.discard)
        chosen = [card_label(hand[i]) for i in self.sel.discard]
        ready = any(a.cards == self._selected_cards() for a in self._of(A.DISCARD))
        ui.groups.append(Group("", [Choice(t("prompt.discard_btn"), "confirm", primary=True, disabled=not ready)],
                               text=t("prompt.discard_selected", list=join(chosen) if chosen else "—")))


_KNOWN_BONUS = {f"bonus.{b}" for b in BONUS_TYPES}


def _signa_name(colour: str) -> str:
    return {"red": "Signa Ignis", "green": "Signa Terrae", "yellow": "Signa Aeris", "blue": "Signa Aquae"}[colour]


def _unique(items) -> list:
    out = []
    for x in items:
        if x not in out:
            out.append(x)
    return out


def _int(text: str) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return -1
