"""Computer seats: a person against a computer player over a real server, checked on the engine."""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import threading
import time
from dataclasses import replace

from server.store import Store
from shared.aliencity import GameState, Player, parse_move
from shared.aliencity.ppn import read_ppn
from shared.aliencity.spec import ALIEN_CITY

from .helpers import FAST, Client, pick, run, running

QUICK = replace(FAST, computer_iterations=20)  # small search budgets: the suite stays fast


async def play_out(person: Client, code: str, state: GameState, version: int, me: str,
                   rng: random.Random, *, level: str, watcher: Client | None = None,
                   watcher_since: int = 0, check_choices: bool = True) -> tuple[GameState, dict]:
    """Play ``me``'s moves at random until the end; every computer move must arrive as a
    normal ``moved`` (with a move id and the version), match the engine and, when
    ``check_choices``, be the move the level's bot makes from the match seed."""
    computer_seat = "white" if me == "black" else "black"
    replica = ALIEN_CITY.make_bot(level, state.seed * 2 + int(Player.parse(computer_seat)),
                                  iterations=QUICK.computer_iterations, think_s=30.0)
    mid = 0
    computer_moves = 0
    while not state.is_over():
        if state.to_move.text() == me:
            text = pick(state, rng)
            mid += 1
            await person.send({"type": "move", "match": code, "version": version, "mid": mid,
                               "move": text})
            moved = await person.expect("moved", version=version + 1)
            assert moved["seat"] == me and moved["mid"] == mid
        else:
            moved = await person.expect("moved", version=version + 1)
            assert moved["seat"] == computer_seat
            assert moved["mid"] == f"computer-{version}"
            computer_moves += 1
            if check_choices:
                assert moved["move"] == replica.choose(state).text()
        step = state.play(parse_move(moved["move"]), Player.parse(moved["seat"]))
        state, version = step.state, version + 1
        assert moved["events"] == [e.to_dict() for e in step.events]
        to_move = state.to_move.text() if state.to_move is not None else None
        assert moved["turn"] == {"to_move": to_move, "phase": state.phase.value, "ply": state.ply}
        if watcher is not None and version > watcher_since:  # the sync had the earlier ones
            assert (await watcher.expect("moved", version=version))["move"] == moved["move"]
    assert computer_moves > 5
    ended = await person.expect("ended")
    assert ended["reason"] == "finished" and ended["version"] == version
    assert ended["score"] == state.score().to_dict()
    return state, ended


def test_person_plays_a_full_match_against_a_computer_seat():
    """Create with computer: the other seat is 'Computer (easy)', the match starts at once,
    the computer's moves come as 'moved' messages, are the bot's seeded choices and agree
    with the engine to the final score; spectators see the same; the record names it."""
    async def body() -> None:
        async with running(QUICK) as server:
            lobby = await Client.open(server.url, "Lou")
            await lobby.request({"type": "watch_lobby", "on": True}, "lobby")
            ada = await Client.open(server.url, "Ada")
            joined = await ada.request({"type": "create", "seat": "black", "computer": "easy"},
                                       "joined")
            assert joined["seat"] == "black" and joined["created"] and joined["seat_token"]
            code = joined["match"]
            sync = await ada.expect("sync")
            info = sync["info"]
            assert info["status"] == "playing"
            assert info["players"] == [
                {"seat": "black", "name": "Ada", "online": True, "computer": None, "abandon_in": None},
                {"seat": "white", "name": "Computer (easy)", "online": True, "computer": "easy", "abandon_in": None}]
            listed = await lobby.expect("lobby_update")
            while listed["match"]["code"] != code or listed["match"]["players"][0]["name"] is None:
                listed = await lobby.expect("lobby_update")
            assert listed["match"]["players"][1]["computer"] == "easy"
            # the computer seat cannot be taken; anyone may watch
            bob = await Client.open(server.url, "Bob")
            refused = await bob.request({"type": "join", "match": code}, "joined")
            assert refused["code"] == "match_full"
            await bob.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            watched = await bob.expect("sync")
            state = GameState.from_dict(sync["state"])
            # the computer starts thinking only after the creator's joined + sync
            version = sync["version"]
            assert version == 0
            state, _ = await play_out(ada, code, state, version, "black", random.Random(3),
                                      level="easy", watcher=bob, watcher_since=watched["version"])
            assert watched["info"]["players"][1]["name"] == "Computer (easy)"
            record = (await ada.request({"type": "get_record", "match": code}, "record"))["record"]
            assert "White: Computer (easy)" in record
            assert read_ppn(record).state.score().to_dict() == state.score().to_dict()
            match = server.lobby.matches.get(code)
            assert match is None or not match.computers._bots  # released with the match's end
            for c in (lobby, ada, bob):
                await c.close()
    run(body, timeout=60)


