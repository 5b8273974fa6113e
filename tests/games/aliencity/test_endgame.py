"""Expert's exact end game (shared.aliencity.bots.endgame): its values agree with a plain search of
every line scored by the engine, its moves secure what it proves, and a budget that runs
out leaves Expert to its search instead of to a guess."""

from __future__ import annotations

import math
import threading

import pytest

from shared.aliencity import Phase, Player, Ruleset, new_game
from shared.aliencity.bots import make_bot
from shared.aliencity.bots.endgame import WIN, OutOfTime, Solver, key_pieces_left, pieces_left, prune, trim
from shared.bots.clock import Clock


def plain_minimax(state) -> int:
    """The final margin for the player to move, by trying every line (no table, no
    pruning) and scoring ends with the engine's own score breakdown."""
    me = state.to_move
    best = None
    for move in state.legal_moves():
        child = state.apply(move)
        if child.phase is Phase.OVER:
            totals = child.score().totals
            value = totals[Player.BLACK] - totals[Player.WHITE]
            value = value if me is Player.BLACK else -value
        elif child.to_move is me:
            value = plain_minimax(child)
        else:
            value = -plain_minimax(child)
        best = value if best is None else max(best, value)
    return best


def game_positions(seed: int, ruleset: Ruleset = Ruleset()) -> list:
    """Every position of one seeded game between Easy bots, in order."""
    state = new_game(ruleset, seed=seed)
    bots = (make_bot("easy", 1), make_bot("easy", 2))
    states = []
    while state.phase is not Phase.OVER:
        states.append(state)
        state = state.apply(bots[int(state.to_move)].choose(state))
    return states


def endings(most_left: int, seeds=range(4, 9), ruleset: Ruleset = Ruleset()) -> list:
    return [s for seed in seeds for s in game_positions(seed, ruleset) if pieces_left(s) <= most_left]


def margin_after(state, move, best_play=lambda s: Solver().exact(s)[0]) -> int:
    """The final margin against best play (``best_play``: the margin for the player to
    move), for the player to move in ``state``, after ``move``."""
    child = state.apply(move)
    if child.phase is Phase.OVER:
        totals = child.score().totals
        value = totals[Player.BLACK] - totals[Player.WHITE]
        return value if state.to_move is Player.BLACK else -value
    value = best_play(child)
    return value if child.to_move is state.to_move else -value


@pytest.mark.parametrize("ruleset", [Ruleset(2004), Ruleset(2002, location_bonus=True)])
def test_exact_value_equals_a_plain_search_of_every_line(ruleset):
    positions = endings(4, ruleset=ruleset)
    assert len(positions) >= 15
    for state in positions:
        assert Solver().exact(state)[0] == plain_minimax(state), state.summary()


def test_the_outcome_is_the_sign_of_the_exact_value_and_its_move_secures_it():
    """``solve`` asks only who wins; the move it gives keeps that outcome."""
    checked = 0
    for state in endings(6, seeds=range(4, 7)):
        outcome, move = Solver().solve(state)
        margin = Solver().exact(state)[0]
        assert outcome == (margin > 0) - (margin < 0)
        after = margin_after(state, move)
        assert (after > 0) - (after < 0) == outcome, state.summary()
        checked += 1
    assert checked >= 10


def test_a_spent_budget_stops_the_search():
    """A node budget (or a clock) that runs out raises OutOfTime, never a wrong answer."""
    state = next(s for s in game_positions(5) if pieces_left(s) == 12)
    with pytest.raises(OutOfTime):
        Solver(node_limit=200).solve(state)
    stop = threading.Event()
    stop.set()
    with pytest.raises(OutOfTime):
        Solver(Clock(None, stop)).solve(state)


def test_the_table_carries_over_to_the_next_move():
    """After a solve, the position one move later is answered from the table."""
    state = next(s for s in game_positions(6) if pieces_left(s) == 6 and s.phase is Phase.BUILD)
    solver = Solver()
    outcome, move = solver.solve(state)
    nodes = solver.nodes
    child = state.apply(move)
    if child.phase is not Phase.OVER:
        solver.solve(child)
        assert solver.nodes - nodes <= 2


def test_expert_plays_what_the_solver_proves_and_is_deterministic():
    """Near the end Expert's move wins or draws whenever the position allows it, and the
    same seed and budget give the same move (the solver's budget is in nodes)."""
    for state in endings(6, seeds=range(7, 9)):
        best = Solver().exact(state)[0]
        move = make_bot("expert", 3, iterations=40, think_s=math.inf).choose(state)
        assert move == make_bot("expert", 3, iterations=40, think_s=math.inf).choose(state)
        if best >= 0:
            assert margin_after(state, move) >= 0, state.summary()


