"""The game loop: one window, one SceneStack, fixed-dt updates in seconds.

``App.run`` drives real time (accumulated into fixed 1/60 s steps, so animations look
the same at any frame rate) and draws only when something changes or moves: a scene says
how many frames a second it needs now (``frame_rate()``; by default 60 while its
timeline runs, else 0), input draws at once, and an idle screen sleeps on the event
queue, updating ten times a second and drawing a slow heartbeat; ``App.step`` runs one
frame with a given dt and no waiting, which is what the attract-mode demo, the tests and
the benchmark use headless.
"""

from __future__ import annotations

import os
import random
import sys
import time

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if sys.platform.startswith("linux") and os.environ.get("DISPLAY") \
        and os.environ.get("SDL_VIDEODRIVER", "x11") == "x11":
    # X11 has its own framebuffer (MIT-SHM): SDL's default, a texture through OpenGL, costs
    # ~12 ms of CPU a frame where GL is software (Mesa llvmpipe: VMs, Xvfb, no GPU driver).
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")

import pygame  # noqa: E402

from shared.i18n import domain, set_language  # noqa: E402

from . import theme  # noqa: E402
from .assets import Sounds, TextCache, set_window_icon  # noqa: E402
from .autosave import AutoSave  # noqa: E402
from .computer import stop_all  # noqa: E402
from .config import Options, load_options, save_options  # noqa: E402
from .games.registry import Plugins, builtin_plugins  # noqa: E402
from .memory import give_back  # noqa: E402
from .scenes.base import Scene, SceneStack  # noqa: E402
from .scenes.title import TitleScene  # noqa: E402

_, N_, ngettext, pgettext = domain("client")

FIXED_DT = 1 / 60
MAX_FPS = 60.0
IDLE_FPS = 4.0  # heartbeat draws while nothing moves (a status that changed by itself)
IDLE_UPDATE = 0.1  # seconds between updates while idle (a server's news, a computer's move)
INPUT_BURST = 0.35  # seconds of full frame rate after input (hover glows, presses)
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)


