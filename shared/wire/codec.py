"""msgpack frames: encoding, the strict decoding of client messages, and a client's
tolerant reading of the server's.

:func:`decode` is the server's only way in: a frame becomes a validated message dict or a
:class:`~shared.wire.codes.ProtocolError` whose text says which limit or field was wrong;
nothing else is raised on bad input, and a hostile frame is never decoded past the limits.
"""

from __future__ import annotations

from typing import Any

import msgpack  # type: ignore[import-untyped]  # msgpack ships no annotations

from .codes import ErrorCode, ProtocolError
from .limits import MAX_BIN, MAX_DEPTH, MAX_FRAME, MAX_ITEMS, MAX_STR_BYTES, RID_MAX
from .schema import SCHEMAS, type_name

PEEK_BYTES = 256  # of an oversized frame, read for its rid; never more
PEEK_KEYS = 8     # map entries looked at before giving up on finding the rid


def encode(message: dict[str, Any]) -> bytes:
    """A message as one msgpack frame (both directions)."""
    frame: bytes = msgpack.packb(message, use_bin_type=True)
    return frame


def decode(frame: bytes | str) -> dict[str, Any]:
    """Bytes from a client -> a validated message dict (keys as in the schema).

    Raises :class:`ProtocolError` for text frames, oversized frames, bad msgpack, deep
    nesting, unknown types and wrong fields.
    """
    if isinstance(frame, str):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "frames must be binary msgpack, not text")
    if len(frame) > MAX_FRAME:
        raise ProtocolError(ErrorCode.TOO_LARGE,
                            f"frame of {len(frame)} bytes; the limit is {MAX_FRAME}")
    try:
        data = msgpack.unpackb(frame, raw=False, strict_map_key=True, use_list=True,
                               max_str_len=MAX_STR_BYTES, max_bin_len=MAX_BIN,
                               max_array_len=MAX_ITEMS, max_map_len=MAX_ITEMS,
                               max_ext_len=0)
    except Exception:  # msgpack raises many kinds; say which limit, if one was hit
        raise ProtocolError(ErrorCode.BAD_MESSAGE, diagnose(frame)[0]) from None
    _check_depth(data)
    if not isinstance(data, dict):
        raise ProtocolError(ErrorCode.BAD_MESSAGE,
                            f"a message must be a map, got {type_name(data)}")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(ErrorCode.BAD_MESSAGE, "a message needs a 'type' field with text")
    schema = SCHEMAS.get(kind)
    if schema is None:
        raise ProtocolError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {kind[:40]!r}")
    return schema.validate(data)


def decode_server(frame: bytes | str) -> dict[str, Any] | None:
    """A server's frame as a message map, or ``None`` for anything else (a text frame,
    bad msgpack, not a map): a client skips what it cannot read. The size is bounded by
    the client's transport (``CLIENT_MAX_FRAME``)."""
    if isinstance(frame, str):
        return None
    try:
        message = msgpack.unpackb(frame, raw=False)
    except Exception:  # noqa: BLE001 - a bad frame from the server is skipped
        return None
    return message if isinstance(message, dict) else None


def request_id(data: object) -> int | None:
    """The ``rid`` of a message map if it is usable, to echo even in answers to bad
    messages."""
    if isinstance(data, dict):
        return _usable_rid(data.get("rid"))
    return None


def _usable_rid(rid: object) -> int | None:
    if isinstance(rid, int) and not isinstance(rid, bool) and 0 <= rid <= RID_MAX:
        return rid
    return None


def peek_rid(frame: bytes | str) -> int | None:
    """Best-effort ``rid`` of a frame that failed validation (never raises).

    A frame of at most ``MAX_FRAME`` bytes is read without the decoder's limits (bounded
    by its size), so a frame refused for a long string still gets its ``rid`` back. Of a
    larger frame only the first ``PEEK_BYTES`` are looked at, for a ``rid`` among the
    outer map's first entries: it is never decoded whole."""
    if isinstance(frame, str):
        return None
    if len(frame) > MAX_FRAME:
        return _early_rid(frame)
    return diagnose(frame)[1]


def _early_rid(frame: bytes) -> int | None:
    """The ``rid`` of an oversized frame if it comes before any entry that does not fit
    in its first ``PEEK_BYTES``."""
    unpacker = msgpack.Unpacker(raw=False, max_buffer_size=PEEK_BYTES, max_ext_len=0,
                                max_str_len=PEEK_BYTES, max_bin_len=PEEK_BYTES,
                                max_array_len=MAX_ITEMS, max_map_len=MAX_ITEMS)
    try:
        unpacker.feed(frame[:PEEK_BYTES])
        entries = unpacker.read_map_header()
        for _ in range(min(entries, PEEK_KEYS)):
            key = unpacker.unpack()
            if key == "rid":
                return _usable_rid(unpacker.unpack())
            if not isinstance(key, str):
                return None
            unpacker.skip()
    except Exception:  # noqa: BLE001 - out of bytes, not a map, bad msgpack: no rid
        return None
    return None


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
                        return f"map keys must be text, got {type_name(key)}", rid
                stack.extend(value.values())
            else:
                stack.extend(value)
    return "not valid msgpack", rid


def _check_depth(data: object) -> None:
    """Iterative, so a hostile nesting cannot exhaust the Python stack."""
    if not isinstance(data, (dict, list)):
        return
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise ProtocolError(ErrorCode.BAD_MESSAGE,
                                f"values nested deeper than {MAX_DEPTH} levels")
        for child in value.values() if isinstance(value, dict) else value:
            if isinstance(child, (dict, list)):  # only containers nest: scalars stay put
                stack.append((child, depth + 1))
