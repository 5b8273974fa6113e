"""The top bar of a match or replay screen keeps its centred line between the title at
the left and the tabs at the right, however long the line (a record named after four
long names), cutting it with an ellipsis once it is as small as text gets."""

from __future__ import annotations

import pygame

from client.view.bars import draw_top_bar

LONG = ("Sprawl: Maximilian Alexander Rosenthal vs Bartholomew Featherstonehaugh vs "
        "Anastasia Konstantinovna vs Wilhelmina Vanderbilt-Smythe · 2026-11-29")


def drawn_words(app, monkeypatch, words: str, width: int, right_room: int) -> tuple[str, int, int]:
    """What the bar drew centred (its text and width) and the room it had."""
    shown: list[tuple[str, int]] = []
    real = app.text.shadowed

    def spy(text, size, *args, **kwargs):
        img = real(text, size, *args, **kwargs)
        shown.append((text, img.get_width()))
        return img
    monkeypatch.setattr(app.text, "shadowed", spy)
    surface = pygame.Surface((width, 60))
    margin = 8
    draw_top_bar(surface, app.text, pygame.Rect(0, 0, width, 50), margin, "SPRAWL REPLAY", words,
                 (255, 80, 80), 20, fit=True, right_room=right_room)
    head = app.text.render("SPRAWL REPLAY", 16, (0, 0, 0), bold=True).get_width()
    return shown[-1][0], shown[-1][1], width - 2 * (max(head, right_room) + 3 * margin)


def test_a_line_too_long_for_the_bar_is_cut_between_the_title_and_the_tabs(app, monkeypatch):
    text, width, room = drawn_words(app, monkeypatch, LONG, 896, 200)
    assert text.endswith("…") and text[:-1].rstrip() in LONG
    assert width <= room


def test_a_line_that_fits_is_drawn_whole(app, monkeypatch):
    text, width, room = drawn_words(app, monkeypatch, "Sprawl: Ann vs Bo vs Cy", 896, 200)
    assert text == "Sprawl: Ann vs Bo vs Cy" and width <= room
