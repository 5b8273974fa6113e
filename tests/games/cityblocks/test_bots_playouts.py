"""Fast playouts (legal, uniform), the computer players (legal, deterministic, stoppable,
hard stronger than the weaker levels) and the bench's functions on a tiny budget."""

from __future__ import annotations

import importlib.util
import random
import re
import threading
import time
from pathlib import Path

import pytest

from shared.cityblocks import new_state
from shared.cityblocks.bots import play_game
from shared.cityblocks.geometry import ORIENTS, PIECES, anchor_squares
from shared.cityblocks.moves import Move
from shared.cityblocks.players import make_bot
from shared.cityblocks.playout import Playout
from shared.cityblocks.spec import CITY_BLOCKS

ROOT = Path(__file__).resolve().parents[3]


def as_move(state, pick):
    if pick is None:
        return state.pass_move()
    c, o, a = pick
    return Move(c, PIECES[ORIENTS[o].piece], anchor_squares(o, a))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_playout_moves_are_legal_and_end_where_the_state_ends(players):
    for seed in range(3):
        state = new_state(players, seed)
        game = Playout.of(state)
        moves = game.run(random.Random(seed))
        for pick in moves:
            move = as_move(state, pick)
            assert state.why_not(move) is None, move.text()
            if pick is None:
                assert state.legal_count() == 0        # passes only when nothing fits
            state, _ = state.play(move)
        assert state.is_over() and game.over()
        assert tuple(game.boards) == state.boards and tuple(game.played) == state.played


def chi_square(counts: dict, expected: float) -> float:
    return sum((n - expected) ** 2 / expected for n in counts.values())


def uniform_enough(state, draws_each: int, rng: random.Random) -> None:
    legal = {m for m in state.legal_moves() if not m.is_pass}
    game = Playout.of(state)
    counts = {m: 0 for m in legal}
    colours = game.turn_colours()
    for _ in range(draws_each * len(legal)):
        counts[as_move(state, game.choose(colours, rng))] += 1
    dof = len(legal) - 1
    assert chi_square(counts, draws_each) < dof + 6 * (2 * dof) ** 0.5


def test_playout_choice_is_uniform_for_a_first_piece():
    uniform_enough(new_state(4, 0, first=0), 40, random.Random(1))    # 58 corner placements


def test_playout_choice_is_uniform_by_rejection_late_in_the_game():
    rng = random.Random(3)
    state = new_state(4, 3)
    while True:                       # play on until the colour to move has few placements
        count = state.legal_count()
        if 0 < count <= 200 and all(state.played):
            break
        assert not state.is_over()
        state, _ = state.play(state.legal_moves().random_placement(rng))
    uniform_enough(state, 40, random.Random(4))


# -- bots --------------------------------------------------------------------------------------------
def positions():
    rng = random.Random(2)
    for players in (2, 3, 4):
        state = new_state(players, players)
        for ply in range(30):
            if ply in (0, 9, 29):
                yield state
            state, _ = state.play(state.legal_moves().random_placement(rng))


@pytest.mark.parametrize("level", CITY_BLOCKS.computer_levels)
def test_bots_play_legal_moves_deterministically(level):
    for state in positions():
        first = CITY_BLOCKS.make_bot(level, 7, iterations=80).choose(state)
        again = CITY_BLOCKS.make_bot(level, 7, iterations=80).choose(state)
        assert state.why_not(first) is None and first == again


@pytest.mark.parametrize("level", CITY_BLOCKS.computer_levels)
def test_a_set_stop_event_gets_an_answer_at_once(level):
    state = list(positions())[4]
    stop = threading.Event()
    stop.set()
    start = time.perf_counter()
    move = make_bot(level, 1).choose(state, stop=stop)
    assert time.perf_counter() - start < 0.5 and state.why_not(move) is None


def test_bots_pass_when_nothing_fits():
    from .pictures import position
    state = position("y", at="a1", played={"y": ["I2"]})          # blue's corner is taken
    for level in CITY_BLOCKS.computer_levels:
        assert make_bot(level, 1).choose(state).is_pass


def test_hard_beats_random_and_easy():
    """A two-player game against each (hard second against easy); the search must win both."""
    for other, swap in (("random", False), ("easy", True)):
        bots = [make_bot("hard", 5, iterations=400), make_bot(other, 6)]
        if swap:
            bots.reverse()
        final = play_game(bots, 2, 21)
        hard = 1 if swap else 0
        assert final.ranking()[hard] == 1 and final.ranking()[1 - hard] == 2, (other, swap)


# -- bench --------------------------------------------------------------------------------------------
def test_the_bench_runs_on_a_tiny_budget(capsys):
    spec = importlib.util.spec_from_file_location("bench_cityblocks", ROOT / "bench" / "cityblocks.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    line = bench.main(["--games", "1", "--playouts", "2"])
    assert re.fullmatch(r"legal_count_us=[0-9.]+ random_games_per_s=[0-9.]+ score_ms=[0-9.]+", line)
    assert capsys.readouterr().out.strip().splitlines()[-1] == line


def test_playouts_pass_for_seats_that_left():
    rng = random.Random(8)
    state = new_state(4, 8)
    for _ in range(5):
        state, _ = state.play(state.legal_moves().random_placement(rng))
    state, _ = state.resign(1)                                   # green leaves
    green_before = state.boards[1]
    game = Playout.of(state)
    start = state.ply
    for i, pick in enumerate(game.run(random.Random(9))):
        if (state.first + start + i) % 4 == 1:                   # green's turn in the playout
            assert pick is None                                   # the state passed by itself
            continue
        state, _ = state.play(as_move(state, pick))
    assert state.is_over() and tuple(game.boards) == state.boards
    assert state.boards[1] == green_before


def test_the_state_knows_its_spec():
    from shared.cityblocks import CITY_BLOCKS
    assert new_state(2, 1).spec is CITY_BLOCKS and CITY_BLOCKS.id == "city-blocks"


def test_the_generic_search_plays_city_blocks_with_our_hooks():
    from shared.bots.search import MctsBot
    from shared.cityblocks.hooks import estimates, search_bot
    state = list(positions())[5]
    values = estimates(state)
    assert len(values) == state.players and all(-1 <= v <= 1 for v in values)
    bot = search_bot(3, "hard", iterations=12, think_s=None, width=4, cap=100)
    assert isinstance(bot, MctsBot) and bot.replies is not None
    move = bot.choose(state)
    assert state.why_not(move) is None
    assert move == search_bot(3, "hard", iterations=12, think_s=None, width=4, cap=100).choose(state)
