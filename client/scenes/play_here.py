"""Play from here: a new local game that starts at a position of a replay or a review.

The replay's and the review's "Play from here (P)" open :class:`PlayHereScene`: for each
seat a person or a computer of some level (the words of the game picker), then Start
begins a local match at that position. The position keeps its game's history, options
and seed, so the new game's moves are numbered on from it and its record holds every
move from the start; the record's ``BranchedFrom`` header (:mod:`shared.gamekit.branch`)
names the source and the move. Undo goes back to the branch point, not before it.

A finished position cannot be played on, and neither can one reached through a move
against the rules (a lenient replay lets such moves through): the scene then says why,
with only Back. Game-free: seats come from the spec, the match from the game's plug-in.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

import pygame

from shared.gamekit.api import State
from shared.gamekit.branch import Branch
from shared.i18n import domain

from .. import theme
from ..computer import level_name
from ..view.form import Row, RowMenu, draw_backdrop
from ..view.widgets import Button, draw_panel
from .base import Scene
from .seats import ComputerSeat, HumanSeat, SeatController

_, N_, ngettext, pgettext = domain("client")

PERSON = "person"
# TRANSLATORS: a replay's and a review's button (key P): a new game from the position shown
PLAY_HERE = N_("Play from here (P)")
KEY = pygame.K_p


GAME_OVER = N_("The game is over at this move: go back to an earlier move to play on from there.")
BROKEN = N_("A move up to here breaks the rules: play on from a move before it.")


def refusal(state: State, broken: bool = False) -> str | None:
    """Why this position cannot be played on, as a catalogue key (shown through ``_`` at
    each draw: a language switch shows at once); None: it can."""
    if state.is_over():
        return GAME_OVER
    if broken:
        return BROKEN
    return None


def generic_title(title: object) -> bool:
    """A replay's title that names no record ("Replay", "This game": a game just played)."""
    return title is None or str(title) in ("", "Replay", "This game", _("Replay"), _("This game"))


def source_name(app, spec) -> str:
    """What the new game branched from: the topmost replay's record name, else the record
    the finished game below was kept in, else the game's title."""
    for scene in reversed(app.stack.scenes):
        name = scene.branch_name()
        if name:
            return name
        if scene.core is not None and scene.core.spec is spec and scene.core.match.over:
            try:
                return scene.core.records.keep().name
            except OSError:
                continue
    return spec.title


# TRANSLATORS: Play from here, from a review: start before the move judged, to try another
BEFORE = N_("Before move {n}: try another move")
# TRANSLATORS: Play from here, from a review: start after the move judged, as it was played
AFTER = N_("After move {n}: play on from it")


@dataclass(frozen=True)
class Start:
    """A position the chooser may start from: the new game's ``branch`` point, why it
    cannot (a catalogue key, or None), and its name in the chooser (a catalogue key with
    ``{n}``: the move judged)."""

    state: State
    branch: Branch
    refused: str | None = None
    name: str = ""


def offer(app, state: State, move: int, *, broken: bool = False, source: str | None = None,
          before: tuple[State, int] | None = None, levels: list[str | None] | None = None) -> None:
    """Open the chooser for ``state`` (move ``move`` of the source), or the refusal. A
    review gives the position ``before`` the move it judges too (and its move number):
    the chooser then starts there (to try the better move) or, chosen, after it;
    ``levels``: the record's seats (a level, or None for a person) to start from."""
    name = source if source else source_name(app, state.spec)
    after = Start(state, Branch(name, move), refusal(state, broken), AFTER)
    if before is None:
        app.push(PlayHereScene(app, state, after.branch, after.refused, seated=levels))
        return
    first = Start(before[0], Branch(name, before[1]), refusal(before[0]), BEFORE)
    app.push(PlayHereScene(app, first.state, first.branch, first.refused, starts=(first, after), judged=move))


def start_branch(app, state: State, branch: Branch, chosen: list[str], *, seed: object = None) -> Scene:
    """The match screen of the branched game: ``chosen`` is PERSON or a level per seat."""
    plugin = app.games.get(state.spec.id)
    seed = seed if seed is not None else secrets.randbelow(10**9)
    seats: list[SeatController] = [HumanSeat() if who == PERSON else ComputerSeat(level=who) for who in chosen]
    scene = plugin.make_board(app, state, seats, seed=seed)
    scene.branch = branch
    return scene


