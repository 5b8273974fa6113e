"""The Alien City match screen's words: the status line and the rule that refuses a lot,
straight from the engine (``why_not``) and the seats (who is thinking)."""

from __future__ import annotations

from shared.aliencity import Build, Claim, Phase, lot_name

from client import theme
from client.scenes.seats import ComputerSeat

from . import look
from .marks import HINT_COLOUR


def find_reason(scene) -> str | None:
    """The engine's reason the hovered lot is not playable now (None if it is)."""
    s, lot = scene.state, scene.hover_lot
    if lot is None or not scene.human_turn:
        return None
    if s.phase is Phase.BUILD:
        if scene.selected is None:
            return None
        reason = s.why_not(Build(scene.selected, lot))
    else:
        reason = s.why_not(Claim(lot))
    return reason.text if reason else None

def piece_name(scene, piece) -> str:
    """"red tower"; in colour-blind mode the red guild is drawn orange, so the words say
    "orange (red) tower": what you see first, then the rules' name."""
    name = piece.name()
    if scene.app.options.colour_blind and name.startswith("red "):
        return "orange (red) " + name[4:]
    return name


def a_piece(scene, piece) -> str:
    """"a red tower", "an orange (red) tower"."""
    name = piece_name(scene, piece)
    return ("an " if name[0] in "aeiou" else "a ") + name


def game_status(scene) -> tuple[str, tuple[int, int, int]]:
    """The status line: whose turn and what they may do, or what the pointer shows."""
    s = scene.state
    if s.phase is Phase.OVER:
        return ("The game is over. C: the final count again. Save the record, or start a new game "
                "from the menu."), theme.TEXT
    who = look.PLAYER_NAME[s.to_move]
    dots = "." * (1 + int(scene.app.clock_time * 3) % 3)
    if not scene.human_turn:
        seat = scene.seats[s.to_move]
        if isinstance(seat, ComputerSeat):
            level = f", {seat.name}" if seat.threaded else ""
            return f"{who} (computer{level}) is thinking{dots}", theme.TEXT_DIM
        return f"{who} ({seat.label}) is thinking{dots}", theme.TEXT_DIM
    if scene.computers.hinting:
        return f"Hard is looking for a hint for {who}{dots}", HINT_COLOUR
    focus = scene.insight.focus
    if focus is not None and (s.phase is Phase.BUILD or focus not in s.legal_claims()):
        piece = piece_name(scene, s.piece_at(focus))
        if scene.insight.pinned is not None and scene.insight.pinned != focus:
            return f"Road path from {lot_name(scene.insight.pinned)} to the {piece} on {lot_name(focus)}.", theme.ACCENT_2
        return (f"Road distances from the {piece} on {lot_name(focus)}. Click it to pin, then point at "
                "another structure for the path between them.", theme.ACCENT_2)
    reason = scene.hover_reason()
    if reason:
        return reason, theme.BAD
    lot = scene.hover_lot
    if s.phase is Phase.CLAIM:
        if lot is not None and lot in s.legal_claims():
            return f"Click to claim the {piece_name(scene, s.piece_at(lot))} on {lot_name(lot)}.", theme.GOOD
        return (f"{who} may claim any unclaimed tower ({s.claims_left(s.to_move)} claims left), "
                "or Skip (S)."), theme.TEXT
    if scene.selected is None:
        return f"{who}: choose a piece from your stock (1-7).", theme.TEXT
    if lot is not None:
        return f"Build {a_piece(scene, scene.selected)} on {lot_name(lot)}.", theme.GOOD
    n = len(s.legal_lots(scene.selected))
    keys = "Tab: next piece, R: road" if scene.chrome is not None else "Tab: next piece, U: undo, R: road"
    return f"{who}: build {a_piece(scene, scene.selected)} on one of {n} lit lots ({keys}).", theme.TEXT


def hint_words(scene, move) -> str:
    """The hint in words (the toast)."""
    if isinstance(move, Build):
        return f"Hint: build a {move.piece.name()} on {lot_name(move.lot)} (H again repeats it)."
    if isinstance(move, Claim):
        return f"Hint: claim the {scene.match.state.piece_at(move.lot).name()} on {lot_name(move.lot)}."
    return "Hint: skip the claim this time (S)."
