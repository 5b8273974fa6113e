"""The messages a client may send, as data: each type's required and optional fields and
the kind of value each holds.

Field kinds are small frozen values (``Text(1, 24)``, ``Integer(0, 2**31 - 1)``, ...) that
both check a value and say what they accept (``describe``), so the server validates
with the same table a client (or a test of one) builds its messages from. Every refusal is
a :class:`~shared.wire.codes.ProtocolError` with ``bad_message`` and a sentence naming
the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from .codes import ErrorCode, ProtocolError
from .limits import CHAT_MAX, CODE_MAX, MAX_STR, MID_MAX, MOVE_MAX, NAME_MAX, RID_MAX, TOKEN_MAX, VERSION_MAX

BAD = ErrorCode.BAD_MESSAGE


class Kind(Protocol):
    """What one field accepts: ``check`` returns the value to use or raises."""

    def __call__(self, name: str, value: Any) -> Any: ...

    def describe(self) -> str: ...


def type_name(value: object) -> str:
    """A msgpack value's kind in the words of docs/protocol.md."""
    return {dict: "map", list: "list", str: "text", bytes: "binary", bool: "boolean",
            int: "integer", float: "float", type(None): "nil"}.get(type(value), type(value).__name__)


def _wrong(name: str, expected: str, value: Any) -> ProtocolError:
    return ProtocolError(BAD, f"'{name}' must be {expected}, got {type_name(value)}")


@dataclass(frozen=True)
class Text:
    """Text of ``min_len..max_len`` characters; ``printable`` trims it and refuses control
    characters."""

    min_len: int = 0
    max_len: int = MAX_STR
    printable: bool = True
    takes: ClassVar[type] = str

    def __call__(self, name: str, value: Any) -> str:
        if not isinstance(value, str):
            raise _wrong(name, "text", value)
        text: str = value.strip() if self.printable else value
        if not self.min_len <= len(text) <= self.max_len:
            raise ProtocolError(BAD, f"'{name}' must be {self.min_len} to {self.max_len} "
                                     f"characters, got {len(text)}")
        if self.printable and not text.isprintable():  # one call on the common path
            bad = next(ch for ch in text if not ch.isprintable())
            # control and format characters, separators other than ' ', ...
            raise ProtocolError(BAD, f"'{name}' contains a character that is not printable "
                                     f"(U+{ord(bad):04X}; see docs/protocol.md)")
        return text

    def describe(self) -> str:
        return f"text({self.min_len}..{self.max_len})"


