"""The Sprawl position: an immutable value; ``play`` returns the next one.

The board is two flat lists over the 64 square slots of :mod:`.board`: ``tw[sq]`` holds a
tower (a tuple of ``(size, seat)`` pieces, bottom first) and ``br[sq]`` a branch
``(placer, size, direction, tree, depth)`` where ``tree`` is the square of the tower it
grows from. Towers never move and pieces never leave the board during play, so the few
derived facts (which branches attack a square, which towers are neutralized) are kept
incrementally: a new branch can only neutralize the tower it points at, and a build or a
spore never neutralizes anything (a build needs a live tower and only adds a size).
"""

from __future__ import annotations

import random
from typing import Any, Hashable, Mapping, Sequence

from shared.gamekit.api import IllegalMove, Rejection

from .board import COLOURS, LETTERS, PIECES_PER_SIZE, STRIDE, Geometry, board_size, geometry, square_name, square_order
from .moves import MOVE_TYPES, Branch, BranchTuple, Build, BuildTuple, Legal, Move, PlaceTuple
from .words import _, colour_name

VARIANTS = ("strict_branching", "superior_forces", "sprawlgami", "overload")

Piece = tuple[int, int]                         # (size, seat)
Tower = tuple[Piece, ...]                       # bottom first
BranchPiece = tuple[int, int, int, int, int]    # (placer, size, direction, tree, depth)


def first_player(players: int, seed: int | str) -> int:
    """The seeded first player (the spec: chosen at random, recorded)."""
    return random.Random(f"sprawl-first:{seed}").randrange(players)


