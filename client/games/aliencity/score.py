"""The end of a game: the animated score show, then the final board with every number.

The show (issue 5) walks the engine's ``ScoreBreakdown`` beat by beat (see
``client.score_plan``): the view focuses on each claimed tower, its customers light up
one by one, the road to its competitor is traced with a counter, and ``customers ×
distance = points`` flies to the owner's total; then the green bonuses, the location
bonuses (variant), the totals rolling up and the winner's banner. Space steps, S skips
to the end, "Replay scoring" runs it again; the animation-speed option applies. The
final board keeps the road tools (hover a structure, R for the overlay) and the side
panels become the table of every number, with the unpaid bonuses and their reasons below.
"""

from __future__ import annotations

from typing import Callable

import pygame

from client import theme
from client.anim import Callback, Sequence, Tween
from client.scenes.score_sequence import BeatSequence
from client.scenes.score_show import STEP_KEYS, ScoreShow
from shared.aliencity import GameState, Player
from shared.aliencity.spec import AlienCityPosition
from shared.i18n import current_language, domain

from . import terms
from .board_screen import BoardScene
from .labels import button, fit_size
from .score_beats import BeatView, beat_steps, describe, row_of
from .score_plan import BonusBeat, LocationBeat, TotalsBeat, TowerBeat, plan
from .view.board_view import boards
from .view.projections import draw_tower_badges
from .view.score_show import (
    Spotlight,
    draw_beat,
    draw_flyer,
    draw_panel_rows,
    draw_totals_card,
    equation_anchor,
    panel_frame,
    unpaid_chips,
)

_, N_, ngettext, pgettext = domain("aliencity")


