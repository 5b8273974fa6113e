"""Join links: a server and a room code in one string people paste into a chat.

Two forms are read and written:

- ``alien-city://HOST:PORT/ROOMCODE``: a plain ``ws://`` server (port 8765 if left out);
- ``wss://HOST[:PORT][/PATH]#ROOMCODE`` (or ``ws://``): any websocket URL, the room after
  ``#``, for servers behind TLS or a reverse proxy.

A bare ``HOST:PORT`` or a URL without a room is a link to the server's lobby.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import urlsplit

from shared.i18n import domain

_, N_, ngettext, pgettext = domain("cli")

SCHEME = "alien-city"
DEFAULT_PORT = 8765
ROOM = re.compile(r"^[A-Za-z0-9]{1,16}$")
HOST = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]{1,253})$")


class LinkError(ValueError):
    """Text that is not a join link; the message quotes it and says what was wrong."""


@dataclass(frozen=True)
class JoinLink:
    server: str              # ws://host:port or wss://host/path
    room: str | None = None  # upper-case room code

    def text(self) -> str:
        """The link to share: the short form for plain servers, the URL form otherwise."""
        parts = urlsplit(self.server)
        if parts.scheme == "ws" and parts.path in ("", "/") and self.room:
            port = parts.port or DEFAULT_PORT
            return f"{SCHEME}://{_host(parts.hostname)}:{port}/{self.room}"
        base = self.server.rstrip("/") + "/"
        return f"{base}#{self.room}" if self.room else self.server


def _host(name: str | None) -> str:
    return f"[{name}]" if name and ":" in name else (name or "")


def _room(text: str, raw: str) -> str | None:
    room = text.strip().strip("/")
    if not room:
        return None
    if not ROOM.match(room):
        raise LinkError(_("{link!r}: {room!r} is not a room code (1 to 16 letters and digits)")
                        .format(link=raw, room=room))
    return room.upper()


def parse_link(raw: str) -> JoinLink:
    """A join link from pasted text. Raises :class:`LinkError` naming the problem."""
    text = raw.strip() if isinstance(raw, str) else ""
    if not text:
        raise LinkError(_("empty link: paste an alien-city:// or wss:// link, or HOST:PORT"))
    if len(text) > 300:
        raise LinkError(_("{link!r}...: too long for a join link").format(link=text[:40]))
    if "://" not in text:
        text = f"ws://{text}"
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError as exc:
        raise LinkError(f"{raw!r}: {exc}") from None
    host = parts.hostname
    if not host or not HOST.match(_host(host)):
        raise LinkError(_("{link!r}: no server name or address in it").format(link=raw))
    scheme = parts.scheme.lower()
    if scheme == SCHEME:
        room = _room(parts.path, raw) or _room(parts.fragment, raw)
        return JoinLink(f"ws://{_host(host)}:{port or DEFAULT_PORT}", room)
    if scheme in ("ws", "wss"):
        default = DEFAULT_PORT if scheme == "ws" else 443
        path = parts.path.rstrip("/")
        server = f"{scheme}://{_host(host)}:{port or default}{path}"
        return JoinLink(server, _room(parts.fragment, raw))
    raise LinkError(_("{link!r}: links start with {scheme}://, ws:// or wss://, not {given}://")
                    .format(link=raw, scheme=SCHEME, given=parts.scheme))
