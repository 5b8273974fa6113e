"""The game review's way in from the rest of the client.

A score screen (any game's, after a local, online or replayed game) adds
``review_button(app, final)``; pressing it opens the review screen of the game that led
to the position ``final()`` returns. Only this module is imported by those screens: the
review screen itself (and its search) loads when the button is pressed.
"""

from __future__ import annotations

from typing import Callable

from shared.gamekit.api import State
from shared.i18n import domain

from ..view.widgets import Button

_, N_, ngettext, pgettext = domain("review")

# TRANSLATORS: a button on the final score screen: open the game review (graph, mistakes)
REVIEW = N_("Review")


def review_button(app, final: Callable[[], State]) -> Button:
    """The "Review" button of a score screen: reviews the game that ended in ``final()``
    (a contract state that knows its moves)."""
    def open_review() -> None:
        from .scene import open_review as open_scene
        open_scene(app, final())
    return Button(REVIEW, open_review, tr=_)
