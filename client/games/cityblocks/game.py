"""The City Blocks match screen, composed of parts: the board view with the seat panels
and trays (``board``, :mod:`.board`), the piece in hand with the person's pointer and keys
(``control``, :mod:`.hand`), the pass question (``passing``), one seat controller per seat
and, online, the match chrome. The same screen serves hot-seat play (any mix of people
and computers, 2-4 seats), games against the computer and online matches (playing or
watching).

Choose a piece (click it in a tray; Tab, its letter or its size 2-5), turn it (R, Shift+R,
the wheel, right-click) and flip it (F); the ghost follows the pointer (or the arrow keys)
snapped to the board, green where the engine allows it and red with the engine's reason
where not; click (Enter) places it. P passes (asked again while placements remain), H
lights where the chosen piece fits, G asks the computer for a hint (its move on the board
with the final margin its search expects; ``client.scenes.hints``), C switches between your colour and blue (3 players),
U undoes, Ctrl+S saves, F1 shows how to play, Esc pauses. Computers think in worker threads (the shell's
``ComputerTurns``); the window keeps drawing.
"""

from __future__ import annotations

import secrets

import pygame

from client import theme
from client.computer import level_name
from client.scenes.hints import HintPart
from client.scenes.match_screen import MatchControls
from client.scenes.move_listing import MatchMoves
from client.scenes.seats import ComputerSeat, SeatController
from client.view.widgets import Button
from shared.cityblocks import CITY_BLOCKS, CityState, Move

from . import hints, look, marks
from .board import tray_args
from .hand import HandControl
from .howto import HowToScene
from .model import LocalMatch, ViewMatch
from .pass_question import PassQuestion
from .pieces import Hand
from .replay import replay_of
from .score import ScoreScene
from .screen import CityScreen
from .words import N_, _

BOT_SHOW = 0.35   # seconds a computer's choice shows before it lands


class Moves(MatchMoves):
    """The list of moves in the game's own notation."""

    host: "MatchScene"

    def move_texts(self) -> list[str]:
        from .replay import list_text
        host = self.host
        return [list_text(m) for m in host.match.moves] if host.chrome is None else []


