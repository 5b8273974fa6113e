"""City Blocks' screens speak the player's language: under the pseudo language every string
the picker, the 2/3/4-seat boards (ghosts legal and not, toasts, the pass question, a
computer thinking), the score show and its final table, the how-to pages and a replay
draw is marked (only data such as move texts and squares may be bare); in Slovak and French
key texts really come out translated; and where text sits in a fixed box (the pass
question, the trays, the seat rows, the final table, buttons) it fits at both window sizes."""

from __future__ import annotations

import threading

import pygame
import pytest

from client.assets import TextCache
from client.games.cityblocks.game import MatchScene
from client.games.cityblocks.howto import PAGES, HowToScene
from client.games.cityblocks.pieces import Hand
from client.games.cityblocks.replay import ReplayScene
from client.games.cityblocks.score import ScoreScene
from client.scenes.picker import GamePickerScene
from client.scenes.seats import ComputerSeat, HumanSeat
from shared import i18n
from shared.cityblocks import CITY_BLOCKS
from shared.cityblocks.geometry import shape_of

from ..conftest import click, from_title, key, motion, show
from ..i18n_harness import recording_texts, unmarked
from .helpers import aim_for, random_game, settle

BROKEN = "Game: City Blocks\nPlayers: 4\nFirst: blue\n\nb:V3:c3,c4,d3 g:pass r:I2:t20,t19\n"


def frame(app, events=()) -> None:
    app.step(1 / 60, events=list(events))


def ghosts(app, scene) -> None:
    """A legal ghost, an illegal one (over a covered square), the fit hint, each drawn."""
    state = scene.match.state
    legal = state.placements_for(state.colour, scene.hand.piece)[0]
    scene.hand = Hand.take(legal.colour, legal.piece)
    scene.hand.orient = shape_of(legal.squares)
    frame(app, [motion(scene.geo.centre(aim_for(legal)))])
    assert scene.control.ghost()[1] is None
    covered = next((x, y) for y in range(20) for x in range(20) if state.owner(x, y) is not None)
    frame(app, [motion(scene.geo.centre(covered))])
    assert scene.control.ghost()[1] is not None
    frame(app, [key(pygame.K_s)])
    frame(app, [click(scene.geo.centre(covered))])   # the refusal as a toast


def match_screens(app, players: int) -> MatchScene:
    """A board mid-game with ghosts, the pass question (yes and no), a tray refusal."""
    scene = MatchScene(app, random_game(players, 70 + players, stop_at=14))
    show(app, scene)
    settle(app, scene)
    frame(app)
    ghosts(app, scene)
    frame(app, [key(pygame.K_p)])
    assert scene.passing.open
    frame(app)
    frame(app, [key(pygame.K_ESCAPE)])
    other = next(t for t in scene.board.trays() if t.colour not in scene.match.state.colours_to_move)
    frame(app, [click(other.slots[0].center)])       # not this colour's turn: a toast
    frame(app, [motion(other.slots[1].center)])
    if players == 3:
        frame(app, [key(pygame.K_c)])
    frame(app, [key(pygame.K_p), key(pygame.K_p)])   # pass: the toast and the next turn
    settle(app, scene)
    frame(app)
    frame(app, [key(pygame.K_s)])                    # fit hints off: a toast
    frame(app, [key(pygame.K_u)])                    # undo: a toast
    settle(app, scene)
    frame(app)
    return scene


class Waiting:
    """A computer that thinks until stopped (its turn's status line shows meanwhile)."""

    def choose(self, state, deadline_s=None, stop: threading.Event | None = None):
        (stop or threading.Event()).wait(5)
        return state.pass_move()


def every_screen(app) -> None:
    picker = from_title(app, "Local game")
    assert isinstance(picker, GamePickerScene)
    picker.choose_game("city-blocks")
    for count in (2, 3, 4):
        picker.set_count(count)
        frame(app)
    for players in (2, 3, 4):
        match_screens(app, players)
    state = CITY_BLOCKS.new_state({"players": 4}, 5)
    seats = [ComputerSeat(bot=Waiting(), level="hard") for _ in range(4)]
    seats[(state.to_move + 1) % 4] = HumanSeat()
    thinking = MatchScene(app, state, seats=seats)
    show(app, thinking)
    frame(app)
    assert thinking.thinking
    frame(app, [click(next(thinking.board.trays()).slots[0].center)])   # not your turn: a toast
    thinking.computers.stop()
    # a finished game: the last frames of the board, then the score show to its table
    for players in (3, 4, 2):
        final = random_game(players, 90 + players)
        if players == 2:
            final = final.resign(1)[0] if not final.over else final
        board = MatchScene(app, final)
        show(app, board)
        frame(app)
        show_ = ScoreScene(app, final)
        show(app, show_)
        for _ in range(240):
            frame(app)
        frame(app, [key(pygame.K_f)])
        show_.skip()
        for _ in range(40):
            frame(app)
        frame(app, [key(pygame.K_t)])
    left = random_game(4, 33, stop_at=20).resign(2)[0]
    while not left.over:
        left, _events = left.play(left.pass_move())
    show(app, ScoreScene(app, left, show=False))
    frame(app)
    howto = HowToScene(app)
    show(app, howto)
    for page in range(len(PAGES)):
        howto.page = page
        frame(app)
    replay = ReplayScene.from_text(app, BROKEN)
    show(app, replay)
    frame(app)                                       # the start: how many moves
    for _ in range(4):
        frame(app, [key(pygame.K_RIGHT)])
        settle(app, replay)
        frame(app, [motion(replay.controls.bar.center)])
    full = ReplayScene.from_text(app, CITY_BLOCKS.write_record(random_game(4, 8)))
    show(app, full)
    frame(app, [key(pygame.K_END)])
    frame(app, [key(pygame.K_c)])
    frame(app)


