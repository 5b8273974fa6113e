"""Sprawl behind the platform's game contract (:mod:`shared.gamekit.api`)."""

from __future__ import annotations

from typing import Any, Mapping

from shared.gamekit.api import (BadOptions, GameError, GameSpec, MalformedMove, OptionField,
                                Record, SeatInfo)

from .board import COLOURS, RGB
from .moves import MOVE_TYPES, parse_move
from .record import read_record, write_record
from .scoring import summary, text
from .serial import is_resign, state_from_dict
from .state import VARIANTS, SprawlState

_VARIANT_HELP = {
    "strict_branching": ("Strict branching", "a branch on a tip must point the same way"),
    "superior_forces": ("Superior forces", "a tower falls only when the attackers' pips "
                        "outweigh its own"),
    "sprawlgami": ("Sprawlgami", "build on opponents' towers your branches target and take "
                   "their trees"),
    "overload": ("Overload", "a spore may be built up at once, one build per extra branch "
                 "targeting the square"),
}


class SprawlSpec(GameSpec):
    """Sprawl: 3-8 seats, four variant flags, ``.spr`` records."""

    id = "sprawl"
    title = "Sprawl"
    seat_counts = (3, 4, 5, 6, 7, 8)
    computer_levels = ("random", "easy", "hard")
    record_suffix = ".spr"
    record_game_names = ("Sprawl",)

    def option_schema(self) -> tuple[OptionField, ...]:
        fields = [OptionField("players", "int", 4, "Players", "3 to 8 (board 5x6, 6x6 or 8x8)",
                              self.seat_counts)]
        for name in VARIANTS:
            label, help_text = _VARIANT_HELP[name]
            fields.append(OptionField(name, "bool", False, label, help_text))
        return tuple(fields)

    def options(self, raw: Mapping | None) -> dict:
        if raw is not None and not isinstance(raw, Mapping):
            raise BadOptions(f"options must be a mapping, got {type(raw).__name__}")
        raw = dict(raw or {})
        unknown = set(raw) - {"players", *VARIANTS}
        if unknown:
            raise BadOptions(f"unknown option {sorted(map(str, unknown))[0]!r}: Sprawl has "
                             f"'players' (3-8) and {', '.join(VARIANTS)} (true/false)")
        players = raw.get("players", 4)
        if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 8:
            raise BadOptions(f"'players' must be a whole number from 3 to 8, got {players!r}")
        out: dict = {"players": players}
        for name in VARIANTS:
            value = raw.get(name, False)
            if not isinstance(value, bool):
                raise BadOptions(f"{name!r} must be true or false, got {value!r}")
            out[name] = value
        return out

    def seats(self, options: Mapping) -> tuple[SeatInfo, ...]:
        n = int(options.get("players", 4))
        return tuple(SeatInfo(COLOURS[s], COLOURS[s].capitalize(), RGB[s]) for s in range(n))

    def describe(self, options: Mapping) -> str:
        words = [f"{options.get('players', 4)} players"]
        words += [_VARIANT_HELP[v][0].lower() for v in VARIANTS if options.get(v)]
        return ", ".join(words)

    def new_state(self, options: Mapping, seed: int) -> SprawlState:
        return SprawlState.new(self.options(options), seed)

    def state_from_dict(self, data: object) -> SprawlState:
        try:
            return state_from_dict(self, data)
        except BadOptions as exc:
            raise GameError(f"bad state options: {exc}") from None

    def parse_move(self, text: str) -> Any:
        return parse_move(text)

    def move_text(self, move: Any) -> str:
        if not isinstance(move, MOVE_TYPES):
            raise MalformedMove(f"{move!r} is not a Sprawl move")
        return move.text()

    analyze_lists_legal = True  # the analyze contract lists Sprawl's legal texts

    def leaver(self, token: str) -> int | None:
        return is_resign(token)

    def read_record(self, text: str, *, lenient: bool = False) -> Record:
        return read_record(self, text, lenient=lenient)

    def write_record(self, state: SprawlState, headers: Mapping[str, str] | None = None) -> str:
        return write_record(state, headers)

    def score_summary(self, state: SprawlState) -> dict | None:
        """The analyze contract's ``score``; ``None`` (left out) while the game runs."""
        return summary(state) if state.is_over() else None

    def score_text(self, state: SprawlState) -> str:
        return text(state)

    def make_bot(self, level: str, seed: int = 0, *, iterations: int | None = None,
                 think_s: float | None = None):
        from .bots import make_bot
        return make_bot(level, seed, iterations=iterations, think_s=think_s)

    def projection(self, state: SprawlState) -> tuple[float, ...]:
        """The hard computer's per-seat values (returns once the game is over)."""
        from .bots import values
        return tuple(values(state))


SPRAWL = SprawlSpec()
SprawlState.spec = SPRAWL
