"""The lobby: public matches listed live, create a match (rules, seat, public or
private), quick pairing, join or watch by room code. Opens the match screen once the
server has seated us and sent the position."""

from __future__ import annotations

import pygame

from .. import theme
from ..online import OnlineSession
from ..view.widgets import Button, TextField, draw_panel
from .base import Scene

SEAT_CHOICES = ("random", "black", "white")


class LobbyScene(Scene):
    def __init__(self, app, session: OnlineSession, mode: str = "play", net=None) -> None:
        super().__init__(app)
        self.session = session
        self.net = net
        self.mode = mode
        self.selected: str | None = None
        self.seat = 0
        self.public = True
        self.code = TextField("Room code", "", max_len=12)
        self.message = ""
        self.waiting_for: str | None = None  # a match we joined, until its first sync
        self.create_button = Button("Create match", self.create)
        self.seat_button = Button("Seat: random", self.cycle_seat)
        self.public_button = Button("Public", self.toggle_public)
        self.quick_button = Button("Quick match", self.quick)
        self.join_button = Button("Join", lambda: self.join(False))
        self.watch_button = Button("Watch", lambda: self.join(True))
        self.back = Button("Back", self.close, key=pygame.K_ESCAPE)
        self.buttons = [self.create_button, self.seat_button, self.public_button, self.quick_button,
                        self.join_button, self.watch_button, self.back]
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.resize(app.size)

    def enter(self) -> None:
        self.session.watch_lobby(True)

    def resume(self) -> None:
        self.session.watch_lobby(True)
        self.waiting_for = None

    def exit(self) -> None:
        if self.net is not None:
            self.net.close()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.list_box = pygame.Rect(int(w * 0.04), int(h * 0.15), int(w * 0.56), int(h * 0.7))
        self.side = pygame.Rect(self.list_box.right + int(w * 0.03), self.list_box.y,
                                w - self.list_box.right - int(w * 0.07), self.list_box.h)
        bh = max(36, int(h * 0.055))
        x, bw = self.side.x + 20, self.side.w - 40
        y = self.side.y + bh
        self.seat_button.rect = pygame.Rect(x, y, bw // 2 - 5, bh)
        self.public_button.rect = pygame.Rect(x + bw // 2 + 5, y, bw // 2 - 5, bh)
        self.create_button.rect = pygame.Rect(x, y + bh + 12, bw, bh)
        self.quick_button.rect = pygame.Rect(x, y + 2 * (bh + 12), bw, bh)
        self.code.rect = pygame.Rect(x, y + 3 * (bh + 12) + bh, bw, bh)
        self.join_button.rect = pygame.Rect(x, self.code.rect.bottom + 12, bw // 2 - 5, bh)
        self.watch_button.rect = pygame.Rect(x + bw // 2 + 5, self.code.rect.bottom + 12, bw // 2 - 5, bh)
        self.back.rect = pygame.Rect(self.list_box.x, h - bh - int(h * 0.04), max(160, int(w * 0.12)), bh)
        self.row_h = max(34, int(h * 0.055))

    # -- actions ------------------------------------------------------------------------
    def cycle_seat(self) -> None:
        self.seat = (self.seat + 1) % len(SEAT_CHOICES)
        self.seat_button.label = f"Seat: {SEAT_CHOICES[self.seat]}"

    def toggle_public(self) -> None:
        self.public = not self.public
        self.public_button.label = "Public" if self.public else "Private"

    def create(self) -> None:
        o = self.app.options
        self.session.create(o.edition, o.location_bonus, SEAT_CHOICES[self.seat], self.public)
        self.message = "Creating a match…"

    def quick(self) -> None:
        self.session.quick()
        self.message = "Looking for an opponent…"

    def join(self, spectator: bool) -> None:
        code = self.code.value.strip().upper().replace(" ", "").replace("-", "") or self.selected
        if not code:
            self.message = "Type a room code, or pick a match from the list."
            return
        self.session.join(code, spectator or self.mode == "watch" and not self.code.value)
        self.message = f"Joining {code}…"

    def close(self) -> None:
        self.app.stack.pop()

    # -- frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        for note in self.session.pump():
            if note.kind == "joined":
                self.waiting_for = note.match
            elif note.kind == "synced" and note.match == self.waiting_for:
                from .online_game import OnlineGameScene
                self.waiting_for = None
                self.message = ""
                self.app.push(OnlineGameScene(self.app, self.session, note.match))
            elif note.kind == "error":
                self.message = note.text
                self.app.sounds.play("error")
        self.rows = []
        y = self.list_box.y + 56
        for code in sorted(self.session.lobby):
            if y + self.row_h > self.list_box.bottom - 8:
                break
            self.rows.append((code, pygame.Rect(self.list_box.x + 10, y, self.list_box.w - 20, self.row_h - 6)))
            y += self.row_h

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.code.handle_event(event):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.join(self.mode == "watch")
            return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for code, rect in self.rows:
                if rect.collidepoint(event.pos):
                    if self.selected == code:
                        self.join(self.mode == "watch")
                    self.selected = code
                    return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.app.text
        w, h = self.size
        surface.blit(app.background(self.size), (0, 0))
        head = "LOBBY" if self.mode == "play" else "WATCH A GAME"
        title = t.shadowed(head, int(h * 0.065), theme.ACCENT, (120, 30, 80), 3, bold=True)
        surface.blit(title, title.get_rect(center=(w // 2, int(h * 0.07))))
        s = self.session
        status = f"{s.name} on {getattr(self.net, 'url', '')}" if s.welcomed else (s.net_note or "Connecting…")
        colour = theme.GOOD if s.connected and s.welcomed else theme.BAD
        img = t.render(status, max(13, int(h * 0.022)), colour)
        surface.blit(img, img.get_rect(center=(w // 2, int(h * 0.12))))
        draw_panel(surface, self.list_box)
        size = max(13, int(self.row_h * 0.42))
        surface.blit(t.render("PUBLIC MATCHES (click to pick, click again to join)", size, theme.TEXT_DIM, bold=True),
                     (self.list_box.x + 16, self.list_box.y + 16))
        if not self.rows:
            surface.blit(t.render("None open right now: create one!", size, theme.TEXT_DIM),
                         (self.list_box.x + 16, self.list_box.y + 60))
        for code, rect in self.rows:
            info = s.lobby.get(code, {})
            if code == self.selected:
                pygame.draw.rect(surface, (50, 56, 116), rect, border_radius=8)
                pygame.draw.rect(surface, theme.ACCENT_2, rect, 2, border_radius=8)
            players = " vs ".join((p.get("name") or "(free)") for p in info.get("players", []))
            line = f"{code}   {info.get('ruleset', '')}   {players}   {info.get('status', '')}"
            if info.get("spectators"):
                line += f"   {info['spectators']} watching"
            surface.blit(t.render(line, size, theme.TEXT), (rect.x + 12, rect.centery - size // 2))
        draw_panel(surface, self.side)
        o = app.options
        rules = f"New match: {o.edition} rules{', location bonus' if o.location_bonus else ''} (see Options)"
        surface.blit(t.render(rules, max(12, int(h * 0.02)), theme.TEXT_DIM), (self.side.x + 20, self.side.y + 14))
        blink = int(app.clock_time * 2) % 2 == 0
        self.code.draw(surface, t, blink)
        for b in self.buttons:
            b.draw(surface, t)
        if self.message:
            y = self.join_button.rect.bottom + 20
            for line in t.wrap(self.message, max(13, int(h * 0.022)), self.side.w - 40)[:4]:
                surface.blit(t.render(line, max(13, int(h * 0.022)), theme.ACCENT), (self.side.x + 20, y))
                y += int(h * 0.03)