def test_every_city_blocks_screen_draws_only_marked_text(app):
    for size in ((1280, 800), (1024, 640)):
        app.set_size(size)
        with recording_texts() as texts:
            every_screen(app)
        assert len(texts) > 200
        # data only: the game's name (the picker's), move texts (b:V3:c3,c4,d3) and square
        # names (no two-letter words), the sizes of groups cut to fit ("5, 5, 3, …")
        assert unmarked(texts, allow=["City Blocks"]) == []
    app.set_size((1280, 800))


@pytest.mark.parametrize("lang, wanted, english", [
    ("sk", ["NA ŤAHU", "PASUJE?", "HRACIA PLOCHA", "ZÁVEREČNÉ SČÍTANIE", "Proti pravidlám"],
     ["TO PLACE", "PASS WITH", "THE BOARD", "THE FINAL COUNT", "Against the rules"]),
    ("fr", ["DE POSER", "PASSER AVEC", "LE PLATEAU", "LE DÉCOMPTE FINAL", "Contraire aux règles"],
     ["TO PLACE", "PASS WITH", "THE BOARD", "THE FINAL COUNT", "Against the rules"]),
])
def test_slovak_and_french_really_show(app, lang, wanted, english):
    with recording_texts(lang) as texts:
        every_screen(app)
    drawn = "\n".join(texts)
    for words in wanted:
        assert words in drawn, f"{words!r} not drawn in {lang}"
    for words in english:
        assert words not in drawn, f"English {words!r} drawn in {lang}"


def buttons_cut(app, scene) -> list[str]:
    """Buttons on this screen whose label had to be cut to fit."""
    t = app.text
    bad = []
    passing = scene.passing.buttons if isinstance(scene, MatchScene) else []   # the pass question's
    for b in list(getattr(scene, "buttons", [])) + list(passing):
        size = max(12, int(b.rect.h * 0.46))
        shown, _size = t.fit(b.text, size, b.rect.w - max(14, b.rect.h // 2), bold=True, display=True)
        if shown != b.text:
            bad.append(f"button {b.text!r} cut to {shown!r}")
    return bad


@pytest.mark.parametrize("lang", ["sk", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_texts_fit_their_boxes(app, lang, size):
    """Nothing is cut with an ellipsis (every fitted text kept whole), the pass question's
    words clear its buttons, the how-to pages' paragraphs clear their caption, the tray
    titles and tallies share their tray's width."""
    app.set_size(size)
    cut: list[str] = []
    original = app.text.fit

    def fit(text, px, width, bold=False, display=False):
        shown, got = original(text, px, width, bold, display)
        if shown != text and text.strip("0123456789, "):   # a long list of group sizes is data
            cut.append(text)
        return shown, got

    with recording_texts(lang):
        app.text.fit = fit
        try:
            scene = match_screens(app, 3)
            frame(app, [key(pygame.K_p)])
            assert scene.passing.open
            frame(app)
            _title, _big, lines, words_size, bottom = scene.passing.words()
            assert bottom <= min(b.rect.y for b in scene.passing.buttons)
            assert all(app.text.font(words_size).size(line)[0] <= scene.passing.box.w - 40 for line in lines)
            assert buttons_cut(app, scene) == []
            for players in (2, 4):
                board = match_screens(app, players)
                assert buttons_cut(app, board) == []
                for tray in board.board.trays():   # big scores: the widest tally there can be
                    tray.surface(app.text, score=(88, 188), cb=False, shared=players == 3, **board.tray_args(tray))
            for players in (2, 3, 4):
                final = ScoreScene(app, random_game(players, 93), show=False)
                show(app, final)
                frame(app)
                assert buttons_cut(app, final) == []
            howto = HowToScene(app)
            show(app, howto)
            for page in range(len(PAGES)):
                howto.page = page
                frame(app)
                assert howto.text_height(howto.text_scale) <= howto.text_box.h, f"page {page}"
        finally:
            app.text.fit = original
    assert cut == [], f"cut off in {lang} at {size}: {cut}"
    app.set_size((1280, 800))


@pytest.mark.parametrize("language", ["en", "sk", "fr"])
@pytest.mark.parametrize("size", [(1280, 800), (896, 560)])
@pytest.mark.parametrize("players", [2, 3])
def test_the_help_line_under_the_board_is_drawn_whole(app, monkeypatch, language, size, players):
    """The keys' line (longest in 3 players) wraps to at most two lines and loses no word."""
    i18n.set_language(language)
    try:
        app.set_size(size)
        scene = MatchScene(app, CITY_BLOCKS.new_state({"players": players}, 1))
        show(app, scene)
        settle(app, scene)
        drawn: list[str] = []
        real = TextCache.render

        def render(self, text, *args, **kwargs):
            drawn.append(text)
            return real(self, text, *args, **kwargs)

        monkeypatch.setattr(TextCache, "render", render)
        app.step(1 / 60, events=[])
        words, _ = scene.status_text()
        assert "·" in words, "the keys' line is shown"
        assert " ".join(words.split()) in " ".join(drawn), f"cut in {language} at {size}"
    finally:
        i18n.set_language("en")
