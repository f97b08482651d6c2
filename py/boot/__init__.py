"""Start-up of the page: the Python code in archives fetched when needed, and the returning
player's picture (issue 13).  ``boot.archives`` (pure apart from the fetches) and
``boot.snapshot`` (the last board, saved for ``static/loader.js`` to paint at once)."""
