"""The thinking process: strong computer moves, hints and reviews run in a child process.

A search at Hard or Expert, a hint or a game review allocates hundreds of MB of small
objects; once freed, the allocator keeps most of those pages in the client (pymalloc
arenas and glibc heaps stay as long as one live object sits in them). Run in a child
process instead, that memory leaves with the process: the client closes it when the
player is back on the title (:func:`close`), and the next game starts a fresh one.

The child is a plain interpreter (``python -c``) that imports only ``shared`` and this
module (no pygame), talking over two pipes with pickled messages. It runs one request at
a time on its main thread; a reader thread takes the stops, so a stopped search answers
at once. It ends when told, and by itself the moment the client's end of the pipe closes
(the client quit, crashed or was killed): it never outlives the client.

Callers are worker threads of the client (:class:`client.computer.Thinker`,
:class:`client.review.worker.ReviewJob`): :func:`choose` and :func:`call` block until
the answer comes, forwarding their stop event. Bots go over pickled, with their seed, so
the same position gets the same move as in the client; a bot is sent once and kept in
the child while the client's bot lives (an Expert's end-game table carries over).
"""

from __future__ import annotations

import itertools
import os
import pickle
import queue
import signal
import subprocess
import sys
import threading
import weakref
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Callable

from shared.i18n import current_language, set_language

HEAVY_LEVELS = frozenset({"hard", "expert"})
enabled = True  # tests switch it off to run bots in threads


class ProcessGone(RuntimeError):
    """The thinking process ended before it answered (closed, or it crashed)."""


class Unavailable(ProcessGone):
    """No child process could be started here: the caller thinks in its own thread."""


def runs_apart(bot: object) -> bool:
    """Whether ``bot`` thinks in the child: a rules engine's own bot (importable there by
    name, pickled with its seed) at a level that searches for seconds."""
    return (enabled and getattr(bot, "level", None) in HEAVY_LEVELS
            and type(bot).__module__.startswith("shared."))


class _Call:
    def __init__(self, progress: Callable[[int, int], None] | None) -> None:
        self.progress = progress
        self.answered = threading.Event()
        self.ok = False
        self.value: Any = None


class ThinkingProcess:
    """The client's side of one child process."""

    def __init__(self) -> None:
        to_child, self._out = os.pipe()
        self._in, from_child = os.pipe()
        root = str(Path(__file__).resolve().parent.parent)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            p for p in (root, os.environ.get("PYTHONPATH", "")) if p))
        code = "import sys; from client.thinking import serve; serve(int(sys.argv[1]), int(sys.argv[2]))"
        try:
            self.proc = subprocess.Popen([sys.executable, "-c", code, str(to_child), str(from_child)],
                                         pass_fds=(to_child, from_child), env=env,
                                         stdin=subprocess.DEVNULL)
        except OSError:
            os.close(self._out)
            os.close(self._in)
            raise
        finally:
            os.close(to_child)
            os.close(from_child)
        self._send_conn = Connection(self._out, readable=False)
        self._recv_conn = Connection(self._in, writable=False)
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._calls: dict[int, _Call] = {}
        self._bot_keys: dict[int, int] = {}  # id(bot) -> key in the child, while the bot lives
        self._forgotten: list[int] = []
        self.alive = True
        self._reader = threading.Thread(target=self._read, name="thinking-reader", daemon=True)
        self._reader.start()

    def _send(self, message: tuple[Any, ...]) -> None:
        with self._lock:
            if not self.alive:
                raise ProcessGone("the thinking process is closed")
            forgotten, self._forgotten = self._forgotten, []
            try:
                if forgotten:
                    self._send_conn.send(("forget", forgotten))
                self._send_conn.send(message)
            except OSError as exc:  # the child died (its end of the pipe is closed)
                raise ProcessGone("the thinking process ended") from exc

    def _read(self) -> None:
        while True:
            try:
                message = self._recv_conn.recv()
            except (EOFError, OSError):
                break
            call = self._calls.get(message[1])
            if call is None:
                continue
            if message[0] == "progress" and call.progress is not None:
                call.progress(message[2], message[3])
            elif message[0] == "done":
                call.ok, call.value = message[2], message[3]
                call.answered.set()
        self.alive = False
        self._recv_conn.close()
        for call in list(self._calls.values()):
            call.value = ProcessGone("the thinking process ended")
            call.answered.set()

    def _forget(self, bot_id: int) -> None:
        """A bot of the client died: the child drops its copy (with the next message)."""
        key = self._bot_keys.pop(bot_id, None)
        if key is not None:
            self._forgotten.append(key)

    def _request(self, kind: str, payload: tuple[Any, ...], stop: threading.Event | None,
                 progress: Callable[[int, int], None] | None = None) -> Any:
        data = pickle.dumps(payload)  # the child loads it with its request: a failure is this call's
        call_id = next(self._ids)
        call = self._calls[call_id] = _Call(progress)
        try:
            self._send((kind, call_id, current_language(), data))
            stopped = False
            while not call.answered.wait(0.05):
                if stop is not None and stop.is_set() and not stopped:
                    stopped = True
                    self._send(("stop", call_id))
        finally:
            del self._calls[call_id]
        if isinstance(call.value, ProcessGone):
            raise call.value
        try:
            value = pickle.loads(call.value)  # here, so a value that cannot load fails this call only
        except Exception as exc:  # noqa: BLE001 - any unpickling error
            raise ProcessGone(f"the thinking process's answer could not be read: {exc!r}") from exc
        if not call.ok:
            raise value
        return value

    def choose(self, bot: Any, state: Any, deadline_s: float | None,
               stop: threading.Event | None) -> Any:
        """``bot.choose(state, deadline_s=, stop=)`` in the child."""
        key = self._bot_keys.get(id(bot))
        sent = None
        if key is None:
            sent = pickle.dumps(bot)
            try:
                weakref.finalize(bot, self._forget, id(bot))
                key = self._bot_keys[id(bot)] = next(self._ids)
            except TypeError:
                key = 0  # not weakly referable: sent each time, never kept
        return self._request("choose", (key, sent, state, deadline_s), stop)

    def call(self, function: Callable[..., Any], args: tuple[Any, ...], *, stop: threading.Event | None = None,
             stop_kw: str | None = None, progress: Callable[[int, int], None] | None = None,
             progress_kw: str | None = None) -> Any:
        """``function(*args)`` in the child (a module-level function, named by pickle); the
        child passes its own stop event as ``stop_kw`` and a progress callback reporting
        here as ``progress_kw``."""
        return self._request("call", (function, args, stop_kw, progress_kw), stop, progress)

    def close(self, wait_s: float = 2.0) -> None:
        """End the child and wait for it (killed if it does not go within ``wait_s``)."""
        with self._lock:
            self.alive = False
            try:
                self._send_conn.send(("quit",))
            except OSError:
                pass
            self._send_conn.close()
        try:
            self.proc.wait(wait_s)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        self._reader.join(wait_s)  # it reads the end of the pipe, closes it, fails what waits


