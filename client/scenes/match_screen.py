"""What every plug-in's match screen does the same way around its board: who sits where
(seat controllers, computers built from the game's ``make_bot``), who holds the game (a
local or an online holder from :mod:`.holders`), computers polled every frame through
:class:`~.driver.ComputerTurns` (the choice shows for a moment, then lands), moves
submitted locally or through the online chrome, undo back to a person's turn, saving,
pausing, a new game, and the final count pushed when the game ends.

:class:`MatchControls` is a mixin placed before the game's screen class; the screen
supplies ``timeline``, ``banners``, ``show_state``, ``show_toast``, ``after_step``,
``draw_bottom``'s bars and the hooks ``score_scene``, ``replay``, ``fresh_state`` and
``auto_select`` (the piece in hand when a turn starts; ``bot_position`` is optional).
Game-free: states answer ``is_over()``, ``to_move`` and ``play``.
"""

from __future__ import annotations

import datetime as _dt
import secrets
from pathlib import Path
from typing import Any, Protocol, Sequence

import pygame

from shared.gamekit import computer_seats
from shared.gamekit.api import GameSpec, State
from shared.gamekit.branch import Branch
from shared.i18n import domain

from .. import rated as rated_games
from .. import theme
from ..anim import Callback, Delay
from ..computer import seat_seed
from ..records import save_record
from ..view.widgets import Button, draw_orbit
from .driver import ComputerTurns
from .holders import LocalMatch, ViewMatch
from .pause import PauseScene
from .seats import ComputerSeat, HumanSeat, SeatController

_, N_, ngettext, pgettext = domain("client")


class SaveableMatch(Protocol):
    """What a match screen offers the shell's autosave, records and Continue. Every
    plug-in's screen has it through :class:`MatchControls`; a screen that holds its
    engine's own states has holders that wrap them (``position``, ``held``)."""

    spec: GameSpec
    seats: list[SeatController]
    game_seed: object
    match: Any    # the holder: ``state`` (what the screen shows), undo
    chrome: Any   # the online match's chrome, or None
    rated: Any    # a rated game against the computer (client.rated.RatedGame), or None
    branch: Branch | None  # where a game played on from a replay or review branched off

    def keeps_game(self) -> bool:
        """A game of people on this machine (not online, not computers alone)."""

    def position(self) -> State:
        """The position on screen, as the game's contract state."""

    def undo_positions(self) -> list[State]:
        """The positions undo goes back to, oldest first."""

    def restore_undo(self, positions: Sequence[State]) -> None:
        """Undo after Continue goes back as far as it could before."""

    def keep_record(self) -> Path:
        """The record of the position on screen in the records folder, written once."""


