"""Test helpers: board pictures, small cities, and rule oracles written from RULINGS.md.

The oracles here deliberately share no code with the engine's rule or road modules: they
walk the 8x10 grid with plain breadth-first searches over Python sets, slowly and simply,
so that a disagreement with the engine's bit-set arithmetic points at a real bug.
"""

from __future__ import annotations

import random
from collections import Counter, deque

from shared.aliencity import Claim, Colour, GameState, Kind, Pass, Phase, Piece, Player, Ruleset, diagram, new_game
from shared.aliencity.city import City

COLUMNS, ROWS = 8, 10
ALL_LOTS = range(COLUMNS * ROWS)

# Stocks as printed in RULINGS.md ("Pieces"), by piece code.
RULINGS_STOCK = {
    Player.WHITE: {"Tr": 3, "Tb": 2, "Tg": 2, "Dr": 3, "Db": 3, "Dg": 3, "Dk": 3},
    Player.BLACK: {"Tr": 2, "Tb": 3, "Tg": 2, "Dr": 3, "Db": 3, "Dg": 3, "Dk": 3},
}
PIECE_CODES = ("Tr", "Tb", "Tg", "Dr", "Db", "Dg", "Dk")


# -- lots ------------------------------------------------------------------------------
def lot(name: str) -> int:
    """'a1' -> 0, 'h10' -> 79, computed here (not with the engine's parse_lot)."""
    return (int(name[1:]) - 1) * COLUMNS + "abcdefgh".index(name[0])


def lots(names: str) -> set[int]:
    """'a1 b2 c3' -> {0, 9, 18}."""
    return {lot(n) for n in names.split()}


