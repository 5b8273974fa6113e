"""A static guess of the final margin, for one-ply play and for search leaves.

The score of a position counts only claimed towers as they stand now, which says nothing
about towers still to be claimed or about what the opponent will do to a claimed tower.
The guess adds, per tower, what it will likely be worth at the end:

- customers grow while empty lots near it fill up;
- the distance to the competition shrinks when the *other* player still holds a tower of
  that colour and has a legal lot close by (the classic attack on a claimed tower), and
  a tower with no rival yet scores only once someone builds one;
- unclaimed towers (and towers still in stock) are shared out by a draft: players take
  turns picking the best, limited by their claims and by their remaining builds.
"""

from __future__ import annotations

from dataclasses import dataclass

from shared.aliencity import GameState, Phase, Player

from .board import Board, Tower, spread

TOTAL_PIECES = 38


@dataclass(frozen=True, slots=True)
class Weights:
    """Knobs of the guess (tuned by self-play, see bench/bots.py)."""

    grow: float = 0.25  # expected new customers per empty lot within 2, at the start
    threat: float = 0.85  # share of the attack distance believed (the attacker may not bother)
    attack_near: float = 2.0  # distance an attacker can reach early in the game ...
    attack_late: float = 8.0  # ... plus this much times the share of the game played
    far: float = 0.5  # share of the road depth a tower keeps when only its owner can rival it
    stock_value: float = 25.0  # a claim on an own tower still in stock, built later
    stock_safety: float = 0.5  # its share kept while the other player can still rival it
    stock_floor: float = 0.5  # share of it left at the end of the game (less room to build)
    pending: float = 0.9  # discount on unclaimed towers (anyone may still take or spoil them)
    stretch: float = 0.0  # growth of road distances while the city fills up
    domes: float = 0.0  # share believed of what own domes could add to own claimed towers
    # How the parts add up (1, 1, 1: plainly). Expert's blend comes from a least-squares
    # fit of final margins on the parts over 55 games of Hard bots (see EXPERT).
    bonus_weight: float = 1.0  # green bonuses paid now
    held_weight: float = 1.0  # claimed towers' guessed values (and location points)
    draft_weight: float = 1.0  # the draft of claims still to come


DEFAULT = Weights()
# Fitted by least squares on 2,854 positions of 55 games of Hard bots (120 iterations) to
# their final margins: 1.32 bonus + 0.82 held + 1.36 draft. It cuts the error only a little
# on held-out games (692 -> 679), but at an equal search budget (300 iterations each) a
# search on it beat Hard's plain sum in 32.5 of 40 games (32-1-7, cities 1-20, seats
# swapped). The plain sum undervalues what is not settled yet (claims to come, bonuses a
# new tower may still cancel) against what is.
EXPERT = Weights(bonus_weight=1.32, held_weight=0.82, draft_weight=1.36)


def margin(state: GameState, board: Board | None = None, w: Weights = DEFAULT) -> float:
    """Guessed final score of Black minus White (the exact margin once the game is over)."""
    board = board or Board(state)
    if state.phase is Phase.OVER:
        t = board.totals()
        return float(t[0] - t[1])
    return Guess(state, board, w).margin()


