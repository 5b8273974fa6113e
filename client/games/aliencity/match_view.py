"""Drawing the Alien City match, a part the match screen holds: the board part's layers
with the seats' panels (the hand of the player to move), the spotlight on the lots the
chosen piece may take, the marks over the board (``marks``), the preview card or the
refused lot's reason, and the bottom bar with the computer's (or the hint's) orbit.

:class:`MatchScreen` says what the parts of the match screen read and call on it (this
view, the input in ``board_input``, the words in ``words`` and the marks in ``marks``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from client import theme
from client.anim import Timeline
from client.view.widgets import Button
from shared.aliencity import PIECES, Build, GameState, Phase, Piece, Player

from . import marks, words
from .board_screen import BoardView, phase_label
from .hint_caption import draw_hint_caption
from .marks import HINT_COLOUR

if TYPE_CHECKING:
    from client.app import App
    from client.scenes.match_parts import BotTurns, MatchActions
    from client.scenes.move_listing import MatchMoves


class MatchScreen(Protocol):
    """The match screen as its parts see it: the shell's match (``match``, ``chrome``,
    seats and computers), the board part, and the hand and pointer the input writes."""

    app: App
    timeline: Timeline
    board: BoardView
    buttons: list[Button]
    match: Any          # the holder: ``state`` is the game's
    chrome: Any         # an online match's chrome, or None
    seats: list
    computers: Any      # the shell's ComputerTurns (``hinting``)
    rated: Any
    selected: Piece | None
    chosen: dict[Player, Piece]
    hover_lot: int | None
    hover_slot: Piece | None
    mouse: tuple[int, int]
    cursor: int | None
    over_shown: bool
    turns: BotTurns      # the computers' turns (``draw``: the thinking orbit)
    actions: MatchActions  # undo, pause, the final count
    listing: MatchMoves  # the list of moves beside the board

    @property
    def human_turn(self) -> bool: ...
    @property
    def thinking(self) -> bool: ...
    @property
    def bots(self) -> dict: ...
    @property
    def hint(self) -> Any: ...
    def turn_text(self) -> tuple[str, tuple[int, int, int]]: ...
    def top_right_room(self) -> int: ...
    def status_text(self) -> tuple[str, tuple[int, int, int]]: ...
    def relabel(self) -> None: ...
    def submit(self, move: Any) -> None: ...
    def play_hint(self) -> bool: ...
    def save(self) -> str: ...
    def undo(self) -> None: ...


class MatchView:
    """``draw`` reads the screen and its board part; it changes nothing but the memo of
    the hovered lot's reason (the engine is asked once per state, piece and lot)."""

    def __init__(self, screen: MatchScreen) -> None:
        self.screen = screen
        self._reason_key: tuple | None = None
        self._reason: str | None = None

    @property
    def state(self) -> GameState:
        """The state on the board (a match looking back shows an earlier one)."""
        return self.screen.board.state

    def draw(self, surface: pygame.Surface) -> None:
        """The board's layers with the match's marks, bottom bar and cards between them."""
        scene = self.screen
        scene.relabel()
        board, cb = scene.board, scene.app.options.colour_blind
        room = scene.top_right_room()
        panels = tuple(self.panel_surface(p, cb) for p in Player)
        board.draw_board(surface, cb, panels, self.spot_lots(), scene.turn_text(), room)
        marks.draw_marks(scene, surface)
        board.draw_pieces(surface, cb, self.preview_after(), room)
        draw_hint_caption(scene, surface)
        self.draw_bottom(surface)
        scene.listing.draw(surface)   # under the tooltips and the chrome's bars that may reach it
        self.draw_extra(surface)
        board.draw_news(surface)

    def panel_surface(self, player: Player, cb: bool) -> pygame.Surface:
        """A seat's panel: the player to move's pieces they may build, chosen, hovered."""
        scene, s = self.screen, self.state
        masks = s.build_masks(player) if s.phase is Phase.BUILD and s.to_move is player else (1,) * len(PIECES)
        mine = s.to_move is player
        return scene.board.panels[player].surface(
            s, selected=scene.selected if mine and s.phase is Phase.BUILD else None,
            hover=scene.hover_slot if mine else None,
            can_place=tuple(bool(m) for m in masks), cb=cb, label="" if self.ended() else phase_label(s))

    def ended(self) -> bool:
        """The match ended before the rules did (a resignation here, or the server's word):
        no seat is "to build" any more."""
        scene = self.screen
        return scene.match.over or (scene.chrome is not None and scene.chrome.view.ended is not None)

    def spot_lots(self) -> tuple[int, ...]:
        """The lots left bright while the rest of the board is shaded."""
        scene = self.screen
        if scene.board.flyers or (scene.timeline.busy and not scene.bots):
            return ()
        if scene.human_turn or scene.hover_lot is not None:
            return tuple(self.legal_lots())
        return ()

    def legal_lots(self) -> list[int]:
        s, selected = self.state, self.screen.selected
        if s.phase is Phase.BUILD and selected is not None:
            return s.legal_lots(selected)
        if s.phase is Phase.CLAIM:
            return s.legal_claims()
        return []

    def draw_bottom(self, surface: pygame.Surface) -> None:
        scene = self.screen
        scene.board.draw_status(surface, scene.status_text(), scene.board.bottom_rect, scene.buttons)
        hinting = scene.computers.hinting and not scene.thinking  # the hint's own colour
        scene.turns.draw(surface, scene.thinking or hinting, HINT_COLOUR if hinting else theme.ACCENT_2)

    def preview_build(self) -> Build | None:
        """The build under the pointer whose effect on the projected scores is previewed."""
        return marks.preview_build(self.screen)

    def preview_after(self):
        """Claimed towers' breakdown after the previewed build (None: no preview)."""
        build = self.preview_build()
        if build is None:
            return None
        after = self.screen.board.insight.engine.preview(self.state, build)
        return {t.lot: t for t in after.towers} if after is not None else None

    def hover_reason(self) -> str | None:
        """The engine's reason the hovered lot is not playable (None if it is), memoised
        per (state, piece, lot) since draw asks every frame."""
        key = words.reason_key(self.screen)
        if self._reason_key != key:
            self._reason_key, self._reason = key, words.find_reason(self.screen)
        return self._reason

    def draw_extra(self, surface: pygame.Surface) -> None:
        """The pointed structure's card, else the build preview or the refused lot's reason;
        online, the chrome over everything."""
        scene = self.screen
        if scene.board.insight.focus is not None:
            scene.board.draw_card(surface)  # the pointed structure's breakdown card
        else:
            marks.draw_board_extra(scene, surface)
        if scene.chrome is not None:
            scene.chrome.draw(surface)
