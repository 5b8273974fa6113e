"""The fast road and placement code against a plain reference, on many seeded boards.

The reference is the engine's earlier bit-set code, kept here as an oracle: every
structure group found by a full flood, one splitting pass per group, placement masks
from the rules one by one, and moves listed a bit at a time. Boards are random (also
with a split road, as a leniently read record may leave), and incremental road updates
(``with_built``) must agree with a road computed from scratch.
"""

from __future__ import annotations

import random

from shared.aliencity import PIECES, Build, Player, Ruleset, new_game
from shared.aliencity.city import City
from shared.aliencity.road import Road
from shared.aliencity.rules import Placement
from shared.aliencity.state import LegalBuilds, replace

FULL = (1 << 80) - 1
COLUMN_A = sum(1 << (row * 8) for row in range(10))
NOT_A, NOT_H = FULL & ~COLUMN_A, FULL & ~(COLUMN_A << 7)
EDGE = sum(1 << x for x in range(80) if x % 8 in (0, 7) or x // 8 in (0, 9))
RING = ((0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1))
OFF_BOARD = tuple(sum(1 << x for x in range(80) if not (0 <= x % 8 + dc < 8 and 0 <= x // 8 + dr < 10))
                  for dc, dr in RING)
TILE_CORNERS = sum(1 << (row * 8 + col) for row in range(0, 10, 2) for col in range(0, 8, 2))


def spread(mask: int) -> int:
    return ((mask << 8) & FULL) | (mask >> 8) | ((mask << 1) & NOT_A) | ((mask >> 1) & NOT_H)


def spread8(mask: int) -> int:
    row = mask | ((mask << 1) & NOT_A) | ((mask >> 1) & NOT_H)
    return (row | (row << 8) | (row >> 8)) & FULL


def groups_of(occupied: int) -> list[int]:
    out, rest = [], occupied
    while rest:
        group = rest & -rest
        while (grown := spread8(group) & occupied) != group:
            group = grown
        out.append(group)
        rest &= ~group
    return out


def ring_touch(g: int) -> tuple[int, ...]:
    return (g >> 8, (g >> 9) & NOT_H, (g >> 1) & NOT_H, (g << 7) & NOT_H & FULL,
            (g << 8) & FULL, (g << 9) & NOT_A & FULL, (g << 1) & NOT_A & FULL, (g >> 7) & NOT_A)


def reference_road(occupied: int) -> dict[str, int]:
    e = FULL & ~occupied
    o0, o4, o2, o6 = e >> 8, (e << 8) & FULL, (e >> 1) & NOT_H, (e << 1) & NOT_A
    one = o0 | o2 | o4 | o6
    two = (o0 & o4) | (o0 & o2) | (o0 & o6) | (o4 & o2) | (o4 & o6) | (o2 & o6)
    lifelines = spread(occupied & one & ~two) & e
    b0, b2, b4, b6 = ~o0, ~o2, ~o4, ~o6
    frame, loops = 0, []
    for group in groups_of(occupied):
        if group & EDGE:
            frame |= group
        elif group.bit_count() >= 3:
            loops.append(ring_touch(group))
    loops.append(tuple(t | off for t, off in zip(ring_touch(frame), OFF_BOARD)))
    cut = 0
    for t0, t1, t2, t3, t4, t5, t6, t7 in loops:
        a0 = o0 & (t1 | b2 & (t2 | t3 | b4 & (t4 | t5 | b6 & (t6 | t7))))
        a2 = o2 & (t3 | b4 & (t4 | t5 | b6 & (t6 | t7 | b0 & (t0 | t1))))
        a4 = o4 & (t5 | b6 & (t6 | t7 | b0 & (t0 | t1 | b2 & (t2 | t3))))
        a6 = o6 & (t7 | b0 & (t0 | t1 | b2 & (t2 | t3 | b4 & (t4 | t5))))
        cut |= (a0 & (a2 | a4 | a6)) | (a2 & (a4 | a6)) | (a4 & a6)
    splitting = cut & e
    dead_ends = e & ~one
    return {"empty": e, "lifelines": lifelines, "dead_ends": dead_ends, "splitting": splitting,
            "buildable": e & ~splitting & ~lifelines & ~dead_ends}


def fill_tiles(corners: int) -> int:
    c = corners & TILE_CORNERS
    return c | c << 1 | c << 8 | c << 9


def reference_masks(city: City, occupied: int, buildable: int) -> tuple[int, ...]:
    icons = city.icon_mask
    plain = buildable & ~icons
    cand = plain | (buildable & icons & ~fill_tiles(plain | plain >> 1 | plain >> 8 | plain >> 9))
    o = occupied
    a, b, c, d = o & TILE_CORNERS, (o >> 1) & TILE_CORNERS, (o >> 8) & TILE_CORNERS, (o >> 9) & TILE_CORNERS
    settled = fill_tiles((a & (b | c | d)) | (b & (c | d)) | (c & d))
    colour = city.colour_mask
    masks = [cand & (settled | colour[3] | colour[c]) for c in range(3)]
    for c in range(4):
        masks.append(cand & colour[c] or cand)
    return tuple(masks)


def reference_moves(masks: tuple[int, ...]) -> list[Build]:
    return [Build(piece, x) for piece, mask in zip(PIECES, masks) for x in range(80) if mask >> x & 1]


def random_board(rng: random.Random) -> list[int]:
    board = [0] * 80
    for x in rng.sample(range(80), rng.randint(0, 80)):
        board[x] = rng.randint(1, 7)
    return board


def check(city: City, board: list[int], road: Road) -> None:
    occupied = sum(1 << x for x in range(80) if board[x])
    expected = reference_road(occupied)
    for name, value in expected.items():
        assert getattr(road, name) == value, (name, occupied)
    assert sorted(road.groups) == sorted(groups_of(occupied & ~road.frame) + ([road.frame] if road.frame else []))
    masks = Placement(city, tuple(board), road).piece_masks
    assert masks == reference_masks(city, occupied, expected["buildable"]), occupied
    legal = LegalBuilds(masks)
    assert list(legal) == reference_moves(masks) and len(legal) == len(reference_moves(masks))


def test_random_boards_agree_with_the_reference():
    """Random boards, connected road or not: road facts, masks and moves as the reference."""
    rng = random.Random(2028)
    for _ in range(3000):
        city = City.random(rng.randrange(10**9))
        board = random_board(rng)
        check(city, board, Road(sum(1 << x for x in range(80) if board[x])))


def test_roads_updated_lot_by_lot_agree_with_the_reference():
    """A board filled lot by lot through with_built gives the same road as from scratch."""
    rng = random.Random(2029)
    for _ in range(60):
        city = City.random(rng.randrange(10**9))
        board = [0] * 80
        road = Road(0)
        for x in rng.sample(range(80), 80):
            board[x] = rng.randint(1, 7)
            road = road.with_built(x)
            check(city, board, road)


def test_game_positions_agree_with_the_reference():
    """Positions of seeded random games: each player's build masks and move list."""
    rng = random.Random(2030)
    for seed in range(40):
        state = new_game(Ruleset(2004 if seed % 2 else 2002), seed=seed)
        while not state.is_over():
            fresh = replace(state)
            occupied = sum(1 << x for x in range(80) if fresh.board[x])
            assert fresh.occupied == occupied
            expected = reference_masks(fresh.city, occupied, reference_road(occupied)["buildable"])
            for player in Player:
                masks = tuple(m if n else 0 for m, n in zip(expected, fresh.stocks[player]))
                assert fresh.build_masks(player) == masks
                assert list(fresh.legal_builds(player)) == reference_moves(masks)
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
