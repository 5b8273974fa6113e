"""Small widgets drawn in the arcade style: buttons, a keyboard-navigable button column,
option rows (left/right to change), a text field and a tooltip. Widgets hold view state
(hover, focus) changed in ``handle_event``; ``draw`` only reads it."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable

import pygame

from .. import theme
from ..assets import TextCache


def button_surface(text: TextCache, size: tuple[int, int], label: str, *, hover: bool,
                   enabled: bool = True, accent=theme.ACCENT_2, cache: dict | None = None
                   ) -> pygame.Surface:
    key = (size, label, hover, enabled, accent)
    if cache is not None and key in cache:
        return cache[key]
    w, h = size
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(4, h // 4)
    body = (44, 50, 104) if enabled else (34, 36, 60)
    top = (64, 72, 142) if enabled else (40, 42, 70)
    if hover and enabled:
        body, top = (62, 74, 160), (92, 110, 210)
        glow = pygame.Rect(0, 0, w, h)
        pygame.draw.rect(s, (*accent, 70), glow, border_radius=rad)
    inner = pygame.Rect(3, 3, w - 6, h - 6)
    pygame.draw.rect(s, body, inner, border_radius=rad)
    upper = pygame.Rect(inner.x, inner.y, inner.w, inner.h // 2)
    pygame.draw.rect(s, top, upper, border_top_left_radius=rad, border_top_right_radius=rad)
    edge = accent if (hover and enabled) else ((96, 108, 190) if enabled else (60, 64, 96))
    pygame.draw.rect(s, edge, inner, max(2, h // 18), border_radius=rad)
    colour = theme.TEXT if enabled else theme.TEXT_DIM
    # a longer translation shrinks (or is cut) to stay inside the button
    label, size = text.fit(label, max(12, int(h * 0.46)), w - max(14, h // 2), bold=True, display=True)
    img = text.shadowed(label, size, colour, (10, 10, 30), 2, bold=True)
    s.blit(img, img.get_rect(center=(w // 2, h // 2)))
    if cache is not None:
        cache[key] = s
    return s


def same(text: str) -> str:
    """Text shown as it is (a widget's default ``tr``)."""
    return text


class Button:
    """A labelled button. ``label`` is its key (code and tests find a button by it, in
    English); the button shows ``tr(label)``, looked up at each draw, so ``tr`` is the
    caller's ``_`` (its own catalogue) or a function giving a game's words for the key."""

    def __init__(self, label: str, on_click: Callable[[], None], *, key: int | None = None,
                 enabled: bool = True, accent=theme.ACCENT_2,
                 tr: Callable[[str], str] = same) -> None:
        self.label = label
        self.tr = tr
        self.on_click = on_click
        self.key = key
        self.enabled = enabled
        self.accent = accent
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.hover = False
        self._cache: dict = {}
        # the English label a screen shows translated afresh after a language switch
        # (Alien City's buttons: ``client/games/aliencity/labels.py``); None: not relabelled
        self.label_key: str | None = None

    @property
    def text(self) -> str:
        """The label as shown now (in the language in use)."""
        return self.tr(self.label)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.on_click()
            return True
        if event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, text: TextCache, focus: bool = False) -> None:
        img = button_surface(text, self.rect.size, self.text, hover=self.hover or focus,
                             enabled=self.enabled, accent=self.accent, cache=self._cache)
        surface.blit(img, self.rect)


