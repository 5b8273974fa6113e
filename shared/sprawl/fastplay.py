"""The next position without events or move text, for the hard search.

:meth:`SprawlState.apply` builds the events and the record line of every move, which is
most of its cost; the search makes thousands of positions a second and needs neither.
:func:`fast_apply` changes the same fields the same way (tests compare the two over whole
games), except that ``history`` is left as it was: searched positions never reach a
record.
"""

from __future__ import annotations

from .moves import Branch, Build, Move
from .state import SprawlState

_FIELDS = ("options", "n", "geo", "seed", "first", "tw", "br", "towers", "tree_branches",
           "att", "dead", "stash", "started", "left", "_to_move", "ply", "history", "ended",
           "strict", "superior", "gami", "overload")


def fast_apply(state: SprawlState, move: Move) -> SprawlState:
    """The position after a legal ``move`` (its ``history`` not extended)."""
    s = SprawlState.__new__(SprawlState)
    for name in _FIELDS:
        setattr(s, name, getattr(state, name))
    s._legal = None
    seat = move.seat
    q, k = move.square, move.size
    if isinstance(move, Branch):
        d = move.direction
        depth, _source, tree = state.branch_sources(seat, q, k, d)[0]
        s.br = br = list(state.br)
        br[q] = (seat, k, d, tree, depth + 1)
        s.tree_branches = dict(state.tree_branches)
        s.tree_branches[tree] = state.tree_branches[tree] + (q,)
        target = state.geo.nb[q][d]
        s.att = att = list(state.att)
        att[target] = att[target] + (q,)
        if s.tw[target] is not None and target not in s.dead and s._is_neutralized(target):
            s.dead = s.dead | {target}
        extra: tuple[int, ...] = ()
    elif isinstance(move, Build):
        s.tw = tw = list(state.tw)
        tw[q] = tw[q] + ((k, seat),)  # type: ignore[operator]  # a tower square
        extra = ()
    else:
        extra = move.extra
        s.tw = tw = list(state.tw)
        tw[q] = ((k, seat),) + tuple((x, seat) for x in extra)
        s.towers = state.towers + (q,)
        s.tree_branches = dict(state.tree_branches)
        s.tree_branches[q] = ()
        if not state.started[seat]:
            s.started = state.started[:seat] + (True,) + state.started[seat + 1:]
        if state.att[q] and s._is_neutralized(q):
            s.dead = s.dead | {q}
    stash = list(state.stash[seat])
    stash[k - 1] -= 1
    for x in extra:
        stash[x - 1] -= 1
    s.stash = state.stash[:seat] + (tuple(stash),) + state.stash[seat + 1:]
    s.ply = state.ply + 1
    _advance(s, seat)
    return s


def _advance(s: SprawlState, seat: int) -> None:
    """:meth:`SprawlState._advance` without events: the next seat, or the end."""
    left = s.left
    active = [x for x in range(s.n) if x not in left]
    if len(active) <= 1:
        s._to_move = None
        s.ended = ("alone", active[0] if active else None)
        return
    nxt = (seat + 1) % s.n
    while nxt in left:
        nxt = (nxt + 1) % s.n
    s._to_move = nxt
    if not s.legal_moves():
        s._to_move = None
        s._legal = None
        s.ended = ("stuck", nxt)
