"""Names, rated matches, leaderboards, profiles and the archive over a real loopback
server (docs/protocol.md, *Names and ratings*)."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

from server.matchmaking import RANGE_OPEN_S, rating_window
from shared.online.ratings import DISPLAY_SCALE, MU, Rating
from shared.wire import PROTOCOL_VERSION

from .helpers import FAST, Client, run, running
from .race import games_with_race


async def hello(url: str, name: str, key: str | None = None) -> tuple[Client, dict]:
    """A client that said hello (with ``key``: signing in); the answer, welcome or error."""
    client = await Client.open(url, None)
    message = {"type": "hello", "v": PROTOCOL_VERSION, "name": name}
    if key is not None:
        message["key"] = key
    answer = await client.request(message, "welcome")
    if answer["type"] == "welcome":
        client.session, client.welcome = answer["session"], answer
    return client, answer


async def registered(url: str, name: str) -> tuple[Client, str]:
    """A new client that registered ``name``: (client, its key)."""
    client = await Client.open(url, "guest " + name)
    answer = await client.request({"type": "register", "name": name})
    assert answer["type"] == "registered" and answer["name"] == name, answer
    return client, answer["key"]


async def rated_pair(url: str, game: str = "alien-city") -> tuple[Client, Client, str]:
    """Ada (black) and Bob, both registered, seated in a new rated match."""
    ada, _ = await registered(url, "Ada")
    bob, _ = await registered(url, "Bob")
    created = await ada.request({"type": "create", "game": game, "seat": "black",
                                 "rated": True}, "joined")
    code = created["match"]
    await bob.request({"type": "join", "match": code}, "joined")
    sync = await bob.expect("sync")
    assert sync["info"]["rated"] is True
    await ada.expect("sync")
    return ada, bob, code


def test_register_sign_in_and_refusals():
    """A name is registered once and proven by its key: the right key signs in, a wrong
    one is refused, a guest cannot take the name or a lookalike, bad names say why."""
    async def body() -> None:
        async with running() as server:
            ada, key = await registered(server.url, "Ada")
            again, welcome = await hello(server.url, "Ada", key)
            assert welcome["type"] == "welcome" and welcome["signed_in"] is True
            assert welcome["name"] == "Ada"
            _, wrong = await hello(server.url, "Ada", key[:-2] + "xx")
            assert wrong["code"] == "sign_in_failed"
            impostor, taken = await hello(server.url, "AdA")  # a guest: refused ...
            assert taken["code"] == "name_taken"
            retry = await impostor.request({"type": "hello", "v": PROTOCOL_VERSION,
                                            "name": "Eve"})  # ... and may try another name
            assert retry["type"] == "welcome" and retry["signed_in"] is False
            for name, code in (("Аda", "name_taken"),  # Cyrillic А
                               ("x" * 21, "name_too_long"), ("x" * 40, "name_too_long"),
                               ("a", "name_too_short"), ("Bo\u200bb", "name_invisible"),
                               ("Bob!", "name_characters"), ("", "name_empty")):
                answer = await impostor.request({"type": "register", "name": name})
                assert answer["type"] == "error" and answer["code"] == code, (name, answer)
            for client in (ada, again, impostor):
                await client.close()
    run(body)


def test_a_transfer_code_moves_a_name_and_the_old_key_stops_working():
    async def body() -> None:
        async with running() as server:
            guest = await Client.open(server.url, "Someone")
            refused = await guest.request({"type": "transfer_start"})
            assert refused["code"] == "not_signed_in"
            ada, old_key = await registered(server.url, "Ada")
            transfer = await ada.request({"type": "transfer_start"})
            assert transfer["type"] == "transfer" and transfer["expires_in"] == 900
            other = await Client.open(server.url, "New laptop")
            bad = await other.request({"type": "transfer_redeem", "name": "Ada", "code": "O0O"})
            assert bad["code"] == "transfer_malformed"
            wrong = await other.request({"type": "transfer_redeem", "name": "Ada",
                                         "code": "2222-2222-22"})
            assert wrong["code"] == "transfer_refused"
            moved = await other.request({"type": "transfer_redeem", "name": "ada",
                                         "code": transfer["code"].lower()})
            assert moved["type"] == "registered" and moved["name"] == "Ada"
            assert moved["key"] != old_key
            _, stale = await hello(server.url, "Ada", old_key)
            assert stale["code"] == "sign_in_failed"
            _, fresh = await hello(server.url, "Ada", moved["key"])
            assert fresh["type"] == "welcome" and fresh["signed_in"]
    run(body)


def test_a_rated_match_changes_both_ratings_and_is_archived(tmp_path):
    """Bob resigns a rated match: 'ended' carries both changes (Ada up, Bob down); after a
    restart the leaderboard, Ada's profile, the archive and the record still say so."""
    db = str(tmp_path / "m.sqlite3")

    async def body() -> str:
        async with running(FAST, db) as server:
            ada, bob, code = await rated_pair(server.url)
            assert (await bob.request({"type": "resign", "match": code}, "ok"))["type"] == "ok"
            ended = await ada.expect("ended")
            assert ended["rated"] is True and ended["winner"] == "black"
            up, down = ended["ratings"]
            assert up["seat"] == "black" and up["before"] == 1500 and up["change"] > 0
            assert down["seat"] == "white" and down["change"] < 0 and down["label"].endswith("?")
            return code

    code = run(body)

    async def after() -> None:
        async with running(FAST, db) as server:
            reader = await Client.open(server.url, "Reader")
            board = await reader.request({"type": "leaderboard", "game": "alien-city",
                                          "provisional": True})
            assert [row["name"] for row in board["rows"]] == ["Ada", "Bob"]
            assert board["seats"] == 2 and board["rows"][0]["rank"] == 1 and not board["more"]
            assert (await reader.request({"type": "leaderboard", "game": "alien-city"}))["rows"] == []
            profile = await reader.request({"type": "profile", "name": "ada"})
            assert profile["name"] == "Ada"
            pool, = profile["ratings"]
            assert (pool["game"], pool["seats"], pool["games"]) == ("alien-city", 2, 1)
            assert [p["match"] for p in pool["history"]] == [code]
            assert pool["history"][0]["rating"] == pool["rating"] > 1500
            assert 0 < pool["sigma"] < 250  # one match taught something: below a newcomer's
            assert board["rows"][0]["sigma"] == pool["sigma"]
            assert [m["match"] for m in profile["recent"]] == [code]
            archive = await reader.request({"type": "archive", "player": "Bob"})
            listed, = archive["matches"]
            assert listed["match"] == code and listed["rated"] and listed["ranking"] == [1, 2]
            assert [p["name"] for p in listed["players"]] == ["Ada", "Bob"]
            assert listed["players"][1]["rating"]["change"] < 0
            assert listed["clock"] is None  # untimed
            record = await reader.request({"type": "get_record", "match": code}, "record")
            assert "Rated: yes" in record["record"] and "Result: Black 1, White 2" in record["record"]
            unknown = await reader.request({"type": "profile", "name": "Nobody"})
            assert unknown["code"] == "unknown_player"
            await reader.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            sync = await reader.expect("sync")  # the changes, read back from the archive
            assert [r["change"] > 0 for r in sync["ended"]["ratings"]] == [True, False]
    run(after)


