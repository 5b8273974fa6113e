"""Giving memory back when the player is back on the title screen.

A game against Hard, its hints and a review leave the client much bigger than at the
title even after their screens are gone: the games' art kits (boards and pieces drawn
per window size, :meth:`App.kit`) stay cached, and the C allocator keeps the freed pages
of the worker threads' and the drawing's allocations. Back on the title, the kits are
dropped (the next game draws them again) and glibc is asked to return free pages.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import gc
import sys


def _trim() -> None:
    """glibc's ``malloc_trim(0)``: free pages back to the system (other platforms: no-op)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        libc.malloc_trim(0)
    except (OSError, AttributeError):
        pass  # musl or another libc without malloc_trim


def give_back(kits: dict) -> None:
    """Drop the cached art kits, collect cycles and return free memory to the system."""
    kits.clear()
    gc.collect()
    _trim()
