"""What the Sprawl match screen draws and says (module functions over the screen, the
:class:`MatchHost`): the board with its overlays and marks, the hint, the ghost and its
caption, the piece in hand, the list of moves on a square, the bottom bar with its status
line, the banner and the toast. Reads the screen and its parts; changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import theme
from client.scenes.hints import hint_shown_words
from client.scenes.seats import ComputerSeat
from client.seat_words import beside, who_words
from client.view.widgets import Button
from shared.sprawl import SPRAWL
from shared.sprawl.words import N_, _

from . import captions, hints, look, marks, overlays
from .hand import confirm_words, enter_confirm_words
from .model import save_record

if TYPE_CHECKING:
    from .game import MatchScene


class MatchButtons:
    """The bottom bar's buttons: the overlays' toggles (lit while on show), then Undo, Hint
    and Menu (online: the chrome's)."""

    def __init__(self, scene: "MatchScene") -> None:
        self.scene = scene
        self.overlays = {name: Button(overlays.LABELS[name], lambda n=name: self.toggle(n), tr=_)
                         for name in overlays.OVERLAYS}
        self.undo = Button(N_("Undo"), scene.undo, tr=_)
        # TRANSLATORS: button: the computer's best move for you, shown with what it expects (key H).
        self.hint = Button(N_("Hint (H)"), scene.hinter.ask_hint, tr=_)

    def row(self, chrome) -> list[Button]:
        if chrome is not None:
            return list(self.overlays.values()) + chrome.buttons()
        return list(self.overlays.values()) + [self.undo, self.hint, Button(N_("Menu"), self.scene.actions.pause, tr=_)]

    def toggle(self, name: str) -> None:
        scene = self.scene
        scene.shown ^= {name}
        scene.app.sounds.play("select")
        scene.update_buttons()

    def update(self) -> None:
        scene = self.scene
        self.undo.enabled = scene.undo_allowed
        self.hint.enabled = scene.hinter.can_hint()
        for name, b in self.overlays.items():
            b.accent = theme.ACCENT if name in scene.shown else theme.ACCENT_2
        if scene.chrome is not None:
            scene.chrome.update_buttons()


def seat_who(scene: "MatchScene", seat: int) -> str:
    """Who plays the seat here ("computer, easy", "you", "Ann"); "" online (the chrome
    writes the names) and for a seat nobody in particular plays."""
    if scene.chrome is not None or seat >= len(scene.seats):
        return ""
    return who_words(scene.seats, seat)


def seat_label(scene: "MatchScene", seat: int) -> str:
    """The seat's colour in the language in use (online too: the server's labels stay
    English), with who plays it here: "Green (computer, easy)", "Blue (you)", "Red (Ann)"."""
    return beside(look.name(seat), seat_who(scene, seat))


def seats_header(scene: "MatchScene") -> dict[str, str]:
    """The record's ``Seats:``: a person's name ("" when the colour says it all), a
    computer by its level in no language in particular (and ``Levels``)."""
    computers = scene.records.computer_names()
    names = [computer or getattr(seat, "name", "") for computer, seat in zip(computers, scene.seats)]
    return {"Seats": ", ".join(names), **scene.records.levels_headers()}


def write_record(scene: "MatchScene"):
    """Save: the record file of a local game, the server's record online."""
    if scene.chrome is None:
        headers = scene.seats_header()
        line = scene.records.termination(scene.position())
        if line:
            headers["Termination"] = line   # who resigned here
        return save_record(scene.match.record(headers))
    return scene.match.save()


def status_words(scene: "MatchScene") -> tuple[str, tuple[int, int, int]]:
    """The bottom line: the chrome's word online, the game's end, a hint on its way, whose
    turn it is, the list of moves on a square, the ghost's move or reason, else the keys."""
    said = scene.status_note()
    if said is not None:
        return said
    s = scene.match.state
    if s.is_over():
        return _("The game is over. C shows the end show again."), theme.TEXT
    if scene.human_turn and scene.hinter.hinting:
        # TRANSLATORS: while a computer level looks for a hint, e.g. "Hard is looking for a hint…"
        return _("{level} is looking for a hint…").format(level=scene.hinter.hint_level_name()), theme.ACCENT
    if not scene.human_turn:
        who = scene.seat_label(s.to_move)
        if isinstance(scene.seats[s.to_move], ComputerSeat):
            return _("{player} is thinking…").format(player=who), theme.TEXT_DIM
        return _("{player} to move.").format(player=who), theme.TEXT_DIM
    if scene.hand.chooser:
        if 0 <= scene.hand.chooser_hover < len(scene.hand.chooser):
            move = scene.hand.chooser[scene.hand.chooser_hover]
            warning = scene.hand.warning(move)
            if warning is not None:
                return (confirm_words(warning) if scene.hand.armed == move else warning), theme.ACCENT
        if scene.hand.chooser_only is not None:
            return _("Pick a move ending on this square: click it, or arrows then Enter; Esc closes the list "
                     "(size {size}: change the size for the others).").format(size=scene.hand.chooser_only), \
                theme.TEXT
        return _("Pick a move ending on this square: click it, or arrows then Enter; Esc closes the list."), \
            theme.TEXT
    hint = scene.hinter.hint
    if hint is not None and scene.hand.armed == hint.move:  # armed by Enter: the next Enter plays it
        return enter_confirm_words(scene.hand.warning(hint.move) or ""), theme.ACCENT
    ghost = scene.hand.ghost()
    if ghost is not None:
        move, reason = ghost
        if reason is not None:
            return reason, theme.BAD
        if hint is not None and hint.move != move:
            # TRANSLATORS: the move under the pointer, while a hint elsewhere waits for Enter
            play = _("{move}: click plays it; Enter plays the hint.").format(move=scene.hand.ghost_caption(move))
        else:
            play = _("{move}: click or Enter plays it.").format(move=scene.hand.ghost_caption(move))
        warning = scene.hand.warning(move)
        if warning is None:
            return play, theme.GOOD
        # TRANSLATORS: after a warning about a move that ends the game or strands a seat.
        twice = _("Click twice to play it.")
        return (confirm_words(warning) if scene.hand.armed == move else f"{warning} {twice}"), theme.ACCENT
    if scene.hinter.hint is not None:
        return hint_shown_words(), theme.ACCENT
    # TRANSLATORS: the last item of the keys in the status line.
    f1 = " · " + _("F1: how to play")
    if not s.started[s.to_move]:
        return _("Place your first tower: pick a size (1-3) and click any vacant square.") + f1, theme.TEXT
    if not scene.hinter.hints_offered():  # online or rated: H only says no
        return _("Click a square (glowing: legal for the piece in hand) · drag from a square to lay a branch · "
                 "right-click lists the moves there · A/S/O overlays") + f1, theme.TEXT
    return _("Click a square (glowing: legal for the piece in hand) · drag from a square to lay a branch · "
             "right-click lists the moves there · A/S/O overlays · H: a hint") + f1, theme.TEXT


def draw(scene: "MatchScene", surface: pygame.Surface) -> None:
    """Frame, overlays, marks, the hand, the bottom bar, the list of moves, banner and toast."""
    cb = scene.app.options.colour_blind
    scene.frame.draw(surface, cb)
    overlays.draw(surface, scene.app.text, scene.geo, scene.state, scene.shown, cb)
    history = scene.state.history
    last = history[-1] if history else None
    marks.draw_last(surface, scene, SPRAWL.parse_move(last) if last and not last.endswith("resign") else None)
    present = scene.listing.looking_back is None   # looking back, nothing of the present is marked
    if present:
        marks.draw_glow(surface, scene)
    scene.board.draw_drops(surface, scene.drops, cb)
    hint_box = None
    if present:
        marks.draw_computer(surface, scene, cb)
        hint_box = hints.draw_hint(surface, scene, cb)
        marks.draw_ghost(surface, scene, cb)
        marks.draw_hand(surface, scene, cb, hints.chance_words(scene))
    scene.draw_bottom(surface)
    for name in scene.shown:  # a lit dot on the buttons of the overlays on show
        r = scene.overlay_buttons[name].rect
        pygame.draw.circle(surface, theme.ACCENT, (r.right - 9, r.y + 9), 4)
    marks.draw_ghost_caption(surface, scene, (hint_box,) if hint_box is not None else ())
    scene.turns.draw(surface, scene.thinking or scene.hinter.hinting)
    scene.listing.draw(surface)
    marks.draw_chooser(surface, scene, cb)
    marks.draw_dead_tip(surface, scene, None if scene.hand.chooser else scene.hand.hover)
    draw_overlays(scene, surface)
    if scene.chrome is not None:
        scene.chrome.draw(surface)


def draw_overlays(scene: "MatchScene", surface: pygame.Surface) -> None:
    """Banner and toast; the toast sits above the hand under the board (a hint's, from the
    board's top between the seat panels: clear of the letters under the board, of the
    hinted move and of the panels)."""
    scene.banners.draw(surface, scene.app.text, scene.geo.rect.centery,
                       int(min(scene.geo.cell * 1.1, scene.size[1] * 0.09)))
    bottom = scene.hand.rects[0].y if scene.human_turn and scene.hand.rects else scene.bottom_rect.y
    size, advice = max(14, scene.bottom_h // 3), scene.hinter.hint
    if advice is None or not hasattr(advice.move, "square"):
        scene.toasts.draw(surface, scene.app.text, bottom, size)
        return
    # a hint's sentence: from the board's top unless the move is there, between the seat panels
    mid, panels = scene.geo.rect.centerx, scene.board.panel_rects
    left = max((r.right for r in panels if r.centerx < mid), default=0) + 4
    right = min((r.left for r in panels if r.centerx >= mid), default=scene.size[0]) - 4
    column = pygame.Rect(left, 0, max(1, right - left), bottom).clip(surface.get_rect())
    target = scene.geo.square_rect(advice.move.square).move(-column.x, 0)
    scene.toasts.draw(surface.subsurface(column), scene.app.text, column.h, size,
                      hint_top(scene, column, size, target), (target,))


def hint_top(scene: "MatchScene", column: pygame.Rect, size: int, target: pygame.Rect) -> int:
    """Where a hint's sentence hangs in the ``column``: the highest band from the board's
    top down to the hand that covers no piece (else the fewest) and not the hinted move."""
    w, h = scene.toasts.box_size(scene.app.text, size, column.w)
    occupied = [r.move(-column.x, 0) for r in captions.pieces(scene)]
    top = scene.geo.rect.top
    best: tuple[int, int] | None = None
    for y in range(top, column.h - 10 - h - 6 + 1, 2):
        box = pygame.Rect((column.w - w) // 2, y + 6, w, h)  # as the toast places it under ``top``
        if not box.colliderect(target):
            covered = len(box.collidelistall(occupied))
            if best is None or covered < best[0]:
                best = (covered, y)
    return top if best is None else best[1]
