"""The client as a platform: any game of the plug-in registry can be picked and started
with any seat count and seat players; match screens and final tables lay out for 2..8
seats; the shell imports no game except through the registry."""

import ast
import itertools
import random
from pathlib import Path

import pygame
import pytest

from client.games.aliencity.game import GameScene
from client.games.aliencity.plugin import AlienCityPlugin
from client.games.base import GamePlugin
from client.games.registry import Plugins
from client.scenes.base import Scene
from client.scenes.layout import MAX_SEATS, MIN_SEATS, match_layout, table_rects
from client.scenes.picker import GamePickerScene
from client.scenes.seats import ComputerSeat, HumanSeat
from client.scenes.standings import StandingsScene
from shared.gamekit.api import GameSpec, OptionField, Rejection, SeatInfo

from .conftest import click, from_title, key, show

CLIENT = Path(__file__).resolve().parents[2] / "client"
COLOURS = [(200, 60, 60), (60, 90, 220), (60, 190, 90), (230, 200, 60), (160, 80, 200), (240, 140, 40),
           (80, 200, 210), (220, 220, 220)]


class TinyState:
    """A throwaway game: seats take turns adding 1 or 2 to a counter; the first to 7 wins."""

    def __init__(self, spec, options, total=0, to_move=0):
        self.spec, self.options, self.total, self._to_move = spec, options, total, to_move

    @property
    def seat_count(self):
        return self.options["players"]

    @property
    def to_move(self):
        return None if self.is_over() else self._to_move

    def legal_moves(self):
        return [] if self.is_over() else [1, 2]

    def why_not(self, move, seat=None):
        return None if move in self.legal_moves() else Rejection("bad", "Add 1 or 2.")

    def play(self, move, seat=None):
        return TinyState(self.spec, self.options, self.total + move, (self._to_move + 1) % self.seat_count), []

    def is_over(self):
        return self.total >= 7


class TinySpec(GameSpec):
    id, title, seat_counts, computer_levels = "tiny", "Tiny", (2, 3, 4), ("random",)

    def option_schema(self):
        return (OptionField("players", "int", 2, "Players", choices=self.seat_counts),
                OptionField("fast", "bool", False, "Fast"))

    def options(self, raw):
        raw = dict(raw or {})
        return {"players": int(raw.get("players", 2)), "fast": bool(raw.get("fast", False))}

    def seats(self, options):
        return tuple(SeatInfo(f"seat{i + 1}", f"Seat {i + 1}", COLOURS[i]) for i in range(options["players"]))

    def describe(self, options):
        return f"{options['players']} players"

    def new_state(self, options, seed):
        return TinyState(self, options)

    def state_from_dict(self, data):
        raise NotImplementedError

    def parse_move(self, text):
        return int(text)

    def move_text(self, move):
        return str(move)

    def read_record(self, text, *, lenient=False):
        raise NotImplementedError

    def write_record(self, state, headers=None):
        return ""

    def make_bot(self, level, seed=0, *, iterations=None, think_s=None):
        class Bot:
            def choose(self, state, deadline_s=None, stop=None):
                return random.Random(seed).choice(state.legal_moves())
        return Bot()


class TinyBoard(Scene):
    def __init__(self, app, state, seats, seed):
        super().__init__(app)
        self.state, self.seats, self.seed = state, seats, seed

    def draw(self, surface):
        surface.fill((0, 0, 0))


class TinyPlugin(GamePlugin):
    spec = TinySpec()

    def make_board(self, app, state, seats, *, chrome=None, seed=None):
        return TinyBoard(app, state, list(seats), seed)


@pytest.fixture
def two_games(app):
    app.games = Plugins([AlienCityPlugin(), TinyPlugin()])
    return app


def row(picker, label):
    return next(i for i, r in enumerate(picker.menu.rows) if r.label == label)


def change(picker, label, steps=1):
    picker.menu.focus = row(picker, label)
    for _ in range(steps):
        picker.handle_event(key(pygame.K_RIGHT))


