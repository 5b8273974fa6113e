"""City Blocks behind the platform's game contract (:mod:`shared.gamekit.api`).

Everything rule-shaped lives in :mod:`.state`; this adapter names the game, its options
(``players``: 2, 3 or 4), seats, records, score views and computer players.
"""

from __future__ import annotations

from typing import Any, Mapping

from shared.gamekit.api import (BadOptions, GameError, GameSpec, MalformedMove, OptionField,
                                Record, RecordError, SeatInfo)

from . import record as records
from .geometry import COLOURS
from .layout import SEATS
from .moves import Move, parse_move
from .scoring import summary
from .state import CityState, new_state

PLAYER_COUNTS = (2, 3, 4)


class CityBlocksSpec(GameSpec):
    """City Blocks: 2, 3 or 4 seats, ``.cbr`` records, computer levels random/easy/hard."""

    id = "city-blocks"
    title = "City Blocks"
    seat_counts = PLAYER_COUNTS
    computer_levels = ("random", "easy", "hard")
    record_suffix = ".cbr"
    record_game_names = ("City Blocks",)

    # -- options and seats -------------------------------------------------------------
    def option_schema(self) -> tuple[OptionField, ...]:
        return (OptionField("players", "choice", 4, "Players",
                            "4: a colour each; 2: two colours each; 3: blue is shared",
                            PLAYER_COUNTS),)

    def options(self, raw: Mapping | None) -> dict:
        raw = dict(raw or {})
        unknown = sorted(set(map(str, raw)) - {"players"})
        if unknown:
            raise BadOptions(f"unknown option {unknown[0]!r}: City Blocks has only "
                             "'players' (2, 3 or 4)")
        players = raw.get("players", 4)
        if isinstance(players, str) and players.strip().isdigit():
            players = int(players)
        if isinstance(players, bool) or players not in PLAYER_COUNTS:
            raise BadOptions(f"option 'players' must be 2, 3 or 4, got {players!r}")
        return {"players": int(players)}

    def seats(self, options: Mapping) -> tuple[SeatInfo, ...]:
        return SEATS[self.options(options)["players"]]

    def describe(self, options: Mapping) -> str:
        players = self.options(options)["players"]
        return {2: "2 players (two colours each)", 3: "3 players (shared blue)",
                4: "4 players"}[players]

    # -- states and moves -----------------------------------------------------------------
    def new_state(self, options: Mapping, seed: int) -> CityState:
        return new_state(self.options(options)["players"], seed)

    def state_from_dict(self, data: object) -> CityState:
        from .serial import state_from_dict
        return state_from_dict(data)

    def parse_move(self, text: str) -> Move:
        return parse_move(text)

    def move_text(self, move: Any) -> str:
        if not isinstance(move, Move):
            raise MalformedMove(f"{move!r} is not a City Blocks move")
        return move.text()

    def is_pass(self, move: Any) -> bool:
        return isinstance(move, Move) and move.is_pass

    def move_from_wire(self, raw: Any) -> Move:
        """Text (``b:V3:a1,a2,b1``) or a map ``{"colour", "piece", "squares"}``."""
        if isinstance(raw, dict):
            try:
                colour = str(raw["colour"]).lower()
                letter = colour[:1] if colour in COLOURS else colour
                piece = raw.get("piece")
                if piece in (None, "pass"):
                    return parse_move(f"{letter}:pass")
                return parse_move(f"{letter}:{piece}:{','.join(map(str, raw['squares']))}")
            except (KeyError, TypeError) as exc:
                raise MalformedMove(f"bad move map {raw!r}: {exc}") from None
        return super().move_from_wire(raw)

    # -- records ------------------------------------------------------------------------------
    def read_record(self, text: str, *, lenient: bool = False) -> Record:
        try:
            return records.read_record(text, lenient=lenient)
        except RecordError:
            raise
        except GameError as exc:
            raise RecordError(str(exc)) from None

    def write_record(self, state: CityState, headers: Mapping[str, str] | None = None) -> str:
        return records.write_record(state, headers)

    def analyze(self, text: str, *, lenient: bool = False) -> dict:
        """The whole ``analyze --json`` object for a ``.cbr`` record (see docs/games)."""
        return records.analyze(text, lenient=lenient)

    def score_summary(self, state: CityState) -> dict:
        return summary(state.score())

    def score_text(self, state: CityState) -> str:
        return score_text(state)

    # -- computers ------------------------------------------------------------------------------
    def make_bot(self, level: str, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None):
        from .bots import make_bot
        return make_bot(level, seed, iterations=iterations, think_s=think_s)

    review_unit = "points"

    def projection(self, state: CityState) -> tuple[float, ...]:
        """Each seat's final total as the hard computer guesses it (largest area, sides on
        holes nobody can fill, a share of the other free sides); the totals once over."""
        if state.over:
            return tuple(float(t) for t in state.seat_totals())
        from .bots import Valuer
        from .layout import SEAT_COLOURS
        out = []
        for colours in SEAT_COLOURS[state.players]:
            own = tuple(1.0 if c in colours else 0.0 for c in range(len(COLOURS)))
            out.append(Valuer(state, own).base)
        return tuple(out)


def score_text(state: CityState) -> str:
    """The breakdown for people: per colour area, other groups, edges; seats; winner."""
    data = state.score()
    lines = []
    for name in COLOURS:
        c = data["colours"][name]
        others = ", ".join(map(str, c["other_groups"])) or "none"
        lines.append(f"{name.title():7} area {c['area']:3} + edges {c['edges']:3} = "
                     f"{c['total']:3}   ({c['squares']} squares; other groups: {others})")
    if state.players == 3:
        lines.append("(3 players: blue is shared and scores for nobody)")
    lines.append("")
    seats = SEATS[state.players]
    for s, seat in enumerate(data["seats"]):
        note = "  (left the game)" if seat["left"] else ""
        lines.append(f"{seats[s].label:16} {seat['total']:4}   place {seat['place']}{note}")
    winners = [seats[s].label for s in data["winners"]]
    state_word = "Winner" if state.over else "Leading (if the game ended now)"
    if len(winners) > 1:
        lines.append(f"{'Draw' if state.over else 'Level'}: {', '.join(winners)}")
    else:
        lines.append(f"{state_word}: {winners[0]}")
    return "\n".join(lines)


CITY_BLOCKS = CityBlocksSpec()
CityState.spec = CITY_BLOCKS
