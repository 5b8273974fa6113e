"""What a game's score screen does the same way in every plug-in: the show's buttons
(Next, Fast, Skip) and the final board's column (replay the show, review, watch the
replay, save (a toast says where), new game, close, menu), the keys (show:
Space/Right/Enter next, F fast, S/Esc skip; final: Esc closes, T hides the table,
Left/Right/Enter walk the column) and the fast clock. A game with show buttons and keys
of its own (Alien City) takes the column (``make_final_buttons``), its keys
(``walk_column``) and the rest.

:class:`ScoreShow` is a part the score screen holds (``scoring``, so the shell finds score
screens by ``Scene.scoring``) and calls ``update`` around its own frame and ``frame_rate``
over its own. It reaches its screen through :class:`ScoreScreen`; the game keeps its beats
(a :class:`~.score_sequence.BeatSequence` in ``sequence``), ``start_show``, ``skip`` and its
drawing. The screen shows the part's names (its keys ``handle_event``, ``turn_text``,
``headline``, ``stage``, ``final_buttons``, ``sound``: :data:`SCORE_NAMES`) through
:func:`~.forward.forwarding` and sets its own scene settings: ``modal``, and
``freeze_below = False`` (an online match below keeps hearing its server)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Protocol

import pygame

from shared.i18n import domain

from .. import theme
from ..review import review_button
from ..view.widgets import Button, ButtonColumn
from .base import FULL_RATE

if TYPE_CHECKING:
    from ..app import App
    from .score_sequence import BeatSequence

_, N_, ngettext, pgettext = domain("client")

FAST = 4.0   # how much faster the show runs with F
STEP_KEYS = (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_RETURN)   # the show: the next beat


class ScoreScreen(Protocol):
    """What the score show asks of its screen. ``shown_points`` and ``final_points`` are
    what the client conformance suite holds every game's show to."""

    app: "App"
    state: Any
    sequence: "BeatSequence"   # the game's beats and their running order
    buttons: list[Button]

    @property
    def show_title(self) -> str: ...  # the top bar while the show runs (the part's by default)

    def start_show(self) -> None: ...
    def skip(self) -> None: ...
    def winner_words(self) -> tuple[str, ...]: ...
    def final_position(self) -> Any: ...  # what Review reviews (the part's: the screen's state)
    def layout_buttons(self) -> None: ...
    def buttons_event(self, event: pygame.event.Event) -> bool: ...
    def show_toast(self, text: str, seconds: float = ...) -> None: ...

    def shown_points(self) -> list:
        """Each seat's number as the show's counters stand now (None: not counted yet)."""

    def final_points(self) -> list:
        """Each seat's number in the engine's score breakdown: what the show counts up to."""


SCORE_NAMES = ("handle_event", "turn_text", "top_right_room", "headline", "final_buttons", "column", "stage",
               "fast", "table_hidden", "show_title", "final_position", "sound", "step", "toggle_fast",
               "replay_show", "close")
"""The part's names a score screen shows (``@forwarding("scoring", SCORE_NAMES)``): the
frame's and the stack's hooks, and what the online chrome, TV, the match's actions, the
game's count and drawing and the tests read off the screen; a name the screen defines
itself (a game's ``show_title``, Alien City's keys) stays its own."""


