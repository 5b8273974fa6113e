"""The decoder: only ProtocolError ever comes out of bad input, with the right code."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given, settings, strategies as st

from shared.wire import SCHEMAS, ProtocolError, decode, peek_rid
from shared.wire.limits import MAX_FRAME

scalars = st.none() | st.booleans() | st.integers(-2**63, 2**64 - 1) | st.floats() | st.text(max_size=20) \
    | st.binary(max_size=20)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_only_ever_raise_protocol_errors(frame):
    """Whatever the bytes, the answer is a message or a ProtocolError."""
    try:
        decode(frame)
    except ProtocolError as exc:
        assert exc.code in ("bad_message", "unknown_type") and exc.text
    peek_rid(frame)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(SCHEMAS)), st.dictionaries(st.text(max_size=10), values, max_size=6))
def test_random_fields_of_known_types_are_validated(kind, fields):
    """Known types with random fields: validated or refused, never anything else."""
    frame = msgpack.packb(fields | {"type": kind}, use_bin_type=True)
    try:
        message = decode(frame)
    except ProtocolError as exc:
        assert exc.code in ("bad_message", "too_large")
        return
    assert message["type"] == kind
    assert set(message) <= {"type", "rid"} | set(SCHEMAS[kind].required) | set(SCHEMAS[kind].optional)


def test_valid_messages_come_back_trimmed_and_typed():
    """Names are trimmed; optional fields that are nil count as absent."""
    m = decode(msgpack.packb({"type": "hello", "v": 1, "name": "  Ada ", "resume": None, "rid": 3}))
    assert m == {"type": "hello", "v": 1, "name": "Ada", "rid": 3}


@pytest.mark.parametrize("frame,code", [
    (b"x" * (MAX_FRAME + 1), "too_large"),
    (msgpack.packb({"type": "hello", "v": True, "name": "a"}), "bad_message"),
    (msgpack.packb({"type": "hello", "v": 1, "name": ""}), "bad_message"),
    (msgpack.packb({"type": "hello", "v": 1, "name": "a" * 25}), "bad_message"),
    (msgpack.packb({"type": "nope"}), "unknown_type"),
])
def test_specific_refusals(frame, code):
    """Oversized frames, booleans for numbers, empty or long names, unknown types."""
    with pytest.raises(ProtocolError) as err:
        decode(frame)
    assert err.value.code == code
