"""Sprawl's hint in words and on the board: the hinted move drawn on its square (framed
in the hint's colour, a caption beside it naming the key that plays it) and the value the search expects, told as
the chance of first place it stands for (the search's values are that chance, from -1
to 1: :func:`shared.sprawl.hooks.first_values`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import theme
from client.scenes.hints import play_key_words
from shared.gamekit.advice import Advice
from shared.sprawl.words import _

from .hand import describe
from .marks import ghost_move

if TYPE_CHECKING:
    from .game import MatchScene

HINT_INK = theme.ACCENT


def first_chance(advice: Advice) -> int | None:
    """The chance of first place (percent) the hint's search expects, or None."""
    value = advice.value
    if value is None:
        return None
    return max(0, min(100, round(50.0 * (value + 1.0))))


def hint_words(scene: "MatchScene", advice: Advice) -> str:
    """The toast: who hints, the move, and what it expects."""
    state = scene.match.state
    move = describe(advice.move, not state.started[advice.seat])
    # TRANSLATORS: {level}: a computer level (Hard); {move}: e.g. "Spore a 2 on c4"
    what = _("{level}'s hint: {move}.").format(level=scene.hinter.hint_level_name(), move=move)
    pct = first_chance(advice)
    if pct is None:
        return what
    # TRANSLATORS: {pct}: a whole number of percent
    return f"{what} " + _("It expects a {pct}% chance of finishing first.").format(pct=pct)


def caption(advice: Advice) -> str:
    """The words beside the hinted move, with the key that plays it."""
    pct = first_chance(advice)
    if pct is None:
        return f"{_('Hint')} · {play_key_words()}"
    # TRANSLATORS: on the board beside the hinted move: its expected chance of first place
    return _("Hint: first place {pct}%").format(pct=pct) + f" · {play_key_words()}"


def chance_words(scene: "MatchScene") -> str | None:
    """The hint's chance of first place, said beside the hand (None: no hint shown); a
    hint armed by Enter (it ends the game or strands a seat) says the next Enter plays it."""
    advice = scene.hinter.hint
    if advice is None or scene.timeline.busy or not hasattr(advice.move, "square"):
        return None
    if scene.hand.armed == advice.move:
        # TRANSLATORS: beside the piece in hand; the warning is written in the status line at the bottom.
        return _("Enter again plays it anyway (warning below).")
    return caption(advice)


def draw_hint(surface: pygame.Surface, scene: "MatchScene", cb: bool) -> pygame.Rect | None:
    """The hinted move on its square, framed (with the warning sign when it ends the game
    or strands a seat); returns the frame (None when no hint is shown)."""
    advice = scene.hinter.hint
    if advice is None or scene.timeline.busy or not hasattr(advice.move, "square"):
        return None
    ghost_move(surface, scene, advice.move, True, cb, scene.hand.warning(advice.move) is not None)
    geo = scene.geo
    r = geo.square_rect(advice.move.square)
    pygame.draw.rect(surface, HINT_INK, r.inflate(4, 4), max(2, geo.cell // 18), border_radius=6)
    return r.inflate(4, 4)  # its chance is said beside the hand (``marks.hint_words``), off the squares
