"""Every Sprawl screen speaks the player's language: driven under the pseudo language
(3 to 8 seats: the board, every action's ghost legal and illegal, the square chooser, the
overlays, a dead tree's reason, toasts, undo, a first turn, a finished game; the panels;
the end show beat by beat with tie-breaks and a seat that left, the final table; every
how-to page and the quiz's answer; a replay with a broken record and a leaver), nothing
drawn is English that skipped the catalogue. In Slovak and French the key texts really
are translated, and at 1280x800 and 1024x640 the texts fit: no status line needs more
than the bar's two lines, the top line clears the title, nothing is cut with "…"."""

from __future__ import annotations

import random

import pygame
import pytest

from client.games.sprawl.game import MatchScene
from client.games.sprawl.howto import PAGES, HowToScene
from client.games.sprawl.replay import ReplayScene
from client.games.sprawl.score import ScoreScene
from client.games.sprawl.score_plan import TieBeat
from client.scenes.seats import ComputerSeat, HumanSeat
from shared import i18n
from shared.sprawl import SPRAWL
from tests.games.sprawl.helpers import position

from ..conftest import key, motion, show
from ..i18n_harness import recording_texts, unmarked
from .helpers import down, random_game, settle, tap, up

NAMES = ("Ann", "Bob", "Cy", "Di", "Eve", "Flo", "Gus", "Hal")
SIZES = [(1280, 800), (1024, 640)]


def frame(app, *events) -> None:
    app.step(1 / 60, events=list(events))


def seats_for(state, computer: int | None = None) -> list:
    return [ComputerSeat(level="easy") if s == computer else HumanSeat(NAMES[s]) for s in range(state.n)]


def ghosts(app, scene) -> None:
    """Point at a legal and an illegal square for every size and action (tower/spore,
    branch each way, build), clicking the illegal one (its toast) and right-clicking it
    (the chooser, or the toast when no move ends there)."""
    state = scene.match.state
    for k in (3, 2, 1):
        for action, direction in [("place", 0)] + [("branch", d) for d in range(4)]:
            frame(app, key(pygame.K_1 + k - 1))
            scene.hand.set_action(action)
            if action == "branch":
                scene.hand.set_direction(direction)
            some, _ = scene.hand.glow()
            legal = sorted(some)[:1]
            illegal = [sq for sq in state.geo.squares if sq not in some][:2]
            for sq in legal + illegal:
                frame(app, motion(scene.geo.centre(sq)))
                assert scene.hand.ghost() is not None
            if illegal:
                tap(app, scene.geo.centre(illegal[0]))
                frame(app)
                if scene.hand.chooser:
                    frame(app, key(pygame.K_ESCAPE))
                frame(app, motion(scene.geo.centre(illegal[-1])), down(scene.geo.centre(illegal[-1]), 3))
                frame(app)
                if scene.hand.chooser:
                    frame(app, motion(scene.hand.chooser_rects()[0].center))
                    frame(app, key(pygame.K_ESCAPE))
    q = sorted(state.legal_moves().branches)[0][0]      # a square where only a branch is legal
    scene.hand.set_action("place")
    tap(app, scene.geo.centre(q))                        # the click lists the moves ending there
    assert scene.hand.chooser
    frame(app, motion(scene.hand.chooser_rects()[0].center))
    frame(app, key(pygame.K_ESCAPE))
    towers = [t for t in state.towers if state.controller(t) == state.to_move]
    for t in towers[:1]:
        for k in (1, 2, 3):     # builds: the one that fits and the ones that do not
            frame(app, key(pygame.K_1 + k - 1), motion(scene.geo.centre(t)))


USED_UP = """
    6 .   .   .   .   .   .
    5 .   .   .   .   .   .
    4 .   .   r3n .   .   .
    3 .   .   R32 .   Y3  .
    2 .   .   .   .   .   .
    1 R3  R3  R3  G3  .   B3
    """


