"""The review screen's words and numbers, in the "review" catalogue.

Leads are shown the way the game counts: for games whose ``review_unit`` is 'points',
in points as the search estimates them (its values are win chances or squashed margins
counted in points at the rate of a level game, so they are "about" so many points); for
the others as an evaluation on a scale of -100..+100 (half the difference of two values
in [-1, 1], in hundredths), never called points.
"""

from __future__ import annotations

from shared.i18n import domain

_, N_, ngettext, pgettext = domain("review")

TITLE = N_("GAME REVIEW")
CLOSE = N_("Close")
CANCEL = N_("Cancel")
# TRANSLATORS: buttons choosing which move the board shows for the selected turn
SHOW_PLAYED = N_("Played move")
SHOW_BETTER = N_("Better move")
# TRANSLATORS: a button: the best three moves of the position, numbered on the board (key A)
ANALYSIS = N_("Top moves (A)")
MINUS = "\u2212"


def scaled(value: float, unit: str) -> int:
    """A lead or loss as the screen shows it (whole points, or -100..+100)."""
    return round(value if unit == "points" else value * 50.0)


def signed(value: float, unit: str) -> str:
    n = scaled(value, unit)
    return f"+{n}" if n > 0 else (f"{MINUS}{-n}" if n < 0 else "0")


def stated_loss(turn, unit: str) -> float:
    """A turn's loss as the screen states it: the card's lead of the better move less its
    lead of the move played, each rounded as the card shows it, so the three figures of
    one position agree; the turn's own loss when it keeps no card."""
    best, played = turn.card_lead(turn.best), turn.card_lead(turn.played)
    if best is None or played is None:
        return float(turn.loss)
    return (scaled(best, unit) - scaled(played, unit)) / (1.0 if unit == "points" else 50.0)


def amount(n: int) -> str:
    """A loss in points, in words: 'about 7 points' (the search's estimate)."""
    # TRANSLATORS: a loss in points as the computer's search estimates it
    return ngettext("about {n} point", "about {n} points", n).format(n=n)


def subtitle(title: str, iterations: int) -> str:
    return ngettext("{game}: the strongest computer level, {n} search per move",
                    "{game}: the strongest computer level, {n} searches per move",
                    iterations).format(game=title, n=iterations)


def axis_words(unit: str, averaged: bool = True) -> str:
    """The graph's title: what its lines count (averaged projections, or the search's
    standing, which falls only where a move was worse than the best found)."""
    if averaged:
        if unit == "points":
            return _("Projected final score difference, averaged over each round")
        return _("Projected standing (\u2212100 to +100), averaged over each round")
    if unit == "points":
        # TRANSLATORS: the review graph's title (City Blocks): each seat's lead in points as the search
        # estimates it; the line falls only at a move worse than the best one found
        return _("Lead in points, as the search estimates it: a fall is a move worse than the best")
    # TRANSLATORS: the review graph's title (Sprawl): an evaluation (about -100 to +100), not points
    return _("Evaluation as the search sees it: a fall is a move worse than the best")


def ahead(seat_label: str) -> str:
    # TRANSLATORS: on the graph's edge: above (or below) the line this seat leads
    return _("{seat} ahead").format(seat=seat_label)


def ahead_by(seat_label: str, amount: str, averaged: bool = True) -> str:
    """Over the graph's selected move: the line's own value there, said to be the round's
    average when it is (the panel's lead line is that one move's, which may differ)."""
    if not averaged:
        # TRANSLATORS: over the graph's selected move: who leads there and by how much ("Red ahead: +5")
        return _("{seat} ahead: {amount}").format(seat=seat_label, amount=amount)
    # TRANSLATORS: over the graph's selected move: who leads there and by how much, averaged over
    # the last round as the graph's line is ("Black ahead: +5 (round average)")
    return _("{seat} ahead: {amount} (round average)").format(seat=seat_label, amount=amount)


def level(averaged: bool = True) -> str:
    if not averaged:
        # TRANSLATORS: over the graph's selected move: nobody leads there
        return _("Level")
    # TRANSLATORS: over the graph's selected move: nobody leads there, averaged over the last round
    return _("Level (round average)")


def above_leads() -> str:
    # TRANSLATORS: the top edge of the graph with a line per seat (3 or more)
    return _("Above the middle: in the lead")


def below_behind() -> str:
    # TRANSLATORS: the bottom edge of the graph with a line per seat (3 or more)
    return _("Below: behind the leader")


def progress_line(move: int, count: int, seconds_left: float | None) -> str:
    """How far the review is: the move being analysed (as the game numbers its moves) and,
    once a move is done, the time left at the pace so far."""
    if seconds_left is None:
        # TRANSLATORS: under the review's progress bar, before the time left is known
        return _("Analysing move {move} of {count}\u2026").format(move=move, count=count)
    # TRANSLATORS: under the review's progress bar: "Analysing move 12 of 60 — about 40 s left"
    return _("Analysing move {move} of {count} \u2014 about {time} left").format(
        move=move, count=count, time=duration(seconds_left))


