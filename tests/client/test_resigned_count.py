"""A resignation that ends an online match is no step of the game (the server keeps the
version), so the client's final count takes the resigned seat out by the game's own rule:
its table then ranks that seat last, as the headline says, whatever the points."""

import random
from types import SimpleNamespace

from client.scenes.chrome import OnlineChrome
from shared.cityblocks import new_state


def leader_state():
    """A two-seat City Blocks game some plies in, and the seat ahead on points."""
    state = new_state(players=2, seed=3)
    rng = random.Random(3)
    for _ in range(12):
        state = state.play(state.legal_moves().random(rng))[0]
    ranking = list(state.ranking())
    return state, ranking.index(min(ranking))


def chrome_saying(ended: dict) -> SimpleNamespace:
    view = SimpleNamespace(ended=ended, seat_names=lambda: ["Ann", "Bob"])
    return SimpleNamespace(view=view)


def test_the_resigned_leader_is_counted_last():
    state, leader = leader_state()
    assert not state.is_over()
    name = ["Ann", "Bob"][leader]
    counted = OnlineChrome.counted(chrome_saying({"reason": "resigned", "resigned": [name]}), state)
    assert counted.is_over()
    assert counted.ranking()[leader] == 2 and counted.ranking()[1 - leader] == 1


def test_no_resignation_leaves_the_state_as_it_is():
    state, _ = leader_state()
    assert OnlineChrome.counted(chrome_saying({"reason": "time", "resigned": []}), state) is state
    assert OnlineChrome.counted(chrome_saying({"resigned": ["Zoe"]}), state) is state
