"""The headless bot: a client playing legal moves over the real protocol, with no window.

It is ``alien-city bot`` (its command line is :mod:`.cli`), the load generator of the
server benchmarks, the operator's smoke test and a sparring partner, for any game of the
registry (Alien City by default). At level ``random`` (the default) it plays random legal
moves; the other levels are the game's own computer players (``spec.make_bot``), thinking
in a worker thread so the connection stays served. It mirrors every match on its own copy
of the game state (through the game contract), so any difference between what the server
says and what the rules say is counted as a desync. If the connection drops it reconnects
with its session token (or its seat token) and finishes the game. A created match may
have the server's own computer players in every other seat (``computer``).
It speaks the protocol through ``shared.wire`` only: it is a client, not a part of the
server."""

from __future__ import annotations

import asyncio
import random
import threading
import time
from dataclasses import dataclass, field
from ssl import SSLContext
from typing import Any, Callable

import msgpack
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from shared.gamekit import GameError, GameSpec, Registry, State, builtin_games
from shared.wire import FINAL_CLOSE, PROTOCOL_VERSION, CloseCode, ErrorCode, decode_server, encode
from shared.wire.limits import CLIENT_MAX_FRAME

from .tls import tls_problem

SILENCE = 60.0        # seconds without any message in a running game before the bot gives up
RECONNECT_FOR = 30.0  # seconds the bot keeps trying to reconnect
REMATCH_WAIT = 30.0   # seconds to wait for the opponents to agree to a rematch
# Refusals of a move after which the bot asks for the position again.
MOVE_REFUSED = frozenset({ErrorCode.STALE_STATE, ErrorCode.NOT_YOUR_TURN, ErrorCode.ILLEGAL_MOVE,
                          ErrorCode.DUPLICATE_MOVE})


class BotError(Exception):
    """The bot cannot go on (server gone, refused, silent); the text says why."""


@dataclass
class Stats:
    """What a bot (or many bots) saw, for the CLI summary and the benchmark."""

    games: int = 0
    moves: int = 0
    errors: int = 0
    desyncs: int = 0
    reconnects: int = 0
    limited: int = 0
    rtts: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# Steps one bot of this process played on its copy of a match, for the others seated
# there: a bot whose position is the very object the step started from takes the result
# instead of playing the same move on the same engine again (the bench seats both bots of
# a match in one process; it halves their engine work). Each bot still compares what the
# server sent it with the position, so a server telling two seats different things is
# still a desync. An entry serves one other bot; the oldest go first past STEPS_KEPT.
_STEPS: dict[tuple, tuple[Any, Any, dict]] = {}
STEPS_KEPT = 4096


def _remember(key: tuple, step: tuple[Any, Any, dict]) -> None:
    _STEPS[key] = step
    if len(_STEPS) > STEPS_KEPT:
        del _STEPS[next(iter(_STEPS))]


def _plain(value: Any) -> Any:
    """``value`` as it looks after a trip through msgpack (tuples become lists), so what a
    game says can be compared with what the server sent."""
    return msgpack.unpackb(msgpack.packb(value, use_bin_type=True), raw=False)


