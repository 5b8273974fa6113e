"""What a move does to the game's end, said before it is played and after the game ends.

A Sprawl game ends as soon as the seat to move has no legal action, often with most
stashes still full. ``stranded_after`` tells which seats a move leaves without any legal
action (the next seat to move first: then the move ends the game at once);
``move_warning`` says it in a player's words; ``ended_text`` says why a finished game
ended. Pure rules queries: the screens only show the sentences."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .words import _, colour_name, join_and, ngettext

if TYPE_CHECKING:
    from .state import SprawlState


def _seats_from(state: "SprawlState", first: int) -> list[int]:
    """The seats still in the game in turn order, starting at ``first``."""
    return [(first + i) % state.n for i in range(state.n) if (first + i) % state.n not in state.left]


def stranded_after(state: "SprawlState", move: Any) -> tuple[int, ...]:
    """The seats still in the game that would have no legal action after ``move``, in turn
    order from the seat after the mover (so the first one, if it is the next to move, ends
    the game). Empty for an illegal move."""
    if state.why_not(move) is not None:
        return ()
    after, _events = state.play(move)
    return tuple(seat for seat in _seats_from(after, (move.seat + 1) % state.n)
                 if not after._generate(seat))


def move_warning(state: "SprawlState", move: Any) -> str | None:
    """A warning for a legal move that ends the game or leaves a seat without a legal
    action; None when it does neither."""
    stuck = stranded_after(state, move)
    if not stuck:
        return None
    after, _events = state.play(move)
    if after.ended is not None and after.ended[0] == "stuck" and after.ended[1] is not None:
        return _("This move ends the game: {colour} will have no legal move.").format(
            colour=colour_name(after.ended[1]))
    names = join_and(colour_name(s) for s in stuck)
    return ngettext("After this move {colours} has no legal move: the game ends on that turn "
                    "unless a move opens one.",
                    "After this move {colours} have no legal move: the game ends on the first "
                    "of their turns unless a move opens one.", len(stuck)).format(colours=names)


def ended_text(state: "SprawlState") -> str | None:
    """Why a finished game ended, or None while it runs (or when it ended otherwise)."""
    if state.ended is None:
        return None
    why, seat = state.ended
    if seat is None:
        return None
    if why == "stuck":
        # TRANSLATORS: {reason}: why the seat could not act, e.g. "all its trees are dead".
        return _("{colour} had no legal move ({reason}), so the game ended.").format(
            colour=colour_name(seat), reason=stuck_reason(state, seat))
    if why == "alone":
        return _("Only {colour} was left, so the game ended.").format(colour=colour_name(seat))
    return None


def stuck_reason(state: "SprawlState", seat: int) -> str:
    """Why ``seat`` has no legal action, in a few words: an empty stash, no live tree
    left (every tree of its own neutralized), or no room on its live trees for the
    pieces it has left (depth limit, sizes, no vacant square)."""
    if not any(state.stash[seat]):
        return _("its stash is empty")
    if not any(t not in state.dead and state.controller(t) == seat for t in state.towers):
        return _("none of its trees is alive")
    return _("no room left for its pieces")