def test_the_picker_starts_any_registered_game_with_chosen_seats(two_games):
    """Game, seat count and per-seat person/computer come from the spec; Start hands the
    plug-in one controller per seat and a position with that many seats."""
    app = two_games
    picker = GamePickerScene(app, "local", seed=3)
    show(app, picker)
    assert [r.label for r in picker.menu.rows][:3] == ["Game", "Black", "White"]
    change(picker, "Game")
    assert picker.game == "tiny"
    assert [r.label for r in picker.menu.rows] == ["Game", "Players", "Seat 1", "Seat 2", "Fast"]
    change(picker, "Players", 2)  # 2 -> 3 -> 4
    assert [r.label for r in picker.menu.rows][2:6] == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    change(picker, "Seat 3")  # person -> computer (random)
    app.step(1 / 60, events=[])  # draws
    picker.handle_event(click(picker.start_button.rect.center))
    app.stack.apply_pending()
    board = app.stack.top
    assert isinstance(board, TinyBoard) and board.state.seat_count == 4
    assert [type(s) for s in board.seats] == [HumanSeat, HumanSeat, ComputerSeat, HumanSeat]
    assert board.seats[2].level == "random" and board.seats[2].bot.choose(board.state) in (1, 2)


def test_vs_computer_gives_every_other_seat_the_computer(two_games):
    app = two_games
    picker = GamePickerScene(app, "computer", seed=1)
    show(app, picker)
    change(picker, "Game")
    change(picker, "Players")  # 3 seats
    change(picker, "You play")  # seat 2
    picker.start()
    app.stack.apply_pending()
    assert [type(s) for s in app.stack.top.seats] == [ComputerSeat, HumanSeat, ComputerSeat]


def test_local_game_from_the_title_goes_through_the_picker_to_hot_seat_alien_city(app):
    picker = from_title(app, "Local game")
    assert isinstance(picker, GamePickerScene) and picker.game == "alien-city"  # the first game
    picker.handle_event(key(pygame.K_RETURN))
    app.stack.apply_pending()
    game = app.stack.top
    assert isinstance(game, GameScene) and not game.bots and game.human_turn


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("count", range(MIN_SEATS, MAX_SEATS + 1))
def test_seat_panels_and_final_table_fit_every_seat_count(size, count):
    """Inside the window, clear of the bars and the board, and of each other."""
    window = pygame.Rect((0, 0), size)

    def fit(area):  # a board of Alien City's 8 x 10 aspect, centred
        lot = min(area.w // 8, area.h // 10)
        board = pygame.Rect(0, 0, lot * 8, lot * 10)
        board.center = area.center
        return board

    frame, board, seats = match_layout(size, count, fit)
    assert len(seats) == count
    for rect in seats:
        assert window.contains(rect) and rect.w >= size[0] * 0.15 and rect.h >= 80
        assert not rect.colliderect(board) and not rect.colliderect(frame.top) and not rect.colliderect(frame.bottom)
    for a, b in itertools.combinations(seats, 2):
        assert not a.colliderect(b)
    box, header, rows = table_rects(size, count)
    assert window.contains(box) and not box.colliderect(frame.top) and not box.colliderect(frame.bottom)
    for a, b in itertools.combinations([header, *rows], 2):
        assert not a.colliderect(b)
    assert all(box.contains(r) and r.h >= 24 for r in [header, *rows])


def test_alien_city_keeps_its_two_panels_either_side_of_the_board(app):
    game = GameScene(app)
    left, right = (p.rect for p in game.panels.values())
    assert left.right < game.geo.rect.x < game.geo.rect.right < right.x
    assert left.h == right.h == game.geo.rect.h


def test_the_shell_imports_no_game_and_the_theme_no_engine():
    """Only client/games/registry.py names a game; scenes, views and the theme import none."""
    for path in CLIENT.rglob("*.py"):
        rel = path.relative_to(CLIENT).as_posix()
        if rel.startswith("games/"):
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                name = ("." * node.level) + (node.module or "")
                assert "aliencity" not in name and "cityblocks" not in name and "sprawl" not in name, (rel, name)
            elif isinstance(node, ast.Import):
                assert not any("aliencity" in a.name for a in node.names), rel


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_final_table_draws_every_seat_count(app, size):
    """Seats in place order, shared places shown, every row inside the window."""
    app.set_size(size)
    for count in range(MIN_SEATS, MAX_SEATS + 1):
        seats = [SeatInfo(f"seat{i + 1}", f"Seat {i + 1}", COLOURS[i]) for i in range(count)]
        places = [1 + (i * 3) % count for i in range(count)]
        places[-1] = places[0]  # a shared place
        table = StandingsScene(app, seats, places, scores=[f"{10 * i}" for i in range(count)])
        app.stack.scenes.clear()
        show(app, table)
        app.step(1 / 60, events=[])
        assert [table.places[i] for i in table.order()] == sorted(places)
        window = pygame.Rect((0, 0), size)
        assert all(window.contains(r) for r in table.rows) and window.contains(table.column.buttons[-1].rect)
