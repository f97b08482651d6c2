"""boardui: the generic half of a board game's view, shared by every game's page.

The one-way flow every game's view follows (``docs/game-ui.md``, "Drawing a
new game's board with boardui")::

    state -> view model (pure) -> scene (an El tree) -> DOM patch
    clicks and keys -> data-act/data-arg -> an action (or a UI-local change)

Pure modules (no browser; tested under CPython):

* ``tree``     ``El``, ``h``, ``to_markup``: the scene a renderer returns
* ``nav``      keyboard navigation over a board's cells: ``Grid`` (rows x columns,
               arrow keys, Home/End), ``Ring``; ``nav_attrs``/``cell_attrs``/``rove`` for the markup
* ``focus``    ``FocusPlan``, ``Settler``: where the focus goes after a redraw, decided from the scenes
* ``live``     ``LiveRegion``: the lines a screen reader reads out, and their element
* ``anim``     ``FrameQueue``: animation frames played one after the other; motion factors
* ``curtain``  ``Curtain``: the view's half of the hot-seat hand-over

Browser modules (they import ``pyscript``):

* ``dom``      ``Patcher``: patches the DOM with successive scenes, keeping nodes by key
               (pure when given a document-like object)
* ``browser``  ``Delegation`` (data-act clicks, Enter/Space, arrow keys, Escape, a modal's Tab),
               ``apply_focus``, ``FramePlayer``
"""
