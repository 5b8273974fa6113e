"""The wire protocol of the match server, for both ends: the one source of truth.

- :mod:`.codes`: ``PROTOCOL_VERSION``, the :class:`ErrorCode` enum (a ``str`` enum: the
  members are the wire strings), scopes and close codes, :class:`ProtocolError`.
- :mod:`.limits`: every size, length, rate and timeout ``welcome.limits`` names.
- :mod:`.schema`: the client message types and their fields, as data.
- :mod:`.codec`: msgpack encoding, the server's strict decoding, a client's tolerant one.

Pure Python (msgpack only; no asyncio, no sockets): the server, the game client and the
headless bot all import it. ``docs/protocol.md`` describes the same for people writing
other clients, and the tests keep its tables equal to this package.
"""

from .codec import decode, decode_server, diagnose, encode, peek_rid, request_id
from .codes import FINAL_CLOSE, PROTOCOL_VERSION, CloseCode, ErrorCode, ProtocolError, Scope
from .limits import limits_info
from .schema import SCHEMAS, Schema

__all__ = ["FINAL_CLOSE", "PROTOCOL_VERSION", "SCHEMAS", "CloseCode", "ErrorCode",
           "ProtocolError", "Schema", "Scope", "decode", "decode_server", "diagnose",
           "encode", "limits_info", "peek_rid", "request_id"]
