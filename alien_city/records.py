"""``alien-city score`` and ``alien-city analyze`` for every game: the record's own
header tells the game, and the game's contract (``GameSpec.score_report``,
``analyze_report``, ``record_options``) says what to print.

Exit status: 0 done; 1 the record breaks the rules (strict reading); 2 the input cannot be
used at all (missing file, not a record), with one line on stderr.
"""

from __future__ import annotations

import argparse
import sys

from shared.gamekit import OptionField, RecordError, builtin_games
from shared.i18n import domain

_, N_, ngettext, pgettext = domain("cli")


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("record", metavar="RECORD", help=_("the game record to read"))
    parser.add_argument("--lenient", action="store_true",
                        help=_("place every recorded piece even where it breaks a rule, and "
                               "report each broken rule as a warning"))
    named: set[str] = set()
    for spec in builtin_games():
        for option in spec.record_options():
            if option.name not in named:
                named.add(option.name)
                _add_option(parser, option)
    parser.add_argument("--json", action="store_true",
                        help=_("print JSON instead of a table (always in English)"))
    parser.description = _("{what}. The game is read from the record's header (Alien City PPN, "
                           "City Blocks .cbr, Sprawl .spr).").format(what=parser.description)


def _add_option(parser: argparse.ArgumentParser, option: OptionField) -> None:
    """A game's record option as ``--name``: left unset (None) unless given."""
    flag = "--" + option.name.replace("_", "-")
    if option.kind == "bool":
        parser.add_argument(flag, dest=option.name, action="store_true", default=None,
                            help=option.help)
    elif option.kind == "choice":
        parser.add_argument(flag, dest=option.name, type=type(option.choices[0]),
                            choices=option.choices, help=option.help)
    else:
        parser.add_argument(flag, dest=option.name, type=int, help=option.help)


def run(args: argparse.Namespace) -> int:
    text = read_text(args.record)
    if isinstance(text, int):
        return text
    spec = builtin_games().reader_for(text)
    if spec is None:
        return _fail(_("{path} is not a game record").format(path=args.record))
    given = {option.name: getattr(args, option.name, None) for option in spec.record_options()}
    report = spec.analyze_report if args.command == "analyze" else spec.score_report
    try:
        result = report(text, lenient=args.lenient, as_json=args.json,
                        options={k: v for k, v in given.items() if v is not None})
    except RecordError as exc:
        if exc.illegal:
            return illegal_record(args.record, exc)
        return _fail(f"{args.record}: {exc}")
    for warning in result.warnings:
        print(_("warning: {warning}").format(warning=warning), file=sys.stderr)
    print(result.text)
    return 0


def read_text(path: str) -> str | int:
    """A record file's text, or the exit status 2 after one line saying why not."""
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        return _fail(_("no such file: {path}").format(path=path))
    except IsADirectoryError:
        return _fail(_("{path} is a directory, not a record").format(path=path))
    except UnicodeDecodeError:
        return _fail(_("{path} is not a text file, so not a game record").format(path=path))
    except OSError as exc:
        return _fail(_("cannot read {path}: {reason}").format(path=path, reason=exc.strerror or exc))


def illegal_record(path: str, problem: object) -> int:
    """Exit status 1 after one line naming the rule the record broke."""
    print("alien-city: " + _("{path}: illegal record: {problem} (use --lenient to read it anyway)")
          .format(path=path, problem=problem), file=sys.stderr)
    return 1


def _fail(message: str) -> int:
    print(f"alien-city: {message}", file=sys.stderr)
    return 2