def test_expert_falls_back_to_its_search_when_the_solver_runs_out():
    """With ten pieces left and a budget far too small to reach every end, Expert still
    answers with a legal move (its search's)."""
    state = next(s for s in game_positions(4) if pieces_left(s) == 10 and s.phase is Phase.BUILD)
    bot = make_bot("expert", 1, iterations=2, think_s=math.inf)
    move = bot.choose(state)
    assert move in state.legal_moves()
    assert bot.endgame.table  # it tried (the lines it finished are kept), then gave up


def test_a_stopped_think_stops_while_another_think_of_the_same_bot_runs():
    """The client starts a new think on the same bot right after stopping the last one
    (an undo): the stopped one must not run on under the new one's clock."""
    state = next(s for s in game_positions(4) if pieces_left(s) == 10 and s.phase is Phase.BUILD)
    bot = make_bot("expert", 1)
    first_stop, second_stop = threading.Event(), threading.Event()
    first = threading.Thread(target=bot.choose, args=(state,), kwargs={"deadline_s": 600, "stop": first_stop})
    second = threading.Thread(target=bot.choose, args=(state,), kwargs={"deadline_s": 600, "stop": second_stop})
    first.start()
    second.start()
    first_stop.set()
    first.join(timeout=60)
    stopped = not first.is_alive()
    second_stop.set()
    second.join(timeout=60)
    assert stopped and not second.is_alive()


def test_expert_starts_a_new_table_for_another_game():
    """Table keys name the position, not the city or the rules: another game, even one
    with the same pieces left, gets a table of its own."""
    bot = make_bot("expert", 1, iterations=40, think_s=math.inf)
    one = next(s for s in game_positions(4) if pieces_left(s) == 6 and s.phase is Phase.BUILD)
    other = next(s for s in game_positions(5, Ruleset(2002, location_bonus=True))
                 if pieces_left(s) == 6 and s.phase is Phase.BUILD)
    bot.choose(one)
    assert bot.endgame.game == (one.ruleset, one.city) and bot.endgame.table
    kept = dict(bot.endgame.table)
    bot.choose(other)
    assert bot.endgame.game == (other.ruleset, other.city)
    assert not kept.keys() & bot.endgame.table.keys()


def test_apply_skips_only_the_final_event():
    """``apply`` and ``play`` reach the same final state; ``play`` still reports the end."""
    state = game_positions(4)[-1]
    move = state.legal_moves()[0]
    played = state.play(move)
    applied = state.apply(move)
    assert applied.phase is Phase.OVER and played.state.phase is Phase.OVER
    assert applied.board == played.state.board and applied.caps == played.state.caps
    assert applied.score().totals == played.state.score().totals
    assert type(played.events[-1]).__name__ == "GameOver"


def test_a_kept_solver_answers_with_a_move_that_backs_its_outcome():
    """A Solver kept between questions (Expert keeps one between moves) still answers each
    with a move that secures what it reports, whatever it was asked before: here, after
    asking whether the player to move wins by more than its exact margin (it does not)."""
    checked = 0
    for state in endings(5):
        margin = Solver().exact(state)[0]
        if margin <= 0:
            continue
        solver = Solver()
        solver.solve(state)
        solver.search(state, margin + 1, WIN)  # fails low: only upper bounds come back
        outcome, move = solver.solve(state)
        assert outcome == 1
        assert margin_after(state, move) > 0, (state.summary(), move.text())
        checked += 1
    assert checked >= 5


def test_prune_keeps_only_positions_still_ahead():
    state = next(s for s in game_positions(6) if pieces_left(s) == 7 and s.phase is Phase.BUILD)
    solver = Solver()
    solver.solve(state)
    lefts = {key_pieces_left(key) for key in solver.table}
    assert max(lefts) == 7 and min(lefts) < 5
    prune(solver.table, 5)
    assert solver.table and all(key_pieces_left(key) < 5 for key in solver.table)


def test_trim_prunes_over_the_cap_and_clears_if_still_over():
    state = next(s for s in game_positions(6) if pieces_left(s) == 7 and s.phase is Phase.BUILD)
    solver = Solver()
    solver.solve(state)
    size = len(solver.table)
    kept = sum(1 for key in solver.table if key_pieces_left(key) < 5)
    trim(solver.table, size, 5)  # at the cap: nothing to do
    assert len(solver.table) == size
    trim(solver.table, size - 1, 5)  # over it: what the game has passed goes
    assert len(solver.table) == kept
    trim(solver.table, kept - 1, 5)  # still over after pruning: all goes
    assert solver.table == {}
