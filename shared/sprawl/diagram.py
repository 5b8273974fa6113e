"""The board as text, top rank first, in the notation of the rules tests' pictures:
``.`` vacant, ``R321`` a red 3-2-1 tower (``R3Y2``: a 3 of red's under a 2 of yellow's),
``r2n`` a red 2 lying flat and pointing north."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import DIR_LETTERS, LETTERS, STRIDE

if TYPE_CHECKING:
    from .state import SprawlState, Tower


def _tower(pieces: Tower) -> str:
    out, last = "", None
    for size, seat in pieces:
        if seat != last:
            out += LETTERS[seat].upper()
            last = seat
        out += str(size)
    return out


def diagram(state: "SprawlState") -> str:
    geo = state.geo
    rows = []
    for rank in reversed(range(geo.ranks)):
        cells = []
        for file in range(geo.files):
            sq = file + STRIDE * rank
            if state.tw[sq] is not None:
                cells.append(_tower(state.tw[sq]))  # type: ignore[arg-type]  # a tower square
            elif state.br[sq] is not None:
                placer, size, d, _, _ = state.br[sq]  # type: ignore[misc]  # a branch square
                cells.append(f"{LETTERS[placer]}{size}{DIR_LETTERS[d]}")
            else:
                cells.append(".")
        rows.append(f"{rank + 1} " + " ".join(f"{c:<4}" for c in cells).rstrip())
    rows.append("  " + " ".join(f"{chr(97 + f):<4}" for f in range(geo.files)).rstrip())
    return "\n".join(rows)
