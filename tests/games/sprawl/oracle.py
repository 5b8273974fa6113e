"""An independent brute-force Sprawl referee for the tests.

It shares nothing with the engine's move generation: it reads the position (the pieces on
the board, stashes, whose turn) as plain (file, rank) coordinates and decides every
conceivable move by trying every square, size and direction against the spec's rules,
worked out from scratch each time (attacks, neutralization, trees, reach).
"""

from __future__ import annotations

LET = "rygbkwpo"
STEPS = ((0, 1), (1, 0), (0, -1), (-1, 0))
BOARDS = {3: (5, 6), 4: (6, 6), 5: (6, 6), 6: (6, 6), 7: (8, 8), 8: (8, 8)}


def name(fr) -> str:
    return f"{'abcdefgh'[fr[0]]}{fr[1] + 1}"


class Oracle:
    def __init__(self, state) -> None:
        self.n = state.seat_count
        self.w, self.h = BOARDS[self.n]
        self.opt = dict(state.options)
        self.towers = {}
        self.branches = {}
        for i in range(64):
            fr = (i % 8, i // 8)
            if state.tw[i] is not None:
                self.towers[fr] = list(state.tw[i])
            if state.br[i] is not None:
                placer, size, d, tree, depth = state.br[i]
                self.branches[fr] = (placer, size, d, (tree % 8, tree // 8), depth)
        self.stash = [list(s) for s in state.stash]
        self.started = list(state.started)
        self.left = set(state.left)

    # -- geometry and facts -------------------------------------------------------------
    def step(self, fr, d, k=1):
        f, r = fr[0] + STEPS[d][0] * k, fr[1] + STEPS[d][1] * k
        return (f, r) if 0 <= f < self.w and 0 <= r < self.h else None

    def vacant(self, fr) -> bool:
        return fr not in self.towers and fr not in self.branches

    def attackers(self, fr) -> list:
        return [b for b, (_, k, d, _, _) in self.branches.items() if self.step(b, d) == fr]

    def neutralized(self, t) -> bool:
        sizes = [k for k, _ in self.towers[t]]
        hits = [self.branches[b][1] for b in self.attackers(t)]
        if not hits:
            return False
        if self.opt.get("superior_forces"):
            return sum(hits) > sum(sizes)
        return any(k not in sizes for k in hits)

    def owner(self, t) -> int:
        return self.towers[t][-1][1] if self.opt.get("sprawlgami") else self.towers[t][0][1]

    def dead(self) -> set:
        if not hasattr(self, "_dead"):
            self._dead = {t for t in self.towers if self.neutralized(t)}
        return self._dead

    def live_branches_of(self, seat) -> list:
        dead = self.dead()
        return [b for b, v in self.branches.items()
                if v[3] not in dead and self.owner(v[3]) == seat]

    def target_count(self, seat, fr) -> int:
        return sum(1 for b in self.live_branches_of(seat)
                   if self.step(b, self.branches[b][2], self.branches[b][1]) == fr)

    def spore_ok(self, k, fr) -> bool:
        hits = [self.branches[b][1] for b in self.attackers(fr)]
        if self.opt.get("superior_forces"):
            return sum(hits) <= k
        return all(h == k for h in hits)

    def sources(self, seat, q, k, d) -> list:
        """(depth, file, rank, tree) of every source making branch (q, k, d) legal."""
        dead = self.dead()
        found = []
        for t in self.towers:
            if t not in dead and self.owner(t) == seat and self.step(t, d) == q:
                found.append((0, t[0], t[1], t))
        for p, (_, pk, pd, tree, depth) in self.branches.items():
            if tree in dead or self.owner(tree) != seat or pk != k + 1:
                continue
            if depth + 1 > len(self.towers[tree]):
                continue
            if self.step(p, pd) == q:
                ok = d == pd if self.opt.get("strict_branching") else d != (pd + 2) % 4
            else:
                ok = any(self.step(p, s) == q and d == s for s in ((pd + 1) % 4, (pd + 3) % 4))
            if ok:
                found.append((depth, p[0], p[1], tree))
        return sorted(found)

    # -- every legal move -----------------------------------------------------------------
    def legal(self, seat) -> set[str]:
        c = LET[seat]
        st = self.stash[seat]
        squares = [(f, r) for f in range(self.w) for r in range(self.h)]
        out = set()
        if not self.started[seat]:
            return {f"{c}:{k}@{name(q)}" for q in squares if self.vacant(q)
                    for k in (1, 2, 3) if st[k - 1]}
        dead = self.dead()
        for t, pieces in self.towers.items():
            top = pieces[-1][0]
            if t in dead or top == 1 or not st[top - 2]:
                continue
            mine = self.owner(t) == seat
            if mine or (self.opt.get("sprawlgami") and self.target_count(seat, t)):
                out.add(f"{c}:+{top - 1}@{name(t)}")
        for q in squares:
            if not self.vacant(q):
                continue
            for k in (1, 2, 3):
                if not st[k - 1]:
                    continue
                for d in range(4):
                    if self.step(q, d) is not None and self.sources(seat, q, k, d):
                        out.add(f"{c}:{k}{'nesw'[d]}@{name(q)}")
            m = self.target_count(seat, q)
            if not m:
                continue
            for k in (1, 2, 3):
                if not st[k - 1] or not self.spore_ok(k, q):
                    continue
                out.add(f"{c}:{k}@{name(q)}")
                if self.opt.get("overload"):
                    extra = ""
                    for j in range(1, m):
                        if k - j < 1 or not st[k - j - 1]:
                            break
                        extra += f"+{k - j}"
                        out.add(f"{c}:{k}@{name(q)}{extra}")
        return out

    # -- the final score ----------------------------------------------------------------
    def score(self) -> tuple[list[int], list[int]]:
        """Stash pips after dead trees return, and the winners after the tie-breaks."""
        dead = self.dead()
        stash = [list(s) for s in self.stash]
        for t in dead:
            for k, seat in self.towers[t]:
                stash[seat][k - 1] += 1
            for b, (placer, k, _, tree, _) in self.branches.items():
                if tree == t:
                    stash[placer][k - 1] += 1
        pips = [s[0] + 2 * s[1] + 3 * s[2] for s in stash]
        keys = []
        for seat in range(self.n):
            hit = [t for t in dead if self.owner(t) != seat and any(
                self.owner(self.branches[b][3]) == seat for b in self.attackers(t))]
            live = [t for t in self.towers if t not in dead and self.owner(t) == seat]
            squares = len(live) + sum(1 for v in self.branches.values() if v[3] in live)
            keys.append((pips[seat], -sum(k for t in hit for k, _ in self.towers[t]), -len(hit),
                         -squares, -sum(k for t in live for k, _ in self.towers[t]), -len(live)))
        playing = [s for s in range(self.n) if s not in self.left]
        best = min(keys[s] for s in playing)
        return pips, [s for s in playing if keys[s] == best]
