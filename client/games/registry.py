"""The client's games: an explicit registry of plug-ins keyed by their spec's id.

``builtin_plugins()`` names every game this client can show, in menu order; it is the
one place the shell learns that a game exists (a test may build a :class:`Plugins` of
its own with a throwaway game).

A built-in plug-in is named by its module and class and imported the first time the
shell asks for it (the title screen asks only for the first game): start-up does not
wait for games nobody has opened yet. Nothing registers itself on import.
"""

from __future__ import annotations

import importlib
from typing import Callable, Iterable, Iterator, Union

from shared.gamekit.registry import Registry

from .base import GamePlugin

Loader = Callable[[], GamePlugin]


def load(path: str) -> Loader:
    """``"package.module:Class"`` -> a loader making that plug-in (imported when called)."""
    module, _, name = path.partition(":")

    def make() -> GamePlugin:
        return getattr(importlib.import_module(module), name)()
    return make


class Plugins:
    """Game plug-ins by spec id, in the order given (the order the picker shows); each is a
    plug-in or, for ``lazy``, a loader that makes it on first use."""

    def __init__(self, plugins: Iterable[GamePlugin] = ()) -> None:
        self._plugins: dict[str, Union[GamePlugin, Loader]] = {}
        for plugin in plugins:
            self.add(plugin)

    @classmethod
    def lazy(cls, loaders: dict[str, Loader]) -> "Plugins":
        """Plug-ins by game id, each made by its loader the first time it is needed."""
        plugins = cls()
        plugins._plugins.update(loaders)
        return plugins

    def add(self, plugin: GamePlugin) -> None:
        if plugin.spec.id in self._plugins:
            raise ValueError(f"game {plugin.spec.id!r} has two plug-ins")
        self._plugins[plugin.spec.id] = plugin

    def get(self, game_id: str) -> GamePlugin:
        try:
            entry = self._plugins[game_id]
        except KeyError:
            known = ", ".join(self._plugins) or "none"
            raise KeyError(f"this client cannot show {game_id!r} (it shows {known})") from None
        if not isinstance(entry, GamePlugin):
            entry = self._plugins[game_id] = entry()
            if entry.spec.id != game_id:
                raise ValueError(f"the plug-in registered as {game_id!r} plays {entry.spec.id!r}")
        return entry

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._plugins

    def __iter__(self) -> Iterator[GamePlugin]:
        """The plug-ins in order, each loaded only when the iteration reaches it."""
        for game_id in list(self._plugins):
            yield self.get(game_id)

    def __len__(self) -> int:
        return len(self._plugins)

    def ids(self) -> tuple[str, ...]:
        return tuple(self._plugins)

    @property
    def first(self) -> GamePlugin:
        return self.get(next(iter(self._plugins)))

    def specs(self) -> Registry:
        """The contract's registry of these games (for the online session, records)."""
        return Registry(p.spec for p in self)

    def for_record(self, text: str) -> GamePlugin | None:
        """The plug-in whose game wrote this record, if any."""
        spec = self.specs().for_record(text)
        return None if spec is None else self.get(spec.id)


def builtin_plugins() -> Plugins:
    """Every game this client shows, in menu order."""
    return Plugins.lazy({
        "alien-city": load("client.games.aliencity.plugin:AlienCityPlugin"),
        "city-blocks": load("client.games.cityblocks.plugin:CityBlocksPlugin"),
        "sprawl": load("client.games.sprawl.plugin:SprawlPlugin"),
    })
