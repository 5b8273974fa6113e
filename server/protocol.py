"""The wire format: msgpack maps over websockets, checked field by field before use.

Every frame a client sends is decoded here and validated against a small schema, so the
rest of the server only ever sees well-formed messages: right types, bounded sizes, no
deep nesting, no unknown fields. Anything else becomes a :class:`ProtocolError` whose
code and text go back to the client; nothing here raises anything else on bad input.
``docs/protocol.md`` describes the same messages for people writing other clients.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import msgpack

PROTOCOL_VERSION = 2  # 2: any game of the registry, 2..8 seats (docs/protocol.md)
MAX_FRAME = 16 * 1024          # bytes; bigger frames are answered with too_large
TRANSPORT_MAX_FRAME = 1 << 20  # bytes; websockets closes the connection (1009) above this
MAX_DEPTH = 4                  # nesting of maps/lists in a client message
MAX_ITEMS = 64                 # entries in any one map or list
MAX_STR = 1024                 # characters in any one string (4 bytes each at most)
MAX_STR_BYTES = MAX_STR * 4    # bytes of any one msgpack string
MAX_BIN = 1024                 # bytes of any one msgpack binary
NAME_MAX = 24
CHAT_MAX = 200
CODE_MAX = 16
TOKEN_MAX = 128
MID_MAX = 64
MOVE_MAX = 64  # characters of move text


def limits_info(limits: Any) -> dict[str, Any]:
    """Every limit a client can run into, for ``welcome.limits`` (docs/protocol.md lists
    the same names): the wire format's fixed ones and the server's :class:`Limits`."""
    fixed = {"max_frame": MAX_FRAME, "transport_max_frame": TRANSPORT_MAX_FRAME,
             "max_depth": MAX_DEPTH, "max_items": MAX_ITEMS, "max_str_bytes": MAX_STR_BYTES,
             "max_bin": MAX_BIN, "name_max": NAME_MAX, "chat_max": CHAT_MAX,
             "code_max": CODE_MAX, "token_max": TOKEN_MAX, "mid_max": MID_MAX,
             "move_max": MOVE_MAX, "version_max": 2**31 - 1, "rid_max": 2**53 - 1}
    names = ("rate", "burst", "flood", "chat_rate", "chat_burst", "max_created", "max_matches",
             "hello_timeout", "ping_interval", "ping_timeout", "abandon_after", "max_queued",
             "stall_bytes", "stall_timeout",
             "ip_connections", "ip_rate", "ip_burst", "ip_created", "waiting_expiry",
             "catchup_max")
    return fixed | {name: getattr(limits, name) for name in names if hasattr(limits, name)}


class ProtocolError(Exception):
    """A client message that cannot be used: ``code`` for programs, text for people."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


# -- encoding ---------------------------------------------------------------------------
def encode(message: dict) -> bytes:
    """A server message as one msgpack frame."""
    return msgpack.packb(message, use_bin_type=True)


def decode(frame: bytes | str) -> dict:
    """Bytes from the socket -> a validated message dict (keys as in the schema).

    Raises :class:`ProtocolError` for text frames, oversized frames, bad msgpack, deep
    nesting, unknown types and wrong fields.
    """
    if isinstance(frame, str):
        raise ProtocolError("bad_message", "frames must be binary msgpack, not text")
    if len(frame) > MAX_FRAME:
        raise ProtocolError("too_large", f"frame of {len(frame)} bytes; the limit is {MAX_FRAME}")
    try:
        data = msgpack.unpackb(frame, raw=False, strict_map_key=True, use_list=True,
                               max_str_len=MAX_STR_BYTES, max_bin_len=MAX_BIN,
                               max_array_len=MAX_ITEMS, max_map_len=MAX_ITEMS,
                               max_ext_len=0)
    except Exception:  # msgpack raises many kinds; say which limit, if one was hit
        raise ProtocolError("bad_message", diagnose(frame)[0]) from None
    _check_depth(data)
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", f"a message must be a map, got {_type_name(data)}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "a message needs a 'type' field with text")
    schema = SCHEMAS.get(kind)
    if schema is None:
        raise ProtocolError("unknown_type", f"unknown message type {kind[:40]!r}")
    return schema.validate(data)


def request_id(data: object) -> int | None:
    """The client's ``rid`` if it is usable, to echo even in answers to bad messages."""
    if isinstance(data, dict):
        rid = data.get("rid")
        if isinstance(rid, int) and not isinstance(rid, bool) and 0 <= rid < 2**53:
            return rid
    return None


