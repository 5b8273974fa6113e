"""Alien City's client plug-in: board view and input (``game``, ``board_screen``,
``view/``), seat panels (``view/panel``), overlays (road, pathing, projections), the
score show (``score``, ``score_beats``, ``score_plan``), the 2002 dice, replays, how-to
pages and the attract mode (``demo``). The shell reaches it only through
``client.games.registry``."""
