"""The list of moves beside the board (one widget for every game): a replay opens with it
and a click on a move jumps there; a live local match opens it with L or its tab, a click
looks back read-only (moves and keys go nowhere, the computers wait) and Esc, or the
card's button, returns to the present."""

import random

import pygame
import pytest

from client.games.aliencity.game import GameScene
from client.games.aliencity.replay import ReplayScene as AlienCityReplay
from client.games.cityblocks.game import MatchScene as CityBlocksMatch
from client.games.cityblocks.replay import ReplayScene as CityBlocksReplay
from client.games.sprawl.game import MatchScene as SprawlMatch
from client.games.sprawl.replay import ReplayScene as SprawlReplay
from client.scenes.seats import ComputerSeat, HumanSeat
from shared.aliencity.ppn import read_ppn, write_ppn
from shared.cityblocks import CITY_BLOCKS
from shared.sprawl import SPRAWL

from .conftest import click, key, show
from .test_move_numbers import played
from .test_score_show import finished


def row_centre(ml, row: int) -> tuple[int, int]:
    ml.scroll_to(row)
    return ml.rect.x + ml.rect.w // 2, ml.rect.y + ml.head_h() + (row - ml.top) * ml.row_h() + ml.row_h() // 2


def replays(app):
    final = finished(3)
    yield AlienCityReplay(app, read_ppn(write_ppn(final), lenient=True)), final.ply
    for spec, cls, players in ((CITY_BLOCKS, CityBlocksReplay, 4), (SPRAWL, SprawlReplay, 3)):
        scene = cls.from_text(app, spec.write_record(played(spec, players, 5)))
        yield scene, scene.controls.count


def test_a_replay_lists_every_move_and_a_click_jumps_there(app):
    for scene, count in replays(app):
        show(app, scene)
        app.step(0.5, events=[])   # past the guard on the click that opened the record
        assert scene.listing.moves_shown
        entries = scene.listing.move_list.entries
        assert [e.number for e in entries] == list(range(1, count + 1))
        assert all(e.text and e.colour is not None for e in entries)
        scene.handle_event(click(row_centre(scene.listing.move_list, 7)))
        app.step(1 / 60, events=[])
        assert scene.controls.index == 7 and scene.listing.move_list.current == 7
        assert scene.status_text()[0].startswith(f"Move 7 of {count}")
        scene.handle_event(click(row_centre(scene.listing.move_list, 0)))
        assert scene.controls.index == 0
        scene.handle_event(key(pygame.K_l))
        assert not scene.listing.moves_shown
        scene.handle_event(click(scene.listing.moves_tab.rect.center))
        assert scene.listing.moves_shown
        app.stack.scenes.clear()


def matches(app):
    yield GameScene(app, seats=[HumanSeat(), HumanSeat()], seed=4)
    yield CityBlocksMatch(app, CITY_BLOCKS.new_state({"players": 2}, 4), seats=[HumanSeat(), HumanSeat()], seed=4)
    yield SprawlMatch(app, SPRAWL.new_state({"players": 3}, 4), seats=[HumanSeat() for _ in range(3)], seed=4)


@pytest.mark.parametrize("which", [0, 1, 2])
def test_a_live_match_looks_back_read_only_and_returns(app, which):
    scene = list(matches(app))[which]
    show(app, scene)
    rng = random.Random(9)
    for _ in range(6):
        state = scene.match.state
        moves = state.legal_moves()
        scene.play(moves.random(rng) if hasattr(moves, "random") else rng.choice(list(moves)))
        scene.timeline.finish_all()
    app.step(1 / 60, events=[])
    assert not scene.listing.moves_shown, "a match opens with the board, the list is a key away"
    scene.handle_event(key(pygame.K_l))
    assert scene.listing.moves_shown
    app.step(1 / 60, events=[])
    n = len(scene.listing.move_list.entries)
    assert n >= 3
    present = scene.match.state
    scene.handle_event(click(row_centre(scene.listing.move_list, 2)))
    assert scene.listing.looking_back == 2 and scene.state is not present
    app.step(1 / 60, events=[])
    # read-only: a key that would act (undo) and a click on the board change nothing
    scene.handle_event(key(pygame.K_u))
    scene.handle_event(click(scene.board_rect().center if hasattr(scene, "board_rect") else (640, 400)))
    assert scene.match.state is present and scene.listing.looking_back == 2
    scene.handle_event(key(pygame.K_ESCAPE))
    assert scene.listing.looking_back is None and scene.state is present
    scene.handle_event(click(row_centre(scene.listing.move_list, 1)))
    assert scene.listing.looking_back == 1
    app.step(1 / 60, events=[])
    scene.handle_event(click(scene.listing.back_button.rect.center))
    assert scene.listing.looking_back is None


