"""The Sprawl end show as data (no pygame, no rules), every number from the engine's
breakdown (``state.score()``):

1. one beat per dead tree (in the engine's order: file, then rank of the tower): its
   pieces lift off the board and fly back to the stashes of their colours;
2. one beat per seat: its stash counted pip by pip (3s, then 2s, then 1s) up to the
   engine's ``stash``;
3. the tie-breaks, when seats tie on pips: the engine's figures in order, the one that
   separates them marked;
4. the final table (place, stash pips) and the winner(s).
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.sprawl.board import parse_square, square_order
from shared.sprawl.scoring import TIE_BREAKS, _decided_by


@dataclass(frozen=True)
class TreeBeat:
    tree: int                                  # tower square
    owner: int
    pieces: tuple[tuple[int, int, int], ...]   # (colour seat it returns to, square, size)
    reason: str

    @property
    def pips(self) -> dict[int, int]:
        out: dict[int, int] = {}
        for seat, _, size in self.pieces:
            out[seat] = out.get(seat, 0) + size
        return out


@dataclass(frozen=True)
class CountBeat:
    seat: int
    on_hand: int
    back: int               # pips back from dead trees
    stash: int              # the engine's stash pips
    pieces: tuple[int, ...]  # sizes in counting order (3s, 2s, 1s)

    def counts(self) -> list[int]:
        """What the counter reads after each piece."""
        out, total = [], 0
        for k in self.pieces:
            total += k
            out.append(total)
        return out


@dataclass(frozen=True)
class TieGroup:
    seats: tuple[int, ...]
    stash: int
    figures: tuple[tuple[int, ...], ...]   # per seat, the figures in TIE_BREAKS order
    decided_by: str | None                 # the first figure that differs (None: still tied)


@dataclass(frozen=True)
class TieBeat:
    groups: tuple[TieGroup, ...]


@dataclass(frozen=True)
class Row:
    seat: int
    place: int
    stash: int
    left: bool
    tied_with: int | None = None   # the seat just above with the same pips (None: no tie there)
    behind_on: str | None = None   # the tie-break figure it has fewer of (None: a shared place)


@dataclass(frozen=True)
class TableBeat:
    rows: tuple[Row, ...]
    winners: tuple[int, ...]
    decided_by: str | None


Beat = TreeBeat | CountBeat | TieBeat | TableBeat


def plan(state, score: dict | None = None) -> list[Beat]:
    from .overlays import dead_reasons
    score = score if score is not None else state.score()
    seats = score["seats"]
    reasons = dead_reasons(state)
    trees: dict[int, list] = {}
    owners: dict[int, int] = {}
    for s in seats:
        for name in s["dead"]:
            owners[parse_square(name)] = s["seat"]
        for r in s["returned"]:
            trees.setdefault(parse_square(r["tree"]), []).append((s["seat"], parse_square(r["square"]), r["size"]))
    beats: list[Beat] = []
    for t in sorted(set(trees) | set(owners), key=square_order):
        pieces = tuple(sorted(trees.get(t, []), key=lambda p: (p[1] != t, square_order(p[1]))))
        beats.append(TreeBeat(t, owners.get(t, state.controller(t)), pieces, reasons.get(t, "")))
    for s in seats:
        counts = s["stash_pieces"]
        pieces = tuple(k for k in (3, 2, 1) for _ in range(counts[str(k)]))
        back = sum(r["size"] for r in s["returned"])
        beats.append(CountBeat(s["seat"], s["on_hand"], back, s["stash"], pieces))
    active = [s for s in seats if not s["left"]]
    groups = []
    for value in sorted({s["stash"] for s in active}):
        tied = [s for s in active if s["stash"] == value]
        if len(tied) < 2:
            continue
        figures = tuple(tuple(s["tie_breaks"][n] for n in TIE_BREAKS) for s in tied)
        decided = _group_decided_by(tied)
        groups.append(TieGroup(tuple(s["seat"] for s in tied), value, figures, decided))
    if groups:
        beats.append(TieBeat(tuple(groups)))
    rows = tie_rows(sorted(seats, key=lambda s: (s["place"], s["seat"])))
    beats.append(TableBeat(rows, tuple(score["winners"]), score["decided_by"]))
    return beats


def tie_rows(ranked: list[dict]) -> tuple[Row, ...]:
    """The table's rows in place order; a seat tied on pips with the seat just above it
    names that seat and the first tie-break figure where it has less (the engine's order)."""
    out = []
    for i, s in enumerate(ranked):
        above = ranked[i - 1] if i else None
        if above is None or above["left"] or s["left"] or above["stash"] != s["stash"]:
            out.append(Row(s["seat"], s["place"], s["stash"], s["left"]))
            continue
        behind = next((n for n in TIE_BREAKS if above["tie_breaks"][n] != s["tie_breaks"][n]), None)
        out.append(Row(s["seat"], s["place"], s["stash"], s["left"], above["seat"], behind))
    return tuple(out)


def _group_decided_by(tied: list[dict]) -> str | None:
    """The figure that separates the best of a tied group from the rest (the engine's own
    chain, asked about this group's best seat by place)."""
    best = min(tied, key=lambda s: (s["place"], s["seat"]))
    if sum(1 for s in tied if s["place"] == best["place"]) > 1:
        return None
    keys = {s["seat"]: (s["stash"],) + tuple(-s["tie_breaks"][n] for n in TIE_BREAKS) for s in tied}
    order = sorted(keys)
    found = _decided_by([keys[x] for x in order], list(range(len(order))), [order.index(best["seat"])])
    return None if found == "stash" else found


def final_pips(beats: list[Beat], players: int) -> list[int]:
    """What the counters read once every count beat has run."""
    out = [0] * players
    for beat in beats:
        if isinstance(beat, CountBeat):
            out[beat.seat] = beat.counts()[-1] if beat.pieces else 0
    return out


def returned(beats: list[Beat], players: int) -> list[int]:
    """Pips each seat gets back from the tree beats."""
    out = [0] * players
    for beat in beats:
        if isinstance(beat, TreeBeat):
            for seat, pips in beat.pips.items():
                out[seat] += pips
    return out
