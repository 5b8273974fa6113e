"""The review's one measure: the graph's lines, the drops marked on them, the biggest
mistakes and what each seat gave away, all in the whole numbers the screen shows.

A move's *drop* for a seat is how far that seat's line falls at the move: for the mover,
its loss as the panel states it (the card's lead of the better move less its lead of the
move played, each rounded as shown); for the other seats, what the same two moves change
for them (with two seats, the mover's fall is the other's rise: one lead). Each seat's
line passes through two points per move, before and after it, the second one drop below
the first. With the search's values (``Review.graph == 'search'``: games without chance,
where a position is worth its best move) the point before a move is the search's value
of its best move there, so between two moves the line goes where the search changed its
mind, and it ends at the value of the last move played: the result, once the game is
over (falls added up from the start would drift away from it). With projections (Alien
City) the line is the projection averaged over a round (a one-move projection favours
whoever just moved), the point before a move the drop above it. Either way the mistakes
list names the moves whose drops are largest for their mover, with the graph's numbers,
and a seat's total is the sum of its drops.
"""

from __future__ import annotations

from shared.gamekit.review import Review, TurnReview, lead

from . import words


def drop(turn: TurnReview, seat: int, unit: str) -> int:
    """How far ``seat``'s line falls at ``turn`` (negative: it rises), in shown units."""
    if seat == turn.seat:
        return words.scaled(words.stated_loss(turn, unit), unit)
    if len(turn.before) == 2:   # one lead, seen from the other side: the mover's fall is its rise
        return -drop(turn, turn.seat, unit)
    return words.scaled(lead(turn.before, seat), unit) - words.scaled(lead(turn.after, seat), unit)


def lines(review: Review, seat: int) -> tuple[list[int], list[int]]:
    """``seat``'s line per ply from the start: the points before and after each move."""
    unit = review.unit
    if review.graph == "search":
        start = words.scaled(lead(review.start, seat), unit)
        befores = [start] + [words.scaled(lead(turn.before, seat), unit) for turn in review.turns]
        return befores, [start] + [b - drop(t, seat, unit) for t, b in zip(review.turns, befores[1:])]
    afters = [words.scaled(v, unit) for v in review.smoothed_leads(seat)]
    befores = [afters[0]] + [a + drop(t, seat, unit) for t, a in zip(review.turns, afters[1:])]
    return befores, afters


def mistakes(review: Review, per_seat: int) -> list[TurnReview]:
    """The moves whose drop for their mover is largest (at least the notable loss), at
    most ``per_seat`` for each seat, the largest first."""
    ranked = sorted((t for t in review.turns if t.loss >= review.notable),
                    key=lambda t: (-drop(t, t.seat, review.unit), t.ply))
    out: list[TurnReview] = []
    counts: dict[int, int] = {}
    for turn in ranked:
        if counts.get(turn.seat, 0) < per_seat and drop(turn, turn.seat, review.unit) > 0:
            counts[turn.seat] = counts.get(turn.seat, 0) + 1
            out.append(turn)
    return out


def total(review: Review, seat: int) -> int:
    """What ``seat`` gave away in all: the sum of its own moves' drops."""
    return sum(drop(t, seat, review.unit) for t in review.turns if t.seat == seat)
