"""City Blocks behind the platform's game contract (:mod:`shared.gamekit.api`).

Everything rule-shaped lives in :mod:`.state`; this adapter names the game, its options
(``players``: 2, 3 or 4), seats, records, score views and computer players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from shared.gamekit.api import (
    BadOptions,
    GameError,
    GameSpec,
    MalformedMove,
    MoveMapField,
    OptionField,
    Record,
    RecordError,
    SeatInfo,
)

from . import record as records
from .geometry import COLOURS, LETTERS
from .layout import SEATS
from .moves import Move, parse_move, parse_square, pass_move
from .restore import state_from_dict
from .scoring import summary
from .state import CityState, new_state
from .words import _, colour_name, ngettext, seat_label

if TYPE_CHECKING:
    from shared.gamekit.review import ReviewSettings

    from .bots import CityBot
    from .review import CityBlocksReviewSearch

# The spec is handed only City Blocks states (the registry's contract), so the methods
# below take CityState where GameSpec says State: "type: ignore[override]" marks them.

PLAYER_COUNTS = (2, 3, 4)


class CityBlocksSpec(GameSpec):
    """City Blocks: 2, 3 or 4 seats, ``.cbr`` records, computer levels random to expert."""

    id = "city-blocks"
    title = "City Blocks"
    seat_counts = PLAYER_COUNTS
    computer_levels = ("random", "easy", "medium", "hard", "expert")
    record_suffix = ".cbr"
    record_game_names = ("City Blocks",)
    # {"colour": "red", "piece": "I2", "squares": ["t19", "t20"]}; a pass: "piece": "pass"
    move_map_fields = (MoveMapField("colour", required=True), MoveMapField("piece", required=True),
                       MoveMapField("squares", "list"))

    # -- options and seats -------------------------------------------------------------
    def option_schema(self) -> tuple[OptionField, ...]:
        return (OptionField("players", "choice", 4, _("Players"),
                            _("4: a colour each; 2: two colours each; 3: blue is shared"),
                            PLAYER_COUNTS),)

    def options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        raw = dict(raw or {})
        unknown = sorted(set(map(str, raw)) - {"players"})
        if unknown:
            raise BadOptions(_("unknown option {option}: City Blocks has only 'players' (2, 3 or 4)").format(
                option=repr(unknown[0])))
        players = raw.get("players", 4)
        if isinstance(players, str) and players.strip().isdigit():
            players = int(players)
        if isinstance(players, bool) or players not in PLAYER_COUNTS:
            raise BadOptions(_("option 'players' must be 2, 3 or 4, got {players}").format(players=repr(players)))
        return {"players": int(players)}

    def seats(self, options: Mapping[str, Any]) -> tuple[SeatInfo, ...]:
        """The seats, labelled in the player's language (names and colours stay)."""
        players = self.options(options)["players"]
        return tuple(SeatInfo(seat.name, seat_label(players, i), seat.colour)
                     for i, seat in enumerate(SEATS[players]))

    def describe(self, options: Mapping[str, Any]) -> str:
        players = self.options(options)["players"]
        return {2: _("2 players (two colours each)"), 3: _("3 players (shared blue)"),
                4: _("4 players")}[players]

    # -- states and moves -----------------------------------------------------------------
    def new_state(self, options: Mapping[str, Any], seed: int) -> CityState:
        return new_state(self.options(options)["players"], seed)

    def state_from_dict(self, data: object) -> CityState:
        return state_from_dict(data)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def move_text(self, move: Any) -> str:
        if not isinstance(move, Move):
            raise MalformedMove(_("{move} is not a City Blocks move.").format(move=repr(move)))
        return move.text()

    def is_pass(self, move: Any) -> bool:
        return isinstance(move, Move) and move.is_pass

    def move_from_map(self, fields: Mapping[str, Any]) -> Move:
        """``{"colour", "piece", "squares"}`` (a placement) or ``{"colour", "piece": "pass"}``;
        the colour by name (or letter), the squares as a list."""
        colour = fields["colour"].strip().lower()
        if colour in COLOURS:
            colour = colour[:1]
        if colour not in tuple(LETTERS):
            raise MalformedMove(_("'colour' must be blue, green, red or yellow, got {colour}")
                                .format(colour=repr(fields["colour"])))
        squares = fields.get("squares")
        if fields["piece"].strip().lower() == "pass":
            if squares:
                raise MalformedMove(_("a pass covers no squares: leave out 'squares'"))
            return pass_move(LETTERS.index(colour))
        if squares is None:
            raise MalformedMove(_("a placement needs 'squares', the list of squares it covers"))
        for square in squares:
            parse_square(square)  # one square per entry: 'a1,a2' is refused, not split
        return parse_move(f"{colour}:{fields['piece']}:{','.join(squares)}")

    # -- records ------------------------------------------------------------------------------
    def read_record(self, text: str, *, lenient: bool = False) -> Record:
        try:
            return records.read_record(text, lenient=lenient)
        except RecordError:
            raise
        except GameError as exc:
            raise RecordError(str(exc)) from None

    def write_record(self, state: CityState,  # type: ignore[override]
                     headers: Mapping[str, str] | None = None) -> str:
        return records.write_record(state, headers)

    def analyze(self, text: str, *, lenient: bool = False) -> dict[str, Any]:
        """The whole ``analyze --json`` object for a ``.cbr`` record (see docs/games)."""
        return records.analyze(text, lenient=lenient)

    def score_summary(self, state: CityState) -> dict[str, Any]:  # type: ignore[override]
        return summary(state.score())

    def score_text(self, state: CityState) -> str:  # type: ignore[override]
        return score_text(state)

    # -- computers ------------------------------------------------------------------------------
    def make_bot(self, level: str, seed: int = 0, *,  # type: ignore[override]
                 iterations: int | None = None, think_s: float | None = None) -> CityBot:
        from .players import make_bot
        return make_bot(level, seed, iterations=iterations, think_s=think_s)

    review_unit = "points"

    def projection(self, state: CityState) -> tuple[float, ...]:  # type: ignore[override]
        """Each seat's final total as the computer levels guess it (largest area, sides on
        holes nobody can fill, a share of the other free sides); the totals once over."""
        if state.over:
            return tuple(float(t) for t in state.seat_totals())
        from .bots import Valuer
        from .layout import SEAT_COLOURS
        out: list[float] = []
        for colours in SEAT_COLOURS[state.players]:
            own = tuple(1.0 if c in colours else 0.0 for c in range(len(COLOURS)))
            out.append(Valuer(state, own).base)
        return tuple(out)

    def review_search(self, settings: ReviewSettings) -> CityBlocksReviewSearch:
        """The hard level's look-ahead (shared/cityblocks/review.py)."""
        from .review import CityBlocksReviewSearch
        return CityBlocksReviewSearch(self, settings)


