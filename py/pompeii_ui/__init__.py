"""The Downfall of Pompeii in the page (see ``docs/pompeii-ui.md``).

Pure modules (tested under CPython): ``strings``, ``interact``, ``words``,
``board``, ``screen``, ``spec``. Browser only: ``view``.
"""
