"""The Ptolemaeus game UI (see ``docs/app-architecture.md``).

Pure modules, importable and tested under CPython:

* ``strings``   every user-visible text, keyed by id, looked up in ``lang/<lang>.json`` (en, es, it, de)
* ``tree``      ``El``, a tiny element tree, and its HTML/SVG serializer
* ``glyphs``    planet, element, comet and asteroid drawings (SVG paths)
* ``board``     the board and the panels as pure functions of a view
* ``interact``  what the viewer may click, driven by ``legal_actions()``
* ``animate``   the end of round as a sequence of frames, from the events
* ``words``     the move log and the end screen in words
* ``spec``      ``PtolemaeusSpec``: the ``GameSpec`` of this game, bots included

Browser-only modules (they import ``pyscript``):

* ``dom``       turns an ``El`` tree into DOM nodes, patching in place
* ``view``      ``GameView``: mounts, shows states, wires clicks and keys
"""
