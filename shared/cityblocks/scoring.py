"""Scoring: per colour the largest side-connected area plus every side bordering an empty
square; seat totals; places with leavers ranked last (latest leaver highest).

``colour_totals`` is the fast path (bots, ranking); ``breakdown`` is the full story as data
(area squares, other group sizes, each free edge) for the score screen and the CLI.
"""

from __future__ import annotations

from typing import Any, Sequence

from shared.gamekit.api import places_from_scores

from .geometry import BOARD, COLOURS, SQUARE_NAMES, bits, flood, flood_order, free_sides, groups
from .layout import SEAT_COLOURS

SIDES = "nesw"


def largest_area(mask: int) -> int:
    """Size of the largest side-connected group of ``mask`` (flood fill on bitboards)."""
    best = 0
    left = mask.bit_count()
    while mask and left > best:
        group = flood(mask & -mask, mask)
        size = group.bit_count()
        if size > best:
            best = size
        mask &= ~group
        left -= size
    return best


def edge_count(mask: int, empty: int) -> int:
    return ((mask & (empty >> 21)).bit_count() + (mask & (empty >> 1)).bit_count()
            + (mask & (empty << 21)).bit_count() + (mask & (empty << 1)).bit_count())


def colour_totals(boards: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """(area, edges) per colour for these colour bitboards."""
    occ = boards[0] | boards[1] | boards[2] | boards[3]
    empty = BOARD & ~occ
    return tuple((largest_area(b), edge_count(b, empty)) for b in boards)


def seat_totals(players: int, boards: Sequence[int]) -> tuple[int, ...]:
    per = colour_totals(boards)
    return tuple(sum(per[c][0] + per[c][1] for c in colours) for colours in SEAT_COLOURS[players])


def places(players: int, totals: Sequence[int], left: Sequence[int]) -> tuple[int, ...]:
    """Places per seat: seats still playing by score (ties share), then the leavers, the
    one who left last ranking highest among them."""
    active = [s for s in range(players) if s not in left]
    inner = places_from_scores([totals[s] for s in active])
    out = [0] * players
    for s, p in zip(active, inner):
        out[s] = p
    for depth, seat in enumerate(reversed(left)):
        out[seat] = len(active) + 1 + depth
    return tuple(out)


def breakdown(players: int, boards: Sequence[int], left: Sequence[int] = ()) -> dict[str, Any]:
    """The whole score as msgpack-safe data."""
    occ = boards[0] | boards[1] | boards[2] | boards[3]
    empty = BOARD & ~occ
    colours: dict[str, dict[str, Any]] = {}
    for c, mask in enumerate(boards):
        parts = groups(mask)
        area = parts[0].bit_count() if parts else 0
        edges: list[tuple[int, str]] = []
        for side, squares in zip(SIDES, free_sides(mask, empty)):
            edges.extend((i, side) for i in bits(squares))
        edges.sort()
        colours[COLOURS[c]] = {
            "area": area, "edges": len(edges), "total": area + len(edges),
            "area_squares": ([SQUARE_NAMES[i] for i in flood_order(parts[0] & -parts[0], parts[0])]
                             if parts else []),
            "other_groups": [g.bit_count() for g in parts[1:]],
            "free_edges": [[SQUARE_NAMES[i], side] for i, side in edges],
            "squares": mask.bit_count(),
        }
    totals = [sum(colours[COLOURS[c]]["total"] for c in cs) for cs in SEAT_COLOURS[players]]
    ranking = places(players, totals, left)
    seats = [{"colours": [COLOURS[c] for c in cs], "total": totals[s], "place": ranking[s],
              "left": s in left} for s, cs in enumerate(SEAT_COLOURS[players])]
    return {"colours": colours, "seats": seats, "ranking": list(ranking),
            "winners": [s for s, p in enumerate(ranking) if p == 1]}


def summary(full: dict[str, Any]) -> dict[str, Any]:
    """The ``score`` object of ``analyze --json``: colours, seats, winners (nothing more)."""
    return {"colours": {name: {k: c[k] for k in ("area", "edges", "total")}
                        for name, c in full["colours"].items()},
            "seats": [{"colours": s["colours"], "total": s["total"]} for s in full["seats"]],
            "winners": list(full["winners"])}
