"""The game client (pygame-ce): one shell, a plug-in per game.

Layers, each importing only those below it:

- ``client.theme``, ``client.anim``, ``client.assets``, ``client.config``: look, tweens,
  fonts and sounds, settings. No game. ``client.thinking``: the child process where
  strong computer moves, hints and reviews search (no pygame; ended on the title).
- ``client.view``: the shell's widgets (buttons, the row form, banners and toasts).
- ``client.scenes``: the shell. Scene stack, title, picker (game, seats, people or
  computers), options, online connect, lobby, online chrome, replay browser and replay
  controls, pause, how-to pages, score-show running order, final table, layouts for 2..8
  seats, seat controllers and the computer-turn driver. It reaches games only through
  ``client.games.registry`` and the contract (``shared.gamekit``).
- ``client.games.<id>``: a game's plug-in (``client.games.base.GamePlugin``): its match
  screen (board, input, seat panels, overlays, score beats), replays, how-to pages and
  option rows. A plug-in imports the shell, never another game.
- ``client.app``: the window and loop; it owns the plug-in registry.
"""