class MatchScene(MatchControls, CityScreen):
    bot_show, pass_show = BOT_SHOW, 0.1

    def __init__(self, app, state: CityState | None = None, *, seats: list[SeatController] | None = None,
                 chrome=None, seed: object = None, bot_factory=None, players: int = 4) -> None:
        if state is None:
            seed = secrets.randbelow(10**9) if seed is None else seed
            state = CITY_BLOCKS.new_state({"players": players}, seed)
        self.init_match(state, seats=seats, chrome=chrome, seed=seed, bot_factory=bot_factory, spec=CITY_BLOCKS,
                        holders=(LocalMatch, ViewMatch), n_seats=state.players)
        self.listing = Moves(self)
        self.hinter = HintPart(self, self.hint_words)
        self.control = HandControl(self)   # the piece in hand and the person's pointer and keys
        self.passing = PassQuestion(self)  # "Pass with blue?" while placements remain
        # TRANSLATORS: buttons under the board; the key in brackets stays.
        self.pass_button = Button(N_("Pass (P)"), self.passing.ask, accent=theme.ACCENT, tr=_)
        self.undo_button = Button(N_("Undo"), self.undo, tr=_)
        # TRANSLATORS: button: light the squares where the chosen piece fits (key H).
        self.fit_button = Button(N_("Fits (H)"), self.control.toggle_fit, tr=_)
        # TRANSLATORS: button: the computer's best move for you, shown with what it expects (key G).
        self.hint_button = Button(N_("Hint (G)"), self.hinter.ask_hint, tr=_)
        super().__init__(app, state)
        if chrome is not None:
            chrome.attach(self)
            local = any(seat.local for seat in self.seats)
            self.buttons = ([self.pass_button, self.fit_button] if local else []) + chrome.buttons()
        else:
            self.buttons = [self.pass_button, self.undo_button, self.fit_button, self.hint_button,
                            Button(N_("Save"), self.save, tr=_), Button(N_("Menu"), self.actions.pause, tr=_)]
        self.layout_buttons()
        self.auto_select()
        self.update_buttons()

    @property
    def hand(self) -> Hand | None:
        return self.control.hand

    @hand.setter
    def hand(self, hand: Hand | None) -> None:
        self.control.hand = hand

    def auto_select(self) -> None:
        """A new turn: no pass question open, and the hand kept or chosen afresh."""
        self.passing.open = False
        self.control.auto_select()

    # -- who plays --------------------------------------------------------------------------
    @property
    def undo_allowed(self) -> bool:
        return self.chrome is None and any(not isinstance(self.seats[h.to_move], ComputerSeat)
                                           for h in self.match.history if not h.over)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.passing.layout(size, self.geo.rect.center)

    def enter(self) -> None:
        s = self.match.state
        if self.chrome is not None and s.ply > 0:
            return
        self.announce_turn(first=True)

    def resume(self) -> None:
        self.control.hover = None

    # -- moves -----------------------------------------------------------------------------
    def place(self) -> None:
        """Click / Enter: the ghost's move, if the engine allows it."""
        ghost = self.control.ghost()
        if ghost is None:
            return
        move, reason = ghost
        if reason is not None:
            self.app.sounds.play("error")
            self.show_toast(reason, 4)
            return
        self.submit(move)

    def after_step(self, move: Move, before: CityState, events: list[dict]) -> None:
        """Animate a played move and say what it did."""
        self.show_state(self.match.state)
        self.control.forget_ghost()
        if move.is_pass:
            self.app.sounds.play("skip")
            self.show_toast(_("{colour} passed.").format(colour=look.name(move.colour)), 1.6)
        if any(e.get("type") == "game_over" for e in events):
            self.timeline.delay(0.6, self._game_over)
        elif not self.match.state.over:
            self.auto_select()
            self.announce_turn()
        self.update_buttons()

    def announce_turn(self, first: bool = False) -> None:
        s = self.match.state
        if s.over or (not first and not self.human_turn) or (not first and len(self.seats) - len(self.bots) < 2):
            return
        seat = self.seat_label(s.to_move)
        sub = _("{seat} places blue or their own colour").format(seat=seat) if self.players == 3 else seat
        # TRANSLATORS: the banner when a turn starts: BLUE TO PLACE (the colour in capitals).
        head = _("{colour} TO PLACE").format(colour=look.name(s.colour).upper())
        self.announce(head, sub, look.colour_rgb(s.colour, self.app.options.colour_blind),
                      hold=0.5 if not first else 0.9)

    # -- what the chrome calls (online) -------------------------------------------------------
    def remote_moved(self, move: Move, before: CityState, after: CityState) -> None:
        self.after_step(move, before, [{"type": "game_over"}] if after.over else [])

    def seat_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        return [(p.rect, p.header_h, p.pad) for p in self.board.panels]

    def score_scene(self, state: CityState, **words) -> ScoreScene:
        return ScoreScene(self.app, state, **words)

    def replay(self, state: CityState):
        return replay_of(self.app, state, self.records.name_headers() if self.chrome is None else None)

    # -- menu actions ------------------------------------------------------------------------
    def undo(self) -> None:
        state = self.actions.take_back()
        if state is None:
            return
        self.hand = None
        self.auto_select()
        self.app.sounds.play("undo")
        self.show_toast(_("Took back the last turn: {colour} to place.").format(colour=look.word(state.colour)), 3)
        self.update_buttons()

    def fresh_state(self, seed: int) -> CityState:
        return CITY_BLOCKS.new_state({"players": self.players}, seed)

    def update_buttons(self) -> None:
        self.pass_button.enabled = self.human_turn
        self.undo_button.enabled = self.undo_allowed
        self.fit_button.enabled = self.human_turn
        self.hint_button.enabled = self.hinter.can_hint()
        if self.chrome is not None:
            self.chrome.update_buttons()

    def hint_words(self, advice) -> str:
        return hints.hint_words(self, advice)

    # -- frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)  # the board, then the computers' turns
        self.hinter.poll_hint()

    def top_right_room(self) -> int:
        return self.listing.top_right_room()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.chrome is not None and self.chrome.handle_event(event):
            return True
        if self.chrome is None and self.listing.handle_event(event):
            return True
        if self.passing.open:
            return self.passing.handle_event(event)
        if event.type == pygame.MOUSEMOTION:
            self.control.point(event.pos)
            self.buttons_event(event)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.actions.pause()
                return True
            if event.mod & pygame.KMOD_CTRL and event.key in (pygame.K_s, pygame.K_z):
                self.save() if event.key == pygame.K_s else self.undo()
                return True
            if event.key == pygame.K_F1:
                self.app.push(HowToScene(self.app))
                return True
            if event.key == pygame.K_c and self.over_shown and self.match.state.over:
                self.actions.final_count()
                return True
        if self.timeline.busy and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                self.timeline.finish_all()
            return True
        if self.buttons_event(event):
            return True
        return self.control.handle_event(event)

    # -- drawing -------------------------------------------------------------------------------
    def tray_args(self, tray) -> dict:
        return self.control.tray_args(tray, tray_args(self.state, tray))

    def seat_names(self) -> dict[int, str]:
        """Computers by level and named people (online, the chrome writes the names)."""
        if self.chrome is not None:
            return {}
        return {i: seat.label for i, seat in enumerate(self.seats)
                if isinstance(seat, ComputerSeat) or getattr(seat, "name", "")}

    def last_move(self) -> Move | None:
        history = self.state.history
        return history[-1] if history else None

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        said = self.chrome.status_text() if self.chrome is not None else None
        if said is not None:
            return said
        s = self.match.state
        if s.over:
            return _("The game is over. C shows the final count again."), theme.TEXT
        if self.human_turn and self.hinter.hinting:
            # TRANSLATORS: while a computer level looks for a hint, e.g. "Hard is looking for a hint…"
            return _("{level} is looking for a hint…").format(level=self.hinter.hint_level_name()), theme.ACCENT
        if not self.human_turn:
            seat = self.seats[s.to_move]
            if isinstance(seat, ComputerSeat):
                # TRANSLATORS: e.g. "Green: Hard is thinking…" (a computer player by its level).
                computer = level_name(seat.level) if seat.level else _("the computer")
                return (_("{seat}: {computer} is thinking…").format(seat=self.seat_label(s.to_move),
                                                                    computer=computer), theme.TEXT_DIM)
            return _("{seat} to move.").format(seat=self.seat_label(s.to_move)), theme.TEXT_DIM
        return self.control.status(self.hinter.hints_offered())

    def draw(self, surface: pygame.Surface) -> None:
        cb = self.app.options.colour_blind
        self.draw_frame(surface, cb)
        marks.draw_fit(surface, self)
        marks.draw_last(surface, self)
        self.board.draw_drops(surface, self.drops, cb)
        marks.draw_online(surface, self, cb)
        marks.draw_computer(surface, self, cb)
        hints.draw_hint(surface, self, cb)
        marks.draw_ghost(surface, self, cb)
        self.draw_bottom(surface)
        self.turns.draw(surface, self.thinking or self.hinter.hinting)
        if self.chrome is None:
            self.listing.draw(surface)
        self.draw_overlays(surface)
        self.passing.draw(surface)
        marks.draw_slot_tip(surface, self)
        if self.chrome is not None:
            self.chrome.draw(surface)