def test_who_may_play_rated(monkeypatch):
    """Guests cannot create, queue for or join rated matches; a computer level whose
    strength was never measured never plays one (here Expert, its measure hidden: every
    level the game ships is measured); an unrated match with the same players changes no
    rating."""
    import server.accounts_commands as commands
    measured = commands.level_ratings
    monkeypatch.setattr(commands, "level_ratings",
                        lambda spec: {level: r for level, r in measured(spec).items() if level != "expert"})
    async def body() -> None:
        async with running() as server:
            guest = await Client.open(server.url, "Guest")
            for kind in ("create", "quick"):
                refused = await guest.request({"type": kind, "rated": True})
                assert refused["code"] == "not_signed_in", refused
            ada, _ = await registered(server.url, "Ada")
            computer = await ada.request({"type": "create", "rated": True, "computer": "expert"})
            assert computer["code"] == "bad_options"
            code = (await ada.request({"type": "create", "rated": True}, "joined"))["match"]
            joined = await guest.request({"type": "join", "match": code})
            assert joined["code"] == "not_signed_in"
            # unrated: no rating change, but archived
            bob, _ = await registered(server.url, "Bob")
            casual = (await bob.request({"type": "create", "seat": "black"}, "joined"))["match"]
            await guest.request({"type": "join", "match": casual}, "joined")
            await guest.request({"type": "resign", "match": casual}, "ok")
            ended = await bob.expect("ended")
            assert ended["rated"] is False and ended["ratings"] is None
            board = await bob.request({"type": "leaderboard", "game": "alien-city",
                                       "provisional": True})
            assert board["rows"] == []
            private = (await bob.request({"type": "create", "seat": "black", "public": False},
                                         "joined"))["match"]
            await guest.request({"type": "join", "match": private}, "joined")
            await guest.request({"type": "resign", "match": private}, "ok")
            await bob.expect("ended", match=private)
            archive = await bob.request({"type": "archive"})  # the private one is not listed
            assert [m["match"] for m in archive["matches"]] == [casual]
            assert [p["registered"] for p in archive["matches"][0]["players"]] == [True, False]
    run(body)


