"""City Blocks played through the match screen by injected pygame events: whole games
for 2 and 4 seats (and 3), the ghost and the engine's reasons, turning and flipping,
passing with its confirmation, undo, saving."""

import random

import pygame
import pytest

from client.games.cityblocks.game import MatchScene
from client.games.cityblocks.pieces import Hand, flipped, turned
from client.games.cityblocks.score import ScoreScene
from shared.cityblocks import CITY_BLOCKS
from shared.cityblocks.geometry import shape_of

from ..conftest import click, key, motion, show
from .helpers import aim_for, pass_by_events, place_by_events, random_game, settle


@pytest.mark.parametrize("players,seed", [(2, 4), (4, 9), (3, 2)])
def test_a_full_game_by_events_reaches_the_engine_score(app, players, seed):
    state = CITY_BLOCKS.new_state({"players": players}, seed)
    scene = MatchScene(app, state, seed=seed)
    show(app, scene)
    rng = random.Random(seed)
    expected = state
    for _ in range(400):
        if expected.over:
            break
        settle(app, scene)
        assert scene.human_turn
        legal = expected.legal_moves()
        if expected.ply < 16 and legal.count:
            move = legal.random_placement(rng)
            place_by_events(app, scene, move)
        else:
            move = expected.pass_move()
            pass_by_events(app, scene)
        expected, _ = expected.play(move)
        assert scene.match.state == expected, f"the screen played {move.text()} as the engine does"
        if expected.ply % 7 == 0:
            app.step(1 / 60, events=[])  # drawn now and then
    assert expected.over
    for _ in range(200):
        app.step(0.05, events=[], draw=False)
        if isinstance(app.stack.top, ScoreScene):
            break
    top = app.stack.top
    assert isinstance(top, ScoreScene), "the final count opens by itself"
    app.step(1 / 60, events=[key(pygame.K_s)])
    assert top.stage == "final"
    assert [round(t) for t in top.totals] == [s["total"] for s in expected.score()["seats"]]


def test_ghost_is_green_where_legal_and_red_with_the_engine_reason(app):
    state = random_game(4, 5, stop_at=12)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    colour = state.colour
    legal = state.placements_for(colour, scene.hand.piece)[0]
    target = legal.squares
    scene.hand = Hand.take(colour, legal.piece)
    scene.hand.orient = shape_of(target)
    app.step(1 / 60, events=[motion(scene.geo.centre(aim_for(legal)))])
    move, reason = scene.control.ghost()
    assert move == legal and reason is None
    text, _ = scene.status_text()
    assert "Click or Enter places it" in text
    covered = next(sq for sq in ((x, y) for y in range(20) for x in range(20)) if state.owner(*sq) is not None
                   and sq not in ((9, 9), (9, 10), (10, 9), (10, 10)))
    app.step(1 / 60, events=[motion(scene.geo.centre(covered))])
    move, reason = scene.control.ghost()
    assert reason == state.why_not(move).text
    assert scene.status_text()[0] == reason
    app.step(1 / 60, events=[click(scene.geo.centre(covered))])
    assert scene.match.state is state, "an illegal click changes nothing"
    assert scene.toast == reason


