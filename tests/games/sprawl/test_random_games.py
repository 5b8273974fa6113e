"""Seeded random games (3..8 seats, random option sets) checked after every ply against
the independent brute-force referee in ``oracle.py``: the legal moves, the dead trees,
the attacks, each new branch's tree and depth, the end, and the final score."""

from __future__ import annotations

import random

import pytest

from shared.sprawl import SPRAWL, VARIANTS
from shared.sprawl.board import square_name
from shared.sprawl.bots import greedy

from .oracle import Oracle, name

SEEDS = range(14)


def option_sets(players: int, seed: int) -> dict:
    rng = random.Random(f"opts:{players}:{seed}")
    flags = {v: rng.random() < 0.4 for v in VARIANTS}
    if seed < 3:                      # all off, all on, all on but strict (tips may turn)
        flags = {v: seed > 0 and not (seed == 2 and v == "strict_branching") for v in VARIANTS}
    return SPRAWL.options({"players": players, **flags})


def check_position(state) -> None:
    oracle = Oracle(state)
    engine_dead = {square_name(t) for t in state.dead}
    assert engine_dead == {name(t) for t in oracle.dead()}
    attacked = {square_name(q): sorted(square_name(b) for b in bs)
                for q, bs in state.attacked().items()}
    expected = {}
    for b, (_, _, d, _, _) in oracle.branches.items():
        target = oracle.step(b, d)
        expected.setdefault(name(target), []).append(name(b))
    assert attacked == {k: sorted(v) for k, v in expected.items()}
    seat = state.to_move
    legal = state.legal_moves()
    texts = [m.text() for m in legal]
    assert len(texts) == len(set(texts)) == len(legal)
    assert set(texts) == oracle.legal(seat), state.history


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_engine_agrees_with_the_brute_force_referee(players: int):
    for seed in SEEDS:
        options = option_sets(players, seed)
        rng = random.Random(seed * 31 + players)
        greedy_share = 0.0 if seed % 3 == 1 else 0.8     # greedy moves make deeper positions
        state = SPRAWL.new_state(options, seed)
        while not state.is_over():
            check_position(state)
            if rng.random() < greedy_share:
                move = greedy(state, rng, 2.0)
            else:
                move = state.legal_moves().random(rng)
            oracle = Oracle(state)
            after, events = state.play(move)
            if type(move).__name__ == "Branch":
                q = (move.square % 8, move.square // 8)
                best = oracle.sources(move.seat, q, move.size, move.direction)[0]
                _, _, _, tree, depth = after.br[move.square]
                assert (tree % 8, tree // 8) == best[3] and depth == best[0] + 1
            state = after
        why, stuck = state.ended
        last = Oracle(state)
        if why == "stuck":
            assert last.legal(stuck) == set()
        pips, winners = last.score()
        summary = SPRAWL.score_summary(state)
        assert set(summary) == {"seats", "winners"}
        assert [s["stash"] for s in summary["seats"]] == pips
        assert summary["winners"] == winners
        assert [s["dead"] for s in summary["seats"]] == [
            sorted(name(t) for t in last.dead() if last.owner(t) == seat)
            for seat in range(players)]
