"""A plug-in made of scene classes: the match screen, the replay and the how-to pages
named once, with words for the computer's levels; ``make_board``, ``open_record``,
``howto_scene`` and ``describe_level`` follow from them. For plug-ins whose screens take
the usual arguments (City Blocks, Sprawl)."""

from __future__ import annotations

from typing import Any, Sequence

from ..games.base import GamePlugin


class ScenesPlugin(GamePlugin):
    match_scene: Any = None      # MatchScene(app, state, seats=, chrome=, seed=)
    replay_scene: Any = None     # ReplayScene.from_text(app, text, title): lenient records
    howto: Any = None            # HowToScene(app), or None: no pages
    level_words: dict[str, str] = {}

    def make_board(self, app, state, seats: Sequence, *, chrome=None, seed: object = None):
        return self.match_scene(app, state, seats=list(seats), chrome=chrome, seed=seed)

    def describe_level(self, level: str) -> str:
        return self.level_words.get(level, super().describe_level(level))

    def open_record(self, app, text: str, title: str):
        """Records are read leniently (the replay lists the rules they break)."""
        return self.replay_scene.from_text(app, text, title)

    def howto_scene(self, app):
        return self.howto(app) if self.howto is not None else None
