"""The ``alien-city`` command: one entry point, subcommands loaded only when used.

Commands that need no window (score, analyze, serve, ...) never import pygame: each
subcommand lives in its own module, imported after the command line names it.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

# name -> (module with add_arguments(parser) and run(args) -> int, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("alien_city.records", "score a game record (.ppn Alien City, .cbr City Blocks, .spr Sprawl)"),
    "analyze": ("alien_city.records", "replay a game record listing every legal move, then score it"),
    "serve": ("server.app", "run the match server (lobby, matches, spectators, reconnection; "
                            "--lan, TLS, --behind-proxy, /healthz)"),
    "bot": ("server.bot", "a headless client that plays on a server, ws:// or wss:// "
                          "(--level random|easy|medium|hard)"),
    "join": ("client.joinlink", "open the game straight into a room from a join link "
                                "(alien-city://HOST:PORT/ROOM or wss://HOST/#ROOM)"),
    "demo": ("client.cli_demo", "attract mode: bot against bot with every animation (--screenshots DIR)"),
}


def _top_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="alien-city",
        description="Alien City and its sister city games: play, serve, score and analyze.",
        epilog="Run 'alien-city COMMAND --help' for the options of a command.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (_, help_text) in COMMANDS.items():
        sub.add_parser(name, help=help_text, add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv:  # no subcommand: open the game window (pygame is imported only now)
        return importlib.import_module("client.app").main()
    if argv[0] not in COMMANDS:
        parser = _top_parser()
        parser.parse_args(argv)  # prints help, or a clear error naming the bad command
        return 2
    name = argv[0]
    module = importlib.import_module(COMMANDS[name][0])
    parser = argparse.ArgumentParser(prog=f"alien-city {name}", description=COMMANDS[name][1])
    module.add_arguments(parser, name)
    args = parser.parse_args(argv[1:])
    args.command = name
    try:
        return module.run(args)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a reader that stopped early (| head)
        sys.stdout = open(os.devnull, "w")
        return 0


if __name__ == "__main__":
    sys.exit(main())
