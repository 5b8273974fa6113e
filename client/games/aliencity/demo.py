"""The attract-mode director: a small script of waits and actions, run one frame at a
time (a generator yields the game seconds to wait), so the same demo drives a real
window, a headless screenshot run, and the benchmark."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from pathlib import Path
from typing import Callable, Iterator

import pygame

from client import theme
from client.app import FIXED_DT, App
from client.config import Options, load_options
from client.scenes.base import Scene
from client.scenes.files import FilesScene
from client.scenes.online import OnlineScene
from client.scenes.options import OptionsScene
from client.scenes.title import TitleScene
from shared.aliencity import Phase, Player, Ruleset, new_game
from shared.i18n import domain

from .dice import DiceScene
from .game import GameScene
from .howto import PAGES, HowToScene
from .match import RandomBot
from .score import ScoreScene
from .score_plan import BonusBeat, TotalsBeat

_, N_, ngettext, pgettext = domain("aliencity")


class Director:
    """Runs ``script()`` against an App; ``shot(name)`` saves the current frame."""

    def __init__(self, app: App, seed: int | str, shots: Path | None, until_end: bool) -> None:
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
    def script(self) -> Iterator[float | Callable[[], bool]]:
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

    def tour(self) -> Iterator[float | Callable[[], bool]]:
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
        howto = HowToScene(app)
        self.show(howto)
        for page in range(len(PAGES)):
            howto.page = page
            yield 0.1
            self.shot(f"howto-{page + 1}")
        self.close_top()
        self.show(FilesScene(app))
        yield 0.2
        self.shot("replay-open")
        self.close_top()
        online = OnlineScene(app, "play")
        self.show(online)
        yield 0.2
        self.shot("online")
        self.close_top()

    def one_game(self) -> Iterator[float | Callable[[], bool]]:
        app = self.app
        n = self.games
        self.games += 1
        edition = 2002 if n % 2 == 0 else 2004
        seed = f"{self.seed}-{n}"
        state = new_game(Ruleset(edition, location_bonus=(n % 3 == 2)), seed)
        bots = {Player.BLACK: RandomBot(f"{seed}-black"), Player.WHITE: RandomBot(f"{seed}-white")}
        game = GameScene(app, state, bots=bots)
        app.stack.clear_to(game)
        app.stack.apply_pending()
        if state.dice:
            yield lambda: isinstance(self.top(), DiceScene)
            yield 0.5
            self.shot("dice-rolling")
            yield lambda: isinstance(self.top(), DiceScene) and self.top().show_result
            yield 0.2
            self.shot("dice-result")
            yield lambda: not isinstance(self.top(), DiceScene)
        yield 0.6
        self.shot("game-start")
        while not isinstance(self.top(), ScoreScene):
            self.watch(game)
            if self.shots is not None and "road-overlay" not in self.taken and self._quiet(game, 24):
                yield from self.road_tour(game)
            yield 0
        show = self.top()
        if self.shots is not None:
            yield from self.score_tour(show)
        yield lambda: show.stage == "final"
        yield 2.0
        self.shot("score")
        if self.shots is not None:
            score = self.top()
            score.replay()
            app.stack.apply_pending()
            replay = self.top()
            yield 0.3
            for _ in range(min(14, replay.count)):
                replay.forward()
                yield 0.15
            yield 0.5
            self.shot("replay")
            replay.close()
            app.stack.apply_pending()

    @staticmethod
    def _quiet(game, ply: int) -> bool:
        s = game.state
        return s.ply >= ply and s.phase is not Phase.OVER and any(s.caps)

    def road_tour(self, game) -> Iterator[float | Callable[[], bool]]:
        """The road made visible, for the screenshots: the overlay (R), a structure's
        distance wave, then a pinned structure and the path to a second one."""
        game.bot_hold = True
        yield lambda: (not game.timeline.busy and not game.bot_busy and not game.flyers
                       and game.banner is None) or game.state.phase is Phase.OVER
        state = game.state
        if state.phase is Phase.OVER:
            game.bot_hold = False
            return
        game.insight.overlay.on = True
        yield 0.9
        self.shot("road-overlay")
        game.insight.overlay.on = False
        tower = next(lot for lot, cap in enumerate(state.caps) if cap)
        game.track_pointer(game.geo.lot_center(tower))
        yield 1.8
        self.shot("road-wave")
        game.insight.click(tower)
        between = game.insight.engine.between
        other = min((lot for lot, _ in state.structures() if lot != tower and between(state, tower, lot)[0]),
                    key=lambda lot: abs(between(state, tower, lot)[0] - 7))
        game.track_pointer(game.geo.lot_center(other))
        yield 1.5
        self.shot("road-path")
        game.insight.unpin()
        game.track_pointer((0, 0))
        game.bot_hold = False

    def score_tour(self, show) -> Iterator[float | Callable[[], bool]]:
        """Three (and more) moments of the score show."""
        v = lambda: show.view  # noqa: E731 - the beat's view changes as the show goes on
        yield lambda: v().lit >= 2 or v().trace > 0 or v().index > 0
        self.shot("score-customers")
        yield lambda: v().trace >= 1.0 or v().equation > 0 or v().index > 0
        yield 0.2
        self.shot("score-distance")
        yield lambda: (v().flying and v().fly > 0.45) or v().index > 1
        self.shot("score-points-fly")
        if any(isinstance(b, BonusBeat) for b in show.beats):
            yield lambda: isinstance(v().beat, BonusBeat) and (v().verdict >= 1 or v().fly > 0.3) \
                or show.stage == "final"
            self.shot("score-bonus")
        yield lambda: (isinstance(v().beat, TotalsBeat) and v().roll >= 1.0) or show.stage == "final"
        self.shot("score-totals")

    def watch(self, game) -> None:
        """Take one screenshot of each interesting moment of a game."""
        s = game.state
        if self.shots is None:
            return
        if s.phase is Phase.BUILD and s.ply >= 8 and game.hover_lot is not None and game.selected:
            self.shot("game-build")
        if any(f.piece is not None and 0.25 < f.p < 0.6 for f in game.flyers):
            self.shot("game-drop")
        if s.phase is Phase.CLAIM and game.hover_lot is not None and s.ply >= 10:
            self.shot("game-claim")
        if any(f.piece is None and 0.3 < f.p < 0.8 for f in game.flyers):
            self.shot("game-cap")
        if game.banner is not None and game.banner.colour == theme.BAD and game.banner.alpha >= 1:
            self.shot("game-skip")
        if s.ply >= 34 and "game-late" not in self.taken and not game.flyers and s.phase is Phase.BUILD:
            self.shot("game-late")
            self.app.options.colour_blind = True
            self.shot("game-colour-blind")
            self.app.options.colour_blind = False


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise SystemExit(_("alien-city demo: bad --size {size!r}: expected WxH like 1280x800").format(size=text)) \
            from None
    return max(640, w), max(480, h)


def run_demo(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    shots = Path(args.screenshots) if args.screenshots else None
    options = Options() if shots is not None else load_options()
    options.fullscreen = False
    try:
        app = App(options, parse_size(args.size), persist=False, speed=max(0.05, args.speed))
    except pygame.error as exc:
        print(_("alien-city demo: cannot open a window: {error}").format(error=exc), file=sys.stderr)
        return 1
    headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
    director = Director(app, seed, shots, args.until_end or shots is not None)
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
            app.step(FIXED_DT, events)
            director.tick(FIXED_DT)
            if not headless:
                clock.tick(60)
    except KeyboardInterrupt:
        pass
    finally:
        app.close()
    if shots is not None:
        n = len(director.taken)
        print(ngettext("wrote {n} screenshot to {folder}", "wrote {n} screenshots to {folder}", n).format(
            n=n, folder=shots))
    return 0
