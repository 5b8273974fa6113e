"""shared.wire is the one source of truth of the protocol: docs/protocol.md's tables
(error codes, client message types, limits) say the same, and both ends import it."""

from __future__ import annotations

import re
from pathlib import Path

import msgpack
import pytest

from shared.wire import PROTOCOL_VERSION, SCHEMAS, ErrorCode, ProtocolError, decode, decode_server, encode, limits_info
from shared.wire.limits import FIXED, TUNABLE

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")


def section(title: str) -> str:
    return DOC.split(f"\n## {title}", 1)[1].split("\n## ", 1)[0]


def first_column(text: str) -> list[str]:
    return re.findall(r"^\| `([a-z_]+)` \|", text, re.M)


def test_the_docs_error_table_is_the_enum_in_order():
    assert first_column(section("Error codes")) == [code.value for code in ErrorCode]


def test_the_docs_client_message_table_is_the_schema_table():
    assert first_column(section("Client to server")) == list(SCHEMAS)


def test_the_docs_name_every_limit_of_welcome():
    documented = re.findall(r"^  \| `([a-z_]+)`(?:, `([a-z_]+)`)? \|", section("Transport"), re.M)
    names = {name for pair in documented for name in pair if name}
    assert set(FIXED) | set(TUNABLE) == names
    assert f"# Match server protocol (version {PROTOCOL_VERSION})" in DOC


def test_the_codes_are_their_wire_strings():
    """A member packs as its plain text, so the wire format is the strings it always was."""
    assert encode({"code": ErrorCode.TOO_LARGE}) == msgpack.packb({"code": "too_large"})
    assert ErrorCode.parse("stale_state") is ErrorCode.STALE_STATE
    assert ErrorCode.parse("brand_new") is None and ErrorCode.parse(7) is None


def test_limits_info_names_the_fixed_and_the_tunable_limits():
    class Tuned:
        rate, burst, secret = 5.0, 10, "not sent"
    info = limits_info(Tuned())
    assert info["rate"] == 5.0 and info["burst"] == 10 and "secret" not in info
    assert info["max_frame"] == 16 * 1024 and info["rid_max"] == 2**53 - 1


def test_the_schemas_describe_their_fields():
    assert SCHEMAS["hello"].describe() == {"v": "int(0..2147483647)", "name": "text(1..24)",
                                           "resume?": "text(1..128)", "key?": "text(1..128)"}
    assert SCHEMAS["join"].describe()["as?"] == '"player" / "spectator"'


@pytest.mark.parametrize("frame", ["text", b"\xc1", msgpack.packb([1, 2]), b""])
def test_a_client_skips_what_is_not_a_message(frame):
    assert decode_server(frame) is None


def test_a_message_goes_both_ways():
    message = {"type": "move", "match": "K7QXAD", "version": 3, "mid": 1, "move": "Tr@a1",
               "rid": 9}
    assert decode(encode(message)) == message
    assert decode_server(encode({"type": "pong", "t": 1})) == {"type": "pong", "t": 1}
    with pytest.raises(ProtocolError) as err:
        decode(encode({"type": "move", "match": "K7QXAD"}))
    assert err.value.code is ErrorCode.BAD_MESSAGE and "'version'" in err.value.text
