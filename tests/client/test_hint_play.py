"""A hint shown is a key away from played, in every game alike: Enter plays exactly the
hinted move (unless the arrow keys aim elsewhere), the caption on the board says so, and
City Blocks' hint also takes its piece into the hand the way the hint lays it, so a click
on the hinted squares places it there. Alien City's caption and the other games' hint
sentence cover neither the coordinates under the board nor the hinted move. The hints
here come from a bot that answers one fixed move at once (the search itself is tested in
``test_hints``)."""

from __future__ import annotations

import time

import pygame
import pytest

from client.games.aliencity import hint_caption
from client.games.aliencity.game import GameScene
from client.games.cityblocks import hints as city_hints
from client.games.cityblocks.game import MatchScene as CityScene
from client.games.sprawl import hints as sprawl_hints
from client.games.sprawl.game import MatchScene as SprawlScene
from shared.aliencity import PIECES, Build, Player
from shared.cityblocks import CITY_BLOCKS
from shared.gamekit.advice import Advice
from shared.sprawl import SPRAWL

from .conftest import click, key, motion, show


class Fixed:
    """A bot that answers ``move`` whatever it is asked."""

    def __init__(self, move) -> None:
        self.move = move

    def choose(self, state, deadline_s=None, stop=None):
        return self.move


def factory(box: list):
    return lambda level, seed: Fixed(box[0])


def hint_arrives(app, scene, ask, shown) -> None:
    ask()
    end = time.monotonic() + 30
    while shown() is None:
        assert time.monotonic() < end, "timed out"  # a hang guard
        app.step(1 / 60, events=[], draw=False)
        time.sleep(0.002)
    app.step(1 / 60, events=[])  # drawn once


# -- Alien City -------------------------------------------------------------------------------
def alien_scene(app, pick):
    box: list = [None]
    scene = GameScene(app, seed=6, computers={Player.WHITE: "easy"}, bot_factory=factory(box))
    show(app, scene)
    scene.timeline.finish_all()
    box[0] = pick(scene)
    return scene


def other_build(scene) -> Build:
    """A legal build of a piece other than the one chosen."""
    s = scene.match.state
    return next(Build(p, lot) for p in PIECES if p != scene.selected for lot in s.legal_lots(p))


def test_alien_city_enter_plays_the_hint_even_with_the_cursor_out_before(app):
    scene = alien_scene(app, other_build)
    scene.handle_event(key(pygame.K_LEFT))  # the keyboard cursor is out before the hint
    assert scene.cursor is not None
    hint_arrives(app, scene, scene.ask_hint, lambda: scene.hint)
    move = scene.hint
    assert scene.cursor is None and scene.selected == move.piece
    assert "Enter" in hint_caption.caption_lines(scene, move)[-1]
    assert "Enter" in scene.status_text()[0]
    scene.handle_event(key(pygame.K_RETURN))
    assert scene.match.state.history[-1][1] == move
    scene.computers.stop()


