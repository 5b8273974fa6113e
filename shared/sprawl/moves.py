"""Sprawl moves and their text (the spec's notation, which records and the wire use).

    r:3@c4        red places a 3 upright on c4 (a first tower, or a spore later)
    r:3@c4+2+1    the same spore followed by overload builds of a 2 then a 1
    r:+2@c4       red builds a 2 on the tower on c4
    r:2n@c5       red lays a 2 flat on c5 pointing north (a branch)

Moves carry their seat (the colour letter), so a move's text alone says who plays it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from typing import Iterator

from shared.gamekit.api import MalformedMove

from .board import DIR_LETTERS, LETTERS, parse_square, square_name
from .words import _

_PLACE = re.compile(r"^([a-z]):([123])@([a-z]\d+)((?:\+[123])*)$")
_BUILD = re.compile(r"^([a-z]):\+([123])@([a-z]\d+)$")
_BRANCH = re.compile(r"^([a-z]):([123])([nesw])@([a-z]\d+)$")


@dataclass(frozen=True, slots=True)
class Place:
    """An upright piece on a vacant square: the first tower, or a spore (with
    ``extra`` overload builds, sizes in order)."""

    seat: int
    size: int
    square: int
    extra: tuple[int, ...] = ()

    def text(self) -> str:
        tail = "".join(f"+{k}" for k in self.extra)
        return f"{LETTERS[self.seat]}:{self.size}@{square_name(self.square)}{tail}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Build:
    """A piece on top of a tower."""

    seat: int
    size: int
    square: int

    def text(self) -> str:
        return f"{LETTERS[self.seat]}:+{self.size}@{square_name(self.square)}"

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class Branch:
    """A piece lying flat on ``square``, pointing in direction ``direction`` (0..3 = n e s w)."""

    seat: int
    size: int
    square: int
    direction: int

    def text(self) -> str:
        return (f"{LETTERS[self.seat]}:{self.size}{DIR_LETTERS[self.direction]}"
                f"@{square_name(self.square)}")

    def __str__(self) -> str:
        return self.text()


Move = Place | Build | Branch
MOVE_TYPES = (Place, Build, Branch)


def _seat(letter: str, text: str) -> int:
    if letter not in LETTERS:
        raise MalformedMove(_("bad move {move}: {letter} is not a colour letter "
                              "(r y g b k w p o)").format(move=repr(text), letter=repr(letter)))
    return LETTERS.index(letter)


def _square(name: str, text: str) -> int:
    sq = parse_square(name)
    if sq is None:
        raise MalformedMove(_("bad move {move}: {square} is not a square of any Sprawl board")
                            .format(move=repr(text), square=repr(name)))
    return sq


def parse_move(text: object) -> Move:
    """Move text -> move (case and surrounding spaces ignored). Raises MalformedMove."""
    if not isinstance(text, str):
        raise MalformedMove(_("a move is text, got {kind}").format(kind=type(text).__name__))
    raw = text.strip().lower()
    if m := _BRANCH.match(raw):
        return Branch(_seat(m.group(1), text), int(m.group(2)), _square(m.group(4), text),
                      DIR_LETTERS.index(m.group(3)))
    if m := _BUILD.match(raw):
        return Build(_seat(m.group(1), text), int(m.group(2)), _square(m.group(3), text))
    if m := _PLACE.match(raw):
        extra = tuple(int(k) for k in m.group(4).split("+")[1:])
        return Place(_seat(m.group(1), text), int(m.group(2)), _square(m.group(3), text), extra)
    raise MalformedMove(_("bad move {move}: expected e.g. 'r:3@c4' (tower or spore), "
                          "'r:+2@c4' (build) or 'r:2n@c5' (branch)").format(move=repr(text)))


def move_text(move: Move) -> str:
    return move.text()


PlaceTuple = tuple[int, int, tuple[int, ...]]   # (square, size, extra sizes)
BuildTuple = tuple[int, int]                    # (square, size)
BranchTuple = tuple[int, int, int]              # (square, size, direction)


class Legal:
    """The contract's lazy view of the legal moves: three plain lists of small tuples
    (``places``: (square, size, extra), ``builds``: (square, size), ``branches``:
    (square, size, direction)); move objects are made only when asked for."""

    __slots__ = ("seat", "places", "builds", "branches")

    def __init__(self, seat: int, places: list[PlaceTuple], builds: list[BuildTuple],
                 branches: list[BranchTuple]) -> None:
        self.seat = seat
        self.places = places
        self.builds = builds
        self.branches = branches

    def __len__(self) -> int:
        return len(self.places) + len(self.builds) + len(self.branches)

    def __bool__(self) -> bool:
        return bool(self.places or self.builds or self.branches)

    def move_at(self, i: int) -> Move:
        seat = self.seat
        n = len(self.places)
        if i < n:
            q, k, extra = self.places[i]
            return Place(seat, k, q, extra)
        i -= n
        n = len(self.builds)
        if i < n:
            q, k = self.builds[i]
            return Build(seat, k, q)
        q, k, d = self.branches[i - n]
        return Branch(seat, k, q, d)

    def random(self, rng: random.Random) -> Move:
        total = len(self)
        if not total:
            raise IndexError("no legal move")
        return self.move_at(rng.randrange(total))

    def __iter__(self) -> Iterator[Move]:
        for i in range(len(self)):
            yield self.move_at(i)

    def __contains__(self, move: object) -> bool:
        if not isinstance(move, MOVE_TYPES) or move.seat != self.seat:
            return False
        if isinstance(move, Branch):
            return (move.square, move.size, move.direction) in self.branches
        if isinstance(move, Build):
            return (move.square, move.size) in self.builds
        return (move.square, move.size, move.extra) in self.places

    def texts(self) -> list[str]:
        return sorted(m.text() for m in self)