def test_bad_computer_values_are_refused_and_the_connection_stays_open():
    async def body() -> None:
        async with running(QUICK) as server:
            ada = await Client.open(server.url, "Ada")
            answer = await ada.request({"type": "create", "computer": "grandmaster"}, "joined")
            assert answer["type"] == "error" and answer["code"] == "bad_options"
            assert "easy" in answer["text"] and "hard" in answer["text"]
            answer = await ada.request({"type": "create", "computer": 3}, "joined")
            assert answer["type"] == "error" and answer["code"] == "bad_message"
            answer = await ada.request({"type": "create", "computer": ""}, "joined")
            assert answer["code"] == "bad_message"
            assert (await ada.request({"type": "ping", "t": 1}, "pong"))["t"] == 1
            ok = await ada.request({"type": "create", "computer": "random", "seat": "white"},
                                   "joined")
            assert ok["type"] == "joined" and ok["seat"] == "white"
            await ada.close()
    run(body)


def test_computer_moves_go_through_the_same_checks(caplog):
    """A computer answering an illegal move is refused by the match like a person (the
    engine's rule is logged), and a random legal move is played in its place."""
    class Cheat:
        level = "cheat"

        def choose(self, state, *, deadline_s=None, stop=None):
            # a pass while building, a build while claiming: both against the rules
            return parse_move("pass" if state.state.phase.value == "build" else "Tr@a1")

    async def body() -> None:
        async with running(QUICK) as server:
            spec = server.lobby.games["alien-city"]
            real = spec.make_bot
            spec.make_bot = lambda level, seed=0, **kw: (  # this instance only, undone below
                Cheat() if level == "easy" else real(level, seed, **kw))
            try:
                ada = await Client.open(server.url, "Ada")
                code = (await ada.request({"type": "create", "seat": "white", "computer": "easy"},
                                          "joined"))["match"]
                state = GameState.from_dict((await ada.expect("sync"))["state"])
                state, _ = await play_out(ada, code, state, 0, "white", random.Random(4),
                                          level="easy", check_choices=False)
                await ada.close()
            finally:
                del spec.make_bot
    with caplog.at_level(logging.ERROR, logger="alien_city.server"):
        run(body)
    refused = [r.getMessage() for r in caplog.records if "computer move" in r.getMessage()]
    assert any("illegal_move" in line for line in refused), refused


def test_resign_and_rematch_against_the_computer():
    """Resigning ends the match for the computer; the computer accepts a rematch at once,
    seats swap, and the new match has the computer again."""
    async def body() -> None:
        async with running(QUICK) as server:
            ada = await Client.open(server.url, "Ada")
            code = (await ada.request({"type": "create", "seat": "black", "computer": "random",
                                       "public": False}, "joined"))["match"]
            await ada.expect("sync")
            await ada.send({"type": "resign", "match": code})
            ended = await ada.expect("ended")
            assert ended["reason"] == "resigned" and ended["winner"] == "white"
            await ada.send({"type": "rematch", "match": code})
            offers = {(await ada.expect("rematch_offer"))["seat"] for _ in range(2)}
            assert offers == {"black", "white"}
            started = await ada.expect("rematch_started")
            joined = await ada.expect("joined", match=started["new_match"])
            assert joined["seat"] == "white" and joined["seat_token"]
            sync = await ada.expect("sync", match=started["new_match"])
            assert sync["info"]["players"][0] == {"seat": "black", "name": "Computer (random)",
                                                  "online": True, "computer": "random",
                                                  "abandon_in": None}
            assert sync["info"]["status"] == "playing"
            state = GameState.from_dict(sync["state"])
            state, _ = await play_out(ada, joined["match"], state, sync["version"], "white",
                                      random.Random(5), level="random")
            await ada.close()
    run(body)


