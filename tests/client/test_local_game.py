"""A local game played only through mouse and key events ends exactly where the engine
says, with the engine's score; illegal clicks explain themselves and change nothing."""

import random

import pygame
import pytest

from client.games.aliencity.dice import DiceScene
from client.games.aliencity.game import GameScene
from client.games.aliencity.score import ScoreScene
from shared.aliencity import Build, Claim, Pass, Phase, PlayerSkipped, Ruleset, new_game
from shared.aliencity.ppn import read_ppn

from .conftest import click, key, motion, show
from .i18n_harness import recording_texts


def settle(app, game) -> None:
    """Skip animations and run one frame so stack changes apply."""
    game.timeline.finish_all()
    app.step(1 / 60, events=[], draw=False)


def play_by_mouse(app, game: GameScene, move) -> None:
    """Make ``move`` the way a player would: slot click, hover, lot click (or Skip)."""
    state = game.match.state
    if isinstance(move, Build):
        panel = game.panels[state.to_move]
        game.handle_event(click(panel.slots[move.piece].center))
        target = game.geo.lot_center(move.lot)
        game.handle_event(motion(target))
        game.handle_event(click(target))
    elif isinstance(move, Claim):
        target = game.geo.lot_center(move.lot)
        game.handle_event(motion(target))
        game.handle_event(click(target))
    else:
        game.handle_event(click(game.skip_button.rect.center))
    settle(app, game)


@pytest.mark.parametrize("seed,edition", [(3, 2004), (11, 2002)])
def test_full_game_by_mouse_reaches_the_engine_score(app, seed, edition):
    """Every move is a mouse click; the final state and score equal the engine's own game."""
    state = new_game(Ruleset(edition), seed)
    game = GameScene(app, state)
    show(app, game)
    if state.dice:
        assert isinstance(app.stack.top, DiceScene)
        app.stack.top.timeline.finish_all()
        app.step(1 / 60, events=[], draw=False)
    assert app.stack.top is game
    rng = random.Random(seed)
    reference = state
    turns = 0
    while reference.phase is not Phase.OVER:
        if reference.phase is Phase.CLAIM:
            move = rng.choice([Claim(lot) for lot in reference.legal_claims()] + [Pass()])
        else:
            builds = reference.legal_builds()
            move = builds[rng.randrange(len(builds))]
        play_by_mouse(app, game, move)
        reference = reference.apply(move)
        assert game.match.state == reference, f"after {move.text()}"
        turns += 1
        if turns % 10 == 0:
            app.step(1 / 60, events=[])  # draw now and then, as a real loop would
    settle(app, game)
    assert isinstance(app.stack.top, ScoreScene)
    assert app.stack.top.score.totals == reference.score().totals
    assert game.match.state.score() == reference.score()


def test_illegal_click_shows_the_engine_reason_and_changes_nothing(app):
    """Hovering an illegal lot shows why_not's text once, by the pointer (not again in the
    status line, nor in a toast when clicked); clicking it leaves the state alone."""
    state = new_game(Ruleset(2004), 5)
    game = GameScene(app, state)
    show(app, game)
    settle(app, game)
    piece = next(p for p in game.match.state.stock(state.to_move) if state.legal_lots(p))
    game.select(piece)
    legal = set(state.legal_lots(piece))
    lot = next(x for x in range(80) if x not in legal)
    pos = game.geo.lot_center(lot)
    game.handle_event(motion(pos))
    expected = state.why_not(Build(piece, lot)).text
    assert game.hover_reason() == expected
    assert game.status_text()[0] != expected
    game.handle_event(click(pos))
    assert game.match.state is state
    assert game.toast == ""
    with recording_texts("en") as texts:
        app.step(1 / 60, events=[])
    assert expected in texts, "the tooltip says it"
    game.handle_event(key(pygame.K_LEFT))   # the keyboard's cursor: no tooltip, the status line says it
    if game.hover_reason():
        assert game.status_text()[0] == game.hover_reason()


def test_keyboard_builds_with_number_keys_and_arrows(app):
    """1-7 choose a piece, arrows move the cursor, Enter builds."""
    state = new_game(Ruleset(2004), 9)
    game = GameScene(app, state)
    show(app, game)
    settle(app, game)
    build = state.legal_builds()[0]
    game.handle_event(key(pygame.K_1 + build.piece.index))
    assert game.selected == build.piece
    game.cursor = build.lot
    game.handle_event(key(pygame.K_RETURN))
    assert game.match.state.board[build.lot] == build.piece.index + 1


def test_undo_takes_back_the_last_turn(app):
    """U after a build and a claim restores the position before that build."""
    state = new_game(Ruleset(2004), 4)
    game = GameScene(app, state)
    show(app, game)
    settle(app, game)
    first = state.legal_builds()[0]
    play_by_mouse(app, game, first)
    if game.match.state.phase is Phase.CLAIM:
        play_by_mouse(app, game, Claim(first.lot))
    assert game.match.state.board[first.lot]
    game.handle_event(key(pygame.K_u))
    assert game.match.state == state
    assert game.board.shown_board == state.board


def test_save_writes_a_record_that_reads_back(app, tmp_path):
    """The saved PPN replays to the same position."""
    state = new_game(Ruleset(2002, location_bonus=True), 21)
    game = GameScene(app, state)
    rng = random.Random(1)
    for _ in range(12):
        s = game.match.state
        move = rng.choice(list(s.legal_moves()))
        game.play(move)
    path = game.match.save(tmp_path)
    result = read_ppn(path.read_text())
    assert result.state.board == game.match.state.board
    assert result.state.caps == game.match.state.caps
    assert result.state.ruleset == state.ruleset


def test_a_skipped_player_is_announced(app):
    """When the opponent cannot build, a banner says so (the engine's PlayerSkipped)."""
    rng = random.Random(2)
    for seed in range(200):
        s = new_game(Ruleset(2004), seed)
        while s.phase is not Phase.OVER:
            move = rng.choice(list(s.legal_moves()))
            step = s.play(move)
            if any(isinstance(e, PlayerSkipped) for e in step.events) and step.state.phase is not Phase.OVER:
                game = GameScene(app, s)
                game.play(move)
                texts = []
                for _ in range(200):
                    game.update(1 / 30)
                    if game.banner is not None:
                        texts.append(game.banner.text)
                assert any("CANNOT BUILD" in t for t in texts)
                return
            s = step.state
    pytest.skip("no skip found in 200 seeded games")


def test_undo_in_the_claim_step_takes_the_build_back(app):
    """U between a build and its claim: the claim step is part of the turn, so undo
    goes back to before the build, not to the claim step."""
    state = new_game(Ruleset(2004), 4)
    game = GameScene(app, state)
    show(app, game)
    settle(app, game)
    build = next(b for b in state.legal_builds() if state.play(b).state.phase is Phase.CLAIM)
    play_by_mouse(app, game, build)
    assert game.match.state.phase is Phase.CLAIM and game.undo_button.enabled
    game.handle_event(key(pygame.K_u))
    assert game.match.state == state and not game.match.can_undo
