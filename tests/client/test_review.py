"""The game review on screen: Review on the final board of a local game opens it, the
search runs in the background while frames keep coming, the graph and the turn panel
follow the keys and the mouse, Esc cancels at once, a second look comes from the cache,
and City Blocks and Sprawl score screens offer the same review."""

from __future__ import annotations

import random

import pygame
import pytest

import client.review.scene as review_scene
from client.games.aliencity.game import GameScene
from client.games.aliencity.score import ScoreScene
from client.review import words
from client.review.analysis import TurnCard
from client.review.scene import ReviewScene
from shared.aliencity.ppn import read_ppn, write_ppn
from shared.aliencity.spec import ALIEN_CITY, AlienCityPosition
from shared.gamekit.api import RecordError
from shared.gamekit.registry import builtin_games
from shared.gamekit.review import ReviewSettings

from .conftest import click, key, motion, show
from .test_local_game import play_by_mouse, settle
from .test_score_show import finished

SMALL = ReviewSettings(iterations=4, seed=7)


@pytest.fixture(autouse=True)
def small_budget(monkeypatch):
    """Tests review with a tiny search budget (the screen's default is hundreds)."""
    monkeypatch.setattr(review_scene, "SETTINGS", SMALL)


def wait_ready(app, scene: ReviewScene) -> None:
    """Let the worker finish (a hang guard, not a timing), then one frame picks it up."""
    scene.job.thread.join(300)
    assert not scene.job.thread.is_alive()
    app.step(1 / 60, events=[], draw=True)
    assert scene.ready, scene.error


def review_button(scene):
    return next(b for b in scene.final_buttons if b.label == "Review")


def finish_local_game(app, seed: int) -> ScoreScene:
    """A local Alien City game whose last build is clicked on the board, to its final
    board (the show skipped with S)."""
    record = read_ppn(write_ppn(finished(seed)), lenient=True)
    game = GameScene(app, record.plies[-1].before)
    show(app, game)
    settle(app, game)
    play_by_mouse(app, game, record.plies[-1].build)
    frames = 0
    while not isinstance(app.stack.top, ScoreScene) and frames < 400:
        settle(app, game)
        frames += 1
    score = app.stack.top
    assert isinstance(score, ScoreScene) and score.state.phase.name == "OVER"
    score.handle_event(key(pygame.K_s))
    assert score.stage == "final"
    return score