class PlayHereScene(Scene):
    """``starts``: the positions to choose between (a review's: before and after the move
    ``judged``), the first shown at once; none: ``state`` alone."""

    def __init__(self, app, state: State, branch: Branch, refused: str | None = None, *,
                 seed: object = None, starts: tuple[Start, ...] = (), judged: int = 0,
                 seated: list[str | None] | None = None) -> None:
        super().__init__(app)
        self.state, self.branch, self.refused, self.seed = state, branch, refused, seed
        self.spec = state.spec
        self.starts, self.judged = starts, judged
        self.start_at = 0
        levels = [v for v in self.spec.computer_levels if v != "random"] or list(self.spec.computer_levels)
        self.levels = levels
        level = app.options.computer_level or "easy"
        self.level = level if level in levels else (levels[0] if levels else "")
        seats = self.spec.seats_of(state)
        self.players = self.default_players()
        if seated is not None and len(seated) == len(seats):   # the record's own seats
            self.players = [PERSON if was is None else was if was in levels else self.players[i]
                            for i, was in enumerate(seated)]
        rows = []
        if starts:
            # TRANSLATORS: Play from here, from a review: the row choosing before or after the move
            rows.append(Row(N_("Start from"), list(range(len(starts))),
                            lambda: [_(s.name).format(n=judged) for s in starts],
                            lambda: self.start_at, self.choose_start,
                            N_("Before the move, to try the better one; or after it, as it was played."), tr=_))
        for i, seat in enumerate(seats):
            rows.append(Row(seat.label, [PERSON] + levels, self.names, lambda i=i: self.players[i],
                            lambda v, i=i: self._set(i, v), N_("A person at this screen, or a computer."),
                            colour=seat.colour, tr=_, title=lambda i=i: self.spec.seats_of(self.state)[i].label))
        self.menu = RowMenu([] if refused and not starts else rows, value_x=0.4, enter_changes=False)
        self.start_button = Button(N_("Start"), self.start, key=pygame.K_RETURN, accent=theme.ACCENT,
                                   enabled=refused is None, tr=_)
        self.back_button = Button(N_("Back"), self.close, key=pygame.K_ESCAPE, tr=_)
        self.resize(app.size)

    def default_players(self) -> list[str]:
        """A person for the seat to move, the chosen computer level for the others."""
        mover = self.state.to_move
        return [PERSON if i == mover or not self.level else self.level
                for i in range(len(self.spec.seats_of(self.state)))]

    def choose_start(self, index: int) -> None:
        """Before or after the move judged: the position, the branch point, the seats."""
        start = self.starts[index]
        self.start_at = index
        self.state, self.branch, self.refused = start.state, start.branch, start.refused
        self.players = self.default_players()
        self.start_button.enabled = self.refused is None
        self.resize(self.size)

    def names(self) -> list[str]:
        return [_("Person")] + [_("Computer ({level})").format(level=level_name(v)) for v in self.levels]

    def _set(self, seat: int, who: str) -> None:
        self.players[seat] = who

    # -- layout ----------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        """The box in the middle: the words, then a row per seat; Back and Start under it."""
        super().resize(size)
        w, h = size
        t = self.app.text
        self.text_size = max(14, int(h * 0.025))
        width = min(int(w * 0.66), 820)
        words = sum(len(t.wrap(text, self.text_size, width - 48)) for text, _colour in self.lines())
        seats = len(self.menu.rows)
        step = max(26, min(int(h * 0.065), int(h * 0.42 / max(2, seats))))
        height = 28 + words * (self.text_size + 6) + seats * step + step // 2
        self.box = pygame.Rect((w - width) // 2, max(int(h * 0.17), (h - height) // 2 - step), width, height)
        rows_top = self.box.bottom - step // 2 - seats * step
        self.menu.layout(self.box.x + 20, rows_top, width - 40, step - step // 6, step // 6)
        bh, bw = max(36, int(h * 0.062)), max(180, int(w * 0.15))
        y = min(self.box.bottom + int(h * 0.04), h - bh - int(h * 0.07))
        for i, button in enumerate((self.back_button, self.start_button)):
            button.rect = pygame.Rect(w // 2 - bw - 10 + i * (bw + 20), y, bw, bh)
        if self.refused is not None:   # Back alone
            self.back_button.rect.centerx = w // 2

    # -- actions ----------------------------------------------------------------------------
    def chosen(self) -> list[str]:
        return list(self.players)

    def start(self) -> None:
        if self.refused is not None:
            return
        scene = start_branch(self.app, self.state, self.branch, self.chosen(), seed=self.seed)
        self.app.stack.replace(scene)   # leaving the new game comes back to the replay

    def close(self) -> None:
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.start_button.handle_event(event) or self.back_button.handle_event(event):
            return True
        self.menu.handle_event(event)
        return True

    # -- drawing ------------------------------------------------------------------------------
    def lines(self) -> list[tuple[str, tuple[int, int, int]]]:
        """What the box says above the seats: where the game comes from, whose move."""
        # TRANSLATORS: the Play from here screen: the record and the move the new game starts at
        out = [(_("From {source}, move {n}.").format(source=self.branch.source, n=self.branch.move), theme.ACCENT_2)]
        plugin = self.app.games.get(self.spec.id)
        # TRANSLATORS: the game's title, then its options in a few words (the game's)
        out.append((_("{game}: {options}.").format(game=self.spec.title,
                                                   options=plugin.describe_options(self.state.options)), theme.TEXT))
        if self.refused is not None:
            return out + [(_(self.refused), theme.BAD)]
        mover = self.state.to_move
        if mover is not None:
            out.append((_("{seat} is to move.").format(seat=self.spec.seats_of(self.state)[mover].label), theme.TEXT))
        out.append((_("The new game keeps the moves so far; undo goes back to this move, not before it."),
                    theme.TEXT_DIM))
        return out

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.text
        w, h = self.size
        draw_backdrop(surface, self.app, _("PLAY FROM HERE"), size=0.075, y=0.1, depth=4)
        draw_panel(surface, self.box)
        y = self.box.y + 14
        room = self.box.w - 48
        bottom = self.menu.rows[0].rect.y - 4 if self.menu.rows else self.box.bottom
        for text, colour in self.lines():
            for part in t.wrap(text, self.text_size, room):
                if y + self.text_size <= bottom:
                    surface.blit(t.render(part, self.text_size, colour), (self.box.x + 24, y))
                y += self.text_size + 6
        self.menu.draw(surface, t, bold_values=True)
        if self.refused is None:
            keys = t.fitted(_("Arrows change · Enter starts · Esc goes back"), max(12, int(h * 0.022)),
                            theme.TEXT_DIM, w - 20)
            surface.blit(keys, keys.get_rect(center=(w // 2, self.start_button.rect.bottom + int(h * 0.04))))
            self.start_button.draw(surface, t)
        self.back_button.draw(surface, t)


def here_button(action: Any) -> Button:
    """The "Play from here (P)" button of a replay or a review."""
    return Button(PLAY_HERE, action, key=KEY, tr=_)
