"""The online match's chat pane and who watches: a part of the match chrome.

The pane sits at the bottom of the first seat's panel. Its header ("Chat (T)") opens and
closes it with a click; closed, it is that one line plus a mark counting the lines that
came meanwhile. Open, it shows the history the server keeps for the match (its ``sync``
brings it back after a reconnection), each line with its time, scrolled with the mouse
wheel over it or Page Up/Page Down while typing; a line at the top says there is more
above, one at the bottom how many new lines are below. Players type after T (Enter sends,
Esc stops); spectators read only, and T opens or closes the pane for them. Under the
header: how many watch and their names (``spectator_names`` of the match info).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from shared.i18n import domain

from .. import theme
from ..view.widgets import TextField, draw_panel

if TYPE_CHECKING:
    from .chrome import OnlineChrome

_, N_, ngettext, pgettext = domain("online")

SCROLL_KEYS = {pygame.K_PAGEUP: 3, pygame.K_PAGEDOWN: -3}


def text_size(window_h: int) -> int:
    """The pane's text size for a window ``window_h`` pixels tall."""
    return max(12, int(window_h * 0.018))


def closed_height(window_h: int) -> int:
    """The closed pane's height (its one title row), as :meth:`ChatPane.draw` makes it: a
    screen whose panels are full keeps this much free under the first one."""
    return text_size(window_h) + 4 + 12


def clock(t: Any) -> str:
    """A chat line's time as the player's clock shows it ("" when the server gave none)."""
    if isinstance(t, bool) or not isinstance(t, (int, float)):
        return ""
    return time.strftime("%H:%M", time.localtime(t))


