"""Parts of City Blocks' match screen (:class:`.game.MatchScene`): its drawing and the
status line under the board (:class:`MatchView`, ``scene.painter``), the screen's own
keys and clicks before the hand's (:class:`ScreenKeys`, ``scene.keys``: Esc, Ctrl+S/Z,
F1, C, Space while a move lands, the buttons), and a move or a turn shown and said
(:class:`TurnShow`, ``scene.shows``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import theme
from client.scenes.seats import ComputerSeat
from client.seat_words import beside, computer_words, you, you_word
from client.view.widgets import Button
from shared.cityblocks import Move

from . import hints, look, marks
from .autopass import must_pass, status_words
from .howto import HowToScene
from .words import N_, _

if TYPE_CHECKING:
    from .game import MatchScene


class MatchView:
    """What the match screen draws, and what its status line says."""

    def __init__(self, scene: "MatchScene") -> None:
        self.scene = scene

    def buttons(self, chrome) -> list[Button]:
        """The buttons under the board (online, the chrome's own after the pass and fits)."""
        scene = self.scene
        # TRANSLATORS: buttons under the board; the key in brackets stays.
        scene.pass_button = Button(N_("Pass (P)"), scene.passing.ask, accent=theme.ACCENT, tr=_)
        scene.undo_button = Button(N_("Undo"), scene.undo, tr=_)
        # TRANSLATORS: button: light the squares where the chosen piece fits (key S, "show").
        scene.fit_button = Button(N_("Fits (S)"), scene.control.toggle_fit, tr=_)
        # TRANSLATORS: button: the computer's best move for you, shown with what it expects (key H, as in every game).
        scene.hint_button = Button(N_("Hint (H)"), scene.hinter.ask_hint, tr=_)
        if chrome is not None:
            chrome.attach(scene)
            local = any(seat.local for seat in scene.seats)
            return ([scene.pass_button, scene.fit_button] if local else []) + chrome.buttons()
        return [scene.pass_button, scene.undo_button, scene.fit_button, scene.hint_button,
                Button(N_("Save"), scene.save, tr=_), Button(N_("Menu"), scene.actions.pause, tr=_)]

    def seat_names(self) -> dict[int, str]:
        """Computers by level and named people (online, the chrome writes the names)."""
        scene = self.scene
        if scene.chrome is not None:
            return {}
        names = {i: seat.label for i, seat in enumerate(scene.seats)
                 if isinstance(seat, ComputerSeat) or getattr(seat, "name", "")}
        mine = scene.mine()
        if mine is not None:
            names[mine] = you()
        return names

    def status(self) -> tuple[str, tuple[int, int, int]]:
        scene = self.scene
        said = scene.status_note()
        if said is not None:
            return said
        s = scene.match.state
        if s.over:
            return _("The game is over. C shows the final count again."), theme.TEXT
        if scene.human_turn and scene.hinter.hinting:
            # TRANSLATORS: while a computer level looks for a hint, e.g. "Hard is looking for a hint…"
            return _("{level} is looking for a hint…").format(level=scene.hinter.hint_level_name()), theme.ACCENT
        if not scene.human_turn:
            seat = scene.seats[s.to_move]
            if isinstance(seat, ComputerSeat):
                # TRANSLATORS: e.g. "Green (computer, hard) is thinking…" (a seat and who plays it).
                return (_("{seat} is thinking…").format(seat=beside(scene.seat_name(s.to_move),
                                                                   computer_words(seat.level))), theme.TEXT_DIM)
            return _("{seat} to move.").format(seat=scene.seat_name(s.to_move)), theme.TEXT_DIM
        if scene.autopass.due():
            return status_words(s), theme.ACCENT_2
        return scene.control.status(scene.hinter.hints_offered())

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        cb = scene.app.options.colour_blind
        scene.frame.draw(surface, cb)
        present = scene.listing.looking_back is None   # looking back, nothing of the present is marked
        if present:
            marks.draw_fit(surface, scene)
        marks.draw_last(surface, scene)
        scene.board.draw_drops(surface, scene.drops, cb)
        if present:
            marks.draw_online(surface, scene, cb)
            marks.draw_computer(surface, scene, cb)
            hints.draw_hint(surface, scene, cb)
            marks.draw_ghost(surface, scene, cb)
        scene.draw_bottom(surface)
        scene.turns.draw(surface, scene.thinking or scene.hinter.hinting)
        scene.listing.draw(surface)
        scene.draw_overlays(surface)
        scene.passing.draw(surface)
        marks.draw_slot_tip(surface, scene)
        if scene.chrome is not None:
            scene.chrome.draw(surface)


class ScreenKeys:
    """The screen's keys and clicks, asked before the hand's part (which places pieces)."""

    def __init__(self, scene: "MatchScene") -> None:
        self.scene = scene

    def handle_event(self, event: pygame.event.Event) -> bool:
        scene = self.scene
        if scene.chrome is not None and scene.chrome.handle_event(event):
            return True
        if scene.listing.handle_event(event):
            return True
        if scene.passing.open:
            return scene.passing.handle_event(event)
        if event.type == pygame.MOUSEMOTION:
            scene.control.point(event.pos)
            scene.buttons_event(event)
            return True
        if event.type == pygame.KEYDOWN and self.key(event):
            return True
        if scene.timeline.busy and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                scene.timeline.finish_all()
            return True
        if scene.buttons_event(event):
            return True
        return scene.control.handle_event(event)

    def key(self, event: pygame.event.Event) -> bool:
        """Esc pauses, Ctrl+S saves, Ctrl+Z undoes, F1 shows how to play, C the final count."""
        scene = self.scene
        if event.key == pygame.K_ESCAPE:
            scene.actions.pause()
        elif event.mod & pygame.KMOD_CTRL and event.key in (pygame.K_s, pygame.K_z):
            scene.save() if event.key == pygame.K_s else scene.undo()
        elif event.key == pygame.K_F1:
            scene.app.push(HowToScene(scene.app))
        elif event.key == pygame.K_c and scene.over_shown and scene.match.state.over:
            scene.actions.final_count()
        else:
            return False
        return True


class TurnShow:
    """A move played (here, by a computer or online) shown and said, a turn announced,
    and undo's words."""

    def __init__(self, scene: "MatchScene") -> None:
        self.scene = scene

    def step(self, move: Move, events: list[dict]) -> None:
        """Animate a played move and say what it did."""
        scene = self.scene
        scene.show_state(scene.match.state)
        scene.control.forget_ghost()
        if move.is_pass:
            scene.app.sounds.play("skip")
            scene.show_toast(_("{colour} passed.").format(colour=look.name(move.colour)), 1.6)
        if any(e.get("type") == "game_over" for e in events):
            scene.timeline.delay(0.6, scene.actions.game_over)
        elif not scene.match.state.over:
            scene.auto_select()
            self.announce(False)
        scene.update_buttons()

    def announce(self, first: bool) -> None:
        scene = self.scene
        s = scene.match.state
        if s.over or (not first and not scene.human_turn) or (not first and len(scene.seats) - len(scene.bots) < 2):
            return
        seat = scene.seat_name(s.to_move)
        if s.to_move == scene.mine():
            seat = beside(seat, you_word())
        sub = _("{seat} places blue or their own colour").format(seat=seat) if scene.players == 3 else seat
        # TRANSLATORS: the banner when a turn starts: BLUE TO PLACE (the colour in capitals).
        head = _("{colour} TO PLACE").format(colour=look.name(s.colour).upper())
        scene.announce(head, sub, look.colour_rgb(s.colour, scene.app.options.colour_blind),
                       hold=0.5 if not first else 0.9)

    def undo(self) -> None:
        scene = self.scene
        state = scene.actions.take_back()
        if state is None:
            return
        while must_pass(state) and scene.match.can_undo:  # back to the person's last real move,
            earlier = scene.actions.take_back()          # not to a pass played for them
            if earlier is None:
                break
            state = earlier
        scene.hand = None
        scene.auto_select()
        scene.app.sounds.play("undo")
        scene.show_toast(_("Took back the last turn: {colour} to place.").format(colour=look.word(state.colour)), 3)
        scene.update_buttons()