class Guess:
    """One evaluation: per-tower value guesses for each possible owner, then the draft."""

    __slots__ = ("state", "board", "w", "masks", "future_share", "beside")

    def __init__(self, state: GameState, board: Board, w: Weights) -> None:
        self.state = state
        self.board = board
        self.w = w
        self.masks = (state.legal_builds(Player.BLACK).masks, state.legal_builds(Player.WHITE).masks)
        left = sum(state.stocks[0]) + sum(state.stocks[1])
        self.future_share = left / TOTAL_PIECES
        self.beside: dict[tuple[int, int], int] = {}  # road lots touching a legal lot

    def attack_distance(self, t: Tower, attacker: int) -> float | None:
        """How close ``attacker`` could put a tower of ``t``'s colour now (None: no stock)."""
        if not self.state.stocks[attacker][t.colour]:
            return None
        # Lots closed now (tile colours) open up while the city fills: early in the game
        # an attack is assumed possible close by, late only where a legal lot is now.
        cap = self.w.attack_near + self.w.attack_late * (1.0 - self.future_share)
        key = (attacker, t.colour)
        beside = self.beside.get(key)
        if beside is None:
            legal = self.masks[attacker][t.colour]
            beside = self.beside[key] = spread(legal) if legal else 0
        if beside:
            for d, layer in enumerate(t.layers, start=1):
                if d >= cap:
                    break
                if layer & beside:
                    return d
        return cap

    def guess(self, t: Tower, owner: int) -> tuple[float, float, float]:
        """Guessed final points of ``t`` if ``owner`` holds it: (spared, attacked), where
        ``attacked`` assumes the other player puts a rival of its colour as close as
        it can now (equal to ``spared`` when it holds none of that colour), and the
        spared distance to the competition (the points one more customer would add)."""
        w = self.w
        near = t.layers[0] | t.layers[1] if len(t.layers) > 1 else (t.layers[0] if t.layers else 0)
        customers = t.customers + w.grow * self.future_share * near.bit_count()
        comp = float(t.competition)
        if comp:
            comp *= 1.0 + w.stretch * self.future_share
        elif self.state.stocks[owner][t.colour]:
            comp = max(2.0, w.far * len(t.layers))
        attack = self.attack_distance(t, 1 - owner)
        spared = customers * comp
        if attack is None or (comp and attack >= comp):
            return spared, spared, comp
        if comp:
            return spared, spared - w.threat * customers * (comp - attack), comp
        return spared, customers * attack, comp

    def margin(self) -> float:
        state, board, w = self.state, self.board, self.w
        bonus = board.green_bonuses()
        loc = board.location_points()
        score = [float(bonus[0] + loc[0]), float(bonus[1] + loc[1])]
        free: list[tuple[float, float]] = []
        groups: dict[tuple[int, int], list[tuple[float, float, float, int]]] = {}
        for t in board.towers:
            if t.owner >= 0:
                spared, attacked, comp = self.guess(t, t.owner)
                room = (spread(t.layers[0] | t.layers[1]) & board.empty).bit_count() // 2 \
                    if len(t.layers) > 1 else 0
                groups.setdefault((t.owner, t.colour), []).append((spared, attacked, comp, room))
            else:
                free.append((w.pending * self.guess(t, 0)[1], w.pending * self.guess(t, 1)[1]))
        outlets: list[list[tuple[float, int]]] = [[], []]
        for (owner, colour), towers in groups.items():
            # The attacker has only so many rivals of this colour: the worst hits land.
            rivals = state.stocks[1 - owner][colour]
            towers.sort(key=lambda g: g[1] - g[0])
            for i, (spared, attacked, per_customer, room) in enumerate(towers):
                value = attacked if i < rivals else spared
                score[owner] += value
                outlets[owner].append((per_customer * (value / spared if spared else 0.0), room))
        if w.domes:
            for p in (0, 1):
                score[p] += w.domes * self.dome_outlook(p, outlets[p])
        pot = self.draft(free)
        if w.bonus_weight == w.held_weight == w.draft_weight == 1.0:
            return score[0] + pot[0] - score[1] - pot[1]
        edge = bonus[0] - bonus[1]
        held = score[0] - score[1] - edge
        return w.bonus_weight * edge + w.held_weight * held + w.draft_weight * (pot[0] - pot[1])

    def dome_outlook(self, player: int, outlets: list[tuple[float, int]]) -> float:
        """Points the player's remaining domes could add as customers of its own claimed
        towers: each dome goes next to the tower paying most per customer, while room lasts."""
        domes = sum(self.state.stocks[player][3:])
        total = 0.0
        for per_customer, room in sorted(outlets, reverse=True):
            if domes <= 0:
                break
            used = min(domes, room)
            total += used * per_customer
            domes -= used
        return total

    def draft(self, free: list[tuple[float, float]]) -> list[float]:
        """Players alternately pick their best claim (the player to move first): a tower
        standing unclaimed, or one of their own towers still in stock, which they can
        claim the moment they build it (safer when the other holds none of its colour)."""
        state, w = self.state, self.w
        claims = [state.claims_left(0), state.claims_left(1)]
        turns = [sum(state.stocks[0]), sum(state.stocks[1])]
        mover = int(state.to_move) if state.to_move is not None else 0
        # No claim follows the last play: it is likely the one with more pieces left
        # (on equal stocks, the one not building next).
        last = 1 - mover if turns[0] == turns[1] else (0 if turns[0] > turns[1] else 1)
        turns[last] -= 1
        if state.phase is Phase.CLAIM:
            turns[mover] += 1
        own: list[list[float]] = [[], []]
        later = w.stock_value * (w.stock_floor + (1.0 - w.stock_floor) * self.future_share)
        for p in (0, 1):
            for colour in (0, 1, 2):
                safe = 1.0 if not state.stocks[1 - p][colour] else w.stock_safety
                own[p].extend([later * safe] * state.stocks[p][colour])
            own[p].sort()
        taken = [False] * len(free)
        pot = [0.0, 0.0]
        p = mover
        idle = 0
        while idle < 2:
            if claims[p] <= 0 or turns[p] <= 0:
                idle += 1
                p = 1 - p
                continue
            idle = 0
            best, pick = (own[p][-1] if own[p] else -1.0), -1
            for i, vals in enumerate(free):
                if not taken[i] and vals[p] > best:
                    best, pick = vals[p], i
            if best < 0:
                claims[p] = 0
                continue
            if pick >= 0:
                taken[pick] = True
            else:
                own[p].pop()
            pot[p] += best
            claims[p] -= 1
            turns[p] -= 1
            p = 1 - p
        return pot