class SprawlState:
    """One Sprawl position (see the module text for the board layout)."""

    __slots__ = ("options", "n", "geo", "seed", "first", "tw", "br", "towers", "tree_branches",
                 "att", "dead", "stash", "started", "left", "_to_move", "ply", "history",
                 "ended", "strict", "superior", "gami", "overload", "_legal")

    spec: Any = None   # set by .spec once the spec exists

    options: dict[str, Any]
    n: int
    geo: Geometry
    seed: int | str                             # a record's seed may be text
    first: int
    tw: list[Tower | None]                      # per square slot: the tower there
    br: list[BranchPiece | None]                # per square slot: the branch there
    towers: tuple[int, ...]                     # tower squares in play order
    tree_branches: dict[int, tuple[int, ...]]   # tower square -> its branch squares
    att: list[tuple[int, ...]]                  # square -> the branch squares attacking it
    dead: frozenset[int]                        # neutralized tower squares
    stash: tuple[tuple[int, ...], ...]          # per seat: pieces left of sizes 1, 2, 3
    started: tuple[bool, ...]                   # per seat: first tower placed
    left: tuple[int, ...]                       # seats that left, in order
    _to_move: int | None
    ply: int
    history: tuple[str, ...]                    # move texts
    ended: tuple[str, int | None] | None        # (why, seat) once over
    strict: bool
    superior: bool
    gami: bool
    overload: bool
    _legal: Legal | None

    # -- making states ------------------------------------------------------------------
    @classmethod
    def new(cls, options: Mapping[str, Any], seed: int | str,
            first: int | None = None) -> "SprawlState":
        s = cls.__new__(cls)
        s.options = dict(options)
        s.n = n = int(options["players"])
        s.geo = geometry(*board_size(n))
        s.seed = seed
        s.first = first_player(n, seed) if first is None else first
        s.tw = [None] * (STRIDE * STRIDE)
        s.br = [None] * (STRIDE * STRIDE)
        s.towers = ()
        s.tree_branches = {}
        s.att = [()] * (STRIDE * STRIDE)
        s.dead = frozenset()
        s.stash = tuple((PIECES_PER_SIZE,) * 3 for _ in range(n))
        s.started = (False,) * n
        s.left = ()
        s._to_move = s.first
        s.ply = 0
        s.history = ()
        s.ended = None
        s.strict = bool(options.get("strict_branching"))
        s.superior = bool(options.get("superior_forces"))
        s.gami = bool(options.get("sprawlgami"))
        s.overload = bool(options.get("overload"))
        s._legal = None
        return s

    def _copy(self) -> "SprawlState":
        s = SprawlState.__new__(SprawlState)
        for name in ("options", "n", "geo", "seed", "first", "tw", "br", "towers",
                     "tree_branches", "att", "dead", "stash", "started", "left", "_to_move",
                     "ply", "history", "ended", "strict", "superior", "gami", "overload"):
            setattr(s, name, getattr(self, name))
        s._legal = None
        return s

    # -- the contract's facts -------------------------------------------------------------
    @property
    def seat_count(self) -> int:
        return self.n

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @property
    def board(self) -> Geometry:
        return self.geo

    def is_over(self) -> bool:
        return self._to_move is None

    def turn(self) -> dict[str, Any]:
        seat = self._to_move
        return {"to_move": None if seat is None else COLOURS[seat], "seat": seat,
                "ply": self.ply, "first_tower": seat is not None and not self.started[seat]}

    def key(self) -> Hashable:
        return (tuple(self.tw), tuple(self.br), self.stash, self.started, self.left,
                self._to_move, self.options.get("players"),
                tuple(bool(self.options.get(v)) for v in VARIANTS))

    # -- derived facts --------------------------------------------------------------------
    def controller(self, tower_sq: int) -> int:
        """Who controls a tower and its tree (sprawlgami: the top piece's colour)."""
        tower: Tower = self.tw[tower_sq]  # type: ignore[assignment]  # a tower square
        return tower[-1][1] if self.gami else tower[0][1]

    def neutralized_by(self, sizes: tuple[int, ...] | list[int],
                       attackers: Sequence[int]) -> list[int]:
        """The attacking branch squares that neutralize pieces of these sizes (empty: not
        neutralized). Superior forces: all attackers, when their pips outweigh the tower's."""
        br: list[BranchPiece] = self.br  # type: ignore[assignment]  # attackers are branches
        if self.superior:
            total = sum(br[a][1] for a in attackers)
            return sorted(attackers, key=square_order) if total > sum(sizes) else []
        return sorted((a for a in attackers if br[a][1] not in sizes), key=square_order)

    def _is_neutralized(self, tower_sq: int) -> bool:
        attackers = self.att[tower_sq]
        if not attackers:
            return False
        return bool(self.neutralized_by([p[0] for p in self.tw[tower_sq]], attackers))  # type: ignore[union-attr]  # a tower square

    def live_trees(self, seat: int | None = None) -> list[int]:
        """Tower squares of live trees (of one controlling seat, or all)."""
        dead = self.dead
        return [t for t in self.towers if t not in dead
                and (seat is None or self.controller(t) == seat)]

    def tree_of(self, sq: int) -> int | None:
        """The tower square of the tree a piece belongs to (``None``: no piece there)."""
        if self.tw[sq] is not None:
            return sq
        branch = self.br[sq]
        return None if branch is None else branch[3]

    def targets(self, seat: int, vacant_only: bool = True) -> dict[int, int]:
        """Squares the seat's branches in live trees target -> how many of them do (the
        spore spots when ``vacant_only``)."""
        hits: dict[int, int] = {}
        reach, br, tw = self.geo.reach, self.br, self.tw
        for t in self.live_trees(seat):
            for b in self.tree_branches[t]:
                _, size, d, _, _ = br[b]  # type: ignore[misc]  # a branch square
                q = reach[b][d][size]
                if q >= 0 and (not vacant_only or (tw[q] is None and br[q] is None)):
                    hits[q] = hits.get(q, 0) + 1
        return hits

    def attacked(self) -> dict[int, list[int]]:
        """Every attacked on-board square -> the attacking branch squares."""
        return {sq: list(a) for sq, a in enumerate(self.att) if a}

    def attack_map(self) -> dict[int, list[dict[str, Any]]]:
        """Every attacked square -> its attackers as ``{square, size, seat}`` (the seat the
        branch acts for), for overlays."""
        return {sq: [{"square": a, "size": self.br[a][1], "seat": self.credited(a)} for a in att]  # type: ignore[index]  # a branch square
                for sq, att in enumerate(self.att) if att}

    def neutralization(self, tower_sq: int) -> dict[str, Any] | None:
        """Why a tower is neutralized (``None`` when it is live or there is no tower):
        ``rule`` ('size' or 'superior_forces') and the attackers that do it."""
        tower = self.tw[tower_sq]
        if tower is None or tower_sq not in self.dead:
            return None
        by = self.neutralized_by([p[0] for p in tower], self.att[tower_sq])
        return {"tower": tower_sq, "owner": self.controller(tower_sq),
                "rule": "superior_forces" if self.superior else "size",
                "by": [{"square": a, "size": self.br[a][1], "seat": self.credited(a)} for a in by]}  # type: ignore[index]  # a branch square

    def trees(self) -> dict[int, dict[str, Any]]:
        """Every tree by tower square: controller, live, height and branch squares."""
        return {t: {"owner": self.controller(t), "live": t not in self.dead,
                    "height": len(self.tw[t]), "branches": list(self.tree_branches[t])}  # type: ignore[arg-type]  # a tower square
                for t in self.towers}

    def credited(self, branch_sq: int) -> int:
        """The seat a branch acts for (its tree's controller)."""
        return self.controller(self.br[branch_sq][3])  # type: ignore[index]  # a branch square

    def vacant(self, sq: int) -> bool:
        return self.geo.on[sq] and self.tw[sq] is None and self.br[sq] is None

    def stash_pips(self, seat: int) -> int:
        c1, c2, c3 = self.stash[seat]
        return c1 + 2 * c2 + 3 * c3

    # -- legal moves ----------------------------------------------------------------------
    def legal_moves(self) -> Legal:
        legal = self._legal
        if legal is None:
            seat = self._to_move
            legal = Legal(-1, [], [], []) if seat is None else self._generate(seat)
            self._legal = legal
        return legal

    def _generate(self, seat: int) -> Legal:
        st = self.stash[seat]
        sizes = [k for k in (1, 2, 3) if st[k - 1]]
        tw, br = self.tw, self.br
        geo = self.geo
        if not self.started[seat]:
            places: list[PlaceTuple] = [(q, k, ()) for q in geo.squares if tw[q] is None and br[q] is None
                      for k in sizes]
            return Legal(seat, places, [], [])
        nb, reach, dead, gami = geo.nb, geo.reach, self.dead, self.gami
        builds: list[BuildTuple] = []
        branches: set[BranchTuple] = set()
        hits: dict[int, int] = {}
        strict = self.strict
        for t in self.towers:
            if t in dead:
                continue
            tower = tw[t]
            if (tower[-1][1] if gami else tower[0][1]) != seat:  # type: ignore[index]  # a tower square
                continue
            h = len(tower)  # type: ignore[arg-type]  # a tower square
            top = tower[-1][0]  # type: ignore[index]  # a tower square
            if top > 1 and st[top - 2]:
                builds.append((t, top - 1))
            if sizes:
                nbt = nb[t]
                for d in (0, 1, 2, 3):
                    q = nbt[d]
                    if q >= 0 and tw[q] is None and br[q] is None and nb[q][d] >= 0:
                        for k in sizes:
                            branches.add((q, k, d))
            for b in self.tree_branches[t]:
                _, size, dr, _, depth = br[b]  # type: ignore[misc]  # a branch square
                q = reach[b][dr][size]
                if q >= 0:
                    hits[q] = hits.get(q, 0) + 1
                if size > 1 and depth < h and st[size - 2]:
                    k = size - 1
                    nbb = nb[b]
                    left, right = (dr + 3) & 3, (dr + 1) & 3
                    q = nbb[dr]
                    if q >= 0 and tw[q] is None and br[q] is None:
                        nq = nb[q]
                        if nq[dr] >= 0:
                            branches.add((q, k, dr))
                        if not strict:
                            if nq[left] >= 0:
                                branches.add((q, k, left))
                            if nq[right] >= 0:
                                branches.add((q, k, right))
                    q = nbb[left]
                    if q >= 0 and tw[q] is None and br[q] is None and nb[q][left] >= 0:
                        branches.add((q, k, left))
                    q = nbb[right]
                    if q >= 0 and tw[q] is None and br[q] is None and nb[q][right] >= 0:
                        branches.add((q, k, right))
        places = []
        if hits:
            overload, att = self.overload, self.att
            for q, m in hits.items():
                tower = tw[q]
                if tower is None:
                    if br[q] is not None:
                        continue
                    a = att[q]
                    for k in sizes:
                        if a and not self._spore_safe(k, a):
                            continue
                        places.append((q, k, ()))
                        if overload and m > 1:
                            extra: tuple[int, ...] = ()
                            for j in range(1, m):
                                nxt = k - j
                                if nxt < 1 or not st[nxt - 1]:
                                    break
                                extra += (nxt,)
                                places.append((q, k, extra))
                elif gami and q not in dead and tower[-1][1] != seat:
                    top = tower[-1][0]
                    if top > 1 and st[top - 2]:
                        builds.append((q, top - 1))
        return Legal(seat, places, builds, list(branches))

    def _spore_safe(self, k: int, attackers: Sequence[int]) -> bool:
        """Would a lone piece of size k here survive its attackers?"""
        br: list[BranchPiece] = self.br  # type: ignore[assignment]  # attackers are branches
        if self.superior:
            return sum(br[a][1] for a in attackers) <= k
        for a in attackers:
            if br[a][1] != k:
                return False
        return True

    def branch_sources(self, seat: int, q: int, k: int, d: int) -> list[tuple[int, int, int]]:
        """Every source that makes branch (q, k, d) legal for ``seat``, best first, as
        (depth, source square, tree): the lowest depth wins, then file, then rank."""
        tw, br, nb, dead = self.tw, self.br, self.geo.nb, self.dead
        found = []
        for dp in (0, 1, 2, 3):
            p = nb[q][dp]
            if p < 0:
                continue
            back = (dp + 2) & 3          # direction from p to q
            if tw[p] is not None:
                if d == back and p not in dead and self.controller(p) == seat:
                    found.append((0, p, p))
                continue
            branch = br[p]
            if branch is None:
                continue
            _, size, dr, tree, depth = branch
            if size - 1 != k or tree in dead or self.controller(tree) != seat:
                continue
            if depth + 1 > len(tw[tree]):  # type: ignore[arg-type]  # a tower square
                continue
            if back == dr:               # q is p's tip
                ok = d == dr if self.strict else d != (dr + 2) & 3
            elif back == (dr + 2) & 3:   # q is behind p
                ok = False
            else:                        # a side square: point straight away from p
                ok = d == back
            if ok:
                found.append((depth, p, tree))
        found.sort(key=lambda f: (f[0], square_order(f[1])))
        return found

    # -- playing --------------------------------------------------------------------------
    def why_not(self, move: Any, seat: int | None = None) -> Rejection | None:
        from .explain import why_not
        return why_not(self, move, seat)

    def play(self, move: Any, seat: int | None = None) -> tuple["SprawlState", list[dict[str, Any]]]:
        if (seat is not None and seat != self._to_move) or move not in self.legal_moves():
            rejection = self.why_not(move, seat) or Rejection("illegal", _("That move is not legal."))
            text = move.text() if isinstance(move, MOVE_TYPES) else repr(move)
            raise IllegalMove(text, rejection)
        return self._apply(move)

    def apply(self, move: Move) -> "SprawlState":
        """The next state after a move known to be legal (no events; for playouts)."""
        return self._apply(move)[0]

    def _apply(self, move: Move) -> tuple["SprawlState", list[dict[str, Any]]]:
        seat = move.seat
        s = self._copy()
        events: list[dict[str, Any]] = []
        q, k = move.square, move.size
        stash = list(s.stash[seat])
        stash[k - 1] -= 1
        name = square_name(q)
        colour = COLOURS[seat]
        if isinstance(move, Branch):
            depth, source, tree = self.branch_sources(seat, q, k, move.direction)[0]
            s.br = br = list(self.br)
            br[q] = (seat, k, move.direction, tree, depth + 1)
            s.tree_branches = dict(self.tree_branches)
            s.tree_branches[tree] = self.tree_branches[tree] + (q,)
            events.append({"type": "branch", "seat": seat, "colour": colour, "square": name,
                           "size": k, "direction": "nesw"[move.direction],
                           "tree": square_name(tree), "source": square_name(source),
                           "depth": depth + 1})
            target = self.geo.nb[q][move.direction]
            s.att = att = list(self.att)
            att[target] = att[target] + (q,)
            if s.tw[target] is not None and target not in s.dead and s._is_neutralized(target):
                s.dead = s.dead | {target}
                events.append(s._neutralized_event(target))
        elif isinstance(move, Build):
            s.tw = tw = list(self.tw)
            before = self.controller(q)
            tw[q] = tw[q] + ((k, seat),)  # type: ignore[operator]  # a tower square
            events.append({"type": "build", "seat": seat, "colour": colour, "square": name,
                           "size": k, "height": len(tw[q])})  # type: ignore[arg-type]  # a tower square
            if s.gami and before != seat:
                events.append({"type": "control", "square": name, "from": COLOURS[before],
                               "to": colour})
        else:
            first = not self.started[seat]
            pieces = ((k, seat),) + tuple((x, seat) for x in move.extra)
            for x in move.extra:
                stash[x - 1] -= 1
            s.tw = tw = list(self.tw)
            tw[q] = pieces
            s.towers = self.towers + (q,)
            s.tree_branches = dict(self.tree_branches)
            s.tree_branches[q] = ()
            if first:
                s.started = self.started[:seat] + (True,) + self.started[seat + 1:]
            events.append({"type": "first_tower" if first else "spore", "seat": seat,
                           "colour": colour, "square": name, "size": k,
                           "builds": list(move.extra)})
            if self.att[q] and s._is_neutralized(q):
                s.dead = s.dead | {q}
                events.append(s._neutralized_event(q))
        s.stash = self.stash[:seat] + (tuple(stash),) + self.stash[seat + 1:]
        s.ply = self.ply + 1
        s.history = self.history + (move.text(),)
        s._advance(seat, events)
        return s, events

    def _neutralized_event(self, t: int) -> dict[str, Any]:
        by = self.neutralized_by([p[0] for p in self.tw[t]], self.att[t])  # type: ignore[union-attr]  # a tower square
        return {"type": "neutralized", "square": square_name(t),
                "owner": COLOURS[self.controller(t)],
                "by": [{"square": square_name(a), "size": self.br[a][1],  # type: ignore[index]  # a branch square
                        "colour": COLOURS[self.credited(a)]} for a in by]}

    def _advance(self, seat: int, events: list[dict[str, Any]]) -> None:
        """Pass the turn to the next seat still in the game; end the game when one seat is
        left or when the seat to move has no legal action."""
        active = [x for x in range(self.n) if x not in self.left]
        if len(active) <= 1:
            self._end("alone", active[0] if active else None, events)
            return
        nxt = (seat + 1) % self.n
        while nxt in self.left:
            nxt = (nxt + 1) % self.n
        self._to_move = nxt
        self._legal = None
        if not self.legal_moves():
            self._end("stuck", nxt, events)
        else:
            events.append({"type": "turn", "to_move": COLOURS[nxt], "ply": self.ply})

    def _end(self, why: str, seat: int | None, events: list[dict[str, Any]]) -> None:
        self._to_move = None
        self._legal = None
        self.ended = (why, seat)
        from .scoring import breakdown
        score = breakdown(self)
        events.append({"type": "game_over", "reason": why,
                       "seat": None if seat is None else COLOURS[seat],
                       "winners": [COLOURS[w] for w in score["winners"]],
                       "ranking": score["ranking"]})

    def resign(self, seat: int) -> tuple["SprawlState", list[dict[str, Any]]]:
        if self._to_move is None:
            raise IllegalMove("resign", Rejection("game_over", _("The game is over.")))
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise IllegalMove("resign", Rejection("no_such_seat", _("This game has no seat {seat}.").format(
                seat=repr(seat))))
        if seat in self.left:
            raise IllegalMove("resign", Rejection("already_left", _("{colour} has already left.").format(
                colour=colour_name(seat))))
        s = self._copy()
        s.left = self.left + (seat,)
        s.history = self.history + (f"{LETTERS[seat]}:resign",)
        events: list[dict[str, Any]] = [{"type": "left", "seat": seat, "colour": COLOURS[seat]}]
        if seat == self._to_move or len(s.left) >= self.n - 1:
            s._advance(seat, events)
        else:
            s._legal = self._legal
        return s, events

    # -- scores ---------------------------------------------------------------------------
    def score(self) -> dict[str, Any]:
        from .scoring import breakdown
        return breakdown(self)

    def ranking(self) -> tuple[int, ...]:
        from .scoring import breakdown
        return tuple(breakdown(self)["ranking"])

    def returns(self) -> tuple[float, ...]:
        if self._to_move is not None:
            return (0.0,) * self.n
        from shared.gamekit.api import returns_from_places
        return returns_from_places(self.ranking())

    def to_dict(self) -> dict[str, Any]:
        from .serial import state_to_dict
        return state_to_dict(self)

    def __repr__(self) -> str:
        who = "over" if self._to_move is None else f"{COLOURS[self._to_move]} to move"
        return f"<Sprawl {self.n}p ply {self.ply}, {who}>"
