"""The games the platform serves: an explicit registry, no import-time magic.

``builtin_games()`` names every game that has passed the conformance suite
(``tests/games``); a server, client or test may also build a :class:`Registry` of its
own (a test registers a throwaway game only inside the test).
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .api import GameSpec, _


class UnknownGame(KeyError):
    """A game id the registry does not know; the text lists the ones it does."""

    def __str__(self) -> str:
        return str(self.args[0])


class Registry:
    """Game specs by id, in the order they were given (the order menus show)."""

    def __init__(self, specs: Iterable[GameSpec] = (), *, fallback: GameSpec | None = None) -> None:
        self._specs: dict[str, GameSpec] = {}
        for spec in specs:
            self.add(spec)
        self.fallback = fallback

    def add(self, spec: GameSpec) -> None:
        if spec.id in self._specs:
            raise ValueError(f"game {spec.id!r} is registered twice")
        self._specs[spec.id] = spec

    def get(self, game_id: str) -> GameSpec:
        try:
            return self._specs[game_id]
        except KeyError:
            if not self._specs:
                raise UnknownGame(_("unknown game {game!r}: this server has none").format(
                    game=game_id)) from None
            raise UnknownGame(_("unknown game {game!r}: this server has {known}").format(
                game=game_id, known=", ".join(self._specs))) from None

    def __getitem__(self, game_id: str) -> GameSpec:
        return self.get(game_id)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._specs

    def __iter__(self) -> Iterator[GameSpec]:
        return iter(self._specs.values())

    def __len__(self) -> int:
        return len(self._specs)

    def ids(self) -> tuple[str, ...]:
        return tuple(self._specs)

    def for_record(self, text: str) -> GameSpec | None:
        """The game whose record this text is (by its ``Game:`` header), if any."""
        for spec in self._specs.values():
            if spec.is_record(text):
                return spec
        return None

    def reader_for(self, text: str) -> GameSpec | None:
        """The game that reads this text: the one whose record it is, else the registry's
        ``fallback`` (whose reading then says why the text is not its record), else None."""
        return self.for_record(text) or self.fallback


def builtin_games() -> Registry:
    """Every game this project ships. Add a game here once it passes tests/games."""
    from shared.aliencity.spec import ALIEN_CITY
    from shared.cityblocks.spec import CITY_BLOCKS
    from shared.sprawl.spec import SPRAWL
    # A text no game claims goes to Alien City's PPN reader, which says what it lacks.
    return Registry([ALIEN_CITY, CITY_BLOCKS, SPRAWL], fallback=ALIEN_CITY)
