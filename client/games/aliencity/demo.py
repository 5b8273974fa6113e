"""Alien City's attract mode: the shell's director (:mod:`client.scenes.director`) with
this game's choreography: a game of quick bots under alternating rules, and for the
screenshots the dice, the road overlay, the score show's beats and a replay."""

from __future__ import annotations

import argparse
import secrets
import sys
from pathlib import Path
from typing import Callable, Iterator

import pygame

from client import theme
from client.app import FIXED_DT, App
from client.config import Options, load_options
from client.scenes import director
from shared.aliencity import Phase, Player, Ruleset, new_game
from shared.i18n import domain

from .dice import DiceScene
from .game import GameScene
from .howto import PAGES, HowToScene
from .match import RandomBot
from .score import ScoreScene
from .score_plan import BonusBeat, TotalsBeat

_, N_, ngettext, pgettext = domain("aliencity")


class Director(director.Director):
    """One game of quick bots at a time; the how-to pages join the screenshot tour."""

    def game_tour(self) -> Iterator[float | Callable[[], bool]]:
        howto = HowToScene(self.app)
        self.show(howto)
        for page in range(len(PAGES)):
            howto.page = page
            yield 0.1
            self.shot(f"howto-{page + 1}")
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
            for _ in range(min(14, replay.controls.count)):
                replay.controls.forward()
                yield 0.15
            yield 0.5
            self.shot("replay")
            replay.stepping.close()
            app.stack.apply_pending()

    @staticmethod
    def _quiet(game, ply: int) -> bool:
        s = game.state
        return s.ply >= ply and s.phase is not Phase.OVER and any(s.caps)

    def road_tour(self, game) -> Iterator[float | Callable[[], bool]]:
        """The road made visible, for the screenshots: the overlay (R), a structure's
        distance wave, then a pinned structure and the path to a second one."""
        game.bot_hold = True
        yield lambda: (not game.timeline.busy and not game.turns.busy and not game.flyers
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
        if any(isinstance(b, BonusBeat) for b in show.tally.beats):
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
    show = Director(app, seed, shots, args.until_end or shots is not None)
    director.run(app, show, FIXED_DT)
    if shots is not None:
        n = len(show.taken)
        print(ngettext("wrote {n} screenshot to {folder}", "wrote {n} screenshots to {folder}", n).format(
            n=n, folder=shots))
    return 0
