"""A move shown and said on Alien City's match screen (``scene.shows``): the board's diff,
then what its events say (a player who cannot build, the game's end), the hand for the
next turn and the turn's banner."""

from __future__ import annotations

from typing import Any

from client import theme
from shared.aliencity import Build, GameOver, Move, Phase, PlayerSkipped, Step
from shared.i18n import domain

from . import terms

_, N_, ngettext, pgettext = domain("aliencity")


class TurnShow:
    """Animates a played move and announces turns (the screen's ``after_step``,
    ``remote_moved`` and ``enter`` come here)."""

    def __init__(self, scene: Any) -> None:
        self.scene = scene

    def step(self, move: Move, step: Step) -> None:
        """Animate a played move: the diff of the board, then what its events say."""
        scene = self.scene
        scene.show_state(step.state)
        for event in step.events:
            if isinstance(event, PlayerSkipped):
                other = terms.player(event.player.other)
                scene.timeline.callback(lambda: scene.app.sounds.play("skip"))
                scene.announce(_("{player} CANNOT BUILD").format(player=terms.player(event.player).upper()),
                               _("No legal lot for any piece left: {player} builds again.").format(player=other),
                               theme.BAD, hold=1.6)
            elif isinstance(event, GameOver):
                scene.timeline.delay(0.5, scene.actions.game_over)
        if step.state.phase is Phase.BUILD:
            scene.insight.point(None)  # a new turn: the last build's distances leave the board
        if step.state.phase is not Phase.OVER:
            if isinstance(move, Build) and step.state.phase is Phase.CLAIM and scene.human_turn:
                scene.app.sounds.play("select")
            if not isinstance(move, Build) or step.state.phase is Phase.BUILD:
                scene.auto_select()
                if not any(isinstance(e, PlayerSkipped) for e in step.events):
                    self.announce_turn()
        scene.update_buttons()

    def announce_turn(self, first: bool = False) -> None:
        scene = self.scene
        s = scene.match.state
        if s.phase is Phase.OVER or (scene.bots and not first):
            return
        name = scene.label(s.to_move).upper()
        sub = _("{player} starts (2004 rules).").format(player=terms.player(s.to_move)) \
            if first and not s.dice else ""
        scene.announce(_("{player} TO BUILD").format(player=name), sub, theme.ACCENT_2, hold=0.5 if not first else 0.9,
                       blocking=False)
