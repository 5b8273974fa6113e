"""What a move caused, so logs and animations need no diffing guesswork."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .texts import N_, _, piece_with_article
from .types import Piece, Player, lot_name

# Whole sentences per player (indexed like Player): word order differs between languages.
BUILT = (N_("Black built {piece} on {lot}"), N_("White built {piece} on {lot}"))
CLAIMED = (N_("Black claimed the tower on {lot}"), N_("White claimed the tower on {lot}"))
DECLINED = (N_("Black claimed nothing"), N_("White claimed nothing"))
SKIPPED = (N_("Black cannot build and is skipped"), N_("White cannot build and is skipped"))
# Indexed by the winner: Black, White, then a draw.
GAME_OVER = (N_("Game over: Black {black}, White {white}: Black wins"),
             N_("Game over: Black {black}, White {white}: White wins"),
             N_("Game over: Black {black}, White {white}: a draw"))


@dataclass(frozen=True, slots=True)
class Built:
    player: Player
    piece: Piece
    lot: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "built", "player": self.player.text(), "kind": self.piece.kind.text(),
                "colour": self.piece.colour.text(), "lot": lot_name(self.lot)}

    def text(self) -> str:
        return _(BUILT[self.player]).format(piece=piece_with_article(self.piece), lot=lot_name(self.lot))


@dataclass(frozen=True, slots=True)
class Claimed:
    player: Player
    lot: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "claimed", "player": self.player.text(), "lot": lot_name(self.lot)}

    def text(self) -> str:
        return _(CLAIMED[self.player]).format(lot=lot_name(self.lot))


@dataclass(frozen=True, slots=True)
class ClaimDeclined:
    player: Player

    def to_dict(self) -> dict[str, Any]:
        return {"type": "claim_declined", "player": self.player.text()}

    def text(self) -> str:
        return _(DECLINED[self.player])


@dataclass(frozen=True, slots=True)
class PlayerSkipped:
    """``player`` cannot build, so the opponent builds again."""

    player: Player

    def to_dict(self) -> dict[str, Any]:
        return {"type": "player_skipped", "player": self.player.text()}

    def text(self) -> str:
        return _(SKIPPED[self.player])


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: Player | None
    black: int
    white: int

    def to_dict(self) -> dict[str, Any]:
        return {"type": "game_over", "winner": self.winner.text() if self.winner is not None else None,
                "black": self.black, "white": self.white}

    def text(self) -> str:
        sentence = GAME_OVER[2 if self.winner is None else self.winner]
        return _(sentence).format(black=self.black, white=self.white)


Event = Built | Claimed | ClaimDeclined | PlayerSkipped | GameOver
