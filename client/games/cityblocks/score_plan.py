"""The City Blocks score show as data (no pygame, no rules): one beat per colour, then
the seat table. Every number comes from the engine's breakdown (``state.score()``):

1. per colour (blue, green, red, yellow): the largest area floods in square by square in
   the engine's flood order with a counter 1..area; the colour's other groups flash
   their sizes; then the free edges light up one by one with a counter 1..edges; the
   colour's total (area + edges) goes to the seat that scores it (3 players: blue scores
   for nobody);
2. the seat table (totals, places) and the winner(s).

The squares of each other group come from the engine's own grouping helper, in the
order of its sizes; the tests check every count against the breakdown.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.cityblocks.geometry import COLOURS, groups
from shared.cityblocks.layout import SEAT_COLOURS
from shared.cityblocks.words import _, colour_name, seat_label

Square = tuple[int, int]


def _xy(name: str) -> Square:
    return "abcdefghijklmnopqrst".index(name[0]), int(name[1:]) - 1


def _mask_squares(mask: int) -> tuple[Square, ...]:
    out = []
    while mask:
        low = mask & -mask
        i = low.bit_length() - 1
        out.append((i % 21, i // 21))
        mask ^= low
    return tuple(out)


@dataclass(frozen=True)
class ColourBeat:
    colour: int
    area_squares: tuple[Square, ...]          # flood order
    others: tuple[tuple[int, tuple[Square, ...]], ...]   # (size, squares), largest first
    edges: tuple[tuple[Square, str], ...]     # (square, side n/e/s/w)
    area: int
    edge_count: int
    total: int
    seat: int | None                          # who it scores for (None: nobody)

    @property
    def title(self) -> str:
        return colour_name(self.colour).upper()

    @property
    def award(self) -> tuple[int | None, int]:
        return self.seat, self.total

    def area_counts(self) -> list[int]:
        """What the area counter reads as the squares flood in."""
        return list(range(1, len(self.area_squares) + 1))

    def edge_counts(self) -> list[int]:
        return list(range(1, len(self.edges) + 1))


@dataclass(frozen=True)
class SeatRow:
    seat: int
    label: str
    colours: tuple[int, ...]
    total: int
    place: int
    left: bool


@dataclass(frozen=True)
class TableBeat:
    rows: tuple[SeatRow, ...]
    winners: tuple[int, ...]

    @property
    def title(self) -> str:
        return _("FINAL TABLE")

    @property
    def award(self) -> tuple[int | None, int]:
        return None, 0


Beat = ColourBeat | TableBeat


def owner_seat(players: int, colour: int) -> int | None:
    for seat, colours in enumerate(SEAT_COLOURS[players]):
        if colour in colours:
            return seat
    return None


def plan(state, score: dict | None = None) -> list[Beat]:
    """The beats of the show for ``state`` (scored by the engine unless ``score`` is given)."""
    score = score if score is not None else state.score()
    beats: list[Beat] = []
    for c, name in enumerate(COLOURS):
        data = score["colours"][name]
        parts = groups(state.boards[c])[1:]
        others = tuple((size, _mask_squares(mask)) for size, mask in zip(data["other_groups"], parts))
        beats.append(ColourBeat(
            colour=c,
            area_squares=tuple(_xy(sq) for sq in data["area_squares"]),
            others=others,
            edges=tuple((_xy(sq), side) for sq, side in data["free_edges"]),
            area=data["area"], edge_count=data["edges"], total=data["total"],
            seat=owner_seat(state.players, c)))
    rows = tuple(SeatRow(i, seat_label(state.players, i), tuple(COLOURS.index(n) for n in s["colours"]), s["total"],
                         s["place"], s["left"]) for i, s in enumerate(score["seats"]))
    beats.append(TableBeat(rows, tuple(score["winners"])))
    return beats


def running_totals(beats: list[Beat], players: int) -> list[tuple[int, ...]]:
    """The seat totals after each beat (what the show's counters must read)."""
    totals = [0] * players
    out = []
    for beat in beats:
        seat, points = beat.award
        if seat is not None:
            totals[seat] += points
        out.append(tuple(totals))
    return out