def test_replays_show_the_records_comments_beside_their_moves_and_on_the_board(app):
    from shared.aliencity.ppn import read_ppn as read
    final = finished(3)
    head, body = write_ppn(final).split("...\n", 1)
    lines = body.splitlines()
    lines[0] += " {Bold: the centre first.}"
    text = head + "...\n{A known opening.}\n" + "\n".join(lines) + "\n"
    first_line = len(read(head + "...\n" + lines[0] + "\n", lenient=True).plies)
    ac = AlienCityReplay(app, read(text, lenient=True))
    records = [(ac, first_line)]
    for spec, cls, players in ((CITY_BLOCKS, CityBlocksReplay, 2), (SPRAWL, SprawlReplay, 3)):
        written = spec.write_record(played(spec, players, 5)).splitlines()
        blank = written.index("")
        tokens = " ".join(written[blank + 1:]).split()
        commented = written[:blank] + ["", "# A known opening.", " ".join(tokens[:3]) + " # Bold: the centre first.",
                                       " ".join(tokens[3:])]
        records.append((cls.from_text(app, "\n".join(commented) + "\n"), 3))
    for scene, at in records:
        show(app, scene)
        app.step(0.5, events=[])
        assert scene.listing.shown_note() == "A known opening."
        scene.handle_event(click(row_centre(scene.listing.move_list, at)))
        app.step(1 / 60, events=[])
        assert scene.controls.index == at and scene.listing.shown_note() == "Bold: the centre first."
        assert scene.listing.move_list.entries[at - 1].note == "Bold: the centre first."
        assert sum(1 for e in scene.listing.move_list.entries if e.note) == 1
        app.stack.scenes.clear()


def test_the_review_lists_every_move_beside_the_board_and_a_click_selects_it(app, monkeypatch):
    import client.review.scene as review_scene
    from client.review.scene import ReviewScene
    from shared.gamekit.review import ReviewSettings
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=4, seed=7))
    final = played(CITY_BLOCKS, 2, 5)
    scene = ReviewScene(app, final)
    show(app, scene)
    scene.job.thread.join(300)
    app.step(1 / 60, events=[], draw=True)
    assert scene.ready, scene.error
    entries = scene.move_list.entries
    assert len(entries) == scene.count and [e.number for e in entries] == list(range(1, scene.count + 1))
    assert not scene.move_list.rect.colliderect(scene.board_rect)
    assert not scene.move_list.rect.colliderect(scene.info_rect)
    scene.handle_event(click(row_centre(scene.move_list, 5)))
    assert scene.ply == 5
    app.step(1 / 60, events=[], draw=True)
    assert scene.move_list.current == 5


def test_the_list_draws_whole_rows_only_above_its_rounded_foot(app):
    """Rows that do not fit whole are not drawn half over the panel's foot: the strip below
    the last whole row holds the panel's fill and nothing else."""
    from client.view.movelist import MoveEntry, MoveList
    ml = MoveList(lambda _row: None)
    ml.rect = pygame.Rect(10, 10, 300, 244)  # 11 rows of 18 and 17 pixels to spare
    ml.set([MoveEntry(n, f"Tb@a{n}, claims a{n}", (250, 250, 250)) for n in range(1, 41)], 0)
    surface = pygame.Surface((320, 260))
    ml.draw(surface, app.text)
    foot = ml.rect.y + ml.head_h() + ml.rows_shown() * ml.row_h()
    assert foot < ml.rect.bottom - 6  # a part row's room, where one was drawn before
    strip = {tuple(surface.get_at((x, y))) for x in range(ml.rect.x + 30, ml.rect.right - 30)
             for y in range(foot, ml.rect.bottom - 4)}
    assert len(strip) == 1


