"""Many seats: a throwaway 4-seat game (tests/server/race.py), registered only here, played
through a real server by real clients and computer seats, to the ranking in the store."""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace

from alien_city.headless import Bot, Stats
from server.store import RESIGN, MatchRecord, Store
from shared.aliencity.spec import ALIEN_CITY

from .helpers import FAST, Client, run, running
from .race import RACE, RaceState, games_with_race


async def load(db: str, code: str) -> MatchRecord:
    """A match as the store keeps it (read with a store of its own)."""
    store = Store(db)
    try:
        return await store.load_code(code)
    finally:
        await store.close()


async def expect_all(clients: list[Client], kind: str, **fields) -> list[dict]:
    """The same message at every client; they must agree."""
    got = [await c.expect(kind, **fields) for c in clients]
    assert all(m == got[0] for m in got), got
    return got


async def step(state: RaceState, version: int, code: str, people: dict[int, Client],
               audience: list[Client], rng: random.Random, mid: str) -> tuple[RaceState, int]:
    """One move: a person's if a person holds the seat to move, else the computer's;
    every client in ``audience`` gets the same ``moved``, checked against the game."""
    seat = state.to_move
    if seat in people:
        text = RACE.move_text(state.legal_moves().random(rng))
        await people[seat].send({"type": "move", "match": code, "version": version, "mid": mid,
                                 "move": text})
    moved = (await expect_all(audience, "moved", version=version + 1))[0]
    assert moved["seat"] == f"seat{seat + 1}" and moved["kind"] == "move"
    state, events = state.play(RACE.parse_move(moved["move"]), seat)
    assert moved["events"] == events and moved["turn"] == state.turn()
    assert moved["to_move"] == (None if state.is_over() else f"seat{state.to_move + 1}")
    if seat not in people:
        assert moved["mid"] == f"computer-{version}"
    return state, version + 1


