"""City Blocks' hint in words and on the board: the hinted piece drawn where it goes
(framed in the hint's colour, a caption above it naming the key that plays it) and the
value the search expects,
told as the final margin over the others it stands for (the search's values are that
margin in points, squashed: :data:`shared.cityblocks.hooks.SCALE`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.scenes.hints import play_key_words
from shared.cityblocks.hooks import SCALE
from shared.gamekit.advice import Advice

from . import look
from .marks import draw_squares, label
from .words import _, ngettext

if TYPE_CHECKING:
    from .game import MatchScene

HINT_INK = theme.ACCENT


def margin(advice: Advice) -> int | None:
    """The final margin over the others (points) the hint's search expects, or None."""
    value = advice.value
    if value is None:
        return None
    return round(SCALE * math.atanh(max(-0.999, min(0.999, value))))


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("\u2212" + str(-n) if n < 0 else "0")


def hint_words(scene: "MatchScene", advice: Advice) -> str:
    """The toast: who hints, the move, and what it expects."""
    move, level = advice.move, scene.hinter.hint_level_name()
    if move.is_pass:
        what = _("{level}'s hint: pass.").format(level=level)
    else:
        # TRANSLATORS: {level}: a computer level (Hard); {colour} {piece}: e.g. "Blue V5"
        what = _("{level}'s hint: {colour} {piece}, shown on the board.").format(
            level=level, colour=look.name(move.colour), piece=move.piece)
    n = margin(advice)
    if n is None:
        return what
    if n > 0:
        expect = ngettext("It expects you to finish about {n} point ahead of the others.",
                          "It expects you to finish about {n} points ahead of the others.", n).format(n=n)
    elif n < 0:
        expect = ngettext("It expects you to finish about {n} point behind the others.",
                          "It expects you to finish about {n} points behind the others.", -n).format(n=-n)
    else:
        expect = _("It expects you to finish level with the others.")
    return f"{what} {expect}"


def caption(advice: Advice) -> str:
    """The words on the board beside the hinted piece, with the key that plays it."""
    n = margin(advice)
    if n is None:
        return f"{_('Hint')} · {play_key_words()}"
    # TRANSLATORS: on the board beside the hinted piece: the final margin it expects (+5, −3)
    return ngettext("Hint: {signed} point expected", "Hint: {signed} points expected", abs(n)).format(
        signed=signed(n)) + f" · {play_key_words()}"


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
    if move.is_pass:
        label(surface, scene, f"{hint_words(scene, advice)} {play_key_words()}.", [(9, 10)], HINT_INK)
        return
    draw_squares(surface, scene, move.squares, move.colour, cb, 150, HINT_INK)
    label(surface, scene, caption(advice), move.squares, HINT_INK)
