"""The review's graph and its lists are one measure: the biggest mistakes are the moves
where the graph falls most for their mover, each stated with the fall the graph draws
there, and what a seat gave away in all is the sum of its falls; the progress panel says
which move is being analysed and how long the rest should take at the pace so far."""

from __future__ import annotations

import pygame
import pytest

import client.review.scene as review_scene
from client.review import words
from client.review.scene import ReviewScene
from client.review.worker import ReviewJob
from shared.gamekit.review import ReviewSettings, lead

from .conftest import show
from .test_review import played_out, wait_ready


def line_of(scene: ReviewScene, seat: int) -> list[int]:
    """``seat``'s standing after each move as the graph's line shows it (two seats: the
    one line, read from ``seat``'s side)."""
    data = scene.graph.data
    if data.two_seats:
        return [v if seat == 0 else -v for v in data.series[0]]
    return list(data.series[seat])


def drawn_texts(app, scene: ReviewScene, monkeypatch) -> list[str]:
    """Every line the side panel draws."""
    lines: list[str] = []
    fitted, wrap = app.text.fitted, app.text.wrap
    with monkeypatch.context() as m:
        m.setattr(app.text, "fitted", lambda line, *a, **k: (lines.append(line), fitted(line, *a, **k))[1])
        m.setattr(app.text, "wrap", lambda line, *a, **k: (lines.append(line), wrap(line, *a, **k))[1])
        scene.panel.draw(pygame.Surface(app.size))
    return lines


@pytest.mark.parametrize("game_id,options", [("city-blocks", {"players": 2}), ("city-blocks", {"players": 4}),
                                             ("sprawl", {"players": 3})])
def test_the_mistakes_and_totals_are_where_and_what_the_graph_falls(app, monkeypatch, game_id, options):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=24, seed=3))
    scene = ReviewScene(app, played_out(game_id, options, 4, "random"))
    show(app, scene)
    wait_ready(app, scene)
    review, seats = scene.review, scene.seats()
    assert scene.mistakes, "random moves give something away"
    drawn = drawn_texts(app, scene, monkeypatch)
    assert scene.panel.rows
    for seat in range(review.seats):
        falls = {t.ply: scene.graph.data.fall(t.ply, seat) for t in review.turns if t.seat == seat}
        listed = [t for t in scene.mistakes if t.seat == seat]
        shown = {ply for _, ply in scene.panel.rows}   # the rows that fit the panel
        for turn in (t for t in listed if t.ply in shown):   # each states the graph's fall at its move
            row = f"Move {scene.move_number(turn.ply)}, {seats[seat].label}: {words.MINUS}{falls[turn.ply]}"
            assert row in drawn
        # no move of this seat falls further on the graph than the smallest one listed
        if listed:
            smallest = min(falls[t.ply] for t in listed)
            unlisted = [ply for ply in falls if ply not in {t.ply for t in listed}]
            assert len(listed) == review_scene.MISTAKES_PER_SEAT or all(
                falls[p] < smallest or review.turns[p - 1].loss < review.notable for p in unlisted)
            assert all(falls[p] <= smallest for p in unlisted)
        total = sum(fall for fall in falls.values())
        assert words.total_line(seats[seat].label, total, review.unit) in drawn


def test_the_panel_states_the_graphs_fall_at_the_selected_move(app, monkeypatch):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=24, seed=3))
    scene = ReviewScene(app, played_out("city-blocks", {"players": 2}, 4, "random"))
    show(app, scene)
    wait_ready(app, scene)
    turn = scene.mistakes[0]
    scene.select(turn.ply)
    line = line_of(scene, turn.seat)
    before, after = scene.graph.data.standing(turn.ply, turn.seat)
    assert after == line[turn.ply]
    drawn = drawn_texts(app, scene, monkeypatch)
    label = scene.seats()[turn.seat].label
    assert words.lead_line(label, words.signed(before, "points"), words.signed(after, "points")) in drawn
    assert words.loss_line(before - after, scene.review.unit) in drawn


@pytest.mark.parametrize("game_id,options", [("sprawl", {"players": 4}), ("city-blocks", {"players": 3})])
def test_the_lines_end_at_the_result_of_the_game(app, monkeypatch, game_id, options):
    """Each line ends where the game did: at the value of the last move played (the
    finished position's, exact), the winner's line the highest. Falls added up from the
    start ended far from it ("Yellow ahead" at the end of a game Red won)."""
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=24, seed=3))
    state = played_out(game_id, options, 6, "random")
    scene = ReviewScene(app, state)
    show(app, scene)
    wait_ready(app, scene)
    review, last = scene.review, scene.review.turns[-1]
    ends = [line_of(scene, seat)[-1] for seat in range(review.seats)]
    for seat, end in enumerate(ends):
        assert abs(end - words.scaled(lead(last.after, seat), review.unit)) <= 1, (seat, end)
    winners = [seat for seat, place in enumerate(state.ranking()) if place == 1]
    assert max(ends) in [ends[w] for w in winners]


def test_sprawl_never_calls_its_evaluation_points(app, monkeypatch):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=24, seed=3))
    scene = ReviewScene(app, played_out("sprawl", {"players": 3}, 4, "random"))
    show(app, scene)
    wait_ready(app, scene)
    scene.select(scene.mistakes[0].ply)
    drawn = drawn_texts(app, scene, monkeypatch)
    assert not [line for line in drawn if "point" in line.lower()]
    assert any(line.startswith("Evaluation fell by") for line in drawn)


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_progress_says_the_move_and_the_time_left_at_the_pace_so_far(app, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(ReviewJob, "clock", staticmethod(clock))
    monkeypatch.setattr(ReviewJob, "start", lambda self: self)   # the test moves it on by hand
    scene = ReviewScene(app, played_out("city-blocks", {"players": 2}, 4, "random"))
    job = scene.job
    count = len(scene.steps)
    assert scene.progress_words() == words.progress_line(1, scene.moves, None)
    job._progress(0, count)
    clock.now += 24.0
    job._progress(12, count)   # 2 s a move
    assert job.seconds_left == pytest.approx(2.0 * (count - 12))
    assert scene.progress_words() == words.progress_line(scene.move_number(13), scene.moves, 2.0 * (count - 12))
    assert "about" in scene.progress_words() and "left" in scene.progress_words()


def test_the_time_left_is_rounded_as_an_estimate():
    assert words.duration(41.0) == "40 s" and words.duration(2.0) == "5 s"
    assert words.duration(200.0) == "3 min"
    assert words.progress_line(12, 60, 41.0) == "Analysing move 12 of 60 \u2014 about 40 s left"
