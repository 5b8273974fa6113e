"""The authoritative match: seats, audience, versions, and the only place moves are accepted.

``submit`` checks a move in a fixed order (known session, seated, duplicate move id,
match running, your turn, state version current, engine legal), writes it to the store,
and only then announces it. Every rejection is answered with a code, a sentence and the
current version. The rules themselves stay behind :mod:`server.game`.

A seat may be held by a computer player instead of a session. When it is that seat's
turn the match asks the computer for a move in a worker thread (:mod:`server.computer`)
and submits the answer, with a move id and the version it was made on, through the same
checks as a person's move.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any, Callable

from websockets.asyncio.server import broadcast

from .computer import ComputerPool
from .connection import Connection, Limits, Session
from .game import BadMove, Computer, Game, GameRules
from .protocol import encode
from .store import MatchRecord, MoveRecord, SeatRecord, Store, StoreError

log = logging.getLogger("alien_city.server")

WAITING, PLAYING, OVER, CANCELLED = "waiting", "playing", "over", "cancelled"


COMPUTER_RETRIES = 5  # failed submissions in a row before a computer seat gives up (until a restart)


class Seat:
    """A seat taken by a player: the name shown, the token's hash, who holds it now.

    ``computer`` is the level of the computer player holding the seat (``None`` for a
    person); a computer seat has no session, and its token is never given to anyone."""

    __slots__ = ("name", "token_hash", "session", "computer")

    def __init__(self, name: str, token_hash: str, session: Session | None,
                 computer: str | None = None) -> None:
        self.name = name
        self.token_hash = token_hash
        self.session = session
        self.computer = computer

    def record(self) -> SeatRecord:
        return SeatRecord(self.name, self.token_hash,
                          self.session.token_hash if self.session else "", self.computer)


class Match:
    """One game between two seats, watched by any number of spectators."""

    def __init__(self, *, code: str, rules: GameRules, options: dict, seed: int, public: bool,
                 store: Store, limits: Limits, notify: Callable[["Match"], None],
                 rematch_of: str | None = None, computers: ComputerPool | None = None) -> None:
        self.code = code
        self.rules = rules
        self.options = options
        self.seed = seed
        self.public = public
        self.store = store
        self.limits = limits
        self.notify = notify
        self.rematch_of = rematch_of
        self.record_id: int | None = None
        self.game: Game = rules.start(options, seed)
        self.version = 0
        self.status = WAITING
        self.end_reason: str | None = None
        self.winner: int | None = None
        self.seats: list[Seat | None] = [None] * len(rules.seats)
        self.audience: dict[Connection, int | None] = {}  # connection -> seat, None = spectator
        self.log: list[dict] = []                          # every "moved" message, for catch-up
        self.mids: list[dict[Any, int]] = [{} for _ in rules.seats]  # move id -> version
        self.rematch_votes: set[int] = set()
        self.rematch_code: str | None = None
        self.lock = asyncio.Lock()
        self.ended_at: float | None = None
        self.computers = computers
        self._players: dict[int, Computer] = {}          # computer seats' players, made on first use
        self._thinking: asyncio.Task | None = None
        self._stop: threading.Event | None = None

    # -- facts ----------------------------------------------------------------------------
    @property
    def live(self) -> bool:
        return self.status in (WAITING, PLAYING)

    def seat_of(self, session: Session | None) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat is not None and session is not None and seat.session is session:
                return index
        return None

    def online(self, index: int) -> bool:
        seat = self.seats[index]
        if seat is not None and seat.computer is not None:
            return True  # a computer player is always there
        conn = seat.session.conn if seat and seat.session else None
        return conn is not None and self.audience.get(conn, -1) == index

    def names(self) -> list[str | None]:
        return [seat.name if seat else None for seat in self.seats]

    def info(self) -> dict:
        """What lobbies and the match's audience are told about the match."""
        return {
            "code": self.code, "game": self.rules.kind, "options": self.options,
            "ruleset": self.rules.describe(self.options), "public": self.public,
            "status": self.status, "version": self.version,
            "players": [{"seat": name, "name": seat.name if seat else None,
                         "online": self.online(i), "computer": seat.computer if seat else None}
                        for i, (name, seat) in enumerate(zip(self.rules.seats, self.seats))],
            "spectators": sum(1 for seat in self.audience.values() if seat is None),
            "end_reason": self.end_reason,
            "winner": self._seat_name(self.winner),
            "rematch": [self.rules.seats[i] for i in sorted(self.rematch_votes)],
            "rematch_match": self.rematch_code,
        }

    def record(self) -> MatchRecord:
        return MatchRecord(code=self.code, game=self.rules.kind, options=self.options,
                           seed=self.seed, public=self.public, status=self.status,
                           id=self.record_id, rematch_of=self.rematch_of,
                           seats={i: s.record() for i, s in enumerate(self.seats) if s})

    def _seat_name(self, index: int | None) -> str | None:
        return None if index is None else self.rules.seats[index]

    # -- audience -------------------------------------------------------------------------
    def broadcast(self, message: dict) -> None:
        frame = encode(message)
        broadcast([conn.ws for conn in self.audience if conn.open], frame)

    def attach(self, conn: Connection, seat: int | None) -> None:
        self.audience[conn] = seat
        conn.matches[self.code] = self
        if seat is not None:
            self._presence(seat, True)
        self.changed()

    def detach(self, conn: Connection) -> None:
        if conn not in self.audience:
            return
        seat = self.audience.pop(conn)
        conn.matches.pop(self.code, None)
        if seat is not None:
            self._presence(seat, False)
        self.changed()

    def _presence(self, seat: int, online: bool) -> None:
        self.broadcast({"type": "presence", "match": self.code, "seat": self.rules.seats[seat],
                        "name": self.seats[seat].name, "online": online,
                        "version": self.version})

    def changed(self) -> None:
        """Membership or status changed: tell the audience and the lobby."""
        self.broadcast({"type": "match_info", "match": self.code, "info": self.info()})
        self.notify(self)

    def welcome(self, conn: Connection | None, seat: int, token: str | None, rid: int | None = None,
                created: bool = False, known: int | None = None) -> None:
        """Seat ``conn`` here: 'joined' (with the seat token if it is new), then the sync."""
        if conn is None or not conn.open:
            return
        reply = {"type": "joined", "match": self.code, "role": "player",
                 "seat": self.rules.seats[seat], "created": created, "version": self.version}
        if rid is not None:
            reply["rid"] = rid
        if token is not None:
            reply["seat_token"] = token
        conn.send(reply)
        self.attach(conn, seat)
        conn.send(self.sync(known))

    def sync(self, known: int | None) -> dict:
        """Catch-up for a (re)joining client: the moves it missed if it says which version
        it has and not too many were missed, else a full snapshot."""
        message: dict[str, Any] = {"type": "sync", "match": self.code, "version": self.version,
                                   "info": self.info(), "turn": self.game.turn()}
        if known is not None and 0 <= known <= self.version \
                and self.version - known <= self.limits.catchup_max:
            message.update(mode="moves", since=known, moves=self.log[known:])
        else:
            message.update(mode="snapshot", state=self.game.snapshot())
        if not self.live:
            message["ended"] = self.ended_message()
        return message

    def ended_message(self) -> dict:
        return {"type": "ended", "match": self.code, "version": self.version,
                "reason": self.end_reason, "winner": self._seat_name(self.winner),
                "score": self.game.score()}

    # -- rejections -----------------------------------------------------------------------
    def reject(self, conn: Connection, code: str, text: str, rid: int | None, **extra: Any) -> None:
        conn.error(code, text, rid, match=self.code, version=self.version, **extra)

    def _acting_seat(self, conn: Connection, rid: int | None) -> int | None:
        """The seat ``conn``'s session holds here, or ``None`` after answering not_seated."""
        seat = self.seat_of(conn.session)
        if seat is None:
            self.reject(conn, "not_seated", "You do not hold a seat in this match "
                        "(spectators can only watch).", rid)
            return None
        if self.audience.get(conn, -1) != seat:
            self.attach(conn, seat)
        return seat

    # -- playing --------------------------------------------------------------------------
    async def submit(self, conn: Connection, msg: dict) -> None:
        """A move from ``conn``: checked in the fixed order, stored, then announced."""
        rid = msg.get("rid")
        async with self.lock:
            seat = self._acting_seat(conn, rid)
            if seat is None:
                return

            def refuse(code: str, text: str, **extra: Any) -> None:
                self.reject(conn, code, text, rid, **extra)
            await self._play(seat, msg, refuse)

    async def _play(self, seat: int, msg: dict, refuse: Callable[..., None]) -> bool:
        """Checks 3 to 7 of a move by ``seat`` (who holds it is already checked), then
        store and announce. Call with the lock held. ``refuse(code, text, **extra)``
        answers a refusal. ``True`` if the move was played."""
        mid = msg["mid"]
        applied = self.mids[seat].get(mid)
        if applied is not None:
            refuse("duplicate_move", f"Move id {mid!r} was already played (it made version "
                   f"{applied}); it is not played twice.", applied_version=applied)
            return False
        if self.status == WAITING:
            refuse("not_running", "The match has not started: waiting for an opponent.")
            return False
        if not self.live:
            refuse("game_over", "The match is over.")
            return False
        if self.game.to_move() != seat:
            refuse("not_your_turn", f"It is {self._seat_name(self.game.to_move())}'s turn.")
            return False
        if msg["version"] != self.version:
            refuse("stale_state", f"Your move was made on version {msg['version']}; "
                   f"the match is at version {self.version}.")
            return False
        try:
            move = self.game.parse_move(msg["move"])
        except BadMove as exc:
            refuse("bad_move", str(exc))
            return False
        problem = self.game.check(move, seat)
        if problem is not None:
            refuse("illegal_move", problem[1], rule=problem[0])
            return False
        game, events, text = self.game.play(move, seat)
        version = self.version + 1
        end = (OVER, "finished", game.winner()) if game.is_over() else None
        try:
            await self.store.add_move(self.record_id, MoveRecord(version, seat, mid, text), end)
        except StoreError as exc:
            log.error("match %s: move not saved: %s", self.code, exc)
            refuse("server_error", "The move could not be saved, so it was not played. "
                   "Try again later.")
            return False
        self._accept(seat, mid, game, events, text)
        if end is not None:
            self._end("finished", end[2])
        else:
            self.wake()
        return True

    def _accept(self, seat: int, mid: Any, game: Game, events: list[dict], text: str) -> dict:
        self.game = game
        self.version += 1
        self.mids[seat][mid] = self.version
        moved = {"type": "moved", "match": self.code, "version": self.version,
                 "seat": self.rules.seats[seat], "mid": mid, "move": text, "events": events,
                 "turn": game.turn()}
        self.log.append(moved)
        self.broadcast(moved)
        return moved

    def _end(self, reason: str, winner: int | None) -> None:
        if self._stop is not None:
            self._stop.set()  # a computer thinking about this match: stop now
        self.status = OVER
        self.end_reason = reason
        self.winner = winner
        self.ended_at = time.monotonic()
        log.info("match %s over: %s, winner %s", self.code, reason, self._seat_name(winner))
        self.broadcast(self.ended_message())
        self.changed()

    async def resign(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        async with self.lock:
            seat = self._acting_seat(conn, rid)
            if seat is None:
                return
            if self.status == WAITING:
                self.reject(conn, "not_running", "The match has not started; use 'leave' to "
                            "cancel it.", rid)
                return
            if not self.live:
                self.reject(conn, "game_over", "The match is over.", rid)
                return
            winner = 1 - seat if len(self.seats) == 2 else None
            try:
                await self.store.set_status(self.record_id, OVER, "resigned", winner)
            except StoreError as exc:
                log.error("match %s: resignation not saved: %s", self.code, exc)
                self.reject(conn, "server_error", "The resignation could not be saved.", rid)
                return
            self._end("resigned", winner)

    def vote_rematch(self, conn: Connection, msg: dict) -> bool:
        """Record a rematch offer; ``True`` once every seat has offered (start one)."""
        rid = msg.get("rid")
        seat = self._acting_seat(conn, rid)
        if seat is None:
            return False
        if self.status != OVER:
            self.reject(conn, "not_over", "A rematch can be offered once the match is over.", rid)
            return False
        if self.rematch_code is not None:
            self.reject(conn, "rematch_started", f"The rematch is match {self.rematch_code}.",
                        rid, rematch=self.rematch_code)
            return False
        self.rematch_votes.add(seat)
        self.broadcast({"type": "rematch_offer", "match": self.code,
                        "seat": self.rules.seats[seat], "version": self.version})
        for index, other in enumerate(self.seats):  # computer players always accept
            if other is not None and other.computer is not None and index not in self.rematch_votes:
                self.rematch_votes.add(index)
                self.broadcast({"type": "rematch_offer", "match": self.code,
                                "seat": self.rules.seats[index], "version": self.version})
        return len(self.rematch_votes) == len(self.seats) and all(self.seats)

    def chat(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        seat = self._acting_seat(conn, rid)
        if seat is None:
            return
        if not conn.chat_bucket.take():
            self.reject(conn, "rate_limited", "Too many chat lines; wait a few seconds.", rid,
                        scope="chat")
            return
        self.broadcast({"type": "chat", "match": self.code, "seat": self.rules.seats[seat],
                        "name": self.seats[seat].name, "text": msg["text"], "version": self.version})

    def game_record(self) -> str:
        extra = {"Site": "alien-city server", "Room": self.code}
        if self.status == OVER and self.end_reason == "resigned" and self.winner is not None:
            extra["Termination"] = f"{self.rules.seats[1 - self.winner].capitalize()} resigned"
        return self.game.record(self.names(), extra)

    # -- computer players -----------------------------------------------------------------
    def _computer_to_move(self) -> int | None:
        """The seat to move if a computer holds it and the match is running, else None."""
        if self.status != PLAYING or self.computers is None or self.computers.closed:
            return None
        seat = self.game.to_move()
        if seat is None or self.seats[seat] is None or self.seats[seat].computer is None:
            return None
        return seat

    def wake(self) -> None:
        """Start the computer's turn if a computer seat is to move (and not already at it).
        Called after every accepted move, when a match is created, restored or rematched."""
        if self._computer_to_move() is None:
            return
        if self._thinking is not None and not self._thinking.done():
            return  # its loop plays every move in a row that is the computer's
        self._thinking = self.computers.spawn(self._computer_turns(), f"computer {self.code}")

    def _player(self, seat: int) -> Computer:
        player = self._players.get(seat)
        if player is None:
            # the match seed decides the computer's choices: a rematch (new seed) differs
            player = self.rules.computer(self.seats[seat].computer, self.seed * 2 + seat,
                                         self.computers.iterations)
            self._players[seat] = player
        return player

    async def _computer_turns(self) -> None:
        """Think and play while a computer seat is to move (twice in a row when the other
        player cannot build). Every answer is submitted like a person's move."""
        failures, fallback = 0, False
        while (seat := self._computer_to_move()) is not None:
            version, game, level = self.version, self.game, self.seats[seat].computer
            stop = self._stop = threading.Event()
            started = time.perf_counter()
            try:
                player = self.rules.computer("random", self.seed * 2 + seat) if fallback \
                    else self._player(seat)
                move = await self.computers.think(player.choose, game, self.computers.think_s,
                                                  stop=stop)
            except Exception:
                log.exception("match %s: computer (%s) failed to choose at version %d",
                              self.code, level, version)
                move = None
            finally:
                self._stop = None
            if stop.is_set() or self.version != version:
                continue  # stopped (server closing, match over) or the match moved on
            if move is None:
                failures, fallback = failures + 1, True
            else:
                log.debug("match %s: computer (%s) chose %s in %.3f s", self.code, level, move,
                          time.perf_counter() - started)
                code = await self._computer_submit(seat, {"mid": f"computer-{version}",
                                                          "version": version, "move": move})
                if code is None:
                    failures, fallback = 0, False
                    continue
                failures += 1
                fallback = code in ("bad_move", "illegal_move")
            if failures >= COMPUTER_RETRIES:
                log.error("match %s: the computer seat gave up after %d failures; it plays "
                          "again after a restart", self.code, failures)
                return
            if not fallback:
                await self.computers.pause(min(8.0, 0.5 * 2 ** failures))  # the store failed

    async def _computer_submit(self, seat: int, msg: dict) -> str | None:
        """A computer's move through the same checks as a person's; the refusal code or None."""
        refused: list[str] = []

        def refuse(code: str, text: str, **extra: Any) -> None:
            refused.append(code)
            log.error("match %s: computer move %r refused: %s: %s", self.code, msg["move"],
                      code, text)
        async with self.lock:
            held = self.seats[seat]
            if held is None or held.computer is None:  # check 2: the computer holds the seat
                refuse("not_seated", "The seat is not held by a computer player.")
            else:
                await self._play(seat, msg, refuse)
        return refused[0] if refused else None

    # -- restoring ------------------------------------------------------------------------
    def replay(self, moves: list[MoveRecord]) -> None:
        """Rebuild the position and the catch-up log from stored moves, on the engine."""
        for m in moves:
            if m.version != self.version + 1:
                raise ValueError(f"move versions jump from {self.version} to {m.version}")
            game, events, text = self.game.play(self.game.parse_move(m.move), m.seat)
            self._accept(m.seat, m.mid, game, events, text)
