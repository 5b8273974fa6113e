"""``alien-city score`` and ``alien-city analyze``: records scored and replayed, no window.

Exit status: 0 done; 1 the record breaks the rules (strict reading); 2 the input cannot be
used at all (missing file, not PPN, another game's record), with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .errors import IllegalRecordError, MalformedError
from .geometry import bits
from .moves import Build
from .ppn import ReadResult, read_ppn
from .scoring import ScoreBreakdown
from .texts import _, colour_word, ngettext, piece_label, player_label, player_word
from .types import PIECES, TOWERS, Player, lot_name


def add_arguments(parser: argparse.ArgumentParser, command: str) -> None:
    parser.add_argument("record", metavar="RECORD.ppn", help=_("the game record to read"))
    parser.add_argument("--lenient", action="store_true",
                        help=_("place every recorded piece even where it breaks a rule, and "
                               "report each broken rule as a warning"))
    parser.add_argument("--edition", type=int, choices=(2002, 2004),
                        help=_("rules edition (default: the record's Edition header, else 2004)"))
    parser.add_argument("--location-bonus", action="store_true", default=None,
                        help=_("score the optional location variant"))
    parser.add_argument("--json", action="store_true",
                        help=_("print JSON instead of a table (always in English)"))


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


def warn(warning: str) -> None:
    print(_("warning: {warning}").format(warning=warning), file=sys.stderr)


def run(args: argparse.Namespace, text: str | None = None) -> int:
    """``score``/``analyze`` of a PPN record (``text``: already read from ``args.record``)."""
    if text is None:
        read = read_text(args.record)
        if isinstance(read, int):  # the exit status of a file that cannot be read
            return read
        text = read
    try:
        result = read_ppn(text, lenient=args.lenient, edition=args.edition,
                          location_bonus=args.location_bonus)
    except IllegalRecordError as exc:
        return illegal_record(args.record, exc)
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
        warn(warning)
    print(score_table(score, result.state.ruleset.label()))


def score_table(score: ScoreBreakdown, ruleset: str) -> str:
    """The score as a plain-text table, one line per tower and bonus (``ruleset``: the
    rules as people read them, ``Ruleset.label()``)."""
    title = (_("Alien City score (final, rules {rules})") if score.final
             else _("Alien City score (position as recorded, rules {rules})"))
    lines = [title.format(rules=ruleset), ""]
    name_width = max(6, *(len(player_label(p)) for p in Player))
    tower_width = max(len(piece_label(t)) for t in TOWERS)
    for player in Player:
        lines.append(f"{player_label(player):<{name_width}} {score.totals[player]:>4}")
        for t in score.towers_of(player):
            rival = (_("nearest {colour} {lot}").format(colour=colour_word(t.colour), lot=lot_name(t.competitor))
                     if t.competitor is not None else _("no other {colour} tower").format(colour=colour_word(t.colour)))
            extra = _(" + location {points}").format(points=t.location) if t.location else ""
            n = len(t.customers)
            customers = ngettext("{n} customer", "{n} customers", n).format(n=f"{n:>2}")
            lines.append("  " + _("{lot} {tower} {customers} x {competition} ({rival}) = {points}{extra}").format(
                lot=f"{lot_name(t.lot):<4}", tower=f"{piece_label(TOWERS[t.colour]):<{tower_width}}",
                customers=customers, competition=f"{t.competition:>2}", rival=rival,
                points=f"{t.points:>3}", extra=extra))
        for b in score.bonuses_of(player):
            lines.append("  " + _("bonus: green {green} <- {colour} {tower} at distance {distance} = {points}")
                         .format(green=f"{lot_name(b.green):<3}", colour=colour_word(b.colour),
                                 tower=lot_name(b.towers[0]), distance=b.distance, points=b.points))
        lines.append("")
    unpaid = [b for b in score.bonuses if b.paid_to is None]
    if unpaid:
        lines.append(_("Unpaid green bonuses:"))
        lines.extend("  " + _("green {green} {colour}: {note}").format(
            green=lot_name(b.green), colour=colour_word(b.colour), note=b.note) for b in unpaid)
        lines.append("")
    winner = score.winner
    black, white = score.totals[Player.BLACK], score.totals[Player.WHITE]
    lines.append(_("Draw") if winner is None else _("Winner: {player} ({high} to {low})").format(
        player=player_label(winner), high=max(black, white), low=min(black, white)))
    return "\n".join(lines)


def _build_json(move: Build) -> dict[str, Any]:
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
    name_width = max(5, *(len(player_word(p)) for p in Player))
    piece_width = max(12, *(len(piece_label(p)) for p in PIECES))
    for ply in result.plies:
        legal = ply.before.legal_builds(ply.player)
        count = ngettext("{n} legal build", "{n} legal builds", len(legal)).format(n=len(legal))
        who = f"{player_word(ply.player):<{name_width}}"
        if ply.claim:
            line = _("ply {ply}  {player} builds {move}, claims {lot}  ({count})").format(
                ply=f"{ply.ply:>2}", player=who, move=ply.build.text(), lot=lot_name(ply.claim.lot),
                count=count)
        else:
            line = _("ply {ply}  {player} builds {move}  ({count})").format(
                ply=f"{ply.ply:>2}", player=who, move=ply.build.text(), count=count)
        print(line)
        for piece, mask in zip(PIECES, legal.masks):
            if mask:
                print(f"         {piece_label(piece):<{piece_width}} {' '.join(lot_name(x) for x in bits(mask))}")
        for warning in ply.warnings:
            print("         " + _("warning: {warning}").format(warning=warning))
    print()
    print(score_table(result.state.score(), result.state.ruleset.label()))
