"""Every unfinished game in one list, last played first: local games kept by the
autosave (:mod:`client.saves`) and online matches whose seat is saved
(:mod:`.continue_online`). Each row says the game, who plays, whose turn and when it
was last played; Enter or a click resumes it, Delete (or the row's ✕) deletes it after
a confirmation. The title offers "Continue: <the last played>" and this list."""

from __future__ import annotations

import pygame

from shared.i18n import domain

from .. import rated, save_locks, saves, theme
from ..view.form import draw_backdrop, draw_focus
from ..view.widgets import Button, draw_panel
from .base import Scene
from .continue_online import Entry, online_button, online_entries
from .pause import ConfirmScene

_, N_, ngettext, pgettext = domain("client")

DETAIL = "\0entry"  # the confirmation's detail line: the entry's own words


def local_entries(app) -> list[Entry]:
    out = []
    for saved in saves.all_saves():
        if saved.game not in app.games:
            continue  # a game this client does not show: kept for one that does

        def go(saved=saved) -> None:
            if save_locks.open_elsewhere(saved.slot):   # never resumed twice
                top = app.stack.top
                if isinstance(top, ContinueScene):
                    top.error = _("This game is open in another window of Alien City.")
                app.sounds.play("error")
                return
            fresh = saves.load(saved.slot)
            if fresh is None:
                return
            try:
                scene = saves.resume_scene(app, fresh)
            except Exception as exc:  # noqa: BLE001 - a damaged save: say so, keep the menu
                top = app.stack.top
                if isinstance(top, ContinueScene):
                    top.error = _("The saved game could not be opened: {error}").format(error=exc)
                return
            app.push(scene)

        def facts(saved=saved) -> str:
            names = saves.seat_names(app, saved)
            parts = [", ".join(names), saves.turn_words(app, saved, names), saves.branch_words(saved),
                     saves.played_words(saved)]
            if save_locks.open_elsewhere(saved.slot):
                # TRANSLATORS: an unfinished game that another open window of the game is playing
                parts.insert(0, _("open in another window"))
            return " · ".join(p for p in parts if p)

        def title(saved=saved) -> str:
            return saves.describe(app, saved.data)

        def forget(saved=saved) -> None:
            if saved.data.get("rated"):
                rated.abandon(app, saved.data)  # a rated game deleted unfinished: a loss
            saves.delete(saved.slot)

        out.append(Entry(f"{saved.game} {saved.saved}", title, facts, saved.when, go, forget, False, saved))
    return out


def all_entries(app) -> list[Entry]:
    """Every unfinished game, local and online, last played first (one unreadable store
    never hides the other)."""
    out: list[Entry] = []
    for source in (local_entries, online_entries):
        try:
            out += source(app)
        except Exception:  # noqa: BLE001 - an unreadable folder: the other kind still shows
            continue
    return sorted(out, key=lambda e: -e.when)


def continue_button(entry: Entry) -> Button:
    """"Continue: <the game>": the label (an English key) finds the button, the words
    shown follow the language."""
    if entry.online:
        return online_button(entry)
    button = Button(f"Continue: {entry.key}", entry.open,
                    tr=lambda _key: _("Continue: {game}").format(game=entry.title()))
    button.autosave = entry.source  # tests: what it resumes
    return button


def continue_buttons(app) -> list[Button]:
    """The title's Continue for the game last played and, when there is any unfinished
    game, the list of all of them."""
    entries = all_entries(app)
    if not entries:
        return []
    n = len(entries)
    # TRANSLATORS: title menu: the list of every unfinished game (local and online)
    every = Button(N_("Unfinished games"), lambda: app.push(ContinueScene(app)),
                   tr=lambda _key: _("Unfinished games ({n})").format(n=n))
    free = [e for e in entries
            if e.online or not (isinstance(e.source, saves.SavedGame) and save_locks.open_elsewhere(e.source.slot))]
    return [continue_button(free[0]), every] if free else [every]


