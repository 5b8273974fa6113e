"""Your ratings (from the title): the local rating of each game from rated games against
the computer (:mod:`client.rated`), with its uncertainty ("?" while provisional), a plot
of the last 50 rated games and the latest of them listed (date, level, result, rating).
Up/Down or a click chooses the game; Esc goes back."""

from __future__ import annotations

import datetime as _dt

import pygame

from shared.i18n import domain
from shared.online.local_store import HISTORY

from .. import rated, theme
from ..computer import level_name
from ..view.form import draw_backdrop, draw_focus
from ..view.widgets import Button, draw_panel
from .base import Scene
from .ratings import draw_plot

_, N_, ngettext, pgettext = domain("client")

LISTED = 6  # the latest rated games listed under the plot


def result_words(entry: dict) -> str:
    """A rated game's result for people: win, loss, draw, or a place among the seats."""
    if entry.get("abandoned"):
        # TRANSLATORS: a rated game deleted before its end (it counts as a loss)
        return _("abandoned (a loss)")
    place, seats = int(entry.get("place", 0)), int(entry.get("seats", 2))
    if seats == 2:
        if entry.get("shared"):
            return _("draw")
        return _("win") if place == 1 else _("loss")
    if entry.get("shared"):
        return _("shared place {place} of {n}").format(place=place, n=seats)
    return _("place {place} of {n}").format(place=place, n=seats)


def date_words(entry: dict) -> str:
    try:
        return _dt.datetime.fromisoformat(str(entry.get("date", ""))).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return ""


class LocalRatingsScene(Scene):
    def __init__(self, app, game: str | None = None) -> None:
        super().__init__(app)
        self.specs = [p.spec for p in app.games]
        ids = [s.id for s in self.specs]
        self.focus = ids.index(game) if game in ids else 0
        self.back = Button(N_("Back"), self.close, key=pygame.K_ESCAPE, tr=_)
        self.rows: list[pygame.Rect] = []
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.box = pygame.Rect(int(w * 0.06), int(h * 0.16), int(w * 0.88), int(h * 0.68))
        self.left = pygame.Rect(self.box.x + 12, self.box.y + 12, int(self.box.w * 0.32), self.box.h - 24)
        self.right = pygame.Rect(self.left.right + 16, self.box.y + 12,
                                 self.box.right - self.left.right - 28, self.box.h - 24)
        row_h = max(52, int(h * 0.085))
        self.rows = [pygame.Rect(self.left.x, self.left.y + i * (row_h + 8), self.left.w, row_h)
                     for i in range(len(self.specs))]
        bh = max(36, int(h * 0.055))
        self.back.rect = pygame.Rect(self.box.x, self.box.bottom + int(h * 0.04), max(160, int(w * 0.14)), bh)

    def close(self) -> None:
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, r in enumerate(self.rows):
                if r.collidepoint(event.pos):
                    self.focus = i
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            step = -1 if event.key == pygame.K_UP else 1
            self.focus = (self.focus + step) % len(self.specs)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.app.text
        w, h = self.size
        draw_backdrop(surface, app, _("YOUR RATINGS"), size=0.06)
        draw_panel(surface, self.box)
        big, small = max(15, int(h * 0.028)), max(12, int(h * 0.021))
        store = rated.ratings(app).store
        for i, (spec, r) in enumerate(zip(self.specs, self.rows)):
            if i == self.focus:
                draw_focus(surface, r, 8)
            surface.blit(t.fitted(spec.title, big, theme.TEXT, r.w - 20, bold=True), (r.x + 10, r.y + 6))
            surface.blit(t.fitted(self.summary(spec), small, theme.TEXT_DIM, r.w - 20),
                         (r.x + 10, r.bottom - small - 8))
        spec = self.specs[self.focus]
        history = store.game(spec.id).history[-HISTORY:] if store is not None else []
        # TRANSLATORS: over the rating plot: the game and how many rated games it shows
        head = ngettext("{game}: your last rated game", "{game}: your last {n} rated games",
                        len(history)).format(game=spec.title, n=len(history))
        surface.blit(t.fitted(head, big, theme.ACCENT_2, self.right.w, bold=True), self.right.topleft)
        plot = pygame.Rect(self.right.x, self.right.y + big + 10, self.right.w, int(self.right.h * 0.45))
        draw_plot(surface, t, plot, history, small)
        y = plot.bottom + 10
        if not history:
            why = rated.why_not(app, spec) or _("No rated games yet: choose Rated game when you play "
                                                "against the computer.")
            for line in t.wrap(why, small, self.right.w):
                surface.blit(t.render(line, small, theme.TEXT_DIM), (self.right.x, y))
                y += small + 6
        for entry in reversed(history[-LISTED:]):
            # TRANSLATORS: one rated game: date, level, result, rating after it and its change
            line = _("{date}  {level}: {result}, rating {rating} ({change})").format(
                date=date_words(entry), level=level_name(str(entry.get("level", ""))), result=result_words(entry),
                rating=entry.get("rating", "?"), change=f"{int(entry.get('change', 0)):+d}")
            surface.blit(t.fitted(line, small, theme.TEXT, self.right.w), (self.right.x, y))
            y += small + 6
        notice = rated.ratings(app).notice()
        if notice:
            x = self.back.rect.right + 16
            for j, line in enumerate(t.wrap(notice, small, self.box.right - x)[:2]):
                surface.blit(t.render(line, small, theme.BAD), (x, self.back.rect.y + j * (small + 4)))
        self.back.draw(surface, t)

    def summary(self, spec) -> str:
        """A game's line in the list: its rating and how many rated games."""
        store = rated.ratings(self.app).store
        rating = store.rating(spec.id) if store is not None else None
        if rating is None or rating.games == 0:
            return _("not rated yet") if not rated.why_not(self.app, spec) else _("no rated games")
        return ngettext("{rating} after {n} rated game", "{rating} after {n} rated games",
                        rating.games).format(rating=rated.rating_words(rating), n=rating.games)
