"""Computer players: legal, deterministic for a seed and budget, quick to stop."""

from __future__ import annotations

import random
import threading
import time

import pytest

from shared.sprawl import SPRAWL


def positions():
    rng = random.Random(5)
    state = SPRAWL.new_state({"players": 4, "overload": True}, 5)
    out = []
    while not state.is_over() and len(out) < 10:
        out.append(state)
        state = state.apply(state.legal_moves().random(rng))
    return out


@pytest.mark.parametrize("level", SPRAWL.computer_levels)
def test_bots_play_legal_moves_deterministically(level: str):
    for state in positions()[::3]:
        move = SPRAWL.make_bot(level, 4, iterations=8).choose(state)
        assert state.why_not(move) is None
        assert SPRAWL.make_bot(level, 4, iterations=8).choose(state) == move


def test_a_set_stop_event_answers_at_once():
    state = positions()[-1]
    stop = threading.Event()
    stop.set()
    start = time.perf_counter()
    move = SPRAWL.make_bot("hard", 1).choose(state, stop=stop)
    assert state.why_not(move) is None and time.perf_counter() - start < 0.5


def test_bots_finish_a_game_together():
    state = SPRAWL.new_state({"players": 3}, 9)
    bots = [SPRAWL.make_bot(level, 9, iterations=4) for level in ("random", "easy", "medium")]
    while not state.is_over():
        state = state.play(bots[state.to_move].choose(state))[0]
    assert state.ranking() and len(state.returns()) == 3


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        SPRAWL.make_bot("grandmaster")


def test_the_fast_apply_of_the_search_makes_the_same_positions():
    from shared.sprawl.fastplay import fast_apply
    rng = random.Random(3)
    for players, options in ((4, {}), (3, {"overload": True, "strict_branching": True}),
                             (6, {"sprawlgami": True, "superior_forces": True})):
        state = SPRAWL.new_state({"players": players, **options}, players)
        while not state.is_over():
            for move in list(state.legal_moves())[:4] + [state.legal_moves().random(rng)]:
                slow, fast = state.apply(move), fast_apply(state, move)
                assert (fast.key(), fast.dead, fast.ended, fast.ply, fast.att, fast.towers) == \
                    (slow.key(), slow.dead, slow.ended, slow.ply, slow.att, slow.towers)
                assert fast.tree_branches == slow.tree_branches
            state = state.apply(state.legal_moves().random(rng))


def scripted(moves: str):
    """A 4-player position from move text, red moving first."""
    from shared.sprawl.state import SprawlState
    state = SprawlState.new(SPRAWL.options({"players": 4}), 7, first=0)
    for text in moves.split():
        state = state.play(SPRAWL.parse_move(text))[0]
    return state


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_kills_the_tower_that_threatens_its_only_tree(seed: int):
    # Blue's 3-2 tower on d2 could kill red's only tower on b2 through c2 (a 1 or 2 laid
    # west). Only a 1 laid east on c2 both blocks that and kills blue (a 3-2 survives a 2
    # or a 3); blue is then stuck on its turn and red, far ahead on pips, wins at once.
    # Building red's tower to 3-2, which the greedy level sometimes picks, loses it.
    state = scripted("r:3@b2 y:1@f6 g:1@f1 b:3@d2 r:3n@b3 y:1s@f5 g:1n@f2 b:+2@d2")
    move = SPRAWL.make_bot("hard", seed, iterations=200).choose(state)
    assert move.text() == "r:1e@c2"
    after = state.apply(move)
    assert 11 in after.dead and 9 not in after.dead   # d2 dead, b2 alive


def test_hard_takes_a_kill_that_wins_the_game():
    # Red moves first; blue's tower on d2 is two squares from red's on b2. A branch on c2
    # pointing east kills it, blue is stuck on its next turn and red has the most pips.
    state = scripted("r:3@b2 y:1@f6 g:1@f1 b:3@d2")
    move = SPRAWL.make_bot("hard", 3, iterations=200).choose(state)
    after = state.apply(move)
    assert 11 in after.dead
    while not after.is_over():   # the others answer as they like; blue is out of moves
        after = after.apply(after.legal_moves().random(random.Random(1)))
    assert after.ranking()[0] == 1


