"""``why_not``: the rule that forbids a move, in a player's words, with a short code.

The checks run in the order a player thinks: is it my turn, is the square there and free,
do I have the piece, then the action's own rules. For a branch every neighbouring piece
is tried as a source and the one that got furthest through the rules speaks, so the
sentence names the real obstacle ("c7 is beyond this tower's reach: it is 1 high").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable

from shared.gamekit.api import Rejection

from .board import square_name
from .moves import MOVE_TYPES, Branch, Build, Place
from .words import _, colour_word, direction_word, join_and, ngettext, piece_on, sentence

if TYPE_CHECKING:
    from .state import SprawlState


def _r(code: str, text: str) -> Rejection:
    """A rejection whose text is one sentence (square names keep their small letter)."""
    return Rejection(code, sentence(text))


def _attackers(state: "SprawlState", by: Iterable[int]) -> str:
    """"yellow's 1 on c5 and red's 2 on d4": the branches that neutralize a piece."""
    return join_and(piece_on(state.credited(a), state.br[a][1], square_name(a)) for a in by)  # type: ignore[index]  # a branch square


def dead_text(state: "SprawlState", tower: int, named: bool = False) -> str:
    """'this tree is dead: its tower on c4 is neutralized by yellow's 1 on c5' (``named``:
    'the tree on c4 is dead: ...', for a sentence that stands alone)."""
    by = state.neutralized_by([p[0] for p in state.tw[tower]], state.att[tower])  # type: ignore[union-attr]  # a tower square
    square, attackers = square_name(tower), _attackers(state, by)
    if state.superior:
        pips = sum(p[0] for p in state.tw[tower])  # type: ignore[misc, union-attr]  # a tower square
        total = sum(state.br[a][1] for a in by)  # type: ignore[index, misc]  # a branch square
        if named:
            return ngettext("the tree on {square} is dead: its tower on {square} is neutralized by "
                            "{total} attacking pip against its {pips} ({attackers})",
                            "the tree on {square} is dead: its tower on {square} is neutralized by "
                            "{total} attacking pips against its {pips} ({attackers})", total).format(
                square=square, total=total, pips=pips, attackers=attackers)
        return ngettext("this tree is dead: its tower on {square} is neutralized by {total} "
                        "attacking pip against its {pips} ({attackers})",
                        "this tree is dead: its tower on {square} is neutralized by {total} "
                        "attacking pips against its {pips} ({attackers})", total).format(
            square=square, total=total, pips=pips, attackers=attackers)
    if named:
        return _("the tree on {square} is dead: its tower on {square} is neutralized by "
                 "{attackers}").format(square=square, attackers=attackers)
    return _("this tree is dead: its tower on {square} is neutralized by {attackers}").format(
        square=square, attackers=attackers)


def why_not(state: "SprawlState", move: Any, seat: int | None = None) -> Rejection | None:
    if not isinstance(move, MOVE_TYPES):
        return _r("not_a_move", _("{move} is not a Sprawl move").format(move=repr(move)))
    if state.to_move is None:
        return _r("game_over", _("the game is over"))
    to_move = state.to_move
    if seat is not None and seat != to_move:
        return _r("not_your_turn", _("it is {colour}'s turn").format(colour=colour_word(to_move)))
    if not 0 <= move.seat < state.n:
        return _r("no_such_seat", _("there is no {colour} in this game").format(
            colour=colour_word(move.seat)))
    if move.seat != to_move:
        return _r("not_your_turn", _("it is {colour}'s turn, not {other}'s").format(
            colour=colour_word(to_move), other=colour_word(move.seat)))
    q, k = move.square, move.size
    name = square_name(q)
    geo = state.geo
    if not geo.contains(q):
        return _r("off_board", _("{square} is off this {files}x{ranks} board").format(
            square=name, files=geo.files, ranks=geo.ranks))
    if not state.started[to_move] and not isinstance(move, Place):
        return _r("first_tower", _("your first move must be a tower: stand a piece upright "
                                   "on any vacant square"))
    stash = state.stash[to_move]
    if not stash[k - 1]:
        return _r("no_piece", _("you have no {size} left in your stash").format(size=k))
    if isinstance(move, Build):
        return _build(state, move)
    if state.tw[q] is not None:
        return _r("occupied", _("{square} is not vacant: a tower is there").format(square=name))
    if state.br[q] is not None:
        return _r("occupied", _("{square} is not vacant: a branch is there").format(square=name))
    if isinstance(move, Branch):
        return _branch(state, move)
    return _place(state, move)


def _place(state: "SprawlState", move: Place) -> Rejection | None:
    seat, q, k = move.seat, move.square, move.size
    name = square_name(q)
    if not state.started[seat]:
        if move.extra:
            return _r("first_tower_single", _("a first tower is a single piece"))
        return None
    hits = state.targets(seat).get(q, 0)
    if not hits:
        dead = _dead_targeting(state, seat, q)
        if dead is not None:
            return _r("dead_tree", dead_text(state, dead))
        return _r("not_targeted", _("none of your branches in a live tree targets {square}: "
                                    "a new tower must be spored where your branch points land")
                  .format(square=name))
    if state.att[q] and not state._spore_safe(k, state.att[q]):
        by = state.neutralized_by([k], state.att[q])
        return _r("spore_neutralized", _("a {size} on {square} would be neutralized at once by "
                                         "{attackers}").format(size=k, square=name,
                                                               attackers=_attackers(state, by)))
    if move.extra:
        if not state.overload:
            return _r("overload_off", _("builds in the same turn as a spore need the overload "
                                        "option"))
        if len(move.extra) > hits - 1:
            return _r("overload_count", ngettext(
                "{hits} of your branches target {square}: at most {n} follow-up build",
                "{hits} of your branches target {square}: at most {n} follow-up builds",
                hits - 1).format(hits=hits, square=name, n=hits - 1))
        below = k
        for x in move.extra:
            if x != below - 1:
                if below == 1:
                    return _r("build_size", _("nothing can be built on a 1"))
                return _r("build_size", _("each build must be one smaller than the piece below: "
                                          "a {size} on the {below}").format(size=below - 1,
                                                                            below=below))
            if not state.stash[seat][x - 1]:
                return _r("no_piece", _("you have no {size} left in your stash").format(size=x))
            below = x
    return None


def _dead_targeting(state: "SprawlState", seat: int, q: int) -> int | None:
    """A dead tree of the seat whose branch targets q (to explain a refused spore)."""
    reach = state.geo.reach
    for t in sorted(state.dead):
        if state.controller(t) != seat:
            continue
        for b in state.tree_branches[t]:
            _x, size, d, _y, _z = state.br[b]  # type: ignore[misc]  # a branch square
            if reach[b][d][size] == q:
                return t
    return None


def _build(state: "SprawlState", move: Build) -> Rejection | None:
    seat, q, k = move.seat, move.square, move.size
    name = square_name(q)
    tower = state.tw[q]
    if tower is None:
        return _r("no_tower", _("there is no tower on {square} to build on").format(square=name))
    owner = state.controller(q)
    if owner != seat:
        if not state.gami:
            return _r("not_yours", _("the tower on {square} is {colour}'s").format(
                square=name, colour=colour_word(owner)))
        if q not in state.targets(seat, vacant_only=False):
            return _r("not_targeted", _("the tower on {square} is {colour}'s and none of your "
                                        "branches in a live tree targets it").format(
                square=name, colour=colour_word(owner)))
    if q in state.dead:
        return _r("dead_tree", dead_text(state, q))
    top = tower[-1][0]
    if top == 1:
        return _r("build_size", _("the tower on {square} has a 1 on top: nothing can go on a 1")
                  .format(square=name))
    if k != top - 1:
        return _r("build_size", _("a build must be one smaller than the top: the tower on "
                                  "{square} has a {top} on top, so only a {size} fits").format(
            square=name, top=top, size=top - 1))
    return None


def _branch(state: "SprawlState", move: Branch) -> Rejection | None:
    seat, q, k, d = move.seat, move.square, move.size, move.direction
    name = square_name(q)
    geo = state.geo
    if geo.nb[q][d] < 0:
        return _r("points_off", _("a branch on {square} pointing {direction} would point off "
                                  "the board").format(square=name, direction=direction_word(d)))
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
            tree = br[p][3]  # type: ignore[index]  # a branch square
            found = _branch_source(state, seat, p, pname, back, k, d)
        else:
            continue
        if found is None:             # geometry fine: the tree must be the problem
            if tree in state.dead:
                found = (5, _r("dead_tree", dead_text(state, tree)))
            else:
                found = (4, _r("reach", _("{square} is beyond this tower's reach: it is "
                                          "{height} high").format(square=name,
                                                                  height=len(tw[tree]))))  # type: ignore[arg-type]  # a tower square
        if state.controller(tree) != seat and found[0] > 0:
            found = (0, _r("not_yours", _("the piece on {square} is {colour}'s").format(
                square=pname, colour=colour_word(state.controller(tree)))))
        if best is None or found[0] > best[0]:
            best = found
    if best is None:
        return _r("no_source", _("no tower or branch of yours is next to {square}").format(
            square=name))
    return best[1]


def _tower_source(state: "SprawlState", seat: int, p: int, pname: str, back: int,
                  d: int) -> tuple[int, Rejection] | None:
    if d != back:
        return (2, _r("direction", _("a branch beside the tower on {square} must point "
                                     "straight away from it ({direction})").format(
            square=pname, direction=direction_word(back))))
    return None


def _branch_source(state: "SprawlState", seat: int, p: int, pname: str, back: int, k: int,
                   d: int) -> tuple[int, Rejection] | None:
    _x, size, dr, _y, _z = state.br[p]  # type: ignore[misc]  # a branch square
    if back == (dr + 2) & 3:
        return (1, _r("behind", _("nothing grows from the back of the branch on {square}: "
                                  "only its tip and its two sides").format(square=pname)))
    if back == dr:
        if state.strict and d != dr:
            return (2, _r("strict_branching", _("with strict branching, a branch on the tip "
                                                "of the branch on {square} must point the same "
                                                "way ({direction})").format(
                square=pname, direction=direction_word(dr))))
        if d == (dr + 2) & 3:
            return (2, _r("points_back", _("a branch on the tip of the branch on {square} may "
                                           "not point back at it").format(square=pname)))
    elif d != back:
        return (2, _r("direction", _("a branch beside the branch on {square} must point "
                                     "straight away from it ({direction})").format(
            square=pname, direction=direction_word(back))))
    if size == 1:
        return (3, _r("size", _("nothing can grow from a 1 (the branch on {square})").format(
            square=pname)))
    if k != size - 1:
        if k < 3:
            return (3, _r("size", _("a {size} may only grow from a {bigger} (the branch on "
                                    "{square} is a {source})").format(size=k, bigger=k + 1,
                                                                      square=pname, source=size)))
        return (3, _r("size", _("a 3 can only grow from a tower, not from the {source} on "
                                "{square}").format(source=size, square=pname)))
    return None