def test_rated_quick_matches_meet_only_rated_requests():
    async def body() -> None:
        async with running() as server:
            guest = await Client.open(server.url, "Guest")
            ada, _ = await registered(server.url, "Ada")
            bob, _ = await registered(server.url, "Bob")
            queued = await guest.request({"type": "quick"})
            assert queued["type"] == "queued" and queued["rated"] is False
            queued = await ada.request({"type": "quick", "rated": True})
            assert queued["type"] == "queued" and queued["rated"] is True
            joined = await bob.request({"type": "quick", "rated": True}, "joined")
            assert (await bob.expect("sync"))["info"]["rated"] is True
            assert (await ada.expect("joined"))["match"] == joined["match"]
    run(body)


def test_three_seats_rated_resignations_place_the_first_to_leave_last():
    """A rated 3-seat race: Ann resigns, then Bob: Cat wins, Bob is second, Ann third,
    each in the 3-seat pool of the game."""
    async def body() -> None:
        async with running(FAST, ":memory:", games_with_race()) as server:
            ann, _ = await registered(server.url, "Ann")
            bob, _ = await registered(server.url, "Bob")
            cat, _ = await registered(server.url, "Cat")
            code = (await ann.request({"type": "create", "game": "race", "seat": "seat1",
                                       "options": {"players": 3}, "rated": True},
                                      "joined"))["match"]
            await bob.request({"type": "join", "match": code, "seat": "seat2"}, "joined")
            await cat.request({"type": "join", "match": code, "seat": "seat3"}, "joined")
            await ann.request({"type": "resign", "match": code}, "ok")
            await bob.request({"type": "resign", "match": code}, "ok")
            ended = await cat.expect("ended")
            ann_r, bob_r, cat_r = ended["ratings"]
            assert ended["ranking"] == [3, 2, 1]
            assert cat_r["change"] > bob_r["change"] > ann_r["change"] and ann_r["change"] < 0
            board = await cat.request({"type": "leaderboard", "game": "race", "seats": 3,
                                       "provisional": True})
            assert [row["name"] for row in board["rows"]] == ["Cat", "Bob", "Ann"]
            other = await cat.request({"type": "leaderboard", "game": "race", "seats": 4,
                                       "provisional": True})
            assert other["rows"] == []
    run(body)


def test_a_match_over_in_the_store_but_not_rated_is_rated_at_start(tmp_path):
    """The server stopped between storing the last step and rating: the next start
    finds the archive row still open and the match over, and rates it then."""
    db = str(tmp_path / "m.sqlite3")

    async def body() -> str:
        async with running(FAST, db) as server:
            ada, bob, code = await rated_pair(server.url)
            await bob.request({"type": "resign", "match": code}, "ok")
            await ada.expect("ended")
            return code

    code = run(body)
    with sqlite3.connect(db) as raw:  # undo the rating transaction, as if it never ran
        raw.execute("UPDATE archive SET finished = 0, ratings = NULL WHERE code = ?", (code,))
        raw.execute("DELETE FROM rating_history")
        raw.execute("DELETE FROM ratings")

    async def after() -> None:
        async with running(FAST, db) as server:
            reader = await Client.open(server.url, "Reader")
            board = await reader.request({"type": "leaderboard", "game": "alien-city",
                                          "provisional": True})
            assert [(r["name"], r["games"]) for r in board["rows"]] == [("Ada", 1), ("Bob", 1)]
            archive = await reader.request({"type": "archive", "game": "alien-city"})
            assert [m["match"] for m in archive["matches"]] == [code]
    run(after)


def test_a_server_without_accounts_says_so_and_guests_play():
    async def body() -> None:
        async with running() as server:
            server.lobby.online.accounts.close()
            server.lobby.online.accounts = None  # as on a cluster node
            guest = await Client.open(server.url, "Guest")
            for message in ({"type": "register", "name": "Ada"}, {"type": "archive"},
                            {"type": "leaderboard", "game": "alien-city"},
                            {"type": "create", "rated": True}):
                assert (await guest.request(message))["code"] == "no_accounts", message
            _, answer = await hello(server.url, "Ada", "some key")
            assert answer["code"] == "no_accounts"
    run(body)


def test_accounts_live_in_the_store_file_unless_given_their_own(tmp_path):
    """By default the names are tables of the match store's file; ``accounts`` puts them
    in a file of their own (``serve --accounts``)."""
    from server.app import start_server

    async def body() -> None:
        for accounts, where in (("", tmp_path / "m.sqlite3"),
                                (str(tmp_path / "names.sqlite3"), tmp_path / "names.sqlite3")):
            server = await start_server("127.0.0.1", 0, str(tmp_path / "m.sqlite3"), FAST,
                                        accounts=accounts)
            try:
                await registered(server.url, f"Ada{len(accounts)}")
            finally:
                await server.close()
            with sqlite3.connect(where) as raw:
                names = [n for (n,) in raw.execute("SELECT display FROM players")]
            assert names == [f"Ada{len(accounts)}"], (accounts, names)
    run(body)


