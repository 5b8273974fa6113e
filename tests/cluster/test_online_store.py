"""The cluster's names, ratings, archive and clocks in Redis (server/cluster/online_store.py)
against the SQLite store the single server uses: the same answers for the same calls,
and no rating update lost when two nodes rate one player at the same instant."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest

from server.accounts import AccountError
from server.archive import Ending, OnlineStore
from server.cluster.online_store import RedisOnlineStore
from shared.online.names import NameProblem
from shared.online.ratings import Rating, rate


@pytest.fixture
def redis_store(redis_server):
    store = RedisOnlineStore(redis_server.url)
    yield store
    store.close()


def script(store: Any) -> list[Any]:
    """One run of every call the handlers make, its answers (ids and keys aside)."""
    out: list[Any] = []
    ada = store.register("Ada", "key-a", 10.0)
    bob = store.register("Bob", "key-b", 11.0)
    cid = store.register("Cid", "key-c", 12.0)
    for name in ("ada", "AdA", "Аda"):  # (Cyrillic А)
        with pytest.raises(NameProblem) as taken:
            store.register(name, "other", 13.0)
        out.append(taken.value.code)
    out.append(store.find("ADA").name)
    out.append(store.authenticate("Ada", "key-a") is not None)
    out.append(store.authenticate("Ada", "wrong") is None)
    code = store.start_transfer(ada.id, 20.0)
    with pytest.raises(AccountError) as wrong:
        store.redeem_transfer("Ada", "2222-2222-22", "new", 21.0)
    out.append(wrong.value.code)
    out.append(store.redeem_transfer("ada", code, "key-a2", 22.0).name)
    out.append(store.authenticate("Ada", "key-a") is None)
    for i, (other, game, public) in enumerate([(bob, "alien-city", True), (cid, "alien-city", False),
                                               (bob, "sprawl", True)]):
        match = f"M{i}"
        store.opened(match, game, 2, True, public, {0: ada.id}, 30.0 + i)
        store.seated(match, 1, other.id)
        out.append(store.seat_players(match))
        out.append(store.finish(match, Ending(["Ada", other.name], [1, 2], [], "finished", (1, 2)),
                                40.0 + i))
        out.append(store.finish(match, Ending(["Ada", other.name], [2, 1], [], "finished", (2, 1)),
                                50.0 + i))  # a match is rated once
    store.opened("U", "alien-city", 2, False, False, {0: ada.id}, 60.0)  # private, unrated
    store.finish("U", Ending(["Ada", "Eve"], [1, 2], [], "finished", (1, 2)), 61.0)
    store.opened("D", "alien-city", 2, False, True, {}, 62.0)
    store.dropped("D")
    out.append(store.unfinished())
    out.append(store.rating(ada.id, "alien-city", 2))
    out.append(store.leaderboard_page("alien-city", 2, 0, 2, True))
    out.append(store.leaderboard_page("alien-city", 2, 1, 2, True))
    out.append(store.leaderboard_page("alien-city", 2, 0, 2, False))
    out.append(store.archive_page(0, 2))
    out.append(store.archive_page(1, 2))
    out.append(store.archive_page(0, 5, player=bob.id))
    out.append(store.archive_page(0, 5, player=ada.id, game="sprawl"))
    out.append(store.archive_page(0, 5, game="alien-city"))
    out.append(store.profile(store.find("Ada"), 10, 5))
    store.timed("T", "5+3")
    out.append(store.clock("T"))
    store.save_clock("T", 2, {"turn": 1})
    out.append(store.clock("T"))
    return out


def test_redis_answers_as_sqlite_does(redis_store) -> None:
    sqlite = OnlineStore(":memory:")
    try:
        expected = script(sqlite)
    finally:
        sqlite.close()
    got = script(redis_store)
    assert got == expected
    assert got[-1] == ("5+3", 2, {"turn": 1})
    redis_store.save_clock("T", 1, {"turn": 0})  # a lagging node's older clock: dropped
    assert redis_store.clock("T") == ("5+3", 2, {"turn": 1})


def test_a_name_is_claimed_once_across_nodes(redis_server) -> None:
    """Two nodes register a name and its lookalike at the same instant: one gets it."""
    nodes = [RedisOnlineStore(redis_server.url) for _ in range(2)]
    start, results = threading.Barrier(2), []

    def claim(store: RedisOnlineStore, name: str) -> None:
        start.wait()
        try:
            results.append(store.register(name, name, 1.0).name)
        except NameProblem as exc:
            results.append(exc.code)
    threads = [threading.Thread(target=claim, args=(n, name))
               for n, name in zip(nodes, ("Zed", "ZED"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert len(results) == 2 and results.count("name_taken") == 1
    for store in nodes:
        store.close()


class SlowNode(RedisOnlineStore):
    """A node whose rating transaction waits, after reading the ratings, until the other
    node has read them too: both read the same 'before' (the race a lost update needs)."""

    def __init__(self, url: str, both_read: threading.Barrier) -> None:
        super().__init__(url)
        self.both_read = both_read
        self.tries = 0

    def _rated(self, pipe: Any, *args: Any) -> None:
        self.tries += 1
        if self.tries == 1:
            self.both_read.wait(10)
        super()._rated(pipe, *args)


def test_two_matches_of_one_player_ending_at_once_on_two_nodes_both_count(redis_server) -> None:
    setup = RedisOnlineStore(redis_server.url)
    ada = setup.register("Ada", "a", 1.0)
    bob = setup.register("Bob", "b", 1.0)
    cid = setup.register("Cid", "c", 1.0)
    for code, other in (("M1", bob), ("M2", cid)):
        setup.opened(code, "alien-city", 2, True, True, {0: ada.id, 1: other.id}, 2.0)
    both_read = threading.Barrier(2)
    nodes = [SlowNode(redis_server.url, both_read) for _ in range(2)]
    changes: dict[str, Any] = {}

    def end(node: SlowNode, code: str, other: str) -> None:
        changes[code] = node.finish(code, Ending(["Ada", other], [1, 2], [], "finished", (1, 2)), 3.0)
    threads = [threading.Thread(target=end, args=(node, code, other))
               for node, code, other in zip(nodes, ("M1", "M2"), ("Bob", "Cid"))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(node.tries for node in nodes) == [2, 4]  # one lost the race and rated again
    final = setup.rating(ada.id, "alien-city", 2)
    assert final.games == 2
    once = rate([Rating(), Rating()], [1, 2])[0]  # each opponent a newcomer
    twice = rate([once, Rating()], [1, 2])[0]
    assert (final.mu, final.sigma) == pytest.approx((twice.mu, twice.sigma))
    history = setup.history(ada.id, "alien-city", 2)
    assert [h.before.games for h in history] == [1, 0]  # the second rated on the first
    assert history[0].before == history[1].after
    assert {c[0]["after"] for c in changes.values()} == {once.display(), twice.display()}
    for store in (setup, *nodes):
        store.close()


def test_the_clock_of_the_last_step_wins_over_an_older_save(redis_store, redis_server) -> None:
    """A node killed after storing a step but before saving its clock: the step carries
    the clock (MoveRecord.clock), and that is the one a restore reads."""
    import redis
    r = redis.Redis.from_url(redis_server.url, decode_responses=True)
    redis_store.timed("C0DE", "5+0")
    redis_store.save_clock("C0DE", 0, {"turn": 0})
    r.set("ac:code:C0DE", 7)
    r.rpush("ac:moves:7", json.dumps([1, 0, 1, "a1", "move", {"turn": 1, "left": 123}]))
    assert redis_store.clock("C0DE") == ("5+0", 1, {"turn": 1, "left": 123})
    redis_store.save_clock("C0DE", 1, {"turn": 1, "left": 123})
    r.rpush("ac:moves:7", json.dumps([2, 1, None, "", "resign"]))  # no clock: the save holds
    assert redis_store.clock("C0DE") == ("5+0", 1, {"turn": 1, "left": 123})
    r.close()
