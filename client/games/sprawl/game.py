"""The Sprawl match screen: the board, one panel per seat (3-8), the hand and the input,
composed with one seat controller per seat and, online, the match chrome. The same
screen serves hot-seat play (any mix of people and computers), games against the
computer and online matches (playing or watching).

Pick a size (1-3, or click it under the board) and an action (Tab: stand it up as a tower
or spore / lay it as a branch; B, P: T is the online chat); legal squares glow. On a lit
square a branch's ghost turns to a direction it may take (R, the wheel or the arrows turn
it; a drag from the square points it), with a caption beside it saying what it will do
("Branch 2 from your tower on c3, pointing east"); off them the ghost is red with the
engine's reason. Click plays the ghost; a move that ends the game or leaves a seat with
no move warns beside the square and plays on a second click only. When the ghost is not
legal, the click lists every legal move ending on that square (or says why none does). Right-click always
lists them. A/S/O toggle the attack, spore and tree overlays; H asks the computer for a
hint (its move on the board with the chance of first place its search expects;
``client.scenes.hints``); U undoes, Ctrl+S saves,
F1 shows how to play, Esc pauses, C shows the end show again.
"""

from __future__ import annotations

import secrets

import pygame

from client import theme
from client.scenes.hints import HintPart
from client.scenes.match_screen import MatchControls
from client.scenes.move_listing import MatchMoves
from client.scenes.seats import ComputerSeat, HumanSeat, SeatController
from client.view.widgets import Button
from shared.sprawl import SPRAWL
from shared.sprawl.board import COLOURS
from shared.sprawl.words import N_, _, join_and, piece_on

from . import hints, look, marks, overlays
from .hand import HandPart, confirm_words
from .model import LocalMatch, ViewMatch, save_record
from .screen import SprawlScreen

BOT_SHOW = 0.45   # seconds a computer's choice shows before it lands


