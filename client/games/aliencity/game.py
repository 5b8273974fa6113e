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

import pygame

from client import theme
from client.anim import Callback, Delay
from client.computer import seat_seed
from client.scenes.hints import hints_allowed
from client.scenes.match_screen import MatchControls
from client.scenes.move_listing import MoveListing
from client.scenes.seats import ComputerSeat, HumanSeat, SeatController
from shared.aliencity import (
    PIECES,
    Build,
    Claim,
    GameOver,
    GameState,
    Move,
    Pass,
    Phase,
    Piece,
    Player,
    PlayerSkipped,
    Step,
    new_game,
)
from shared.aliencity.spec import ALIEN_CITY, AlienCityPosition
from shared.i18n import domain

from . import board_input, marks, terms, words
from .board_screen import BoardScreen
from .dice import DiceScene
from .labels import button
from .marks import HINT_COLOUR
from .match import LocalMatch, RandomBot, ViewMatch
from .replay import replay_of
from .score import ScoreScene
from .settings import ruleset

_, N_, ngettext, pgettext = domain("aliencity")

BOT_THINK = 0.45


def fresh_game(app, seed: int | str) -> GameState:
    """A new game under the rules chosen in Options."""
    return new_game(ruleset(app), seed)


def seat_name(seat: SeatController, index: int) -> str:
    """A seat's name for records and panels: "Ann", "Computer (Hard)", else the colour."""
    if isinstance(seat, ComputerSeat) and seat.level:
        return seat.label
    name = seat.name
    return name or ("Black", "White")[index]


