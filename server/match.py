"""The authoritative match: seats, audience, versions, and the only place moves are accepted.

``submit`` checks a move in a fixed order (known session, seated, duplicate move id,
match running, your turn, state version current, engine legal), writes it to the store,
and only then announces it. Every rejection is answered with a code, a sentence and the
current version. The rules themselves stay behind :mod:`server.game`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any, Callable

from websockets.asyncio.server import broadcast

from .connection import Connection, Limits, Session
from .game import BadMove, Game, GameRules
from .protocol import encode
from .store import MatchRecord, MoveRecord, SeatRecord, Store, StoreError

log = logging.getLogger("alien_city.server")

WAITING, PLAYING, OVER, CANCELLED = "waiting", "playing", "over", "cancelled"


class Seat:
    """A seat taken by a player: the name shown, the token's hash, who holds it now."""

    __slots__ = ("name", "token_hash", "session")

    def __init__(self, name: str, token_hash: str, session: Session | None) -> None:
        self.name = name
        self.token_hash = token_hash
        self.session = session

    def record(self) -> SeatRecord:
        return SeatRecord(self.name, self.token_hash, self.session.token_hash if self.session else "")


class Match:
    """One game between two seats, watched by any number of spectators."""

    def __init__(self, *, code: str, rules: GameRules, options: dict, seed: int, public: bool,
                 store: Store, limits: Limits, notify: Callable[["Match"], None],
                 rematch_of: str | None = None) -> None:
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
                         "online": self.online(i)}
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
            mid = msg["mid"]
            applied = self.mids[seat].get(mid)
            if applied is not None:
                self.reject(conn, "duplicate_move", f"Move id {mid!r} was already played "
                            f"(it made version {applied}); it is not played twice.", rid,
                            applied_version=applied)
                return
            if self.status == WAITING:
                self.reject(conn, "not_running", "The match has not started: waiting for "
                            "an opponent.", rid)
                return
            if not self.live:
                self.reject(conn, "game_over", "The match is over.", rid)
                return
            if self.game.to_move() != seat:
                self.reject(conn, "not_your_turn", f"It is {self._seat_name(self.game.to_move())}'s "
                            "turn.", rid)
                return
            if msg["version"] != self.version:
                self.reject(conn, "stale_state", f"Your move was made on version {msg['version']}; "
                            f"the match is at version {self.version}.", rid)
                return
            try:
                move = self.game.parse_move(msg["move"])
            except BadMove as exc:
                self.reject(conn, "bad_move", str(exc), rid)
                return
            problem = self.game.check(move, seat)
            if problem is not None:
                self.reject(conn, "illegal_move", problem[1], rid, rule=problem[0])
                return
            game, events, text = self.game.play(move, seat)
            version = self.version + 1
            end = (OVER, "finished", game.winner()) if game.is_over() else None
            try:
                await self.store.add_move(self.record_id, MoveRecord(version, seat, mid, text), end)
            except StoreError as exc:
                log.error("match %s: move not saved: %s", self.code, exc)
                self.reject(conn, "server_error", "The move could not be saved, so it was not "
                            "played. Try again later.", rid)
                return
            self._accept(seat, mid, game, events, text)
            if end is not None:
                self._end("finished", end[2])

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

    # -- restoring ------------------------------------------------------------------------
    def replay(self, moves: list[MoveRecord]) -> None:
        """Rebuild the position and the catch-up log from stored moves, on the engine."""
        for m in moves:
            if m.version != self.version + 1:
                raise ValueError(f"move versions jump from {self.version} to {m.version}")
            game, events, text = self.game.play(self.game.parse_move(m.move), m.seat)
            self._accept(m.seat, m.mid, game, events, text)
