"""The game-generic search (shared.bots.search) over the contract."""

from __future__ import annotations

import random
import threading
import time

from shared.bots.clock import Clock
from shared.bots.search import MctsBot, RandomBot, noisy_best, ranking_values
from shared.gamekit import builtin_games

SPEC = builtin_games()["alien-city"]


def opening(seed: int, plies: int = 6):
    state = SPEC.new_state(SPEC.options({}), seed)
    bot = RandomBot(seed)
    for _ in range(plies):
        state, _ = state.play(bot.choose(state))
    return state


def test_same_seed_and_budget_give_the_same_move():
    """Determinism: the move depends only on the seed, the budget and the position."""
    state = opening(1)
    first = MctsBot(4, iterations=80).choose(state)
    assert MctsBot(4, iterations=80).choose(state) == first
    assert state.why_not(first) is None


def test_a_set_stop_event_answers_at_once_with_a_legal_move():
    """Asked to stop before it starts, the search still answers, at once."""
    state = opening(2)
    stop = threading.Event()
    stop.set()
    started = time.perf_counter()
    move = MctsBot(1, think_s=30).choose(state, stop=stop)
    assert time.perf_counter() - started < 1.0
    assert state.why_not(move) is None


def test_values_have_one_entry_per_seat_and_favour_the_leader():
    """The default evaluation gives the seat ranked first the higher value."""
    state = opening(3, plies=20)
    values = ranking_values(state)
    assert len(values) == state.seat_count
    places = state.ranking()
    if places[0] != places[1]:
        leader = places.index(1)
        assert values[leader] > values[1 - leader]


def test_search_beats_random_play():
    """Two seeded games, seats swapped: a small search wins both against random moves."""
    for seed, seat in ((10, 0), (11, 1)):
        state = SPEC.new_state(SPEC.options({}), seed)
        bots = {seat: MctsBot(seed, iterations=120), 1 - seat: RandomBot(seed)}
        while not state.is_over():
            state, _ = state.play(bots[state.to_move].choose(state))
        assert state.ranking()[seat] == 1, (seed, state.score()["totals"] if "totals" in state.score() else None)


def test_the_analysis_starts_with_the_move_chosen_and_tries_the_moves_included():
    """``analyse`` is the same search as ``choose``: its first move is the one chosen with
    the same budget; a move the root would not try is tried when included."""
    state = opening(5, plies=8)
    found = MctsBot(7, iterations=60).analyse(state)
    assert found[0].move == MctsBot(7, iterations=60).choose(state)
    assert sum(m.visits for m in found) == 60
    assert all(len(m.values) == state.seat_count for m in found)
    assert len({m.move for m in found}) == len(found)
    tried = {m.move for m in found}
    other = next(m for m in state.legal_moves() if m not in tried)
    again = MctsBot(7, iterations=60).analyse(state, include=(other,))
    assert other in {m.move for m in again}


def test_a_position_after_a_move_is_valued_for_the_mover():
    state = opening(6, plies=8)
    mover = state.to_move
    after, _ = state.play(MctsBot(2, iterations=20).choose(state))
    values = MctsBot(2, iterations=40).value_for(after, mover)
    assert len(values) == state.seat_count and values == MctsBot(2, iterations=40).value_for(after, mover)


def test_decide_plays_its_move_without_searching():
    """A move from ``decide`` (an end-game solver's) is the answer; ``None`` leaves the
    choice to the search, which then judges positions."""
    state = opening(4)
    chosen = state.legal_moves().random(random.Random(7))
    judged: list[object] = []

    def evaluate(s):
        judged.append(s)
        return ranking_values(s)

    bot = MctsBot(1, iterations=30, evaluate=evaluate, decide=lambda s, sec, stop: chosen)
    assert bot.choose(state) == chosen and not judged
    MctsBot(1, iterations=30, evaluate=evaluate, decide=lambda s, sec, stop: None).choose(state)
    assert judged