def test_a_thinking_computer_stalls_no_one_and_stops_with_the_server(tmp_path):
    """While Medium thinks (a budget it cannot finish: its time limit decides) other
    clients are answered at once; closing the server stops it promptly; after a restart
    on the same file the computer, still to move, plays and the game finishes."""
    db = str(tmp_path / "m.sqlite3")
    slow = replace(FAST, computer_iterations=10**7)

    async def first() -> tuple[str, str, int, dict]:
        async with running(slow, db) as server:
            ada = await Client.open(server.url, "Ada")
            joined = await ada.request({"type": "create", "seat": "black", "computer": "medium"},
                                       "joined")
            code = joined["match"]
            sync = await ada.expect("sync")
            start = sync["state"]
            state, version = GameState.from_dict(start), 0
            while state.to_move is Player.WHITE:  # the computer opens: wait for its turn
                moved = await ada.expect("moved", version=version + 1)
                state, version = state.play(parse_move(moved["move"])).state, version + 1
            rng = random.Random(1)
            while state.to_move is Player.BLACK:  # a build, and a claim if one is offered
                text = pick(state, rng)
                await ada.send({"type": "move", "match": code, "version": version,
                                "mid": f"m{version}", "move": text})
                await ada.expect("moved", version=version + 1)
                state, version = state.play(parse_move(text)).state, version + 1
            # the computer is thinking now; another client is served without waiting
            bob = await Client.open(server.url, "Bob")
            for _ in range(5):
                t0 = time.perf_counter()
                await bob.request({"type": "ping"}, "pong")
                assert time.perf_counter() - t0 < 0.25
            assert [t.name for t in threading.enumerate() if t.name.startswith("computer")]
            assert server.lobby.matches[code].computers.thinking
            t0 = time.perf_counter()
            await server.close()
            assert time.perf_counter() - t0 < 1.0, "the thinking computer did not stop promptly"
            return code, ada.session, version, start

    code, session, version, start = run(first)
    peek = sqlite3.connect(db)
    stored = peek.execute("SELECT MAX(version) FROM moves JOIN matches ON matches.id = "
                          "moves.match_id WHERE code = ?", (code,)).fetchone()[0]
    peek.close()
    assert stored == version  # the computer had not moved: it is to move at the restart

    async def second() -> None:
        async with running(QUICK, db) as server:
            ada = await Client.open(server.url, "Ada", resume=session)
            assert ada.welcome["resumed"]
            await ada.request({"type": "join", "match": code, "version": 0}, "joined")
            sync = await ada.expect("sync")
            assert sync["mode"] == "moves" and sync["moves"][0]["version"] == 1
            state = GameState.from_dict(start)
            for moved in sync["moves"]:
                state = state.play(parse_move(moved["move"])).state
            await play_out(ada, code, state, sync["version"], "black",
                                      random.Random(6), level="medium", check_choices=False)
            await ada.close()
        check = Store(db)
        try:
            record = await check.load_code(code)
            assert record.status == "over" and record.seats[1].computer == "medium"
        finally:
            await check.close()
    run(second)


def test_a_computer_move_the_store_refused_is_tried_again(caplog):
    """The store failing on the computer's move: nothing is announced, the computer
    tries again a moment later and the game goes on."""
    from server.store import StoreError

    async def body() -> None:
        async with running(QUICK) as server:
            store = server.lobby.store
            real = store.add_move
            failed = []

            async def flaky(match_id, move, end):
                if str(move.mid).startswith("computer") and not failed:
                    failed.append(move.version)
                    raise StoreError("disk full (test)")
                await real(match_id, move, end)
            store.add_move = flaky
            ada = await Client.open(server.url, "Ada")
            code = (await ada.request({"type": "create", "seat": "black", "computer": "easy"},
                                      "joined"))["match"]
            state = GameState.from_dict((await ada.expect("sync"))["state"])
            await play_out(ada, code, state, 0, "black", random.Random(8), level="easy")
            assert failed
            await ada.close()
    with caplog.at_level(logging.ERROR, logger="alien_city.server"):
        run(body)
    assert any("server_error" in r.getMessage() for r in caplog.records)


def test_a_store_from_before_computer_players_is_upgraded(tmp_path):
    """An older match file (seats without the computer column) opens and keeps its matches."""
    db = tmp_path / "old.sqlite3"
    old = sqlite3.connect(db)
    old.executescript("""
        CREATE TABLE matches (id INTEGER PRIMARY KEY, code TEXT NOT NULL UNIQUE, game TEXT NOT NULL,
            options TEXT NOT NULL, seed INTEGER NOT NULL, public INTEGER NOT NULL,
            status TEXT NOT NULL, end_reason TEXT, winner INTEGER, rematch_of TEXT,
            created REAL NOT NULL);
        CREATE TABLE seats (match_id INTEGER NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL,
            name TEXT NOT NULL, token_hash TEXT NOT NULL, session_hash TEXT NOT NULL,
            PRIMARY KEY (match_id, seat));
        CREATE TABLE moves (match_id INTEGER NOT NULL REFERENCES matches(id),
            version INTEGER NOT NULL, seat INTEGER NOT NULL, mid TEXT NOT NULL, move TEXT NOT NULL,
            PRIMARY KEY (match_id, version));
        INSERT INTO matches VALUES (1, 'KKKKKK', 'alien-city', '{"edition": 2004, "location_bonus": false}',
            7, 1, 'waiting', NULL, NULL, NULL, 0);
        INSERT INTO seats VALUES (1, 0, 'Ada', 'x', 'y');
    """)
    old.close()

    async def body() -> None:
        store = Store(str(db))
        try:
            record = await store.load_code("KKKKKK")
            assert record.seats[0].name == "Ada" and record.seats[0].computer is None
        finally:
            await store.close()
    asyncio.run(body())
