"""The score breakdown: every number of the final count, as data a client can animate.

Scoring (RULINGS): each claimed tower scores (customers within road distance 1-2 whose
colour differs) x (road distance to the nearest other tower of its colour; 0 if none).
Each unclaimed green tower pays, for red and for blue, 10 - 2d to the owner of the
nearest tower of that colour when d <= 4; ties follow the edition. Optionally, claimed
towers add their tile's rank unless another claimed tower stands on a tile of that rank.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .geometry import bits, mask_of
from .texts import N_, _, ngettext
from .types import LOT_COUNT, PIECES, Colour, Kind, Player, lot_name

if TYPE_CHECKING:
    from .state import GameState

BONUS_REACH = 4
# Enum members by index, and the colours a green tower pays for: enum lookups cost a
# Python call each on Python 3.11, and the final score runs at the end of every playout.
_COLOURS = tuple(Colour)
_PLAYERS = tuple(Player)
_PAYING = (Colour.RED, Colour.BLUE)
# mask_of tables: a board code -> "1" for a red, a blue, a green tower (codes 1, 2, 3).
_TOWER_DIGITS = tuple(b"0" * code + b"1" + b"0" * (255 - code) for code in (1, 2, 3))

# The notes of the red and the blue bonus, whole sentences per colour (indexed red, blue).
NO_TOWER = (N_("no red tower can be reached from the green tower on {green}"),
            N_("no blue tower can be reached from the green tower on {green}"))
TOO_FAR = (N_("the nearest red tower ({towers}) is {distance} away; bonuses reach {reach}"),
           N_("the nearest blue tower ({towers}) is {distance} away; bonuses reach {reach}"))
UNCLAIMED = (N_("the nearest red tower ({towers}) is unclaimed"),
             N_("the nearest blue tower ({towers}) is unclaimed"))
# Indexed [colour][owner]: who owns the nearest tower(s).
OWNS_NEAREST = ((N_("black owns the nearest red tower"), N_("white owns the nearest red tower")),
                (N_("black owns the nearest blue tower"), N_("white owns the nearest blue tower")))
OWNS_ALL_NEAREST = ((N_("black owns all the nearest red towers ({towers})"),
                     N_("white owns all the nearest red towers ({towers})")),
                    (N_("black owns all the nearest blue towers ({towers})"),
                     N_("white owns all the nearest blue towers ({towers})")))
TIE_2002 = (N_("{n} red towers ({towers}) tie at distance {distance}; a tie never pays"),
            N_("{n} blue towers ({towers}) tie at distance {distance}; a tie never pays"))
TIE_2004 = (N_("{n} red towers ({towers}) tie at distance {distance}; a tie pays only when one "
               "player owns them all"),
            N_("{n} blue towers ({towers}) tie at distance {distance}; a tie pays only when one "
               "player owns them all"))


@dataclass(frozen=True, slots=True)
class Customer:
    lot: int
    kind: Kind
    colour: Colour
    distance: int

    def to_dict(self) -> dict[str, Any]:
        return {"lot": lot_name(self.lot), "kind": self.kind.text(),
                "colour": self.colour.text(), "distance": self.distance}


# Every customer there can be, by distance (1 or 2), board code and lot: a score names
# dozens of them, and they are immutable values, so each is made once.
_CUSTOMERS = tuple(Customer(lot, piece.kind, piece.colour, d)
                   for d in (1, 2) for piece in PIECES for lot in range(LOT_COUNT))


@dataclass(frozen=True, slots=True)
class TowerScore:
    """One claimed tower: ``points = len(customers) * competition`` (bonuses separate)."""

    lot: int
    colour: Colour
    owner: Player
    customers: tuple[Customer, ...]
    competitor: int | None  # lot of the nearest other tower of the same colour
    competition: int  # road distance to it; 0 when there is none
    path: tuple[int, ...]  # empty lots walked to the competitor
    location: int  # location-variant points (0 when the variant is off)
    location_note: str

    @property
    def points(self) -> int:
        return len(self.customers) * self.competition

    def to_dict(self) -> dict[str, Any]:
        return {"lot": lot_name(self.lot), "colour": self.colour.text(), "owner": self.owner.text(),
                "customers": [lot_name(c.lot) for c in self.customers],
                "customer_details": [c.to_dict() for c in self.customers],
                "competition": self.competition,
                "competitor": lot_name(self.competitor) if self.competitor is not None else None,
                "path": [lot_name(x) for x in self.path],
                "points": self.points, "location": self.location,
                "location_note": self.location_note}


@dataclass(frozen=True, slots=True)
class Bonus:
    """The red or blue bonus of one unclaimed green tower, paid or not (``reason``)."""

    green: int
    colour: Colour
    towers: tuple[int, ...]  # the nearest tower(s) of that colour
    distance: int | None
    points: int
    paid_to: Player | None
    reason: str | None  # None when paid; else "no_tower", "too_far", "tie", "unclaimed"
    note: str
    paths: tuple[tuple[int, ...], ...] = field(default=())

    def to_dict(self) -> dict[str, Any]:
        return {"green": lot_name(self.green),
                "tower": lot_name(self.towers[0]) if self.towers else None,
                "towers": [lot_name(t) for t in self.towers], "colour": self.colour.text(),
                "distance": self.distance, "points": self.points,
                "paid_to": self.paid_to.text() if self.paid_to is not None else None,
                "reason": self.reason, "note": self.note,
                "paths": [[lot_name(x) for x in p] for p in self.paths]}


@dataclass(frozen=True)
class ScoreBreakdown:
    towers: tuple[TowerScore, ...]
    bonuses: tuple[Bonus, ...]  # paid and unpaid, green tower by green tower, red then blue
    totals: dict[Player, int]
    final: bool

    @property
    def winner(self) -> Player | None:
        black, white = self.totals[Player.BLACK], self.totals[Player.WHITE]
        if black == white:
            return None
        return Player.BLACK if black > white else Player.WHITE

    def towers_of(self, player: Player) -> list[TowerScore]:
        return [t for t in self.towers if t.owner is player]

    def bonuses_of(self, player: Player) -> list[Bonus]:
        return [b for b in self.bonuses if b.paid_to is player]

    def to_dict(self) -> dict[str, Any]:
        """The ``alien-city score --json`` shape (plus extra keys for clients)."""
        players = {}
        for p in Player:
            players[p.text()] = {
                "total": self.totals[p],
                "towers": [t.to_dict() for t in self.towers_of(p)],
                "bonuses": [b.to_dict() for b in self.bonuses_of(p)],
                "location": sum(t.location for t in self.towers_of(p)),
            }
        winner = self.winner
        return {"players": players, "winner": winner.text() if winner is not None else None,
                "final": self.final,
                "unpaid_bonuses": [b.to_dict() for b in self.bonuses if b.paid_to is None]}


def score_breakdown(state: "GameState") -> ScoreBreakdown:
    road = state.road
    board = state.board
    tower_mask = [mask_of(board, digits) for digits in _TOWER_DIGITS]

    towers: list[tuple[int, Colour, Player, tuple[Customer, ...], int | None, int,
                       tuple[int, ...]]] = []
    for lot in bits(mask_of(state.caps) & (tower_mask[0] | tower_mask[1] | tower_mask[2])):
        colour = _COLOURS[board[lot] - 1]
        rivals = tower_mask[colour] & ~(1 << lot)
        layers, rings = road.walk(lot, (rivals,), 2)
        customers = []
        for d, ring in enumerate(rings[:2]):
            for s in bits(ring):
                code = board[s]
                if PIECES[code - 1].colour != colour:
                    customers.append(_CUSTOMERS[(d * 7 + code - 1) * LOT_COUNT + s])
        competitor, competition = None, 0
        for d, ring in enumerate(rings, start=1):
            if ring & rivals:
                hit = ring & rivals
                competitor, competition = (hit & -hit).bit_length() - 1, d
                break
        path = tuple(road.path_in(layers, competitor) or ()) if competitor is not None else ()
        towers.append((lot, colour, _PLAYERS[state.caps[lot] - 1], tuple(customers), competitor,
                       competition, path))

    location = _location_points(state, [t[0] for t in towers])
    tower_scores = tuple(TowerScore(*t, *location[t[0]]) for t in towers)

    bonuses = []
    for green in bits(tower_mask[2]):
        if state.caps[green]:
            continue
        walked = road.walk(green, (tower_mask[0], tower_mask[1]))
        for colour in _PAYING:
            bonuses.append(_green_bonus(state, green, colour, walked, tower_mask[colour]))

    totals = {_PLAYERS[0]: 0, _PLAYERS[1]: 0}
    for t in tower_scores:
        totals[t.owner] += t.points + t.location
    for b in bonuses:
        if b.paid_to is not None:
            totals[b.paid_to] += b.points
    return ScoreBreakdown(tower_scores, tuple(bonuses), totals, state.is_over())


def _green_bonus(state: "GameState", green: int, colour: Colour,
                 walked: tuple[list[int], list[int]], mask: int) -> Bonus:
    layers, rings = walked
    nearest: tuple[int, ...] = ()
    distance: int | None = None
    for d, ring in enumerate(rings, start=1):
        if ring & mask:
            nearest, distance = tuple(bits(ring & mask)), d
            break
    if distance is None:
        return Bonus(green, colour, (), None, 0, None, "no_tower",
                     _(NO_TOWER[colour]).format(green=lot_name(green)))
    paths = tuple(tuple(state.road.path_in(layers, t) or ()) for t in nearest)
    where = ", ".join(lot_name(t) for t in nearest)
    if distance > BONUS_REACH:
        return Bonus(green, colour, nearest, distance, 0, None, "too_far",
                     _(TOO_FAR[colour]).format(towers=where, distance=distance, reach=BONUS_REACH),
                     paths)
    points = 10 - 2 * distance
    owners = {state.owner_at(t) for t in nearest}
    if len(nearest) == 1:
        owner = owners.pop()
        if owner is None:
            return Bonus(green, colour, nearest, distance, 0, None, "unclaimed",
                         _(UNCLAIMED[colour]).format(towers=where), paths)
        return Bonus(green, colour, nearest, distance, points, owner, None,
                     _(OWNS_NEAREST[colour][owner]), paths)
    if state.ruleset.edition == 2004 and len(owners) == 1 and None not in owners:
        owner = owners.pop()
        return Bonus(green, colour, nearest, distance, points, owner, None,
                     _(OWNS_ALL_NEAREST[colour][owner]).format(towers=where), paths)  # type: ignore[index]  # None is not an owner here
    tie = TIE_2002 if state.ruleset.edition == 2002 else TIE_2004
    return Bonus(green, colour, nearest, distance, 0, None, "tie",
                 _(tie[colour]).format(n=len(nearest), towers=where, distance=distance), paths)


def _location_points(state: "GameState", lots: list[int]) -> dict[int, tuple[int, str]]:
    if not state.ruleset.location_bonus:
        return {lot: (0, "") for lot in lots}
    ranks = {lot: state.city.tile_at(lot).rank for lot in lots}
    counts = Counter(ranks.values())
    out = {}
    for lot, rank in ranks.items():
        if counts[rank] > 1:
            out[lot] = (0, ngettext("{n} claimed tower stands on rank-{rank} tiles",
                                    "{n} claimed towers stand on rank-{rank} tiles",
                                    counts[rank]).format(n=counts[rank], rank=rank))
        else:
            out[lot] = (rank, _("alone on a rank-{rank} tile").format(rank=rank))
    return out
