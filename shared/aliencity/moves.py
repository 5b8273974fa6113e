"""Moves and their text forms.

A turn is two moves: a :class:`Build` (mandatory), then, when the rules offer it, a
:class:`Claim` or a :class:`Pass` (decline to claim). Text forms parse back:

    Tr@e6     build a red tower on e6   (T = tower, D = dome; r b g k = red blue green black)
    Dk@c7     build a black dome on c7
    claim@e6  claim the tower on e6
    pass      claim nothing this turn

``parse_move`` also reads PPN tokens (``R3x@e6``, ``S@c7``, ``K1x@e6``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .errors import InvalidMoveError, MalformedError
from .texts import _
from .types import PIECES, Colour, Kind, Piece, Player, lot_name, parse_lot

# PPN piece tokens: towers are large pyramids "R3x", domes are coins by suit letter.
_PPN_TOWER = {"R": Colour.RED, "B": Colour.BLUE, "G": Colour.GREEN}
_PPN_DOME = {"S": Colour.RED, "A": Colour.BLUE, "C": Colour.GREEN, "M": Colour.BLACK}
_PPN_CAP = {"K": Player.BLACK, "W": Player.WHITE}
_PPN_TOWER_OUT = {v: k for k, v in _PPN_TOWER.items()}
_PPN_DOME_OUT = {v: k for k, v in _PPN_DOME.items()}

_OWN_BUILD = re.compile(r"^([TD][rbgk])@([a-h](?:10|[1-9]))$", re.IGNORECASE)
_OWN_CLAIM = re.compile(r"^claim@([a-h](?:10|[1-9]))$", re.IGNORECASE)
_PPN_BUILD = re.compile(r"^(?:([RBG])3x|([SACM]))@([a-h](?:10|[1-9]))$")
_PPN_CLAIM = re.compile(r"^([KW])1x@([a-h](?:10|[1-9]))$")


@dataclass(frozen=True, slots=True)
class Build:
    piece: Piece
    lot: int

    def text(self) -> str:
        return f"{self.piece.text()}@{lot_name(self.lot)}"

    def ppn(self) -> str:
        if self.piece.kind is Kind.TOWER:
            return f"{_PPN_TOWER_OUT[self.piece.colour]}3x@{lot_name(self.lot)}"
        return f"{_PPN_DOME_OUT[self.piece.colour]}@{lot_name(self.lot)}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "build", "kind": self.piece.kind.text(),
                "colour": self.piece.colour.text(), "lot": lot_name(self.lot)}

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Claim:
    lot: int

    def text(self) -> str:
        return f"claim@{lot_name(self.lot)}"

    def ppn(self, player: Player) -> str:
        return f"{'K' if player is Player.BLACK else 'W'}1x@{lot_name(self.lot)}"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "claim", "lot": lot_name(self.lot)}

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline the optional claim after a build."""

    def text(self) -> str:
        return "pass"

    def to_dict(self) -> dict[str, Any]:
        return {"type": "pass"}

    def __str__(self) -> str:
        return "pass"


Move = Build | Claim | Pass


def parse_move(text: str) -> Move:
    """Parse our move text or a PPN token. Raises :class:`InvalidMoveError` quoting it."""
    if not isinstance(text, str):
        raise InvalidMoveError(_("a move must be text, got {type}").format(type=type(text).__name__))
    raw = text.strip()
    if raw.lower() == "pass":
        return Pass()
    if m := _OWN_BUILD.match(raw):
        try:
            return Build(Piece.parse(m.group(1)), parse_lot(m.group(2)))
        except InvalidMoveError as exc:
            raise InvalidMoveError(_("bad move {text!r}: {problem}").format(text=text, problem=exc)) from None
    if m := _OWN_CLAIM.match(raw):
        return Claim(parse_lot(m.group(1)))
    if m := _PPN_BUILD.match(raw):
        if m.group(1):
            piece = PIECES[_PPN_TOWER[m.group(1)]]
        else:
            piece = PIECES[3 + _PPN_DOME[m.group(2)]]
        return Build(piece, parse_lot(m.group(3)))
    if m := _PPN_CLAIM.match(raw):
        return Claim(parse_lot(m.group(2)))
    raise InvalidMoveError(_("bad move {text!r}: expected e.g. 'Tr@e6' (build), 'claim@e6' or 'pass'")
                           .format(text=text))


def ppn_cap_owner(text: str) -> Player | None:
    """The player whose cap a PPN claim token shows (``K1x@e6`` -> Black), else ``None``."""
    m = _PPN_CLAIM.match(text.strip())
    return _PPN_CAP[m.group(1)] if m else None


def move_from_dict(data: object) -> Move:
    """Inverse of ``move.to_dict()``; errors name the offending field."""
    if not isinstance(data, dict):
        raise InvalidMoveError(_("a move must be a mapping, got {type}").format(type=type(data).__name__))
    kind = data.get("type")
    try:
        if kind == "build":
            return Build(Piece.parse(f"{data.get('colour')} {data.get('kind')}"),
                         parse_lot(_text(data, "lot")))
        if kind == "claim":
            return Claim(parse_lot(_text(data, "lot")))
        if kind == "pass":
            return Pass()
    except MalformedError as exc:
        raise InvalidMoveError(_("bad move {text!r}: {problem}").format(text=data, problem=exc)) from None
    raise InvalidMoveError(_("bad move {text!r}: 'type' must be 'build', 'claim' or 'pass'")
                           .format(text=data))


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise InvalidMoveError(_("field {key!r} must be text, got {value!r}").format(key=key, value=value))
    return value
