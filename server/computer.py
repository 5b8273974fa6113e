"""Computer players: where they think (a pool of worker threads, stoppable all at once)
and how a match's computer seats take their turns (:class:`ComputerTurns`).

A computer seat's ``choose`` is a blocking, CPU-bound call (Hard thinks up to 2 s), so it
never runs on the event loop: the match hands it to this pool and awaits the answer, and
every other match and connection is served meanwhile. Each thought gets a stop event;
:meth:`ComputerPool.close` sets them all, so a server stopping (Ctrl-C, SIGTERM) does not
wait for a search to finish, and a match that ends (resignation) stops its own thought.

A computer is the game's own bot (``spec.make_bot``); its answer is submitted as move text
through exactly the checks of a person's move (:meth:`server.match.Match.play`).
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import nullcontext
from typing import TYPE_CHECKING, Any, Callable, Coroutine

from shared.gamekit import Bot, GameSpec, State
from shared.wire import ErrorCode

if TYPE_CHECKING:
    from .match import Match

log = logging.getLogger("alien_city.server")

COMPUTER_RETRIES = 5  # failed submissions in a row before a computer seat gives up (until a restart)


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


def _choose(bot: Bot, spec: GameSpec, state: State, deadline_s: float,
            stop: threading.Event) -> str:
    """In a worker thread: the bot's move as the text a client would send."""
    return spec.move_text(bot.choose(state, deadline_s=deadline_s, stop=stop))


def computer_seed(match_seed: int, seat: int) -> int:
    """The seed of a match's computer seat: its choices follow from the match's seed, so the
    same position in the same match gets the same move (as in protocol 1)."""
    return match_seed * 2 + seat


class ComputerTurns:
    """The computer seats of one match: think when one is to move, submit its answer."""

    def __init__(self, match: "Match", pool: ComputerPool | None) -> None:
        self.match = match
        self.pool = pool
        self._bots: dict[int, Bot] = {}         # made on first use, kept (they may learn)
        self._thinking: asyncio.Task | None = None
        self._stop: threading.Event | None = None

    @property
    def thinking(self) -> bool:
        return self._thinking is not None and not self._thinking.done()

    def stop(self) -> None:
        """Interrupt a thought about a position that is gone (match over, seat resigned)."""
        if self._stop is not None:
            self._stop.set()

    def release(self) -> None:
        """Drop the bots of a match that is over: what they keep between moves (Expert's
        end-game table, up to some 35 MB) would otherwise live as long as the match does.
        A rematch makes new ones."""
        self._bots.clear()

    def to_move(self) -> int | None:
        """The seat to move if a computer holds it and the match is running, else None."""
        m = self.match
        if m.status != "playing" or self.pool is None or self.pool.closed or m.state.is_over():
            return None
        seat = m.state.to_move
        if seat is None or m.seats[seat] is None or m.seats[seat].computer is None:
            return None
        return seat

    def wake(self) -> None:
        """Start the computer's turn if a computer seat is to move (and not already at it).
        Called after every accepted step, when a match is created, restored or rematched."""
        if self.to_move() is None or self.thinking:
            return  # the loop below plays every move in a row that is a computer's
        self._thinking = self.pool.spawn(self._turns(), f"computer {self.match.code}")

    def _bot(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            m = self.match
            bot = m.spec.make_bot(m.seats[seat].computer, computer_seed(m.seed, seat),
                                  iterations=self.pool.iterations)
            self._bots[seat] = bot
        return bot

    async def _turns(self) -> None:
        """Think and play while a computer seat is to move. Every answer is submitted like
        a person's move; after a refused or failed answer a random legal move stands in."""
        m = self.match
        failures, fallback = 0, False
        relay = m.relay  # a cluster node: one node at a time thinks (a lease in Redis)
        while (seat := self.to_move()) is not None:
            version, state, level = m.version, m.state, m.seats[seat].computer
            if relay is not None and not await relay.lease(m):
                await self.pool.pause(relay.lease_wait)  # another node thinks; it may die
                continue
            stop = self._stop = threading.Event()
            started = time.perf_counter()
            try:
                if fallback:
                    rng = random.Random(computer_seed(m.seed, seat) + version)
                    move = m.spec.move_text(state.legal_moves().random(rng))
                else:
                    async with relay.thinking(m) if relay is not None else nullcontext():
                        move = await self.pool.think(_choose, self._bot(seat), m.spec, state,
                                                     self.pool.think_s, stop=stop)
            except Exception:
                log.exception("match %s: computer (%s) failed to choose at version %d",
                              m.code, level, version)
                move = None
            finally:
                self._stop = None
            if stop.is_set() or m.version != version:
                continue  # stopped (server closing, match over) or the match moved on
            if move is None:
                failures, fallback = failures + 1, True
            else:
                log.debug("match %s: computer (%s) chose %s in %.3f s", m.code, level, move,
                          time.perf_counter() - started)
                code = await self._submit(seat, {"mid": f"computer-{version}",
                                                 "version": version, "move": move})
                if code is None:
                    failures, fallback = 0, False
                    continue
                failures += 1
                fallback = code in (ErrorCode.BAD_MOVE, ErrorCode.ILLEGAL_MOVE)
            if failures >= COMPUTER_RETRIES:
                log.error("match %s: the computer seat gave up after %d failures; it plays "
                          "again after a restart", m.code, failures)
                return
            if not fallback:
                await self.pool.pause(min(8.0, 0.5 * 2 ** failures))  # the store failed

    async def _submit(self, seat: int, msg: dict) -> str | None:
        """A computer's move through the same checks as a person's; the refusal code or None."""
        m = self.match
        refused: list[str] = []

        def refuse(code: str, text: str, **extra: Any) -> None:
            refused.append(code)
            log.error("match %s: computer move %r refused: %s: %s", m.code, msg["move"],
                      code, text)
        async with m.lock:
            held = m.seats[seat]
            if held is None or held.computer is None:  # check 2: the computer holds the seat
                refuse(ErrorCode.NOT_SEATED, "The seat is not held by a computer player.")
            else:
                await m.play(seat, msg, refuse)
        return refused[0] if refused else None
