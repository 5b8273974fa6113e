"""The title screen's "Continue" entries: a way back into an unfinished game.

Each provider gives at most one button. ``online_continue``: the newest unfinished
online match whose seat token is saved (``client.tokens``), e.g. "Continue: match
K7QXAD vs Bob (your turn)"; it connects to that server, resumes the session and takes
the seat again. A local autosave can add its own provider to ``PROVIDERS``.
"""

from __future__ import annotations

from typing import Callable

from shared.i18n import domain

from ..view.widgets import Button

_, N_, ngettext, pgettext = domain("online")


def online_continue(app) -> Button | None:
    from ..connect import token_store
    seats = token_store().seats()
    if not seats:
        return None
    seat = seats[0]

    def go() -> None:
        from ..connect import open_lobby
        from .online import player_name
        open_lobby(app, seat.server, player_name(app), "play", code=seat.match, replace=False)

    # The label (a key, English) finds the button; the words shown follow the language.
    button = Button(f"Continue: {seat.label()}", go,
                    tr=lambda _key: _("Continue: {match}").format(match=seat.label()))
    button.saved_seat = seat  # tests and tools: which match it opens
    return button


PROVIDERS: list[Callable[[object], Button | None]] = [online_continue]


def continue_buttons(app) -> list[Button]:
    out = []
    for provider in PROVIDERS:
        try:
            button = provider(app)
        except Exception:  # noqa: BLE001 - a broken save never hides the menu
            button = None
        if button is not None:
            out.append(button)
    return out