class ScoreShow:
    """``headline``: over the final table, the game's or the shell's (online, rated, TV)."""

    show_title = N_("THE FINAL COUNT")   # the top bar while the show runs (a screen may
    # give its own words, translated by its game)
    fast_factor = FAST
    final_buttons: list[Button]   # the final board's column (``make_final_buttons``)
    column: ButtonColumn

    def __init__(self, host: ScoreScreen, headline: str | None = None) -> None:
        self.host = host
        self.headline = headline
        self.fast = False            # F: the show runs ``fast_factor`` times faster
        self.table_hidden = False    # T: the final board without the table
        self.chosen = False          # a final button chosen (arrows, the pointer) before Enter presses it

    def make_buttons(self, replay_label: str, *, on_replay: Callable[[], None] | None,
                     on_save: Callable[[], str | None] | None, on_new_game: Callable[[], None] | None,
                     new_game_label: str) -> None:
        """``replay_label`` and ``new_game_label`` are the caller's words (translated by
        it); the shell's own buttons show their English keys through ``_``."""
        self.next_button = Button(N_("Next (Space)"), self.step, tr=_)
        self.fast_button = Button(N_("Fast (F)"), self.toggle_fast, tr=_)
        self.skip_button = Button(N_("Skip (S)"), self.host.skip, tr=_)
        self.make_final_buttons(replay_label, on_replay=on_replay, on_save=on_save, on_new_game=on_new_game,
                                new_game_label=new_game_label)

    def make_final_buttons(self, replay_label: str, *, on_replay: Callable[[], None] | None,
                           on_save: Callable[[], str | None] | None, on_new_game: Callable[[], None] | None,
                           new_game_label: str) -> None:
        """The final board's column alone (a game with show buttons of its own)."""
        host = self.host
        final = [Button(replay_label, self.replay_show)]
        final.append(review_button(host.app, host.final_position))
        if on_replay is not None:
            final.append(Button(N_("Watch replay"), on_replay, tr=_))
        if on_save is not None:
            def save() -> None:
                words = on_save()
                if words:
                    host.show_toast(words, 5)  # here: the match screen's toast is hidden below
            # TRANSLATORS: button: save the game's record
            final.append(Button(N_("Save"), save, tr=_))
        if on_new_game is not None:
            final.append(Button(new_game_label, on_new_game, accent=theme.ACCENT))
        final += [Button(N_("Close"), self.close, tr=_), Button(N_("Menu"), host.app.go_home, tr=_)]
        self.final_buttons = final
        self.column = ButtonColumn(final)
        self.chosen = False

    def final_position(self) -> Any:
        """The position the Review button reviews: the screen's state (a game whose screen
        shows an engine state gives its contract position itself)."""
        return self.host.state

    @property
    def stage(self) -> str:
        return self.host.sequence.stage

    def frame_rate(self, screen_rate: float) -> float:
        """Full rate while the show runs (between beats too), else what the screen asks."""
        return FULL_RATE if self.stage == "show" else screen_rate

    def show_buttons(self) -> None:
        self.host.buttons = [self.next_button, self.fast_button, self.skip_button]
        self.host.layout_buttons()

    def step(self) -> None:
        """Space: finish the beat on show at once and start the next."""
        self.host.sequence.step()

    def toggle_fast(self) -> None:
        self.fast = not self.fast
        self.fast_button.label = N_("Normal (F)") if self.fast else N_("Fast (F)")

    def replay_show(self) -> None:
        self.chosen = False  # the Spaces that step it again press nothing after it
        self.host.start_show()
        self.sound("select")

    def sound(self, name: str, volume: float = 1.0) -> None:
        if not self.host.sequence.muted:
            self.host.app.sounds.play(name, volume)

    def close(self) -> None:
        self.host.app.stack.pop()

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float, frame: Callable[[float], None]) -> None:
        """The screen's ``frame`` (its timeline, its board), then the beats: both run
        ``fast_factor`` times faster while F holds."""
        speed = self.fast_factor if self.fast and self.stage == "show" else 1.0
        frame(dt * speed)
        self.host.sequence.update(dt * speed * self.host.app.anim_speed)

    def handle_event(self, event: pygame.event.Event) -> bool:
        host = self.host
        if event.type == pygame.MOUSEMOTION:
            if self.stage == "final":
                self.point_at(event)
            host.buttons_event(event)
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            if self.stage == "show":
                if key in STEP_KEYS:
                    self.step()
                elif key == pygame.K_f:
                    self.toggle_fast()
                elif key in (pygame.K_s, pygame.K_ESCAPE):
                    host.skip()
            elif key == pygame.K_ESCAPE:
                self.close()
            elif key == pygame.K_t:
                self.table_hidden = not self.table_hidden
            else:
                self.walk_column(event)
            return True
        host.buttons_event(event)
        return True

    def walk_column(self, event: pygame.event.Event) -> bool:
        """The final board's keys: Left/Right ring a button, then move the ring along the
        buttons; Enter or Space presses the ringed one. Nothing is ringed until the player
        chooses, so the Spaces that stepped the show (tapped or held) never press "New
        game": they say how to choose instead."""
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if self.chosen:
                self.column.handle_event(pygame.event.Event(
                    pygame.KEYDOWN, key=pygame.K_UP if key == pygame.K_LEFT else pygame.K_DOWN, mod=0))
            self.chosen = True
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.host.app.key_repeat:
                return True
            if self.chosen:
                self.column.handle_event(event)
            else:
                # TRANSLATORS: the final board, after Space or Enter with no button chosen yet
                self.host.show_toast(_("The count is over: choose a button with ← →, then Enter."), 3)
            return True
        return False

    def point_at(self, event: pygame.event.Event) -> None:
        """The pointer over a final button rings it (Enter then presses it)."""
        self.column.handle_event(event)
        if any(b.hover for b in self.column.buttons):
            self.chosen = True

    def focused(self) -> int | None:
        """The ringed final button's index, or None before the player chose one."""
        return self.column.focus if self.chosen else None

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        """The show's title while it runs; then the headline (online) or the winner."""
        if self.stage == "show":
            return _(self.host.show_title), theme.ACCENT_2
        if self.headline:
            return self.headline, theme.ACCENT
        # TRANSLATORS: the score screen's top line; {winner} is the game's words ("BLACK WINS")
        return _("GAME OVER: {winner}").format(winner=self.host.winner_words()[0]), theme.ACCENT

    def top_right_room(self) -> int:
        """No list of moves' tab on the score show: the top bar is the show's."""
        return 0

    def draw_final_buttons(self, surface: pygame.Surface) -> None:
        """The final board's buttons, the column's focus ringed."""
        if self.stage == "final":
            for i, b in enumerate(self.host.buttons):
                b.draw(surface, self.host.app.text, focus=i == self.focused())
