"""The road-network overlay: the empty lots drawn as one connected road with traffic
flowing along it, narrowing smoothly where a build closes a lot.

The overlay is a view object: ``set_road`` takes the engine's ``Road`` of a new state,
``update(dt)`` advances its own clocks (flow, fades, narrowing) and ``draw`` only reads.
Road pieces are axis-aligned rectangles between lot centres, so everything stays crisp.
Where the road is wide (a lot whose eight neighbours are road too, as most of the city is
early on) it is one faint open field, without rims or traffic: only the road's narrow
parts are drawn as lanes, so the overlay reads instead of making a lattice.
The flow runs outward from a hub lot near the middle of the board, along road distance
layers; that direction is decoration, not a rule. Lots whose building would split the
road (``Road.splitting``) or cut a structure off (``Road.lifelines``) get quiet marks.
"""

from __future__ import annotations

import pygame

from shared.aliencity import Road
from shared.aliencity.geometry import bits, spread
from shared.aliencity.types import COLUMNS, LOT_COUNT, ROWS

from .board_view import BoardGeometry

FADE_TIME = 0.25  # seconds to fade the overlay in or out
FLASH_TIME = 0.9  # seconds the overlay stays up after a build (Options can turn it off)
NARROW_TIME = 0.55  # seconds for a closed lot to pinch off
FLOW_SPEED = 1.0  # lots per second
BAND = 0.36  # road width, in lot sizes

ROAD_FILL = (10, 18, 40, 205)
OPEN_FILL = (70, 215, 255, 60)  # the wide road: one faint field
ROAD_EDGE = (70, 215, 255, 235)
DASH = (200, 248, 255)
SPLIT_INK = (255, 184, 64)
LIFE_INK = (255, 110, 200)


