"""The template game (Nim) and the registry the test suite serves it in.

Nothing outside ``tests/`` knows Nim: the tests build a registry of the shipped games plus
this one, which is all a new game needs before its line in ``shared/gamekit/registry.py``.
Its client plug-in (``nim_plugin.py``, with ``plugins_with_template``) is kept apart so
the engine tests never import pygame.
"""

from __future__ import annotations

from shared.gamekit import Registry, builtin_games

from .nim import NIM


def games_with_template() -> Registry:
    """Every shipped game and Nim, as the test suite registers it."""
    return Registry([*builtin_games(), NIM])
