"""Alien City's screens speak the player's language.

Under the pseudo language every string the plug-in draws is marked: local games of both
editions with the location variant (the dice, the panels, hover cards, the refusal
tooltip, the build preview, the road overlay and its legend, pinned paths, a hint, a
computer thinking, claim and skip, undo and save toasts, a skipped player's banner), a
whole game through the score show (every kind of beat) to the final table, every how-to
page, the options rows, and a replay of a record that broke rules; only data (lot names,
numbers, the record's file name, the saved file's path) may be bare. In Slovak and French
key texts really come out translated, and where text sits in a fixed box (the rule-break
card, the how-to pages, the buttons, the panels' labels) it fits at 1280x800 and 1024x640."""

from __future__ import annotations

import random
import re
import threading
from pathlib import Path

import pygame
import pytest

from client.app import App
from client.config import Options
from client.games.aliencity.dice import DiceScene
from client.games.aliencity.game import GameScene
from client.games.aliencity.howto import PAGES, HowToScene
from client.games.aliencity.replay import ReplayScene
from client.games.aliencity.score import ScoreScene
from client.games.aliencity.score_plan import BonusBeat, LocationBeat, TotalsBeat, TowerBeat
from client.scenes.options import OptionsScene
from shared import i18n
from shared.aliencity import Build, Claim, Pass, Phase, Player, PlayerSkipped, Ruleset, new_game
from shared.aliencity.ppn import read_ppn

from .conftest import click, key, motion, show
from .i18n_harness import recording_texts, unmarked

RECORD = Path(__file__).resolve().parents[1] / "data" / "ppgames-alien-city.ppn"
SIZES = [(1280, 800), (1024, 640)]


def frame(app, events=()) -> None:
    app.step(1 / 60, events=list(events))


def settle(app, scene) -> None:
    scene.timeline.finish_all()
    frame(app)


def played(state, plies: int, seed: int = 1, claim: float = 0.7):
    """``state`` after ``plies`` random builds (claims taken eagerly), mid-turn never."""
    rng = random.Random(seed)
    builds = 0
    while state.phase is not Phase.OVER and builds < plies:
        if state.phase is Phase.CLAIM:
            claims = state.legal_claims()
            move = Claim(rng.choice(claims)) if claims and rng.random() < claim else Pass()
        else:
            move = rng.choice(state.legal_builds())
            builds += 1
        state = state.apply(move)
    return state


class Waiting:
    """A computer that thinks until stopped (its turn's status line shows meanwhile)."""

    def choose(self, state, deadline_s=None, stop: threading.Event | None = None):
        (stop or threading.Event()).wait(5)
        return next(iter(getattr(state, "state", state).legal_moves()))


class Quick:
    """The hint's "Hard" computer, instant: the first legal move."""

    def choose(self, state, deadline_s=None, stop=None):
        return next(iter(getattr(state, "state", state).legal_moves()))


