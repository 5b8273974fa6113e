"""The Alien City match screen's input, a part the screen holds: mouse and keys to moves,
menus and road tools, and the hand those moves are built from (the piece chosen, each
seat's own last choice).

It calls the screen's actions (submit, undo, save, pause) and never decides a rule (the
engine's ``why_not`` does)."""

from __future__ import annotations

import pygame

from shared.aliencity import PIECES, Build, Claim, Move, Phase, Piece
from shared.aliencity.types import COLUMNS, ROWS
from shared.i18n import domain

from . import terms
from .match_view import MatchScreen, MatchView

_, N_, ngettext, pgettext = domain("aliencity")


class BoardInput:
    """``view``: the match's drawing part (the hovered lot's reason, said once)."""

    def __init__(self, screen: MatchScreen, view: MatchView) -> None:
        self.screen = screen
        self.view = view

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Mouse and keys on the match screen's board (the chrome's chat and the list of
        moves had them first)."""
        scene = self.screen
        board = scene.board
        if event.type == pygame.MOUSEMOTION:
            scene.mouse = event.pos
            board.track_pointer(event.pos)
            scene.hover_lot = board.geo.lot_at(event.pos) if scene.human_turn else scene.hover_lot
            panel = board.panels.get(scene.match.state.to_move)
            scene.hover_slot = panel.slot_at(event.pos) if panel else None
            self.buttons_event(event)
            return True
        if board.road_keys(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.pin_click(event.pos):
            return True
        if (event.type == pygame.KEYDOWN and event.key == pygame.K_c and scene.over_shown
                and scene.match.state.phase is Phase.OVER):
            scene.actions.final_count()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                scene.actions.pause()
                return True
            if event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
                scene.save()
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                scene.undo()
                return True
        if scene.timeline.busy and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                scene.timeline.finish_all()  # impatient: skip the animation
            return True  # input waits while a move animates
        if self.buttons_event(event):
            return True
        if not scene.human_turn:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            panel = board.panels[scene.match.state.to_move]
            piece = panel.slot_at(event.pos)
            if piece is not None:
                self.select(piece)
                return True
            lot = board.geo.lot_at(event.pos)
            if lot is not None:
                scene.cursor = None
                self.click_lot(lot)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.cycle(1)
            return True
        if event.type == pygame.KEYDOWN:
            return self.key(event)
        return False

    def buttons_event(self, event: pygame.event.Event) -> bool:
        return any(b.handle_event(event) for b in self.screen.buttons)

    def key(self, event: pygame.event.Event) -> bool:
        """1-7 choose a piece, Tab cycles, arrows move the lot cursor, Enter builds there
        (with no cursor, Enter plays the hint shown)."""
        scene, board = self.screen, self.screen.board
        key = event.key
        if pygame.K_1 <= key <= pygame.K_7:
            self.select(PIECES[key - pygame.K_1])
            return True
        if key == pygame.K_TAB:
            self.cycle(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        moves = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, 1), pygame.K_DOWN: (0, -1)}
        if key in moves:
            dc, dr = moves[key]
            hinted = getattr(scene.hint, "lot", None)  # the cursor comes out on the hint, else the last move
            start = hinted if hinted is not None else (board.last_lots[0] if board.last_lots else 36)
            lot = scene.cursor if scene.cursor is not None else start
            col = min(COLUMNS - 1, max(0, lot % COLUMNS + dc))
            row = min(ROWS - 1, max(0, lot // COLUMNS + dr))
            scene.cursor = row * COLUMNS + col
            scene.hover_lot = scene.cursor
            board.pointer_pos = board.geo.lot_center(scene.cursor)
            board.insight.point(scene.cursor)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if scene.cursor is None:  # no lot aimed at with the arrows: the hint shown, if any
                return scene.play_hint()
            self.click_lot(scene.cursor)
            return True
        return False

    def pin_click(self, pos: tuple[int, int]) -> bool:
        """A click on a structure pins its road wave (unless it is a tower to claim now)."""
        scene, board = self.screen, self.screen.board
        lot = board.geo.lot_at(pos)
        s = scene.match.state
        if lot is None or not s.board[lot]:
            return False
        if scene.human_turn and s.phase is Phase.CLAIM and lot in s.legal_claims():
            return False
        return board.insight.click(lot)

    # -- the hand ---------------------------------------------------------------------
    def select(self, piece: Piece) -> None:
        """Choose ``piece`` to build (a piece the player has none of left is refused)."""
        scene = self.screen
        s = scene.match.state
        if not scene.human_turn or s.phase is not Phase.BUILD:
            return
        if not s.stocks[s.to_move][piece.index]:
            scene.app.sounds.play("error")
            scene.board.show_toast(_("{player} has none left: {piece}.").format(player=terms.player(s.to_move),
                                                                               piece=terms.piece(piece)))
            return
        scene.selected = piece
        scene.chosen[s.to_move] = piece
        scene.app.sounds.play("select")

    def auto_select(self) -> None:
        """A new turn: the player's own last choice if it may still be built, else the first that may."""
        scene = self.screen
        s = scene.match.state
        if s.phase is not Phase.BUILD:
            return
        masks = s.build_masks(s.to_move)
        own = scene.chosen.get(s.to_move)  # your own last choice, never the piece the other just built
        if own is not None and masks[own.index]:
            scene.selected = own
            return
        scene.selected = next((p for p in PIECES if masks[p.index]), None)

    def cycle(self, step: int = 1) -> None:
        """Tab, right click: the next piece that may be built."""
        scene = self.screen
        s = scene.match.state
        masks = s.build_masks(s.to_move)
        start = scene.selected.index if scene.selected else -1
        for k in range(1, len(PIECES) + 1):
            piece = PIECES[(start + k * step) % len(PIECES)]
            if masks[piece.index]:
                self.select(piece)
                return

    def click_lot(self, lot: int) -> None:
        """Build the chosen piece on ``lot``, or claim the tower there; a refused move
        says the engine's reason (unless the tooltip or status line says it already)."""
        scene = self.screen
        s = scene.match.state
        if s.phase is Phase.BUILD and scene.selected is not None:
            move: Move = Build(scene.selected, lot)
        elif s.phase is Phase.CLAIM:
            move = Claim(lot)
        else:
            return
        reason = s.why_not(move)
        if reason is not None:
            scene.app.sounds.play("error")
            if lot != scene.hover_lot or self.view.hover_reason() is None:  # not on screen already
                scene.board.show_toast(reason.text, 4.0)
            return
        scene.submit(move)