def peek_rid(frame: bytes | str) -> int | None:
    """Best-effort ``rid`` from a frame that failed validation (never raises): read
    without the decoder's limits (the frame is at most ``MAX_FRAME`` bytes, so this is
    bounded), so a frame refused for a long string still gets its ``rid`` back."""
    if isinstance(frame, str) or len(frame) > MAX_FRAME:
        return None
    return diagnose(frame)[1]


class _Ext:
    """An extension value met while diagnosing (the protocol uses none)."""

    __slots__ = ("code",)

    def __init__(self, code: int) -> None:
        self.code = code


def _lenient(frame: bytes) -> Any:
    return msgpack.unpackb(frame, raw=False, strict_map_key=False, use_list=True,
                           unicode_errors="surrogateescape", timestamp=0,
                           ext_hook=lambda code, _data: _Ext(code))


def diagnose(frame: bytes) -> tuple[str, int | None]:
    """Why a frame of at most ``MAX_FRAME`` bytes was refused by the strict decoder, in
    words (which limit, how far over), and its ``rid`` if the outer map has a usable one.
    Never raises: a client writing its own encoder needs the reason, not a class name."""
    try:
        data = _lenient(frame)
    except msgpack.ExtraData:
        return "not valid msgpack: more than one value in the frame", None
    except Exception as exc:
        return f"not valid msgpack: {type(exc).__name__}", None
    rid = request_id(data)
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, (_Ext, msgpack.Timestamp)):
            code = value.code if isinstance(value, _Ext) else -1
            return f"msgpack extension types are not used (found ext type {code})", rid
        if isinstance(value, str):
            size = len(value.encode("utf-8", "surrogateescape"))
            if any("\udc80" <= ch <= "\udcff" for ch in value):
                return "a string that is not valid UTF-8", rid
            if size > MAX_STR_BYTES:
                return f"a string of {size} bytes (the limit is {MAX_STR_BYTES})", rid
        elif isinstance(value, bytes):
            if len(value) > MAX_BIN:
                return f"a binary of {len(value)} bytes (the limit is {MAX_BIN})", rid
        elif isinstance(value, (list, dict)):
            if len(value) > MAX_ITEMS:
                what = "map" if isinstance(value, dict) else "list"
                return f"a {what} of {len(value)} items (the limit is {MAX_ITEMS})", rid
            if isinstance(value, dict):
                for key in value:
                    if not isinstance(key, str):
                        return f"map keys must be text, got {_type_name(key)}", rid
                stack.extend(value.values())
            else:
                stack.extend(value)
    return "not valid msgpack", rid


