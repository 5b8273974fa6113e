"""Exact play of the last builds: alpha-beta to the end of the game on the true score.

Late in a game the static guess is least reliable (one rival tower built next to a
claimed one moves the margin by twenty points or more), while the game tree is small
enough to search to the end: with ten pieces left it has some tens of thousands of
positions. Expert searches it exactly when it can in its time, so its last moves are
the best ones, not guesses.

The search is a negamax on the final margin seen by the player to move, with a
transposition table (moves of one player in another order reach the same city) and the
history heuristic for move order (a build that refuted one line tends to refute its
neighbours). ``solve`` first asks only who wins (a window around zero, far cheaper than
the exact margin), which is all a player needs.
"""

from __future__ import annotations

from shared.aliencity import GameState, Move, Phase, Player
from shared.aliencity.types import LOT_COUNT, PIECES

from .base import Clock
from .board import Board

WIN = 10**6  # beyond any margin
CHECK_EVERY = 64  # nodes between looks at the clock
# The last two bytes of a position's key: the step and who is to move.
PHASE_CODE = {(phase, player): bytes((i, 2 if player is None else int(player)))
              for i, phase in enumerate(Phase) for player in (None, *Player)}


class OutOfTime(Exception):
    """The clock ran out before the search reached the end of every line."""


def pieces_left(state: GameState) -> int:
    return sum(state.stocks[0]) + sum(state.stocks[1])


def key_pieces_left(key: bytes) -> int:
    """``pieces_left`` of the position a table key names (stocks follow board and caps)."""
    return sum(key[2 * LOT_COUNT:2 * LOT_COUNT + 2 * len(PIECES)])


def prune(table: Table, left: int) -> None:
    """Keep only the positions with fewer than ``left`` pieces left: once a game has
    reached ``left``, the others come back only after a take-back."""
    for key in [k for k in table if key_pieces_left(k) >= left]:
        del table[key]


def trim(table: Table, cap: int, left: int) -> None:
    """Keep a table under ``cap`` positions after a search from ``left`` pieces left:
    first drop what the game has passed, then everything if that was not enough."""
    if len(table) > cap:
        prune(table, left)
        if len(table) > cap:
            table.clear()


def final_margin(state: GameState) -> int:
    """Black's final score minus White's (the game is over)."""
    totals = Board(state).totals()
    return totals[0] - totals[1]


Table = dict[bytes, tuple[int, int, Move | None]]


class Solver:
    """One exact search with its own clock and budget. Searches of the same game may
    share a ``table`` and ``history`` (pass them in): every entry stays a true bound,
    whichever search wrote it, so later moves start from what earlier ones proved. Keys
    do not name the city or the rules: never share a table between games."""

    __slots__ = ("clock", "node_limit", "table", "history", "nodes")

    def __init__(self, clock: Clock | None = None, node_limit: int | None = None, *,
                 table: Table | None = None, history: dict[Move, int] | None = None) -> None:
        self.clock = clock
        self.node_limit = node_limit  # a budget makes the outcome independent of speed
        self.table: Table = {} if table is None else table
        self.history: dict[Move, int] = {} if history is None else history
        self.nodes = 0

    def solve(self, state: GameState) -> tuple[int, Move]:
        """(outcome, move) for the player to move: outcome 1 a win, 0 a draw, -1 a loss
        against best play, and a move that secures it. Raises :class:`OutOfTime`."""
        value, move = self.search(state, -1, 1)
        return (value > 0) - (value < 0), move

    def exact(self, state: GameState) -> tuple[int, Move]:
        """(margin, move): the final margin for the player to move against best play."""
        return self.search(state, -WIN, WIN)

    def search(self, state: GameState, alpha: int, beta: int) -> tuple[int, Move]:
        value = self.negamax(state, alpha, beta)
        move = self.table[self.key(state)][2]
        assert move is not None
        return value, move

    @staticmethod
    def key(state: GameState) -> bytes:
        """The position in about 170 bytes (tuples of the state would take ten times
        that in a table of a hundred thousand positions)."""
        return (bytes(state.board) + bytes(state.caps) + bytes(state.stocks[0])
                + bytes(state.stocks[1]) + PHASE_CODE[state.phase, state.to_move])

    def ordered(self, state: GameState, first: Move | None) -> list[Move]:
        history = self.history
        moves = sorted(state.legal_moves(), key=lambda m: history.get(m, 0), reverse=True)
        if first is not None and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def negamax(self, state: GameState, alpha: int, beta: int) -> int:
        """The final margin for the player to move, exact when strictly inside
        (alpha, beta), else a bound on the side it fell (fail-soft)."""
        self.nodes += 1
        if self.nodes % CHECK_EVERY == 0:
            if self.clock is not None and self.clock.expired():
                raise OutOfTime
            if self.node_limit is not None and self.nodes >= self.node_limit:
                raise OutOfTime
        key = self.key(state)
        entry = self.table.get(key)
        first = None
        if entry is not None:
            low, high, first = entry
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            alpha, beta = max(alpha, low), min(beta, high)
        start_alpha, start_beta = alpha, beta
        me = state.to_move
        best, best_move = -WIN - 1, None
        for move in self.ordered(state, first):
            child = state.apply(move)
            if child.phase is Phase.OVER:
                value = final_margin(child)
                if me is Player.WHITE:
                    value = -value
            elif child.to_move is me:  # a claim step, or the other player cannot build
                value = self.negamax(child, alpha, beta)
            else:
                value = -self.negamax(child, -beta, -alpha)
            if value > best:
                best, best_move = value, move
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        self.history[move] = self.history.get(move, 0) + 1
                        break
        low, high = -WIN - 1, WIN + 1
        if best <= start_alpha:
            high = best
            if entry is not None and entry[2] is not None:
                # Every move only got an upper bound here: the entry's move still backs
                # its lower bound, which is kept.
                best_move = entry[2]
        elif best >= start_beta:
            low = best
        else:
            low = high = best
        if entry is not None:
            low, high = max(low, entry[0]), min(high, entry[1])
        self.table[key] = (low, high, best_move)
        return best
