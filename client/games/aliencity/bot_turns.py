"""Alien City's computers' turns: the shell's part (:class:`~client.scenes.match_parts.BotTurns`)
with the choice shown on the board: the computer's piece and lot light up a moment before
the move lands (the attract mode's quick bots take longer, so that a watcher can follow)."""

from __future__ import annotations

from typing import Any

from client.anim import Callback, Delay
from client.scenes.match_parts import BotTurns
from shared.aliencity import Build, Claim, GameState, Move

BOT_THINK = 0.45


class AlienTurns(BotTurns):
    """A computer's choice: its piece in hand and its lot lit, then played."""

    def show_move(self, s: GameState, move: Move) -> None:
        scene: Any = self.host
        self.busy = True
        think = 0.12 if scene.bots[s.to_move].threaded else BOT_THINK

        def show_choice() -> None:
            if isinstance(move, Build):
                scene.selected = move.piece
                scene.hover_lot = move.lot
            elif isinstance(move, Claim):
                scene.hover_lot = move.lot

        def do() -> None:
            self.busy = False
            scene.hover_lot = None
            if scene.match.state is s:
                scene.play(move)

        scene.timeline.sequence(Delay(think * 0.6), Callback(show_choice), Delay(think), Callback(do))
