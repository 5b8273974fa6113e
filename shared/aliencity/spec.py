"""Alien City behind the platform's game contract (:mod:`shared.gamekit.api`).

A thin adapter: every rule question goes to :class:`~shared.aliencity.GameState`. The one
thing the contract adds is leaving: the engine knows no resignation, so a position keeps
which seat left, and a 2-seat game ends there with the other seat the winner.
"""

from __future__ import annotations

import random
import threading
from typing import Any, Hashable, Iterator, Mapping

from shared.gamekit.api import (BadOptions, GameSpec, IllegalMove, MalformedMove, OptionField,
                                Record, RecordError, Rejection, Report, SeatInfo,
                                places_from_scores)

from .errors import AlienCityError, IllegalMoveError, IllegalRecordError, MalformedError
from .moves import Move, Pass, move_from_dict, parse_move
from .ppn import read_ppn, write_ppn
from .ruleset import Ruleset
from .state import GameState, Phase, new_game
from .texts import _, player_label
from .types import Player

# The seats with their English labels (records, logs); ``seats()`` translates them.
SEATS = (SeatInfo("black", "Black", (30, 30, 36)), SeatInfo("white", "White", (244, 244, 240)))


def seat_infos() -> tuple[SeatInfo, ...]:
    """The seats labelled in the language in use now ("Black" / "Černý")."""
    return tuple(SeatInfo(seat.name, player_label(i), seat.colour) for i, seat in enumerate(SEATS))


class AlienCityMoves:
    """The engine's legal moves as the contract's lazy view (the engine's build list is
    already lazy over bit masks)."""

    __slots__ = ("_moves",)

    def __init__(self, moves) -> None:
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

    spec: "AlienCitySpec"  # set below, once the spec exists
    seat_count = 2

    @property
    def options(self) -> dict:
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

    def play(self, move: Any, seat: int | None = None) -> tuple["AlienCityPosition", list[dict]]:
        rejection = self.why_not(move, seat) if self.resigned is not None or not isinstance(move, Move) else None
        if rejection is not None:
            raise IllegalMove(str(move), rejection)
        try:
            step = self.state.play(move, None if seat is None else Player(seat))
        except IllegalMoveError as exc:
            raise IllegalMove(move.text(), Rejection(exc.rule, self.state.why_not(
                move, None if seat is None else Player(seat)).text)) from None
        return AlienCityPosition(step.state), [event.to_dict() for event in step.events]

    def resign(self, seat: int) -> tuple["AlienCityPosition", list[dict]]:
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

    def score(self) -> dict:
        return self.state.score().to_dict()

    def turn(self) -> dict:
        player = self.state.to_move if self.resigned is None else None
        phase = Phase.OVER.value if self.resigned is not None else self.state.phase.value
        return {"to_move": None if player is None else player.text(), "phase": phase,
                "ply": self.state.ply}

    def key(self) -> Hashable:
        s = self.state
        return (s.board, s.caps, s.stocks, s.to_move, s.phase, s.next_builder, self.resigned)

    def to_dict(self) -> dict:
        data = self.state.to_dict()
        if self.resigned is not None:
            data["resigned"] = SEATS[self.resigned].name
        return data

    def __repr__(self) -> str:
        return f"<AlienCityPosition {self.state.summary()}>"


class AlienCityBot:
    """A bot of :mod:`shared.aliencity.bots` speaking the contract (it thinks on the engine state)."""

    def __init__(self, level: str, seed: int, iterations: int | None, think_s: float | None) -> None:
        from .bots import make_bot
        self.level = level
        self.bot = make_bot(level, seed, iterations=iterations, think_s=think_s)

    @property
    def think_s(self) -> float | None:
        return self.bot.think_s

    def choose(self, state: AlienCityPosition, *, deadline_s: float | None = None,
               stop: threading.Event | None = None) -> Move:
        limit = self.bot.think_s
        if deadline_s is not None and limit is not None:
            deadline_s = min(deadline_s, limit)
        return self.bot.choose(state.state, deadline_s=deadline_s, stop=stop)


