"""Hints on a match screen: the best move a computer level finds for the person to move,
shown on the board (not played) with the value its search expects.

:func:`hints_allowed` is the one switch every game's hint goes through (Alien City's
too): no hints online, in the attract mode, or where a screen says ``hints_off`` (a
rated game). :class:`HintControls` is the shell's part for City Blocks and Sprawl: the
level (:func:`hint_level`) thinks in a worker thread through the shell's
:class:`~.driver.ComputerTurns` (an :class:`~shared.gamekit.advice.Adviser` answers an
``Advice``: the move and the search's values), the screen polls it each frame; a move
played, undo or leaving drops the hint. The game draws the hint (``hint``) and words it
(``hint_words``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shared.gamekit.advice import Advice, Adviser

from ..computer import level_name, seat_seed
from .seats import ComputerSeat

if TYPE_CHECKING:
    from .match_screen import MatchControls

SEARCH_LEVELS = ("hard", "expert")   # the levels whose search gives a value


def hints_allowed(scene: MatchControls) -> bool:
    """Whether the screen may offer a hint at all (a person's turn aside)."""
    return scene.chrome is None and not scene.attract and not scene.hints_off


def hint_level(seats: list) -> str:
    """The level that hints: the strongest search level among the computer seats (the
    level chosen for the game), else hard."""
    chosen = [s.level for s in seats if isinstance(s, ComputerSeat) and s.level in SEARCH_LEVELS]
    return max(chosen, key=SEARCH_LEVELS.index) if chosen else "hard"


class HintControls:
    """The hint key and button of a match screen (a mixin before ``MatchControls``)."""

    @property
    def hint(self) -> Advice | None:
        """The hint while it is about the position on the board."""
        c = self.computers
        return c.hint if c.hint_token is self.match.state else None

    @property
    def hinting(self) -> bool:
        return self.computers.hinting

    def hint_level_name(self) -> str:
        return level_name(hint_level(self.seats))

    def can_hint(self) -> bool:
        return hints_allowed(self) and self.human_turn and not self.hinting

    def hints_offered(self) -> bool:
        """Whether the key help may name the hint key (not online, nor in a rated game)."""
        return hints_allowed(self) and self.rated is None

    def ask_hint(self) -> None:
        """The hint key: the level thinks about the person's move (shown, not played); a
        hint already found is said again."""
        s = self.match.state
        if not hints_allowed(self) or not self.human_turn or self.hinting:
            return
        if self.hint is not None:
            self.show_toast(self.hint_words(self.hint), 6)
            return
        level = hint_level(self.seats)
        bot = self.bot_factory(level, seat_seed(self.game_seed, s.to_move, f"hint{s.ply}"))
        self.computers.ask_hint(Adviser(bot), self.bot_position(s), s)
        self.app.sounds.play("select")
        self.update_buttons()

    def poll_hint(self) -> None:
        """Each frame: a hint that arrived is said (and drawn while its position stays)."""
        was = self.hinting
        advice = self.computers.poll_hint(self.match.state)
        if was and not self.hinting:
            self.update_buttons()
        if advice is not None:
            self.show_toast(self.hint_words(advice), 6)

    def hint_words(self, advice: Advice) -> str:
        """The hint in words (the game's)."""
        raise NotImplementedError
