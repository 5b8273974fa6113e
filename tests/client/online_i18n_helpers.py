"""Helpers of the online screens' translation tests (tests/client/test_i18n_online.py and
tests/client/net/test_i18n_online_match.py)."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

import pygame

from client.assets import TextCache
from shared import i18n

from .i18n_harness import recording_texts


@contextmanager
def language(code: str) -> Iterator[None]:
    """The client in language ``code`` for the block."""
    previous = i18n.current_language()
    i18n.set_language(code)
    try:
        yield
    finally:
        i18n.set_language(previous)


@contextmanager
def recording() -> Iterator[list[str]]:
    """``recording_texts``, each line of a wrapped text counted as the whole text it came
    from (one line of a wrapped sentence holds only half of its marks)."""
    whole: dict[str, str] = {}
    original = TextCache.wrap

    def wrap(self, text, *args, **kwargs):
        lines = original(self, text, *args, **kwargs)
        if len(lines) > 1:
            whole.update((line, text) for line in lines)
        return lines

    TextCache.wrap = wrap
    try:
        with recording_texts() as texts:
            yield texts
    finally:
        TextCache.wrap = original
        texts[:] = [whole.get(text, text) for text in texts]


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
