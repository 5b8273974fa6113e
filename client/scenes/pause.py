"""The pause menu over a running local game (Esc): resume, how to play (the game's
plug-in found by the match's ``spec``), save, undo, resign (asked first), options, leave.
It knows the match screen only as a :class:`PausedGame`."""

from __future__ import annotations

from typing import Any, Callable, Protocol

import pygame

from shared.gamekit.errors import IllegalMove
from shared.i18n import domain

from .. import theme
from ..seat_words import first_labels
from ..view.widgets import Button, ButtonColumn, draw_panel, same
from .base import Scene
from .options import OptionsScene

_, N_, ngettext, pgettext = domain("client")


class PausedGame(Protocol):
    """What the pause menu asks of the match screen under it (its ``MatchCore`` gives it)."""

    undo_allowed: bool
    rated: Any    # a rated game against the computer (no undo), or None
    chrome: Any   # the online match's chrome, or None (a local game)
    match: Any    # the match's holder: ``match.state`` is the position
    spec: Any     # the game's spec: its plug-in's How to play

    def save(self) -> Any: ...
    def undo(self) -> Any: ...
    def position(self) -> Any: ...                # the contract's position on screen
    def resigning_seat(self) -> int | None: ...   # who Resign gives up (None: no Resign now)
    def resign(self) -> None: ...


class PauseScene(Scene):
    opaque = False
    modal = True

    def __init__(self, app, game: PausedGame) -> None:
        self.game = game
        self.howto_plugin = next((p for p in app.games if p.spec is game.spec), None)
        buttons = [Button(N_("Resume"), self.close, tr=_),
                   Button(N_("How to play"), self.howto, tr=_, enabled=self.howto_plugin is not None),
                   Button(N_("Save record"), self.save, tr=_),
                   Button(N_("Undo last turn"), self.undo, tr=_, enabled=game.undo_allowed and game.rated is None),
                   Button(N_("Resign"), self.resign, tr=_, enabled=game.resigning_seat() is not None),
                   Button(N_("Options"), self.options, tr=_), Button(N_("Main menu"), self.menu, tr=_),
                   Button(N_("Quit"), self.quit, tr=_)]
        self.menu_column = ButtonColumn(buttons)
        super().__init__(app)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        bh = max(40, int(h * 0.06))
        n = len(self.menu_column.buttons)
        total = n * bh + (n - 1) * bh // 3
        self.box = pygame.Rect(0, 0, max(320, int(w * 0.3)), total + bh * 3)
        self.box.center = (w // 2, h // 2)
        self.menu_column.layout(w // 2, self.box.y + bh * 2, self.box.w - bh, bh, bh // 3)

    def close(self) -> None:
        self.app.stack.pop()

    def save(self) -> None:
        self.game.save()
        self.close()

    def undo(self) -> None:
        self.close()
        self.game.undo()

    def resign(self) -> None:
        """Asks first, saying what follows: who wins, or that the others play on."""
        self.app.push(ConfirmScene(self.app, N_("Resign this game?"), resign_line(self.game), N_("Resign"),
                                   self._resign, tr=_))

    def _resign(self) -> None:
        self.close()
        self.game.resign()

    def howto(self) -> None:
        """The game's rules pages over the paused game (Esc comes back here)."""
        scene = self.howto_plugin.howto_scene(self.app) if self.howto_plugin is not None else None
        if scene is not None:
            self.app.push(scene)

    def options(self) -> None:
        self.app.push(OptionsScene(self.app))

    def menu(self) -> None:
        """Asks first: the game is kept (autosaved) and Continue on the title resumes it."""
        self.app.push(ConfirmScene(self.app, N_("Leave this game for the main menu?"),
                                   self._kept_line(), N_("Main menu"), self.app.go_home, tr=_))

    def quit(self) -> None:
        confirm_quit(self.app, self.game)

    def _kept_line(self) -> str:
        return kept_line(self.game)

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.menu_column.handle_modal(event, self.close, (pygame.K_ESCAPE, pygame.K_p))

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 10, 150))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, glow=theme.ACCENT_2)
        title = self.app.text.shadowed(_("PAUSED"), int(self.box.h * 0.09), theme.ACCENT, (0, 0, 0), 3, bold=True)
        surface.blit(title, title.get_rect(center=(self.box.centerx, self.box.y + self.menu_column.buttons[0].rect.h)))
        self.menu_column.draw(surface, self.app.text)


