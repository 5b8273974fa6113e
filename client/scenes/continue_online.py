"""Online matches among the title's unfinished games (:mod:`.continue_list`): each
unfinished match whose seat token is saved (:mod:`client.tokens`), e.g. "Continue: Sprawl:
match K7QXAD vs Bob (your turn)"; it connects to that server, resumes the session and takes
the seat again. Forgetting one deletes only this computer's seat token (the match goes
on on the server).
"""

from __future__ import annotations

import datetime as _dt
import time
from dataclasses import dataclass
from typing import Callable

from shared.i18n import domain

from ..view.widgets import Button

_, N_, ngettext, pgettext = domain("online")


@dataclass
class Entry:
    """One unfinished game: ``title`` and ``facts`` are shown (in the language in use),
    ``open`` resumes it, ``forget`` deletes it; ``key`` is an English key for tests."""

    key: str
    title: Callable[[], str]
    facts: Callable[[], str]
    when: float
    open: Callable[[], None]
    forget: Callable[[], None]
    online: bool
    source: object  # the SavedGame or SavedSeat behind it


def online_entries(app) -> list[Entry]:
    from ..connect import token_store
    out = []
    for seat in token_store().seats():
        def go(seat=seat) -> None:
            from ..connect import open_lobby
            from .online import player_name
            open_lobby(app, seat.server, player_name(app), "play", code=seat.match, replace=False)

        def forget(seat=seat) -> None:
            token_store().forget_match(seat.server, seat.match)

        def facts(seat=seat) -> str:
            # TRANSLATORS: an online match in the list of unfinished games: "online · <server>"
            words = _("online · {server}").format(server=seat.server)
            words = f"{words} · {played(seat.updated)}" if seat.updated else words
            return f"{words} · {time_left(seat)}" if time_left(seat) else words

        def title(seat=seat) -> str:
            # TRANSLATORS: an online match among the unfinished games: "Sprawl: match K7QXAD vs Bob"
            return _("{game}: {match}").format(game=game_title(app, seat.game), match=seat.label())

        out.append(Entry(f"match {seat.match}", title, facts, seat.updated, go, forget, True, seat))
    return out


def game_title(app, game: str) -> str:
    """The game's title, or its id when this client does not have the game."""
    return app.games.get(game).spec.title if game in app.games else game


def time_left(seat) -> str:
    """Our time to move in a timed match, as last seen: "2 days 5 hours left to move"."""
    if not seat.deadline or seat.turn != "your turn":
        return ""
    from shared.online.clock import format_days_hours
    left = seat.deadline - time.time()
    if left <= 0:
        return _("your time to move may be up")
    # TRANSLATORS: {time} is "2 days 5 hours", "5 hours" or "less than an hour".
    return _("{time} left to move").format(time=format_days_hours(left))


def played(when: float) -> str:
    """When a match was last played: "2026-01-26 14:30" (the clock's own digits)."""
    return _dt.datetime.fromtimestamp(when).strftime("%Y-%m-%d %H:%M")


def online_button(entry: Entry) -> Button:
    """"Continue: Sprawl: match K7QXAD vs Bob (your turn)"; the label (an English key) finds the
    button, the words shown follow the language."""
    button = Button(f"Continue: {entry.title()}", entry.open,
                    tr=lambda _key: _("Continue: {match}").format(match=entry.title()))
    button.saved_seat = entry.source  # tests and tools: which match it opens
    return button

