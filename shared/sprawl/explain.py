"""``why_not``: the rule that forbids a move, in a player's words, with a short code.

The checks run in the order a player thinks: is it my turn, is the square there and free,
do I have the piece, then the action's own rules. For a branch every neighbouring piece
is tried as a source and the one that got furthest through the rules speaks, so the
sentence names the real obstacle ("c7 is beyond this tower's reach: it is 1 high").
"""

from __future__ import annotations

import re

from typing import TYPE_CHECKING, Any

from shared.gamekit.api import Rejection

from .board import COLOURS, DIR_WORDS, square_name
from .moves import MOVE_TYPES, Branch, Build, Place

if TYPE_CHECKING:
    from .state import SprawlState


def _r(code: str, text: str) -> Rejection:
    """A rejection whose text is one sentence (square names keep their small letter)."""
    if not re.match(r"[a-h]\d", text):
        text = text[0].upper() + text[1:]
    return Rejection(code, text + ("" if text.endswith(".") else "."))


def dead_text(state: "SprawlState", tower: int) -> str:
    """'this tree is dead: its tower on c4 is neutralized by yellow's 1 on c5'"""
    by = state.neutralized_by([p[0] for p in state.tw[tower]], state.att[tower])
    parts = [f"{COLOURS[state.credited(a)]}'s {state.br[a][1]} on {square_name(a)}" for a in by]
    text = f"this tree is dead: its tower on {square_name(tower)} is neutralized by "
    if state.superior:
        pips = sum(p[0] for p in state.tw[tower])
        total = sum(state.br[a][1] for a in by)
        return text + f"{total} attacking pips against its {pips} ({', '.join(parts)})"
    return text + " and ".join(parts)


def why_not(state: "SprawlState", move: Any, seat: int | None = None) -> Rejection | None:
    if not isinstance(move, MOVE_TYPES):
        return _r("not_a_move", f"{move!r} is not a Sprawl move")
    if state.to_move is None:
        return _r("game_over", "the game is over")
    to_move = state.to_move
    if seat is not None and seat != to_move:
        return _r("not_your_turn", f"it is {COLOURS[to_move]}'s turn")
    if not 0 <= move.seat < state.n:
        return _r("no_such_seat", f"there is no {COLOURS[move.seat]} in this game")
    if move.seat != to_move:
        return _r("not_your_turn", f"it is {COLOURS[to_move]}'s turn, not {COLOURS[move.seat]}'s")
    q, k = move.square, move.size
    name = square_name(q)
    geo = state.geo
    if not geo.contains(q):
        return _r("off_board", f"{name} is off this {geo.files}x{geo.ranks} board")
    if not state.started[to_move] and not isinstance(move, Place):
        return _r("first_tower", "your first move must be a tower: stand a piece upright "
                  "on any vacant square")
    stash = state.stash[to_move]
    if not stash[k - 1]:
        return _r("no_piece", f"you have no {k} left in your stash")
    if isinstance(move, Build):
        return _build(state, move)
    if state.tw[q] is not None or state.br[q] is not None:
        what = "a tower" if state.tw[q] is not None else "a branch"
        return _r("occupied", f"{name} is not vacant: {what} is there")
    if isinstance(move, Branch):
        return _branch(state, move)
    return _place(state, move)


def _place(state: "SprawlState", move: Place) -> Rejection | None:
    seat, q, k = move.seat, move.square, move.size
    name = square_name(q)
    if not state.started[seat]:
        if move.extra:
            return _r("first_tower_single", "a first tower is a single piece")
        return None
    hits = state.targets(seat).get(q, 0)
    if not hits:
        dead = _dead_targeting(state, seat, q)
        if dead is not None:
            return _r("dead_tree", dead_text(state, dead))
        return _r("not_targeted", f"none of your branches in a live tree targets {name}: "
                  "a new tower must be spored where your branch points land")
    if state.att[q] and not state._spore_safe(k, state.att[q]):
        by = state.neutralized_by([k], state.att[q])
        who = " and ".join(f"{COLOURS[state.credited(a)]}'s {state.br[a][1]} on "
                           f"{square_name(a)}" for a in by)
        return _r("spore_neutralized", f"a {k} on {name} would be neutralized at once by {who}")
    if move.extra:
        if not state.overload:
            return _r("overload_off", "builds in the same turn as a spore need the overload "
                      "option")
        if len(move.extra) > hits - 1:
            return _r("overload_count", f"{hits} of your branches target {name}: at most "
                      f"{hits - 1} follow-up build{'s' if hits != 2 else ''}")
        below = k
        for x in move.extra:
            if x != below - 1:
                return _r("build_size", f"each build must be one smaller than the piece below: "
                          f"a {below - 1} on the {below}" if below > 1 else
                          "nothing can be built on a 1")
            if not state.stash[seat][x - 1]:
                return _r("no_piece", f"you have no {x} left in your stash")
            below = x
    return None


