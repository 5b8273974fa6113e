"""An Alien City position as the platform's game contract sees it (its ``State``).

Every rule question goes to :class:`~shared.aliencity.GameState`. The one thing the
contract adds is leaving: the engine knows no resignation, so a position keeps which seat
left, and a 2-seat game ends there with the other seat the winner.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Hashable, Iterator, Sequence

from shared.gamekit.api import IllegalMove, Rejection, SeatInfo, places_from_scores

from .errors import IllegalMoveError
from .moves import Move
from .state import GameState, Phase
from .texts import _, player_label
from .types import Player

if TYPE_CHECKING:
    from .spec import AlienCitySpec

# The seats with their English labels (records, logs); ``seats()`` translates them.
SEATS = (SeatInfo("black", "Black", (30, 30, 36)), SeatInfo("white", "White", (244, 244, 240)))


def seat_infos() -> tuple[SeatInfo, ...]:
    """The seats labelled in the language in use now ("Black" / "Černý")."""
    return tuple(SeatInfo(seat.name, player_label(i), seat.colour) for i, seat in enumerate(SEATS))


class AlienCityMoves:
    """The engine's legal moves as the contract's lazy view (the engine's build list is
    already lazy over bit masks)."""

    __slots__ = ("_moves",)

    def __init__(self, moves: Sequence[Move]) -> None:
        self._moves = moves

    def __len__(self) -> int:
        return len(self._moves)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves)

    def __contains__(self, move: object) -> bool:
        return move in self._moves

    def random(self, rng: random.Random) -> Move:
        if not len(self._moves):
            raise IndexError("no legal move: the game is over")
        return self._moves[rng.randrange(len(self._moves))]


class AlienCityPosition:
    """One Alien City position: an engine state plus the seat that left, if one did."""

    __slots__ = ("state", "resigned")

    def __init__(self, state: GameState, resigned: int | None = None) -> None:
        self.state = state
        self.resigned = resigned

    spec: "AlienCitySpec"  # set by shared.aliencity.spec, once the spec exists
    seat_count = 2

    @property
    def options(self) -> dict[str, Any]:
        return self.state.ruleset.to_dict()

    @property
    def to_move(self) -> int | None:
        if self.resigned is not None or self.state.to_move is None:
            return None
        return int(self.state.to_move)

    def legal_moves(self) -> AlienCityMoves:
        return AlienCityMoves(() if self.resigned is not None else self.state.legal_moves())

    def why_not(self, move: Any, seat: int | None = None) -> Rejection | None:
        if self.resigned is not None:
            return Rejection("game_over", _("The game is over."))
        if not isinstance(move, Move):
            return Rejection("not_a_move", _("{move!r} is not an Alien City move.").format(move=move))
        reason = self.state.why_not(move, None if seat is None else Player(seat))
        return None if reason is None else Rejection(reason.rule, reason.text)

    def play(self, move: Any, seat: int | None = None) -> tuple["AlienCityPosition", list[dict[str, Any]]]:
        rejection = self.why_not(move, seat) if self.resigned is not None or not isinstance(move, Move) else None
        if rejection is not None:
            raise IllegalMove(str(move), rejection)
        try:
            step = self.state.play(move, None if seat is None else Player(seat))
        except IllegalMoveError as exc:
            raise IllegalMove(move.text(), Rejection(exc.rule, self.state.why_not(  # type: ignore[union-attr]  # illegal: a reason
                move, None if seat is None else Player(seat)).text)) from None
        return AlienCityPosition(step.state), [event.to_dict() for event in step.events]

    def resign(self, seat: int) -> tuple["AlienCityPosition", list[dict[str, Any]]]:
        if self.is_over():
            raise IllegalMove("resign", Rejection("game_over", _("The game is over.")))
        if seat not in (0, 1):
            raise IllegalMove("resign", Rejection("no_such_seat", _("Alien City has no seat {seat}.")
                                                  .format(seat=seat)))
        name = SEATS[seat].name
        return AlienCityPosition(self.state, seat), [{"type": "resigned", "player": name,
                                                      "winner": SEATS[1 - seat].name}]

    def is_over(self) -> bool:
        return self.resigned is not None or self.state.is_over()

    def returns(self) -> tuple[float, ...]:
        if self.resigned is not None:
            return (-1.0, 1.0) if self.resigned == 0 else (1.0, -1.0)
        return self.state.returns()

    def ranking(self) -> tuple[int, ...]:
        if self.resigned is not None:
            return (2, 1) if self.resigned == 0 else (1, 2)
        totals = self.state.score().totals
        return places_from_scores([totals[Player.BLACK], totals[Player.WHITE]])

    @property
    def winner(self) -> int | None:
        """The winning seat of a finished game (``None``: a draw or still running)."""
        if not self.is_over():
            return None
        places = self.ranking()
        return places.index(1) if places.count(1) == 1 else None

    def score(self) -> dict[str, Any]:
        return self.state.score().to_dict()

    def turn(self) -> dict[str, Any]:
        player = self.state.to_move if self.resigned is None else None
        phase = Phase.OVER.value if self.resigned is not None else self.state.phase.value
        return {"to_move": None if player is None else player.text(), "phase": phase,
                "ply": self.state.ply}

    def key(self) -> Hashable:
        s = self.state
        return (s.board, s.caps, s.stocks, s.to_move, s.phase, s.next_builder, self.resigned)

    def to_dict(self) -> dict[str, Any]:
        data = self.state.to_dict()
        if self.resigned is not None:
            data["resigned"] = SEATS[self.resigned].name
        return data

    def __repr__(self) -> str:
        return f"<AlienCityPosition {self.state.summary()}>"
