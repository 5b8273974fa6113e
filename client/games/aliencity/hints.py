"""Hints on the Alien City match screen, a part the screen holds: H asks Hard (thinking in
a worker thread through the shell's ``ComputerTurns``, never on the main loop) for the
move of the person to play; the move is shown (a mark and its caption on the board, the
piece chosen), not played until Enter plays it (:meth:`Hints.play_hint`, as in every game).
Asking again while the hint still fits the position changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from client.computer import seat_seed
from client.scenes.hints import hint_pending_words, hints_allowed
from shared.aliencity import Build, Move
from shared.aliencity.spec import AlienCityPosition

if TYPE_CHECKING:
    from .game import GameScene


class Hints:
    """``screen``: the match screen (its computers, seats' seed, toast and buttons)."""

    def __init__(self, screen: "GameScene") -> None:
        self.screen = screen

    @property
    def hint(self) -> Move | None:
        """The hinted move while it is about the position on the board."""
        c = self.screen.computers
        return c.hint if c.hint_token is self.screen.match.state else None

    def ask_hint(self) -> None:
        """H: Hard thinks about the person's move; a hint already found is said again."""
        scene = self.screen
        s = scene.match.state
        if not hints_allowed(scene) or not scene.human_turn or scene.computers.hinting or self.hint is not None:
            return
        bot = scene.bot_factory("hard", seat_seed(scene.game_seed, s.to_move, f"hint{s.ply}"))
        scene.computers.ask_hint(bot, AlienCityPosition(s), s)
        scene.app.sounds.play("select")
        scene.update_buttons()

    def poll(self) -> None:
        """Each frame: a hint found is shown with its caption (its piece chosen, the
        keyboard cursor put away so Enter plays it); the Hint button follows."""
        scene = self.screen
        was = scene.computers.hinting
        move = scene.computers.poll_hint(scene.match.state)
        if was and not scene.computers.hinting:
            scene.update_buttons()
        if move is None:
            return
        if isinstance(move, Build):
            scene.selected = move.piece
        if scene.cursor is not None:
            scene.cursor = scene.hover_lot = None

    def play_hint(self) -> bool:
        """Enter while the hint is shown: exactly the hinted move is played."""
        scene, move = self.screen, self.hint
        if move is None and scene.computers.hinting and scene.human_turn:
            scene.show_toast(hint_pending_words(), 3)
            return True
        if move is None or not scene.human_turn or scene.timeline.busy:
            return False
        scene.submit(move)
        return True
