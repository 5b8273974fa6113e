"""Making matches: create with options, seat choice and an optional computer opponent,
quick match pairing, room codes.

Split from the lobby so each stays small; the :class:`~server.lobby.Lobby` owns one
:class:`Matchmaker` and hands it the ``create``, ``quick`` and ``quick_cancel`` messages.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass
from typing import Callable

from .computer import ComputerPool
from .connection import Connection, Limits, Session, new_token, token_hash
from .game import BadOptions, GameRules
from .match import PLAYING, Match, Seat
from .store import CodeTaken, Store, StoreError

log = logging.getLogger("alien_city.server")

# Room codes people can read out loud: no 0/O, 1/I/L, 2/Z, 5/S, 8/B, 6/G, U/V.
CODE_ALPHABET = "ACDEFHJKMNPQRTWXY3479"
CODE_LENGTH = 6


@dataclass
class QuickEntry:
    conn: Connection
    game: str
    options: dict | None  # None: any rules


class Matchmaker:
    """Creates matches (stored before anyone hears of them) and pairs quick-match players."""

    def __init__(self, store: Store, limits: Limits, rules: dict[str, GameRules],
                 matches: dict[str, Match], notify: Callable[[Match], None],
                 computers: ComputerPool | None = None) -> None:
        self.store = store
        self.computers = computers
        self.limits = limits
        self.rules = rules
        self.default_game = next(iter(rules))
        self.matches = matches
        self.notify = notify
        self.queue: list[QuickEntry] = []

    def drop(self, conn: Connection) -> None:
        """A closed connection leaves the quick-match queue."""
        self.queue = [e for e in self.queue if e.conn is not conn]

    def _game(self, conn: Connection, msg: dict) -> tuple[GameRules, dict] | None:
        kind = msg.get("game", self.default_game)
        rules = self.rules.get(kind)
        if rules is None:
            conn.error("bad_options", f"This server has no game {kind!r}; it has "
                       f"{', '.join(sorted(self.rules))}.", msg.get("rid"))
            return None
        try:
            return rules, rules.options(msg.get("options"))
        except BadOptions as exc:
            conn.error("bad_options", str(exc), msg.get("rid"))
            return None

    def _may_create(self, conn: Connection, rid: int | None) -> bool:
        mine = sum(1 for code in conn.created if (m := self.matches.get(code)) and m.live)
        if mine >= self.limits.max_created:
            conn.error("too_many_matches", f"You already have {mine} unfinished matches; "
                       "finish or leave one first.", rid)
            return False
        if sum(1 for m in self.matches.values() if m.live) >= self.limits.max_matches:
            conn.error("server_full", "The server has too many matches; try again later.", rid)
            return False
        return True

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.matches:
                return code

    async def open_match(self, rules: GameRules, options: dict, public: bool,
                         players: list[tuple[Session, int]], rematch_of: str | None = None,
                         computers: dict[int, str] | None = None
                         ) -> tuple[Match, dict[int, str]]:
        """Make, store and register a match with ``players`` seated and ``computers``
        (seat -> level) holding the seats they name. Returns the players' seat tokens.
        The caller calls ``match.wake()`` once the players have been told."""
        tokens: dict[int, str] = {}
        for _attempt in range(8):
            match = Match(code=self._new_code(), rules=rules, options=options,
                          seed=secrets.randbelow(2**53), public=public, store=self.store,
                          limits=self.limits, notify=self.notify, rematch_of=rematch_of,
                          computers=self.computers)
            for session, seat in players:
                tokens[seat] = new_token()
                match.seats[seat] = Seat(session.name, token_hash(tokens[seat]), session)
            for seat, level in (computers or {}).items():  # the token is never given out
                match.seats[seat] = Seat(rules.computer_name(level), token_hash(new_token()),
                                         None, computer=level)
            if all(match.seats):
                match.status = PLAYING
            try:
                match.record_id = await self.store.insert_match(match.record())
                break
            except CodeTaken:  # a finished match in the store has it: draw again
                continue
        else:
            raise StoreError("no free room code found")
        self.matches[match.code] = match
        for session, seat in players:
            session.seats[match.code] = seat
        against = ", ".join(f"computer {level} as {rules.seats[seat]}"
                            for seat, level in (computers or {}).items())
        log.info("match %s created (%s, %s, %s%s)", match.code, rules.describe(options),
                 "public" if public else "private", match.status, f", {against}" if against else "")
        return match, tokens

    async def create(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        game = self._game(conn, msg)
        if game is None or not self._may_create(conn, rid):
            return
        rules, options = game
        choice = msg.get("seat", "random")
        if choice == "random":
            seat = secrets.randbelow(len(rules.seats))
        elif choice in rules.seats:
            seat = rules.seats.index(choice)
        else:
            conn.error("bad_message", f"'seat' must be random or one of {', '.join(rules.seats)}", rid)
            return
        computers = None
        if "computer" in msg:
            level = msg["computer"]
            levels = tuple(getattr(rules, "computer_levels", ()))
            if level not in levels or self.computers is None:
                have = f"its levels are {', '.join(levels)}" if levels and self.computers \
                    else "this server has no computer players for it"
                conn.error("bad_options", f"There is no computer player {level[:16]!r} for "
                           f"{rules.kind}; {have}.", rid)
                return
            computers = {other: level for other in range(len(rules.seats)) if other != seat}
        try:
            match, tokens = await self.open_match(rules, options, msg.get("public", True),
                                                  [(conn.session, seat)], computers=computers)
        except StoreError as exc:
            log.error("create failed: %s", exc)
            conn.error("server_error", "The match could not be saved; try again later.", rid)
            return
        conn.created.add(match.code)
        match.welcome(conn, seat, tokens[seat], rid, created=True)
        match.wake()

    async def quick(self, conn: Connection, msg: dict) -> None:
        rid = msg.get("rid")
        game = self._game(conn, msg)
        if game is None:
            return
        rules, options = game
        wanted = options if msg.get("options") else None
        self.queue = [e for e in self.queue if e.conn is not conn and e.conn.open]
        for entry in self.queue:
            if entry.game == rules.kind and entry.conn.session is not conn.session and (
                    wanted is None or entry.options is None or entry.options == wanted):
                break
        else:
            self.queue.append(QuickEntry(conn, rules.kind, wanted))
            conn.send({"type": "queued", "rid": rid, "game": rules.kind, "options": wanted})
            return
        self.queue.remove(entry)
        options = wanted or entry.options or options
        first = secrets.randbelow(2)
        pair = [(entry.conn, first), (conn, 1 - first)]
        try:
            match, tokens = await self.open_match(rules, options, True,
                                                  [(c.session, s) for c, s in pair])
        except StoreError as exc:
            log.error("quick match failed: %s", exc)
            for c, _ in pair:
                c.error("server_error", "The match could not be saved; ask again.", rid)
            return
        for c, s in pair:
            match.welcome(c, s, tokens[s], rid if c is conn else None)

    async def quick_cancel(self, conn: Connection, msg: dict) -> None:
        before = len(self.queue)
        self.drop(conn)
        conn.send({"type": "quick_cancelled", "rid": msg.get("rid"), "was_queued": len(self.queue) < before})
