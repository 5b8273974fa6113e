"""The ``.cbr`` record: ``Key: value`` header lines, a blank line, then move tokens.

Strict reading stops at the first token a rule forbids (``RecordError(illegal=True)`` with
ply, token and rule code). Lenient reading places every piece as recorded when it can
physically go there (on the board, on free squares, a real piece shape) and warns about each
broken rule; tokens that cannot be placed at all are skipped with a warning. Our own extra
headers: ``First`` (always written; the spec needs it for a 3-player blue opening) and
``Left: <seat> <tokens before>, ...`` for seats that left an online game.
"""

from __future__ import annotations

import hashlib
from typing import Any, Mapping, cast

from shared.gamekit.api import MalformedMove, Record, RecordError

from .geometry import BLUE, COLOURS, ORIENTS, PIECES, SIZE, SQUARE_NAMES, shape_of
from .layout import OWNER, ROUND, SEATS, first_code, first_from_code, first_turn
from .moves import Move, parse_move
from .state import CityState, new_state
from .words import _

GAME_NAME = "City Blocks"


def write_record(state: CityState, headers: Mapping[str, str] | None = None) -> str:
    """The game so far; leavers' automatic passes are left out (``Left`` brings them back)."""
    head = {"Game": GAME_NAME, "Players": str(state.players)}
    extra = {str(k).strip(): str(v).strip().replace("\n", " ") for k, v in (headers or {}).items()}
    head.update({k: v for k, v in extra.items() if k.lower() not in ("game", "players")})
    head.setdefault("Seed", str(state.seed))
    head["First"] = first_code(state.players, state.first)
    if state.left:
        head["Left"] = ", ".join(f"{SEATS[state.players][s].name} {at}"
                                 for s, at in zip(state.left, state.left_at))
    else:
        head.pop("Left", None)
    lines = [f"{k}: {v}" for k, v in head.items() if k and ":" not in k]
    lines.append("")
    tokens = [m.text() for m in state.tokens]
    step = ROUND[state.players]
    lines.extend(" ".join(tokens[i:i + step]) for i in range(0, len(tokens), step))
    return "\n".join(lines) + "\n"


def _not_a_record(why: str) -> RecordError:
    return RecordError(_("not a City Blocks record: {why}").format(why=why))


def split_record(text: str) -> tuple[dict[str, str], list[str]]:
    """Headers and move tokens (comments dropped). Raises RecordError(illegal=False)."""
    if not isinstance(text, str):
        raise _not_a_record(_("not text"))
    lines = text.lstrip("\ufeff").splitlines()
    headers: dict[str, str] = {}
    i = 0
    while i < len(lines) and not lines[i].split("#", 1)[0].strip():
        i += 1
    while i < len(lines):
        line = lines[i].split("#", 1)[0].strip()
        i += 1
        if not line:
            break
        key, sep, value = line.partition(":")
        if not sep or not key.strip() or " " in key.strip():
            raise _not_a_record(_("line {line} is not a 'Key: value' header: {text}").format(
                line=i, text=repr(line[:40])))
        headers[key.strip()] = value.strip()
    lower = {k.lower(): v for k, v in headers.items()}
    game = lower.get("game")
    if game is None:
        raise _not_a_record(_("no 'Game:' header"))
    if game.strip('"').lower() != GAME_NAME.lower():
        raise _not_a_record(_("the game is {game}").format(game=repr(game)))
    if lower.get("players", "").strip() not in ("2", "3", "4"):
        raise _not_a_record(_("'Players:' must be 2, 3 or 4, got {players}").format(
            players=repr(lower.get("players"))))
    tokens = []
    for line in lines[i:]:
        tokens.extend(line.split("#", 1)[0].split())
    return headers, tokens


def _start(players: int, headers: Mapping[str, str], first_move: Move | None) -> tuple[CityState, str | None]:
    """The empty board with the record's first colour (seat), and a complaint if any."""
    lower = {k.lower(): v for k, v in headers.items()}
    raw_seed = lower.get("seed", "0")
    seed: int | str = int(raw_seed) if raw_seed.lstrip("-").isdigit() else raw_seed
    named = first_from_code(players, lower["first"]) if "first" in lower else None
    problem = None
    if first_move is None:
        first = named if named is not None else first_turn(players, seed)
    elif players == 2:
        first = BLUE
        if first_move.colour != BLUE:
            problem = _("with 2 players blue moves first")
    elif players == 4:
        first = first_move.colour
    elif first_move.colour != BLUE:
        first = OWNER[3][first_move.colour]  # type: ignore[assignment]  # not blue: owned
    else:
        first = named if named is not None else 0
        if named is None:
            problem = _("a 3-player record that opens with blue needs a 'First:' header")
    return new_state(players, seed, first), problem


