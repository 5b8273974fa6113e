"""``python -m client`` opens the game window, as ``alien-city`` with no command does.

It reads the options that concern the window (``--lang``, ``join LINK``, ``--help``) and
names any other; the commands that need no window (score, serve, bot, ...) belong to
``alien-city``. It imports nothing above the client, so the layers keep one direction.
"""

from __future__ import annotations

import argparse
import os
import sys

from shared.i18n import LANGUAGES, domain, set_language

from . import joinlink

_, N_, ngettext, pgettext = domain("client")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m client",
        description=_("Open the game window (the same as alien-city with no command)."),
        epilog=_("Scoring, serving and the other commands: alien-city --help."))
    parser.add_argument("--lang", choices=tuple(LANGUAGES),
                        help=_("the game's language (default: the one in Options, else the system's)"))
    sub = parser.add_subparsers(dest="command", metavar="{join}")
    joinlink.add_arguments(sub.add_parser(
        "join", help=_("open the game straight into a room from a join link")), "join")
    return parser


def _early_lang(argv: list[str]) -> str | None:
    """The ``--lang`` asked for, read before the parser is built so its help speaks it."""
    for i, arg in enumerate(argv):
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else (
            arg.split("=", 1)[1] if arg.startswith("--lang=") else None)
        if value in LANGUAGES:
            return value
    return None


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang = _early_lang(argv)
    if lang is not None:
        os.environ["LANGUAGE"] = lang  # the window's language follows it
        set_language(lang)
    args = _parser().parse_args(argv)
    if args.command == "join":
        return joinlink.run(args)
    from .app import main as open_window  # pygame is imported only now
    return open_window(language=lang)


if __name__ == "__main__":
    sys.exit(main())
