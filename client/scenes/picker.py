"""The game picker: where a local game starts.

Two ways in from the title: *Local game* (choose the game, the number of seats and, per
seat, a person or a computer of some level) and *Play vs computer* (the computer's level
and your seat; every other seat is that computer). Both show the game's own option rows.
Any game of the app's registry works: the rows come from its spec (seat counts, seat
names, computer levels) and its plug-in (option rows, a line about who starts), and
Start asks the plug-in for the match screen with one seat controller per seat. In a local
game each person's seat can carry a name (a click on the seat's name, or F2, edits it;
empty means the seat's own label), which the match panels, records and replays show.
"""

from __future__ import annotations

import random
import secrets

import pygame

from shared.gamekit.api import SeatInfo
from shared.gamekit.levels import level_ratings
from shared.i18n import domain

from .. import rated, theme
from ..computer import level_name, seat_seed
from ..games.base import GamePlugin
from ..view.form import Row, RowMenu, draw_backdrop
from ..view.widgets import Button, TextField, draw_panel
from .base import Scene
from .seats import ComputerSeat, HumanSeat, SeatController
from .title_cards import CHOSEN_KEY

_, N_, ngettext, pgettext = domain("client")

PERSON = "person"
NAME_LEN = 24  # characters of a player's name (it has to fit a seat panel)


def clean_name(text: str) -> str:
    """A typed name as records keep it: one line, no commas (a record's ``Seats:`` header
    lists the names separated by commas), at most ``NAME_LEN`` characters."""
    return " ".join(text.replace(",", " ").split())[:NAME_LEN]


