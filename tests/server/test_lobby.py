"""Lobby, quick match, room codes, limits, leaving, resigning and rematches."""

from __future__ import annotations

from server.connection import Limits

from .helpers import FAST, Client, pair, run, running, watch


def test_lobby_lists_public_matches_live_and_hides_private_ones():
    """Watchers get the list, then updates as matches are made, filled and cancelled."""
    async def body():
        async with running() as server:
            watcher = await Client.open(server.url, "Lobbyist")
            ada = await Client.open(server.url, "Ada")
            secret = await ada.request({"type": "create", "public": False}, "joined")
            listing = await watcher.request({"type": "watch_lobby", "on": True}, "lobby")
            assert listing["matches"] == []
            shown = await ada.request({"type": "create", "public": True, "seat": "white",
                                       "options": {"edition": 2002, "location_bonus": True}}, "joined")
            update = (await watcher.expect("lobby_update"))["match"]
            assert update["code"] == shown["match"] and update["status"] == "waiting"
            assert update["ruleset"] == "2002+location" and update["public"] is True
            assert update["players"] == [
                {"seat": "black", "name": None, "online": False, "computer": None, "abandon_in": None},
                {"seat": "white", "name": "Ada", "online": True, "computer": None, "abandon_in": None}]
            bob = await Client.open(server.url, "Bob")
            await bob.request({"type": "join", "match": shown["match"].lower()}, "joined")
            while (await watcher.expect("lobby_update"))["match"]["status"] != "playing":
                pass
            # a private match can still be joined by its code
            eve = await Client.open(server.url, "Eve")
            joined = await eve.request({"type": "join", "match": secret["match"]}, "joined")
            assert joined["role"] == "player"
            assert all(u["match"]["code"] != secret["match"] for u in watcher.drain("lobby_update"))
            left = await ada.request({"type": "create"}, "joined")
            await watcher.expect("lobby_update")
            cancel = await ada.request({"type": "leave", "match": left["match"]}, "left")
            assert cancel["cancelled"] is True
            gone = await watcher.expect("lobby_gone")
            assert gone["match"] == left["match"] and gone["status"] == "cancelled"
            off = await watcher.request({"type": "watch_lobby", "on": False}, "lobby")
            assert off["matches"] is None
            for c in (watcher, ada, bob, eve):
                await c.close()
    run(body)


def test_quick_match_pairs_two_players_who_ask_for_any_opponent():
    """Two quick requests become one match with one player on each seat."""
    async def body():
        async with running() as server:
            ada = await Client.open(server.url, "Ada")
            bob = await Client.open(server.url, "Bob")
            queued = await ada.request({"type": "quick"}, "queued")
            assert queued["type"] == "queued"
            cancelled = await ada.request({"type": "quick_cancel"}, "quick_cancelled")
            assert cancelled["was_queued"] is True
            await ada.request({"type": "quick", "options": {"edition": 2002}}, "queued")
            await bob.send({"type": "quick"})
            a, b = await ada.expect("joined"), await bob.expect("joined")
            assert a["match"] == b["match"] and {a["seat"], b["seat"]} == {"black", "white"}
            sync = await bob.expect("sync")
            assert sync["info"]["options"]["edition"] == 2002 and sync["info"]["status"] == "playing"
            for c in (ada, bob):
                await c.close()
    run(body)


def test_a_connection_may_create_only_a_few_unfinished_matches():
    """Past the limit: too_many_matches; leaving one frees a place."""
    async def body():
        async with running(Limits(rate=1000, burst=1000, max_created=2)) as server:
            ada = await Client.open(server.url, "Ada")
            first = await ada.request({"type": "create"}, "joined")
            await ada.request({"type": "create"}, "joined")
            refused = await ada.request({"type": "create"}, "joined")
            assert refused["type"] == "error" and refused["code"] == "too_many_matches"
            await ada.request({"type": "leave", "match": first["match"]}, "left")
            assert (await ada.request({"type": "create"}, "joined"))["type"] == "joined"
            await ada.close()
    run(body)


def test_chat_has_a_length_and_a_rate_limit():
    """Long lines are refused as bad_message, fast ones as rate_limited (scope chat)."""
    async def body():
        async with running(Limits(rate=1000, burst=1000, chat_rate=0.01, chat_burst=2)) as server:
            black, white, code = await pair(server.url)
            too_long = await black.request({"type": "chat", "match": code, "text": "z" * 201})
            assert too_long["code"] == "bad_message"
            for _ in range(2):
                await black.send({"type": "chat", "match": code, "text": "hi"})
                await white.expect("chat")
            limited = await black.request({"type": "chat", "match": code, "text": "hi"})
            assert limited["code"] == "rate_limited" and limited["scope"] == "chat"
            for c in (black, white):
                await c.close()
    run(body)


def test_resign_then_rematch_by_agreement_swaps_seats():
    """Resigning ends the match for all; both offering a rematch starts one, seats swapped."""
    async def body():
        async with running(FAST) as server:
            black, white, code = await pair(server.url)
            spectator, _ = await watch(server.url, code)
            early = await black.request({"type": "rematch", "match": code})
            assert early["code"] == "not_over"
            await black.send({"type": "resign", "match": code})
            for c in (black, white, spectator):
                ended = await c.expect("ended")
                assert ended["reason"] == "resigned" and ended["winner"] == "white"
                assert "players" in ended["score"]
            record = await spectator.request({"type": "get_record", "match": code}, "record")
            assert "Termination: Black resigned" in record["record"]
            await black.send({"type": "rematch", "match": code})
            offer = await white.expect("rematch_offer")
            assert offer["seat"] == "black"
            await white.send({"type": "rematch", "match": code})
            started = await spectator.expect("rematch_started")
            new = started["new_match"]
            b2, w2 = await black.expect("joined", match=new), await white.expect("joined", match=new)
            assert b2["seat"] == "white" and w2["seat"] == "black"
            assert b2["seat_token"] and w2["seat_token"]
            sync = await w2_sync(white, new)
            assert sync["info"]["status"] == "playing"
            assert [p["name"] for p in sync["info"]["players"]] == ["Bob", "Ada"]
            for c in (black, white, spectator):
                await c.close()
    run(body)


async def w2_sync(client: Client, code: str) -> dict:
    return await client.expect("sync", match=code)
