"""What every plug-in's match screen does the same way around its board: who sits where
(seat controllers, computers built from the game's ``make_bot``), who holds the game (a
local or an online holder from :mod:`.holders`), computers polled every frame through
:class:`~.driver.ComputerTurns` (the choice shows for a moment, then lands), moves
submitted locally or through the online chrome, and saving (through the record part it
holds, ``records``: :class:`~.match_record.MatchRecord`). The computers' turns and the
menu's actions (undo, pause, a new game, the final count) are the parts ``turns`` and
``actions`` (:mod:`.match_parts`).

:class:`MatchCore` is a part the match screen holds (``core``); the screen shows its names
(``match``, ``seats``, ``chrome``, ``submit``, ``human_turn``: :data:`MATCH_NAMES`) through
:func:`~.forward.forwarding`, calls ``core.update`` around its own frame and wraps its turn
line with ``core.turn_text``. The core reaches the screen through :class:`MatchScreen`:
``timeline``, ``show_state``, ``show_toast``, ``after_step``, ``auto_select``,
``update_buttons`` and ``announce_turn``; the screen also gives the hooks the parts ask for
(``score_scene``, ``replay``, ``fresh_state``; ``bot_position`` and ``bots`` are optional).
Game-free: states answer ``is_over()``, ``to_move`` and ``play``.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from shared.gamekit.api import GameSpec, State
from shared.gamekit.branch import Branch
from shared.gamekit.errors import IllegalMove
from shared.i18n import domain

from .. import rated as rated_games
from .. import theme
from ..seat_words import first_labels
from ..view.widgets import Button
from .chatpane import closed_height
from .driver import ComputerTurns
from .holders import LocalMatch, ViewMatch
from .match_parts import BotTurns, MatchActions
from .match_record import MatchRecord
from .seats import ComputerSeat, HumanSeat, SeatController, seated

_, N_, ngettext, pgettext = domain("client")


class SaveableMatch(Protocol):
    """What a match screen offers the shell's autosave, records and Continue. Every
    plug-in's screen has it through the :class:`MatchCore` it holds; a screen that holds its
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


class MatchScreen(Protocol):
    """What the core asks of its match screen."""

    app: Any
    timeline: Any
    attract: bool   # the attract mode's screen (never saved)
    rated: Any      # a rated game against the computer (client.rated.RatedGame), or None

    def play(self, move: Any) -> None: ...
    def after_step(self, move: Any, before: Any, events: list[dict]) -> None: ...
    def show_state(self, state: Any, animate: bool = ...) -> None: ...
    def show_toast(self, text: str, seconds: float = ...) -> None: ...
    def auto_select(self) -> None: ...   # the game's: what the player to move has in hand
    def update_buttons(self) -> None: ...
    def announce_turn(self, first: bool = ...) -> None: ...
    def announce(self, text: str, sub: str = ..., colour: Any = ..., hold: float = ...) -> None: ...


MATCH_NAMES = ("game_seed", "chrome", "match", "bot_factory", "seats", "computers", "over_shown", "spec",
               "turns", "actions", "records", "branch", "rated", "attract", "hints_off", "bot_hold", "bot_show",
               "pass_show", "undo_button", "hint_button", "server_session", "keeps_game", "position",
               "undo_positions", "restore_undo", "bots", "human_turn", "thinking", "exit", "submit", "play",
               "resync", "match_started", "game_over", "save", "new_game", "bot_position", "chat_foot",
               "resigning_seat", "resign", "resign_headline", "status_note")
"""The core's names a match screen shows (``@forwarding("core", MATCH_NAMES)``): what the
shell (autosave, the pause menu, the chrome, hints, the director) and the game's parts
read off the screen; a name the screen defines itself (Alien City's ``bots``) stays its own."""


