"""The final count's captions on the board (the ticking count, the equation, a verdict
stamp) by geometry: played frame by frame at 1280x800 and 896x560 over random finished
games, every caption is drawn a few pixels clear of every tower's score badge shown in
the same frame, for towers anywhere on the board, top and bottom rows included."""

from __future__ import annotations

import pygame
import pytest

from client.app import App
from client.config import Options
from client.games.aliencity import score_draw
from client.games.aliencity.score import ScoreScene
from client.games.aliencity.view import score_show
from client.games.aliencity.view.projections import badge_rect

from .conftest import show
from .test_score_show import games


@pytest.mark.parametrize("size", [(1280, 800), (896, 560)])
def test_no_count_caption_touches_a_tower_badge(monkeypatch, size):
    app = App(Options(), size, persist=False)
    captions: list[tuple[int, pygame.Rect]] = []   # (lot, where the caption was drawn) this frame
    badges: list[pygame.Rect] = []                 # the badges drawn this frame
    real_anchor, real_badges = score_show.equation_anchor, score_draw.draw_tower_badges

    def anchor(geo, lot, size=None, avoid=()):
        centre = real_anchor(geo, lot, size, avoid)
        if size is not None:
            box = pygame.Rect((0, 0), size)
            box.center = centre
            captions.append((lot, box))
        return centre

    def draw_badges(surface, geo, kit, towers, after=None, hidden=frozenset(), value_of=None):
        badges.extend(badge_rect(geo, kit, lot, str(value_of(ts))) for lot, ts in towers.items())
        return real_badges(surface, geo, kit, towers, after, hidden, value_of)

    monkeypatch.setattr(score_show, "equation_anchor", anchor)
    monkeypatch.setattr(score_draw, "draw_tower_badges", draw_badges)
    rows_seen: set[str] = set()
    for state in games(8):
        scene = ScoreScene(app, state)
        app.stack.scenes.clear()
        show(app, scene)
        geo = scene.geo
        for _ in range(2000):
            captions.clear()
            badges.clear()
            app.step(0.1, events=[])
            for lot, box in captions:
                r = geo.lot_rect(lot)
                rows_seen.add("top" if r.top <= geo.rect.top + geo.lot else
                              "bottom" if r.bottom >= geo.rect.bottom - geo.lot else "middle")
                touching = [b for b in badges if box.inflate(2, 2).colliderect(b)]
                assert not touching, f"the caption for lot {lot} at {box} touches a badge at {touching} ({size})"
            if scene.stage == "final":
                break
        assert scene.stage == "final"
    assert rows_seen == {"top", "bottom", "middle"}, f"towers in every row were counted: {rows_seen}"
