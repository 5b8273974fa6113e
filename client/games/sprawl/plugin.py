"""Sprawl's plug-in: how the shell starts, shows, replays and explains Sprawl.

The match screen is :class:`~client.games.sprawl.game.MatchScene` (board, seat panels
with stashes, the hand and its ghost, overlays, computers in worker threads, online
chrome); the end show is :mod:`.score`, replays :mod:`.replay`, the rules in pictures
:mod:`.howto`.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from client.scenes.plugin_scenes import ScenesPlugin
from shared.gamekit.api import SeatInfo
from shared.sprawl import SPRAWL, SprawlSpec
from shared.sprawl.words import N_, _

from .game import MatchScene
from .howto import HowToScene
from .replay import ReplayScene

# TRANSLATORS: what each computer level does, after its name ("Easy: ...").
LEVEL_WORDS = {
    "random": N_("plays a random legal move"),
    "easy": N_("the best move one ply deep, with some noise"),
    "medium": N_("its best few moves, looked at again after the next players answer"),
    "hard": N_("searches its own moves ahead (Monte-Carlo), expecting sensible replies"),
    "expert": N_("searches its own moves deeply (Monte-Carlo), about 8 s a move"),
}


class SprawlPlugin(ScenesPlugin):
    """3 to 8 seats; eight Icehouse colours; ``.spr`` records."""

    spec: SprawlSpec = SPRAWL
    match_scene, replay_scene, howto = MatchScene, ReplayScene, HowToScene
    level_words = LEVEL_WORDS
    names_beside_colour = True

    @property
    def tagline(self) -> str:
        return _("grow towers · lay branches · spore · fewest pips wins")

    @property
    def credit(self) -> str:
        return _("Sprawl by Invisible City Productions")

    def describe_level(self, level: str) -> str:
        return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else super().describe_level(level)

    def describe_seats(self, options: Mapping, seats: Sequence[SeatInfo], chosen: Sequence[str]) -> str:
        players = self.spec.options(options)["players"]
        board = {3: "5x6"}.get(players, "6x6" if players <= 6 else "8x8")
        return _("Board {size}; the first player is drawn.").format(size=board)

    def move_words(self, move) -> str:
        """A move in words, as the list of moves says it."""
        from .review_board import list_text
        return list_text(move)

    def review_board(self, app):
        """The game review's board: the position with the played and the better move."""
        from .review_board import SprawlReviewBoard
        return SprawlReviewBoard(app)
