"""Open a record to replay: saved games and records nearby (each game's own file
ending: ``.ppn`` for Alien City) are listed; a path can be typed, or a file dropped on
the window. The record's game is recognised by its header (the app's plug-ins), and that
game's plug-in replays it."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pygame

from shared.gamekit.api import GameError
from shared.gamekit.branch import branch_of
from shared.gamekit.computer_seats import levels_of
from shared.i18n import domain

from .. import theme
from ..computer import shown_names
from ..config import records_dir
from ..saves import from_words
from ..seat_words import beside as beside_words
from ..seat_words import record_words, typed_names
from ..seat_words import seat_infos as spec_seats
from ..view.form import draw_backdrop, draw_focus
from ..view.widgets import Button, TextField, draw_panel
from .base import Scene

_, N_, ngettext, pgettext = domain("client")

# The rest of a double click that opened a record lands on the replay: it is ignored
# for this long (a common double-click interval) instead of jumping to a ply.
DOUBLE_CLICK_S = 0.5

MAX_LISTED = 200


def find_records(folders: list[Path], suffixes: tuple[str, ...] = (".ppn",)) -> list[Path]:
    """Record files (by ending) in ``folders``, newest first, without duplicates."""
    seen: dict[Path, float] = {}
    for folder in folders:
        try:
            for path in (p for suffix in suffixes for p in folder.glob(f"*{suffix}")):
                if path.is_file():
                    seen[path.resolve()] = path.stat().st_mtime
        except OSError:
            continue
    return sorted(seen, key=lambda p: -seen[p])[:MAX_LISTED]


def open_record(app, path: Path) -> Scene:
    """The replay of a record file, by the plug-in of the game that wrote it. Raises
    ``OSError``, ``UnicodeDecodeError`` or ``ValueError`` (a game's error) to show."""
    text = path.read_text(encoding="utf-8")
    plugin = app.games.for_record(text)
    if plugin is None:
        known = ", ".join(p.spec.title for p in app.games)
        raise ValueError(_("not a record of a game this client shows ({games})").format(games=known))
    scene = plugin.open_record(app, text, replay_title(app, path))
    scene.record_file = path.name   # what a game played on from it says it branched from
    scene.record_levels = levels_of(header_lines(text))   # Play from here seats its computers so
    return scene


def header_lines(head: str) -> dict[str, str]:
    """A record's ``Key: value`` header lines (keys in lower case), from its first lines."""
    headers: dict[str, str] = {}
    for line in head.splitlines()[:40]:
        key, sep, value = line.strip().partition(":")
        if sep and value.strip() and " " not in key.strip():
            headers.setdefault(key.strip().lower(), value.strip().strip('"'))
    return headers


def replay_title(app, path: Path) -> str:
    """A replay's title: its game and players, then its date ("City Blocks: Ann vs Bo ·
    2026-11-27"), as the replay list names it; never the file's name unless the record
    says nothing else."""
    title, facts = record_summary(app, path)
    date = next((part for part in facts.split(" · ") if len(part) == 10 and part[4] == "-" and part[7] == "-"), "")
    return f"{title} · {date}" if date and title != path.name else title


def record_summary(app, path: Path) -> tuple[str, str]:
    """What a record file holds, from its header lines: ("Alien City: Ann vs Bo",
    "Black 31, White 28 · 2026-01-26") ; the file name when the text says nothing."""
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            head = fh.read(4000)
    except OSError:
        return path.name, ""
    headers = header_lines(head)
    plugin = app.games.for_record(head)
    game = plugin.spec.title if plugin is not None else headers.get("game", "")
    players = headers.get("seats") or headers.get("names") or ""
    levels = levels_of(headers)
    # TRANSLATORS: between players' names in the replay list: "Ann vs Bo"
    versus = _(" vs ")
    written: list[str] = []
    if players:
        written = [p.strip() for p in players.split(",")]
    if not players and ("black" in headers or "white" in headers):
        black, white = (seat_labels(plugin) + ["?", "?"])[:2]
        written = [headers.get("black", black), headers.get("white", white)]
    pairs = list(zip(written, listed_names(plugin, written, levels)))
    if pairs:
        players = versus.join(name for _written, name in pairs)
    if not players and headers.get("players", "").isdigit():
        n = int(headers["players"])
        players = ngettext("{n} player", "{n} players", n).format(n=n)
    if not pairs and players and "," in players and " vs " not in players:
        players = versus.join(p.strip() for p in players.split(","))
    # TRANSLATORS: a record in the replay list: the game's title, then its players
    title = _("{game}: {players}").format(game=game, players=players) if game and players \
        else game or path.name
    date = headers.get("date")
    if not date:
        try:
            import datetime as _dt
            date = _dt.date.fromtimestamp(path.stat().st_mtime).isoformat()
        except OSError:
            date = ""
    shown = [name for _written, name in pairs]
    result = placed_result(headers.get("result", ""), pairs) or played_result(plugin, path, shown)
    if headers.get("room"):
        # TRANSLATORS: a record of an online match, with its room code
        result = _("online {room}").format(room=headers["room"]) + " · " + result
    branch = branch_of(headers)
    if branch is not None:
        result = " · ".join(part for part in (result, from_words(branch)) if part)
    return title, " · ".join(part for part in (result, date, path.name) if part)


SUMMARY_READ_LIMIT = 512 * 1024  # a longer file is not read whole just for its list line


def played_result(plugin, path: Path, names: list[str] | None = None) -> str:
    """A record without a Result line (City Blocks and Sprawl write none): read it to
    tell a finished game, naming who came first (by ``names``, as the list's title does,
    else by seat), from an unfinished one. An unreadable or very long file says nothing
    rather than guess."""
    if plugin is None:
        return _("unfinished")
    try:
        if path.stat().st_size > SUMMARY_READ_LIMIT:
            return ""
        state = plugin.spec.read_record(path.read_text(encoding="utf-8"), lenient=True).state
        if not state.is_over():
            return _("unfinished")
        places = state.ranking()
        seats = plugin.spec.seats_of(state)
        shown = names if names and len(names) == len(seats) else [seat.label for seat in seats]
        firsts = [name for name, place in zip(shown, places) if place == 1]
    except Exception:  # noqa: BLE001 - any game's reading error: the line stays short
        return ""
    return won_words(firsts)


def won_words(firsts: list[str]) -> str:
    """Who came first, as every game's row in the replay list says it."""
    # TRANSLATORS: the result of a finished game in the replay list; {names}: who came first
    return ngettext("{names} won", "{names} shared first place", len(firsts)).format(
        names=", ".join(firsts))


def placed_result(text: str, pairs: list[tuple[str, str]]) -> str:
    """A ``Result`` header of places ("1. Ann, 2. Computer (Easy)") said as every game's
    row says it: who came first, by the names the list shows; any other result as written
    (with those names)."""
    places = [re.fullmatch(r"\s*(\d+)\.\s*(.*?)\s*", part) for part in text.split(",")] if text else []
    if not places or not all(places):
        return renamed(text, pairs)
    shown = dict(pairs)
    firsts = [shown.get(m.group(2), m.group(2)) for m in places if m and m.group(1) == "1"]
    if not firsts or not all(firsts):  # no first place, or one nobody named: the header as written
        return renamed(text, pairs)
    return won_words(firsts)


def seat_infos(plugin, count: int | None = None) -> list:
    """A game's seats (its spec says them): for ``count`` players where the game takes
    that option, else with its default options; none for no game."""
    if plugin is None:
        return []
    if count:
        return spec_seats(plugin.spec, count)
    try:
        return list(plugin.spec.seats(plugin.spec.options(None)))
    except Exception:  # noqa: BLE001 - a game that refuses its own defaults lists no seats
        return []


def seat_labels(plugin) -> list[str]:
    """The seat names of a game with its default options (its spec says them)."""
    return [s.label for s in seat_infos(plugin)]


def listed_names(plugin, names: list[str], levels: list[str | None] | None) -> list[str]:
    """The players of a record as the list shows them, in the language in use: a
    computer by its level beside its seat's colour, in every game as Sprawl's match says
    it ("Green (computer, easy)"); a person the record leaves unnamed (no name, the seat's
    English key, or its colour in the language the record was made in: "Biely") by the
    seat's own label in the language in use ("Blanc")."""
    seats = seat_infos(plugin, len(names))
    names = typed_names(plugin.spec, names) if seats else list(names)
    shown = shown_names(names, levels)
    if len(seats) == len(names) and levels is not None and len(levels) == len(names):
        shown = [beside_words(seat.label, name) if level else name
                 for seat, name, level in zip(seats, record_words(names, levels), levels)]
    for i, seat in enumerate(seats[:len(names)]):
        if not names[i].strip() or names[i].strip() == "?":
            shown[i] = seat.label
    return shown


def renamed(text: str, pairs: list[tuple[str, str]]) -> str:
    """A header's text (``Result``) with each written name as the list shows it, the
    longest first (so "Computer (Easy) 1" is not read as "Computer (Easy)")."""
    for written, shown in sorted(pairs, key=lambda pair: -len(pair[0])):
        if written.strip() and written != shown:
            text = re.sub(rf"(?<!\w){re.escape(written)}(?!\w)", shown, text)
    return text


class FilesScene(Scene):
    def __init__(self, app, folders: list[Path] | None = None) -> None:
        super().__init__(app)
        self.folders = folders if folders is not None else [records_dir(), Path.cwd()]
        suffixes = tuple(dict.fromkeys(p.spec.record_suffix for p in app.games if p.spec.record_suffix))
        self.files = find_records(self.folders, suffixes or (".ppn",))
        self._summaries: dict[Path, tuple[str, str]] = {}
        self.focus = 0
        self.scroll = 0
        self.error = ""
        self._by_mouse = False  # the event being handled is a mouse press
        self._pressed: tuple[int, float] | None = None  # the row clicked last, and when
        self.field = TextField(N_("Or type the path of a record and press Enter"), tr=_)
        self.back = Button(N_("Back"), self.close, key=pygame.K_ESCAPE, tr=_)
        # TRANSLATORS: button: open the chosen record file
        self.open_button = Button(N_("Open"), self.open_focused, tr=_)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.row_h = max(30, int(h * 0.045))
        self.list_box = pygame.Rect(int(w * 0.1), int(h * 0.16), int(w * 0.8), int(h * 0.5))
        self.visible = max(1, (self.list_box.h - 20) // self.row_h)
        self.field.rect = pygame.Rect(self.list_box.x, self.list_box.bottom + int(h * 0.08), self.list_box.w,
                                      max(34, int(h * 0.05)))
        bh = max(38, int(h * 0.06))
        self.back.rect = pygame.Rect(self.list_box.x, h - bh - int(h * 0.05), max(160, int(w * 0.12)), bh)
        self.open_button.rect = self.back.rect.move(self.back.rect.w + 14, 0)

    def close(self) -> None:
        self.app.stack.pop()

    def open_focused(self) -> None:
        if self.files:
            self.open(self.files[self.focus])

    def open(self, path: Path) -> None:
        try:
            scene = open_record(self.app, path)
        except FileNotFoundError:
            self.error = _("No such file: {path}").format(path=path)
        except (OSError, UnicodeDecodeError) as exc:
            self.error = _("Cannot read {name}: {reason}").format(
                name=path.name, reason=getattr(exc, "strerror", None) or exc)
        except (GameError, ValueError) as exc:
            self.error = f"{path.name}: {exc}"  # the game's words (its catalogue)
        else:
            self.error = ""
            if self._by_mouse and scene.controls is not None:
                scene.controls.ignore_presses_until = time.monotonic() + DOUBLE_CLICK_S
            self.app.push(scene)
            return
        self.app.sounds.play("error")

    def row_rect(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.list_box.x + 10, self.list_box.y + 10 + (i - self.scroll) * self.row_h,
                           self.list_box.w - 20, self.row_h - 4)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._by_mouse = event.type == pygame.MOUSEBUTTONDOWN
        if event.type == pygame.DROPFILE:
            self.open(Path(event.file))
            return True
        if self.field.handle_event(event):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open(Path(self.field.value.strip()).expanduser())
            return True
        if self.back.handle_event(event) or self.open_button.handle_event(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(self.files) - self.visible), self.scroll - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i in range(self.scroll, min(len(self.files), self.scroll + self.visible)):
                if self.row_rect(i).collidepoint(event.pos):
                    # as in file lists: a click selects, a double click opens (a single
                    # click opening at once put the next click on the replay's buttons)
                    now = time.monotonic()
                    double = self._pressed is not None and self._pressed[0] == i \
                        and now - self._pressed[1] <= DOUBLE_CLICK_S
                    self.focus, self._pressed = i, (None if double else (i, now))
                    if double:
                        self.open(self.files[i])
                    return True
        if event.type == pygame.MOUSEMOTION:
            for i in range(self.scroll, min(len(self.files), self.scroll + self.visible)):
                if self.row_rect(i).collidepoint(event.pos):
                    self.focus = i
        if event.type == pygame.KEYDOWN and self.files:
            if event.key == pygame.K_UP:
                self.focus = max(0, self.focus - 1)
            elif event.key == pygame.K_DOWN:
                self.focus = min(len(self.files) - 1, self.focus + 1)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_focused()
            self.scroll = min(self.focus, max(self.scroll, self.focus - self.visible + 1))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.app.text
        w, h = self.size
        draw_backdrop(surface, app, _("REPLAY A RECORD"), size=0.06)
        draw_panel(surface, self.list_box)
        size = int(self.row_h * 0.5)
        if not self.files:
            msg = _("No records yet. Games you save land in {folder}; you can also type a path "
                    "below or drop a record file on the window.").format(folder=records_dir())
            y = self.list_box.y + 20
            for line in t.wrap(msg, size, self.list_box.w - 40):
                surface.blit(t.render(line, size, theme.TEXT_DIM), (self.list_box.x + 20, y))
                y += int(size * 1.4)
        for i in range(self.scroll, min(len(self.files), self.scroll + self.visible)):
            r = self.row_rect(i)
            path = self.files[i]
            if i == self.focus:
                draw_focus(surface, r, 8)
            if path not in self._summaries:
                self._summaries[path] = record_summary(app, path)
            title, facts = self._summaries[path]
            # many seats make a long title: it keeps at most two thirds of the row
            name = t.fitted(title, size, theme.TEXT, r.w * 2 // 3 - 24, bold=True)
            surface.blit(name, (r.x + 12, r.centery - size // 2))
            small = max(12, int(size * 0.8))
            room = r.w - name.get_width() - 48
            while facts and t.font(small).size(facts)[0] > room and " · " in facts:
                facts = facts.rsplit(" · ", 1)[0]  # the file name goes first, then the date
            info = t.fitted(facts, small, theme.TEXT_DIM, max(24, room))
            surface.blit(info, (r.right - info.get_width() - 12, r.centery - info.get_height() // 2))
        self.field.draw(surface, t, blink=int(app.clock_time * 2) % 2 == 0)
        if self.error:
            y = self.field.rect.bottom + 12
            for line in t.wrap(self.error, max(13, int(h * 0.024)), self.list_box.w)[:3]:
                surface.blit(t.render(line, max(13, int(h * 0.024)), theme.BAD), (self.list_box.x, y))
                y += int(h * 0.03)
        self.back.draw(surface, t)
        self.open_button.draw(surface, t)
