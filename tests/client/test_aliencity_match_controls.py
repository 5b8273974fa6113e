"""Alien City's match screen on the shell's match core (``MatchCore``): a new game from the score
screen keeps each seat's kind under the rules chosen in Options, the pause menu's undo
goes back to a person's turn, and the score screen keeps its own keys (no fast mode)."""

import random

import pygame

from client.games.aliencity.game import GameScene
from client.games.aliencity.match import RandomBot
from client.games.aliencity.score import ScoreScene
from client.scenes.pause import PauseScene
from client.scenes.seats import ComputerSeat, HumanSeat
from shared.aliencity import Pass, Phase, Player, Ruleset, new_game

from .conftest import key, show


def finished(seed: int) -> object:
    """A finished 2004 game (random legal moves)."""
    state, rng = new_game(Ruleset(2004), seed), random.Random(seed)
    while state.phase is not Phase.OVER:
        moves = list(state.legal_moves())
        state = state.apply(moves[rng.randrange(len(moves))])
    return state


def score_screen(app, game: GameScene) -> ScoreScene:
    """The score screen the game pushes at its end, on its final board."""
    show(app, game)
    game.actions.final_count()
    app.stack.apply_pending()
    score = app.stack.top
    assert isinstance(score, ScoreScene)
    score.handle_event(key(pygame.K_s))
    assert score.stage == "final"
    return score


def press(app, score: ScoreScene, label: str) -> None:
    """Ring a button (the first Right), walk the final column with Right to ``label`` and
    press Enter."""
    score.handle_event(key(pygame.K_RIGHT))
    for _ in range(len(score.column.buttons)):
        if score.column.buttons[score.column.focus].label == label:
            break
        score.handle_event(key(pygame.K_RIGHT))
    assert score.column.buttons[score.column.focus].label == label
    score.handle_event(key(pygame.K_RETURN))
    app.stack.apply_pending()


def test_new_game_keeps_hot_seat_names_and_takes_the_rules_from_options(app):
    seats = [HumanSeat(name="Ann"), HumanSeat(name="Bob")]
    game = GameScene(app, finished(3), seats=seats)
    score = score_screen(app, game)
    app.options.games["alien-city"] = {"edition": 2002, "location_bonus": True}
    press(app, score, "New game")
    fresh = app.stack.scenes[0]
    assert isinstance(fresh, GameScene) and fresh is not game
    assert fresh.match.state.ply == 0 and fresh.match.state.ruleset == Ruleset(2002, True)
    assert fresh.seats == seats and fresh.records.names() == ["Ann", "Bob"]
    assert fresh.game_seed == fresh.match.state.seed != game.match.state.seed


def test_new_game_gives_a_computer_seat_a_fresh_bot_of_its_level(app):
    made = []

    def factory(level: str, seed: int):
        made.append((level, seed))
        return RandomBot(seed)

    game = GameScene(app, finished(4), computers={Player.WHITE: "medium"}, bot_factory=factory)
    old_bot = game.seats[Player.WHITE].bot
    press(app, score_screen(app, game), "New game")
    fresh = app.stack.scenes[0]
    seat = fresh.seats[Player.WHITE]
    assert isinstance(seat, ComputerSeat) and seat.threaded and seat.level == "medium"
    assert seat.bot is not old_bot and [level for level, _ in made] == ["medium", "medium"]
    assert made[0][1] != made[1][1]  # seeded from each game's own seed
    assert fresh.levels == {Player.WHITE: "medium"}
    fresh.stop_thinking()


def test_the_attract_modes_quick_bots_stay_quick_in_the_next_game(app):
    bots = {Player.BLACK: RandomBot(1), Player.WHITE: RandomBot(2)}
    game = GameScene(app, finished(5), bots=bots)
    assert game.attract
    press(app, score_screen(app, game), "New game")
    fresh = app.stack.scenes[0]
    assert fresh.attract and not fresh.levels
    assert [s.bot for s in fresh.seats] == [bots[Player.BLACK], bots[Player.WHITE]]
    assert all(not s.threaded for s in fresh.seats)


def test_pause_menu_undo_goes_back_to_the_person_and_says_so(app):
    game = GameScene(app, new_game(Ruleset(2004), 6), computers={Player.WHITE: "easy"},
                     bot_factory=lambda level, seed: RandomBot(seed))
    show(app, game)
    game.play(game.match.state.legal_builds()[0])  # black builds...
    if game.match.state.phase is Phase.CLAIM:
        game.play(Pass())
    while game.match.state.to_move is Player.WHITE:  # ...white answers (no thread: played here)
        game.play(RandomBot(0).choose(game.match.state))
    game.timeline.finish_all()
    game.handle_event(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    undo = next(b for b in pause.menu_column.buttons if b.label == "Undo last turn")
    assert undo.enabled
    undo.on_click()
    app.stack.apply_pending()
    assert app.stack.top is game
    state = game.match.state
    assert state.ply == 0 and state.to_move is Player.BLACK
    assert game.toasts.text == "Took back the last turn: Black to build."
    game.stop_thinking()


def test_the_score_screen_has_no_fast_mode_and_esc_skips_then_closes(app):
    game = GameScene(app, finished(7))
    show(app, game)
    game.actions.final_count()
    app.stack.apply_pending()
    score = app.stack.top
    assert [b.label for b in score.buttons] == ["Next  (Space)", "Skip  (S)"]
    score.handle_event(key(pygame.K_f))
    assert not score.fast
    score.handle_event(key(pygame.K_ESCAPE))
    assert score.stage == "final"
    score.handle_event(key(pygame.K_ESCAPE))
    app.stack.apply_pending()
    assert app.stack.top is game


def test_the_build_preview_card_names_its_lot_as_every_caption_does(app, monkeypatch):
    """The card reads "IF YOU BUILD ON e6": the lot keeps its lower-case name in capitals,
    as the final count's captions write it ("RED TOWER e6"), in every language."""
    from client.games.aliencity import marks
    titles = []
    monkeypatch.setattr(marks, "draw_card", lambda surface, text, title, *a, **k: titles.append(title))
    game = GameScene(app, new_game(Ruleset(2004), 6))
    show(app, game)
    game.timeline.finish_all()
    state = game.match.state
    build = state.legal_builds()[0]
    game.selected, game.hover_lot = build.piece, build.lot
    marks.draw_board_extra(game, app.window)
    assert titles == [f"IF YOU BUILD ON {marks.lot_name(build.lot)}"] and titles[0][-2:].islower()
