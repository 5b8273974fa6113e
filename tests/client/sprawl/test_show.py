"""The Sprawl end show against the engine's breakdown: on many random finished games
(3-8 seats, every variant) every number the show counts equals ``state.score()``: the
pieces each dead tree sends home, each stash counted pip by pip, the tie-breaks, the
table; played frame by frame, stepped with Space, and skipped."""

import itertools

import pygame
import pytest

from client.games.sprawl.score import ScoreScene
from client.games.sprawl.score_plan import CountBeat, TableBeat, TieBeat, TreeBeat, final_pips, plan, returned
from shared.sprawl import VARIANTS
from shared.sprawl.board import parse_square
from shared.sprawl.scoring import TIE_BREAKS

from ..conftest import key, show
from .helpers import random_game

OPTION_SETS = [{}] + [{v: True} for v in VARIANTS] + [dict.fromkeys(VARIANTS, True)]
GAMES = [(players, seed, opts) for players, seed, opts in
         zip(itertools.cycle(range(3, 9)), range(1, 121), itertools.cycle(OPTION_SETS))]


def check_plan(state) -> None:
    score = state.score()
    seats = score["seats"]
    beats = plan(state, score)
    trees = [b for b in beats if isinstance(b, TreeBeat)]
    assert sorted(b.tree for b in trees) == sorted(parse_square(t) for s in seats for t in s["dead"])
    assert {b.tree for b in trees} == set(state.dead)
    back = returned(beats, state.n)
    assert back == [sum(r["size"] for r in s["returned"]) for s in seats]
    assert [s["on_hand"] + b for s, b in zip(seats, back)] == [s["stash"] for s in seats]
    assert final_pips(beats, state.n) == [s["stash"] for s in seats]
    for beat in beats:
        if isinstance(beat, CountBeat):
            s = seats[beat.seat]
            assert sorted(beat.pieces) == sorted(k for k in (1, 2, 3) for _ in range(s["stash_pieces"][str(k)]))
    table = beats[-1]
    assert isinstance(table, TableBeat)
    assert [r.place for r in sorted(table.rows, key=lambda r: r.seat)] == score["ranking"]
    assert list(table.winners) == score["winners"] and table.decided_by == score["decided_by"]
    ties = [b for b in beats if isinstance(b, TieBeat)]
    active = [s for s in seats if not s["left"]]
    stashes = [s["stash"] for s in active]
    assert bool(ties) == (len(set(stashes)) < len(stashes)), "the tie-breaks show when seats tie on pips"
    for g in (ties[0].groups if ties else ()):
        for seat, figs in zip(g.seats, g.figures):
            assert figs == tuple(seats[seat]["tie_breaks"][n] for n in TIE_BREAKS)
    if score["decided_by"] not in (None, "stash"):
        assert any(g.decided_by == score["decided_by"] for g in ties[0].groups)


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_the_show_plan_equals_the_engine_breakdown(players, seed, options):
    check_plan(random_game(players, seed, **options))


@pytest.mark.parametrize("players,seed", [(3, 2), (4, 7), (6, 9), (8, 3)])
def test_the_show_played_frame_by_frame_counts_the_engine_numbers(app, players, seed):
    state = random_game(players, seed)
    score = state.score()
    scene = ScoreScene(app, state)
    show(app, scene)
    seen: dict[int, list[int]] = {}
    for _ in range(6000):
        app.step(0.05, events=[], draw=False)
        for seat in range(players):
            value = scene.tally.counted[seat]
            if value is not None and (not seen.get(seat) or seen[seat][-1] != value):
                seen.setdefault(seat, []).append(value)
        if scene.stage == "final":
            break
    assert scene.stage == "final"
    for beat in scene.beats:
        if isinstance(beat, CountBeat):
            assert seen[beat.seat] == [0] + beat.counts() or seen[beat.seat] == beat.counts(), \
                "the counter rises pip by pip"
    assert scene.tally.counted == [s["stash"] for s in score["seats"]]
    assert [sum((k + 1) * n for k, n in enumerate(scene.tally.landed[s])) for s in range(players)] == \
        [sum(r["size"] for r in s["returned"]) for s in score["seats"]]
    assert scene.tally.lifted == {sq for b in scene.beats if isinstance(b, TreeBeat) for _, sq, _ in b.pieces}


def test_space_steps_and_s_skips_to_the_engine_numbers(app):
    state = next(s for s in (random_game(5, seed) for seed in range(1, 80)) if len(s.dead) >= 2)
    scene = ScoreScene(app, state)
    show(app, scene)
    for _ in range(30):
        app.step(0.05, events=[], draw=False)
    app.step(1 / 60, events=[key(pygame.K_SPACE)])
    assert scene.tally.focus is not None or scene.tally.lifted, "a dead tree lifts"
    app.step(1 / 60, events=[key(pygame.K_SPACE)])
    app.step(1 / 60, events=[key(pygame.K_s)])
    assert scene.stage == "final" and scene.tally.table == 1.0
    assert scene.tally.counted == [s["stash"] for s in state.score()["seats"]]
    app.step(1 / 60, events=[])
    scene.replay_show()
    assert scene.stage == "show" and scene.tally.counted == [None] * state.n and not scene.tally.lifted
