"""An error no screen caught: the game in play is saved, the traceback goes to a log file
in the user's data folder, and a screen names the problem and the log, with a way back
to the title. Never a black window with the traceback only on a terminal nobody sees."""

from __future__ import annotations

import datetime as _dt
import sys
import traceback
from pathlib import Path

import pygame

from shared.i18n import domain

from .. import theme
from ..config import config_dir
from ..view.widgets import Button, ButtonColumn, draw_panel
from .base import Scene

_, N_, ngettext, pgettext = domain("client")


def logs_dir() -> Path:
    return config_dir() / "logs"


def write_log(exc: BaseException) -> Path | None:
    """The traceback in a new log file (None when it cannot be written)."""
    text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
    try:
        folder = logs_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / _dt.datetime.now().strftime("crash-%Y%m%d-%H%M%S-%f.log")
        path.write_text(text, encoding="utf-8")
    except OSError:
        return None
    return path


def recover(app, exc: BaseException) -> None:
    """After an uncaught error in a frame: save the game in play, log, show the error."""
    traceback.print_exception(type(exc), exc, exc.__traceback__, file=sys.stderr)
    try:
        app.autosave.track(app)
        app.autosave.flush()
    except Exception:  # noqa: BLE001 - the save is tried; the error screen comes anyway
        pass
    path = write_log(exc)
    stack = app.stack
    stack.pending.clear()
    while stack.scenes:
        gone = stack.scenes.pop()
        try:
            gone.exit()
            for part in gone.parts:
                part.exit()
        except Exception:  # noqa: BLE001 - a broken screen must not stop the way back
            pass
    stack.push(CrashScene(app, exc, path))
    stack.apply_pending()


class CrashScene(Scene):
    """What went wrong, where the log is, and Back to the title."""

    def __init__(self, app, exc: BaseException, log: Path | None) -> None:
        self.problem = f"{type(exc).__name__}: {exc}"[:300]
        self.log = log
        self.menu_column = ButtonColumn([Button(N_("Back to the title"), self.home, tr=_)])
        super().__init__(app)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        row = max(40, int(h * 0.06))
        self.box = pygame.Rect(0, 0, min(w - 40, max(560, int(w * 0.6))), row * 8)
        self.box.center = (w // 2, h // 2)
        self.menu_column.layout(w // 2, self.box.bottom - row * 2, min(self.box.w - row * 2, 420), row, row // 3)

    def home(self) -> None:
        self.app.go_home()

    def handle_event(self, event: pygame.event.Event) -> bool:
        return self.menu_column.handle_modal(event, self.home)

    def lines(self) -> list[str]:
        """The words below the heading: the problem, the save, the log."""
        log = str(self.log) if self.log is not None else _("(the log could not be written)")
        return [self.problem,
                _("The game in play, if any, is saved: Continue on the title resumes it."),
                _("Details are in the log file: {path}").format(path=log)]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.app.background(self.size), (0, 0))
        draw_panel(surface, self.box, glow=theme.ACCENT_2)
        t, row = self.app.text, self.menu_column.buttons[0].rect.h
        # TRANSLATORS: the heading of the screen shown after an error in the client itself
        big = t.fitted(_("Something went wrong"), max(18, int(row * 0.6)), theme.ACCENT, self.box.w - row, bold=True)
        surface.blit(big, big.get_rect(center=(self.box.centerx, self.box.y + row)))
        y, size = self.box.y + int(row * 1.7), max(14, int(row * 0.36))
        for text in self.lines():
            for line in t.wrap(text, size, self.box.w - row):
                img = t.render(line, size, theme.TEXT)
                surface.blit(img, img.get_rect(midtop=(self.box.centerx, y)))
                y += img.get_height() + 2
            y += size // 2
        self.menu_column.draw(surface, t)
