"""Client tests run headless: dummy video and audio drivers are set before pygame is
imported anywhere, and options/records go to a temporary config directory."""

import atexit
import os
import shutil
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
_CONFIG_DIR = tempfile.mkdtemp(prefix="alien-city-test-config-")
os.environ["ALIEN_CITY_CONFIG_DIR"] = _CONFIG_DIR
atexit.register(shutil.rmtree, _CONFIG_DIR, True)  # nothing left behind per run

import pygame  # noqa: E402
import pytest  # noqa: E402

from client import thinking  # noqa: E402
from client.app import App  # noqa: E402
from client.config import Options  # noqa: E402
from client.scenes.title import TitleScene  # noqa: E402


@pytest.fixture
def app():
    """A fresh 1280x800 app with default options that never writes the config."""
    application = App(Options(), (1280, 800), persist=False)
    yield application
    application.stack.scenes.clear()
    if thinking.running():   # a search a test left running must not hold up the next test's
        thinking.close()


def click(pos, button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(pos), button=button)


def motion(pos) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=(0, 0), buttons=(0, 0, 0))


def key(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def show(app: App, scene) -> None:
    """Push ``scene`` and apply the stack change now."""
    app.stack.push(scene)
    app.stack.apply_pending()


def from_title(app: App, label: str):
    """Click the title menu's ``label`` button and return the screen it opens."""
    title = TitleScene(app)
    show(app, title)
    button = next(b for b in title.menu.buttons if b.label == label)
    title.handle_event(click(button.rect.center))
    app.stack.apply_pending()
    return app.stack.top
