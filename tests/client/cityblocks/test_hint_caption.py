"""A hint's caption on the board and its sentence (the toast) are drawn clear of every seat
panel and of the bars, in English, Slovak and French, at 1280x800 and 1024x640, with 2, 3
and 4 players: for hints at the board's edges and corners (where a caption is pushed
aside), with short and long expected margins, and for a pass (its sentence alone); the
toast never covers the caption.

The boxes are the ones the screen really draws: ``draw_panel`` is watched while the whole
screen draws, each box taken in window coordinates."""

from __future__ import annotations

import random

import pygame
import pytest

from client import theme
from client.app import App
from client.config import Options
from client.games.cityblocks import hints, marks
from client.games.cityblocks.game import MatchScene
from client.view import banners
from shared import i18n
from shared.cityblocks import CITY_BLOCKS
from shared.gamekit.advice import Advice

from ..conftest import show

SIZES = [(1280, 800), (1024, 640)]


@pytest.fixture
def drawn(monkeypatch):
    """(box in window coordinates, edge colour) of every panel drawn over the board."""
    boxes: list[tuple[pygame.Rect, tuple]] = []

    def watch(original):
        def draw_panel(surface, rect, **kw):
            boxes.append((pygame.Rect(rect).move(surface.get_abs_offset()), tuple(kw.get("edge", ()))))
            return original(surface, rect, **kw)
        return draw_panel

    monkeypatch.setattr(marks, "draw_panel", watch(marks.draw_panel))
    monkeypatch.setattr(banners, "draw_panel", watch(banners.draw_panel))
    yield boxes
    i18n.set_language("en")


def hinted_moves(state) -> list:
    """Legal placements at each edge of where the colour may place: leftmost, rightmost,
    highest and lowest squares."""
    moves = [m for m in state.legal_moves() if not m.is_pass]
    return [min(moves, key=lambda m: min(x for x, _ in m.squares)),
            max(moves, key=lambda m: max(x for x, _ in m.squares)),
            max(moves, key=lambda m: max(y for _, y in m.squares)),
            min(moves, key=lambda m: min(y for _, y in m.squares))]


def states(players: int) -> list:
    """The start and a position some turns in (seeded random play)."""
    state = CITY_BLOCKS.new_state({"players": players}, 5)
    later, rng = state, random.Random(players)
    for _ in range(4 * players):
        later = later.play(later.legal_moves().random(rng))[0]
    return [state, later]


def clear_of_panels(scene, box: pygame.Rect) -> list[str]:
    """What ``box`` overlaps: a seat panel, a bar, or the window's edge."""
    wrong = [f"seat panel {p.seat} {p.rect}" for p in scene.board.panels if box.colliderect(p.rect)]
    if box.top < scene.top_rect.bottom or box.bottom > scene.bottom_rect.top:
        wrong.append("a bar")
    if not pygame.Rect((0, 0), scene.size).contains(box):
        wrong.append("the window's edge")
    return wrong


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "sk", "fr"])
def test_the_hint_caption_and_sentence_stay_clear_of_the_panels(drawn, lang, size):
    app = App(Options(), size, persist=False)
    i18n.set_language(lang)
    problems = []
    for players in (2, 3, 4):
        for state in states(players):
            scene = MatchScene(app, state, seed=5)
            show(app, scene)
            scene.timeline.finish_all()
            for move in [*hinted_moves(state), state.pass_move()]:
                for value in (0.05, -0.95):
                    advice = Advice(move, state.to_move, tuple(value for _ in range(state.players)))
                    scene.computers.hint, scene.computers.hint_token = advice, scene.match.state
                    scene.show_toast(scene.hint_words(advice), 6)   # as a hint that arrives
                    drawn.clear()
                    scene.draw(app.window)
                    said = [box for box, edge in drawn if edge in (tuple(hints.HINT_INK), tuple(theme.GOOD))]
                    if move.is_pass:
                        assert len(said) == 1, "a pass: the toast alone, no caption over the squares"
                    else:
                        assert len(said) == 2, "the caption and the toast are drawn"
                        if said[0].colliderect(said[1]):
                            problems.append(f"{players}p {move} {value}: the toast {said[1]} over the caption")
                    for box in said:
                        wrong = clear_of_panels(scene, box)
                        if wrong:
                            problems.append(f"{players}p {move} {value}: {box} over {', '.join(wrong)}")
            app.stack.scenes.clear()
    assert problems == [], f"in {lang} at {size[0]}x{size[1]}:\n" + "\n".join(problems[:12])


@pytest.mark.parametrize("size", SIZES)
def test_the_hint_sentence_never_covers_the_caption_near_the_top(drawn, size):
    """Hints whose caption sits on the board's top rows (where the sentence hangs): the
    sentence goes elsewhere, so both are read whole."""
    app = App(Options(), size, persist=False)
    checked = 0
    for players in (2, 3, 4):
        state = states(players)[1]
        scene = MatchScene(app, state, seed=5)
        show(app, scene)
        scene.timeline.finish_all()
        for move in [m for m in state.legal_moves() if not m.is_pass]:
            advice = Advice(move, state.to_move, tuple(0.05 for _ in range(state.players)))
            scene.computers.hint, scene.computers.hint_token = advice, scene.match.state
            box, _imgs = marks.label_layout(scene, hints.caption(scene, advice), move.squares)
            if box.top > scene.geo.rect.top + 2 * scene.geo.cell:
                continue
            scene.show_toast(scene.hint_words(advice), 6)
            drawn.clear()
            scene.draw(app.window)
            said = [b for b, edge in drawn if edge in (tuple(hints.HINT_INK), tuple(theme.GOOD))]
            assert len(said) == 2 and not said[0].colliderect(said[1]), f"{players}p {move}: {said}"
            checked += 1
        app.stack.scenes.clear()
    assert checked, "some hint's caption is near the top"
