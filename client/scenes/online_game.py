"""An online match: the same board and input as a local game, but the server decides.

A chosen move is sent and shown as pending (a ghost on its lot) until the server's
``moved`` arrives; a refusal removes the ghost with a red flash and the server's reason.
Spectators see everything and can do nothing. A lost connection shows a banner while
the network thread reconnects; the board then resynchronises from the server's ``sync``.
"""

from __future__ import annotations

import pygame

from shared.aliencity import Build, Claim, GameState, Move, Phase, Player
from shared.aliencity.ppn import write_ppn

from .. import theme
from ..online import MatchView, OnlineSession
from ..view.widgets import Button, TextField, draw_panel
from .game import GameScene


class OnlineMatch:
    """The view of one server match in the shape GameScene expects (``state``, undo...)."""

    can_undo = False

    def __init__(self, view: MatchView) -> None:
        self.view = view

    @property
    def state(self) -> GameState:
        return self.view.state

    def save(self, folder=None):
        from ..match import LocalMatch
        local = LocalMatch(self.view.state)
        return local.save(folder)

    def record(self) -> str:
        return write_ppn(self.view.state, {"Room": self.view.code})


class OnlineGameScene(GameScene):
    def __init__(self, app, session: OnlineSession, code: str) -> None:
        self.session = session
        self.code = code
        self.view = session.matches[code]
        self.refused: tuple[int, float] | None = None  # (lot, seconds left) of a refused move
        self.resign_armed = 0.0
        self.chat_field = TextField("Say (Enter to send, Esc to cancel)", max_len=200)
        self.chatting = False
        self._sent: Move | None = None
        super().__init__(app, self.view.state)
        self.match = OnlineMatch(self.view)
        self.resign_button = Button("Resign", self.resign)
        self.rematch_button = Button("Rematch", self.rematch, enabled=False)
        self.leave_button = Button("Leave", self.leave)
        self.buttons = [self.skip_button, self.resign_button, self.rematch_button, Button("Save", self.save),
                        self.leave_button]
        if self.view.role != "player":
            self.buttons = [Button("Save", self.save), self.leave_button]
        self.layout_buttons()
        self.update_buttons()

    # -- model ------------------------------------------------------------------------
    @property
    def human_turn(self) -> bool:
        return self.view.my_turn

    def enter(self) -> None:
        if self.view.state is not None and self.view.state.ply > 0:
            return
        super().enter()

    def submit(self, move: Move) -> None:
        if self.session.move(self.code, move):
            self._sent = move
            self.app.sounds.play("select")
        else:
            self.show_toast("Not your move right now.", 3)

    def undo(self) -> None:
        self.show_toast("No undo in online games.", 3)

    def update_buttons(self) -> None:
        super().update_buttons()
        if hasattr(self, "rematch_button"):
            over = self.view.ended is not None
            self.rematch_button.enabled = over and self.view.role == "player"
            self.resign_button.enabled = not over and self.view.status == "playing"

    def resign(self) -> None:
        if self.resign_armed > 0:
            self.session.resign(self.code)
            self.resign_armed = 0
        else:
            self.resign_armed = 3.0
            self.show_toast("Press Resign again within 3 seconds to resign this game.", 3)

    def rematch(self) -> None:
        self.session.rematch(self.code)
        self.show_toast("Rematch offered: waiting for your opponent.", 4)

    def leave(self) -> None:
        self.session.leave(self.code)
        self.app.stack.pop()

    def pause_menu(self) -> None:
        self.show_toast("Leave (bottom right) goes back to the lobby; the game waits for you.", 4)

    def new_game(self) -> None:
        self.rematch()

    # -- frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for note in self.session.pump():
            self.on_note(note)
        super().update(dt)
        if self.refused is not None:
            lot, left = self.refused
            self.refused = (lot, left - dt) if left - dt > 0 else None
        if self.resign_armed > 0:
            self.resign_armed = max(0.0, self.resign_armed - dt)

    def on_note(self, note) -> None:
        if note.match not in (None, self.code):
            # The rematch: open it once the server has seated us and sent its position.
            if note.kind == "synced" and self.view.rematch == note.match:
                from .score import ScoreScene
                if isinstance(self.app.stack.top, ScoreScene):
                    self.app.stack.pop()  # applied at the end of the frame, before the replace
                self.app.stack.replace(OnlineGameScene(self.app, self.session, note.match))
            return
        if note.kind == "moved" and note.step is not None:
            self.after_step(note.step.state.history[-1][1], note.step)
        elif note.kind == "synced":
            self.timeline.finish_all()
            self.show_state(self.view.state, animate=False)
            self._auto_select()
            self.update_buttons()
            if self.view.ended is not None:
                self._game_over()
        elif note.kind == "error":
            self.app.sounds.play("error")
            self.show_toast(note.text, 5)
            pending = note.data.get("code") in ("illegal_move", "stale_state", "not_your_turn")
            last = self._last_sent
            if pending and last is not None and isinstance(last, (Build, Claim)):
                self.refused = (last.lot, 1.2)
        elif note.kind == "ended":
            self.update_buttons()
            if note.data.get("reason") == "resigned":
                winner = note.data.get("winner")
                text = f"{winner.upper()} WINS: THE OTHER PLAYER RESIGNED" if winner else "RESIGNED"
                self.announce(text, "", theme.ACCENT, hold=1.6)
            self.timeline.delay(0.6, self._game_over)
        elif note.kind == "presence":
            who = theme.PLAYER_NAME.get({"black": Player.BLACK, "white": Player.WHITE}.get(note.data.get("seat")), "?")
            state = "is back" if note.data.get("online") else "lost the connection"
            self.show_toast(f"{note.data.get('name', who)} ({who}) {state}.", 3)
        elif note.kind == "chat":
            self.app.sounds.play("hover")
        elif note.kind == "rematch_offer":
            self.show_toast(f"{note.data.get('seat', '?').capitalize()} offers a rematch.", 4)
        elif note.kind == "info":
            self.update_buttons()
            if self.view.status == "playing" and self.state.ply == 0 and not self.timeline.tracks:
                self._announce_turn(first=True)

    @property
    def _last_sent(self) -> Move | None:
        return self._sent

    def after_step(self, move: Move, step) -> None:
        super().after_step(move, step)
        self.update_buttons()

    def _game_over(self) -> None:
        if self.over_shown:
            return
        self.over_shown = True
        from .score import ScoreScene
        self.app.sounds.play("claim")
        head = None
        ended = self.view.ended or {}
        if ended.get("reason") == "resigned":
            w = ended.get("winner")
            head = f"{w.upper()} WINS BY RESIGNATION" if w else "RESIGNED"
        self.app.push(ScoreScene(self.app, self.view.state, on_new_game=self.rematch if self.view.role == "player"
                                 else None, on_save=self.save, new_game_label="Rematch", headline=head))

    # -- input ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.chatting:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.chatting = False
                self.chat_field.active = False
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.session.chat(self.code, self.chat_field.value)
                self.chat_field.value = ""
                self.chatting = False
                self.chat_field.active = False
                return True
            if self.chat_field.handle_event(event) or event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
                return True
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_t and self.view.role == "player":
            self.chatting = True
            self.chat_field.active = True
            return True
        return super().handle_event(event)

    # -- drawing ------------------------------------------------------------------------
    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        if v.status == "waiting":
            return f"ROOM {v.code}: WAITING FOR AN OPPONENT", theme.ACCENT
        text, colour = super().turn_text()
        if v.role != "player":
            return f"WATCHING {v.code}: {text}", theme.ACCENT_2
        if v.state is not None and v.state.to_move is v.seat and v.state.phase is not Phase.OVER:
            return f"YOUR TURN ({theme.PLAYER_NAME[v.seat].upper()})", theme.ACCENT
        return text, colour

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        if v.pending is not None:
            return f"Sent {v.pending[1].text()}: waiting for the server…", theme.ACCENT_2
        if v.status == "waiting":
            return f"Give your friend the room code {v.code}. The game starts when they join.", theme.TEXT
        if v.role != "player" or (v.state is not None and v.state.phase is not Phase.OVER and not v.my_turn):
            names = v.names()
            s = v.state
            if s is not None and s.to_move is not None and v.role == "player":
                return f"{names.get(s.to_move, theme.PLAYER_NAME[s.to_move])} is thinking…  (T: chat)", theme.TEXT_DIM
        return super().status_text()

    def draw_marks(self, surface: pygame.Surface) -> None:
        super().draw_marks(surface)
        geo, boards = self.geo, self.app.boards
        pending = self.view.pending
        if pending is not None and isinstance(pending[1], Build):
            ghost = boards.sprites.get(pending[1].piece, None, geo.lot, self.app.options.colour_blind, ghost=True)
            surface.blit(ghost, geo.lot_rect(pending[1].lot))
        if self.refused is not None:
            surface.blit(boards.mark("bad", geo.lot, theme.BAD), geo.lot_rect(self.refused[0]))

    def draw_extra(self, surface: pygame.Surface) -> None:
        super().draw_extra(surface)
        t, v = self.app.text, self.view
        w = self.size[0]
        if v.status == "waiting":
            box = pygame.Rect(0, 0, int(self.geo.width * 1.1), int(self.geo.lot * 2.6))
            box.center = self.geo.rect.center
            draw_panel(surface, box, glow=theme.ACCENT)
            label = t.render("ROOM CODE", int(self.geo.lot * 0.3), theme.TEXT_DIM, bold=True)
            surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + 10)))
            code = t.shadowed(v.code, int(self.geo.lot * 1.2), theme.ACCENT, (0, 0, 0), 4, bold=True)
            surface.blit(code, code.get_rect(center=(box.centerx, box.centery + 4)))
            vis = "public: listed in the lobby" if v.info.get("public", True) else "private: only the code finds it"
            sub = t.render(f"Waiting for an opponent ({vis})", int(self.geo.lot * 0.24), theme.TEXT)
            surface.blit(sub, sub.get_rect(midbottom=(box.centerx, box.bottom - 8)))
        # names and presence over the panels
        names, online = v.names(), v.online()
        for player, panel in self.panels.items():
            name = names.get(player)
            if name:
                dot = theme.GOOD if online.get(player) else theme.BAD
                img = t.render(name + ("" if online.get(player) else " (offline)"), max(12, panel.header_h // 3),
                               theme.TEXT_DIM)
                y = panel.rect.y + panel.header_h + 3
                pygame.draw.circle(surface, dot, (panel.rect.x + panel.pad + 5, y + img.get_height() // 2), 5)
                surface.blit(img, (panel.rect.x + panel.pad + 16, y))
        # chat lines, over the lower part of the left panel
        if v.chat or self.chatting:
            panel = self.panels[Player.BLACK].rect
            size = max(12, int(self.size[1] * 0.018))
            lines = v.chat[-5:]
            box = pygame.Rect(panel.x + 6, 0, panel.w - 12, (len(lines) + (1 if self.chatting else 0)) * (size + 4) + 12)
            box.bottom = panel.bottom - 6
            draw_panel(surface, box, alpha=220)
            y = box.y + 6
            for who, text in lines:
                img = t.render(f"{who}: {text}"[:80], size, theme.TEXT)
                surface.blit(img, (box.x + 8, y))
                y += size + 4
            if self.chatting:
                img = t.render("> " + self.chat_field.value + "|", size, theme.ACCENT)
                surface.blit(img, (box.x + 8, y))
        # connection banner
        if not self.session.connected or not self.session.welcomed or self.session.net_state != "connected":
            note = self.session.net_note or "Connecting…"
            bar = pygame.Rect(0, self.top_h, w, max(28, self.top_h // 2 + 8))
            pygame.draw.rect(surface, (120, 20, 40), bar)
            img = t.render(note, int(bar.h * 0.55), theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(center=bar.center))
