"""The list of moves has one place in every game and on every screen: a column of its own
right beside the board, as tall as the board, a fifth of the window wide. The match (with
the list opened), the replay (with it and with the analysis card under it) and the review
put it there, and it covers no seat panel, no board and no bar, for every seat count at
1280x800 and at 896x560 (what a 1024x640 screen gives the window)."""

from __future__ import annotations

import pygame
import pytest

import client.review.scene as review_scene
from client.scenes.layout import moves_width
from client.scenes.seats import HumanSeat
from shared.gamekit.registry import builtin_games
from shared.gamekit.review import ReviewSettings

from .conftest import key, show
from .test_i18n_fit import midgame
from .test_review import played_out

SIZES = [(1280, 800), (896, 560)]
SEATINGS = [("alien-city", 2), ("city-blocks", 2), ("city-blocks", 3), ("city-blocks", 4),
            ("sprawl", 3), ("sprawl", 4), ("sprawl", 6), ("sprawl", 8)]


def plugin_of(app, game_id: str):
    return next(p for p in app.games if p.spec.id == game_id)


def panel_rects(scene) -> list[pygame.Rect]:
    """Each game's seat panels as its screen placed them."""
    panels = scene.panels if hasattr(scene, "panels") and isinstance(scene.panels, dict) else None
    if panels is not None:                       # Alien City: a panel per player
        return [p.rect for p in panels.values()]
    if hasattr(scene.board, "panel_rects"):      # Sprawl
        return list(scene.board.panel_rects)
    return [p.rect for p in scene.board.panels]  # City Blocks


def check_column(scene, size, what: str) -> None:
    """The list (and any card under it) in its column, clear of everything else."""
    ml = scene.listing.move_list
    board = scene.geo.outer
    m = scene.margin
    column = [ml.rect]
    card = scene.analysis.card() if getattr(scene, "analysis", None) is not None else None
    if card is not None:
        column.append(card[0])
        assert card[0].x == ml.rect.x and card[0].w == ml.rect.w and card[0].bottom == board.bottom, what
        assert not card[0].colliderect(ml.rect), what
    window = pygame.Rect(0, 0, *size)
    for box in column:
        assert window.contains(box), what
        assert not box.colliderect(board), what
        assert not box.colliderect(scene.top_rect) and not box.colliderect(scene.bottom_rect), what
        for panel in panel_rects(scene):
            assert not box.colliderect(panel), f"{what}: the list covers the seat panel at {panel}"
    for panel in panel_rects(scene):
        assert window.contains(panel) and not panel.colliderect(board), what
    # its place: beside the board, as tall, a fifth of the window
    assert ml.rect.w == moves_width(size), what
    assert ml.rect.x == board.right + m and ml.rect.y == board.y, what
    assert board.y <= ml.rect.bottom <= board.bottom and ml.rect.h >= board.h // 3, what


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id,seats", SEATINGS)
def test_the_match_list_has_its_own_column_beside_the_board(app, size, game_id, seats):
    app.set_size(size)
    plugin = plugin_of(app, game_id)
    state = midgame(plugin, app, seats, 3, plies=6)
    scene = plugin.make_board(app, state, [HumanSeat() for _ in range(seats)], seed=3)
    show(app, scene)
    app.step(1 / 60, events=[key(pygame.K_l)], draw=True)
    assert scene.listing.moves_shown
    check_column(scene, size, f"{game_id} match, {seats} seats, {size}")
    app.step(1 / 60, events=[key(pygame.K_l)], draw=True)   # closed: the board and panels take the room back
    assert not scene.listing.moves_shown and scene.listing.room(size) == 0
    assert all(not p.colliderect(scene.geo.outer) for p in panel_rects(scene))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id,seats", SEATINGS)
def test_the_replay_list_and_card_have_their_own_column(app, monkeypatch, size, game_id, seats):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=4, seed=7))
    app.set_size(size)
    spec = builtin_games().get(game_id)
    options = {} if game_id == "alien-city" else {"players": seats}
    text = spec.write_record(played_out(game_id, options, 5, "random"))
    scene = plugin_of(app, game_id).open_record(app, text, "test")
    show(app, scene)
    for _ in range(3):
        app.step(1 / 60, events=[key(pygame.K_RIGHT)], draw=True)
    what = f"{game_id} replay, {seats} seats, {size}"
    check_column(scene, size, what)
    app.step(1 / 60, events=[key(pygame.K_t)], draw=True)   # the analysis card under the list
    scene.analysis.job().thread.join(300)
    app.step(1 / 60, events=[], draw=True)
    check_column(scene, size, what + ", with the analysis")
    app.step(1 / 60, events=[key(pygame.K_l)], draw=True)   # the card alone keeps the column
    assert not scene.listing.moves_shown and scene.listing.room(size) == moves_width(size)
    card = scene.analysis.card()[0]
    assert not any(card.colliderect(p) for p in panel_rects(scene)) and not card.colliderect(scene.geo.outer)
    app.stack.scenes.clear()


@pytest.mark.parametrize("size", SIZES)
def test_the_review_list_is_in_the_same_place(app, monkeypatch, size):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=4, seed=7))
    app.set_size(size)
    scene = review_scene.ReviewScene(app, played_out("sprawl", {"players": 3}, 5, "random"))
    show(app, scene)
    scene.job.thread.join(300)
    app.step(1 / 60, events=[], draw=True)
    assert scene.ready, scene.error
    rect, board, m = scene.move_list.rect, scene.board_rect, scene.margin
    assert rect.w == moves_width(size)
    assert (rect.x, rect.y, rect.h) == (board.right + m, board.y, board.h)
    for other in (board, scene.info_rect, scene.graph_rect, scene.top_rect, scene.bottom_rect):
        assert not rect.colliderect(other)
