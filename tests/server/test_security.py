"""Nobody acts for a player without the seat's secret; secrets are never shown to others."""

from __future__ import annotations

import secrets

from server.matchmaking import CODE_ALPHABET

from .helpers import Client, pair, run, running, watch


def test_stranger_with_a_guessed_token_gets_nothing():
    """Guessed seat and session tokens open no seat; the stranger cannot move or resign."""
    async def body():
        async with running() as server:
            black, white, code = await pair(server.url)
            stranger = await Client.open(server.url, "Mallory", resume=secrets.token_urlsafe(24))
            assert stranger.welcome["resumed"] is False and stranger.welcome["seats"] == []
            for guess in (secrets.token_urlsafe(24), "", "a", black.session or "x"):
                if not guess:
                    continue
                answer = await stranger.request({"type": "join", "match": code, "seat_token": guess})
                assert answer["type"] == "error" and answer["code"] == "bad_token"
            full = await stranger.request({"type": "join", "match": code, "as": "player"})
            assert full["code"] == "match_full"
            for action in ({"type": "move", "match": code, "version": 0, "mid": 1, "move": "pass"},
                           {"type": "resign", "match": code}, {"type": "rematch", "match": code},
                           {"type": "chat", "match": code, "text": "hi"}):
                assert (await stranger.request(action))["code"] == "not_seated"
            spectator, _ = await watch(server.url, code)
            assert (await spectator.request({"type": "resign", "match": code}))["code"] == "not_seated"
            info = await spectator.request({"type": "get_state", "match": code}, "sync")
            assert info["info"]["status"] == "playing"
            for c in (black, white, stranger, spectator):
                await c.close()
    run(body)


def test_tokens_are_long_random_and_never_sent_to_others():
    """Seat tokens carry at least 128 bits and appear only in their owner's messages."""
    async def body():
        async with running() as server:
            watcher = await Client.open(server.url, "Lobbyist")
            await watcher.request({"type": "watch_lobby", "on": True}, "lobby")
            black = await Client.open(server.url, "Ada")
            created = await black.request({"type": "create", "seat": "black"}, "joined")
            code, token = created["match"], created["seat_token"]
            assert len(code) == 6 and set(code) <= set(CODE_ALPHABET)
            assert not set(CODE_ALPHABET) & set("01OILZ25SB8")
            assert len(token) >= 22  # url-safe base64: 6 bits a character, >= 128 bits
            white = await Client.open(server.url, "Bob")
            joined = await white.request({"type": "join", "match": code}, "joined")
            spectator, _ = await watch(server.url, code)
            await black.send({"type": "chat", "match": code, "text": "hello"})
            await spectator.expect("chat")
            await watcher.expect("lobby_update")
            secrets_ = {token, joined["seat_token"], black.session, white.session}
            for c in (watcher, spectator):
                blob = repr(c.seen)
                assert not any(s in blob for s in secrets_)
            assert joined["seat_token"] not in repr(black.seen)
            assert token not in repr(white.seen)
            for c in (black, white, spectator, watcher):
                await c.close()
    run(body)
