"""Enter on a hint obeys the same rule as a click: a hinted move that ends the game or
leaves a seat with no move is armed by the first Enter (the status line and the note
beside the hand warn) and played by the second; a hint that warns of nothing plays at once."""

import pygame
import pytest

from client.games.sprawl import hints
from client.games.sprawl.game import MatchScene
from shared.gamekit.advice import Advice
from shared.sprawl.foresight import move_warning

from ..conftest import key, motion, show
from ..i18n_harness import recording_texts
from .helpers import random_game, settle
from .test_confirm import warned_positions
from .test_i18n_sprawl import status_fits


def hinted(app, state, move) -> MatchScene:
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    scene.handle_event(motion((2, 2)))  # the pointer off the board: Enter is the hint's
    scene.computers.hint, scene.computers.hint_token = Advice(move, state.to_move, (0.2,) * 4), state
    app.step(0.016, events=[], draw=False)
    assert scene.hinter.hint is not None
    return scene


def test_the_first_enter_on_a_warned_hint_arms_it_and_the_second_plays_it(app):
    state, move, _other = warned_positions(1)[0]
    warning = move_warning(state, move)
    scene = hinted(app, state, move)
    app.step(0.016, events=[key(pygame.K_RETURN)])
    assert scene.match.state.ply == state.ply, "the first Enter played a move that ends the game"
    assert scene.hand.armed == move
    status = scene.status_text()[0]
    assert warning in status and "Enter again" in status, status
    assert "Enter again" in hints.chance_words(scene)
    app.step(0.016, events=[key(pygame.K_RETURN)])
    assert scene.match.state.ply == state.ply + 1 and scene.match.state.history[-1] == move.text()


def test_enter_on_a_hint_that_warns_of_nothing_plays_it_at_once(app):
    state = random_game(3, 2, stop_at=6)
    other = next(m for m in state.legal_moves() if not move_warning(state, m) and not getattr(m, "extra", ()))
    scene = hinted(app, state, other)
    app.step(0.016, events=[key(pygame.K_RETURN)], draw=False)
    assert scene.match.state.history[-1] == other.text()


@pytest.mark.parametrize("lang", ["sk", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_enter_warning_is_translated_and_fits_the_status_line(app, lang, size):
    app.set_size(size)
    state, move, _other = warned_positions(1)[0]
    with recording_texts(lang) as texts:
        scene = hinted(app, state, move)
        app.step(0.016, events=[key(pygame.K_RETURN)])
        assert scene.hand.armed == move
        status_fits(scene)
        app.step(0.016, events=[])
    drawn = " | ".join(texts)
    assert "Enter again" not in drawn and "Press Enter" not in drawn, drawn[:400]
    assert "Enter" in scene.status_text()[0]