def _left(players: int, headers: Mapping[str, str]) -> list[tuple[int, int]]:
    value = {k.lower(): v for k, v in headers.items()}.get("left", "").strip()
    if not value:
        return []
    names = [s.name for s in SEATS[players]]
    out = []
    for part in value.split(","):
        bits = part.split()
        if len(bits) != 2 or bits[0] not in names or not bits[1].isdigit():
            raise _not_a_record(_("bad 'Left:' entry {entry} (expected 'seat tokens')").format(
                entry=repr(part.strip())))
        out.append((names.index(bits[0]), int(bits[1])))
    return sorted(out, key=lambda e: e[1])


def placeable(state: CityState, move: Move) -> bool:
    """Can a lenient reader physically put this piece down (ignoring every rule)?"""
    if move.is_pass:
        return True
    if not all(0 <= x < SIZE and 0 <= y < SIZE for x, y in move.squares):
        return False
    if len(set(move.squares)) != len(move.squares) or shape_of(move.squares) is None:
        return False
    return not move.mask() & state.occupied


def _at(ply: int, token: str, problem: str) -> str:
    """Where a record breaks and why, as people read it."""
    return _("ply {ply}: {token}: {problem}").format(ply=ply, token=token, problem=problem)


def _skipped(ply: int, token: str, problem: str) -> str:
    return _("ply {ply}: {token}: {problem} (skipped)").format(ply=ply, token=token, problem=problem)


def replay(text: str, *, lenient: bool = False) -> tuple[Record, list[tuple[CityState, Move]]]:
    """Read a record: the :class:`Record` and, per move played, the state before it."""
    headers, tokens = split_record(text)
    players = int({k.lower(): v for k, v in headers.items()}["players"])
    leaves = _left(players, headers)
    first_move = None
    if tokens:
        try:
            first_move = parse_move(tokens[0])
        except MalformedMove:
            first_move = None
    state, problem = _start(players, headers, first_move)
    warnings: list[str] = []
    if problem:
        if not lenient:
            raise RecordError(_at(1, tokens[0], problem), illegal=True, ply=1,
                              token=tokens[0], rule="first_colour")
        warnings.append(_at(1, tokens[0], problem))
    start = state
    plies: list[tuple[CityState, Move]] = []

    def leave(upto: int) -> None:
        nonlocal state
        while leaves and leaves[0][1] <= upto and not state.over:
            seat, _at_token = leaves.pop(0)
            if seat not in state.left:
                state, _events = state.resign(seat)

    for ply, token in enumerate(tokens, 1):
        leave(ply - 1)
        try:
            move = parse_move(token)
        except MalformedMove as exc:
            if not lenient:
                raise RecordError(_at(ply, token, str(exc)), illegal=True, ply=ply,
                                  token=token, rule="malformed") from None
            warnings.append(_skipped(ply, token, str(exc)))
            continue
        reason = state.why_not(move)
        if reason is None:
            plies.append((state, move))
            state, _events = state.play(move)
            continue
        if not lenient:
            raise RecordError(_at(ply, token, reason.text), illegal=True, ply=ply,
                              token=token, rule=reason.code)
        if state.over or not placeable(state, move):
            warnings.append(_skipped(ply, token, reason.text))
            continue
        warnings.append(_("ply {ply}: {token}: {problem} (played as recorded)").format(
            ply=ply, token=token, problem=reason.text))
        plies.append((state, move))
        state, _events = state.force(move)
    leave(len(tokens))
    moves = tuple(m.text() for _before, m in plies)
    return Record(state, moves, start, dict(headers), tuple(warnings)), plies


def read_record(text: str, *, lenient: bool = False) -> Record:
    return replay(text, lenient=lenient)[0]


def legal_texts(state: CityState) -> list[str]:
    """Canonical texts of every legal placement of the seat to move (no pass), sorted."""
    out = []
    for colour, o, mask, _count in state._parts() if not state.over else []:
        head = f"{'bgry'[colour]}:{PIECES[ORIENTS[o].piece]}:"
        offsets = ORIENTS[o].offsets
        while mask:
            low = mask & -mask
            a = low.bit_length() - 1
            out.append(head + ",".join([SQUARE_NAMES[a + d] for d in offsets]))
            mask ^= low
    out.sort()
    return out


def analyze(text: str, *, lenient: bool = False) -> dict[str, Any]:
    """The ``alien-city analyze --json`` object for a City Blocks record."""
    from .scoring import summary
    record, plies = replay(text, lenient=lenient)
    rows = []
    for n, (before, move) in enumerate(plies, 1):
        legal = legal_texts(before)
        rows.append({"ply": n, "seat": before.to_move, "legal_count": len(legal),
                     "legal_sha256": hashlib.sha256("\n".join(legal).encode()).hexdigest(),
                     "move": move.text()})
    state = cast(CityState, record.state)  # replay() reads City Blocks states
    return {"game": "city-blocks",
 "players": state.players, "options": {}, "plies": rows,
            "over": state.over, "score": summary(state.score())}


__all__ = ["GAME_NAME", "analyze", "legal_texts", "placeable", "read_record", "replay",
           "split_record", "write_record", "COLOURS"]
