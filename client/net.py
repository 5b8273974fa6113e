"""The connection to a match server: websockets on a background asyncio thread.

The game loop never waits on the network. It calls ``send`` (thread-safe, queued) and
``poll`` (drains a ``queue.Queue`` of decoded messages). The thread connects, says
``hello`` (resuming the session once it has one), and after a lost connection tries
again with growing pauses. It reports its own state in the same queue as messages of
type ``"_net"`` (``state``: ``connecting`` / ``connected`` / ``lost`` / ``closed``), so
the UI can show a banner; re-joining matches is the session's job (see ``online.py``).
A ``closed`` state's ``reason`` is worded for the player, in the language in use.
"""

from __future__ import annotations

import asyncio
import os
import queue
import socket
import ssl
import threading
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException

from shared.i18n import domain
from shared.wire import FINAL_CLOSE, PROTOCOL_VERSION, CloseCode, decode_server, encode
from shared.wire.limits import CLIENT_MAX_FRAME, PING_INTERVAL, PING_TIMEOUT

_, N_, ngettext, pgettext = domain("online")

BACKOFF = (0.3, 1.0, 2.0, 4.0, 8.0)
# ``wss://`` trusts the system's certificates, plus ALIEN_CITY_CAFILE (a self-signed
# server's own certificate); ALIEN_CITY_INSECURE_TLS=1 turns checking off (testing only).
CAFILE_ENV, INSECURE_ENV = "ALIEN_CITY_CAFILE", "ALIEN_CITY_INSECURE_TLS"


def tls_context(cafile: str | None = None, insecure: bool | None = None) -> ssl.SSLContext:
    """Certificate checking like a browser's; ``insecure`` only by explicit opt-in."""
    cafile = cafile if cafile is not None else (os.environ.get(CAFILE_ENV) or None)
    if insecure is None:
        insecure = os.environ.get(INSECURE_ENV, "") not in ("", "0")
    context = ssl.create_default_context(cafile=cafile)
    if insecure:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def no_server_text(url: str) -> str:
    return _("no server at {url}: start one with Host a game, or check the address").format(url=url)


def closed_text(code: int | None, url: str) -> str | None:
    """Why the server closed for good (a close code after which retrying cannot help)."""
    if code == CloseCode.SESSION_TAKEN:
        return _("your session was opened in another window or on another device")
    if code == CloseCode.UNSUPPORTED_VERSION:
        return _("the server at {url} speaks another protocol version: update the game "
                 "or the server").format(url=url)
    return None


def _refused(exc: OSError) -> bool:
    """Connection refused (asyncio joins one failure per address: "Multiple exceptions")."""
    text = str(exc)
    return isinstance(exc, ConnectionRefusedError) or "Connect call failed" in text \
        or "Connection refused" in text


def certificate_text(url: str, exc: ssl.SSLCertVerificationError) -> str:
    """One line on what is wrong with a server's certificate."""
    why = (exc.verify_message or str(exc)).rstrip(".")
    if exc.verify_code in (18, 19):
        why = _("it is self-signed")
    elif exc.verify_code == 10:
        why = _("it has expired")
    elif exc.verify_code == 20 or "issuer" in why:
        why = _("it is signed by an authority this computer does not trust")
    elif "mismatch" in why:
        why = _("it was made for another name or address")
    return _("the certificate of {url} is not trusted: {why}. Set {cafile}=cert.pem to trust "
             "that server's certificate ({insecure}=1 skips the check: testing only)").format(
        url=url, why=why, cafile=CAFILE_ENV, insecure=INSECURE_ENV)


