"""The ``alien-city`` command: one entry point, subcommands loaded only when used.

Commands that need no window (score, analyze, serve, ...) never import pygame: each
subcommand lives in its own module, imported after the command line names it.

Language: the commands people read (score, analyze, join, demo, help) speak the system's
language, or the one ``--lang`` names; ``--json`` output is always English (it is for
programs). ``serve`` and ``bot`` always speak English: a server's texts go to every
client, and clients translate them by their codes.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from shared.i18n import LANGUAGES, domain, set_language

_, N_, ngettext, pgettext = domain("cli")

# name -> (module with add_arguments(parser) and run(args) -> int, one-line help)
COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("alien_city.records", N_("score a game record (.ppn Alien City, .cbr City Blocks, "
                                       ".spr Sprawl)")),
    "analyze": ("alien_city.records", N_("replay a game record listing every legal move, then score it")),
    "serve": ("server.app", N_("run the match server (lobby, matches, spectators, reconnection; "
                               "--lan, TLS, --behind-proxy, /healthz)")),
    "bot": ("alien_city.headless.cli", N_("a headless client that plays on a server, ws:// or wss:// "
                             "(--level random|easy|medium|hard|expert)")),
    "join": ("client.joinlink", N_("open the game straight into a room from a join link "
                                   "(alien-city://HOST:PORT/ROOM or wss://HOST/#ROOM)")),
    "demo": ("client.cli_demo", N_("attract mode: bot against bot with every animation "
                                   "(--screenshots DIR)")),
}
# Commands whose texts reach other people's screens: always English.
SERVER_COMMANDS = ("serve", "bot")
LANG_OPTION = "--lang"


class LanguageError(ValueError):
    """A ``--lang`` the command line cannot use; the message says why."""


def take_global_lang(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` / ``--lang=X`` given before the command: (X, the rest of argv)."""
    lang = None
    rest = list(argv)
    while rest and rest[0].startswith(LANG_OPTION):
        if rest[0] == LANG_OPTION and len(rest) > 1:
            lang, rest = rest[1], rest[2:]
        elif rest[0].startswith(LANG_OPTION + "="):
            lang, rest = rest[0].split("=", 1)[1], rest[1:]
        else:
            break  # a bare --lang at the end: argparse names the missing value
    return lang, rest


def command_lang(argv: list[str]) -> str | None:
    """The last ``--lang`` among a command's own arguments, if any."""
    lang = None
    for i, arg in enumerate(argv):
        if arg == LANG_OPTION and i + 1 < len(argv):
            lang = argv[i + 1]
        elif arg.startswith(LANG_OPTION + "="):
            lang = arg.split("=", 1)[1]
    return lang


def choose_language(command: str | None, lang: str | None) -> str:
    """Switch to the language a command speaks and return it: English for the server's
    commands, else ``lang`` (None: the system's). Raises :class:`LanguageError`."""
    if lang is not None and lang not in LANGUAGES:
        raise LanguageError(_("unknown language {lang!r}: choose one of {choices}").format(
            lang=lang, choices=", ".join(LANGUAGES)))
    if command in SERVER_COMMANDS:
        if lang not in (None, "en"):
            raise LanguageError(_("{command} always speaks English (clients translate its "
                                  "messages); leave out --lang").format(command=command))
        return set_language("en")
    return set_language(lang)


def _add_lang(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(LANG_OPTION, choices=tuple(LANGUAGES), metavar="{" + ",".join(LANGUAGES) + "}",
                        help=_("language of the output (default: the system's)"))


def _top_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="alien-city",
        description=_("Alien City and its sister city games: play, serve, score and analyze."),
        epilog=_("Run 'alien-city COMMAND --help' for the options of a command."))
    _add_lang(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (_module, help_text) in COMMANDS.items():
        sub.add_parser(name, help=_(help_text), add_help=False)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    lang, argv = take_global_lang(argv)
    name = argv[0] if argv and argv[0] in COMMANDS else None
    try:
        lang = (command_lang(argv[1:]) if name else None) or lang
        choose_language(name, lang)
    except LanguageError as exc:
        print(f"alien-city: {exc}", file=sys.stderr)
        return 2
    if lang is not None and name not in SERVER_COMMANDS:
        os.environ["LANGUAGE"] = lang  # a game window opened from here follows it too
    if not argv:  # no subcommand: open the game window (pygame is imported only now)
        return importlib.import_module("client.app").main(language=lang)
    if name is None:
        parser = _top_parser()
        parser.parse_args(argv)  # prints help, or a clear error naming the bad command
        return 2
    module = importlib.import_module(COMMANDS[name][0])
    parser = argparse.ArgumentParser(prog=f"alien-city {name}", description=_(COMMANDS[name][1]))
    if name not in SERVER_COMMANDS:
        _add_lang(parser)
    module.add_arguments(parser, name)
    args = parser.parse_args(argv[1:])
    args.command = name
    args.lang = lang  # the global --lang or the command's own: a window opened here speaks it
    if getattr(args, "json", False):
        set_language("en")  # JSON is for programs: the same in every language
    try:
        return module.run(args)
    except KeyboardInterrupt:
        print(_("interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into a reader that stopped early (| head)
        sys.stdout = open(os.devnull, "w")
        return 0


if __name__ == "__main__":
    sys.exit(main())
