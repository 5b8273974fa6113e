"""What a game brings to the client: a :class:`GamePlugin`.

The shell (title, menus, picker, lobby, replay browser, pause, chrome) knows games only
through this interface and the contract (:mod:`shared.gamekit.api`): a plug-in makes the
match screen for a position, composed with the shell's seat controllers (who plays each
seat: a person here, a computer, someone online) and optional chrome (the online match's
chat, presence, resign and rematch). Everything a game looks like (board, seat panels,
overlays, score beats, how-to pages) lives in its plug-in folder.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import pygame

from shared.gamekit.api import GameSpec, OptionField, SeatInfo, State
from shared.i18n import domain

from .. import theme
from ..view.form import Row
from ..view.widgets import same

_, N_, ngettext, pgettext = domain("client")

if TYPE_CHECKING:
    from ..app import App
    from ..scenes.base import Scene
    from ..scenes.chrome import OnlineChrome
    from ..scenes.seats import SeatController


class GamePlugin(ABC):
    """One game's client side. Subclasses set ``spec`` and make the match screen."""

    spec: GameSpec
    title_art = False  # True: ``draw_title_art`` decorates the title screen
    tagline = ""       # a line under the title (the first game with title art)
    credit = ""        # who made the game, for the title screen's corner
    names_beside_colour = False  # a seat's colour names it: lists say "Green (computer, easy)"

    # -- the match ----------------------------------------------------------------------
    @abstractmethod
    def make_board(self, app: "App", state: State, seats: Sequence["SeatController"], *,
                   chrome: "OnlineChrome | None" = None, seed: object = None) -> "Scene":
        """The match screen for ``state``: this game's board and input, composed with one
        controller per seat and, online, the match chrome. ``seed`` seeds its computers."""

    def new_state(self, app: "App", options: Mapping, seed: int) -> State:
        """A new position of this game (the picker's Start)."""
        return self.spec.new_state(self.spec.options(options), seed)

    # -- options --------------------------------------------------------------------------
    def offered_options(self) -> list["GameOption"]:
        """The options this game adds to the Options screen (under its title) and to the
        picker: by default one per field of the spec's schema but the seat count (the
        picker's seat rows say it). Their words are the schema's, read at each draw, so
        the game's own catalogue translates them in the language in use."""
        offered = []
        for f in self.spec.option_schema():
            if f.name == "players":
                continue
            values, names = field_values(f)
            offered.append(GameOption(f.name, tuple(values), tuple(names), f.default, f.label,
                                      lambda f=f: self._field(f).help, tr=_,
                                      title=lambda f=f: self._field(f).label))
        return offered

    def option_value(self, app: "App", name: str) -> Any:
        """The saved value of the offered option ``name`` (its default when none is saved)."""
        option = next((o for o in self.offered_options() if o.name == name), None)
        if option is None:
            raise KeyError(f"{self.spec.title} offers no option {name!r}")
        return option_value(app, self.spec.id, option)

    def options(self, app: "App") -> dict:
        """The options a new game starts with: the saved ones that are the spec's."""
        schema = {f.name for f in self.spec.option_schema()}
        return self.spec.options({o.name: option_value(app, self.spec.id, o)
                                  for o in self.offered_options() if o.name in schema})

    def options_for(self, app: "App", seats: int | None = None) -> dict:
        """The options of a new game with ``seats`` seats (for games whose schema has
        ``players``; the others have their one seat count)."""
        raw = dict(self.options(app))
        if seats is not None and any(f.name == "players" for f in self.spec.option_schema()):
            raw["players"] = seats
        return self.spec.options(raw)

    def option_rows(self, app: "App") -> list[Row]:
        """Rows for the offered options, read from and written to the saved config."""
        return [option_row(app, self.spec.id, o) for o in self.offered_options()]

    def _field(self, field: OptionField) -> OptionField:
        """A schema field as the spec gives it now (its words in the language in use)."""
        return next((f for f in self.spec.option_schema() if f.name == field.name), field)

    def describe_options(self, options: Mapping) -> str:
        """Options in a few words for people (the lobby's "New match: ...")."""
        return self.spec.describe(options)

    def describe_level(self, level: str) -> str:
        """What a computer level does, in a few words (the picker's line)."""
        return _("a computer player")

    def describe_seats(self, options: Mapping, seats: Sequence[SeatInfo], chosen: Sequence[str]) -> str:
        """A line under the picker's seats (who starts, say); empty by default."""
        return ""

    # -- records, help, looks ---------------------------------------------------------------
    def open_record(self, app: "App", text: str, title: str) -> "Scene":
        """A replay of a record of this game. Raises :class:`shared.gamekit.api.GameError`
        (or ``ValueError``) with a message to show when the text cannot be replayed."""
        raise ValueError(_("{game} records cannot be replayed yet").format(game=self.spec.title))

    def howto_scene(self, app: "App") -> "Scene | None":
        """The how-to-play pages (None: the game has none yet)."""
        return None

    def draw_title_art(self, app: "App", surface: pygame.Surface, clock: float) -> None:
        """Decorate the title screen (the first game with ``title_art`` does)."""

    def run_demo(self, args) -> int:
        """``alien-city demo``: the game's attract mode (games without one say so)."""
        print(_("{game} has no attract mode yet").format(game=self.spec.title))
        return 2

    def draw_options_preview(self, app: "App", surface: pygame.Surface, rect: pygame.Rect) -> None:
        """What the look options change, drawn beside the Options form."""

    def move_words(self, move: Any) -> str:
        """One move in words, as the game's list of moves says it (the online "Sent …"
        line); by default the move's record text."""
        return self.spec.move_text(move)

    # -- the game review --------------------------------------------------------------------
    def review_board(self, app: "App") -> "ReviewBoard":
        """How the game review shows one turn on this game's board (the default draws no
        board: the review still lists the played and the better move as text)."""
        return ReviewBoard(app)