class MatchControls:
    branch: Branch | None = None  # Play from here: its record says where it branched off
    bot_show = 0.35      # seconds a computer's choice shows before it lands
    pass_show = 0.35     # the same for a pass
    bot_hold = False     # a director (the attract mode) holds the computers for a look
    moves_kind = "match"        # the list of moves (MoveListing): closed, kept open or closed per kind
    moves_open_default = False
    undo_button: Button | None = None   # the screen's Undo and Hint (a rated game refuses them)
    hint_button: Button | None = None

    def init_match(self, state, *, seats: list[SeatController] | None, chrome, seed: object,
                   bot_factory, spec: Any, holders: tuple[type, type] = (LocalMatch, ViewMatch),
                   n_seats: int | None = None) -> None:
        """The seats (computers get their bots), the holder and the computers' driver. By
        default the shell's holders hold the game and the seats are the spec's for ``state``."""
        if n_seats is None:
            n_seats = len(spec.seats_of(state))
        self.game_seed = seed if seed is not None else state.seed
        self.chrome = chrome
        local, view = holders
        self.match = local(state) if chrome is None else view(chrome)
        self.bot_factory = bot_factory or spec.make_bot
        self.seats: list[SeatController] = list(seats) if seats else [HumanSeat() for _ in range(n_seats)]
        for i, seat in enumerate(self.seats):
            if isinstance(seat, ComputerSeat) and seat.bot is None:
                seat.bot = self.bot_factory(seat.level, seat_seed(self.game_seed, i))
        self.computers = ComputerTurns()
        self.bot_busy = False
        self.bot_choice: Any = None
        self.over_shown = False
        self.spec = spec
        self._kept: tuple[Any, Path] | None = None  # the position last written as a record
        self._told: Path | None = None               # the record the player was told of

    # -- what the shell keeps (SaveableMatch) --------------------------------------------------------
    attract = False  # the attract mode's screen says so (never saved)
    hints_off = False  # a screen may turn hints off (hints_allowed)
    rated: Any = None  # a rated game against the computer (client.rated.RatedGame): no undo, no hints

    def server_session(self) -> Any:
        """An online match's connection (its chrome's); None for a local game."""
        return self.chrome.session if self.chrome is not None else None

    def keeps_game(self) -> bool:
        return self.chrome is None and not self.attract and any(isinstance(s, HumanSeat) for s in self.seats)

    def position(self) -> State:
        return self.chrome.state if self.chrome is not None else self.match.position(self.match.state)

    def undo_positions(self) -> list[State]:
        return [self.match.position(s) for s in self.match.history]

    def restore_undo(self, positions: Sequence[State]) -> None:
        self.match.history[:] = [self.match.held(p) for p in positions]
        self.update_buttons()  # Undo reads the trail just restored

    def seat_levels(self) -> list[str | None]:
        """Each seat's computer level (None: a person), as the record's ``Levels`` keeps it."""
        return [(seat.level or None) if isinstance(seat, ComputerSeat) else None for seat in self.seats]

    def computer_record_names(self) -> list[str | None]:
        """Each computer seat's name in a record, the same in every language (None: a
        person; :mod:`shared.gamekit.computer_seats`)."""
        return computer_seats.record_names(self.seat_levels())

    def record_names(self) -> list[str]:
        """Each seat's player for records: the name, a computer by its level (in words of
        no language in particular), else the seat."""
        labels = [s.label for s in self.spec.seats_of(self.position())]
        if self.chrome is not None:
            online = self.chrome.view.names()
            return [online.get(i) or label for i, label in enumerate(labels)]
        computers = self.computer_record_names()
        return [computers[i] or seat.name or (labels[i] if i < len(labels) else "?")
                for i, seat in enumerate(self.seats)]

    def levels_headers(self) -> dict[str, str]:
        """The record's ``Levels`` line: each computer seat's level (none online)."""
        return computer_seats.levels_header(self.seat_levels()) if self.chrome is None else {}

    def name_headers(self, names: list[str]) -> dict[str, str]:
        """The record's header lines naming the players."""
        return {"Seats": ", ".join(names)}

    def record_name_headers(self) -> dict[str, str]:
        """The players' header lines and the computers' levels: what a record of this
        game (or its replay from the score screen) says of who played."""
        return {**self.name_headers(self.record_names()), **self.levels_headers()}

    def record_text(self) -> str:
        """The game's own record (its spec's ``write_record``) with names and, once over,
        the places ("1. Ann, 2. Bo")."""
        position = self.position()
        headers = {"Date": _dt.date.today().isoformat(), "Client": "alien-city"}
        if self.chrome is not None:
            headers.update(self.chrome.record_headers())
        elif self.branch is not None:
            headers.update(self.branch.headers())
        names = self.record_names()
        headers.update(self.record_name_headers())
        if position.is_over():
            places = sorted(zip(position.ranking(), range(len(names))))
            headers["Result"] = ", ".join(f"{place}. {names[i]}" for place, i in places)
        return self.spec.write_record(position, headers)

    def keep_record(self) -> Path:
        state = self.match.state
        if self._kept is None or self._kept[0] is not state:
            self._kept = (state, self.write_record())
        return self._kept[1]

    def write_record(self) -> Path:
        """A new record file of the position on screen (a game may write its own)."""
        return save_record(self.record_text(), self.spec.id, self.spec.record_suffix)

    # -- who plays ------------------------------------------------------------------------------
    @property
    def bots(self) -> dict[int, ComputerSeat]:
        return {i: s for i, s in enumerate(self.seats) if isinstance(s, ComputerSeat)}

    @property
    def human_turn(self) -> bool:
        s = self.match.state
        if s.is_over() or not self.seats[s.to_move].local:
            return False
        return self.chrome is None or self.chrome.can_move()

    @property
    def thinking(self) -> bool:
        return self.computers.thinking

    def exit(self) -> None:
        self.computers.stop()

    # -- moves ------------------------------------------------------------------------------------
    def submit(self, move) -> None:
        if self.chrome is None:
            self.play(move)
        elif self.chrome.submit(move):
            self.app.sounds.play("select")
        else:
            self.show_toast(_("Not your move right now."), 3)

    def play(self, move) -> None:
        self.computers.drop_hint()
        before = self.match.state
        events = self.match.play(move)
        if self.rated is not None and self.match.state.is_over():
            rated_games.settle(self)  # before any animation: leaving at once still counts it
        self.after_step(move, before, events)

    def resync(self) -> None:
        """The server sent the whole position: show it at once."""
        self.timeline.finish_all()
        self.show_state(self.match.state, animate=False)
        self.auto_select()  # the game's: what the player to move has in hand
        self.update_buttons()

    def match_started(self) -> None:
        """The chrome: the match has all its players; before any move, the first turn is said."""
        if self.chrome is not None and self.chrome.view.version == 0 and not self.timeline.tracks:
            self.announce_turn(first=True)

    def _game_over(self) -> None:
        if self.over_shown:
            return
        self.over_shown = True
        self.app.sounds.play("claim")
        self.show_final_count()

    def show_final_count(self) -> None:
        state, chrome = self.match.state, self.chrome
        if chrome is None:
            words = {"on_new_game": self.new_game}
        else:
            words = {"on_new_game": chrome.new_game_action(), "new_game_label": chrome.new_game_label,
                     "headline": chrome.headline()}
        scene = self.score_scene(state, on_save=self.save, on_replay=self.replay(state), **words)
        if self.rated is not None:
            scene.headline = rated_games.headline(self.rated)  # after the show: the rating's change
        self.app.push(scene)

    # -- menu actions -------------------------------------------------------------------------------
    def take_back(self):
        """Undo back to the last person's turn; the state shown then, or None when undo
        is not possible now (online: the chrome's note is shown)."""
        if self.chrome is not None:
            self.show_toast(self.chrome.no_undo, 3)
            return None
        if self.rated is not None:
            rated_games.refuse(self, "undo")
            return None
        if not self.undo_allowed or self.timeline.busy:
            return None
        self.computers.stop()
        self.bot_busy, self.bot_choice = False, None
        state = self.match.undo()
        while (state.is_over() or isinstance(self.seats[state.to_move], ComputerSeat)) and self.match.can_undo:
            state = self.match.undo()
        self.timeline.finish_all()
        self.banners.current = None
        self.show_state(state, animate=False)
        self.over_shown = False
        return state

    def save(self) -> str:
        """Save (Ctrl+S, the pause menu, the final board): the record of the position on
        screen, once; the words shown (also returned for the screen above to show)."""
        try:
            path = self.keep_record()
        except OSError as exc:
            words = _("Could not save the record: {reason}").format(reason=exc.strerror or exc)
        else:
            if path == self._told:
                # TRANSLATORS: Save pressed again on a game already saved
                words = _("Already saved: {path}").format(path=path)
            else:
                words = _("Record saved: {path}").format(path=path)
            self._told = path
        self.show_toast(words, 5)
        return words

    def pause_menu(self) -> None:
        if self.chrome is not None:
            self.show_toast(self.chrome.pause_note, 4)
            return
        self.app.push(PauseScene(self.app, self))

    def new_game(self) -> None:
        if self.chrome is not None:
            self.chrome.rematch()
            return
        if self.rated is not None:
            rated_games.next_game(self)
            return
        seed = secrets.randbelow(10**9)
        seats = [_fresh_seat(s) for s in self.seats]
        state = self.fresh_state(seed)
        self.app.stack.clear_to(type(self)(self.app, state, seats=seats, seed=seed, bot_factory=self.bot_factory))

    # -- frame ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.chrome is not None:
            self.chrome.update(dt)
        super().update(dt)
        s = self.match.state
        if s.is_over() or s.to_move not in self.bots or self.bot_busy or self.bot_hold:
            return
        move = self.computers.poll(self.bots[s.to_move], self.bot_position(s), s, ready=not self.timeline.busy)
        if move is not None:
            self._show_bot_move(s, move)

    def bot_position(self, state):
        """What a computer thinks about: the state itself, or the game's contract position."""
        return state

    def _show_bot_move(self, s, move) -> None:
        self.bot_busy = True

        def show() -> None:
            self.bot_choice = move

        def do() -> None:
            self.bot_busy, self.bot_choice = False, None
            if self.match.state is s:
                self.play(move)

        hold = self.pass_show if self.spec.is_pass(move) else self.bot_show
        self.timeline.sequence(Callback(show), Delay(hold), Callback(do))

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        text, colour = super().turn_text()
        return (text, colour) if self.chrome is None else self.chrome.turn_text(text, colour)

    def draw_thinking(self, surface: pygame.Surface, busy: bool | None = None,
                      colour: tuple[int, int, int] = theme.ACCENT_2) -> None:
        """The computer's orbit at the bottom bar's right, left of the buttons; ``busy``
        (default: a computer is thinking) and ``colour`` let a game show other work."""
        if self.thinking if busy is None else busy:
            r = self.bottom_rect
            right = min((b.rect.x for b in self.buttons), default=r.right) - self.margin
            radius = max(8, self.bottom_h // 5)
            draw_orbit(surface, (right - radius - 6, r.centery), radius, self.app.clock_time, colour)


def _fresh_seat(seat: SeatController) -> SeatController:
    """A seat for the next game: a computer gets a new bot of its level (the attract
    mode's quick bots, not threaded, are kept as they are)."""
    if not isinstance(seat, ComputerSeat):
        return seat
    return ComputerSeat(level=seat.level) if seat.threaded else ComputerSeat(bot=seat.bot, threaded=False)


def game_in_play(app) -> MatchControls | None:
    """The match screen of a game still being played (local or online, not the attract
    mode, not over) on the stack, or None: closing the window over it asks first."""
    for scene in reversed(app.stack.scenes):
        if not isinstance(scene, MatchControls) or scene.attract:
            continue
        state = scene.match.state
        if state is None:
            continue
        return None if state.is_over() else scene
    return None