def test_expanded_children_are_not_judged_again():
    """With ``expand`` (moves with their positions and values) and no playouts, the
    search backs up the values handed over and never calls ``evaluate``."""
    state = opening(5)

    def expand(s, rng, skip):
        out = [(m, ranking_values(s.play(m)[0]), s.play(m)[0]) for m in s.legal_moves()]
        return sorted(out, key=lambda t: -t[1][s.to_move])

    def evaluate(s):
        raise AssertionError("judged twice")

    move = MctsBot(2, iterations=60, expand=expand, evaluate=evaluate, playout_plies=0,
                   widen_base=3.0, widen=1.5).choose(state)
    assert state.why_not(move) is None


def test_the_search_reads_the_shared_clock(monkeypatch):
    """The think time is counted on ``Clock.timer`` (CPU time in a benchmark): a clock
    that leaps a second per reading ends a 5 s search after a few readings."""
    ticks = iter(range(10**6))
    monkeypatch.setattr(Clock, "timer", staticmethod(lambda: float(next(ticks))))
    move = MctsBot(3, think_s=5.0).choose(opening(6))
    assert 2 <= next(ticks) < 20
    assert opening(6).why_not(move) is None


def _end_in_sight(seed: int, plies_left: int):
    """A position ``plies_left`` random plies before the end of a random game."""
    state = SPEC.new_state(SPEC.options({}), seed)
    bot, line = RandomBot(seed), [state]
    while not state.is_over():
        state, _ = state.play(bot.choose(state))
        line.append(state)
    return line[-1 - plies_left]


def test_a_finished_game_in_the_tree_is_judged_once():
    """Late in a game most descents end on a finished position: its values are kept on
    its node, so ``evaluate`` sees each finished node once however often it is visited."""
    state = _end_in_sight(3, 4)
    judged = []

    def evaluate(s):
        if s.is_over():
            judged.append(s)
        return ranking_values(s)

    root = MctsBot(1, iterations=600, evaluate=evaluate, playout_plies=0).search(state)
    nodes, over = [root], 0
    while nodes:
        node = nodes.pop()
        over += node.over
        nodes.extend(c for c in node.children if c is not None)
    assert root.visits == 600 and 0 < len(judged) <= over < 600


def test_expand_is_told_the_moves_grown_at_random():
    """Before ``order_after`` visits a node grows random children; the ``expand`` that
    orders it later is handed those moves so it need not judge them again, and no move
    is grown twice."""
    state = opening(6)
    skips = []

    def expand(s, rng, skip):
        skips.append(set(skip))
        out = [(m, ranking_values(s.play(m)[0]), s.play(m)[0]) for m in s.legal_moves() if m not in skip]
        return sorted(out, key=lambda t: -t[1][s.to_move])

    root = MctsBot(2, iterations=300, expand=expand, playout_plies=0, widen_base=3.0,
                   widen=1.5, order_after=4).search(state)
    assert skips[0] == set() and any(skips[1:])
    nodes = [root]
    while nodes:
        node = nodes.pop()
        moves = [c.move for c in node.children]
        assert len(moves) == len(set(moves))
        nodes.extend(node.children)


def test_a_modelled_reply_is_the_best_within_twice_the_noise_and_spread_by_it():
    """Without noise the modelled seat always answers its best (the first of equals); with
    noise u it answers only moves within 2u of its best, the best most often, each of two
    equal moves about half the time."""
    rng = random.Random(5)
    assert all(noisy_best([1.0, 3.0, 3.0, 2.0], 0.0, rng) == 1 for _ in range(20))
    picks = [noisy_best([0.0, 3.0, 2.0, 0.4], 1.25, rng) for _ in range(4000)]
    assert set(picks) == {1, 2}
    assert picks.count(1) > 2 * picks.count(2) > 0
    halves = [noisy_best([1.0, 1.0], 1.25, rng) for _ in range(4000)]
    assert 1800 < halves.count(0) < 2200
