"""What every plug-in's match screen does the same way around its board: who sits where
(seat controllers, computers built from the game's ``make_bot``), who holds the game (a
local or an online holder from :mod:`.holders`), computers polled every frame through
:class:`~.driver.ComputerTurns` (the choice shows for a moment, then lands), moves
submitted locally or through the online chrome, and saving (through the record part it
holds, ``records``: :class:`~.match_record.MatchRecord`). The computers' turns and the
menu's actions (undo, pause, a new game, the final count) are the parts ``turns`` and
``actions`` (:mod:`.match_parts`).

:class:`MatchControls` is a mixin placed before the game's screen class; the screen
supplies ``timeline``, ``banners``, ``show_state``, ``show_toast``, ``after_step``,
``draw_bottom``'s bars and the hooks ``score_scene``, ``replay``, ``fresh_state`` and
``auto_select`` (the piece in hand when a turn starts; ``bot_position`` is optional).
Game-free: states answer ``is_over()``, ``to_move`` and ``play``.
"""

from __future__ import annotations

from typing import Any, Protocol, Sequence

from shared.gamekit.api import GameSpec, State
from shared.gamekit.branch import Branch
from shared.i18n import domain

from .. import rated as rated_games
from ..view.widgets import Button
from .driver import ComputerTurns
from .holders import LocalMatch, ViewMatch
from .match_parts import BotTurns, MatchActions
from .match_record import MatchRecord
from .seats import ComputerSeat, HumanSeat, SeatController, seated

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
    records: MatchRecord   # the record of the position on screen (``keep``: written once)

    def keeps_game(self) -> bool:
        """A game of people on this machine (not online, not computers alone)."""

    def position(self) -> State:
        """The position on screen, as the game's contract state."""

    def undo_positions(self) -> list[State]:
        """The positions undo goes back to, oldest first."""

    def restore_undo(self, positions: Sequence[State]) -> None:
        """Undo after Continue goes back as far as it could before."""


class MatchControls:
    branch: Branch | None = None  # Play from here: its record says where it branched off
    bot_show = 0.35      # seconds a computer's choice shows before it lands
    pass_show = 0.35     # the same for a pass
    bot_hold = False     # a director (the attract mode) holds the computers for a look
    undo_button: Button | None = None   # the screen's Undo and Hint (a rated game refuses them)
    hint_button: Button | None = None

    def init_match(self, state, *, seats: list[SeatController] | None, chrome, seed: object,
                   bot_factory, spec: Any, holders: tuple[type, type] = (LocalMatch, ViewMatch),
                   n_seats: int | None = None, turns: type[BotTurns] = BotTurns, **records: Any) -> None:
        """The seats (computers get their bots), the holder and the computers' driver. By
        default the shell's holders hold the game and the seats are the spec's for ``state``;
        ``records``: how the game names its players in records or writes them
        (:class:`~.match_record.MatchRecord`); ``turns``: how a computer's choice shows."""
        self.game_seed = seed if seed is not None else state.seed
        self.chrome = chrome
        local, view = holders
        self.match = local(state) if chrome is None else view(chrome)
        self.bot_factory = bot_factory or spec.make_bot
        n_seats = len(spec.seats_of(state)) if n_seats is None else n_seats
        self.seats = seated(seats, n_seats, self.bot_factory, self.game_seed)
        self.computers = ComputerTurns()
        self.over_shown = False
        self.spec = spec
        self.turns = turns(self)
        self.actions = MatchActions(self, self.turns)
        self.records = MatchRecord(self, **records)

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

    # -- menu actions (the part ``actions``; the chrome and the pause menu ask the screen) ---------
    def _game_over(self) -> None:
        self.actions.game_over()

    def save(self) -> str:
        """Save: the record of the position on screen, once (the words shown)."""
        return self.records.save()

    def new_game(self) -> None:
        self.actions.new_game()

    # -- frame ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.chrome is not None:
            self.chrome.update(dt)
        super().update(dt)
        self.turns.update(dt)

    def bot_position(self, state):
        """What a computer thinks about: the state itself, or the game's contract position."""
        return state

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        text, colour = super().turn_text()
        return (text, colour) if self.chrome is None else self.chrome.turn_text(text, colour)


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
