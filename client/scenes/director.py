"""The attract mode's director, for any game: a script of waits and actions run one frame
at a time (a generator yields the game seconds to wait, or a test to wait for), so the
same show drives a real window, a headless screenshot run and the benchmark.

:class:`Director` owns the plumbing, the title screen, the tour of the shell's menu
screens (for screenshots) and the endless loop of games; a game's plug-in subclasses it
with ``one_game`` (its own choreography: one computer game, its moments photographed)
and may add its own screens to the tour (``game_tour``). :func:`run` is the frame loop.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

import pygame

from .base import Scene
from .files import FilesScene
from .online import OnlineScene
from .options import OptionsScene
from .title import TitleScene

if TYPE_CHECKING:
    from ..app import App

Script = Iterator[float | Callable[[], bool]]


class Director:
    """Runs ``script()`` against an App; ``shot(name)`` saves the current frame once."""

    def __init__(self, app: "App", seed: int | str, shots: Path | None, until_end: bool) -> None:
        self.app = app
        self.seed = seed
        self.shots = shots
        self.until_end = until_end
        self.taken: list[str] = []
        self.done = False
        self.games = 0
        self._wait = 0.0
        self._until: Callable[[], bool] | None = None
        self._script = self.script()

    # -- plumbing ---------------------------------------------------------------------
    def tick(self, dt: float) -> None:
        """Advance the script by one frame of ``dt`` game seconds."""
        if self.done:
            return
        if self._wait > 0:
            self._wait -= dt * self.app.speed
            if self._wait > 0:
                return
        if self._until is not None and not self._until():
            return
        self._until = None
        try:
            step = next(self._script)
        except StopIteration:
            self.done = True
            return
        if callable(step):
            self._until = step
        else:
            self._wait = float(step)

    def shot(self, name: str) -> None:
        if self.shots is None or name in self.taken:
            return
        self.app.stack.draw(self.app.window)
        self.shots.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.app.window, str(self.shots / f"{len(self.taken) + 1:02d}-{name}.png"))
        self.taken.append(name)

    def top(self) -> Scene | None:
        return self.app.stack.top

    def show(self, scene: Scene) -> None:
        self.app.stack.push(scene)
        self.app.stack.apply_pending()

    def close_top(self) -> None:
        self.app.stack.pop()
        self.app.stack.apply_pending()

    # -- the show ---------------------------------------------------------------------
    def script(self) -> Script:
        self.app.stack.clear_to(TitleScene(self.app))
        self.app.stack.apply_pending()
        yield 1.2
        self.shot("title")
        if self.shots is not None:
            yield from self.tour()
        while True:
            yield from self.one_game()
            if self.until_end:
                return
            yield 4.0

    def one_game(self) -> Script:
        """One game of the attract mode, from its start to its final count."""
        raise NotImplementedError

    def game_tour(self) -> Script:
        """The game's own screens (its how-to pages), for the screenshots."""
        yield from ()

    def tour(self) -> Script:
        """Every menu screen once, for the screenshots."""
        app = self.app
        options = OptionsScene(app)
        self.show(options)
        yield 0.3
        self.shot("options")
        app.options.colour_blind = True
        options.menu.focus = next((i for i, r in enumerate(options.rows) if r.label.startswith("Colour")),
                                  options.menu.focus)  # (another language: the row keeps its place)
        yield 0.1
        self.shot("options-colour-blind")
        app.options.colour_blind = False
        self.close_top()
        yield from self.game_tour()
        self.show(FilesScene(app))
        yield 0.2
        self.shot("replay-open")
        self.close_top()
        online = OnlineScene(app, "play")
        self.show(online)
        yield 0.2
        self.shot("online")
        self.close_top()


def run(app: "App", director: Director, dt: float) -> None:
    """The frame loop: ``dt`` game seconds a frame (60 frames a second in a window, as
    fast as it goes headless) until the show ends or Esc or the window closes it."""
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    clock = pygame.time.Clock()
    director.tick(0.0)  # puts the title screen up
    try:
        while app.running and not director.done:
            events = []
            for event in pygame.event.get():
                if event.type == pygame.QUIT or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                    app.running = False
                elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED) or \
                        (event.type == pygame.KEYDOWN and event.key == pygame.K_F11):
                    events.append(event)
            app.step(dt, events)
            director.tick(dt)
            if not headless:
                clock.tick(60)
    except KeyboardInterrupt:
        pass
    finally:
        app.close()
