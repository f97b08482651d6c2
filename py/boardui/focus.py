"""Where the keyboard focus goes after a redraw, decided from the scenes (pure).

The view keeps the scene it drew last; after an input it compares it with the
new one and returns a :class:`FocusPlan`: CSS selectors tried in order, the
first present and enabled element takes the focus (the browser glue,
:func:`boardui.browser.apply_focus`, does only that); then, only when the focus
is lost (on ``<body>``, or on an element removed or hidden, such as the
hot-seat pass button when the board comes back), the ``if_lost`` selectors.

Clickable elements carry ``data-act`` (and ``data-arg``); :func:`act_selector`
names one; :func:`controls` lists those of a region, so that "the first choice
this click opened" is a set difference of two pure trees.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .tree import El


@dataclass(frozen=True)
class FocusPlan:
    """``targets``: tried in order, always; ``if_lost``: tried after them only when none was
    found and the focus is lost. ``reveal``: after a pointer input too (which focuses without
    scrolling, so that a click does not make the page jump), the element focused is brought into
    view with its ancestor matching this selector when it is out of the viewport: a choice opened
    in a panel scrolled away, as on a phone below the board (play-test 4)."""

    targets: tuple[str, ...] = ()
    if_lost: tuple[str, ...] = ()
    reveal: str = ""

    def __bool__(self) -> bool:
        return bool(self.targets or self.if_lost)


NOWHERE = FocusPlan()


def css_string(text: str) -> str:
    """``text`` as a quoted CSS string."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\a ") + '"'


def act_selector(act: str, arg: str = "", scope: str = "") -> str:
    """The enabled element(s) with this ``data-act`` and ``data-arg`` (``""``: no ``data-arg``)."""
    base = f"{scope} [data-act={css_string(act)}]".strip()
    if arg:
        return f"{base}[data-arg={css_string(arg)}]:not([disabled])"
    return f"{base}:not([data-arg]):not([disabled]), {base}[data-arg=\"\"]:not([disabled])"


def classes(e: El) -> list[str]:
    return e.attrs.get("class", "").split()


def with_class(tree: El, cls: str) -> Iterator[El]:
    """Elements of the tree whose class list holds ``cls``."""
    return (e for e in tree.walk() if cls in classes(e))


def has_class(tree: El | None, cls: str) -> bool:
    return tree is not None and next(with_class(tree, cls), None) is not None


@dataclass(frozen=True)
class Control:
    """One ``data-act`` element of a scene: what it does, its text, whether it is disabled."""

    act: str
    arg: str
    text: str
    disabled: bool


def controls(tree: El | None, region: str) -> list[Control]:
    """The ``data-act`` elements inside the elements of class ``region``, in document order."""
    if tree is None:
        return []
    out = []
    for box in with_class(tree, region):
        for e in box.walk():
            if "data-act" in e.attrs:
                out.append(Control(e.attrs["data-act"], e.attrs.get("data-arg", ""), e.text_content(),
                                   "disabled" in e.attrs))
    return out


def first_new(before: list[Control], after: list[Control], ignore: frozenset[str] = frozenset()) -> Control | None:
    """The first enabled control of ``after`` that was not in ``before`` (what a click opened)."""
    seen = {(c.act, c.arg, c.text) for c in before}
    return next((c for c in after if not c.disabled and c.act not in ignore
                 and (c.act, c.arg, c.text) not in seen), None)


@dataclass
class Settler:
    """Where the focus goes after a new state is drawn — never left on ``<body>``:

    * a modal dialog that just opened takes it (``dialog``: its title, ``tabindex="-1"``);
    * after a decision made on this screen (:meth:`decided`), the control that made it when it is
      offered again (``keep``: the deck, for a second draw), else the next decision's prompt
      (``decision``: read out, and the next Tab reaches its first choice);
    * otherwise the focus stays where it is, unless it was lost (its element removed or
      hidden, e.g. the hot-seat pass button as the board comes back): then the decision.
    """

    decision: tuple[str, ...]
    dialog: tuple[str, ...] = ()
    wanted: bool = False
    dialog_open: bool = False
    keep: tuple[str, ...] = ()

    def decided(self, keep: tuple[str, ...] = ()) -> None:
        """A decision was made here: the next state focuses its prompt, or first ``keep`` (the
        control that made it) when it is still offered: a second Enter on the deck draws again,
        where the focus had jumped to the prompt (play-test 4)."""
        self.wanted = True
        self.keep = keep

    def refused(self) -> None:
        """The decision was refused: nothing changed, the focus stays."""
        self.wanted = False
        self.keep = ()

    def closed(self) -> None:
        """The dialog was closed (the caller sends the focus to what reopens it)."""
        self.dialog_open = False

    def settle(self, dialog_shown: bool) -> FocusPlan:
        if dialog_shown and not self.dialog_open:
            self.dialog_open = True
            self.wanted = False
            return FocusPlan(self.dialog)
        self.dialog_open = dialog_shown
        wanted, self.wanted = self.wanted, False
        keep, self.keep = self.keep, ()
        return FocusPlan(keep + self.decision if wanted else (), if_lost=self.decision)