class MatchScene(MatchControls, SprawlScreen):
    bot_show = pass_show = BOT_SHOW

    def __init__(self, app, state=None, *, seats: list[SeatController] | None = None, chrome=None,
                 seed: object = None, bot_factory=None, players: int = 4) -> None:
        if state is None:
            seed = secrets.randbelow(10**9) if seed is None else seed
            state = SPRAWL.new_state({"players": players}, seed)
        self.init_match(state, seats=seats, chrome=chrome, seed=seed, bot_factory=bot_factory, spec=SPRAWL,
                        holders=(LocalMatch, ViewMatch), n_seats=state.n, write=self.write_record)
        self.listing = MatchMoves(self)
        self.hinter = HintPart(self, self.hint_words)
        self.names = [seat.name if isinstance(seat, HumanSeat) else "" for seat in self.seats]  # the panels'
        self.shown: set[str] = set()
        self.hand = HandPart(self)
        self.hand_rects: list[pygame.Rect] = []
        self.overlay_buttons = {name: Button(overlays.LABELS[name], lambda n=name: self.toggle(n), tr=_)
                                for name in overlays.OVERLAYS}
        self.undo_button = Button(N_("Undo"), self.undo, tr=_)
        # TRANSLATORS: button: the computer's best move for you, shown with what it expects (key H).
        self.hint_button = Button(N_("Hint (H)"), self.hinter.ask_hint, tr=_)
        super().__init__(app, state)
        if chrome is not None:
            chrome.attach(self)
            self.buttons = list(self.overlay_buttons.values()) + chrome.buttons()
        else:
            self.buttons = list(self.overlay_buttons.values()) + [self.undo_button, self.hint_button,
                                                                  Button(N_("Menu"), self.actions.pause, tr=_)]
        self.layout_buttons()
        self.hand.auto_hand()
        self.update_buttons()

    # -- layout ------------------------------------------------------------------------------
    def _fit_board(self, area: pygame.Rect) -> pygame.Rect:
        strip = max(26, int(self.size[1] * 0.045))
        return super()._fit_board(pygame.Rect(area.x, area.y, area.w, area.h - strip - 6))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        px = max(26, int(size[1] * 0.045))
        y = min(self.geo.outer.bottom + 6, self.bottom_rect.y - px - 2)
        self.hand_rects = [pygame.Rect(self.geo.outer.x + i * (px + 4), y, px, px) for i in range(3)]

    # -- who plays ---------------------------------------------------------------------------
    @property
    def undo_allowed(self) -> bool:
        return self.chrome is None and any(h.to_move is not None and not isinstance(self.seats[h.to_move], ComputerSeat)
                                           for h in self.match.history)

    def enter(self) -> None:
        if self.chrome is not None and self.match.state.ply > 0:
            return
        self.announce_turn(first=True)

    def resume(self) -> None:
        self.hand.hover = None
        self.hand.press = None

    # -- moves -------------------------------------------------------------------------------
    def try_move(self, move) -> bool:
        """Play ``move`` if the engine allows it; else say why. True when played."""
        reason = self.match.state.why_not(move)
        if reason is not None:
            self.app.sounds.play("error")
            self.show_toast(reason.text, 4)
            return False
        self.submit(move)
        return True

    def click_square(self, sq: int, direction: int | None = None) -> None:
        """A click (or a drag) on a square: the hand's move there if legal; else the list of
        the legal moves ending there; else the engine's reason."""
        if not self.human_turn or self.timeline.busy:
            return
        move = self.hand.move_at(sq, direction)
        reason = self.match.state.why_not(move)
        if reason is None:
            if direction is not None:
                self.hand.direction, self.hand.action = direction, "branch"
            if self.hand.confirmed(move):
                self.submit(move)
        elif direction is None and self.hand.open_chooser(sq):
            self.show_toast(reason.text, 4)
        else:
            self.app.sounds.play("error")
            self.show_toast(reason.text, 4)

    def choose(self, index: int) -> None:
        if self.hand.chooser and 0 <= index < len(self.hand.chooser):
            move = self.hand.chooser[index]
            if self.match.state.why_not(move) is None and not self.hand.confirmed(move):
                self.hand.chooser_hover = index  # the list stays open for the second click
                return
            self.hand.chooser, self.hand.chooser_hover = None, -1
            self.hand.hand_for(move)
            self.try_move(move)

    def poll_hint(self) -> None:
        """A hint that arrives also takes the hand (an overload's extra squares aside: the
        list of moves on the square picks those), so a click on the hinted square plays it."""
        had = self.hinter.hint
        self.hinter.poll_hint()
        hint = self.hinter.hint
        if hint is not None and hint is not had and not getattr(hint.move, "extra", ()):
            self.hand.hand_for(hint.move)

    def after_step(self, move, before, events: list[dict]) -> None:
        """Animate a played move and say what it did (neutralized towers, the end)."""
        self.show_state(self.match.state)
        self.hand._ghost_key = None
        self.hand.chooser, self.hand.armed = None, None
        for e in events:
            if e.get("type") == "neutralized":
                self.app.sounds.play("stamp")
                self.show_toast(neutralized_words(e), 4)
            elif e.get("type") == "left":
                self.show_toast(_("{colour} left the game.").format(colour=look.name(e["seat"])), 3)
        if any(e.get("type") == "game_over" for e in events):
            self.timeline.delay(0.7, self._game_over)
        elif not self.match.state.is_over():
            self.hand.auto_hand()
            self.announce_turn()
        self.update_buttons()

    def announce_turn(self, first: bool = False) -> None:
        s = self.match.state
        if s.is_over() or (not first and not self.human_turn):
            return
        if not first and len(self.seats) - len(self.bots) < 2:
            return
        seat = s.to_move
        sub = self.seats[seat].label if isinstance(self.seats[seat], HumanSeat) else ""
        colour = look.name(seat).upper()
        # TRANSLATORS: a banner as a turn starts ({colour}: the player's colour, in capitals).
        words = _("{colour} FIRST TOWER") if not s.started[seat] else _("{colour} TO MOVE")
        self.announce(words.format(colour=colour), sub, look.text_rgb(seat, self.app.options.colour_blind),
                      hold=0.5 if not first else 0.9)

    # -- what the chrome calls (online) ---------------------------------------------------------
    def remote_moved(self, move, before, after) -> None:
        events = [{"type": "game_over"}] if after.is_over() else []
        self.after_step(move, before, events)

    def resync(self) -> None:
        self.timeline.finish_all()
        self.show_state(self.match.state, animate=False)
        self.hand.auto_hand()
        self.update_buttons()

    def score_scene(self, state, **words):
        from .score import ScoreScene
        names = [s.name if isinstance(s, ComputerSeat) else s.label if isinstance(s, HumanSeat) and s.name else ""
                 for s in self.seats]   # each seat as the match names it: "Green (Easy)"
        return ScoreScene(self.app, state, names=names, **words)

    def replay(self, state):
        from .replay import replay_of
        return replay_of(self.app, state, self.seats_header() if self.chrome is None else None)

    # -- menu actions ----------------------------------------------------------------------------
    def toggle(self, name: str) -> None:
        self.shown ^= {name}
        self.app.sounds.play("select")
        self.update_buttons()

    def undo(self) -> None:
        state = self.actions.take_back()
        if state is None:
            return
        self.hand.auto_hand()
        self.app.sounds.play("undo")
        self.show_toast(_("Took back the last turn: {colour} to move.").format(colour=look.name(state.to_move)), 3)
        self.update_buttons()

    def write_record(self):
        if self.chrome is None:
            return save_record(self.match.record(self.seats_header()))
        return self.match.save()

    def seats_header(self) -> dict[str, str]:
        """The record's ``Seats:``: a person's name ("" when the colour says it all), a
        computer by its level in no language in particular (and ``Levels``)."""
        computers = self.records.computer_names()
        names = [computer or getattr(seat, "name", "") for computer, seat in zip(computers, self.seats)]
        return {"Seats": ", ".join(names), **self.records.levels_headers()}

    def fresh_state(self, seed: int):
        return SPRAWL.new_state(self.match.state.options, seed)

    def update_buttons(self) -> None:
        self.undo_button.enabled = self.undo_allowed
        self.hint_button.enabled = self.hinter.can_hint()
        for name, b in self.overlay_buttons.items():
            b.accent = theme.ACCENT if name in self.shown else theme.ACCENT_2
        if self.chrome is not None:
            self.chrome.update_buttons()

    def hint_words(self, advice) -> str:
        return hints.hint_words(self, advice)

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)  # the board, then the computers' turns
        self.poll_hint()

    def top_right_room(self) -> int:
        return self.listing.top_right_room()

    def handle_event(self, event: pygame.event.Event) -> bool:
        from .input import handle_event
        if self.chrome is not None and self.chrome.handle_event(event):
            return True
        if self.chrome is None and self.listing.handle_event(event):
            return True
        return handle_event(self, event)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Banner and toast; the toast sits above the hand under the board."""
        self.banners.draw(surface, self.app.text, self.geo.rect.centery,
                          int(min(self.geo.cell * 1.1, self.size[1] * 0.09)))
        bottom = self.hand_rects[0].y if self.human_turn and self.hand_rects else self.bottom_rect.y
        self.toasts.draw(surface, self.app.text, bottom, max(14, self.bottom_h // 3))

    # -- words ---------------------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        """The seat's colour in the language in use (online too: the server's labels stay
        English), with the name of who plays it here."""
        ctrl = self.seats[seat] if self.chrome is None and seat < len(self.seats) else None
        if isinstance(ctrl, ComputerSeat) or (isinstance(ctrl, HumanSeat) and ctrl.name):
            return f"{look.name(seat)} ({ctrl.name})"
        return look.name(seat)

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        said = self.chrome.status_text() if self.chrome is not None else None
        if said is not None:
            return said
        s = self.match.state
        if s.is_over():
            return _("The game is over. C shows the end show again."), theme.TEXT
        if self.human_turn and self.hinter.hinting:
            # TRANSLATORS: while a computer level looks for a hint, e.g. "Hard is looking for a hint…"
            return _("{level} is looking for a hint…").format(level=self.hinter.hint_level_name()), theme.ACCENT
        if not self.human_turn:
            who = self.seat_label(s.to_move)
            if isinstance(self.seats[s.to_move], ComputerSeat):
                return _("{player} is thinking…").format(player=who), theme.TEXT_DIM
            return _("{player} to move.").format(player=who), theme.TEXT_DIM
        if self.hand.chooser:
            if 0 <= self.hand.chooser_hover < len(self.hand.chooser):
                move = self.hand.chooser[self.hand.chooser_hover]
                warning = self.hand.warning(move)
                if warning is not None:
                    return (confirm_words(warning) if self.hand.armed == move else warning), theme.ACCENT
            if self.hand.chooser_only is not None:
                return _("Pick a move ending on this square: click it, or arrows then Enter; Esc closes the list "
                         "(size {size}: change the size for the others).").format(size=self.hand.chooser_only), \
                    theme.TEXT
            return _("Pick a move ending on this square: click it, or arrows then Enter; Esc closes the list."), \
                theme.TEXT
        ghost = self.hand.ghost()
        if ghost is not None:
            move, reason = ghost
            if reason is not None:
                return reason, theme.BAD
            play = _("{move}: click or Enter plays it.").format(move=self.hand.ghost_caption(move))
            warning = self.hand.warning(move)
            if warning is None:
                return play, theme.GOOD
            # TRANSLATORS: after a warning about a move that ends the game or strands a seat.
            twice = _("Click twice to play it.")
            return (confirm_words(warning) if self.hand.armed == move else f"{warning} {twice}"), theme.ACCENT
        if not s.started[s.to_move]:
            return _("Place your first tower: pick a size (1-3) and click any vacant square."), theme.TEXT
        if not self.hinter.hints_offered():  # online or rated: H only says no
            return _("Click a square (glowing: legal for the piece in hand) · drag from a square to lay a branch · "
                     "right-click lists the moves there · A/S/O overlays"), theme.TEXT
        return _("Click a square (glowing: legal for the piece in hand) · drag from a square to lay a branch · "
                 "right-click lists the moves there · A/S/O overlays · H: a hint"), theme.TEXT

    def draw(self, surface: pygame.Surface) -> None:
        cb = self.app.options.colour_blind
        self.draw_frame(surface, cb)
        overlays.draw(surface, self.app.text, self.geo, self.state, self.shown, cb)
        history = self.state.history
        last = history[-1] if history else None
        marks.draw_last(surface, self, SPRAWL.parse_move(last) if last and not last.endswith("resign") else None)
        marks.draw_glow(surface, self)
        self.draw_drops(surface, cb)
        marks.draw_computer(surface, self, cb)
        hint_box = hints.draw_hint(surface, self, cb)
        marks.draw_ghost(surface, self, cb)
        if self.listing.looking_back is None:  # looking back, nothing is in hand
            marks.draw_hand(surface, self, cb)
        self.draw_bottom(surface)
        for name in self.shown:  # a lit dot on the buttons of the overlays on show
            r = self.overlay_buttons[name].rect
            pygame.draw.circle(surface, theme.ACCENT, (r.right - 9, r.y + 9), 4)
        marks.draw_ghost_caption(surface, self, (hint_box,) if hint_box is not None else ())
        self.turns.draw(surface, self.thinking or self.hinter.hinting)
        if self.chrome is None:
            self.listing.draw(surface)
        marks.draw_chooser(surface, self, cb)
        marks.draw_dead_tip(surface, self, None if self.hand.chooser else self.hand.hover)
        self.draw_overlays(surface)
        if self.chrome is not None:
            self.chrome.draw(surface)


def neutralized_words(event: dict) -> str:
    """The toast for a tower neutralized by a move (the engine's event, codes in English)."""
    by = [piece_on(COLOURS.index(b["colour"]), b["size"], b["square"]) for b in event["by"]]
    return _("{owner}'s tower on {square} is neutralized by {attackers}: its tree is dead.").format(
        owner=look.name(COLOURS.index(event["owner"])), square=event["square"], attackers=join_and(by))