class AlienCitySpec(GameSpec):
    """Alien City: two seats, two editions, the location-bonus variant, PPN records."""

    id = "alien-city"
    title = "Alien City"
    seat_counts = (2,)
    record_suffix = ".ppn"
    record_game_names = ("Alien City",)

    @property
    def computer_levels(self) -> tuple[str, ...]:  # type: ignore[override]
        from .bots import LEVELS
        return LEVELS

    def option_schema(self) -> tuple[OptionField, ...]:
        return (OptionField("edition", "choice", 2004, _("Edition"),
                            _("2004: Black starts; 2002: dice decide who starts"), (2002, 2004)),
                OptionField("location_bonus", "bool", False, _("Location bonus"),
                            _("claimed towers also score their tile's rank")))

    def options(self, raw: Mapping | None) -> dict:
        raw = dict(raw or {})
        unknown = set(raw) - {"edition", "location_bonus"}
        if unknown:
            raise BadOptions(_("unknown option {option!r}: Alien City has 'edition' (2002 or 2004) "
                               "and 'location_bonus' (true/false)").format(option=sorted(unknown)[0]))
        try:
            return Ruleset.from_dict(raw).to_dict()
        except MalformedError as exc:
            raise BadOptions(str(exc)) from None

    def seats(self, options: Mapping) -> tuple[SeatInfo, ...]:
        return seat_infos()

    def describe(self, options: Mapping) -> str:
        return Ruleset.from_dict(dict(options)).label()

    def new_state(self, options: Mapping, seed: int) -> AlienCityPosition:
        return AlienCityPosition(new_game(Ruleset.from_dict(dict(options)), seed))

    def state_from_dict(self, data: object) -> AlienCityPosition:
        try:
            state = GameState.from_dict(data)
        except AlienCityError as exc:
            raise RecordError(str(exc)) from None
        resigned = data.get("resigned") if isinstance(data, dict) else None
        if resigned is None:
            return AlienCityPosition(state)
        names = [seat.name for seat in SEATS]
        if resigned not in names:
            raise RecordError(_("'resigned' must be black or white, got {value!r}").format(value=resigned))
        return AlienCityPosition(state, names.index(resigned))

    def parse_move(self, text: str) -> Move:
        try:
            return parse_move(text)
        except MalformedError as exc:
            raise MalformedMove(str(exc)) from None

    def move_text(self, move: Any) -> str:
        return move.text()

    def is_pass(self, move: Any) -> bool:
        return isinstance(move, Pass)

    def move_from_wire(self, raw: Any) -> Move:
        """Text (``Tr@e6``) or the engine's move map, as clients of protocol 1 sent."""
        try:
            return parse_move(raw) if isinstance(raw, str) else move_from_dict(raw)
        except MalformedError as exc:
            raise MalformedMove(str(exc)) from None

    def read_record(self, text: str, *, lenient: bool = False) -> Record:
        try:
            result = read_ppn(text, lenient=lenient)
        except IllegalRecordError as exc:
            raise RecordError(str(exc), illegal=True, ply=exc.ply, token=exc.move_text,
                              rule=exc.rule) from None
        except MalformedError as exc:
            raise RecordError(str(exc)) from None
        moves: list[str] = []
        for _, move in result.state.history:
            moves.append(move.text())
        start = result.plies[0].before if result.plies else result.state
        return Record(AlienCityPosition(result.state), tuple(moves), start=AlienCityPosition(start),
                      headers=dict(result.headers), warnings=tuple(result.warnings))

    def is_record(self, text: str) -> bool:
        """A PPN header (``---`` ... ``...``) whose game is Alien City."""
        from .ppn import _game_name, _split
        try:
            header, _ = _split(text)
        except MalformedError:
            return False
        return str(_game_name(header) or "").strip().lower() == "alien city"

    def write_record(self, state: AlienCityPosition, headers: Mapping[str, str] | None = None) -> str:
        return write_ppn(state.state, dict(headers or {}))

    def score_text(self, state: AlienCityPosition) -> str:
        from .cli_score import score_table
        return score_table(state.state.score(), state.state.ruleset.label())

    def record_options(self) -> tuple[OptionField, ...]:
        """The rules a PPN record is scored by, when not its header's."""
        return (OptionField("edition", "choice", None, _("Edition"),
                            _("rules edition (default: the record's Edition header, else 2004)"),
                            (2002, 2004)),
                OptionField("location_bonus", "bool", None, _("Location bonus"),
                            _("score the optional location variant")))

    def score_report(self, text: str, *, lenient: bool = False, as_json: bool = False,
                     options: Mapping | None = None) -> Report:
        """Every tower and green bonus of the score (the PPN's own JSON shape)."""
        from .cli_score import score_report
        return score_report(text, lenient=lenient, as_json=as_json, **self._rules(options))

    def analyze_report(self, text: str, *, lenient: bool = False, as_json: bool = False,
                       options: Mapping | None = None) -> Report:
        """Each ply's legal builds lot by lot (docs/games/alien-city.md's JSON shape)."""
        from .cli_score import analyze_report
        return analyze_report(text, lenient=lenient, as_json=as_json, **self._rules(options))

    def _rules(self, options: Mapping | None) -> dict:
        given = dict(options or {})
        return {"edition": given.get("edition"), "location_bonus": given.get("location_bonus")}

    def make_bot(self, level: str, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None) -> AlienCityBot:
        return AlienCityBot(level, seed, iterations, think_s)

    review_unit = "points"

    def projection(self, state: AlienCityPosition) -> tuple[float, float]:
        """The bots' guess of the final margin (exact once the game is over), split around
        the mean of the totals as they stand: (Black, White) in points."""
        from .bots.evaluate import margin
        totals = state.state.score().totals
        mid = (totals[Player.BLACK] + totals[Player.WHITE]) / 2.0
        lead = margin(state.state)
        return (mid + lead / 2.0, mid - lead / 2.0)

    def review_search(self, settings):
        """The expert's tree statistics (shared/aliencity/bots/review.py)."""
        from .bots.review import AlienCityReviewSearch
        return AlienCityReviewSearch(self, settings)


ALIEN_CITY = AlienCitySpec()
AlienCityPosition.spec = ALIEN_CITY
