"""One numbering of moves in every game: the match, the replay and the review count the
same moves the same way ("Move 5 of 38"); in Alien City a move is a build (its claim or
pass belongs to it), in City Blocks and Sprawl every ply is a move."""

import random

import pygame

from client.games.aliencity.game import GameScene
from client.games.aliencity.replay import ReplayScene as AlienCityReplay
from client.games.aliencity.review_board import move_words
from client.games.cityblocks.replay import ReplayScene as CityBlocksReplay
from client.games.sprawl.replay import ReplayScene as SprawlReplay
from shared.aliencity import Pass, Phase
from shared.aliencity.ppn import read_ppn, write_ppn
from shared.aliencity.spec import AlienCityPosition
from shared.cityblocks import CITY_BLOCKS
from shared.gamekit.review import steps
from shared.sprawl import SPRAWL

from .conftest import key, show
from .i18n_harness import recording_texts
from .test_score_show import finished


def played(spec, players: int, seed: int):
    state = spec.new_state({"players": players}, seed)
    rng = random.Random(seed)
    while not state.is_over():
        state = state.play(state.legal_moves().random(rng))[0]
    return state


def test_alien_city_counts_builds_in_the_match_the_replay_and_the_review(app):
    final = finished(3)
    builds = final.ply
    replay = AlienCityReplay(app, read_ppn(write_ppn(final), lenient=True))
    show(app, replay)
    assert replay.controls.count == builds
    for _ in range(5):
        app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    assert replay.status_text()[0].startswith(f"Move 5 of {builds}: ")
    plugin = app.games.get("alien-city")
    board = plugin.review_board(app)
    record = plugin.spec.read_record(plugin.spec.write_record(AlienCityPosition(final)), lenient=True)
    numbers = [board.move_number(step.after, step.ply) for step in steps(plugin.spec, record)]
    assert numbers[-1] == builds and len(numbers) > builds, "claims and passes are plies, not moves"
    assert numbers == sorted(numbers) and set(numbers) == set(range(1, builds + 1))
    app.stack.scenes.clear()
    mid = read_ppn(write_ppn(final), lenient=True).plies[4].before   # before the fifth build
    game = GameScene(app, mid)
    show(app, game)
    assert mid.phase is Phase.BUILD and mid.ply == 4
    with recording_texts("en") as texts:
        app.step(1 / 60, events=[])
    assert any(t.endswith("rules · move 5") for t in texts), "the match names the move being played"


def test_city_blocks_and_sprawl_replays_say_move_n_of_count(app):
    for spec, scene_cls, players in ((CITY_BLOCKS, CityBlocksReplay, 4), (SPRAWL, SprawlReplay, 3)):
        final = played(spec, players, 5)
        replay = scene_cls.from_text(app, spec.write_record(final))
        show(app, replay)
        for _ in range(3):
            app.step(1 / 60, events=[key(pygame.K_RIGHT)])
        assert replay.status_text()[0].startswith(f"Move 3 of {replay.controls.count}"), replay.status_text()[0]
        app.stack.scenes.clear()


def test_sprawl_counts_a_seat_leaving_in_the_replay_and_the_review_alike(app):
    """A record with a leaver: the review passes over the leave but numbers the moves after
    it as the replay does."""
    state = SPRAWL.new_state({"players": 4}, 3)
    rng = random.Random(3)
    for _ in range(5):
        state = state.play(state.legal_moves().random(rng))[0]
    state = state.resign(state.to_move)[0]
    for _ in range(4):
        state = state.play(state.legal_moves().random(rng))[0]
    text = SPRAWL.write_record(state)
    replay = SprawlReplay.from_text(app, text)
    rows = replay.listing.move_entries()
    assert sum(e.text.endswith("left the game.") for e in rows) == 1
    played = [(e.number, e.text) for e in rows if not e.text.endswith("left the game.")]
    board = app.games.get("sprawl").review_board(app)
    record = SPRAWL.read_record(text, lenient=True)
    reviewed = [(board.move_number(step.after, step.ply), board.move_words(SPRAWL, step.move))
                for step in steps(SPRAWL, record)]
    assert reviewed == played


