"""Start-up time of the game page against the bare PyScript runtime (reported, not asserted).

Each page is loaded ROUNDS times, alternating, each in a fresh browser context
(empty cache); the best time of each is reported, as the least disturbed by
whatever else the machine is doing.  Request routing (the page guard) is on
for both pages alike.
"""

from __future__ import annotations

# "game": a link that starts a game (human vs bot), i.e. ready once the board is drawn.
PAGES = (("bare", "bench/bare.html"), ("index", "index.html"), ("game", "index.html?seats=human,bot&seed=1"))
ROUNDS = 2


def test_startup_bare_vs_index(new_context, page_guard, site, ready, record_property, report):
    samples: dict[str, list[float]] = {name: [] for name, _ in PAGES}
    for _ in range(ROUNDS):
        for name, path in PAGES:
            context = new_context()
            page = page_guard.watch(context.new_page())
            page.goto(site.url + path)
            samples[name].append(ready(page))
            page_guard.check()  # 0 errors, 0 external requests, no .py-error
            context.close()

    best = {name: min(times) for name, times in samples.items()}
    ratio = best["index"] / best["bare"]
    for name, times in samples.items():
        record_property(f"{name}_ready_ms", round(best[name]))
        record_property(f"{name}_samples_ms", [round(t) for t in times])
    record_property("index_over_bare", round(ratio, 2))
    record_property("game_over_bare", round(best["game"] / best["bare"], 2))
    report(
        f"start-up (navigation -> data-ready, cold cache, best of {ROUNDS}): "
        f"bare {best['bare']:.0f} ms, index {best['index']:.0f} ms, ratio {ratio:.2f}, "
        f"game link {best['game']:.0f} ms, ratio {best['game'] / best['bare']:.2f}  "
        f"(samples: " + "; ".join(f"{name} {', '.join(f'{t:.0f}' for t in times)}"
                                  for name, times in samples.items()) + ")"
    )