def test_four_seats_with_a_spectator_turned_player_a_reconnect_and_a_computer(tmp_path):
    """Ann creates a 4-seat race with a computer in seat 4; Dan watches throughout; Cat
    watches, then takes a seat; Bob joins, drops out and comes back with his session
    token; the race is played to its end and the ranking is the one the store keeps."""
    db = str(tmp_path / "m.sqlite3")

    async def body() -> tuple[str, list[int]]:
        async with running(FAST, db, games_with_race()) as server:
            ann = await Client.open(server.url, "Ann")
            games = {g["id"]: g for g in ann.welcome["games"]}
            assert games["race"] == RACE.info()
            assert games["race"]["seat_counts"] == [2, 3, 4]
            assert games["alien-city"] == ALIEN_CITY.info()
            joined = await ann.request({"type": "create", "game": "race", "seat": "seat1",
                                        "options": {"players": 4},
                                        "computers": {"seat4": "random"}}, "joined")
            assert joined["seat"] == "seat1" and joined["seat_token"]
            code = joined["match"]
            info = (await ann.expect("sync"))["info"]
            assert info["status"] == "waiting" and info["game"] == "race"
            assert [s["name"] for s in info["seats"]] == ["seat1", "seat2", "seat3", "seat4"]
            assert info["seats"][0] == {"name": "seat1", "label": "Seat 1", "colour": [200, 40, 40]}
            assert [p["name"] for p in info["players"]] == ["Ann", None, None, "Computer (random)"]
            assert info["ranking"] is None and info["resigned"] == []

            dan = await Client.open(server.url, "Dan")
            await dan.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            await dan.expect("sync")
            cat = await Client.open(server.url, "Cat")
            seen = await cat.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            assert seen["role"] == "spectator" and "seat_token" not in seen
            await cat.expect("sync")
            bob = await Client.open(server.url, "Bob")
            taken = await bob.request({"type": "join", "match": code, "seat": "seat4"}, "joined")
            assert taken["code"] == "seat_unavailable"
            assert (await bob.request({"type": "join", "match": code}, "joined"))["seat"] == "seat2"
            await bob.expect("sync")
            # the spectator takes the last free seat: the match starts
            sat = await cat.request({"type": "join", "match": code}, "joined")
            assert sat["role"] == "player" and sat["seat"] == "seat3" and sat["seat_token"]
            sync = await cat.expect("sync")
            assert sync["info"]["status"] == "playing" and sync["info"]["spectators"] == 1
            full = await dan.request({"type": "join", "match": code}, "joined")
            assert full["code"] == "match_full"
            state = RACE.state_from_dict(sync["state"])
            version = sync["version"]
            people = {0: ann, 1: bob, 2: cat}
            audience = [ann, bob, cat, dan]
            rng = random.Random(7)
            while version < 4:
                state, version = await step(state, version, code, people, audience, rng, f"m{version}")
            # Bob drops out; the others are told; the race goes on until it is his turn
            session = bob.session
            await bob.close()
            for c in (ann, cat, dan):
                gone = await c.expect("presence", seat="seat2", online=False)
                assert gone["name"] == "Bob"
            audience.remove(bob)
            away = version
            while state.to_move != 1 and not state.is_over():
                state, version = await step(state, version, code, people, audience, rng, f"m{version}")
            bob = await Client.open(server.url, "Bob", resume=session)
            assert bob.welcome["resumed"]
            assert bob.welcome["seats"] == [{"match": code, "seat": "seat2", "version": version,
                                             "status": "over" if state.is_over() else "playing"}] \
                or state.is_over()
            await bob.request({"type": "join", "match": code, "version": away}, "joined")
            back = await bob.expect("sync")
            assert back["mode"] == "moves" and [m["version"] for m in back["moves"]] == \
                list(range(away + 1, version + 1))
            people[1] = bob
            audience.insert(1, bob)
            while not state.is_over():
                state, version = await step(state, version, code, people, audience, rng, f"m{version}")
            ended = (await expect_all(audience, "ended"))[0]
            assert ended["reason"] == "finished" and ended["version"] == version
            assert ended["ranking"] == list(state.ranking())
            assert ended["winner"] == f"seat{state.ranking().index(1) + 1}"
            assert ended["score"] == state.score()
            record = await dan.request({"type": "get_record", "match": code}, "record")
            assert record["format"] == "race" and "# Seat 1: Ann" in record["record"]
            assert RACE.read_record(record["record"]).state.counters == state.counters
            for c in audience:
                await c.close()
            return code, ended["ranking"]

    code, ranking = run(body)

    async def stored() -> None:
        record = await load(db, code)
        assert record.game == "race" and record.status == "over"
        assert record.ranking == ranking and record.winner == ranking.index(1)
        assert record.seats[3].computer == "random" and record.seats[2].name == "Cat"
        # a restarted server rebuilds the finished match from its steps
        async with running(FAST, db, games_with_race()) as server:
            eve = await Client.open(server.url, "Eve")
            sync = await eve.request({"type": "get_state", "match": code}, "sync")
            assert sync["ended"]["ranking"] == ranking and sync["info"]["ranking"] == ranking
            await eve.close()
    run(stored)