def duration(seconds: float) -> str:
    """A time left, rounded as an estimate should be: '40 s', '3 min'."""
    if seconds < 90:
        # TRANSLATORS: a time left in seconds, e.g. "40 s"
        return _("{n} s").format(n=max(5, int(round(seconds / 5.0)) * 5))
    # TRANSLATORS: a time left in minutes, e.g. "3 min"
    return _("{n} min").format(n=int(round(seconds / 60.0)))


def working() -> str:
    return _("Reviewing the game\u2026")


def working_help() -> str:
    return _("The strongest computer level looks at every move. Esc cancels.")


def failed(reason: str) -> str:
    return _("This game cannot be reviewed: {reason}").format(reason=reason)


def process_ended() -> str:
    # TRANSLATORS: why a review failed (after "This game cannot be reviewed:"): the
    # separate process that searches the moves ended before it finished
    return _("the search's process stopped before it finished")


def move_heading(ply: int, count: int, seat_label: str) -> str:
    return _("Move {ply} of {count}: {seat}").format(ply=ply, count=count, seat=seat_label)


def start_heading(count: int) -> str:
    return ngettext("The start: {count} move to review", "The start: {count} moves to review",
                    count).format(count=count)


def played_line(move: str) -> str:
    return _("Played: {move}").format(move=move)


def better_line(move: str) -> str:
    return _("Better: {move}").format(move=move)


def best_found() -> str:
    return _("The best move the computer found.")


def forced() -> str:
    return _("The only move there was.")


def lead_line(seat_label: str, before: str, after: str) -> str:
    # TRANSLATORS: {before}/{after}: signed numbers (+7, −3), the lead with the better
    # move and after the move played
    return _("{seat}'s projected lead: {before} with the better move, {after} after this one").format(
        seat=seat_label, before=before, after=after)


def loss_line(n: int, unit: str) -> str:
    """What a move cost, ``n`` as the graph's fall there shows it, in the game's unit."""
    if unit == "points":
        return _("Given away: {amount}").format(amount=amount(n))
    # TRANSLATORS: what a move cost in Sprawl's review: the evaluation (-100..+100) fell by {n}
    return _("Evaluation fell by {n}").format(n=n)


def small_loss() -> str:
    return _("Close to the best move found.")


def mistakes_heading() -> str:
    return _("Biggest mistakes")


def no_mistakes() -> str:
    return _("No big mistakes: every move was close to the best found.")


def left_game(seat_label: str) -> str:
    """A seat's leave, a line of the list of moves as the replay words it."""
    return _("{seat} left the game.").format(seat=seat_label)


def mistake_row(ply: int, seat_label: str, n: int, move: str = "") -> str:
    """A row of the mistakes list; ``move`` (the ply in words) tells apart two rows of one
    move number, as Alien City's build and claim are."""
    signed = MINUS + str(abs(n))
    if move:
        # TRANSLATORS: a row of the mistakes list when one move has two: move number, what
        # was played ("the claim on e5"), who, how far the graph fell there
        return _("Move {ply} ({move}), {seat}: {signed}").format(ply=ply, move=move, seat=seat_label, signed=signed)
    # TRANSLATORS: a row of the mistakes list: move number, who, how far the graph fell there
    return _("Move {ply}, {seat}: {signed}").format(ply=ply, seat=seat_label, signed=signed)


def total_line(seat_label: str, n: int, unit: str) -> str:
    """What a seat gave away in all: the sum of its falls on the graph."""
    if unit == "points":
        return _("{seat} gave away {amount} in all").format(seat=seat_label, amount=amount(n))
    # TRANSLATORS: Sprawl's review: the sum of the falls of a seat's evaluation (-100..+100) at its moves
    return _("{seat}: evaluation fell by {n} in all").format(seat=seat_label, n=n)


def keys_help() -> str:
    return _("\u2190 \u2192 moves   Tab: next mistake   B: better or played move   A: top moves   Esc: close")


def analysis_heading(ply: int) -> str:
    # TRANSLATORS: over the analysis list: the search's three best moves where move {ply} was chosen
    return _("The best moves found for move {ply}").format(ply=ply)


def analysis_busy() -> str:
    return _("Looking for the best moves\u2026")


def analysis_row(rank: int, move: str, lead: int, played: bool) -> str:
    """A row of the analysis: its rank (as on the board), the move, the mover's lead after
    it as the screen shows it, and whether it is the move played."""
    # TRANSLATORS: e.g. "1. Dk@h10: lead +7"; {lead} is a signed number
    row = _("{rank}. {move}: lead {lead}").format(rank=rank, move=move, lead=signed(lead, "points"))
    # TRANSLATORS: after an analysis row: this is the move that was played
    return f"{row} " + _("(played)") if played else row


def cached_note() -> str:
    return _("Review kept from an earlier look.")


# TRANSLATORS: a replay's tab at the top right: the best three moves of the position shown,
# numbered on the board (key T)
ANALYSIS_KEYED = N_("Top moves (T)")


def analysis_over() -> str:
    return _("The game is over: there are no moves to look for.")


def analysis_failed(reason: str) -> str:
    return _("No analysis here: {reason}").format(reason=reason)
