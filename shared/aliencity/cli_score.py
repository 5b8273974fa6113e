"""``alien-city score`` and ``alien-city analyze``: records scored and replayed, no window.

Exit status: 0 done; 1 the record breaks the rules (strict reading); 2 the input cannot be
used at all (missing file, not PPN, another game's record), with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys

from .errors import IllegalRecordError, MalformedError
from .geometry import bits
from .moves import Build
from .ppn import ReadResult, read_ppn
from .scoring import ScoreBreakdown
from .types import PIECES, Player, lot_name


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("record", metavar="RECORD.ppn", help="the game record to read")
    parser.add_argument("--lenient", action="store_true",
                        help="place every recorded piece even where it breaks a rule, and "
                             "report each broken rule as a warning")
    parser.add_argument("--edition", type=int, choices=(2002, 2004),
                        help="rules edition (default: the record's Edition header, else 2004)")
    parser.add_argument("--location-bonus", action="store_true", default=None,
                        help="score the optional location variant")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")


def read_text(path: str) -> str | int:
    """A record file's text, or the exit status 2 after one line saying why not."""
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except FileNotFoundError:
        return _fail(f"no such file: {path}")
    except IsADirectoryError:
        return _fail(f"{path} is a directory, not a record")
    except UnicodeDecodeError:
        return _fail(f"{path} is not a text file, so not a game record")
    except OSError as exc:
        return _fail(f"cannot read {path}: {exc.strerror or exc}")


def run(args: argparse.Namespace, text: str | None = None) -> int:
    """``score``/``analyze`` of a PPN record (``text``: already read from ``args.record``)."""
    if text is None:
        text = read_text(args.record)
        if isinstance(text, int):
            return text
    try:
        result = read_ppn(text, lenient=args.lenient, edition=args.edition,
                          location_bonus=args.location_bonus)
    except IllegalRecordError as exc:
        print(f"alien-city: {args.record}: illegal record: {exc} "
              "(use --lenient to read it anyway)", file=sys.stderr)
        return 1
    except MalformedError as exc:
        return _fail(f"{args.record}: {exc}")
    if args.command == "analyze":
        _analyze(result, args.json)
    else:
        _score(result, args.json)
    return 0


def _fail(message: str) -> int:
    print(f"alien-city: {message}", file=sys.stderr)
    return 2


def _score(result: ReadResult, as_json: bool) -> None:
    score = result.state.score()
    if as_json:
        print(json.dumps(score.to_dict() | {"warnings": result.warnings}, indent=2))
        return
    for warning in result.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    print(score_table(score, result.state.ruleset.text()))


def score_table(score: ScoreBreakdown, ruleset: str) -> str:
    """The score as a plain-text table, one line per tower and bonus."""
    lines = [f"Alien City score ({'final' if score.final else 'position as recorded'}, "
             f"rules {ruleset})", ""]
    for player in Player:
        lines.append(f"{player.text().capitalize():<6} {score.totals[player]:>4}")
        for t in score.towers_of(player):
            extra = f" + location {t.location}" if t.location else ""
            rival = f"nearest {t.colour.text()} {lot_name(t.competitor)}" if t.competitor is not None \
                else f"no other {t.colour.text()} tower"
            lines.append(f"  {lot_name(t.lot):<4} {t.colour.text():<5} tower  {len(t.customers):>2} "
                         f"customers x {t.competition:>2} ({rival}) = {t.points:>3}{extra}")
        for b in score.bonuses_of(player):
            lines.append(f"  bonus  green {lot_name(b.green):<3} <- {b.colour.text()} "
                         f"{lot_name(b.towers[0])} at distance {b.distance} = {b.points}")
        lines.append("")
    unpaid = [b for b in score.bonuses if b.paid_to is None]
    if unpaid:
        lines.append("Unpaid green bonuses:")
        lines.extend(f"  green {lot_name(b.green)} {b.colour.text()}: {b.note}" for b in unpaid)
        lines.append("")
    winner = score.winner
    black, white = score.totals[Player.BLACK], score.totals[Player.WHITE]
    lines.append("Draw" if winner is None else
                 f"Winner: {winner.text().capitalize()} ({max(black, white)} to {min(black, white)})")
    return "\n".join(lines)


def _build_json(move: Build) -> dict:
    return {"kind": move.piece.kind.text(), "colour": move.piece.colour.text(),
            "lot": lot_name(move.lot)}


def _analyze(result: ReadResult, as_json: bool) -> None:
    if as_json:
        plies = []
        for ply in result.plies:
            legal = ply.before.legal_builds(ply.player)
            plies.append({"ply": ply.ply, "player": ply.player.text(),
                          "legal_builds": [_build_json(m) for m in legal],
                          "build": _build_json(ply.build),
                          "claim": lot_name(ply.claim.lot) if ply.claim else None,
                          "warnings": ply.warnings})
        print(json.dumps({"plies": plies, "warnings": result.warnings,
                          "score": result.state.score().to_dict()}, indent=2))
        return
    for ply in result.plies:
        legal = ply.before.legal_builds(ply.player)
        claim = f", claims {lot_name(ply.claim.lot)}" if ply.claim else ""
        print(f"ply {ply.ply:>2}  {ply.player.text():<5} builds {ply.build.text()}{claim}  "
              f"({len(legal)} legal builds)")
        for piece, mask in zip(PIECES, legal.masks):
            if mask:
                print(f"         {piece.name():<12} {' '.join(lot_name(x) for x in bits(mask))}")
        for warning in ply.warnings:
            print(f"         warning: {warning}")
    print()
    print(score_table(result.state.score(), result.state.ruleset.text()))
