"""Alien City's client plug-in. Its screens are composed of parts: the board
(``board_screen.BoardView``, held through ``board_scene``), the match's input and hand
(``board_input``), drawing (``match_view``, ``marks``, ``words``) and hints (``hints``);
seat panels (``view/panel``), overlays (road, pathing, projections), the score show
(``score`` with its ``score_count`` and ``score_draw`` parts, ``score_beats``,
``score_plan``), the 2002 dice, replays (``replay``, ``rule_card``), how-to pages and the
attract mode (``demo``). The shell reaches it only through ``client.games.registry``."""
