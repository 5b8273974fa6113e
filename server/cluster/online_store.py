"""Names, ratings, the archive and clocks of a cluster, in the cluster's Redis: the same
methods as :class:`server.archive.OnlineStore` (SQLite), so ``server.accounts_commands``
serves every node the same way.

Why it holds across nodes:

- a name is claimed by one Lua script (``ac:acct:name:<key>``, the lookalike key of
  shared/online/names.py, set only if absent), so two nodes registering ``Ada`` and
  ``AdA`` at once give one ``registered`` and one ``name_taken``;
- a finished match is archived and rated in one optimistic transaction (``WATCH`` the
  archive row and every seat's ratings, read, rate, ``MULTI``/``EXEC``; again on a
  conflict): two matches of one player ending at the same instant on two nodes are rated
  one after the other, the second on what the first wrote, and a match is rated once
  (the row's ``finished``, under the same ``WATCH``) whichever nodes end it;
- a timed match's clock travels with its steps (``MoveRecord.clock``, stored by the
  step's own script) and is also saved here after each step: :meth:`clock` gives the
  newer of the two, so a node killed right after a step leaves the clock of that step.

The calls are synchronous (redis-py's blocking client, its own connection), made inline
like the SQLite store's: a round trip of a fraction of a millisecond on a near Redis, and
nothing per move except a timed match's clock. While Redis is down each call waits up to
``timeout`` and then fails with ``AccountError`` (the handlers answer ``server_error``).

Keys (beside the match store's, :mod:`server.cluster.redis_scripts`)::

    ac:acct:next_id                 counter of player ids
    ac:acct:name:<name key>         player id (the claim)
    ac:acct:player:<id>             hash: key (the name key), display, key_hash, created
    ac:acct:transfer:<id>           hash: code_hash, expires, wrong
    ac:acct:ratings:<id>            hash: "game|seats" -> JSON [mu, sigma, games, updated]
    ac:acct:history:<id>:<g>:<n>    list, newest first: JSON rating history rows
    ac:acct:board:<g>:<n>           sorted set of display names by -(mu - 3 sigma);
    ac:acct:ranked:<g>:<n>            the same for players past their provisional games
    ac:arch:<code>                  hash: the archive row (server/archive.py's columns)
    ac:arch_players:<code>          hash: seat -> player id
    ac:arch_live                    set of the codes whose row is not finished yet
    ac:archived[:game:<g>][:player:<id>]  sorted sets of listed finished codes by -ended
    ac:clock:<code>                 hash: spec, version, data (JSON)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Callable, TypeVar

from shared.online.identity import (
    TRANSFER_MINUTES,
    check_secret,
    hash_secret,
    new_transfer_code,
    normalise_transfer_code,
)
from shared.online.names import NameProblem, name_key, validate_name
from shared.online.ratings import PROVISIONAL_GAMES, Rating, rate

from ..accounts import TRANSFER_TRIES, AccountError, HistoryRow, Player, typed_transfer
from ..archive import OVER, Ending, archived, change, profile_of, rating_info

T = TypeVar("T")
TIMEOUT = 2.0  # seconds a call may wait for Redis
CONFLICTS = 50  # optimistic transactions tried before giving up (each lost one to a writer)

# KEYS: name claim, id counter. ARGV: prefix, name key, display, key hash, created.
# Returns the new id; the same call again (a lost reply) its id; 0 if the name is taken.
REGISTER = """
local held = redis.call('GET', KEYS[1])
if held then
  if redis.call('HGET', ARGV[1] .. 'acct:player:' .. held, 'key_hash') == ARGV[4] then
    return tonumber(held)
  end
  return 0
end
local id = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], id)
redis.call('HSET', ARGV[1] .. 'acct:player:' .. id, 'key', ARGV[2], 'display', ARGV[3],
           'key_hash', ARGV[4], 'created', ARGV[5])
return id
"""

# KEYS: archive row, its players, live set. ARGV: code, game, seats, rated, public,
# created, then (seat, player) pairs. A row written already is kept (INSERT OR IGNORE).
OPENED = """
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'game', ARGV[2], 'seats', ARGV[3], 'rated', ARGV[4],
             'public', ARGV[5], 'created', ARGV[6], 'finished', '0')
  redis.call('SADD', KEYS[3], ARGV[1])
