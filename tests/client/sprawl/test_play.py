"""Sprawl played through the match screen by injected events: whole games for 3 and 6
seats (and an overload game through the square chooser), a legal and an illegal click
with the engine's why_not, dragging a branch, the overlays, undo, computers."""

import random
import time

import pygame
import pytest

from client.games.sprawl.game import MatchScene
from client.games.sprawl.score import ScoreScene
from client.scenes.seats import ComputerSeat, HumanSeat
from shared.sprawl import SPRAWL, Branch, Place

from ..conftest import key, motion, show
from .helpers import down, play_by_events, random_game, settle, tap, up


@pytest.mark.parametrize("players,seed,options", [(3, 4, {}), (6, 9, {}), (4, 2, {"overload": True}),
                                                  (5, 3, {"sprawlgami": True, "strict_branching": True})])
def test_a_full_game_by_events_reaches_the_engine_score(app, players, seed, options):
    state = SPRAWL.new_state({"players": players, **options}, seed)
    scene = MatchScene(app, state, seed=seed)
    show(app, scene)
    rng = random.Random(seed)
    expected = state
    for _ in range(300):
        if expected.is_over():
            break
        settle(app, scene)
        assert scene.human_turn
        legal = expected.legal_moves()
        extras = [m for m in legal if isinstance(m, Place) and m.extra]
        move = rng.choice(extras) if extras and rng.random() < 0.5 else legal.random(rng)
        play_by_events(app, scene, move)
        expected, _ = expected.play(move)
        assert scene.match.state.key() == expected.key(), f"the screen played {move.text()} as the engine does"
        if expected.ply % 5 == 0:
            app.step(1 / 60, events=[])  # drawn now and then
    assert expected.is_over()
    for _ in range(200):
        app.step(0.05, events=[], draw=False)
        if isinstance(app.stack.top, ScoreScene):
            break
    top = app.stack.top
    assert isinstance(top, ScoreScene), "the end show opens by itself"
    app.step(1 / 60, events=[key(pygame.K_s)])
    assert top.stage == "final"
    assert top.tally.counted == [s["stash"] for s in expected.score()["seats"]]


def test_a_legal_click_plays_and_an_illegal_click_says_why(app):
    state = random_game(4, 5, stop_at=9)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    seat = state.to_move
    q, k, d = sorted(state.legal_moves().branches)[0]
    app.step(1 / 60, events=[key(pygame.K_1 + k - 1), key(pygame.K_b), key([pygame.K_UP, pygame.K_RIGHT,
                                                                            pygame.K_DOWN, pygame.K_LEFT][d])])
    assert (scene.hand.hand_size, scene.hand.action, scene.hand.direction) == (k, "branch", d)
    assert q in scene.hand.glow()[1], "the legal square glows"
    vacant = next(sq for sq in state.geo.squares if state.vacant(sq) and
                  state.why_not(Branch(seat, k, sq, d)) is not None and not scene.hand.moves_ending_on(sq))
    app.step(1 / 60, events=[motion(scene.geo.centre(vacant))])
    move, reason = scene.hand.ghost()
    assert move == Branch(seat, k, vacant, d) and reason == state.why_not(move).text
    assert scene.status_text()[0] == reason
    tap(app, scene.geo.centre(vacant))
    assert scene.match.state is state, "an illegal click changes nothing"
    assert scene.toast == reason
    app.step(1 / 60, events=[motion(scene.geo.centre(q))])
    move, reason = scene.hand.ghost()
    assert move == Branch(seat, k, q, d) and reason is None
    assert "click or Enter plays it" in scene.status_text()[0]
    tap(app, scene.geo.centre(q))
    assert scene.match.state.history[-1] == Branch(seat, k, q, d).text()


