"""GameState <-> msgpack-safe dicts (str, int, bool, None, list, dict only), versioned."""

from __future__ import annotations

from .city import City
from .errors import MalformedError, RecordError
from .moves import parse_move
from .ruleset import Ruleset
from .types import LOT_COUNT, PIECES, Piece, Player, lot_name, parse_lot

FORMAT_VERSION = 1
GAME_ID = "alien-city"
_INT64 = 2**63


def state_to_dict(state) -> dict:
    seed = state.seed
    if isinstance(seed, int) and not -_INT64 <= seed < _INT64:
        seed = str(seed)
    return {
        "format": FORMAT_VERSION,
        "game": GAME_ID,
        "ruleset": state.ruleset.to_dict(),
        "tiles": state.city.text(),
        "seed": seed,
        "first_player": state.first_player.text(),
        "dice": [[list(b), list(w)] for b, w in state.dice],
        "structures": [[lot_name(lot), piece.text()] for lot, piece in state.structures()],
        "caps": [[lot_name(lot), Player(c - 1).text()] for lot, c in enumerate(state.caps) if c],
        "stocks": {p.text(): {piece.text(): n for piece, n in zip(PIECES, state.stocks[p])}
                   for p in Player},
        "to_move": state.to_move.text() if state.to_move is not None else None,
        "phase": state.phase.value,
        "next_builder": state.next_builder.text() if state.next_builder is not None else None,
        "history": [[p.text(), m.text()] for p, m in state.history],
    }


def state_from_dict(data: object):
    from .state import GameState, Phase
    if not isinstance(data, dict):
        raise RecordError(f"a game state must be a mapping, got {type(data).__name__}")
    if data.get("game") != GAME_ID:
        raise RecordError(f"not an Alien City state (game={data.get('game')!r})")
    if data.get("format") != FORMAT_VERSION:
        raise RecordError(f"unsupported state format {data.get('format')!r}; this engine reads "
                          f"format {FORMAT_VERSION}")
    try:
        board = [0] * LOT_COUNT
        for lot_text, piece_text in _list(data, "structures"):
            lot = parse_lot(lot_text)
            if board[lot]:
                raise RecordError(f"two structures on {lot_text}")
            board[lot] = Piece.parse(piece_text).index + 1
        caps = [0] * LOT_COUNT
        for lot_text, player_text in _list(data, "caps"):
            lot = parse_lot(lot_text)
            if not board[lot] or board[lot] > 3:
                raise RecordError(f"a cap on {lot_text}, where no tower stands")
            caps[lot] = Player.parse(player_text) + 1
        stocks_in = data.get("stocks")
        if not isinstance(stocks_in, dict):
            raise RecordError("'stocks' must map black and white to their pieces")
        stocks = []
        for p in Player:
            counts = stocks_in.get(p.text())
            if not isinstance(counts, dict):
                raise RecordError(f"'stocks' has no entry for {p.text()}")
            row = []
            for piece in PIECES:
                n = counts.get(piece.text(), 0)
                if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 3:
                    raise RecordError(f"bad stock count {n!r} for {p.text()} {piece.text()}")
                row.append(n)
            stocks.append(tuple(row))
        dice = tuple((tuple(_dice(b)), tuple(_dice(w))) for b, w in _list(data, "dice"))
        phase = Phase(data.get("phase"))
        history = tuple((Player.parse(p), parse_move(m)) for p, m in _list(data, "history"))
        to_move = _player_or_none(data.get("to_move"))
        next_builder = _player_or_none(data.get("next_builder"))
        if (phase is Phase.OVER) != (to_move is None):
            raise RecordError(f"phase {phase.value!r} with to_move {data.get('to_move')!r}: a running "
                              "game names the player to move, a finished one names nobody")
        if (phase is Phase.CLAIM) != (next_builder is not None):
            raise RecordError(f"phase {phase.value!r} with next_builder {data.get('next_builder')!r}: "
                              "only the claim step names who builds next")
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, (int, str)):
            raise RecordError(f"bad seed {seed!r}")
        return GameState(
            ruleset=Ruleset.from_dict(data.get("ruleset")),
            city=City.parse(_str(data, "tiles")),
            seed=seed,
            first_player=Player.parse(_str(data, "first_player")),
            dice=dice, board=tuple(board), caps=tuple(caps), stocks=(stocks[0], stocks[1]),
            to_move=to_move,
            phase=phase,
            next_builder=next_builder,
            history=history,
        )
    except RecordError:
        raise
    except (MalformedError, ValueError, TypeError) as exc:
        raise RecordError(f"bad game state: {exc}") from None


def _list(data: dict, key: str) -> list:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(x, (list, tuple)) and len(x) == 2 for x in value):
        raise RecordError(f"'{key}' must be a list of pairs")
    return value


def _str(data: dict, key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise RecordError(f"'{key}' must be text, got {value!r}")
    return value


def _dice(values: object) -> list[int]:
    if not isinstance(values, (list, tuple)) or len(values) != 4 or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 5 for v in values):
        raise RecordError(f"bad dice {values!r}: expected four faces 0-5")
    return list(values)


def _player_or_none(value: object) -> Player | None:
    return None if value is None else Player.parse(value)
