"""States as msgpack-safe dicts and back.

The dict carries the whole picture for readers (board, stashes, turn) and the moves in
play order; reading it back replays the moves from the start, so a state read back is
exactly one the rules can reach (a hand-edited board cannot smuggle in an illegal one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from shared.gamekit.api import GameError, GameSpec, IllegalMove, MalformedMove

from .board import COLOURS, DIR_LETTERS, LETTERS, square_name, square_order
from .moves import parse_move

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


def state_from_dict(spec: GameSpec, data: object) -> "SprawlState":
    from .state import SprawlState
    if not isinstance(data, dict):
        raise GameError(f"a Sprawl state is a mapping, got {type(data).__name__}")
    if data.get("game", "sprawl") != "sprawl":
        raise GameError(f"not a Sprawl state: game {data.get('game')!r}")
    if data.get("format") != FORMAT:
        raise GameError(f"unknown Sprawl state format {data.get('format')!r}")
    options = spec.options(data.get("options"))
    first = data.get("first")
    if first not in COLOURS[:options["players"]]:
        raise GameError(f"'first' must be one of the game's colours, got {first!r}")
    seed = data.get("seed", 0)
    if not isinstance(seed, (int, str)) or isinstance(seed, bool):
        raise GameError(f"'seed' must be a number, got {seed!r}")
    moves = data.get("moves", [])
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise GameError("'moves' must be a list of move texts")
    state = SprawlState.new(options, seed, COLOURS.index(first))
    for i, token in enumerate(moves, start=1):
        try:
            seat = is_resign(token)
            state = state.resign(seat)[0] if seat is not None else state.play(parse_move(token))[0]
        except (IllegalMove, MalformedMove) as exc:
            raise GameError(f"move {i} {token!r} cannot be replayed: {exc}") from None
    return state