def _dead_targeting(state: "SprawlState", seat: int, q: int) -> int | None:
    """A dead tree of the seat whose branch targets q (to explain a refused spore)."""
    reach = state.geo.reach
    for t in sorted(state.dead):
        if state.controller(t) != seat:
            continue
        for b in state.tree_branches[t]:
            _, size, d, _, _ = state.br[b]
            if reach[b][d][size] == q:
                return t
    return None


def _build(state: "SprawlState", move: Build) -> Rejection | None:
    seat, q, k = move.seat, move.square, move.size
    name = square_name(q)
    tower = state.tw[q]
    if tower is None:
        return _r("no_tower", f"there is no tower on {name} to build on")
    owner = state.controller(q)
    if owner != seat:
        if not state.gami:
            return _r("not_yours", f"the tower on {name} is {COLOURS[owner]}'s")
        if q not in state.targets(seat, vacant_only=False):
            return _r("not_targeted", f"the tower on {name} is {COLOURS[owner]}'s and none of "
                      "your branches in a live tree targets it")
    if q in state.dead:
        return _r("dead_tree", dead_text(state, q))
    top = tower[-1][0]
    if top == 1:
        return _r("build_size", f"the tower on {name} has a 1 on top: nothing can go on a 1")
    if k != top - 1:
        return _r("build_size", f"a build must be one smaller than the top: the tower on "
                  f"{name} has a {top} on top, so only a {top - 1} fits")
    return None


def _branch(state: "SprawlState", move: Branch) -> Rejection | None:
    seat, q, k, d = move.seat, move.square, move.size, move.direction
    name = square_name(q)
    geo = state.geo
    if geo.nb[q][d] < 0:
        return _r("points_off", f"a branch on {name} pointing {DIR_WORDS[d]} would point "
                  "off the board")
    if state.branch_sources(seat, q, k, d):
        return None
    # No source works: let the neighbour that got furthest through the rules explain.
    best: tuple[int, Rejection] | None = None
    tw, br = state.tw, state.br
    for dp in (0, 1, 2, 3):
        p = geo.nb[q][dp]
        if p < 0:
            continue
        back = (dp + 2) & 3           # direction from p to q
        pname = square_name(p)
        if tw[p] is not None:
            tree, found = p, _tower_source(state, seat, p, pname, back, d)
        elif br[p] is not None:
            tree = br[p][3]
            found = _branch_source(state, seat, p, pname, back, k, d)
        else:
            continue
        if found is None:             # geometry fine: the tree must be the problem
            if tree in state.dead:
                found = (5, _r("dead_tree", dead_text(state, tree)))
            else:
                found = (4, _r("reach", f"{name} is beyond this tower's reach: it is "
                               f"{len(tw[tree])} high"))
        if state.controller(tree) != seat and found[0] > 0:
            found = (0, _r("not_yours", f"the piece on {pname} is "
                           f"{COLOURS[state.controller(tree)]}'s"))
        if best is None or found[0] > best[0]:
            best = found
    if best is None:
        return _r("no_source", f"no tower or branch of yours is next to {name}")
    return best[1]


def _tower_source(state, seat, p, pname, back, d) -> tuple[int, Rejection] | None:
    if d != back:
        return (2, _r("direction", f"a branch beside the tower on {pname} must point "
                      f"straight away from it ({DIR_WORDS[back]})"))
    return None


def _branch_source(state, seat, p, pname, back, k, d) -> tuple[int, Rejection] | None:
    _, size, dr, _, _ = state.br[p]
    if back == (dr + 2) & 3:
        return (1, _r("behind", f"nothing grows from the back of the branch on {pname}: "
                      "only its tip and its two sides"))
    if back == dr:
        if state.strict and d != dr:
            return (2, _r("strict_branching", f"with strict branching, a branch on the tip "
                          f"of the branch on {pname} must point the same way "
                          f"({DIR_WORDS[dr]})"))
        if d == (dr + 2) & 3:
            return (2, _r("points_back", f"a branch on the tip of the branch on {pname} may "
                          "not point back at it"))
    elif d != back:
        return (2, _r("direction", f"a branch beside the branch on {pname} must point "
                      f"straight away from it ({DIR_WORDS[back]})"))
    if size == 1:
        return (3, _r("size", f"nothing can grow from a 1 (the branch on {pname})"))
    if k != size - 1:
        return (3, _r("size", f"a {k} may only grow from a {k + 1} (the branch on {pname} "
                      f"is a {size})" if k < 3 else
                      f"a 3 can only grow from a tower, not from the {size} on {pname}"))
    return None
