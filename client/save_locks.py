"""A saved game open in a client is locked: ``saves/<slot>.lock`` holds the client's
process id, so a second client using the same config folder says the game is open
elsewhere instead of resuming it twice (two clients writing one slot would lose moves).
A lock whose process is gone (a crash, SIGKILL) is stale and ignored."""

from __future__ import annotations

import os
from pathlib import Path

from .saves import saves_dir


def lock_path(slot: str) -> Path:
    return saves_dir() / f"{slot}.lock"


def _alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True   # someone else's process: alive
    except OSError:
        return False
    return True


def holder(slot: str) -> int | None:
    """The process id of the live client holding ``slot``, or None (free, or stale)."""
    try:
        pid = int(lock_path(slot).read_text(encoding="utf-8").strip() or 0)
    except (OSError, ValueError):
        return None
    return pid if _alive(pid) else None


def open_elsewhere(slot: str) -> bool:
    """The game in ``slot`` is open in another live client."""
    pid = holder(slot)
    return pid is not None and pid != os.getpid()


def lock(slot: str) -> bool:
    """Hold ``slot`` for this client (False: another live client holds it)."""
    if open_elsewhere(slot):
        return False
    try:
        lock_path(slot).parent.mkdir(parents=True, exist_ok=True)
        lock_path(slot).write_text(str(os.getpid()), encoding="utf-8")
    except OSError:
        return False
    return True


def unlock(slot: str) -> None:
    """Let ``slot`` go (only this client's own lock is removed)."""
    if holder(slot) == os.getpid():
        try:
            lock_path(slot).unlink()
        except OSError:
            pass
