"""The client's games: an explicit registry of plug-ins keyed by their spec's id.

``builtin_plugins()`` names every game this client can show, in menu order; it is the
one place the shell learns that a game exists (a test may build a :class:`Plugins` of
its own with a throwaway game)."""

from __future__ import annotations

from typing import Iterable, Iterator

from shared.gamekit.registry import Registry

from .aliencity.plugin import AlienCityPlugin
from .base import GamePlugin
from .cityblocks.plugin import CityBlocksPlugin
from .sprawl.plugin import SprawlPlugin


class Plugins:
    """Game plug-ins by spec id, in the order given (the order the picker shows)."""

    def __init__(self, plugins: Iterable[GamePlugin] = ()) -> None:
        self._plugins: dict[str, GamePlugin] = {}
        for plugin in plugins:
            self.add(plugin)

    def add(self, plugin: GamePlugin) -> None:
        if plugin.spec.id in self._plugins:
            raise ValueError(f"game {plugin.spec.id!r} has two plug-ins")
        self._plugins[plugin.spec.id] = plugin

    def get(self, game_id: str) -> GamePlugin:
        try:
            return self._plugins[game_id]
        except KeyError:
            known = ", ".join(self._plugins) or "none"
            raise KeyError(f"this client cannot show {game_id!r} (it shows {known})") from None

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._plugins

    def __iter__(self) -> Iterator[GamePlugin]:
        return iter(self._plugins.values())

    def __len__(self) -> int:
        return len(self._plugins)

    @property
    def first(self) -> GamePlugin:
        return next(iter(self._plugins.values()))

    def specs(self) -> Registry:
        """The contract's registry of these games (for the online session, records)."""
        return Registry(p.spec for p in self)

    def for_record(self, text: str) -> GamePlugin | None:
        """The plug-in whose game wrote this record, if any."""
        spec = self.specs().for_record(text)
        return None if spec is None else self._plugins[spec.id]


def builtin_plugins() -> Plugins:
    """Every game this client shows. City Blocks and Sprawl join with their plug-ins."""
    return Plugins([AlienCityPlugin(), CityBlocksPlugin(), SprawlPlugin()])
