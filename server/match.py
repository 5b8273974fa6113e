"""The authoritative match: seats, audience, versions, and the only place moves are accepted.

``submit`` checks a move in a fixed order (known session, seated, duplicate move id,
match running, your turn, state version current, game says legal), writes it to the
store, and only then announces it. Every rejection is answered with a code, a sentence
and the current version. The rules stay behind the game contract
(:mod:`shared.gamekit.api`): a match holds a ``GameSpec``, its options and seed, and the
current ``State``; it asks the state whose turn it is, whether a move is legal, and what
a resignation does (a 2-seat game ends; a multi-seat game may play on without the seat).

Seats may be held by computer players instead of sessions; :mod:`server.computer` plays
their turns through the same checks as a person's move.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Callable

from shared.gamekit import GameError, GameSpec, State
from shared.wire import ErrorCode, decode_server, encode

from .absence import AbsenceWatch
from .chat import ChatLog
from .clocks import MatchClock
from .computer import ComputerPool, ComputerTurns
from .connection import Connection, Limits, Session, ws_frame
from .game import move_reader, record_headers, winner_of
from .steps import MatchSteps
from .store import RESIGN, End, MatchRecord, MoveRecord, SeatOnline, SeatRecord, StaleVersion, Store, StoreError

log = logging.getLogger("alien_city.server")

WAITING, PLAYING, OVER, CANCELLED = "waiting", "playing", "over", "cancelled"
SPECTATOR_NAMES = 50  # names of spectators in match info (the count has them all)


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
    """One game between 2..8 seats, watched by any number of spectators."""

    def __init__(self, *, code: str, spec: GameSpec, options: dict, seed: int, public: bool,
                 store: Store, limits: Limits, notify: Callable[["Match"], None],
                 rematch_of: str | None = None, computers: ComputerPool | None = None,
                 relay: Any = None) -> None:
        self.code = code
        self.spec = spec
        self.options = options
        self.seed = seed
        self.public = public
        self.store = store
        self.limits = limits
        self.notify = notify
        self.rematch_of = rematch_of
        self.record_id: int | None = None
        self.moves = move_reader(spec)  # wire text -> (move, canonical text), shared
        self.seat_infos = spec.seats(options)
        self.seat_names = tuple(info.name for info in self.seat_infos)
        self.state: State = spec.new_state(options, seed)
        self.version = 0
        self.status = WAITING
        self.end_reason: str | None = None
        self.ranking: list[int] | None = None
        self.resigned: list[int] = []                      # seats that resigned, in order
        self.seats: list[Seat | None] = [None] * len(self.seat_names)
        self.audience: dict[Connection, int | None] = {}  # connection -> seat, None = spectator
        # every "moved" message as sent, for catch-up: frames, not dicts, so the thousands
        # a busy server keeps are no work for the garbage collector's full passes
        self.log: list[bytes] = []
        self.mids: list[dict[Any, int]] = [{} for _ in self.seat_names]  # move id -> version
        self.rematch_votes: set[int] = set()
        self.rematch_code: str | None = None
        self.lock = asyncio.Lock()
        self.ended_at: float | None = None
        self.created_at = time.time()  # wall clock: it is stored, and restarts keep it
        self.computers = ComputerTurns(self, computers)
        self.absence = AbsenceWatch(self)
        # a cluster node's link to the others (server.cluster.relay.Relay; None alone):
        # told of presence, chat and rematch offers here, so other nodes' clients see them
        self.relay = relay
        self.remote: dict[int, set[str]] = {}  # seat -> other nodes it is connected to
        self.watching: dict[str, int] = {}  # other node -> its spectators of this match
        self.chat_log = ChatLog()
        self.steps = MatchSteps(self)  # accepted, announced, caught up with, replayed
        self.behind = False  # a cluster node skipped other nodes' steps (nobody here watched)
        # names and ratings (server.accounts_commands): rated or not, the registered
        # player at each seat, the rating changes once over, and what to call at the end
        self.rated = False
        self.players: dict[int, int] = {}
        self.rating_changes: list[dict] | None = None
        self.on_end: Callable[["Match"], None] | None = None
        self.clock: MatchClock | None = None  # a timed match's clock (server.clocks)
        # the clock stored with the last timed step read at a restart: (version, clock)
        self.step_clock: tuple[int, dict] | None = None

    # -- facts ----------------------------------------------------------------------------
    @property
    def live(self) -> bool:
        return self.status in (WAITING, PLAYING)

    @property
    def winner(self) -> int | None:
        return winner_of(self.ranking)

    def seat_of(self, session: Session | None) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat is not None and session is not None and seat.session is session:
                return index
        return None

    def online(self, index: int) -> bool:
        """Is the seat's player connected to the match (here or on another node)?"""
        return self.online_here(index) or bool(self.remote.get(index))

    def online_here(self, index: int) -> bool:
        seat = self.seats[index]
        if seat is not None and seat.computer is not None:
            return True  # a computer player is always there
        conn = seat.session.conn if seat and seat.session else None
        return conn is not None and self.audience.get(conn, -1) == index

    def spectators_here(self) -> int:
        return sum(1 for seat in self.audience.values() if seat is None)

    def spectator_names(self) -> list[str]:
        """Who watches on this node, in order of arrival (at most ``SPECTATOR_NAMES``)."""
        return [conn.session.name for conn, seat in self.audience.items()
                if seat is None and conn.session is not None][:SPECTATOR_NAMES]

    def names(self) -> list[str | None]:
        return [seat.name if seat else None for seat in self.seats]

    def seat_name(self, index: int | None) -> str | None:
        return None if index is None else self.seat_names[index]

    def to_move(self) -> str | None:
        return None if self.state.is_over() else self.seat_name(self.state.to_move)

    def info(self) -> dict:
        """What lobbies and the match's audience are told about the match."""
        return {
            "code": self.code, "game": self.spec.id, "options": self.options,
            "ruleset": self.spec.describe(self.options), "public": self.public,
            "status": self.status, "version": self.version,
            "players": [{"seat": name, "name": seat.name if seat else None,
                         "online": self.online(i), "computer": seat.computer if seat else None,
                         "abandon_in": self.absence.abandon_in(i)}
                        for i, (name, seat) in enumerate(zip(self.seat_names, self.seats))],
            "seats": [info.to_dict() for info in self.seat_infos],
            "spectators": self.spectators_here() + sum(self.watching.values()),
            "spectator_names": self.spectator_names(),
            "end_reason": self.end_reason,
            "winner": self.seat_name(self.winner),
            "ranking": self.ranking,
            "resigned": [self.seat_names[i] for i in self.resigned],
            "rematch": [self.seat_names[i] for i in sorted(self.rematch_votes)],
            "rematch_match": self.rematch_code,
            "rated": self.rated,
            "clock": None if self.clock is None else self.clock.spec,
        }

    def record(self) -> MatchRecord:
        return MatchRecord(code=self.code, game=self.spec.id, options=self.options,
                           seed=self.seed, public=self.public, status=self.status,
                           id=self.record_id, rematch_of=self.rematch_of, ranking=self.ranking,
                           seats={i: s.record() for i, s in enumerate(self.seats) if s})

    # -- audience -------------------------------------------------------------------------
    def broadcast(self, message: dict | bytes, first: Session | None = None) -> None:
        """Encoded once for everyone (or already a frame); ``first``'s connection (the seat
        that moved, waiting for its answer) is sent it before the others."""
        frame = message if isinstance(message, bytes) else encode(message)
        framed = ws_frame(frame)  # the WebSocket frame too: one for everyone
        lead = first.conn if first is not None else None
        if lead is not None and lead in self.audience:
            lead.send_frame(frame, framed)
        for conn in list(self.audience):  # each bounded by what is queued for it
            if conn is not lead:
                conn.send_frame(frame, framed)

    def attach(self, conn: Connection, seat: int | None) -> None:
        self.audience[conn] = seat
        conn.matches[self.code] = self
        if seat is not None:
            self.absence.back(seat)
            self.absence.check()  # an opponent's clock may have run out while nobody was here
            self._presence(seat, True)
        self.changed()

    def detach(self, conn: Connection) -> None:
        if conn not in self.audience:
            return
        seat = self.audience.pop(conn)
        conn.matches.pop(self.code, None)
        if seat is not None:
            self.absence.check()
            self._presence(seat, False)
        self.changed()

    def _presence(self, seat: int, online: bool, here: bool = True) -> None:
        """Tell the audience a seat came or went (``here``: on this node, so the other
        nodes are told too); still online if another node has the player."""
        self.broadcast({"type": "presence", "match": self.code, "seat": self.seat_names[seat],
                        "name": self.seats[seat].name, "online": online or bool(self.remote.get(seat)),
                        "version": self.version, "abandon_in": self.absence.abandon_in(seat)})
        if here and self.relay is not None:
            self.relay.presence(self, seat)

    def remote_presence(self, seat: int, node: str, online: bool) -> None:
        """Another node says the seat's player is (or no longer is) connected there."""
        before = self.online(seat)
        nodes = self.remote.setdefault(seat, set())
        (nodes.add if online else nodes.discard)(node)
        if not nodes:
            self.remote.pop(seat, None)
        if self.online(seat) != before and self.seats[seat] is not None:
            self.absence.check()  # a clock starts, or stops: the player is back elsewhere
            self._presence(seat, self.online_here(seat), here=False)
            self.changed()

    def changed(self) -> None:
        """Membership or status changed: tell the audience and the lobby. A timed match's
        ``match_info`` carries its clock, so the seats waiting for the last player see
        the first turn's time run the moment the match starts."""
        message: dict[str, Any] = {"type": "match_info", "match": self.code, "info": self.info()}
        if self.clock is not None:
            message["clock"] = self.clock.info()
        self.broadcast(message)
        self.notify(self)

    def welcome(self, conn: Connection | None, seat: int, token: str | None, rid: int | None = None,
                created: bool = False, known: int | None = None) -> None:
        """Seat ``conn`` here: 'joined' (with the seat token if it is new), then the sync."""
        if conn is None or not conn.open:
            return
        reply = {"type": "joined", "match": self.code, "role": "player",
                 "seat": self.seat_names[seat], "created": created, "version": self.version}
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
                                   "info": self.info(), "turn": self.state.turn(),
                                   "to_move": self.to_move(), "chat": self.chat_log.history()}
        if known is not None and 0 <= known <= self.version \
                and self.version - known <= self.limits.catchup_max:
            message.update(mode="moves", since=known,
                           moves=[decode_server(frame) for frame in self.log[known:]])
        else:
            message.update(mode="snapshot", state=self.state.to_dict())
        if not self.live:
            message["ended"] = self.ended_message()
        if self.clock is not None:
            message["clock"] = self.clock.info()
        return message

    def ended_message(self) -> dict:
        return {"type": "ended", "match": self.code, "version": self.version,
                "reason": self.end_reason, "winner": self.seat_name(self.winner),
                "ranking": self.ranking, "resigned": [self.seat_names[i] for i in self.resigned],
                "score": self.state.score(), "rated": self.rated,
                "ratings": None if self.rating_changes is None else
                [{"seat": name} | change for name, change in zip(self.seat_names,
                                                                 self.rating_changes)]}

    # -- rejections -----------------------------------------------------------------------
    def reject(self, conn: Connection, code: str, text: str, rid: int | None, **extra: Any) -> None:
        conn.error(code, text, rid, match=self.code, version=self.version, **extra)

    def ok(self, conn: Connection, request: str, rid: int | None, **extra: Any) -> None:
        """The direct answer to a request whose result is a broadcast (``resign``,
        ``chat``, ``rematch``): a client waiting on its ``rid`` learns it was done."""
        conn.send({"type": "ok", "rid": rid, "request": request, "match": self.code,
                   "version": self.version} | extra)

    def _acting_seat(self, conn: Connection, rid: int | None) -> int | None:
        """The seat ``conn``'s session holds here, or ``None`` after answering not_seated."""
        seat = self.seat_of(conn.session)
        if seat is None:
            self.reject(conn, ErrorCode.NOT_SEATED, "You do not hold a seat in this match "
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
            if self.behind:  # a cluster node that skipped steps nobody here watched
                await self.steps.catch_up()
            seat = self._acting_seat(conn, rid)
            if seat is None:
                return

            def refuse(code: str, text: str, **extra: Any) -> None:
                self.reject(conn, code, text, rid, **extra)
            await self.play(seat, msg, refuse)

    async def play(self, seat: int, msg: dict, refuse: Callable[..., None]) -> bool:
        """Checks 3 to 7 of a move by ``seat`` (who holds it is already checked), then
        store and announce. Call with the lock held. ``refuse(code, text, **extra)``
        answers a refusal. ``True`` if the move was played."""
        mid = msg["mid"]
        applied = self.mids[seat].get(mid)
        if applied is not None:
            refuse(ErrorCode.DUPLICATE_MOVE, f"Move id {mid!r} was already played (it made version "
                   f"{applied}); it is not played twice.", applied_version=applied)
            return False
        if not self.running(refuse, "The match has not started: waiting for players."):
            return False
        if self.state.to_move != seat:
            refuse(ErrorCode.NOT_YOUR_TURN, "You have resigned; the others play on."
                   if seat in self.resigned else f"It is {self.to_move()}'s turn.")
            return False
        if msg["version"] != self.version:
            refuse(ErrorCode.STALE_STATE, f"Your move was made on version {msg['version']}; "
                   f"the match is at version {self.version}.")
            return False
        try:
            move, text = self.moves.read(msg["move"])
        except (GameError, TypeError, KeyError, AttributeError) as exc:  # a game's reader
            refuse(ErrorCode.BAD_MOVE, str(exc) if isinstance(exc, GameError)  # may be less careful
                   else f"{msg['move']!r} is not a {self.spec.title} move")
            return False
        try:  # play checks the move itself (the contract): no separate why_not per move
            state, events = self.state.play(move, seat)
        except GameError as exc:  # IllegalMove says the rule; another GameError is still a refusal
            rejection = getattr(exc, "rejection", None)
            refuse(ErrorCode.ILLEGAL_MOVE, rejection.text if rejection else str(exc),
                   rule=rejection.code if rejection else "illegal")
            return False
        end = self.end_of(state, "finished")
        if self.clock is not None:  # timed: the move is charged, or it came too late
            ticked, late = self.clock.tick(seat, state.to_move, msg.get("lag", 0))
            if late:
                await self.clock.flagged(seat, ticked)
                refuse(ErrorCode.OUT_OF_TIME, "Your time ran out before this move arrived.")
                return False
        try:
            await self.store.add_move(self.record_id, MoveRecord(
                self.version + 1, seat, mid, text,
                clock=None if self.clock is None else ticked.to_dict()), end)
        except StaleVersion:  # another node stored this version first
            if await self.steps.caught_up(refuse, "The move could not be saved"):
                refuse(ErrorCode.STALE_STATE, f"Your move was made on version {msg['version']}; "
                       f"the match is at version {self.version}.")
            return False
        except StoreError as exc:
            log.error("match %s: move not saved: %s", self.code, exc)
            refuse(ErrorCode.SERVER_ERROR, "The move could not be saved, so it was not played. "
                   "Try again later.")
            return False
        if self.clock is not None:
            self.clock.commit(ticked)
        self.steps.accept(seat, mid, state, events, text)
        if end is not None:
            self.end(end)
        else:
            self.computers.wake()
        return True

    def running(self, refuse: Callable[..., None], waiting: str) -> bool:
        """Check 4: the match is running (``waiting`` is the sentence while it waits)."""
        if self.status == WAITING:
            refuse(ErrorCode.NOT_RUNNING, waiting)
            return False
        if not self.live:
            refuse(ErrorCode.GAME_OVER, "The match is over.")
            return False
        return True

    def end_of(self, state: State, reason: str) -> End | None:
        """The match's end if ``state`` is over (what the store is told with the step)."""
        if not state.is_over():
            return None
        ranking = list(state.ranking())
        return End(OVER, reason, winner_of(ranking), ranking)

    def end(self, end: End) -> None:
        self.computers.stop()  # a computer thinking about this match: stop now
        self.computers.release()
        self.absence.close()
        self.status = OVER
        self.end_reason = end.reason
        self.ranking = end.ranking
        self.ended_at = time.monotonic()
        if self.clock is not None:
            self.clock.stop()
        log.info("match %s over: %s, ranking %s", self.code, end.reason, end.ranking)
        if self.on_end is not None:  # archived and rated before 'ended' tells the changes
            self.on_end(self)
        self.broadcast(self.ended_message())
        self.changed()

    async def resign(self, conn: Connection, msg: dict) -> None:
        """``seat`` leaves the game through ``state.resign``: the game says what follows.
        A resignation that ends the match keeps the version (as in protocol 1); one after
        which the others play on is a step of the game: version + 1 and a ``moved`` of
        kind ``resign`` (so catch-up and restarts replay it)."""
        rid = msg.get("rid")
        async with self.lock:
            seat = self._acting_seat(conn, rid)
            if seat is None:
                return

            def refuse(code: str, text: str, **extra: Any) -> None:
                self.reject(conn, code, text, rid, **extra)
            if await self.give_up(seat, refuse):
                self.ok(conn, "resign", rid)

    async def give_up(self, seat: int, refuse: Callable[..., None], reason: str = "resigned",
                      away: bool = False) -> bool:
        """Resign ``seat`` (its player asked, it was abandoned (``away``: not while its
        player is back on another node), or its time ran out: ``reason`` "time"): checked,
        stored, then announced. Call with the lock held. ``True`` if the seat resigned."""
        if not self.running(refuse, "The match has not started; use 'leave' to cancel it."):
            return False
        for _attempt in range(3):  # a resignation holds on any version: lost, try the next
            try:
                state, events = self.state.resign(seat)
            except GameError as exc:  # e.g. this seat has already resigned
                rejection = getattr(exc, "rejection", None)
                refuse(ErrorCode.ILLEGAL_MOVE, rejection.text if rejection else str(exc),
                       rule=rejection.code if rejection else "cannot_resign")
                return False
            end = self.end_of(state, reason)
            step = MoveRecord(self.version + 1, seat, None, "", RESIGN)
            try:
                if away:
                    await self.store.resign_away(self.record_id, step, end,
                                                 self.relay.node if self.relay else "")
                else:
                    await self.store.add_move(self.record_id, step, end)
            except SeatOnline:  # back on another node: its presence event is on its way
                refuse(ErrorCode.SEAT_TAKEN, "The player is back on another node.")
                return False
            except StaleVersion:  # another node stored this version first
                if not await self.steps.caught_up(refuse, "The resignation could not be saved"):
                    return False
                if reason == "time":  # a step came first (the move, or another node's
                    return False      # flag): the clock, now followed, decides again
                continue  # on the next version
            except StoreError as exc:
                log.error("match %s: resignation not saved: %s", self.code, exc)
                break
            self.apply_resign(seat, state, events, end)
            return True
        refuse(ErrorCode.SERVER_ERROR, "The resignation could not be saved.")
        return False

    def apply_resign(self, seat: int, state: State, events: list[dict], end: End | None) -> None:
        self.resigned.append(seat)
        if self.clock is not None:
            self.clock.after_resign(seat, None if end is not None else state.to_move)
        if end is not None:
            self.state = state
            self.end(end)
            return
        self.computers.stop()  # a computer thinking on the old position: think again
        self.steps.accept(seat, None, state, events, None, RESIGN)
        self.changed()
        self.computers.wake()

    def vote_rematch(self, conn: Connection, msg: dict) -> bool | None:
        """Record a rematch offer; ``True`` once every seat has offered (start one),
        ``False`` while others have not, ``None`` after answering a refusal."""
        rid = msg.get("rid")
        seat = self._acting_seat(conn, rid)
        if seat is None:
            return None
        if self.status != OVER:
            self.reject(conn, ErrorCode.NOT_OVER, "A rematch can be offered once the match is over.", rid)
            return None
        if self.rematch_code is not None:
            self.reject(conn, ErrorCode.REMATCH_STARTED, f"The rematch is match {self.rematch_code}.",
                        rid, rematch=self.rematch_code)
            return None
        self.rematch_votes.discard(seat)  # an offer made again is told again
        self.offered([seat] + [i for i, other in enumerate(self.seats)  # computers accept
                               if other is not None and other.computer is not None])
        return len(self.rematch_votes) == len(self.seats) and all(self.seats)

    def offered(self, seats: list[int]) -> None:
        """Rematch offers of ``seats`` (here, or on another node): each new one is told."""
        for seat in seats:
            if seat not in self.rematch_votes and 0 <= seat < len(self.seats):
                self.rematch_votes.add(seat)
                self.broadcast({"type": "rematch_offer", "match": self.code,
                                "seat": self.seat_names[seat], "version": self.version})

    def game_record(self) -> str:
        """The game so far in the game's own record format."""
        return self.spec.write_record(self.state, record_headers(
            self.seat_infos, self.names(), self.resigned, self.code,
            ranking=self.ranking, rated=self.rated,
            clock=None if self.clock is None else self.clock.spec,
            reason=None if self.live else self.end_reason))