class GamePickerScene(Scene):
    def __init__(self, app, mode: str = "local", *, bot_factory=None, seed: int | str | None = None) -> None:
        super().__init__(app)
        self.mode = mode  # "local" or "computer"
        self.bot_factory = bot_factory  # (level, seed) -> bot; default: the spec's make_bot
        self.seed = seed
        self.game_rows: list = []  # the game's own option rows (their help shows while focused)
        self.game = app.games.first.spec.id
        self.count = 0  # seats, set per game
        self.players: list[str] = []  # per seat: PERSON or a computer level
        self.names: list[str] = []    # per seat: the person's name ("" = the seat's label)
        self.name_field = TextField("", max_len=NAME_LEN)  # drawn over the row's label: no label of its own
        self.editing: int | None = None  # the seat whose name is being typed
        self.level = app.options.computer_level or "easy"  # the level last chosen
        self.you = "0"  # vs computer: your seat number as text, or "random"
        self.rated = False  # vs computer: a rated game (client.rated: the level follows the rating)
        self.menu = RowMenu([], self._changed, value_x=0.4, enter_changes=False)
        self.start_button = Button(N_("Start"), self.start, key=pygame.K_RETURN, accent=theme.ACCENT, tr=_)
        self.back_button = Button(N_("Back"), self.close, key=pygame.K_ESCAPE, tr=_)
        self.choose_game(self.game)

    # -- the rows -----------------------------------------------------------------------
    @property
    def plugin(self) -> GamePlugin:
        return self.app.games.get(self.game)

    def levels(self) -> list[str]:
        """The computer levels offered (the random mover only when nothing else is)."""
        levels = list(self.plugin.spec.computer_levels)
        return [v for v in levels if v != "random"] or levels

    def options(self) -> dict:
        """The game's options for a new game, with the chosen seat count when it has one."""
        return self.plugin.options_for(self.app, self.count)

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        return self.plugin.spec.seats(self.options())

    def choose_game(self, game_id: str) -> None:
        self.game = game_id
        spec = self.plugin.spec
        if self.count not in spec.seat_counts:
            self.count = spec.seat_counts[0]
        levels = self.levels()
        if self.level not in levels:
            self.level = levels[0] if levels else ""
        self.players = [PERSON] * self.count
        self.names = [""] * self.count
        self.editing = None
        if self.mode == "computer":
            self.players = [PERSON] + [self.level] * (self.count - 1)
        self.you = "0"
        self.build_rows()

    def set_count(self, count: int) -> None:
        self.count = count
        fill = PERSON if self.mode == "local" else self.level
        self.players = (self.players + [fill] * count)[:count]
        self.names = (self.names + [""] * count)[:count]
        self.editing = None
        self.build_rows()

    def build_rows(self) -> None:
        """Rows for this game: game, seats (count and players), then the game's options.
        Labels are English keys; the words shown are looked up at each draw (the shell's
        through ``_``, a game's titles and seat names from its spec, in its language)."""
        games = list(self.app.games)
        rows = [Row(N_("Game"), [p.spec.id for p in games], lambda: [p.spec.title for p in games],
                    lambda: self.game, self.choose_game, N_("The game to play."), tr=_)]
        spec = self.plugin.spec
        if len(spec.seat_counts) > 1:
            rows.append(Row(N_("Players"), list(spec.seat_counts), [str(n) for n in spec.seat_counts],
                            lambda: self.count, self.set_count, N_("How many seats the game has."), tr=_))
        seats = self.seat_infos()
        levels = self.levels()
        if self.mode == "computer":
            rated_row = rated.picker_row(self)
            self.rated = self.rated and len(rated_row.values) > 1
            if self.rated:
                levels = [self.rated_level()]
            rows.append(Row(N_("Computer"), levels, lambda: [level_name(v) for v in levels],
                            self.computer_level, self._set_level, N_("How strong every other seat plays."), tr=_))
            rows.append(Row(N_("You play"), [str(i) for i in range(len(seats))] + ["random"],
                            # TRANSLATORS: "You play": a seat chosen at random, after the seats' names
                            lambda: [s.label for s in self.seat_infos()] + [pgettext("seat", "Random")],
                            lambda: self.you,
                            lambda v: setattr(self, "you", v), N_("Your seat; the computer takes the others."),
                            tr=_))
            rows.append(rated_row)
        else:
            def names() -> list[str]:
                return [_("Person")] + [_("Computer ({level})").format(level=level_name(v)) for v in levels]
            for i, seat in enumerate(seats):
                rows.append(Row(seat.label, [PERSON] + levels, names, lambda i=i: self.players[i],
                                lambda v, i=i: self._set_player(i, v), N_("A person at this screen, or a computer."),
                                colour=seat.colour, tr=_, title=lambda i=i: self.seat_title(i)))
        self.game_rows = self.plugin.option_rows(self.app)  # their help shows while focused
        rows += self.game_rows
        for row in rows:
            row.enabled = len(row.values) > 1
        focus = self.menu.focus
        self.menu.rows = rows
        self.menu.focus = min(focus, len(rows) - 1)
        if not rows[self.menu.focus].enabled:  # start on a row that can change
            self.menu.focus = next((i for i, r in enumerate(rows) if r.enabled), 0)
        self.resize(self.size)

    def rated_level(self) -> str:
        """The level a rated game plays now (the one closest to the player's rating)."""
        level = rated.level_for(self.app, self.plugin.spec)
        return level.level if level is not None else self.level

    def computer_level(self) -> str:
        return self.rated_level() if self.rated else self.level

    def _set_level(self, level: str) -> None:
        self.level = level
        self.app.options.computer_level = level  # remembered (saved with the options)
        self.app.save_options()

    def _set_player(self, seat: int, who: str) -> None:
        self.players[seat] = who

    def seat_title(self, seat: int) -> str:
        """A seat row's label: the seat ("Black"), or the person's name and the seat."""
        label = self.seat_infos()[seat].label
        name = self.names[seat] if self.players[seat] == PERSON else ""
        # TRANSLATORS: the picker's seat row for a named person: "Ann (Black)"
        return _("{name} ({seat})").format(name=name, seat=label) if name else label

    # -- names --------------------------------------------------------------------------------
    def seat_rows(self) -> list[int]:
        """The row index of each seat's row (local games; none vs the computer)."""
        if self.mode != "local":
            return []
        first = len(self.menu.rows) - len(self.plugin.option_rows(self.app)) - self.count
        return [first + i for i in range(self.count)]

    def seat_row(self, index: int) -> int | None:
        """The seat of the picker's row ``index`` (None: not a seat row)."""
        rows = self.seat_rows()
        return rows.index(index) if index in rows else None

    def edit_name(self, seat: int) -> None:
        """Type the name of ``seat`` in a field over its row's label (a person's seat only)."""
        if self.players[seat] != PERSON:
            return
        self.editing = seat
        self.name_field.value = self.names[seat] or self.seat_infos()[seat].label
        self.name_field.all_selected = True  # typing replaces the default at once
        self.name_field.caret = None
        self.name_field.active = True
        self.layout_name_field()

    def layout_name_field(self) -> None:
        if self.editing is None:
            return
        row = self.menu.rows[self.seat_rows()[self.editing]]
        vx = row.rect.x + int(row.rect.w * self.menu.value_x)
        self.name_field.rect = pygame.Rect(row.rect.x + 4, row.rect.y + 2, vx - row.rect.x - 10, row.rect.h - 4)

    def end_edit(self, keep: bool = True) -> None:
        if self.editing is not None and keep:
            name = clean_name(self.name_field.value)
            self.names[self.editing] = "" if name == self.seat_infos()[self.editing].label else name
        self.editing = None
        self.name_field.active = False

    def name_event(self, event: pygame.event.Event) -> bool:
        """The name field takes the keys while it is open; a click on a person's label or
        F2 opens it."""
        if self.editing is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.end_edit(keep=False)
                return True
            if event.type == pygame.MOUSEBUTTONDOWN and not self.name_field.rect.collidepoint(event.pos):
                self.end_edit()
                return False  # the click still does what it does
            if self.name_field.handle_event(event):
                if not self.name_field.active:  # Enter or Tab
                    self.end_edit()
                return True
            return event.type in (pygame.KEYDOWN, pygame.TEXTINPUT)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F2:
            seat = self.seat_row(self.menu.focus)
            if seat is not None:
                self.edit_name(seat)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, row in enumerate(self.menu.rows):
                seat = self.seat_row(i)
                vx = row.rect.x + int(row.rect.w * self.menu.value_x)
                if seat is not None and row.rect.collidepoint(event.pos) and event.pos[0] < vx - 8 \
                        and self.players[seat] == PERSON:
                    self.menu.focus = i
                    self.edit_name(seat)
                    return True
        return False

    def _changed(self, row: Row) -> None:
        self.app.save_options()  # a game's option rows may live in the saved config
        self.app.sounds.play("select")

    # -- layout ---------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        n = max(1, len(self.menu.rows))
        gap = 10 if h >= 700 else 6
        bw = min(int(w * 0.66), 820)
        bh = max(36, int(h * 0.062))
        self.box = pygame.Rect(0, int(h * (0.17 if n <= 10 else 0.14)), bw, 0)  # many rows: closer to the title
        self.box.centerx = w // 2
        # the lines under the rows get the room they need above the buttons (smaller type,
        # then lower rows, when the window has too little); laid out again whenever they
        # change (``draw``)
        self._said = self.describe()
        limit = h - bh - int(h * 0.11)   # the box's bottom, the buttons under it
        for self._laid in (self._said, self.describe(short=True)):  # the short form when the long does not fit
            bottom, rh, size, lines, fits = self._fit_rows(h, n, gap, bw, limit)
            if fits:
                break
        self.desc_size = size
        room = limit - rh // 3 - bottom - rh // 3
        need = lines * (size + 6) - 6
        # the lines under the rows: what they need, or (too many rows) what is left, the rest unsaid
        self.desc_rect = pygame.Rect(self.box.x + 24, bottom + rh // 3, bw - 48,
                                     max(min(int(h * 0.1), room), need) if fits else max(0, room))
        self.box.h = self.desc_rect.bottom - self.box.y + rh // 3
        bwid = max(180, int(w * 0.15))
        self.start_button.rect = pygame.Rect(0, 0, bwid, bh)
        self.back_button.rect = pygame.Rect(0, 0, bwid, bh)
        y = min(self.box.bottom + int(h * 0.04), h - bh - int(h * 0.07))
        self.back_button.rect.topright = (w // 2 - 10, y)
        self.start_button.rect.topleft = (w // 2 + 10, y)
        self.layout_name_field()

    def _fit_rows(self, h: int, n: int, gap: int, bw: int, limit: int) -> tuple[int, int, int, int, bool]:
        """The rows laid out with the lines under them (``_laid``) above ``limit``: smaller
        type, then lower rows, while they do not fit. Returns the rows' bottom, the row
        height, the type size, the count of lines and whether they fit."""
        rh = max(26, min(int(h * 0.07), int(h * 0.5 / n) - gap))
        while True:
            bottom = self.menu.layout(self.box.x + 20, self.box.y + rh // 2, bw - 40, rh, gap)
            size = max(14, int(h * 0.025))
            while True:
                lines = sum(len(self.app.text.wrap(line, size, bw - 48)) for line in self._laid)
                lines += max((len(self.app.text.wrap(self.row_help(r), size, bw - 48))
                              for r in self.game_rows), default=0)
                fits = bottom + rh // 3 + lines * (size + 6) - 6 + rh // 3 <= limit
                if fits or size <= 11:
                    break
                size -= 1
            if fits or rh <= 22:
                return bottom, rh, size, lines, fits
            rh -= 2
            if rh < 26:  # tight: rows closer together before they get smaller still
                gap = 2

    # -- actions ----------------------------------------------------------------------------
    def chosen(self) -> list[str]:
        """Per seat: PERSON or a computer level (vs computer: your seat drawn if random)."""
        if self.mode != "computer":
            return list(self.players)
        n = len(self.seat_infos())
        you = self.you
        if you == "random":
            rng = random.Random(self.seed) if self.seed is not None else random.Random()
            you = str(rng.randrange(n))
        return [PERSON if str(i) == you else self.computer_level() for i in range(n)]

    def seats(self, game_seed: object) -> list[SeatController]:
        factory = self.bot_factory or self.plugin.spec.make_bot
        self.end_edit()
        names = self.names + [""] * len(self.chosen())
        return [HumanSeat(name=names[i]) if who == PERSON else
                ComputerSeat(bot=factory(who, seat_seed(game_seed, i)), level=who)
                for i, who in enumerate(self.chosen())]

    def start(self) -> None:
        seed = self.seed if self.seed is not None else secrets.randbelow(10**9)
        state = self.plugin.new_state(self.app, self.options(), seed)
        level = rated.level_for(self.app, self.plugin.spec) if self.rated and self.mode == "computer" else None
        scene = self.plugin.make_board(self.app, state, self.seats(seed), seed=seed)
        self.app.kit(CHOSEN_KEY, dict)["id"] = self.plugin.spec.id  # the title shows this game next
        self.app.stack.replace(scene)
        if level is not None:
            rated.start(self.app, scene, level)

    def close(self) -> None:
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.name_event(event):
            return True
        if self.start_button.handle_event(event) or self.back_button.handle_event(event):
            return True
        self.menu.handle_event(event)
        return True

    # -- drawing ------------------------------------------------------------------------------
    def row_help(self, row) -> str:
        """A game option's line of help ("Overload: a spore may be built up at once …"),
        shown under the lines below the rows while its row has the focus ("" otherwise)."""
        words = row.help_text() if any(row is r for r in self.game_rows) else ""
        # TRANSLATORS: a game option's name and what it does ("Overload: a spore may …")
        return _("{option}: {help}").format(option=row.text(), help=words) if words else ""

    def describe(self, short: bool = False) -> list[str]:
        """The lines under the rows: the level's strength, whose seat, who starts
        (``short``: for a window too small for them, the guidance for people in a few
        words and no line of the game's options, which the rows show)."""
        spec = self.plugin.spec
        seats = self.seat_infos()
        lines = []
        levels = sorted({who for who in self.chosen() if who != PERSON}, key=self.levels().index)
        measured = level_ratings(spec)
        said = rated.picker_words(self.app, spec, self.rated) if self.mode == "computer" else ""
        if said:  # the level chosen from the rating, or why there are no rated games
            lines.append(said)
        for level in levels if not self.rated else ():
            does = self.plugin.describe_level(level)
            if level in measured:
                measure = measured[level]
                if measure.floor:
                    # TRANSLATORS: as "rated about", for a level that won every game it was measured in
                    said = _("{level}, rated at least {rating}: {does}.")
                else:
                    # TRANSLATORS: a computer level, its measured rating (Random = 1000), then what
                    # it does: "Hard, rated about 1650: ..."
                    said = _("{level}, rated about {rating}: {does}.")
                lines.append(said.format(level=level_name(level), rating=measure.about(), does=does))
                continue
            # TRANSLATORS: a computer level, then what it does (the game's words): "Easy: ..."
            lines.append(_("{level}: {does}.").format(level=level_name(level), does=does))
        if self.mode == "computer":
            you = _("Your seat is drawn when the game starts.") if self.you == "random" \
                else _("You play {seat}.").format(seat=seats[int(self.you)].label)
            lines.append(you)
        elif not levels and short and PERSON in self.players:
            # TRANSLATORS: the short form of "{n} people take turns at this screen. Click a
            # person's seat name (or F2) to type their name." for a small window
            lines.append(ngettext("{n} person takes turns · click a seat name (or F2) to name it",
                                  "{n} people take turns · click a seat name (or F2) to name them",
                                  len(seats)).format(n=len(seats)))
            return lines
        elif not levels:
            lines.append(ngettext("{n} person takes turns at this screen.",
                                  "{n} people take turns at this screen.", len(seats)).format(n=len(seats)))
        if self.mode == "local" and PERSON in self.players:
            lines[-1] += " " + _("Click a person's seat name (or F2) to type their name.")
        start = self.plugin.describe_seats(self.options(), seats, self.chosen())
        if start and not short:
            lines[-1] += " " + start
        if spec.title and len(self.app.games) > 1 and not short:
            # TRANSLATORS: the game's title, then its options in a few words (the game's)
            lines.insert(0, _("{game}: {options}.").format(
                game=spec.title, options=self.plugin.describe_options(self.options())))
        return lines

    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.app.text
        w, h = self.size
        draw_backdrop(surface, app, _("PLAY VS COMPUTER") if self.mode == "computer" else _("LOCAL GAME"),
                      size=0.075, y=0.1, depth=4)
        draw_panel(surface, self.box)
        self.menu.draw(surface, t, bold_values=True)
        if self.editing is not None:
            self.name_field.draw(surface, t, blink=int(app.clock_time * 2) % 2 == 0)
        if self.describe() != self._said:   # a seat or a level changed what is said
            self.resize(self.size)
        size = self.desc_size
        y = self.desc_rect.y
        for i, line in enumerate(self._laid):
            for part in t.wrap(line, size, self.desc_rect.w):
                if y + size <= self.desc_rect.bottom:
                    surface.blit(t.render(part, size, theme.ACCENT_2 if i == 0 else theme.TEXT_DIM),
                                 (self.desc_rect.x, y))
                y += size + 6
        for part in t.wrap(self.row_help(self.menu.focused), size, self.desc_rect.w):
            if y + size <= self.desc_rect.bottom:
                surface.blit(t.render(part, size, theme.TEXT), (self.desc_rect.x, y))
            y += size + 6
        keys = t.fitted(_("Arrows change · Enter starts · Esc goes back"),
                        max(12, int(h * 0.022)), theme.TEXT_DIM, w - 20)
        surface.blit(keys, keys.get_rect(center=(w // 2, self.start_button.rect.bottom + int(h * 0.04))))
        self.back_button.draw(surface, t)
        self.start_button.draw(surface, t)
