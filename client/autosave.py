"""No game is ever lost. Every unfinished local game is kept in a slot of its own
(:mod:`client.saves`) after every move, and when it is left or the client is closed
(even before its first move); the title screen's Continue list resumes any of them.
Every finished game, local or online (as a player or a spectator), goes into the
records folder by itself, in the game's own record format, and its slot is removed.

Game-free: the shell finds match screens by the core they hold (``core``) and talks to
them only through the :class:`~client.scenes.match_screen.SaveableMatch` hooks.
"""

from __future__ import annotations

from typing import Any

from shared.i18n import domain

from . import save_locks, saves
from .scenes.match_record import ended_ranking
from .scenes.match_screen import SaveableMatch

_, N_, ngettext, pgettext = domain("client")


def match_screens(app) -> list[SaveableMatch]:
    """The match screens on the stack, topmost first."""
    return [scene for scene in reversed(app.stack.scenes) if scene.core is not None]


def finished(scene: SaveableMatch) -> bool:
    """The game on ``scene`` is over: by the rules, by a resignation here, or (online) by
    the server's word, as when a player resigns or runs out of time with the position
    still open (a room cancelled or expired undecided is no finished game)."""
    return scene.match.over or (
        scene.chrome is not None and ended_ranking(scene.chrome.view.ended) is not None)


def local_game(app) -> SaveableMatch | None:
    """The local game of people on the stack (not online, not the attract mode), or None."""
    return next((scene for scene in match_screens(app) if scene.keeps_game()), None)


def _end(scene) -> tuple[Any, Any]:
    """What one ending of a screen's game is known by: its final position on a local
    screen (undone and finished again is another ending); the screen alone online, where
    the server may send the same final position again as a new object."""
    return (scene, None if scene.chrome is not None else scene.match.state)


def _among(end: tuple[Any, Any], ends: list[tuple[Any, Any]]) -> bool:
    """``end`` (a screen and its final position) is in ``ends``, by identity."""
    return any(scene is end[0] and state is end[1] for scene, state in ends)


class AutoSave:
    """Watches the stack each frame (identity checks) and writes on every new position."""

    def __init__(self) -> None:
        self._scene: Any = None   # the local game being kept
        self._slot: str | None = None
        self._saved: Any = None   # the position last written (or the opening one)
        self._adopted: list[tuple[Any, str]] = []  # resumed screens and their slots
        # (screen, final position) whose record was tried, once each: a game undone from
        # its end and finished again is a second game to keep
        self._recorded: list[tuple[Any, Any]] = []
        self._written: list[tuple[Any, Any]] = []   # ... and those in the records folder
        self.error: str | None = None
        self._held: str | None = None  # the slot this client holds the lock of

    def hold(self, slot: str | None) -> None:
        """Lock the slot of the game on screen (and let the last one go): another client
        on the same config folder then says it is open here."""
        if slot == self._held:
            return
        if self._held is not None:
            save_locks.unlock(self._held)
        self._held = slot
        if slot is not None:
            save_locks.lock(slot)

    def adopt(self, scene, slot: str) -> None:
        """A resumed game: it keeps writing to the slot it came from (once on screen)."""
        self._adopted = self._adopted[-3:] + [(scene, slot)]

    def track(self, app) -> None:
        self._track_finished(app)
        scene = local_game(app)
        if scene is not self._scene:
            self.flush()  # the game left (or covered by another): kept even unplayed
            self._start(scene)
        elif scene is not None and scene.match.state is not self._saved:
            self._write(scene)
        self.hold(self._slot)

    def _start(self, scene) -> None:
        self._scene, self._slot = scene, None
        self._saved = None if scene is None else scene.match.state
        for entry in list(self._adopted):
            if entry[0] is scene:
                self._slot = entry[1]
            self._adopted.remove(entry)  # kept for the screen's first frame only

    def _write(self, scene) -> None:
        state = scene.match.state
        self._saved = state
        if state.is_over():
            self.ended(scene)
            return
        try:
            self._slot = self._slot or saves.new_slot()
            saves.write(self._slot, saves.snapshot(scene))
            self.error = None
        except Exception as exc:  # noqa: BLE001 - a full disk, a bad state: the game goes on
            self.error = str(exc)

    def flush(self) -> None:
        """Write the game being kept if it has never been written (a new game left, or
        the client closing): "Your game is saved" is then true."""
        scene = self._scene
        if scene is None or self._slot is not None or scene.match.over:
            return
        self._write(scene)

    def ended(self, scene) -> None:
        """``scene``'s game has just ended (called by the move that ends it, before any
        show): its record goes to the records folder, then its save is dropped, so an
        error in the final count loses nothing. A record that cannot be written leaves
        the save (the position before the last move) for Continue."""
        end = _end(scene)
        if not _among(end, self._recorded):
            if not scene.keeps_game() and scene.chrome is None:
                return  # the attract mode, computers alone: nobody's game
            self._recorded.append(end)
            try:
                scene.records.keep()
            except Exception as exc:  # noqa: BLE001 - a full disk never stops the game
                self.error = str(exc)
                return
            self._written.append(end)
        if scene is self._scene and self._slot is not None and _among(end, self._written):
            saves.delete(self._slot)
            self._slot = None

    def _track_finished(self, app) -> None:
        """A finished game (local or online) goes to the records folder, once."""
        screens = match_screens(app)
        # only screens still on the stack are remembered: a left game is let go of
        self._recorded = [e for e in self._recorded if e[0] in screens]
        self._written = [e for e in self._written if e[0] in screens]
        for scene in screens:
            if finished(scene) and not _among(_end(scene), self._recorded):
                self.ended(scene)
