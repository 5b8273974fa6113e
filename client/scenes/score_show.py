"""What a game's score screen does the same way in every plug-in: the show's buttons
(Next, Fast, Skip) and the final board's column (replay the show, review, watch the
replay, save (a toast says where), new game, close, menu), the keys (show:
Space/Right/Enter next, F fast, S/Esc skip; final: Esc closes, T hides the table,
Left/Right/Enter walk the column) and the fast clock. A game with show buttons and keys
of its own (Alien City) takes the column (``make_final_buttons``), its keys
(``walk_column``) and the rest. :class:`ScoreShow` is a mixin placed before the game's
screen class; the game keeps its beats (a :class:`~.score_sequence.BeatSequence` in
``sequence``), ``skip`` and its drawing."""

from __future__ import annotations

from typing import Callable

import pygame

from shared.i18n import domain

from .. import theme
from ..review import review_button
from ..view.widgets import Button, ButtonColumn
from .base import FULL_RATE

_, N_, ngettext, pgettext = domain("client")

FAST = 4.0   # how much faster the show runs with F
STEP_KEYS = (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_RETURN)   # the show: the next beat


class ScoreShow:
    opaque = True
    modal = True
    freeze_below = False
    bottom_scale = 0.1
    show_title = N_("THE FINAL COUNT")   # the top bar while the show runs (a game may
    # override it with a property giving its own words, translated by the game)

    headline: str | None = None   # over the final table: the game's, or the shell's (online, rated, TV)
    final_buttons: list[Button]   # the final board's column (``make_final_buttons``)

    fast_factor = FAST
    fast = False            # F: the show runs ``fast_factor`` times faster
    table_hidden = False    # T: the final board without the table

    def make_buttons(self, replay_label: str, *, on_replay: Callable[[], None] | None,
                     on_save: Callable[[], str | None] | None, on_new_game: Callable[[], None] | None,
                     new_game_label: str) -> None:
        """``replay_label`` and ``new_game_label`` are the caller's words (translated by
        it); the shell's own buttons show their English keys through ``_``."""
        self.next_button = Button(N_("Next (Space)"), self.step, tr=_)
        self.fast_button = Button(N_("Fast (F)"), self.toggle_fast, tr=_)
        self.skip_button = Button(N_("Skip (S)"), self.skip, tr=_)
        self.make_final_buttons(replay_label, on_replay=on_replay, on_save=on_save, on_new_game=on_new_game,
                                new_game_label=new_game_label)

    def make_final_buttons(self, replay_label: str, *, on_replay: Callable[[], None] | None,
                           on_save: Callable[[], str | None] | None, on_new_game: Callable[[], None] | None,
                           new_game_label: str) -> None:
        """The final board's column alone (a game with show buttons of its own)."""
        final = [Button(replay_label, self.replay_show)]
        final.append(review_button(self.app, self.final_position))
        if on_replay is not None:
            final.append(Button(N_("Watch replay"), on_replay, tr=_))
        if on_save is not None:
            def save() -> None:
                words = on_save()
                if words:
                    self.show_toast(words, 5)  # here: the match screen's toast is hidden below
            # TRANSLATORS: button: save the game's record
            final.append(Button(N_("Save"), save, tr=_))
        if on_new_game is not None:
            final.append(Button(new_game_label, on_new_game, accent=theme.ACCENT))
        final += [Button(N_("Close"), self.close, tr=_), Button(N_("Menu"), self.app.go_home, tr=_)]
        self.final_buttons = final
        self.column = ButtonColumn(final)

    # -- the numbers (the client conformance suite holds every game's show to them) ------------
    def shown_points(self) -> list:
        """Each seat's number as the show's counters stand now (None: not counted yet)."""
        raise NotImplementedError(f"{type(self).__name__} does not say what its counters show")

    def final_points(self) -> list:
        """Each seat's number in the engine's score breakdown: what the show counts up to."""
        raise NotImplementedError(f"{type(self).__name__} does not say the engine's numbers")

    def final_position(self):
        """The position the Review button reviews (a game whose screen shows an engine
        state gives its contract position)."""
        return self.state

    @property
    def stage(self) -> str:
        return self.sequence.stage

    def frame_rate(self) -> float:
        """Full rate while the show runs (between beats too), else what the screen asks."""
        return FULL_RATE if self.stage == "show" else super().frame_rate()

    def show_buttons(self) -> None:
        self.buttons = [self.next_button, self.fast_button, self.skip_button]
        self.layout_buttons()

    def step(self) -> None:
        """Space: finish the beat on show at once and start the next."""
        self.sequence.step()

    def toggle_fast(self) -> None:
        self.fast = not self.fast
        self.fast_button.label = N_("Normal (F)") if self.fast else N_("Fast (F)")

    def replay_show(self) -> None:
        self.start_show()
        self.sound("select")

    def sound(self, name: str, volume: float = 1.0) -> None:
        if not self.sequence.muted:
            self.app.sounds.play(name, volume)

    def close(self) -> None:
        self.app.stack.pop()

    # -- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        speed = self.fast_factor if self.fast and self.stage == "show" else 1.0
        super().update(dt * speed)
        self.sequence.update(dt * speed * self.app.anim_speed)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            if self.stage == "final":
                self.column.handle_event(event)
            self.buttons_event(event)
            return True
        if event.type == pygame.KEYDOWN:
            key = event.key
            if self.stage == "show":
                if key in STEP_KEYS:
                    self.step()
                elif key == pygame.K_f:
                    self.toggle_fast()
                elif key in (pygame.K_s, pygame.K_ESCAPE):
                    self.skip()
            elif key == pygame.K_ESCAPE:
                self.close()
            elif key == pygame.K_t:
                self.table_hidden = not self.table_hidden
            else:
                self.walk_column(event)
            return True
        self.buttons_event(event)
        return True

    def walk_column(self, event: pygame.event.Event) -> bool:
        """The final board's keys: Left/Right move the focus along the buttons, Enter or
        Space presses the focused one; a key held down since the count (its repeats)
        presses nothing, so the Space that stepped the show never starts a new game."""
        key = event.key
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.column.handle_event(pygame.event.Event(
                pygame.KEYDOWN, key=pygame.K_UP if key == pygame.K_LEFT else pygame.K_DOWN, mod=0))
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if not self.app.key_repeat:
                self.column.handle_event(event)
            return True
        return False

    def turn_text(self) -> tuple[str, tuple[int, int, int]]:
        """The show's title while it runs; then the headline (online) or the winner."""
        if self.stage == "show":
            return _(self.show_title), theme.ACCENT_2
        if self.headline:
            return self.headline, theme.ACCENT
        # TRANSLATORS: the score screen's top line; {winner} is the game's words ("BLACK WINS")
        return _("GAME OVER: {winner}").format(winner=self.winner_words()[0]), theme.ACCENT

    def top_right_room(self) -> int:
        """No list of moves' tab on the score show: the top bar is the show's."""
        return 0

    def draw_final_buttons(self, surface: pygame.Surface) -> None:
        """The final board's buttons, the column's focus ringed."""
        if self.stage == "final":
            for i, b in enumerate(self.buttons):
                b.draw(surface, self.app.text, focus=i == self.column.focus)