def name(index: int) -> str:
    return "abcdefgh"[index % COLUMNS] + str(index // COLUMNS + 1)


def names(indices) -> list[str]:
    return sorted((name(i) for i in indices), key=lambda n: (n[0], int(n[1:])))


def _neighbours(index: int) -> tuple[int, ...]:
    col, row = index % COLUMNS, index // COLUMNS
    out = []
    for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
        c, r = col + dc, row + dr
        if 0 <= c < COLUMNS and 0 <= r < ROWS:
            out.append(r * COLUMNS + c)
    return tuple(out)


NEIGHBOURS = tuple(_neighbours(i) for i in ALL_LOTS)


def neighbours(index: int) -> tuple[int, ...]:
    """Orthogonal neighbours of a lot on the 8x10 grid."""
    return NEIGHBOURS[index]


def tile_lots(index: int) -> list[int]:
    col, row = (index % COLUMNS) // 2 * 2, (index // COLUMNS) // 2 * 2
    return [row * COLUMNS + col, row * COLUMNS + col + 1,
            (row + 1) * COLUMNS + col, (row + 1) * COLUMNS + col + 1]


def tile_number(index: int) -> int:
    """Tile index as the engine's City stores tiles: tile row (0 = bottom) * 4 + column."""
    return (index // COLUMNS) // 2 * 4 + (index % COLUMNS) // 2


# Icon corner for a tile angle, per PPN.md: '^' 0 top-left, '<' 90 bottom-left,
# 'v' 180 bottom-right, '>' 270 top-right. (column offset, row offset) in the tile.
ICON_CORNER = {0: (0, 1), 90: (0, 0), 180: (1, 0), 270: (1, 1)}


def icon_lot(city: City, index: int) -> int:
    base = tile_lots(index)[0]
    dc, dr = ICON_CORNER[city.tiles[tile_number(index)].angle]
    return base + dr * COLUMNS + dc


# -- pictures and cities -----------------------------------------------------------------
def make_city(default: str = "Mn^", **tiles: str) -> City:
    """A city of ``default`` tiles, with tiles named by any of their lots replaced,
    e.g. ``make_city(c3="S3<")`` puts a red 3 (icon bottom-left) on tile c3-d4."""
    grid = [[default] * 4 for _ in range(5)]  # grid[tile_row][tile_col], row 0 at the bottom
    for lot_name_, token in tiles.items():
        index = lot(lot_name_)
        grid[(index // COLUMNS) // 2][(index % COLUMNS) // 2] = token
    return City.parse("/".join("".join(grid[r]) for r in reversed(range(5))))


def position(picture: str, city: City | str | None = None, **kwargs) -> GameState:
    """``diagram.position`` (the engine's own picture reader)."""
    return diagram.position(picture, city, **kwargs)


def no_stock(**keep: int) -> dict[str, int]:
    """A stock dict with every piece at 0 except those named (``no_stock(Dk=1)``)."""
    return {code: keep.get(code, 0) for code in PIECE_CODES}


# -- road oracle ---------------------------------------------------------------------------
def empty_lots(board) -> set[int]:
    return {i for i in ALL_LOTS if not board[i]}


def components(cells: set[int]) -> list[set[int]]:
    """Orthogonally connected pieces of ``cells`` (plain BFS)."""
    left = set(cells)
    out = []
    while left:
        start = left.pop()
        piece = {start}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for n in NEIGHBOURS[here]:
                if n in left:
                    left.discard(n)
                    piece.add(n)
                    queue.append(n)
        out.append(piece)
    return out


def is_connected(cells: set[int]) -> bool:
    return len(components(cells)) <= 1


def passes_road_test(board, target: int, relative: bool = False) -> bool:
    """Rule 2 from RULINGS, literally: after building on ``target`` the empty lots form one
    piece and every structure (the new one included) has an empty orthogonal neighbour.

    ``relative``: for a road already split by an earlier (leniently read) move, require
    only that building does not split it further."""
    if board[target]:
        return False
    empty = empty_lots(board) - {target}
    if relative:
        if len(components(empty)) > len(components(empty | {target})):
            return False
    elif not is_connected(empty):
        return False
    for s in ALL_LOTS:
        if board[s] or s == target:
            if not any(n in empty for n in neighbours(s)):
                return False
    return True


def articulation_points(cells: set[int]) -> set[int]:
    """Tarjan's articulation points of the grid graph on ``cells`` (iterative)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    out: set[int] = set()
    counter = 0
    for root in cells:
        if root in index:
            continue
        index[root] = low[root] = counter
        counter += 1
        root_children = 0
        stack = [(root, -1, iter(neighbours(root)))]
        while stack:
            node, parent, it = stack[-1]
            advanced = False
            for n in it:
                if n not in cells or n == parent:
                    continue
                if n in index:
                    low[node] = min(low[node], index[n])
                else:
                    index[n] = low[n] = counter
                    counter += 1
                    if node == root:
                        root_children += 1
                    stack.append((n, node, iter(neighbours(n))))
                    advanced = True
                    break
            if not advanced:
                stack.pop()
                if stack:
                    up = stack[-1][0]
                    low[up] = min(low[up], low[node])
                    if up != root and low[node] >= index[up]:
                        out.add(up)
        if root_children > 1:
            out.add(root)
    return out


def road_distances(board, source: int) -> dict[int, int]:
    """Road distance from structure ``source`` to each reachable empty lot (BFS)."""
    dist: dict[int, int] = {}
    queue = deque()
    for n in neighbours(source):
        if not board[n]:
            dist[n] = 1
            queue.append(n)
    while queue:
        here = queue.popleft()
        for n in neighbours(here):
            if not board[n] and n not in dist:
                dist[n] = dist[here] + 1
                queue.append(n)
    return dist


def structure_distance(board, dist_from_a: dict[int, int], b: int) -> int | None:
    """Road distance to structure ``b``, given the empty-lot distances from ``a``."""
    best = [dist_from_a[n] for n in neighbours(b) if n in dist_from_a]
    return min(best) if best else None


# -- legal builds oracle -------------------------------------------------------------------
def oracle_legal_builds(state: GameState, player: Player | None = None,
                        road_buildable: set[int] | None = None):
    """Every (piece code, lot) that RULINGS "Legal lots" allows, from scratch: a set for
    ``player``, or a dict of both players' sets when ``player`` is None.
    ``road_buildable`` may pass in :func:`oracle_road_buildable` already computed."""
    board, city = state.board, state.city
    empty = empty_lots(board)
    if road_buildable is None:
        road_buildable = oracle_road_buildable(board)
    road_ok = {i: i in road_buildable for i in empty}

    def passes_1_to_3(i: int) -> bool:
        if not road_ok[i]:
            return False
        if i == icon_lot(city, i):
            return not any(road_ok.get(o, False) for o in tile_lots(i) if o != i)
        return True

    ok123 = {i for i in empty if passes_1_to_3(i)}

    def tile_colour(i: int) -> Colour:
        return city.tiles[tile_number(i)].colour

    def structures_on_tile(i: int) -> int:
        return sum(1 for o in tile_lots(i) if board[o])

    def first_two_ok(piece: Piece, i: int) -> bool:
        if structures_on_tile(i) >= 2:
            return True
        if piece.colour == tile_colour(i):
            return True
        return piece.kind is Kind.TOWER and tile_colour(i) is Colour.BLACK

    def for_player(who: Player) -> set[tuple[str, int]]:
        out = set()
        for piece, count in state.stock(who).items():
            if not count:
                continue
            if piece.kind is Kind.TOWER:
                legal = {i for i in ok123 if first_two_ok(piece, i)}
            else:
                own = {i for i in ok123
                       if tile_colour(i) == piece.colour and first_two_ok(piece, i)}
                legal = own if own else ok123
            out |= {(piece.text(), i) for i in legal}
        return out

    if player is not None:
        return for_player(player)
    return {p: for_player(p) for p in Player}


def oracle_road_buildable(board, relative: bool = False) -> set[int]:
    """Empty lots passing rule 2 (the road test) alone."""
    return {i for i in empty_lots(board) if passes_road_test(board, i, relative)}


def engine_legal_builds(state: GameState, player: Player) -> set[tuple[str, int]]:
    return {(m.piece.text(), m.lot) for m in state.legal_builds(player)}


# -- scoring oracle --------------------------------------------------------------------------
def oracle_score(state: GameState) -> dict:
    """The final count per RULINGS "Scoring", from scratch.

    Returns {"totals": {player: int}, "towers": {lot: (customers set, competition,
    location)}, "bonuses": Counter of (green, colour, points, player) paid}."""
    board = state.board
    pieces = {i: state.piece_at(i) for i in ALL_LOTS if board[i]}
    towers = {i: p for i, p in pieces.items() if p.kind is Kind.TOWER}
    owner = {i: state.owner_at(i) for i in towers}
    dist_cache: dict[int, dict[int, int]] = {}

    def dist(a: int, b: int) -> int | None:
        if a not in dist_cache:
            dist_cache[a] = road_distances(board, a)
        return structure_distance(board, dist_cache[a], b)

    totals = {Player.BLACK: 0, Player.WHITE: 0}
    claimed = [i for i in towers if owner[i] is not None]
    rank_count = Counter(state.city.tiles[tile_number(i)].rank for i in claimed)
    tower_rows = {}
    for t in claimed:
        colour = towers[t].colour
        customers = {s for s, p in pieces.items()
                     if s != t and p.colour != colour and dist(t, s) in (1, 2)}
        rivals = [d for o, p in towers.items() if o != t and p.colour == colour
                  for d in [dist(t, o)] if d is not None]
        competition = min(rivals) if rivals else 0
        location = 0
        if state.ruleset.location_bonus:
            rank = state.city.tiles[tile_number(t)].rank
            location = rank if rank_count[rank] == 1 else 0
        tower_rows[t] = (customers, competition, location)
        totals[owner[t]] += len(customers) * competition + location

    bonuses: Counter = Counter()
    for g, p in towers.items():
        if p.colour is not Colour.GREEN or owner[g] is not None:
            continue
        for colour in (Colour.RED, Colour.BLUE):
            ds = {o: dist(g, o) for o, q in towers.items() if q.colour == colour}
            ds = {o: d for o, d in ds.items() if d is not None}
            if not ds:
                continue
            nearest_d = min(ds.values())
            if nearest_d > 4:
                continue
            nearest = [o for o, d in ds.items() if d == nearest_d]
            owners = {owner[o] for o in nearest}
            if len(nearest) == 1:
                paid = owner[nearest[0]]
            elif state.ruleset.edition == 2004 and len(owners) == 1 and None not in owners:
                paid = next(iter(owners))
            else:
                paid = None
            if paid is not None:
                points = 10 - 2 * nearest_d
                bonuses[(g, colour, points, paid)] += 1
                totals[paid] += points
    return {"totals": totals, "towers": tower_rows, "bonuses": bonuses}


# -- random games ---------------------------------------------------------------------------
def random_game(seed: int, ruleset: Ruleset = Ruleset(), pass_rate: float | None = None,
                start: GameState | None = None):
    """Yield (state_before, move, step) for one seeded random game to its end, from
    ``new_game(ruleset, seed)`` or from ``start``.

    Builds are uniform among legal builds; in a claim step the player passes with
    probability ``pass_rate`` (default: drawn per game), else claims a random tower."""
    rng = random.Random(seed)
    if pass_rate is None:
        pass_rate = rng.choice((0.0, 0.5, 0.9))
    state = new_game(ruleset, seed=seed) if start is None else start
    while not state.is_over():
        if state.phase is Phase.CLAIM:
            claims = state.legal_claims()
            move = Pass() if (not claims or rng.random() < pass_rate) else Claim(rng.choice(claims))
        else:
            builds = state.legal_builds()
            move = builds[rng.randrange(len(builds))]
        step = state.play(move)
        yield state, move, step
        state = step.state