end
for i = 7, #ARGV, 2 do redis.call('HSET', KEYS[2], ARGV[i], ARGV[i + 1]) end
"""

# KEYS: archive row, live set. ARGV: code. Cancelled or expired: never archived.
DROP = """
if redis.call('HGET', KEYS[1], 'finished') == '0' then
  redis.call('HSET', KEYS[1], 'finished', '-1')
end
redis.call('SREM', KEYS[2], ARGV[1])
"""

# KEYS: clock hash. ARGV: version, data JSON. A clock older than the one saved is dropped
# (two nodes may save the same start; a lagging one never overwrites a later step's).
SAVE_CLOCK = """
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local saved = tonumber(redis.call('HGET', KEYS[1], 'version') or '-1')
if tonumber(ARGV[1]) < saved then return 0 end
redis.call('HSET', KEYS[1], 'version', ARGV[1], 'data', ARGV[2])
return 1
"""


class RedisOnlineStore:
    """Accounts, ratings, the archive and clocks in the cluster's Redis (see the module)."""

    def __init__(self, url: str, *, prefix: str = "ac:", timeout: float = TIMEOUT) -> None:
        try:
            import redis
            from redis.backoff import NoBackoff
            from redis.exceptions import RedisError, WatchError
            from redis.retry import Retry
        except ImportError:
            raise AccountError("store_failed", "the cluster mode needs the redis package: "
                               "pip install 'alien-city[cluster]'") from None
        self._errors, self._conflict = RedisError, WatchError
        self.prefix = prefix
        try:
            # one retry at once (a connection Redis dropped when it restarted), no backoff:
            # the calls block the node's event loop (redis-py's default sleeps for seconds)
            self._r = redis.Redis.from_url(url, decode_responses=True, socket_timeout=timeout,
                                           socket_connect_timeout=timeout,
                                           retry=Retry(NoBackoff(), 1))
        except ValueError as exc:
            raise AccountError("store_failed", f"bad Redis address: {exc}") from None
        self._register = self._r.register_script(REGISTER)
        self._opened = self._r.register_script(OPENED)
        self._drop = self._r.register_script(DROP)
        self._save_clock = self._r.register_script(SAVE_CLOCK)

    def _k(self, *parts: Any) -> str:
        return self.prefix + ":".join(str(p) for p in parts)

    def _call(self, work: Callable[[], T]) -> T:
        try:
            return work()
        except self._errors as exc:
            raise AccountError("store_failed", f"the names and ratings store (Redis) "
                               f"failed: {exc}") from None

    def _transaction(self, keys: list[str], work: Callable[[Any], Callable[[Any], T]]) -> T:
        """``work(pipe)`` reads (``pipe`` watching ``keys``; it may watch more) and returns
        a writer that queues the writes on the pipe after ``MULTI`` and gives the result;
        all again if a watched key changed before ``EXEC``."""
        def attempt() -> T:
            with self._r.pipeline() as pipe:
                for _ in range(CONFLICTS):
                    try:
                        pipe.watch(*keys)
                        write = work(pipe)
                        pipe.multi()
                        result = write(pipe)
                        pipe.execute()
                        return result
                    except self._conflict:
                        continue
                raise AccountError("store_failed", "the names and ratings store is too busy "
                                   "(a write kept losing races)")
        return self._call(attempt)

    def close(self) -> None:
        try:
            self._r.close()
        except self._errors:
            pass

    # -- names and secrets --------------------------------------------------------------
    def register(self, name: str, secret: str, now: float) -> Player:
        display = validate_name(name)
        key = name_key(display)
        got = self._call(lambda: self._register(
            keys=[self._k("acct", "name", key), self._k("acct", "next_id")],
            args=[self.prefix, key, display, hash_secret(secret), repr(now)]))
        if not got:
            raise NameProblem("name_taken", display)
        return Player(int(got), display, now)

    def _player(self, name: str) -> tuple[Player, str] | None:
        """The player named ``name`` (or a lookalike) and their key's hash."""
        def read() -> tuple[Player, str] | None:
            held = self._r.get(self._k("acct", "name", name_key(name)))
            if held is None:
                return None
            row = self._r.hgetall(self._k("acct", "player", held))
            if not row:
                return None
            return Player(int(held), row["display"], float(row["created"])), row["key_hash"]
        return self._call(read)

    def find(self, name: str) -> Player | None:
        found = self._player(name)
        return found[0] if found else None

    def name_free(self, name: str) -> bool:
        return self.find(name) is None

    def authenticate(self, name: str, secret: object) -> Player | None:
        found = self._player(name)
        if found is None or not check_secret(secret, found[1]):
            return None
        return found[0]

    def start_transfer(self, player: int, now: float) -> str:
        code = new_transfer_code()
        key = self._k("acct", "transfer", player)
        self._call(lambda: self._r.hset(key, mapping={
            "code_hash": hash_secret(normalise_transfer_code(code)),
            "expires": repr(now + TRANSFER_MINUTES * 60), "wrong": 0}))
        return code

    def redeem_transfer(self, name: str, code: str, new_secret: str, now: float) -> Player:
        typed, refused = typed_transfer(code)
        found = self._player(name)
        if found is None:
            raise refused
        player = found[0]
        transfer, account = self._k("acct", "transfer", player.id), self._k("acct", "player", player.id)

        def read(pipe: Any) -> Callable[[Any], bool]:
            row = pipe.hgetall(transfer)
            if not row:
                raise refused
            usable = now < float(row["expires"]) and int(row["wrong"]) < TRANSFER_TRIES
            moved = usable and check_secret(typed, row["code_hash"])

            def write(pipe: Any) -> bool:
                if moved:
                    pipe.hset(account, "key_hash", hash_secret(new_secret))
                if moved or not usable:
                    pipe.delete(transfer)
                else:
                    pipe.hincrby(transfer, "wrong", 1)
                return moved
            return write
        if not self._transaction([transfer], read):
            raise refused  # after the write that counted the wrong try
        return player

    # -- ratings ------------------------------------------------------------------------
    def rating(self, player: int, game: str, seats: int) -> Rating:
        stored = self._call(lambda: self._r.hget(self._k("acct", "ratings", player),
                                                 f"{game}|{seats}"))
        return _rating(stored)

    def history(self, player: int, game: str, seats: int, limit: int = 50) -> list[HistoryRow]:
        rows = self._call(lambda: self._r.lrange(
            self._k("acct", "history", player, game, seats), 0, limit - 1))
        out = []
        for text in rows:
            row = json.loads(text)
            out.append(HistoryRow(row["match"], row["place"], Rating(*row["before"]),
                                  Rating(*row["after"]), row["at"]))
        return out

    def ratings_of(self, player: int) -> list[tuple[str, int, Rating]]:
        stored = self._call(lambda: self._r.hgetall(self._k("acct", "ratings", player)))
        pools = []
        for pool, text in stored.items():
            game, _, seats = pool.rpartition("|")
            pools.append((game, int(seats), _rating(text)))
        return sorted(pools, key=lambda p: (-p[2].games, p[0], p[1]))

    def leaderboard_page(self, game: str, seats: int, page: int, size: int,
                         provisional: bool = False) -> tuple[list[dict[str, Any]], bool]:
        """Best first by mu - 3 sigma, ties by name (as SQLite orders them)."""
        board = self._k("acct", "board" if provisional else "ranked", game, seats)

        def read() -> list[tuple[str, Rating]]:
            names = self._r.zrange(board, page * size, page * size + size)
            with self._r.pipeline(transaction=False) as pipe:
                for name in names:
                    pipe.get(self._k("acct", "name", name_key(name)))
                ids = pipe.execute()
                for held in ids:
                    pipe.hget(self._k("acct", "ratings", held), f"{game}|{seats}")
                return [(n, _rating(r)) for n, r in zip(names, pipe.execute())]
        rows = self._call(read)
        return [{"rank": page * size + i + 1, "name": name} | rating_info(rating)
                for i, (name, rating) in enumerate(rows[:size])], len(rows) > size

    # -- a match's life --------------------------------------------------------------------
    def opened(self, code: str, game: str, seats: int, rated: bool, public: bool,
               players: Mapping[int, int], now: float) -> None:
        pairs = [v for seat, player in players.items() for v in (seat, player)]
        self._call(lambda: self._opened(
            keys=[self._k("arch", code), self._k("arch_players", code), self._k("arch_live")],
            args=[code, game, seats, int(rated), int(public), repr(now), *pairs]))

    def seated(self, code: str, seat: int, player: int) -> None:
        self._call(lambda: self._r.hset(self._k("arch_players", code), str(seat), player))

    def freed(self, code: str, seat: int) -> None:
        self._call(lambda: self._r.hdel(self._k("arch_players", code), str(seat)))

    def seat_players(self, code: str
                     ) -> tuple[bool, dict[int, int], list[dict[str, Any]] | None] | None:
        def read() -> tuple[list[Any], dict[str, str]]:
            with self._r.pipeline(transaction=False) as pipe:
                pipe.hmget(self._k("arch", code), "rated", "ratings")
                pipe.hgetall(self._k("arch_players", code))
                row, players = pipe.execute()
            return row, players
        (rated, ratings), players = self._call(read)
        if rated is None:
            return None
        return rated == "1", {int(s): int(p) for s, p in players.items()}, \
            None if not ratings else json.loads(ratings)

    def dropped(self, code: str) -> None:
        self._call(lambda: self._drop(keys=[self._k("arch", code), self._k("arch_live")],
                                      args=[code]))

    def unfinished(self) -> list[str]:
        return sorted(self._call(lambda: self._r.smembers(self._k("arch_live"))))

    def finish(self, code: str, ending: Ending, now: float) -> list[dict[str, Any]] | None:
        """Archive and (if rated) rate a finished match in one optimistic transaction;
        a match finished already comes back with its stored changes."""
        row_key, players_key = self._k("arch", code), self._k("arch_players", code)

        def read(pipe: Any) -> Callable[[Any], list[dict[str, Any]] | None]:
            row = pipe.hgetall(row_key)
            if not row:
                return lambda pipe: None
            if int(row["finished"]) == OVER:
                stored = row.get("ratings")
                return lambda pipe: json.loads(stored) if stored else None
            seats, game = int(row["seats"]), row["game"]
            players = {int(s): int(p) for s, p in pipe.hgetall(players_key).items()}
            rated = row["rated"] == "1" and len(players) + len(ending.fixed) == seats
            ids = [players.get(seat) for seat in range(seats)]
            people = [p for p in ids if p is not None]
            pool = f"{game}|{seats}"
            before: list[Rating] = []
            names: dict[int, str] = {}
            if rated:
                pipe.watch(*(self._k("acct", "ratings", p) for p in people))
                for i, p in enumerate(ids):
                    before.append(ending.fixed[i] if p is None else
                                  _rating(pipe.hget(self._k("acct", "ratings", p), pool)))
                names = {p: pipe.hget(self._k("acct", "player", p), "display") for p in people}
            after = rate(before, list(ending.places)) if rated else []

            def write(pipe: Any) -> list[dict[str, Any]] | None:
                changes = None
                if rated:
                    changes = [change(b, a) if p is not None else change(b, b)
                               for p, b, a in zip(ids, before, after)]
                    for p, place, old, new in zip(ids, ending.places, before, after):
                        if p is not None:
                            self._rated(pipe, p, names[p], game, seats, code, place, old, new, now)
                pipe.hset(row_key, mapping={
                    "finished": OVER, "ended": repr(now), "reason": json.dumps(ending.reason),
                    "names": json.dumps(list(ending.names)),
                    "ranking": json.dumps(list(ending.ranking)),
                    "resigned": json.dumps(list(ending.resigned)),
                    "ratings": "" if changes is None else json.dumps(changes)})
                pipe.srem(self._k("arch_live"), code)
                if row["public"] == "1" or row["rated"] == "1":
                    for key in self._listings(game, people):
                        pipe.zadd(key, {code: -now})
                return changes
            return write
        return self._transaction([row_key, players_key], read)

    def _rated(self, pipe: Any, player: int, name: str, game: str, seats: int, code: str,
               place: int, old: Rating, new: Rating, now: float) -> None:
        """One seat's new rating queued: the pool, the history row, the leaderboards."""
        pipe.hset(self._k("acct", "ratings", player), f"{game}|{seats}",
                  json.dumps([new.mu, new.sigma, new.games, now]))
        pipe.lpush(self._k("acct", "history", player, game, seats), json.dumps({
            "match": code, "place": place, "before": [old.mu, old.sigma, old.games],
            "after": [new.mu, new.sigma, new.games], "at": now}))
        pipe.zadd(self._k("acct", "board", game, seats), {name: -new.conservative()})
        if new.games >= PROVISIONAL_GAMES:
            pipe.zadd(self._k("acct", "ranked", game, seats), {name: -new.conservative()})

    def _listings(self, game: str, players: list[int]) -> list[str]:
        keys = [self._k("archived"), self._k("archived", "game", game)]
        for p in set(players):
            keys += [self._k("archived", "player", p), self._k("archived", "player", p, "game", game)]
        return keys

    # -- what players browse ---------------------------------------------------------------
    def archive_page(self, page: int, size: int, player: int | None = None,
                     game: str | None = None) -> tuple[list[dict[str, Any]], bool]:
        """Finished matches newest first (public or rated ones: see OnlineStore)."""
        parts: list[Any] = ["archived"]
        if player is not None:
            parts += ["player", player]
        if game is not None:
            parts += ["game", game]

        def read() -> list[tuple[str, dict[str, str], dict[str, str], str | None]]:
            codes = self._r.zrange(self._k(*parts), page * size, page * size + size)
            with self._r.pipeline(transaction=False) as pipe:
                for code in codes:
                    pipe.hgetall(self._k("arch", code))
                    pipe.hgetall(self._k("arch_players", code))
                    pipe.hget(self._k("clock", code), "spec")
                got = pipe.execute()
            return [(c, got[3 * i], got[3 * i + 1], got[3 * i + 2]) for i, c in enumerate(codes)]
        rows = self._call(read)
        return [archived(code, row["game"], row["rated"] == "1", float(row["ended"]),
                         json.loads(row["reason"]), row["names"], row["ranking"],
                         row["resigned"], row["ratings"] or None, {int(s) for s in seats},
                         clock or None)
                for code, row, seats, clock in rows[:size]], len(rows) > size

    def profile(self, player: Player, points: int, recent: int) -> dict[str, Any]:
        return profile_of(self, player, points, recent)

    # -- clocks ------------------------------------------------------------------------------
    def timed(self, code: str, spec: str) -> None:
        key = self._k("clock", code)
        self._call(lambda: self._r.hset(key, mapping={"spec": spec, "version": 0, "data": ""}))

    def save_clock(self, code: str, version: int, data: Mapping[str, object]) -> None:
        self._call(lambda: self._save_clock(keys=[self._k("clock", code)],
                                            args=[version, json.dumps(data)]))

    def clock(self, code: str) -> tuple[str, int, dict[str, Any] | None] | None:
        """The time control and the newest clock: the one saved, or the one stored with
        the match's last step if that is newer (the node died before saving it)."""
        def read() -> tuple[list[Any], str | None]:
            spec, version, data = self._r.hmget(self._k("clock", code), "spec", "version", "data")
            if spec is None:  # untimed: one round trip
                return [spec, version, data], None
            match_id = self._r.get(self._k("code", code))
            last = self._r.lindex(self._k("moves", match_id), -1) if match_id else None
            return [spec, version, data], last
        (spec, version, data), last = self._call(read)
        if spec is None:
            return None
        saved = (spec, int(version), json.loads(data) if data else None)
        step = json.loads(last) if last else None
        if step is not None and len(step) > 5 and step[5] is not None and step[0] > saved[1]:
            return spec, step[0], step[5]
        return saved


def _rating(stored: str | None) -> Rating:
    if not stored:
        return Rating()
    mu, sigma, games, _updated = json.loads(stored)
    return Rating(mu, sigma, games)

