"""The server's archive (from the lobby, or a player's profile): finished matches newest
first, a page at a time, each with its game, players by place, result, date and time
control; "My games" keeps the signed-in player's own. Choosing one downloads its record
(``get_record``), keeps it in the records folder (client/archive.py) and opens it in the
game's replay. A server that is gone, does not answer or sends a record this client
cannot read is said in a sentence on the screen."""

from __future__ import annotations

import pygame

from shared.i18n import domain

from .. import theme
from ..archive import ArchiveError, facts_text, keep_record, players_text, record_of, result_text
from ..online import Note, OnlineSession
from ..view.form import draw_backdrop, draw_focus
from ..view.widgets import Button, draw_panel
from .base import Scene

_, N_, ngettext, pgettext = domain("online")

ANSWER_TIMEOUT_S = 10.0  # a record download never waits longer for the server


class RecordDownload:
    """One record asked of the server at a time, opened in the replay when it arrives
    (the archive browser and the profile share it)."""

    def __init__(self, app, session: OnlineSession) -> None:
        self.app, self.session = app, session
        self.match: str | None = None
        self.rid: int | None = None
        self.left = 0.0

    def ask(self, match: str) -> str:
        """Ask for ``match``'s record; the sentence to show meanwhile."""
        self.match, self.left = match, ANSWER_TIMEOUT_S
        self.rid = self.session.ask_record(match)
        return _("Downloading the record of {code}…").format(code=match)

    def update(self, notes: list[Note], dt: float) -> str | None:
        """What became of the download (None: nothing new); opens the replay on success."""
        if self.match is None:
            return None
        for note in notes:
            if note.kind in ("record", "error") and note.data.get("rid") == self.rid:
                self.match = None
                return self.open(note.data) if note.kind == "record" else note.text
        if self.session.net_state in ("lost", "closed"):
            self.match = None
            return self.session.net_note or _("The server is gone: the record was not downloaded.")
        self.left -= dt
        if self.left <= 0:
            self.match = None
            return _("The server did not answer: try again.")
        return None

    def open(self, m: dict) -> str:
        """Show the record in its game's replay and keep it; or say why not (a record
        this client cannot read is not kept; one that cannot be kept is still shown)."""
        try:
            game, code, text = record_of(m)
            if game not in self.app.games:
                raise ArchiveError(_("This version of the game cannot show that game."))
            plugin = self.app.games.get(game)
            scene = plugin.open_record(self.app, text, _("Match {code}").format(code=code))
        except ArchiveError as exc:
            return str(exc)
        except Exception as exc:  # noqa: BLE001 - a record this client cannot replay: say why
            return _("The record cannot be replayed: {reason}").format(reason=exc)
        self.app.push(scene)
        try:
            path = keep_record(m, plugin.spec.record_suffix)
        except OSError as exc:
            return _("The record could not be saved: {reason}").format(reason=exc.strerror or exc)
        return _("Saved as {file}").format(file=path.name)