class MatchCore:
    """The seats (computers get their bots), the holder and the computers' driver. By
    default the shell's holders hold the game and the seats are the spec's for ``state``;
    ``records``: how the game names its players in records or writes them
    (:class:`~.match_record.MatchRecord`); ``turns``: how a computer's choice shows."""

    branch: Branch | None = None  # Play from here: its record says where it branched off
    bot_show = 0.35      # seconds a computer's choice shows before it lands
    pass_show = 0.35     # the same for a pass
    bot_hold = False     # a director (the attract mode) holds the computers for a look
    undo_button: Button | None = None   # the screen's Undo and Hint (a rated game refuses them)
    hint_button: Button | None = None
    attract = False  # the attract mode's screen says so (never saved)
    hints_off = False  # a screen may turn hints off (hints_allowed)
    rated: Any = None  # a rated game against the computer (client.rated.RatedGame): no undo, no hints

    def __init__(self, host: MatchScreen, state, *, seats: list[SeatController] | None, chrome, seed: object,
                 bot_factory, spec: Any, holders: tuple[type, type] = (LocalMatch, ViewMatch),
                 n_seats: int | None = None, turns: type[BotTurns] = BotTurns, **records: Any) -> None:
        self.host = host
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
        self.turns = turns(host)  # the parts see the screen (its ``bots``, its ``bot_position``)
        self.actions = MatchActions(host, self.turns)
        self.records = MatchRecord(host, **records)

    # -- what the shell keeps (SaveableMatch) --------------------------------------------------------
    def server_session(self) -> Any:
        """An online match's connection (its chrome's); None for a local game."""
        return self.chrome.session if self.chrome is not None else None

    def keeps_game(self) -> bool:
        return self.chrome is None and not self.host.attract and any(isinstance(s, HumanSeat) for s in self.seats)

    def position(self) -> State:
        if self.chrome is not None:
            return self.chrome.state
        return self.match.ended if self.match.ended is not None else self.match.position(self.match.state)

    def undo_positions(self) -> list[State]:
        return [self.match.position(s) for s in self.match.history]

    def restore_undo(self, positions: Sequence[State]) -> None:
        self.match.history[:] = [self.match.held(p) for p in positions]
        self.host.update_buttons()  # Undo reads the trail just restored

    # -- who plays ------------------------------------------------------------------------------
    @property
    def bots(self) -> dict[int, ComputerSeat]:
        return {i: s for i, s in enumerate(self.seats) if isinstance(s, ComputerSeat)}

    @property
    def human_turn(self) -> bool:
        s = self.match.state
        if self.match.over or not self.seats[s.to_move].local:
            return False
        return self.chrome is None or self.chrome.can_move()

    @property
    def thinking(self) -> bool:
        return self.computers.thinking

    def exit(self) -> None:
        self.computers.stop()

    # -- moves ------------------------------------------------------------------------------------
    def submit(self, move) -> None:
        host = self.host
        if self.chrome is None:
            host.play(move)
        elif self.chrome.submit(move):
            host.app.sounds.play("select")
        else:
            host.show_toast(_("Not your move right now."), 3)

    def play(self, move) -> None:
        self.computers.drop_hint()
        before = self.match.state
        events = self.match.play(move)
        if self.match.state.is_over():
            if self.host.rated is not None:
                rated_games.settle(self.host)  # before any animation: leaving at once still counts it
            self.host.app.autosave.ended(self.host)  # the record first: the show may fail
        self.host.after_step(move, before, events)

    def resigning_seat(self) -> int | None:
        """The seat Resign gives up in a local game still on: the person to move, else the
        only person still at the table; None online, over, or with no one person meant."""
        if self.chrome is not None or self.match.over or self.host.attract:
            return None
        people = [i for i, s in enumerate(self.seats) if isinstance(s, HumanSeat) and i not in self.match.resigned]
        to_move = self.position().to_move
        if to_move in people:
            return to_move
        return people[0] if len(people) == 1 else None

    def resign(self) -> None:
        """The pause menu's Resign, confirmed: the seat gives up by the game's rule. A game
        it ends is kept and rated like one the rules ended, then its final count opens
        under the resignation's headline; a game that plays on goes to the next seat."""
        seat, host = self.resigning_seat(), self.host
        if seat is None:
            return
        self.turns.stop()
        try:
            self.match.resign(seat)
        except IllegalMove as exc:
            host.show_toast(exc.rejection.text, 4)
            return
        host.timeline.finish_all()
        label = self.spec.seats_of(self.position())[seat].label
        host.show_state(self.match.state, animate=False)
        host.update_buttons()
        if not self.match.over:
            host.show_toast(_("{seat} resigned: the others play on.").format(seat=label), 4)
            host.announce_turn()
            return
        if host.rated is not None:
            rated_games.settle(host)
        host.app.autosave.ended(host)
        host.app.sounds.play("error")
        host.announce(self.resign_headline() or _("RESIGNED"), "", theme.ACCENT, hold=1.6)
        host.timeline.delay(0.6, self.actions.game_over)

    def resign_headline(self) -> str | None:
        """A local game a resignation ended: who won by it, for the banner and the final
        count ("WHITE WINS BY RESIGNATION"); None for a game the rules ended."""
        ended = self.match.ended
        if ended is None:
            return None
        firsts = first_labels(self.spec, ended)
        if len(firsts) != 1:
            return _("RESIGNED")
        return _("{seat} WINS BY RESIGNATION").format(seat=firsts[0].upper())

    def resync(self) -> None:
        """The server sent the whole position: show it at once."""
        host = self.host
        host.timeline.finish_all()
        host.show_state(self.match.state, animate=False)
        host.auto_select()
        host.update_buttons()

    def match_started(self) -> None:
        """The chrome: the match has all its players; before any move, the first turn is said."""
        if self.chrome is not None and self.chrome.view.version == 0 and not self.host.timeline.tracks:
            self.host.announce_turn(first=True)

    # -- menu actions (the part ``actions``; the chrome and the pause menu ask the screen) ---------
    def game_over(self) -> None:
        self.actions.game_over()

    def save(self) -> str:
        """Save: the record of the position on screen, once (the words shown)."""
        return self.records.save()

    def new_game(self) -> None:
        self.actions.new_game()

    # -- frame ----------------------------------------------------------------------------------------
    def update(self, dt: float, frame: Callable[[float], None]) -> None:
        """The server's news first, then the screen's ``frame`` (its board, its timeline),
        then the computers' turns."""
        if self.chrome is not None:
            self.chrome.update(dt)
        frame(dt)
        self.turns.update(dt)

    def bot_position(self, state):
        """What a computer thinks about: the state itself, or the game's contract position."""
        return state

    def chat_foot(self, size: tuple[int, int]) -> int:
        """Online, the closed chat bar's room under the first seat's panel, so it covers
        none of the panel's pieces; a local match keeps none."""
        return closed_height(size[1]) + 8 if self.chrome is not None else 0

    def turn_text(self, said: tuple[str, tuple[int, int, int]]) -> tuple[str, tuple[int, int, int]]:
        """The screen's turn line ``said``; the chrome's words for it online; the
        resignation's headline once one ended the game here."""
        text, colour = said
        if self.chrome is not None:
            return self.chrome.turn_text(text, colour)
        headline = self.resign_headline()
        return (headline, theme.ACCENT) if headline else (text, colour)

    def status_note(self) -> tuple[str, tuple[int, int, int]] | None:
        """The line under the board said instead of the game's own: the chrome's online;
        after a resignation here, that the game is over (nobody thinks any more)."""
        if self.chrome is not None:
            return self.chrome.status_text()
        if self.match.ended is not None:
            return _("The game ended by resignation. Save the record, or start a new game from the menu."), theme.TEXT
        return None


def game_in_play(app) -> Any:
    """The match screen of a game still being played (local or online, not the attract
    mode, not over) on the stack, or None: closing the window over it asks first."""
    for scene in reversed(app.stack.scenes):
        if scene.core is None or scene.attract:
            continue
        if scene.match.state is None:
            continue
        return None if scene.match.over else scene
    return None