def board_tour(app, game: GameScene) -> None:
    """Everything the match screen shows on a human's turn: piece choice, lit and refused
    lots, the build preview, a structure's card, a pinned path, the overlay, a hint, a
    claim, Skip, undo and save."""
    s = game.match.state
    frame(app)
    game.select(next(p for p in s.stock(s.to_move) if s.legal_lots(p)))
    legal = s.legal_lots(game.selected)
    frame(app, [motion(game.geo.lot_center(legal[0]))])          # preview card
    bad = next(lot for lot in range(80) if not s.board[lot] and lot not in legal)
    frame(app, [motion(game.geo.lot_center(bad))])                # refusal tooltip + status
    frame(app, [click(game.geo.lot_center(bad))])                 # refusal toast
    structures = [lot for lot, _piece in s.structures()]
    tower = next(lot for lot in structures if s.piece_at(lot).kind.name == "TOWER")
    frame(app, [motion(game.geo.lot_center(tower))])              # card + distances status
    game.insight.click(tower)
    other = next(lot for lot in structures if lot != tower)
    frame(app, [motion(game.geo.lot_center(other))])              # pinned path
    game.insight.unpin()
    frame(app, [key(pygame.K_r)])                                 # overlay + legend + toast
    game.insight.overlay.on, game.insight.overlay.alpha = True, 1.0
    frame(app)
    frame(app, [key(pygame.K_r)])
    game.handle_event(key(pygame.K_RIGHT))                        # keyboard cursor
    frame(app)
    game.cursor = None
    frame(app, [motion((5, 5))])
    frame(app, [key(pygame.K_h)])                                 # hint: thinking, then shown
    for _ in range(200):
        if game.hint is not None:
            break
        threading.Event().wait(0.01)
        frame(app)
    frame(app)
    frame(app, [key(pygame.K_h)])                                 # the hint repeated
    game.play(Build(game.selected, legal[0]))                     # now the claim step
    settle(app, game)
    s = game.match.state
    if s.phase is Phase.CLAIM and s.legal_claims():
        frame(app, [motion(game.geo.lot_center(s.legal_claims()[0]))])
        frame(app, [motion((5, 5))])
        frame(app, [click(game.skip_button.rect.center)])
    settle(app, game)
    frame(app, [key(pygame.K_u)])                                 # undo toast
    frame(app, [key(pygame.K_s, pygame.KMOD_CTRL)])               # save toast


def score_tour(app, scene: ScoreScene) -> set[type]:
    """Step the show beat by beat (drawing mid-beat), then the final board and its card."""
    kinds = set()
    for _ in range(400):
        if scene.stage != "show":
            break
        if scene.view.beat is not None:
            kinds.add(type(scene.view.beat))
        for _ in range(25):
            scene.update(0.1)
            frame(app)
        frame(app, [key(pygame.K_SPACE)])
    frame(app)
    tower = next(iter(scene.insight.claimed(scene.state.caps)), None)
    if tower is not None:
        frame(app, [motion(scene.geo.lot_center(tower))])
    frame(app)
    return kinds


def skipped_banner(app) -> None:
    """A position where the next build leaves the other player unable to build."""
    for seed in range(200):
        s, rng = new_game(Ruleset(2004), seed), random.Random(seed)
        while s.phase is not Phase.OVER:
            move = rng.choice(list(s.legal_moves()))
            after = s.play(move)
            if after.state.phase is not Phase.OVER and any(isinstance(e, PlayerSkipped) for e in after.events):
                game = GameScene(app, s)
                show(app, game)
                game.play(move)
                for _ in range(40):
                    game.update(1 / 20)
                    frame(app)
                return
            s = after.state


def replay_tour(app) -> ReplayScene:
    result = read_ppn(RECORD.read_text(), lenient=True)
    replay = ReplayScene(app, result, title=RECORD.name)
    show(app, replay)
    frame(app)
    replay.controls.typed = "12"
    frame(app)
    replay.controls.typed = ""
    for index in range(1, replay.controls.count + 1):
        replay.controls.go(index)
        frame(app)
    return replay


