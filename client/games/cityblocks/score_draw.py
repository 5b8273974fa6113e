"""Drawing the score show: the colour in focus on a dimmed board (area flooding in, other
groups flashing their sizes, free edges lighting up, the total popping up), the seat
panels' rows and the seat table. Reads the scene and its ``BeatView``; changes nothing."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from client import theme
from client.scenes.layout import banner_room, table_rects
from client.view.widgets import draw_panel

from . import look
from .score_beats import describe
from .score_plan import ColourBeat, TableBeat
from .tray import draw_header
from .words import _, ngettext

if TYPE_CHECKING:
    from .score import ScoreScene
    from .score_beats import BeatView
    from .tray import SeatPanel

EDGE_LIT = (255, 236, 120)
EDGE_ON_YELLOW = (90, 235, 255)


def edge_colour(colour: int) -> tuple[int, int, int]:
    """The lit free edges: warm yellow, cyan on the yellow colour's squares."""
    return EDGE_ON_YELLOW if colour == 3 else EDGE_LIT


def draw_beat(scene: "ScoreScene", surface: pygame.Surface, view: "BeatView", cb: bool) -> None:
    beat = view.beat
    assert isinstance(beat, ColourBeat)
    geo = scene.geo
    shade = pygame.Surface(geo.rect.size, pygame.SRCALPHA)
    shade.fill((6, 6, 18, 170))
    surface.blit(shade, geo.rect.topleft)
    cell = geo.cell
    own = look.tile(beat.colour, cell, cb, 120)
    for sq in look.squares_of(scene.state.boards[beat.colour]):
        surface.blit(own, geo.square_rect(sq))
    lit = beat.area_squares[:view.area]
    bright = look.tile(beat.colour, cell, cb)
    glow = pygame.Surface((cell, cell), pygame.SRCALPHA)
    glow.fill((255, 255, 255, 45))
    for sq in lit:
        r = geo.square_rect(sq)
        surface.blit(bright, r)
        surface.blit(glow, r)
    if lit:
        look.outline(surface, geo, lit, (255, 255, 255), max(2, cell // 8))
    if beat.others and view.groups > 0:
        blink = 0.5 + 0.5 * math.cos(view.groups * math.pi * 6) if view.groups < 1 else 0.0
        edge = theme.mixc(look.colour_rgb(beat.colour, cb), (255, 255, 255), blink)
        for size, squares in beat.others:
            look.outline(surface, geo, squares, edge, max(2, cell // 10))
            first = geo.square_rect(squares[0])
            badge(scene, surface, str(size), first.center, edge, max(12, int(cell * 0.6)))
    width = max(3, cell // 6)
    lit_edge = edge_colour(beat.colour)
    for sq, side in beat.edges[:view.edges]:
        a, b = look.edge_line(geo, sq, side)
        pygame.draw.line(surface, lit_edge, a, b, width)
    size = max(16, int(scene.top_h * 0.45))
    x = scene.top_rect.right - scene.margin
    colour = look.colour_rgb(beat.colour, cb)
    # TRANSLATORS: the two counters of the score show's top bar: AREA 12, EDGES 30.
    shown = [(_("AREA {n}"), view.area, colour), (_("EDGES {n}"), view.edges, lit_edge)][
        :2 if view.edges or view.total else 1]
    for label, value, ink in reversed(shown):  # the counters, at the right of the top bar
        img = scene.app.text.shadowed(label.format(n=value), size, ink, (0, 0, 0), 2, bold=True)
        box = img.get_rect().inflate(18, 8)
        box.midright = (x, scene.top_rect.centery)
        draw_panel(surface, box, alpha=235)
        surface.blit(img, img.get_rect(center=box.center))
        x = box.x - 10
    if view.total > 0:
        text = f"{beat.area} + {beat.edge_count} = {beat.total}"
        img = scene.app.text.shadowed(text, int(cell * 1.6 * min(1.2, view.total)), theme.ACCENT, (0, 0, 0), 3,
                                      bold=True)
        box = img.get_rect(center=geo.rect.center).inflate(30, 16)
        draw_panel(surface, box, glow=colour, alpha=235)
        surface.blit(img, img.get_rect(center=box.center))
        if beat.seat is None:
            note = scene.app.text.render(_("blue is shared: it scores for nobody"), max(13, cell // 2), theme.TEXT)
            backed(surface, note, note.get_rect(midtop=(box.centerx, box.bottom + 8)))


def backed(surface: pygame.Surface, img: pygame.Surface, at: pygame.Rect) -> None:
    """A note on a dark backing: it sits over the board's coloured squares."""
    back = at.inflate(20, 8)
    pygame.draw.rect(surface, (12, 12, 28), back, border_radius=back.h // 2)
    pygame.draw.rect(surface, theme.PANEL_EDGE, back, 1, border_radius=back.h // 2)
    surface.blit(img, at)


def badge(scene, surface: pygame.Surface, text: str, centre, edge, size: int) -> None:
    img = scene.app.text.render(text, size, theme.TEXT, bold=True)
    box = img.get_rect(center=centre).inflate(10, 4)
    pygame.draw.rect(surface, (12, 12, 28), box, border_radius=box.h // 2)
    pygame.draw.rect(surface, edge, box, 2, border_radius=box.h // 2)
    surface.blit(img, img.get_rect(center=box.center))


def colour_numbers(scene: "ScoreScene", colour: int) -> tuple[int, int, int, bool] | None:
    """(area, edges, total, finished) of a colour as the show has told it so far."""
    beat = next(b for b in scene.beats if isinstance(b, ColourBeat) and b.colour == colour)
    if colour in scene.counted:
        return beat.area, beat.edge_count, beat.total, True
    view = scene.view
    if view.beat is beat:
        return view.area, view.edges, beat.total if view.total > 0 else view.area + view.edges, view.total > 0
    return None


def status_words(scene: "ScoreScene") -> tuple[str, tuple[int, int, int]]:
    """The bottom line: the colour being counted, or the keys."""
    beat = scene.view.beat
    if scene.stage == "show" and isinstance(beat, ColourBeat):
        # TRANSLATORS: the score show's live line: "BLUE:  largest area 12 · free edges 30 = 42".
        return (_("{colour}:  {count}").format(colour=beat.title, count=describe(scene.view)),
                look.colour_rgb(beat.colour, scene.app.options.colour_blind))
    if scene.stage == "show":
        return _("Space: next step · F: fast · S: skip to the end"), theme.TEXT_DIM
    return _("T: show or hide the table. Each colour scored its largest area + its sides on empty squares."), \
        theme.TEXT_DIM


def draw_panels(scene: "ScoreScene", surface: pygame.Surface, cb: bool) -> None:
    """Each seat's header with its total as counted so far, then its colours' rows."""
    t = scene.app.text
    for panel in scene.board.panels:
        colours = [b.colour for b in scene.beats if isinstance(b, ColourBeat) and b.seat == panel.seat]
        if scene.players == 3 and panel.seat == scene.players - 1:
            colours.append(0)
        active = isinstance(scene.view.beat, ColourBeat) and scene.view.beat.seat == panel.seat
        winner = scene.stage == "final" and panel.seat in scene.beats[-1].winners
        draw_header(surface, t, panel, scene.seat_label(panel.seat), colours[:1] if scene.players == 3 else colours,
                    int(round(scene.totals[panel.seat])), active or winner, cb)
        draw_seat_rows(scene, surface, panel, colours, cb)


def draw_seat_rows(scene: "ScoreScene", surface: pygame.Surface, panel: "SeatPanel", colours: list[int],
                   cb: bool) -> None:
    """Per colour of the seat: area, other groups, edges and total, as told so far."""
    t = scene.app.text
    r = panel.rect
    size = max(12, int(panel.header_h * 0.5))
    y = r.y + panel.header_h + max(14, int(scene.size[1] * 0.022)) + 4
    for colour in colours:
        nums = colour_numbers(scene, colour)
        beat = next(b for b in scene.beats if isinstance(b, ColourBeat) and b.colour == colour)
        name = look.name(colour).upper()
        if beat.seat is None:
            name = _("{colour} (shared)").format(colour=name)
        img = t.fitted(name, size, look.colour_rgb(colour, cb), r.w - 2 * panel.pad - 8, bold=True)
        surface.blit(img, (r.x + panel.pad + 4, y))
        y += int(size * 1.35)
        if nums is None:
            img = t.render("…", size, theme.TEXT_DIM)
            surface.blit(img, (r.x + panel.pad + 12, y))
            y += int(size * 1.6)
            continue
        area, edges, total, done = nums
        others = ", ".join(str(s) for s, _squares in beat.others) or _("none")
        # TRANSLATORS: the rows of a colour's count in its seat panel (a label, then a number).
        rows = [(_("largest area"), str(area)), (_("other groups"), others), (_("free edges"), str(edges))]
        if done:
            rows.append((_("total"), str(total)))
        room = r.w - 2 * panel.pad - 30
        for k, (label, value) in enumerate(rows):
            is_total = k == 3
            left = t.fitted(label, size, theme.TEXT_DIM, room * 2 // 3)
            # a long list of group sizes (data) gives way before the label does
            right = t.fitted(value, size, theme.ACCENT if is_total else theme.TEXT, room - left.get_width(),
                             bold=is_total)
            surface.blit(left, (r.x + panel.pad + 12, y))
            surface.blit(right, (r.right - panel.pad - 6 - right.get_width(), y))
            y += int(size * 1.25)
        y += size // 2
        if y > r.bottom - size:
            break


def table_between_panels(scene: "ScoreScene") -> tuple[pygame.Rect, pygame.Rect, list[pygame.Rect]]:
    """The shell's final table, narrowed to the room between the seat panels: the
    panels' rows (other groups, free edges, totals) stay readable beside it."""
    box, header, rows = table_rects(scene.size, scene.players, banner_room(scene.size))
    mid, gap = scene.size[0] // 2, max(4, scene.size[1] // 160)
    left = max((p.rect.right for p in scene.board.panels if p.rect.centerx < mid), default=0) + gap
    right = min((p.rect.left for p in scene.board.panels if p.rect.centerx > mid), default=scene.size[0]) - gap
    if box.left >= left and box.right <= right:
        return box, header, rows
    box = pygame.Rect(left, box.y, right - left, box.h)

    def inside(r: pygame.Rect) -> pygame.Rect:
        return pygame.Rect(box.x + gap, r.y, box.w - 2 * gap, r.h)
    return box, inside(header), [inside(r) for r in rows]


def table_cover(scene: "ScoreScene") -> tuple[pygame.Rect, ...]:
    """What the final table covers while it shows (its box and, with 3 players, the note
    under it), for the winner's banner to avoid."""
    shown = (isinstance(scene.view.beat, TableBeat) and scene.view.table > 0) or \
        (scene.stage == "final" and not scene.table_hidden)
    if not shown:
        return ()
    box, header, _rows = table_between_panels(scene)
    note = shared_note(scene, box, header)
    return (box,) if note is None else (box, note[1].inflate(20, 8))


def draw_table(scene: "ScoreScene", surface: pygame.Surface, beat: TableBeat, p: float, cb: bool,
               compact: bool = False) -> None:
    """The seat table: place, seat (its colours), total; the winners lit."""
    if compact and scene.table_hidden:
        return
    box, header, rows = table_between_panels(scene)
    t = scene.app.text
    panel = pygame.Surface(box.size, pygame.SRCALPHA)
    draw_panel(panel, panel.get_rect(), glow=theme.ACCENT, alpha=240)
    panel.set_alpha(int(255 * min(1.0, p * 1.5)))
    surface.blit(panel, box)
    size = max(13, int(header.h * 0.45))
    # TRANSLATORS: the final table's column headings.
    for text, x, end in ((_("PLACE"), 0.03, 0.17), (_("SEAT"), 0.18, 0.79), (_("SCORE"), 0.8, 0.99)):
        img = t.fitted(text, size, theme.TEXT_DIM, int(header.w * (end - x)), bold=True)
        surface.blit(img, (header.x + int(header.w * x), header.centery - img.get_height() // 2))
    order = sorted(beat.rows, key=lambda row: (row.place, row.seat))
    for k, (row, rect) in enumerate(zip(order, rows)):
        shown = min(1.0, max(0.0, p * (len(rows) + 1) - k))
        if shown <= 0:
            continue
        win = row.seat in beat.winners
        if win:
            pygame.draw.rect(surface, theme.mixc(theme.PANEL, theme.ACCENT, 0.25), rect, border_radius=8)
        place = t.shadowed(f"{row.place}.", int(rect.h * 0.55), theme.ACCENT if win else theme.TEXT, (0, 0, 0), 2,
                           bold=True)
        surface.blit(place, (rect.x + int(rect.w * 0.03), rect.centery - place.get_height() // 2))
        x = rect.x + int(rect.w * 0.18)
        chip = int(rect.h * 0.45)
        for c in row.colours:
            surface.blit(look.tile(c, chip, cb), (x, rect.centery - chip // 2))
            x += chip + 4
        label = scene.seat_label(row.seat)
        if row.left:
            # TRANSLATORS: after a seat in the final table: it left the game.
            label = _("{seat}  (left)").format(seat=label)
        if win:
            label = _("{seat}  WINNER").format(seat=label)
        img = t.fitted(label, int(rect.h * 0.45), theme.TEXT, rect.x + int(rect.w * 0.79) - x - 8, bold=win)
        surface.blit(img, (x + 8, rect.centery - img.get_height() // 2))
        total = t.shadowed(str(int(round(row.total * shown))), int(rect.h * 0.6), theme.ACCENT, (0, 0, 0), 2,
                           bold=True)
        surface.blit(total, (rect.x + int(rect.w * 0.8), rect.centery - total.get_height() // 2))
    note = shared_note(scene, box, header)
    if note is not None:
        backed(surface, *note)


def shared_note(scene: "ScoreScene", box: pygame.Rect, header: pygame.Rect
                ) -> tuple[pygame.Surface, pygame.Rect] | None:
    """3 players: the line under the table saying what the shared blue scored, and where."""
    if scene.players != 3:
        return None
    note = scene.app.text.fitted(ngettext("Blue (shared) scored {n} point for nobody.",
                                          "Blue (shared) scored {n} points for nobody.",
                                          scene.beats[0].total).format(n=scene.beats[0].total),
                                 max(13, int(header.h * 0.45)), theme.TEXT, scene.size[0] - 40)
    return note, note.get_rect(midtop=(box.centerx, box.bottom + 8))

