"""The replay's card of the rules a ply broke, a part the replay screen holds: every
broken rule of the ply shown, in full (the status line has no room for them), wrapped in
a card standing on the bottom bar over the board's foot."""

from __future__ import annotations

from typing import Sequence

import pygame

from client import theme
from client.view.widgets import draw_panel
from shared.aliencity.ppn import PlyReplay
from shared.i18n import domain

from . import terms
from .board_screen import BoardView

_, N_, ngettext, pgettext = domain("aliencity")


class RuleBreakCard:
    """``plies``: the record's; position ``index`` is the one after ply ``index``."""

    def __init__(self, app, board: BoardView, plies: Sequence[PlyReplay]) -> None:
        self.app, self.board, self.plies = app, board, plies

    def rule_breaks(self, index: int) -> list[str]:
        """The rules the ply that led to position ``index`` broke, in the language in use."""
        if index == 0:
            return []
        return [terms.warning(w) for w in self.plies[index - 1].warnings]

    def draw(self, surface: pygame.Surface, index: int) -> None:
        layout = self.layout(index)
        if layout is None:
            return
        box, lines, size, step = layout
        draw_panel(surface, box, edge=theme.BAD, alpha=235)
        y = box.y + 8
        for line in lines:
            surface.blit(self.app.text.fitted(line, size, theme.TEXT, box.w - 24), (box.x + 12, y))
            y += step

    def layout(self, index: int) -> tuple[pygame.Rect, list[str], int, int] | None:
        """The card's box, lines, text size and line step (None: no rule broken). It stands
        on the bottom bar and never reaches above the top bar: a long explanation (or a
        long translation) is set smaller until every line fits."""
        breaks = self.rule_breaks(index)
        if not breaks:
            return None
        t, board = self.app.text, self.board
        width = min(board.geo.width + 2 * board.margin, board.size[0] - 2 * board.margin)
        room = board.bottom_rect.y - 6 - (board.top_rect.bottom + 6)
        texts = [_("Against the rules: {rule}").format(rule=w) for w in breaks]
        size = max(13, int(board.size[1] * 0.021))
        while True:
            step = t.font(size).get_linesize() + 2  # the font's own height: small sizes open larger
            lines = [line for text in texts for line in t.wrap(text, size, width - 24)]
            if len(lines) * step + 16 <= room or size <= 8:
                break
            size -= 1
        lines = lines[:max(1, (room - 16) // step)]
        box = pygame.Rect(0, 0, width, len(lines) * step + 16)
        box.midbottom = (board.geo.rect.centerx, board.bottom_rect.y - 6)
        return box, lines, size, step
