"""Seats and turns for 2, 3 and 4 players (spec tables "Seats" and "Turn order").

2 and 4 players: the colours take turns blue, green, red, yellow from a first colour and the
owner of the colour decides. 3 players: the seats red, green, yellow take turns from a first
seat and each may place its own colour or the shared blue.
"""

from __future__ import annotations

import random

from shared.gamekit.api import SeatInfo

from .geometry import BLUE, COLOURS, GREEN, RED, YELLOW

RGB = {BLUE: (44, 102, 214), GREEN: (46, 158, 72), RED: (214, 52, 52), YELLOW: (238, 190, 32)}

# per player count: the colours each seat scores (and, 2/4 players, plays)
SEAT_COLOURS: dict[int, tuple[tuple[int, ...], ...]] = {
    4: ((BLUE,), (GREEN,), (RED,), (YELLOW,)),
    2: ((BLUE, RED), (GREEN, YELLOW)),
    3: ((RED,), (GREEN,), (YELLOW,)),
}
# per player count, per colour: the seat that decides for it (3 players: blue is shared)
OWNER: dict[int, tuple[int | None, ...]] = {4: (0, 1, 2, 3), 2: (0, 1, 0, 1), 3: (None, 1, 0, 2)}
ROUND = {2: 4, 3: 3, 4: 4}         # turns in one round = passes in a row that end the game


def seat_infos(players: int) -> tuple[SeatInfo, ...]:
    out = []
    for colours in SEAT_COLOURS[players]:
        names = [COLOURS[c] for c in colours]
        out.append(SeatInfo("-".join(names), " + ".join(n.title() for n in names),
                            RGB[colours[0]]))
    return tuple(out)


SEATS = {n: seat_infos(n) for n in (2, 3, 4)}


def first_turn(players: int, seed: int | str) -> int:
    """The seeded first colour (4 players), blue (2 players) or first seat (3 players)."""
    if players == 2:
        return BLUE
    rng = random.Random(f"city-blocks-first:{seed}")
    return rng.randrange(4 if players == 4 else 3)


def seat_at(players: int, first: int, ply: int) -> int:
    """The seat whose turn it is after ``ply`` turns."""
    if players == 3:
        return (first + ply) % 3
    return OWNER[players][(first + ply) % 4]  # type: ignore[return-value]  # 2 or 4: all owned


def colours_at(players: int, first: int, ply: int) -> tuple[int, ...]:
    """The colours that may be placed on the turn after ``ply`` turns (pass colour first)."""
    if players == 3:
        return (SEAT_COLOURS[3][(first + ply) % 3][0], BLUE)
    return ((first + ply) % 4,)


def first_code(players: int, first: int) -> str:
    """The first colour (2/4 players) or seat colour (3 players) as a word."""
    return COLOURS[SEAT_COLOURS[3][first][0]] if players == 3 else COLOURS[first]


def first_from_code(players: int, word: str) -> int | None:
    """Inverse of :func:`first_code` (``None`` when the word names no valid first)."""
    word = word.strip().lower()
    if word not in COLOURS:
        return None
    colour = COLOURS.index(word)
    if players == 3:
        return None if colour == BLUE else OWNER[3][colour]
    if players == 2 and colour != BLUE:
        return None
    return colour


__all__ = ["OWNER", "RED", "ROUND", "SEATS", "SEAT_COLOURS", "GREEN", "YELLOW", "colours_at",
           "first_code", "first_from_code", "first_turn", "seat_at", "seat_infos"]
