"""The online match's chrome: everything around a board that comes from the server.

An online match is a local match whose other seats are ``RemoteSeat``s, plus this
chrome: it sends the local player's moves (shown as pending until the server's
``moved``; a refusal flashes with the server's reason), feeds the server's moves and
positions to the match screen, and adds the room code, names with presence, chat (T),
resign (twice), rematch, leave and the connection banner. It knows no game: it talks
to the match screen (any plug-in's) through the small :class:`MatchHost` protocol and
to the game through the contract.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol

import pygame

from .. import theme
from ..online import MatchView, Note, OnlineSession
from ..view.widgets import Button, TextField, draw_panel
from .base import Scene
from .seats import HumanSeat, RemoteSeat, SeatController

REFUSED_FLASH = 1.2  # seconds a refused move stays marked


class MatchHost(Protocol):
    """What a match screen offers its chrome (``client.games.<id>`` screens implement it)."""

    app: Any
    timeline: Any
    geo: Any
    top_h: int
    buttons: list[Button]

    def show_toast(self, text: str, seconds: float = 3.0) -> None: ...
    def announce(self, text: str, sub: str = "", colour=theme.ACCENT, hold: float = 1.2,
                 blocking: bool = True) -> None: ...
    def remote_moved(self, move: Any, before: Any, after: Any) -> None: ...
    def resync(self) -> None: ...
    def match_started(self) -> None: ...
    def update_buttons(self) -> None: ...
    def save(self) -> None: ...
    def seat_panels(self) -> list[tuple[pygame.Rect, int, int]]: ...
    def _game_over(self) -> None: ...


class OnlineChrome:
    """One server match around a match screen (``attach`` ties them together)."""

    no_undo = "No undo in online games."
    pause_note = "Leave (bottom right) goes back to the lobby; the game waits for you."
    new_game_label = "Rematch"

    def __init__(self, session: OnlineSession, code: str) -> None:
        self.session = session
        self.code = code
        self.view: MatchView = session.matches[code]
        self.host: MatchHost | None = None
        self.refused_move: Any = None
        self.refused_left = 0.0
        self.resign_armed = 0.0
        self.chat_field = TextField("Say (Enter to send, Esc to cancel)", max_len=200)
        self.chatting = False
        self._sent: Any = None
        self.resign_button = Button("Resign", self.resign)
        self.rematch_button = Button("Rematch", self.rematch, enabled=False)
        self.leave_button = Button("Leave", self.leave)
        self.invite_button = Button("Copy invite link", self.copy_invite)

    # -- composition --------------------------------------------------------------------
    def attach(self, host: MatchHost) -> None:
        self.host = host

    @property
    def state(self):
        return self.view.state

    @property
    def player(self) -> bool:
        return self.view.role == "player"

    def seats(self) -> list[SeatController]:
        """One controller per seat: us (a person here) where we sit, remote elsewhere."""
        names = self.view.names()
        mine = self.view.seat if self.player else None
        return [HumanSeat(names.get(i, "")) if i == mine else RemoteSeat(names.get(i, ""))
                for i in range(len(self.view.seat_infos()))]

    def buttons(self) -> list[Button]:
        """The chrome's buttons for the bottom bar (the game adds its own in front)."""
        save = Button("Save", lambda: self.host.save())
        if not self.player:
            return [save, self.leave_button]
        return [self.invite_button, self.resign_button, self.rematch_button, save, self.leave_button]

    def update_buttons(self) -> None:
        over = self.view.ended is not None
        self.rematch_button.enabled = over and self.player
        self.resign_button.enabled = not over and self.view.status == "playing"
        self.invite_button.enabled = not over

    def invite_link(self) -> str:
        """The join link for this room on the address others use (``alien-city://...``)."""
        from shared.netkit.links import JoinLink
        server = self.session.public_url or self.session.server or getattr(self.session.net, "url", "")
        return JoinLink(server, self.code).text()

    def copy_invite(self) -> None:
        from ..clipboard import copy_text
        link = self.invite_link()
        copy_text(link)
        self.host.show_toast(f"Copied: {link}", 5)

    def can_move(self) -> bool:
        return self.view.my_turn

    def record_headers(self) -> dict[str, str]:
        return {"Room": self.code}

    @property
    def pending(self) -> Any:
        """The move sent and not yet answered (drawn as a ghost by the game)."""
        return self.view.pending[1] if self.view.pending is not None else None

    @property
    def refused(self) -> Any:
        """The move the server just refused (drawn marked for a moment)."""
        return self.refused_move if self.refused_left > 0 else None

    def seat_label(self, seat: int | None) -> str:
        infos = self.view.seat_infos()
        return infos[seat].label if seat is not None and 0 <= seat < len(infos) else "?"

    # -- actions -------------------------------------------------------------------------
    def submit(self, move: Any) -> bool:
        if self.session.move(self.code, move):
            self._sent = move
            return True
        return False

    def resign(self) -> None:
        if self.resign_armed > 0:
            self.session.resign(self.code)
            self.resign_armed = 0
        else:
            self.resign_armed = 3.0
            self.host.show_toast("Press Resign again within 3 seconds to resign this game.", 3)

    def rematch(self) -> None:
        self.session.rematch(self.code)
        self.host.show_toast("Rematch offered: waiting for your opponent.", 4)

    def new_game_action(self) -> Callable[[], None] | None:
        """The score screen's "Rematch" (players only)."""
        return self.rematch if self.player else None

    def headline(self) -> str | None:
        ended = self.view.ended or {}
        if ended.get("reason") != "resigned":
            return None
        w = ended.get("winner")
        return f"{str(w).upper()} WINS BY RESIGNATION" if w else "RESIGNED"

    def leave(self) -> None:
        self.session.leave(self.code)
        self.host.app.stack.pop()

    # -- frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for note in self.session.pump():
            self.on_note(note)
        self.refused_left = max(0.0, self.refused_left - dt)
        self.resign_armed = max(0.0, self.resign_armed - dt)

    def on_note(self, note: Note) -> None:
        host = self.host
        if note.match not in (None, self.code):
            # The rematch: open it once the server has seated us and sent its position.
            if note.kind == "synced" and self.view.rematch == note.match:
                if getattr(host.app.stack.top, "freeze_below", True) is False:
                    host.app.stack.pop()  # the score show: applied before the replace
                host.app.stack.replace(open_match(host.app, self.session, note.match))
            return
        if note.kind == "moved" and note.before is not None:
            host.remote_moved(note.move, note.before, note.after)
            host.update_buttons()
        elif note.kind == "synced":
            host.resync()
            if self.view.ended is not None:
                host._game_over()
        elif note.kind == "error":
            host.app.sounds.play("error")
            host.show_toast(note.text, 5)
            if note.data.get("code") in ("illegal_move", "stale_state", "not_your_turn") and self._sent is not None:
                self.refused_move, self.refused_left = self._sent, REFUSED_FLASH
        elif note.kind == "ended":
            host.update_buttons()
            if note.data.get("reason") == "resigned":
                winner = note.data.get("winner")
                text = f"{winner.upper()} WINS: THE OTHER PLAYER RESIGNED" if winner else "RESIGNED"
                host.announce(text, "", theme.ACCENT, hold=1.6)
            host.timeline.delay(0.6, host._game_over)
        elif note.kind == "presence":
            who = self.seat_label(self.view.seat_index(note.data.get("seat")))
            state = "is back" if note.data.get("online") else "lost the connection"
            host.show_toast(f"{note.data.get('name', who)} ({who}) {state}.", 3)
        elif note.kind == "chat":
            host.app.sounds.play("hover")
        elif note.kind == "rematch_offer":
            host.show_toast(f"{str(note.data.get('seat', '?')).capitalize()} offers a rematch.", 4)
        elif note.kind == "info":
            host.update_buttons()
            if self.view.status == "playing":
                host.match_started()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Chat typing (T opens it); everything else goes on to the board."""
        if self.chatting:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.chatting = self.chat_field.active = False
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.session.chat(self.code, self.chat_field.value)
                self.chat_field.value = ""
                self.chatting = self.chat_field.active = False
                return True
            return self.chat_field.handle_event(event) or event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t and self.player:
            self.chatting = self.chat_field.active = True
            self.chat_field.ignore_next_text("t")  # the T that opened the chat is not typed
            return True
        return False

    # -- words ---------------------------------------------------------------------------
    def turn_text(self, text: str, colour) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        if v.status == "waiting":
            return f"ROOM {v.code}: WAITING FOR AN OPPONENT", theme.ACCENT
        if not self.player:
            return f"WATCHING {v.code}: {text}", theme.ACCENT_2
        s = v.state
        if s is not None and s.to_move is not None and s.to_move == v.seat and not s.is_over():
            return f"YOUR TURN ({self.seat_label(v.seat).upper()})", theme.ACCENT
        return text, colour

    def status_text(self) -> tuple[str, tuple[int, int, int]] | None:
        """The chrome's line for the bottom bar, or None to let the game speak."""
        v = self.view
        if v.pending is not None:
            return f"Sent {v.spec.move_text(v.pending[1])}: waiting for the server…", theme.ACCENT_2
        if v.status == "waiting":
            return f"Give your friend the room code {v.code}. The game starts when they join.", theme.TEXT
        away = v.away_text()
        if away:
            return away, theme.ACCENT
        s = v.state
        if self.player and s is not None and not s.is_over() and not v.my_turn and s.to_move is not None:
            name = v.names().get(s.to_move) or self.seat_label(s.to_move)
            return f"{name} is thinking…  (T: chat)", theme.TEXT_DIM
        return None

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        host, t, v = self.host, self.host.app.text, self.view
        board = host.geo.rect
        unit = max(8, board.w // 8)  # the text scale: an eighth of the board's width
        if v.status == "waiting":
            self._draw_room_code(surface, board, unit)
        names, online = v.names(), v.online()
        for seat, (rect, header_h, pad) in enumerate(host.seat_panels()):
            name = names.get(seat)
            if name:
                dot = theme.GOOD if online.get(seat) else theme.BAD
                free = name == "(free seat)"  # nobody to be offline
                img = t.render(name + ("" if online.get(seat) or free else " (offline)"), max(12, header_h // 3),
                               theme.TEXT_DIM)
                y = rect.y + header_h + 3
                pygame.draw.circle(surface, dot, (rect.x + pad + 5, y + img.get_height() // 2), 5)
                surface.blit(img, (rect.x + pad + 16, y))
        if v.chat or self.chatting:
            self._draw_chat(surface, host.seat_panels()[0][0])
        if not self.session.connected or not self.session.welcomed or self.session.net_state != "connected":
            note = self.session.net_note or "Connecting…"
            bar = pygame.Rect(0, host.top_h, surface.get_width(), max(28, host.top_h // 2 + 8))
            pygame.draw.rect(surface, (120, 20, 40), bar)
            img = t.render(note, int(bar.h * 0.55), theme.TEXT, bold=True)
            surface.blit(img, img.get_rect(center=bar.center))

    def _draw_room_code(self, surface: pygame.Surface, board: pygame.Rect, unit: int) -> None:
        t, v = self.host.app.text, self.view
        box = pygame.Rect(0, 0, int(board.w * 1.1), int(unit * 2.6))
        box.center = board.center
        draw_panel(surface, box, glow=theme.ACCENT)
        label = t.render("ROOM CODE", int(unit * 0.3), theme.TEXT_DIM, bold=True)
        surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + 10)))
        code = t.shadowed(v.code, int(unit * 1.2), theme.ACCENT, (0, 0, 0), 4, bold=True)
        surface.blit(code, code.get_rect(center=(box.centerx, box.centery + 4)))
        vis = "public: listed in the lobby" if v.info.get("public", True) else "private: only the code finds it"
        sub = t.render(f"Waiting for an opponent ({vis})", int(unit * 0.24), theme.TEXT)
        surface.blit(sub, sub.get_rect(midbottom=(box.centerx, box.bottom - 8)))
        if self.session.public_url:  # hosting: where the others connect
            where = t.render(f"Others connect to {self.session.public_url} (or Games on your network)",
                             int(unit * 0.24), theme.ACCENT_2)
            surface.blit(where, where.get_rect(midtop=(box.centerx, box.bottom + 6)))

    def _draw_chat(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The last chat lines over the lower part of the first seat's panel."""
        t = self.host.app.text
        size = max(12, int(surface.get_height() * 0.018))
        lines = self.view.chat[-5:]
        box = pygame.Rect(panel.x + 6, 0, panel.w - 12, (len(lines) + (1 if self.chatting else 0)) * (size + 4) + 12)
        box.bottom = panel.bottom - 6
        draw_panel(surface, box, alpha=220)
        y = box.y + 6
        for who, text in lines:
            surface.blit(t.render(f"{who}: {text}"[:80], size, theme.TEXT), (box.x + 8, y))
            y += size + 4
        if self.chatting:
            surface.blit(t.render("> " + self.chat_field.value + "|", size, theme.ACCENT), (box.x + 8, y))


def open_match(app, session: OnlineSession, code: str) -> Scene:
    """The match screen for a server match we have joined: its game's plug-in, composed
    with our seat, remote seats and this chrome."""
    view = session.matches[code]
    plugin = app.games.get(view.spec.id)
    chrome = OnlineChrome(session, code)
    return plugin.make_board(app, view.state, chrome.seats(), chrome=chrome)
