"""Live projections: what every claimed tower would score if the game ended now (a badge
on the tower), the customers x distance breakdown of a hovered structure (a card), and,
with a piece chosen, how a build on the hovered lot would change the projected scores.

Every number is read from the engine's ``ScoreBreakdown``/``TowerScore``.
"""

from __future__ import annotations

import pygame

from client import theme
from client.assets import TextCache
from shared.aliencity import Colour, GameState, Piece, Player, ScoreBreakdown, TowerScore, lot_name
from shared.i18n import domain

from .. import terms
from ..insight import Reach
from ..score_plan import tower_name
from .board_view import BoardGeometry
from .lotkit import LotKit, player_pill_colours

_, N_, ngettext, pgettext = domain("aliencity")

Row = tuple[str, tuple[int, int, int]]


def tower_value(ts: TowerScore) -> int:
    """What a claimed tower adds to its owner's total (its points and location bonus)."""
    return ts.points + ts.location


def badge_rect(geo: BoardGeometry, kit: LotKit, lot: int, text: str = "88") -> pygame.Rect:
    """Where a claimed tower's score badge sits (the tower lot's top-right corner), as wide
    as ``text`` makes it: the final count's captions keep clear of it."""
    h = max(14, int(geo.lot * 0.4))
    r = geo.lot_rect(lot)
    box = kit.pill(text, h, theme.TEXT, (0, 0, 0)).get_rect()
    box.center = (int(r.right - h * 0.3), int(r.top + h * 0.3))
    return box


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
    name = _("{piece} {lot}").format(piece=terms.piece(piece).upper(), lot=lot_name(lot))
    rows: list[Row] = []
    if ts is None:  # a dome
        title = name
        tower = tower_name(piece.colour) if piece.colour is not Colour.BLACK else ""
        if reach.target is not None:
            rows.append((_("Nearest {tower}: {lot}, {n} along the road").format(
                tower=tower, lot=lot_name(reach.target), n=reach.length), theme.TEXT))
        elif piece.colour is Colour.BLACK:
            rows.append((_("Black is the builders' colour: no tower to reach"), theme.TEXT_DIM))
        else:
            rows.append((_("No {tower} can be reached").format(tower=tower), theme.TEXT_DIM))
        n = len(reach.near)
        rows.append((ngettext("{n} structure within 2", "{n} structures within 2", n).format(n=n),
                     theme.TEXT_DIM))
        return title, rows
    if owner is not None:
        title = _("{structure} · {player}").format(structure=name, player=terms.player(owner).upper())
    else:
        title = _("{structure} · UNCLAIMED").format(structure=name)
    n = len(ts.customers)
    tower = tower_name(ts.colour)
    rows.append((_("Customers (other colours, road distance ≤ 2): {n}").format(n=n), theme.TEXT))
    names = [_("{piece} {lot} ({distance})").format(piece=terms.piece(Piece(c.kind, c.colour)),
                                                    lot=lot_name(c.lot), distance=c.distance)
             for c in ts.customers]
    for i in range(0, len(names), 2):
        rows.append(("   " + ",  ".join(names[i:i + 2]), theme.TEXT_DIM))
    excluded = [s for s, _d in reach.near if s not in (reach.counting or ())]
    if excluded:
        rows.append((_("Same colour, not counting: {lots}").format(lots=", ".join(lot_name(s) for s in excluded)),
                     theme.TEXT_DIM))
    if ts.competitor is not None:
        rows.append((_("Nearest other {tower}: {lot}, distance {n}").format(
            tower=tower, lot=lot_name(ts.competitor), n=ts.competition), theme.TEXT))
    else:
        rows.append((_("No other {tower}: distance 0").format(tower=tower), theme.TEXT))
    if owner is not None:
        lead = _("Scores: {customers} × {distance} = {points}")
    elif state.is_over():
        lead = _("Would have scored: {customers} × {distance} = {points}")
    else:
        lead = _("If claimed: {customers} × {distance} = {points}")
    rows.append((lead.format(customers=n, distance=ts.competition, points=ts.points), theme.ACCENT))
    if owner is None:
        for b in state.score().bonuses:
            if b.green != lot:
                continue
            if b.paid_to is not None:
                rows.append((_("{colour} bonus: 10 − 2×{distance} = {points} to {player}").format(
                    colour=terms.colour(b.colour).capitalize(), distance=b.distance, points=b.points,
                    player=terms.player(b.paid_to)), theme.GOOD))
            else:
                rows.append((_("{colour} bonus not paid: {why}").format(
                    colour=terms.colour(b.colour).capitalize(), why=terms.bonus_note(b)), theme.BAD))
    note = terms.location_note(ts)
    if ts.location or note:
        rows.append((_("Location: +{points} ({why})").format(points=ts.location, why=note),
                     theme.GOOD if ts.location else theme.TEXT_DIM))
    return title, rows


def preview_rows(before: ScoreBreakdown, after: ScoreBreakdown) -> list[Row]:
    """How the projected totals would move (one line per player)."""
    rows: list[Row] = []
    for p in Player:
        a, b = before.totals[p], after.totals[p]
        delta = b - a
        sign = f"+{delta}" if delta > 0 else (f"−{-delta}" if delta < 0 else "±0")
        colour = theme.GOOD if delta > 0 else (theme.BAD if delta < 0 else theme.TEXT_DIM)
        # TRANSLATORS: a build preview: a player's projected total now » after the build (change).
        rows.append((_("{player}:  {before} » {after}   ({change})").format(player=terms.player(p), before=a, after=b,
                                                                             change=sign), colour))
    return rows


def draw_card(surface: pygame.Surface, text: TextCache, title: str, rows: list[Row],
              pos: tuple[int, int], size: int = 16, edge=theme.ACCENT_2,
              avoid: pygame.Rect | None = None) -> pygame.Rect:
    """A small info card near ``pos`` kept inside the window. With ``avoid`` (the board)
    the card goes beside it, on the side away from ``pos``, so it never hides the road.
    Lines longer than the room beside the board (a longer translation) wrap."""
    sw, sh = surface.get_size()
    room = max(avoid.left, sw - avoid.right) - 12 if avoid is not None else 0
    inner = max(room, int(sw * 0.45)) - 24
    head = text.fitted(title, size + 1, theme.ACCENT, inner, bold=True)
    imgs = []
    for line, colour in rows:
        if text.font(size).size(line)[0] <= inner:
            imgs.append(text.render(line, size, colour))
            continue
        indent = len(line) - len(line.lstrip(" "))
        for k, part in enumerate(text.wrap(line.strip(), size, inner - (16 if indent else 0))):
            imgs.append(text.render(("   " if indent or k else "") + part, size, colour))
    w = max([head.get_width()] + [i.get_width() for i in imgs]) + 24
    h = head.get_height() + sum(i.get_height() + 2 for i in imgs) + 20
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