def midgame(players: int):
    """(a running position with a dead tree where every seat has a tower, the seed, that
    game played to its end) of seeded random play."""
    for seed in range(1, 300):
        state = SPRAWL.new_state({"players": players}, seed)
        rng = random.Random(seed)
        found = None
        while not state.is_over():
            if found is None and state.dead and all(state.started) and state.legal_moves().branches and \
                    any(not state.play(m)[0].is_over() for m in state.legal_moves()):
                found = state
            state = state.play(state.legal_moves().random(rng))[0]
        if found is not None:
            return found, seed, state
    raise AssertionError(f"no {players}-seat game with a dead tree")


def match_screens(app, players: int, size) -> None:
    """The match screen mid-game with every overlay, ghost and toast; a dead tree's
    reason under the pointer; a drag; undo; a first turn; a finished game."""
    app.set_size(size)
    state, seed, full = midgame(players)
    computer = (state.to_move + 1) % players
    scene = MatchScene(app, state, seats=seats_for(state, computer))
    show(app, scene)
    settle(app, scene)
    for name in ("attacks", "spores", "trees"):
        frame(app, key(pygame.K_a if name == "attacks" else pygame.K_s if name == "spores" else pygame.K_o))
    for sq in sorted(state.dead):
        frame(app, motion(scene.geo.centre(sq)))
    ghosts(app, scene)
    q, k, d = sorted(state.legal_moves().branches)[0]
    wrong = next((w for w in range(4) if (q, k, w) not in state.legal_moves().branches), d)
    centre = scene.geo.centre(q)
    step = ((0, -1), (1, 0), (0, 1), (-1, 0))[wrong]
    end = (centre[0] + step[0] * scene.geo.cell // 2, centre[1] + step[1] * scene.geo.cell // 2)
    frame(app, key(pygame.K_1 + k - 1), motion(centre), down(centre))
    frame(app, motion(end))
    frame(app, up(end))
    frame(app, key(pygame.K_5))      # a size key that is not one: nothing
    empty = next((k for k in (1, 2, 3) if not state.stash[state.to_move][k - 1]), None)
    if empty:
        frame(app, key(pygame.K_1 + empty - 1))
    app.stack.pop()
    app.stack.apply_pending()

    people = MatchScene(app, state, seats=seats_for(state))
    show(app, people)
    settle(app, people)
    going_on = [m for m in state.legal_moves() if not state.play(m)[0].is_over()]
    move = next((m for m in going_on if any(e["type"] == "neutralized" for e in state.play(m)[1])), going_on[0])
    people.try_move(move)
    for _ in range(5):
        frame(app)
    settle(app, people)
    frame(app, key(pygame.K_u))
    assert people.match.state is state, "undo takes the move back"
    frame(app)
    events = state.resign((state.to_move + 1) % players)[1]   # a seat leaves: its toast
    people.after_step(None, state, events)
    frame(app)
    app.stack.pop()
    app.stack.apply_pending()

    used_up = MatchScene(app, position(USED_UP), seats=seats_for(state))       # red has no 3 left
    show(app, used_up)
    frame(app, key(pygame.K_3))
    frame(app)
    app.stack.pop()
    app.stack.apply_pending()

    thinking = MatchScene(app, state, seats=seats_for(state, state.to_move))   # a computer to move
    show(app, thinking)
    frame(app)
    frame(app)
    app.stack.pop()
    app.stack.apply_pending()

    first = MatchScene(app, SPRAWL.new_state({"players": players}, seed), seats=seats_for(state))
    show(app, first)
    for _ in range(40):
        frame(app)
    frame(app, motion(first.geo.centre(first.state.geo.squares[3])))
    app.stack.pop()
    app.stack.apply_pending()

    over = MatchScene(app, full, seats=seats_for(full))
    show(app, over)
    for _ in range(10):
        frame(app)
    while len(app.stack.scenes) > 1:   # the end show opens over a finished game
        app.stack.pop()
        app.stack.apply_pending()


def tied_game():
    """A finished game whose winner the tie-breaks decide, with a seat that left."""
    for seed in range(1, 400):
        players = 3 + seed % 6
        state = SPRAWL.new_state({"players": players}, seed)
        rng = random.Random(seed)
        while not state.is_over():
            if state.ply == players and not state.left:
                state = state.resign(state.to_move)[0]
                continue
            state = state.play(state.legal_moves().random(rng))[0]
        score = state.score()
        if score["decided_by"] not in (None, "stash") and state.dead and state.left:
            return state
    raise AssertionError("no tied game found")


def score_show(app, state, size) -> None:
    """The end show beat by beat (dead trees home, counts, tie-breaks), then the final
    board with its table, hidden and shown again."""
    app.set_size(size)
    scene = ScoreScene(app, state, names=list(NAMES[:state.n]), on_new_game=lambda: None)
    show(app, scene)
    assert any(isinstance(b, TieBeat) for b in scene.beats)
    for _ in range(3000):
        app.step(0.05, events=[])
        if scene.stage == "final":
            break
    assert scene.stage == "final"
    for _ in range(40):
        frame(app)
    for b in scene.buttons:
        frame(app, motion(b.rect.center))
    frame(app, key(pygame.K_t))
    frame(app, key(pygame.K_t))
    app.stack.pop()
    app.stack.apply_pending()


def howto(app, size) -> None:
    app.set_size(size)
    scene = HowToScene(app)
    show(app, scene)
    for page, (head, _) in enumerate(PAGES):
        scene.page = page
        frame(app)
        if head == "Quiz":
            frame(app, key(pygame.K_SPACE, unicode=" "))
            assert scene.answer
            frame(app)
    app.stack.pop()
    app.stack.apply_pending()


RECORD = "Game: Sprawl\nPlayers: 3\nFirst: red\nSeats: Ann, Bob, Cy\n\nr:3@c3 y:2n@a1 y:2@a1 g:1@e6 r:2n@c4 y:resign\n"


def replay(app, size, check=lambda scene: None) -> None:
    """A broken record (the rule it breaks), every step, a leaver, typing a move number,
    the ply bar, and a finished game's end with its end show; ``check`` looks at the
    screen at each step."""
    app.set_size(size)
    scene = ReplayScene.from_text(app, RECORD, "broken.spr")
    show(app, scene)
    frame(app)
    check(scene)
    for _ in range(scene.controls.count):
        frame(app, key(pygame.K_RIGHT))
        for _ in range(20):
            frame(app)
        check(scene)
    frame(app, key(pygame.K_2, unicode="2"))
    check(scene)
    frame(app, motion(scene.controls.bar.center))
    frame(app, key(pygame.K_ESCAPE))
    finished = random_game(4, 3)
    scene = ReplayScene.from_text(app, SPRAWL.write_record(finished, {"Seats": "Ann, Bob, Cy, Di"}), "game.spr")
    show(app, scene)
    frame(app, key(pygame.K_a), key(pygame.K_s), key(pygame.K_o))
    frame(app, key(pygame.K_END))
    frame(app)
    check(scene)
    frame(app, key(pygame.K_c))
    for _ in range(5):
        frame(app)
    while len(app.stack.scenes) > 0:
        app.stack.pop()
        app.stack.apply_pending()


ALLOW = NAMES + ("broken.spr", "game.spr")   # player names and file names: data


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_the_match_screen_has_no_unmarked_text(app, players):
    with recording_texts() as texts:
        match_screens(app, players, SIZES[players % 2])
    assert texts
    assert unmarked(texts, allow=ALLOW) == []


def test_the_end_show_how_to_and_replay_have_no_unmarked_text(app):
    state = tied_game()
    with recording_texts() as texts:
        score_show(app, state, SIZES[0])
        howto(app, SIZES[1])
        replay(app, SIZES[0])
    assert texts
    assert unmarked(texts, allow=ALLOW) == []


# -- real languages ---------------------------------------------------------------------------
@pytest.mark.parametrize("lang,words", [
    ("sk", ("NA ŤAHU", "Útoky", "Spóry", "Stromy", "Späť", "bodiek", "živý strom", "Klikni dvakrát")),
    ("fr", ("À ", "Attaques", "Spores", "Arbres", "Annuler", "points", "arbre vivant", "Cliquez deux fois")),
])
def test_slovak_and_french_really_show(app, lang, words):
    state = midgame(6)[0]
    scene = MatchScene(app, state, seats=seats_for(state))
    show(app, scene)
    settle(app, scene)
    q, k, d = sorted(state.legal_moves().branches)[0]  # it leaves green stuck: a warning
    with recording_texts(lang) as texts:
        frame(app, key(pygame.K_1 + k - 1))
        scene.hand.set_direction(d)
        frame(app, motion(scene.geo.centre(q)))
        frame(app)
    drawn = " | ".join(texts)
    for word in words:
        assert word in drawn, f"{word!r} not drawn in {lang}: {drawn[:400]}"
    assert "Attacks" not in drawn and "live tree" not in drawn


# -- fit ----------------------------------------------------------------------------------------
def status_fits(scene) -> None:
    """The status line needs at most the bottom bar's two lines; the top line clears the
    bar's title (as the bars draw them)."""
    t = scene.app.text
    words, _ = scene.status_text()
    bar, window = scene.status_scale
    size = max(13, int(min(scene.bottom_rect.h * bar, scene.size[1] * window)))
    right = min((b.rect.x for b in scene.buttons), default=scene.bottom_rect.right) - scene.margin
    lines = t.wrap(words, size, right - scene.bottom_rect.x - 2 * scene.margin)
    assert len(lines) <= 2, f"status cut at {scene.size}: {words!r}"
    turn, _ = scene.turn_text()
    head = t.render(scene.bar_title, max(12, int(scene.top_rect.h * 0.32)), (0, 0, 0), bold=True)
    room = scene.size[0] - 2 * (head.get_width() + 3 * scene.margin)
    assert t.font(12, True, True).size(turn)[0] <= room, f"top line too long at {scene.size}: {turn!r}"


@pytest.mark.parametrize("lang", ["sk", "fr"])
@pytest.mark.parametrize("size", SIZES)
def test_translations_fit_their_boxes(app, lang, size):
    app.set_size(size)
    with recording_texts(lang) as texts:
        for players in (3, 8):
            state = midgame(players)[0]
            scene = MatchScene(app, state, seats=seats_for(state, (state.to_move + 1) % players))
            show(app, scene)
            settle(app, scene)
            for sq in state.geo.squares:
                for action in ("place", "branch"):
                    scene.hand.set_action(action)
                    scene.hand.hover = sq
                    status_fits(scene)
            scene.hand.open_chooser(sorted(state.legal_moves().branches)[0][0])
            status_fits(scene)
            frame(app)
            scene.hand.chooser = None
            frame(app, motion(scene.geo.centre(sorted(state.dead)[0])))
            app.stack.pop()
            app.stack.apply_pending()
        score = ScoreScene(app, tied_game(), names=list(NAMES))
        show(app, score)
        for _ in range(3000):
            app.step(0.05, events=[])
            status_fits(score)
            if score.stage == "final":
                break
        frame(app)
        status_fits(score)
        app.stack.pop()
        app.stack.apply_pending()
        howto(app, size)
        replay(app, size, status_fits)
    thinking = i18n.translations("sprawl", lang).gettext("{player} is thinking…").split("{player}")[-1]
    # (the winner's line ends with "   …" on purpose when more than four seats follow)
    cut = [t for t in texts if t.endswith("…") and not t.endswith((thinking, "   …"))]
    assert cut == [], f"texts cut to fit in {lang} at {size}: {cut}"


def test_a_language_switch_shows_on_the_next_frame(app):
    """Options can change the language with a match open: the next frame speaks it
    (buttons, panels, the ghost's reason, the how-to page)."""
    state = midgame(4)[0]
    scene = MatchScene(app, state, seats=seats_for(state))
    show(app, scene)
    settle(app, scene)
    square = next(sq for sq in state.geo.squares if sq not in scene.hand.glow()[0])
    frame(app, motion(scene.geo.centre(square)))
    english = scene.status_text()[0]
    with recording_texts("fr") as texts:
        frame(app)
        french = scene.status_text()[0]
    assert french != english and french in texts
    assert "Attaques" in texts and any("arbre" in t for t in texts)
    with recording_texts("sk") as texts:
        scene.app.stack.push(HowToScene(app))
        scene.app.stack.apply_pending()
        frame(app)
    assert any("Pyramídy a hrací plán".upper() in t for t in texts)