def test_review_from_a_finished_local_game(app):
    score = finish_local_game(app, 21)
    score.handle_event(click(review_button(score).rect.center))
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.spec is ALIEN_CITY
    app.step(1 / 60, events=[], draw=True)  # frames come while the search runs
    wait_ready(app, scene)
    review = scene.review
    assert review.settings == SMALL.for_spec(ALIEN_CITY) and len(review.turns) == scene.count > 40
    # the graph: one line, every marked turn a big loss, the first selection the worst
    assert len(scene.graph.data.series) == 2 and scene.graph.data.count == scene.count
    assert [p for p, _ in scene.graph.data.marks] == [t.ply for t in scene.mistakes]
    if scene.mistakes:
        assert scene.ply == scene.mistakes[0].ply
        assert all(t.loss >= review.notable for t in scene.mistakes)
    # keys: Home, Right, End, Left, Tab to the next mistake
    scene.handle_event(key(pygame.K_HOME))
    assert scene.ply == 0 and scene.turn() is None
    scene.handle_event(key(pygame.K_RIGHT))
    assert scene.ply == 1 and scene.turn().ply == 1
    scene.handle_event(key(pygame.K_END))
    assert scene.ply == scene.count
    scene.handle_event(key(pygame.K_LEFT))
    assert scene.ply == scene.count - 1
    if scene.mistakes:
        scene.handle_event(key(pygame.K_HOME))
        scene.handle_event(key(pygame.K_TAB))
        assert scene.ply == min(t.ply for t in scene.mistakes)
    # a click on the graph selects the turn under it
    target = scene.count // 2
    pos = (scene.graph.x_of(target), scene.graph.plot.centery)
    scene.handle_event(motion(pos))
    assert scene.hover == target
    scene.handle_event(click(pos))
    assert scene.ply == target
    app.step(1 / 60, events=[], draw=True)
    # Esc closes: back on the final board
    scene.handle_event(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is score


def test_the_better_move_goes_on_the_board_with_b(app):
    score = finish_local_game(app, 22)
    scene = ReviewScene(app, AlienCityPosition(score.state))
    show(app, scene)
    wait_ready(app, scene)
    turn = next(t for t in scene.review.turns if not t.was_best)
    scene.select(turn.ply)
    board = scene.board
    step = scene.steps[turn.ply - 1]
    assert board.state == step.after.state and not board.better
    scene.handle_event(key(pygame.K_b))
    better = ALIEN_CITY.parse_move(turn.best)
    assert scene.show_better and board.better
    assert board.state == step.before.play(better)[0].state
    assert board.lot == getattr(better, "lot", None)
    assert board.insight.overlay.on  # the road overlay is up
    scene.handle_event(click(scene.played_button.rect.center))
    assert not scene.show_better and board.state == step.after.state
    best = next((t for t in scene.review.turns if t.was_best), None)
    if best is not None:
        scene.select(best.ply)
        assert not scene.better_button.enabled
        scene.handle_event(key(pygame.K_b))
        assert not scene.show_better
    app.step(1 / 60, events=[], draw=True)


def test_esc_cancels_a_running_review_at_once(app, monkeypatch):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=10**7, seed=99))
    score = finish_local_game(app, 23)
    scene = ReviewScene(app, AlienCityPosition(score.state))
    show(app, scene)
    app.step(1 / 60, events=[], draw=True)
    assert not scene.ready and scene.buttons() == [scene.cancel_button]
    scene.handle_event(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is score and scene.job.cancel.is_set()
    scene.job.thread.join(120)  # ten million iterations a move: only the stop ends it
    assert not scene.job.thread.is_alive() and scene.job.cancelled and scene.review is None


def test_a_second_review_of_the_same_game_comes_from_the_cache(app):
    score = finish_local_game(app, 24)
    first = ReviewScene(app, AlienCityPosition(score.state))
    show(app, first)
    wait_ready(app, first)
    assert not first.job.cached
    first.close()
    app.stack.apply_pending()
    second = ReviewScene(app, AlienCityPosition(score.state))
    show(app, second)
    wait_ready(app, second)
    assert second.job.cached and second.review == first.review


def test_a_game_that_cannot_be_reviewed_says_why(app):
    class Unreadable(type(ALIEN_CITY)):
        def read_record(self, text, *, lenient=False):
            raise RecordError("line 3: not a move")

    class Position(AlienCityPosition):
        spec = Unreadable()

    scene = ReviewScene(app, Position(finished(3)))
    show(app, scene)
    app.step(1 / 60, events=[], draw=True)
    assert scene.error == "line 3: not a move" and scene.buttons() == [scene.close_button]
    scene.handle_event(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is not scene


def played_out(game_id: str, options: dict, seed: int, level: str = "easy"):
    spec = builtin_games().get(game_id)
    state = spec.new_state(spec.options(options), seed)
    bots = [spec.make_bot(level, s) for s in range(state.seat_count)]
    while not state.is_over():
        state, _ = state.play(bots[state.to_move].choose(state))
    return state


@pytest.mark.parametrize("game_id,options,module", [
    ("city-blocks", {"players": 2}, "client.games.cityblocks.score"),
    ("sprawl", {"players": 4}, "client.games.sprawl.score")])
def test_city_blocks_and_sprawl_score_screens_open_the_same_review(app, game_id, options, module):
    import importlib
    state = played_out(game_id, options, 5)
    score = importlib.import_module(module).ScoreScene(app, state)
    show(app, score)
    score.skip()
    review_button(score).on_click()
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.spec.id == game_id
    wait_ready(app, scene)
    assert scene.count == len(scene.review.turns) > 0
    assert len(scene.graph.data.series) == len(scene.seats())
    for ply in (0, 1, scene.count):
        scene.select(ply)
        app.step(1 / 60, events=[], draw=True)
        surface = pygame.Surface(app.size)
        assert scene.board.draw(app, surface, scene.board_rect)  # the game's own board
    turn = next((t for t in scene.review.turns if not t.was_best), None)
    if turn is not None:
        scene.select(turn.ply)
        scene.set_better(True)
        assert scene.board.better and scene.board.move == scene.spec.parse_move(turn.best)


def test_the_review_fits_a_small_window():
    from client.app import App
    from client.config import Options
    small = App(Options(), (1024, 640), persist=False)
    state = played_out("sprawl", {"players": 6}, 6, "random")
    scene = ReviewScene(small, state)
    show(small, scene)
    wait_ready(small, scene)
    window = pygame.Rect((0, 0), small.size)
    rects = [scene.board_rect, scene.info_rect, scene.graph_rect, scene.close_button.rect,
             scene.played_button.rect, scene.better_button.rect]
    assert all(window.contains(r) for r in rects)
    assert not scene.board_rect.colliderect(scene.info_rect)
    assert not scene.info_rect.colliderect(scene.graph_rect)
    assert scene.info_rect.contains(scene.better_button.rect)
    small.stack.scenes.clear()


def test_the_mouse_wheel_and_the_mistake_rows_select_turns(app):
    state = played_out("city-blocks", {"players": 2}, 8)
    scene = ReviewScene(app, state)
    show(app, scene)
    wait_ready(app, scene)
    scene.select(5)
    scene.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert scene.ply == 6
    app.step(1 / 60, events=[], draw=True)
    if scene.panel.rows:
        rect, ply = random.Random(1).choice(scene.panel.rows)
        scene.handle_event(click(rect.center))
        assert scene.ply == ply


def test_a_game_without_a_review_board_shows_the_moves_as_text(app):
    """The plug-in hook's default draws no board: the screen writes both moves large."""
    from client.games.base import ReviewBoard

    from .i18n_harness import recording_texts
    state = played_out("city-blocks", {"players": 2}, 8)
    scene = ReviewScene(app, state)
    scene.board = ReviewBoard(app)
    show(app, scene)
    wait_ready(app, scene)
    turn = next(t for t in scene.review.turns if not t.was_best)
    scene.select(turn.ply)
    with recording_texts("en") as texts:
        app.step(1 / 60, events=[], draw=True)
    assert f"Played: {turn.played}" in texts and f"Better: {turn.best}" in texts


def replay_of_record(app, folder, game_id: str, finished_game: bool):
    """The replay screen the Files screen opens for a saved record of a game played to
    its end, or cut off after a few moves."""
    from client.scenes.files import open_record
    spec = builtin_games().get(game_id)
    options = {"players": 3} if game_id != "alien-city" else {}
    if finished_game:
        state = played_out(game_id, options, 4, "random")
    else:
        state = spec.new_state(spec.options(options), 4)
        bots = [spec.make_bot("easy", s) for s in range(state.seat_count)]
        for _ in range(3):
            state, _ = state.play(bots[state.to_move].choose(state))
    path = folder / f"game{spec.record_suffix or '.txt'}"
    path.write_text(spec.write_record(state), encoding="utf-8")
    scene = open_record(app, path)
    show(app, scene)
    return spec, state, scene


@pytest.mark.parametrize("game_id", ["alien-city", "city-blocks", "sprawl"])
def test_the_replay_of_a_finished_record_offers_the_review(app, tmp_path, game_id):
    spec, state, replay = replay_of_record(app, tmp_path, game_id, True)
    button = replay.controls.review_button
    assert button is not None and button in replay.buttons and button.enabled
    app.step(1 / 60, events=[key(pygame.K_RIGHT)], draw=True)  # any position: V reviews the game
    app.step(1 / 60, events=[key(pygame.K_v)], draw=True)
    app.stack.apply_pending()
    scene = app.stack.top
    assert isinstance(scene, ReviewScene) and scene.spec is spec
    wait_ready(app, scene)
    assert [t.played for t in scene.review.turns] == list(spec.read_record(spec.write_record(state)).moves)
    scene.handle_event(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is replay
    for _ in range(30):  # past the guard against the click that opened the record
        app.step(1 / 60, events=[], draw=False)
    replay.handle_event(click(button.rect.center))  # the button opens it too
    app.stack.apply_pending()
    assert isinstance(app.stack.top, ReviewScene)
    wait_ready(app, app.stack.top)


@pytest.mark.parametrize("game_id", ["alien-city", "city-blocks", "sprawl"])
def test_the_replay_of_an_unfinished_record_offers_no_review(app, tmp_path, game_id):
    spec, state, replay = replay_of_record(app, tmp_path, game_id, False)
    assert not state.is_over()
    assert replay.controls.review_button is None
    assert not any(b.label.startswith("Review") for b in replay.buttons)
    app.step(1 / 60, events=[key(pygame.K_END), key(pygame.K_v)], draw=True)
    app.stack.apply_pending()
    assert app.stack.top is replay


@pytest.mark.parametrize("game_id,options", [("city-blocks", {"players": 2}), ("sprawl", {"players": 3}),
                                             ("alien-city", {})])
def test_a_shows_the_best_moves_of_the_reviews_own_search_numbered_and_listed(app, monkeypatch, game_id, options):
    """A: the analysis of the position before the selected move is the review's card of
    that turn (no second search): its moves (distinct, legal, the better move first, the
    move played among them) are numbered on the board and listed in the panel; B goes
    back to the moves; A again shows the same card."""
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=40, seed=7))
    state = played_out(game_id, options, 5, "random")
    scene = ReviewScene(app, state)
    show(app, scene)
    wait_ready(app, scene)
    scene.select(3)
    scene.handle_event(key(pygame.K_a))
    assert scene.analysis_on
    job = scene.analysis()
    assert isinstance(job, TurnCard) and job.finished
    app.step(1 / 60, events=[], draw=True)
    before, turn = scene.steps[2].before, scene.review.turns[2]
    moves = [m for m, _ in job.top]
    texts = [scene.spec.move_text(m) for m in moves]
    assert len(set(texts)) == len(texts) >= 2 and texts[0] == turn.best and turn.played in texts
    assert all(before.why_not(m) is None for m in moves)
    assert [rank for _, rank in scene.board.marks] == list(range(1, len(moves) + 1))
    assert [m for m, _ in scene.board.marks] == moves
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    scene.handle_event(key(pygame.K_b))
    assert not scene.analysis_on and scene.board.marks == []
    scene.handle_event(click(scene.analysis_button.rect.center))
    assert scene.analysis_on and scene.analysis() is job   # kept: the same position again
    assert not scene.analyses.jobs   # no search of its own ran


@pytest.mark.parametrize("game_id,options", [("city-blocks", {"players": 2}), ("sprawl", {"players": 3}),
                                             ("alien-city", {})])
def test_the_loss_line_and_the_analysis_card_state_the_same_numbers(app, monkeypatch, game_id, options):
    """For every turn that gave something away, the panel's lead line names the graph's
    standing before and after the move, the card lists the better and the played move at
    those same numbers, and the loss it states is their difference: the card's own."""
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=40, seed=7))
    scene = ReviewScene(app, played_out(game_id, options, 5, "random"))
    show(app, scene)
    wait_ready(app, scene)
    unit, checked = scene.review.unit, 0
    for ply, turn in enumerate(scene.review.turns, start=1):
        if turn.was_best:
            continue
        scene.select(ply)
        scene.analysis_on = True
        rows = {scene.spec.move_text(m): lead for m, lead in scene.analysis().leads()}
        before, after = scene.graph.data.standing(ply, turn.seat)
        drawn = panel_texts(app, scene, monkeypatch)
        label = scene.seats()[turn.seat].label
        assert words.lead_line(label, words.signed(before, "points"), words.signed(after, "points")) in drawn
        assert words.analysis_row(1, scene.words_of(turn.best), before, False) in drawn
        assert before - after == words.scaled(rows[turn.best], unit) - words.scaled(rows[turn.played], unit)
        if turn.loss >= scene.review.notable:
            assert words.loss_line(before - after, unit) in drawn
        checked += 1
    assert checked