class ButtonColumn:
    """Buttons in a column with keyboard focus (Up/Down/Enter) as well as the mouse."""

    def __init__(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.focus = 0

    def layout(self, centre_x: int, top: int, width: int, height: int, spacing: int) -> None:
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(centre_x - width // 2, top + i * (height + spacing), width, height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            for i, b in enumerate(self.buttons):
                b.handle_event(event)
                if b.hover:
                    self.focus = i
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_UP, pygame.K_w):
                self._move(-1)
                return True
            if event.key in (pygame.K_DOWN, pygame.K_s, pygame.K_TAB):
                self._move(1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                b = self.buttons[self.focus]
                if b.enabled:
                    b.on_click()
                return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        return False

    def handle_modal(self, event: pygame.event.Event, close: Callable[[], None],
                     keys: tuple[int, ...] = (pygame.K_ESCAPE,)) -> bool:
        """A menu over everything else: ``keys`` close it, nothing passes below it."""
        if event.type == pygame.KEYDOWN and event.key in keys:
            close()
        else:
            self.handle_event(event)
        return True

    def _move(self, step: int) -> None:
        n = len(self.buttons)
        for _ in range(n):
            self.focus = (self.focus + step) % n
            if self.buttons[self.focus].enabled:
                return

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        for i, b in enumerate(self.buttons):
            b.draw(surface, text, focus=(i == self.focus))


class TextField:
    """One line of editable text (server address, player name, a record path); its
    ``label`` is shown through ``tr`` (the caller's ``_``) at each draw."""

    def __init__(self, label: str, value: str = "", max_len: int = 120, *,
                 tr: Callable[[str], str] = same) -> None:
        self.label = label
        self.tr = tr
        self.value = value
        self.max_len = max_len
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.active = False
        self.caret: int | None = None  # the insertion point (None: the end)
        self.all_selected = False  # Ctrl+A: the next typing or Backspace replaces everything
        self._swallow = ""  # the text of the key that opened the field (T for chat): not typed

    def ignore_next_text(self, text: str) -> None:
        """The key that just opened this field also sends its letter: drop it once."""
        self._swallow = text

    def _at(self) -> int:
        return len(self.value) if self.caret is None else max(0, min(len(self.value), self.caret))

    def _insert(self, text: str) -> None:
        if self.all_selected:
            self.value, self.caret, self.all_selected = "", None, False
        at = self._at()
        text = text[: max(0, self.max_len - len(self.value))]
        self.value = self.value[:at] + text + self.value[at:]
        self.caret = None if self.caret is None else at + len(text)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.active = self.rect.collidepoint(event.pos)
            return self.active
        if not self.active:
            return False
        if event.type == pygame.KEYDOWN:
            self._swallow = "" if event.key != pygame.K_t else self._swallow
            ctrl = event.mod & pygame.KMOD_CTRL
            at = self._at()
            if event.key == pygame.K_BACKSPACE:
                if self.all_selected:
                    self.value, self.caret, self.all_selected = "", None, False
                elif at > 0:
                    self.value = self.value[:at - 1] + self.value[at:]
                    self.caret = None if self.caret is None else at - 1
                return True
            if event.key == pygame.K_DELETE:
                if self.all_selected:
                    self.value, self.caret, self.all_selected = "", None, False
                else:
                    self.value = self.value[:at] + self.value[at + 1:]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.active = False
                return event.key != pygame.K_ESCAPE
            if ctrl and event.key == pygame.K_a:
                self.all_selected = bool(self.value)
                return True
            if ctrl and event.key == pygame.K_v:
                from ..clipboard import paste_text
                self._insert(" ".join(paste_text().split()))
                return True
            moves = {pygame.K_HOME: 0, pygame.K_END: len(self.value),
                     pygame.K_LEFT: max(0, at - 1), pygame.K_RIGHT: min(len(self.value), at + 1)}
            if event.key in moves:
                self.all_selected = False
                target = moves[event.key]
                self.caret = None if target >= len(self.value) else target
                return True
            return True  # other keys arrive as TEXTINPUT
        if event.type == pygame.TEXTINPUT:
            if self._swallow and event.text.lower() == self._swallow:
                self._swallow = ""
                return True
            self._insert(event.text)
            return True
        return False

    def draw(self, surface: pygame.Surface, text: TextCache, blink: bool = True) -> None:
        h = self.rect.height
        label = text.render(self.tr(self.label), max(12, int(h * 0.4)), theme.TEXT_DIM)
        surface.blit(label, (self.rect.x, self.rect.y - label.get_height() - 4))
        pygame.draw.rect(surface, (16, 18, 40), self.rect, border_radius=6)
        edge = theme.ACCENT_2 if self.active else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 2, border_radius=6)
        at = self._at()
        caret = "|" if self.active and blink else ("" if not self.active else " ")
        shown = self.value[:at] + caret + self.value[at:]
        img = text.render(shown or " ", max(12, int(h * 0.5)), theme.TEXT)
        if self.all_selected and self.active:
            pygame.draw.rect(surface, (40, 80, 150), self.rect.inflate(-8, -8), border_radius=4)
        clip = surface.get_clip()
        inner = self.rect.inflate(-16, -4)
        surface.set_clip(inner)
        x = inner.x if img.get_width() <= inner.width else inner.right - img.get_width()
        surface.blit(img, (x, self.rect.centery - img.get_height() // 2))
        surface.set_clip(clip)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, *, edge=theme.PANEL_EDGE,
               fill=theme.PANEL, alpha: int = 235, glow: tuple[int, int, int] | None = None) -> None:
    """A rounded translucent panel (its surface memoised per size and colours)."""
    surface.blit(_panel_surface(rect.size, tuple(edge), tuple(fill), alpha,
                                tuple(glow) if glow else None), rect)


@lru_cache(maxsize=64)
def _panel_surface(size: tuple[int, int], edge, fill, alpha: int, glow) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    rad = max(6, min(size) // 14)
    pygame.draw.rect(s, (*fill, alpha), s.get_rect(), border_radius=rad)
    pygame.draw.rect(s, (*(glow or edge), 255), s.get_rect(), 3 if glow else 2, border_radius=rad)
    return s


def tooltip(surface: pygame.Surface, text: TextCache, message: str, pos: tuple[int, int],
            width: int = 360, colour=theme.TEXT) -> None:
    """A wrapped message box near ``pos``, kept inside the window."""
    size = 17
    lines = text.wrap(message, size, width - 20)
    imgs = [text.render(line, size, colour) for line in lines]
    h = sum(i.get_height() for i in imgs) + 14
    w = max(i.get_width() for i in imgs) + 20
    sw, sh = surface.get_size()
    x = min(max(4, pos[0] + 18), sw - w - 4)
    y = min(max(4, pos[1] + 18), sh - h - 4)
    box = pygame.Rect(x, y, w, h)
    pygame.draw.rect(surface, (12, 12, 28), box, border_radius=8)
    pygame.draw.rect(surface, theme.BAD if colour == theme.BAD else theme.ACCENT, box, 2, border_radius=8)
    yy = y + 7
    for img in imgs:
        surface.blit(img, (x + 10, yy))
        yy += img.get_height()


def draw_orbit(surface: pygame.Surface, centre: tuple[int, int], radius: int, clock: float,
               colour: tuple[int, int, int]) -> None:
    """A little orbit of fading dots: something (a computer, a hint) is thinking."""
    cx, cy = centre
    for i in range(8):
        a = clock * 5.0 - i * 0.55
        dot = (cx + int(radius * math.cos(a)), cy + int(radius * math.sin(a)))
        pygame.draw.circle(surface, theme.mixc(colour, (20, 20, 40), i / 8), dot, max(2, 4 - i // 3))