class GameScene(MoveListing, MatchControls, BoardScreen):
    """The shell's :class:`MatchControls` (seats, computers, undo, save, pause, new game,
    the final count) around Alien City's board, input, hints and announcements."""

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
        self.init_match(state, seats=seats, chrome=chrome, seed=seed, bot_factory=bot_factory, spec=ALIEN_CITY,
                        holders=(LocalMatch, ViewMatch), n_seats=2)
        self.selected: Piece | None = None
        self.chosen: dict[Player, Piece] = {}  # each seat's own last choice of piece
        self.hover_lot: int | None = None
        self.hover_slot: Piece | None = None
        self.mouse = (0, 0)
        self.cursor: int | None = None  # keyboard lot cursor, shown once arrows are used
        self._reason_key: tuple | None = None
        self._reason: str | None = None
        self.skip_button = button(N_("Skip claim"), self.skip, key=pygame.K_s, accent=theme.ACCENT)
        self.undo_button = button(N_("Undo"), self.undo, key=pygame.K_u)
        self.hint_button = button(N_("Hint"), self.ask_hint, key=pygame.K_h)
        super().__init__(app, state)
        against_computer = any(isinstance(seat, ComputerSeat) for seat in self.seats)
        for player, seat in zip(Player, self.seats):  # "Computer (Hard)" under WHITE
            if chrome is None and (isinstance(seat, ComputerSeat) and seat.level or seat.name):
                self.panels[player].who = lambda seat=seat, player=player: seat_name(seat, player)
            elif chrome is None and against_computer and isinstance(seat, HumanSeat):
                # TRANSLATORS: under the colour of the person's seat, facing a computer
                self.panels[player].who = lambda: _("You")
        if chrome is not None:
            chrome.attach(self)
            local = any(seat.local for seat in self.seats)
            self.buttons = ([self.skip_button] if local else []) + chrome.buttons()
        else:
            self.buttons = [self.skip_button, self.undo_button, self.hint_button, button(N_("Save"), self.save),
                            button(N_("Menu"), self.pause_menu)]
            if self.attract:  # attract mode: nothing to skip, undo or hint
                self.buttons = self.buttons[3:]
        self.layout_buttons()
        self.auto_select()
        self.update_buttons()

    # -- the list of moves (MoveListing): a build and its claim are one move ---------------
    def move_texts(self) -> list[str]:
        from .replay import list_text
        turns: list[tuple[Build, Claim | None]] = []
        for _player, move in self.match.state.history:
            if isinstance(move, Build):
                turns.append((move, None))
            elif isinstance(move, Claim) and turns:
                turns[-1] = (turns[-1][0], move)
        return [list_text(build, claim) for build, claim in turns]

    def move_numbers(self) -> range:
        """The engine state keeps the whole game (one continued or played on from a
        replay too): the list counts from its first turn."""
        return range(1, len(self.move_texts()) + 1)

    def move_seat_infos(self, before: GameState) -> tuple:
        return ALIEN_CITY.seats(ALIEN_CITY.options({}))

    def move_positions(self) -> list[GameState]:
        starts = self.match.turn_starts if self.chrome is None else []
        if len(starts) != len(self.move_texts()):  # continued from a save without its trail: no look back
            return []
        return [*starts, self.match.state]

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

    @property
    def hint(self) -> Move | None:
        """The hinted move while it is about the position on the board."""
        c = self.computers
        return c.hint if c.hint_token is self.match.state else None

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
        self.show_step(move, before.state.play(move))

    def seat_panels(self) -> list[tuple[pygame.Rect, int, int]]:
        """Each seat's panel (rect, header height, padding) for names and presence."""
        return [(self.panels[p].rect, self.panels[p].header_h, self.panels[p].pad) for p in Player]

    def after_step(self, move: Move, before: GameState, events) -> None:
        """The shell played ``move`` here: animate it."""
        self.show_step(move, Step(self.match.state, events))

    def show_step(self, move: Move, step: Step) -> None:
        """Animate a played move: the diff of the board, then what its events say."""
        self.show_state(step.state)
        for event in step.events:
            if isinstance(event, PlayerSkipped):
                other = terms.player(event.player.other)
                self.timeline.callback(lambda: self.app.sounds.play("skip"))
                self.announce(_("{player} CANNOT BUILD").format(player=terms.player(event.player).upper()),
                              _("No legal lot for any piece left: {player} builds again.").format(player=other),
                              theme.BAD, hold=1.6)
            elif isinstance(event, GameOver):
                self.timeline.delay(0.5, self._game_over)
        if step.state.phase is Phase.BUILD:
            self.insight.point(None)  # a new turn: the last build's distances leave the board
        if step.state.phase is not Phase.OVER:
            if isinstance(move, Build) and step.state.phase is Phase.CLAIM and self.human_turn:
                self.app.sounds.play("select")
            if not isinstance(move, Build) or step.state.phase is Phase.BUILD:
                self.auto_select()
                if not any(isinstance(e, PlayerSkipped) for e in step.events):
                    self.announce_turn()
        self.update_buttons()

    def announce_turn(self, first: bool = False) -> None:
        s = self.match.state
        if s.phase is Phase.OVER or (self.bots and not first):
            return
        name = terms.player(s.to_move).upper()
        sub = _("{player} starts (2004 rules).").format(player=terms.player(s.to_move)) \
            if first and not s.dice else ""
        self.announce(_("{player} TO BUILD").format(player=name), sub, theme.ACCENT_2, hold=0.5 if not first else 0.9,
                      blocking=False)

    # -- the shell's hooks: the final count (again: C on the finished board), new games ----
    def score_scene(self, state: GameState, **words) -> ScoreScene:
        return ScoreScene(self.app, state, demo=self.chrome is None and bool(self.bots), **words)

    def replay(self, state: GameState):
        return replay_of(self.app, state, self.record_name_headers() if self.chrome is None else None)

    def fresh_state(self, seed: int) -> GameState:
        return fresh_game(self.app, seed)

    def bot_position(self, state: GameState) -> AlienCityPosition:
        return AlienCityPosition(state)

    # -- the shell's SaveableMatch: records name the players Black and White ----------------
    def name_headers(self, names: list[str]) -> dict[str, str]:
        return {"Black": names[0], "White": names[1]}

    def select(self, piece: Piece) -> None:
        s = self.match.state
        if not self.human_turn or s.phase is not Phase.BUILD:
            return
        if not s.stocks[s.to_move][piece.index]:
            self.app.sounds.play("error")
            self.show_toast(_("{player} has none left: {piece}.").format(player=terms.player(s.to_move),
                                                                           piece=terms.piece(piece)))
            return
        self.selected = piece
        self.chosen[s.to_move] = piece
        self.app.sounds.play("select")

    def auto_select(self) -> None:
        s = self.match.state
        if s.phase is not Phase.BUILD:
            return
        masks = s.build_masks(s.to_move)
        own = self.chosen.get(s.to_move)  # your own last choice, never the piece the other just built
        if own is not None and masks[own.index]:
            self.selected = own
            return
        self.selected = next((p for p in PIECES if masks[p.index]), None)

    def cycle(self, step: int = 1) -> None:
        s = self.match.state
        masks = s.build_masks(s.to_move)
        start = self.selected.index if self.selected else -1
        for k in range(1, len(PIECES) + 1):
            piece = PIECES[(start + k * step) % len(PIECES)]
            if masks[piece.index]:
                self.select(piece)
                return

    def click_lot(self, lot: int) -> None:
        s = self.match.state
        if s.phase is Phase.BUILD and self.selected is not None:
            move: Move = Build(self.selected, lot)
        elif s.phase is Phase.CLAIM:
            move = Claim(lot)
        else:
            return
        reason = s.why_not(move)
        if reason is not None:
            self.app.sounds.play("error")
            if lot != self.hover_lot or self.hover_reason() is None:  # not on screen already (tooltip, status)
                self.show_toast(reason.text, 4.0)
            return
        self.submit(move)

    def skip(self) -> None:
        if self.human_turn and self.match.state.phase is Phase.CLAIM and not self.timeline.busy:
            self.submit(Pass())

    def undo(self) -> None:
        state = self.take_back()  # back to a person's turn
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

    # -- hints ----------------------------------------------------------------------
    def ask_hint(self) -> None:
        """H: Hard thinks (in a worker thread) about the human's move; shown, not played."""
        s = self.match.state
        if not hints_allowed(self) or not self.human_turn or self.computers.hinting:
            return
        if self.hint is not None:
            self.show_toast(self.hint_words(self.hint), 4.0)
            return
        bot = self.bot_factory("hard", seat_seed(self.game_seed, s.to_move, f"hint{s.ply}"))
        self.computers.ask_hint(bot, AlienCityPosition(s), s)
        self.app.sounds.play("select")
        self.update_buttons()

    def hint_words(self, move: Move) -> str:
        return words.hint_words(self, move)

    def _poll_hint(self) -> None:
        was = self.computers.hinting
        move = self.computers.poll_hint(self.match.state)
        if was and not self.computers.hinting:
            self.update_buttons()
        if move is None:
            return
        if isinstance(move, Build):
            self.selected = move.piece
        self.show_toast(self.hint_words(move), 5.0)

    # -- frame ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)  # the server's news, the board, then the computers' turns
        self._poll_hint()

    def _show_bot_move(self, s: GameState, move: Move) -> None:
        """The computer's piece and lot light up a moment before the move lands (the
        attract mode's quick bots take longer, so that a watcher can follow)."""
        self.bot_busy = True
        think = 0.12 if self.bots[s.to_move].threaded else BOT_THINK

        def show_choice() -> None:
            if isinstance(move, Build):
                self.selected = move.piece
                self.hover_lot = move.lot
            elif isinstance(move, Claim):
                self.hover_lot = move.lot

        def do() -> None:
            self.bot_busy = False
            self.hover_lot = None
            if self.match.state is s:
                self.play(move)

        self.timeline.sequence(*self._bot_steps(show_choice, do, think))

    def _bot_steps(self, show_choice, do, think: float = BOT_THINK):
        return [Delay(think * 0.6), Callback(show_choice), Delay(think), Callback(do)]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.chrome is None and self.moves_event(event):
            return True
        return board_input.handle_event(self, event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.chrome is None:
            self.draw_moves(surface)

    # -- drawing --------------------------------------------------------------------
    def panel_surface(self, player: Player, cb: bool) -> pygame.Surface:
        s = self.state
        masks = s.build_masks(player) if s.phase is Phase.BUILD and s.to_move is player else (1,) * len(PIECES)
        mine = s.to_move is player
        return self.panels[player].surface(
            s, selected=self.selected if mine and s.phase is Phase.BUILD else None,
            hover=self.hover_slot if mine else None,
            can_place=tuple(bool(m) for m in masks), cb=cb, label=self.phase_label(s))

    def spot_lots(self) -> tuple[int, ...]:
        if self.flyers or (self.timeline.busy and not self.bots):
            return ()
        if self.human_turn or self.hover_lot is not None:
            return tuple(self.legal_lots())
        return ()

    def legal_lots(self) -> list[int]:
        s = self.state
        if s.phase is Phase.BUILD and self.selected is not None:
            return s.legal_lots(self.selected)
        if s.phase is Phase.CLAIM:
            return s.legal_claims()
        return []

    def draw_marks(self, surface: pygame.Surface) -> None:
        super().draw_marks(surface)
        marks.draw_marks(self, surface)

    def frame_rate(self) -> float:
        """The board's needs, and the thinking orbit's spin at a modest rate."""
        rate = super().frame_rate()
        if self.thinking or self.computers.hinting:
            rate = max(rate, 20.0)
        return rate

    def draw_bottom(self, surface: pygame.Surface) -> None:
        super().draw_bottom(surface)
        hinting = self.computers.hinting and not self.thinking  # the hint's own colour
        self.draw_thinking(surface, self.thinking or hinting, HINT_COLOUR if hinting else theme.ACCENT_2)

    def preview_build(self) -> Build | None:
        """The build under the pointer whose effect on the projected scores is previewed."""
        return marks.preview_build(self)

    def preview_after(self):
        build = self.preview_build()
        if build is None:
            return None
        after = self.insight.engine.preview(self.state, build)
        return {t.lot: t for t in after.towers} if after is not None else None

    def hover_reason(self) -> str | None:
        """The engine's reason the hovered lot is not playable (None if it is), memoised
        per (state, piece, lot) since draw asks every frame."""
        key = words.reason_key(self)
        if self._reason_key != key:
            self._reason_key, self._reason = key, words.find_reason(self)
        return self._reason

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        said = self.chrome.status_text() if self.chrome is not None else None
        return said if said is not None else self.game_status()

    def game_status(self) -> tuple[str, tuple[int, int, int]]:
        return words.game_status(self)

    def draw_extra(self, surface: pygame.Surface) -> None:
        if self.insight.focus is not None:
            super().draw_extra(surface)  # the pointed structure's breakdown card
        else:
            marks.draw_board_extra(self, surface)
        if self.chrome is not None:
            self.chrome.draw(surface)