class App:
    """Owns the window and the shared caches; scenes reach everything through it."""

    def __init__(self, options: Options | None = None, size: tuple[int, int] | None = None,
                 *, persist: bool = True, speed: float = 1.0) -> None:
        self.started = time.perf_counter()
        self.options = options if options is not None else load_options()
        self.persist = persist
        set_language(self.options.language)  # before any text is made
        self.speed = speed
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Alien City")
        set_window_icon()
        self.windowed_size = size or fit_desktop((self.options.window_w, self.options.window_h))
        self.window = self._open_window(self.options.fullscreen)
        pygame.key.set_repeat(300, 40)
        self.text = TextCache()
        self.games: Plugins = builtin_plugins()  # the games this client can show
        self._kits: dict[str, object] = {}
        self.sounds = Sounds(self.options.sound)
        self.sounds.set_music(self.options.music, self.options.music_volume)
        self.stack = SceneStack()
        self.running = True
        self.clock_time = 0.0  # seconds of game time so far (for gentle idle motion)
        self._backgrounds: dict[tuple[int, int], pygame.Surface] = {}
        self.frame_hook = None  # demo/tests: called after each drawn frame with the surface
        self.hosting = None  # the server of "Host a game on this computer" (client.hosting)
        self.autosave = AutoSave()  # every local game in progress, saved after every move
        self.keys_down: set[int] = set()  # keys pressed and not yet released
        self.key_repeat = False  # the KEYDOWN being handled is a held key's repeat
        self.terminated = False  # SIGTERM/SIGHUP: save and close at the next frame
        self._top: Scene | None = None  # the scene on top after the last stack change

    # -- window ---------------------------------------------------------------------
    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.options.fullscreen = False
        surface = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        w, h = surface.get_size()
        _set_minimum_size((min(w, MIN_SIZE[0]), min(h, MIN_SIZE[1])))
        return surface

    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    def toggle_fullscreen(self) -> None:
        if not self.options.fullscreen:
            self.windowed_size = self.size
        self.options.fullscreen = not self.options.fullscreen
        self.window = self._open_window(self.options.fullscreen)
        self.save_options()
        self.stack.resize(self.size)

    def resized(self) -> None:
        surface = pygame.display.get_surface()
        if surface is not None:
            self.window = surface
        # The window manager keeps the window at least MIN_SIZE (set when it opened): no
        # set_mode here, which recreated the window and threw it back to its start position.
        if not self.options.fullscreen:
            self.windowed_size = self.size
            self.options.window_w, self.options.window_h = self.size
        self.stack.resize(self.size)

    def set_size(self, size: tuple[int, int]) -> None:
        """Resize the window from code (tests, screenshots: even below the minimum)."""
        _set_minimum_size((min(size[0], MIN_SIZE[0]), min(size[1], MIN_SIZE[1])))
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.stack.resize(self.size)

    def kit(self, name: str, make):
        """A game's own art (sprites, boards), made once by ``make`` and kept per name: the
        app holds it without knowing what it is."""
        if name not in self._kits:
            self._kits[name] = make()
        return self._kits[name]

    @property
    def anim_speed(self) -> float:
        return self.options.anim_speed * self.speed

    def save_options(self) -> None:
        self.sounds.enabled = self.options.sound
        if self.persist:
            save_options(self.options)

    def background(self, size: tuple[int, int]) -> pygame.Surface:
        """A night-sky gradient with stars and a horizon grid, cached per window size."""
        surf = self._backgrounds.get(size)
        if surf is None:
            if len(self._backgrounds) > 4:
                self._backgrounds.clear()
            surf = _make_background(size)
            self._backgrounds[size] = surf
        return surf

    # -- frames ---------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def quit(self) -> None:
        from .scenes.host import may_close
        if not may_close(self):
            return  # players are connected to the server we host: warned first
        self.running = False
        self.stop_computers()

    def close_requested(self) -> None:
        """The window's close button: over a game still being played it asks first, as
        Pause → Quit does; closing again while it asks quits."""
        from .scenes.match_screen import game_in_play
        from .scenes.pause import ConfirmScene, confirm_quit
        game = game_in_play(self)
        if game is None or isinstance(self.stack.top, ConfirmScene):
            self.quit()
        else:
            confirm_quit(self, game)

    @staticmethod
    def stop_computers() -> None:
        """Quitting: every computer still thinking in a worker thread is told to stop."""
        stop_all()

    def go_home(self) -> None:
        """Back to the title screen, dropping every scene (the pause and score menus); a
        game left unplayed is saved first, so the title's Continue offers it."""
        self.autosave.flush()
        self.stack.clear_to(TitleScene(self))

    def install_signal_handlers(self) -> None:
        """SIGTERM and SIGHUP (a logout, ``kill``) save the game and close, without the
        "Quit?" question (SDL would turn them into a window close)."""
        import signal

        def terminate(signum, frame) -> None:
            self.terminated = True

        for name in ("SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), terminate)

    def terminate(self) -> None:
        """Close now, the game in progress saved (even one without a move yet)."""
        self.autosave.track(self)
        self.autosave.flush()
        self.running = False
        self.stop_computers()

    def process_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            self.key_repeat = event.key in self.keys_down
            self.keys_down.add(event.key)
        elif event.type == pygame.KEYUP:
            self.keys_down.discard(event.key)
        if event.type == pygame.QUIT:
            self.close_requested()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.resized()
        else:
            self.stack.handle_event(event)

    def step(self, dt: float = FIXED_DT, events: list[pygame.event.Event] | None = None,
             draw: bool = True) -> None:
        """One frame: events (given, else the real queue), update, draw, stack changes."""
        for event in (pygame.event.get() if events is None else events):
            self.process_event(event)
        self.stack.update(dt)
        self.clock_time += dt
        self.autosave.track(self)
        if draw:
            self.stack.draw(self.window)
            if self.frame_hook is not None:
                self.frame_hook(self.window)
            pygame.display.flip()
        self.stack.apply_pending()
        self._stack_changed()
        if not self.stack.scenes:
            self.running = False

    def _stack_changed(self) -> None:
        """Back on the title from elsewhere: the memory of the screens left is given back."""
        top = self.stack.top if self.stack.scenes else None
        if top is not self._top:
            if isinstance(top, TitleScene) and self._top is not None:
                give_back(self._kits)
            self._top = top

    def frame_rate(self) -> float:
        """Frames a second the scenes need now: the most any live or visible scene asks
        (``scene.frame_rate()``: by default 60 while its timeline has tracks; its parts')."""
        rate = 0.0
        for scene in self.stack.scenes[-3:]:
            rate = max(rate, scene.frame_rate(), *(part.frame_rate() for part in scene.parts))
        return min(MAX_FPS, rate)

    def run(self, first: Scene | None = None) -> None:
        if first is not None:
            self.stack.push(first)
            self.stack.apply_pending()
        pending = 0.0
        last = time.perf_counter()
        next_draw = last
        burst_until = 0.0
        while self.running:
            try:
                if self.terminated:
                    self.terminate()
                    break
                now = time.perf_counter()
                fps = MAX_FPS if now < burst_until else self.frame_rate()
                wake = min(next_draw, now + IDLE_UPDATE)
                events = self._wait_events(wake - now)
                if events:
                    burst_until = time.perf_counter() + INPUT_BURST
                for event in events:
                    self.process_event(event)
                now = time.perf_counter()
                pending = min(pending + now - last, 0.5)
                last = now
                steps = 0
                while pending >= FIXED_DT and steps < 30:
                    self.stack.update(FIXED_DT)
                    self.clock_time += FIXED_DT
                    pending -= FIXED_DT
                    steps += 1
                self.autosave.track(self)
                fps = max(fps, self.frame_rate(), IDLE_FPS)
                if events or now >= next_draw or self.stack.pending:
                    self.stack.draw(self.window)
                    pygame.display.flip()
                    next_draw = now + 1 / fps
                else:
                    next_draw = min(next_draw, now + 1 / fps)
                self.stack.apply_pending()
                self._stack_changed()
                if not self.stack.scenes:
                    self.running = False
            except Exception as exc:  # noqa: BLE001 - any scene's error: saved, logged, shown
                if not self._recover(exc):
                    raise
        self.save_options()

    def _recover(self, exc: Exception) -> bool:
        """An error no scene caught: the game in play saved, the traceback logged and an
        error screen with a way back to the title (False: the error screen itself failed)."""
        from .scenes.crash import CrashScene, recover
        if isinstance(self.stack.top, CrashScene):
            return False
        recover(self, exc)
        return True

    @staticmethod
    def _wait_events(timeout: float) -> list[pygame.event.Event]:
        """The queued events; when none, sleep on the queue for up to ``timeout`` seconds."""
        events = pygame.event.get()
        if events or timeout <= 0.001:
            return events
        first = pygame.event.wait(int(timeout * 1000))
        if first.type == pygame.NOEVENT:
            return []
        return [first] + pygame.event.get()

    def close(self) -> None:
        self.autosave.flush()  # quitting over a game without a move yet: kept too
        self.autosave.hold(None)  # its lock let go: another client may continue it
        self.stop_computers()
        if self.hosting is not None:
            self.hosting.stop()  # SIGTERM: clients told, matches saved
            self.hosting = None
        pygame.quit()


def _set_minimum_size(size: tuple[int, int]) -> None:
    """Ask the window manager not to let the window shrink below ``size``."""
    import warnings
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = size
    except (AttributeError, pygame.error, ValueError):
        pass  # an older pygame-ce or a driver without windows (the dummy one may refuse)


def fit_desktop(size: tuple[int, int],
                desktops: list[tuple[int, int]] | None = None) -> tuple[int, int]:
    """The saved window size, shrunk (keeping its shape) to fit the desktop with room for
    a title bar and a panel: a 1280x800 window on a 1366x768 laptop screen would open
    with its top and bottom off the screen. Headless drivers keep the size as saved."""
    if desktops is None:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return size
        try:
            desktops = pygame.display.get_desktop_sizes()
        except pygame.error:
            return size
    if not desktops or desktops[0][0] <= 0 or desktops[0][1] <= 0:
        return size
    room_w, room_h = desktops[0][0], desktops[0][1] - 80
    scale = min(1.0, room_w / size[0], room_h / size[1])
    return max(640, int(size[0] * scale)), max(480, int(size[1] * scale))


def _make_background(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    for y in range(h):
        t = y / max(1, h - 1)
        pygame.draw.line(surf, theme.mixc(theme.BG_TOP, theme.BG_BOTTOM, t), (0, y), (w, y))
    rng = random.Random(2002)  # fixed: the same sky every time (drawn once, not per frame)
    for _ in range(w * h // 5000):
        x, y = rng.randrange(w), rng.randrange(int(h * 0.8))
        b = rng.randrange(90, 230)
        r = 1 if rng.random() < 0.85 else 2
        pygame.draw.circle(surf, (b, b, min(255, b + 20)), (x, y), r)
    horizon = int(h * 0.78)
    grid = (70, 40, 110)
    for i in range(-20, 21):
        pygame.draw.line(surf, grid, (w // 2 + i * w // 40, horizon), (w // 2 + i * w // 6, h), 1)
    y, step = horizon, 4
    while y < h:
        pygame.draw.line(surf, grid, (0, y), (w, y), 1)
        y += step
        step = int(step * 1.35) + 1
    return surf


def main(argv: list[str] | None = None, then=None) -> int:
    """``alien-city`` with no subcommand: open the window at the title screen (``then``:
    called with the app once the title is up, e.g. to open a join link)."""
    try:
        app = App()
    except pygame.error as exc:
        print("alien-city: " + _("cannot open a window: {error}").format(error=exc), file=sys.stderr)
        return 1
    app.install_signal_handlers()
    try:
        app.stack.push(TitleScene(app))
        app.stack.apply_pending()
        if then is not None:
            then(app)
        app.run()
    except KeyboardInterrupt:
        pass
    finally:
        app.close()
    return 0
