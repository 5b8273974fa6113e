"""Sprawl's plug-in: how the shell starts, shows, replays and explains Sprawl.

The match screen is :class:`~client.games.sprawl.game.MatchScene` (board, seat panels
with stashes, the hand and its ghost, overlays, computers in worker threads, online
chrome); the end show is :mod:`.score`, replays :mod:`.replay`, the rules in pictures
:mod:`.howto`.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from shared.gamekit.api import SeatInfo
from shared.sprawl import SPRAWL, SprawlSpec

from client.scenes.plugin_scenes import ScenesPlugin

from .game import MatchScene
from .howto import HowToScene
from .replay import ReplayScene

LEVEL_WORDS = {
    "random": "plays a random legal move",
    "easy": "the best move one ply deep, with some noise",
    "hard": "searches ahead (Monte-Carlo) for each seat",
}


class SprawlPlugin(ScenesPlugin):
    """3 to 8 seats; eight Icehouse colours; ``.spr`` records."""

    spec: SprawlSpec = SPRAWL
    tagline = "grow towers · lay branches · spore · fewest pips wins"
    match_scene, replay_scene, howto = MatchScene, ReplayScene, HowToScene
    level_words = LEVEL_WORDS
    credit = "Sprawl by Invisible City Productions"

    def describe_seats(self, options: Mapping, seats: Sequence[SeatInfo], chosen: Sequence[str]) -> str:
        players = self.spec.options(options)["players"]
        board = {3: "5x6"}.get(players, "6x6" if players <= 6 else "8x8")
        return f"Board {board}; the first player is drawn."
