"""City Blocks' plug-in: how the shell starts, shows, replays and explains City Blocks.

The match screen is :class:`~client.games.cityblocks.game.MatchScene` (board, seat panels
with trays, the ghost, computers in worker threads, online chrome); the final count is
:mod:`.score`, replays :mod:`.replay`, the rules in pictures :mod:`.howto`.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from client.scenes.plugin_scenes import ScenesPlugin
from shared.cityblocks import CITY_BLOCKS, CityBlocksSpec
from shared.gamekit.api import SeatInfo

from .game import MatchScene
from .howto import HowToScene
from .replay import ReplayScene
from .words import N_, _

# TRANSLATORS: how each computer level plays, after its name in the picker ("Easy: ...").
LEVEL_WORDS = {
    "random": N_("places a random piece that fits"),
    "easy": N_("greedy over a sample of placements, with some noise"),
    "medium": N_("weighs area, safe edges and each opponent's best reply"),
    "hard": N_("searches a few moves ahead (Monte-Carlo), about 0.5 s a move"),
    "expert": N_("searches deeper and forecasts the final score, about 9 s a move"),
}


class CityBlocksPlugin(ScenesPlugin):
    """2, 3 or 4 seats; four colours; ``.cbr`` records."""

    spec: CityBlocksSpec = CITY_BLOCKS
    match_scene, replay_scene, howto = MatchScene, ReplayScene, HowToScene
    level_words = LEVEL_WORDS

    @property
    def tagline(self) -> str:
        # TRANSLATORS: the line under the title art.
        return _("place your pieces · grow one big area · keep your edges open")

    @property
    def credit(self) -> str:
        return _("City Blocks by Jeremy Ritchie")

    def describe_level(self, level: str) -> str:
        words = self.level_words.get(level)
        return _(words) if words is not None else super().describe_level(level)

    def describe_seats(self, options: Mapping, seats: Sequence[SeatInfo], chosen: Sequence[str]) -> str:
        players = self.spec.options(options)["players"]
        if players == 2:
            return _("Two colours each; blue places first, then green, red, yellow.")
        if players == 3:
            return _("Blue is shared: each turn places your colour or blue. The first seat is drawn.")
        return _("The first colour is drawn when the game starts.")

    def move_words(self, move) -> str:
        """A move in words, as the list of moves says it."""
        from .review_board import list_text
        return list_text(move)

    def review_board(self, app):
        """The game review's board: the position with the played and the better move."""
        from .review_board import CityBlocksReviewBoard
        return CityBlocksReviewBoard(app)
