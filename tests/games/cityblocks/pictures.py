"""Positions drawn as pictures for the ruling tests.

A picture is rows of squares, top row first, with ``b g r y`` for the colours and ``.`` for
empty; ``at`` names the picture's bottom-left square. Squares outside the picture are empty
except the four centre squares, which every position has unless ``centre=False``.
"""

from __future__ import annotations

from shared.cityblocks.state import CityState

LETTERS = "bgry"
FILES = "abcdefghijklmnopqrst"
CENTRE = {"j10": 0, "j11": 1, "k11": 2, "k10": 3}
PIECES = ("I2 I3 V3 I4 L4 O4 T4 Z4 F5 I5 L5 N5 P5 T5 U5 V5 W5 X5 Y5 Z5").split()


def square_bit(name: str) -> int:
    return (int(name[1:]) - 1) * 21 + FILES.index(name[0])


def position(picture: str = "", at: str = "a1", *, players: int = 4, first: int = 0,
             played: dict[str, list[str]] | None = None, centre: bool = True,
             passes: int = 0, ply: int = 0) -> CityState:
    """The position in the picture with the colour ``first`` (3 players: seat) to move
    (``ply`` turns on: the same colour when a multiple of the round);
    ``played`` lists pieces each colour has already used (colours with squares in the
    picture but no list are taken to have played their I2, so the corner rule is done)."""
    boards = [0, 0, 0, 0]
    rows = [r.strip() for r in picture.strip().splitlines() if r.strip()]
    x0, y0 = FILES.index(at[0]), int(at[1:]) - 1
    for dy, row in enumerate(reversed(rows)):
        for dx, ch in enumerate(row.replace(" ", "")):
            if ch in LETTERS:
                boards[LETTERS.index(ch)] |= 1 << ((y0 + dy) * 21 + x0 + dx)
    if centre:
        for name, colour in CENTRE.items():
            boards[colour] |= 1 << square_bit(name)
    played = played or {}
    masks = []
    for c, letter in enumerate(LETTERS):
        names = played.get("bgry"[c], played.get(("blue", "green", "red", "yellow")[c]))
        if names is None:
            has = boards[c] & ~(1 << square_bit([k for k, v in CENTRE.items() if v == c][0]))
            names = ["I2"] if has else []
        masks.append(sum(1 << PIECES.index(p) for p in names))
    return CityState(players, 0, first, tuple(boards), tuple(masks), ply, passes)
