"""The protocol version and every code the server sends: error codes and close codes.

Error codes are a ``str`` enum, so a member *is* its wire string (``ErrorCode.BAD_MESSAGE
== "bad_message"``, packed by msgpack as that text): the server sends members, the client
keys its sentences by them, and a code added here without a client sentence or a row in
``docs/protocol.md`` fails the tests on both sides.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

PROTOCOL_VERSION = 2  # 2: any game of the registry, 2..8 seats (docs/protocol.md)


class ErrorCode(StrEnum):
    """The ``code`` of an ``error`` message, in the order of docs/protocol.md's table."""

    BAD_MESSAGE = "bad_message"
    TOO_LARGE = "too_large"
    UNKNOWN_TYPE = "unknown_type"
    HELLO_FIRST = "hello_first"
    HELLO_TIMEOUT = "hello_timeout"
    ALREADY_HELLO = "already_hello"
    UNSUPPORTED_VERSION = "unsupported_version"
    SESSION_TAKEN = "session_taken"
    RATE_LIMITED = "rate_limited"
    BAD_OPTIONS = "bad_options"
    TOO_MANY_MATCHES = "too_many_matches"
    TOO_MANY_CONNECTIONS = "too_many_connections"
    SERVER_FULL = "server_full"
    UNKNOWN_MATCH = "unknown_match"
    MATCH_FULL = "match_full"
    SEAT_UNAVAILABLE = "seat_unavailable"
    BAD_TOKEN = "bad_token"
    SEAT_TAKEN = "seat_taken"
    NOT_SEATED = "not_seated"
    DUPLICATE_MOVE = "duplicate_move"
    NOT_RUNNING = "not_running"
    GAME_OVER = "game_over"
    NOT_YOUR_TURN = "not_your_turn"
    STALE_STATE = "stale_state"
    BAD_MOVE = "bad_move"
    ILLEGAL_MOVE = "illegal_move"
    NOT_OVER = "not_over"
    REMATCH_STARTED = "rematch_started"
    SERVER_ERROR = "server_error"
    # names, sign-in and ratings (docs/protocol.md, *Names and ratings*); the name_*
    # codes are shared.online.names' NameProblem codes
    NAME_EMPTY = "name_empty"
    NAME_TOO_SHORT = "name_too_short"
    NAME_TOO_LONG = "name_too_long"
    NAME_INVISIBLE = "name_invisible"
    NAME_SPACES = "name_spaces"
    NAME_CHARACTERS = "name_characters"
    NAME_NO_LETTERS = "name_no_letters"
    NAME_TAKEN = "name_taken"
    SIGN_IN_FAILED = "sign_in_failed"
    NOT_SIGNED_IN = "not_signed_in"
    TRANSFER_MALFORMED = "transfer_malformed"
    TRANSFER_REFUSED = "transfer_refused"
    UNKNOWN_PLAYER = "unknown_player"
    NO_ACCOUNTS = "no_accounts"
    OUT_OF_TIME = "out_of_time"

    @classmethod
    def parse(cls, value: object) -> "ErrorCode | None":
        """The member for a code read from the wire; ``None`` for one this side does not
        know (a newer peer) or for anything that is not text."""
        try:
            return cls(value) if isinstance(value, str) else None
        except ValueError:
            return None


class Scope(StrEnum):
    """Who went over a limit, in the ``scope`` of ``rate_limited`` / ``too_many_matches``."""

    CONNECTION = "connection"
    ADDRESS = "address"
    CHAT = "chat"


class CloseCode(IntEnum):
    """WebSocket close codes the server uses (docs/protocol.md, *Transport*)."""

    GOING_AWAY = 1001           # the server shuts down
    POLICY = 1008               # flood, no hello, too many connections, a client not reading
    TOO_BIG = 1009              # a frame over the transport limit
    SESSION_TAKEN = 4001        # the session was resumed on another connection
    UNSUPPORTED_VERSION = 4002  # hello.v is not the server's version


# Close codes after which reconnecting cannot help.
FINAL_CLOSE = frozenset({CloseCode.SESSION_TAKEN, CloseCode.UNSUPPORTED_VERSION})


class ProtocolError(Exception):
    """A message that cannot be used: ``code`` for programs, ``text`` for people."""

    def __init__(self, code: ErrorCode, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text
