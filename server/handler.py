"""Connection lifecycle: accept, wait for hello, pass frames to the lobby, always clean up.

No rule logic lives here: the handler only moves frames between the socket and the
:class:`~server.lobby.Lobby`, and makes sure a connection is forgotten however it ends.

After hello, a message is handled as soon as websockets has parsed it, in the socket's
read callback (:class:`EagerConnection`, :class:`Inbox`), not queued for the handler's
task to read on a later turn of the event loop: a move costs no task switch and no second
turn of the loop. A message that arrives while the previous one of the same connection is
still being handled (it waits on the store, say) takes websockets' queue as before, so a
connection's messages are still handled one at a time, in order. On Python 3.11, until
a handler first waits it runs outside any task (``asyncio.current_task()`` is None), so a
message's handlers time their waits with ``asyncio.wait_for`` (which needs no task there),
not ``asyncio.timeout``; from 3.12 on each message that waits has its own task from the start.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import time
from typing import Any, Callable, Coroutine

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.frames import BINARY, Frame

from shared.wire import ErrorCode

from .connection import Connection
from .lobby import Lobby
from .netpolicy import client_address

log = logging.getLogger("alien_city.server")

# Python 3.12's tasks can start at once (eager_start): the message runs in its own task
# from the first line. Before, the coroutine is stepped by hand until it first waits.
EAGER_TASKS = sys.version_info >= (3, 12)


class EagerConnection(ServerConnection):
    """A websockets server connection that offers each whole binary message to
    ``on_message`` as it is parsed; one it declines (or anything else: text, fragments,
    control frames) goes the usual way, to ``recv``."""

    on_message: Callable[[bytes], bool] | None = None

    def process_event(self, event: Any) -> None:
        take = self.on_message
        if take is not None and type(event) is Frame and event.opcode is BINARY and event.fin \
                and not len(self.recv_messages.frames):
            data = event.data
            if take(data if type(data) is bytes else bytes(data)):
                return
        super().process_event(event)


class Inbox:
    """One connection's messages after hello, handled in order: at once when nothing of
    the connection's is in progress (:meth:`eager`), else through ``recv`` (:meth:`queued`)."""

    def __init__(self, lobby: Lobby, conn: Connection) -> None:
        self.lobby = lobby
        self.conn = conn
        self.pending = 0  # messages in progress: one that suspended, one the handler holds
        self.running: asyncio.Task[None] | None = None  # the rest of a message that suspended

    def eager(self, frame: bytes) -> bool:
        """Handle ``frame`` now (``True``), or decline it while another is in progress."""
        if self.pending:
            return False
        receive = self.lobby.receive(self.conn, frame)
        loop = asyncio.get_running_loop()
        if EAGER_TASKS:  # a task that runs at once, until it first waits
            task = asyncio.Task(receive, loop=loop, eager_start=True)  # type: ignore[call-arg]
            if not task.done():
                self._started(task)
            return True
        try:
            waiting = receive.send(None)
        except StopIteration:
            return True
        except Exception:  # receive never raises; a bug must not break the socket's reader
            log.exception("error handling a message from %s", self.conn.label)
            return True
        self._started(loop.create_task(self._finish(receive, waiting)))
        return True

    def _started(self, task: asyncio.Task[None]) -> None:
        """A message waits: the connection's next ones queue behind it until it is done."""
        self.pending += 1
        self.running = task
        task.add_done_callback(self._done)

    def _done(self, task: asyncio.Task[None]) -> None:
        self.pending -= 1
        self.running = None

    async def _finish(self, receive: Coroutine[Any, Any, None], waiting: Any) -> None:
        """Go on with a message that suspended on ``waiting`` (a future, or ``None`` for a
        bare turn of the loop), as its task would have."""
        try:
            while True:
                try:
                    if waiting is None:
                        await asyncio.sleep(0)
                    else:  # its outcome is the message's to read, once resumed
                        waiting._asyncio_future_blocking = False  # taken, as a task takes it
                        await waiting
                except asyncio.CancelledError:
                    if waiting is None or not waiting.cancelled():  # this task was cancelled:
                        waiting = receive.throw(asyncio.CancelledError())  # so is the message
                        continue
                except Exception:  # noqa: BLE001 - read by the message itself below
                    pass
                waiting = receive.send(None)
        except StopIteration:
            pass
        except Exception:
            log.exception("error handling a message from %s", self.conn.label)

    async def queued(self, frame: bytes | str) -> None:
        """A message ``recv`` returned: after the one in progress, if any."""
        self.pending += 1
        try:
            while self.running is not None:
                await asyncio.wait((self.running,))
            await self.lobby.receive(self.conn, frame)
        finally:
            self.pending -= 1

    async def settled(self) -> None:
        """The message in progress, if any, is done (before the connection is forgotten)."""
        while self.running is not None:
            await asyncio.wait((self.running,))


async def handle(ws: ServerConnection, lobby: Lobby) -> None:
    try:
        peer = str(ws.remote_address[0])
    except (TypeError, AttributeError, IndexError):
        peer = None
    forwarded = ws.request.headers.get_all("X-Forwarded-For") if ws.request is not None else []
    conn = lobby.connect(ws, client_address(peer, forwarded, lobby.proxies))
    inbox = Inbox(lobby, conn)
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
        if isinstance(ws, EagerConnection):
            ws.on_message = inbox.eager
        async for frame in ws:
            await inbox.queued(frame)
    except ConnectionClosed:
        pass
    finally:
        if isinstance(ws, EagerConnection):
            ws.on_message = None
        try:
            await inbox.settled()
        finally:
            lobby.disconnect(conn)
