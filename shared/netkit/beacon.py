"""The LAN beacon: how a server says "a game is here" on a local network.

A server announcing itself sends one UDP datagram a second to the discovery port
(``DISCOVERY_PORT``, 8766/udp; broadcast ``255.255.255.255`` on a LAN, any address the
operator or a test names): the text ``ALIENCITY-BEACON 1`` and a newline, then a small
JSON object (:class:`Beacon`). A browser may send ``ALIENCITY-PROBE <nonce>`` to the
announcer's address and gets ``ALIENCITY-PONG <nonce>`` back: its ping.

Everything read from the network is checked and bounded: :func:`read_beacon` answers
``None`` for anything that is not a well-formed beacon, never an exception.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass

DISCOVERY_PORT = 8766
MAGIC = b"ALIENCITY-BEACON 1\n"
PROBE = b"ALIENCITY-PROBE "
PONG = b"ALIENCITY-PONG "
MAX_DATAGRAM = 1024
NAME_MAX = 40


@dataclass(frozen=True)
class Beacon:
    """What a server tells the LAN: its name, where its websocket listens, and what is
    going on there (for the "Games on your network" list)."""

    name: str
    port: int                 # the websocket port, on the sender's address
    waiting: int = 0          # public matches waiting for players
    playing: int = 0          # matches being played
    players: int = 0          # people connected
    games: tuple[str, ...] = ()   # game ids served
    tls: bool = False         # wss:// rather than ws://

    def url(self, host: str) -> str:
        scheme = "wss" if self.tls else "ws"
        host = f"[{host}]" if ":" in host else host
        return f"{scheme}://{host}:{self.port}"


def write_beacon(beacon: Beacon) -> bytes:
    data = asdict(beacon)
    data["name"] = beacon.name[:NAME_MAX]
    data["games"] = list(beacon.games)[:8]
    payload = MAGIC + json.dumps(data, separators=(",", ":")).encode("utf-8")
    if len(payload) > MAX_DATAGRAM:
        raise ValueError("beacon too large")
    return payload


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1_000_000:
        raise ValueError("bad count")
    return value


def read_beacon(datagram: bytes) -> Beacon | None:
    """A beacon from a datagram, or ``None`` when it is anything else."""
    if len(datagram) > MAX_DATAGRAM or not datagram.startswith(MAGIC):
        return None
    try:
        data = json.loads(datagram[len(MAGIC):].decode("utf-8"))
        if not isinstance(data, dict):
            return None
        name, port, games = data.get("name"), data.get("port"), data.get("games", [])
        if not isinstance(name, str) or not name.strip() or isinstance(port, bool) \
                or not isinstance(port, int) or not 1 <= port <= 65535:
            return None
        if not isinstance(games, list) or not all(isinstance(g, str) and len(g) <= 32 for g in games):
            return None
        tls = data.get("tls", False)
        if not isinstance(tls, bool):
            return None
        clean = "".join(ch for ch in name if ch.isprintable())[:NAME_MAX].strip() or "?"
        return Beacon(clean, port, _count(data.get("waiting", 0)), _count(data.get("playing", 0)),
                      _count(data.get("players", 0)), tuple(games[:8]), tls)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
