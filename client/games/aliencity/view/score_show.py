"""Drawing the end-of-game score show: the spotlight, each beat's marks on the board,
the points flying to a total, the score panels (which end as a table of every number),
the totals card and the unpaid-bonus chips. Everything here only reads display values
(``BeatView``, shown totals) and the engine's breakdown."""

from __future__ import annotations

import math
from typing import Callable

import pygame

from client import theme
from shared.aliencity import PIECES, Colour, GameState, Player, ScoreBreakdown, lot_name
from shared.aliencity.geometry import bits
from shared.aliencity.scoring import BONUS_REACH
from shared.i18n import domain

from .. import look, terms
from ..insight import Reach
from ..score_plan import BonusBeat, LocationBeat, TowerBeat, reason_word, tower_name
from .board_view import BoardGeometry, boards
from .lotkit import COUNT_INK, GOLD, NOT_INK, PATH_INK, LotKit, draw_trace, path_points, player_pill_colours
from .pathing import WAVE_SPEED, Wave, draw_wave

_, N_, ngettext, pgettext = domain("aliencity")

# A green bonus in words, per bonus colour (red, blue): the paid row's name in a score
# panel, and an unpaid one's chip under the board (the lot of the green tower, why not).
PAID_ROW = {Colour.RED: N_("red bonus {lot}"), Colour.BLUE: N_("blue bonus {lot}")}
UNPAID = {Colour.RED: N_("{lot}: red bonus not paid, {why}"),
          Colour.BLUE: N_("{lot}: blue bonus not paid, {why}")}

Row = tuple[str, int, Colour, str, int]  # kind, lot, colour, formula, points


