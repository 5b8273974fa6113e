"""``alien-city demo``: the attract mode, bot against bot with every animation on.

Also the headless driver: under ``SDL_VIDEODRIVER=dummy`` it runs as fast as the machine
allows (fixed dt, no waiting), and ``--screenshots DIR`` writes a PNG of every screen
and game phase. pygame is imported only when the command runs.
"""

from __future__ import annotations

import argparse


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("--seed", default=None, help="seed for the cities and the bots (default: random)")
    parser.add_argument("--speed", type=float, default=1.0, help="animation speed factor (default 1)")
    parser.add_argument("--screenshots", metavar="DIR", help="write PNGs of each scene and phase into DIR")
    parser.add_argument("--until-end", action="store_true", help="stop when the (first) game is over")
    parser.add_argument("--size", default="1280x800", help="window size WxH (default 1280x800)")


def run(args: argparse.Namespace) -> int:
    from .games.registry import builtin_plugins  # pygame loads only when the command runs
    return builtin_plugins().first.run_demo(args)