def test_resigning_in_a_multi_seat_game_drops_the_seat_and_the_others_play_on(tmp_path):
    """In a 3-seat race Ann resigns: a 'moved' of kind resign (version + 1), the others
    play on, Ann can no longer move. Bob resigns too: the last seat (the computer) wins,
    the match ends 'resigned' without a new version, and the store keeps the ranking."""
    db = str(tmp_path / "m.sqlite3")

    async def body() -> str:
        async with running(FAST, db, games_with_race()) as server:
            ann = await Client.open(server.url, "Ann")
            code = (await ann.request({"type": "create", "game": "race", "seat": "seat1",
                                       "options": {"players": 3},
                                       "computers": {"seat3": "random"}}, "joined"))["match"]
            await ann.expect("sync")
            bob = await Client.open(server.url, "Bob")
            await bob.request({"type": "join", "match": code}, "joined")
            sync = await bob.expect("sync")
            state, version = RACE.state_from_dict(sync["state"]), sync["version"]
            people, audience, rng = {0: ann, 1: bob}, [ann, bob], random.Random(3)
            while state.to_move != 0:  # Ann resigns on her own turn
                state, version = await step(state, version, code, people, audience, rng, f"m{version}")
            await ann.send({"type": "resign", "match": code})
            left = (await expect_all(audience, "moved", version=version + 1))[0]
            state, events = state.resign(0)
            version += 1
            assert left["kind"] == "resign" and left["seat"] == "seat1" and left["move"] is None
            assert left["events"] == events and left["to_move"] == "seat2"
            info = (await ann.expect("match_info"))["info"]
            while info["resigned"] != ["seat1"]:
                info = (await ann.expect("match_info"))["info"]
            assert info["status"] == "playing"
            refused = await ann.request({"type": "move", "match": code, "version": version,
                                         "mid": "late", "move": "+1"})
            assert refused["code"] == "not_your_turn" and "resigned" in refused["text"]
            again = await ann.request({"type": "resign", "match": code})
            assert again["code"] == "illegal_move" and again["rule"] == "cannot_resign"
            for _ in range(2):
                state, version = await step(state, version, code, {1: bob}, audience, rng,
                                            f"m{version}")
            await bob.send({"type": "resign", "match": code})
            ended = (await expect_all(audience, "ended"))[0]
            assert ended["reason"] == "resigned" and ended["version"] == version
            assert ended["ranking"] == [3, 2, 1] and ended["winner"] == "seat3"
            assert ended["resigned"] == ["seat1", "seat2"]
            for c in audience:
                await c.close()
            return code

    code = run(body)

    async def stored() -> None:
        record = await load(db, code)
        assert record.ranking == [3, 2, 1] and record.end_reason == "resigned"
        assert [m.seat for m in record.moves if m.kind == RESIGN] == [0, 1]
        async with running(FAST, db, games_with_race()) as server:
            eve = await Client.open(server.url, "Eve")
            sync = await eve.request({"type": "get_state", "match": code}, "sync")
            assert sync["info"]["resigned"] == ["seat1", "seat2"]
            assert sync["ended"]["ranking"] == [3, 2, 1]
            assert RACE.state_from_dict(sync["state"]).is_over()
            await eve.close()
    run(stored)


def test_quick_match_starts_when_the_requested_number_of_players_wait():
    """Three-player race requests wait until three are there; a request for any options
    joins the oldest waiting option set; other games and option sets do not mix."""
    async def body() -> None:
        async with running(FAST, games=games_with_race()) as server:
            a, b, c, d, e = [await Client.open(server.url, n) for n in "ABCDE"]
            queued = await a.request({"type": "quick", "game": "race",
                                      "options": {"players": 3}}, "queued")
            assert queued["players"] == 3 and queued["options"] == {"players": 3, "target": 10}
            await b.request({"type": "quick", "game": "race", "options": {"players": 4}}, "queued")
            await c.request({"type": "quick"}, "queued")  # Alien City: does not mix
            # any race: 2 of 3 for A's set, 2 of 4 for B's (also the default): it waits
            assert (await d.request({"type": "quick", "game": "race"}, "queued"))["players"] is None
            await e.send({"type": "quick", "game": "race", "options": {"players": 3}})
            joined = [await x.expect("joined") for x in (a, d, e)]
            assert len({j["match"] for j in joined}) == 1
            assert sorted(j["seat"] for j in joined) == ["seat1", "seat2", "seat3"]
            sync = await e.expect("sync")
            assert sync["info"]["status"] == "playing" and sync["info"]["options"]["players"] == 3
            assert (await b.request({"type": "quick_cancel"}, "quick_cancelled"))["was_queued"]
            assert (await c.request({"type": "quick_cancel"}, "quick_cancelled"))["was_queued"]
            bad = await a.request({"type": "quick", "game": "race", "options": {"players": 9}})
            assert bad["code"] == "bad_options"
            nope = await a.request({"type": "create", "game": "chess"})
            assert nope["code"] == "bad_options" and "race" in nope["text"]
            for x in (a, b, c, d, e):
                await x.close()
    run(body)


