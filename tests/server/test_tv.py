"""TV over a real loopback server (docs/protocol.md, *TV*): the best live match of a
game, the next one after its end, waiting while none is live, and refusals."""

from __future__ import annotations

from shared.online.ratings import DISPLAY_SCALE, MU
from shared.wire import PROTOCOL_VERSION

from .helpers import Client, pair, run, running, watch
from .test_names_ratings import registered


def set_rating(server, name: str, display: int, game: str = "alien-city", seats: int = 2) -> None:
    """Give a registered player a rating in a pool (as many rated matches would)."""
    accounts = server.lobby.online.accounts
    player = accounts.find(name)
    accounts._db.execute("INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (player.id, game, seats, MU + (display - 1500) / DISPLAY_SCALE, 1.0, 30, 0.0))
    accounts._db.commit()


async def rated_match(url: str, black: str, white: str) -> tuple[Client, Client, str]:
    """Two registered players seated in a new rated Alien City match."""
    a, _ = await registered(url, black)
    b, _ = await registered(url, white)
    code = (await a.request({"type": "create", "seat": "black", "rated": True}, "joined"))["match"]
    await b.request({"type": "join", "match": code}, "joined")
    await a.expect("sync")
    await b.expect("sync")
    return a, b, code


async def tune_in(client: Client, game: str = "alien-city") -> dict:
    """``tv`` answered; when it names a match, its spectator join and sync arrive too."""
    answer = await client.request({"type": "tv", "game": game}, "tv")
    assert answer["type"] == "tv", answer
    if answer["match"] is not None:
        joined = await client.expect("joined", match=answer["match"])
        assert joined["role"] == "spectator" and joined.get("rid") is None
        await client.expect("sync", match=answer["match"])
    return answer


def test_tv_shows_the_best_match_then_the_next_after_each_end():
    """Rated before unrated (even one watched more), higher mean rating first; each end
    pushes the next match, asking again moves the spectator there; at the last end the
    push says none is live."""
    async def body() -> None:
        async with running() as server:
            low = await rated_match(server.url, "Cyd", "Dora")
            high = await rated_match(server.url, "Ava", "Ben")
            guests = await pair(server.url)
            fan, _ = await watch(server.url, guests[2], "Fan")  # watched, but unrated
            for name, rating in (("Ava", 1900), ("Ben", 1700), ("Cyd", 1600), ("Dora", 1500)):
                set_rating(server, name, rating)
            eve = await Client.open(server.url, "Eve")
            answer = await tune_in(eve)
            assert answer["match"] == high[2] and answer["rated"] is True
            assert answer["rating"] == 1800 and answer["after"] is None
            assert [(p["name"], p["rating"], p["label"]) for p in answer["players"]] == \
                [("Ava", 1900, "1900"), ("Ben", 1700, "1700")]

            for black, _white, code in (high, low):  # each ends: the push names the next
                await black.request({"type": "resign", "match": code}, "ok")
                await eve.expect("ended", match=code)
                push = await eve.expect("tv")
                assert push.get("rid") is None and push["after"] == code
                nxt = low[2] if code == high[2] else guests[2]
                assert push["match"] == nxt
                assert (await tune_in(eve))["match"] == nxt
                left = server.lobby.matches.get(code)  # asking again left the ended match
                assert left is None or not left.spectators_here()
            assert eve.ws.protocol.state.name == "OPEN"
            info = (await eve.expect("match_info", match=guests[2]))["info"]
            assert info["spectators"] == 2  # Fan and Eve: TV watches as a spectator
            await guests[0].request({"type": "resign", "match": guests[2]}, "ok")
            await eve.expect("ended", match=guests[2])
            last = await eve.expect("tv")
            assert last["match"] is None and last["players"] is None and last["after"] == guests[2]
            for c in (*low[:2], *high[:2], *guests[:2], fan, eve):
                await c.close()
    run(body)


def test_tv_waits_while_no_match_is_live_and_says_when_one_starts():
    """No live match: ``match`` nil, and a push when one of that game starts (not for
    another game's, not for a private one); ties go to the room code."""
    async def body() -> None:
        async with running() as server:
            eve = await Client.open(server.url, "Eve")
            answer = await tune_in(eve, "city-blocks")
            assert answer["match"] is None and answer["players"] is None
            await pair(server.url, public=False)  # private: never on TV
            other = await pair(server.url)  # another game
            cb = await Client.open(server.url, "Cy")
            made = await cb.request({"type": "create", "game": "city-blocks", "seat": "blue",
                                     "computer": "random"}, "joined")
            push = await eve.expect("tv")
            assert push["match"] == made["match"] and push["game"] == "city-blocks"
            assert push.get("rid") is None and push["rated"] is False
            computers = [p for p in push["players"] if p["computer"] == "random"]
            assert computers and all(p["rating"] == 1000 for p in computers)  # measured level
            assert [p["rating"] for p in push["players"] if p["computer"] is None] == [None]
            # a push only informs: asking again attaches
            assert not [m for m in eve.inbox if m["type"] == "joined"]
            assert (await tune_in(eve, "city-blocks"))["match"] == made["match"]

            # ties (no ratings, no spectators) go to the first room code
            friends = [await pair(server.url) for _ in range(3)]
            ann = await Client.open(server.url, "Ann")
            first = min(code for _b, _w, code in [other, *friends])
            assert (await tune_in(ann))["match"] == first
            off = await ann.request({"type": "tv", "game": "alien-city", "on": False}, "tv")
            assert off["on"] is False and off["match"] is None
            black, _white, code = next(f for f in [other, *friends] if f[2] == first)
            await black.request({"type": "resign", "match": code}, "ok")
            await ann.expect("ended", match=code)  # still watching, but no longer following
            assert (await ann.request({"type": "ping"}, "pong"))["type"] == "pong"
            assert not [m for m in ann.inbox if m["type"] == "tv"]
    run(body)


def test_a_malformed_or_unknown_tv_gets_a_clear_error_and_the_connection_stays():
    async def body() -> None:
        async with running() as server:
            raw = await Client.open(server.url, None)
            early = await raw.request({"type": "tv", "game": "alien-city"})
            assert early["code"] == "hello_first"
            await raw.request({"type": "hello", "v": PROTOCOL_VERSION, "name": "Mal"}, "welcome")
            for message, code, words in (
                    ({"type": "tv"}, "bad_message", "'tv' needs the field 'game'"),
                    ({"type": "tv", "game": 7}, "bad_message", "'game' must be text"),
                    ({"type": "tv", "game": "x" * 33}, "bad_message", "'game' must be 1 to 32"),
                    ({"type": "tv", "game": "alien\u200bcity"}, "bad_message", "U+200B"),
                    ({"type": "tv", "game": "alien-city", "on": "yes"}, "bad_message", "'on'"),
                    ({"type": "tv", "game": "alien-city", "match": "K7QXAD"}, "bad_message",
                     "unknown field 'match'"),
                    ({"type": "tv", "game": "chess"}, "bad_options", "no game 'chess'")):
                answer = await raw.request(message)
                assert answer["type"] == "error" and answer["code"] == code, (message, answer)
                assert words in answer["text"], (message, answer)
            assert (await raw.request({"type": "ping"}, "pong"))["type"] == "pong"
            assert (await tune_in(raw))["match"] is None  # still usable
    run(body)
