"""A Sprawl game that ends because a seat has no legal move says so before and after: the
move that would end it is warned about on hover and in the list of moves, and the end
show and the replay's last move say why it ended. The end show's caption gives each
stash's final figure while its counter runs."""

import pygame

from client.games.sprawl.game import MatchScene
from client.games.sprawl.marks import ghost_words
from client.games.sprawl.replay import ReplayScene
from client.games.sprawl.score import ScoreScene
from shared.sprawl import SPRAWL
from shared.sprawl.foresight import ended_text, move_warning

from ..conftest import key, motion, show
from .helpers import random_game, settle, tap


def stuck_game():
    """(the position before the last move, the last move, the end) of a 4-seat game that
    ended because the seat to move could not act."""
    seed = next(seed for seed in range(60) if random_game(4, seed).ended[0] == "stuck")
    final = random_game(4, seed)
    before = random_game(4, seed, stop_at=final.ply - 1)
    return before, SPRAWL.parse_move(final.history[-1]), final


def stuck_scene(app):
    """The match screen on the position before the move that ends the game, that move."""
    before, last, final = stuck_game()
    scene = MatchScene(app, before)
    show(app, scene)
    settle(app, scene)
    return scene, before, last


def test_pointing_at_the_move_that_ends_the_game_warns_first(app):
    scene, before, last = stuck_scene(app)
    warning = move_warning(before, last)
    assert warning and warning.startswith("This move ends the game")
    app.step(1 / 60, events=[key(pygame.K_1 + last.size - 1)])
    scene.hand.action, scene.hand.direction = ("branch", last.direction) if hasattr(last, "direction") else ("place", 0)
    app.step(1 / 60, events=[motion(scene.geo.centre(last.square))])
    assert scene.hand.ghost() == (last, None)
    words, colour = scene.status_text()
    assert words.startswith(warning) and "Click twice" in words
    caption, edge = ghost_words(scene)
    assert "Click twice" in caption and "warning below" in caption, "the caption beside the square warns"
    scene.hand.open_chooser(last.square)
    index = scene.hand.chooser.index(last)
    app.step(1 / 60, events=[key(pygame.K_DOWN)] * (index + 1))
    assert scene.status_text()[0] == warning, "the list's picked row warns too"
    app.step(1 / 60, events=[])


def test_the_move_that_ends_the_game_plays_on_the_second_click_only(app):
    scene, before, last = stuck_scene(app)
    warning = move_warning(before, last)
    scene.hand.hand_for(last)
    centre = scene.geo.centre(last.square)
    tap(app, centre)
    assert scene.match.state is before, "the first click only arms the move"
    assert scene.hand.armed == last
    assert "Click again" in ghost_words(scene)[0] and scene.status_text()[0].startswith(warning)
    assert "Click again" in scene.status_text()[0]
    away = next(sq for sq in before.geo.squares if sq != last.square)
    app.step(1 / 60, events=[motion(scene.geo.centre(away)), motion(centre)])
    assert scene.hand.armed is None, "pointing elsewhere disarms it"
    tap(app, centre)
    assert scene.match.state is before
    tap(app, centre)
    assert scene.match.state.history[-1] == last.text(), "the second click plays it"
    app.step(1 / 60, events=[])


def test_a_move_that_ends_the_game_from_the_list_needs_two_picks(app):
    scene, before, last = stuck_scene(app)
    scene.hand.open_chooser(last.square)
    index = scene.hand.chooser.index(last)
    app.step(1 / 60, events=[key(pygame.K_DOWN)] * (index + 1) + [key(pygame.K_RETURN)])
    assert scene.match.state is before and scene.hand.chooser and scene.hand.armed == last
    app.step(1 / 60, events=[key(pygame.K_RETURN)])
    assert scene.match.state.history[-1] == last.text()


def test_the_end_show_and_the_replay_say_why_the_game_ended(app):
    _, _, final = stuck_game()
    said = ended_text(final)
    assert said and "had no legal move" in said
    scene = ScoreScene(app, final)
    show(app, scene)
    assert said in scene.end_words()
    for _ in range(40):
        app.step(0.05, events=[], draw=False)
        if scene.tally.counting is None and scene.tally.focus is None:
            assert scene.status_text()[0].startswith(said)
    app.step(1 / 60, events=[key(pygame.K_s)])
    assert scene.stage == "final" and scene.status_text()[0].startswith(said)
    app.stack.scenes.clear()
    replay = ReplayScene.from_text(app, SPRAWL.write_record(final))
    show(app, replay)
    app.step(1 / 60, events=[key(pygame.K_END)])
    assert replay.status_text()[0].endswith(said)
    app.step(1 / 60, events=[key(pygame.K_LEFT)])
    assert said not in replay.status_text()[0]


def test_the_stash_caption_gives_the_final_figures_while_the_counter_runs(app):
    final = random_game(4, 8)
    seats = final.score()["seats"]
    scene = ScoreScene(app, final)
    show(app, scene)
    checked = 0
    for _ in range(4000):
        app.step(0.05, events=[], draw=False)
        seat, counted = scene.tally.counting, scene.tally.counted
        if seat is not None and counted[seat] is not None and counted[seat] < seats[seat]["stash"]:
            s = seats[seat]
            back = sum(r["size"] for r in s["returned"])
            words = scene.status_text()[0]
            assert f": {s['stash']} pip" in words and f"({s['on_hand']} on hand + {back} back" in words, words
            assert s["stash"] == s["on_hand"] + back
            checked += 1
        if scene.stage == "final":
            break
    assert checked >= 3, "caught counters mid-count"
