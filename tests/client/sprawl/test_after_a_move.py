"""After a move, the square under the pointer does not open the next turn with a refusal
of a move nobody tried: the normal prompt shows until the pointer or the hand moves."""

import pygame

from client.games.sprawl.game import MatchScene
from client.theme import BAD
from shared.sprawl import SPRAWL, Build, Place
from shared.sprawl.board import square_name

from ..conftest import key, motion, show
from .helpers import settle, tap


def first_tower_on_a1(app) -> tuple[MatchScene, int]:
    """A new 3-seat hot-seat game with a 3 placed on a1 by a click, the pointer left there."""
    state = SPRAWL.new_state({"players": 3}, 5)
    scene = MatchScene(app, state)
    show(app, scene)
    settle(app, scene)
    a1 = state.geo.squares[0]
    assert square_name(a1) == "a1"
    app.step(1 / 60, events=[key(pygame.K_3), key(pygame.K_p)], draw=False)
    tap(app, scene.geo.centre(a1))
    assert scene.match.state.history[-1] == Place(state.to_move, 3, a1).text()
    settle(app, scene)
    return scene, a1


def test_the_first_tower_is_not_followed_by_a_red_refusal_under_the_pointer(app):
    scene, a1 = first_tower_on_a1(app)
    nxt = scene.match.state
    assert nxt.why_not(Build(nxt.to_move, 3, a1)) is not None, "the next seat's hand there is a refusal"
    app.step(1 / 60, events=[], draw=True)
    assert scene.hand.ghost() is None
    text, colour = scene.status_text()
    assert colour != BAD and "smaller" not in text
    away = next(sq for sq in nxt.geo.squares if sq != a1)
    app.step(1 / 60, events=[motion(scene.geo.centre(away)), motion(scene.geo.centre(a1))], draw=False)
    move, reason = scene.hand.ghost()
    assert move.square == a1 and reason is not None, "once the pointer moves, the square speaks again"
    assert scene.status_text() == (reason, BAD)


def test_a_new_size_in_hand_after_a_move_shows_the_refusal_again(app):
    scene, _a1 = first_tower_on_a1(app)
    assert scene.hand.ghost() is None
    app.step(1 / 60, events=[key(pygame.K_3)], draw=False)
    assert scene.hand.ghost()[1] is not None
