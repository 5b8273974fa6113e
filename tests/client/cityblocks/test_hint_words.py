"""The hint's words tell the truth in the preview's measure (the points the move adds to its
colour), a forced pass is said as such and never twice; a shared-blue move's preview tells
what it does to the players (blue scores for nobody); C takes a blue piece that fits; a
dimmed piece taken by click or letter says why it fits nowhere; the ghost's objection and
the hint's caption are never drawn on the board together."""

from __future__ import annotations

import random
import re

import pygame
import pytest

from client.app import App
from client.config import Options
from client.games.cityblocks import hints, marks
from client.games.cityblocks.game import MatchScene
from client.games.cityblocks.pieces import Hand, orient_of
from shared import i18n
from shared.cityblocks import CITY_BLOCKS
from shared.cityblocks.geometry import BLUE, PIECES, bit
from shared.gamekit.advice import Advice

from ..conftest import click, key, show
from .helpers import aim_for


@pytest.fixture
def app():
    yield App(Options(), (1280, 800), persist=False)
    i18n.set_language("en")


def scene_at(app, state) -> MatchScene:
    scene = MatchScene(app, state, seed=5)
    show(app, scene)
    scene.timeline.finish_all()
    return scene


def give_hint(scene, move, value: float = 0.0) -> Advice:
    state = scene.match.state
    advice = Advice(move, state.to_move, tuple(value for _ in range(state.players)))
    scene.computers.hint, scene.computers.hint_token = advice, state
    scene.show_toast(scene.hint_words(advice), 6)
    return advice


def stuck_state():
    """Three players, a seat to move with no placement left (the game not over)."""
    state, rng = CITY_BLOCKS.new_state({"players": 3}, 7), random.Random(7)
    while not state.over:
        if not state.legal_count():
            return state
        state = state.play(state.legal_moves().random_placement(rng))[0]
    raise AssertionError("some seat runs out of placements before the end")


def mid_state(players: int = 3, plies: int = 18):
    state, rng = CITY_BLOCKS.new_state({"players": players}, 11), random.Random(11)
    for _ in range(plies):
        state = state.play(state.legal_moves().random_placement(rng))[0]
    return state


def seat_totals(state) -> list[int]:
    return [s["total"] for s in state.score()["seats"]]


def aim(scene, move) -> None:
    scene.control.hand = Hand(move.colour, move.piece, orient_of(move))
    scene.control.cursor = None
    scene.control.hover = aim_for(move)


def test_a_forced_pass_is_said_as_such_once_and_claims_no_margin(app, monkeypatch):
    state = stuck_state()
    scene = scene_at(app, state)
    labelled: list[str] = []
    monkeypatch.setattr(hints, "label", lambda surface, sc, text, squares, edge: labelled.append(text))
    give_hint(scene, state.pass_move(), 0.0)
    toast = scene.toasts.text
    assert "no piece fits, so pass" in toast
    assert "expects" not in toast and "level with" not in toast
    scene.draw(app.window)
    assert not labelled, "a pass has no caption over the board's squares"
    said, _colour = scene.status_text()
    assert "passing automatically" in said and said != toast and toast not in said, \
        "the status line says the pass plays itself, not the toast's sentence again"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_hint_tells_the_points_the_preview_shows_for_the_same_move(app, players):
    state = mid_state(players, 2 * players)
    scene = scene_at(app, state)
    moves = [m for m in state.legal_moves() if not m.is_pass and not (players == 3 and m.colour == BLUE)]
    move = max(moves[:200], key=lambda m: len(m.squares))
    give_hint(scene, move, 0.05)   # a search value that once read "+2 points expected"
    colour = state.score()["colours"]
    name = ["blue", "green", "red", "yellow"][move.colour]
    after = state.play(move)[0].score()["colours"][name]
    gain = after["total"] - colour[name]["total"]
    aim(scene, move)
    preview = scene.control.status(True)[0]
    assert f"({gain:+d}:" in preview
    sign = f"+{gain}" if gain > 0 else ("\u2212" + str(-gain) if gain < 0 else "0")
    assert f"{sign} point" in scene.toasts.text and "expects" not in scene.toasts.text
    assert f"{sign} point" in hints.caption(scene, scene.hinter.hint)


def test_a_shared_blue_preview_tells_what_it_does_to_the_players_not_blues_score(app):
    state = mid_state()
    blue = [m for m in state.legal_moves() if not m.is_pass and m.colour == BLUE]
    before = seat_totals(state)
    move = next(m for m in blue if seat_totals(state.play(m)[0]) != before)
    after = seat_totals(state.play(move)[0])
    scene = scene_at(app, state)
    aim(scene, move)
    said = scene.control.status(True)[0]
    assert not re.search(r"Blue \d+ → \d+", said), said
    assert "scores for nobody" in said
    for seat, (a, b) in enumerate(zip(before, after)):
        name = ["Red", "Green", "Yellow"][seat]
        if a != b:
            assert f"{name} \u2212{a - b}" in said, said
        else:
            assert name not in said


def test_c_takes_a_blue_piece_that_fits_and_a_dimmed_piece_says_why(app):
    state = CITY_BLOCKS.new_state({"players": 3}, 5)
    own = state.colours_to_move[0]
    assert state.colours_to_move[1] == BLUE
    assert "X5" not in state.placeable_pieces(own) | state.placeable_pieces(BLUE), "no corner takes the X5"
    scene = scene_at(app, state)
    tray = scene.board.tray_of(own)
    app.step(0.016, events=[click(tray.slots[PIECES.index("X5")].center)], draw=False)
    assert scene.hand.piece == "X5"
    assert "must cover" in scene.toasts.text, "clicking a dimmed piece says why it fits nowhere"
    app.step(0.016, events=[key(pygame.K_c)], draw=False)
    assert scene.hand.colour == BLUE and scene.hand.piece in state.placeable_pieces(BLUE)
    scene.toasts.show("", 0)
    app.step(0.016, events=[key(pygame.K_x)], draw=False)
    assert scene.hand.piece == "X5" and "must cover" in scene.toasts.text, "its letter says why too"


def test_the_objection_and_the_hint_caption_are_never_on_the_board_together(app, monkeypatch):
    state = mid_state()
    scene = scene_at(app, state)
    hinted = next(m for m in state.legal_moves() if not m.is_pass)
    give_hint(scene, hinted)
    boxes: list[pygame.Rect] = []
    for module in (hints, marks):
        original = module.label
        monkeypatch.setattr(module, "label", lambda s, sc, text, squares, edge, original=original:
                            (boxes.append(marks.label_layout(sc, text, squares)[0]), original(s, sc, text, squares,
                                                                                              edge)))
    covered = next((x, y) for x in range(20) for y in range(20) if state.occupied & bit(x, y))
    scene.control.hand = Hand(hinted.colour, hinted.piece, 0)
    scene.control.cursor, scene.control.hover = covered, covered
    assert scene.control.ghost()[1] is not None
    scene.draw(app.window)
    assert len(boxes) == 1, "only the ghost's objection is written on the board"
