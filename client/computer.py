"""Computer players in the client: a contract bot (``spec.make_bot``) thinks in a worker thread.

``Thinker`` runs one blocking ``bot.choose`` on a daemon thread with a stop Event; the
main loop polls ``done`` each frame and applies the move itself (pygame and the game
state are only ever touched on the main thread). A strong bot (Hard, Expert: the
searches that take hundreds of MB) does its search in the thinking process
(:mod:`client.thinking`), the thread only waiting for the answer, so that memory leaves
with the process. Every live thinker is registered so quitting the app can stop them
all (``stop_all``).
"""

from __future__ import annotations

import threading
import weakref
import zlib
from typing import Any, Sequence

from shared.gamekit import computer_seats
from shared.i18n import domain

from . import thinking

_, N_, ngettext, pgettext = domain("client")

# TRANSLATORS: how strong a computer player is
LEVEL_NAMES = {"random": "Random", "easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard"),
               "expert": N_("Expert")}  # "Random" is translated with its context in level_name


def level_name(level: str) -> str:
    """A computer level's name for people, in the language in use ('hard' -> 'Hard').
    "Random" has a context: the seat picker's "Random" (a random seat) is another word."""
    if level == "random":
        # TRANSLATORS: the computer level that plays any legal move, as in "Computer (Random)";
        # like Easy / Hard, it names the computer (not "a random seat")
        return pgettext("computer level", "Random")
    name = LEVEL_NAMES.get(level)
    return _(name) if name is not None else level.title()


def computer_label(level: str, number: int | None = None) -> str:
    """A computer seat's name in the language in use: "Computer (Easy)"; ``number`` tells
    two of one level apart ("Computer (Easy) 2")."""
    name = _("Computer ({level})").format(level=level_name(level))
    if number is None:
        return name
    # TRANSLATORS: two computer seats of one level told apart: "Computer (Easy) 2"
    return _("{computer} {number}").format(computer=name, number=number)


def computer_labels(levels: Sequence[str | None]) -> list[str | None]:
    """Each seat's computer name in the language in use (None: a person), numbered where
    two share a level."""
    return [computer_label(level, number) if level else None
            for level, number in zip(levels, computer_seats.numbers(levels))]


def shown_names(names: Sequence[str], levels: Sequence[str | None] | None) -> list[str]:
    """A record's seat names as this window shows them: each computer (by the record's
    ``Levels``) in the language in use; the names as written when the record has no
    ``Levels`` for these seats (an older record keeps the words it was written in)."""
    if levels is None or len(levels) != len(names):
        return list(names)
    return [label or name for name, label in zip(names, computer_labels(levels))]


_live: "weakref.WeakSet[Thinker]" = weakref.WeakSet()


def seat_seed(game_seed: object, seat: int, salt: str = "") -> int:
    """A deterministic bot seed for one seat of one game (stable across runs)."""
    return zlib.crc32(f"{game_seed}:{int(seat)}:{salt}".encode())


class Thinker:
    """``bot.choose(state)`` on a worker thread; ``stop()`` asks it to answer now."""

    def __init__(self, bot: Any, state: Any, deadline_s: float | None = None) -> None:
        self.bot = bot
        self.state = state
        self.deadline_s = deadline_s
        self.stop_event = threading.Event()
        self.move: Any = None
        self.error: BaseException | None = None
        self._done = threading.Event()
        self.thread = threading.Thread(target=self._run, name="computer-player", daemon=True)
        _live.add(self)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.move = self._choose()
        except BaseException as exc:  # noqa: BLE001 - reported on the main thread
            self.error = exc
        finally:
            self._done.set()

    def _choose(self) -> Any:
        if thinking.runs_apart(self.bot):
            try:
                return thinking.choose(self.bot, self.state, self.deadline_s, self.stop_event)
            except thinking.Unavailable:
                pass
        return self.bot.choose(self.state, deadline_s=self.deadline_s, stop=self.stop_event)

    @property
    def done(self) -> bool:
        return self._done.is_set()

    @property
    def stopped(self) -> bool:
        return self.stop_event.is_set()

    def stop(self) -> None:
        self.stop_event.set()

    def join(self, timeout: float | None = None) -> bool:
        self.thread.join(timeout)
        return not self.thread.is_alive()


def stop_all() -> None:
    """Quitting: every thinking bot is told to stop and the thinking process ends."""
    for thinker in list(_live):
        thinker.stop()
    thinking.close()