@pytest.mark.parametrize("game_id,seats", [("alien-city", 2), ("city-blocks", 3), ("sprawl", 3)])
def test_match_replay_and_review_list_the_same_rows_and_a_click_shows_the_same_position(app, monkeypatch,
                                                                                        game_id, seats):
    """One list in every screen: a game's match, its replay and its review number and word
    each move alike (Alien City's build and claim one row, City Blocks' pass in words), in
    the mover's colour, and a click on a row shows the position after that move."""
    import client.review.scene as review_scene
    from shared.aliencity.spec import AlienCityPosition
    from shared.gamekit.review import ReviewSettings
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=4, seed=7))
    plugin = next(p for p in app.games if p.spec.id == game_id)
    state = plugin.new_state(app, plugin.options_for(app, seats), 5)
    match = plugin.make_board(app, getattr(state, "state", state) if game_id == "alien-city" else state,
                              [HumanSeat() for _ in range(seats)], seed=5)
    show(app, match)
    rng = random.Random(5)
    while len(match.listing.move_texts()) < 9 or (game_id == "city-blocks" and not any(
            m.is_pass for m in match.match.moves)):
        moves = match.match.state.legal_moves()
        if not len(moves):
            break   # the game is over
        match.play(moves.random(rng) if hasattr(moves, "random") else rng.choice(list(moves)))
        match.timeline.finish_all()
    final = AlienCityPosition(match.match.state) if game_id == "alien-city" else match.match.state
    rows = [(e.number, e.text, e.colour) for e in match.listing.move_entries()]
    replay = plugin.open_record(app, plugin.spec.write_record(final), "test")
    assert [(e.number, e.text, e.colour) for e in replay.listing.move_entries()] == rows
    review = review_scene.ReviewScene(app, final)
    review.job.thread.join(300)
    review.update(0)
    assert review.ready, review.error
    assert [(e.number, e.text, e.colour) for e in review.listing.move_entries()] == rows
    # a click on row 3 shows the position after move 3 in each
    match.handle_event(key(pygame.K_l))
    app.step(1 / 60, events=[], draw=True)
    match.handle_event(click(row_centre(match.listing.move_list, 3)))
    app.stack.scenes.clear()
    show(app, replay)
    app.step(0.5, events=[], draw=True)
    replay.handle_event(click(row_centre(replay.listing.move_list, 3)))
    app.stack.scenes.clear()
    show(app, review)
    app.step(1 / 60, events=[], draw=True)
    review.handle_event(click(row_centre(review.move_list, 3)))
    app.step(1 / 60, events=[], draw=True)
    after = replay.positions[3]
    engine = getattr(after, "state", after)
    assert replay.controls.index == 3 and match.listing.looking_back == 3
    shown = getattr(review.board.state, "state", review.board.state)
    for state in (match.state, shown):   # Sprawl's states compare by their key
        assert state == engine or (hasattr(state, "key") and state.key() == engine.key())
    assert review.move_list.current == 3
    app.stack.scenes.clear()


@pytest.mark.parametrize("which", [0, 1, 2])
def test_a_click_while_a_computers_move_lands_lands_it_then_looks_back(app, which):
    """A click on the list is never lost to a move on its way (a computer's shown choice,
    a drop): the move lands at once and the board shows the position clicked."""
    scene = list(matches(app))[which]
    show(app, scene)
    rng = random.Random(4)
    for _ in range(4):
        moves = scene.match.state.legal_moves()
        scene.play(moves.random(rng) if hasattr(moves, "random") else rng.choice(list(moves)))
        scene.timeline.finish_all()
    scene.handle_event(key(pygame.K_l))
    app.step(1 / 60, events=[], draw=True)
    before = len(scene.listing.move_texts())
    moves = scene.match.state.legal_moves()
    scene.seats[int(scene.match.state.to_move)] = ComputerSeat(level="random")   # its choice is showing
    scene.turns.show_move(scene.match.state, moves.random(rng) if hasattr(moves, "random") else list(moves)[0])
    assert scene.turns.busy
    scene.handle_event(click(row_centre(scene.listing.move_list, 2)))
    assert len(scene.listing.move_texts()) == before + 1 and not scene.turns.busy
    assert scene.listing.looking_back == 2 and scene.bot_hold
