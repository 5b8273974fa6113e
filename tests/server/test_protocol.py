"""The decoder: only ProtocolError ever comes out of bad input, with the right code."""

from __future__ import annotations

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

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


@pytest.mark.parametrize("frame,rid", [
    (msgpack.packb({"rid": 7, "type": "ping", "t": "x" * 17000}), 7),
    (msgpack.packb({"type": "ping", "rid": 2**53 - 1, "t": "x" * 17000}), 2**53 - 1),
    (msgpack.packb({"type": "ping", "rid": 2**53, "t": "x" * 17000}), None),
    (msgpack.packb({"type": "ping", "rid": True, "t": "x" * 17000}), None),
    (msgpack.packb({"type": "ping", "t": "x" * 17000, "rid": 7}), None),
    (msgpack.packb([7] * 20000), None),
    (b"\xdf\xff\xff\xff\xff" + msgpack.packb("rid") + b"\x07" + b"x" * MAX_FRAME, 7),
    (b"\xdf\xff\xff\xff\xff" + b"\xa1" * (MAX_FRAME + 1), None),
    (b"\x81\xa3rid\xcf" + b"\xff" * MAX_FRAME, None),
    (b"\xc1" * (MAX_FRAME + 1), None),
    (b"\x85" + msgpack.packb("type") + msgpack.packb("ping") + msgpack.packb("rid") + b"\x05"
     + b"\xdb" + (1 << 30).to_bytes(4, "big") + b"x" * MAX_FRAME, 5),
])
def test_an_oversized_frame_gives_its_early_rid_and_nothing_else(frame, rid):
    """Over ``MAX_FRAME``, only a small prefix is read: a rid among the first entries comes
    back (if usable); lying headers, garbage and a late rid give none, and never raise."""
    assert len(frame) > MAX_FRAME
    with pytest.raises(ProtocolError) as err:
        decode(frame)
    assert err.value.code == "too_large"
    assert peek_rid(frame) == rid
