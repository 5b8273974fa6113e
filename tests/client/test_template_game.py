"""The template game's own client tests, as a game keeps beside the conformance suite: its
input by mouse and keys (a click takes a stone and every stone right of it, a pile's
number takes one, a move the rules refuse says why and changes nothing)."""

import pygame

from client.scenes.seats import HumanSeat
from tests.template_game.nim import NIM, Take
from tests.template_game.nim_plugin import NimMatch

from .conftest import click, key, show


def test_a_click_takes_the_stone_and_those_right_of_it_and_a_number_takes_one(app):
    scene = NimMatch(app, NIM.new_state({"piles": "3-4-5"}, 1), seats=[HumanSeat(), HumanSeat()], seed=1)
    show(app, scene)
    app.step(1 / 60, events=[click(scene.geo.centre(1, 1))])   # pile 2, its second stone
    assert scene.match.moves == [Take(2, 3)] and scene.position().piles == (3, 1, 5)
    app.step(1 / 60, events=[key(pygame.K_3, unicode="3")])
    assert scene.match.moves[-1] == Take(3, 1) and scene.position().piles == (3, 1, 4)
    app.step(1 / 60, events=[key(pygame.K_9, unicode="9")])     # no pile 9
    assert scene.position().piles == (3, 1, 4) and "no pile 9" in scene.toast
    app.step(1 / 60, events=[])
