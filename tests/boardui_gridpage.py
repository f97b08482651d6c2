"""A test page for boardui's grid keyboard (served in place of py/app/main.py by
tests/browser/test_grid_keys.py; never part of the site).

An 11 x 7 grid of cells (Pompeii's board size) with a few empty positions,
drawn with boardui's one-way flow: a pure ``scene(state)`` -> ``Patcher`` ->
``Delegation`` -> ``act`` changes the state -> the next scene. Enter, Space or
a click on a cell toggles it ``chosen``; ``<body data-acted>`` lists the acts.
"""

import importlib
import io
import zipfile

with zipfile.ZipFile(io.BytesIO(zipfile.ZipFile("shell.zip").read("solid.zip"))) as shell:  # the shell's packages (boardui among them), as py/app/main.py does
    shell.extractall()
importlib.invalidate_caches()   # the folder's listing, cached by mtime, changed

from boardui import nav  # noqa: E402
from boardui.browser import Delegation  # noqa: E402
from boardui.dom import Patcher  # noqa: E402
from boardui.tree import El, h  # noqa: E402
from pyscript import document  # noqa: E402

ROWS, COLS = 7, 11
HOLES = {(0, 3), (2, 5), (2, 6), (4, 4), (5, 0), (6, 10)}
STATE = {"chosen": [], "focus": None, "acts": []}


def scene(state: dict) -> El:
    """The page as a pure function of the state."""
    rows = []
    cells = []
    for r in range(ROWS):
        row = []
        for c in range(COLS):
            if (r, c) in HOLES:
                row.append(El("span", {"role": "gridcell", "class": "hole"}, key=f"h{r}-{c}"))
                continue
            cid = f"{r}-{c}"
            chosen = cid in state["chosen"]
            cell = El("span", {"role": "gridcell", "class": "cell" + (" chosen" if chosen else ""),
                               "data-act": "cell", "data-arg": cid, "aria-selected": "true" if chosen else "false",
                               "aria-label": f"row {r + 1}, column {c + 1}", **nav.cell_attrs(cid, r, c)},
                      [f"{r}{c}"], key=cid)
            row.append(cell)
            cells.append(cell)
        rows.append(El("div", {"role": "row", "class": "row"}, row, key=f"r{r}"))
    nav.rove(cells, [state["focus"]])
    return h("main", {"class": "gridpage"},
             h("h1", None, "Grid keys"),
             h("button", {"type": "button", "id": "before"}, "Before"),
             El("div", {"role": "grid", "aria-label": "board", "class": "grid", **nav.nav_attrs("grid")}, rows,
                key="grid"),
             h("button", {"type": "button", "id": "after"}, "After"))


def draw() -> None:
    patcher.render(scene(STATE))
    document.body.dataset.acted = ",".join(STATE["acts"])


def act(name: str, arg: str) -> None:
    STATE["acts"].append(arg)
    if arg in STATE["chosen"]:
        STATE["chosen"].remove(arg)
    else:
        STATE["chosen"].append(arg)
    draw()


def rove(cell: str) -> None:
    STATE["focus"] = cell


style = document.createElement("style")
style.textContent = """
.grid { display: grid; grid-template-rows: repeat(7, 2rem); gap: 2px; }
.row { display: grid; grid-template-columns: repeat(11, 2rem); gap: 2px; }
.cell, .hole { display: block; width: 2rem; height: 2rem; }
.cell { background: #ddd; } .cell.chosen { background: #8c8; } .cell:focus { outline: 3px solid #00f; }
"""
document.head.appendChild(style)
for node in document.querySelectorAll("#loading"):
    node.remove()
root = document.createElement("div")
document.body.appendChild(root)
patcher = Patcher(root)
events = Delegation(root, act, on_rove=rove)
draw()
document.body.dataset.ready = "1"