_process: ThinkingProcess | None = None
_process_lock = threading.Lock()


def process() -> ThinkingProcess:
    """The running thinking process, started on first use (or after the last one ended)."""
    global _process, enabled
    with _process_lock:
        if _process is None or not _process.alive or _process.proc.poll() is not None:
            try:
                if getattr(sys, "frozen", False):  # a bundled app: no interpreter to run -c
                    raise OSError("a frozen application")
                _process = ThinkingProcess()
            except OSError as exc:
                enabled = False  # e.g. no interpreter to start: threads from now on
                raise Unavailable(f"no thinking process: {exc}") from exc
        return _process


def running() -> bool:
    return _process is not None and _process.alive


def pid() -> int | None:
    """The thinking process's id while it runs (the bench reads its memory)."""
    return _process.proc.pid if running() else None  # type: ignore[union-attr]  # running: set


def choose(bot: Any, state: Any, deadline_s: float | None, stop: threading.Event | None) -> Any:
    return process().choose(bot, state, deadline_s, stop)


def call(function: Callable[..., Any], args: tuple[Any, ...], **kw: Any) -> Any:
    return process().call(function, args, **kw)


def close() -> None:
    """Back on the title, or quitting: the child ends and its memory goes with it."""
    global _process
    with _process_lock:
        proc, _process = _process, None
    if proc is not None:
        proc.close()


# -- the child -------------------------------------------------------------------------------
def serve(read_fd: int, write_fd: int) -> None:
    """The child's loop: requests one at a time, stops and forgets as they come."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the client's to handle
    inbox, outbox = Connection(read_fd, writable=False), Connection(write_fd, readable=False)
    requests: queue.Queue[tuple[Any, ...]] = queue.Queue()
    stops: dict[int, threading.Event] = {}
    bots: dict[int, Any] = {}

    def read() -> None:
        while True:
            try:
                message = inbox.recv()
            except (EOFError, OSError):
                os._exit(0)  # the client is gone: so is its thinking
            if message[0] == "quit":
                os._exit(0)
            if message[0] == "stop":
                event = stops.get(message[1])  # None: that request has answered already
                if event is not None:
                    event.set()
            elif message[0] == "forget":
                for key in message[1]:
                    bots.pop(key, None)
            else:
                stops.setdefault(message[1], threading.Event())
                requests.put(message)

    threading.Thread(target=read, name="thinking-inbox", daemon=True).start()
    while True:
        message = requests.get()
        kind, call_id, language = message[0], message[1], message[2]
        stop, payload = stops[call_id], None
        try:
            if language != current_language():  # the client's, for any text made here
                set_language(language)
            payload = pickle.loads(message[3])
            if kind == "choose":
                key, sent, state, deadline_s = payload
                bot = bots[key] if sent is None else pickle.loads(sent)
                if key and sent is not None:
                    bots[key] = bot
                value = bot.choose(state, deadline_s=deadline_s, stop=stop)
            else:
                function, args, stop_kw, progress_kw = payload
                kw: dict[str, Any] = {}
                if stop_kw:
                    kw[stop_kw] = stop
                if progress_kw:
                    kw[progress_kw] = lambda done, total, i=call_id: outbox.send(("progress", i, done, total))
                value = function(*args, **kw)
            answer = ("done", call_id, True, pickle.dumps(value))
        except Exception as exc:  # noqa: BLE001 - raised again in the client
            try:
                answer = ("done", call_id, False, pickle.dumps(exc))
            except Exception:  # noqa: BLE001 - an exception that does not pickle
                answer = ("done", call_id, False, pickle.dumps(RuntimeError(f"{type(exc).__name__}: {exc}")))
        finally:
            stops.pop(call_id, None)
        outbox.send(answer)
        del message, answer, payload
