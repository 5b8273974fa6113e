"""GameState <-> msgpack-safe dicts (str, int, bool, None, list, dict only), versioned."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .city import City
from .errors import MalformedError, RecordError
from .moves import parse_move
from .ruleset import Ruleset
from .texts import _
from .types import LOT_COUNT, PIECES, Phase, Piece, Player, lot_name, parse_lot

if TYPE_CHECKING:
    from .state import GameState

FORMAT_VERSION = 1
GAME_ID = "alien-city"
_INT64 = 2**63

if TYPE_CHECKING:
    from .state import GameState


def state_to_dict(state: GameState) -> dict[str, Any]:
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


def state_from_dict(data: object, cls: type[GameState]) -> GameState:
    """A ``cls`` (``GameState``, which calls this) from a dict; raises :class:`RecordError`."""
    if not isinstance(data, dict):
        raise RecordError(_("a game state must be a mapping, got {type}").format(type=type(data).__name__))
    if data.get("game") != GAME_ID:
        raise RecordError(_("not an Alien City state (game={game!r})").format(game=data.get("game")))
    if data.get("format") != FORMAT_VERSION:
        raise RecordError(_("unsupported state format {format!r}; this engine reads format "
                            "{version}").format(format=data.get("format"), version=FORMAT_VERSION))
    try:
        board = [0] * LOT_COUNT
        for lot_text, piece_text in _list(data, "structures"):
            lot = parse_lot(lot_text)
            if board[lot]:
                raise RecordError(_("two structures on {lot}").format(lot=lot_text))
            board[lot] = Piece.parse(piece_text).index + 1
        caps = [0] * LOT_COUNT
        for lot_text, player_text in _list(data, "caps"):
            lot = parse_lot(lot_text)
            if not board[lot] or board[lot] > 3:
                raise RecordError(_("a cap on {lot}, where no tower stands").format(lot=lot_text))
            caps[lot] = Player.parse(player_text) + 1
        stocks_in = data.get("stocks")
        if not isinstance(stocks_in, dict):
            raise RecordError(_("'stocks' must map black and white to their pieces"))
        stocks = []
        for p in Player:
            counts = stocks_in.get(p.text())
            if not isinstance(counts, dict):
                raise RecordError(_("'stocks' has no entry for {player}").format(player=p.text()))
            row = []
            for piece in PIECES:
                n = counts.get(piece.text(), 0)
                if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 3:
                    raise RecordError(_("bad stock count {count!r} for {player} {piece}").format(
                        count=n, player=p.text(), piece=piece.text()))
                row.append(n)
            stocks.append(tuple(row))
        dice = tuple((tuple(_dice(b)), tuple(_dice(w))) for b, w in _list(data, "dice"))
        phase = Phase(data.get("phase"))
        history = tuple((Player.parse(p), parse_move(m)) for p, m in _list(data, "history"))
        to_move = _player_or_none(data.get("to_move"))
        next_builder = _player_or_none(data.get("next_builder"))
        if (phase is Phase.OVER) != (to_move is None):
            raise RecordError(_("phase {phase!r} with to_move {player!r}: a running game names the "
                                "player to move, a finished one names nobody").format(
                phase=phase.value, player=data.get("to_move")))
        if (phase is Phase.CLAIM) != (next_builder is not None):
            raise RecordError(_("phase {phase!r} with next_builder {player!r}: only the claim step "
                                "names who builds next").format(
                phase=phase.value, player=data.get("next_builder")))
        seed = data.get("seed")
        if seed is not None and not isinstance(seed, (int, str)):
            raise RecordError(_("bad seed {seed!r}").format(seed=seed))
        if isinstance(seed, int) and not -_INT64 <= seed < _INT64:
            seed = str(seed)  # as state_to_dict writes it, so what was read round-trips
        return cls(
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
        raise RecordError(_("bad game state: {problem}").format(problem=exc)) from None


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key, [])
    if not isinstance(value, list) or not all(isinstance(x, (list, tuple)) and len(x) == 2 for x in value):
        raise RecordError(_("'{key}' must be a list of pairs").format(key=key))
    return value


def _str(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise RecordError(_("'{key}' must be text, got {value!r}").format(key=key, value=value))
    return value


def _dice(values: object) -> list[int]:
    if not isinstance(values, (list, tuple)) or len(values) != 4 or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 5 for v in values):
        raise RecordError(_("bad dice {values!r}: expected four faces 0-5").format(values=values))
    return list(values)


def _player_or_none(value: object) -> Player | None:
    return None if value is None else Player.parse(value)
