"""A compact text picture of the board, for tests, logs and bug reports.

One token per lot, rows 10 down to 1, columns a to h::

    10  .  .  .  .  .  .  .  .
     9  .  r  .  Bb .  .  .  .
    ...

``.`` empty; ``R B G`` red/blue/green tower; ``r b g k`` red/blue/green/black dome; a
tower followed by ``b`` or ``w`` is claimed by Black or White. Row numbers and the
``a b c ...`` line are optional when parsing.
"""

from __future__ import annotations

from .city import City
from .errors import RecordError
from .ruleset import Ruleset
from .state import INITIAL_STOCK, GameState, replace, start_state
from .types import COLUMN_LETTERS, COLUMNS, LOT_COUNT, PIECES, ROWS, Colour, Kind, Piece, Player

_CODES = {"R": PIECES[0], "B": PIECES[1], "G": PIECES[2],
          "r": PIECES[3], "b": PIECES[4], "g": PIECES[5], "k": PIECES[6]}
_LETTER = {piece: letter for letter, piece in _CODES.items()}
_CAP = {"b": Player.BLACK, "w": Player.WHITE}


def piece_letter(piece: Piece) -> str:
    return _LETTER[piece]


def render(state: GameState, coordinates: bool = True) -> str:
    lines = []
    for row in reversed(range(ROWS)):
        cells = []
        for col in range(COLUMNS):
            lot = row * COLUMNS + col
            piece = state.piece_at(lot)
            owner = state.owner_at(lot)
            token = "." if piece is None else _LETTER[piece] + ("" if owner is None else "bw"[owner])
            cells.append(f"{token:<2}")
        body = " ".join(cells).rstrip()
        lines.append(f"{row + 1:>2}  {body}" if coordinates else body)
    if coordinates:
        lines.append("    " + " ".join(f"{c:<2}" for c in COLUMN_LETTERS).rstrip())
    return "\n".join(lines)


def parse_board(picture: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(board, caps) tuples from a picture; errors name the row and token."""
    rows = []
    for line in picture.strip("\n").splitlines():
        tokens = line.split()
        if not tokens:
            continue
        if all(t in COLUMN_LETTERS for t in tokens):
            continue  # the a b c ... footer
        if tokens[0].isdigit():
            tokens = tokens[1:]
        rows.append(tokens)
    if len(rows) != ROWS:
        raise RecordError(f"a board picture has {ROWS} rows, got {len(rows)}")
    board = [0] * LOT_COUNT
    caps = [0] * LOT_COUNT
    for index, tokens in enumerate(rows):
        row = ROWS - 1 - index
        if len(tokens) != COLUMNS:
            raise RecordError(f"row {row + 1} of the picture has {len(tokens)} lots, not {COLUMNS}")
        for col, token in enumerate(tokens):
            lot = row * COLUMNS + col
            if token == ".":
                continue
            piece = _CODES.get(token[0])
            cap = token[1:]
            if piece is None or len(token) > 2 or (cap and (cap not in _CAP or piece.kind is not Kind.TOWER)):
                raise RecordError(f"bad lot {token!r} in row {row + 1} of the picture")
            board[lot] = piece.index + 1
            if cap:
                caps[lot] = _CAP[cap] + 1
    return tuple(board), tuple(caps)


def position(picture: str, city: City | str | None = None, *, to_move: Player = Player.BLACK,
             ruleset: Ruleset = Ruleset(), stocks: dict[Player, dict[str, int]] | None = None
             ) -> GameState:
    """A state with the pictured structures, ``to_move`` to build. Stocks default to full;
    ``stocks`` may set counts by piece code (``{Player.WHITE: {"Tr": 0}}``). The city
    defaults to all-black tiles with icons top-left (no colour rules bind towers)."""
    if city is None:
        city = City.parse("/".join(["Mn^" * 4] * 5))
    elif isinstance(city, str):
        city = City.parse(city)
    board, caps = parse_board(picture)
    stock_rows = []
    for player in Player:
        row = list(INITIAL_STOCK[player])
        for code, n in (stocks or {}).get(player, {}).items():
            row[Piece.parse(code).index] = n
        stock_rows.append(tuple(row))
    base = start_state(ruleset, city, to_move)
    return replace(base, board=board, caps=caps, stocks=(stock_rows[0], stock_rows[1]))


def uniform_city(colour: Colour = Colour.BLACK, angle: str = "^") -> City:
    """A city of twenty tiles of one colour (handy in tests)."""
    suit = {Colour.RED: "S", Colour.BLUE: "A", Colour.GREEN: "C", Colour.BLACK: "M"}[colour]
    return City.parse("/".join([f"{suit}n{angle}" * 4] * 5))
