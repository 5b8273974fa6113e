"""A City Blocks position: an immutable value; ``play`` returns the next one and events.

The position is four colour bitboards (centre squares included), the pieces each colour has
played, the number of turns taken, the passes in a row, and the seats that left. Whose turn
it is follows from the turn count (see :mod:`.layout`). A seat that left passes on its
turns automatically; those passes are in ``history`` but not in the record (the record's
``Left`` header brings them back).
"""

from __future__ import annotations

from random import Random
from typing import Any, Hashable, Iterator

from shared.gamekit.api import IllegalMove, Rejection

from . import scoring
from .geometry import (
    ALL_PIECES,
    BLUE,
    BOARD,
    CENTRES,
    COLOURS,
    CORNER_ANCHORS,
    CORNERS,
    ORIENTS,
    ORIENTS_OF_PIECE,
    PIECE_INDEX,
    PIECES,
    SIZE,
    SQUARE_NAMES,
    all_fits,
    anchor_squares,
    bit,
    bits,
    nth_bit,
    orients_left,
    shape_of,
    square_name,
)
from .layout import OWNER, ROUND, SEAT_COLOURS, SEATS, colours_at, seat_at
from .moves import Move, pass_move
from .words import _, colour_name, colour_word, seat_label

START_BOARDS = tuple(1 << c for c in CENTRES)


class Placements:
    """The legal moves of the seat to move as a lazy view: per (colour, orientation) the
    bitboard of anchors where it fits, so ``len`` is a few popcounts and ``random`` picks
    an orientation by count and then the k-th set bit. The pass, always legal while the
    game runs, comes last."""

    __slots__ = ("_state", "_parts", "count")

    def __init__(self, state: "CityState") -> None:
        self._state = state
        self._parts = state._parts() if not state.over else []
        self.count = sum(n for _, _, _, n in self._parts)   # placements, pass excluded

    def __len__(self) -> int:
        return 0 if self._state.over else self.count + 1

    def __iter__(self) -> Iterator[Move]:
        for colour, o, mask, _count in self._parts:
            while mask:
                low = mask & -mask
                yield Move(colour, PIECES[ORIENTS[o].piece], anchor_squares(o, low.bit_length() - 1))
                mask ^= low
        if not self._state.over:
            yield self._state.pass_move()

    def __contains__(self, move: object) -> bool:
        return isinstance(move, Move) and self._state.why_not(move) is None

    def placement(self, k: int) -> Move:
        """The ``k``-th placement (0 <= k < count) in iteration order."""
        for colour, o, mask, n in self._parts:
            if k < n:
                return Move(colour, PIECES[ORIENTS[o].piece], anchor_squares(o, nth_bit(mask, k)))
            k -= n
        raise IndexError(k)

    def random(self, rng: Random) -> Move:
        """Uniform over every legal move, the pass included."""
        total = len(self)
        if not total:
            raise IndexError("no legal move: the game is over")
        k = rng.randrange(total)
        return self._state.pass_move() if k == self.count else self.placement(k)

    def random_placement(self, rng: Random) -> Move:
        """Uniform over the placements; the pass only when there is none."""
        if not self.count:
            return self._state.pass_move()
        return self.placement(rng.randrange(self.count))


