"""Alien City's :class:`~shared.gamekit.api.GameSpec`: what the game is (seats, options,
PPN records, its reports, computer players, review). Its positions are
:class:`~shared.aliencity.position.AlienCityPosition`; its computer players
(:mod:`shared.aliencity.bots`) play those positions as the contract's bots.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from shared.gamekit.api import (
    BadOptions,
    GameSpec,
    MalformedMove,
    MoveMapField,
    OptionField,
    Record,
    RecordError,
    Report,
    SeatInfo,
)

from .errors import AlienCityError, IllegalRecordError, MalformedError
from .moves import Move, Pass, move_from_dict, parse_move
from .position import SEATS, AlienCityMoves, AlienCityPosition, seat_infos
from .ppn import read_ppn, write_ppn
from .ruleset import Ruleset
from .state import GameState, new_game
from .texts import _
from .types import Player

if TYPE_CHECKING:
    from shared.gamekit.review import ReviewSettings

    from .bots.base import Bot as EngineBot
    from .bots.review import AlienCityReviewSearch

# The spec is handed only its own positions (the registry's contract), so the methods
# below take AlienCityPosition where GameSpec says State: "type: ignore[override]" marks them.


class AlienCitySpec(GameSpec):
    """Alien City: two seats, two editions, the location-bonus variant, PPN records."""

    id = "alien-city"
    title = "Alien City"
    seat_counts = (2,)
    record_suffix = ".ppn"
    record_game_names = ("Alien City",)
    # {"type": "build", "kind": "tower", "colour": "red", "lot": "e6"}, claim/pass: fewer
    move_map_fields = (MoveMapField("type", required=True), MoveMapField("kind"),
                       MoveMapField("colour"), MoveMapField("lot"))

    @property
    def computer_levels(self) -> tuple[str, ...]:  # type: ignore[override]
        from .bots import LEVELS
        return LEVELS

    def option_schema(self) -> tuple[OptionField, ...]:
        return (OptionField("edition", "choice", 2004, _("Edition"),
                            _("2004: Black starts; 2002: dice decide who starts"), (2002, 2004)),
                OptionField("location_bonus", "bool", False, _("Location bonus"),
                            _("claimed towers also score their tile's rank")))

    def options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        raw = dict(raw or {})
        unknown = set(raw) - {"edition", "location_bonus"}
        if unknown:
            raise BadOptions(_("unknown option {option!r}: Alien City has 'edition' (2002 or 2004) "
                               "and 'location_bonus' (true/false)").format(option=sorted(unknown)[0]))
        try:
            return Ruleset.from_dict(raw).to_dict()
        except MalformedError as exc:
            raise BadOptions(str(exc)) from None

    def seats(self, options: Mapping[str, Any]) -> tuple[SeatInfo, ...]:
        return seat_infos()

    def describe(self, options: Mapping[str, Any]) -> str:
        return Ruleset.from_dict(dict(options)).label()

    def new_state(self, options: Mapping[str, Any], seed: int) -> AlienCityPosition:
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

    def move_text(self, move: Move) -> str:
        return move.text()

    def is_pass(self, move: Any) -> bool:
        return isinstance(move, Pass)

    def move_from_map(self, fields: Mapping[str, Any]) -> Move:
        """The engine's move map (``move.to_dict()``), as clients of protocol 1 sent; a field
        the map of that move type lacks (a pass with a ``lot``) is refused, not ignored."""
        try:
            move = move_from_dict(dict(fields))
        except MalformedError as exc:
            raise MalformedMove(str(exc)) from None
        extra = sorted(set(fields) - set(move.to_dict()))
        if extra:
            raise MalformedMove(_("a {type} move map has no field {fields}").format(
                type=fields["type"], fields=", ".join(map(repr, extra))))
        return move

    def read_record(self, text: str, *, lenient: bool = False) -> Record:
        try:
            result = read_ppn(text, lenient=lenient)
        except IllegalRecordError as exc:
            raise RecordError(str(exc), illegal=True, ply=exc.ply, token=exc.move_text,
                              rule=exc.rule) from None
        except MalformedError as exc:
            raise RecordError(str(exc)) from None
        moves: list[str] = []
        for _player, move in result.state.history:
            moves.append(move.text())
        start = result.plies[0].before if result.plies else result.state
        return Record(AlienCityPosition(result.state), tuple(moves), start=AlienCityPosition(start),
                      headers=dict(result.headers), warnings=tuple(result.warnings))

    def is_record(self, text: str) -> bool:
        """A PPN header (``---`` ... ``...``) whose game is Alien City."""
        from .ppn import _game_name, _split
        try:
            header, _body = _split(text)
        except MalformedError:
            return False
        return str(_game_name(header) or "").strip().lower() == "alien city"

    def write_record(self, state: AlienCityPosition,  # type: ignore[override]
                     headers: Mapping[str, str] | None = None) -> str:
        return write_ppn(state.state, dict(headers or {}))

    def score_text(self, state: AlienCityPosition) -> str:  # type: ignore[override]
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
                     options: Mapping[str, Any] | None = None) -> Report:
        """Every tower and green bonus of the score (the PPN's own JSON shape)."""
        from .cli_score import score_report
        return score_report(text, lenient=lenient, as_json=as_json, **self._rules(options))

    def analyze_report(self, text: str, *, lenient: bool = False, as_json: bool = False,
                       options: Mapping[str, Any] | None = None) -> Report:
        """Each ply's legal builds lot by lot (docs/games/alien-city.md's JSON shape)."""
        from .cli_score import analyze_report
        return analyze_report(text, lenient=lenient, as_json=as_json, **self._rules(options))

    def _rules(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        given = dict(options or {})
        return {"edition": given.get("edition"), "location_bonus": given.get("location_bonus")}

    def make_bot(self, level: str, seed: int = 0, *,  # type: ignore[override]
                 iterations: int | None = None, think_s: float | None = None) -> EngineBot:
        """One of the engine's bots: they play the contract's positions (and bare states)."""
        from .bots import make_bot
        return make_bot(level, seed, iterations=iterations, think_s=think_s)

    review_unit = "points"

    def projection(self, state: AlienCityPosition) -> tuple[float, float]:  # type: ignore[override]
        """The bots' guess of the final margin (exact once the game is over), split around
        the mean of the totals as they stand: (Black, White) in points."""
        from .bots.evaluate import margin
        totals = state.state.score().totals
        mid = (totals[Player.BLACK] + totals[Player.WHITE]) / 2.0
        lead = margin(state.state)
        return (mid + lead / 2.0, mid - lead / 2.0)

    def review_search(self, settings: ReviewSettings) -> AlienCityReviewSearch:
        """The expert's tree statistics (shared/aliencity/bots/review.py)."""
        from .bots.review import AlienCityReviewSearch
        return AlienCityReviewSearch(self, settings)


ALIEN_CITY = AlienCitySpec()
AlienCityPosition.spec = ALIEN_CITY


__all__ = ["ALIEN_CITY", "SEATS", "AlienCityMoves", "AlienCityPosition", "AlienCitySpec",
           "seat_infos"]
