"""boot.snapshot's stored form: what loader.js paints for a returning player (issue 13).

The picture in the browser (time to picture, no hidden information, replaced
by the live board) is tested in tests/browser/test_snapshot.py."""

from __future__ import annotations

import json
from pathlib import Path

from boot import snapshot
from hypothesis import given, settings
from hypothesis import strategies as st


def _record(**changes):
    data = snapshot.record("<header>x</header><div id='game'></div>", screen="game", lang="es",
                           current_key="ptolemaeus.current", game_id="abc", css=["./static/app.css"],
                           prefetch=["./static/py/ptolemaeus.zip"], curtain=False)
    data.update(changes)
    return data


def test_round_trip():
    data = _record()
    text = snapshot.encode(data)
    assert text is not None and snapshot.decode(text) == data
    assert data["format"] == snapshot.FORMAT and data["version"] == snapshot.VERSION


def test_a_picture_too_big_to_keep_is_not_kept():
    assert snapshot.encode(_record(html="x" * snapshot.MAX_CHARS)) is None
    assert snapshot.decode("x" * (snapshot.MAX_CHARS + 1)) is None


def test_the_loader_js_checks_match():
    """loader.js refuses exactly what decode refuses (same format, version, fields, size bound)."""
    js = (Path(snapshot.__file__).resolve().parents[2] / "static" / "loader.js").read_text(encoding="utf-8")
    assert f'data.format !== "{snapshot.FORMAT}"' in js and f"data.version !== {snapshot.VERSION}" in js
    assert f"text.length > {snapshot.MAX_CHARS}" in js
    assert '["html", "current_key", "game", "screen"]' in js and '["css", "prefetch"]' in js


def test_wrong_shapes_are_refused():
    for bad in ([], "x", None, 3, {"format": "other"}, _record(version=2), _record(html=None),
                _record(css="./a.css"), _record(prefetch=[1]), _record(game=7), _record(format="x")):
        assert snapshot.decode(json.dumps(bad)) is None, bad
    assert snapshot.decode("{not json") is None
    assert snapshot.decode(None) is None and snapshot.decode(b"{}") is None


json_values = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
                           lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
                           max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=200), json_values.map(json.dumps),
                 st.dictionaries(st.sampled_from(["format", "version", "html", "css", "prefetch", "game",
                                                  "current_key", "screen"]), json_values).map(json.dumps)))
def test_any_stored_text_is_a_picture_or_none_never_an_error(text):
    found = snapshot.decode(text)
    assert found is None or (found["format"] == snapshot.FORMAT and isinstance(found["html"], str))


def test_hotseat_is_two_or_more_humans():
    class Controller:
        def __init__(self, kinds):
            self.seats = [{"kind": k} for k in kinds]

    class App:
        def __init__(self, kinds):
            self.controller = Controller(kinds) if kinds is not None else None

    assert snapshot._hotseat(App(["human", "human", "bot"]))
    assert not snapshot._hotseat(App(["human", "bot"]))
    assert not snapshot._hotseat(App(["bot", "bot"]))
    assert not snapshot._hotseat(App(None))