class ContinueScene(Scene):
    def __init__(self, app) -> None:
        super().__init__(app)
        self.entries = all_entries(app)
        self.focus = 0
        self.scroll = 0
        self.error = ""
        self._facts: dict[int, str] = {}  # the facts line per entry, read once
        self.back = Button(N_("Back"), self.close, key=pygame.K_ESCAPE, tr=_)
        # TRANSLATORS: button: resume the chosen unfinished game
        self.open_button = Button(N_("Continue"), self.open_focused, tr=_)
        # TRANSLATORS: button: delete the chosen unfinished game (asks first)
        self.delete_button = Button(N_("Delete"), self.ask_delete, tr=_)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.row_h = max(44, int(h * 0.075))
        self.list_box = pygame.Rect(int(w * 0.08), int(h * 0.16), int(w * 0.84), int(h * 0.62))
        self.visible = max(1, (self.list_box.h - 20) // self.row_h)
        bh = max(38, int(h * 0.06))
        bw = max(160, int(w * 0.14))
        self.back.rect = pygame.Rect(self.list_box.x, h - bh - int(h * 0.05), bw, bh)
        self.open_button.rect = self.back.rect.move(bw + 14, 0)
        self.delete_button.rect = self.open_button.rect.move(bw + 14, 0)

    def resume(self) -> None:
        """Back from a game or a confirmation: the list as it is now."""
        self.entries = all_entries(self.app)
        self._facts.clear()
        self.focus = min(self.focus, max(0, len(self.entries) - 1))
        self.scroll = min(self.scroll, self.focus)

    def close(self) -> None:
        self.app.stack.pop()

    def open_focused(self) -> None:
        if self.entries:
            self.entries[self.focus].open()

    def ask_delete(self) -> None:
        if not self.entries:
            return
        entry = self.entries[self.focus]
        if entry.online:
            question = N_("Forget this online match?")
            detail = N_("The match goes on on the server; this computer forgets its seat.")
        else:
            question, detail = N_("Delete this saved game?"), DETAIL

        def tr(key: str) -> str:
            if key != DETAIL:
                return _(key)
            if isinstance(entry.source, saves.SavedGame) and entry.source.data.get("rated"):
                return entry.title() + " " + _("A rated game: deleting it counts as a loss.")
            return entry.title()

        def delete() -> None:
            entry.forget()
            self.resume()
        self.app.push(ConfirmScene(self.app, question, detail, N_("Delete"), delete, tr=tr))

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.list_box.x + 10, self.list_box.y + 10 + (i - self.scroll) * self.row_h,
                           self.list_box.w - 20, self.row_h - 6)

    def cross_rect(self, i: int) -> pygame.Rect:
        """The row's ✕ (delete) at its right end."""
        r = self.row_rect(i)
        side = r.h - 12
        return pygame.Rect(r.right - side - 8, r.y + 6, side, side)

    def _shown(self) -> range:
        return range(self.scroll, min(len(self.entries), self.scroll + self.visible))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if any(b.handle_event(event) for b in (self.back, self.open_button, self.delete_button)):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.entries) - self.visible), self.scroll - event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in self._shown():
                if self.row_rect(i).collidepoint(event.pos):
                    self.focus = i
                    self.ask_delete() if self.cross_rect(i).collidepoint(event.pos) else self.open_focused()
        elif event.type == pygame.MOUSEMOTION:
            for i in self._shown():
                if self.row_rect(i).collidepoint(event.pos):
                    self.focus = i
        elif event.type == pygame.KEYDOWN and self.entries:
            if event.key == pygame.K_UP:
                self.focus = max(0, self.focus - 1)
            elif event.key == pygame.K_DOWN:
                self.focus = min(len(self.entries) - 1, self.focus + 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_focused()
            elif event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
                self.ask_delete()
            self.scroll = min(self.focus, max(self.scroll, self.focus - self.visible + 1))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.text
        draw_backdrop(surface, self.app, _("UNFINISHED GAMES"), size=0.06)
        draw_panel(surface, self.list_box)
        big, small = max(14, int(self.row_h * 0.34)), max(12, int(self.row_h * 0.27))
        if not self.entries:
            msg = _("No unfinished games: every game you leave before its end waits here.")
            for j, line in enumerate(t.wrap(msg, big, self.list_box.w - 40)):
                surface.blit(t.render(line, big, theme.TEXT_DIM),
                             (self.list_box.x + 20, self.list_box.y + 20 + j * big * 3 // 2))
        for i in self._shown():
            r, entry = self.row_rect(i), self.entries[i]
            if i == self.focus:
                draw_focus(surface, r, 8)
            cross = self.cross_rect(i)
            room = cross.x - r.x - 24
            surface.blit(t.fitted(entry.title(), big, theme.TEXT, room, bold=True), (r.x + 12, r.y + 4))
            if i not in self._facts:
                self._facts[i] = entry.facts()
            surface.blit(t.fitted(self._facts[i], small, theme.TEXT_DIM, room), (r.x + 12, r.bottom - small - 8))
            colour = theme.BAD if i == self.focus else theme.TEXT_DIM
            pygame.draw.rect(surface, colour, cross, 2, border_radius=6)
            inner = cross.inflate(-cross.w // 2, -cross.h // 2)
            pygame.draw.line(surface, colour, inner.topleft, inner.bottomright, 3)
            pygame.draw.line(surface, colour, inner.bottomleft, inner.topright, 3)
        if self.error:
            img = t.fitted(self.error, small, theme.BAD, self.list_box.w)
            surface.blit(img, (self.list_box.x, self.list_box.bottom + 8))
        self.open_button.enabled = self.delete_button.enabled = bool(self.entries)
        for b in (self.back, self.open_button, self.delete_button):
            b.draw(surface, t)
