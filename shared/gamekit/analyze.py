"""``analyze`` over the contract: a record replayed ply by ply with every legal move of
the seat to move, in the JSON shape outside tools check (docs/games/*.md)."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

from shared.i18n import domain

from .errors import IllegalMove, RecordError

if TYPE_CHECKING:
    from .api import GameSpec, Record

_, N_, ngettext, pgettext = domain("cli")


def legal_texts(spec: GameSpec, state: Any) -> list[str]:
    """The sorted canonical texts of the legal moves now, passes left out."""
    return sorted(spec.move_text(m) for m in state.legal_moves() if not spec.is_pass(m))


def analyze(spec: GameSpec, record: Record, *, list_legal: bool = False) -> dict[str, Any]:
    """The analyze object of a record: one entry per move token, then the score.
    ``list_legal`` adds each ply's sorted legal move texts (Sprawl's contract does)."""
    if record.start is None:
        raise RecordError(_("this {game} record cannot be replayed (no start position)")
                          .format(game=spec.title))
    state = record.start
    plies = []
    ply = 0
    for text in record.moves:
        leaver = spec.leaver(text)
        if leaver is not None:  # a seat left: no legal moves to list
            state, _events = state.resign(leaver)
            continue
        ply += 1
        move = spec.parse_move(text)
        legal = legal_texts(spec, state)
        entry: dict[str, Any] = {
            "ply": ply, "seat": state.to_move, "legal_count": len(legal),
            "legal_sha256": hashlib.sha256("\n".join(legal).encode("utf-8")).hexdigest()}
        if list_legal:
            entry["legal"] = legal
        entry["move"] = spec.move_text(move)
        plies.append(entry)
        try:
            state, _events = state.play(move)
        except IllegalMove as exc:
            raise RecordError(_("ply {ply} ({move}): {reason}").format(
                ply=ply, move=text, reason=exc.rejection.text), illegal=True, ply=ply,
                token=text, rule=exc.rejection.code) from None
    out: dict[str, Any] = {"game": spec.id, "players": state.seat_count,
                           "options": {k: v for k, v in state.options.items() if k != "players"},
                           "plies": plies, "over": state.is_over()}
    score = spec.score_summary(state)
    if score is not None:
        out["score"] = score
    return out
