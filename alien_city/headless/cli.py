"""The command line of ``alien-city bot`` (see :mod:`.bot` for what the bot does): which
game, which level, create / join / quick / watch, options, and the summary it prints.

Game options are generic: ``--option NAME=VALUE`` for any game, and a flag of its own for
every option a built-in game declares in its option schema (``GameSpec.option_schema``:
Alien City's ``--edition 2002``, ``--location-bonus``; Sprawl's ``--players 5``), so no
game's options are written here.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

from websockets.exceptions import ConnectionClosed

from shared.gamekit import OptionField, builtin_games

from .bot import Bot, BotError, result_text
from .tls import client_context


def _levels() -> list[str]:
    """Every level any built-in game offers, plus the plain random mover."""
    levels = ["random"]
    for spec in builtin_games():
        levels += [level for level in spec.computer_levels if level not in levels]
    return levels


def _value(text: str) -> Any:
    """An option's value from the command line: true/false, integers, else text (the game
    validates it)."""
    lowered = text.strip().lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    try:
        return int(text)
    except ValueError:
        return text.strip()


def _option(text: str) -> tuple[str, Any]:
    """``--option name=value``."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name.strip(), _value(value)


def _game_options() -> dict[str, list[tuple[str, OptionField]]]:
    """Every option the built-in games declare: name -> [(game title, its field)]."""
    found: dict[str, list[tuple[str, OptionField]]] = {}
    for spec in builtin_games():
        for field in spec.option_schema():
            found.setdefault(field.name, []).append((spec.title, field))
    return found


class _GameOption(argparse.Action):
    """Keeps a game option's flag in ``args.game_options`` (later flags win over
    ``--option``); which game has the option is checked by the game itself."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        value = self.const if self.nargs == 0 else values
        namespace.game_options = getattr(namespace, "game_options", {}) | {self.dest: value}


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    """A flag per option of the games' option schemas: ``--NAME VALUE``, or a bare
    ``--NAME`` for a true/false option (every game that has it says bool). A name that
    would clash with the bot's own flags stays reachable through ``--option``."""
    group = parser.add_argument_group("game options", "each built-in game's options as flags; "
                                      "--option NAME=VALUE works for any game")
    for name, owners in _game_options().items():
        flag = "--" + name.replace("_", "-")
        boolean = all(field.kind == "bool" for _title, field in owners)
        about = "; ".join(f"{title}: {field.label}" + (f" ({', '.join(map(str, field.choices))})"
                                                        if field.choices else "")
                          + f", default {field.default}" for title, field in owners)
        try:
            if boolean:
                group.add_argument(flag, dest=name, action=_GameOption, nargs=0, const=True,
                                   default=argparse.SUPPRESS, help=about)
            else:
                group.add_argument(flag, dest=name, action=_GameOption, type=_value,
                                   metavar="VALUE", default=argparse.SUPPRESS, help=about)
        except argparse.ArgumentError:  # the bot's own flag of that name wins
            continue


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    games = builtin_games()
    parser.add_argument("--server", default="ws://127.0.0.1:8765",
                        help="server address (default ws://127.0.0.1:8765)")
    parser.add_argument("--game", default="alien-city", choices=games.ids(),
                        help="the game to play (default alien-city)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--create", action="store_true",
                      help="create a match and print its room code as the first line")
    mode.add_argument("--join", metavar="CODE", help="join the match with this room code")
    levels = _levels()
    parser.add_argument("--level", choices=levels, default="random",
                        help="how the bot plays: random (any legal move, the default) or one "
                             "of the game's computer levels (" + ", ".join(levels[1:]) + ")")
    parser.add_argument("--computer", choices=levels, metavar="LEVEL",
                        help="with --create: the server's computer players of this level "
                             f"({', '.join(levels)}) take every other seat")
    parser.add_argument("--games", type=int, default=1,
                        help="games to play (rematches, or new quick matches; default 1)")
    parser.add_argument("--seed", type=int, default=None, help="seed of the bot's move choices")
    parser.add_argument("--name", default="bot", help="the bot's player name")
    parser.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE",
                        help="an option of a created or quick match, for any game (repeat; "
                             "e.g. players=4, edition=2002, location_bonus=true)")
    parser.add_argument("--private", action="store_true", help="do not list a created match")
    parser.add_argument("--think-ms", type=float, default=0.0,
                        help="mean thinking time per move in milliseconds (default 0)")
    parser.add_argument("--cafile", default=None, metavar="PEM",
                        help="wss://: also trust this certificate (a self-signed server's own)")
    parser.add_argument("--insecure", action="store_true",
                        help="wss://: do not check the server's certificate (testing only)")
    parser.add_argument("--watch", metavar="CODE",
                        help="only watch this match as a spectator, printing every move")
    _add_game_options(parser)


def match_options(args: argparse.Namespace) -> dict[str, Any]:
    """The options of a created or quick match: ``--option`` pairs, then the game option
    flags (the server's game validates them and names what it refuses)."""
    return dict(args.option) | getattr(args, "game_options", {})


async def _run(args: argparse.Namespace) -> int:
    def say(line: str) -> None:
        print(line, flush=True)

    context = None
    if args.server.lower().startswith("wss:"):
        try:
            context = client_context(args.cafile, args.insecure)
        except (OSError, ValueError) as exc:
            raise BotError(f"cannot read --cafile {args.cafile}: {exc}") from None
    bot = Bot(args.server, name=args.name, seed=args.seed, out=say, think=args.think_ms / 1000,
              level=args.level, game=args.game, ssl=context)
    options = match_options(args)
    await bot.start()
    if args.watch:
        try:
            return await bot.watch(args.watch)
        finally:
            await bot.close()
    try:
        for number in range(1, args.games + 1):
            if number == 1 and args.create:
                code = await bot.create(options, public=not args.private, computer=args.computer)
                say(code)
            elif number == 1 and args.join:
                code = await bot.join(args.join)
            elif number > 1 and (args.create or args.join):
                if not await bot.rematch():
                    say(f"the opponents did not take a rematch after {number - 1} games")
                    break
                code = bot.code
            else:
                code = await bot.quick(options or None)
            ended = await bot.play()
            winner = ended["winner"] or "nobody (draw)"
            say(f"game {number}: match {code}, played {bot.seat}, {ended['reason']}, "
                f"winner {winner} ({result_text(ended, bot.seat_names)})")
    finally:
        await bot.close()
    stats = bot.stats
    say(f"games={stats.games} moves={stats.moves} errors={stats.errors} desyncs={stats.desyncs} "
        f"reconnects={stats.reconnects}")
    for note in stats.notes[:10]:
        print(f"note: {note}", file=sys.stderr)
    return 0 if stats.errors == 0 and stats.desyncs == 0 else 1


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        print("alien-city bot: --games must be at least 1", file=sys.stderr)
        return 2
    if args.computer and not args.create:
        print("alien-city bot: --computer needs --create", file=sys.stderr)
        return 2
    spec = builtin_games().get(args.game)
    for flag, level in (("--level", args.level), ("--computer", args.computer)):
        if level not in (None, "random") and level not in spec.computer_levels:
            print(f"alien-city bot: {flag}: invalid choice {level!r} for {spec.title} (choose "
                  f"from {', '.join(spec.computer_levels)})", file=sys.stderr)
            return 2
    try:
        return asyncio.run(_run(args))
    except BotError as exc:
        print(f"alien-city bot: {exc}", file=sys.stderr)
        return 1
    except (ConnectionClosed, OSError) as exc:
        print(f"alien-city bot: connection failed: {exc}", file=sys.stderr)
        return 1
