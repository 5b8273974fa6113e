"""Leaderboards and profiles (from the lobby): the best players of one game and seat count
on this server, and a player's page: their rating per game with its uncertainty (± sigma,
and "provisional" with a "?" for the first games), a plot of the rating over their rated
matches, and their recent games, each downloaded like the archive's (client/scenes/archive.py:
kept in the records folder) and opened in the game's replay.

Why provisional players are listed: a young server has few players with ten rated
matches; the "?" says the number does not mean much yet (docs/protocol.md)."""

from __future__ import annotations

import time

import pygame

from shared.i18n import domain

from .. import theme
from ..online import OnlineSession
from ..view.form import draw_backdrop, draw_focus
from ..view.widgets import Button, draw_panel
from .archive import ArchiveScene, RecordDownload
from .base import Scene

_, N_, ngettext, pgettext = domain("online")


class LeaderboardScene(Scene):
    def __init__(self, app, session: OnlineSession, game: str) -> None:
        super().__init__(app)
        self.session = session
        self.specs = session.server_games() or list(session.games)
        ids = [s.id for s in self.specs]
        self.game = ids.index(game) if game in ids else 0
        self.count = 0
        self.game_button = Button("", self.cycle_game)
        self.seats_button = Button("", self.cycle_seats)
        self.mine_button = Button(N_("My profile"), self.open_mine, tr=_)
        self.back = Button(N_("Back"), self.app.stack.pop, key=pygame.K_ESCAPE, tr=_)
        self.buttons = (self.game_button, self.seats_button, self.mine_button, self.back)
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.message = ""
        self.resize(app.size)
        self.ask()

    @property
    def key(self) -> tuple[str, int]:
        spec = self.specs[self.game % len(self.specs)]
        return spec.id, spec.seat_counts[self.count % len(spec.seat_counts)]

    def ask(self) -> None:
        spec = self.specs[self.game % len(self.specs)]
        game, seats = self.key
        self.game_button.label = f"Game: {spec.title}"
        self.game_button.tr = lambda _key: _("Game: {title}").format(title=spec.title)
        self.seats_button.label = f"Players: {seats}"
        self.seats_button.tr = lambda _key: _("Players: {n}").format(n=seats)
        self.seats_button.enabled = len(spec.seat_counts) > 1
        self.session.ask_leaderboard(game, seats)

    def cycle_game(self) -> None:
        self.game, self.count = self.game + 1, 0
        self.ask()

    def cycle_seats(self) -> None:
        self.count += 1
        self.ask()

    def open_mine(self) -> None:
        if not self.session.signed_in:
            self.message = _("Take a name first (Your name, in the lobby): guests have no profile.")
            return
        self.app.push(ProfileScene(self.app, self.session, self.session.name))

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = max(34, int(h * 0.052))
        self.box = pygame.Rect(int(w * 0.08), int(h * 0.15) + bh + 12, int(w * 0.84), int(h * 0.62))
        bw = (self.box.w - 24) // 3
        for i, b in enumerate((self.game_button, self.seats_button, self.mine_button)):
            b.rect = pygame.Rect(self.box.x + i * (bw + 12), int(h * 0.15), bw, bh)
        self.back.rect = pygame.Rect(self.box.x, self.box.bottom + 12, max(160, int(w * 0.12)), bh)
        self.row_h = max(26, int(h * 0.042))

    def update(self, dt: float) -> None:
        super().update(dt)
        for note in self.session.pump():
            if note.kind == "error" and not note.match:
                self.message = note.text
        board = self.session.leaderboards.get(self.key) or {}
        self.rows = []
        y = self.box.y + 14 + self.row_h
        for row in board.get("rows") or []:
            if y + self.row_h > self.box.bottom - 8:
                break
            self.rows.append((str(row.get("name")), pygame.Rect(self.box.x + 10, y, self.box.w - 20, self.row_h)))
            y += self.row_h

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, rect in self.rows:
                if rect.collidepoint(event.pos):
                    self.app.push(ProfileScene(self.app, self.session, name))
                    return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.text
        draw_backdrop(surface, self.app, _("LEADERBOARD"), y=0.07)
        draw_panel(surface, self.box)
        for b in self.buttons:
            b.draw(surface, t)
        size = max(13, int(self.row_h * 0.55))
        board = self.session.leaderboards.get(self.key)
        cols = (0.0, 0.1, 0.62, 0.82)
        heads = (_("#"), _("Player"), _("Rating"), _("Rated games"))
        for x, head in zip(cols, heads):
            surface.blit(t.fitted(head, size, theme.TEXT_DIM, int(self.box.w * 0.2), bold=True),
                         (self.box.x + 20 + int(x * (self.box.w - 40)), self.box.y + 12))
        if board is None or not self.rows:
            empty = _("Loading…") if board is None else _("No rated matches of this game yet.")
            surface.blit(t.fitted(empty, size, theme.TEXT_DIM, self.box.w - 40),
                         (self.box.x + 20, self.box.y + 16 + self.row_h))
        mouse = pygame.mouse.get_pos()
        for (name, rect), row in zip(self.rows, (board or {}).get("rows") or []):
            if rect.collidepoint(mouse):
                draw_focus(surface, rect, 6)
            colour = theme.ACCENT if name == self.session.name else theme.TEXT
            cells = (str(row.get("rank", "")), name, str(row.get("label", "")), str(row.get("games", "")))
            for x, cell in zip(cols, cells):
                img = t.fitted(cell, size, colour, int(self.box.w * 0.5))
                surface.blit(img, (self.box.x + 20 + int(x * (self.box.w - 40)), rect.centery - img.get_height() // 2))
        if self.message:
            img = t.fitted(self.message, size, theme.ACCENT, self.box.right - self.back.rect.right - 24)
            surface.blit(img, (self.back.rect.right + 16, self.back.rect.centery - img.get_height() // 2))


class ProfileScene(Scene):
    """One player's ratings, rating plot and recent games (see the module)."""

    def __init__(self, app, session: OnlineSession, name: str) -> None:
        super().__init__(app)
        self.session, self.player = session, name
        self.pick = 0  # which rating the plot shows
        self.plot_button = Button("", self.next_rating)
        self.back = Button(N_("Back"), self.app.stack.pop, key=pygame.K_ESCAPE, tr=_)
        # TRANSLATORS: profile button: the archive of this player's finished matches.
        self.archive_button = Button(N_("All their games"), self.open_archive, tr=_)
        self.games: list[tuple[dict, pygame.Rect]] = []
        self.message = ""
        self.download = RecordDownload(app, session)
        self.resize(app.size)
        session.ask_profile(name)

    @property
    def profile(self) -> dict | None:
        return self.session.profiles.get(self.player)

    def ratings(self) -> list[dict]:
        return [r for r in (self.profile or {}).get("ratings") or [] if isinstance(r, dict)]

    def next_rating(self) -> None:
        self.pick += 1

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.left = pygame.Rect(int(w * 0.05), int(h * 0.15), int(w * 0.44), int(h * 0.7))
        self.right = pygame.Rect(self.left.right + int(w * 0.02), self.left.y, int(w * 0.44), self.left.h)
        bh = max(34, int(h * 0.052))
        self.plot_button.rect = pygame.Rect(self.left.x + 16, self.left.bottom - bh - 14, self.left.w - 32, bh)
        self.back.rect = pygame.Rect(self.left.x, self.left.bottom + 12, max(160, int(w * 0.12)), bh)
        self.archive_button.rect = self.back.rect.move(self.back.rect.w + 12, 0)
        self.archive_button.rect.w = max(180, int(w * 0.16))
        size = max(13, int(h * 0.022))
        self.row_h = 2 * size + 14  # two lines a recent game

    def rating_line(self, r: dict) -> str:
        rating = r.get("label", "?")
        if isinstance(r.get("sigma"), int):  # (a server that sends it)
            # TRANSLATORS: a rating and its uncertainty: "1532 ± 120".
            rating = _("{rating} ± {sigma}").format(rating=r.get("rating", "?"), sigma=r["sigma"])
        if r.get("provisional"):
            # TRANSLATORS: a rating that means little yet (fewer than 10 rated games).
            rating = _("{rating}, provisional").format(rating=rating)
        return _("{game}, {n} players: {rating} ({games} rated)").format(
            game=self.session.game_title(r.get("game")), n=r.get("seats", "?"), rating=rating,
            games=r.get("games", 0))

    def open_archive(self) -> None:
        self.app.push(ArchiveScene(self.app, self.session, self.player))

    def update(self, dt: float) -> None:
        super().update(dt)
        notes = self.session.pump()
        for note in notes:
            if note.kind == "error" and not note.match:
                self.message = note.text
        said = self.download.update(notes, dt)
        if said is not None:
            self.message = said
        ratings = self.ratings()
        self.plot_button.enabled = len(ratings) > 1
        if ratings:
            r = ratings[self.pick % len(ratings)]
            self.plot_button.label = self.rating_line(r)
            self.plot_button.tr = lambda key: key
        else:
            self.plot_button.label = ""
        self.games = []
        y = self.right.y + 24 + max(13, int(self.size[1] * 0.022))
        for game in (self.profile or {}).get("recent") or []:
            if y + self.row_h > self.right.bottom - 8:
                break
            self.games.append((game, pygame.Rect(self.right.x + 10, y, self.right.w - 20, self.row_h)))
            y += self.row_h + 6

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.plot_button.handle_event(event) or self.back.handle_event(event) \
                or self.archive_button.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for game, rect in self.games:
                if rect.collidepoint(event.pos):
                    self.message = self.download.ask(str(game.get("match")))
                    return True
        return True

    def game_lines(self, game: dict) -> tuple[str, str]:
        """A recent game: when, which game, rated or not; then the players by place."""
        when = time.strftime("%Y-%m-%d", time.localtime(float(game.get("ended") or 0)))
        ranking = game.get("ranking") or []
        players = []
        for i, p in enumerate(game.get("players") or []):
            place = ranking[i] if i < len(ranking) else "?"
            players.append((place if isinstance(place, int) else 99, f"{place}. {p.get('name', '?')}"))
        rated = _("rated") if game.get("rated") else _("casual")
        return ("   ".join((when, self.session.game_title(game.get("game")), rated)),
                ", ".join(text for _place, text in sorted(players)))

    def draw(self, surface: pygame.Surface) -> None:
        t, h = self.app.text, self.size[1]
        draw_backdrop(surface, self.app, self.player.upper(), y=0.07)
        draw_panel(surface, self.left)
        draw_panel(surface, self.right)
        size = max(13, int(h * 0.022))
        if self.profile is None:
            surface.blit(t.fitted(self.message or _("Loading…"), size, theme.TEXT_DIM, self.left.w - 32),
                         (self.left.x + 16, self.left.y + 16))
        ratings = self.ratings()
        y = self.left.y + 14
        surface.blit(t.fitted(_("RATINGS"), size, theme.TEXT_DIM, self.left.w - 32, bold=True), (self.left.x + 16, y))
        y += size + 8
        for r in ratings[:4]:
            surface.blit(t.fitted(self.rating_line(r), size, theme.TEXT, self.left.w - 32), (self.left.x + 16, y))
            y += size + 6
        if self.profile is not None and not ratings:
            surface.blit(t.fitted(_("No rated matches yet."), size, theme.TEXT_DIM, self.left.w - 32),
                         (self.left.x + 16, y))
        plot = pygame.Rect(self.left.x + 16, y + 8, self.left.w - 32, self.plot_button.rect.y - y - 20)
        if ratings and plot.h > 40:
            draw_plot(surface, t, plot, ratings[self.pick % len(ratings)].get("history") or [], size)
        if ratings:
            self.plot_button.draw(surface, t)
        self.back.draw(surface, t)
        self.archive_button.draw(surface, t)
        surface.blit(t.fitted(_("RECENT GAMES (click one to replay it)"), size, theme.TEXT_DIM,
                              self.right.w - 32, bold=True), (self.right.x + 16, self.right.y + 14))
        mouse = pygame.mouse.get_pos()
        for game, rect in self.games:
            if rect.collidepoint(mouse):
                draw_focus(surface, rect, 6)
            first, second = self.game_lines(game)
            img = t.fitted(first, size, theme.TEXT, rect.w - 16)
            surface.blit(img, (rect.x + 8, rect.y + 3))
            img = t.fitted(second, size, theme.TEXT_DIM, rect.w - 16)
            surface.blit(img, (rect.x + 8, rect.bottom - img.get_height() - 3))
        if self.profile is not None and not self.games:
            surface.blit(t.fitted(_("No finished games yet."), size, theme.TEXT_DIM, self.right.w - 32),
                         (self.right.x + 16, self.right.y + 48))
        if self.message and self.profile is not None:
            edge = self.archive_button.rect.right
            img = t.fitted(self.message, size, theme.ACCENT, self.right.right - edge - 16)
            surface.blit(img, (edge + 16, self.archive_button.rect.centery - img.get_height() // 2))


def draw_plot(surface: pygame.Surface, t, rect: pygame.Rect, history: list, size: int) -> None:
    """The rating after each rated match, as a line over a faint grid, its range labelled."""
    points = [float(p["rating"]) for p in history if isinstance(p, dict)
              and isinstance(p.get("rating"), (int, float))]
    pygame.draw.rect(surface, (14, 16, 36), rect, border_radius=6)
    if not points:
        return
    low, high = min(points), max(points)
    if high - low < 50:
        low, high = (low + high) / 2 - 25, (low + high) / 2 + 25
    label_w = t.render(f"{high:.0f}", max(11, size - 2), theme.TEXT_DIM).get_width() + 10
    inner = rect.inflate(-16, -16)
    inner.x += label_w
    inner.w -= label_w
    for frac in (0.0, 0.5, 1.0):
        y = inner.bottom - int(frac * inner.h)
        pygame.draw.line(surface, (40, 44, 80), (inner.x, y), (inner.right, y))
        value = t.render(f"{low + frac * (high - low):.0f}", max(11, size - 2), theme.TEXT_DIM)
        surface.blit(value, (rect.x + 6, y - value.get_height() // 2))
    step = inner.w / max(1, len(points) - 1)
    xy = [(inner.x + int(i * step), inner.bottom - int((v - low) / (high - low) * inner.h))
          for i, v in enumerate(points)]
    if len(xy) > 1:
        pygame.draw.lines(surface, theme.ACCENT_2, False, xy, 2)
    for p in xy:
        pygame.draw.circle(surface, theme.ACCENT, p, 3)
