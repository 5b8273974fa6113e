"""Every limit of the wire protocol, by the names ``welcome.limits`` and
docs/protocol.md use.

The fixed ones are the format's (sizes, lengths, nesting); the others are the server's
defaults (rates, counts, timeouts), which an operator may tune: a client reads the values
in force from ``welcome.limits``.
"""

from __future__ import annotations

from typing import Any

# -- the format's own -------------------------------------------------------------------
MAX_FRAME = 16 * 1024          # bytes; bigger frames are answered with too_large
TRANSPORT_MAX_FRAME = 1 << 20  # bytes; websockets closes the connection (1009) above this
CLIENT_MAX_FRAME = 1 << 22     # bytes a client accepts from the server (snapshots, records)
MAX_DEPTH = 4                  # nesting of maps/lists in a client message
MAX_ITEMS = 64                 # entries in any one map or list
MAX_STR = 1024                 # characters in any one string (4 bytes each at most)
MAX_STR_BYTES = MAX_STR * 4    # bytes of any one msgpack string
MAX_BIN = 1024                 # bytes of any one msgpack binary
NAME_MAX = 24
CHAT_MAX = 200
CHAT_HISTORY = 100             # chat lines a match keeps (sent in sync.chat)
CODE_MAX = 16
TOKEN_MAX = 128
MID_MAX = 64
MOVE_MAX = 64                  # characters of move text
VERSION_MAX = 2**31 - 1
RID_MAX = 2**53 - 1

FIXED: dict[str, int] = {
    "max_frame": MAX_FRAME, "transport_max_frame": TRANSPORT_MAX_FRAME, "max_depth": MAX_DEPTH,
    "max_items": MAX_ITEMS, "max_str_bytes": MAX_STR_BYTES, "max_bin": MAX_BIN,
    "name_max": NAME_MAX, "chat_max": CHAT_MAX, "chat_history": CHAT_HISTORY, "code_max": CODE_MAX,
    "token_max": TOKEN_MAX, "mid_max": MID_MAX, "move_max": MOVE_MAX, "version_max": VERSION_MAX,
    "rid_max": RID_MAX,
}

# -- the server's defaults (tunable; welcome.limits has the values in force) -------------
RATE = 20.0              # messages per second per connection, sustained
BURST = 60               # messages at once
FLOOD = 100              # rate-limited messages in a row before the connection is closed
CHAT_RATE = 0.5          # chat lines per second, sustained
CHAT_BURST = 5
MAX_CREATED = 3          # unfinished matches one connection may have created
MAX_MATCHES = 10_000     # unfinished matches on the server
CATCHUP_MAX = 64         # missed moves sent as moves; more than this -> snapshot
HELLO_TIMEOUT = 10.0     # seconds from connecting to hello
PING_INTERVAL = 20.0     # seconds between WebSocket pings
PING_TIMEOUT = 20.0      # seconds a pong may take
ABANDON_AFTER = 300.0    # seconds away before an absent seat is resigned
MAX_QUEUED = 1 << 20     # bytes waiting to be sent to one client before it is dropped
STALL_BYTES = 64 * 1024  # a client with this much waiting for longer than
STALL_TIMEOUT = 60.0     # this many seconds is not reading: dropped
IP_CONNECTIONS = 32      # open connections from one client address
IP_RATE = 60.0           # messages per second from one address, all connections
IP_BURST = 180
IP_CREATED = 6           # unfinished created matches of one address
WAITING_EXPIRY = 3600.0  # seconds a waiting match waits for players

# The tunable limits a client is told about, in welcome.limits.
TUNABLE = ("rate", "burst", "flood", "chat_rate", "chat_burst", "max_created", "max_matches",
           "hello_timeout", "ping_interval", "ping_timeout", "abandon_after", "max_queued",
           "stall_bytes", "stall_timeout", "ip_connections", "ip_rate", "ip_burst",
           "ip_created", "waiting_expiry", "catchup_max")


def limits_info(limits: Any) -> dict[str, Any]:
    """Every limit a client can run into, for ``welcome.limits``: the format's fixed ones
    and the tunable ones of ``limits`` (any object with those attributes)."""
    return FIXED | {name: getattr(limits, name) for name in TUNABLE if hasattr(limits, name)}
