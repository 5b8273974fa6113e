"""The pass played for a person who cannot place (a part of the match screen,
``scene.autopass``): in a local game, when the only legal move of a person's seat is the
pass, the screen says so for a short beat and then passes for them, as Pentobi does, so
no one presses P every round once their pieces are gone. Online the pass stays the
person's own (the server decides what it plays). The engine ends the game after a full
round of passes, so a game where every seat must pass still ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import look
from .words import _

if TYPE_CHECKING:
    from .game import MatchScene

BEAT = 1.2   # seconds the "passes" note shows before the pass is played


def must_pass(state: Any) -> bool:
    """Whether the seat to move has no placement left: the pass is its only legal move."""
    return not state.over and state.legal_count() == 0


def forced_words(state: Any) -> str:
    # TRANSLATORS: shown for a moment before the game passes for a player who cannot
    # place, e.g. "Red has no piece that fits: passes"
    return _("{colour} has no piece that fits: passes").format(colour=look.name(state.colour))


def status_words(state: Any) -> str:
    """The status line during the beat: no key to press, the game passes by itself."""
    # TRANSLATORS: the line under the board while the game waits a moment, then passes
    # for a player who cannot place, e.g. "Red cannot place any piece: passing automatically…"
    return _("{colour} cannot place any piece: passing automatically…").format(colour=look.name(state.colour))


class AutoPass:
    """Counts the beat down on each frame and plays the pass when it is over."""

    def __init__(self, scene: "MatchScene") -> None:
        self.scene = scene
        self.said: Any = None   # the position whose forced pass was announced
        self.left = BEAT

    def due(self) -> bool:
        """A local person's turn in the position shown, nothing animating or asked, and no
        placement left."""
        scene = self.scene
        s = scene.match.state
        return (scene.chrome is None and scene.human_turn and scene.state is s and not scene.timeline.busy
                and not scene.passing.open and must_pass(s))

    def update(self, dt: float) -> None:
        if not self.due():
            self.left = BEAT
            return
        scene = self.scene
        s = scene.match.state
        if self.said is not s:
            self.said, self.left = s, BEAT
            scene.show_toast(forced_words(s), BEAT + 0.4)
        self.left -= dt
        if self.left <= 0:
            self.said, self.left = None, BEAT
            scene.submit(s.pass_move())
