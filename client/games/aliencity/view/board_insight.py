"""Seeing the road on a board screen: the overlay, the pathing wave and the projections,
kept together so the game, the replay and the score show use them the same way.

The owning scene tells it the model (``set_state``), where the pointer is (``point``),
about clicks on structures (``click``: pin one, then point at a second for the path
between them) and time (``update``); it draws in layers the scene interleaves with its
own marks. It never decides a rule: facts come from :class:`~client.insight.Insight`.
"""

from __future__ import annotations

import pygame

from client import theme
from shared.aliencity import GameState, TowerScore, lot_name
from shared.i18n import domain

from ..insight import Insight
from ..settings import setting
from .board_view import BoardGeometry
from .lotkit import LotKit
from .pathing import PathingView
from .projections import draw_card, draw_tower_badges, structure_rows
from .road_overlay import RoadOverlay

_, N_, ngettext, pgettext = domain("aliencity")


class BoardInsight:
    def __init__(self, app) -> None:
        self.app = app
        self.engine = Insight()
        self.kit = LotKit(app.text)
        self.overlay = RoadOverlay()
        self.pathing = PathingView()
        self.state: GameState | None = None
        self.pointer: int | None = None
        self.pinned: int | None = None
        self.enabled = True  # pathing on pointer (the score show turns it off while it runs)

    # -- model and input ----------------------------------------------------------------
    def set_state(self, state: GameState, animate: bool = True, delay: float = 0.0) -> None:
        first = self.state is None
        self.state = state
        self.overlay.set_road(state.road, animate=animate and not first, delay=delay,
                              flash=setting(self.app, "road_flash"))
        if self.pinned is not None and state.piece_at(self.pinned) is None:
            self.pinned = None
        self.refresh()

    def structure_at(self, lot: int | None) -> int | None:
        if lot is None or self.state is None or self.state.piece_at(lot) is None:
            return None
        return lot

    def point(self, lot: int | None) -> None:
        if lot != self.pointer:
            self.pointer = lot
            self.refresh()

    def click(self, lot: int | None) -> bool:
        """Pin (or unpin) the structure on ``lot``; False when ``lot`` holds none."""
        s = self.structure_at(lot)
        if s is None:
            return False
        self.pinned = None if self.pinned == s else s
        self.refresh()
        self.app.sounds.play("select")
        return True

    def unpin(self) -> bool:
        if self.pinned is None:
            return False
        self.pinned = None
        self.refresh()
        return True

    @property
    def focus(self) -> int | None:
        """The structure whose facts are shown: the pointed one, else the pinned one."""
        return self.structure_at(self.pointer) if self.enabled else None

    def refresh(self) -> None:
        state = self.state
        if state is None or not self.enabled:
            self.pathing.clear()
            return
        hover = self.structure_at(self.pointer)
        engine = self.engine
        if self.pinned is not None:
            self.pathing.show(engine.reach(state, self.pinned))
            if hover is not None and hover != self.pinned:
                d, path = engine.between(state, self.pinned, hover)
                self.pathing.show_pair(self.pinned, hover, d, path)
            else:
                self.pathing.show_pair(None, None)
        elif hover is not None:
            self.pathing.show(engine.reach(state, hover))
            self.pathing.show_pair(None, None)
        else:
            self.pathing.clear()

    def toggle_overlay(self) -> bool:
        return self.overlay.toggle()

    def update(self, dt: float) -> None:
        self.overlay.update(dt)
        self.pathing.update(dt)

    def finish(self) -> None:
        self.overlay.finish()
        self.pathing.finish()

    # -- drawing ------------------------------------------------------------------------
    def claimed(self, shown_caps: tuple[int, ...] | None = None) -> dict[int, TowerScore]:
        """Claimed towers with their breakdown (only those whose cap is already shown)."""
        if self.state is None:
            return {}
        towers = self.engine.claimed(self.state)
        if shown_caps is None:
            return towers
        return {lot: ts for lot, ts in towers.items() if shown_caps[lot]}

    def draw_road(self, surface: pygame.Surface, geo: BoardGeometry) -> None:
        self.overlay.draw(surface, geo)

    def draw_paths(self, surface: pygame.Surface, geo: BoardGeometry) -> None:
        if self.enabled:
            self.pathing.draw(surface, geo, self.kit)

    def draw_badges(self, surface: pygame.Surface, geo: BoardGeometry, shown_caps: tuple[int, ...],
                    hidden: frozenset[int], after: dict[int, TowerScore] | None = None) -> None:
        draw_tower_badges(surface, geo, self.kit, self.claimed(shown_caps), after, hidden)

    def draw_card(self, surface: pygame.Surface, pos: tuple[int, int], avoid: pygame.Rect | None = None) -> None:
        """The breakdown card of the pointed structure (customers x distance for towers)."""
        lot = self.focus
        state = self.state
        if lot is None or state is None:
            return
        reach = self.engine.reach(state, lot)
        ts = self.engine.tower(state, lot)
        title, rows = structure_rows(state, lot, reach, ts)
        if self.pinned is not None and self.pinned != lot:
            d, _path = self.engine.between(state, self.pinned, lot)
            text = _("From {lot}: distance {n}").format(lot=lot_name(self.pinned), n=d) if d is not None else \
                _("No road joins it to {lot}").format(lot=lot_name(self.pinned))
            rows.insert(0, (text, theme.ACCENT_2))
        size = max(13, int(surface.get_height() * 0.02))
        draw_card(surface, self.app.text, title, rows, pos, size, avoid=avoid)

    def draw_legend(self, surface: pygame.Surface, bar: pygame.Rect, margin: int) -> None:
        """What the overlay's marks mean, at the right of the top bar (while R has it on)."""
        if not (self.overlay.on and self.overlay.alpha > 0.5):
            return
        t = self.app.text
        size = max(11, int(bar.h * 0.3))
        mark = max(14, int(bar.h * 0.56))
        # TRANSLATORS: the road overlay's legend: the road; a mark where building would split
        # it; a mark where building would cut a structure off the road.
        parts = [(_("road"), None), (_("splits it"), "split"), (_("cuts one off"), "life")]
        imgs = [(t.render(text, size, theme.TEXT), kind) for text, kind in parts]
        w = sum(img.get_width() + mark + 18 for img, _ in imgs) + 10
        box = pygame.Rect(0, 0, w, mark + 8)
        box.midright = (bar.right - margin, bar.centery)
        pygame.draw.rect(surface, (10, 10, 26), box, border_radius=box.h // 2)
        pygame.draw.rect(surface, (70, 215, 255), box, 1, border_radius=box.h // 2)
        x = box.x + 10
        for img, kind in imgs:
            r = pygame.Rect(x, box.y + 4, mark, mark)
            pygame.draw.rect(surface, (20, 30, 60), r, border_radius=4)
            if kind is None:
                pygame.draw.rect(surface, (70, 215, 255), r.inflate(0, -mark * 0.5), border_radius=3)
                pygame.draw.rect(surface, (10, 18, 40), r.inflate(-2, -mark * 0.5 - 4))
                pygame.draw.rect(surface, (200, 248, 255), r.inflate(-mark * 0.5, -mark * 0.84))
            else:
                icon = self.overlay._mark(kind, mark)
                icon.set_alpha(255)
                surface.blit(icon, r)
            x += mark + 5
            surface.blit(img, (x, box.centery - img.get_height() // 2))
            x += img.get_width() + 13
