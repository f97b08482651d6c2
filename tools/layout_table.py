"""Print ``ptolemaeus_ui.layout.KNOWN``: where up to three planets of one constellation go on an empty
board, from the layout's own search, so that the page's usual first frame needs none.  Run after a change
to the layout's geometry and paste the output over the table (tests/test_ui_layout.py checks it):

    PYTHONPATH=py .venv/bin/python tools/layout_table.py
"""

from __future__ import annotations

from ptolemaeus_ui import layout


def main() -> None:
    print("KNOWN: dict[tuple[int, int, bool], tuple[tuple[int, int, str], ...] | None] = {")
    for i in range(12):
        row = []
        for k in (1, 2, 3):
            for spill in (False, True):
                entry = layout.known_entry(i, k, spill)
                if entry is not False:
                    row.append(f"({i}, {k}, {spill}): {entry!r}")
        print("    " + ",\n    ".join(row) + ",")
    print("}")


if __name__ == "__main__":
    main()
