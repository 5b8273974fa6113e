"""The City Blocks match screen, composed of parts: the board view with the seat panels
and trays (``board``, :mod:`.board`), the piece in hand with the person's pointer and keys
(``control``, :mod:`.hand`), the pass question (``passing``), its drawing, status line,
keys and turns shown (``painter``, ``keys``, ``shows``: :mod:`.match_view`), one seat
controller per seat and, online, the match chrome. The same screen serves hot-seat play (any mix of people
and computers, 2-4 seats), games against the computer and online matches (playing or
watching).

Choose a piece (click it in a tray; Tab, its letter, Shift+F/P for F5/P5, or its size 2-5), turn it (R, Shift+R,
the wheel, right-click) and flip it (F); the ghost follows the pointer (or the arrow keys)
snapped to the board, green where the engine allows it and red with the engine's reason
where not; click (Enter) places it. P passes (asked again while placements remain), H
lights where the chosen piece fits, H asks the computer for a hint (its move on the board
with the points it adds, its piece taken into the hand; Enter plays it;
``client.scenes.hints``), C switches between your colour and blue (3 players),
U undoes, Ctrl+S saves, F1 shows how to play, Esc pauses. Computers think in worker threads (the shell's
``ComputerTurns``); the window keeps drawing.
"""

from __future__ import annotations

import secrets

import pygame

from client.scenes.forward import forwarding
from client.scenes.hints import HintPart
from client.scenes.match_screen import MATCH_NAMES, MatchCore
from client.scenes.move_listing import MatchMoves
from client.scenes.seats import ComputerSeat, SeatController
from client.seat_words import LiveSeatWords, who_words, your_seat
from client.view.movelist import MoveEntry
from shared.cityblocks import CITY_BLOCKS, CityState, Move

from . import hints
from .autopass import AutoPass
from .board import tray_args
from .hand import HandControl
from .match_view import MatchView, ScreenKeys, TurnShow
from .model import LocalMatch, ViewMatch
from .pass_question import PassQuestion
from .pieces import Hand
from .replay import replay_of
from .review_board import dotted
from .score import ScoreScene
from .screen import CityScreen

BOT_SHOW = 0.35   # seconds a computer's choice shows before it lands


class Moves(MatchMoves):
    """The list of moves in the game's own notation."""

    host: "MatchScene"

    def move_texts(self) -> list[str]:
        from .review_board import list_text
        return [list_text(m) for m in self.held_moves()]

    def move_entries(self) -> list[MoveEntry]:
        """The dot of a row: the colour placed, not the placing seat's (two per seat with 2 players)."""
        return dotted(super().move_entries(), list(self.held_moves()))


@forwarding("core", MATCH_NAMES)
class MatchScene(CityScreen):
    bot_show, pass_show = BOT_SHOW, 0.1

    @property
    def bar_title(self) -> str:
        return self.listing.titled(super().bar_title)

    def __init__(self, app, state: CityState | None = None, *, seats: list[SeatController] | None = None,
                 chrome=None, seed: object = None, bot_factory=None, players: int = 4) -> None:
        if state is None:
            seed = secrets.randbelow(10**9) if seed is None else seed
            state = CITY_BLOCKS.new_state({"players": players}, seed)
        self.core = MatchCore(self, state, seats=seats, chrome=chrome, seed=seed, bot_factory=bot_factory,
                              spec=CITY_BLOCKS, holders=(LocalMatch, ViewMatch), n_seats=state.players)
        self.listing = Moves(self)
        self.hinter = HintPart(self, self.hint_words)
        self.control = HandControl(self)   # the piece in hand and the person's pointer and keys
        self.passing = PassQuestion(self)  # "Pass with blue?" while placements remain
        self.painter, self.keys = MatchView(self), ScreenKeys(self)  # drawing and status; the screen's keys
        self.shows = TurnShow(self)  # a move shown and said, a turn announced
        self.autopass = AutoPass(self)  # a person who cannot place passes after a beat
        super().__init__(app, state)
        self.buttons = self.painter.buttons(chrome)
        self.layout_buttons()
        self.auto_select()
        self.update_buttons()

    @property
    def hand(self) -> Hand | None:
        return self.control.hand

    @hand.setter
    def hand(self, hand: Hand | None) -> None:
        self.control.hand = hand

    def auto_select(self) -> None:
        """A new turn: no pass question open, and the hand kept or chosen afresh."""
        self.passing.open = False
        self.control.auto_select()

    # -- who plays --------------------------------------------------------------------------
    @property
    def undo_allowed(self) -> bool:
        return self.chrome is None and self.match.can_undo and any(
            not isinstance(self.seats[h.to_move], ComputerSeat) for h in self.match.history if not h.over)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.passing.layout(size, self.geo.rect.center)

    def enter(self) -> None:
        if self.chrome is None or self.match.state.ply == 0:  # joining a match under way: no banner
            self.announce_turn(first=True)

    def resume(self) -> None:
        self.control.hover = None

    # -- moves -----------------------------------------------------------------------------
    def after_step(self, move: Move, before: CityState, events: list[dict]) -> None:
        self.shows.step(move, events)

    def announce_turn(self, first: bool = False) -> None:
        self.shows.announce(first)

    # -- what the chrome calls (online) -------------------------------------------------------
    def remote_moved(self, move: Move, before: CityState, after: CityState) -> None:
        self.after_step(move, before, [{"type": "game_over"}] if after.over else [])

    def seat_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        return [(p.rect, p.header_h, p.pad) for p in self.board.panels]

    def score_scene(self, state: CityState, **words) -> ScoreScene:
        names = {} if self.chrome is not None else LiveSeatWords(self.seats)   # worded as the match: "Green (you)"
        return ScoreScene(self.app, state if self.chrome is None else self.chrome.counted(state), names=names, **words)

    def mine(self) -> int | None:
        return your_seat(self.seats) if self.chrome is None else None

    def seat_who(self, seat: int) -> str:
        return who_words(self.seats, seat) if self.chrome is None else ""

    def replay(self, state: CityState):
        return replay_of(self.app, state, self.records.name_headers() if self.chrome is None else None)

    # -- menu actions ------------------------------------------------------------------------
    def undo(self) -> None:
        self.shows.undo()

    def fresh_state(self, seed: int) -> CityState:
        return CITY_BLOCKS.new_state({"players": self.players}, seed)

    def update_buttons(self) -> None:
        self.pass_button.enabled = self.human_turn
        self.undo_button.enabled = self.undo_allowed
        self.fit_button.enabled = self.human_turn
        self.hint_button.enabled = self.hinter.can_hint()
        if self.chrome is not None:
            self.chrome.update_buttons()

    def hint_words(self, advice) -> str:
        return hints.hint_words(self, advice)

    # -- frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.core.update(dt, super().update)  # the board, then the computers' turns
        self.autopass.update(dt)
        advice = self.hinter.poll_hint()
        if advice is not None:
            self.control.take_hint(advice.move)  # a click on it, or Enter, places it

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        return self.core.turn_text(super().turn_text())  # online: the chrome's words

    def top_right_room(self) -> int:
        return self.listing.top_right_room()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.keys.handle_event(event)

    # -- drawing -------------------------------------------------------------------------------
    def tray_args(self, tray) -> dict:
        return self.control.tray_args(tray, tray_args(self.state, tray))

    def seat_names(self) -> dict[int, str]:
        return self.painter.seat_names()

    def last_move(self) -> Move | None:
        history = self.state.history
        return history[-1] if history else None

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        return self.painter.status()

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)
