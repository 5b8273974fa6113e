"""Scene and SceneStack: the screen lifecycle (Tuxemon's shape, minus its bugs).

A scene handles events, advances its own animations by ``update(dt)`` (seconds) and
draws. ``draw`` never changes game or view state: it reads values that ``update`` and
the timeline wrote. The stack changes only at the end of a frame, so a scene that asks
to be popped still finishes the frame it is in, and no list is edited while iterated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from ..anim import Timeline

if TYPE_CHECKING:
    from ..app import App
    from ..online import OnlineSession
    from .match_screen import MatchCore
    from .move_listing import MoveListPart
    from .replay_controls import ReplayControls, ReplaySteps
    from .score_show import ScoreShow


FULL_RATE = 60.0  # frames a second while something moves


class Part:
    """A piece of a screen that keeps its own state (the analysis in a replay): listed in
    its scene's ``parts``, it follows the scene's lifecycle, called by the stack and the
    app after the scene's own hooks (whatever the scene overrides)."""

    def update(self, dt: float) -> None:
        """After the scene's ``update``."""

    def frame_rate(self) -> float:
        """Frames a second the part needs now (the app takes the most asked)."""
        return 0.0

    def pause(self) -> None:
        """Another scene was pushed on top of its scene."""

    def resume(self) -> None:
        """The scene on top of its scene was popped."""

    def exit(self) -> None:
        """Its scene was popped off the stack."""


class Scene:
    """Base scene. ``opaque`` scenes hide everything below them (nothing below is drawn);
    ``modal`` ones (pause, dice) stop events and updates from reaching the scenes below;
    one with ``freeze_below = False`` (the score show) lets the scene below keep running
    even when it covers it (an online match still hears its server)."""

    opaque = True
    modal = False
    freeze_below = True
    session: "OnlineSession | None" = None    # the server connection an online screen talks through
    controls: "ReplayControls | None" = None  # a replay's stepping (its ply bar, Play)
    stepping: "ReplaySteps | None" = None     # a replay's part that shows the positions stepped to
    parts: tuple[Part, ...] = ()              # parts following the scene's lifecycle
    core: "MatchCore | None" = None           # a match screen's seats, holder and computers
    scoring: "ScoreShow | None" = None        # a score screen's show: its buttons, keys and fast clock
    listing: "MoveListPart | None" = None     # a match's or replay's list of moves (its column is kept)
    record_file: str | None = None            # a replay opened from a file: the file's name
    record_levels: "list[str | None] | None" = None  # ...and its seats' levels (None: a person)

    def __init__(self, app: "App") -> None:
        self.app = app
        self.timeline = Timeline()
        self.size: tuple[int, int] = app.size

    # lifecycle ---------------------------------------------------------------------
    def branch_name(self) -> str | None:
        """A replay's record name, for a game played on from it (Play from here); other
        screens name none."""
        return self.stepping.branch_name() if self.stepping is not None else None

    def enter(self) -> None:
        """Pushed on the stack."""

    def exit(self) -> None:
        """Popped off the stack."""

    def pause(self) -> None:
        """Another scene was pushed on top."""

    def resume(self) -> None:
        """The scene on top was popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size: recompute layout here (never in draw)."""
        self.size = size

    # frame ------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used (it then goes no further down)."""
        return False

    def update(self, dt: float) -> None:
        self.timeline.update(dt * self.app.anim_speed)

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def server_session(self) -> "OnlineSession | None":
        """The server connection this screen uses (a match screen's is its chrome's)."""
        return self.session

    def frame_rate(self) -> float:
        """Frames a second this scene needs now: full rate while its timeline has tracks,
        else none (the app then draws on input and a slow heartbeat)."""
        return FULL_RATE if len(self.timeline) else 0.0

    @property
    def name(self) -> str:
        """Short name for screenshots and logs."""
        return type(self).__name__.removesuffix("Scene").lower()


class SceneStack:
    """Scenes bottom to top; push/pop/replace are queued and applied by ``apply_pending``."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.pending: list[tuple[str, Scene | None]] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.pending.append(("push", scene))

    def pop(self) -> None:
        self.pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        self.pending.append(("replace", scene))

    def clear_to(self, scene: Scene) -> None:
        """Pop everything and push ``scene`` (back to the main menu, a new game)."""
        self.pending.append(("clear", scene))

    def apply_pending(self) -> None:
        """Apply queued changes in order, calling each lifecycle hook once."""
        while self.pending:
            op, scene = self.pending.pop(0)
            if op in ("pop", "replace", "clear"):
                count = len(self.scenes) if op == "clear" else min(1, len(self.scenes))
                for _ in range(count):
                    gone = self.scenes.pop()
                    gone.exit()
                    for part in gone.parts:
                        part.exit()
                if op == "pop":
                    if self.scenes:
                        self.scenes[-1].resume()
                        for part in self.scenes[-1].parts:
                            part.resume()
                    continue
            if scene is not None:
                if self.scenes and op == "push":
                    self.scenes[-1].pause()
                    for part in self.scenes[-1].parts:
                        part.pause()
                self.scenes.append(scene)
                scene.enter()

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: from the topmost opaque scene up."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def handle_event(self, event: pygame.event.Event) -> bool:
        for scene in reversed(self.scenes):
            if scene.handle_event(event):
                return True
            if scene.opaque or scene.modal:
                return False
        return False

    def update(self, dt: float) -> None:
        """Update the top scene and any scene showing through a non-modal overlay;
        scenes under a modal overlay stand still, unless it does not ``freeze_below``."""
        live = []
        for scene in reversed(self.scenes):
            live.append(scene)
            if not scene.freeze_below:
                continue
            if scene.opaque or scene.modal:
                break
        for scene in reversed(live):
            scene.update(dt)
            for part in scene.parts:
                part.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)

    def resize(self, size: tuple[int, int]) -> None:
        for scene in self.scenes:
            scene.resize(size)
        for op, scene in self.pending:
            if scene is not None:
                scene.resize(size)

    def each(self, fn: Callable[[Scene], None]) -> None:
        for scene in list(self.scenes):
            fn(scene)
