"""Positions from pictures, for the ruling tests.

A picture is the board as a player draws it, top rank first:

    6 .   .   .   .   .   .
    5 .   .   r2n .   .   .
    4 .   .   R3  .   .   .

``.`` is a vacant square; ``R3`` a red tower of one 3, ``R321`` a red 3-2-1 tower,
``R3Y2`` a tower whose 3 is red and 2 yellow (sprawlgami); ``r2n`` a red 2 lying flat,
pointing north. Each branch joins the tree of its source found the way the spec says
(lowest depth, then file, then rank). Stashes are five of each size less what is on the
board; a colour with a piece on the board has had its first turn.
"""

from __future__ import annotations

import re

from shared.sprawl import SPRAWL, SprawlState, parse_move
from shared.sprawl.board import LETTERS, STRIDE

TOWER = re.compile(r"^(?:[A-Z]\d+)+$")
BRANCH = re.compile(r"^([a-z])([123])([nesw])$")
STEP = {0: STRIDE, 1: 1, 2: -STRIDE, 3: -1}


def sq(name: str) -> int:
    return (ord(name[0]) - 97) + STRIDE * (int(name[1:]) - 1)


def position(picture: str, players: int = 4, to_move: str = "r", **options) -> SprawlState:
    state = SPRAWL.new_state({"players": players, **options}, seed=0)
    tw = [None] * 64
    branches: dict[int, tuple[int, int, int]] = {}
    rows = [line.split() for line in picture.strip("\n").splitlines() if line.strip()]
    rows = [r for r in rows if r[0].isdigit()]
    for row in rows:
        rank = int(row[0]) - 1
        for file, token in enumerate(row[1:]):
            q = file + STRIDE * rank
            if token == ".":
                continue
            if TOWER.match(token):
                pieces = []
                for colour, sizes in re.findall(r"([A-Z])(\d+)", token):
                    pieces += [(int(k), LETTERS.index(colour.lower())) for k in sizes]
                tw[q] = tuple(pieces)
            elif m := BRANCH.match(token):
                branches[q] = (LETTERS.index(m.group(1)), int(m.group(2)), "nesw".index(m.group(3)))
            else:
                raise ValueError(f"bad picture token {token!r}")
    br: list = [None] * 64
    # assign trees breadth first: depth 1 from towers, then from the branches placed so far
    pending = dict(branches)
    depth = 1
    while pending:
        placed = {}
        for q, (seat, k, d) in pending.items():
            sources = []
            for p, back in ((q - STEP[d], d),):
                if 0 <= p < 64 and tw[p] is not None and abs(p % 8 - q % 8) <= 1 and depth == 1:
                    sources.append((0, p % 8, p // 8, p))
            for dp in range(4):
                p = q + STEP[dp]
                if not 0 <= p < 64 or abs(p % 8 - q % 8) > 1 or br[p] is None:
                    continue
                ps, pk, pd, ptree, pdepth = br[p]
                if pdepth != depth - 1 or pk != k + 1:
                    continue
                to_q = (dp + 2) % 4
                if to_q == pd and d != (pd + 2) % 4:
                    sources.append((pdepth, p % 8, p // 8, ptree))
                elif to_q in ((pd + 1) % 4, (pd + 3) % 4) and d == to_q:
                    sources.append((pdepth, p % 8, p // 8, ptree))
            if sources:
                tree = min(sources)[3]
                placed[q] = (seat, k, d, tree, depth)
        if not placed:
            raise ValueError(f"branches without a source: {sorted(pending)}")
        for q, value in placed.items():
            br[q] = value
            del pending[q]
        depth += 1
    state.tw, state.br = tw, br
    state.towers = tuple(q for q in range(64) if tw[q] is not None)
    state.tree_branches = {t: tuple(q for q in range(64) if br[q] and br[q][3] == t)
                           for t in state.towers}
    att = [()] * 64
    for q in range(64):
        if br[q]:
            target = q + STEP[br[q][2]]
            att[target] = att[target] + (q,)
    state.att = att
    state.dead = frozenset(t for t in state.towers if state._is_neutralized(t))
    used = [[0, 0, 0] for _ in range(players)]
    for q in range(64):
        for size, seat in tw[q] or ():
            used[seat][size - 1] += 1
        if br[q]:
            used[br[q][0]][br[q][1] - 1] += 1
    state.stash = tuple(tuple(5 - u for u in used[s]) for s in range(players))
    state.started = tuple(any(used[s]) for s in range(players))
    return with_turn(state, to_move)


def with_turn(state: SprawlState, letter: str) -> SprawlState:
    s = state._copy()
    s._to_move = LETTERS.index(letter)
    s.ended = None
    return s


def play_as(state: SprawlState, text: str) -> SprawlState:
    """Play a move for its colour whoever's turn it is (the rules still apply); the same
    colour is to move again afterwards."""
    move = parse_move(text)
    s = with_turn(state, text[0])
    return with_turn(s.play(move)[0], text[0])


def legal_texts(state: SprawlState) -> set[str]:
    return {m.text() for m in state.legal_moves()}


def code(state: SprawlState, text: str) -> str | None:
    reason = state.why_not(parse_move(text))
    return None if reason is None else reason.code


def reason(state: SprawlState, text: str) -> str:
    r = state.why_not(parse_move(text))
    assert r is not None, f"{text} is legal"
    return r.text
