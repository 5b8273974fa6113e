"""The Alien City match screen: the board and its input, composed with one seat
controller per seat (``client.scenes.seats``) and, online, the match chrome
(``client.scenes.chrome``). The same screen serves hot-seat play, games against the
computer, the attract mode and online matches: only the controllers and chrome differ.

Build step: choose a piece (click a stock slot or press 1-7, Tab cycles), legal lots
light up, hovering any other lot shows the engine's reason, click (or arrows + Enter) to
build. Claim step: click an unclaimed tower, or Skip (S). U undoes the last turn, Ctrl+S
saves the record, Esc opens the pause menu. Input waits while a move animates.

A seat may be a computer (``ComputerSeat``: the contract's bot, thinking in a worker
thread, never on the main loop; undo, leaving or quitting stop it), or the attract
mode's quick ``RandomBot``. H asks Hard for a hint in a worker thread and highlights its
move without playing it. Online, a chosen move goes to the chrome (the server decides)
and moves from the server arrive through ``remote_moved``.
"""

from __future__ import annotations

import secrets
from typing import Any, Sequence

import pygame

from client import theme
from client.scenes.forward import forwarding
from client.scenes.hints import hints_allowed
from client.scenes.match_screen import MATCH_NAMES, MatchCore
from client.scenes.move_listing import MatchMoves
from client.scenes.seats import ComputerSeat, HumanSeat, SeatController
from client.seat_words import LiveSeatWords, beside, seat_label, you, your_seat
from shared.aliencity import (
    Build,
    Claim,
    GameState,
    Move,
    Pass,
    Phase,
    Piece,
    Player,
    Step,
    new_game,
)
from shared.aliencity.spec import ALIEN_CITY, AlienCityPosition
from shared.i18n import domain

from . import terms, words
from .board_input import BoardInput
from .board_scene import BoardScene, Forward
from .bot_turns import AlienTurns
from .dice import DiceScene
from .hints import Hints
from .labels import button
from .match import LocalMatch, RandomBot, ViewMatch
from .match_view import MatchView
from .replay import replay_of
from .score import ScoreScene
from .settings import ruleset
from .turn_show import TurnShow
from .view.panel import PanelView

_, N_, ngettext, pgettext = domain("aliencity")



def fresh_game(app, seed: int | str) -> GameState:
    """A new game under the rules chosen in Options."""
    return new_game(ruleset(app), seed)


def seat_name(seat: SeatController, index: int) -> str:
    """A seat's name for records and panels: "Ann", "Computer (Hard)", else the colour."""
    if isinstance(seat, ComputerSeat) and seat.level:
        return seat.label
    name = seat.name
    return name or ("Black", "White")[index]


def name_panels(panels: dict[Player, PanelView], seats: list[SeatController]) -> None:
    """Under each seat's colour, who plays it ("Ann", "Computer (Hard)"; "You" facing a
    computer); a seat of nobody in particular keeps its colour alone."""
    mine = your_seat(seats)
    for player, seat in zip(Player, seats):
        if isinstance(seat, ComputerSeat) and seat.level or seat.name:
            panels[player].who = lambda seat=seat, player=player: seat_name(seat, player)
        elif player == mine:
            panels[player].who = you


def name_headers(names: list[str]) -> dict[str, str]:
    """Records name the players Black and White."""
    return {"Black": names[0], "White": names[1]}


class Moves(MatchMoves):
    """The list of moves: a build and its claim are one move."""

    host: "GameScene"

    def turns(self) -> list[tuple[Player, Build, Claim | None]]:
        """The game's turns: who built what, and the claim after it."""
        turns: list[tuple[Player, Build, Claim | None]] = []
        for player, move in self.host.match.state.history:
            if isinstance(move, Build):
                turns.append((player, move, None))
            elif isinstance(move, Claim) and turns:
                turns[-1] = (*turns[-1][:2], move)
        return turns

    def move_texts(self) -> list[str]:
        from .review_board import list_text
        return [list_text(build, claim, player) for player, build, claim in self.turns()]

    def move_shorts(self) -> list[str]:
        from .review_board import short_text
        return [short_text(build, claim) for _player, build, claim in self.turns()]

    def move_numbers(self) -> range:
        """The engine state keeps the whole game (one continued or played on from a
        replay too): the list counts from its first turn."""
        return range(1, len(self.move_texts()) + 1)

    def move_seat_infos(self, before: GameState) -> tuple:
        return ALIEN_CITY.seats(ALIEN_CITY.options({}))

    def move_positions(self) -> list[GameState]:
        host = self.host
        starts = host.match.turn_starts
        if len(starts) != len(self.move_texts()):  # continued from a save without its trail: no look back
            return []
        return [*starts, host.match.state]


