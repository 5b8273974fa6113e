"""City Blocks' hint in words and on the board: the hinted piece drawn where it goes
(framed in the hint's colour, a caption above it naming the key that plays it) and what
the move does, in the measure of the preview under the board (:mod:`.effects`: the points
it adds to its colour, or whom a shared-blue piece takes edges from), so the caption, the
sentence and the preview agree. The search's own value is an estimate squashed for the
search, not a score, and is not shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import theme
from client.scenes.hints import hint_shown_words, play_key_words
from shared.gamekit.advice import Advice

from . import look
from .effects import hint_effect
from .marks import draw_squares, ghost_objects, label, label_layout
from .words import _

if TYPE_CHECKING:
    from .game import MatchScene

HINT_INK = theme.ACCENT


def hint_words(scene: "MatchScene", advice: Advice) -> str:
    """The toast: who hints, the move, and what it does (a pass: whether it is forced)."""
    move, level, state = advice.move, scene.hinter.hint_level_name(), scene.match.state
    if move.is_pass:
        if not state.legal_count():
            # TRANSLATORS: {level}: a computer level (Hard); the hint when no piece can be placed
            return _("{level}'s hint: no piece fits, so pass.").format(level=level)
        return _("{level}'s hint: pass, though a piece still fits.").format(level=level)
    # TRANSLATORS: {level}: a computer level (Hard); {colour} {piece}: e.g. "Red L5"; {effect}:
    # what it does, e.g. "+13 points for Red" (the preview's measure)
    return _("{level}'s hint: {colour} {piece}, shown on the board: {effect}.").format(
        level=level, colour=look.name(move.colour), piece=move.piece, effect=hint_effect(state, move))


def caption(scene: "MatchScene", advice: Advice) -> str:
    """The words on the board beside the hinted piece (for a pass: the status line), with
    the key that plays it; shorter than the toast, never the same sentence twice."""
    move = advice.move
    if move.is_pass:
        # TRANSLATORS: on the board while the hint is to pass
        said = _("Hint: pass")
        return f"{said} · {play_key_words()}"
    # TRANSLATORS: on the board beside the hinted piece: what it does, e.g. "+13 points for Red"
    return _("Hint: {effect}").format(effect=hint_effect(scene.match.state, move)) + f" · {play_key_words()}"


def toast_place(scene, origin: tuple[int, int]) -> tuple[int | None, tuple[pygame.Rect, ...]]:
    """While a hint is shown, its sentence (the toast) hangs from the board's top, clear of
    the coordinates under the board, unless the hinted piece or its caption is there: (that
    top, the piece's squares and the caption's box), relative to ``origin``; (None, ())
    elsewhere: the usual place. One message is never drawn over the other."""
    hinter = getattr(scene, "hinter", None)  # (a replay has no hints)
    advice = hinter.hint if hinter is not None else None
    if advice is None or advice.move.is_pass:
        return None, ()
    x, y = origin
    squares = advice.move.squares
    box, _imgs = label_layout(scene, caption(scene, advice), squares)
    return scene.geo.rect.top - y, tuple(r.move(-x, -y) for r in
                                         (*(scene.geo.square_rect(sq) for sq in squares), box))


def status_words(scene: "MatchScene") -> str:
    """The line under the board while a hint waits for Enter: a pass has no place on the
    board, so the caption's words go there instead."""
    advice = scene.hinter.hint
    if advice is not None and advice.move.is_pass:
        return caption(scene, advice)
    return hint_shown_words()


def draw_hint(surface: pygame.Surface, scene: "MatchScene", cb: bool) -> None:
    """The hinted placement on the board, with its caption (a pass: nothing on the board;
    its sentence is the toast's and its key the status line's)."""
    advice = scene.hinter.hint
    if advice is None or scene.timeline.busy or advice.move.is_pass:
        return
    move = advice.move
    draw_squares(surface, scene, move.squares, move.colour, cb, 150, HINT_INK)
    if not ghost_objects(scene):  # the ghost's objection is the one sentence on the board
        label(surface, scene, caption(scene, advice), move.squares, HINT_INK)