class ReviewBoard:
    """One turn of a game review on the board: ``show`` says what (the position the mover
    faced, the move shown, the position after it, the other move to mark), ``draw`` puts
    it in a rect. A game's plug-in subclasses it; this default keeps what to show (the
    position after, the move, the other move) and draws nothing."""

    def __init__(self, app: "App") -> None:
        self.app = app
        self.state: State | None = None
        self.move: Any = None
        self.other: Any = None
        self.better = False
        self.marks: list[tuple[Any, int]] = []   # the analysis: (move, its rank 1-3) to number

    def show_marks(self, before: State, moves: Sequence[Any], played: Any = None) -> None:
        """The analysis: ``before`` with its best moves numbered 1, 2, 3 on the board (the
        move ``played`` there, if any, marked faintly)."""
        self.show(before, None, before, played)
        self.marks = [(move, i) for i, move in enumerate(moves, start=1)]

    def show(self, before: State, move: Any, after: State, other: Any = None,
             better: bool = False) -> None:
        """``move`` led from ``before`` to ``after`` (None: just show ``after``, the
        start); it is the better move found when ``better``, else the move played.
        ``other`` (the move not shown, or None) is marked faintly."""
        self.state, self.move, self.other, self.better = after, move, other, better
        self.marks = []

    def move_number(self, after: State, ply: int) -> int:
        """The move's number as the game's match and replay screens count moves (the
        review steps through every ply; a game whose turn takes several plies maps them)."""
        return ply

    def list_text(self, spec: GameSpec, moves: Sequence[Any]) -> str:
        """The plies of one numbered move (``move_number``) as the match's and the replay's
        list of moves word that move, so the review's list reads the same."""
        return ", ".join(spec.move_text(m) for m in moves)

    def row_texts(self, spec: GameSpec, moves: Sequence[Any], before: State) -> tuple[str, str]:
        """The review list's row for one numbered move, played from ``before``: its words
        as the match's and the replay's lists say them, and their short form for a narrow
        list ("": none)."""
        return self.list_text(spec, moves), ""

    def row_colour(self, moves: Sequence[Any]) -> tuple[int, int, int] | None:
        """The dot beside the review list's row, where the piece's colour is not the
        mover's seat colour (a seat that plays two colours); None: the seat's colour."""
        return None

    def move_words(self, spec: GameSpec, move: Any) -> str:
        """One move as the list of moves words it (the panel's played and better move, the
        analysis rows)."""
        return self.list_text(spec, [move])

    def update(self, dt: float) -> None:
        """Advance the board's own animations (a road overlay, say)."""

    def frame_rate(self) -> float:
        """Frames a second the board's animations need now (none: a still board)."""
        return 0.0

    def draw(self, app: "App", surface: pygame.Surface, rect: pygame.Rect) -> bool:
        """Draw the turn inside ``rect``; False when this game has no board to draw."""
        return False


