"""The match clocks on the seat panels of an online match (``OnlineChrome`` draws them):
each seat's time at the right end of its name line, the running one lit, a low clock
in the warning colour, and our own low clock ticking audibly (the app's ``tick``).

Why here and not in each game's screen: the clocks are the server's, like the names the
chrome already draws on the same panels, so every game gets them without a line of its own.
"""

from __future__ import annotations

import time

import pygame

from shared.i18n import domain

from .. import theme
from ..clockview import LOW_MS, TICK_MS
from ..matchview import MatchView

_, N_, ngettext, pgettext = domain("online")


class ClockPane:
    """Draws a match's clocks and sounds our low-time warning."""

    def __init__(self, view: MatchView) -> None:
        self.view = view
        self._warned_at: int | None = None  # the whole second we last ticked at

    def warn(self, sounds) -> bool:
        """Tick once when our clock drops under the warning line, then each second under
        ten seconds; True when it ticked (tests)."""
        v = self.view
        if v.seat is None or v.role != "player" or not v.clock.timed or v.clock.correspondence \
                or v.ended is not None:
            return False
        left = v.clock.left_ms(v.seat_names(), v.seat, time.monotonic())
        if left is None or left >= LOW_MS or v.clock.wire.get("running") != v.seat_name:
            self._warned_at = None
            return False
        second = left // 1000
        due = self._warned_at is None or (left < TICK_MS and second < self._warned_at)
        if due:
            self._warned_at = second
            sounds.play("tick", 0.6)
        return due

    def reserved(self, rect: pygame.Rect) -> int:
        """The width the clock takes at the right of a seat's name line (0: untimed)."""
        return int(rect.w * 0.45) if self.view.clock.timed else 0

    def draw(self, surface: pygame.Surface, text, panels: list[tuple[pygame.Rect, int, int]]) -> None:
        """Each clock at the right end of its seat's name line (under the seat's header)."""
        v = self.view
        for shown in v.clock.shown(v.seat_names(), time.monotonic()):
            if shown.seat >= len(panels) or not (shown.text or shown.out):
                continue
            rect, header_h, pad = panels[shown.seat]
            words = _("out of time") if shown.out else shown.text
            size = max(12, int(header_h * 0.36))
            colour = theme.BAD if shown.low or shown.out else theme.TEXT if shown.running else theme.TEXT_DIM
            img = text.fitted(words, size, colour, self.reserved(rect) - 14, bold=shown.running)
            middle = rect.y + header_h + 3 + max(12, header_h // 3) // 2 + 2
            box = img.get_rect(midright=(rect.right - pad - 6, middle))
            back = box.inflate(12, 4)
            pygame.draw.rect(surface, (10, 12, 30), back, border_radius=6)
            if shown.running:
                pygame.draw.rect(surface, theme.BAD if shown.low else theme.ACCENT, back, 2, border_radius=6)
            surface.blit(img, box)