def test_the_rematch_of_a_rated_match_is_rated():
    async def body() -> None:
        async with running() as server:
            ada, bob, code = await rated_pair(server.url)
            await bob.request({"type": "resign", "match": code}, "ok")
            await ada.request({"type": "rematch", "match": code}, "ok")
            done = await bob.request({"type": "rematch", "match": code}, "ok")
            new = done["new_match"]
            sync = await bob.expect("sync", match=new)
            assert sync["info"]["rated"] is True
            assert [p["name"] for p in sync["info"]["players"]] == ["Bob", "Ada"]
            await ada.request({"type": "resign", "match": new}, "ok")
            ended = await bob.expect("ended", match=new)
            assert [r["seat"] for r in ended["ratings"]] == ["black", "white"]
            assert ended["ratings"][0]["change"] > 0 and ended["ratings"][1]["games"] == 2
    run(body)


def test_a_rated_match_against_a_measured_computer_level_rates_the_person_only():
    """City Blocks ships measured levels: a rated match against 'easy' changes Ada's
    rating against the level's fixed one; the computer's stays as measured."""
    async def body() -> None:
        async with running() as server:
            ada, _ = await registered(server.url, "Ada")
            created = await ada.request({"type": "create", "game": "city-blocks",
                                         "options": {"players": 2}, "rated": True,
                                         "computer": "easy"}, "joined")
            code, mine = created["match"], created["seat"]
            sync = await ada.expect("sync")
            assert sync["info"]["rated"] is True and sync["info"]["status"] == "playing"
            await ada.request({"type": "resign", "match": code}, "ok")
            ended = await ada.expect("ended")
            person, = [r for r in ended["ratings"] if r["seat"] == mine]
            computer, = [r for r in ended["ratings"] if r["seat"] != mine]
            assert person["before"] == 1500 and person["change"] < 0
            assert computer["change"] == 0 and computer["before"] == 1529  # easy, as measured
            board = await ada.request({"type": "leaderboard", "game": "city-blocks",
                                       "seats": 2, "provisional": True})
            assert [row["name"] for row in board["rows"]] == ["Ada"]
    run(body)


def test_one_address_registers_a_few_names_an_hour():
    """Names are free: past 5 an hour from one address, register is rate limited."""
    async def body() -> None:
        async with running(replace(FAST, ip_exempt_loopback=False)) as server:
            client = await Client.open(server.url, "Guest")
            for i in range(5):
                answer = await client.request({"type": "register", "name": f"Name{i}"})
                assert answer["type"] == "registered", answer
            answer = await client.request({"type": "register", "name": "Name5"})
            assert answer["code"] == "rate_limited" and answer["scope"] == "address"
    run(body)


def test_rated_quick_requests_meet_within_a_rating_window_that_widens():
    """Ada (1900) and Bob (a newcomer, 1500) ask for a rated quick match: 400 points apart,
    they wait; the server looks again as their windows widen (200 points, 100 more every
    15 s waited) and pairs them once both reach 400. A casual request meets anyone."""
    async def body() -> None:
        async with running() as server:
            ada, _ = await registered(server.url, "Ada")
            bob, _ = await registered(server.url, "Bob")
            accounts = server.lobby.online.accounts
            strong = Rating(MU + 400 / DISPLAY_SCALE, 2.0, 30)
            accounts._db.execute(
                "INSERT INTO ratings (player, game, seats, mu, sigma, games, updated) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (accounts.find("Ada").id, "alien-city", 2, strong.mu, strong.sigma, strong.games, 0.0))
            assert (await ada.request({"type": "quick", "rated": True}))["type"] == "queued"
            assert (await bob.request({"type": "quick", "rated": True}))["type"] == "queued"
            maker = server.lobby.maker
            start = max(e.since for e in maker.queue)
            assert [e.rating for e in maker.queue] == [1900.0, 1500.0]
            assert await maker.widen(start + 20) == 0  # 300 points each way: not yet
            assert await maker.widen(start + 30) == 1  # 400: they meet
            joined = await bob.expect("joined")
            assert (await ada.expect("joined"))["match"] == joined["match"]
            assert maker.queue == []
    run(body)


def test_the_rating_window_widens_then_opens():
    assert [rating_window(s) for s in (0, 14.9, 15, 44, 45, 89)] == [200, 200, 300, 400, 500, 700]
    assert rating_window(RANGE_OPEN_S) == float("inf")
