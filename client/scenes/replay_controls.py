"""Stepping through a recorded game, for any game's replay screen.

:class:`ReplayControls` owns the position number and the ways to move it: first, back,
forward (animated), last, play/pause at a steady pace, a ply number typed and Enter, a
click or the wheel on the ply bar. The screen gives ``show(index, animate)`` (put that
position on its board) and draws the bar where its bottom bar has room; marks on the bar
(``bad``: plies that broke a rule) are the game's to say. A finished record also offers
the game review (:meth:`ReplayControls.review_buttons`: a button and key V), the same
review screen as the score screen's. Any position but a finished game's end offers "Play
from here" (key P, :mod:`.play_here`: a new game from there) in the slot where that end
shows Score.
"""

from __future__ import annotations

import time
from typing import Any, Callable, Iterable, Protocol, Sequence

import pygame

from shared.gamekit.api import State
from shared.i18n import domain

from .. import theme
from ..anim import Timeline
from ..assets import TextCache
from ..review import REVIEW_KEYED, review_button
from ..view.widgets import Button
from .base import Part
from .play_here import KEY, generic_title, here_button, offer

_, N_, ngettext, pgettext = domain("client")

AUTOPLAY_STEP = 1.0  # seconds per ply while playing


class ReplayControls:
    def __init__(self, count: int, show: Callable[[int, bool], None], *, step_s: float = AUTOPLAY_STEP) -> None:
        self.count = count          # plies: positions are 0..count
        self.show = show
        self.step_s = step_s
        self.index = 0
        self.playing = False
        self.timer = 0.0
        self.typed = ""             # digits of a ply to jump to
        self.hover: int | None = None
        self.bar = pygame.Rect(0, 0, 0, 0)
        # Mouse presses until this time (time.monotonic) belong to the click that opened
        # the replay (a double click on a record or on Open): never a jump to a ply.
        self.ignore_presses_until = 0.0
        # TRANSLATORS: replay button: play the moves one after another
        self.play_button = Button(N_("Play"), self.toggle_play, key=pygame.K_SPACE, tr=_)
        self.buttons = [Button("|<", self.first, key=pygame.K_HOME), Button("<", self.back), self.play_button,
                        Button(">", self.forward), Button(">|", self.last, key=pygame.K_END)]
        self.review_button: Button | None = None
        self.scene: Any = None          # the screen, once it has asked for ``end_slot``

    def review_buttons(self, app, final: State) -> list[Button]:
        """The Review button (key V) when the record is a finished game (``final``: its
        last position as a contract state), for the screen's button row; none for a game
        that did not end."""
        self.review_button = None
        if final.is_over():
            self.review_button = review_button(app, lambda: final, label=REVIEW_KEYED, key=pygame.K_v)
        return [self.review_button] if self.review_button is not None else []

    def end_slot(self, scene, score: Button) -> Button:
        """Score and "Play from here (P)" share one slot, first in the button row: the
        final count at the end of a finished game (when ``score`` is enabled), a new game
        from the position shown everywhere else (P at the end says why not). The scene
        gives ``app``, ``buttons`` and ``branch_position(index)`` (that position as a
        contract state, and whether a move up to it broke a rule)."""
        self.scene, self.score_slot = scene, score
        self.here_button = here_button(self.play_here)
        return self.slot()

    def slot(self) -> Button:
        return self.score_slot if self.score_slot.enabled else self.here_button

    def refresh_slot(self) -> None:
        """After a move: the slot shows the button its position asks for."""
        buttons = self.scene.buttons if self.scene is not None else None
        if buttons and buttons[0] is not self.slot():
            buttons[0] = self.slot()
            self.scene.layout_buttons()

    def play_here(self) -> None:
        self.playing = False
        state, broken = self.scene.branch_position(self.index)
        offer(self.scene.app, state, self.index, broken=broken, levels=self.scene.record_levels)

    # -- moving -----------------------------------------------------------------------
    def go(self, index: int, animate: bool = False) -> None:
        index = max(0, min(self.count, index))
        if index != self.index:
            self.index = index
            self.show(index, animate)

    def forward(self) -> None:
        self.go(self.index + 1, animate=True)

    def back(self) -> None:
        self.playing = False
        self.go(self.index - 1)

    def first(self) -> None:
        self.playing = False
        self.go(0)

    def last(self) -> None:
        self.playing = False
        self.go(self.count)

    def toggle_play(self) -> None:
        if self.index >= self.count:
            self.go(0)
        self.playing = not self.playing
        self.timer = 0.0

    def update(self, dt: float) -> None:
        """``dt`` already scaled by the animation speed."""
        self.play_button.label = N_("Pause") if self.playing else N_("Play")
        if self.playing:
            self.timer += dt
            if self.timer >= self.step_s:
                self.timer = 0.0
                self.forward()
                if self.index >= self.count:
                    self.playing = False

    # -- input ------------------------------------------------------------------------
    def ply_at(self, pos: tuple[int, int]) -> int | None:
        if not self.bar.inflate(0, 16).collidepoint(pos) or self.count == 0:
            return None
        return round((pos[0] - self.bar.x) / max(1, self.bar.w) * self.count)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Keys (Right/. Left/, digits Enter Backspace, P), the ply bar and the wheel."""
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) \
                and time.monotonic() < self.ignore_presses_until:
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RIGHT, pygame.K_PERIOD):
                self.forward()
            elif event.key in (pygame.K_LEFT, pygame.K_COMMA):
                self.back()
            elif event.unicode.isdigit():
                self.typed = (self.typed + event.unicode)[-3:]
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.typed:
                self.playing = False
                self.go(int(self.typed))
                self.typed = ""
            elif event.key == pygame.K_BACKSPACE:
                self.typed = self.typed[:-1]
            elif event.key == KEY and self.scene is not None:
                self.play_here()
            else:
                return False
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.ply_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            ply = self.ply_at(event.pos)
            if ply is not None:
                self.playing = False
                self.go(ply)
                return True
        if event.type == pygame.MOUSEWHEEL:
            self.go(self.index - event.y)
            return True
        return False

    # -- drawing ----------------------------------------------------------------------
    def draw_bar(self, surface: pygame.Surface, text: TextCache, bad: Iterable[int] = ()) -> None:
        """The ply bar: a tick per ply (red where ``bad``), the knob, the pointed ply."""
        bar = self.bar
        pygame.draw.rect(surface, (20, 22, 48), bar, border_radius=bar.h // 2)
        bad = set(bad)
        n = max(1, self.count)
        for i in range(self.count + 1):
            x = bar.x + int(i / n * bar.w)
            colour = theme.BAD if i in bad else (theme.ACCENT if i <= self.index else theme.PANEL_EDGE)
            pygame.draw.line(surface, colour, (x, bar.y + 3), (x, bar.bottom - 3), 2)
        knob = (bar.x + int(self.index / n * bar.w), bar.centery)
        pygame.draw.circle(surface, theme.ACCENT, knob, bar.h // 2 + 3)
        pygame.draw.circle(surface, (20, 20, 30), knob, bar.h // 2 + 3, 2)
        if self.hover is not None:
            # TRANSLATORS: over the replay's move bar: which move the pointer is on
            tip = text.render(_("move {n}").format(n=self.hover), max(12, bar.h), theme.TEXT)
            x = bar.x + int(self.hover / n * bar.w)
            surface.blit(tip, tip.get_rect(midbottom=(x, bar.y - 2)))


class SteppedReplay(Protocol):
    """What a replay screen gives its stepping."""

    app: Any
    timeline: Timeline
    controls: ReplayControls
    positions: Sequence[Any]      # a state per ply
    score_button: Button
    buttons: list[Button]
    margin: int
    bottom_rect: pygame.Rect
    record_file: str | None       # opened from a file: its name (``Scene``'s)

    @property
    def state(self) -> Any: ...
    @property
    def record_title(self) -> str: ...   # the record's title on the top bar (or a file name)
    @property
    def end_words(self) -> str: ...      # what C opens at the end of a finished game

    def show_state(self, state: Any, animate: bool = ...) -> None: ...
    def score_show(self) -> None: ...


# A game may give its own words (a property, translated by the game).
END_WORDS = N_("the final count")   # what C opens at the end of a finished game
RECORD_TITLE = N_("Replay")         # the record's title on the top bar (or a file name)


class ReplaySteps(Part):
    """A replay screen's stepping, a part the screen holds (``stepping``, in its ``parts``
    before the analysis): the screen's :class:`ReplayControls` show positions through
    ``show``; the ply bar sits at the top of the bottom bar (``place_bar`` after the
    screen's ``layout_buttons``), the status below it (``status_area``). ``bar_rows``: the
    ply bar's top and height, in parts of the bottom bar; ``score_delay``: seconds from
    reaching a finished game's end to its final count."""

    def __init__(self, host: SteppedReplay, *, bar_rows: tuple[float, float] = (0.16, 0.2),
                 score_delay: float = 0.8) -> None:
        self.host = host
        self.bar_rows = bar_rows
        self.score_delay = score_delay

    def place_bar(self) -> None:
        """The ply bar left of the screen's buttons (laid out first)."""
        host = self.host
        r = host.bottom_rect
        right = min((b.rect.x for b in host.buttons), default=r.right)
        top, height = self.bar_rows
        host.controls.bar = pygame.Rect(host.margin * 2, r.y + int(r.h * top), right - 3 * host.margin,
                                        int(r.h * height))

    def show(self, index: int, animate: bool) -> None:
        """The controls moved to ``index``: that position on the board (dropping in when
        stepping on); at the end of a finished game the score screen follows."""
        host, controls = self.host, self.host.controls
        host.timeline.finish_all()
        host.show_state(host.positions[index], animate=animate)
        over = index == controls.count and host.positions[index].is_over()
        host.score_button.enabled = over
        controls.refresh_slot()
        if over and animate:
            host.timeline.delay(self.score_delay, host.score_show)

    def close(self) -> None:
        self.host.app.stack.pop()

    def branch_name(self) -> str | None:
        """The record's name for a game played on from it (None: a game just played)."""
        named = self.host.record_file   # opened from a file: its name
        if named:
            return str(named)
        title = self.host.record_title
        return None if generic_title(title) else str(title)

    def update(self, dt: float) -> None:
        """After the screen's own."""
        self.host.controls.update(dt * self.host.app.anim_speed)

    def status_area(self) -> pygame.Rect:
        r, bar = self.host.bottom_rect, self.host.controls.bar
        return pygame.Rect(r.x, bar.bottom + 2, r.w, r.bottom - bar.bottom - 2)

    def turn_text(self, turn: Callable[[], tuple[str, tuple[int, int, int]]]) -> tuple[str, tuple[int, int, int]]:
        """The top line: the record's title, then the board's ``turn`` line (at a finished
        game's end, what C opens)."""
        host, controls = self.host, self.host.controls
        title = _(host.record_title)
        if controls.index == controls.count and host.state.is_over():
            # TRANSLATORS: a replay's top line at the end; C opens {end} (the final count)
            return _("{title}: GAME OVER (C: {end})").format(title=title, end=_(host.end_words)), \
                theme.ACCENT
        text, colour = turn()
        # TRANSLATORS: a replay's top line: the record's title, then the turn line
        return _("{title}: {turn}").format(title=title, turn=text), colour

    def typed_status(self) -> tuple[str, tuple[int, int, int]] | None:
        """While a move number is typed: where Enter jumps."""
        typed = self.host.controls.typed
        if typed:
            return _("Jump to move {n} (Enter)").format(n=typed), theme.ACCENT
        return None


def replay_opener(app, scene_cls, write: Callable[[], str], title: str | None = None) -> Callable[[], None]:
    """A score screen's "Watch replay": opens ``scene_cls.from_text`` on the record that
    ``write`` makes (when asked, not before); ``title`` defaults to "This game"."""
    def open_replay() -> None:
        app.push(scene_cls.from_text(app, write(), title or _("This game")))
    return open_replay
