"""Laying a branch without knowing the rules: every square where a branch of the size in
hand may go is lit, the ghost on it points a legal way whatever direction the hand held,
a caption beside it says what will happen, R and the wheel turn it through the legal
directions, and one click lays it. The hint's chance is said beside the hand, and the ghost's caption covers no
piece, no seat panel and not the hand, at both window sizes."""

import pygame
import pytest

from client.games.sprawl.game import MatchScene
from client.games.sprawl.hints import caption, chance_words, draw_hint
from client.games.sprawl.marks import draw_hand, ghost_words
from shared.gamekit.advice import Advice
from shared.sprawl import Branch
from shared.sprawl.board import square_name

from ..conftest import key, motion, show
from .helpers import random_game, settle, tap

SIZES = [(1280, 800), (1024, 640)]


def branch_squares(state) -> dict[tuple[int, int], list[int]]:
    """(square, size) -> the legal directions of a branch there."""
    out: dict[tuple[int, int], list[int]] = {}
    for q, k, d in state.legal_moves().branches:
        out.setdefault((q, k), []).append(d)
    return out


def position_with(test, players: int = 4):
    """The first position of seeded random play (and its (square, size)) passing ``test``."""
    for seed in range(40):
        for stop in range(6, 30):
            state = random_game(players, seed, stop_at=stop)
            if state.is_over() or not state.started[state.to_move]:
                continue
            for (q, k), dirs in sorted(branch_squares(state).items()):
                if test(state, q, k, sorted(dirs)):
                    return state, q, k, sorted(dirs)
    raise AssertionError("no such position")


def test_a_lit_square_takes_the_branch_whatever_way_the_hand_pointed(app):
    state, q, k, dirs = position_with(lambda s, q, k, dirs: len(dirs) == 1)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    seat, legal = state.to_move, dirs[0]
    wrong = (legal + 2) % 4
    app.step(1 / 60, events=[key(pygame.K_1 + k - 1), key(pygame.K_b)])
    scene.hand.direction = wrong
    assert q in scene.hand.glow()[1], "the square glows for the size in hand, whatever the direction"
    app.step(1 / 60, events=[motion(scene.geo.centre(q))])
    move, reason = scene.hand.ghost()
    assert move == Branch(seat, k, q, legal) and reason is None, "the ghost turns to the legal way"
    words, _ = ghost_words(scene)
    source = state.branch_sources(seat, q, k, legal)[0][1]
    kind = "tower" if state.tw[source] is not None else "branch"
    assert words.startswith(f"Branch {k} from your {kind} on {square_name(source)}, pointing "), words
    assert words in scene.status_text()[0]
    tap(app, scene.geo.centre(q))
    assert scene.match.state.history[-1] == Branch(seat, k, q, legal).text(), "one click lays it"


@pytest.mark.parametrize("turn", ["r", "wheel"])
def test_r_and_the_wheel_turn_the_branch_through_its_legal_ways(app, turn):
    state, q, k, dirs = position_with(lambda s, q, k, dirs: len(dirs) >= 2)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    app.step(1 / 60, events=[key(pygame.K_1 + k - 1), key(pygame.K_b), motion(scene.geo.centre(q))])
    seen = []
    for _ in range(len(dirs)):
        move, reason = scene.hand.ghost()
        assert reason is None and isinstance(move, Branch)
        seen.append(move.direction)
        event = key(pygame.K_r) if turn == "r" else pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1)
        app.step(1 / 60, events=[event])
    assert sorted(seen) == dirs, "each legal direction once, and only those"
    assert scene.hand.ghost()[0].direction == seen[0], "round again"
    assert scene.hand.hand_size == k, "the wheel over the board turns the branch, not the size"


@pytest.mark.parametrize("size", SIZES)
def test_a_hints_chance_is_said_beside_the_hand_not_over_the_squares(app, size):
    app.set_size(size)
    checked = 0
    for seed in (3, 5, 8):
        state = random_game(4, seed, stop_at=16)
        scene = MatchScene(app, state)
        show(app, scene)
        settle(app, scene)
        surface = pygame.Surface(scene.size)
        for move in list(state.legal_moves())[:12]:
            scene.computers.hint, scene.computers.hint_token = Advice(move, state.to_move, (0.2,) * 4), state
            box = draw_hint(surface, scene, False)
            target = scene.geo.square_rect(move.square)
            assert box == target.inflate(4, 4), "only the hinted square is framed on the board"
            assert chance_words(scene) == caption(scene.hinter.hint) and "60%" in chance_words(scene)
            draw_hand(surface, scene, False, chance_words(scene))
            checked += 1
        app.stack.scenes.clear()
    assert checked >= 30