def score_text(state: CityState) -> str:
    """The breakdown for people: per colour area, other groups, edges; seats; winner."""
    data = state.score()
    lines = []
    names = [colour_name(c) for c in range(len(COLOURS))]
    width = max(map(len, names))
    for c, name in enumerate(COLOURS):
        v = data["colours"][name]
        others = ", ".join(map(str, v["other_groups"])) or _("none")
        squares = ngettext("{n} square", "{n} squares", v["squares"]).format(n=v["squares"])
        lines.append(_("{colour} area {area} + edges {edges} = {total}   ({squares}; other groups: {others})").format(
            colour=names[c].ljust(width), area=f"{v['area']:3}", edges=f"{v['edges']:3}", total=f"{v['total']:3}",
            squares=squares, others=others))
    if state.players == 3:
        lines.append(_("(3 players: blue is shared and scores for nobody)"))
    lines.append("")
    labels = [seat_label(state.players, s) for s in range(state.players)]
    width = max(16, *map(len, labels))
    for s, seat in enumerate(data["seats"]):
        text = _("{seat} {total}   place {place}").format(seat=labels[s].ljust(width), total=f"{seat['total']:4}",
                                                         place=seat["place"])
        lines.append(text + (_("  (left the game)") if seat["left"] else ""))
    winners = ", ".join(labels[s] for s in data["winners"])
    if len(data["winners"]) > 1:
        line = _("Draw: {seats}") if state.over else _("Level: {seats}")
    else:
        line = _("Winner: {seats}") if state.over else _("Leading (if the game ended now): {seats}")
    lines.append(line.format(seats=winners))
    return "\n".join(lines)


CITY_BLOCKS = CityBlocksSpec()
CityState.spec = CITY_BLOCKS
