"""The list of moves on a board screen, for every game: a mixin placed before the game's
screen class (match or replay) that lays a :class:`~client.view.movelist.MoveList` over
the seat column right of the board, opened and closed with L or the "Moves" tab at the
top bar's right (a replay opens with it shown; a match with it closed), and says what a
click on a move does.

The screen calls ``moves_event`` first in its ``handle_event`` and ``draw_moves`` last
in its ``draw``. A replay jumps there (``go``). A live local match looks back: the board
shows that position read-only (every key and click but the list's own goes nowhere, the
computers wait), a card over the bottom bar says so, and Esc, End, the card's button or
the list's last row bring back the present. The screen gives ``move_texts()`` (one text per move, in play
order: what led to position k+1), ``move_positions()`` (the state before each move, then
the current one) and optionally the record's comments (``comments``, a
:class:`~shared.gamekit.comments.Comments`, or ``move_notes()`` and ``start_note()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

import pygame

from shared.gamekit.comments import Comments
from shared.i18n import domain

from .. import theme
from ..view.movelist import MoveEntry, MoveList
from ..view.widgets import Button, draw_panel
from .holders import LocalMatch

if TYPE_CHECKING:
    from ..anim import Timeline
    from ..app import App
    from .replay_controls import ReplayControls

_, N_, ngettext, pgettext = domain("client")

SHOWN_KEY = "moves-shown"   # app.kit: per kind of screen, whether the list is open


class BoardBox(Protocol):
    """A board's geometry as the list needs it: the board's box on screen."""

    @property
    def outer(self) -> pygame.Rect: ...


class MoveListing:
    """What the screen gives is declared below: its frame's (``MatchControls`` on a match
    screen, ``ReplaySteps`` or the game's own on a replay) and the board screen's."""

    app: "App"
    size: tuple[int, int]
    margin: int
    timeline: "Timeline"
    top_rect: pygame.Rect
    bottom_rect: pygame.Rect
    geo: BoardBox
    bot_hold: bool            # the computers wait (while a person looks back)
    moves_kind: str           # the list's open/closed state is kept per kind for this run
    moves_open_default: bool  # True: the list opens with the screen
    # a replay's (None on a match screen)
    controls: "ReplayControls | None" = None   # its stepping
    positions: Sequence[Any] | None = None     # a state per ply
    comments: Comments | None = None            # the record's comments
    # a match screen's (None on a replay)
    match: Any = None         # the match's holder (the shell's keeps the moves)
    chrome: Any = None        # an online match's chrome
    bot_busy: bool = False    # a computer's move is landing
    branch: Any = None        # Play from here: where the game branched off (its moves count on)
    show_state: Callable[..., None]  # the board screen's: ``show_state(state, animate=False)``

    # -- state ----------------------------------------------------------------------------------
    @property
    def move_list(self) -> MoveList:
        ml = self.__dict__.get("_move_list")
        if ml is None:
            ml = self.__dict__["_move_list"] = MoveList(self.pick_move)
            # TRANSLATORS: the tab at the top right that opens the list of moves (key L)
            self.__dict__["_moves_tab"] = Button(N_("Moves (L)"), self.toggle_moves, tr=_)
            # TRANSLATORS: the button on the card shown while looking back at an earlier move
            self.__dict__["_back_button"] = Button(N_("Back to the game"), self.back_to_present, tr=_,
                                                   accent=theme.ACCENT)
        return ml

    @property
    def moves_tab(self) -> Button:
        self.move_list  # noqa: B018  # made with the list
        return self.__dict__["_moves_tab"]

    @property
    def back_button(self) -> Button:
        self.move_list  # noqa: B018
        return self.__dict__["_back_button"]

    @property
    def moves_shown(self) -> bool:
        shown = self.app.kit(SHOWN_KEY, dict)
        return bool(shown.get(self.moves_kind, self.moves_open_default))

    @property
    def looking_back(self) -> int | None:
        """The earlier position a live match is showing (None: the present)."""
        return self.__dict__.get("_looking")

    def toggle_moves(self) -> None:
        self.app.kit(SHOWN_KEY, dict)[self.moves_kind] = not self.moves_shown
        self.app.sounds.play("select")

    # -- what the screen gives ---------------------------------------------------------------------
    def held_moves(self) -> list:
        """The moves a local match's holder keeps (the shell's holders; none online)."""
        return self.match.moves if isinstance(self.match, LocalMatch) else []

    def move_texts(self) -> Sequence[str]:
        """By default a local match's moves as the shell's holder keeps them."""
        return [self.match.spec.move_text(m) for m in self.held_moves()]

    def move_positions(self) -> Sequence[Any]:
        """A replay's ``positions``, else a local match's positions (its holder's)."""
        if self.positions is not None:
            return self.positions
        known = len(self.held_moves())  # a game continued from a save lists the moves played since
        if not known:
            return []
        return [*self.match.history[len(self.match.history) - known:], self.match.state]

    def move_notes(self) -> Sequence[str]:
        """The record's comment on each move ("" for none): by default from the screen's
        ``comments`` (a replay of a record with ``#`` comments sets them)."""
        comments = self.comments
        return comments.per_move(len(self.move_texts())) if comments is not None else []

    def start_note(self) -> str:
        """The record's comment before its first move."""
        return self.comments.start if self.comments is not None else ""

    def shown_note(self) -> str:
        """The record's comment on the position shown (a replay's; a match has none)."""
        if self.controls is None:
            return ""
        index = self.controls.index
        notes = list(self.move_notes())
        if index == 0:
            return self.start_note()
        return notes[index - 1] if index - 1 < len(notes) else ""

    def move_seat_infos(self, before: Any) -> Sequence[Any]:
        """The seats (their colours) of a position of the list."""
        return before.spec.seats(before.options)

    def move_numbers(self) -> Sequence[int]:
        """Each move's number (1, 2, 3... as the status lines count them; a game continued
        from a save, or played on from a replay's move n, counts on from the moves before it)."""
        match = self.match
        before = 0
        if isinstance(match, LocalMatch) and self.positions is None:
            before = len(match.history) - len(match.moves) + (self.branch.move if self.branch is not None else 0)
        return range(before + 1, before + len(self.move_texts()) + 1)

    def move_current(self) -> int:
        """The position shown now (a replay's index; a match's present or the one looked at)."""
        if self.controls is not None:
            return self.controls.index
        looking = self.looking_back
        return looking if looking is not None else len(self.move_texts())

    def move_entries(self) -> list[MoveEntry]:
        positions = self.move_positions()
        notes = list(self.move_notes())
        entries = []
        for i, (number, text) in enumerate(zip(self.move_numbers(), self.move_texts())):
            colour = None
            if i < len(positions):
                before = positions[i]
                seat = before.to_move if not before.is_over() else None
                infos = self.move_seat_infos(before)
                if seat is not None and 0 <= int(seat) < len(infos):
                    colour = infos[int(seat)].colour
            entries.append(MoveEntry(number, text, colour, notes[i] if i < len(notes) else ""))
        return entries

    # -- what a pick does ----------------------------------------------------------------------------
    def pick_move(self, index: int) -> None:
        controls = self.controls
        if controls is not None:  # a replay: jump there
            controls.playing = False
            controls.go(index)
            return
        self.look_back(index)

    def look_back(self, index: int) -> None:
        """A live local match shows position ``index`` read-only (its last: the present)."""
        positions = list(self.move_positions())
        if self.chrome is not None or not positions:
            return
        if index >= len(positions) - 1:
            self.back_to_present()
            return
        if self.timeline.busy or self.bot_busy:
            return  # a move is landing: look once it has
        self.__dict__["_looking"] = index
        self.bot_hold = True  # the computers wait while a person looks back
        self.show_state(positions[index], animate=False)

    def back_to_present(self) -> None:
        if self.looking_back is None:
            return
        del self.__dict__["_looking"]
        self.__dict__.pop("bot_hold", None)  # back to the class's setting
        self.show_state(self.match.state, animate=False)

    # -- the scene's hooks: its handle_event calls moves_event first, its draw ends with draw_moves --
    def board_right(self) -> int:
        return self.geo.outer.right

    def layout_moves(self) -> None:
        w, h = self.size
        m = self.margin
        x = self.board_right() + m
        top = self.top_rect.bottom + m // 2
        self.move_list.rect = pygame.Rect(x, top, max(0, w - m - x), max(0, self.bottom_rect.top - m // 2 - top))
        t = self.app.text
        bh = int(self.top_rect.h * 0.62)
        bw = t.font(int(bh * 0.46), True).size(self.moves_tab.text)[0] + bh
        self.moves_tab.rect = pygame.Rect(w - m - bw, self.top_rect.centery - bh // 2, bw, bh)

    def top_right_room(self) -> int:
        """How much of the top bar's right end the tab takes (a game's own words there
        keep left of it)."""
        if self.chrome is not None:
            return 0
        self.layout_moves()
        return self.moves_tab.rect.w + self.margin

    def moves_event(self, event: pygame.event.Event) -> bool:
        """The list's, the tab's and L's event, and while looking back every key and click
        (True: the screen does nothing more with it)."""
        self.layout_moves()
        if self.moves_tab.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.toggle_moves()
            return True
        if self.moves_shown and self.move_list.handle_event(event):
            return True
        if self.looking_back is not None:
            if self.back_button.handle_event(event):
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_END, pygame.K_RETURN):
                self.back_to_present()
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)
        return False

    def draw_moves(self, surface: pygame.Surface) -> None:
        """The list (when open), the tab and, looking back, the card."""
        self.layout_moves()
        t = self.app.text
        if self.moves_shown:
            present = len(self.move_texts()) if self.controls is None else None
            self.move_list.set(self.move_entries(), self.move_current(), present)
            self.move_list.draw(surface, t)
        self.moves_tab.draw(surface, t)
        if self.looking_back is not None:
            self.draw_look_back(surface)
        note = self.shown_note()
        if note:
            self.draw_note(surface, note)

    def draw_note(self, surface: pygame.Surface, note: str) -> None:
        """The record's comment on the shown position, in a card over the board's top."""
        t = self.app.text
        board = self.geo.outer
        size = max(13, int(self.size[1] * 0.022))
        width = min(board.w, self.size[0] - 2 * self.margin)
        # TRANSLATORS: before a comment kept in a game record, shown in the replay
        lines = t.wrap(_("Comment: {text}").format(text=note), size, width - 24)[:4]
        step = t.font(size).get_linesize() + 2
        box = pygame.Rect(0, 0, width, len(lines) * step + 14)
        box.midtop = (board.centerx, self.top_rect.bottom + 6)
        draw_panel(surface, box, edge=theme.ACCENT, alpha=235)
        y = box.y + 7
        for line in lines:
            surface.blit(t.render(line, size, theme.TEXT), (box.x + 12, y))
            y += step

    def draw_look_back(self, surface: pygame.Surface) -> None:
        """While a match looks back, a card over the bottom bar (its buttons do nothing
        then): which move is shown and the way back; the board stays in full view."""
        t = self.app.text
        box = self.bottom_rect.inflate(-2 * self.margin, -8)
        draw_panel(surface, box, edge=theme.ACCENT_2, alpha=255)
        bh = min(box.h - 10, int(self.size[1] * 0.05))
        bw = t.font(int(bh * 0.46), True).size(self.back_button.text)[0] + bh
        self.back_button.rect = pygame.Rect(0, 0, bw, bh)
        self.back_button.rect.midright = (box.right - 10, box.centery)
        looking = self.looking_back or 0
        numbers = list(self.move_numbers())
        # TRANSLATORS: on the card shown while looking back in a live game; {n}: a move number
        words = _("Looking back: after move {n}").format(n=numbers[looking - 1]) if looking else \
            _("Looking back: the start of the game")
        room = self.back_button.rect.x - box.x - 24
        size = max(13, int(self.size[1] * 0.024))
        img = t.fitted(words, size, theme.ACCENT_2, room, bold=True)
        hint = t.fitted(_("Esc returns to the game"), max(12, size - 3), theme.TEXT_DIM, room)
        top = box.centery - (img.get_height() + hint.get_height()) // 2
        surface.blit(img, (box.x + 14, top))
        surface.blit(hint, (box.x + 14, top + img.get_height()))
        self.back_button.draw(surface, t)
