"""The site's identity, in one place: its name and the prefix of everything it keeps in storage.

``index.html`` repeats both (its title, and loader.js's ``data-settings`` key:
``tests/test_i18n.py`` checks they agree); games bring their own titles.
"""

NAME = "Ludus"
STORAGE_PREFIX = "ludus."       # localStorage keys: <prefix>current, <prefix>game.<id>, ...
DAILY_KEYS = "daily."           # <prefix>daily.<game>.<day>: a daily challenge's day (app.daily)

# The storage prefixes older releases of this site used, per current prefix: their saves and
# settings are moved to the current prefix at start-up (``app.storage``).  The catalog declares
# them (``py/catalog.py``: the first release was named after its one game).
LEGACY_STORAGE_PREFIXES: dict[str, tuple[str, ...]] = {}
