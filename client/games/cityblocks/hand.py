"""The piece in hand on the match screen: choosing it (trays, Tab, letters, sizes, the
colour in 3 players), turning and flipping it, the ghost it makes at the aimed square with
the engine's objection, where it fits and what placing it would score. A mixin of
:class:`~client.games.cityblocks.game.MatchScene`; every rule answer is the engine's.
"""

from __future__ import annotations

from shared.cityblocks import Move
from shared.cityblocks.geometry import COLOURS, PIECE_INDEX, PIECE_SIZE, PIECES

from . import look
from .pieces import Hand
from .words import _


class HandMixin:
    hand: Hand | None = None
    hover: tuple[int, int] | None = None     # the square under the pointer
    cursor: tuple[int, int] | None = None    # the keyboard's square (arrows)
    show_fit = False
    _ghost_key: tuple | None = None
    _ghost: tuple | None = None
    _fit_key: tuple | None = None
    _fit: frozenset = frozenset()
    _projection_key: tuple | None = None
    _projection: tuple = ()

    def placeable(self, colour: int) -> set[str]:
        return self.match.state.placeable_pieces(colour)

    def auto_select(self) -> None:
        """A new turn: keep the hand if it is still playable, else the biggest piece that fits."""
        s = self.match.state
        self.confirming = False
        if s.over or not self.human_turn:
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
        s = self.match.state
        if not self.human_turn:
            self.show_toast(_("Not your turn.") if not s.over else _("The game is over."), 2)
            return
        sample = Hand.take(colour, piece).move((0, 0))
        reason = s.why_not(sample)
        if reason is not None and reason.code in ("wrong_colour", "piece_played", "not_your_turn"):
            self.app.sounds.play("error")
            self.show_toast(reason.text, 3)
            return
        if self.hand is None or (self.hand.colour, self.hand.piece) != (colour, piece):
            self.hand = Hand.take(colour, piece)
        self.app.sounds.play("select")

    def cycle(self, step: int = 1, among: list[str] | None = None) -> None:
        """Tab: the next piece of the colour in hand (those that fit first)."""
        s = self.match.state
        if not self.human_turn:
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
        s = self.match.state
        colours = s.colours_to_move
        if not self.human_turn or len(colours) < 2 or self.hand is None:
            return
        other = colours[1] if self.hand.colour == colours[0] else colours[0]
        left = s.pieces_left(other)
        if not left:
            self.show_toast(_("{colour} has no pieces left.").format(colour=look.name(other)), 2)
            return
        piece = self.hand.piece if self.hand.piece in left else left[-1]
        self.select(other, piece)

    def turn_hand(self, clockwise: bool = True) -> None:
        if self.hand is not None and self.human_turn:
            self.hand.turn(clockwise)
            self.app.sounds.play("hover", 0.5)

    def flip_hand(self) -> None:
        if self.hand is not None and self.human_turn:
            self.hand.flip()
            self.app.sounds.play("hover", 0.5)

    def aim(self) -> tuple[int, int] | None:
        return self.cursor if self.cursor is not None else self.hover

    def ghost(self) -> tuple[Move, str | None] | None:
        """The move the hand would make at the aimed square and the engine's objection."""
        aim = self.aim()
        if self.hand is None or aim is None or not self.human_turn or self.timeline.busy or self.confirming:
            return None
        h = self.hand
        key = (self.match.state, h.colour, h.piece, h.orient, aim)
        if key != self._ghost_key:
            move = h.move(aim)
            reason = self.match.state.why_not(move)
            self._ghost_key, self._ghost = key, (move, None if reason is None else reason.text)
        return self._ghost

    def fit_squares(self) -> frozenset:
        """Where the piece in hand fits now (every legal placement's squares): with H, and
        always for a colour's first piece (it must find its corner)."""
        if self.hand is None or not self.human_turn:
            return frozenset()
        s = self.match.state
        if not self.show_fit and s.played[self.hand.colour]:
            return frozenset()
        key = (s, self.hand.colour, self.hand.piece)
        if key != self._fit_key:
            moves = s.placements_for(self.hand.colour, self.hand.piece)
            self._fit_key, self._fit = key, frozenset(sq for m in moves for sq in m.squares)
        return self._fit

    def toggle_fit(self) -> None:
        self.show_fit = not self.show_fit
        self.app.sounds.play("select")
        self.show_toast(_("Where the chosen piece fits: lit (H hides it).") if self.show_fit
                        else _("Fit hints off."), 2)

    def projection(self, move: Move) -> tuple[int, int, int, int]:
        """(area, edges) of the move's colour now and after the move (engine scores),
        memoised per position and move (the status line asks every frame)."""
        s = self.match.state
        key = (s, move)
        if self._projection_key != key:
            name = COLOURS[move.colour]
            now = s.score()["colours"][name]
            after = s.play(move)[0].score()["colours"][name]
            self._projection_key = key
            self._projection = (now["area"], now["edges"], after["area"], after["edges"])
        return self._projection
