"""Alien City's search levels on the game-generic search (shared.aliencity.bots.hooks):
the same positions as the levels' own tests, small iteration budgets, no time limit."""

from __future__ import annotations

import math
import threading
import time

import pytest

from shared.aliencity import Phase, Ruleset, parse_move
from shared.aliencity.bots.easy import EasyBot
from shared.aliencity.bots.hooks import ExpertSearchBot, HardSearchBot, SearchBot
from shared.aliencity.bots.match import play_game

from .test_bots import Checked, cut_state, midgame, obvious_claim_state

BUDGET = {SearchBot: 24, HardSearchBot: 40, ExpertSearchBot: 40}
LEVELS = list(BUDGET)


def bot(cls: type[SearchBot], seed: int) -> SearchBot:
    return cls(seed, iterations=BUDGET[cls], think_s=math.inf)


@pytest.mark.parametrize("cls", LEVELS)
@pytest.mark.parametrize("seed", [0, 1])
def test_the_obvious_claim_and_the_cut_are_found(cls, seed):
    assert bot(cls, seed).choose(obvious_claim_state()) == parse_move("claim@e5")
    assert bot(cls, seed).choose(cut_state()) == parse_move("Dr@e4")


@pytest.mark.parametrize("cls", LEVELS)
def test_same_seed_same_move(cls):
    for plies in (2, 14, 26):
        state = midgame(7, plies)
        first = bot(cls, 42).choose(state)
        assert bot(cls, 42).choose(state) == first


def test_the_expert_plays_the_proven_end_game_and_forgets_it_after():
    """Ten pieces or fewer: the solver's draw is played, and the game's table is dropped
    once the move ends the game."""
    expert = bot(ExpertSearchBot, 3)
    assert expert.endgame is not None
    move = expert.endgame(cut_state_position(), None, None)
    assert move == parse_move("Dr@e4")
    assert expert.choose(cut_state()) == move and expert.endgame.table == {}


def cut_state_position():
    from shared.aliencity.position import AlienCityPosition
    return AlienCityPosition(cut_state())


@pytest.mark.parametrize("cls", LEVELS)
def test_stop_event_answers_promptly(cls):
    state = midgame()
    thinker = cls(3, iterations=10**9, think_s=60.0)
    stop = threading.Event()
    out: list = []
    worker = threading.Thread(target=lambda: out.append(thinker.choose(state, stop=stop)))
    worker.start()
    time.sleep(0.3)
    stop.set()
    worker.join(5.0)
    assert not worker.is_alive()
    assert out and out[0] in state.legal_moves()


def test_a_whole_game_is_legal():
    record = play_game(Checked(bot(HardSearchBot, 1)), Checked(EasyBot(2)), 3, Ruleset())
    assert record.final.phase is Phase.OVER
