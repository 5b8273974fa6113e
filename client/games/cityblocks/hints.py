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
from client.scenes.hints import play_key_words
from shared.gamekit.advice import Advice

from . import look
from .effects import hint_effect
from .marks import draw_squares, ghost_objects, label
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
    """The words on the board beside the hinted piece (or over the board for a pass), with
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
    the coordinates under the board, unless the hinted piece is there: (that top, the
    piece's squares), relative to ``origin``; (None, ()) elsewhere: the usual place."""
    hinter = getattr(scene, "hinter", None)  # (a replay has no hints)
    advice = hinter.hint if hinter is not None else None
    if advice is None or advice.move.is_pass:
        return None, ()
    x, y = origin
    return scene.geo.rect.top - y, tuple(scene.geo.square_rect(sq).move(-x, -y) for sq in advice.move.squares)


def draw_hint(surface: pygame.Surface, scene: "MatchScene", cb: bool) -> None:
    """The hinted placement on the board, with its caption (a pass: the caption alone,
    over the board's middle)."""
    advice = scene.hinter.hint
    if advice is None or scene.timeline.busy:
        return
    move = advice.move
    if ghost_objects(scene):  # the ghost's objection is the one sentence on the board
        if not move.is_pass:
            draw_squares(surface, scene, move.squares, move.colour, cb, 150, HINT_INK)
        return
    if move.is_pass:
        label(surface, scene, caption(scene, advice), [(9, 10)], HINT_INK)
        return
    draw_squares(surface, scene, move.squares, move.colour, cb, 150, HINT_INK)
    label(surface, scene, caption(scene, advice), move.squares, HINT_INK)
