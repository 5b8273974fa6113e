"""The City Blocks final count: every square, group, edge and counter the show plans and
shows equals the engine's breakdown, on many random finished games of 2, 3 and 4 players;
stepping, fast-forward, skipping and replaying the show."""

import pygame
import pytest

from client.games.cityblocks.score import ScoreScene
from client.games.cityblocks.score_plan import ColourBeat, TableBeat, plan, running_totals
from shared.cityblocks.geometry import COLOURS, FILES
from shared.cityblocks.layout import SEAT_COLOURS

from ..conftest import key, show
from .helpers import random_game


def name(sq) -> str:
    return f"{FILES[sq[0]]}{sq[1] + 1}"


def games(n: int):
    for seed in range(n):
        yield random_game((2, 3, 4)[seed % 3], 500 + seed)


def test_the_plan_is_the_engine_breakdown_on_many_games():
    for state in games(36):
        score = state.score()
        beats = plan(state)
        assert [b.colour for b in beats[:4]] == [0, 1, 2, 3] and isinstance(beats[4], TableBeat)
        for beat in beats[:4]:
            data = score["colours"][COLOURS[beat.colour]]
            assert [name(sq) for sq in beat.area_squares] == data["area_squares"]
            assert beat.area_counts()[-1:] == ([data["area"]] if data["area"] else [])
            assert beat.area == data["area"] == len(beat.area_squares)
            assert [size for size, _ in beat.others] == data["other_groups"]
            colour_squares = {(i % 21, i // 21) for i in range(21 * 20) if state.boards[beat.colour] >> i & 1}
            seen = set(beat.area_squares)
            for size, squares in beat.others:
                assert len(squares) == size and not seen & set(squares) and set(squares) <= colour_squares
                seen |= set(squares)
            assert seen == colour_squares, "the area and the other groups are every square of the colour"
            assert [[name(sq), side] for sq, side in beat.edges] == data["free_edges"]
            assert beat.edge_count == data["edges"] == len(beat.edges)
            assert beat.total == data["total"] == beat.area + beat.edge_count
            owners = [s for s, cs in enumerate(SEAT_COLOURS[state.players]) if beat.colour in cs]
            assert beat.seat == (owners[0] if owners else None)
        assert list(running_totals(beats, state.players)[-1]) == [s["total"] for s in score["seats"]]
        table = beats[-1]
        assert [(r.total, r.place) for r in table.rows] == [(s["total"], s["place"]) for s in score["seats"]]
        assert list(table.winners) == score["winners"]


@pytest.mark.parametrize("seed", [501, 502, 503, 510])
def test_every_counter_the_show_shows_equals_the_engine(app, seed):
    state = random_game((2, 3, 4)[seed % 3], seed)
    score = state.score()
    scene = ScoreScene(app, state)
    show(app, scene)
    expected = running_totals(scene.beats, state.players)
    for i, beat in enumerate(scene.beats):
        for _ in range(600):  # the show plays by itself, beat after beat
            app.step(0.05, events=[], draw=False)
            if scene.view.beat is beat and scene.view.done:
                break
        view = scene.view
        assert view.beat is beat and view.done
        if isinstance(beat, ColourBeat):
            data = score["colours"][COLOURS[beat.colour]]
            assert view.area_seen == list(range(1, data["area"] + 1))
            assert view.edges_seen == list(range(1, data["edges"] + 1))
            assert f"{data['area']} + {data['edges']} = {data['total']}" in view.shown[-1]
            if beat.others:
                assert any(", ".join(map(str, data["other_groups"])) in c for c in view.shown)
            for _ in range(40):  # the total finishes rolling onto the seat
                app.step(0.05, events=[], draw=False)
            assert scene.awarded == list(expected[i])
        app.step(1 / 60, events=[])  # drawn mid-show
    for _ in range(200):
        app.step(0.05, events=[], draw=False)
    assert scene.stage == "final"
    assert [round(t) for t in scene.totals] == [s["total"] for s in score["seats"]]


def test_space_steps_f_speeds_up_s_skips_and_replay_runs_again(app):
    state = random_game(4, 77)
    scene = ScoreScene(app, state)
    show(app, scene)
    app.step(1 / 60, events=[key(pygame.K_SPACE)])
    app.step(1 / 60, events=[key(pygame.K_SPACE)])
    assert scene.view.index >= 1 and scene.stage == "show"

    def frames(fast: bool) -> int:
        scene.replay_show()
        if scene.fast != fast:
            app.step(1 / 60, events=[key(pygame.K_f)])
        n = 0
        while scene.stage == "show" and n < 20000:
            app.step(1 / 60, events=[], draw=False)
            n += 1
        return n

    slow, fast = frames(False), frames(True)
    assert fast * 3 < slow
    scene.replay_show()
    assert scene.stage == "show" and scene.awarded == [0, 0, 0, 0]
    app.step(1 / 60, events=[key(pygame.K_s)])
    assert scene.stage == "final"
    assert scene.awarded == [s["total"] for s in state.score()["seats"]]
    app.step(1 / 60, events=[key(pygame.K_t)])
    assert scene.table_hidden
    app.step(1 / 60, events=[])
