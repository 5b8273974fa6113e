"""Nim's client plug-in: the smallest complete plug-in, the one to copy for a new game.

A match screen (the piles as rows of stones; click a stone to take it and every stone to
its right, or press a pile's number to take one; U undoes, Ctrl+S saves, Esc pauses), a
replay and a one-beat score show, all holding the shell's parts (the frame ``BoardFrame``,
the match's ``MatchCore``, the replay's ``ReplaySteps``, the score show's ``ScoreShow``).
Nothing outside ``tests/`` knows it: the client test suite adds it to the registry with
:func:`plugins_with_template`.

A shipped game puts its words in its own gettext catalogue; this one speaks English only.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from client import theme
from client.anim import Callback, Delay
from client.games.registry import Plugins, builtin_plugins
from client.scenes.board_frame import FramedScene
from client.scenes.forward import forwarding
from client.scenes.match_screen import MATCH_NAMES, MatchCore
from client.scenes.plugin_scenes import ScenesPlugin
from client.scenes.replay_controls import END_WORDS, ReplayControls, ReplaySteps, replay_opener
from client.scenes.score_sequence import BeatSequence
from client.scenes.score_show import SCORE_NAMES, ScoreShow
from client.scenes.seats import ComputerSeat
from client.view.bars import row_right
from client.view.widgets import Button
from shared.gamekit.api import Record

from .nim import NIM, PILES, NimState, Take


@dataclass(frozen=True)
class Geo:
    """Where the piles are: a row per pile, a square cell per stone."""

    rect: pygame.Rect
    rows: int
    cell: int

    @property
    def outer(self) -> pygame.Rect:
        return self.rect

    def centre(self, pile: int, stone: int) -> tuple[int, int]:
        return (self.rect.x + int((stone + 0.5) * self.cell), self.rect.y + int((pile + 0.5) * self.cell))

    def stone_at(self, pos) -> tuple[int, int] | None:
        """(pile, stone) under ``pos``, both from 0."""
        if not self.rect.collidepoint(pos):
            return None
        return (pos[1] - self.rect.y) // self.cell, (pos[0] - self.rect.x) // self.cell


class NimBoard(FramedScene):
    """What the match, the replay and the score show share: the piles and two seat panels
    in the shell's frame (``frame``, a part; the screen shows the frame's names)."""

    bar_title = "NIM"
    players = 2
    bottom_scale = 0.08
    buttons: list[Button]

    def __init__(self, app, state: NimState) -> None:
        super().__init__(app, state)

    def fit_board(self, area: pygame.Rect) -> pygame.Rect:
        start = PILES[self.state.options["piles"]]
        cell = min(area.w // max(start), area.h // len(start))
        rect = pygame.Rect(0, 0, cell * max(start), cell * len(start))
        rect.center = area.center
        self.geo = Geo(rect, len(start), cell)
        return rect

    def place_panels(self, rects: list[pygame.Rect], size: tuple[int, int]) -> None:
        self.panels = rects

    def seat_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        return [(r, 40, 8) for r in self.panels]

    def layout_buttons(self) -> None:
        bh = max(30, self.bottom_h // 2)
        row_right(self.buttons, self.app.text, self.size[0] - self.margin, self.bottom_rect.centery - bh // 2,
                  bh, bh * 2, bh, 8)

    def show_state(self, new: NimState, animate: bool = True) -> None:
        self.state = new

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        s = self.state
        if s.is_over():
            return "GAME OVER", theme.ACCENT
        return f"{NIM.seats({})[s.mover].label.upper()} TO TAKE", NIM.seats({})[s.mover].colour

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        return "", theme.TEXT

    def top_right_room(self) -> int:
        return 0

    def board_surface(self, cb: bool) -> pygame.Surface:
        g = self.geo
        surface = pygame.Surface(g.rect.size, pygame.SRCALPHA)
        for pile, size in enumerate(self.state.piles):
            for stone in range(size):
                x, y = g.centre(pile, stone)
                pygame.draw.circle(surface, theme.ACCENT_2, (x - g.rect.x, y - g.rect.y), g.cell * 2 // 5)
        return surface

    def draw_panels(self, surface: pygame.Surface, cb: bool) -> None:
        for seat, (rect, info) in enumerate(zip(self.panels, NIM.seats({}))):
            colour = info.colour if self.seat_active(seat) else theme.TEXT_DIM
            surface.blit(self.app.text.render(info.label, 28, colour), (rect.x + 8, rect.y + 8))

    def draw_overlays(self, surface: pygame.Surface) -> None:
        self.banners.draw(surface, self.app.text, self.geo.rect.centery, 48)
        self.toasts.draw(surface, self.app.text, self.bottom_rect.y, max(14, self.bottom_h // 3))


@forwarding("core", MATCH_NAMES)
class NimMatch(NimBoard):
    """Hot seat, against computers, or online (the chrome's buttons join ours)."""

    def __init__(self, app, state: NimState, *, seats=None, chrome=None, seed: object = None,
                 bot_factory=None) -> None:
        self.core = MatchCore(self, state, seats=seats, chrome=chrome, seed=seed, bot_factory=bot_factory,
                              spec=NIM)
        self.undo_button = Button("Undo", self.undo)
        super().__init__(app, self.match.state)
        if chrome is not None:
            chrome.attach(self)
            self.buttons = chrome.buttons()
        else:
            self.buttons = [self.undo_button, Button("Save", self.save), Button("Menu", self.actions.pause)]
        self.layout_buttons()
        self.update_buttons()

    @property
    def undo_allowed(self) -> bool:
        return self.chrome is None and any(not isinstance(self.seats[h.to_move], ComputerSeat)
                                           for h in self.match.history if not h.is_over())

    def after_step(self, move: Take, before: NimState, events: list[dict]) -> None:
        self.show_state(self.match.state)
        if any(e["type"] == "game_over" for e in events):
            self.timeline.delay(0.5, self.actions.game_over)
        self.update_buttons()

    def remote_moved(self, move: Take, before: NimState, after: NimState) -> None:
        self.after_step(move, before, [{"type": "game_over"}] if after.is_over() else [])

    def announce_turn(self, first: bool = False) -> None:
        """Nim says nothing when a turn starts: the top bar says whose it is."""

    def auto_select(self) -> None:
        """Nothing to hold in hand: a click is a whole move."""

    def update_buttons(self) -> None:
        self.undo_button.enabled = self.undo_allowed
        if self.chrome is not None:
            self.chrome.update_buttons()

    def undo(self) -> None:
        if self.actions.take_back() is not None:
            self.update_buttons()

    def score_scene(self, state: NimState, **words) -> "NimScore":
        return NimScore(self.app, state, **words)

    def replay(self, state: NimState):
        return replay_opener(self.app, NimReplay, lambda: NIM.write_record(state))

    def fresh_state(self, seed: int) -> NimState:
        return NIM.new_state(self.state.options, seed)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.chrome is not None and self.chrome.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.actions.pause()
            return True
        if event.type == pygame.KEYDOWN and event.mod & pygame.KMOD_CTRL and event.key == pygame.K_s:
            self.save()
            return True
        if self.buttons_event(event):
            return True
        move = None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            spot = self.geo.stone_at(event.pos)
            if spot is not None and spot[0] < len(self.state.piles):
                move = Take(spot[0] + 1, self.state.piles[spot[0]] - spot[1])
        elif event.type == pygame.KEYDOWN and event.unicode.isdigit():
            move = Take(int(event.unicode), 1)
        if move is None or not self.human_turn or self.timeline.busy:
            return False
        reason = self.match.state.why_not(move)
        if reason is not None:
            self.show_toast(reason.text, 3)
        else:
            self.submit(move)
        return True

    def update(self, dt: float) -> None:
        self.core.update(dt, super().update)  # the server's news, the frame, the computers' turns

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        return self.core.turn_text(super().turn_text())  # online: the chrome's words

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        said = self.chrome.status_text() if self.chrome is not None else None
        return said or ("Click a stone: it and every stone right of it go. 1-9 take one.", theme.TEXT)

    def draw(self, surface: pygame.Surface) -> None:
        self.frame.draw(surface, False)
        self.draw_bottom(surface)
        self.turns.draw(surface)
        self.draw_overlays(surface)
        if self.chrome is not None:
            self.chrome.draw(surface)


class NimReplay(NimBoard):
    """A record move by move; at the end of a finished game, the score show."""

    def __init__(self, app, record: Record, title: str = "Replay") -> None:
        self.record_title = title
        self.positions = [record.start]
        for token in record.moves:
            seat = NIM.leaver(token)
            last = self.positions[-1]
            self.positions.append((last.resign(seat) if seat is not None else last.play(NIM.parse_move(token)))[0])
        self.stepping = ReplaySteps(self)
        self.controls = ReplayControls(len(self.positions) - 1, self.stepping.show)
        self.score_button = Button("Score", self.score_show, key=pygame.K_c, enabled=False)
        self.parts = (self.stepping,)
        super().__init__(app, record.start)
        review = self.controls.review_buttons(app, self.positions[-1])
        self.buttons = self.controls.buttons + [self.score_button, *review, Button("Close", self.stepping.close)]
        self.layout_buttons()

    @classmethod
    def from_text(cls, app, text: str, title: str = "Replay") -> "NimReplay":
        """The replay of a record (the Files screen's opener); ``RecordError`` for text that is none."""
        return cls(app, NIM.read_record(text, lenient=True), title)

    end_words = END_WORDS

    def layout_buttons(self) -> None:
        super().layout_buttons()
        self.stepping.place_bar()

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        return self.stepping.turn_text(super().turn_text)

    def score_show(self) -> None:
        if self.controls.index == self.controls.count and self.positions[-1].is_over():
            self.controls.playing = False
            self.app.push(NimScore(self.app, self.positions[-1]))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.stepping.close()
            return True
        return self.controls.handle_event(event) or self.buttons_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.frame.draw(surface, False)
        self.draw_bottom(surface)
        self.controls.draw_bar(surface, self.app.text, ())
        self.draw_overlays(surface)


@forwarding("scoring", SCORE_NAMES)
class NimScore(NimBoard):
    """One beat: the winner's point lands on its panel."""

    modal, freeze_below, bottom_scale = True, False, 0.1

    def __init__(self, app, state: NimState, *, on_new_game=None, on_save=None, new_game_label: str | None = None,
                 headline: str | None = None, on_replay=None, show: bool = True) -> None:
        self.scoring = ScoreShow(self, headline)
        self.points: list[int] = [0, 0]
        super().__init__(app, state)
        self.sequence = BeatSequence([state.winner()], self.timeline, steps=self._steps,
                                     on_finish=self._finished, intro=0.4)
        self.scoring.make_buttons("Replay scoring", on_replay=on_replay, on_save=on_save, on_new_game=on_new_game,
                                  new_game_label=new_game_label or "New game")
        if show and headline is None:
            self.start_show()
        else:
            self.sequence.finish(quiet=True)

    def start_show(self) -> None:
        self.points = [0, 0]
        self.sequence.start()
        self.scoring.show_buttons()

    def _steps(self, winner: int | None, index: int) -> list:
        def award() -> None:
            if winner is not None:
                self.points[winner] += 1
        return [Delay(0.3), Callback(award)]

    def _finished(self, quiet: bool) -> None:
        self.points = self.final_points()
        self.buttons = self.final_buttons
        self.layout_buttons()

    def skip(self) -> None:
        self.sequence.skip()

    def shown_points(self) -> list:
        return list(self.points)

    def final_points(self) -> list:
        winner = self.state.score()["winner"]
        return [int(seat == winner) for seat in (0, 1)]

    def winner_words(self) -> tuple[str, str]:
        winner = self.state.winner()
        head = "A DRAW" if winner is None else f"{NIM.seats({})[winner].label.upper()} WINS"
        return head, "took the last stone"

    def update(self, dt: float) -> None:
        self.scoring.update(dt, super().update)

    def frame_rate(self) -> float:
        return self.scoring.frame_rate(super().frame_rate())

    def draw(self, surface: pygame.Surface) -> None:
        self.frame.draw(surface, False)
        for seat, rect in enumerate(self.panels):
            surface.blit(self.app.text.render(str(self.points[seat]), 40, theme.ACCENT), (rect.x + 8, rect.y + 48))
        self.draw_bottom(surface)
        self.scoring.draw_final_buttons(surface)
        self.draw_overlays(surface)


class NimPlugin(ScenesPlugin):
    spec = NIM
    match_scene, replay_scene = NimMatch, NimReplay


def plugins_with_template() -> Plugins:
    """Every shipped game's plug-in and Nim's, as the client test suite registers them."""
    plugins = builtin_plugins()
    plugins.add(NimPlugin())
    return plugins
