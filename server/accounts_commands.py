"""Names, ratings and the archive on the wire: the ``register``, ``transfer_start``,
``transfer_redeem``, ``leaderboard``, ``profile`` and ``archive`` messages, signing in
with ``hello``'s ``key``, and the hooks that rate a match when it ends.

The lobby owns one :class:`Online` (``lobby.online``) and routes these messages to it;
the matchmaker and the match commands call its hooks when a match is made, a seat is
taken or given back, and the match ends. The work is synchronous
(:class:`server.archive.OnlineStore`), run inline like the match store's; nothing here
runs per move but a timed match's clock save.

The store is SQLite on one server and Redis on a cluster node
(server/cluster/online_store.py, the same methods). A server without accounts
(``accounts=None``: ``--accounts off``) answers these messages ``no_accounts`` and plays
every match unrated; guests play as before everywhere.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Awaitable, Callable, Iterable

from shared.gamekit import GameSpec
from shared.gamekit.levels import level_ratings
from shared.online.clock import ClockError
from shared.online.identity import TRANSFER_MINUTES, new_secret
from shared.online.names import NameProblem
from shared.online.ratings import DISPLAY_BASE, DISPLAY_SCALE, MU, Rating, RatingError, places_with_resignations
from shared.wire import ErrorCode, Scope

from .accounts import AccountError, Player
from .archive import Ending, OnlineStore
from .clocks import MatchClock, parse_clock
from .connection import Connection, Session

if TYPE_CHECKING:
    from .lobby import Lobby
    from .match import Match

log = logging.getLogger("alien_city.server")

PAGE_SIZE = 20      # rows of a leaderboard or archive page
HISTORY_POINTS = 50  # rating history points a profile gives per game and seat count
RECENT_GAMES = 10    # finished matches a profile lists
REGISTER_PER_HOUR = 5  # new names one client address may register in an hour


def level_rating(spec: GameSpec, level: str) -> Rating | None:
    """A computer level's fixed rating in rated matches: its measured figure (the one the
    client shows, "Hard, about 1650") read on the display scale, its 95 % interval as the
    uncertainty; None for a level never measured."""
    found = level_ratings(spec).get(level)
    if found is None:
        return None
    sigma = max((found.high - found.low) / (2 * 1.96) / DISPLAY_SCALE, 1.0)
    return Rating(MU + (found.rating - DISPLAY_BASE) / DISPLAY_SCALE, sigma, found.games)


class Online:
    """Accounts on the wire, and rated matches (see the module's docstring)."""

    def __init__(self, lobby: Lobby, accounts: OnlineStore | None) -> None:
        self.lobby = lobby
        self.accounts = accounts
        self._registered: dict[str, list[float]] = {}  # address -> when it registered names
        self._unsure: set[str] = set()  # matches read before their archive row (recheck)

    def routes(self) -> dict[str, Callable[[Connection, dict], Awaitable[None]]]:
        return {"register": self.register, "transfer_start": self.transfer_start,
                "transfer_redeem": self.transfer_redeem, "leaderboard": self.leaderboard,
                "profile": self.profile, "archive": self.archive}

    # -- refusals --------------------------------------------------------------------------
    def _off(self, conn: Connection, rid: int | None) -> bool:
        if self.accounts is None:
            conn.error(ErrorCode.NO_ACCOUNTS, "This server keeps no names or ratings.", rid)
            return True
        return False

    def _failed(self, conn: Connection, rid: int | None, exc: Exception) -> None:
        """An account error, or the accounts store failing, answered."""
        if isinstance(exc, NameProblem):
            conn.error(exc.code, str(exc), rid)
        elif isinstance(exc, AccountError) and exc.code in ErrorCode.__members__.values():
            conn.error(exc.code, str(exc), rid)
        else:
            log.error("accounts: %s", exc)
            conn.error(ErrorCode.SERVER_ERROR, "The names and ratings cannot be read or "
                       "saved now; try again later.", rid)

    # -- signing in --------------------------------------------------------------------------
    def sign_in(self, conn: Connection, msg: dict) -> tuple[bool, Player | None]:
        """``hello``'s name and key: (go on, the player signed in). A wrong key, or a
        guest taking a registered name (or one like it), is refused and answered."""
        rid = msg.get("rid")
        if self.accounts is None:
            if "key" in msg:
                self._off(conn, rid)
                return False, None
            return True, None
        try:
            if "key" in msg:
                player = self.accounts.authenticate(msg["name"], msg["key"])
                if player is None:
                    conn.error(ErrorCode.SIGN_IN_FAILED, "No player has this name with this "
                               "key (a name moved to another computer needs a transfer "
                               "code).", rid)
                    return False, None
                return True, player
            if self.accounts.find(msg["name"]) is not None:
                conn.error(ErrorCode.NAME_TAKEN, f"{msg['name']!r} is a registered player's "
                           "name (or looks like one): sign in with its key, or choose "
                           "another name.", rid)
                return False, None
        except (AccountError, OSError) as exc:
            self._failed(conn, rid, exc)
            return False, None
        return True, None

    @staticmethod
    def signed_in(session: Session, player: Player) -> None:
        session.player_id = player.id
        session.name = player.name

    # -- names ---------------------------------------------------------------------------
    async def register(self, conn: Connection, msg: dict) -> None:
        if not self._may_register(conn.address):
            conn.error(ErrorCode.RATE_LIMITED, f"At most {REGISTER_PER_HOUR} names are "
                       f"registered from one address in an hour.", msg.get("rid"),
                       scope=Scope.ADDRESS)
            return
        await self._new_key(conn, msg, "registered", lambda accounts, secret: accounts.register(
            msg["name"], secret, time.time()))

    async def transfer_redeem(self, conn: Connection, msg: dict) -> None:
        await self._new_key(conn, msg, "moved here", lambda accounts, secret:
                            accounts.redeem_transfer(msg["name"], msg["code"], secret, time.time()))

    def _may_register(self, address: str) -> bool:
        """Names are free, so one address registering them by the hundred (squatting)
        is held back; this machine is exempt like its other limits (server.netpolicy)."""
        if self.lobby.addresses.exempt(address):
            return True
        now = time.monotonic()
        if len(self._registered) > 10_000:  # forget addresses quiet for an hour
            self._registered = {a: ts for a, ts in self._registered.items() if now - ts[-1] < 3600}
        recent = [t for t in self._registered.get(address, []) if now - t < 3600]
        if len(recent) >= REGISTER_PER_HOUR:
            self._registered[address] = recent
            return False
        self._registered[address] = recent + [now]
        return True

    async def _new_key(self, conn: Connection, msg: dict, what: str,
                       make: Callable[[OnlineStore, str], Player]) -> None:
        """A name registered or moved here: a fresh key, sent once; the session is
        signed in as that player."""
        rid = msg.get("rid")
        if self._off(conn, rid):
            return
        assert self.accounts is not None and conn.session is not None
        secret = new_secret()
        try:
            player = make(self.accounts, secret)
        except (NameProblem, AccountError) as exc:
            self._failed(conn, rid, exc)
            return
        self.signed_in(conn.session, player)
        log.info("name %s %s (%s)", player.name, what, conn.label)
        conn.send({"type": "registered", "rid": rid, "name": player.name, "key": secret})

    async def transfer_start(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        if self._off(conn, rid):
            return
        assert self.accounts is not None and conn.session is not None
        if conn.session.player_id is None:
            conn.error(ErrorCode.NOT_SIGNED_IN, "Sign in with your name's key first: only "
                       "its holder can move a name.", rid)
            return
        try:
            code = self.accounts.start_transfer(conn.session.player_id, time.time())
        except AccountError as exc:
            self._failed(conn, rid, exc)
            return
        conn.send({"type": "transfer", "rid": rid, "code": code,
                   "expires_in": TRANSFER_MINUTES * 60})

    # -- queries -------------------------------------------------------------------------
    async def leaderboard(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        if self._off(conn, rid):
            return
        assert self.accounts is not None
        spec = self.lobby.games.get(msg["game"]) if msg["game"] in self.lobby.games else None
        if spec is None:
            conn.error(ErrorCode.BAD_OPTIONS, f"This server has no game {msg['game'][:32]!r}.", rid)
            return
        seats = msg.get("seats") or len(spec.seats(spec.options(None)))
        page = msg.get("page", 0)
        try:
            rows, more = self.accounts.leaderboard_page(spec.id, seats, page, PAGE_SIZE,
                                                        msg.get("provisional", False))
        except AccountError as exc:
            self._failed(conn, rid, exc)
            return
        conn.send({"type": "leaderboard", "rid": rid, "game": spec.id, "seats": seats,
                   "page": page, "rows": rows, "more": more})

    async def profile(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        if self._off(conn, rid):
            return
        assert self.accounts is not None
        try:
            player = self.accounts.find(msg["name"]) if msg["name"] else None
            if player is None:
                conn.error(ErrorCode.UNKNOWN_PLAYER, f"No player is named {msg['name'][:24]!r}.",
                           rid)
                return
            data = self.accounts.profile(player, HISTORY_POINTS, RECENT_GAMES)
        except AccountError as exc:
            self._failed(conn, rid, exc)
            return
        conn.send({"type": "profile", "rid": rid} | data)

    async def archive(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        if self._off(conn, rid):
            return
        assert self.accounts is not None
        page = msg.get("page", 0)
        try:
            player = None
            if "player" in msg:
                player = self.accounts.find(msg["player"]) if msg["player"] else None
                if player is None:
                    conn.error(ErrorCode.UNKNOWN_PLAYER,
                               f"No player is named {msg['player'][:24]!r}.", rid)
                    return
            rows, more = self.accounts.archive_page(page, PAGE_SIZE,
                                                    player.id if player else None, msg.get("game"))
        except AccountError as exc:
            self._failed(conn, rid, exc)
            return
        conn.send({"type": "archive", "rid": rid, "page": page, "player": msg.get("player"),
                   "game": msg.get("game"), "matches": rows, "more": more})

    # -- rated matches: checks -------------------------------------------------------------
    def may_rate(self, conn: Connection, msg: dict, spec: GameSpec,
                 computers: Iterable[str] = ()) -> bool:
        """``create``/``quick`` with ``rated: true``: a signed-in player, and computer
        seats only of levels whose strength is measured (shared/gamekit/levels.py)."""
        if not msg.get("rated"):
            return True
        rid = msg.get("rid")
        if self._off(conn, rid):
            return False
        if conn.session is None or conn.session.player_id is None:
            conn.error(ErrorCode.NOT_SIGNED_IN, "Only signed-in players play rated matches.", rid)
            return False
        unmeasured = sorted({level for level in computers if level_rating(spec, level) is None})
        if unmeasured:
            conn.error(ErrorCode.BAD_OPTIONS, f"A rated match against the computer needs a "
                       f"measured level; {spec.title} has no rating for {', '.join(unmeasured)}.",
                       rid)
            return False
        return True

    def clock_of(self, conn: Connection, msg: dict, seats: int) -> str | None | bool:
        """``create``/``quick``'s ``clock`` as its canonical text (None: untimed); False
        after answering why it cannot be (a clock the server cannot read or keep)."""
        if "clock" not in msg:
            return None
        rid = msg.get("rid")
        if self.accounts is None:
            conn.error(ErrorCode.BAD_OPTIONS, "This server does not time matches (clocks are "
                       "kept beside the names and ratings, which it has none of).", rid)
            return False
        try:
            return parse_clock(msg["clock"], seats)
        except ClockError as exc:
            conn.error(ErrorCode.BAD_OPTIONS, str(exc), rid)
            return False

    def recheck(self, match: Match) -> None:
        """A match this cluster node read before its archive row existed (a public match
        listed the instant it was made on another node): read its rated flag, players
        and clock again before anyone sits or it starts."""
        if match.code in self._unsure:
            self._unsure.discard(match.code)
            self.restore(match)

    def may_sit(self, match: Match, session: Session) -> str | None:
        """Why ``session`` may not take a seat of ``match`` (None: it may)."""
        self.recheck(match)
        if not match.rated:
            return None
        if session.player_id is None:
            return ErrorCode.NOT_SIGNED_IN
        if session.player_id in self._players(match).values():
            return ErrorCode.SEAT_UNAVAILABLE
        return None

    def _players(self, match: Match) -> dict[int, int]:
        """The registered player at each seat; on a cluster node read from the store, as
        seats taken on other nodes reach this node's copy without their players."""
        if self.lobby.relay is not None and self.accounts is not None:
            try:
                known = self.accounts.seat_players(match.code)
            except AccountError as exc:
                log.error("match %s: archive not read: %s", match.code, exc)
            else:
                if known is not None:
                    match.players = known[1]
        return match.players

    # -- rated matches: hooks --------------------------------------------------------------
    def opened(self, match: Match) -> None:
        """A match was made and stored: its archive row and registered seats."""
        for seat, holder in enumerate(match.seats):
            if holder is not None and holder.session is not None \
                    and holder.session.player_id is not None:
                match.players[seat] = holder.session.player_id
        old = self.lobby.matches.get(match.rematch_of) if match.rematch_of else None
        if old is not None:  # a rematch: everyone moved on one seat (match_commands.rematch),
            for seat, player in self._players(old).items():  # signed in now or not (a restart)
                match.players.setdefault((seat + 1) % len(old.seats), player)
        people = sum(1 for s in match.seats if s is not None and s.computer is None)
        if match.rated and len(match.players) != people:
            match.rated = False  # (a rematch of someone no longer signed in)
        clock = match.clock
        if clock is not None:  # before the archive row: a node that reads the row (the
            # match listed there the instant it was made here) then finds its clock too
            self._write(match, lambda a: a.timed(match.code, clock.spec))
        self._write(match, lambda a: a.opened(match.code, match.spec.id, len(match.seats),
                                              match.rated, match.public, match.players,
                                              time.time()))
        if clock is not None and self.accounts is not None:
            clock.save = self._save_clock
            if match.status == "playing":
                clock.begin()

    def _save_clock(self, code: str, version: int, data: dict[str, object]) -> None:
        try:
            if self.accounts is not None:
                self.accounts.save_clock(code, version, data)
        except Exception as exc:  # noqa: BLE001 - the match goes on; a restart loses this step
            log.error("match %s: clock not saved: %s", code, exc)

    def seated(self, match: Match, seat: int, session: Session) -> None:
        if match.clock is not None and match.status == "playing":
            match.clock.begin()
        if session.player_id is not None:
            match.players[seat] = session.player_id
            self._write(match, lambda a: a.seated(match.code, seat, session.player_id))

    def freed(self, match: Match, seat: int) -> None:
        if match.players.pop(seat, None) is not None:
            self._write(match, lambda a: a.freed(match.code, seat))

    def dropped(self, match: Match) -> None:
        self._write(match, lambda a: a.dropped(match.code))

    def _write(self, match: Match, write: Callable[[OnlineStore], None]) -> None:
        if self.accounts is None:
            return
        try:
            write(self.accounts)
        except AccountError as exc:  # the match goes on; only its archive row suffers
            log.error("match %s: archive not saved: %s", match.code, exc)

    def restore(self, match: Match) -> None:
        """A match rebuilt from the store: its rated flag and registered seats."""
        if self.accounts is None:
            return
        try:
            known = self.accounts.seat_players(match.code)
        except AccountError as exc:
            log.error("match %s: archive not read: %s", match.code, exc)
            return
        if known is not None:
            match.rated, match.players, match.rating_changes = known
        elif match.live and self.lobby.relay is not None:  # a cluster node may read a new
            self._unsure.add(match.code)  # match before its creator wrote its row: recheck
        try:
            saved = self.accounts.clock(match.code)
            step = match.step_clock
            if saved is not None and step is not None and step[0] > saved[1]:
                saved = (saved[0], *step)  # a move's clock is kept with its step, not apart
            if saved is not None:
                match.clock = MatchClock.restored(match, *saved)
                match.clock.save = self._save_clock
                if match.live:
                    match.clock.arm()
        except (ClockError, ValueError, AccountError) as exc:
            log.error("match %s: its clock cannot be restored: %s", match.code, exc)

    def ended(self, match: Match) -> None:
        """The match is over: archive it and rate it (before ``ended`` is announced,
        which carries the changes)."""
        if self.accounts is None:
            return
        ranking = list(match.ranking or [])
        try:
            places = places_with_resignations(ranking, match.resigned) if ranking else ()
            fixed = {seat: rating for seat, s in enumerate(match.seats)
                     if s is not None and s.computer is not None
                     and (rating := level_rating(match.spec, s.computer)) is not None}
            ending = Ending(match.names(), ranking, match.resigned, match.end_reason, places,
                            fixed)
            match.rating_changes = self.accounts.finish(match.code, ending, time.time())
        except (AccountError, RatingError) as exc:
            log.error("match %s: not archived or rated: %s", match.code, exc)

    async def recover(self) -> int:
        """At start-up: matches the store has as over but the archive as still playing
        (the server stopped between the two) are archived and rated now; cancelled ones
        are dropped. How many were finished."""
        if self.accounts is None:
            return 0
        finished = 0
        for code in self.accounts.unfinished():
            if code in self.lobby.matches:
                continue
            match = await self.lobby.load(code)
            if match is None:  # not in the store (a game no longer served): never archived
                self.accounts.dropped(code)
                continue
            if match.status == "over":
                self.ended(match)
                finished += 1
            elif not match.live:
                self.accounts.dropped(code)
            self.lobby.forget(match)
        return finished
