"""Alien City's shipped assets: fonts, sounds, music and the window icon.

A package only so that the files install with the game (``pip install .``, editable or
not) and are found with :mod:`importlib.resources`; there is no code here beyond the
lookup. ``CREDITS.md`` names every file's source and licence.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

TEXT_FONT = "fonts/cantarell/Cantarell-Regular.otf"
TEXT_FONT_BOLD = "fonts/cantarell/Cantarell-Bold.otf"
DISPLAY_FONT = "fonts/league-spartan/LeagueSpartan-Bold.otf"
ICON = "icon.png"
MUSIC = "sounds/music-loop.wav"
SOUND_DIR = "sounds"


def path(name: str) -> Path | None:
    """The file ``name`` (a ``/``-separated path inside ``assets/``), or None if missing.

    Installed packages are plain folders (wheels and editable installs alike), so the
    resource is a real file that pygame can open by name.
    """
    resource = resources.files(__name__).joinpath(*name.split("/"))
    try:
        if resource.is_file():
            return Path(str(resource))
    except OSError:
        pass
    return None
