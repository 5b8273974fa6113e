"""The ``alien-city`` command: the top layer, composing the games (``shared``), the match
server (``server``) and the game window (``client``). Nothing below imports it."""
