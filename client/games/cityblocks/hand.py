"""The piece in hand on the match screen, a part the screen holds (``scene.control``):
choosing it (trays, Tab, letters, sizes, the colour in 3 players), turning and flipping
it, the square aimed at (pointer or arrow keys), the ghost it makes there with the
engine's objection, where it fits and what placing it would score (the line under the
board on a person's turn), placing it (click, Enter: handed to the screen's ``submit``),
and the person's pointer and keys for all that (:mod:`.input`).
Every rule answer is the engine's; the screen keeps what a placement or a pass does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from client import theme
from client.anim import Timeline
from shared.cityblocks import Move
from shared.cityblocks.geometry import PIECE_INDEX, PIECE_SIZE, PIECES

from . import look
from .board import CityBoard
from .effects import preview
from .hints import status_words
from .input import handle_key
from .pass_question import PassQuestion
from .pieces import Hand, fits_at, fitting, flipped, orient_of, turned
from .words import _


class HandHost(Protocol):
    """What the hand needs of its screen."""

    app: Any
    match: Any
    state: Any          # the position shown (the one in play, or one looked back at)
    timeline: Timeline
    board: CityBoard
    passing: PassQuestion
    hinter: Any         # the shell's HintPart: ``hint`` while one is shown

    @property
    def human_turn(self) -> bool: ...
    def show_toast(self, text: str, seconds: float = 3.0) -> None: ...
    def submit(self, move: Any) -> None: ...
    def undo(self) -> None: ...


class HandControl:
    def __init__(self, host: HandHost) -> None:
        self.host = host
        self.hand: Hand | None = None
        self._hover: tuple[int, int] | None = None    # the square under the pointer
        self._stale = False   # a move was played since the pointer last moved: no ghost yet
        self.cursor: tuple[int, int] | None = None    # the keyboard's square (arrows)
        self.hover_slot: tuple[int, str] | None = None
        self.tip_pos = (0, 0)   # where the pointer is, for a tray piece's tooltip
        self.show_fit = False
        self._ghost_key: tuple | None = None
        self._ghost: tuple | None = None
        self._fit_key: tuple | None = None
        self._fit: frozenset = frozenset()
        self._legal: list[Move] = []

    @property
    def state(self):
        return self.host.match.state

    def place(self) -> None:
        """Click / Enter: the ghost's move, if the engine allows it."""
        ghost = self.ghost()
        if ghost is None:
            return
        move, reason = ghost
        if reason is not None:
            self.host.app.sounds.play("error")
            self.host.show_toast(reason, 4)
            return
        self.host.submit(move)

    def take_hint(self, move: Move) -> None:
        """A hint arrived: its piece goes into the hand the way the hint lays it, and the
        keyboard cursor is put away (Enter plays the hint; a click on it places it)."""
        if move.is_pass or not self.host.human_turn:
            return
        self.hand = Hand(move.colour, move.piece, orient_of(move))
        self.cursor = None
        self._ghost_key = None

    def hinted(self) -> Move | None:
        """The hint shown while the hand still holds its piece the way the hint lays it."""
        advice = self.host.hinter.hint
        h = self.hand
        if advice is None or h is None or advice.move.is_pass:
            return None
        move = advice.move
        return move if (move.colour, move.piece, orient_of(move)) == (h.colour, h.piece, h.orient) else None

    def placeable(self, colour: int) -> set[str]:
        return self.state.placeable_pieces(colour)

    def forget_ghost(self) -> None:
        """A move was played: the ghost is worked out afresh, once the pointer moves (the
        next colour's piece is not shown, refused, over the piece just placed)."""
        self._ghost_key = None
        self._stale = True

    @property
    def hover(self) -> tuple[int, int] | None:
        return self._hover

    @hover.setter
    def hover(self, square: tuple[int, int] | None) -> None:
        self._hover, self._stale = square, False

    # -- the person's pointer and keys ---------------------------------------------------------
    def point(self, pos: tuple[int, int]) -> None:
        """The pointer moved: the square and the tray piece under it."""
        self.hover = self.host.board.geo.square_at(pos)
        if self.hover is not None:
            self.cursor = None
        self.hover_slot = self.host.board.slot_at(pos)
        self.tip_pos = pos

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel and right button turn, a click takes a tray piece or places the hand,
        keys as :func:`.input.handle_key` says."""
        if event.type == pygame.MOUSEWHEEL:
            self.turn_hand(event.y < 0)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 3:
                self.turn_hand(True)
                return True
            if event.button != 1:
                return False
            slot = self.host.board.slot_at(event.pos)
            if slot is not None:
                self.select(*slot)
                return True
            square = self.host.board.geo.square_at(event.pos)
            if square is not None and self.host.human_turn:
                self.hover, self.cursor = square, None
                self.place()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            return handle_key(self.host, self, event)
        return False

    # -- choosing -------------------------------------------------------------------------------
    def auto_select(self) -> None:
        """A new turn: keep the hand if it is still playable, else the biggest piece that fits."""
        s = self.state
        if s.over or not self.host.human_turn:
            return
        colours = s.colours_to_move
        if self.hand is not None and self.hand.colour in colours and self.hand.piece in s.pieces_left(self.hand.colour):
            return
        for colour in colours:
            fits = self.placeable(colour)
            if fits:
                piece = max(fits, key=lambda p: (PIECE_SIZE[PIECE_INDEX[p]], -PIECE_INDEX[p]))
                self.hand = Hand.take(colour, piece)
                return
        left = s.pieces_left(colours[0])
        self.hand = Hand.take(colours[0], left[-1]) if left else None

    def select(self, colour: int, piece: str) -> None:
        """Take a piece from a tray; the engine says why not when it is not yours to take."""
        s, host = self.state, self.host
        if not host.human_turn:
            host.show_toast(_("Not your turn.") if not s.over else _("The game is over."), 2)
            return
        sample = Hand.take(colour, piece).move((0, 0))
        reason = s.why_not(sample)
        if reason is not None and reason.code in ("wrong_colour", "piece_played", "not_your_turn"):
            host.app.sounds.play("error")
            host.show_toast(reason.text, 3)
            return
        if self.hand is None or (self.hand.colour, self.hand.piece) != (colour, piece):
            self.hand = Hand.take(colour, piece)
        dimmed = s.why_no_place(colour, piece)
        if dimmed is not None:  # taken, but it fits nowhere: say why (as the tray's tooltip)
            host.app.sounds.play("error")
            host.show_toast(dimmed.text, 4)
            return
        host.app.sounds.play("select")

    def cycle(self, step: int = 1, among: list[str] | None = None) -> None:
        """Tab: the next piece of the colour in hand (those that fit first)."""
        s = self.state
        if not self.host.human_turn:
            return
        colour = self.hand.colour if self.hand is not None else s.colour
        left = s.pieces_left(colour)
        fits = self.placeable(colour)
        pool = [p for p in (among or PIECES) if p in left and (p in fits or among is not None)] or \
            [p for p in (among or PIECES) if p in left]
        if not pool:
            return
        current = self.hand.piece if self.hand is not None and self.hand.colour == colour else None
        i = pool.index(current) if current in pool else -1 if step > 0 else 0
        self.select(colour, pool[(i + step) % len(pool)])

    def switch_colour(self) -> None:
        """C (3 players): between the seat's own colour and the shared blue."""
        s = self.state
        colours = s.colours_to_move
        if not self.host.human_turn or len(colours) < 2 or self.hand is None:
            return
        other = colours[1] if self.hand.colour == colours[0] else colours[0]
        left = s.pieces_left(other)
        if not left:
            self.host.show_toast(_("{colour} has no pieces left.").format(colour=look.name(other)), 2)
            return
        fits = self.placeable(other)
        if self.hand.piece in fits:
            piece = self.hand.piece
        else:  # the first piece that fits, in tray order; none fits: the last, which says why
            piece = next((p for p in PIECES if p in fits), left[-1])
        self.select(other, piece)

    def turn_hand(self, clockwise: bool = True) -> None:
        if self.hand is not None and self.host.human_turn:
            self._reorient(lambda o: turned(o, clockwise), lambda o: turned(o, clockwise))
            self.host.app.sounds.play("hover", 0.5)

    def flip_hand(self) -> None:
        if self.hand is not None and self.host.human_turn:
            self._reorient(flipped, turned)
            self.host.app.sounds.play("hover", 0.5)

    def _reorient(self, first: Callable[[int], int], then: Callable[[int], int]) -> None:
        """Turn or flip the hand; on a square where the piece fits, go on turning until an
        orientation fits there too (the ghost on a lit square stays legal)."""
        h, aim = self.hand, self.aim()
        assert h is not None
        start, h.orient = h.orient, first(h.orient)
        if aim is None or fitting(h.orient, aim, self.legal()) is None:
            return
        for _step in range(8):
            if fits_at(h.orient, aim, self.legal()) or h.orient == start:
                return
            h.orient = then(h.orient)

    # -- what the hand would do -------------------------------------------------------------------
    def aim(self) -> tuple[int, int] | None:
        return self.cursor if self.cursor is not None else self.hover

    def ghost(self) -> tuple[Move, str | None] | None:
        """The move the hand would make at the aimed square and the engine's objection."""
        aim, host = self.aim(), self.host
        if self.hand is None or aim is None or not host.human_turn or host.timeline.busy or host.passing.open:
            return None
        if self._stale and self.cursor is None:  # the pointer rests where it placed the last piece
            return None
        h = self.hand
        key = (self.state, h.colour, h.piece, h.orient, aim)
        hinted = self.hinted()
        if hinted is not None and aim in hinted.squares:  # aimed at the hint with its piece: the hint
            return hinted, None
        if key != self._ghost_key:
            move = h.move(aim)
            reason = self.state.why_not(move)
            if reason is not None or aim not in move.squares:
                # Where the piece fits over the aimed square in another orientation (or
                # place), the hand takes the nearest.
                other = fitting(h.orient, aim, self.legal())
                if other is not None:
                    h.orient = orient_of(other)
                    move, reason = other, None
            key = (self.state, h.colour, h.piece, h.orient, aim)
            self._ghost_key, self._ghost = key, (move, None if reason is None else reason.text)
        return self._ghost

    def legal(self) -> list[Move]:
        """Every legal placement of the piece in hand (any orientation), per position."""
        if self.hand is None:
            return []
        s = self.state
        key = (s, self.hand.colour, self.hand.piece)
        if key != self._fit_key:
            moves = s.placements_for(self.hand.colour, self.hand.piece) if not s.over else []
            self._fit_key, self._legal = key, moves
            self._fit = frozenset(sq for m in moves for sq in m.squares)
        return self._legal

    def fit_squares(self) -> frozenset:
        """Where the piece in hand fits now (every legal placement's squares): with S, and
        always for a colour's first piece (it must find its corner)."""
        if self.hand is None or not self.host.human_turn:
            return frozenset()
        s = self.state
        if not self.show_fit and s.played[self.hand.colour]:
            return frozenset()
        self.legal()
        return self._fit

    def toggle_fit(self) -> None:
        self.show_fit = not self.show_fit
        self.host.app.sounds.play("select")
        if self.show_fit:
            said = _("Where the chosen piece fits: lit (S hides it).")
        elif self.hand is not None and not self.state.played[self.hand.colour]:
            said = _("Fit hints off from this colour's second piece: its first must find its corner.")
        else:
            said = _("Fit hints off.")
        self.host.show_toast(said, 2)

    def status(self, hints: bool) -> tuple[str, tuple[int, int, int]]:
        """The line under the board on a person's turn: the ghost's projected score or the
        engine's objection, else the keys (H named only where ``hints`` are offered)."""
        ghost = self.ghost()
        if ghost is not None:
            move, reason = ghost
            if reason is not None:
                return reason, theme.BAD
            said = preview(self.state, move)
            if self.hint_keyed() and move != self.host.hinter.hint.move:
                # TRANSLATORS: after the live projection under the board, while a hint shown
                # elsewhere waits for Enter
                return f"{said} " + _("Click places it; Enter plays the hint."), theme.GOOD
            # TRANSLATORS: after the live projection under the board ("V5 here: Red 12 → 17 …").
            return f"{said} " + _("Click or Enter places it."), theme.GOOD
        if self.hint_keyed():
            return status_words(self.host), theme.ACCENT
        if self.hand is None:
            return _("No piece left: pass with P."), theme.TEXT
        if not hints:
            if self.state.players == 3:
                return _("Pick a piece (click, Tab, its letter, 2-5) · R / wheel turns · F flips · click places · "
                         "P passes · S shows where it fits · C: blue or yours"), theme.TEXT
            return _("Pick a piece (click, Tab, its letter, 2-5) · R / wheel turns · F flips · click places · "
                     "P passes · S shows where it fits"), theme.TEXT
        if self.state.players == 3:
            return _("Pick a piece (click, Tab, its letter, 2-5) · R / wheel turns · F flips · click places · "
                     "P passes · S shows where it fits · H: a hint · C: blue or yours"), theme.TEXT
        return _("Pick a piece (click, Tab, its letter, 2-5) · R / wheel turns · F flips · click places · "
                 "P passes · S shows where it fits · H: a hint"), theme.TEXT

    def hint_keyed(self) -> bool:
        """Whether Enter plays the hint shown (no keyboard cursor aims elsewhere)."""
        return self.cursor is None and self.host.hinter.hint is not None

    def dimmed_reason(self) -> str | None:
        """Why the dimmed tray piece under the pointer fits nowhere (the engine's words)."""
        slot = self.hover_slot
        s = self.state
        if slot is None or self.host.passing.open or s.over or self.host.state is not s \
                or slot[0] not in s.colours_to_move:
            return None
        reason = s.why_no_place(*slot)
        return None if reason is None else reason.text

    def tray_args(self, tray, args: dict) -> dict:
        """What a tray of the position in play shows of the hand: the dimming, the chosen
        piece and the one under the pointer."""
        s = self.state
        active = not s.over and tray.colour in s.colours_to_move and self.host.state is s
        args["active"] = active
        if active:
            args["fits"] = self.placeable(tray.colour)
            if self.hand is not None and self.hand.colour == tray.colour and self.host.human_turn:
                args["chosen"] = self.hand.piece
            if self.hover_slot is not None and self.hover_slot[0] == tray.colour:
                args["hover"] = self.hover_slot[1]
        return args
