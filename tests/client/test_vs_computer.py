"""Play vs computer: the setup screen, a full game against a threaded Easy computer
driven by mouse events, a window that keeps drawing while the computer thinks, workers
that stop when the player leaves or undoes, and hints that show without playing."""

import random
import threading
import time

import pygame

from client.games.aliencity.game import GameScene
from client.games.aliencity.score import ScoreScene
from client.scenes.picker import GamePickerScene
from client.scenes.seats import ComputerSeat
from client.scenes.title import TitleScene
from shared.aliencity import Build, Claim, Pass, Phase, Player
from shared.aliencity.spec import ALIEN_CITY

from .conftest import click, from_title, key, show
from .test_local_game import play_by_mouse


def small_bots(level: str, seed: int):
    """Real bots on small search budgets, so tests are fast and seed-deterministic."""
    if level in ("medium", "hard"):
        return ALIEN_CITY.make_bot(level, seed, iterations=40)
    return ALIEN_CITY.make_bot(level, seed)


class SlowBot:
    """Thinks until stopped (or 10 s), then plays the first legal move."""

    def __init__(self) -> None:
        self.started = threading.Event()
        self.returned = threading.Event()

    def choose(self, state, deadline_s=None, stop=None):
        self.started.set()
        stop.wait(10)
        self.returned.set()
        return next(iter(state.legal_moves()))