@forwarding("core", MATCH_NAMES)
class GameScene(BoardScene):
    """The shell's :class:`MatchCore` (``core``: seats, computers, undo, save, pause, new game,
    the final count) around Alien City's parts: the board (``board``), the input and the
    hand (``input``), the drawing (``painter``), the hints (``hints``); the screen keeps
    the announcements and the match's view state (the piece chosen, the pointer)."""

    # the parts' actions under the screen's names (the shell, the director and tests call them)
    select, auto_select = Forward[Any]("input"), Forward[Any]("input")
    cycle, click_lot = Forward[Any]("input"), Forward[Any]("input")
    legal_lots, hover_reason, preview_after = Forward[Any]("painter"), Forward[Any]("painter"), Forward[Any]("painter")
    hint, ask_hint = Forward[Move | None]("hints"), Forward[Any]("hints")
    play_hint = Forward[Any]("hints")

    def __init__(self, app, state: GameState | AlienCityPosition | None = None, *,
                 seats: list[SeatController] | None = None, chrome=None,
                 bots: dict[Player, RandomBot] | None = None, seed: int | str | None = None,
                 computers: dict[Player, str] | None = None, bot_factory=None) -> None:
        if isinstance(state, AlienCityPosition):
            state = state.state
        if state is None:
            if seed is None:
                seed = secrets.randbelow(10**9)
            state = fresh_game(app, seed)
        seats = list(seats) if seats else [HumanSeat(), HumanSeat()]
        for player, bot in (bots or {}).items():  # the attract mode's quick bots
            seats[player] = ComputerSeat(bot=bot, threaded=False)
        for player, level in (computers or {}).items():
            seats[player] = ComputerSeat(level=level)
        self.core = MatchCore(self, state, seats=seats, chrome=chrome, seed=seed, bot_factory=bot_factory,
                              spec=ALIEN_CITY, holders=(LocalMatch, ViewMatch), n_seats=2, headers=name_headers,
                              turns=AlienTurns)
        self.listing = Moves(self)
        self.shows = TurnShow(self)  # a move shown and said, a turn announced
        self.selected: Piece | None = None
        self.chosen: dict[Player, Piece] = {}  # each seat's own last choice of piece
        self.hover_lot: int | None = None
        self.hover_slot: Piece | None = None
        self.mouse = (0, 0)
        self.cursor: int | None = None  # keyboard lot cursor, shown once arrows are used
        self.painter = MatchView(self)  # the drawing
        self.input = BoardInput(self, self.painter)  # mouse and keys, the hand
        self.hints = Hints(self)  # H: Hard's move for the person to play, shown
        self.skip_button = button(N_("Skip claim"), self.skip, key=pygame.K_s, accent=theme.ACCENT)
        self.undo_button = button(N_("Undo"), self.undo, key=pygame.K_u)
        self.hint_button = button(N_("Hint"), self.ask_hint, key=pygame.K_h)
        super().__init__(app, state)
        self.board.past = lambda: self.listing.looking_back is not None
        if chrome is not None:
            chrome.attach(self)
            local = any(seat.local for seat in self.seats)
            self.buttons = ([self.skip_button] if local else []) + chrome.buttons()
        else:
            name_panels(self.panels, self.seats)
            self.buttons = [self.skip_button, self.undo_button, self.hint_button, button(N_("Save"), self.save),
                            button(N_("Menu"), self.actions.pause)]
            if self.attract:  # attract mode: nothing to skip, undo or hint
                self.buttons = self.buttons[3:]
        self.layout_buttons()
        self.auto_select()
        self.update_buttons()

    @property
    def bots(self) -> dict[Player, ComputerSeat]:
        """The computer seats by player."""
        return {Player(i): seat for i, seat in enumerate(self.seats) if isinstance(seat, ComputerSeat)}

    @property
    def levels(self) -> dict[Player, str]:
        """The levels of the threaded computer seats (a new game keeps them)."""
        return {p: seat.level for p, seat in self.bots.items() if seat.threaded}

    @property
    def attract(self) -> bool:
        """Both seats are the attract mode's quick bots (no undo, no hints)."""
        return len(self.bots) == 2 and not self.levels

    @property
    def undo_allowed(self) -> bool:
        return self.match.can_undo and not self.attract and any(
            s.to_move not in self.bots for s in self.match.turn_starts)

    def stop_thinking(self) -> None:
        """Undo, leaving or a new position: the computer and the hint stop at once."""
        self.computers.stop()

    def enter(self) -> None:
        if self.chrome is not None and self.state.ply > 0:
            return  # joining a match under way: no dice, no first-turn banner
        if self.state.dice and self.state.ply == 0:
            self.app.push(DiceScene(self.app, self.state, on_exit=lambda: self.announce_turn(first=True)))
        else:
            self.announce_turn(first=True)

    def resume(self) -> None:
        self.hover_lot = None

    # -- what the chrome calls (an online match) ------------------------------------------
    def remote_moved(self, move: Move, before: AlienCityPosition, after: AlienCityPosition) -> None:
        """A move the server accepted: animate it as if it were played here."""
        self.shows.step(move, before.state.play(move))

    def chat_foot(self, size: tuple[int, int]) -> int:
        """Alien City's panels have room at their foot: the chat bar goes there."""
        return 0

    def seat_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        """Each seat's panel (rect, header height, padding) for names and presence."""
        return [(self.panels[p].rect, self.panels[p].header_h, self.panels[p].pad) for p in Player]

    def after_step(self, move: Move, before: GameState, events) -> None:
        """The shell played ``move`` here: animate it."""
        self.shows.step(move, Step(self.match.state, events))

    def announce_turn(self, first: bool = False) -> None:
        self.shows.announce_turn(first)

    # -- the shell's hooks: the final count (again: C on the finished board), new games ----
    def score_scene(self, state: GameState, **words) -> ScoreScene:
        return ScoreScene(self.app, state, demo=self.chrome is None and bool(self.bots), names=self.seat_names(),
                          **words)

    def seat_names(self) -> Sequence[str]:
        """Who plays each seat, as the score writes it beside the colour ("computer, hard",
        "you", "Ann"; "" for a seat nobody named)."""
        if self.chrome is not None:
            online = self.chrome.view.who_words()
            return [online.get(i) or "" for i in range(len(self.seats))]
        return LiveSeatWords(self.seats)   # worded when shown: a language switch shows at once

    def label(self, player: Player) -> str:
        """The person's own seat against the computer is "Black (you)" in the turn lines."""
        return seat_label(terms.player(player), mine=player == your_seat(self.seats))

    def replay(self, state: GameState):
        return replay_of(self.app, state, self.records.name_headers() if self.chrome is None else None)

    def fresh_state(self, seed: int) -> GameState:
        return fresh_game(self.app, seed)

    def bot_position(self, state: GameState) -> AlienCityPosition:
        return AlienCityPosition(state)

    def skip(self) -> None:
        if self.human_turn and self.match.state.phase is Phase.CLAIM and not self.timeline.busy:
            self.submit(Pass())

    def undo(self) -> None:
        state = self.actions.take_back()  # back to a person's turn
        if state is None:
            return
        self.app.sounds.play("undo")
        self.show_toast(_("Took back the last turn: {player} to build.").format(player=terms.player(state.to_move)))
        self.selected = None
        self.auto_select()
        self.update_buttons()

    def update_buttons(self) -> None:
        s = self.match.state
        self.skip_button.enabled = self.human_turn and s.phase is Phase.CLAIM
        self.undo_button.enabled = self.undo_allowed
        self.hint_button.enabled = hints_allowed(self) and self.human_turn and not self.computers.hinting
        if self.chrome is not None:
            self.chrome.update_buttons()

    # -- frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.core.update(dt, super().update)  # the server's news, the board, then the computers' turns
        self.hints.poll()

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        """Whose turn (the seat as the turn lines name it) or, at the end, who won named as
        the final count names them ("WHITE (COMPUTER, EASY) WINS"); online, the chrome's words."""
        over = self.board.state.phase is Phase.OVER
        return self.core.turn_text(self.board.turn_text(self.with_who if over else self.label))

    def with_who(self, player: Player) -> str:
        """A seat's colour with who played it, as the final count writes it."""
        return beside(terms.player(player), self.seat_names()[int(player)])

    def top_right_room(self) -> int:
        return self.listing.top_right_room()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.chrome is not None and self.chrome.handle_event(event):
            return True   # the chat's first: a typed L is a letter
        if self.listing.handle_event(event):
            return True
        return self.input.handle_event(event)

    def frame_rate(self) -> float:
        """The board's needs, and the thinking orbit's spin at a modest rate."""
        rate = super().frame_rate()
        if self.thinking or self.computers.hinting:
            rate = max(rate, 20.0)
        return rate

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        said = self.status_note()
        return said if said is not None else words.game_status(self)

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)
