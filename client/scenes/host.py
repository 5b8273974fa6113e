""""Host a game on this computer": start the match server (``client.hosting``: a child
process, matches in the user's data folder, announced on the LAN), then open the lobby
on it, which shows the address others use; Create match shows the room code and offers
"Copy invite link". Quitting the client stops the server, first warning when other
players are connected (:class:`CloseHostScene`)."""

from __future__ import annotations

import threading

import pygame

from shared.i18n import domain

from .. import theme
from ..view.form import draw_backdrop
from ..view.widgets import Button, ButtonColumn, draw_panel
from .base import Scene
from .online import player_name

_, N_, ngettext, pgettext = domain("online")


class HostScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.message = N_("Starting the match server…")  # a key, translated where drawn
        self.error = ""  # why the server could not start (the system's words)
        self.failed = False
        self._result: list = []
        self.back = Button(N_("Back"), self.close, key=pygame.K_ESCAPE, tr=_)
        self.resize(app.size)

    def enter(self) -> None:
        hosting = self.app.hosting
        if hosting is not None and hosting.running:
            self._result.append(hosting)
            return
        # TRANSLATORS: the hosted server's name, as others see it in Games on your network.
        name = _("{name}'s game").format(name=player_name(self.app))

        def start() -> None:
            from ..hosting import Hosting
            try:
                self._result.append(Hosting.start(name))
            except Exception as exc:  # noqa: BLE001 - shown to the person, not raised
                self._result.append(exc)
        threading.Thread(target=start, name="host-start", daemon=True).start()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.box = pygame.Rect(int(w * 0.2), int(h * 0.3), int(w * 0.6), int(h * 0.3))
        bh = max(38, int(h * 0.06))
        self.back.rect = pygame.Rect(self.box.x + 30, self.box.bottom - bh - 20, max(160, int(w * 0.12)), bh)

    def close(self) -> None:
        self.app.stack.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self._result or self.failed:
            return
        result = self._result[0]
        if isinstance(result, Exception):
            self.failed = True
            self.message, self.error = N_("The server could not start: {error}"), str(result)
            return
        self.app.hosting = result
        from ..connect import open_lobby
        lobby = open_lobby(self.app, result.url, player_name(self.app), "play", public_url=result.public_url)
        self._result.clear()
        self.failed = True  # done: the lobby replaces this screen
        return lobby

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.back.handle_event(event)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        t, h = self.app.text, self.size[1]
        draw_backdrop(surface, self.app, _("HOST A GAME"))
        draw_panel(surface, self.box)
        y = self.box.y + 24
        message = _(self.message).format(error=self.error)
        for line in t.wrap(message, max(14, int(h * 0.026)), self.box.w - 60)[:4]:
            surface.blit(t.render(line, max(14, int(h * 0.026)), theme.TEXT), (self.box.x + 30, y))
            y += int(h * 0.036)
        self.back.draw(surface, t)


def may_close(app) -> bool:
    """Quitting while hosting: True when the server may stop now; else a warning is shown
    (players connected) and a second confirmation quits."""
    hosting = app.hosting
    if hosting is None or not hosting.running or hosting.confirmed_close:
        return True
    if isinstance(app.stack.top, CloseHostScene):
        return False  # already asking
    # each of our connections once: the lobby and the match screen above it share one
    own = len({id(s) for s in (scene.server_session() for scene in app.stack.scenes)
               if s is not None and s.server == hosting.url and s.connected})
    others = hosting.others_connected(own)
    if others is not None and others <= 0:
        return True
    app.push(CloseHostScene(app, others))
    return False


class CloseHostScene(Scene):
    """"2 players are connected to your server" (or: it did not say): quit anyway (their
    matches are saved) or stay. With ``on_confirm`` (the title's Stop) it stops the server
    and the client stays."""

    opaque = False
    modal = True

    def __init__(self, app, others: int | None, on_confirm=None) -> None:
        self.others = others
        self.on_confirm = on_confirm
        confirm = (Button(N_("Stop the server"), self.confirm, tr=_) if on_confirm is not None
                   else Button(N_("Close the server and quit"), self.quit, tr=_))
        # TRANSLATORS: do not quit (the server keeps running).
        self.menu = ButtonColumn([Button(N_("Stay"), self.close, tr=_), confirm])
        super().__init__(app)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        row = max(40, int(size[1] * 0.06))
        self.box = pygame.Rect(0, 0, max(420, int(size[0] * 0.46)), row * 6)
        self.box.center = (size[0] // 2, size[1] // 2)
        self.menu.layout(self.box.centerx, self.box.y + row * 3, self.box.w - row * 2, row, row // 3)

    def close(self) -> None:
        self.app.stack.pop()

    def quit(self) -> None:
        self.app.hosting.confirmed_close = True
        self.app.quit()

    def confirm(self) -> None:
        self.app.stack.pop()
        self.on_confirm()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.menu.handle_modal(event, self.close)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 10, 160))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, glow=theme.BAD)
        t, h = self.app.text, self.size[1]
        n = self.others
        lines = [_("The server you host did not say who is connected to it: others may be.")
                 if n is None else
                 ngettext("{n} player is connected to the server you host.",
                          "{n} players are connected to the server you host.", n).format(n=n),
                 _("Quitting closes it: their games are saved and go on when you host again.")
                 if self.on_confirm is None else
                 _("Stopping it: their games are saved and go on when you host again.")]
        y = self.box.y + 20
        for line in lines:
            for part in t.wrap(line, max(14, int(h * 0.024)), self.box.w - 40):
                surface.blit(t.render(part, max(14, int(h * 0.024)), theme.TEXT), (self.box.x + 20, y))
                y += int(h * 0.032)
        self.menu.draw(surface, t)
