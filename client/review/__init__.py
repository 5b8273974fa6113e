"""The game review's way in from the rest of the client.

A score screen (any game's, after a local, online or replayed game) adds
``review_button(app, final)``, and so does the replay of a finished record (key V,
:mod:`client.scenes.replay_controls`); pressing it opens the review screen of the game
that led to the position ``final()`` returns. Only this module is imported by those
screens: the review screen itself (and its search) loads when the button is pressed.
"""

from __future__ import annotations

from typing import Callable

from shared.gamekit.api import State
from shared.i18n import domain

from ..view.widgets import Button

_, N_, ngettext, pgettext = domain("review")

# TRANSLATORS: a button on the final score screen: open the game review (graph, mistakes)
REVIEW = N_("Review")
# TRANSLATORS: the same button in a replay, where key V opens the review
REVIEW_KEYED = N_("Review (V)")


def review_button(app, final: Callable[[], State], *, label: str = REVIEW,
                  key: int | None = None) -> Button:
    """The "Review" button of a score screen (or a replay: ``label`` and ``key``): reviews
    the game that ended in ``final()`` (a contract state that knows its moves)."""
    def open_review() -> None:
        from .scene import open_review as open_scene
        open_scene(app, final())
    return Button(label, open_review, key=key, tr=_)
