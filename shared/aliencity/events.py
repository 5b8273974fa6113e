"""What a move caused, so logs and animations need no diffing guesswork."""

from __future__ import annotations

from dataclasses import dataclass

from .types import Piece, Player, lot_name


@dataclass(frozen=True, slots=True)
class Built:
    player: Player
    piece: Piece
    lot: int

    def to_dict(self) -> dict:
        return {"type": "built", "player": self.player.text(), "kind": self.piece.kind.text(),
                "colour": self.piece.colour.text(), "lot": lot_name(self.lot)}

    def text(self) -> str:
        return f"{self.player.text().capitalize()} built a {self.piece.name()} on {lot_name(self.lot)}"


@dataclass(frozen=True, slots=True)
class Claimed:
    player: Player
    lot: int

    def to_dict(self) -> dict:
        return {"type": "claimed", "player": self.player.text(), "lot": lot_name(self.lot)}

    def text(self) -> str:
        return f"{self.player.text().capitalize()} claimed the tower on {lot_name(self.lot)}"


@dataclass(frozen=True, slots=True)
class ClaimDeclined:
    player: Player

    def to_dict(self) -> dict:
        return {"type": "claim_declined", "player": self.player.text()}

    def text(self) -> str:
        return f"{self.player.text().capitalize()} claimed nothing"


@dataclass(frozen=True, slots=True)
class PlayerSkipped:
    """``player`` cannot build, so the opponent builds again."""

    player: Player

    def to_dict(self) -> dict:
        return {"type": "player_skipped", "player": self.player.text()}

    def text(self) -> str:
        return f"{self.player.text().capitalize()} cannot build and is skipped"


@dataclass(frozen=True, slots=True)
class GameOver:
    winner: Player | None
    black: int
    white: int

    def to_dict(self) -> dict:
        return {"type": "game_over", "winner": self.winner.text() if self.winner is not None else None,
                "black": self.black, "white": self.white}

    def text(self) -> str:
        result = "a draw" if self.winner is None else f"{self.winner.text().capitalize()} wins"
        return f"Game over: Black {self.black}, White {self.white}: {result}"


Event = Built | Claimed | ClaimDeclined | PlayerSkipped | GameOver
