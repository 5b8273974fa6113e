"""Copy and paste text through the system clipboard (pygame-ce's ``pygame.scrap``
``put_text``/``get_text``, SDL's clipboard). Where there is none (the dummy video
driver of tests, no display), a copy stays in this process so Copy then Paste works."""

from __future__ import annotations

import pygame

_last: str = ""


def copy_text(text: str) -> bool:
    """Put ``text`` on the clipboard; False when only this process will see it."""
    global _last
    _last = text
    try:
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except (pygame.error, AttributeError):
        return False


def paste_text() -> str:
    """The clipboard's text ('' when empty)."""
    try:
        text = pygame.scrap.get_text() if pygame.scrap.has_text() else ""
    except (pygame.error, AttributeError):
        text = ""
    return (text or _last).strip()