class Bot:
    """One bot: one session, one match at a time, of one game of the registry."""

    def __init__(self, url: str, *, name: str = "bot", seed: int | None = None,
                 stats: Stats | None = None, think: float = 0.0,
                 out: Callable[[str], None] | None = None, level: str = "random",
                 game: str = "alien-city", games: Registry | None = None,
                 ssl: SSLContext | None = None) -> None:
        self.spec: GameSpec = (games if games is not None else builtin_games()).get(game)
        if level != "random" and level not in self.spec.computer_levels:
            raise ValueError(f"unknown level {level!r} for {self.spec.title}: expected random or "
                             f"one of {', '.join(self.spec.computer_levels)}")
        self.url = url
        self.ssl = ssl  # for wss://: None = the system's trusted certificates
        self.name = name
        self.rng = random.Random(seed)
        self.level = level
        self.bot_seed = self.rng.randrange(2**53)
        # random keeps the plain random mover (cheap, for load tests); the others think
        self.player: Any = None
        self.stats = stats if stats is not None else Stats()
        self.think = think
        self.out = out or (lambda line: None)
        self.ws: ClientConnection | None = None
        self.session: str | None = None
        self.code: str | None = None
        self.seat: str | None = None             # our seat's name
        self.seat_names: tuple[str, ...] = ()    # the match's seats, in order
        self.seat_token: str | None = None
        self.state: State | None = None
        self.version = 0
        self.status = "waiting"
        self.pending: tuple[Any, float] | None = None  # (mid, sent at)
        self.sent_at = self.received_at = 0.0  # perf_counter of the last frame out / in
        self.mids = 0
        self.ended: dict | None = None
        self.last_move: dict | None = None
        self.watching = False
        self.games_played = 0

    @property
    def seat_index(self) -> int | None:
        return self.seat_names.index(self.seat) if self.seat in self.seat_names else None

    # -- transport ------------------------------------------------------------------------
    async def start(self) -> None:
        await self._connect(resume=False)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()

    async def _connect(self, resume: bool) -> None:
        extra = {"ssl": self.ssl} if self.ssl is not None and self.url.startswith("wss:") else {}
        try:
            self.ws = await connect(self.url, max_size=CLIENT_MAX_FRAME, compression=None,
                                    open_timeout=10, close_timeout=2, **extra)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            raise BotError(tls_problem(self.url, exc)
                           or f"cannot connect to {self.url}: {exc}") from None
        hello: dict[str, Any] = {"type": "hello", "v": PROTOCOL_VERSION, "name": self.name}
        if resume and self.session:
            hello["resume"] = self.session
        await self.ws.send(encode(hello))
        try:
            welcome = decode_server(await asyncio.wait_for(self.ws.recv(), 10)) or {}
        except TimeoutError:
            raise BotError("the server did not answer hello") from None
        if welcome.get("type") != "welcome":
            raise BotError(f"server refused: {welcome.get('code')}: {welcome.get('text')}")
        resumed = welcome["resumed"]
        self.session = welcome["session"]
        if resume and self.code:
            join: dict[str, Any] = {"type": "join", "match": self.code, "version": self.version}
            if self.watching:
                join["as"] = "spectator"
            elif not resumed and self.seat_token:
                join["seat_token"] = self.seat_token
            await self.ws.send(encode(join))

    async def _reconnect(self) -> None:
        deadline = time.monotonic() + RECONNECT_FOR
        delay = 0.1
        while True:
            try:
                await self._connect(resume=True)
                self.stats.reconnects += 1
                self.pending = None
                return
            except (BotError, ConnectionClosed):
                if time.monotonic() > deadline:
                    raise BotError(f"lost the server at {self.url} and could not reconnect") from None
                await asyncio.sleep(delay)
                delay = min(delay * 2, 2.0)

    async def send(self, message: dict) -> None:
        """Send; if the connection is gone, reconnect (the sync that follows tells the bot
        whether an unanswered move was played, so nothing is resent blindly)."""
        assert self.ws is not None
        frame = encode(message)
        try:
            self.sent_at = time.perf_counter()
            await self.ws.send(frame)
        except ConnectionClosed:
            await self._reconnect()

    async def recv(self) -> dict:
        """The next message, reconnecting as needed."""
        while True:
            try:
                async with asyncio.timeout(SILENCE if self.status == "playing" else None):
                    frame = await self.ws.recv()
                    self.received_at = time.perf_counter()
                message = decode_server(frame)
                if message is not None:  # else not a message: skipped
                    return message
            except TimeoutError:
                raise BotError(f"the server said nothing for {SILENCE:.0f} s") from None
            except ConnectionClosed as exc:
                if exc.rcvd is not None and exc.rcvd.code in (CloseCode.POLICY, *FINAL_CLOSE):
                    raise BotError(f"the server closed the connection: {exc.rcvd.reason}") from None
                await self._reconnect()

    async def _expect(self, kind: str) -> dict:
        while True:
            message = await self.recv()
            if message.get("type") == kind:
                return message
            if message.get("type") == "error":
                raise BotError(f"server refused: {message.get('code')}: {message.get('text')}")

    # -- matches --------------------------------------------------------------------------
    async def create(self, options: dict | None = None, public: bool = True,
                     computer: str | None = None, clock: str | None = None) -> str:
        """Create a match (with the server's computer players of level ``computer`` in
        every other seat, if given; timed by ``clock``, as ``"3+2"``, if given); returns
        its room code."""
        message: dict[str, Any] = {"type": "create", "game": self.spec.id,
                                   "options": options or {}, "seat": "random", "public": public}
        if computer is not None:
            message["computer"] = computer
        if clock is not None:
            message["clock"] = clock
        await self.send(message)
        return await self._await_joined()

    async def join(self, code: str) -> str:
        await self.send({"type": "join", "match": code, "as": "player"})
        return await self._await_joined()

    async def quick(self, options: dict | None = None) -> str:
        message: dict[str, Any] = {"type": "quick", "game": self.spec.id}
        if options:
            message["options"] = options
        await self.send(message)
        return await self._await_joined()

    async def _await_joined(self) -> str:
        joined = await self._expect("joined")
        self._take_seat(joined)
        return joined["match"]

    def _take_seat(self, joined: dict) -> None:
        self.code = joined["match"]
        self.seat = joined["seat"]
        self.seat_token = joined.get("seat_token", self.seat_token)
        self.state, self.version, self.status = None, 0, "waiting"
        self.pending, self.ended = None, None
        if self.level != "random":  # a new game: nothing learnt in the last one applies
            self.games_played += 1
            self.player = self.spec.make_bot(self.level, self.bot_seed + self.games_played)

    async def play(self) -> dict:
        """Play the current match to its end; returns the 'ended' message."""
        await self._maybe_move()
        while self.ended is None:
            await self._handle(await self.recv())
        self.stats.games += 1
        return self.ended

    async def rematch(self) -> bool:
        """Offer a rematch; ``True`` once the new match (seats moved on) is joined."""
        await self.send({"type": "rematch", "match": self.code})
        deadline = time.monotonic() + REMATCH_WAIT
        while time.monotonic() < deadline:
            message = await self.recv()
            if message.get("type") == "joined" and message.get("match") != self.code:
                self._take_seat(message)
                return True
            if message.get("type") == "error" and message.get("code") == ErrorCode.RATE_LIMITED:
                self.stats.limited += 1
                await asyncio.sleep(0.25)
                await self.send({"type": "rematch", "match": self.code})
                continue
            if message.get("type") == "error" and \
                    message.get("code") != ErrorCode.REMATCH_STARTED:
                self._error(message)
                return False
        return False

    async def watch(self, code: str) -> int:
        """Spectate ``code``, printing each move and the result; 0 when it ends."""
        self.watching = True
        await self.send({"type": "join", "match": code, "as": "spectator"})
        joined = await self._expect("joined")
        self.code = joined["match"]
        while True:
            m = await self.recv()
            kind = m.get("type")
            if kind == "sync":
                self.version = m["version"]
                self.seat_names = tuple(p["seat"] for p in m["info"]["players"])
                players = " vs ".join(f"{p['seat']} {p['name'] or '(free)'}" for p in m["info"]["players"])
                self.out(f"watching {self.code} ({m['info']['game']} {m['info']['ruleset']}): "
                         f"{players}, version {self.version}")
                if "ended" in m:
                    return self._show_end(m["ended"])
            elif kind == "moved" and m["version"] > self.version:
                self.version = m["version"]
                events = "; ".join(_event_text(e) for e in m["events"])
                self.out(f"{m['version']:>3} {m['seat']:<5} {m['move'] or m.get('kind'):<9} {events}")
            elif kind == "presence":
                self.out(f"    {m['seat']} {m['name']} {'is back' if m['online'] else 'dropped'}")
            elif kind == "chat":
                self.out(f"    {m['name']}: {m['text']}")
            elif kind == "ended":
                return self._show_end(m)
            elif kind == "error":
                raise BotError(f"server refused: {m.get('code')}: {m.get('text')}")

    def _show_end(self, ended: dict) -> int:
        self.out(f"ended ({ended['reason']}): winner {ended['winner'] or 'nobody (draw)'} "
                 f"({result_text(ended, self.seat_names)})")
        return 0

    async def _handle(self, m: dict) -> None:
        kind = m.get("type")
        if m.get("match") not in (None, self.code):
            return
        if kind == "sync":
            self._sync(m)
        elif kind == "moved":
            self._moved(m)
        elif kind == "match_info":
            self.status = m["info"]["status"]
        elif kind == "ended":
            self._ended(m)
        elif kind == "error" and m.get("code") == ErrorCode.RATE_LIMITED:
            self.stats.limited += 1  # the server was not given time: wait, send it again
            await asyncio.sleep(0.25)
            if self.pending is not None and self.last_move is not None:
                await self.send(self.last_move)
            return
        elif kind == "error":
            self._error(m)
            if m.get("code") in MOVE_REFUSED:
                self.pending = None
                await self.send({"type": "get_state", "match": self.code})
                return
        await self._maybe_move()

    def _sync(self, m: dict) -> None:
        self.status = m["info"]["status"]
        self.seat_names = tuple(p["seat"] for p in m["info"]["players"])
        if m["mode"] == "snapshot":
            try:
                self.state = self.spec.state_from_dict(m["state"])
            except GameError as exc:
                self._desync(f"{self.code}: snapshot unreadable: {exc}")
                return
            self.version = m["version"]
            self.pending = None
        else:
            for moved in m["moves"]:
                self._moved(moved)
        if "ended" in m:
            self._ended(m["ended"])

    def _moved(self, m: dict) -> None:
        if self.state is None or m["version"] <= self.version:
            return
        if self.pending is not None and m["mid"] == self.pending[0]:
            self.stats.rtts.append(self.received_at - self.pending[1])
            self.pending = None
            self.stats.moves += 1
        try:
            if m["version"] != self.version + 1:
                raise GameError(f"version jumped from {self.version} to {m['version']}")
            seat = self.seat_names.index(m["seat"])
            key = (self.code, m["version"], seat, m.get("kind"), m["move"])
            known = _STEPS.pop(key, None)
            if known is not None and known[0] is self.state:  # another bot here played it
                self.state, turn = known[1], known[2]
            else:
                before = self.state
                if m.get("kind") == "resign":
                    self.state = self.state.resign(seat)[0]
                else:
                    self.state = self.state.play(self.spec.parse_move(m["move"]), seat)[0]
                turn = self.state.turn()
                if known is not None and known[1].key() == self.state.key():
                    self.state = known[1]  # the same position: share it from now on
                else:
                    _remember(key, (before, self.state, turn))
            if m["turn"] != turn:  # as sent, unless it holds tuples (lists after msgpack)
                turn = _plain(turn)
            to_move = None if self.state.is_over() else self.seat_names[self.state.to_move]
            if m["turn"] != turn or m.get("to_move", to_move) != to_move:
                raise GameError(f"server says {m['turn']}, the game says {turn}")
        except (GameError, ValueError, IndexError) as exc:
            self._desync(f"{self.code} v{m['version']}: {exc}")
        self.version = m["version"]

    def _ended(self, m: dict) -> None:
        self.ended = m
        self.status = "over"
        if m["reason"] == "finished" and self.state is not None and m["version"] == self.version:
            if not self.state.is_over() or _plain(self.state.score()) != m["score"] \
                    or list(self.state.ranking()) != m.get("ranking", list(self.state.ranking())):
                self._desync(f"{self.code}: final score differs from the game's")

    def _error(self, m: dict) -> None:
        self.stats.errors += 1
        self.stats.notes.append(f"{m.get('code')}: {m.get('text')}")

    def _desync(self, note: str) -> None:
        self.stats.desyncs += 1
        self.stats.notes.append(f"desync {note}")
        self.state = None
        asyncio.ensure_future(self.send({"type": "get_state", "match": self.code}))

    async def _maybe_move(self) -> None:
        s = self.state
        if (s is None or self.pending is not None or self.status != "playing"
                or self.ended is not None or s.is_over() or s.to_move != self.seat_index):
            return
        if self.think:
            await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
        move = await self._think(s) if self.player is not None else s.legal_moves().random(self.rng)
        self.mids += 1
        mid = self.mids
        self.pending = (mid, time.perf_counter())
        self.last_move = {"type": "move", "match": self.code, "version": self.version,
                          "mid": mid, "move": self.spec.move_text(move)}
        await self.send(self.last_move)
        if self.pending is not None and self.pending[0] == mid:  # timed from the wire, as
            self.pending = (mid, self.sent_at)  # the bench's echo is: not our own encoding

    async def _think(self, state: State) -> Any:
        """The level's choice, computed in a worker thread (pings are answered meanwhile);
        cancelling (Ctrl-C) stops the search at once."""
        stop = threading.Event()
        try:
            return await asyncio.to_thread(self.player.choose, state, stop=stop)
        except asyncio.CancelledError:
            stop.set()
            raise


def _event_text(event: dict) -> str:
    """An event in a few words, whatever the game: its type and its fields."""
    details = " ".join(f"{key}={value}" for key, value in event.items() if key != "type")
    return f"{event.get('type')} {details}".strip()


def result_text(ended: dict, seats: tuple[str, ...]) -> str:
    """The result in a line: each seat's total when the game's score has totals (Alien
    City: ``black 21 white 18``), else each seat's place."""
    players = ended.get("score", {}).get("players") if isinstance(ended.get("score"), dict) else None
    if isinstance(players, dict) and all(isinstance(p, dict) and "total" in p for p in players.values()):
        return " ".join(f"{seat} {p['total']}" for seat, p in players.items())
    ranking = ended.get("ranking") or []
    return " ".join(f"{seat} place {place}" for seat, place in zip(seats, ranking))