def _check_depth(data: object) -> None:
    """Iterative, so a hostile nesting cannot exhaust the Python stack."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = list(value.values())
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > MAX_DEPTH:
            raise ProtocolError("bad_message", f"values nested deeper than {MAX_DEPTH} levels")
        stack.extend((child, depth + 1) for child in children)


def _type_name(value: object) -> str:
    return {dict: "map", list: "list", str: "text", bytes: "binary", bool: "boolean",
            int: "integer", float: "float", type(None): "nil"}.get(type(value), type(value).__name__)


# -- field checks -----------------------------------------------------------------------
Check = Callable[[str, Any], Any]


def text(min_len: int = 0, max_len: int = MAX_STR, *, printable: bool = True) -> Check:
    def check(name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise _wrong(name, "text", value)
        if printable:
            value = value.strip()
        if not min_len <= len(value) <= max_len:
            raise ProtocolError("bad_message",
                                f"'{name}' must be {min_len} to {max_len} characters, got {len(value)}")
        bad = next((ch for ch in value if not ch.isprintable()), None) if printable else None
        if bad is not None:  # control and format characters, separators other than ' ', ...
            raise ProtocolError("bad_message", f"'{name}' contains a character that is not "
                                f"printable (U+{ord(bad):04X}; see docs/protocol.md)")
        return value
    return check


def integer(low: int, high: int) -> Check:
    def check(name: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _wrong(name, "an integer", value)
        if not low <= value <= high:
            raise ProtocolError("bad_message", f"'{name}' must be between {low} and {high}")
        return value
    return check


def boolean(name: str, value: Any) -> bool:
    if not isinstance(value, bool):
        raise _wrong(name, "true or false", value)
    return value


def number(name: str, value: Any) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise _wrong(name, "a number", value)
    return value


def choice(*options: str) -> Check:
    def check(name: str, value: Any) -> str:
        if value not in options or not isinstance(value, str):
            raise ProtocolError("bad_message", f"'{name}' must be one of {', '.join(options)}")
        return value
    return check


def either(first: Check, second: Check, what: str) -> Check:
    def check(name: str, value: Any) -> Any:
        try:
            return first(name, value)
        except ProtocolError:
            try:
                return second(name, value)
            except ProtocolError:
                raise ProtocolError("bad_message", f"'{name}' must be {what}") from None
    return check


def small_map(max_items: int = 8, max_str: int = 32, *, lists: bool = False) -> Check:
    """A flat map of short text keys to scalars (game options, a move as a map); with
    ``lists`` a value may also be a list of at most ``max_items`` such short texts."""
    def check(name: str, value: Any) -> dict:
        if not isinstance(value, dict):
            raise _wrong(name, "a map", value)
        if len(value) > max_items:
            raise ProtocolError("bad_message", f"'{name}' has more than {max_items} entries")
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > max_str:
                raise ProtocolError("bad_message", f"'{name}' keys must be short text")
            if isinstance(item, str) and len(item) > max_str:
                raise ProtocolError("bad_message", f"'{name}.{key}' is too long")
            if lists and isinstance(item, list):
                if len(item) > max_items or not all(isinstance(v, str) and len(v) <= max_str
                                                    for v in item):
                    raise ProtocolError("bad_message", f"'{name}.{key}' must be a list of at "
                                        f"most {max_items} texts of at most {max_str} characters")
                continue
            if not isinstance(item, (str, int, bool, type(None))):
                raise ProtocolError("bad_message", f"'{name}.{key}' must be text, a number, "
                                                   "true/false or nil")
        return value
    return check


def move_value(max_items: int = 8, max_str: int = 32) -> Check:
    """Move text, or a move map: short text keys to scalars or to lists of at most
    ``max_items`` short texts (which fields, and which take lists, is the game's: its spec
    checks them and answers ``bad_move``)."""
    as_text, as_map = text(1, MOVE_MAX), small_map(max_items, max_str, lists=True)

    def check(name: str, value: Any) -> Any:
        if isinstance(value, str):
            return as_text(name, value)
        if isinstance(value, dict):
            return as_map(name, value)
        raise _wrong(name, "move text or a move map", value)
    return check


def _wrong(name: str, expected: str, value: Any) -> ProtocolError:
    return ProtocolError("bad_message", f"'{name}' must be {expected}, got {_type_name(value)}")


@dataclass(frozen=True)
class Schema:
    """Required and optional fields of one client message type."""

    required: dict[str, Check]
    optional: dict[str, Check]

    def validate(self, data: dict) -> dict:
        out = {"type": data["type"]}
        for key in data:
            if key != "type" and key not in self.required and key not in self.optional \
                    and key != "rid":
                raise ProtocolError("bad_message", f"unknown field {str(key)[:40]!r} in "
                                                   f"'{data['type']}'")
        for key, check in self.required.items():
            if key not in data:
                raise ProtocolError("bad_message", f"'{data['type']}' needs the field '{key}'")
            out[key] = check(key, data[key])
        for key, check in self.optional.items():
            if key in data and data[key] is not None:
                out[key] = check(key, data[key])
        if data.get("rid") is not None:  # nil counts as absent, as for every field
            out["rid"] = RID("rid", data["rid"])
        return out


RID = integer(0, 2**53 - 1)
CODE = text(1, CODE_MAX)
TOKEN = text(1, TOKEN_MAX)
MID = either(text(1, MID_MAX), integer(0, 2**53 - 1), f"text of 1 to {MID_MAX} characters or "
                                                         "a non-negative integer")
VERSION = integer(0, 2**31 - 1)
SEAT = text(1, 16)  # a seat name of the match's game ('black', 'seat3'); create also takes 'random'
OPTIONS = small_map()

SCHEMAS: dict[str, Schema] = {
    "hello": Schema({"v": integer(0, 2**31 - 1), "name": text(1, NAME_MAX)}, {"resume": TOKEN}),
    "watch_lobby": Schema({"on": boolean}, {}),
    "create": Schema({}, {"game": text(1, 32), "options": OPTIONS, "seat": SEAT,
                          "public": boolean, "computer": text(1, 16),
                          "computers": small_map(max_items=8, max_str=16)}),
    "quick": Schema({}, {"game": text(1, 32), "options": OPTIONS}),
    "quick_cancel": Schema({}, {}),
    "join": Schema({"match": CODE}, {"as": choice("player", "spectator"), "seat_token": TOKEN,
                                    "version": VERSION, "seat": SEAT}),
    "leave": Schema({"match": CODE}, {}),
    "move": Schema({"match": CODE, "version": VERSION, "mid": MID,
                    "move": move_value()}, {}),
    "resign": Schema({"match": CODE}, {}),
    "rematch": Schema({"match": CODE}, {}),
    "chat": Schema({"match": CODE, "text": text(1, CHAT_MAX)}, {}),
    "get_state": Schema({"match": CODE}, {}),
    "get_record": Schema({"match": CODE}, {}),
    "ping": Schema({}, {"t": either(number, text(0, 64), "a number or text")}),
}