def kept_line(game: PausedGame) -> str:
    """What becomes of the game on screen if the player leaves it now."""
    if game.match.state is not None and game.match.over:
        return N_("The game is over.")
    if game.chrome is not None:
        return N_("The match goes on on the server: Continue on the title screen takes you back to your seat.")
    return N_("Your game is saved: Continue on the title screen resumes it.")


def resign_line(game: PausedGame) -> str:
    """What a resignation now would do, in words: the game's own rule decides."""
    seat, position = game.resigning_seat(), game.position()
    if seat is None:
        return ""
    labels = [info.label for info in game.spec.seats_of(position)]
    try:
        after = position.resign(seat)[0]
    except IllegalMove as exc:
        return exc.rejection.text
    if not after.is_over():
        # TRANSLATORS: the Resign question's detail in a game of 3 or more seats
        return _("{seat} leaves the game; the others play on without it.").format(seat=labels[seat])
    winner = ", ".join(first_labels(game.spec, after))
    # TRANSLATORS: the Resign question's detail: "Black gives up and White wins. …"
    return _("{seat} gives up and {winner} wins. The record is kept: Replay a record lists it.").format(
        seat=labels[seat], winner=winner)


def confirm_quit(app, game: PausedGame) -> None:
    """Quitting from a game asks first (Pause → Quit, and the window's close button)."""
    app.push(ConfirmScene(app, N_("Quit Alien City?"), kept_line(game), N_("Quit"), app.quit, tr=_))


class ConfirmScene(Scene):
    """A question over the screen: Stay (Esc) or the action. ``question``, ``detail`` and
    ``label`` are shown through ``tr`` (the caller's ``_``) at each draw; ``label`` stays
    the action button's key."""

    opaque = False
    modal = True

    def __init__(self, app, question: str, detail: str, label: str, action, *,
                 tr: Callable[[str], str] = same) -> None:
        self.question, self.detail, self.action, self.tr = question, detail, action, tr
        self.menu_column = ButtonColumn([Button(N_("Stay"), self.close, tr=_),
                                         Button(label, self.confirm, tr=tr)])
        super().__init__(app)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        row = max(40, int(h * 0.06))
        self.box = pygame.Rect(0, 0, max(440, int(w * 0.44)), row * 6)
        self.box.center = (w // 2, h // 2)
        self.menu_column.layout(w // 2, self.box.y + row * 3, self.box.w - row * 2, row, row // 3)

    def close(self) -> None:
        self.app.stack.pop()

    def confirm(self) -> None:
        self.app.stack.pop()
        self.action()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.menu_column.handle_modal(event, self.close)

    def draw(self, surface: pygame.Surface) -> None:
        shade = pygame.Surface(self.size, pygame.SRCALPHA)
        shade.fill((0, 0, 10, 150))
        surface.blit(shade, (0, 0))
        draw_panel(surface, self.box, glow=theme.ACCENT_2)
        t, row = self.app.text, self.menu_column.buttons[0].rect.h
        big = t.fitted(self.tr(self.question), max(18, int(row * 0.55)), theme.ACCENT, self.box.w - row, bold=True)
        surface.blit(big, big.get_rect(center=(self.box.centerx, self.box.y + row)))
        y = self.box.y + int(row * 1.6)
        for line in t.wrap(self.tr(self.detail), max(14, int(row * 0.38)), self.box.w - row):
            img = t.render(line, max(14, int(row * 0.38)), theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(self.box.centerx, y)))
            y += img.get_height() + 2
        self.menu_column.draw(surface, t)
