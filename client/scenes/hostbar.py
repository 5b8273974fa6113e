"""The line on the title screen while the server of "Host a game on this computer" still
runs after its host went back to the title: "You are hosting a server on port 8765: 2
players connected", and a Stop button (with the warning of :class:`~.host.CloseHostScene`
when players are connected: their matches are saved and go on when the server is hosted
again).

The count comes from the server's health page, read on a thread every few seconds (the
game loop never waits on it); stopping runs on a thread too (the server saves first).
"""

from __future__ import annotations

import threading
import time
from urllib.parse import urlsplit

import pygame

from shared.i18n import domain

from .. import theme
from ..view.widgets import Button, draw_panel

_, N_, ngettext, pgettext = domain("online")

ASK_EVERY = 3.0  # seconds between looks at the health page


class HostBar:
    """The hosted server's line and its Stop button (drawn by the title screen)."""

    def __init__(self, app) -> None:
        self.app = app
        # TRANSLATORS: stop the server this computer hosts (a button on the title screen).
        self.stop_button = Button(N_("Stop the server"), self.stop, tr=_)
        self.others: int | None = None  # players connected (None: not known yet)
        self.stopping = False
        self._asked = 0.0
        self._asking = False
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def hosting(self):
        hosting = self.app.hosting
        return hosting if hosting is not None and hosting.running else None

    def port(self) -> str:
        hosting = self.hosting
        return str(urlsplit(hosting.url).port or "") if hosting is not None else ""

    # -- the count ---------------------------------------------------------------------
    def update(self) -> None:
        """Ask the server how many are connected (now and then, on a thread)."""
        hosting = self.hosting
        if hosting is None or self._asking or time.monotonic() - self._asked < ASK_EVERY:
            return
        self._asking, self._asked = True, time.monotonic()

        def ask() -> None:
            try:
                others = hosting.others_connected()
                if others is not None:  # no answer this time: the last count stands
                    self.others = others
            finally:
                self._asking = False
        threading.Thread(target=ask, name="host-count", daemon=True).start()

    # -- stopping ----------------------------------------------------------------------
    def stop(self) -> None:
        """Stop now when nobody is connected; else warn first (a second press stops)."""
        hosting = self.hosting
        if hosting is None or self.stopping:
            return
        others = hosting.others_connected()
        if (others is None or others > 0) and not hosting.confirmed_close:
            from .host import CloseHostScene
            self.app.push(CloseHostScene(self.app, others, on_confirm=self.stop_now))
            return
        self.stop_now()

    def stop_now(self) -> None:
        hosting = self.hosting
        if hosting is None:
            return
        self.stopping = True

        def stop() -> None:
            try:
                hosting.stop()  # SIGTERM: clients told, every match saved
            finally:
                if self.app.hosting is hosting:
                    self.app.hosting = None
                self.stopping = False
        threading.Thread(target=stop, name="host-stop", daemon=True).start()

    # -- words and drawing -------------------------------------------------------------
    def text(self) -> str:
        if self.stopping:
            return _("Stopping the server (saving its matches)…")
        port = self.port()
        if self.others is None:
            return _("You are hosting a server on port {port}.").format(port=port)
        return ngettext("You are hosting a server on port {port}: {n} player connected.",
                        "You are hosting a server on port {port}: {n} players connected.",
                        self.others).format(port=port, n=self.others)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.hosting is None or self.stopping:
            return False
        return self.stop_button.handle_event(event)

    @staticmethod
    def height(window_h: int) -> int:
        """The line's height in a window ``window_h`` tall (the title keeps room for it)."""
        return max(26, int(max(13, int(window_h * 0.024)) * 1.9)) + 12

    def draw(self, surface: pygame.Surface, bottom: int) -> None:
        """The line, centred, its bottom at ``bottom``; nothing when no server runs."""
        if self.hosting is None:
            return
        t, (w, h) = self.app.text, surface.get_size()
        size = max(13, int(h * 0.024))
        bh = self.height(h) - 12
        words = self.text()
        bw = min(max(140, t.font(size).size(_(self.stop_button.label))[0] + 32), w // 3)
        room = min(w - 40, t.font(size).size(words)[0] + bw + 48)
        self.rect = pygame.Rect(0, 0, room, bh + 12)
        self.rect.midbottom = (w // 2, bottom)
        draw_panel(surface, self.rect, glow=theme.ACCENT_2)
        img = t.fitted(words, size, theme.TEXT, room - bw - 40)
        surface.blit(img, img.get_rect(midleft=(self.rect.x + 14, self.rect.centery)))
        self.stop_button.rect = pygame.Rect(self.rect.right - bw - 8, self.rect.y + 6, bw, bh)
        self.stop_button.enabled = not self.stopping
        self.stop_button.draw(surface, t)