class NetClient:
    def __init__(self, url: str, name: str, *, session: str | None = None, key: str | None = None,
                 backoff: tuple[float, ...] = BACKOFF, ssl_context: ssl.SSLContext | None = None) -> None:
        self.url = url
        self.ssl_context = ssl_context
        self.ever_connected = False  # a first connection that fails says so at once
        self.name = name
        self.session = session
        self.key = key  # the registered name's secret (client.online_accounts): signs us in
        self.backoff = backoff
        self.inbox: queue.Queue[dict] = queue.Queue()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, name="alien-city-net", daemon=True)
        self._outbox: asyncio.Queue[dict] | None = None
        self._ws: ClientConnection | None = None
        self._stop: asyncio.Event | None = None
        self.attempt = 0

    # -- game-loop side -----------------------------------------------------------------
    def start(self) -> "NetClient":
        self.thread.start()
        return self

    def send(self, message: dict) -> None:
        """Queue a message; it goes out when connected (after the hello). Once the
        connection is over for good (no server there), it is dropped."""
        if self.loop.is_closed():
            return
        try:
            self.loop.call_soon_threadsafe(self._put, message)
        except RuntimeError:  # closed meanwhile
            pass

    def poll(self) -> list[dict]:
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def close(self, wait: float = 2.0) -> None:
        if self.thread.is_alive():
            self.loop.call_soon_threadsafe(self._signal_stop)
            self.thread.join(wait)

    def drop(self) -> None:
        """Cut the connection abruptly, as a network failure would (tests, diagnostics)."""
        def cut() -> None:
            if self._ws is not None and self._ws.transport is not None:
                self._ws.transport.abort()
        self.loop.call_soon_threadsafe(cut)

    # -- network thread -----------------------------------------------------------------
    def _put(self, message: dict) -> None:
        if self._outbox is not None:
            self._outbox.put_nowait(message)

    def _signal_stop(self) -> None:
        if self._stop is not None:
            self._stop.set()

    def _status(self, state: str, **fields: Any) -> None:
        self.inbox.put({"type": "_net", "state": state, "attempt": self.attempt, **fields})

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self._outbox = asyncio.Queue()
        self._stop = asyncio.Event()
        try:
            self.loop.run_until_complete(self._main())
        finally:
            self.loop.close()

    async def _main(self) -> None:
        while not self._stop.is_set():
            self._status("connecting")
            reason = ""
            final = False
            try:
                extra = {}
                if self.url.lower().startswith("wss:"):
                    extra["ssl"] = self.ssl_context or tls_context()
                async with connect(self.url, compression=None, max_size=CLIENT_MAX_FRAME,
                                   open_timeout=6, ping_interval=PING_INTERVAL,
                                   ping_timeout=PING_TIMEOUT, close_timeout=1, **extra) as ws:
                    self._ws = ws
                    hello = {"type": "hello", "v": PROTOCOL_VERSION, "name": self.name}
                    if self.session:
                        hello["resume"] = self.session
                    if self.key:
                        hello["key"] = self.key
                    await ws.send(encode(hello))
                    self.attempt = 0
                    self.ever_connected = True
                    self._status("connected")
                    final = await self._session(ws)
                    if final:
                        reason = closed_text(ws.close_code, self.url) or reason
            except ssl.SSLCertVerificationError as exc:
                reason, final = certificate_text(self.url, exc), True
            except OSError as exc:
                # Nothing listens there (or no such host): say so now, not after retries,
                # unless we were connected before (then the server may be restarting).
                reason = str(exc) or type(exc).__name__
                if isinstance(exc, socket.gaierror):
                    reason = _("no such server {url}: check the address").format(url=self.url)
                    final = not self.ever_connected
                elif _refused(exc):
                    reason, final = no_server_text(self.url), not self.ever_connected
            except (OSError, TimeoutError, WebSocketException, InvalidURI) as exc:
                reason = str(exc) or type(exc).__name__
                code = getattr(getattr(exc, "rcvd", None), "code", 0)
                final = isinstance(exc, InvalidURI) or code in FINAL_CLOSE
                if isinstance(exc, InvalidURI):
                    reason = _("{url} is not a server address (ws://HOST:PORT or "
                               "wss://HOST)").format(url=self.url)
                reason = closed_text(code, self.url) or reason
            finally:
                self._ws = None
            if self._stop.is_set():
                break
            if final:
                self._status("closed", reason=reason or _("the server ended the session"))
                return
            delay = self.backoff[min(self.attempt, len(self.backoff) - 1)]
            self.attempt += 1
            self._status("lost", reason=reason or _("connection lost"), retry_in=delay)
            try:
                await asyncio.wait_for(self._stop.wait(), delay)
            except TimeoutError:
                pass
        self._status("closed", reason="closed")

    async def _session(self, ws: ClientConnection) -> bool:
        """Pump both ways until the socket closes; True when retrying cannot help."""
        async def reader() -> None:
            async for frame in ws:
                message = decode_server(frame)  # None: not a message, skipped
                if message is not None:
                    if message.get("type") == "welcome":
                        self.session = message.get("session") or self.session
                    self.inbox.put(message)

        async def writer() -> None:
            while True:
                message = await self._outbox.get()
                try:
                    await ws.send(encode(message))
                except ConnectionClosed:
                    self._outbox.put_nowait(message)  # keep it for the next connection
                    raise

        tasks = [asyncio.ensure_future(reader()), asyncio.ensure_future(writer()),
                 asyncio.ensure_future(self._stop.wait())]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        for task in done:
            if not task.cancelled() and task.exception() is not None and \
                    not isinstance(task.exception(), ConnectionClosed):
                raise task.exception()
        code = ws.close_code
        if self._stop.is_set():
            await ws.close()
        return code in FINAL_CLOSE
