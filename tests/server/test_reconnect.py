"""Reconnecting: the seat comes back, with the missed moves or a snapshot as fits."""

from __future__ import annotations

import random

from shared.aliencity import GameState, parse_move

from .helpers import Client, pair, pick, run, running, watch


async def _play(mover: Client, others: list[Client], code: str, state: GameState,
                rng: random.Random, mid: str) -> GameState:
    text = pick(state, rng)
    await mover.send({"type": "move", "match": code, "version": len(state.history), "mid": mid,
                      "move": text})
    for c in [mover, *others]:
        await c.expect("moved", move=text)
    return state.play(parse_move(text)).state


def test_reconnect_without_missed_moves_gets_an_empty_catch_up():
    """Back at the version it had: mode 'moves', nothing to replay, seat and turn kept."""
    async def body():
        async with running() as server:
            black, white, code = await pair(server.url)
            state = GameState.from_dict((await black.request(
                {"type": "get_state", "match": code}, "sync"))["state"])
            rng = random.Random(1)
            state = await _play(black, [white], code, state, rng, "a")
            token = black.session
            await black.close()
            await white.expect("presence", online=False, seat="black")
            black = await Client.open(server.url, "Ada", resume=token)
            assert black.welcome["resumed"] is True and black.session == token
            assert black.welcome["seats"] == [{"match": code, "seat": "black", "version": 1,
                                               "status": "playing"}]
            await black.request({"type": "join", "match": code, "version": 1}, "joined")
            sync = await black.expect("sync")
            assert sync["mode"] == "moves" and sync["moves"] == [] and sync["version"] == 1
            if state.to_move.text() == "black":
                state = await _play(black, [white], code, state, rng, "b")
            await black.close()
            await white.close()
    run(body)


def test_reconnect_with_missed_moves_replays_exactly_those():
    """Moves made while a client was away come back as the same 'moved' messages."""
    async def body():
        async with running() as server:
            black, white, code = await pair(server.url)
            spectator, _ = await watch(server.url, code)
            first = await spectator.expect("sync")
            state = GameState.from_dict(first["state"])
            rng = random.Random(2)
            await spectator.close()
            seen = []
            for i in range(6):
                mover = black if state.to_move.text() == "black" else white
                state = await _play(mover, [black if mover is white else white], code, state, rng, f"m{i}")
                seen.append(state)
            spectator, _ = await watch(server.url, code, version=0)
            sync = await spectator.expect("sync")
            assert sync["mode"] == "moves" and sync["since"] == 0 and sync["version"] == 6
            assert [m["version"] for m in sync["moves"]] == [1, 2, 3, 4, 5, 6]
            replay = GameState.from_dict(first["state"])
            for m in sync["moves"]:
                replay = replay.play(parse_move(m["move"])).state
            assert replay == state
            # No version given: a full snapshot instead.
            again = await spectator.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            assert again["role"] == "spectator"
            snap = await spectator.expect("sync")
            assert snap["mode"] == "snapshot" and GameState.from_dict(snap["state"]) == state
            # A version the server never had (from the future) also gets a snapshot.
            await spectator.request({"type": "join", "match": code, "as": "spectator",
                                     "version": 60}, "joined")
            assert (await spectator.expect("sync"))["mode"] == "snapshot"
            for c in (black, white, spectator):
                await c.close()
    run(body)


def test_seat_token_brings_the_seat_to_a_new_session():
    """A client that lost its session token reclaims the seat with the seat token."""
    async def body():
        async with running() as server:
            black = await Client.open(server.url, "Ada")
            created = await black.request({"type": "create", "seat": "white"}, "joined")
            code, seat_token = created["match"], created["seat_token"]
            assert created["seat"] == "white"
            white_opponent = await Client.open(server.url, "Bob")
            await white_opponent.request({"type": "join", "match": code}, "joined")
            await black.close()
            fresh = await Client.open(server.url, "Ada again")
            assert fresh.welcome["resumed"] is False and fresh.welcome["seats"] == []
            back = await fresh.request({"type": "join", "match": code, "seat_token": seat_token},
                                       "joined")
            assert back["role"] == "player" and back["seat"] == "white" and "seat_token" not in back
            await fresh.expect("sync")
            # The seat moved: the old session resumed elsewhere no longer holds it.
            old = await Client.open(server.url, "Ada", resume=black.session)
            assert old.welcome["seats"] == []
            for c in (fresh, white_opponent, old):
                await c.close()
    run(body)


def test_resuming_a_session_elsewhere_closes_the_old_connection():
    """One live connection per session: the older one is told and closed (4001)."""
    async def body():
        async with running() as server:
            first = await Client.open(server.url, "Ada")
            second = await Client.open(server.url, "Ada", resume=first.session)
            assert second.welcome["resumed"]
            taken = await first.expect("error")
            assert taken["code"] == "session_taken"
            await first.ws.wait_closed()
            assert first.ws.close_code == 4001
            await second.close()
    run(body)