class ArchiveScene(Scene):
    """The archive browser (see the module). ``player``: only that player's matches."""

    def __init__(self, app, session: OnlineSession, player: str | None = None) -> None:
        super().__init__(app)
        self.session, self.player = session, player
        self.page = 0
        self.mine = False
        self.download = RecordDownload(app, session)
        # TRANSLATORS: archive buttons: the page before / after, only my matches.
        self.prev_button = Button(N_("Previous"), self.previous, key=pygame.K_PAGEUP, tr=_)
        self.next_button = Button(N_("Next"), self.next, key=pygame.K_PAGEDOWN, tr=_)
        self.mine_button = Button(N_("My games"), self.toggle_mine, tr=_)
        self.back = Button(N_("Back"), self.app.stack.pop, key=pygame.K_ESCAPE, tr=_)
        self.buttons = (self.prev_button, self.next_button, self.mine_button, self.back)
        self.rows: list[tuple[dict, pygame.Rect]] = []
        self.message = ""
        self.resize(app.size)
        self.ask()

    @property
    def key(self) -> tuple[int, str | None, str | None]:
        return self.page, self.who, None

    @property
    def who(self) -> str | None:
        return self.session.name if self.mine else self.player

    @property
    def answer(self) -> dict | None:
        return self.session.archives.get(self.key)

    def ask(self) -> None:
        self.session.ask_archive(self.page, self.who)

    def previous(self) -> None:
        if self.page > 0:
            self.page -= 1
            self.ask()

    def next(self) -> None:
        if (self.answer or {}).get("more"):
            self.page += 1
            self.ask()

    def toggle_mine(self) -> None:
        if not self.mine and not self.session.signed_in:
            self.message = _("Take a name first (Your name, in the lobby): guests have no profile.")
            return
        self.mine, self.page, self.message = not self.mine, 0, ""
        self.mine_button.label = N_("All games") if self.mine else N_("My games")
        self.ask()

    def choose(self, row: dict) -> None:
        self.message = self.download.ask(str(row.get("match")))

    def title(self) -> str:
        if self.player and not self.mine:
            return _("GAMES OF {name}").format(name=self.player.upper())
        return _("MY GAMES") if self.mine else _("ARCHIVE")

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = max(34, int(h * 0.052))
        self.box = pygame.Rect(int(w * 0.06), int(h * 0.15), int(w * 0.88), int(h * 0.66))
        y = self.box.bottom + 12
        bw = max(150, int(w * 0.13))
        self.back.rect = pygame.Rect(self.box.x, y, bw, bh)
        self.mine_button.rect = pygame.Rect(self.back.rect.right + 12, y, bw, bh)
        self.next_button.rect = pygame.Rect(self.box.right - bw, y, bw, bh)
        self.prev_button.rect = pygame.Rect(self.next_button.rect.x - 12 - bw, y, bw, bh)
        self.text_size = max(13, int(h * 0.022))
        self.row_h = 2 * self.text_size + 14  # two lines a match

    def update(self, dt: float) -> None:
        super().update(dt)
        notes = self.session.pump()
        for note in notes:
            if note.kind == "error" and not note.match:
                self.message = note.text
        said = self.download.update(notes, dt)
        if said is not None:
            self.message = said
        answer = self.answer
        self.prev_button.enabled = self.page > 0
        self.next_button.enabled = bool(answer and answer.get("more"))
        self.mine_button.enabled = self.player is None or self.session.signed_in
        self.rows = []
        y = self.box.y + 12
        for row in (answer or {}).get("matches") or []:
            if not isinstance(row, dict) or y + self.row_h > self.box.bottom - 8:
                continue
            self.rows.append((row, pygame.Rect(self.box.x + 10, y, self.box.w - 20, self.row_h)))
            y += self.row_h + 4

    def handle_event(self, event: pygame.event.Event) -> bool:
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for row, rect in self.rows:
                if rect.collidepoint(event.pos):
                    self.choose(row)
                    return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        t, size = self.app.text, self.text_size
        draw_backdrop(surface, self.app, self.title(), y=0.07)
        draw_panel(surface, self.box)
        for b in self.buttons:
            b.draw(surface, t)
        answer = self.answer
        if answer is None or not self.rows:
            empty = _("Loading…") if answer is None else _("No finished games yet.")
            surface.blit(t.fitted(empty, size, theme.TEXT_DIM, self.box.w - 40),
                         (self.box.x + 20, self.box.y + 16))
        mouse = pygame.mouse.get_pos()
        for row, rect in self.rows:
            if rect.collidepoint(mouse):
                draw_focus(surface, rect, 6)
            result = t.fitted(result_text(row), size, theme.ACCENT, int(rect.w * 0.34))
            surface.blit(result, (rect.right - 8 - result.get_width(), rect.y + 3))
            facts = t.fitted(facts_text(row, self.session.game_title), size, theme.TEXT,
                             rect.w - result.get_width() - 32)
            surface.blit(facts, (rect.x + 8, rect.y + 3))
            players = t.fitted(players_text(row), size, theme.TEXT_DIM, rect.w - 16)
            surface.blit(players, (rect.x + 8, rect.bottom - players.get_height() - 3))
        # TRANSLATORS: the archive's page number, counted from 1.
        page = t.fitted(_("Page {n}").format(n=self.page + 1), size, theme.TEXT_DIM, self.prev_button.rect.w)
        surface.blit(page, (self.prev_button.rect.x - 16 - page.get_width(),
                            self.prev_button.rect.centery - page.get_height() // 2))
        if self.message:
            img = t.fitted(self.message, size, theme.ACCENT, self.box.w)
            surface.blit(img, (self.box.x, self.back.rect.bottom + 6))