def test_clicking_a_square_the_hand_cannot_use_lists_the_moves_ending_there(app):
    state = random_game(4, 5, stop_at=9)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    q = sorted(state.legal_moves().branches)[0][0]
    app.step(1 / 60, events=[key(pygame.K_p)])   # a spore there is not legal: the click lists the moves
    assert state.why_not(scene.hand.move_at(q)) is not None
    tap(app, scene.geo.centre(q))
    listed = scene.hand.chooser
    assert listed and all(m.square == q for m in listed)
    assert {m.text() for m in listed} == {m.text() for m in state.legal_moves() if m.square == q}
    app.step(1 / 60, events=[key(pygame.K_ESCAPE)])
    assert scene.hand.chooser is None and scene.match.state is state
    app.step(1 / 60, events=[down(scene.geo.centre(q), 3)])
    app.step(1 / 60, events=[key(pygame.K_DOWN), key(pygame.K_RETURN)])
    assert scene.match.state.history[-1] == listed[0].text()


def test_a_number_key_with_the_list_open_sets_the_size_and_plays_nothing(app):
    """Keys 1-3 choose the size in hand, whether the list of moves is open or not."""
    state = random_game(4, 5, stop_at=9)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    q = sorted(state.legal_moves().branches)[0][0]
    app.step(1 / 60, events=[key(pygame.K_1), key(pygame.K_p)])
    tap(app, scene.geo.centre(q))
    assert len(scene.hand.chooser) >= 3, "the list is open with rows a number could have picked"
    app.step(1 / 60, events=[key(pygame.K_3)])
    assert scene.match.state is state, "no move was played"
    assert scene.hand.chooser is None and scene.hand.hand_size == 3
    tap(app, scene.geo.centre(q))
    listed = scene.hand.chooser
    assert listed
    app.step(1 / 60, events=[key(pygame.K_RETURN)])
    assert scene.match.state is state, "Enter plays only a row picked first"
    app.step(1 / 60, events=[key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_UP),
                             key(pygame.K_RETURN)])
    assert scene.match.state.history[-1] == listed[1].text()


