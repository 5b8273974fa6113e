"""Drawing the final count, a part the score screen holds: the board under the show's
spotlight, the beat on show, the panels as the table of every number, the flying points,
the totals card, and the bottom bar's captions (the step's words while the show runs,
the unpaid green bonuses as chips on the final board). It only reads the board part and
the :class:`~.score_count.Tally`."""

from __future__ import annotations

import pygame

from client import theme
from client.view.widgets import Button
from shared.aliencity import Player
from shared.i18n import current_language, domain

from . import terms
from .board_screen import BoardView
from .labels import fit_size
from .score_beats import describe
from .score_count import Tally
from .score_plan import BonusBeat, TotalsBeat, TowerBeat
from .view.board_view import boards
from .view.projections import badge_rect, draw_tower_badges
from .view.score_show import (
    Spotlight,
    draw_beat,
    draw_flyer,
    draw_panel_rows,
    draw_totals_card,
    equation_anchor,
    equation_surface,
    panel_frame,
    unpaid_chips,
)

_, N_, ngettext, pgettext = domain("aliencity")


class ScoreView:
    """Draws ``board`` and ``tally``; the screen gives the stage ("show" or "final"),
    its turn line, buttons and the focused one."""

    def __init__(self, app, board: BoardView, tally: Tally) -> None:
        self.app, self.board, self.tally = app, board, tally
        self.spotlight = Spotlight()
        self._frames: dict[tuple, pygame.Surface] = {}

    def total_anchor(self, player: Player) -> tuple[int, int]:
        """Where a player's total sits in their panel (the flying points aim there)."""
        panel = self.board.panels[player]
        rect = panel.rect
        big = int(min(rect.w * 0.2, rect.h * 0.09))
        return int(rect.right - panel.pad - big * 0.9), int(rect.y + panel.header_h + panel.pad + big * 0.55)

    def panel_frames(self) -> tuple[pygame.Surface, ...]:
        """The seats' panels, empty frames for the table of numbers drawn over them."""
        frames = []
        for player, panel in self.board.panels.items():
            key = (player, panel.rect.size, current_language())
            if key not in self._frames:
                self._frames[key] = panel_frame(self.app, player, panel.rect.size, panel.header_h, panel.pad,
                                                self.tally.who(player), terms.player(player))
            frames.append(self._frames[key])
        return tuple(frames)

    def banner_centre_y(self) -> int:
        """Below the totals card while it is up, else across the middle of the board."""
        geo = self.board.geo
        if isinstance(self.tally.view.beat, TotalsBeat):
            return int(geo.rect.centery + geo.lot * 1.6)
        return geo.rect.centery

    def draw(self, surface: pygame.Surface, stage: str, turn: tuple[str, tuple[int, int, int]],
             buttons: list[Button], focus: int | None) -> None:
        app, board, tally = self.app, self.board, self.tally
        geo, insight = board.geo, board.insight
        cb = app.options.colour_blind
        surface.blit(board.static_layer(cb, self.panel_frames(), (), turn, 0), (0, 0))
        insight.draw_road(surface, geo)
        if tally.focus > 0:
            centre = (geo.x + tally.focus_at[0] * geo.lot, geo.y + tally.focus_at[1] * geo.lot)
            self.spotlight.draw(surface, geo, centre, tally.focus)
        kit = insight.kit
        view = tally.view
        claimed = insight.claimed()
        badges = tuple(badge_rect(geo, kit, lot) for lot in claimed)   # every claimed tower's, shown or not yet
        if stage == "show" and view.beat is not None:
            reach = None
            if isinstance(view.beat, TowerBeat):
                reach = insight.engine.reach(board.state, view.beat.tower.lot)
            draw_beat(surface, geo, kit, board.state, view, reach, app.clock_time, cb, badges)
        else:
            insight.draw_paths(surface, geo)
        towers = {lot: ts for lot, ts in claimed.items() if lot in tally.scored}
        located = tally.located
        draw_tower_badges(surface, geo, kit, towers,
                          value_of=lambda ts: ts.points + (ts.location if ts.lot in located else 0))
        for player, panel in board.panels.items():
            draw_panel_rows(surface, app, panel.rect, panel.header_h, panel.pad, player, tally.totals[player],
                            tally.rows[player], stage == "final", tally.score.winner is player,
                            tally.pulse[player], cb)
        if view.flying and view.beat is not None:
            who, points = view.beat.award
            if who is not None:
                start = equation_anchor(geo, _focus_lot(view.beat),
                                        equation_surface(kit, geo, view.beat.equation).get_size(), badges)
                draw_flyer(surface, kit, geo, start, self.total_anchor(who), view.fly, points, who)
        if isinstance(view.beat, TotalsBeat) and view.roll > 0:
            shade = boards(app).spotlight(geo, (), dim=150)
            shade.set_alpha(int(255 * min(1.0, view.roll * 3)))
            surface.blit(shade, (geo.x, geo.y))
            shade.set_alpha(255)
            draw_totals_card(surface, app, geo, view.beat.totals, view.roll, view.beat.winner, self.tally.who)
        insight.draw_legend(surface, board.top_rect, board.margin)
        self.draw_bottom(surface, stage, buttons, focus)
        if stage == "final":
            board.draw_card(surface)
        board.draw_news(surface, self.banner_centre_y(), max(14, board.bottom_h // 4))

    def draw_bottom(self, surface: pygame.Surface, stage: str, buttons: list[Button], focus: int | None) -> None:
        t, r, m = self.app.text, self.board.bottom_rect, self.board.margin
        top = pygame.Rect(r.x + 2 * m, r.y + int(r.h * 0.06), r.w - 4 * m, int(r.h * 0.4))
        size = max(13, int(top.h * 0.62))
        if stage == "show":
            beat = self.tally.view.beat
            if isinstance(beat, TotalsBeat):
                # the caption says the final figures; the card's counter runs up to them
                text = "  :  ".join(f"{terms.player(p)} {beat.totals[p]}" for p in Player)
                img = t.fitted(f"{beat.title}    {text}", size, theme.ACCENT, top.w, bold=True)
                surface.blit(img, (top.x, top.centery - img.get_height() // 2))
            elif beat is not None:
                title = t.fitted(beat.title, size, theme.ACCENT, int(top.w * 0.6), bold=True)
                surface.blit(title, (top.x, top.centery - title.get_height() // 2))
                x = top.x + title.get_width() + 2 * m
                low = min((b.rect.y for b in buttons), default=r.bottom) - 3
                lines = caption_lines(t, describe(self.tally.view), size, top.right - x, low - r.y - 3)
                y = max(r.y + 3, top.centery - sum(img.get_height() for img in lines) // 2)
                for img in lines:
                    surface.blit(img, (x, y))
                    y += img.get_height()
            hint = _("Space: next step    S: skip to the end    R: road overlay")
        else:
            self._draw_chips(surface, top, size)
            hint = _("Point at a structure for its road and score; click to pin one.  R: road overlay")
        first = min((b.rect.x for b in buttons), default=r.right)
        low_size = fit_size(t, hint, max(12, int(size * 0.8)), first - m - top.x - 1)
        if low_size is not None:  # (no room beside the buttons: the hint is left out)
            low = t.render(hint, low_size, theme.TEXT_DIM)
            surface.blit(low, (top.x, buttons[0].rect.centery - low.get_height() // 2
                               if buttons else r.bottom - 20))
        final = stage == "final"
        for i, b in enumerate(buttons):
            b.draw(surface, t, focus=final and i == focus)

    def _draw_chips(self, surface: pygame.Surface, area: pygame.Rect, size: int) -> None:
        """The unpaid green bonuses with the engine's reason, as chips (two rows if need be)."""
        t, kit, score = self.app.text, self.board.insight.kit, self.tally.score
        chips = unpaid_chips(score)
        paid = [b for b in score.bonuses if b.paid_to is not None]
        if not chips:
            text = _("Every green bonus was paid.") if paid else _("No unclaimed green tower: no green bonus.")
            img = t.fitted(text, size, theme.TEXT_DIM, area.w)
            surface.blit(img, (area.x, area.centery - img.get_height() // 2))
            return
        label = t.fitted(_("GREEN BONUSES NOT PAID"), max(11, int(size * 0.7)), theme.BAD, area.w // 3, bold=True)
        x0 = area.x + label.get_width() + 12
        for h, rows in ((max(16, int(area.h * 0.78)), 1), (max(14, area.h // 2 - 2), 2),
                        (max(13, area.h // 3), 3)):
            pills = [kit.pill(chip, h, theme.TEXT, (60, 22, 34), theme.BAD) for chip in chips]
            lines, x, line = [[]], x0, 0
            for pill in pills:
                if x + pill.get_width() > area.right and lines[line]:
                    lines.append([])
                    line += 1
                    x = x0
                lines[line].append(pill)
                x += pill.get_width() + 6
            if len(lines) <= rows:
                break
        surface.blit(label, (area.x, area.centery - label.get_height() // 2))
        y = area.centery - (len(lines) * (h + 3) - 3) // 2
        for row in lines[:3]:
            x = x0
            for pill in row:
                surface.blit(pill, (x, y))
                x += pill.get_width() + 6
            y += h + 3


def caption_lines(t, text: str, size: int, width: int, height: int) -> list[pygame.Surface]:
    """A step's words in the bottom bar: one line when it fits at a readable size, else two
    lines (a long bonus reason in Slovak or French), never cut."""
    floor = max(11, int(size * 0.8))
    one = fit_size(t, text, size, width, floor=floor)
    if one is not None:
        return [t.render(text, one, theme.TEXT)]
    for px in range(size, 10, -1):
        lines = t.wrap(text, px, width)
        if len(lines) <= 2 and all(t.font(px).size(line)[0] <= width for line in lines) \
                and len(lines) * t.font(px).get_linesize() <= height:
            return [t.render(line, px, theme.TEXT) for line in lines]
    lines = t.wrap(text, 11, width)  # no room for two lines: as many as it takes
    return [t.render(line, 11, theme.TEXT) for line in lines]


def _focus_lot(beat) -> int:
    if isinstance(beat, BonusBeat):
        return beat.bonus.green
    return beat.tower.lot