def _ease(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


class RoadOverlay:
    """Display values of the road overlay for one board."""

    def __init__(self) -> None:
        self.on = False  # toggled by the player (R)
        self.flash = 0.0  # seconds left of the after-build showing
        self.alpha = 0.0  # 0 hidden .. 1 fully shown
        self.time = 0.0  # flow clock (animation seconds)
        self.road: Road | None = None
        self.drawn = 0  # lots drawn as road: the road plus lots still closing
        self.changes: dict[int, list[float]] = {}  # lot -> [elapsed (negative: waiting), +1 open / -1 close]
        self.hub: int | None = None
        self.flow: dict[int, int] = {}  # lot -> layer from the hub (flow direction)
        self.edges: tuple[tuple[int, int], ...] = ()
        self.open = 0  # drawn lots whose eight neighbours are drawn too: the road is wide there
        self.splitting = 0
        self.lifelines = 0
        self._bed: tuple | None = None
        self._marks: dict[tuple, object] = {}
        self._geo_centres: tuple | None = None
        self._flow_key: tuple | None = None
        self._runs: tuple[list, list] = ([], [])
        self._marks_key: tuple | None = None
        self._mark_blits: list = []
        self._tethers: list = []

    # -- model -> display ---------------------------------------------------------------
    def set_road(self, road: Road, animate: bool = True, delay: float = 0.0, flash: bool = True) -> None:
        """Show ``road``; closed lots pinch off (after ``delay``), reopened lots widen."""
        old = self.drawn if self.road is not None else road.empty
        new = road.empty
        self.road = road
        self.splitting, self.lifelines = road.splitting, road.lifelines
        if not animate or old == new:
            self.changes = {}
            self.drawn = new
        else:
            for lot in bits(old & ~new):
                self.changes[lot] = [-delay, -1.0]
            for lot in bits(new & ~old):
                self.changes[lot] = [-delay, 1.0]
            self.drawn = old | new
            if flash and old & ~new:
                self.flash = max(self.flash, FLASH_TIME + delay)
        self._reflow()

    def toggle(self) -> bool:
        self.on = not self.on
        if not self.on:
            self.flash = 0.0
        return self.on

    @property
    def visible(self) -> bool:
        return self.alpha > 0.01 and self.road is not None

    def width(self, lot: int) -> float:
        change = self.changes.get(lot)
        if change is None:
            return 1.0
        p = _ease(change[0] / NARROW_TIME)
        return p if change[1] > 0 else 1.0 - p

    def update(self, dt: float) -> None:
        self.time += dt
        if self.flash > 0:
            self.flash = max(0.0, self.flash - dt)
        target = 1.0 if (self.on or self.flash > 0) else 0.0
        step = dt / FADE_TIME
        self.alpha = min(target, self.alpha + step) if self.alpha < target else max(target, self.alpha - step)
        if self.changes:
            done = []
            for lot, change in self.changes.items():
                change[0] += dt
                if change[0] >= NARROW_TIME:
                    done.append(lot)
            for lot in done:
                del self.changes[lot]
            if done and self.road is not None:
                self.drawn = self.road.empty | sum(1 << lot for lot in self.changes)
                self._reflow()

    def finish(self) -> None:
        """Jump to the end of any narrowing (tests, skipping)."""
        self.changes = {}
        if self.road is not None:
            self.drawn = self.road.empty
            self._reflow()

    def _reflow(self) -> None:
        """Edges between drawn lots and the flow layers from a hub near the middle."""
        mask = self.drawn
        edges = []
        for lot in bits(mask):
            if lot % COLUMNS < COLUMNS - 1 and mask >> (lot + 1) & 1:
                edges.append((lot, lot + 1))
            if lot + COLUMNS < LOT_COUNT and mask >> (lot + COLUMNS) & 1:
                edges.append((lot, lot + COLUMNS))
        self.edges = tuple(edges)
        self.open = open_lots(mask)
        if self.hub is None or not mask >> self.hub & 1:
            centre = (3.5, 4.5)
            self.hub = min(bits(mask), default=None,
                           key=lambda x: (x % COLUMNS - centre[0]) ** 2 + (x // COLUMNS - centre[1]) ** 2)
        self.flow = {}
        if self.hub is None:
            return
        layer, seen, d = 1 << self.hub, 1 << self.hub, 0
        while layer:
            for lot in bits(layer):
                self.flow[lot] = d
            layer = spread(layer) & mask & ~seen
            seen |= layer
            d += 1
        # pieces of road cut off from the hub (never in a legal game): their own layers
        rest = mask & ~seen
        while rest:
            layer = rest & -rest
            d = 0
            while layer:
                for lot in bits(layer):
                    self.flow[lot] = d
                rest &= ~layer
                layer = spread(layer) & rest
                d += 1

    # -- drawing ----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, geo: BoardGeometry, marks: bool = True) -> None:
        """The road bed (cached, repainted only around lots that change), the moving dashes
        and the marks of the settled road."""
        if not self.visible:
            return
        alpha = int(255 * self.alpha)
        bed = self._bed_surface(geo)
        bed.set_alpha(alpha)
        surface.blit(bed, (geo.x, geo.y))
        self._draw_flow(surface, geo, alpha)
        if marks and not self.changes:
            self._draw_marks(surface, geo, alpha)

    def _centres(self, geo: BoardGeometry) -> tuple[tuple[int, int], ...]:
        if self._geo_centres is None or self._geo_centres[0] != geo:
            self._geo_centres = (geo, tuple(geo.lot_rect(lot, local=True).center for lot in range(LOT_COUNT)))
        return self._geo_centres[1]

    def _widths(self) -> dict[int, float]:
        """Widths of the lots changing now, in sixteenths (repaints happen per step)."""
        return {lot: round(self.width(lot) * 16) / 16 for lot in self.changes}

    def _bed_surface(self, geo: BoardGeometry) -> pygame.Surface:
        """The bed for the drawn lots at their widths. Kept between frames: only the
        neighbourhood of a lot whose width or presence changed is painted again."""
        widths = self._widths()
        drawn = self.drawn
        if self._bed is None or self._bed[0] != geo:
            surf = pygame.Surface((geo.width, geo.height), pygame.SRCALPHA)
            self._paint(surf, geo, drawn, widths)
            self._bed = (geo, surf, drawn, widths)
            return surf
        _, surf, painted, old = self._bed
        dirty = [lot for lot in bits(painted ^ drawn)]
        dirty += [lot for lot in set(widths) | set(old) if widths.get(lot, 1.0) != old.get(lot, 1.0)]
        if len(dirty) > 6:  # a jump (replay, undo): paint it all
            surf.fill((0, 0, 0, 0))
            self._paint(surf, geo, drawn, widths)
        elif dirty:
            centres = self._centres(geo)
            pad = int(geo.lot * BAND) + max(2, geo.lot // 22) + 2
            for lot in set(dirty):
                near = _block(lot, 1)
                xs = [centres[x][0] for x in near]
                ys = [centres[x][1] for x in near]
                region = pygame.Rect(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                                     max(ys) - min(ys) + 2 * pad)
                surf.fill((0, 0, 0, 0), region)
                surf.set_clip(region)
                self._paint(surf, geo, drawn & _block_mask(lot, 2), widths)
                surf.set_clip(None)
        if dirty:
            self._bed = (geo, surf, drawn, widths)
        return surf

    def _paint(self, surf: pygame.Surface, geo: BoardGeometry, lots: int, widths: dict[int, float]) -> None:
        """Paint the road pieces among ``lots``: the rim pass, then the fill pass."""
        centres = self._centres(geo)
        band = geo.lot * BAND
        rim = max(2, geo.lot // 22)
        wide = lots & self.open
        for lot in bits(wide):  # the open field: whole lots and the gaps between them, no rims
            surf.fill(OPEN_FILL, _cell(centres, lot, geo.lot))
        lots &= ~wide
        edges = [(a, b) for a, b in self.edges if lots >> a & 1 and (lots | wide) >> b & 1
                 or lots >> b & 1 and wide >> a & 1]
        for colour, grow in ((ROAD_EDGE, rim), (ROAD_FILL, 0)):
            for lot in bits(lots):
                half = band * widths.get(lot, 1.0) / 2 + grow
                if half <= grow:
                    continue
                r = pygame.Rect(0, 0, int(2 * half), int(2 * half))
                r.center = centres[lot]
                pygame.draw.rect(surf, colour, r, border_radius=int(half * 0.55))
            for a, b in edges:
                half = band * min(widths.get(a, 1.0), widths.get(b, 1.0)) / 2 + grow
                if half > grow:
                    surf.fill(colour, _segment(centres[a], centres[b], half))

    def _draw_flow(self, surface: pygame.Surface, geo: BoardGeometry, alpha: int) -> None:
        """Dashes every half lot, moving out from the hub: one ``fblits`` call per frame.
        Each edge's start, step and sprite are worked out once per road (and narrowing)."""
        long_, thick = max(4, int(geo.lot * 0.16)), max(2, int(geo.lot * BAND * 0.26))
        flat, tall = self._dash_sprites(long_, thick)
        key = (geo, self.edges, self.hub, frozenset(self.changes))
        if self._flow_key != key:
            self._flow_key = key
            centres = self._centres(geo)
            ahead, meet = [], []
            for a, b in self.edges:
                if a in self.changes or b in self.changes:
                    continue  # a closing lot's traffic stops at once
                if self.open >> a & 1 and self.open >> b & 1:
                    continue  # no traffic drawn across the open field
                da, db = self.flow.get(a, 0), self.flow.get(b, 0)
                if db < da:
                    a, b, da, db = b, a, db, da
                (ax, ay), (bx, by) = centres[a], centres[b]
                if ay == by:
                    run = (flat, geo.x + ax - long_ / 2, geo.y + ay - thick / 2, bx - ax, by - ay)
                else:
                    run = (tall, geo.x + ax - thick / 2, geo.y + ay - long_ / 2, bx - ax, by - ay)
                (ahead if db > da else meet).append(run)
            self._runs = (ahead, meet)
        flat.set_alpha(alpha)
        tall.set_alpha(alpha)
        ahead, meet = self._runs
        p = (self.time * FLOW_SPEED) % 0.5
        q, back = p + 0.5, 1.0 - p
        blits = [(sprite, (x + dx * p, y + dy * p)) for sprite, x, y, dx, dy in ahead]
        blits += [(sprite, (x + dx * q, y + dy * q)) for sprite, x, y, dx, dy in ahead]
        blits += [(sprite, (x + dx * p, y + dy * p)) for sprite, x, y, dx, dy in meet]
        blits += [(sprite, (x + dx * back, y + dy * back)) for sprite, x, y, dx, dy in meet]
        surface.fblits(blits)

    def _dash_sprites(self, long_: int, thick: int) -> tuple[pygame.Surface, pygame.Surface]:
        key = ("dash", long_, thick)
        sprites = self._marks.get(key)
        if sprites is None:
            flat = pygame.Surface((long_, thick))
            flat.fill(DASH)
            tall = pygame.Surface((thick, long_))
            tall.fill(DASH)
            sprites = self._marks[key] = (flat, tall)
        return sprites

    def _draw_marks(self, surface: pygame.Surface, geo: BoardGeometry, alpha: int) -> None:
        """Split and cut-off marks of the settled road: one ``fblits``, plus short tethers
        from a lifeline lot towards each structure it keeps on the road."""
        key = (geo, self.drawn, self.splitting, self.lifelines)
        if self._marks_key != key:
            self._marks_key = key
            centres = self._centres(geo)
            split, life = self._mark("split", geo.lot), self._mark("life", geo.lot)
            blits, tethers = [], []
            for lot in bits(self.splitting & self.drawn):
                blits.append((split, geo.lot_rect(lot).topleft))
            for lot in bits(self.lifelines & self.drawn):
                blits.append((life, geo.lot_rect(lot).topleft))
                for s in (self.road.cut_off_by(lot) if self.road is not None else ()):
                    (cx, cy), (tx, ty) = centres[lot], centres[s]
                    dx, dy = tx - cx, ty - cy
                    n = max(1.0, (dx * dx + dy * dy) ** 0.5)
                    tethers.append(((geo.x + cx + dx / n * geo.lot * 0.22, geo.y + cy + dy / n * geo.lot * 0.22),
                                    (geo.x + cx + dx / n * geo.lot * 0.46, geo.y + cy + dy / n * geo.lot * 0.46)))
            self._mark_blits, self._tethers = blits, tethers
        for kind in ("split", "life"):
            self._mark(kind, geo.lot).set_alpha(alpha)
        surface.fblits(self._mark_blits)
        if alpha > 128:
            width = max(2, geo.lot // 18)
            for p, q in self._tethers:
                pygame.draw.line(surface, LIFE_INK, p, q, width)

    def _mark(self, kind: str, size: int) -> pygame.Surface:
        key = (kind, size)
        surf = self._marks.get(key)
        if surf is None:
            surf = self._marks[key] = _make_mark(kind, size)
        return surf


def _cell(centres, lot: int, size: int) -> pygame.Rect:
    """The lot's square grown halfway to each neighbouring lot (open-field lots meet)."""
    (cx, cy), col, row = centres[lot], lot % COLUMNS, lot // COLUMNS
    xs = [centres[lot + d][0] for d, ok in ((-1, col > 0), (1, col < COLUMNS - 1)) if ok]
    ys = [centres[lot + d][1] for d, ok in ((-COLUMNS, row > 0), (COLUMNS, row < ROWS - 1)) if ok]

    def reach(values: list, centre: float, side: int) -> float:
        near = [abs(v - centre) / 2 for v in values if (v - centre) * side > 0]
        return min(near) if near else size / 2

    left, right = cx - reach(xs, cx, -1), cx + reach(xs, cx, 1)
    top, bottom = cy - reach(ys, cy, -1), cy + reach(ys, cy, 1)
    return pygame.Rect(int(left), int(top), int(round(right - left)), int(round(bottom - top)))


def open_lots(mask: int) -> int:
    """The lots of ``mask`` whose eight neighbours on the board are in ``mask`` too."""
    out = 0
    for lot in bits(mask):
        if all(mask >> x & 1 for x in _block(lot, 1)):
            out |= 1 << lot
    return out


def _block(lot: int, radius: int) -> list[int]:
    """The lots within ``radius`` columns and rows of ``lot`` (a square, on the board)."""
    col, row = lot % COLUMNS, lot // COLUMNS
    return [r * COLUMNS + c for r in range(max(0, row - radius), min(ROWS, row + radius + 1))
            for c in range(max(0, col - radius), min(COLUMNS, col + radius + 1))]


def _block_mask(lot: int, radius: int) -> int:
    return sum(1 << x for x in _block(lot, radius))


def _segment(p, q, half: float) -> pygame.Rect:
    """The axis-aligned rectangle of a road piece from ``p`` to ``q``, ``half`` thick each side."""
    x0, x1 = sorted((p[0], q[0]))
    y0, y1 = sorted((p[1], q[1]))
    return pygame.Rect(int(round(x0 - half)), int(round(y0 - half)),
                       max(1, int(round(x1 - x0 + 2 * half))), max(1, int(round(y1 - y0 + 2 * half))))


def _make_mark(kind: str, size: int) -> pygame.Surface:
    """``split``: two slashes across the road (building here breaks it in two);
    ``life``: a small ring (building here leaves a structure without road)."""
    ss = 3
    n = size * ss
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    w = max(3, n // 16)
    if kind == "split":
        for off in (-0.08, 0.08):
            x = n * (0.5 + off)
            pygame.draw.line(big, (*SPLIT_INK, 200), (x - n * 0.08, n * 0.64), (x + n * 0.08, n * 0.36), w)
    else:
        pygame.draw.circle(big, (*LIFE_INK, 215), (n // 2, n // 2), n * 0.15, w)
    return pygame.transform.smoothscale(big, (size, size))