def test_dragging_a_branch_the_wrong_way_says_why(app):
    state = random_game(4, 5, stop_at=9)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    legal = state.legal_moves()
    q, k, d = sorted(legal.branches)[0]
    wrong = next(w for w in range(4) if (q, k, w) not in legal.branches)
    centre = scene.geo.centre(q)
    step = ((0, -1), (1, 0), (0, 1), (-1, 0))[wrong]
    end = (centre[0] + step[0] * scene.geo.cell // 2, centre[1] + step[1] * scene.geo.cell // 2)
    app.step(1 / 60, events=[key(pygame.K_1 + k - 1), motion(centre), down(centre)])
    app.step(1 / 60, events=[motion(end)])
    app.step(1 / 60, events=[up(end)])
    assert scene.match.state is state
    assert scene.toast == state.why_not(Branch(state.to_move, k, q, wrong)).text


def test_overlays_toggle_by_keys_and_buttons_and_undo_takes_back(app):
    state = random_game(4, 3, stop_at=12)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    app.step(1 / 60, events=[key(pygame.K_a), key(pygame.K_s), key(pygame.K_o)])
    assert scene.shown == {"attacks", "spores", "trees"}
    app.step(1 / 60, events=[down(scene.overlay_buttons["attacks"].rect.center)])
    assert scene.shown == {"spores", "trees"}
    move = state.legal_moves().random(random.Random(1))
    play_by_events(app, scene, move)
    assert scene.match.state.ply == state.ply + 1
    settle(app, scene)
    app.step(1 / 60, events=[key(pygame.K_u)])
    assert scene.match.state is state


def test_computers_play_in_worker_threads_against_a_person(app):
    state = SPRAWL.new_state({"players": 3}, 11)
    seats = [HumanSeat("Ann"), ComputerSeat(level="easy"), ComputerSeat(level="random")]
    scene = MatchScene(app, state, seats=seats, seed=11)
    show(app, scene)
    rng = random.Random(2)
    for _ in range(2000):
        s = scene.match.state
        if s.is_over() or s.ply >= 9:
            break
        if scene.human_turn and not scene.timeline.busy:
            play_by_events(app, scene, s.legal_moves().random(rng))
        elif scene.thinking:
            time.sleep(0.01)  # a worker thread thinks: give it the time a busy machine needs
        app.step(0.05, events=[], draw=False)
    final = scene.match.state
    assert final.is_over() or final.ply >= 9, "the computers answered, the game went on"
    movers = {t[0] for t in final.history}
    assert movers & {"y", "g"}, "the computers moved"
    scene.computers.stop()


def test_the_final_count_names_each_seat_as_the_match_does(app):
    """The count says "Green (computer, easy)" as the match did, not the bare colour."""
    state = SPRAWL.new_state({"players": 3}, 11)
    seats = [HumanSeat("Ann"), HumanSeat(""), ComputerSeat(level="easy")]
    scene = MatchScene(app, state, seats=seats, seed=11)
    score = scene.score_scene(random_game(3, 5))
    assert [score.seat_label(i) for i in range(3)] == [scene.seat_label(i) for i in range(3)] \
        == ["Red (Ann)", "Yellow", "Green (computer, easy)"]


def drag(app, scene, start: int, direction: int) -> None:
    """Press on ``start``, drag half a square ``direction`` (0..3 = n e s w), release."""
    centre = scene.geo.centre(start)
    step = ((0, -1), (1, 0), (0, 1), (-1, 0))[direction]
    end = (centre[0] + step[0] * scene.geo.cell // 2, centre[1] + step[1] * scene.geo.cell // 2)
    app.step(1 / 60, events=[motion(centre), down(centre)])
    app.step(1 / 60, events=[motion(end)])
    app.step(1 / 60, events=[up(end)])


def test_a_drag_out_of_your_tower_branches_on_the_next_square_and_never_builds(app):
    """The gesture a player makes to grow a branch out of a tower: the branch lands on the
    square it was dragged to, pointing on (before, the tower under the press was built on)."""
    for seed in range(1, 40):
        state = random_game(4, seed, stop_at=8)
        if state.is_over():
            continue
        legal, seat = state.legal_moves(), state.to_move
        behind = {(q, d): state.geo.nb[q][(d + 2) % 4] for q, _k, d in legal.branches}
        found = next(((q, k, d) for q, k, d in sorted(legal.branches)
                      if behind[q, d] >= 0 and state.tw[behind[q, d]] is not None
                      and state.controller(behind[q, d]) == seat), None)
        if found is not None:
            break
    else:
        raise AssertionError("no game with a branch out of a tower of the seat to move")
    q, k, d = found
    tower = state.geo.nb[q][(d + 2) % 4]
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    app.step(1 / 60, events=[key(pygame.K_1 + k - 1)])
    drag(app, scene, tower, d)
    if scene.match.state is state:   # a move that ends the game or strands a seat: asked first
        drag(app, scene, tower, d)
    assert scene.match.moves[-1] == Branch(seat, k, q, d)


def test_a_drag_from_a_tower_off_the_board_says_so_and_plays_nothing(app):
    def edge_tower(state):
        return next(((sq, d) for sq in state.geo.squares for d in range(4) if state.tw[sq] is not None
                     and state.controller(sq) == state.to_move and state.geo.nb[sq][d] < 0), None)

    state = next(s for s in (random_game(4, seed, stop_at=8) for seed in range(1, 60))
                 if not s.is_over() and edge_tower(s) is not None)
    edge = edge_tower(state)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    sq, d = edge
    centre = scene.geo.centre(sq)
    step = ((0, -1), (1, 0), (0, 1), (-1, 0))[d]
    end = (centre[0] + step[0] * scene.geo.cell // 2, centre[1] + step[1] * scene.geo.cell // 2)
    app.step(1 / 60, events=[motion(centre), down(centre)])
    app.step(1 / 60, events=[motion(end)])
    assert "leave the board" in scene.hand.ghost()[1], "the drag's own reason while it lasts"
    app.step(1 / 60, events=[up(end)])
    assert scene.match.state is state and "leave the board" in scene.toast
    assert scene.hand.ghost() is None, "no refusal of a build nobody tried once the drag is over"