def test_alien_city_arrows_after_the_hint_aim_enter_elsewhere(app):
    scene = alien_scene(app, other_build)
    hint_arrives(app, scene, scene.ask_hint, lambda: scene.hint)
    move = scene.hint
    before = scene.match.state
    scene.handle_event(key(pygame.K_UP))  # the person aims with the arrows: Enter builds there
    assert scene.cursor == min(9, move.lot // 8 + 1) * 8 + move.lot % 8, "the cursor comes out on the hint"
    aimed = Build(scene.selected, scene.cursor)
    scene.handle_event(key(pygame.K_RETURN))
    if before.why_not(aimed) is None:
        assert scene.match.state.history[-1][1] == aimed
    else:
        assert scene.match.state is before
    scene.computers.stop()


@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_alien_city_hint_caption_covers_no_coordinates_and_not_its_lot(lang, size):
    """On every lot, the caption stays on the lots (the coordinates are in the border
    around them) and off the hinted lot, in every language and window size."""
    from client.app import App
    from client.config import Options
    from shared import i18n
    i18n.set_language(lang)
    try:
        app = App(Options(), size, persist=False)
        scene = alien_scene(app, lambda scene: None)
        area = hint_caption.lots_area(scene.geo)
        for lot in range(80):
            move = Build(PIECES[lot % len(PIECES)], lot)
            box, _imgs = hint_caption.caption_layout(scene, move)
            assert area.contains(box), (lang, size, lot, box, area)
            assert not box.colliderect(scene.geo.lot_rect(lot)), (lang, size, lot)
        scene.computers.stop()
    finally:
        i18n.set_language("en")


# -- City Blocks ------------------------------------------------------------------------------
def city_pick(scene):
    """A legal placement of another piece than the hand's, laid in another way than a
    tray lays it."""
    from client.games.cityblocks.pieces import orient_of, tray_orient
    s = scene.match.state
    hand = scene.control.hand
    for move in s.legal_moves():
        if not move.is_pass and move.piece != hand.piece and orient_of(move) != tray_orient(move.piece):
            return move
    raise AssertionError("no such placement")


def city_scene(app):
    state = CITY_BLOCKS.new_state({"players": 2}, 4)
    box: list = [None]
    scene = CityScene(app, state, seed=4, bot_factory=factory(box))
    show(app, scene)
    scene.timeline.finish_all()
    box[0] = city_pick(scene)
    return scene, box[0]


def test_city_blocks_hint_takes_its_piece_the_hinted_way_and_a_click_on_it_places_it(app):
    scene, move = city_scene(app)
    hint_arrives(app, scene, scene.hinter.ask_hint, lambda: scene.hinter.hint)
    from client.games.cityblocks.pieces import orient_of
    hand = scene.control.hand
    assert (hand.colour, hand.piece, hand.orient) == (move.colour, move.piece, orient_of(move))
    assert "Enter" in city_hints.caption(scene, scene.hinter.hint)
    for square in move.squares:  # wherever on the hinted piece the pointer is, the ghost is the hint
        scene.handle_event(motion(scene.geo.square_rect(square).center))
        assert scene.control.ghost() == (move, None)
    scene.handle_event(click(scene.geo.square_rect(move.squares[-1]).center))
    assert scene.match.state.history[-1] == move
    scene.computers.stop()


def test_city_blocks_enter_plays_the_hint_wherever_the_pointer_is(app):
    scene, move = city_scene(app)
    hint_arrives(app, scene, scene.hinter.ask_hint, lambda: scene.hinter.hint)
    away = next((x, y) for x in range(20) for y in range(20) if (x, y) not in move.squares)
    scene.handle_event(motion((2, 2)))
    assert "Enter" in scene.status_text()[0]
    scene.handle_event(motion(scene.geo.square_rect(away).center))  # a ghost elsewhere
    scene.handle_event(key(pygame.K_RETURN))
    assert scene.match.state.history[-1] == move
    scene.computers.stop()


# -- Sprawl -------------------------------------------------------------------------------------
def test_sprawl_enter_plays_the_hint_with_the_pointer_off_the_board(app):
    from tests.client.sprawl.helpers import random_game
    state = random_game(3, 2, stop_at=6)
    legal = list(state.legal_moves())
    box = [legal[len(legal) // 2]]
    scene = SprawlScene(app, state, seed=4, bot_factory=factory(box))
    show(app, scene)
    scene.timeline.finish_all()
    scene.handle_event(motion((2, 2)))
    hint_arrives(app, scene, scene.hinter.ask_hint, lambda: scene.hinter.hint)
    assert isinstance(scene.hinter.hint, Advice) and "Enter" in sprawl_hints.caption(scene.hinter.hint)
    assert "Enter" in scene.status_text()[0]
    scene.handle_event(key(pygame.K_RETURN))
    assert SPRAWL.parse_move(scene.match.state.history[-1]) == box[0]
    scene.computers.stop()


# -- where the hint's sentence goes (City Blocks and Sprawl toast it) -----------------------------
@pytest.fixture
def toasts(monkeypatch):
    """The boxes of the toasts drawn (window coordinates)."""
    from client.view import banners
    boxes: list[pygame.Rect] = []
    original = banners.draw_panel

    def draw_panel(surface, rect, **kw):
        boxes.append(pygame.Rect(rect).move(surface.get_abs_offset()))
        return original(surface, rect, **kw)

    monkeypatch.setattr(banners, "draw_panel", draw_panel)
    return boxes


def letters_under(scene) -> pygame.Rect:
    """The row of letters under the board."""
    r = scene.geo.rect
    return pygame.Rect(r.x, r.bottom + 2, r.w, max(8, scene.geo.cell // 3))


def hint_toast(app, scene, toasts: list, move) -> pygame.Rect:
    """``move`` hinted as a hint that arrives (its sentence toasted): the toast's box drawn."""
    state = scene.match.state
    advice = Advice(move, state.to_move, (0.1,) * len(scene.seats))
    scene.computers.hint, scene.computers.hint_token = advice, state
    scene.show_toast(scene.hint_words(advice), 6)
    toasts.clear()
    scene.draw(app.window)
    return toasts[-1]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_city_blocks_hint_sentence_hangs_from_the_top_clear_of_the_letters_and_the_piece(toasts, size):
    from client.app import App
    from client.config import Options
    app = App(Options(), size, persist=False)
    state = CITY_BLOCKS.new_state({"players": 4}, 5)
    scene = CityScene(app, state, seed=5)
    show(app, scene)
    scene.timeline.finish_all()
    moves = [m for m in state.legal_moves() if not m.is_pass]
    for move in (min(moves, key=lambda m: min(y for _, y in m.squares)),   # low on the board, then high
                 max(moves, key=lambda m: max(y for _, y in m.squares))):
        box = hint_toast(app, scene, toasts, move)
        assert not any(box.colliderect(scene.geo.square_rect(sq)) for sq in move.squares), (move, box)
        if max(y for _, y in move.squares) < 15:
            assert not box.colliderect(letters_under(scene)), (move, box)
    scene.computers.stop()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_sprawl_hint_sentence_hangs_from_the_top_clear_of_the_letters_the_move_and_the_panels(toasts, size):
    from client.app import App
    from client.config import Options
    from tests.client.sprawl.helpers import random_game
    app = App(Options(), size, persist=False)
    state = random_game(3, 2, stop_at=6)
    scene = SprawlScene(app, state, seed=4)
    show(app, scene)
    scene.timeline.finish_all()
    moves = list(state.legal_moves())
    for move in (max(moves, key=lambda m: scene.geo.square_rect(m.square).y),   # lowest, then highest
                 min(moves, key=lambda m: scene.geo.square_rect(m.square).y)):
        box = hint_toast(app, scene, toasts, move)
        assert not box.colliderect(scene.geo.square_rect(move.square)), (move, box)
        assert not any(box.colliderect(r) for r in scene.board.panel_rects), (move, box)
        if scene.geo.square_rect(move.square).y > scene.geo.rect.y + scene.geo.cell:
            assert not box.colliderect(letters_under(scene)), (move, box)
    scene.computers.stop()


# -- Enter before the hint is found ------------------------------------------------------------
class Held(Fixed):
    """A bot that answers ``move`` only once ``go`` is set (a search still running)."""

    def __init__(self, move) -> None:
        super().__init__(move)
        import threading
        self.go = threading.Event()

    def choose(self, state, deadline_s=None, stop=None):
        self.go.wait(30)
        return self.move


@pytest.mark.parametrize("game", ["alien-city", "city-blocks"])
def test_enter_before_the_hint_is_found_says_so_and_plays_nothing(app, game):
    """Enter while the level still looks answers at once (a toast), plays no move, and
    once the hint is shown Enter plays it."""
    held = Held(None)
    if game == "alien-city":
        scene = GameScene(app, seed=6, computers={Player.WHITE: "easy"}, bot_factory=lambda level, seed: held)
        show(app, scene)
        scene.timeline.finish_all()
        held.move = other_build(scene)
        ask, shown, toast = scene.ask_hint, (lambda: scene.hint), (lambda: scene.toast)
    else:
        scene = CityScene(app, CITY_BLOCKS.new_state({"players": 2}, 4), seed=4,
                          bot_factory=lambda level, seed: held)
        show(app, scene)
        scene.timeline.finish_all()
        held.move = city_pick(scene)
        ask, shown, toast = scene.hinter.ask_hint, (lambda: scene.hinter.hint), (lambda: scene.toast)
    before = scene.match.state
    ask()
    scene.handle_event(key(pygame.K_RETURN))
    assert scene.match.state is before, "no move is played before the hint is shown"
    assert "not found yet" in toast()
    held.go.set()
    hint_arrives(app, scene, lambda: None, shown)
    scene.handle_event(key(pygame.K_RETURN))
    assert scene.match.state is not before
    scene.computers.stop()
