"""The Ptolemaeus game UI (see ``docs/app-architecture.md``).

Pure modules, importable and tested under CPython:

* ``strings``   every user-visible text, keyed by id, looked up in ``lang/<lang>.json`` (en, es, it, de)
* ``glyphs``    planet, element, comet and asteroid drawings (SVG paths)
* ``board``     the board and the panels as pure functions of a view
* ``interact``  what the viewer may click, driven by ``legal_actions()``
* ``animate``   the end of round as a sequence of frames, from the events
* ``words``     the move log and the end screen in words
* ``screen``    the one-way flow: snapshot of a state -> UI-local state -> scene; input -> actions
* ``spec``      ``PtolemaeusSpec``: the ``GameSpec`` of this game, bots included
* ``search``    ``BotSearch``: a bot's decision with the page's time factor (imported when a bot moves)

Browser-only modules (they import ``pyscript``):

* ``view``      ``GameView``: patches the DOM with the screen's scenes, forwards input

The generic half (element tree, DOM patcher, event delegation, focus, live
region, animation queue, grid keyboard) is ``boardui``.
"""