def panel_texts(app, scene, monkeypatch) -> list[str]:
    """Every text the side panel draws (each goes through the text cache's ``wrap``)."""
    lines: list[str] = []
    wrap = app.text.wrap
    with monkeypatch.context() as m:
        m.setattr(app.text, "wrap", lambda line, *a, **k: (lines.append(line), wrap(line, *a, **k))[1])
        scene.panel.draw(pygame.Surface(app.size))
    return lines


def test_a_build_and_its_claim_listed_as_mistakes_say_which_is_which(app, monkeypatch):
    """Alien City's build and claim share a move number: two mistake rows of one move name
    what was played, where rows of distinct moves stay short."""
    scene = ReviewScene(app, AlienCityPosition(finished(21)))
    show(app, scene)
    wait_ready(app, scene)
    turns = scene.review.turns
    build, claim = next((a, b) for a, b in zip(turns, turns[1:])
                        if a.seat == b.seat and scene.move_number(a.ply) == scene.move_number(b.ply))
    lone = next(t for t in turns if scene.move_number(t.ply) not in (scene.move_number(build.ply),))
    rows: list[str] = []
    real = words.mistake_row
    monkeypatch.setattr(words, "mistake_row", lambda *a: rows.append(real(*a)) or rows[-1])
    scene.mistakes = [build, claim, lone]
    app.step(1 / 60, events=[], draw=True)
    assert len(rows) == 3, rows
    assert rows[0] != rows[1] and "(" in rows[0] and "(" in rows[1], rows
    assert scene.words_of(build.played) in rows[0] and scene.words_of(claim.played) in rows[1], rows
    assert "(" not in rows[2], rows


