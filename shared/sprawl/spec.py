"""Sprawl behind the platform's game contract (:mod:`shared.gamekit.api`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping

from shared.gamekit.api import BadOptions, GameError, GameSpec, MalformedMove, OptionField, Record, SeatInfo

from .board import COLOURS, RGB
from .moves import MOVE_TYPES, parse_move
from .record import read_record, write_record
from .restore import state_from_dict
from .scoring import summary, text
from .serial import is_resign
from .state import VARIANTS, SprawlState
from .words import N_, _, colour_name, ngettext

if TYPE_CHECKING:
    from .players import SprawlBot

# The spec is handed only Sprawl states (the registry's contract), so the methods below
# take SprawlState where GameSpec says State: "type: ignore[override]" marks them.


# Each variant's label and help, marked here and translated where shown (``_`` at call
# time: the server, in English, and each client, in its player's language).
_VARIANT_HELP = {
    # TRANSLATORS: Sprawl's four variants (options), their names and a line of help each.
    "strict_branching": (N_("Strict branching"), N_("a branch on a tip must point the same way")),
    "superior_forces": (N_("Superior forces"), N_("a tower falls only when the attackers' pips "
                                                  "outweigh its own")),
    "sprawlgami": (N_("Sprawlgami"), N_("build on opponents' towers your branches target and "
                                        "take their trees")),
    "overload": (N_("Overload"), N_("a spore may be built up at once, one build per extra "
                                    "branch targeting the square")),
}
LEVELS = {  # TRANSLATORS: the computer's levels, as in "Computer (easy)"
    "random": N_("random"), "easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard"),
    "expert": N_("expert")}


class SprawlSpec(GameSpec):
    """Sprawl: 3-8 seats, four variant flags, ``.spr`` records."""

    id = "sprawl"
    title = "Sprawl"
    seat_counts = (3, 4, 5, 6, 7, 8)
    computer_levels = ("random", "easy", "medium", "hard", "expert")
    record_suffix = ".spr"
    record_game_names = ("Sprawl",)

    def option_schema(self) -> tuple[OptionField, ...]:
        fields = [OptionField("players", "int", 4, _("Players"),
                              _("3 to 8 (board 5x6, 6x6 or 8x8)"), self.seat_counts)]
        for name in VARIANTS:
            label, help_text = _VARIANT_HELP[name]
            fields.append(OptionField(name, "bool", False, _(label), _(help_text)))
        return tuple(fields)

    def options(self, raw: Mapping[str, Any] | None) -> dict[str, Any]:
        if raw is not None and not isinstance(raw, Mapping):
            raise BadOptions(_("options must be a mapping, got {kind}").format(
                kind=type(raw).__name__))
        raw = dict(raw or {})
        unknown = set(raw) - {"players", *VARIANTS}
        if unknown:
            raise BadOptions(_("unknown option {option}: Sprawl has 'players' (3-8) and "
                               "{variants} (true/false)").format(
                option=repr(sorted(map(str, unknown))[0]), variants=", ".join(VARIANTS)))
        players = raw.get("players", 4)
        if isinstance(players, bool) or not isinstance(players, int) or not 3 <= players <= 8:
            raise BadOptions(_("'players' must be a whole number from 3 to 8, got {value}")
                             .format(value=repr(players)))
        out: dict[str, Any] = {"players": players}
        for name in VARIANTS:
            value = raw.get(name, False)
            if not isinstance(value, bool):
                raise BadOptions(_("{option} must be true or false, got {value}").format(
                    option=repr(name), value=repr(value)))
            out[name] = value
        return out

    def seats(self, options: Mapping[str, Any]) -> tuple[SeatInfo, ...]:
        n = int(options.get("players", 4))
        return tuple(SeatInfo(COLOURS[s], colour_name(s), RGB[s]) for s in range(n))

    def describe(self, options: Mapping[str, Any]) -> str:
        n = options.get("players", 4)
        words = [ngettext("{n} player", "{n} players", n).format(n=n)]
        words += [_(_VARIANT_HELP[v][0]).lower() for v in VARIANTS if options.get(v)]
        return ", ".join(words)

    def new_state(self, options: Mapping[str, Any], seed: int) -> SprawlState:
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
            raise MalformedMove(_("{move} is not a Sprawl move").format(move=repr(move)))
        return move.text()

    analyze_lists_legal = True  # the analyze contract lists Sprawl's legal texts

    def leaver(self, token: str) -> int | None:
        return is_resign(token)

    def read_record(self, text: str, *, lenient: bool = False) -> Record:
        return read_record(self, text, lenient=lenient)

    def write_record(self, state: SprawlState,  # type: ignore[override]
                     headers: Mapping[str, str] | None = None) -> str:
        return write_record(state, headers)

    def score_summary(self, state: SprawlState) -> dict[str, Any] | None:  # type: ignore[override]
        """The analyze contract's ``score``; ``None`` (left out) while the game runs."""
        return summary(state) if state.is_over() else None

    def score_text(self, state: SprawlState) -> str:  # type: ignore[override]
        return text(state)

    def computer_name(self, level: str) -> str:
        # TRANSLATORS: a computer player's name; {level} is random, easy, medium, hard or expert.
        return _("Computer ({level})").format(level=_(LEVELS[level]) if level in LEVELS else level)

    def make_bot(self, level: str, seed: int = 0, *,  # type: ignore[override]
                 iterations: int | None = None, think_s: float | None = None) -> SprawlBot:
        from .players import make_bot
        return make_bot(level, seed, iterations=iterations, think_s=think_s)

    def projection(self, state: SprawlState) -> tuple[float, ...]:  # type: ignore[override]
        """The hard computer's per-seat values (returns once the game is over)."""
        from .bots import values
        return tuple(values(state))


SPRAWL = SprawlSpec()
SprawlState.spec = SPRAWL
