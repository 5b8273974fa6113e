"""What ``alien-city score`` and ``alien-city analyze`` print for a record, by default
through the rest of the contract (``read_record``, ``analyze``, ``score_summary``,
``score_text``). A game with a richer view of its records overrides
``GameSpec.score_report`` / ``GameSpec.analyze_report`` instead; the command itself only
reads the file, picks the game, prints a :class:`Report` and turns a
:class:`~shared.gamekit.errors.RecordError` into its exit status.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from shared.i18n import domain

if TYPE_CHECKING:
    from .api import GameSpec

_, N_, ngettext, pgettext = domain("cli")


@dataclass(frozen=True)
class Report:
    """``text`` goes to standard output; each of ``warnings`` (rules a lenient reading let
    through, when the text does not show them itself) to standard error, first."""

    text: str
    warnings: tuple[str, ...] = ()


def score_report(spec: "GameSpec", text: str, *, lenient: bool = False,
                 as_json: bool = False) -> Report:
    """The final position's score: ``score_text``, or ``score_summary`` as JSON."""
    record = spec.read_record(text, lenient=lenient)
    if as_json:
        return Report(json.dumps(spec.score_summary(record.state) or {}, indent=1), record.warnings)
    return Report(spec.score_text(record.state), record.warnings)


def analyze_report(spec: "GameSpec", text: str, *, lenient: bool = False,
                   as_json: bool = False) -> Report:
    """Every ply with its count of legal moves, then the score (or ``analyze`` as JSON)."""
    record = spec.read_record(text, lenient=lenient)
    result = spec.analyze(text, lenient=lenient)
    if as_json:
        return Report(json.dumps(result, indent=1), record.warnings)
    return Report("\n".join([*ply_lines(spec, result), "", spec.score_text(record.state)]),
                  record.warnings)


def ply_lines(spec: "GameSpec", result: dict[str, Any]) -> list[str]:
    """One line per ply of an ``analyze`` object: number, seat, move, legal moves."""
    names = [seat.label for seat in spec.seats({**result["options"], "players": result["players"]})]
    width = max(7, *(len(n) for n in names))
    lines = []
    for ply in result["plies"]:
        seat = names[ply["seat"]] if ply["seat"] is not None else "-"
        count = ngettext("{n} legal move", "{n} legal moves", ply["legal_count"]).format(n=ply["legal_count"])
        lines.append(_("ply {ply} {seat} {move} ({count})").format(
            ply=f"{ply['ply']:>3}", seat=f"{seat:<{width}}", move=f"{ply['move']:<28}", count=count))
    return lines