def every_screen(app, tmp_path) -> None:
    # local games: 2002 with dice and the location variant, 2004 against a computer
    state = played(new_game(Ruleset(2002, location_bonus=True), 4), 0)
    game = GameScene(app, state, bot_factory=lambda level, seed: Quick())
    show(app, game)
    assert isinstance(app.stack.top, DiceScene)
    for _ in range(30):
        app.stack.top.update(0.1)
        frame(app)
    app.stack.top.timeline.finish_all()
    frame(app)
    app.stack.clear_to(game)
    app.stack.apply_pending()
    game.show_state(played(state, 14), animate=False)
    game.match.state = game.state
    board_tour(app, game)

    computer = GameScene(app, played(new_game(Ruleset(2004), 6), 12), computers={Player.WHITE: "hard"},
                         bot_factory=lambda level, seed: Waiting())
    app.stack.clear_to(computer)
    app.stack.apply_pending()
    s = computer.match.state
    if s.to_move is Player.WHITE:
        frame(app)
    else:
        computer.play(next(iter(s.legal_builds())))
        settle(app, computer)
        if computer.match.state.phase is Phase.CLAIM:
            computer.play(Pass())
            settle(app, computer)
    for _ in range(3):
        computer.update(0.5)
        frame(app)                                                # "(computer, Hard) is thinking"
    computer.stop_thinking()

    skipped_banner(app)

    # a whole game to the show and the final table, with the location variant
    end = GameScene(app, new_game(Ruleset(2004, location_bonus=True), 9))
    app.stack.clear_to(end)
    app.stack.apply_pending()
    rng = random.Random(9)
    while end.match.state.phase is not Phase.OVER:               # every move through the screen
        s = end.match.state
        claims = s.legal_claims() if s.phase is Phase.CLAIM else []
        end.play(Claim(rng.choice(claims)) if claims and rng.random() < 0.7 else
                 Pass() if s.phase is Phase.CLAIM else rng.choice(s.legal_builds()))
        settle(app, end)
    for _ in range(10):                                           # the game-over pause, then the show
        end.update(0.2)
        frame(app)
    assert isinstance(app.stack.top, ScoreScene)
    kinds = score_tour(app, app.stack.top)
    app.stack.pop()
    frame(app)                                                    # "The game is over. C: ..."
    assert {TowerBeat, LocationBeat, TotalsBeat} <= kinds
    bonus = next(played(new_game(Ruleset(2002), seed), 99, seed) for seed in range(40)
                 if played(new_game(Ruleset(2002), seed), 99, seed).score().bonuses)
    show(app, ScoreScene(app, bonus))
    assert BonusBeat in score_tour(app, app.stack.top)

    howto = HowToScene(app)
    show(app, howto)
    for page in range(len(PAGES)):
        howto.page = page
        frame(app)
    app.options.colour_blind = True
    show(app, GameScene(app, played(new_game(Ruleset(2004), 3), 10)))
    frame(app, [motion(app.stack.top.geo.lot_center(0))])
    app.options.colour_blind = False

    options = OptionsScene(app)
    show(app, options)
    frame(app)
    replay_tour(app)


def test_every_alien_city_string_is_in_the_catalogue(app, tmp_path):
    """Every string the plug-in draws goes through the catalogue (data aside)."""
    with recording_texts() as texts:
        every_screen(app, tmp_path)
    # data: the record's file name, the games' names (over their rows in Options), and in
    # the list of moves a build's notation ('Tr@e6') and the record's own comments ('{...}',
    # maybe cut to fit)
    titles = [plugin.spec.title for plugin in app.games]
    bare = unmarked(texts, allow=[RECORD.name, *titles, re.compile(r"\b[TD][rbgk]@[a-h]\d{1,2}\b"),
                                  re.compile(r"\{[^}]*(\}|…)")])
    assert bare == [], bare
    assert len(texts) > 300


