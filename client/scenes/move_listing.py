"""The list of moves on a board screen, for every game: a part the screen holds (match or
replay) that shows a :class:`~client.view.movelist.MoveList` in a column of its own right
beside the board (:func:`~.layout.moves_rect`: the board and the seat panels make room for
it, so it covers nothing; the review puts the same list in the same place), opened and
closed with L or the "Moves" tab at the top bar's right (a replay opens with it shown; a
match with it closed; the choice is kept per kind of screen for the run), and says what a
click on a move does.

The screen calls the part's ``handle_event`` first in its own (after an online chrome's,
whose chat takes typed keys) and ``draw`` last in its ``draw``, hands its
``top_right_room`` to the part's, and asks ``room`` for the column's width when it lays
itself out (a toggle lays the screen out again). :class:`ReplayMoves`: a click jumps
there. :class:`MatchMoves`: a live match, local or online (a player's or a spectator's),
looks back: the board shows that position read-only (every key and click but the list's
own goes nowhere, the computers wait), a card over the bottom bar says so, and Esc, End,
the card's button or the list's last row bring back the present; online, the server's
next move or snapshot brings it back too. A game that words or counts its moves its own way
subclasses the part (``move_texts``, ``move_positions``, ``move_numbers``, the record's
notes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol, Sequence

import pygame

from shared.gamekit.comments import Comments
from shared.i18n import domain

from .. import theme
from ..view.movelist import MoveEntry, MoveList
from ..view.widgets import Button, draw_panel
from .holders import LocalMatch, ViewMatch
from .layout import moves_rect, moves_width

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


class ListHost(Protocol):
    """What every screen with a list of moves gives: its frame."""

    @property
    def app(self) -> "App": ...
    @property
    def size(self) -> tuple[int, int]: ...
    @property
    def margin(self) -> int: ...
    @property
    def top_rect(self) -> pygame.Rect: ...
    @property
    def bottom_rect(self) -> pygame.Rect: ...
    @property
    def geo(self) -> BoardBox: ...

    def resize(self, size: tuple[int, int]) -> None: ...


class MoveListPart:
    """The list, its tab and the record's comment card; what the moves are is the
    subclass's (:class:`ReplayMoves`, :class:`MatchMoves`)."""

    def __init__(self, host: ListHost, kind: str, open_default: bool) -> None:
        self.host = host
        self.kind = kind                    # the list's open/closed state is kept per kind for this run
        self.open_default = open_default    # True: the list opens with the screen
        self.comments: Comments | None = None   # the record's comments (a replay of a record with them)
        self.foot: Callable[[], int | None] = lambda: None  # where the list must end (a card below it)
        self.card_shown: Callable[[], bool] = lambda: False  # a card (the analysis's) wants the column
        self._shown: bool | None = None     # this screen's open/closed state (None: the kind's, as yet)
        self.move_list = MoveList(self.pick_move)
        # TRANSLATORS: the tab at the top right that opens the list of moves (key L)
        self.moves_tab = Button(N_("Moves (L)"), self.toggle_moves, tr=_)

    # -- state ----------------------------------------------------------------------------------
    @property
    def moves_shown(self) -> bool:
        if self._shown is None:
            self._shown = bool(self.host.app.kit(SHOWN_KEY, dict).get(self.kind, self.open_default))
        return self._shown

    def room(self, size: tuple[int, int]) -> int:
        """The width the screen keeps free for the column right of the board (0: none)."""
        wanted = self.moves_shown or self.card_shown()
        return moves_width(size) if wanted else 0

    def column(self) -> pygame.Rect:
        """The column right beside the board that holds the list (and a card under it)."""
        host = self.host
        return moves_rect(host.geo.outer, host.margin, self.room(host.size))

    @property
    def looking_back(self) -> int | None:
        """The earlier position a live match is showing (None: the present)."""
        return None

    def toggle_moves(self) -> None:
        self._shown = not self.moves_shown
        self.host.app.kit(SHOWN_KEY, dict)[self.kind] = self._shown
        self.host.resize(self.host.size)   # the board and the panels make room, or take it back
        self.host.app.sounds.play("select")

    # -- the moves ------------------------------------------------------------------------------
    def move_texts(self) -> Sequence[str]:
        """One text per move, in play order: what led to position k+1."""
        return []

    def move_shorts(self) -> Sequence[str]:
        """Each move in fewer characters, for a narrow list ("" or none: its text, made smaller)."""
        return []

    def move_positions(self) -> Sequence[Any]:
        """The state before each move, then the current one."""
        return []

    def move_notes(self) -> Sequence[str]:
        """The record's comment on each move ("" for none): by default from ``comments``."""
        comments = self.comments
        return comments.per_move(len(self.move_texts())) if comments is not None else []

    def start_note(self) -> str:
        """The record's comment before its first move."""
        return self.comments.start if self.comments is not None else ""

    def shown_note(self) -> str:
        """The record's comment on the position shown (a replay's; a match has none)."""
        return ""

    def move_seat_infos(self, before: Any) -> Sequence[Any]:
        """The seats (their colours) of a position of the list."""
        return before.spec.seats(before.options)

    def move_numbers(self) -> Sequence[int]:
        """Each move's number (1, 2, 3... as the status lines count them)."""
        return range(1, len(self.move_texts()) + 1)

    def move_current(self) -> int:
        """The position shown now."""
        return len(self.move_texts())

    def present(self) -> int | None:
        """The list's row of the present (a match's; None on a replay)."""
        return None

    def move_entries(self) -> list[MoveEntry]:
        positions = self.move_positions()
        notes = list(self.move_notes())
        shorts = list(self.move_shorts())
        entries = []
        for i, (number, text) in enumerate(zip(self.move_numbers(), self.move_texts())):
            colour = None
            if i < len(positions):
                before = positions[i]
                seat = before.to_move if not before.is_over() else None
                infos = self.move_seat_infos(before)
                if seat is not None and 0 <= int(seat) < len(infos):
                    colour = infos[int(seat)].colour
            entries.append(MoveEntry(number, text, colour, notes[i] if i < len(notes) else "",
                                     shorts[i] if i < len(shorts) else ""))
        return entries

    def pick_move(self, index: int) -> None:
        """A click on move ``index`` of the list."""

    # -- the screen's hooks ---------------------------------------------------------------------
    def layout(self) -> None:
        host = self.host
        w, h = host.size
        m = host.margin
        column = self.column()
        foot = self.foot()
        bottom = column.bottom if foot is None else min(column.bottom, foot)
        self.move_list.rect = pygame.Rect(column.x, column.y, column.w, max(0, bottom - column.y))
        t = host.app.text
        bh = int(host.top_rect.h * 0.62)
        bw = t.font(int(bh * 0.46), True).size(self.moves_tab.text)[0] + bh
        self.moves_tab.rect = pygame.Rect(w - m - bw, host.top_rect.centery - bh // 2, bw, bh)

    def top_right_room(self) -> int:
        """How much of the top bar's right end the tab takes (a game's own words there
        keep left of it)."""
        self.layout()
        return self.moves_tab.rect.w + self.host.margin

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The list's, the tab's and L's event (True: the screen does nothing more with it)."""
        self.layout()
        if self.moves_tab.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l:
            self.toggle_moves()
            return True
        return self.moves_shown and self.move_list.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The list (when open), the tab and the record's comment (changes nothing)."""
        self.layout()
        t = self.host.app.text
        if self.moves_shown and self.move_list.rect.w:
            self.move_list.set(self.move_entries(), self.move_current(), self.present())
            self.move_list.draw(surface, t)
        self.moves_tab.draw(surface, t)
        self.draw_over(surface)
        note = self.shown_note()
        if note:
            self.draw_note(surface, note)

    def draw_over(self, surface: pygame.Surface) -> None:
        """What a kind of screen adds over the list and the tab."""

    def draw_note(self, surface: pygame.Surface, note: str) -> None:
        """The record's comment on the shown position, in a card over the board's top."""
        host = self.host
        t = host.app.text
        board = host.geo.outer
        size = max(13, int(host.size[1] * 0.022))
        width = min(board.w, host.size[0] - 2 * host.margin)
        # TRANSLATORS: before a comment kept in a game record, shown in the replay
        lines = t.wrap(_("Comment: {text}").format(text=note), size, width - 24)[:4]
        step = t.font(size).get_linesize() + 2
        box = pygame.Rect(0, 0, width, len(lines) * step + 14)
        box.midtop = (board.centerx, host.top_rect.bottom + 6)
        draw_panel(surface, box, edge=theme.ACCENT, alpha=235)
        y = box.y + 7
        for line in lines:
            surface.blit(t.render(line, size, theme.TEXT), (box.x + 12, y))
            y += step


class ReplayHost(ListHost, Protocol):
    """A replay: its stepping and a state per ply."""

    @property
    def controls(self) -> "ReplayControls": ...
    @property
    def positions(self) -> Sequence[Any]: ...


class ReplayMoves(MoveListPart):
    """A replay's list: open with the screen; a click jumps there."""

    host: ReplayHost

    def __init__(self, host: ReplayHost) -> None:
        super().__init__(host, "replay", True)

    def move_positions(self) -> Sequence[Any]:
        return self.host.positions

    def move_current(self) -> int:
        return self.host.controls.index

    def shown_note(self) -> str:
        index = self.host.controls.index
        notes = list(self.move_notes())
        if index == 0:
            return self.start_note()
        return notes[index - 1] if index - 1 < len(notes) else ""

    def pick_move(self, index: int) -> None:
        controls = self.host.controls
        controls.playing = False
        controls.go(index)


class MatchHost(ListHost, Protocol):
    """A match screen (its :class:`~.match_screen.MatchCore`): its holder, chrome and computers."""

    match: Any         # the match's holder (the shell's keeps the moves)
    bot_hold: bool     # the computers wait (while a person looks back)

    @property
    def chrome(self) -> Any: ...
    @property
    def turns(self) -> Any: ...    # the computers' turns (``busy``: a choice is landing)
    @property
    def branch(self) -> Any: ...   # Play from here: where the game branched off (its moves count on)
    @property
    def timeline(self) -> "Timeline": ...

    def show_state(self, state: Any, animate: bool = ...) -> None: ...


class MatchMoves(MoveListPart):
    """A match's list: closed at first; a click looks back at that position."""

    host: MatchHost

    def __init__(self, host: MatchHost) -> None:
        super().__init__(host, "match", False)
        self._looking: int | None = None
        self._held = False      # the computers' hold before looking back
        self._looked_from: Any = None   # online: the server's position when the look began
        # TRANSLATORS: the button on the card shown while looking back at an earlier move
        self.back_button = Button(N_("Back to the game"), self.back_to_present, tr=_, accent=theme.ACCENT)

    @property
    def looking_back(self) -> int | None:
        """The position looked at; online, None once the server's news moved the board on
        (a move or a new snapshot lands on the board as the present)."""
        chrome = self.host.chrome
        if self._looking is not None and chrome is not None and chrome.state is not self._looked_from:
            return None
        return self._looking

    def held_moves(self) -> list:
        """The moves played: a local match's holder keeps them, an online one reads them
        from the server's position."""
        match = self.host.match
        if isinstance(match, LocalMatch):
            return match.moves
        return match.played()[1] if isinstance(match, ViewMatch) else []

    def move_texts(self) -> Sequence[str]:
        """By default a local match's moves as the shell's holder keeps them."""
        return [self.host.match.spec.move_text(m) for m in self.held_moves()]

    def move_positions(self) -> Sequence[Any]:
        """The positions before each move, then the present (the holder's)."""
        match = self.host.match
        if isinstance(match, ViewMatch):
            befores = match.played()[0]
            return [*befores, match.state] if befores else []
        known = len(self.held_moves())  # a game continued from a save lists the moves played since
        if not known:
            return []
        return [*match.history[len(match.history) - known:], match.state]

    def moves_before(self) -> int:
        """The moves before the first one held: a game continued from a save, or played on
        from a replay's move n, counts on from them."""
        match, branch = self.host.match, self.host.branch
        if isinstance(match, LocalMatch):
            return len(match.history) - len(match.moves) + (branch.move if branch is not None else 0)
        return 0

    def move_numbers(self) -> Sequence[int]:
        before = self.moves_before()
        return range(before + 1, before + len(self.move_texts()) + 1)

    def titled(self, game: str) -> str:
        """The top bar's title with the move being played ("CITY BLOCKS · move 12", the
        number the list gives it; at the end, the last move's), as Alien City's bar says it;
        looking back, the last move played in the position looked at ("after move 5")."""
        looking = self.looking_back
        if looking is not None:
            n = self.moves_before() + looking
        else:
            n = self.moves_before() + len(self.held_moves()) + (0 if self.host.match.over else 1)
        # TRANSLATORS: the top bar's left end in a match: the game's name and the move being played
        return _("{game} · move {n}").format(game=game, n=n) if n > 0 else game

    def move_current(self) -> int:
        """The present or the position looked at."""
        looking = self.looking_back
        return looking if looking is not None else len(self.move_texts())

    def present(self) -> int | None:
        return len(self.move_texts())

    def pick_move(self, index: int) -> None:
        self.look_back(index)

    def look_back(self, index: int) -> None:
        """A live local match shows position ``index`` read-only (its last: the present)."""
        host = self.host
        if not self.move_positions():
            return
        if self.looking_back is None and (host.timeline.busy or host.turns.busy):
            host.timeline.finish_all()   # a move is landing (a computer's, say): it lands now, then we look
        positions = list(self.move_positions())
        if index >= len(positions) - 1:
            self.back_to_present()
            return
        if self.looking_back is None:
            self._held = host.bot_hold
            self._looked_from = host.chrome.state if host.chrome is not None else None
        self._looking = index
        host.bot_hold = True  # the computers wait while a person looks back
        host.show_state(positions[index], animate=False)

    def back_to_present(self) -> None:
        if self._looking is None:
            return
        self._looking = None
        self.host.bot_hold = self._held
        self.host.show_state(self.host.match.state, animate=False)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """While looking back, every key and click too."""
        if super().handle_event(event):
            return True
        if self.looking_back is not None:
            if self.back_button.handle_event(event):
                return True
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_END, pygame.K_RETURN):
                self.back_to_present()
            return event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.TEXTINPUT)
        return False

    def draw_over(self, surface: pygame.Surface) -> None:
        if self.looking_back is not None:
            self.draw_look_back(surface)

    def draw_look_back(self, surface: pygame.Surface) -> None:
        """While a match looks back, a card over the bottom bar (its buttons do nothing
        then): which move is shown and the way back; the board stays in full view."""
        host = self.host
        t = host.app.text
        box = host.bottom_rect.inflate(-2 * host.margin, -8)
        draw_panel(surface, box, edge=theme.ACCENT_2, alpha=255)
        bh = min(box.h - 10, int(host.size[1] * 0.05))
        bw = t.font(int(bh * 0.46), True).size(self.back_button.text)[0] + bh
        self.back_button.rect = pygame.Rect(0, 0, bw, bh)
        self.back_button.rect.midright = (box.right - 10, box.centery)
        looking = self.looking_back or 0
        numbers = list(self.move_numbers())
        # TRANSLATORS: on the card shown while looking back in a live game; {n}: a move number
        words = _("Looking back: after move {n}").format(n=numbers[looking - 1]) if looking else \
            _("Looking back: the start of the game")
        room = self.back_button.rect.x - box.x - 24
        size = max(13, int(host.size[1] * 0.024))
        img = t.fitted(words, size, theme.ACCENT_2, room, bold=True)
        hint = t.fitted(_("Esc returns to the game"), max(12, size - 3), theme.TEXT_DIM, room)
        top = box.centery - (img.get_height() + hint.get_height()) // 2
        surface.blit(img, (box.x + 14, top))
        surface.blit(hint, (box.x + 14, top + img.get_height()))
        self.back_button.draw(surface, t)
