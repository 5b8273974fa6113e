"""Alien City's own ``alien-city score`` and ``alien-city analyze`` (its spec's
``score_report`` and ``analyze_report``): every tower's customers and competition, every
green bonus, and each ply's legal builds lot by lot, from a PPN record whose rules edition
the command line may override.
"""

from __future__ import annotations

import json
from typing import Any

from shared.gamekit.errors import RecordError
from shared.gamekit.report import Report

from .errors import IllegalRecordError, MalformedError
from .geometry import bits
from .moves import Build
from .ppn import ReadResult, read_ppn
from .scoring import ScoreBreakdown
from .texts import _, colour_word, ngettext, piece_label, player_label, player_word
from .types import PIECES, TOWERS, Player, lot_name


def read(text: str, *, lenient: bool = False, edition: int | None = None,
         location_bonus: bool | None = None) -> ReadResult:
    """A PPN record replayed; its problems as the contract's :class:`RecordError`."""
    try:
        return read_ppn(text, lenient=lenient, edition=edition, location_bonus=location_bonus)
    except IllegalRecordError as exc:
        raise RecordError(str(exc), illegal=True, ply=exc.ply, token=exc.move_text,
                          rule=exc.rule) from None
    except MalformedError as exc:
        raise RecordError(str(exc)) from None


def score_report(text: str, *, lenient: bool = False, as_json: bool = False,
                 edition: int | None = None, location_bonus: bool | None = None) -> Report:
    """The score table (its warnings apart), or the score as JSON with the warnings in it."""
    result = read(text, lenient=lenient, edition=edition, location_bonus=location_bonus)
    score = result.state.score()
    if as_json:
        return Report(json.dumps(score.to_dict() | {"warnings": result.warnings}, indent=2))
    return Report(score_table(score, result.state.ruleset.label()), tuple(result.warnings))


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


def analyze_report(text: str, *, lenient: bool = False, as_json: bool = False,
                   edition: int | None = None, location_bonus: bool | None = None) -> Report:
    """Every ply with its legal builds lot by lot and its warnings, then the score table."""
    result = read(text, lenient=lenient, edition=edition, location_bonus=location_bonus)
    if as_json:
        plies = []
        for ply in result.plies:
            legal = ply.before.legal_builds(ply.player)
            plies.append({"ply": ply.ply, "player": ply.player.text(),
                          "legal_builds": [_build_json(m) for m in legal],
                          "build": _build_json(ply.build),
                          "claim": lot_name(ply.claim.lot) if ply.claim else None,
                          "warnings": ply.warnings})
        return Report(json.dumps({"plies": plies, "warnings": result.warnings,
                                  "score": result.state.score().to_dict()}, indent=2))
    name_width = max(5, *(len(player_word(p)) for p in Player))
    piece_width = max(12, *(len(piece_label(p)) for p in PIECES))
    lines = []
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
        lines.append(line)
        for piece, mask in zip(PIECES, legal.masks):
            if mask:
                lots = " ".join(lot_name(x) for x in bits(mask))
                lines.append(f"         {piece_label(piece):<{piece_width}} {lots}")
        for warning in ply.warnings:
            lines.append("         " + _("warning: {warning}").format(warning=warning))
    lines.append("")
    lines.append(score_table(result.state.score(), result.state.ruleset.label()))
    return Report("\n".join(lines))