@dataclass(frozen=True)
class Integer:
    low: int
    high: int
    takes: ClassVar[type] = int

    def __call__(self, name: str, value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _wrong(name, "an integer", value)
        if not self.low <= value <= self.high:
            raise ProtocolError(BAD, f"'{name}' must be between {self.low} and {self.high}")
        return value

    def describe(self) -> str:
        return f"int({self.low}..{self.high})"


@dataclass(frozen=True)
class Boolean:
    def __call__(self, name: str, value: Any) -> bool:
        if not isinstance(value, bool):
            raise _wrong(name, "true or false", value)
        return value

    def describe(self) -> str:
        return "bool"


@dataclass(frozen=True)
class Number:
    def __call__(self, name: str, value: Any) -> int | float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _wrong(name, "a number", value)
        return value

    def describe(self) -> str:
        return "number"


@dataclass(frozen=True)
class Choice:
    options: tuple[str, ...]

    def __call__(self, name: str, value: Any) -> str:
        if not isinstance(value, str) or value not in self.options:
            raise ProtocolError(BAD, f"'{name}' must be one of {', '.join(self.options)}")
        return value

    def describe(self) -> str:
        return " / ".join(f'"{option}"' for option in self.options)


@dataclass(frozen=True)
class Either:
    """The first kind that accepts the value; ``what`` names both for the refusal. A kind
    that says which Python types it ``takes`` is not asked about others (a valid integer
    move id costs no refused text check)."""

    first: Kind
    second: Kind
    what: str

    def __call__(self, name: str, value: Any) -> Any:
        for kind in (self.first, self.second):
            if not isinstance(value, getattr(kind, "takes", object)):
                continue
            try:
                return kind(name, value)
            except ProtocolError:
                pass
        raise ProtocolError(BAD, f"'{name}' must be {self.what}")

    def describe(self) -> str:
        return f"{self.first.describe()} or {self.second.describe()}"


@dataclass(frozen=True)
class SmallMap:
    """A flat map of short text keys to scalars (game options, a move as a map); with
    ``lists`` a value may also be a list of at most ``max_items`` such short texts."""

    max_items: int = 8
    max_str: int = 32
    lists: bool = False

    def __call__(self, name: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise _wrong(name, "a map", value)
        if len(value) > self.max_items:
            raise ProtocolError(BAD, f"'{name}' has more than {self.max_items} entries")
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > self.max_str:
                raise ProtocolError(BAD, f"'{name}' keys must be short text")
            if isinstance(item, str) and len(item) > self.max_str:
                raise ProtocolError(BAD, f"'{name}.{key}' is too long")
            if self.lists and isinstance(item, list):
                if len(item) > self.max_items or not all(
                        isinstance(v, str) and len(v) <= self.max_str for v in item):
                    raise ProtocolError(BAD, f"'{name}.{key}' must be a list of at most "
                                             f"{self.max_items} texts of at most {self.max_str} characters")
                continue
            if not isinstance(item, (str, int, bool, type(None))):
                raise ProtocolError(BAD, f"'{name}.{key}' must be text, a number, true/false "
                                         "or nil")
        return value

    def describe(self) -> str:
        return f"map(at most {self.max_items} entries)"


RID = Integer(0, RID_MAX)
CODE = Text(1, CODE_MAX)
TOKEN = Text(1, TOKEN_MAX)
MID = Either(Text(1, MID_MAX), Integer(0, RID_MAX),
             f"text of 1 to {MID_MAX} characters or a non-negative integer")
VERSION = Integer(0, VERSION_MAX)
SEAT = Text(1, 16)  # a seat name of the match's game ('black', 'seat3'); create also takes 'random'
GAME = Text(1, 32)
LEVEL = Text(1, 16)
OPTIONS = SmallMap()
PLAYER_NAME = Text(0, 64, printable=False)  # a registered name: shared.online.names checks it
TRANSFER_CODE_MAX = 32  # 10 letters, typed with spaces or dashes
PAGE = Integer(0, 10_000)
CLOCK = Text(1, 16)  # "5+3" (minutes + seconds a move) or "corr:2" (days a move)


@dataclass(frozen=True)
class MoveValue:
    """Move text, or a move map whose values may be lists of short texts; which fields,
    and which take lists, is the game's (its spec checks them and answers ``bad_move``)."""

    as_text: Text = Text(1, MOVE_MAX)
    as_map: SmallMap = SmallMap(lists=True)

    def __call__(self, name: str, value: Any) -> Any:
        if isinstance(value, str):
            return self.as_text(name, value)
        if isinstance(value, dict):
            return self.as_map(name, value)
        raise _wrong(name, "move text or a move map", value)

    def describe(self) -> str:
        return f"{self.as_text.describe()} or {self.as_map.describe()}"


MOVE = MoveValue()


@dataclass(frozen=True)
class Schema:
    """Required and optional fields of one client message type (``rid`` is allowed in
    every type; a field given as nil counts as absent)."""

    required: dict[str, Kind] = field(default_factory=dict)
    optional: dict[str, Kind] = field(default_factory=dict)

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"type": data["type"]}
        for key in data:
            if key not in ("type", "rid") and key not in self.required \
                    and key not in self.optional:
                raise ProtocolError(BAD, f"unknown field {str(key)[:40]!r} in '{data['type']}'")
        for key, check in self.required.items():
            if key not in data:
                raise ProtocolError(BAD, f"'{data['type']}' needs the field '{key}'")
            out[key] = check(key, data[key])
        for key, check in self.optional.items():
            if key in data and data[key] is not None:
                out[key] = check(key, data[key])
        if data.get("rid") is not None:
            out["rid"] = RID("rid", data["rid"])
        return out

    def describe(self) -> dict[str, str]:
        """Field -> its kind in words, optional fields marked ``?`` (as the docs do)."""
        return {name: kind.describe() for name, kind in self.required.items()} | \
            {f"{name}?": kind.describe() for name, kind in self.optional.items()}


SCHEMAS: dict[str, Schema] = {
    "hello": Schema({"v": VERSION, "name": Text(1, NAME_MAX)}, {"resume": TOKEN, "key": TOKEN}),
    "watch_lobby": Schema({"on": Boolean()}),
    "create": Schema({}, {"game": GAME, "options": OPTIONS, "seat": SEAT, "public": Boolean(),
                          "computer": LEVEL, "computers": SmallMap(max_items=8, max_str=16),
                          "rated": Boolean(), "clock": CLOCK}),
    "quick": Schema({}, {"game": GAME, "options": OPTIONS, "rated": Boolean(), "clock": CLOCK}),
    "quick_cancel": Schema(),
    "join": Schema({"match": CODE}, {"as": Choice(("player", "spectator")), "seat_token": TOKEN,
                                    "version": VERSION, "seat": SEAT}),
    "leave": Schema({"match": CODE}),
    "move": Schema({"match": CODE, "version": VERSION, "mid": MID, "move": MOVE},
                   {"lag": Integer(0, 60_000)}),
    "resign": Schema({"match": CODE}),
    "rematch": Schema({"match": CODE}),
    "chat": Schema({"match": CODE, "text": Text(1, CHAT_MAX)}),
    "get_state": Schema({"match": CODE}),
    "get_record": Schema({"match": CODE}),
    "ping": Schema({}, {"t": Either(Number(), Text(0, 64), "a number or text")}),
    # names and ratings: the name is checked by shared.online.names (its own codes), so
    # the wire only bounds its size
    "register": Schema({"name": PLAYER_NAME}),
    "transfer_start": Schema(),
    "transfer_redeem": Schema({"name": PLAYER_NAME, "code": Text(1, TRANSFER_CODE_MAX)}),
    "leaderboard": Schema({"game": GAME}, {"seats": Integer(2, 8), "page": PAGE,
                                           "provisional": Boolean()}),
    "profile": Schema({"name": PLAYER_NAME}),
    "archive": Schema({}, {"page": PAGE, "player": PLAYER_NAME, "game": GAME}),
    "tv": Schema({"game": GAME}, {"on": Boolean()}),
}
"""Every message type a client may send (docs/protocol.md, *Client to server*)."""
