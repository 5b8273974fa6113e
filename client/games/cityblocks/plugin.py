"""City Blocks' plug-in: how the shell starts, shows, replays and explains City Blocks.

The match screen is :class:`~client.games.cityblocks.game.MatchScene` (board, seat panels
with trays, the ghost, computers in worker threads, online chrome); the final count is
:mod:`.score`, replays :mod:`.replay`, the rules in pictures :mod:`.howto`.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from shared.cityblocks import CITY_BLOCKS, CityBlocksSpec
from shared.gamekit.api import SeatInfo

from client.games.base import GamePlugin

from .game import MatchScene
from .howto import HowToScene
from .replay import ReplayScene

LEVEL_WORDS = {
    "random": "places a random piece that fits",
    "easy": "greedy over a sample of placements, with some noise",
    "hard": "weighs area, safe edges and each opponent's best reply",
}


class CityBlocksPlugin(GamePlugin):
    """2, 3 or 4 seats; four colours; ``.cbr`` records."""

    spec: CityBlocksSpec = CITY_BLOCKS
    tagline = "place your pieces · grow one big area · keep your edges open"
    credit = "City Blocks by Jeremy Ritchie"

    def make_board(self, app, state, seats: Sequence, *, chrome=None, seed: object = None) -> MatchScene:
        return MatchScene(app, state, seats=list(seats), chrome=chrome, seed=seed)

    def describe_level(self, level: str) -> str:
        return LEVEL_WORDS.get(level, super().describe_level(level))

    def describe_seats(self, options: Mapping, seats: Sequence[SeatInfo], chosen: Sequence[str]) -> str:
        players = self.spec.options(options)["players"]
        if players == 2:
            return "Two colours each; blue places first, then green, red, yellow."
        if players == 3:
            return "Blue is shared: each turn places your colour or blue. The first seat is drawn."
        return "The first colour is drawn when the game starts."

    def open_record(self, app, text: str, title: str) -> ReplayScene:
        """Records are read leniently (the replay lists the rules they break)."""
        return ReplayScene.from_text(app, text, title)

    def howto_scene(self, app) -> HowToScene:
        return HowToScene(app)
