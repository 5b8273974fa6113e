"""The away rule of 2-seat matches (docs/protocol.md, *Leaving*), its countdown
(``abandon_in`` in presence and match info), and waiting matches that expire."""

from __future__ import annotations

import asyncio
import dataclasses

from .helpers import FAST, Client, pair, run, running

AWAY = dataclasses.replace(FAST, abandon_after=0.6)


async def come_back(url: str, name: str, session: str, code: str) -> Client:
    """A player's new connection: resume the session, rejoin the match."""
    client = await Client.open(url, name, resume=session)
    await client.request({"type": "join", "match": code}, "joined")
    return client


def test_the_opponent_who_waits_wins_when_the_other_never_comes_back():
    async def body():
        async with running(AWAY) as server:
            black, white, code = await pair(server.url)
            black.drain("presence")
            await white.close()
            gone = await black.expect("presence", online=False)
            assert gone["seat"] == "white" and 0 < gone["abandon_in"] <= 0.6
            info = await black.request({"type": "get_state", "match": code}, "sync")
            clocks = {p["seat"]: p["abandon_in"] for p in info["info"]["players"]}
            assert clocks["black"] is None and 0 <= clocks["white"] <= 0.6
            ended = await black.expect("ended", timeout=5)
            assert ended["reason"] == "resigned" and ended["winner"] == "black"
            assert ended["resigned"] == ["white"]
    run(body)


def test_coming_back_in_time_stops_the_clock():
    async def body():
        async with running(AWAY) as server:
            black, white, code = await pair(server.url)
            await white.close()
            await black.expect("presence", online=False)
            white = await come_back(server.url, "Bob", white.session, code)
            back = await black.expect("presence", online=True)
            assert back["abandon_in"] is None
            await asyncio.sleep(1.0)
            state = await black.request({"type": "get_state", "match": code}, "sync")
            assert state["info"]["status"] == "playing"
            assert all(p["abandon_in"] is None for p in state["info"]["players"])
    run(body)


def test_both_away_the_first_back_wins_once_the_others_clock_ran_out():
    async def body():
        async with running(AWAY) as server:
            black, white, code = await pair(server.url)
            for client in (white, black):
                await client.close()
            await asyncio.sleep(1.0)  # both clocks ran out; nobody was there to wait
            assert server.lobby.matches[code].status == "playing"
            black = await come_back(server.url, "Ada", black.session, code)
            ended = await black.expect("ended", timeout=5)
            assert ended["winner"] == "black" and ended["resigned"] == ["white"]
    run(body)


def test_a_person_playing_the_computer_is_never_resigned():
    async def body():
        async with running(AWAY) as server:
            ada = await Client.open(server.url, "Ada")
            code = (await ada.request({"type": "create", "computer": "random"}, "joined"))["match"]
            await ada.expect("sync")
            await ada.close()
            await asyncio.sleep(1.0)
            eve = await Client.open(server.url, "Eve")
            seen = await eve.request({"type": "get_state", "match": code}, "sync")
            assert seen["info"]["status"] == "playing" and seen["info"]["resigned"] == []
    run(body)


def test_waiting_matches_nobody_joined_expire():
    """After waiting_expiry a waiting match is cancelled (end_reason expired): its
    creator is told, the lobby drops it, and it can no longer be joined."""
    limits = dataclasses.replace(FAST, waiting_expiry=0.4)

    async def body():
        async with running(limits) as server:
            ada = await Client.open(server.url, "Ada")
            watcher = await Client.open(server.url, "Lou")
            await watcher.request({"type": "watch_lobby", "on": True}, "lobby")
            code = (await ada.request({"type": "create", "public": True}, "joined"))["match"]
            info = await ada.expect("match_info", timeout=5, match=code)
            while info["info"]["status"] != "cancelled":
                info = await ada.expect("match_info", timeout=5, match=code)
            assert info["info"]["end_reason"] == "expired"
            gone = await watcher.expect("lobby_gone", timeout=5)
            assert gone == {"type": "lobby_gone", "match": code, "status": "cancelled"}
            assert code not in server.lobby.matches
            bob = await Client.open(server.url, "Bob")
            refused = await bob.request({"type": "join", "match": code})
            assert refused["code"] == "game_over" and "expired" in refused["text"]
            again = await ada.request({"type": "create"}, "joined")  # allowance given back
            assert again["type"] == "joined"
    run(body)
