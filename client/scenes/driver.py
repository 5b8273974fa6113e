"""The computer seats of a match at work: one answer at a time, never on the main loop.

A threaded ``ComputerSeat`` starts thinking the moment its turn comes (while the last
move still animates) in a :class:`~client.computer.Thinker`; the match screen asks
``poll`` every frame and gets the move once it is ready and the screen is free to show
it. A quick seat (the attract mode's) answers on the spot. Hints are the same machinery
for a person's turn: a strong bot thinks, the screen shows the move without playing it.
A position moving on (a move, undo, leaving) makes a pending answer stale: it is stopped
and dropped. Game-free: positions are the contract's, ``token`` is whatever the screen
uses to tell positions apart (its model's state object).
"""

from __future__ import annotations

from typing import Any, Callable

from ..computer import Thinker
from .seats import ComputerSeat


class ComputerTurns:
    def __init__(self) -> None:
        self.thinker: Thinker | None = None
        self.hint_thinker: Thinker | None = None
        self.hint: Any = None          # the last hint's move, for the position ``hint_token``
        self.hint_token: Any = None
        self._token: Any = None        # the position the thinker works on
        self._hint_for: Any = None     # the position the hint thinker works on
        self.refuse_hints: Callable[[], None] | None = None  # a rated game: says no instead

    @property
    def thinking(self) -> bool:
        return self.thinker is not None and not self.thinker.done

    @property
    def hinting(self) -> bool:
        return self.hint_thinker is not None

    def stop(self) -> None:
        """Undo, leaving or a new position: the computer and the hint stop at once."""
        for thinker in (self.thinker, self.hint_thinker):
            if thinker is not None:
                thinker.stop()
        self.thinker = self.hint_thinker = None
        self.hint = self.hint_token = None

    def drop_hint(self) -> None:
        """A move was played: any hint (shown or on its way) is about another position."""
        if self.hint_thinker is not None:
            self.hint_thinker.stop()
            self.hint_thinker = None
        self.hint = self.hint_token = None

    def poll(self, seat: ComputerSeat, position: Any, token: Any, ready: bool) -> Any:
        """The seat's move for ``position`` once it has one and ``ready`` (the screen is not
        animating); None until then. Raises when the computer player failed."""
        if not seat.threaded:
            return seat.bot.choose(position) if ready else None
        if self.thinker is not None and self._token is not token:
            self.thinker.stop()
            self.thinker = None
        if self.thinker is None:
            self.thinker, self._token = Thinker(seat.bot, position), token
            return None
        if not (self.thinker.done and ready):
            return None
        thinker, self.thinker = self.thinker, None
        if thinker.error is not None:
            raise RuntimeError("the computer player failed") from thinker.error
        return thinker.move

    def ask_hint(self, bot: Any, position: Any, token: Any) -> None:
        """A person's turn: ``bot`` thinks about it in a worker thread (in a rated game,
        ``refuse_hints`` says why not instead, whichever game asked)."""
        if self.refuse_hints is not None:
            self.refuse_hints()
            return
        self.hint_thinker, self._hint_for = Thinker(bot, position), token

    def poll_hint(self, token: Any) -> Any:
        """The hint's move once, when it is ready and still about ``token``; else None."""
        thinker = self.hint_thinker
        if thinker is None or not thinker.done:
            return None
        self.hint_thinker = None
        if self._hint_for is not token or thinker.move is None:
            return None  # the position moved on (or the bot failed): the hint is stale
        self.hint, self.hint_token = thinker.move, token
        return thinker.move
