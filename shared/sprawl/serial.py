"""States as msgpack-safe dicts (:mod:`.restore` reads them back).

The dict carries the whole picture for readers (board, stashes, turn) and the moves in
play order; reading it back replays the moves from the start, so a state read back is
exactly one the rules can reach (a hand-edited board cannot smuggle in an illegal one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import COLOURS, DIR_LETTERS, LETTERS, square_name, square_order

if TYPE_CHECKING:
    from .state import SprawlState

FORMAT = 1


def state_to_dict(state: "SprawlState") -> dict[str, Any]:
    board = []
    for t in sorted(state.towers, key=square_order):
        board.append({"square": square_name(t), "kind": "tower",
                      "pieces": [{"size": k, "colour": COLOURS[s]} for k, s in state.tw[t]],  # type: ignore[union-attr]  # a tower square
                      "owner": COLOURS[state.controller(t)], "live": t not in state.dead})
        for b in state.tree_branches[t]:
            placer, size, d, tree, depth = state.br[b]  # type: ignore[misc]  # a branch square
            board.append({"square": square_name(b), "kind": "branch", "size": size,
                          "colour": COLOURS[placer], "direction": DIR_LETTERS[d],
                          "tree": square_name(tree), "depth": depth})
    seat = state.to_move
    return {"format": FORMAT, "game": "sprawl", "options": dict(state.options),
            "seed": state.seed, "first": COLOURS[state.first], "moves": list(state.history),
            "ply": state.ply, "to_move": None if seat is None else COLOURS[seat],
            "board": board, "files": state.geo.files, "ranks": state.geo.ranks,
            "stash": {COLOURS[s]: list(state.stash[s]) for s in range(state.n)},
            "left": [COLOURS[s] for s in state.left]}


def is_resign(token: str) -> int | None:
    """The seat of a ``r:resign`` token (a seat leaving), else ``None``."""
    letter, sep, word = token.strip().lower().partition(":")
    if sep and word == "resign" and letter in LETTERS:
        return LETTERS.index(letter)
    return None
