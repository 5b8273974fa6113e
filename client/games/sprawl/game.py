"""The Sprawl match screen: the board, one panel per seat (3-8), the hand and the input,
composed with one seat controller per seat and, online, the match chrome. The same
screen serves hot-seat play (any mix of people and computers), games against the
computer and online matches (playing or watching). It holds its parts: the board view
(``board``, :mod:`.board`), the piece in hand with the clicks on squares (``hand``), the
moves shown and turns announced (``shows``, :mod:`.turn_show`); :mod:`.match_view` draws
it and words its status line.

Pick a size (1-3, or click it under the board) and an action (Tab: stand it up as a tower
or spore / lay it as a branch; B, P: T is the online chat); legal squares glow. On a lit
square a branch's ghost turns to a direction it may take (R, the wheel or the arrows turn
it; a drag from the square points it), with a caption beside it saying what it will do
("Branch 2 from your tower on c3, pointing east"); off them the ghost is red with the
engine's reason. Click plays the ghost; a move that ends the game or leaves a seat with
no move warns beside the square and plays on a second click only. When the ghost is not
legal, the click lists every legal move ending on that square (or says why none does). Right-click always
lists them. A/S/O toggle the attack, spore and tree overlays; H asks the computer for a
hint (its move on the board with the chance of first place its search expects;
``client.scenes.hints``); U undoes, Ctrl+S saves,
F1 shows how to play, Esc pauses, C shows the end show again.
"""

from __future__ import annotations

import secrets

import pygame

from client.scenes.forward import forwarding
from client.scenes.hints import HintPart
from client.scenes.match_screen import MATCH_NAMES, MatchCore
from client.scenes.move_listing import MatchMoves
from client.scenes.seats import ComputerSeat, HumanSeat, SeatController
from client.seat_words import LiveSeatWords, your_seat
from shared.sprawl import SPRAWL

from . import hints, match_view
from .hand import HandPart
from .model import LocalMatch, ViewMatch
from .screen import SprawlScreen
from .turn_show import TurnShow

BOT_SHOW = 0.45   # seconds a computer's choice shows before it lands


class Moves(MatchMoves):
    """The list of moves in words ("Red builds a 2 on c4")."""

    def move_texts(self) -> list[str]:
        from .review_board import list_text
        return [list_text(m) for m in self.held_moves()]

    def move_shorts(self) -> list[str]:
        from .review_board import short_text
        return [short_text(m) for m in self.held_moves()]


@forwarding("core", MATCH_NAMES)
class MatchScene(SprawlScreen):
    bot_show = pass_show = BOT_SHOW

    @property
    def bar_title(self) -> str:
        return self.listing.titled(super().bar_title)

    def __init__(self, app, state=None, *, seats: list[SeatController] | None = None, chrome=None,
                 seed: object = None, bot_factory=None, players: int = 4) -> None:
        if state is None:
            seed = secrets.randbelow(10**9) if seed is None else seed
            state = SPRAWL.new_state({"players": players}, seed)
        self.core = MatchCore(self, state, seats=seats, chrome=chrome, seed=seed, bot_factory=bot_factory,
                              spec=SPRAWL, holders=(LocalMatch, ViewMatch), n_seats=state.n,
                              write=lambda: match_view.write_record(self))
        self.listing = Moves(self)
        self.hinter = HintPart(self, self.hint_words)
        self.names = [seat.name if isinstance(seat, HumanSeat) else "" for seat in self.seats]  # the panels'
        self.shown: set[str] = set()
        self.hand = HandPart(self)
        self.shows = TurnShow(self)  # a move shown and said, a turn announced, a turn taken back
        self.bar = match_view.MatchButtons(self)  # the overlays' toggles, Undo, Hint, Menu
        self.overlay_buttons, self.undo_button, self.hint_button = self.bar.overlays, self.bar.undo, self.bar.hint
        super().__init__(app, state)
        if chrome is not None:
            self.board.name_line = True  # the chrome's name line under each header
            chrome.attach(self)
        self.buttons = self.bar.row(chrome)
        self.layout_buttons()
        self.hand.auto_hand()
        self.update_buttons()

    # -- layout ------------------------------------------------------------------------------
    def fit_board(self, area: pygame.Rect) -> pygame.Rect:  # the hand's strip under the board
        return super().fit_board(pygame.Rect(area.x, area.y, area.w, area.h - self.hand.strip(self.size) - 6))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.hand.place_sizes(self.geo.outer, self.bottom_rect.y)

    # -- who plays ---------------------------------------------------------------------------
    @property
    def undo_allowed(self) -> bool:
        return self.chrome is None and self.match.can_undo and any(
            h.to_move is not None and not isinstance(self.seats[h.to_move], ComputerSeat) for h in self.match.history)

    def enter(self) -> None:
        if self.chrome is not None and self.match.state.ply > 0:
            return
        self.announce_turn(first=True)

    def resume(self) -> None:
        self.hand.hover = None
        self.hand.press = None

    # -- moves -------------------------------------------------------------------------------
    def try_move(self, move) -> bool:
        return self.hand.try_move(move)

    def after_step(self, move, before, events: list[dict]) -> None:
        self.shows.step(events)

    def announce_turn(self, first: bool = False) -> None:
        self.shows.announce(first)

    # -- what the chrome calls (online) ---------------------------------------------------------
    def remote_moved(self, move, before, after) -> None:
        events = [{"type": "game_over"}] if after.is_over() else []
        self.after_step(move, before, events)

    def resync(self) -> None:
        self.timeline.finish_all()
        self.show_state(self.match.state, animate=False)
        self.hand.auto_hand()
        self.update_buttons()

    def score_scene(self, state, **words):
        from .score import ScoreScene
        names = [""] * len(self.seats) if self.chrome is not None else LiveSeatWords(self.seats)  # "Green (you)"
        return ScoreScene(self.app, state if self.chrome is None else self.chrome.counted(state), names=names, **words)

    def replay(self, state):
        from .replay import replay_of
        return replay_of(self.app, state, self.seats_header() if self.chrome is None else None)

    # -- menu actions ----------------------------------------------------------------------------
    def undo(self) -> None:
        self.shows.undo()

    def seats_header(self) -> dict[str, str]:
        return match_view.seats_header(self)

    def fresh_state(self, seed: int):
        return SPRAWL.new_state(self.match.state.options, seed)

    def update_buttons(self) -> None:
        self.bar.update()

    def hint_words(self, advice) -> str:
        return hints.hint_words(self, advice)

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.core.update(dt, super().update)  # the board, then the computers' turns
        self.hand.follow_hint(self.hinter)

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        return self.core.turn_text(super().turn_text())  # online: the chrome's words

    def top_right_room(self) -> int:
        return self.listing.top_right_room()

    def handle_event(self, event: pygame.event.Event) -> bool:
        from .input import handle_event
        if self.chrome is not None and self.chrome.handle_event(event):
            return True
        if self.listing.handle_event(event):
            return True
        return handle_event(self, event)

    # -- words ---------------------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        return match_view.seat_label(self, seat)

    def seat_who(self, seat: int) -> str:
        return match_view.seat_who(self, seat)

    def mine(self) -> int | None:
        return your_seat(self.seats) if self.chrome is None else None

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        return match_view.status_words(self)

    def draw(self, surface: pygame.Surface) -> None:
        match_view.draw(self, surface)