@pytest.mark.parametrize("language,words", [
    ("sk", ["STAVIA", "VEŽE", "KUPOLY", "ZOSTÁVA OBSADIŤ", "Neobsadiť", "MESTO", "ZÁVEREČNÉ SČÍTANIE"]),
    ("fr", ["CONSTRUIT", "MARQUEURS", "Ne rien s’attribuer", "LA VILLE", "LE DÉCOMPTE FINAL"]),
])
def test_key_texts_really_come_out_translated(app, language, words):
    """In Slovak and French the board, the show and the how-to speak that language."""
    state = played(new_game(Ruleset(2004), 5), 10)
    with recording_texts(language) as texts:
        game = GameScene(app, state)
        show(app, game)
        settle(app, game)
        frame(app)
        over = played(new_game(Ruleset(2004), 9), 99)
        show(app, ScoreScene(app, over))
        frame(app)
        howto = HowToScene(app)
        show(app, howto)
        frame(app)
    drawn = "\n".join(texts)
    missing = [w for w in words if w not in drawn]
    assert not missing, f"{language}: not drawn: {missing}"
    assert "TO BUILD" not in drawn and "CLAIMS LEFT" not in drawn and "THE CITY" not in drawn


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", ["en", "sk", "fr"])
def test_long_texts_fit_their_boxes(language, size):
    """The rule-break card stays between the bars, every how-to page fits its box, the
    buttons stay inside the window side by side, in every language at both sizes."""
    app = App(Options(), size, persist=False)
    previous = i18n.current_language()
    i18n.set_language(language)
    try:
        replay = ReplayScene(app, read_ppn(RECORD.read_text(), lenient=True), title=RECORD.name)
        show(app, replay)
        broken = [i + 1 for i, p in enumerate(replay.result.plies) if p.warnings]
        assert broken, "the record breaks rules"
        for index in broken:
            replay.controls.go(index)
            frame(app)
            box, lines, size_px, step = replay.card.layout(replay.controls.index)
            assert box.top >= replay.top_rect.bottom and box.bottom <= replay.bottom_rect.top
            assert box.left >= 0 and box.right <= app.size[0]
            assert lines and box.y + 8 + len(lines) * step <= box.bottom
            font = app.text.font(size_px)
            assert all(font.size(line)[0] <= box.w - 24 for line in lines)
            whole = " ".join(replay.card.rule_breaks(replay.controls.index))
            assert len(" ".join(lines)) >= len(whole) * 0.9, "the explanation was cut short"
        long = replay.result.plies[broken[0] - 1]  # the play-test's case: a long explanation
        long.warnings = [w + " " + w + " " + w for w in long.warnings] * 3
        replay.controls.go(broken[0])
        frame(app)
        box, lines, size_px, step = replay.card.layout(replay.controls.index)
        assert box.top >= replay.top_rect.bottom and box.bottom <= replay.bottom_rect.top
        assert box.y + 8 + len(lines) * step <= box.bottom
        assert len(" ".join(lines)) >= len(" ".join(replay.card.rule_breaks(replay.controls.index))) * 0.9
        _buttons_fit(app, replay)

        howto = HowToScene(app)
        show(app, howto)
        for page in range(len(PAGES)):
            howto.page = page
            frame(app)
            px = max(14, int(app.size[1] * howto.text_scale))  # the pages' own floor
            assert howto.text_height(px) <= howto.text_box.h, f"page {page + 1} spills out"

        game = GameScene(app, played(new_game(Ruleset(2004), 5), 10))
        show(app, game)
        settle(app, game)
        frame(app)
        _buttons_fit(app, game)
        over = played(new_game(Ruleset(2004), 9), 99)
        score = ScoreScene(app, over, on_new_game=lambda: None, on_save=lambda: None, on_replay=lambda: None)
        show(app, score)
        score.skip()
        frame(app)
        _buttons_fit(app, score)
    finally:
        i18n.set_language(previous)
        app.stack.scenes.clear()


def _buttons_fit(app, scene) -> None:
    rects = [b.rect for b in scene.buttons]
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(r) for r in rects), [(b.label, b.rect) for b in scene.buttons]
    for i, r in enumerate(rects):
        assert not any(r.colliderect(o) for o in rects[i + 1:]), scene.buttons[i].label
    for b in scene.buttons:
        width = app.text.font(int(b.rect.h * 0.46), True).size(b.label)[0]
        assert width <= b.rect.w, b.label


def test_a_language_switch_shows_on_the_next_frame(app):
    """Switching the language (Options, over a game) changes the board's words at once:
    the cached panels, top bar and buttons follow."""
    game = GameScene(app, played(new_game(Ruleset(2004), 5), 10))
    show(app, game)
    settle(app, game)
    frame(app)
    assert game.skip_button.label == "Skip claim"
    with recording_texts("fr") as texts:
        frame(app)
    assert game.skip_button.label == "Ne rien s’attribuer"
    drawn = "\n".join(texts)
    assert "MARQUEURS" in drawn and "NOIR" in drawn and "CLAIMS LEFT" not in drawn
    frame(app)
    assert game.skip_button.label == "Skip claim"
