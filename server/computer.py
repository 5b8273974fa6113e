"""Where computer players think: a small pool of worker threads, stoppable all at once.

A computer seat's ``choose`` is a blocking, CPU-bound call (Hard thinks up to 2 s), so it
never runs on the event loop: the match hands it to this pool and awaits the answer, and
every other match and connection is served meanwhile. Each thought gets a stop event;
:meth:`ComputerPool.close` sets them all, so a server stopping (Ctrl-C, SIGTERM) does not
wait for a search to finish, and a match that ends (resignation) stops its own thought.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Coroutine

log = logging.getLogger("alien_city.server")


class ComputerPool:
    """Worker threads for computer players, and the tasks that wait for them."""

    def __init__(self, threads: int = 2, think_s: float = 2.0,
                 iterations: int | None = None) -> None:
        self.think_s = think_s            # the most any computer may think per move
        self.iterations = iterations      # search budget override (tests), None = the level's
        self._executor = ThreadPoolExecutor(max(1, threads), thread_name_prefix="computer")
        self._stops: set[threading.Event] = set()
        self._tasks: set[asyncio.Task] = set()
        self._closing = asyncio.Event()
        self.closed = False

    def spawn(self, coro: Coroutine[Any, Any, Any], name: str) -> asyncio.Task | None:
        """Run ``coro`` as a task the pool will wait for (or cancel) when it closes."""
        if self.closed:
            coro.close()
            return None
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def think(self, fn: Callable[..., Any], *args: Any, stop: threading.Event) -> Any:
        """``fn(*args, stop)`` in a worker thread; ``stop`` is set if the pool closes."""
        if self.closed:
            stop.set()
        self._stops.add(stop)
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args, stop)
        finally:
            self._stops.discard(stop)

    async def pause(self, seconds: float) -> None:
        """Wait ``seconds`` (before trying again), or less if the pool closes."""
        try:
            await asyncio.wait_for(self._closing.wait(), seconds)
        except TimeoutError:
            pass

    async def close(self, timeout: float = 3.0) -> None:
        """Stop every thinking computer and wait (briefly) for the threads to answer."""
        if self.closed:
            return
        self.closed = True
        self._closing.set()
        for stop in list(self._stops):
            stop.set()
        pending = [t for t in self._tasks if not t.done()]
        if pending:
            _, late = await asyncio.wait(pending, timeout=timeout)
            for task in late:
                log.warning("computer task %s did not stop in time; cancelled", task.get_name())
                task.cancel()
        self._executor.shutdown(wait=False, cancel_futures=True)