@pytest.mark.parametrize("seed", range(10))
def test_easy_does_not_leave_its_only_tower_to_one_enemy_branch(seed: int):
    # Blue's tower on d2 could kill red's on b2 with a 1 or 2 laid west on c2. The easy
    # level must block c2 (a 2 or 1 laid east there also kills blue); growing north
    # instead, which the plain count sometimes preferred, leaves the tower to blue.
    from shared.sprawl.board import parse_square
    from shared.sprawl.bots import exposed
    state = scripted("r:3@b2 y:1@f6 g:1@f1 b:3@d2")
    assert exposed(state, 0) == 3
    move = SPRAWL.make_bot("easy", seed).choose(state)
    assert move.square == parse_square("c2") and exposed(state.apply(move), 0) == 0


@pytest.mark.parametrize("seed", range(10))
def test_easy_does_not_put_its_first_tower_within_one_branch_of_an_enemy(seed: int):
    # Red's 3 on c3 could kill a 3 on a3, e3, c1 or c5 with a 1 or 2 laid in between.
    from shared.sprawl.bots import exposed
    state = scripted("r:3@c3")
    move = SPRAWL.make_bot("easy", seed).choose(state)
    assert move.text() not in ("y:3@a3", "y:3@e3", "y:3@c1", "y:3@c5")
    assert exposed(state.apply(move), 1) == 0


def test_the_quick_exposure_check_agrees_with_every_seat_s_legal_branches():
    from shared.sprawl.bots import exposed, threatened
    rng = random.Random(8)
    for players, options in ((4, {}), (3, {"strict_branching": True}),
                             (5, {"superior_forces": True}), (4, {"sprawlgami": True})):
        for seed in range(4):
            state = SPRAWL.new_state({"players": players, **options}, seed)
            while not state.is_over():
                for seat in range(players):
                    gens = {o: state._generate(o) for o in range(players)
                            if o != seat and state.started[o]}
                    slow = 0
                    for t in threatened(state, gens):
                        if state.controller(t) == seat:
                            slow += sum(k for k, placer in state.tw[t] if placer == seat)
                            slow += sum(state.br[b][1] for b in state.tree_branches[t]
                                        if state.br[b][0] == seat)
                    assert exposed(state, seat) == slow
                state = state.apply(state.legal_moves().random(rng))


def test_the_search_levels_model_the_others_with_the_easy_level_s_judgement():
    from shared.sprawl import bots, hooks
    state = positions()[4]
    bot = hooks.search_bot(1, "hard", iterations=2, think_s=None)
    assert bot.replies is hooks.replies and bot.reply_noise == hooks.MODEL_NOISE
    expert = hooks.search_bot(1, "expert", iterations=2, think_s=None)
    assert expert.replies is hooks.replies and expert.reply_noise == hooks.EXPERT_MODEL_NOISE
    assert hooks.EXPERT_MODEL_NOISE > hooks.MODEL_NOISE
    seat = state.to_move
    for move, value, after in hooks.replies(state):
        assert value == bots.easy_value(after, seat) and after.key() == state.play(move)[0].key()


def test_first_values_give_every_seat_its_own_first_value():
    from shared.sprawl import bots, hooks
    for state in positions()[::4]:
        values = hooks.first_values(state)
        for seat in range(state.n):
            if seat not in state.left:
                assert values[seat] == pytest.approx(bots.first_value(state, seat))


def test_easy_ends_the_game_only_when_it_must_or_when_it_comes_first():
    """Four easy seats: a move that ends the game at once (the next seat has no legal
    action) is played by an easy seat only when every move it has ends it, or when it
    finishes first. Games end early because a seat boxes itself in, not because easy
    throws the game away."""
    from shared.sprawl.fastplay import fast_apply
    endings = 0
    for seed in range(8):
        state = SPRAWL.new_state({"players": 4}, seed)
        bots = [SPRAWL.make_bot("easy", seed * 10 + i) for i in range(4)]
        while not state.is_over():
            before = state
            move = bots[state.to_move].choose(state)
            state = state.play(move)[0]
        endings += 1
        place = {s["seat"]: s["place"] for s in state.score()["seats"]}
        if state.ended[0] == "stuck" and place[move.seat] > 1:
            assert all(fast_apply(before, m).is_over() for m in before.legal_moves()), (seed, move.text())
    assert endings == 8