class ChatPane:
    """The chat history, the typing line and the spectators of one online match."""

    def __init__(self, chrome: OnlineChrome) -> None:
        self.chrome = chrome
        self.field = TextField(N_("Say something (Enter sends, Esc cancels)"), max_len=200)
        self.typing = False
        self.open = bool(chrome.view.chat)  # shut until something is said (or read back)
        self.shut_by_player = False  # then new lines only mark the header
        self.unread = 0   # lines that came while the pane was shut
        self.scroll = 0   # lines hidden below the bottom of the pane (0: the newest shows)
        self.below = 0    # of those, lines that came while scrolled up
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.header = pygame.Rect(0, 0, 0, 0)
        self.rows_max = 3      # the lines the open pane has room for (set when drawn)
        self.mouse = (-1, -1)  # where the mouse was last seen (the wheel scrolls under it)

    @property
    def view(self):
        return self.chrome.view

    # -- what happens ------------------------------------------------------------------
    def heard(self) -> None:
        """A new line: counted while the pane is shut or scrolled up, else shown."""
        if not self.open and not self.shut_by_player:
            self.open = True
        elif not self.open:
            self.unread += 1
        elif self.scroll:
            self.scroll += 1
            self.below += 1

    def toggle(self) -> None:
        self.open = not self.open
        self.shut_by_player = not self.open
        if self.open:
            self.unread = 0
        else:
            self.typing = self.field.active = False

    def start_typing(self) -> None:
        self.open, self.unread = True, 0
        self.typing = self.field.active = True
        self.field.ignore_next_text("t")  # the T that opened the chat is not typed

    def scroll_by(self, lines: int) -> None:
        """Up (positive) or down, the oldest line stopping at the pane's top."""
        self.scroll = max(0, min(len(self.view.chat) - self.rows_max, self.scroll + lines))
        self.below = min(self.below, self.scroll)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Typing, T, clicks on the header, the wheel over the pane; the rest goes on."""
        if self.typing:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.typing = self.field.active = False
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.chrome.session.chat(self.chrome.code, self.field.value)
                self.field.value = ""
                self.typing = self.field.active = False
                self.scroll = self.below = 0
                return True
            if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
                self.scroll_by(SCROLL_KEYS[event.key])
                return True
            return self.field.handle_event(event) or event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_t:
            if self.chrome.player:
                self.start_typing()
            else:
                self.toggle()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.header.collidepoint(event.pos):
            self.toggle()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if event.type == pygame.MOUSEWHEEL and self.open and self.rect.collidepoint(self.mouse):
            self.scroll_by(event.y)
            return True
        return False

    # -- words -------------------------------------------------------------------------
    def title(self) -> str:
        # TRANSLATORS: the chat pane's header; T is the key that opens it.
        words = _("Chat (T)")
        if not self.open and self.unread:
            words += "  " + ngettext("● {n} new", "● {n} new", self.unread).format(n=self.unread)
        return words

    def watch_count(self) -> int:
        count = self.view.info.get("spectators")
        return count if isinstance(count, int) and count > 0 else 0

    def watchers(self, short: bool = False) -> str:
        """"Watching (2): Eve, Max" (``short``: "2 watching"), or "" when nobody watches."""
        info = self.view.info
        count = self.watch_count()
        if not count:
            return ""
        if short:
            return ngettext("{n} watching", "{n} watching", count).format(n=count)
        names = [str(n) for n in info.get("spectator_names") or [] if n]
        listed = ", ".join(names)
        if count > len(names):
            extra = ngettext("{n} more", "{n} more", count - len(names)).format(n=count - len(names))
            listed = f"{listed}, {extra}" if listed else ""
        return (ngettext("Watching ({n}): {names}", "Watching ({n}): {names}", count)
                .format(n=count, names=listed) if listed
                else ngettext("{n} watching", "{n} watching", count).format(n=count))

    # -- drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        """The pane over the lower part of ``panel`` (the first seat's)."""
        t = self.chrome.host.app.text
        size = text_size(surface.get_height())
        row = size + 4
        room = panel.w - 28
        colour = theme.ACCENT if (self.unread and not self.open) else theme.TEXT_DIM
        title = t.fitted(("− " if self.open else "+ ") + self.title(), size, colour, room, bold=True)
        said, left = self.watchers(), room - title.get_width() - size
        # closed, who watches shares the title's row (the bar keeps to the room left for it)
        inline = bool(said) and not self.open and not self.typing and left > size * 3
        watchers = t.wrap(said, size, room)[:3] if said and not inline else []
        body: list[tuple[str, str]] = []   # (time, text) per row, the newest last
        more_above = False
        indent = t.font(size).size("00:00 ")[0]
        if self.open:
            rows_max = self.rows_max = max(3, int(panel.h * 0.5) // row - len(watchers) - 3)
            shown = self.view.chat[:len(self.view.chat) - self.scroll]
            for line in shown[-rows_max:]:
                wrapped = t.wrap(_("{name}: {text}").format(name=line.name, text=line.text), size,
                                 room - indent)[:4]
                body.extend([(clock(line.t), wrapped[0])] + [("", w) for w in wrapped[1:]])
            more_above = len(shown) > rows_max or len(body) > rows_max
            body = body[-rows_max:]
        marks = (1 if self.open and more_above else 0) + (1 if self.scroll else 0)
        rows = 1 + len(watchers) + len(body) + marks + (1 if self.typing else 0)
        self.rect = pygame.Rect(panel.x + 6, 0, panel.w - 12, rows * row + 12)
        self.rect.bottom = panel.bottom - 6
        draw_panel(surface, self.rect, alpha=225)
        x, y = self.rect.x + 8, self.rect.y + 6
        self.header = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, row + 6)
        surface.blit(title, (x, y))
        if inline:
            words = said if t.fits(said, size, left) else self.watchers(short=True)
            surface.blit(t.fitted(words, size, theme.ACCENT_2, left), (x + title.get_width() + size, y))
        y += row
        for line in watchers:
            surface.blit(t.fitted(line, size, theme.ACCENT_2, room), (x, y))
            y += row
        if self.open and more_above:
            surface.blit(t.fitted(_("↑ more (mouse wheel)"), size, theme.TEXT_DIM, room), (x, y))
            y += row
        for stamp, text in body:
            if stamp:
                surface.blit(t.render(stamp, size, theme.TEXT_DIM), (x, y))
            surface.blit(t.fitted(text, size, theme.TEXT, room - indent), (x + indent, y))
            y += row
        if self.scroll:
            words = (ngettext("↓ {n} new line below", "↓ {n} new lines below", self.below)
                     .format(n=self.below) if self.below else _("↓ more below"))
            surface.blit(t.fitted(words, size, theme.ACCENT, room), (x, y))
            y += row
        if self.typing:
            self._draw_typing(surface, x, y, size, room)

    def _draw_typing(self, surface: pygame.Surface, x: int, y: int, size: int, room: int) -> None:
        t = self.chrome.host.app.text
        if self.field.value:  # the end of what is typed stays in sight
            typed = "> " + self.field.value + "|"
            while len(typed) > 3 and t.font(size).size(typed)[0] > room:
                typed = "> …" + typed[4:]
            surface.blit(t.render(typed, size, theme.ACCENT), (x, y))
        else:
            surface.blit(t.fitted("> " + _(self.field.label), size, theme.TEXT_DIM, room), (x, y))
