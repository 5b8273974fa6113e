""""Games on your network": the servers heard on the LAN (``client.lan.LanBrowser``,
UDP beacons on port 8766) with their name, games waiting, players and ping, updated
live; a click on one connects to it and opens its lobby, and "Host a game on this
computer" starts one here (the title's one door to the network). Where it listens is a setting
(``ALIEN_CITY_LAN_ADDRESS``/``ALIEN_CITY_LAN_PORT``, see ``client.hosting``) so tests
stay on loopback."""

from __future__ import annotations

from typing import Protocol

import pygame

from shared.i18n import domain

from .. import theme
from ..view.form import draw_backdrop, draw_focus
from ..view.widgets import Button, draw_panel
from .base import Scene
from .online import player_name

_, N_, ngettext, pgettext = domain("online")

# The list's columns: heading and where it starts (a share of the row's width).
COLUMNS = ((N_("SERVER (click to join)"), 0.0), (N_("GAMES"), 0.47), (N_("PLAYERS"), 0.6), (N_("PING"), 0.73),
           (N_("ADDRESS"), 0.88))


class ServerList(Protocol):
    """What the screen asks of the LAN listener (:class:`client.lan.LanBrowser`)."""

    port: int             # the UDP port it listens on
    error: str | None     # why it cannot listen (None: it can)

    def servers(self) -> list: ...
    def close(self) -> None: ...


class LanGamesScene(Scene):
    def __init__(self, app, browser: ServerList | None = None) -> None:
        super().__init__(app)
        self.browser = browser
        self.rows: list[tuple[object, pygame.Rect]] = []
        self.hover: int | None = None
        self.back = Button(N_("Back"), self.close, key=pygame.K_ESCAPE, tr=_)
        # H hosts from the keyboard (Enter joins the server in focus)
        self.host_button = Button(N_("Host a game on this computer"), self.host, key=pygame.K_h,
                                  tr=lambda label: _(label) + " (H)", accent=theme.ACCENT)
        self.resize(app.size)

    def enter(self) -> None:
        if self.browser is None:
            from ..hosting import lan_listen_address, lan_port
            from ..lan import LanBrowser
            self.browser = LanBrowser(lan_listen_address(), lan_port()).start()

    def exit(self) -> None:
        if self.browser is not None:
            self.browser.close()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.box = pygame.Rect(int(w * 0.1), int(h * 0.16), int(w * 0.8), int(h * 0.66))
        bh = max(38, int(h * 0.06))
        self.back.rect = pygame.Rect(self.box.x, self.box.bottom + int(h * 0.03), max(160, int(w * 0.12)), bh)
        self.host_button.rect = pygame.Rect(self.back.rect.right + 14, self.back.rect.y,
                                            self.box.right - self.back.rect.right - 14, bh)
        self.row_h = max(40, int(h * 0.07))

    def close(self) -> None:
        self.app.stack.pop()

    def host(self) -> None:
        """Host here: the hosting screen takes this one's place, so leaving its lobby
        comes back to the title as before."""
        from .host import HostScene
        self.app.stack.replace(HostScene(self.app))

    def servers(self) -> list:
        return self.browser.servers() if self.browser is not None else []

    def join(self, server) -> None:
        from ..connect import open_lobby
        open_lobby(self.app, server.url, player_name(self.app), "play")

    def update(self, dt: float) -> None:
        super().update(dt)
        self.rows = []
        y = self.box.y + 70
        for server in self.servers():
            if y + self.row_h > self.box.bottom - 10:
                break
            self.rows.append((server, pygame.Rect(self.box.x + 14, y, self.box.w - 28, self.row_h - 8)))
            y += self.row_h

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back.handle_event(event) or self.host_button.handle_event(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, (_server, r) in enumerate(self.rows) if r.collidepoint(event.pos)), None)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for server, rect in self.rows:
                if rect.collidepoint(event.pos):
                    self.join(server)
                    return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.rows:
            self.join(self.rows[self.hover or 0][0])
        return True

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.text
        draw_backdrop(surface, self.app, _("GAMES ON YOUR NETWORK"))
        draw_panel(surface, self.box)
        size = max(14, int(self.row_h * 0.36))
        inner = self.box.w - 28
        for i, (text, x) in enumerate(COLUMNS):
            room = int(inner * ((COLUMNS[i + 1][1] if i + 1 < len(COLUMNS) else 1.0) - x)) - 12
            surface.blit(t.fitted(_(text), max(12, int(size * 0.8)), theme.TEXT_DIM, room, bold=True),
                         (self.box.x + 26 + int(inner * x), self.box.y + 24))
        browser = self.browser
        error = browser.error if browser is not None else None
        if error:
            for i, line in enumerate(t.wrap(error, size, self.box.w - 52)[:3]):
                surface.blit(t.render(line, size, theme.BAD), (self.box.x + 26, self.box.y + 70 + i * (size + 10)))
        elif not self.rows:
            dots = "." * (1 + int(self.app.clock_time * 2) % 3)
            text = (_("Listening for games on your network") + dots + "\n"
                    + _("A game appears here when someone picks Host a game on this computer "
                        "(or runs alien-city serve --lan). Firewalls must let UDP port {port} in.").format(
                        port=browser.port if browser is not None else 8766))
            for i, line in enumerate(t.wrap(text, size, self.box.w - 52)[:6]):
                surface.blit(t.render(line, size, theme.TEXT_DIM), (self.box.x + 26, self.box.y + 70 + i * (size + 10)))
        for i, (server, rect) in enumerate(self.rows):
            if i == self.hover:
                draw_focus(surface, rect, 8)
            b = server.beacon
            ping = _("{ms} ms").format(ms=f"{server.ping_ms:.0f}") if server.ping_ms is not None else "…"
            cols = ((b.name, 0.0), (ngettext("{n} waiting", "{n} waiting", b.waiting).format(n=b.waiting), 0.47),
                    (ngettext("{n} player", "{n} players", b.players).format(n=b.players), 0.6), (ping, 0.73))
            for j, (text, x) in enumerate(cols):
                room = int(rect.w * ((cols[j + 1][1] if j + 1 < len(cols) else 0.88) - x)) - 12
                img = t.fitted(text, size, theme.TEXT, room)
                surface.blit(img, (rect.x + 12 + int(rect.w * x), rect.centery - img.get_height() // 2))
            addr = t.render(server.url, max(11, int(size * 0.7)), theme.TEXT_DIM)
            surface.blit(addr, (rect.right - addr.get_width() - 12, rect.centery - addr.get_height() // 2))
        self.back.draw(surface, t)
        self.host_button.draw(surface, t)
