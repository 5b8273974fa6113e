"""What a placement does to the scores, in the words the preview under the board, the hint's
caption and the hint's sentence share, so the three never tell different measures: for a
colour a seat scores, that colour's points now and after the move (the engine's score);
for the shared blue of three players, which scores for nobody (spec, "Seats"), the seats
whose totals the move changes (a blue piece can only cover their free edges)."""

from __future__ import annotations

from functools import lru_cache

from shared.cityblocks import Move
from shared.cityblocks.geometry import BLUE, COLOURS
from shared.cityblocks.layout import SEAT_COLOURS
from shared.cityblocks.state import CityState

from . import look
from .words import _, ngettext


def signed(n: int) -> str:
    """+5, −3 (a true minus sign), 0."""
    return f"+{n}" if n > 0 else ("\u2212" + str(-n) if n < 0 else "0")


def shared_blue(state: CityState, move: Move) -> bool:
    """Whether the move places the shared blue of three players (scored by nobody)."""
    return state.players == 3 and move.colour == BLUE


@lru_cache(maxsize=16)
def colour_points(state: CityState, move: Move) -> tuple[int, int, int, int]:
    """(area, edges) of the move's colour now and after the move, per the engine's score
    (the status line and the caption ask every frame, hence the memo)."""
    name = COLOURS[move.colour]
    now = state.score()["colours"][name]
    after = state.play(move)[0].score()["colours"][name]
    return now["area"], now["edges"], after["area"], after["edges"]


@lru_cache(maxsize=16)
def seat_changes(state: CityState, move: Move) -> tuple[tuple[int, int, int], ...]:
    """(seat, total now, total after) for each seat whose total the move changes."""
    now = state.score()["seats"]
    after = state.play(move)[0].score()["seats"]
    return tuple((s, a["total"], b["total"]) for s, (a, b) in enumerate(zip(now, after))
                 if a["total"] != b["total"])


def gain(state: CityState, move: Move) -> int:
    """The points the move adds to its own colour (the preview's "+n")."""
    a0, e0, a1, e1 = colour_points(state, move)
    return a1 + e1 - a0 - e0


def blue_words(state: CityState, move: Move) -> str:
    """A shared-blue move's effect: "blue scores for nobody; Yellow −3, Red −1"."""
    changes = seat_changes(state, move)
    if not changes:
        # TRANSLATORS: a shared-blue move (3 players) that changes no seat's score
        return _("blue scores for nobody, and this changes no one's points")
    parts = ", ".join(f"{look.name(SEAT_COLOURS[3][s][0])} {signed(b - a)}" for s, a, b in changes)
    # TRANSLATORS: a shared-blue move (3 players): {changes} lists seats' point changes,
    # e.g. "Yellow −3, Red −1" (the free edges the blue piece covers)
    return _("blue scores for nobody; it takes free edges: {changes}").format(changes=parts)


def preview(state: CityState, move: Move) -> str:
    """The line under the board for the ghost (without the keys' words)."""
    if shared_blue(state, move):
        # TRANSLATORS: the live projection of a shared-blue piece, e.g. "V5 here: blue scores for
        # nobody; it takes free edges: Yellow −3."
        return _("{piece} here: {effect}.").format(piece=move.piece, effect=blue_words(state, move))
    a0, e0, a1, e1 = colour_points(state, move)
    # TRANSLATORS: the live projection under the board, e.g. "V5 here: Red 12 → 17
    # (+5: area +3, edges +2)." ({piece} is a piece's letter).
    return _("{piece} here: {colour} {before} → {after} ({gain}: area {area}, edges {edges}).").format(
        piece=move.piece, colour=look.name(move.colour), before=a0 + e0, after=a1 + e1,
        gain=f"{a1 + e1 - a0 - e0:+d}", area=f"{a1 - a0:+d}", edges=f"{e1 - e0:+d}")


def hint_effect(state: CityState, move: Move) -> str:
    """What the hinted move does, in the preview's measure: "+13 points for Red" or the
    shared blue's effect."""
    if shared_blue(state, move):
        return blue_words(state, move)
    n = gain(state, move)
    # TRANSLATORS: what a hinted move adds, the same "+n" as the preview under the board
    return ngettext("{signed} point for {colour}", "{signed} points for {colour}", abs(n)).format(
        signed=signed(n), colour=look.name(move.colour))
