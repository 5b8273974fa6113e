"""Giving memory back when the player is back on the title screen.

The big allocations of a game against Hard or Expert, its hints and its review happen in
the thinking process (:mod:`client.thinking`): back on the title it is closed, and its
memory goes with it. What the client itself still holds after the screens are gone is
the games' art kits (boards and pieces drawn per window size, :meth:`App.kit`) and the
freed pages the C allocator keeps of the drawing's allocations: the kits are dropped
(the next game draws them again) and glibc is asked to return free pages.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys
from typing import Any

from . import thinking


def _trim() -> None:
    """glibc's ``malloc_trim(0)``: free pages back to the system (other platforms: no-op)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim(0)
    except (OSError, AttributeError):
        pass  # musl or another libc without malloc_trim


def give_back(kits: dict[str, Any]) -> None:
    """End the thinking process, drop the cached art kits, collect cycles and return free
    memory to the system."""
    thinking.close()
    kits.clear()
    gc.collect()
    _trim()