class ScoreScene(ScoreShow, BoardScene):
    """The shell's :class:`ScoreShow` gives the final board's column, its keys, the
    stepping and closing; the show's own two buttons (no fast mode), its beats, the road
    tools and the drawing are Alien City's."""

    bottom_scale = 0.115

    @property
    def show_title(self) -> str:
        return _("THE FINAL COUNT")

    def __init__(self, app, state: GameState, *, on_new_game: Callable[[], None] | None = None,
                 on_save: Callable[[], None] | None = None, demo: bool = False,
                 new_game_label: str | None = None, headline: str | None = None,
                 on_replay: Callable[[], None] | None = None, show: bool = True) -> None:
        self.score = state.score()
        self.beats = plan(state, self.score)
        self.headline = headline
        self.demo = demo  # attract mode (kept for callers; the show is the same)
        self.view = BeatView(done=True)
        self.totals = [0.0, 0.0]  # shown, rolling towards ``awarded``
        self.awarded = [0, 0]
        self.rows: dict[Player, list] = {p: [] for p in Player}
        self.pulse = [0.0, 0.0]
        self.scored: set[int] = set()  # claimed towers already counted (their badges show)
        self.located: set[int] = set()  # and those whose location bonus is counted too
        self.focus_at = (4.0, 5.0)  # lot units from the board's top-left
        self.focus = 0.0
        self.spotlight = Spotlight()
        self._frames: dict[tuple, pygame.Surface] = {}
        super().__init__(app, state)
        self.sequence = BeatSequence(self.beats, self.timeline, steps=self._beat_steps, on_done=self.beat_finished,
                                     on_finish=self.finish_show)
        self.insight.enabled = False
        self.next_button = button(N_("Next  (Space)"), self.step)
        self.skip_button = button(N_("Skip  (S)"), self.skip)
        self.on_replay = on_replay  # the caller knows how to replay (no import back here)
        # an online match names its own action ("Rematch")
        self.make_final_buttons(_("Replay scoring"), on_replay=on_replay, on_save=on_save, on_new_game=on_new_game,
                                new_game_label=_("New game") if new_game_label is None else new_game_label)
        self.column.focus = len(self.final_buttons) - 3 if on_new_game is not None else 0
        self.buttons = [self.next_button, self.skip_button]
        self.layout_buttons()
        if show and headline is None and self.beats:
            self.start_show()
        else:
            self.sequence.finish(quiet=True)

    # -- layout ---------------------------------------------------------------------
    def layout_buttons(self) -> None:
        """Buttons on the lower row of the bottom bar, right-aligned."""
        r = self.bottom_rect
        bh = int(min(r.h * 0.46, self.size[1] * 0.052))
        x = self.size[0] - self.margin
        y = r.bottom - bh - int(r.h * 0.08)
        for b in reversed(self.buttons):
            bw = max(bh * 2, self.app.text.font(int(bh * 0.46), True).size(b.text)[0] + bh)
            x -= bw
            b.rect = pygame.Rect(x, y, bw, bh)
            x -= self.margin // 2 + 2

    def total_anchor(self, player: Player) -> tuple[int, int]:
        """Where a player's total sits in their panel (the flying points aim there)."""
        panel = self.panels[player]
        rect = panel.rect
        big = int(min(rect.w * 0.2, rect.h * 0.09))
        return int(rect.right - panel.pad - big * 0.9), int(rect.y + panel.header_h + panel.pad + big * 0.55)

    # -- the show -------------------------------------------------------------------
    def start_show(self) -> None:
        """From the top: totals at zero, the first beat after a short intro."""
        self.timeline.tracks = []
        self.banner = None
        self.sequence.start()
        self.view = BeatView(done=True)
        self.totals, self.awarded = [0.0, 0.0], [0, 0]
        self.rows = {p: [] for p in Player}
        self.scored, self.located = set(), set()
        self.focus = 0.0
        self.insight.enabled = False
        self.insight.unpin()
        self.insight.refresh()
        self.buttons = [self.next_button, self.skip_button]
        self.layout_buttons()
        self.board.forget_layer()
        self.announce(_("THE FINAL COUNT"), _("Space: next step   S: skip to the end"), theme.ACCENT_2, hold=0.7,
                      blocking=False)

    def _beat_steps(self, beat, index: int) -> list:
        self.view = BeatView(beat=beat, index=index)
        return beat_steps(self, beat, self.view)

    def beat_finished(self, beat) -> None:
        self.view.done = True
        if isinstance(beat, TowerBeat):
            self.scored.add(beat.tower.lot)
        elif isinstance(beat, LocationBeat):
            self.located.add(beat.tower.lot)

    def skip(self) -> None:
        """S: straight to the final board (every beat still counted, silently)."""
        if self.stage != "show":
            return
        self.sequence.skip()
        self.announce_winner()

    def finish_show(self, quiet: bool = False) -> None:
        """The show is over (or skipped): totals settle, the final board's buttons."""
        self.view = BeatView(done=True, index=len(self.beats))
        if quiet or self.awarded != [self.score.totals[Player.BLACK], self.score.totals[Player.WHITE]]:
            self._settle_totals()
        self.scored = {t.lot for t in self.score.towers}
        self.located = set(self.scored)
        self.focus = 0.0
        self.insight.enabled = True
        self.insight.refresh()
        self.buttons = self.final_buttons
        self.layout_buttons()
        self.board.forget_layer()
        if self.headline:
            self.announce(self.headline, "", theme.ACCENT, hold=1.6, blocking=False)

    def _settle_totals(self) -> None:
        """Totals and table rows straight from the beats (no show, or a resigned game)."""
        self.rows = {p: [] for p in Player}
        self.awarded = [0, 0]
        for beat in self.beats:
            who, points = beat.award
            row = row_of(beat)
            if who is not None and row is not None:
                self.rows[who].append(row)
                self.awarded[who] += points
        self.totals = [float(v) for v in self.awarded]

    def shown_points(self) -> list:
        return [round(t) for t in self.totals]   # the counters as drawn (rolling to ``awarded``)

    def final_points(self) -> list:
        return [self.score.totals[Player.BLACK], self.score.totals[Player.WHITE]]

    # -- hooks the beats call -----------------------------------------------------------
    def award(self, who: Player, points: int, row) -> None:
        """Points have landed on ``who``'s total: count it up and add the table row."""
        start = self.totals[who]
        self.awarded[who] += points
        end = self.awarded[who]
        self.rows[who].append(row)
        self.pulse[who] = 1.0
        if points:
            self.sound("coin", 0.7)

        def count(p: float) -> None:
            self.totals[who] = start + (end - start) * p

        self.timeline.tween(0.45, count, "out_cubic", blocking=False)

    def glide_to(self, lot: int):
        """The spotlight glides to ``lot`` (a step for the beat's sequence)."""
        geo = self.geo
        r = geo.lot_rect(lot, local=True)
        end = (r.centerx / geo.lot, r.centery / geo.lot)
        state = {}

        def begin() -> None:
            state["from"], state["f0"] = self.focus_at, self.focus

        def move(p: float) -> None:
            a = state.get("from", end)
            self.focus_at = (a[0] + (end[0] - a[0]) * p, a[1] + (end[1] - a[1]) * p)
            f0 = state.get("f0", 1.0)
            self.focus = f0 + (1.0 - f0) * p

        return Sequence(Callback(begin), Tween(0.42, move, "in_out_cubic"))

    def glide_home(self):
        def fade(p: float) -> None:
            self.focus = min(self.focus, 1.0 - p)
        return Tween(0.35, fade, "out_quad")

    def announce_winner(self) -> None:
        w = self.score.winner
        head = _("A DRAW!") if w is None else _("{player} WINS!").format(player=terms.player(w).upper())
        sub = "{black} {a}  :  {b} {white}".format(black=terms.player(Player.BLACK), a=self.score.totals[Player.BLACK],
                                                 b=self.score.totals[Player.WHITE], white=terms.player(Player.WHITE))
        self.announce(head, sub, theme.ACCENT, hold=1.4, blocking=False)

    # -- frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)  # the board, then the show's beats
        speed = self.app.anim_speed
        self.pulse = [max(0.0, p - dt * speed * 2.5) for p in self.pulse]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            if self.stage == "final":
                self.track_pointer(event.pos)
                self.column.handle_event(event)  # the hovered button takes the keyboard focus
            self.buttons_event(event)
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                if not self.insight.unpin():
                    self.skip() if self.stage == "show" else self.close()
            elif self.board.road_keys(event):
                pass
            elif self.stage != "show":
                self.walk_column(event)
            elif key in STEP_KEYS:
                self.step()
            elif key == pygame.K_s:
                self.skip()
            return True
        if self.buttons_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.stage == "final":
            self.insight.click(self.geo.lot_at(event.pos))
        return True  # modal: nothing reaches the screen below

    # -- actions --------------------------------------------------------------------
    def final_position(self) -> AlienCityPosition:
        return AlienCityPosition(self.state)

    def replay(self) -> None:
        """Watch this game again from its first build (when the caller offered it)."""
        if self.on_replay is not None:
            self.on_replay()

    # -- drawing --------------------------------------------------------------------
    def panel_frames(self) -> tuple[pygame.Surface, ...]:
        """The seats' panels, empty frames for the table of numbers drawn over them."""
        frames = []
        for player, panel in self.panels.items():
            key = (player, panel.rect.size, current_language())
            if key not in self._frames:
                self._frames[key] = panel_frame(self.app, player, panel.rect.size, panel.header_h, panel.pad)
            frames.append(self._frames[key])
        return tuple(frames)

    def banner_centre_y(self) -> int:
        """Below the totals card while it is up, else across the middle of the board."""
        if isinstance(self.view.beat, TotalsBeat):
            return int(self.geo.rect.centery + self.geo.lot * 1.6)
        return self.geo.rect.centery

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        """The show's title or the headline (the shell), else the board's "GAME OVER" line."""
        if self.stage == "show" or self.headline:
            return super().turn_text()
        return self.board.turn_text()

    def draw(self, surface: pygame.Surface) -> None:
        self.relabel()
        app, geo = self.app, self.geo
        cb = app.options.colour_blind
        surface.blit(self.board.static_layer(cb, self.panel_frames(), (), self.turn_text(), 0), (0, 0))
        self.insight.draw_road(surface, geo)
        if self.focus > 0:
            centre = (geo.x + self.focus_at[0] * geo.lot, geo.y + self.focus_at[1] * geo.lot)
            self.spotlight.draw(surface, geo, centre, self.focus)
        kit = self.insight.kit
        view = self.view
        if self.stage == "show" and view.beat is not None:
            reach = None
            if isinstance(view.beat, TowerBeat):
                reach = self.insight.engine.reach(self.state, view.beat.tower.lot)
            draw_beat(surface, geo, kit, self.state, view, reach, self.app.clock_time, cb)
        else:
            self.insight.draw_paths(surface, geo)
        towers = {lot: ts for lot, ts in self.insight.claimed().items() if lot in self.scored}
        located = self.located
        draw_tower_badges(surface, geo, kit, towers,
                          value_of=lambda ts: ts.points + (ts.location if ts.lot in located else 0))
        for player, panel in self.panels.items():
            draw_panel_rows(surface, app, panel.rect, panel.header_h, panel.pad, player, self.totals[player],
                            self.rows[player], self.stage == "final", self.score.winner is player,
                            self.pulse[player], cb)
        if view.flying and view.beat is not None:
            who, points = view.beat.award
            if who is not None:
                start = equation_anchor(geo, _focus_lot(view.beat))
                draw_flyer(surface, kit, geo, start, self.total_anchor(who), view.fly, points, who)
        if isinstance(view.beat, TotalsBeat) and view.roll > 0:
            shade = boards(app).spotlight(geo, (), dim=150)
            shade.set_alpha(int(255 * min(1.0, view.roll * 3)))
            surface.blit(shade, (geo.x, geo.y))
            shade.set_alpha(255)
            draw_totals_card(surface, app, geo, view.beat.totals, view.roll, view.beat.winner)
        self.insight.draw_legend(surface, self.top_rect, self.margin)
        self.draw_bottom(surface)
        if self.stage == "final":
            self.insight.draw_card(surface, self.pointer_pos, avoid=self.geo.rect)
        self.board.draw_news(surface, self.banner_centre_y(), max(14, self.bottom_h // 4))

    def draw_bottom(self, surface: pygame.Surface) -> None:
        t, r, m = self.app.text, self.bottom_rect, self.margin
        top = pygame.Rect(r.x + 2 * m, r.y + int(r.h * 0.06), r.w - 4 * m, int(r.h * 0.4))
        size = max(13, int(top.h * 0.62))
        if self.stage == "show":
            beat = self.view.beat
            if isinstance(beat, TotalsBeat):
                # the caption says the final figures; the card's counter runs up to them
                text = "  :  ".join(f"{terms.player(p)} {beat.totals[p]}" for p in Player)
                img = t.fitted(f"{beat.title}    {text}", size, theme.ACCENT, top.w, bold=True)
                surface.blit(img, (top.x, top.centery - img.get_height() // 2))
            elif beat is not None:
                title = t.fitted(beat.title, size, theme.ACCENT, int(top.w * 0.6), bold=True)
                surface.blit(title, (top.x, top.centery - title.get_height() // 2))
                x = top.x + title.get_width() + 2 * m
                low = min((b.rect.y for b in self.buttons), default=r.bottom) - 3
                lines = caption_lines(t, describe(self.view), size, top.right - x, low - r.y - 3)
                y = max(r.y + 3, top.centery - sum(img.get_height() for img in lines) // 2)
                for img in lines:
                    surface.blit(img, (x, y))
                    y += img.get_height()
            hint = _("Space: next step    S: skip to the end    R: road overlay")
        else:
            self._draw_chips(surface, top, size)
            hint = _("Point at a structure for its road and score; click to pin one.  R: road overlay")
        first = min((b.rect.x for b in self.buttons), default=r.right)
        low_size = fit_size(t, hint, max(12, int(size * 0.8)), first - m - top.x - 1)
        if low_size is not None:  # (no room beside the buttons: the hint is left out)
            low = t.render(hint, low_size, theme.TEXT_DIM)
            surface.blit(low, (top.x, self.buttons[0].rect.centery - low.get_height() // 2
                               if self.buttons else r.bottom - 20))
        final = self.stage == "final"
        for i, b in enumerate(self.buttons):
            b.draw(surface, t, focus=final and i == self.column.focus)

    def _draw_chips(self, surface: pygame.Surface, area: pygame.Rect, size: int) -> None:
        """The unpaid green bonuses with the engine's reason, as chips (two rows if need be)."""
        t, kit = self.app.text, self.insight.kit
        chips = unpaid_chips(self.score)
        paid = [b for b in self.score.bonuses if b.paid_to is not None]
        if not chips:
            text = _("Every green bonus was paid.") if paid else _("No unclaimed green tower: no green bonus.")
            img = t.fitted(text, size, theme.TEXT_DIM, area.w)
            surface.blit(img, (area.x, area.centery - img.get_height() // 2))
            return
        label = t.fitted(_("GREEN BONUSES NOT PAID"), max(11, int(size * 0.7)), theme.BAD, area.w // 3, bold=True)
        x0 = area.x + label.get_width() + 12
        for h, rows in ((max(16, int(area.h * 0.78)), 1), (max(14, area.h // 2 - 2), 2)):
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
        for row in lines[:2]:
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
