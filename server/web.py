"""What the server's port says besides the game protocol, and its TLS.

- ``GET /healthz`` answers 200 with a small JSON (version, matches, connections) on the
  websocket port itself, so a load balancer or a reverse proxy can check the server
  without speaking msgpack (websockets' ``process_request`` hook).
- :func:`server_context` builds the TLS context of ``serve --certfile/--keyfile`` (the
  headless bot's side of TLS is in ``alien_city.headless.tls``).
"""

from __future__ import annotations

import json
import ssl
from http import HTTPStatus
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from shared.wire import PROTOCOL_VERSION

if TYPE_CHECKING:
    from .lobby import Lobby

HEALTH_PATH = "/healthz"


def server_version() -> str:
    try:
        return metadata.version("alien-city")
    except metadata.PackageNotFoundError:
        return "unknown"


def health(lobby: "Lobby") -> dict[str, Any]:
    """The numbers a load balancer or an operator's dashboard wants, cheap to compute."""
    live = [m for m in lobby.matches.values() if m.live]
    playing = sum(1 for m in live if m.status == "playing")
    return {"status": "ok", "version": server_version(), "protocol": PROTOCOL_VERSION,
            "matches": len(live), "playing": playing, "waiting": len(live) - playing,
            "connections": len(lobby.connections)}


def health_hook(lobby: "Lobby") -> Callable[[Any, Request], Response | None]:
    """``process_request`` for websockets: ``/healthz`` answered, anything else goes on
    to the websocket handshake (which answers plain HTTP requests 426)."""
    def process_request(connection: Any, request: Request) -> Response | None:
        if request.path.split("?", 1)[0] != HEALTH_PATH:
            return None
        body = json.dumps(health(lobby), separators=(",", ":")).encode()
        headers = Headers([("Content-Type", "application/json"),
                           ("Content-Length", str(len(body))), ("Cache-Control", "no-store")])
        return Response(HTTPStatus.OK.value, HTTPStatus.OK.phrase, headers, body)
    return process_request


def server_context(certfile: str, keyfile: str | None = None) -> ssl.SSLContext:
    """TLS for ``serve --certfile --keyfile`` (TLS 1.2 at least). Raises ``ValueError``
    with a sentence naming the file when the pair cannot be loaded."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    for path in filter(None, (certfile, keyfile)):
        if not Path(path).is_file():
            raise ValueError(f"no such file: {path}")
    try:
        context.load_cert_chain(certfile, keyfile)
    except ssl.SSLError as exc:
        why = "the key does not belong to the certificate" if "KEY_VALUES_MISMATCH" in str(exc) \
            else "not a PEM certificate and private key" if "PEM" in str(exc) \
            else (exc.reason or str(exc))
        raise ValueError(f"cannot use certificate {certfile} with key {keyfile or certfile}: "
                         f"{why}") from None
    except OSError as exc:
        raise ValueError(f"cannot read {certfile}: {exc.strerror or exc}") from None
    return context
