"""Hints on a match screen: the best move a computer level finds for the person to move,
shown on the board (not played) with the value its search expects.

:func:`hints_allowed` is the one switch every game's hint goes through (Alien City's
too): no hints online, in the attract mode, or where a screen says ``hints_off`` (a
rated game). :class:`HintPart` is the shell's part for City Blocks and Sprawl: the
level (:func:`hint_level`) thinks in a worker thread through the shell's
:class:`~.driver.ComputerTurns` (an :class:`~shared.gamekit.advice.Adviser` answers an
``Advice``: the move and the search's values), the screen polls it each frame; a move
played, undo or leaving drops the hint. The game draws the hint (``hint``) and words it
(``hint_words``). Enter plays the hint shown (:meth:`HintPart.play_hint`; the games ask it
first while no keyboard cursor aims elsewhere), and the board's caption says so
(:func:`play_key_words`), in every game alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

from shared.gamekit.advice import Advice, Adviser
from shared.i18n import domain

from ..computer import level_name, seat_seed
from .seats import ComputerSeat

_, N_, ngettext, pgettext = domain("client")

if TYPE_CHECKING:
    from ..app import App
    from .driver import ComputerTurns

SEARCH_LEVELS = ("hard", "expert")   # the levels whose search gives a value


def play_key_words() -> str:
    """What the board's hint caption adds: the key that plays the hint (every game's)."""
    # TRANSLATORS: in the caption beside a hinted move on the board: Enter plays that move
    return _("Enter plays it")


def hint_pending_words() -> str:
    """Said when Enter comes before the hint is found: Enter plays only a hint the person
    has seen, so the key is answered, not kept for later."""
    # TRANSLATORS: a toast when Enter is pressed while the computer still looks for the hint
    return _("The hint is not found yet: Enter plays it once it is shown on the board.")


def hint_shown_words() -> str:
    """The status line while a hint is shown and nothing is aimed at."""
    # TRANSLATORS: the line under the board while a hint is shown (the key that plays it)
    return _("The hint is shown on the board: Enter plays it, or make your own move.")


class HintsSwitch(Protocol):
    """What decides whether a screen may hint."""

    chrome: Any
    attract: bool
    hints_off: bool


def hints_allowed(scene: HintsSwitch) -> bool:
    """Whether the screen may offer a hint at all (a person's turn aside)."""
    return scene.chrome is None and not scene.attract and not scene.hints_off


def hint_level(seats: list) -> str:
    """The level that hints: the strongest search level among the computer seats (the
    level chosen for the game), else hard."""
    chosen = [s.level for s in seats if isinstance(s, ComputerSeat) and s.level in SEARCH_LEVELS]
    return max(chosen, key=SEARCH_LEVELS.index) if chosen else "hard"


class HintHost(Protocol):
    """What the hint asks of its match screen (its :class:`~.match_screen.MatchCore` gives it)."""

    app: "App"
    chrome: Any
    attract: bool
    hints_off: bool
    rated: Any
    match: Any                  # the holder: ``state`` is the position on the board
    seats: list
    game_seed: object
    computers: "ComputerTurns"
    timeline: Any

    @property
    def human_turn(self) -> bool: ...

    def bot_factory(self, level: str, seed: object) -> Any: ...
    def bot_position(self, state: Any) -> Any: ...
    def show_toast(self, text: str, seconds: float = ...) -> None: ...
    @property
    def toast(self) -> str: ...
    def update_buttons(self) -> None: ...
    def submit(self, move: Any) -> None: ...


class HintPart:
    """The hint key and button of a match screen: a part the screen holds (``hinter``)
    and polls each frame; ``words`` is the game's: the hint in words."""

    def __init__(self, host: HintHost, words: Callable[[Advice], str]) -> None:
        self.host = host
        self.hint_words = words
        self.said: tuple[str, object] | None = None   # the hint's toast and the position it was about

    @property
    def hint(self) -> Advice | None:
        """The hint while it is about the position on the board."""
        c = self.host.computers
        return c.hint if c.hint_token is self.host.match.state else None

    @property
    def hinting(self) -> bool:
        return self.host.computers.hinting

    def hint_level_name(self) -> str:
        return level_name(hint_level(self.host.seats))

    def can_hint(self) -> bool:
        return hints_allowed(self.host) and self.host.human_turn and not self.hinting

    def hints_offered(self) -> bool:
        """Whether the key help may name the hint key (not online, nor in a rated game)."""
        return hints_allowed(self.host) and self.host.rated is None

    def ask_hint(self) -> None:
        """The hint key: the level thinks about the person's move (shown, not played); a
        hint already found is said again."""
        host = self.host
        s = host.match.state
        if not hints_allowed(host) or not host.human_turn or self.hinting:
            return
        if self.hint is not None:
            self.say(self.hint_words(self.hint))
            return
        level = hint_level(host.seats)
        bot = host.bot_factory(level, seat_seed(host.game_seed, s.to_move, f"hint{s.ply}"))
        host.computers.ask_hint(Adviser(bot), host.bot_position(s), s)
        host.app.sounds.play("select")
        host.update_buttons()

    def poll_hint(self) -> Advice | None:
        """Each frame: a hint that arrived is said (and drawn while its position stays);
        returns it the frame it arrives (the game's hand may take it)."""
        host = self.host
        was = self.hinting
        advice = host.computers.poll_hint(host.match.state)
        if was and not self.hinting:
            host.update_buttons()
        if advice is not None:
            self.say(self.hint_words(advice))
        elif self.said is not None and self.said[1] is not host.match.state:
            if host.toast == self.said[0]:   # its move was played: the hint would read as the next seat's
                host.show_toast("", 0)
            self.said = None
        return advice

    def say(self, words: str) -> None:
        """The hint's toast, kept only while the position it is about stays on the board."""
        self.said = (words, self.host.match.state)
        self.host.show_toast(words, 6)

    def play_hint(self) -> bool:
        """Enter while a hint is shown: exactly the hinted move is played (the engine
        checks it as any move). True when there was a hint to play."""
        advice = self.hint
        if advice is None and self.hinting and self.host.human_turn:
            self.host.show_toast(hint_pending_words(), 3)
            return True
        if advice is None or not self.host.human_turn or self.host.timeline.busy:
            return False
        self.host.submit(advice.move)
        return True