class CityState:
    """One position. Build with :func:`new_state`; never mutate."""

    __slots__ = ("players", "seed", "first", "boards", "played", "ply", "passes", "left",
                 "left_at", "over", "history", "auto", "_cache")
    spec: Any = None           # set by .spec once the spec object exists

    def __init__(self, players: int, seed: int | str, first: int, boards: tuple[int, ...],
                 played: tuple[int, ...], ply: int = 0, passes: int = 0,
                 left: tuple[int, ...] = (), left_at: tuple[int, ...] = (), over: bool = False,
                 history: tuple[Move, ...] = (), auto: tuple[int, ...] = ()) -> None:
        self.players, self.seed, self.first = players, seed, first
        self.boards, self.played, self.ply, self.passes = boards, played, ply, passes
        self.left, self.left_at, self.over = left, left_at, over
        self.history, self.auto = history, auto
        self._cache: dict[str, Any] = {}

    # -- facts -----------------------------------------------------------------------------
    @property
    def options(self) -> dict[str, Any]:
        return {"players": self.players}

    @property
    def seat_count(self) -> int:
        return self.players

    @property
    def to_move(self) -> int | None:
        return None if self.over else seat_at(self.players, self.first, self.ply)

    @property
    def colours_to_move(self) -> tuple[int, ...]:
        """Colours the seat to move may place (3 players: its own and blue)."""
        return () if self.over else colours_at(self.players, self.first, self.ply)

    @property
    def colour(self) -> int:
        """The turn's colour: the colour to move (3 players: the seat's own colour)."""
        return colours_at(self.players, self.first, self.ply)[0]

    @property
    def occupied(self) -> int:
        b = self.boards
        return b[0] | b[1] | b[2] | b[3]

    def owner(self, x: int, y: int) -> int | None:
        """The colour covering square (x, y), if any."""
        i = bit(x, y)
        for c, board in enumerate(self.boards):
            if board >> i & 1:
                return c
        return None

    def pieces_left(self, colour: int) -> list[str]:
        return [p for i, p in enumerate(PIECES) if not self.played[colour] >> i & 1]

    def pass_move(self) -> Move:
        return pass_move(self.colour)

    @property
    def tokens(self) -> list[Move]:
        """The moves a record writes: the history without the leavers' automatic passes."""
        skip = set(self.auto)
        return [m for i, m in enumerate(self.history) if i not in skip]

    # -- legal moves -------------------------------------------------------------------------
    def fits(self) -> tuple[int, ...]:
        """Anchor bitboards of all 90 orientations on this board (any colour, no corner rule)."""
        fits: tuple[int, ...] | None = self._cache.get("fits")
        if fits is None:
            fits = self._cache["fits"] = all_fits(BOARD & ~self.occupied)
        return fits

    def placements_of(self, colour: int) -> list[tuple[int, int, int, int]]:
        """(colour, orientation, anchors, count) with count > 0 for one colour's pieces."""
        fits = self.fits()
        played = self.played[colour]
        first = played == 0
        corner = CORNER_ANCHORS[colour]
        out = []
        for p in range(len(PIECES)):
            if played >> p & 1:
                continue
            for o in ORIENTS_OF_PIECE[p]:
                m = fits[o] & corner[o] if first else fits[o]
                if m:
                    out.append((colour, o, m, m.bit_count()))
        return out

    def placements_for(self, colour: int, piece: str) -> list[Move]:
        """Every legal placement of one piece of ``colour`` on this board, whoever's turn it
        is (the client's "where does it fit" hint); empty once the piece is played."""
        p = PIECE_INDEX[piece]
        return [Move(c, piece, anchor_squares(o, a)) for c, o, m, _ in self.placements_of(colour)
                if ORIENTS[o].piece == p for a in bits(m)]

    def placeable_pieces(self, colour: int) -> set[str]:
        """Names of the unplayed pieces of ``colour`` that fit somewhere now (trays dim
        the others)."""
        return {PIECES[ORIENTS[o].piece] for _, o, _, _ in self.placements_of(colour)}

    def why_no_place(self, colour: int, piece: str) -> Rejection | None:
        """Why an unplayed piece of ``colour`` fits nowhere on this board, whoever's turn it
        is (the tray's dimmed piece says it on hover); None when it fits somewhere."""
        if piece not in self.pieces_left(colour) or piece in self.placeable_pieces(colour):
            return None
        if not self.played[colour]:
            corner = CORNERS[colour]
            if self.occupied >> corner & 1:
                return Rejection("corner_covered", _(
                    "{name}'s corner {corner} is covered, so {colour} can never place a piece: pass."
                ).format(name=colour_name(colour), corner=SQUARE_NAMES[corner], colour=colour_word(colour)))
            return Rejection("corner", _("The first {colour} piece must cover {corner}, and no turn or flip "
                                         "of the {piece} fits there.").format(
                colour=colour_word(colour), corner=SQUARE_NAMES[corner], piece=piece))
        return Rejection("no_room", _("The {piece} fits nowhere: no free space on the board takes it, "
                                      "in any turn or flip.").format(piece=piece))

    def _parts(self) -> list[tuple[int, int, int, int]]:
        parts = self._cache.get("parts")
        if parts is None:
            parts = []
            for colour in self.colours_to_move:
                parts.extend(self.placements_of(colour))
            self._cache["parts"] = parts
        return parts

    def legal_moves(self) -> Placements:
        return Placements(self)

    def legal_count(self) -> int:
        """Legal placements of the seat to move (the pass excluded): popcounts only, no
        per-placement work (the bench's ``legal_count_us``)."""
        if self.over:
            return 0
        parts = self._cache.get("parts")
        if parts is not None:
            return sum(n for *_, n in parts)
        fits = self.fits()
        total = 0
        for colour in self.colours_to_move:
            played = self.played[colour]
            chosen = orients_left(played)(fits)
            if played:
                total += sum(map(int.bit_count, chosen))
            else:
                corner = orients_left(0)(CORNER_ANCHORS[colour])
                total += sum(map(int.bit_count, map(int.__and__, chosen, corner)))
        return total

    # -- rules ------------------------------------------------------------------------------
    def why_not(self, move: Any, seat: int | None = None) -> Rejection | None:
        """The rule that forbids ``move`` now, in words (the player's language; the code
        stays English); ``None`` when it is legal."""
        if self.over:
            return Rejection("game_over", _("The game is over."))
        if not isinstance(move, Move):
            return Rejection("not_a_move", _("{move} is not a City Blocks move.").format(move=repr(move)))
        to_move = self.to_move
        assert to_move is not None  # the game is not over
        if seat is not None and seat != to_move:
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                return Rejection("no_such_seat", _("This game has no seat {seat}.").format(seat=repr(seat)))
            return Rejection("not_your_turn", _("It is {seat}'s turn, not yours.").format(
                seat=seat_label(self.players, to_move)))
        allowed = self.colours_to_move
        if move.piece is None:  # a pass
            if move.colour != self.colour:
                return Rejection("wrong_colour", _("It is {colour}'s turn: pass with {move}.").format(
                    colour=colour_word(self.colour), move=self.pass_move().text()))
            return None
        if move.colour not in allowed:
            if self.players == 3:
                return Rejection("wrong_colour", _("{name} may place {colour} or blue pieces, not {other}.").format(
                    name=colour_name(self.colour), colour=colour_word(self.colour),
                    other=colour_word(move.colour)))
            return Rejection("wrong_colour", _("It is {colour}'s turn, not {other}'s.").format(
                colour=colour_word(self.colour), other=colour_word(move.colour)))
        piece = PIECE_INDEX[move.piece]
        if self.played[move.colour] >> piece & 1:
            return Rejection("piece_played", _("{name} has already played the {piece}.").format(
                name=colour_name(move.colour), piece=move.piece))
        for x, y in move.squares:
            if not (0 <= x < SIZE and 0 <= y < SIZE):
                return Rejection("off_board", _("The piece would leave the board at {square}.").format(
                    square=square_name(x, y)))
        if len(set(move.squares)) != len(move.squares):
            return Rejection("wrong_shape", _("A square is named twice."))
        o = shape_of(move.squares)
        if o is None:
            return Rejection("wrong_shape", _("These squares make no piece, not the {piece}.").format(
                piece=move.piece))
        if ORIENTS[o].piece != piece:
            return Rejection("wrong_shape", _("These squares make the {shape}, not the {piece}.").format(
                shape=PIECES[ORIENTS[o].piece], piece=move.piece))
        occ = self.occupied
        for x, y in move.squares:
            if occ >> bit(x, y) & 1:
                return Rejection("covered", _("{square} is already covered ({colour}).").format(
                    square=square_name(x, y),
                    colour=colour_word(self.owner(x, y))))  # type: ignore[arg-type]  # covered: owned
        if not self.played[move.colour]:
            corner = CORNERS[move.colour]
            corner_name = SQUARE_NAMES[corner]
            if occ >> corner & 1:
                return Rejection("corner_covered", _(
                    "{name}'s corner {corner} is covered, so {colour} can never place a piece: pass."
                ).format(name=colour_name(move.colour), corner=corner_name, colour=colour_word(move.colour)))
            if not move.mask() >> corner & 1:
                return Rejection("corner", _("The first {colour} piece must cover {corner}.").format(
                    colour=colour_word(move.colour), corner=corner_name))
        return None

    def play(self, move: Any, seat: int | None = None) -> tuple["CityState", list[dict[str, Any]]]:
        """The next state and the events; raises IllegalMove with the rule."""
        reason = self.why_not(move, seat)
        if reason is not None:
            text = move.text() if isinstance(move, Move) else repr(move)
            raise IllegalMove(text, reason)
        return self._apply(move)

    def force(self, move: Move) -> tuple["CityState", list[dict[str, Any]]]:
        """Play a move as recorded even if a rule forbids it (lenient records): the piece
        goes where it says as the token's colour. Only squares on the board and free can be
        placed; callers check that."""
        return self._apply(move)

    def _apply(self, move: Move, auto: bool = False) -> tuple["CityState", list[dict[str, Any]]]:
        seat = self.to_move
        boards, played = self.boards, self.played
        event: dict[str, Any]
        if move.piece is None:  # a pass
            passes = self.passes + 1
            event = {"type": "passed", "seat": seat, "colour": COLOURS[move.colour],
                     "move": move.text(), "auto": auto}
        else:
            mask = move.mask()
            c = move.colour
            boards = boards[:c] + (boards[c] | mask,) + boards[c + 1:]
            played = played[:c] + (played[c] | 1 << PIECE_INDEX[move.piece],) + played[c + 1:]
            passes = 0
            event = {"type": "placed", "seat": seat, "colour": COLOURS[c], "piece": move.piece,
                     "squares": [square_name(x, y) for x, y in move.squares],
                     "move": move.text()}
        history = self.history + (move,)
        autos = self.auto + (len(self.history),) if auto else self.auto
        over = passes >= ROUND[self.players]
        nxt = CityState(self.players, self.seed, self.first, boards, played, self.ply + 1,
                        passes, self.left, self.left_at, over, history, autos)
        events = [event]
        return nxt._settle(events)

    def _settle(self, events: list[dict[str, Any]]) -> tuple["CityState", list[dict[str, Any]]]:
        """Pass for seats that left, and announce the end."""
        state = self
        if not state.over and state.to_move in state.left:
            state, more = state._apply(state.pass_move(), auto=True)
            return state, events + more
        if state.over and not any(e["type"] == "game_over" for e in events):
            events.append({"type": "game_over", "ranking": list(state.ranking()),
                           "winners": [s for s, p in enumerate(state.ranking()) if p == 1]})
        return state, events

    def resign(self, seat: int) -> tuple["CityState", list[dict[str, Any]]]:
        """``seat`` leaves: it passes from now on; with one seat left the game ends."""
        if self.over:
            raise IllegalMove("resign", Rejection("game_over", _("The game is over.")))
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalMove("resign", Rejection("no_such_seat", _("This game has no seat {seat}.").format(
                seat=repr(seat))))
        if seat in self.left:
            raise IllegalMove("resign", Rejection("already_left", _("That seat has already left.")))
        left = self.left + (seat,)
        over = len(left) >= self.players - 1
        nxt = CityState(self.players, self.seed, self.first, self.boards, self.played, self.ply,
                        self.passes, left, self.left_at + (len(self.tokens),), over,
                        self.history, self.auto)
        events = [{"type": "resigned", "seat": seat, "player": SEATS[self.players][seat].name}]
        return nxt._settle(events)

    def is_over(self) -> bool:
        return self.over

    # -- score ----------------------------------------------------------------------------------
    def seat_totals(self) -> tuple[int, ...]:
        totals: tuple[int, ...] | None = self._cache.get("totals")
        if totals is None:
            totals = self._cache["totals"] = scoring.seat_totals(self.players, self.boards)
        return totals

    def ranking(self) -> tuple[int, ...]:
        return scoring.places(self.players, self.seat_totals(), self.left)

    def returns(self) -> tuple[float, ...]:
        from shared.gamekit.api import returns_from_places
        if not self.over:
            return (0.0,) * self.players
        return returns_from_places(self.ranking())

    def score(self) -> dict[str, Any]:
        """Full breakdown (live at any moment; final once over)."""
        data = scoring.breakdown(self.players, self.boards, self.left)
        data["over"] = self.over
        return data

    def turn(self) -> dict[str, Any]:
        seat = self.to_move
        return {"to_move": None if seat is None else SEATS[self.players][seat].name,
                "seat": seat, "colour": None if self.over else COLOURS[self.colour],
                "colours": [COLOURS[c] for c in self.colours_to_move],
                "ply": self.ply, "passes": self.passes, "over": self.over}

    def key(self) -> Hashable:
        turn = (self.first + self.ply) % (3 if self.players == 3 else 4)
        return (self.players, self.boards, self.played, None if self.over else turn,
                self.passes, self.left, self.over)

    def to_dict(self) -> dict[str, Any]:
        from .serial import state_to_dict
        return state_to_dict(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CityState) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        turn = "over" if self.over else f"{COLOURS[self.colour]} to move"
        return f"<CityState {self.players}p ply {self.ply} {turn}>"


def new_state(players: int = 4, seed: int | str = 0, first: int | None = None) -> CityState:
    """A new game: centre squares placed, the first colour (or seat) from the seed unless
    given."""
    from .layout import first_turn
    if first is None:
        first = first_turn(players, seed)
    return CityState(players, seed, first, START_BOARDS, (0, 0, 0, 0))


__all__ = ["ALL_PIECES", "BLUE", "CityState", "OWNER", "Placements", "SEAT_COLOURS",
           "START_BOARDS", "new_state"]
