"""A seat panel's header never lets a long name run into the score beside it: at the small
window, in Slovak and French, the label shrinks or ends in "…" and keeps clear of the total."""

from __future__ import annotations

import pygame
import pytest

from client.games.cityblocks import tray
from client.games.cityblocks.score import ScoreScene
from client.seat_words import computer_words
from shared import i18n

from ..conftest import show
from .helpers import random_game


class Recording(pygame.Surface):
    """A surface that remembers where each text image went (by the text rendered into it)."""

    def __init__(self, size, texts: dict[int, str]) -> None:
        super().__init__(size)
        self.texts, self.boxes = texts, []

    def blit(self, source, dest, *args, **kwargs):  # type: ignore[override]
        if id(source) in self.texts:
            at = tuple(dest)[:2] if len(tuple(dest)) in (2, 4) else pygame.Rect(dest).topleft
            self.boxes.append((self.texts[id(source)], source.get_rect(topleft=at)))
        return super().blit(source, dest, *args, **kwargs)


@pytest.mark.parametrize("language", ["sk", "fr"])
@pytest.mark.parametrize("size", [(896, 560), (1024, 640)])
def test_a_computers_long_seat_label_stays_clear_of_its_score(app, monkeypatch, language, size):
    i18n.set_language(language)
    try:
        app.set_size(size)
        state = random_game(2, 29)
        scene = ScoreScene(app, state, names={1: computer_words("easy")}, show=False)
        show(app, scene)
        texts: dict[int, str] = {}
        real = app.text.render

        def render(text, *args, **kwargs):
            img = real(text, *args, **kwargs)
            texts[id(img)] = text
            return img

        monkeypatch.setattr(app.text, "render", render)
        for panel in scene.board.panels:
            label = scene.seat_label(panel.seat)
            canvas = Recording(size, texts)
            tray.draw_header(canvas, app.text, panel, label, [0, 1], 253, False, False)
            (name_text, name), (num_text, num) = canvas.boxes
            assert num_text == "253"
            assert not name.colliderect(num.inflate(4, 0)), f"{name_text!r} runs into the score at {size}"
            assert panel.rect.contains(name) and panel.rect.contains(num)
            if panel.seat == 1:
                assert name_text.endswith("…") or name_text == label
    finally:
        i18n.set_language("en")
        app.set_size((1280, 800))
