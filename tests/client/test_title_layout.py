"""The title screen fits small windows: the menu never runs into the key hint, and a
saved window size larger than the screen opens shrunk to fit."""

from __future__ import annotations

import pytest

from client.app import fit_desktop
from client.scenes.title import TitleScene

from .conftest import show


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (896, 560), (800, 560)])
def test_the_menu_ends_above_the_key_hint(app, size):
    """At every window size the last button ends above the hint line, inside the window."""
    title = TitleScene(app)
    show(app, title)
    title.resize(size)
    rects = [b.rect for b in title.menu.buttons]
    assert len(rects) >= 8
    for upper, lower in zip(rects, rects[1:]):
        assert upper.bottom <= lower.top
    assert rects[-1].bottom < title.hint_y - 6 < size[1]
    assert min(r.height for r in rects) >= 18


def test_a_saved_size_too_big_for_the_screen_is_shrunk():
    """1280x800 saved, a 1024x640 screen: the window keeps its shape and fits; a big
    screen, no screen, or a headless driver keep the saved size."""
    w, h = fit_desktop((1280, 800), [(1024, 640)])
    assert w <= 1024 and h <= 640 - 80 and abs(w / h - 1.6) < 0.01
    assert fit_desktop((1280, 800), [(2560, 1440)]) == (1280, 800)
    assert fit_desktop((1280, 800), [(0, 0)]) == (1280, 800)
    assert fit_desktop((1280, 800)) == (1280, 800)  # the tests' dummy driver
