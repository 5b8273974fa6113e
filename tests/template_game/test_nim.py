"""The template game plays like a shipped one: its rules, its computer players, and a
whole match through a real server with headless clients and a spectator."""

from __future__ import annotations

import pytest

from shared.gamekit import IllegalMove, MalformedMove, RecordError
from tests.server.helpers import Client, run, running

from . import games_with_template
from .nim import NIM, Take


def test_taking_the_last_object_wins():
    """The seat that empties the last pile wins; the rules refuse what they must."""
    state = NIM.new_state({"piles": "3-4-5"}, 1)
    for text in ("1-3", "2-4", "3-4"):
        state, _ = state.play(NIM.parse_move(text))
    assert not state.is_over() and state.to_move == 1
    assert state.why_not(Take(3, 2)).code == "too_many"
    with pytest.raises(IllegalMove):
        state.play(Take(4, 1))
    state, events = state.play(Take(3, 1))
    assert state.is_over() and state.ranking() == (2, 1) and events[-1] == {"type": "game_over", "winner": 1}
    with pytest.raises(MalformedMove):
        NIM.parse_move("three")


def test_expert_never_loses_a_won_position_to_random():
    """From a position with a non-zero nim-sum the expert to move always wins."""
    for seed in range(20):
        state = NIM.new_state({"piles": "5-7-9"}, seed)   # 5^7^9 = 11: the first seat wins
        seats = [NIM.make_bot("expert", seed), NIM.make_bot("random", seed)]
        while not state.is_over():
            state, _ = state.play(seats[state.to_move].choose(state))
        assert state.ranking() == (1, 2), seed


def test_a_broken_record_is_refused_with_the_ply():
    """A record whose move breaks the rules is refused strictly, naming the move."""
    with pytest.raises(RecordError) as err:
        NIM.read_record("Game: Nim\nSeed: 1\nPiles: 3-4-5\n\n1-3 1-1\n")
    assert err.value.illegal and "1-1" in str(err.value)


def test_a_whole_match_through_a_real_server_with_a_spectator():
    """Two players and a spectator on a loopback server registered with Nim: every step
    reaches all three, the end is the same for everyone and equals the engine's."""
    async def body():
        async with running(games=games_with_template()) as server:
            alice = await Client.open(server.url, "Alice")
            bob = await Client.open(server.url, "Bob")
            assert "nim" in [g["id"] for g in alice.welcome["games"]]
            joined = await alice.request({"type": "create", "game": "nim", "options": {"piles": "3-4-5"},
                                          "seat": "first", "public": True}, "joined")
            code = joined["match"]
            await bob.request({"type": "join", "match": code, "as": "player"}, "joined")
            eve = await Client.open(server.url, "Eve")
            await eve.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            state = NIM.new_state({"piles": "3-4-5"}, 0)
            players = [alice, bob]
            for number, text in enumerate(("3-5", "2-4", "1-2", "1-1"), 1):
                mover = players[state.to_move]
                await mover.send({"type": "move", "match": code, "move": text,
                                  "version": number - 1, "mid": number})
                for client in (alice, bob, eve):  # every step reaches everyone
                    assert (await client.expect("moved", version=number))["move"] == text
                state, _ = state.play(NIM.parse_move(text))
            ends = [await c.expect("ended") for c in (alice, bob, eve)]
            assert state.ranking() == (2, 1)
            assert all(e["ranking"] == [2, 1] for e in ends), ends
            for client in (alice, bob, eve):
                await client.close()
    run(body)
