"""``alien-city score`` and ``alien-city analyze`` for every game: the record's own
header tells the game. Alien City's PPN keeps its own detailed command
(:mod:`shared.aliencity.cli_score`); the other games go through the contract.

Exit status: 0 done; 1 the record breaks the rules (strict reading); 2 the input cannot be
used at all (missing file, not a record), with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys

from shared.aliencity import cli_score as alien_city_cli
from shared.gamekit import GameSpec, RecordError, builtin_games
from shared.i18n import domain

_, N_, ngettext, pgettext = domain("cli")


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    alien_city_cli.add_arguments(parser, command)
    parser.description = _("{what}. The game is read from the record's header (Alien City PPN, "
                           "City Blocks .cbr, Sprawl .spr).").format(what=parser.description)
    for action in parser._actions:
        if action.dest == "record":
            action.metavar = "RECORD"


def run(args: argparse.Namespace) -> int:
    text = alien_city_cli.read_text(args.record)
    if isinstance(text, int):
        return text
    spec = builtin_games().for_record(text)
    if spec is None or spec.id == "alien-city":
        return alien_city_cli.run(args, text)  # PPN, or not a record at all: PPN's own errors
    return _run_contract(spec, text, args)


def _run_contract(spec: GameSpec, text: str, args: argparse.Namespace) -> int:
    try:
        record = spec.read_record(text, lenient=args.lenient)
        for warning in record.warnings:
            alien_city_cli.warn(warning)
        if args.command == "analyze":
            result = spec.analyze(text, lenient=args.lenient)
            if args.json:
                print(json.dumps(result, indent=1))
            else:
                _print_plies(spec, result)
                print()
                print(spec.score_text(record.state))
            return 0
    except RecordError as exc:
        if exc.illegal:
            return alien_city_cli.illegal_record(args.record, exc)
        return _fail(f"{args.record}: {exc}")
    if args.json:
        print(json.dumps(spec.score_summary(record.state) or {}, indent=1))
    else:
        print(spec.score_text(record.state))
    return 0


def _print_plies(spec: GameSpec, result: dict) -> None:
    names = [seat.label for seat in spec.seats({**result["options"], "players": result["players"]})]
    width = max(7, *(len(n) for n in names))
    for ply in result["plies"]:
        seat = names[ply["seat"]] if ply["seat"] is not None else "-"
        count = ngettext("{n} legal move", "{n} legal moves", ply["legal_count"]).format(n=ply["legal_count"])
        print(_("ply {ply} {seat} {move} ({count})").format(
            ply=f"{ply['ply']:>3}", seat=f"{seat:<{width}}", move=f"{ply['move']:<28}", count=count))


def _fail(message: str) -> int:
    print(f"alien-city: {message}", file=sys.stderr)
    return 2
