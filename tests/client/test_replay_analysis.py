"""The analysis in every game's replay: T (or the "Top moves (T)" tab) searches the
position shown in the background, then its best three moves are numbered on the board and
listed with their leads, the move the record plays next marked; stepping analyses the new
position (a position seen before shows its analysis again), stepping on or leaving stops a
running search, and so does a screen over the replay."""

from __future__ import annotations

import pygame
import pytest

import client.review.scene as review_scene
from client.scenes.play_here import PlayHereScene
from shared.gamekit.registry import builtin_games
from shared.gamekit.review import ReviewSettings

from .conftest import click, key, show
from .test_review import played_out

GAMES = [("city-blocks", {"players": 2}), ("sprawl", {"players": 3}), ("alien-city", {})]
N = 3


def open_replay(app, game_id: str, options: dict):
    spec = builtin_games().get(game_id)
    state = played_out(game_id, options, 5, "random")
    scene = next(p for p in app.games if p.spec.id == game_id).open_record(app, spec.write_record(state), "test")
    show(app, scene)
    for _ in range(N):
        app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    assert scene.controls.index == N
    for _ in range(30):   # past the guard against the click that opened the record
        app.step(1 / 60, events=[])
    return scene


def same(a, b) -> bool:
    """One position (Alien City's contract state wraps the engine's, compared by it)."""
    return getattr(a, "state", a) == getattr(b, "state", b)


def finish(app, scene):
    """Let the shown position's search end (a hang guard, not a timing), then a frame."""
    job = scene.analysis.job()
    job.thread.join(300)
    assert job.finished and job.error is None
    app.step(1 / 60, events=[], draw=True)
    return job


@pytest.mark.parametrize("game_id,options", GAMES)
def test_t_lists_and_numbers_the_three_best_moves_of_the_position_shown(app, monkeypatch, game_id, options):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=40, seed=7))
    scene = open_replay(app, game_id, options)
    assert scene.analysis.job() is None and scene.analysis.card() is None
    app.step(1 / 60, events=[key(pygame.K_t)])
    assert scene.analysis.on
    job = finish(app, scene)
    shown = scene.analysis.position(N)
    assert same(job.state, shown)
    moves = [m for m, _ in job.top]
    spec = shown.spec
    assert len({spec.move_text(m) for m in moves}) == 3
    assert all(shown.why_not(m) is None for m in moves)
    leads = [lead for _, lead in job.leads()]
    assert leads == sorted(leads, reverse=True)
    assert scene.analysis.marks() == [(m, rank) for rank, m in enumerate(moves, start=1)]
    # the card: a heading, then each move with its lead; the record's next move says so
    played = spec.move_text(scene.analysis_next(N))
    rows = [text for text, _, _ in scene.analysis.lines()[1:]]
    assert len(rows) == 3
    assert all(row.startswith(f"{rank}. {scene.analysis.move_words(m)}: lead ") for rank, (row, m) in
               enumerate(zip(rows, moves), start=1))
    assert [row.endswith("(played)") for row in rows] == [spec.move_text(m) == played for m in moves]
    box = scene.analysis.card()[0]
    assert not box.colliderect(scene.listing.move_list.rect)   # the list gives up its column's foot
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    # stepping on analyses the new position; stepping back shows the first analysis again
    app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    after = finish(app, scene)
    assert after is not job and same(after.state, scene.analysis.position(N + 1))
    app.step(1 / 60, events=[key(pygame.K_LEFT)])
    assert scene.analysis.job() is job
    # the tab turns it off (the board's numbers go) and on again
    scene.analysis.layout()
    scene.handle_event(click(scene.analysis.tab.rect.center))
    assert not scene.analysis.on and scene.analysis.marks() == [] and scene.analysis.card() is None
    scene.handle_event(click(scene.analysis.tab.rect.center))
    assert scene.analysis.on and scene.analysis.job() is job


@pytest.mark.parametrize("game_id,options", GAMES)
def test_stepping_on_or_leaving_stops_the_running_search(app, monkeypatch, game_id, options):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=10**7, seed=7))
    scene = open_replay(app, game_id, options)
    app.step(1 / 60, events=[key(pygame.K_t)])
    first = scene.analysis.job()
    assert not first.finished   # frames come while it searches
    app.step(1 / 60, events=[], draw=True)
    assert app.frame_rate() > 0
    app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    second = scene.analysis.job()
    assert second is not first and first.cancel.is_set()
    first.thread.join(300)
    assert first.finished and first.top is None
    # a screen over the replay (Play from here's chooser) stops it; back, it searches again
    app.step(1 / 60, events=[key(pygame.K_p)])
    app.stack.apply_pending()
    assert isinstance(app.stack.top, PlayHereScene) and second.cancel.is_set()
    app.step(1 / 60, events=[], draw=True)   # the replay shows through: no search starts
    assert scene.analysis.job() is None
    app.stack.pop()
    app.stack.apply_pending()
    app.step(1 / 60, events=[], draw=True)
    third = scene.analysis.job()
    assert third is not second and not third.cancel.is_set()
    app.stack.pop()   # leaving the replay
    app.stack.apply_pending()
    assert third.cancel.is_set()
    third.thread.join(300)
    assert third.finished


def test_the_end_of_a_finished_game_has_nothing_to_analyse(app, monkeypatch):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=40, seed=7))
    scene = open_replay(app, "city-blocks", {"players": 2})
    app.step(1 / 60, events=[key(pygame.K_t), key(pygame.K_END)])
    assert scene.controls.index == scene.controls.count and scene.analysis.job() is None
    assert [text for text, _, _ in scene.analysis.lines()] == ["The game is over: there are no moves to look for."]


def test_the_list_and_the_card_hide_the_seat_panel_between_them(app, monkeypatch):
    """With the analysis on, the column right of the board is one backing for the list
    and the card: what lies under the gap between them (whatever the screen drew) is covered."""
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=40, seed=7))
    app.set_size((1152, 720))
    scene = open_replay(app, "alien-city", {})
    app.step(1 / 60, events=[key(pygame.K_t)])
    finish(app, scene)
    box = scene.analysis.card()[0]
    listed = scene.listing.move_list.rect
    gap = pygame.Rect(listed.x + 8, listed.bottom, listed.w - 16, box.y - listed.bottom)
    assert gap.h > 0
    app.window.fill((255, 0, 255), gap)  # stands for the panel's text under the gap
    scene.analysis.draw(app.window)
    assert all(tuple(app.window.get_at((x, y)))[:3] != (255, 0, 255)
               for x in range(gap.x, gap.right) for y in range(gap.y, gap.bottom))
