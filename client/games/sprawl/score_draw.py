"""Drawing the Sprawl end show: the dead tree in focus (outlined, the rest of the board
dimmed), pieces flying home to their stashes, the tie-break box and the final table.
Reads the score scene; changes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from client import theme
from client.scenes.layout import banner_room, table_rects
from client.scenes.standings import ordinal
from client.view.widgets import draw_panel
from shared.sprawl.board import square_name
from shared.sprawl.foresight import ended_text
from shared.sprawl.scoring import TIE_WORDS
from shared.sprawl.words import _, ngettext, pips, sentence

from . import look
from .overlays import dead_reasons, outline
from .score_plan import Row, TableBeat, TieBeat, TreeBeat

if TYPE_CHECKING:
    from .score import ScoreScene


def draw_tree_focus(scene: "ScoreScene", surface: pygame.Surface, beat: TreeBeat, cb: bool) -> None:
    geo = scene.geo
    squares = {sq for _, sq, _ in beat.pieces} | {beat.tree}
    shade = pygame.Surface((geo.cell, geo.cell), pygame.SRCALPHA)
    shade.fill((6, 6, 18, 150))
    for sq in geo.squares():
        if sq not in squares:
            surface.blit(shade, geo.square_rect(sq))
    width = max(3, geo.cell // 16)
    colour = theme.mixc(look.colour_rgb(beat.owner, cb), (255, 255, 255), 0.4)
    outline(surface, geo, squares, colour, width, backing=False)


def panel_target(scene: "ScoreScene", seat: int) -> tuple[int, int]:
    rect, header_h = scene.board.panel_rects[seat], scene.board.header_h
    return rect.x + rect.w // 3, rect.y + header_h + max(12, (rect.h - header_h) // 3)


def draw_flying(scene: "ScoreScene", surface: pygame.Surface, cb: bool) -> None:
    cell = scene.geo.cell
    for seat, sq, size, p in scene.tally.flying:
        sx, sy = scene.geo.centre(sq)
        tx, ty = panel_target(scene, seat)
        arc = -abs(tx - sx) * 0.25 * 4 * p * (1 - p)
        x, y = sx + (tx - sx) * p, sy + (ty - sy) * p + arc
        px = max(10, int(cell * (1 - 0.7 * p)))
        img = look.upright(seat, size, px, cb)
        surface.blit(img, img.get_rect(center=(int(x), int(y))))


def draw_ties(scene: "ScoreScene", surface: pygame.Surface, alpha: float, cb: bool) -> None:
    """The seats tied on pips, the engine's figures in order (column heads once, on top),
    the figure that decides lit; a group still equal says it shares the place."""
    beat = next(b for b in scene.beats if isinstance(b, TieBeat))
    t = scene.app.text
    size = max(13, int(scene.size[1] * 0.021))
    small = max(11, size - 3)
    line = int(size * 1.5)
    names = list(TIE_WORDS)
    col_w = int(size * 6.2)
    first_col = int(size * 8)
    heads = [t.wrap(_(TIE_WORDS[n]), small, col_w - 8)[:2] for n in names]
    head_h = max(len(h) for h in heads) * (small + 2) + 6
    rows = sum(len(g.seats) + 2 for g in beat.groups)
    w = min(scene.size[0] - 40, first_col + col_w * len(names) + 12)
    h = int(size * 1.8) + head_h + rows * line + size
    box = pygame.Rect(0, 0, w, h)
    box.center = scene.geo.rect.center
    box.clamp_ip(pygame.Rect(0, scene.top_h, scene.size[0], scene.bottom_rect.y - scene.top_h))
    layer = pygame.Surface(scene.size, pygame.SRCALPHA)
    draw_panel(layer, box, glow=theme.ACCENT_2, alpha=250)
    y = box.y + size // 2
    head = t.fitted(_("TIE-BREAKS: the first figure that differs decides (more is better)"), size, theme.ACCENT,
                    box.w - 24, bold=True)
    layer.blit(head, (box.x + 12, y))
    y += int(size * 1.6)
    x0 = box.x + first_col
    for i, words in enumerate(heads):
        for j, text in enumerate(words):
            layer.blit(t.render(text, small, theme.TEXT_DIM), (x0 + i * col_w, y + j * (small + 2)))
    y += head_h
    for g in beat.groups:
        tied = ngettext("tied on {n} pip", "tied on {n} pips", g.stash).format(n=g.stash)
        layer.blit(t.fitted(tied, small, theme.ACCENT_2, box.w - 24, bold=True), (box.x + 12, y))
        y += line
        for seat, figs in zip(g.seats, g.figures):
            pygame.draw.circle(layer, look.colour_rgb(seat, cb), (box.x + 20, y + size // 2), size // 2)
            layer.blit(t.fitted(look.name(seat), size, theme.TEXT, first_col - 28 - size, bold=True),
                       (box.x + 20 + size, y))
            for i, value in enumerate(figs):
                lit = names[i] == g.decided_by
                img = t.render(str(value), size, theme.ACCENT if lit else theme.TEXT, bold=lit)
                layer.blit(img, (x0 + i * col_w + col_w // 3, y))
            y += line
        note = _("still equal: they share the place") if g.decided_by is None else \
            _("decided by {figure}").format(figure=_(TIE_WORDS[g.decided_by]))
        layer.blit(t.fitted(note, small, theme.TEXT_DIM, box.w - 32), (box.x + 20, y))
        y += line
    layer.set_alpha(int(255 * min(1.0, alpha)))
    surface.blit(layer, (0, 0))


def tie_words(row: Row) -> str | None:
    """Why a seat tied on pips with the seat above it is placed below it (None: no tie)."""
    if row.tied_with is None:
        return None
    if row.behind_on is None:
        # TRANSLATORS: in the final table, under a seat tied on pips with {colour} (the row above).
        return _("tied with {colour} on every count: the place is shared").format(colour=look.name(row.tied_with))
    # TRANSLATORS: in the final table; {figure}: a tie-break count, e.g. "squares in live trees".
    return _("tied on pips with {colour}, fewer {figure}").format(
        colour=look.name(row.tied_with), figure=_(TIE_WORDS[row.behind_on]))


def table_layout(scene: "ScoreScene") -> tuple[pygame.Rect, pygame.Rect, list[pygame.Rect]]:
    """The final table's box, header and rows, with room above it for the winner's banner."""
    return table_rects(scene.size, scene.players, banner_room(scene.size))


def table_cover(scene: "ScoreScene") -> tuple[pygame.Rect, ...]:
    """What the final table covers while it shows (its framed box), for the banner to avoid."""
    if scene.tally.table <= 0 or (scene.stage == "final" and scene.table_hidden):
        return ()
    return (table_layout(scene)[0].inflate(16, 16),)


def draw_table(scene: "ScoreScene", surface: pygame.Surface, beat: TableBeat, p: float, cb: bool) -> None:
    """The final table: place, colour, stash pips per seat, winners lit (3-8 rows)."""
    t = scene.app.text
    box, header, rows = table_layout(scene)
    shift = int((1 - p) * scene.size[1] * 0.3)
    layer = pygame.Surface(scene.size, pygame.SRCALPHA)
    draw_panel(layer, box.inflate(16, 16), glow=theme.ACCENT, alpha=240)
    size = max(13, int(header.h * 0.48))
    words, big = t.fit(_("FINAL TABLE: FEWEST PIPS WINS"), int(header.h * 0.6), box.w, bold=True, display=True)
    title = t.shadowed(words, big, theme.ACCENT, (0, 0, 0), 2, bold=True)
    layer.blit(title, title.get_rect(center=header.center))
    for rect, row in zip(rows, beat.rows):
        first = row.place == 1
        pygame.draw.rect(layer, (50, 56, 116) if first else (30, 34, 70), rect, border_radius=8)
        if first:
            pygame.draw.rect(layer, theme.ACCENT, rect, 2, border_radius=8)
        x = rect.x + 12
        img = t.render(ordinal(row.place), size, theme.ACCENT if first else theme.TEXT_DIM, bold=True)
        layer.blit(img, (x, rect.centery - img.get_height() // 2))
        x += int(rect.w * 0.1)
        chip = max(12, rect.h - 8)
        layer.blit(look.upright(row.seat, 3, chip, cb), (x, rect.centery - chip // 2))
        label = scene.seat_label(row.seat) + (" " + _("(left the game)") if row.left else "")
        total = t.render(pips(row.stash), size, theme.TEXT, bold=True)
        room = rect.right - total.get_width() - 24 - (x + chip + 10)
        img = t.fitted(label, size, theme.TEXT, room, bold=first)
        tie = tie_words(row)
        if tie is None:
            layer.blit(img, (x + chip + 10, rect.centery - img.get_height() // 2))
        else:  # the label and, under it, why this seat is below the one it tied with
            note = t.fitted(tie, max(12, int(size * 0.72)), theme.ACCENT_2, room)
            top = rect.centery - (img.get_height() + note.get_height()) // 2
            layer.blit(img, (x + chip + 10, top))
            layer.blit(note, (x + chip + 10, top + img.get_height()))
        layer.blit(total, (rect.right - total.get_width() - 12, rect.centery - total.get_height() // 2))
    layer.set_alpha(int(255 * min(1.0, p)))
    surface.blit(layer, (0, shift))


def status_words(scene: "ScoreScene") -> tuple[str, tuple[int, int, int]]:
    """The bottom line: the dead tree in focus and why it died, the stash being counted,
    else why the game ended and the keys."""
    cb = scene.app.options.colour_blind
    focus, counting = scene.tally.focus, scene.tally.counting
    if focus is not None:
        reason = dead_reasons(scene.state).get(focus.tree, focus.reason)   # in today's words
        text = sentence(reason) if reason else _("The tree on {square} is dead.").format(
            square=square_name(focus.tree))
        return text + " " + _("Its pieces go back to their stashes."), look.text_rgb(focus.owner, cb)
    if counting is not None:
        s = scene.tally.score["seats"][counting]
        back = sum(r["size"] for r in s["returned"])
        n = s["stash"]   # the final figure: the counter beside the panel runs up to it
        return ngettext("{colour}'s stash: {n} pip ({on_hand} on hand + {back} back from dead trees)",
                        "{colour}'s stash: {n} pips ({on_hand} on hand + {back} back from dead trees)", n).format(
            colour=look.name(counting), n=n, on_hand=s["on_hand"], back=back), look.text_rgb(counting, cb)
    ended = ended_text(scene.state)  # why it ended stays said through the show and after
    keys = _("Space: next step · F: fast · S: skip to the end") if scene.stage == "show" else \
        _("T shows or hides the table. The fewest pips left in the stash wins.")
    return (keys if ended is None else f"{ended} {keys}"), theme.TEXT_DIM
