"""An independent brute-force City Blocks referee, compared with the engine after every ply.

Nothing here imports the engine's geometry, move generation, turn order or scoring: the
pieces are typed in again as coordinates, orientations come from the eight symmetries,
placements are sets of squares checked one by one against a dict board, areas are a
breadth-first search and edges are counted square by square. Only the engine's public
state (legal moves, score, turn) is read, and its seeded first colour taken as given.
"""

from __future__ import annotations

import random
from collections import deque

import pytest

from shared.cityblocks import new_state

NAMES = ("blue", "green", "red", "yellow")
CORNER = {0: (0, 0), 1: (0, 19), 2: (19, 19), 3: (19, 0)}
CENTRE = {0: (9, 9), 1: (9, 10), 2: (10, 10), 3: (10, 9)}
CELLS = {
    "I2": [(0, 0), (1, 0)],
    "I3": [(0, 0), (1, 0), (2, 0)],
    "V3": [(0, 0), (1, 0), (0, 1)],
    "I4": [(0, 0), (1, 0), (2, 0), (3, 0)],
    "L4": [(0, 0), (0, 1), (0, 2), (1, 0)],
    "O4": [(0, 0), (1, 0), (0, 1), (1, 1)],
    "T4": [(0, 0), (1, 0), (2, 0), (1, 1)],
    "Z4": [(0, 0), (1, 0), (1, 1), (2, 1)],
    "F5": [(1, 0), (1, 1), (0, 1), (1, 2), (2, 2)],
    "I5": [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)],
    "L5": [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)],
    "N5": [(0, 0), (1, 0), (1, 1), (2, 1), (3, 1)],
    "P5": [(0, 0), (1, 0), (0, 1), (1, 1), (0, 2)],
    "T5": [(0, 2), (1, 2), (2, 2), (1, 1), (1, 0)],
    "U5": [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1)],
    "V5": [(0, 0), (1, 0), (2, 0), (0, 1), (0, 2)],
    "W5": [(0, 0), (1, 0), (1, 1), (2, 1), (2, 2)],
    "X5": [(1, 0), (0, 1), (1, 1), (2, 1), (1, 2)],
    "Y5": [(0, 0), (1, 0), (2, 0), (3, 0), (1, 1)],
    "Z5": [(0, 0), (1, 0), (1, 1), (1, 2), (2, 2)],
}


def shapes(cells):
    out = set()
    for sx in (1, -1):
        for sy in (1, -1):
            for swap in (False, True):
                pts = [((y, x) if swap else (x, y)) for x, y in cells]
                pts = [(sx * x, sy * y) for x, y in pts]
                mx, my = min(p[0] for p in pts), min(p[1] for p in pts)
                out.add(tuple(sorted((x - mx, y - my) for x, y in pts)))
    return sorted(out)


PLACEMENTS: dict[str, list] = {}     # piece -> squares of every orientation and position
for _name, _cells in CELLS.items():
    PLACEMENTS[_name] = []
    for _shape in shapes(_cells):
        for _ax in range(20):
            for _ay in range(20):
                _sq = tuple(sorted((_ax + x, _ay + y) for x, y in _shape))
                if all(0 <= x < 20 and 0 <= y < 20 for x, y in _sq):
                    PLACEMENTS[_name].append(_sq)


def test_the_referee_knows_the_pieces():
    assert sum(len(shapes(c)) for c in CELLS.values()) == 90
    assert sum(len(p) for p in PLACEMENTS.values()) == 30033   # on an empty board
    assert sum(len(c) for c in CELLS.values()) == 88