def test_computer_seats_are_named_per_seat_and_checked():
    """'computers' fills the seats it names; unknown seats, the creator's own seat, unknown
    levels and both forms at once are refused with a reason."""
    async def body() -> None:
        async with running(FAST, games=games_with_race()) as server:
            ann = await Client.open(server.url, "Ann")
            for message, code in (
                    ({"computers": {"seat9": "random"}}, "bad_options"),
                    ({"computers": {"seat1": "random"}}, "bad_options"),
                    ({"computers": {"seat2": "hard"}}, "bad_options"),
                    ({"computers": {"seat2": 3}}, "bad_message"),
                    ({"computers": {"seat2": "random"}, "computer": "random"}, "bad_message"),
                    ({"seat": "black"}, "seat_unavailable")):
                refused = await ann.request({"type": "create", "game": "race", "seat": "seat1",
                                             "options": {"players": 3}} | message)
                assert refused["type"] == "error" and refused["code"] == code, (message, refused)
            # protocol 1's single 'computer' fills every other seat: the race starts at once
            ok = await ann.request({"type": "create", "game": "race", "seat": "seat2",
                                    "options": {"players": 3}, "computer": "random"}, "joined")
            sync = await ann.expect("sync", match=ok["match"])
            assert sync["info"]["status"] == "playing"
            assert [p["computer"] for p in sync["info"]["players"]] == ["random", None, "random"]
            await ann.close()
    run(body)


def test_bots_play_any_registered_game_and_follow_a_resignation():
    """The headless bot plays the race through the contract: two bots and a person who resigns at
    once; the bots mirror every step (the resignation too) without a desync and finish."""
    async def body() -> None:
        async with running(FAST, games=games_with_race()) as server:
            stats = Stats()
            a, b = (Bot(server.url, name=n, seed=i, stats=stats, game="race",
                        games=games_with_race()) for i, n in enumerate("ab"))
            await a.start()
            await b.start()
            code = await a.create({"players": 3})
            await b.join(code)
            games = asyncio.gather(a.play(), b.play())
            quitter = await Client.open(server.url, "Quinn")
            await quitter.request({"type": "join", "match": code}, "joined")
            await quitter.send({"type": "resign", "match": code})
            ended = (await asyncio.wait_for(games, 30))[0]
            assert ended["reason"] == "finished" and ended["resigned"] == [quitter_seat(a, b)]
            # a move in flight when the resignation made a new version is refused as stale
            # and made again on the new version: that is the protocol, not a fault
            assert stats.desyncs == 0 and all(n.startswith("stale_state") for n in stats.notes), \
                stats.notes
            assert ended["ranking"][a.seat_names.index(quitter_seat(a, b))] == 3
            for c in (a, b, quitter):
                await c.close()
    run(body)


def quitter_seat(a: Bot, b: Bot) -> str:
    """The one seat of three that neither bot holds."""
    return next(s for s in a.seat_names if s not in (a.seat, b.seat))


def test_a_player_away_too_long_in_a_multi_seat_match_is_resigned_by_the_server():
    """With 3+ seats an absent player would hold everyone up: after abandon_after seconds
    away the server resigns the seat (a 'moved' of kind resign). Coming back in time keeps
    the seat; 2-seat matches: tests/server/test_away.py."""
    quick_abandon = replace(FAST, abandon_after=1.5)

    async def body() -> None:
        async with running(quick_abandon, games=games_with_race()) as server:
            ann = await Client.open(server.url, "Ann")
            code = (await ann.request({"type": "create", "game": "race", "seat": "seat1",
                                       "options": {"players": 4},
                                       "computers": {"seat4": "random"}}, "joined"))["match"]
            bob, cat = await Client.open(server.url, "Bob"), await Client.open(server.url, "Cat")
            await bob.request({"type": "join", "match": code}, "joined")
            await cat.request({"type": "join", "match": code}, "joined")
            session = cat.session
            await bob.close()
            await cat.close()  # Cat comes back at once; Bob does not
            cat = await Client.open(server.url, "Cat", resume=session)
            await cat.request({"type": "join", "match": code}, "joined")
            left = await ann.expect("moved", timeout=5)
            while left["kind"] != "resign":  # the computer may move meanwhile
                left = await ann.expect("moved", timeout=5)
            assert left["seat"] == "seat2"
            await asyncio.sleep(0.5)  # past Cat's deadline too, had she not come back
            state = await ann.request({"type": "get_state", "match": code}, "sync")
            assert state["info"]["resigned"] == ["seat2"] and state["info"]["status"] == "playing"
            for c in (ann, cat):
                await c.close()
    run(body)