def test_r_f_and_the_wheel_turn_and_flip_the_piece(app):
    scene = MatchScene(app, CITY_BLOCKS.new_state({"players": 4}, 1))
    show(app, scene)
    settle(app, scene)
    scene.control.select(scene.match.state.colour, "N5")
    start = scene.hand.orient
    app.step(1 / 60, events=[key(pygame.K_r)])
    assert scene.hand.orient == turned(start)
    app.step(1 / 60, events=[key(pygame.K_r, pygame.KMOD_SHIFT)])
    assert scene.hand.orient == start
    app.step(1 / 60, events=[key(pygame.K_f)])
    assert scene.hand.orient == flipped(start) != start
    app.step(1 / 60, events=[pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert scene.hand.orient == turned(flipped(start))
    seen = {start}
    for _ in range(4):
        app.step(1 / 60, events=[key(pygame.K_r)])
        seen.add(scene.hand.orient)
    app.step(1 / 60, events=[key(pygame.K_f)])
    for _ in range(4):
        app.step(1 / 60, events=[key(pygame.K_r)])
        seen.add(scene.hand.orient)
    assert len(seen) == 8, "the N has eight orientations and R/F reach them all"


def test_piece_keys_choose_and_another_colours_tray_says_why_not(app):
    state = CITY_BLOCKS.new_state({"players": 4}, 1)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    app.step(1 / 60, events=[key(pygame.K_x)])
    assert scene.hand.piece == "X5"
    app.step(1 / 60, events=[key(pygame.K_2)])
    assert scene.hand.piece == "I2"
    app.step(1 / 60, events=[key(pygame.K_f, pygame.KMOD_SHIFT)])  # F and P are taken: Shift+F, Shift+P
    assert scene.hand.piece == "F5" and not scene.passing.open
    app.step(1 / 60, events=[key(pygame.K_p, pygame.KMOD_SHIFT)])
    assert scene.hand.piece == "P5" and not scene.passing.open
    before = scene.hand.orient
    app.step(1 / 60, events=[key(pygame.K_f)])   # F alone still flips
    assert scene.hand.piece == "P5" and scene.hand.orient != before
    other = (state.colour + 1) % 4
    slot = scene.board.tray_of(other).slots[0]
    app.step(1 / 60, events=[click(slot.center)])
    assert scene.hand.colour == state.colour
    assert scene.toast == state.why_not(Hand.take(other, "I2").move((0, 0))).text


def test_pass_asks_first_while_placements_remain(app):
    state = CITY_BLOCKS.new_state({"players": 2}, 3)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    app.step(1 / 60, events=[key(pygame.K_p)])
    assert scene.passing.open and scene.match.state is state
    app.step(1 / 60, events=[])  # the question is drawn
    app.step(1 / 60, events=[key(pygame.K_ESCAPE)])
    assert not scene.passing.open and scene.match.state is state
    app.step(1 / 60, events=[key(pygame.K_p)])
    app.step(1 / 60, events=[click(scene.passing.buttons[0].rect.center)])
    assert scene.match.state == state.play(state.pass_move())[0]


def test_pass_without_legal_placements_needs_no_confirmation(app):
    state = random_game(4, 8)
    history = list(state.history)
    replayed = CITY_BLOCKS.new_state({"players": 4}, 8)
    for move in history:  # the first position where the colour to move cannot place
        if not replayed.over and replayed.legal_count() == 0:
            break
        replayed, _ = replayed.play(move)
    assert not replayed.over and replayed.legal_count() == 0
    scene = MatchScene(app, replayed)
    show(app, scene)
    settle(app, scene)
    app.step(1 / 60, events=[key(pygame.K_p)])
    assert not scene.passing.open
    assert scene.match.state == replayed.play(replayed.pass_move())[0]


def test_undo_and_save(app, tmp_path, monkeypatch):
    state = CITY_BLOCKS.new_state({"players": 4}, 6)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    move = state.legal_moves().random_placement(random.Random(1))
    place_by_events(app, scene, move)
    settle(app, scene)
    assert scene.match.state.ply == 1
    app.step(1 / 60, events=[key(pygame.K_u)])
    assert scene.match.state is state
    place_by_events(app, scene, move)
    settle(app, scene)
    monkeypatch.setattr("client.records.records_dir", lambda: tmp_path)
    app.step(1 / 60, events=[key(pygame.K_s, pygame.KMOD_CTRL)])
    saved = list(tmp_path.glob("*.cbr"))
    assert len(saved) == 1
    assert CITY_BLOCKS.read_record(saved[0].read_text()).state == scene.match.state


def test_keyboard_only_turn_places_with_arrows_and_enter(app):
    state = random_game(2, 21, stop_at=6)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    app.step(1 / 60, events=[key(pygame.K_TAB)])
    hand = scene.hand
    target = next(m for m in state.placements_for(hand.colour, hand.piece) if shape_of(m.squares) == hand.orient)
    goal = aim_for(target)
    app.step(1 / 60, events=[key(pygame.K_UP)])
    for _ in range(40):
        x, y = scene.control.cursor
        if (x, y) == goal:
            break
        step = pygame.K_RIGHT if x < goal[0] else pygame.K_LEFT if x > goal[0] else \
            pygame.K_UP if y < goal[1] else pygame.K_DOWN
        app.step(1 / 60, events=[key(step)])
    assert scene.control.ghost() == (target, None)
    app.step(1 / 60, events=[key(pygame.K_RETURN)])
    assert scene.match.state == state.play(target)[0]


def first_f5(app):
    """A new 4-seat match with F5 in hand: the screen, position, colour, F5's legal
    placements and the corner they all cover."""
    state = CITY_BLOCKS.new_state({"players": 4}, 1)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    colour = state.colour
    scene.control.select(colour, "F5")
    legal = state.placements_for(colour, "F5")
    corner = next(iter(set.intersection(*(set(m.squares) for m in legal))))
    return scene, state, colour, legal, corner


def test_on_a_lit_square_the_ghost_takes_an_orientation_that_fits_and_one_click_places(app):
    """First piece: F5 as it comes from the tray does not fit in the corner; pointing at
    the corner turns the hand to an orientation that does, and a click places it."""
    scene, state, colour, legal, corner = first_f5(app)
    assert state.why_not(Hand.take(colour, "F5").move(corner)) is not None, "the tray's F5 misses the corner"
    lit = scene.control.fit_squares()
    assert corner in lit
    for square in lit:
        app.step(1 / 60, events=[motion(scene.geo.centre(square))])
        move, reason = scene.control.ghost()
        assert reason is None and move in legal and square in move.squares
        assert shape_of(move.squares) == scene.hand.orient, "the hand follows the ghost"
    app.step(1 / 60, events=[motion(scene.geo.centre(corner))])
    app.step(1 / 60, events=[click(scene.geo.centre(corner))])
    settle(app, scene)
    assert scene.match.state.played[colour] and scene.match.state.owner(*corner) == colour


def test_r_on_a_lit_square_turns_through_the_orientations_that_fit_there(app):
    scene, _, _, legal, corner = first_f5(app)
    app.step(1 / 60, events=[motion(scene.geo.centre(corner))])
    seen = set()
    for _ in range(4):
        move, reason = scene.control.ghost()
        assert reason is None
        seen.add(move)
        app.step(1 / 60, events=[key(pygame.K_r)])
    app.step(1 / 60, events=[key(pygame.K_f)])
    seen.add(scene.control.ghost()[0])
    assert seen == set(legal), "R and F reach every placement over the corner, all legal"