class Spotlight:
    """A board-wide shade with a soft round hole that glides to the lot in focus."""

    def __init__(self) -> None:
        self._cache: tuple | None = None

    def _surface(self, geo: BoardGeometry) -> pygame.Surface:
        key = (geo.width, geo.height, geo.lot)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        w, h = geo.width * 2, geo.height * 2
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        dark = 190
        surf.fill((4, 4, 18, dark))
        inner, outer = geo.lot * 2.1, geo.lot * 3.3
        steps = 28
        for i in range(steps + 1):
            t = i / steps
            r = outer - (outer - inner) * t
            a = int(dark * (1 - t) ** 1.6)
            pygame.draw.circle(surf, (4, 4, 18, a), (w // 2, h // 2), r)
        self._cache = (key, surf)
        return surf

    def draw(self, surface: pygame.Surface, geo: BoardGeometry, centre: tuple[float, float], strength: float) -> None:
        if strength <= 0.01:
            return
        surf = self._surface(geo)
        surf.set_alpha(int(255 * min(1.0, strength)))
        clip = surface.get_clip()
        surface.set_clip(geo.rect)
        surface.blit(surf, (int(centre[0] - surf.get_width() / 2), int(centre[1] - surf.get_height() / 2)))
        surface.set_clip(clip)


def colour_ink(colour: Colour, cb: bool) -> tuple[int, int, int]:
    return look.palette(cb).piece[colour]


# -- the beats on the board -------------------------------------------------------------
def draw_beat(surface: pygame.Surface, geo: BoardGeometry, kit: LotKit, state: GameState, view, reach: Reach | None,
              clock: float, cb: bool, badges: tuple[pygame.Rect, ...] = ()) -> None:
    """The beat's marks; its caption (the count, the equation, a verdict) clear of ``badges``."""
    beat = view.beat
    if isinstance(beat, TowerBeat):
        _tower(surface, geo, kit, beat, view, reach, clock, badges)
    elif isinstance(beat, BonusBeat):
        _bonus(surface, geo, kit, beat, view, clock, cb, badges)
    elif isinstance(beat, LocationBeat):
        _location(surface, geo, kit, beat, view, badges)


def corner_rect(geo: BoardGeometry, lot: int, scale: float) -> pygame.Rect:
    """Room for a small mark in a lot's top-right corner (a customer's number, the walked
    distance, an excluded customer's slash), a caption keeps clear of."""
    h = max(14, int(geo.lot * scale))
    r = geo.lot_rect(lot)
    return pygame.Rect(int(r.right - h * 1.25), int(r.top - h * 0.3), int(h * 1.9), int(h * 1.1))


def _numbered(surface: pygame.Surface, geo: BoardGeometry, kit: LotKit, lot: int, n: int) -> None:
    r = geo.lot_rect(lot)
    surface.blit(kit.ring(geo.lot, COUNT_INK, 0.08), r)
    h = max(14, int(geo.lot * 0.36))
    pill = kit.pill(str(n), h, (10, 30, 14), COUNT_INK, (20, 80, 30))
    surface.blit(pill, pill.get_rect(center=(r.right - h * 0.25, r.top + h * 0.25)))


def _counter_pill(surface, geo, kit, pos, n: int, colour) -> None:
    h = max(16, int(geo.lot * 0.42))
    pill = kit.pill(str(n), h, (16, 12, 4), colour, (60, 40, 0))
    surface.blit(pill, pill.get_rect(midbottom=(pos[0], pos[1] - geo.lot * 0.18)))


def _tower(surface, geo, kit, beat: TowerBeat, view, reach: Reach | None, clock: float, badges) -> None:
    t = beat.tower
    badges = (*badges, *(corner_rect(geo, c.lot, 0.36) for c in t.customers),
              *(corner_rect(geo, lot, 0.36) for lot in beat.excluded))
    if t.competitor is not None:
        badges = (*badges, corner_rect(geo, t.competitor, 0.42))
    head = None
    traced = t.competitor is not None and view.trace > 0

    def path_line() -> None:
        nonlocal head
        if traced:
            pts = path_points(geo, [t.lot, *t.path, t.competitor])
            head = draw_trace(surface, pts, view.trace, PATH_INK, max(4, geo.lot // 8), clock)

    if reach is not None and view.wave > 0:  # the customer range: road lots at 1 and 2
        wave = Wave(reach, age=view.wave / WAVE_SPEED)
        draw_wave(surface, geo, kit, wave, clock, trace=False, limit=2, rings=False, under=path_line)
    else:
        path_line()
    surface.blit(kit.ring(geo.lot, theme.ACCENT_2, 0.1), geo.lot_rect(t.lot))
    if view.excluded > 0:
        for lot in beat.excluded:
            ring = kit.ring(geo.lot, NOT_INK, 0.07, dashed=True)
            badge = kit.badge(geo.lot, "slash")
            ring.set_alpha(int(255 * view.excluded))
            badge.set_alpha(int(255 * view.excluded))
            r = geo.lot_rect(lot)
            surface.blit(ring, r)
            surface.blit(badge, badge.get_rect(center=(r.right - geo.lot * 0.16, r.top + geo.lot * 0.16)))
    for k, c in enumerate(t.customers[:view.lit]):
        _numbered(surface, geo, kit, c.lot, k + 1)
    if traced:
        if view.trace >= 1.0:
            tr = geo.lot_rect(t.competitor)
            surface.blit(kit.ring(geo.lot, GOLD, 0.1), tr)
            _corner_pill(surface, geo, kit, tr, view.counter, GOLD)
        elif head is not None:
            _counter_pill(surface, geo, kit, head, view.counter, GOLD)
    if t.competitor is None and view.verdict > 0 and view.equation <= 0:
        _stamp(surface, geo, kit, t.lot, _("NO OTHER {tower}").format(tower=tower_name(t.colour).upper()),
               view.verdict, theme.TEXT_DIM, badges)
    elif view.equation <= 0 and view.wave > 0:
        n = view.lit
        text = ngettext("{n} customer", "{n} customers", n).format(n=n) if view.trace <= 0 \
            else f"{n} × {t.competition}"   # the engine's distance: the head's pill ticks
        _live(surface, geo, kit, t.lot, text, badges, distance_tiles(geo, reach))
    _equation(surface, geo, kit, t.lot, beat.equation, view, badges, distance_tiles(geo, reach))


def distance_tiles(geo: BoardGeometry, reach: Reach | None) -> tuple[pygame.Rect, ...]:
    """The middles of the road lots the count numbers 1 and 2 round a tower (its
    customer range), where their numbers sit."""
    if reach is None:
        return ()
    inset = -(geo.lot // 4)
    return tuple(geo.lot_rect(lot).inflate(inset, inset) for layer in reach.layers[:2] for lot in bits(layer))


def _corner_pill(surface, geo, kit, r: pygame.Rect, n: int, colour) -> None:
    """The walked distance on the tower it reached (top-right corner)."""
    h = max(16, int(geo.lot * 0.42))
    pill = kit.pill(str(n), h, (16, 12, 4), colour, (60, 40, 0))
    surface.blit(pill, pill.get_rect(center=(r.right - h * 0.2, r.top + h * 0.2)))


def _bonus(surface, geo, kit, beat: BonusBeat, view, clock: float, cb: bool, badges) -> None:
    b = beat.bonus
    surface.blit(kit.ring(geo.lot, theme.ACCENT_2, 0.1), geo.lot_rect(b.green))
    ink = theme.mixc(colour_ink(b.colour, cb), (255, 255, 255), 0.25)
    if view.trace > 0:
        for tower, path in zip(b.towers, b.paths):
            pts = path_points(geo, [b.green, *path, tower])
            head = draw_trace(surface, pts, view.trace, ink, max(4, geo.lot // 8), clock)
            if view.trace >= 1.0:
                tr = geo.lot_rect(tower)
                surface.blit(kit.ring(geo.lot, ink, 0.1), tr)
                _corner_pill(surface, geo, kit, tr, view.counter, ink)
            elif head is not None:
                _counter_pill(surface, geo, kit, head, view.counter, ink)
    if b.paid_to is None and view.verdict > 0:
        _stamp(surface, geo, kit, b.green, reason_word(b.reason), view.verdict, theme.BAD, badges)
    elif b.paid_to is not None and view.equation > 0:
        _equation(surface, geo, kit, b.green, beat.equation, view, badges)
    elif view.trace > 0:
        _live(surface, geo, kit, b.green, _("{colour} at {n}").format(colour=terms.colour(b.colour), n=b.distance),
              badges)


def _location(surface, geo, kit, beat: LocationBeat, view, badges) -> None:
    t = beat.tower
    if view.tile > 0:
        r = geo.tile_rect(beat.tile).inflate(6, 6)
        glow = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(glow, (*GOLD, int(60 * view.tile)), glow.get_rect(), border_radius=geo.lot // 6)
        pygame.draw.rect(glow, (*GOLD, int(255 * view.tile)), glow.get_rect(), max(3, geo.lot // 14),
                         border_radius=geo.lot // 6)
        surface.blit(glow, r)
        label = kit.pill(_("tile rank {rank}").format(rank=beat.rank), max(16, int(geo.lot * 0.42)), (20, 16, 4), GOLD)
        label.set_alpha(int(255 * view.tile))
        surface.blit(label, label.get_rect(midtop=(r.centerx, r.bottom - 6)))
    surface.blit(kit.ring(geo.lot, theme.ACCENT_2, 0.1), geo.lot_rect(t.lot))
    if not t.location and view.verdict > 0:
        _stamp(surface, geo, kit, t.lot, _("SHARED RANK"), view.verdict, theme.BAD, badges)
    else:
        _equation(surface, geo, kit, t.lot, beat.equation, view, badges)


def _live(surface, geo, kit, lot: int, text: str, badges=(), tiles=()) -> None:
    """The counters as they tick, where the equation will pop up (off the distance ``tiles``)."""
    pill = kit.pill(text, max(18, int(geo.lot * 0.5)), theme.TEXT, (24, 26, 60), theme.ACCENT_2)
    _blit_on_board(surface, geo, pill, equation_anchor(geo, lot, pill.get_size(), badges, tiles))


def _blit_on_board(surface, geo, img: pygame.Surface, centre) -> None:
    """``img`` centred at ``centre`` but kept over the board: a long caption (a longer
    translation) shifts inwards, and one wider than the board is scaled down to fit."""
    limit = int(geo.rect.w * 0.96)
    if img.get_width() > limit:
        img = pygame.transform.smoothscale_by(img, limit / img.get_width())
    rect = img.get_rect(center=centre)
    rect.x = min(max(rect.x, geo.rect.x + 2), geo.rect.right - 2 - rect.w)
    surface.blit(img, rect)


def _equation(surface, geo, kit, lot: int, text: str, view, badges=(), tiles=()) -> None:
    """``customers × distance = points`` popping up beside the lot in focus."""
    if view.equation <= 0:
        return
    s = equation_surface(kit, geo, text)
    centre = equation_anchor(geo, lot, s.get_size(), badges, tiles)
    scale = max(0.05, view.equation)
    if view.flying or view.landed:
        s = s.copy()
        s.set_alpha(int(255 * (1 - 0.55 * (view.fly if view.flying else 1.0))))
    if abs(scale - 1.0) > 0.01:
        s = pygame.transform.smoothscale_by(s, scale)
    surface.blit(s, s.get_rect(center=centre))


def equation_surface(kit: LotKit, geo: BoardGeometry, text: str) -> pygame.Surface:
    return kit.pill(text, max(22, int(geo.lot * 0.72)), (20, 14, 0), theme.ACCENT, (255, 250, 220))


def equation_anchor(geo: BoardGeometry, lot: int, size: tuple[int, int] | None = None,
                    badges: tuple[pygame.Rect, ...] = (), tiles: tuple[pygame.Rect, ...] = ()) -> tuple[int, int]:
    """Where a caption of ``size`` about the lot goes: above it (below it near the top
    edge), inside the board, a few pixels clear of every tower's score badge (``badges``):
    when the first place touches one, the nearest that touches none, sliding sideways,
    then a row further out. A place that also keeps off ``tiles`` (the distance numbers
    the count shows round a tower) comes first when there is one."""
    r, lot_px = geo.lot_rect(lot), geo.lot
    up, down = r.top - lot_px * 0.45, r.bottom + lot_px * 0.45
    rows = [up, down] if r.top - lot_px > geo.y else [down, up]
    x = min(max(r.centerx, geo.x + lot_px * 1.8), geo.rect.right - lot_px * 1.8)
    if size is None or not (badges or tiles):
        return int(x), int(rows[0])
    lots = geo.rect.inflate(-2 * geo.pad, -2 * geo.pad)   # over the lots, not the coordinates round them
    w, h = min(size[0], lots.w - 4), size[1]
    overhang = int(max(14, int(lot_px * 0.4)) * 0.2) + 1   # the lot's own badge pokes above its top
    up, down = r.top - overhang - CLEAR // 2 - h / 2, r.bottom + CLEAR // 2 + h / 2
    rows = [up, down] if r.top - lot_px > geo.y else [down, up]
    rows += [y + (lot_px if y > r.centery else -lot_px) for y in rows]
    for avoid in ((*badges, *tiles), badges) if tiles else (badges,):
        for y in rows:
            for dx in (0, -0.5, 0.5, -1, 1, -1.5, 1.5, -2, 2, -2.5, 2.5):
                box = pygame.Rect(0, 0, w, h)
                box.center = (int(r.centerx + dx * lot_px), int(y))
                box.x = min(max(box.x, lots.x + 2), lots.right - 2 - w)
                if lots.contains(box) and not box.colliderect(r) and \
                        not any(box.inflate(CLEAR, CLEAR).colliderect(b) for b in avoid):
                    return box.center
    return int(x), int(rows[0])


CLEAR = 8   # pixels kept between a caption and a badge (4 each side)


def _stamp(surface, geo, kit, lot: int, text: str, p: float, colour, badges=()) -> None:
    """An unpaid verdict stamped across the lot, slightly tilted."""
    h = max(18, int(geo.lot * 0.46))
    pill = kit.pill(text, h, (255, 255, 255), theme.scale(colour, 0.55), colour)
    stamp = pygame.transform.rotozoom(pill, 8, max(0.05, min(1.2, p)))
    x, y = equation_anchor(geo, lot, pygame.transform.rotozoom(pill, 8, 1.2).get_size(), badges)
    _blit_on_board(surface, geo, stamp, (x, y))


def draw_flyer(surface: pygame.Surface, kit: LotKit, geo: BoardGeometry, start: tuple[int, int],
               end: tuple[int, int], p: float, points: int, owner: Player) -> None:
    """The points on their way to the owner's total: an arc that shrinks as it lands."""
    x = start[0] + (end[0] - start[0]) * p
    y = start[1] + (end[1] - start[1]) * p - math.sin(math.pi * p) * geo.lot * 1.6
    fg, bg, edge = player_pill_colours(owner)
    h = max(18, int(geo.lot * (0.72 - 0.1 * p)))
    pill = kit.pill(f"+{points}", h, fg, bg, theme.ACCENT)
    surface.blit(pill, pill.get_rect(center=(int(x), int(y))))


# -- the side panels ---------------------------------------------------------------------
def panel_frame(app, player: Player, size: tuple[int, int], header_h: int, pad: int, who: str,
                short: str = "") -> pygame.Surface:
    """A score panel's background and header naming the seat ``who`` (drawn once per size);
    ``short`` (the colour alone) where ``who`` would be cut."""
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    rad = max(8, w // 16)
    pygame.draw.rect(surf, (*theme.PANEL, 238), surf.get_rect(), border_radius=rad)
    pygame.draw.rect(surf, theme.PANEL_EDGE, surf.get_rect(), 2, border_radius=rad)
    band = pygame.Rect(0, 0, w, header_h)
    band_col = (60, 62, 84) if player is Player.BLACK else (210, 212, 226)
    pygame.draw.rect(surf, band_col, band, border_top_left_radius=rad, border_top_right_radius=rad)
    cap = boards(app).sprites.cap(player, int(header_h * 1.5))
    surf.blit(cap, (pad - header_h * 0.2, -header_h * 0.02))
    name_col = theme.TEXT if player is Player.BLACK else (20, 20, 30)
    room = int(w - pad * 2 - header_h * 1.1)
    text, size = app.text.fit(who.upper(), int(header_h * 0.55), room, bold=True)
    if short and text != who.upper():
        text, size = app.text.fit(short.upper(), int(header_h * 0.55), room, bold=True)
    name = app.text.render(text, size, name_col, bold=True)
    surf.blit(name, (pad + header_h * 1.1, (header_h - name.get_height()) // 2))
    return surf


def draw_panel_rows(surface: pygame.Surface, app, rect: pygame.Rect, header_h: int, pad: int, player: Player,
                    total: float, rows: list[Row], final: bool, won: bool, pulse: float, cb: bool) -> tuple[int, int]:
    """The running total and the scored rows; returns where the total sits (flyers aim there)."""
    t = app.text
    w = rect.w
    big_size = int(min(w * 0.2, rect.h * 0.09))
    y = rect.y + header_h + pad
    value = int(round(total))
    colour = theme.mixc(theme.ACCENT, (255, 255, 255), pulse)
    big = t.shadowed(str(value), big_size, colour, (0, 0, 0), 3, bold=True)
    room = w - 3 * pad - big.get_width()
    label = t.fitted(_("FINAL SCORE") if final else _("SCORE"), max(11, big_size // 3), theme.TEXT_DIM, room,
                     bold=True)
    surface.blit(label, (rect.x + pad, y + big_size // 3))
    anchor = (rect.right - pad - big.get_width() // 2, y + big.get_height() // 2)
    surface.blit(big, (rect.right - pad - big.get_width(), y))
    if won and final:
        crown = t.fitted(_("WINNER"), max(11, big_size // 3), theme.ACCENT, room, bold=True)
        surface.blit(crown, (rect.x + pad, y + big_size // 3 + label.get_height() + 2))
    y += big.get_height() + pad // 2
    size = max(12, int(min(w * 0.056, rect.h * 0.034)))
    line_h = int(size * 1.75)
    col_formula = rect.x + int(w * 0.52)
    col_points = rect.right - pad
    if rows or final:
        pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + pad, y), (rect.right - pad, y), 1)
        y += 6
        # TRANSLATORS: the score table's column heads: what scored, customers × distance, points
        # (short: the panel is narrow).
        heads = ((_("SCORED"), rect.x + pad, "l"), (_("CUST × DIST"), col_formula, "c"), (_("PTS"), col_points, "r"))
        for text, x, align in heads:
            img = t.fitted(text, max(10, int(size * 0.78)), theme.TEXT_DIM, int(w * 0.3), bold=True)
            _blit_aligned(surface, img, x, y, align)
        y += int(size * 1.2)
    sprites = boards(app).sprites
    for kind, lot, colour, formula, points in rows:
        if y > rect.bottom - line_h:
            break
        icon = int(size * 1.5)
        if kind == "bonus":
            sprite = sprites.get(PIECES[Colour.GREEN], None, icon, cb)
            name = _(PAID_ROW[colour]).format(lot=lot_name(lot)) if colour in PAID_ROW \
                else f"{lot_name(lot)} » {terms.colour(colour)}"
            ink = theme.GOOD
        elif kind == "location":
            sprite = sprites.get(PIECES[colour], player, icon, cb)
            # TRANSLATORS: a score table row: the location bonus of the tile under the tower on {lot}.
            name = _("{lot} tile").format(lot=lot_name(lot))
            ink = theme.ACCENT_2
            rank, shared = formula
            formula = (_("rank {rank} shared") if shared else _("rank {rank}")).format(rank=rank)
        else:
            sprite = sprites.get(PIECES[colour], player, icon, cb)
            name = f"{lot_name(lot)} {terms.colour(colour)}"
            ink = theme.TEXT
        surface.blit(sprite, (rect.x + pad - 2, y - icon * 0.22))
        if kind == "bonus":   # its words and its sum run up to the points (longer than a lot's)
            # TRANSLATORS: a bonus row of the final count: its name and its sum
            name, formula = _("{name}: {formula}").format(name=name, formula=formula), ""
            room = col_points - t.font(size, True).size(str(points))[0] - 8
        else:
            room = col_formula - int(w * 0.16)
        surface.blit(t.fitted(name, size, ink, room - (rect.x + pad + icon + 2), bold=kind == "tower"),
                     (rect.x + pad + icon + 2, y))
        _blit_aligned(surface, t.fitted(formula, size, theme.TEXT_DIM, int(w * 0.3)), col_formula, y, "c")
        _blit_aligned(surface, t.render(str(points), size, theme.ACCENT, bold=True), col_points, y, "r")
        y += line_h
    if final:
        pygame.draw.line(surface, theme.PANEL_EDGE, (rect.x + pad, y), (rect.right - pad, y), 1)
        y += 6
        surface.blit(t.fitted(_("TOTAL"), size, theme.TEXT, int(w * 0.6), bold=True), (rect.x + pad, y))
        _blit_aligned(surface, t.render(str(value), size + 2, theme.ACCENT, bold=True), col_points, y, "r")
        if not rows:
            surface.blit(t.fitted(_("no tower claimed, no bonus"), size, theme.TEXT_DIM, w - 2 * pad),
                         (rect.x + pad, y + line_h))
    return anchor


def _blit_aligned(surface: pygame.Surface, img: pygame.Surface, x: int, y: int, align: str) -> None:
    if align == "r":
        x -= img.get_width()
    elif align == "c":
        x -= img.get_width() // 2
    surface.blit(img, (x, y))


# -- totals and the final board ------------------------------------------------------------
def draw_totals_card(surface: pygame.Surface, app, geo: BoardGeometry, totals: tuple[int, int], roll: float,
                     winner: Player | None, who: Callable[[Player], str]) -> None:
    """Both totals rolling up in the middle of the board, the winner's lit once they land."""
    t = app.text
    box = pygame.Rect(0, 0, int(geo.width * 0.94), int(geo.lot * 3.7))
    box.center = (geo.rect.centerx, geo.rect.centery - geo.lot * 1.7)
    card = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(card, (10, 10, 30, 242), card.get_rect(), border_radius=18)
    pygame.draw.rect(card, (*theme.ACCENT, 255), card.get_rect(), 3, border_radius=18)
    pygame.draw.line(card, (*theme.PANEL_EDGE, 255), (box.w // 2, geo.lot * 0.75),
                     (box.w // 2, box.h - geo.lot * 0.4), 2)
    surface.blit(card, box)
    head = t.fitted(_("FINAL TOTALS"), max(12, int(geo.lot * 0.3)), theme.TEXT_DIM, box.w - 24, bold=True)
    surface.blit(head, head.get_rect(midtop=(box.centerx, box.y + geo.lot * 0.18)))
    done = roll >= 1.0
    for i, player in enumerate(Player):
        cx = box.x + box.w * (0.25 if i == 0 else 0.75)
        lit = done and winner is player
        cap = boards(app).sprites.cap(player, int(geo.lot * 2.0))
        surface.blit(cap, cap.get_rect(midtop=(cx, box.y + geo.lot * 0.36)))
        name = t.fitted(who(player).upper(), max(12, int(geo.lot * 0.3)),
                        theme.ACCENT if lit else theme.TEXT_DIM, box.w // 2 - 16, bold=True)
        surface.blit(name, name.get_rect(midtop=(cx, box.y + geo.lot * 1.55)))
        value = int(round(totals[i] * roll))
        big = t.shadowed(str(value), int(geo.lot * 1.1), theme.ACCENT if lit else theme.TEXT, (0, 0, 0), 3, bold=True)
        surface.blit(big, big.get_rect(midtop=(cx, box.y + geo.lot * 1.95)))


def lots_words(lots) -> str:
    """Lots in a sentence: "e5", "e5 and g7", "f3, a4 and a6"."""
    names = [lot_name(x) for x in lots]
    if len(names) < 3:
        # TRANSLATORS: between the lots of towers that tie: "e5 and g7"
        return _(" and ").join(names)
    return ", ".join(names[:-1]) + _(" and ") + names[-1]


def unpaid_chips(score: ScoreBreakdown) -> list[str]:
    """One short line per unpaid green bonus, from the engine's reasons and numbers."""
    out = []
    for b in score.bonuses:
        if b.paid_to is not None:
            continue
        where, many = lots_words(b.towers), len(b.towers)
        if b.reason == "no_tower":
            # TRANSLATORS: why a green bonus is not paid (after "f7: red bonus not paid, ")
            why = _("no tower of its colour can be reached")
        elif b.reason == "too_far":
            why = ngettext("{lots} is {n} away, more than {reach}", "{lots} are {n} away, more than {reach}",
                           many).format(lots=where, n=b.distance, reach=BONUS_REACH)
        elif b.reason == "tie":
            why = _("{lots} tie at {n}: nobody is paid").format(lots=where, n=b.distance)
        else:
            why = ngettext("{lots} at {n} is unclaimed", "{lots} at {n} are unclaimed", many).format(
                lots=where, n=b.distance)
        if b.colour in UNPAID:
            out.append(_(UNPAID[b.colour]).format(lot=lot_name(b.green), why=why))
        else:
            out.append(_("{lot} {colour}: {why}").format(lot=lot_name(b.green), colour=terms.colour(b.colour),
                                                         why=why))
    return out