def draw_rank(surface: pygame.Surface, app: "App", centre: tuple[int, int], rank: int, radius: int) -> None:
    """An analysis mark: the move's rank (1-3) in a round badge, the best the brightest."""
    ink = (theme.ACCENT, theme.ACCENT_2, theme.TEXT_DIM)[min(rank, 3) - 1]
    radius = max(8, radius)
    pygame.draw.circle(surface, (16, 18, 40), centre, radius)
    pygame.draw.circle(surface, ink, centre, radius, max(2, radius // 5))
    img = app.text.render(str(rank), int(radius * 1.2), ink, bold=True)
    surface.blit(img, img.get_rect(center=centre))


def field_values(f: OptionField) -> tuple[list, list[str]]:
    """The values of one schema option and their names, for a row."""
    if f.kind == "bool":
        return [False, True], [N_("Off"), N_("On")]  # the row shows them through _
    if f.kind == "choice":
        return list(f.choices), [str(c) for c in f.choices]
    if f.choices:
        return list(f.choices), [str(c) for c in f.choices]
    return [f.default], [str(f.default)]


@dataclass(frozen=True)
class GameOption:
    """One option a game offers, saved in the config under the game's id: its ``name``
    there, the ``values`` it takes and their ``names``, its ``default``. ``label``,
    ``names`` and ``help`` are English keys shown through ``tr`` (the game's ``_``) at
    each draw; ``title`` and a callable ``help`` say the words themselves. ``legacy``: the
    top-level key an older config kept it under (moved into the game's section)."""

    name: str
    values: tuple[Any, ...]
    names: tuple[str, ...]
    default: Any
    label: str
    help: str | Callable[[], str] = ""
    tr: Callable[[str], str] = same
    title: Callable[[], str] | None = None
    legacy: str = ""

    def valid(self, value: Any) -> bool:
        """One of the values, of the same type (JSON's 1 is not True)."""
        return any(type(value) is type(v) and value == v for v in self.values)


def saved_options(app: "App", game_id: str, offered: Sequence[GameOption]) -> dict[str, Any]:
    """A game's section of the config (empty when nothing is saved), first taking in what an
    older config kept at its top level for these options."""
    config = app.options
    for option in offered:
        if option.legacy and option.legacy in config.legacy:
            config.games.setdefault(game_id, {}).setdefault(option.name, config.legacy.pop(option.legacy))
    return config.games.get(game_id, {})


def option_value(app: "App", game_id: str, option: GameOption) -> Any:
    """The saved value of a game's option; its default when none (or a wrong one) is saved."""
    value = saved_options(app, game_id, [option]).get(option.name, option.default)
    return value if option.valid(value) else option.default


def option_row(app: "App", game_id: str, option: GameOption) -> Row:
    """A form row editing a game's saved option (the caller saves the config after a change)."""
    def put(value: Any) -> None:
        app.options.games.setdefault(game_id, {})[option.name] = value
    return Row(option.label, list(option.values), list(option.names), lambda: option_value(app, game_id, option),
               put, option.help, tr=option.tr, title=option.title)
