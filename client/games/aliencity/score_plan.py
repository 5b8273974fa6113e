"""The end-of-game score show as data: the beats, in order, each carrying the engine's
numbers it will show and what it adds to whose total (no pygame, no rules).

1. every claimed tower (Black's and White's taken in turn): its customers, the road to
   its nearest competitor, ``customers × distance = points`` for its owner;
2. every unclaimed green tower's red then blue bonus: the nearest towers traced, then
   ``10 − 2×d = points`` paid to the owner, or the engine's reason it is not paid;
3. with the location variant, each claimed tower's tile rank (paid or not, and why);
4. the totals and the winner.

The beats' awards add up to the engine's totals by construction, and the tests check it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain, zip_longest

from shared.aliencity import Bonus, GameState, Kind, Piece, Player, ScoreBreakdown, TowerScore, lot_name
from shared.aliencity.geometry import TILE_OF, bits
from shared.i18n import domain

from . import terms

_, N_, ngettext, pgettext = domain("aliencity")

# TRANSLATORS: the word stamped on a green bonus that is not paid (the engine's reason code).
REASON_WORD = {"tie": N_("TIE"), "unclaimed": N_("UNCLAIMED"), "too_far": N_("TOO FAR"),
               "no_tower": N_("NO TOWER")}
NOT_PAID = N_("NOT PAID")


def reason_word(reason: str | None) -> str:
    """The stamp on an unpaid green bonus, in the language in use."""
    return _(REASON_WORD.get(reason or "", NOT_PAID))


def tower_name(colour) -> str:
    """The engine's name of the tower of ``colour`` ("red tower"): sentences about a colour's
    towers name the piece, so the adjective agrees in Slovak and French."""
    return terms.piece(Piece(Kind.TOWER, colour))


@dataclass(frozen=True)
class TowerBeat:
    """Step 1: one claimed tower."""

    tower: TowerScore
    near: tuple[tuple[int, int], ...]  # (lot, distance) of every structure within 2
    excluded: tuple[int, ...]  # of those, the ones that are not customers (same colour)

    @property
    def award(self) -> tuple[Player | None, int]:
        return self.tower.owner, self.tower.points

    @property
    def equation(self) -> str:
        t = self.tower
        return f"{len(t.customers)} × {t.competition} = {t.points}"

    @property
    def title(self) -> str:
        t = self.tower
        return _("{player}'S {tower} {lot}").format(player=terms.player(t.owner).upper(),
                                                     tower=tower_name(t.colour).upper(), lot=lot_name(t.lot))


@dataclass(frozen=True)
class BonusBeat:
    """Step 2: the red or blue bonus of one unclaimed green tower."""

    bonus: Bonus

    @property
    def award(self) -> tuple[Player | None, int]:
        b = self.bonus
        return b.paid_to, b.points if b.paid_to is not None else 0

    @property
    def equation(self) -> str:
        b = self.bonus
        if b.paid_to is not None:
            return f"10 − 2×{b.distance} = {b.points}"
        return reason_word(b.reason)

    @property
    def title(self) -> str:
        b = self.bonus
        return _("GREEN TOWER {lot}: {colour} BONUS").format(lot=lot_name(b.green),
                                                              colour=terms.colour(b.colour).upper())


@dataclass(frozen=True)
class LocationBeat:
    """Step 3 (location variant): one claimed tower's tile rank."""

    tower: TowerScore
    rank: int
    tile: int  # tile index, for the highlight

    @property
    def award(self) -> tuple[Player | None, int]:
        return self.tower.owner, self.tower.location

    @property
    def equation(self) -> str:
        t = self.tower
        if t.location:
            return _("rank {rank}: +{points}").format(rank=self.rank, points=t.location)
        return _("SHARED RANK: +0")

    @property
    def title(self) -> str:
        return _("LOCATION: {player}'S TOWER {lot}").format(player=terms.player(self.tower.owner).upper(),
                                                            lot=lot_name(self.tower.lot))


@dataclass(frozen=True)
class TotalsBeat:
    """Step 4: the totals roll up and the winner is named."""

    totals: tuple[int, int]  # Black, White
    winner: Player | None

    @property
    def award(self) -> tuple[Player | None, int]:
        return None, 0

    @property
    def equation(self) -> str:
        return f"{self.totals[0]} : {self.totals[1]}"

    @property
    def title(self) -> str:
        return _("TOTALS")


Beat = TowerBeat | BonusBeat | LocationBeat | TotalsBeat


def plan(state: GameState, score: ScoreBreakdown | None = None) -> list[Beat]:
    """The beats of the show for ``state`` (scored by the engine unless ``score`` is given)."""
    score = score if score is not None else state.score()
    road = state.road
    beats: list[Beat] = []
    black, white = score.towers_of(Player.BLACK), score.towers_of(Player.WHITE)
    for t in (t for t in chain.from_iterable(zip_longest(black, white)) if t is not None):
        rings = road.structure_rings(t.lot)
        near = tuple((s, d) for d, ring in enumerate(rings[:2], start=1) for s in bits(ring))
        customers = {c.lot for c in t.customers}
        beats.append(TowerBeat(t, near, tuple(s for s, _ in near if s not in customers)))
    beats.extend(BonusBeat(b) for b in score.bonuses)
    if state.ruleset.location_bonus:
        for t in score.towers:
            tile = state.city.tile_at(t.lot)
            beats.append(LocationBeat(t, tile.rank, TILE_OF[t.lot]))
    beats.append(TotalsBeat((score.totals[Player.BLACK], score.totals[Player.WHITE]), score.winner))
    return beats


def running_totals(beats: list[Beat]) -> list[tuple[int, int]]:
    """The two totals after each beat (what the show's counters must read)."""
    out = []
    totals = [0, 0]
    for beat in beats:
        who, points = beat.award
        if who is not None:
            totals[who] += points
        out.append((totals[0], totals[1]))
    return out
