"""Live projections: what every claimed tower would score if the game ended now (a badge
on the tower), the customers x distance breakdown of a hovered structure (a card), and,
with a piece chosen, how a build on the hovered lot would change the projected scores.

Every number is read from the engine's ``ScoreBreakdown``/``TowerScore``.
"""

from __future__ import annotations

import pygame

from shared.aliencity import GameState, Player, ScoreBreakdown, TowerScore, lot_name

from client import theme
from client.assets import TextCache

from .. import look
from ..insight import Reach
from .board_view import BoardGeometry
from .lotkit import LotKit, player_pill_colours

Row = tuple[str, tuple[int, int, int]]


def tower_value(ts: TowerScore) -> int:
    """What a claimed tower adds to its owner's total (its points and location bonus)."""
    return ts.points + ts.location


def draw_tower_badges(surface: pygame.Surface, geo: BoardGeometry, kit: LotKit,
                      towers: dict[int, TowerScore], after: dict[int, TowerScore] | None = None,
                      hidden: frozenset[int] = frozenset(), value_of=None) -> None:
    """A pill on each claimed tower with its projected score; with ``after`` (a build
    preview) the towers whose score would change show old -> new and an arrow.
    ``value_of`` overrides what a badge says (the score show counts location later)."""
    value_of = value_of or tower_value
    h = max(14, int(geo.lot * 0.4))
    for lot, ts in towers.items():
        if lot in hidden:
            continue
        r = geo.lot_rect(lot)
        value = value_of(ts)
        fg, bg, edge = player_pill_colours(ts.owner)
        new = after.get(lot) if after is not None else None
        if new is not None and tower_value(new) != value:
            up = tower_value(new) > value
            pill = kit.pill(f"{value} » {tower_value(new)}", h, fg, bg, theme.GOOD if up else theme.BAD)
            box = pill.get_rect(midbottom=(r.centerx, r.top + h // 3))
            surface.blit(pill, box)
            arrow = kit.arrow(h, up)
            surface.blit(arrow, arrow.get_rect(midleft=(box.right + 1, box.centery)))
        else:
            pill = kit.pill(str(value), h, fg, bg, edge)
            surface.blit(pill, pill.get_rect(center=(r.right - h * 0.3, r.top + h * 0.3)))


def structure_rows(state: GameState, lot: int, reach: Reach, ts: TowerScore | None) -> tuple[str, list[Row]]:
    """Title and lines of the card for a hovered structure, from the engine's answers."""
    piece = state.piece_at(lot)
    owner = state.owner_at(lot)
    name = f"{piece.name().upper()} {lot_name(lot)}"
    rows: list[Row] = []
    if ts is None:  # a dome
        title = name
        if reach.target is not None:
            rows.append((f"Nearest {piece.colour.text()} tower: {lot_name(reach.target)}, "
                         f"{reach.length} along the road", theme.TEXT))
        elif piece.colour.text() == "black":
            rows.append(("Black is the builders' colour: no tower to reach", theme.TEXT_DIM))
        else:
            rows.append((f"No {piece.colour.text()} tower can be reached", theme.TEXT_DIM))
        rows.append((f"{len(reach.near)} structure{'s' if len(reach.near) != 1 else ''} within 2",
                     theme.TEXT_DIM))
        return title, rows
    title = f"{name} · {look.PLAYER_NAME[owner].upper()}" if owner is not None else f"{name} · UNCLAIMED"
    n = len(ts.customers)
    rows.append((f"Customers (other colours, road distance ≤ 2): {n}", theme.TEXT))
    names = [f"{c.colour.text()} {c.kind.text()} {lot_name(c.lot)} ({c.distance})" for c in ts.customers]
    for i in range(0, len(names), 2):
        rows.append(("   " + ",  ".join(names[i:i + 2]), theme.TEXT_DIM))
    excluded = [s for s, _ in reach.near if s not in (reach.counting or ())]
    if excluded:
        rows.append((f"Same colour, not counting: {', '.join(lot_name(s) for s in excluded)}", theme.TEXT_DIM))
    if ts.competitor is not None:
        rows.append((f"Nearest other {ts.colour.text()} tower: {lot_name(ts.competitor)}, "
                     f"distance {ts.competition}", theme.TEXT))
    else:
        rows.append((f"No other {ts.colour.text()} tower: distance 0", theme.TEXT))
    final = state.is_over()
    lead = "Scores" if owner is not None else ("Would have scored" if final else "If claimed")
    rows.append((f"{lead}: {n} × {ts.competition} = {ts.points}", theme.ACCENT))
    if owner is None:
        for b in state.score().bonuses:
            if b.green != lot:
                continue
            if b.paid_to is not None:
                rows.append((f"{b.colour.text().capitalize()} bonus: 10 − 2×{b.distance} = {b.points} to "
                             f"{look.PLAYER_NAME[b.paid_to]}", theme.GOOD))
            else:
                rows.append((f"{b.colour.text().capitalize()} bonus not paid: {b.note}", theme.BAD))
    if ts.location or ts.location_note:
        rows.append((f"Location: +{ts.location} ({ts.location_note})", theme.GOOD if ts.location else theme.TEXT_DIM))
    return title, rows


def preview_rows(before: ScoreBreakdown, after: ScoreBreakdown) -> list[Row]:
    """How the projected totals would move (one line per player)."""
    rows: list[Row] = []
    for p in Player:
        a, b = before.totals[p], after.totals[p]
        delta = b - a
        sign = f"+{delta}" if delta > 0 else (f"−{-delta}" if delta < 0 else "±0")
        colour = theme.GOOD if delta > 0 else (theme.BAD if delta < 0 else theme.TEXT_DIM)
        rows.append((f"{look.PLAYER_NAME[p]}:  {a} » {b}   ({sign})", colour))
    return rows


def draw_card(surface: pygame.Surface, text: TextCache, title: str, rows: list[Row],
              pos: tuple[int, int], size: int = 16, edge=theme.ACCENT_2, avoid: pygame.Rect | None = None) -> pygame.Rect:
    """A small info card near ``pos`` kept inside the window. With ``avoid`` (the board)
    the card goes beside it, on the side away from ``pos``, so it never hides the road."""
    head = text.render(title, size + 1, theme.ACCENT, bold=True)
    imgs = [text.render(line, size, colour) for line, colour in rows]
    w = max([head.get_width()] + [i.get_width() for i in imgs]) + 24
    h = head.get_height() + sum(i.get_height() + 2 for i in imgs) + 20
    sw, sh = surface.get_size()
    x, y = pos[0] + 22, pos[1] + 22
    if x + w > sw - 4:
        x = pos[0] - w - 22
    if y + h > sh - 4:
        y = sh - h - 4
    box = pygame.Rect(max(4, x), max(4, y), w, h)
    if avoid is not None:
        if pos[0] < avoid.centerx and avoid.right + 8 + w <= sw:
            box.left = avoid.right + 8
        elif avoid.left - 8 - w >= 0:
            box.right = avoid.left - 8
        box.top = max(4, min(pos[1] - h // 2, sh - h - 4))
    card = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(card, (12, 12, 30, 236), card.get_rect(), border_radius=10)
    pygame.draw.rect(card, (*edge, 255), card.get_rect(), 2, border_radius=10)
    surface.blit(card, box)
    yy = box.y + 8
    surface.blit(head, (box.x + 12, yy))
    yy += head.get_height() + 4
    for img in imgs:
        surface.blit(img, (box.x + 12, yy))
        yy += img.get_height() + 2
    return box