def run_until(app, cond, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not cond():
        assert time.monotonic() < end, "timed out"
        app.step(1 / 60, events=[], draw=False)
        time.sleep(0.002)


def test_menu_opens_setup_and_starts_a_game_against_the_chosen_level(app):
    setup = from_title(app, "Play vs computer")
    assert isinstance(setup, GamePickerScene) and setup.mode == "computer"
    setup.bot_factory, setup.seed = small_bots, 5
    setup.handle_event(key(pygame.K_DOWN))  # past the Game row (Alien City)
    setup.handle_event(key(pygame.K_RIGHT))  # easy -> medium
    setup.handle_event(key(pygame.K_DOWN))
    setup.handle_event(key(pygame.K_RIGHT))  # black -> white
    app.step(1 / 60, events=[])  # draws
    setup.handle_event(click(setup.start_button.rect.center))
    app.stack.apply_pending()
    game = app.stack.top
    assert isinstance(game, GameScene)
    assert game.levels == {Player.BLACK: "medium"}
    assert isinstance(game.bots[Player.BLACK], ComputerSeat) and Player.WHITE not in game.bots
    game.stop_thinking()


def test_full_game_against_easy_by_mouse_reaches_the_engine_score(app):
    game = GameScene(app, seed=8, computers={Player.WHITE: "easy"}, bot_factory=small_bots)
    start = game.match.state
    played = []
    real_play = game.play
    game.play = lambda move: (played.append(move), real_play(move))[1]
    show(app, game)
    rng = random.Random(8)
    end = time.monotonic() + 60
    while not isinstance(app.stack.top, ScoreScene):
        assert time.monotonic() < end
        s = game.match.state
        if game.human_turn and not game.timeline.busy:
            if s.phase is Phase.CLAIM:
                move = rng.choice([Claim(lot) for lot in s.legal_claims()] + [Pass()])
            else:
                move = rng.choice(s.legal_builds())
            play_by_mouse(app, game, move)
        else:
            game.timeline.finish_all()
            app.step(1 / 60, events=[], draw=len(played) % 7 == 0)
            time.sleep(0.001)
    final = game.match.state
    assert final.phase is Phase.OVER
    reference = start
    for move in played:
        reference = reference.apply(move)
    assert reference == final
    assert app.stack.top.score.totals == reference.score().totals
    white_moves = [m for m in played if isinstance(m, Build)]
    assert len(white_moves) > 10


def test_window_keeps_drawing_while_the_computer_thinks_and_leaving_stops_it(app):
    slow = SlowBot()
    game = GameScene(app, seed=3, computers={Player.BLACK: "hard"}, bot_factory=lambda level, seed: slow)
    frames = []
    app.frame_hook = lambda surface: frames.append(app.clock_time)
    show(app, game)
    app.step(1 / 60, events=[])  # the computer's turn starts its worker
    assert slow.started.wait(2)
    assert game.thinking
    t0 = time.monotonic()
    for _ in range(30):
        app.step(1 / 60, events=[])
    assert len(frames) == 31 and time.monotonic() - t0 < 3  # frames advance while it thinks
    assert "thinking" in game.status_text()[0]
    thinker = game.computers.thinker
    assert thinker.thread.is_alive()
    app.stack.clear_to(TitleScene(app))  # leave the game mid-think
    app.step(1 / 60, events=[])
    assert thinker.stopped
    assert thinker.join(1.0) and slow.returned.is_set()
    assert game.match.state.ply == 0  # the stale answer was never played


def test_a_real_hard_bot_stops_promptly_when_the_player_quits(app):
    game = GameScene(app, seed=12, computers={Player.BLACK: "hard"})  # full-strength Hard
    show(app, game)
    app.step(1 / 60, events=[])
    thinker = game.computers.thinker
    assert thinker is not None
    app.process_event(pygame.event.Event(pygame.QUIT))  # over a game: asks first
    app.stack.apply_pending()
    assert app.running
    app.process_event(pygame.event.Event(pygame.QUIT))  # closed again: quits
    t0 = time.monotonic()
    assert thinker.join(1.0)
    assert time.monotonic() - t0 < 0.5
    assert not app.running


def test_undo_stops_the_computer_and_returns_to_the_human_turn(app):
    slow = SlowBot()
    game = GameScene(app, seed=4, computers={Player.WHITE: "easy"}, bot_factory=lambda level, seed: slow)
    show(app, game)
    game.timeline.finish_all()
    start = game.match.state
    build = start.legal_builds()[0]
    play_by_mouse(app, game, build)
    if game.match.state.phase is Phase.CLAIM:
        play_by_mouse(app, game, Pass())
    run_until(app, lambda: game.thinking)
    thinker = game.computers.thinker
    game.timeline.finish_all()
    game.handle_event(key(pygame.K_u))
    assert thinker.stopped and thinker.join(1.0)
    assert game.match.state == start and game.human_turn


def test_hint_highlights_a_legal_move_and_changes_nothing(app):
    game = GameScene(app, seed=6, computers={Player.WHITE: "easy"}, bot_factory=small_bots)
    show(app, game)
    game.timeline.finish_all()
    state = game.match.state
    assert game.human_turn
    game.handle_event(key(pygame.K_h))
    assert game.computers.hinting
    run_until(app, lambda: game.hint is not None)
    assert game.match.state is state
    assert state.why_not(game.hint) is None
    assert isinstance(game.hint, Build) and game.selected == game.hint.piece
    from client.games.aliencity.hint_caption import caption_lines
    assert "Hint" in caption_lines(game, game.hint)[0] and game.status_text()[0].startswith("The hint is shown")
    app.step(1 / 60, events=[])  # the highlight and its caption draw
    # the hint button too, in the claim step
    play_by_mouse(app, game, game.hint)
    assert game.hint is None
    if game.match.state.phase is Phase.CLAIM:
        claim_state = game.match.state
        game.handle_event(click(game.hint_button.rect.center))
        run_until(app, lambda: game.hint is not None)
        assert claim_state.why_not(game.hint) is None and game.match.state is claim_state


def test_the_persons_panel_says_you_only_against_a_computer(app):
    """Facing a computer, the person's panel names them ("You") as the computer's names
    it; at a hot-seat game between people neither panel claims to be "you"."""
    game = GameScene(app, seed=5, computers={Player.WHITE: "easy"}, bot_factory=small_bots)
    assert game.panels[Player.BLACK].who() == "You"
    assert game.panels[Player.WHITE].who() == "Computer (Easy)"
    hot_seat = GameScene(app, seed=5)
    assert hot_seat.panels[Player.BLACK].who() == hot_seat.panels[Player.WHITE].who() == ""


def test_the_panels_names_follow_a_language_switch_mid_game(app):
    """Started in French ("Vous"), switched to English: the panels say "You" at once."""
    from shared import i18n
    i18n.set_language("fr")
    try:
        game = GameScene(app, seed=5, computers={Player.WHITE: "easy"}, bot_factory=small_bots)
        assert game.panels[Player.BLACK].who() == "Vous"
        assert game.panels[Player.WHITE].who() == "Ordinateur (Facile)"
    finally:
        i18n.set_language("en")
    assert game.panels[Player.BLACK].who() == "You"
    assert game.panels[Player.WHITE].who() == "Computer (Easy)"
