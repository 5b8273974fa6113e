"""Who a client is on the network, and what one address may do.

Per-connection limits alone are multiplied by opening more connections, so the server
also counts per client address: open connections, messages, unfinished created matches.
Behind a reverse proxy every peer is the proxy, so the address comes from
``X-Forwarded-For``, but only when the peer is one of the proxies the operator named
(``--behind-proxy``): anyone else could write that header.

Connections from this machine (127.0.0.0/8, ::1) are exempt by default
(``Limits.ip_exempt_loopback``): a person hosting from the game, a benchmark with
hundreds of bots. Through a trusted proxy on loopback the forwarded address counts, so
a proxied public server is limited as it should be.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
from dataclasses import dataclass, field
from typing import Any, Iterable

from .connection import Limits, TokenBucket

log = logging.getLogger("alien_city.server")

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def parse_proxies(text: str | Iterable[str] | None) -> tuple[Network, ...]:
    """``--behind-proxy 127.0.0.1,10.0.0.0/8``: addresses or networks. Raises
    ``ValueError`` naming the entry that is neither."""
    if text is None:
        return ()
    items = text.split(",") if isinstance(text, str) else list(text)
    nets = []
    for item in (i.strip() for i in items):
        if not item:
            continue
        try:
            nets.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ValueError(f"{item!r} is not an IP address or network") from None
    return tuple(nets)


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        address = ipaddress.ip_address(text.strip().strip("[]"))
    except ValueError:
        return None
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped
    return address


def client_address(peer: str | None, forwarded: list[str], proxies: tuple[Network, ...]) -> str:
    """The client's address: the peer's, or, when the peer is a trusted proxy, the
    right-most address of ``X-Forwarded-For`` that is not itself a trusted proxy (each
    proxy appends the address it saw, so the right end is the one we can trust)."""
    peer_ip = _ip(peer or "")
    if peer_ip is None:
        return peer or "?"
    if not proxies or not any(peer_ip in net for net in proxies) or not forwarded:
        return str(peer_ip)
    hops = [h for value in forwarded for h in value.split(",") if h.strip()]
    chosen = peer_ip
    for hop in reversed(hops[-16:]):  # a long header is someone's invention: bounded
        ip = _ip(hop)
        if ip is None:
            break  # junk (or "unknown"): stop at the last good hop
        chosen = ip
        if not any(ip in net for net in proxies):
            break
    return str(chosen)


@functools.lru_cache(maxsize=4096)
def is_loopback(address: str) -> bool:
    """Remembered: every message asks it of its address, and parsing one costs more
    than the rest of the rate check."""
    ip = _ip(address)
    return ip is not None and ip.is_loopback


@dataclass
class _Address:
    connections: int = 0
    bucket: TokenBucket | None = None
    created: set[str] = field(default_factory=set)


class AddressLimits:
    """Counts per client address. Entries leave once an address has no connection and
    no unfinished created match, so the table stays as small as the clients are few."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._table: dict[str, _Address] = {}

    def exempt(self, address: str) -> bool:
        return self.limits.ip_exempt_loopback and is_loopback(address)

    def _entry(self, address: str) -> _Address:
        entry = self._table.get(address)
        if entry is None:
            entry = self._table[address] = _Address(
                bucket=TokenBucket(self.limits.ip_rate, self.limits.ip_burst))
        return entry

    def open(self, address: str) -> bool:
        """Count a new connection; ``False`` (not counted) if the address has too many."""
        if self.exempt(address):
            return True
        entry = self._entry(address)
        if entry.connections >= self.limits.ip_connections:
            self._tidy(address)
            return False
        entry.connections += 1
        return True

    def closed(self, address: str) -> None:
        entry = self._table.get(address)
        if entry is not None and not self.exempt(address):
            entry.connections = max(0, entry.connections - 1)
            self._tidy(address)

    def take(self, address: str) -> bool:
        """One message from the address: ``False`` when over its shared rate."""
        if self.exempt(address):
            return True
        return self._entry(address).bucket.take()

    def created_live(self, address: str, live: Any) -> int:
        """Unfinished matches created from the address (``live(code)`` says which)."""
        entry = self._table.get(address)
        if entry is None or self.exempt(address):
            return 0
        entry.created = {code for code in entry.created if live(code)}
        return len(entry.created)

    def add_created(self, address: str, code: str) -> None:
        if not self.exempt(address):
            self._entry(address).created.add(code)

    def prune(self, live: Any) -> None:
        """Forget ended matches and idle addresses (housekeeping)."""
        for address in list(self._table):
            self.created_live(address, live)
            self._tidy(address)

    def _tidy(self, address: str) -> None:
        entry = self._table.get(address)
        if entry is not None and entry.connections == 0 and not entry.created:
            del self._table[address]

    def __len__(self) -> int:
        return len(self._table)
