"""Hints in City Blocks and Sprawl, as in Alien City: the key (G in City Blocks, where H
lights the fits; H in Sprawl) or the button asks the hint level in a worker thread; the
hinted move is legal, drawn on the board with the value it expects, and not played; a
move played drops it; a screen with hints off (a rated game) offers none."""

from __future__ import annotations

import time

import pygame
import pytest

from client.computer import seat_seed
from client.games.cityblocks.game import MatchScene as CityScene
from client.games.sprawl.game import MatchScene as SprawlScene
from client.scenes.hints import hint_level
from client.scenes.seats import ComputerSeat, HumanSeat
from shared.cityblocks import CITY_BLOCKS
from shared.gamekit.advice import Adviser
from shared.sprawl import SPRAWL

from .conftest import click, key, show

# H asks for a hint in every game (Alien City's is tested with its screen)
CASES = [(CityScene, CITY_BLOCKS, {"players": 2}, pygame.K_h), (SprawlScene, SPRAWL, {"players": 3}, pygame.K_h)]


def small(spec):
    """The game's real levels on a small fixed budget (fast and seeded)."""
    return lambda level, seed: spec.make_bot(level, seed, iterations=30, think_s=1e9)


def run_until(app, cond, seconds: float = 60.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, "timed out"  # a hang guard
        app.step(1 / 60, events=[], draw=False)
        time.sleep(0.002)


@pytest.mark.parametrize("scene_cls,spec,options,hint_key", CASES)
def test_the_hint_key_shows_a_legal_move_with_its_value_and_plays_nothing(app, scene_cls, spec, options,
                                                                         hint_key):
    state = spec.new_state(options, 4)
    scene = scene_cls(app, state, seed=4, bot_factory=small(spec))
    show(app, scene)
    scene.timeline.finish_all()
    assert scene.human_turn and scene.hint_button.enabled
    scene.handle_event(key(hint_key))
    assert scene.hinter.hinting and not scene.hint_button.enabled
    run_until(app, lambda: scene.hinter.hint is not None)
    advice = scene.hinter.hint
    assert scene.match.state is state and state.why_not(advice.move) is None
    assert advice.seat == state.to_move and advice.value is not None
    # its value in words: what the search expects, or (City Blocks) the points the move adds
    assert "Hint (computer, hard)" in scene.toast and ("expects" in scene.toast or " points for " in scene.toast)
    again = Adviser(small(spec)("hard", seat_seed(4, state.to_move, f"hint{state.ply}"))).choose(state)
    assert again == advice  # seeded from the game's seed and the position
    app.step(1 / 60, events=[])   # the hint and its caption draw
    scene.handle_event(key(hint_key))  # asked again: said again, no new search
    assert not scene.hinter.hinting and scene.hinter.hint is advice
    scene.play(advice.move)
    assert scene.hinter.hint is None
    app.step(1 / 60, events=[])   # its words go with its position: they would read as the next seat's hint
    assert "Hint (computer, hard)" not in scene.toast
    scene.computers.stop()


@pytest.mark.parametrize("scene_cls,spec,options,hint_key", CASES)
def test_the_hint_button_asks_too_and_hints_off_offers_none(app, scene_cls, spec, options, hint_key):
    state = spec.new_state(options, 6)
    scene = scene_cls(app, state, seed=6, bot_factory=small(spec))
    show(app, scene)
    scene.timeline.finish_all()
    app.step(1 / 60, events=[])  # lays the buttons out
    scene.handle_event(click(scene.hint_button.rect.center))
    run_until(app, lambda: scene.hinter.hint is not None)
    assert state.why_not(scene.hinter.hint.move) is None
    rated = scene_cls(app, state, seed=6, bot_factory=small(spec))
    rated.hints_off = True
    show(app, rated)
    rated.timeline.finish_all()
    rated.update_buttons()
    rated.handle_event(key(hint_key))
    assert not rated.hinter.hinting and rated.hinter.hint is None and not rated.hint_button.enabled


def test_the_hint_level_is_the_strongest_search_level_at_the_table():
    assert hint_level([HumanSeat(), ComputerSeat(level="easy")]) == "hard"
    assert hint_level([HumanSeat(), ComputerSeat(level="expert"), ComputerSeat(level="hard")]) == "expert"


def test_a_sprawl_hint_takes_the_hand_so_a_click_on_its_square_plays_it(app):
    """The hint's size, kind and direction go into the hand: the hand's move on the hinted
    square is the hinted move (a branch pointing the way the hint points, not the hand's)."""
    from tests.client.sprawl.helpers import random_game
    state = random_game(3, 2, stop_at=6)
    scene = SprawlScene(app, state, seed=4, bot_factory=small(SPRAWL))
    show(app, scene)
    scene.timeline.finish_all()
    scene.hand.hand_size, scene.hand.action, scene.hand.direction = 1, "branch", (scene.hand.direction + 2) % 4
    scene.handle_event(key(pygame.K_h))
    run_until(app, lambda: scene.hinter.hint is not None)
    advice = scene.hinter.hint
    assert scene.hand.move_at(advice.move.square) == advice.move
    scene.computers.stop()


def test_city_blocks_shows_where_a_piece_fits_with_s_not_the_hint_key(app):
    """S lights the fits; H, the hint key of every game, asks for a hint instead."""
    state = CITY_BLOCKS.new_state({"players": 2}, 4)
    scene = CityScene(app, state, seed=4, bot_factory=small(CITY_BLOCKS))
    show(app, scene)
    scene.timeline.finish_all()
    assert not scene.control.show_fit
    scene.handle_event(key(pygame.K_s))
    assert scene.control.show_fit and "S hides it" in scene.toast and not scene.hinter.hinting
    scene.handle_event(key(pygame.K_s))   # off, but a colour's first piece still shows its corner
    assert not scene.control.show_fit and scene.control.fit_squares() and "second piece" in scene.toast
    scene.handle_event(key(pygame.K_s))
    scene.handle_event(key(pygame.K_h))
    assert scene.hinter.hinting and scene.control.show_fit
    run_until(app, lambda: scene.hinter.hint is not None)
