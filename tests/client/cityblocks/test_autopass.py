"""A local person whose only legal move is the pass has it played for them after a short
beat, with a note saying so; undo goes back past those passes to a real move; a position
where every seat must pass still ends the game; online the pass stays the person's."""

import pygame

from client.games.cityblocks import autopass
from client.games.cityblocks.game import MatchScene
from shared import i18n
from shared.cityblocks import CITY_BLOCKS
from shared.cityblocks.layout import ROUND

from ..conftest import key, show
from .helpers import random_game, settle


def replayed_to(players: int, seed: int, ply: int):
    """The position after ``ply`` moves of a seeded random game (passes only when forced)."""
    history = random_game(players, seed).history
    state = CITY_BLOCKS.new_state({"players": players}, seed)
    for move in history[:ply]:
        state, _ = state.play(move)
    return state


def first_forced(players: int, seed: int):
    """The first position where the seat to move cannot place."""
    end = random_game(players, seed)
    for ply in range(len(end.history)):
        state = replayed_to(players, seed, ply)
        if autopass.must_pass(state):
            return state
    raise AssertionError("a finished game has forced passes")


def frames(app, seconds: float) -> None:
    for _ in range(int(seconds / 0.05)):
        app.step(0.05, events=[], draw=False)


def beat_started(app):
    """A match at the first forced pass, one frame into its beat."""
    state = first_forced(4, 8)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    app.step(0.05, events=[], draw=False)
    return state, scene


def test_a_person_who_cannot_place_passes_after_a_beat_with_a_note(app):
    state, scene = beat_started(app)
    assert scene.match.state is state, "not at once: the note shows first"
    assert "has no piece that fits: passes" in scene.toast
    frames(app, autopass.BEAT + 0.5)
    assert scene.match.state.ply == state.ply + 1
    assert scene.match.state.history[-1] == state.pass_move()


def test_a_position_where_every_seat_must_pass_ends_the_game(app):
    end = random_game(4, 8)
    state = replayed_to(4, 8, len(end.history) - ROUND[4])
    assert autopass.must_pass(state) and not state.over
    scene = MatchScene(app, state)
    show(app, scene)
    for _ in range(ROUND[4]):
        settle(app, scene)
        frames(app, autopass.BEAT + 0.5)
    assert scene.match.state.over
    assert scene.match.state.ply == end.ply


def test_undo_goes_back_past_the_passes_played_for_a_person(app):
    state = first_forced(4, 8)
    scene = MatchScene(app, replayed_to(4, 8, state.ply - 1))
    show(app, scene)
    settle(app, scene)
    before = scene.match.state
    assert not autopass.must_pass(before)
    move = state.history[-1]
    scene.submit(move)  # the last real move before the forced pass
    settle(app, scene)
    frames(app, autopass.BEAT + 0.5)
    assert scene.match.state.ply == state.ply + 1, "the pass was played"
    app.step(0.05, events=[key(pygame.K_u)], draw=False)
    assert scene.match.state.ply == before.ply, "back to before the last real move"
    frames(app, autopass.BEAT + 0.5)
    assert scene.match.state.ply == before.ply, "and no pass loop follows"


def test_the_note_is_translated(app):
    state = first_forced(4, 8)
    try:
        for lang in ("sk", "fr"):
            i18n.set_language(lang)
            assert autopass.forced_words(state) != "Red has no piece that fits: passes"
            assert "has no piece that fits" not in autopass.forced_words(state)
    finally:
        i18n.set_language("en")


def test_the_status_line_says_the_pass_is_automatic_during_the_beat(app):
    _state, scene = beat_started(app)
    text, _ = scene.status_text()
    assert "pass with P" not in text and "P passes" not in text
    assert "cannot place" in text and "automatically" in text
    i18n.set_language("sk")
    try:
        text, _ = scene.status_text()
        assert "nemôže" in text and "automaticky" in text
    finally:
        i18n.set_language("en")