class Referee:
    """The rules of CITY-BLOCKS.md written out the slow, obvious way."""

    def __init__(self, players: int, first: int) -> None:
        self.players = players
        self.board = {CENTRE[c]: c for c in range(4)}
        self.used = {c: set() for c in range(4)}
        self.turn = first            # colour (2/4 players) or seat (3 players)
        self.passes = 0
        self.over = False

    def seat(self) -> int:
        if self.players == 4:
            return self.turn
        if self.players == 2:
            return self.turn % 2       # blue, red -> 0; green, yellow -> 1
        return self.turn               # 3 players: seats red, green, yellow

    def colours(self) -> list[int]:
        if self.players == 3:
            return [(2, 1, 3)[self.turn], 0]
        return [self.turn]

    def legal(self) -> set:
        out = set()
        covered = set(self.board)
        for colour in self.colours():
            first = not self.used[colour]
            for piece, placements in PLACEMENTS.items():
                if piece in self.used[colour]:
                    continue
                for squares in placements:
                    if first and CORNER[colour] not in squares:
                        continue
                    if covered.isdisjoint(squares):
                        out.add((colour, piece, squares))
        return out

    def play(self, move) -> None:
        if move is None:
            self.passes += 1
        else:
            colour, piece, squares = move
            for s in squares:
                self.board[s] = colour
            self.used[colour].add(piece)
            self.passes = 0
        self.turn = (self.turn + 1) % (3 if self.players == 3 else 4)
        if self.passes == (3 if self.players == 3 else 4):
            self.over = True

    def colour_score(self, colour: int) -> tuple[int, int]:
        mine = {s for s, c in self.board.items() if c == colour}
        best, seen = 0, set()
        for start in mine:
            if start in seen:
                continue
            size, todo = 0, deque([start])
            seen.add(start)
            while todo:
                x, y = todo.popleft()
                size += 1
                for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if n in mine and n not in seen:
                        seen.add(n)
                        todo.append(n)
            best = max(best, size)
        edges = 0
        for x, y in mine:
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < 20 and 0 <= ny < 20 and (nx, ny) not in self.board:
                    edges += 1
        return best, edges

    def seat_totals(self) -> list[int]:
        per = [sum(self.colour_score(c)) for c in range(4)]
        if self.players == 4:
            return per
        if self.players == 2:
            return [per[0] + per[2], per[1] + per[3]]
        return [per[2], per[1], per[3]]


def compare(state, ref: Referee, full: bool) -> list | None:
    assert state.is_over() == ref.over
    score = state.score()
    for c in range(4):
        area, edges = ref.colour_score(c)
        got = score["colours"][NAMES[c]]
        assert (got["area"], got["edges"]) == (area, edges), NAMES[c]
    totals = ref.seat_totals()
    assert [s["total"] for s in score["seats"]] == totals
    best = max(totals)
    assert score["winners"] == [s for s, t in enumerate(totals) if t == best]
    if ref.over:
        return None
    assert state.to_move == ref.seat()
    if not full:
        return None
    legal = ref.legal()
    engine = [m for m in state.legal_moves() if not m.is_pass]
    assert len(engine) == len(set(engine)) == state.legal_moves().count
    assert set(engine) == legal
    return engine            # the same moves, in the engine's (deterministic) order


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_every_ply_matches_the_referee(players, seed):
    """Whole games: the legal set, the scores, the turn and the end agree at every ply.
    Moves are drawn from the (checked equal) legal set, now and then a pass instead."""
    rng = random.Random(seed)
    state = new_state(players, seed)
    first = state.first
    ref = Referee(players, first)
    plies = 0
    while not state.is_over():
        legal = compare(state, ref, full=True)
        if legal and rng.random() > 0.04:
            move = rng.choice(legal)
            ref.play((move.colour, move.piece, move.squares))
        else:
            move = state.pass_move()
            assert state.why_not(move) is None
            ref.play(None)
        state, _ = state.play(move)
        plies += 1
    compare(state, ref, full=True)
    assert plies > 40


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scores_match_the_referee_over_many_games(players):
    """More seeded games, engine's own uniform choices: score, turn and end every ply,
    the full legal set every tenth ply."""
    for seed in (10, 11):
        rng = random.Random(seed)
        state = new_state(players, seed)
        ref = Referee(players, state.first)
        ply = 0
        while not state.is_over():
            compare(state, ref, full=ply % 10 == 0)
            move = state.legal_moves().random(rng)
            ref.play(None if move.is_pass else (move.colour, move.piece, move.squares))
            state, _ = state.play(move)
            ply += 1
        compare(state, ref, full=False)
