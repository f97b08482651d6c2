"""Fixtures shared by the CPython tests (the browser's are in tests/browser/conftest.py).

``english``  the shell's texts in English for the test, and again after it (a test that switches
             the language never leaves it switched for the next one). Modules that want it for
             every test say ``pytestmark = pytest.mark.usefixtures("english")``.
"""

from __future__ import annotations

import pytest


@pytest.fixture
def english():
    from app import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")
