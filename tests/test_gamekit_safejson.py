"""gamekit.safejson: untrusted JSON is parsed within bounds or refused with one exception."""

import json

from hypothesis import given, settings, strategies as st
import pytest

from gamekit.safejson import MAX_DEPTH, JSONLimitError, loads


@pytest.mark.parametrize("text, code", [
    ("[" * 100_000, "too_deep"),
    ("{\"a\":" * 100_000, "too_deep"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "too_deep"),
    ("1" * 5000, "number_too_long"),
    ("[" + "9" * 4301 + "]", "number_too_long"),
    ("NaN", "not_json"), ("[Infinity]", "not_json"), ("-Infinity", "not_json"),
    ("1e999", "not_json"), ('{"n": -1E+400}', "not_json"), ("[1.5e309]", "not_json"),   # infinity by overflow
    ("{", "not_json"), ("", "not_json"), ("{'a': 1}", "not_json"),
    (b"\xff\xfe", "not_json"), (None, "not_json"), (12, "not_json"),
])
def test_hostile_text_raises_jsonlimiterror_with_a_code(text, code):
    with pytest.raises(JSONLimitError) as e:
        loads(text)
    assert e.value.code == code and isinstance(e.value, ValueError)


def test_size_is_checked_before_parsing():
    with pytest.raises(JSONLimitError) as e:
        loads("[" + "1," * 100 + "1]", max_bytes=50)
    assert e.value.code == "too_large"


def test_brackets_inside_strings_do_not_count_as_nesting():
    text = json.dumps({"s": "[" * 1000 + "\\\"{" * 50})
    assert loads(text) == json.loads(text)


def test_exactly_the_maximum_depth_is_accepted():
    text = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert loads(text) == json.loads(text)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 15, 10 ** 15) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_ordinary_json_parses_as_json_loads_does(value):
    text = json.dumps(value)
    assert loads(text) == json.loads(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=200))
def test_any_text_gives_a_value_or_jsonlimiterror(text):
    try:
        loads(text)
    except JSONLimitError:
        pass