def test_a_sprawl_seat_leaving_keeps_its_numbered_line_in_the_list(app):
    """The review lists a leave as the replay does ("11. Red left the game."), so the
    numbers run on without a gap; picking that line shows the position the seat left."""
    spec = builtin_games().get("sprawl")
    state = spec.new_state(spec.options({"players": 4}), 3)
    bots = [spec.make_bot("easy", s) for s in range(4)]
    for _ in range(10):
        state, _ = state.play(bots[state.to_move].choose(state))
    leaver = state.to_move
    state, _ = state.resign(leaver)
    for _ in range(6):
        state, _ = state.play(bots[state.to_move].choose(state))
    scene = ReviewScene(app, state)
    show(app, scene)
    wait_ready(app, scene)
    entries = scene.listing.move_entries()
    assert [e.number for e in entries] == list(range(1, 18)), [e.number for e in entries]
    label = scene.seats()[leaver].label
    assert entries[10].text == words.left_game(label) and label in entries[10].text
    assert scene.moves == 17 and scene.move_number(11) == 12
    said: list[str] = []
    real_lines = scene.panel._lines
    scene.panel._lines = lambda surface, text, *a, **k: said.append(text) or real_lines(surface, text, *a, **k)
    scene.listing.pick_row(11)
    assert scene.ply == 10 and scene.listing.row_of(10) == 11 and scene.listing.picked_leave().leaver == leaver
    assert not scene.better_button.enabled   # nothing better to show for a leave
    scene.set_better(True)   # nor with B
    assert not scene.show_better and scene.listing.picked == 11
    app.step(1 / 60, events=[], draw=True)
    assert scene.move_list.current == 11
    assert words.move_heading(11, 17, label) in said and words.left_game(label) in said   # the panel says it too
    scene.listing.pick_row(12)
    assert scene.ply == 11 and scene.listing.row_of(11) == 12
    from shared import i18n
    i18n.set_language("fr")   # the list is worded once, and again when the language changes
    try:
        french = scene.listing.move_entries()[10].text
        assert french == words.left_game(scene.seats()[leaver].label) and "quitté" in french
    finally:
        i18n.set_language("en")
    assert scene.listing.move_entries()[10].text == words.left_game(label)
