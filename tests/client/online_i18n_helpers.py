"""Helpers of the online screens' translation tests (tests/client/test_i18n_online.py and
tests/client/net/test_i18n_online_match.py): where texts land, and frames.  The language
and the marks are ``tests/i18n/marks.py``'s; the recording is ``i18n_harness``'s."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import pygame

from client.assets import TextCache


@contextmanager
def text_blits(size: tuple[int, int]) -> Iterator[tuple[pygame.Surface, list[tuple[str, pygame.Rect]]]]:
    """A surface that remembers where each rendered text lands: ``[(text, rect)]``."""
    placed: list[tuple[str, pygame.Rect]] = []
    names: dict[int, str] = {}
    original = TextCache.render

    def render(self, text, *args, **kwargs):
        surf = original(self, text, *args, **kwargs)
        names[id(surf)] = text
        return surf

    class Spy(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):
            if id(source) in names:
                rect = pygame.Rect(dest) if len(dest) == 4 else pygame.Rect(dest, source.get_size())
                placed.append((names[id(source)], rect))
            return super().blit(source, dest, *args, **kwargs)

    TextCache.render = render
    try:
        yield Spy(size), placed
    finally:
        TextCache.render = original


def frames(app, n: int = 2) -> None:
    """``n`` frames of the app, drawn."""
    for _ in range(n):
        app.step(1 / 60, events=[])
