"""Making matches: create with a game, options, a seat choice and computer seats; quick
match queues per game and options; room codes.

Split from the lobby so each stays small; the :class:`~server.lobby.Lobby` owns one
:class:`Matchmaker` and hands it the ``create``, ``quick`` and ``quick_cancel`` messages.

Quick match rule (also in docs/protocol.md): a request names a game and, optionally, its
options; the options fix the seat count (``players`` for multi-seat games). A request
without options takes any options of that game. When a request arrives the server looks,
oldest first, at the option sets of the waiting requests for that game (then at the
game's defaults); the first set for which enough compatible requests wait (this one
included, one per session) to fill every seat opens a match, with the oldest requests.
Otherwise the request waits (``queued``) until it is cancelled or its connection closes.

Rated requests also look at ratings: two meet only when their ratings in the game's pool
(for the seat count asked, else the game's default) are within both requests' windows:
``RANGE_START`` display points at first, ``RANGE_STEP`` more for every ``RANGE_EVERY_S``
seconds waited, any rating after ``RANGE_OPEN_S``. While rated requests wait, the server
looks again every ``RANGE_EVERY_S`` seconds (``widen``), so a lonely strong player still
gets a game. Why: close ratings make fair games, and a short wait matters more than a
perfect match.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from shared.gamekit import BadOptions, GameSpec, Registry, UnknownGame
from shared.wire import ErrorCode, Scope

from .clocks import MatchClock
from .computer import ComputerPool
from .connection import Connection, Limits, Session, new_token, token_hash
from .game import match_setup
from .match import PLAYING, Match, Seat
from .netpolicy import AddressLimits
from .store import CodeTaken, MatchRecord, Store, StoreError

log = logging.getLogger("alien_city.server")

# Room codes people can read out loud: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V.
CODE_ALPHABET = "ACDEFHJKMNPQRTWXY3479"
CODE_LENGTH = 6
DEFAULT_GAME = "alien-city"  # what a protocol-1 client's create/quick without 'game' means
RANGE_START = 200.0  # display points either side that a rated quick request accepts at first
RANGE_STEP = 100.0   # added for every RANGE_EVERY_S seconds of waiting
RANGE_EVERY_S = 15.0
RANGE_OPEN_S = 90.0  # after this long, any rating


def rating_window(waited: float) -> float:
    """How far (display points) a rated request's rating may be from another's after
    waiting ``waited`` seconds."""
    if waited >= RANGE_OPEN_S:
        return math.inf
    return RANGE_START + RANGE_STEP * (max(0.0, waited) // RANGE_EVERY_S)


@dataclass
class QuickEntry:
    conn: Connection
    game: str
    options: dict | None  # None: any options of the game
    rated: bool = False   # rated requests meet rated ones only
    clock: str | None = None  # and timed ones the same time control
    rating: float | None = None  # rated: the player's display rating in the pool asked for
    since: float = 0.0  # when it was asked (monotonic): its rating window widens


class Matchmaker:
    """Creates matches (stored before anyone hears of them) and groups quick-match players."""

    def __init__(self, store: Store, limits: Limits, games: Registry,
                 matches: dict[str, Match], notify: Callable[[Match], None],
                 computers: ComputerPool | None = None,
                 addresses: AddressLimits | None = None) -> None:
        self.store = store
        self.addresses = addresses if addresses is not None else AddressLimits(limits)
        self.computers = computers
        self.limits = limits
        self.games = games
        self.default_game = DEFAULT_GAME if DEFAULT_GAME in games else games.ids()[0]
        self.matches = matches
        self.notify = notify
        self.queue: list[QuickEntry] = []
        self.relay = None  # a cluster node's link to the others (set with Lobby.relay)
        self.shared = None  # a cluster node's queue in Redis (server.cluster.queue)
        self.cluster_limits = None  # a cluster's match counts (server.cluster.limits)
        self.online: Any = None  # names and ratings (server.accounts_commands.Online)
        self._widen_timer: asyncio.TimerHandle | None = None

    def drop(self, conn: Connection) -> None:
        """A closed connection leaves the quick-match queue."""
        self.queue = [e for e in self.queue if e.conn is not conn]
        if self.shared is not None:
            self.shared.drop(conn)

    def _game(self, conn: Connection, msg: dict) -> tuple[GameSpec, dict] | None:
        """The game and validated options a message asks for, or answer ``bad_options``."""
        try:
            spec = self.games.get(msg.get("game", self.default_game))
            return spec, match_setup(spec, msg.get("options"))[0]
        except (UnknownGame, BadOptions) as exc:
            conn.error(ErrorCode.BAD_OPTIONS, str(exc), msg.get("rid"))
            return None

    def _may_create(self, conn: Connection, rid: int | None) -> bool:
        mine = sum(1 for code in conn.created if (m := self.matches.get(code)) and m.live)
        if mine >= self.limits.max_created:
            conn.error(ErrorCode.TOO_MANY_MATCHES, f"You already have {mine} unfinished matches; "
                       "finish or leave one first.", rid)
            return False
        def live(code: str) -> bool:
            return (m := self.matches.get(code)) is not None and m.live
        from_here = self.addresses.created_live(conn.address, live)
        if from_here >= self.limits.ip_created:
            conn.error(ErrorCode.TOO_MANY_MATCHES, f"{from_here} unfinished matches were created from "
                       f"{conn.address}; finish or leave one first.", rid, scope=Scope.ADDRESS)
            return False
        if sum(1 for m in self.matches.values() if m.live) >= self.limits.max_matches:
            conn.error(ErrorCode.SERVER_FULL, "The server has too many matches; try again later.", rid)
            return False
        return True

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.matches:
                return code

    async def open_match(self, spec: GameSpec, options: dict, public: bool,
                         players: list[tuple[Session, int]], rematch_of: str | None = None,
                         computers: dict[int, str] | None = None,
                         given: dict[int, str] | None = None,
                         insert: Callable[[MatchRecord], Awaitable[int]] | None = None,
                         rated: bool = False, clock: str | None = None
                         ) -> tuple[Match, dict[int, str]]:
        """Make, store and register a match with ``players`` seated and ``computers``
        (seat -> level) holding the seats they name. Returns the players' seat tokens,
        except for the seats in ``given`` (seat -> the hash of a token made elsewhere:
        a cluster's queued players). ``insert`` stores the record (default the store's
        ``insert_match``). ``rated``: rated if every seat is a signed-in player; ``clock``: a
        time control (server/clocks.py). The
        caller calls ``match.computers.wake()`` once the players have been told."""
        tokens: dict[int, str] = {}
        for _attempt in range(8):
            match = Match(code=self._new_code(), spec=spec, options=options,
                          seed=secrets.randbelow(2**53), public=public, store=self.store,
                          limits=self.limits, notify=self.notify, rematch_of=rematch_of,
                          computers=self.computers, relay=self.relay)
            for session, seat in players:
                if given and seat in given:
                    match.seats[seat] = Seat(session.name, given[seat], session)
                    continue
                tokens[seat] = new_token()
                match.seats[seat] = Seat(session.name, token_hash(tokens[seat]), session)
            for seat, level in (computers or {}).items():  # the token is never given out
                match.seats[seat] = Seat(spec.computer_name(level), token_hash(new_token()),
                                         None, computer=level)
            if all(match.seats):
                match.status = PLAYING
            match.rated = rated
            if clock is not None:
                match.clock = MatchClock(match, clock)
            if self.online is not None:
                match.on_end = self.online.ended
            try:
                match.record_id = await (insert or self.store.insert_match)(match.record())
                break
            except CodeTaken:  # a finished match in the store has it: draw again
                continue
        else:
            raise StoreError("no free room code found")
        self.matches[match.code] = match
        if self.online is not None:
            self.online.opened(match)  # its archive row and registered players
        for session, seat in players:
            session.seats[match.code] = seat
        against = ", ".join(f"computer {level} as {match.seat_names[seat]}"
                            for seat, level in (computers or {}).items())
        log.info("match %s created (%s %s, %s, %s%s)", match.code, spec.id,
                 spec.describe(options), "public" if public else "private", match.status,
                 f", {against}" if against else "")
        return match, tokens

    def _computer_seats(self, conn: Connection, msg: dict, spec: GameSpec, names: tuple[str, ...],
                        mine: int) -> dict[int, str] | None:
        """``computers: {seat: level}`` (or protocol 1's ``computer: level``: every other
        seat) as seat index -> level; ``None`` after answering a refusal."""
        rid = msg.get("rid")
        if "computer" in msg and "computers" in msg:
            conn.error(ErrorCode.BAD_MESSAGE, "Give 'computer' (every other seat) or 'computers' "
                       "(seat -> level), not both.", rid)
            return None
        if "computer" in msg:
            wanted = {name: msg["computer"] for i, name in enumerate(names) if i != mine}
        else:
            wanted = dict(msg.get("computers") or {})
        levels = tuple(spec.computer_levels) if self.computers is not None else ()
        seats: dict[int, str] = {}
        for name, level in wanted.items():
            if not isinstance(level, str) or not 1 <= len(level) <= 16:
                conn.error(ErrorCode.BAD_MESSAGE, "a computer level is text of 1 to 16 characters", rid)
                return None
            if level not in levels:
                have = f"its levels are {', '.join(levels)}" if levels \
                    else "this server has no computer players for it"
                conn.error(ErrorCode.BAD_OPTIONS, f"There is no computer player {level[:16]!r} for "
                           f"{spec.title}; {have}.", rid)
                return None
            if name not in names or names.index(name) == mine:
                conn.error(ErrorCode.BAD_OPTIONS, f"'computers' names seat {name[:16]!r}: the seats "
                           f"you may give a computer are {', '.join(n for i, n in enumerate(names) if i != mine)}.",
                           rid)
                return None
            seats[names.index(name)] = level
        return seats

    async def create(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        game = self._game(conn, msg)
        if game is None:
            return
        opened = await self._checked_create(conn, msg, rid, game)
        if opened is not None:
            match, seat, token = opened
            match.welcome(conn, seat, token, rid, created=True)
            match.computers.wake()

    async def _checked_create(self, conn: Connection, msg: dict, rid: int | None,
                              game: tuple[GameSpec, dict]) -> tuple[Match, int, str] | None:
        """The limits checked (this node's, then the cluster's), the match opened. Alone
        a node cannot race itself (its store does not yield between check and insert);
        in a cluster the check reserves the place in Redis until the match is stored."""
        if not self._may_create(conn, rid):
            return None
        limits = self.cluster_limits
        if limits is None:
            return await self._open_created(conn, msg, rid, game)
        reservation = await limits.reserve(conn, rid)
        if reservation is None:
            return None
        opened = None
        try:
            opened = await self._open_created(conn, msg, rid, game)
        finally:
            # Settled before the answer: the creator's next request, on any node, sees it.
            await limits.settle(conn, reservation, opened and opened[0].record_id)
        return opened

    async def _open_created(self, conn: Connection, msg: dict, rid: int | None,
                            game: tuple[GameSpec, dict]) -> tuple[Match, int, str] | None:
        """The match ``msg`` asks for, the creator's seat and token; ``None`` after
        answering why not."""
        spec, options = game
        names = tuple(seat.name for seat in spec.seats(options))
        choice = msg.get("seat", "random")
        if choice == "random":
            seat = secrets.randbelow(len(names))
        elif choice in names:
            seat = names.index(choice)
        else:
            conn.error(ErrorCode.SEAT_UNAVAILABLE, f"{spec.title} has no seat {choice!r} with these "
                       f"options; its seats are {', '.join(names)} (or random).", rid)
            return None
        computers = self._computer_seats(conn, msg, spec, names, seat)
        if computers is None or not self.online.may_rate(conn, msg, spec, computers.values()):
            return None
        clock = self.online.clock_of(conn, msg, len(names))
        if clock is False:
            return None
        try:
            match, tokens = await self.open_match(spec, options, msg.get("public", True),
                                                  [(conn.session, seat)], computers=computers,
                                                  rated=msg.get("rated", False), clock=clock)
        except StoreError as exc:
            log.error("create failed: %s", exc)
            conn.error(ErrorCode.SERVER_ERROR, "The match could not be saved; try again later.", rid)
            return None
        conn.created.add(match.code)
        self.addresses.add_created(conn.address, match.code)
        return match, seat, tokens[seat]

    def _group(self, spec: GameSpec, mine: QuickEntry,
               now: float) -> tuple[dict, list[QuickEntry]] | None:
        """Options and the waiting requests (oldest first) that, with ``mine``, fill every
        seat of a match; ``None`` when no option set has enough players yet. Rated
        requests meet rated ones, one per registered player, within their rating windows;
        timed ones the same clock."""
        waiting = [e for e in self.queue if e is not mine and e.game == spec.id
                   and e.rated == mine.rated and e.clock == mine.clock]

        def who(c: Connection) -> str:
            return f"player {c.session.player_id}" if mine.rated else c.session.token_hash

        def close(a: QuickEntry, b: QuickEntry) -> bool:
            if a.rating is None or b.rating is None:
                return True
            reach = min(rating_window(now - a.since), rating_window(now - b.since))
            return abs(a.rating - b.rating) <= reach

        def fits(i: int, group: list[int]) -> bool:
            return close(mine, waiting[i]) and all(close(waiting[i], waiting[j]) for j in group)

        found = find_group(spec, who(mine.conn), mine.options, [(who(e.conn), e.options) for e in waiting],
                           fits if mine.rated else None)
        return None if found is None else (found[0], [waiting[i] for i in found[1]])

    def _rating_of(self, conn: Connection, spec: GameSpec, wanted: dict | None) -> float | None:
        """The signed-in player's display rating in the pool a rated request asks for."""
        accounts = getattr(self.online, "accounts", None)
        if accounts is None or conn.session.player_id is None:
            return None
        seats = len(spec.seats(wanted if wanted is not None else spec.options({})))
        return float(accounts.rating(conn.session.player_id, spec.id, seats).display())

    async def quick(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        game = self._game(conn, msg)
        if game is None:
            return
        spec, options = game
        wanted = options if msg.get("options") else None
        rated = msg.get("rated", False)
        if not self.online.may_rate(conn, msg, spec):
            return
        clock = self.online.clock_of(conn, msg, len(spec.seats(options)))
        if clock is False:
            return
        if self.shared is not None:  # a cluster: one queue in Redis for every node
            await self.shared.quick(conn, rid, spec, wanted)
            return
        self.queue = [e for e in self.queue if e.conn is not conn and e.conn.open]
        mine = QuickEntry(conn, spec.id, wanted, rated, clock,
                          self._rating_of(conn, spec, wanted) if rated else None, time.monotonic())
        found = self._group(spec, mine, mine.since)
        if found is None:
            self.queue.append(mine)
            needed = len(spec.seats(wanted)) if wanted is not None else None
            conn.send({"type": "queued", "rid": rid, "game": spec.id, "options": wanted,
                       "players": needed, "rated": rated, "clock": clock})
            if rated:
                self._schedule_widen()
            return
        await self._open_quick(spec, mine, found, rid)

    async def _open_quick(self, spec: GameSpec, mine: QuickEntry, found: tuple[dict, list[QuickEntry]],
                          rid: int | None) -> None:
        """Open the match of ``mine`` and the waiting requests found for it."""
        options, group = found
        for entry in group:
            self.queue.remove(entry)
        conn = mine.conn
        conns = [entry.conn for entry in group] + [conn]
        order = list(range(len(conns)))
        secrets.SystemRandom().shuffle(order)  # seats drawn at random
        seated = list(zip(conns, order))
        try:
            match, tokens = await self.open_match(spec, options, True,
                                                  [(c.session, s) for c, s in seated],
                                                  rated=mine.rated, clock=mine.clock)
        except StoreError as exc:
            log.error("quick match failed: %s", exc)
            for c, _ in seated:
                c.error(ErrorCode.SERVER_ERROR, "The match could not be saved; ask again.",
                        rid if c is conn else None)
            return
        for c, s in seated:
            match.welcome(c, s, tokens[s], rid if c is conn else None)

    async def widen(self, now: float | None = None) -> int:
        """Look again at the waiting rated requests (their windows grew): open every match
        that fits now, oldest request first; how many opened."""
        now = time.monotonic() if now is None else now
        opened = 0
        for entry in list(self.queue):
            if entry not in self.queue or not entry.rated or not entry.conn.open:
                continue
            spec = self.games.get(entry.game)
            found = self._group(spec, entry, now)
            if found is not None:
                self.queue.remove(entry)
                await self._open_quick(spec, entry, found, None)
                opened += 1
        return opened

    def _schedule_widen(self) -> None:
        if self._widen_timer is None:
            self._widen_timer = asyncio.get_running_loop().call_later(RANGE_EVERY_S, self._widen_due)

    def _widen_due(self) -> None:
        self._widen_timer = None

        def done(task: asyncio.Task) -> None:
            if not task.cancelled() and task.exception() is not None:
                log.error("looking again at rated quick requests failed: %s", task.exception())
            if any(e.rated and e.conn.open for e in self.queue):
                self._schedule_widen()
        asyncio.ensure_future(self.widen()).add_done_callback(done)

    async def quick_cancel(self, conn: Connection, msg: dict) -> None:
        if self.shared is not None:
            was_queued = await self.shared.cancel(conn)
        else:
            before = len(self.queue)
            self.drop(conn)
            was_queued = len(self.queue) < before
        conn.send({"type": "quick_cancelled", "rid": msg.get("rid"), "was_queued": was_queued})


def find_group(spec: GameSpec, me: str, wanted: dict | None,
               waiting: list[tuple[str, dict | None]],
               fits: Callable[[int, list[int]], bool] | None = None) -> tuple[dict, list[int]] | None:
    """The quick-match rule (module docstring), for one server's queue and a cluster's:
    ``me`` is the asking session's key, ``wanted`` its options (``None``: any),
    ``waiting`` the (session key, options or ``None``) of the waiting requests of the
    game, oldest first. Returns the options and the indices in ``waiting`` of the
    oldest requests that, with this one, fill every seat; ``None`` if none do yet.
    ``fits(i, group)``: may request ``i`` join those already chosen (rating windows)."""
    others = [i for i, (who, _) in enumerate(waiting) if who != me]
    candidates = [wanted] if wanted is not None else \
        [waiting[i][1] for i in others if waiting[i][1] is not None] + [spec.options({})]
    for options in candidates:
        needed = len(spec.seats(options))
        group, sessions = [], {me}
        for i in others:
            who, their = waiting[i]
            if their in (None, options) and who not in sessions and (fits is None or fits(i, group)):
                group.append(i)
                sessions.add(who)
        if len(group) + 1 >= needed:
            return options, group[:needed - 1]
    return None