def top_bar_texts(app) -> list[str]:
    """The texts the next frame draws (the top bar's rules line among them)."""
    app.stack.top.board.forget_layer()
    with recording_texts("en") as texts:
        app.step(1 / 60, events=[])
    return [t for t in texts if "rules" in t]


def test_alien_city_replay_header_names_the_move_its_status_line_shows(app):
    """One numbering on the replay's screen: after stepping to move 6 the top bar says
    'move 6', as 'Move 6 of N' under the board does (not the next move, 7); the start
    names no move."""
    final = finished(3)
    replay = AlienCityReplay(app, read_ppn(write_ppn(final), lenient=True))
    show(app, replay)
    assert top_bar_texts(app) == ["2004 rules"]
    for _ in range(6):
        app.step(1 / 60, events=[key(pygame.K_RIGHT)])
    replay.timeline.finish_all()
    assert replay.status_text()[0].startswith("Move 6 of ")
    assert top_bar_texts(app) == ["2004 rules · move 6"]


def test_alien_city_match_looking_back_names_the_move_the_card_shows(app):
    """A live match names the move being played; looking back after move 2 names move 2,
    as the look-back card does."""
    final = finished(3)
    plies = read_ppn(write_ppn(final), lenient=True).plies
    game = GameScene(app, plies[0].before)
    show(app, game)
    for ply in plies[:4]:
        game.play(ply.build)
        game.timeline.finish_all()
        if game.match.state.phase is Phase.CLAIM:
            game.play(ply.claim if ply.claim is not None else Pass())
            game.timeline.finish_all()
    assert top_bar_texts(app) == ["2004 rules · move 5"]
    game.listing.look_back(2)
    texts = top_bar_texts(app)
    assert texts == ["2004 rules · move 2"], texts


def test_alien_city_replay_analysis_words_its_moves(app):
    """The replay's best-moves card words a build as the list does ('red tower on e6'),
    not in record notation ('Tr@e6')."""
    final = finished(3)
    result = read_ppn(write_ppn(final), lenient=True)
    replay = AlienCityReplay(app, result)
    build = result.plies[0].build
    assert replay.analysis.move_words(build) == move_words(build) != build.text()


def test_city_blocks_and_sprawl_matches_say_the_move_being_played_as_their_lists_number_it(app):
    """Alien City's top bar says "move 23"; City Blocks' and Sprawl's say it too, the
    number their list of moves gives the next move (the last one once the game is over)."""
    from client.games.cityblocks.game import MatchScene as CityBlocksMatch
    from client.games.sprawl.game import MatchScene as SprawlMatch
    from client.scenes.seats import HumanSeat

    for screen, players in ((CityBlocksMatch, 4), (SprawlMatch, 3)):
        scene = screen(app, seats=[HumanSeat(name=n) for n in ("Ann", "Bo", "Cy", "Di")[:players]], seed=4,
                       players=players)
        show(app, scene)
        assert scene.bar_title.endswith("move 1")
        rng = random.Random(5)
        for _ in range(6):
            scene.play(scene.match.state.legal_moves().random(rng))
        numbers = list(scene.listing.move_numbers())
        assert numbers[-1] == 6 and scene.bar_title.endswith(f" · move {numbers[-1] + 1}"), scene.bar_title
        scene.listing.pick_move(3)  # looking back: the bar names the last move of that position
        assert scene.listing.looking_back == 3 and scene.bar_title.endswith(f" · move {numbers[2]}"), scene.bar_title
        scene.listing.pick_move(len(numbers))  # the present again
        assert scene.bar_title.endswith(f" · move {numbers[-1] + 1}"), scene.bar_title
        app.stack.scenes.clear()
