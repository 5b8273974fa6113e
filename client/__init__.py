"""The Alien City game client (pygame-ce): scenes, animation, board view, local play."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
