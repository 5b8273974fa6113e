"""The Alien City match screen's words: the status line and the rule that refuses a lot,
straight from the engine (``why_not``) and the seats (who is thinking).

Engine words (seat labels, piece names, the rules' reasons) come through ``terms`` at the
moment of drawing; the sentences around them are this plug-in's and put the engine's
words where no article or case ending is needed (after a colon, in brackets), so the
Slovak and French sentences read right whatever the piece."""

from __future__ import annotations

from client import theme
from client.scenes.hints import hint_shown_words
from client.scenes.seats import ComputerSeat
from client.seat_words import beside, computer_words
from shared.aliencity import Build, Claim, Colour, Phase, lot_name
from shared.i18n import current_language, domain

from . import terms
from .marks import HINT_COLOUR

_, N_, ngettext, pgettext = domain("aliencity")


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
    return terms.reason(reason) if reason else None


def reason_key(scene) -> tuple:
    """What the hovered lot's reason depends on (the language too: it is words)."""
    return (scene.state, scene.state.phase, scene.selected, scene.hover_lot, scene.human_turn,
            current_language())


def piece_name(scene, piece) -> str:
    """"red tower"; in colour-blind mode the red guild is drawn orange, so the words add
    that: the rules' name first, then what you see."""
    name = terms.piece(piece)
    if scene.app.options.colour_blind and piece.colour is Colour.RED:
        # TRANSLATORS: colour-blind mode draws the red guild orange; {piece} is e.g. "red tower".
        return _("{piece} (drawn orange)").format(piece=name)
    return name


def game_status(scene) -> tuple[str, tuple[int, int, int]]:
    """The status line: whose turn and what they may do, or what the pointer shows."""
    s = scene.state
    if s.phase is Phase.OVER:
        return (_("The game is over. C: the final count again. Save the record, or start a new game "
                  "from the menu."), theme.TEXT)
    who = scene.label(s.to_move)
    dots = "." * (1 + int(scene.app.clock_time * 3) % 3)
    if not scene.human_turn:
        seat = scene.seats[s.to_move]
        if isinstance(seat, ComputerSeat):
            thinker = beside(who, computer_words(seat.level))
        else:
            thinker = beside(who, seat.label)
        # TRANSLATORS: {player} is a seat with who plays it: "White (computer, hard)"
        return _("{player} is thinking").format(player=thinker) + dots, theme.TEXT_DIM
    if scene.computers.hinting:
        # TRANSLATORS: "Hard" is the strongest computer level; it looks for a hint.
        return _("Hard is looking for a hint for {player}").format(player=who) + dots, HINT_COLOUR
    focus = scene.insight.focus
    if focus is not None and (s.phase is Phase.BUILD or focus not in s.legal_claims()):
        piece = piece_name(scene, s.piece_at(focus))
        pinned = scene.insight.pinned
        if pinned is not None and pinned != focus:
            return (_("Road path from {start} to {lot} ({piece}).").format(
                start=lot_name(pinned), lot=lot_name(focus), piece=piece), theme.ACCENT_2)
        return (_("Road distances from {lot} ({piece}). Click it to pin, then point at another "
                  "structure for the path between them.").format(lot=lot_name(focus), piece=piece),
                theme.ACCENT_2)
    reason = scene.hover_reason()
    if reason and scene.cursor is not None:  # the pointer's lot says it in its tooltip instead: once
        return reason, theme.BAD
    lot = scene.hover_lot
    if lot is None and scene.cursor is None and scene.hint is not None:
        return hint_shown_words(), HINT_COLOUR
    if s.phase is Phase.CLAIM:
        if lot is not None and lot in s.legal_claims():
            # TRANSLATORS: the keyboard cursor is on a tower that may be claimed
            said = (_("Enter claims the tower on {lot} ({piece}).") if scene.cursor is not None
                    else _("Click to claim the tower on {lot} ({piece})."))
            return said.format(lot=lot_name(lot), piece=piece_name(scene, s.piece_at(lot))), theme.GOOD
        left = s.claims_left(s.to_move)
        return (ngettext("{player} may claim any unclaimed tower (one claim left), or Skip (S).",
                         "{player} may claim any unclaimed tower ({n} claims left), or Skip (S).",
                         left).format(player=who, n=left), theme.TEXT)
    if scene.selected is None:
        return _("{player}: choose a piece from your stock (1-7).").format(player=who), theme.TEXT
    chosen = piece_name(scene, scene.selected)
    if lot is not None and not reason:  # a refused lot: its tooltip says why, this line where instead
        # TRANSLATORS: the keyboard cursor is on a lot where the chosen piece may be built
        said = (_("Enter builds on {lot}: {piece}.") if scene.cursor is not None
                else _("Click to build on {lot}: {piece}."))
        return said.format(lot=lot_name(lot), piece=chosen), theme.GOOD
    n = len(s.legal_lots(scene.selected))
    if scene.chrome is not None or scene.rated is not None:  # no undo online nor in a rated game
        text = ngettext("{player} builds: {piece}, on the only lit lot (Tab: next piece, R: road).",
                        "{player} builds: {piece}, on one of {n} lit lots (Tab: next piece, R: road).", n)
    else:
        text = ngettext("{player} builds: {piece}, on the only lit lot (Tab: next piece, U: undo, R: road).",
                        "{player} builds: {piece}, on one of {n} lit lots (Tab: next piece, U: undo, "
                        "R: road).", n)
    return text.format(player=who, piece=chosen, n=n), theme.TEXT


def hint_words(scene, move) -> str:
    """The hint in words (its caption on the board)."""
    if isinstance(move, Build):
        return _("Hint: build on {lot}: {piece}.").format(
            lot=lot_name(move.lot), piece=terms.piece(move.piece))
    if isinstance(move, Claim):
        return _("Hint: claim the tower on {lot} ({piece}).").format(
            lot=lot_name(move.lot), piece=terms.piece(scene.match.state.piece_at(move.lot)))
    return _("Hint: skip the claim this time (S).")
