"""Two parts every match screen holds (its :class:`~.match_screen.MatchCore` makes them):
the computers' turns (:class:`BotTurns`, ``scene.turns``: polled every frame, the choice
shown for a moment, then played; the thinking orbit) and the menu's actions
(:class:`MatchActions`, ``scene.actions``: undo back to a person's turn, the pause menu, a
new game, the final count when the game ends). A game shows a computer's choice its own
way by giving a subclass of :class:`BotTurns` (``MatchCore(turns=...)``).
"""

from __future__ import annotations

import secrets
from typing import Any, Protocol

import pygame

from .. import rated as rated_games
from .. import theme
from ..anim import Callback, Delay
from ..view.widgets import Button, draw_orbit
from .driver import ComputerTurns
from .pause import PauseScene
from .seats import ComputerSeat, SeatController


class TurnsHost(Protocol):
    """The match screen, as its computers' turns and menu actions see it."""

    app: Any
    match: Any
    chrome: Any
    rated: Any
    spec: Any
    seats: list[SeatController]
    computers: ComputerTurns
    timeline: Any
    banners: Any
    bot_hold: bool
    bot_show: float
    pass_show: float
    over_shown: bool
    undo_allowed: bool
    bot_factory: Any
    bottom_rect: pygame.Rect
    bottom_h: int
    margin: int
    buttons: list[Button]

    @property
    def bots(self) -> dict[int, ComputerSeat]: ...
    def play(self, move: Any) -> None: ...
    def resign_headline(self) -> str | None: ...
    def bot_position(self, state: Any) -> Any: ...
    def show_state(self, state: Any, animate: bool = ...) -> None: ...
    def show_toast(self, text: str, seconds: float) -> None: ...
    def score_scene(self, state: Any, **words: Any) -> Any: ...
    def replay(self, state: Any) -> Any: ...
    def fresh_state(self, seed: int) -> Any: ...
    def save(self) -> str: ...


class BotTurns:
    """The computers' turns: the driver polled when no move is landing; a choice shows
    for a moment (``busy``, ``choice``) before it is played."""

    def __init__(self, host: TurnsHost) -> None:
        self.host = host
        self.busy = False
        self.choice: Any = None

    def update(self, dt: float) -> None:
        host = self.host
        s = host.match.state
        if host.match.over or s.to_move not in host.bots or self.busy or host.bot_hold:
            return
        move = host.computers.poll(host.bots[s.to_move], host.bot_position(s), s, ready=not host.timeline.busy)
        if move is not None:
            self.show_move(s, move)

    def stop(self) -> None:
        """Undo: the computer stops thinking and its shown choice is dropped."""
        self.host.computers.stop()
        self.busy, self.choice = False, None

    def show_move(self, s: Any, move: Any) -> None:
        host = self.host
        self.busy = True

        def show() -> None:
            self.choice = move

        def do() -> None:
            self.busy, self.choice = False, None
            if host.match.state is s:
                host.play(move)

        hold = host.pass_show if host.spec.is_pass(move) else host.bot_show
        host.timeline.sequence(Callback(show), Delay(hold), Callback(do))

    def draw(self, surface: pygame.Surface, busy: bool | None = None,
             colour: tuple[int, int, int] = theme.ACCENT_2) -> None:
        """The computer's orbit at the bottom bar's right, left of the buttons; ``busy``
        (default: a computer is thinking) and ``colour`` let a game show other work."""
        host = self.host
        if host.computers.thinking if busy is None else busy:
            r = host.bottom_rect
            right = min((b.rect.x for b in host.buttons), default=r.right) - host.margin
            radius = max(8, host.bottom_h // 5)
            draw_orbit(surface, (right - radius - 6, r.centery), radius, host.app.clock_time, colour)


class MatchActions:
    """What the menu and the keys ask of a match: undo, pause, a new game, the final count."""

    def __init__(self, host: TurnsHost, turns: BotTurns) -> None:
        self.host = host
        self.turns = turns

    def take_back(self) -> Any:
        """Undo back to the last person's turn; the state shown then, or None when undo
        is not possible now (online: the chrome's note is shown)."""
        host = self.host
        if host.chrome is not None:
            host.show_toast(host.chrome.no_undo, 3)
            return None
        if host.rated is not None:
            rated_games.refuse(host, "undo")
            return None
        if not host.undo_allowed or host.timeline.busy:
            return None
        self.turns.stop()
        state = host.match.undo()
        while (state.is_over() or isinstance(host.seats[state.to_move], ComputerSeat)) and host.match.can_undo:
            state = host.match.undo()
        host.timeline.finish_all()
        host.banners.current = None
        host.show_state(state, animate=False)
        host.over_shown = False
        return state

    def game_over(self) -> None:
        """The game has ended: a sound and the final count, once."""
        host = self.host
        if host.over_shown:
            return
        host.over_shown = True
        host.app.sounds.play("claim")
        self.final_count()

    def final_count(self) -> None:
        host = self.host
        state, chrome = host.match.state, host.chrome
        if chrome is None:
            words = {"on_new_game": self.new_game, "headline": host.resign_headline()}
        else:
            words = {"on_new_game": chrome.new_game_action(), "new_game_label": chrome.new_game_label,
                     "headline": chrome.headline()}
        scene = host.score_scene(state, on_save=host.save, on_replay=host.replay(state), **words)
        if host.rated is not None:
            scene.headline = rated_games.headline(host.rated)  # after the show: the rating's change
        host.app.push(scene)

    def pause(self) -> None:
        host = self.host
        if host.chrome is not None:
            host.show_toast(host.chrome.pause_note, 4)
            return
        host.app.push(PauseScene(host.app, host))

    def new_game(self) -> None:
        host = self.host
        if host.chrome is not None:
            host.chrome.rematch()
            return
        if host.rated is not None:
            rated_games.next_game(host)
            return
        seed = secrets.randbelow(10**9)
        seats = [_fresh_seat(s) for s in host.seats]
        state = host.fresh_state(seed)
        host.app.stack.clear_to(type(host)(host.app, state, seats=seats, seed=seed, bot_factory=host.bot_factory))


def _fresh_seat(seat: SeatController) -> SeatController:
    """A seat for the next game: a computer gets a new bot of its level (the attract
    mode's quick bots, not threaded, are kept as they are)."""
    if not isinstance(seat, ComputerSeat):
        return seat
    return ComputerSeat(level=seat.level) if seat.threaded else ComputerSeat(bot=seat.bot, threaded=False)
