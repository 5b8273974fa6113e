"""Connection lifecycle: accept, wait for hello, pass frames to the lobby, always clean up.

No rule logic lives here: the handler only moves frames between the socket and the
:class:`~server.lobby.Lobby`, and makes sure a connection is forgotten however it ends.
"""

from __future__ import annotations

import asyncio
import time

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from shared.wire import ErrorCode

from .lobby import Lobby
from .netpolicy import client_address


async def handle(ws: ServerConnection, lobby: Lobby) -> None:
    try:
        peer = str(ws.remote_address[0])
    except (TypeError, AttributeError, IndexError):
        peer = None
    forwarded = ws.request.headers.get_all("X-Forwarded-For") if ws.request is not None else []
    conn = lobby.connect(ws, client_address(peer, forwarded, lobby.proxies))
    try:
        if not conn.open:  # refused (too many connections from its address): let it close
            await ws.wait_closed()
            return
        deadline = time.monotonic() + lobby.limits.hello_timeout
        while conn.session is None:  # until a good hello, within the hello timeout
            try:
                async with asyncio.timeout(max(0.0, deadline - time.monotonic())):
                    frame = await ws.recv()
            except TimeoutError:
                conn.error(ErrorCode.HELLO_TIMEOUT, "No hello received in time.")
                await ws.close(1008, "no hello")
                return
            await lobby.receive(conn, frame)
        async for frame in ws:
            await lobby.receive(conn, frame)
    except ConnectionClosed:
        pass
    finally:
        lobby.disconnect(conn)
