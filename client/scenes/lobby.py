"""The lobby: public matches listed live (each with its game), create a match (game,
seat, public or private; the game's options from Options), quick pairing, join or watch
by room code. Opens the match screen (the game's plug-in with our seat, remote seats and
the online chrome) once the server has seated us and sent the position."""

from __future__ import annotations

import pygame

from shared.gamekit.api import GameSpec
from shared.i18n import domain
from shared.wire import ErrorCode

from .. import theme
from ..computer import LEVEL_NAMES, level_name
from ..matchview import player_label
from ..online import OnlineSession
from ..view.form import draw_backdrop, draw_focus
from ..view.widgets import Button, TextField, draw_panel
from .base import Scene
from .chrome import open_match
from .title_cards import title_game

_, N_, ngettext, pgettext = domain("online")

CREATE_TIMEOUT_S = 10.0  # "Create match" and "Join" never wait longer for the server
# The time controls a new or quick match can ask for ("" untimed; docs/protocol.md, *Clocks*).
CLOCKS = ("", "3+2", "5+3", "10+5", "corr:1", "corr:3")
# A listed match's status as the server names it -> as the lobby shows it.
# TRANSLATORS: the state of a match in the lobby's list ("K7QXAD  Alien City  Ann  waiting").
STATUS = {"waiting": N_("waiting"), "playing": N_("playing"), "over": N_("over"),
          "cancelled": N_("cancelled")}


class LobbyScene(Scene):
    def __init__(self, app, session: OnlineSession, mode: str = "play", net=None) -> None:
        super().__init__(app)
        self.session = session
        self.net = net
        self.mode = mode
        self.selected: str | None = None
        self.seat = 0
        self.game = 0         # Game: presses since the first game, the one chosen on the title
        self.first_game = title_game(app)
        self.players = 0      # the seat count of a new match (0: the game's first)
        self.opponents = 0    # 0: people; then a computer level for every other seat
        self.public = True
        self.rated = False
        self.clock = 0  # index in CLOCKS
        self.code = TextField(N_("Room code"), "", max_len=12)
        self.message = ""
        self.waiting_for: str | None = None  # a match we joined, until its first sync
        self.answer_left = 0.0  # seconds left for the server to answer Create/Join
        # Labels are English keys (tests and the autopilot find buttons by them); the
        # buttons show them translated, looked up at each draw.
        self.create_button = Button(N_("Create match"), self.create, tr=_)
        self.seat_button = Button("Seat: random", self.cycle_seat)
        self.game_button = Button("", self.cycle_game)
        self.players_button = Button("", self.cycle_players)
        self.opponents_button = Button("", self.cycle_opponents)
        self.public_button = Button(N_("Public"), self.toggle_public, tr=_)
        # TRANSLATORS: a new match counts for the ratings (Rated) or not (Casual).
        self.rated_button = Button(N_("Casual"), self.toggle_rated, tr=_)
        self.clock_button = Button("", self.cycle_clock)
        # TRANSLATORS: lobby buttons: take a name on this server / see the best players.
        self.names_button = Button(N_("Your name"), self.open_names, tr=_)
        self.ratings_button = Button(N_("Leaderboards"), self.open_ratings, tr=_)
        # TRANSLATORS: lobby button: watch the best match being played, one after another.
        self.tv_button = Button(N_("TV"), self.open_tv, tr=_)
        # TRANSLATORS: lobby button: the server's finished matches, to replay.
        self.archive_button = Button(N_("Archive"), self.open_archive, tr=_)
        self.quick_button = Button(N_("Quick match"), self.quick, tr=_)
        # TRANSLATORS: buttons: take a seat in the match of the room code / only watch it.
        self.join_button = Button(N_("Join"), lambda: self.join(False), tr=_)
        self.watch_button = Button(N_("Watch"), lambda: self.join(True), tr=_)
        self.back = Button(N_("Back"), self.close, key=pygame.K_ESCAPE, tr=_)
        self.buttons = [self.game_button, self.players_button, self.opponents_button, self.create_button,
                        self.seat_button, self.public_button, self.rated_button, self.clock_button,
                        self.quick_button, self.join_button, self.watch_button, self.back,
                        self.names_button, self.ratings_button, self.archive_button,
                        self.tv_button]
        self.name_game()
        self.rows: list[tuple[str, pygame.Rect]] = []
        self.resize(app.size)

    def enter(self) -> None:
        self.session.watch_lobby(True)

    def resume(self) -> None:
        self.session.watch_lobby(True)
        self.waiting_for = None

    def exit(self) -> None:
        if self.net is not None:
            self.net.close()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.list_box = pygame.Rect(int(w * 0.04), int(h * 0.15), int(w * 0.56), int(h * 0.7))
        self.side = pygame.Rect(self.list_box.right + int(w * 0.03), self.list_box.y,
                                w - self.list_box.right - int(w * 0.07), self.list_box.h)
        bh = max(36, int(h * 0.055))
        x, bw = self.side.x + 20, self.side.w - 40
        gap = 12 if h >= 700 else 8
        y = self.side.y + max(28, int(bh * 0.8))
        half = bw // 2 - 5
        self.game_button.rect = pygame.Rect(x, y, bw, bh)
        y += bh + gap
        self.players_button.rect = pygame.Rect(x, y, half, bh)
        self.opponents_button.rect = pygame.Rect(x + bw // 2 + 5, y, half, bh)
        y += bh + gap
        self.seat_button.rect = pygame.Rect(x, y, half, bh)
        self.public_button.rect = pygame.Rect(x + bw // 2 + 5, y, half, bh)
        y += bh + gap
        self.rated_button.rect = pygame.Rect(x, y, half, bh)
        self.clock_button.rect = pygame.Rect(x + bw // 2 + 5, y, half, bh)
        self.create_button.rect = pygame.Rect(x, y + bh + gap, bw, bh)
        self.quick_button.rect = pygame.Rect(x, y + 2 * (bh + gap), bw, bh)
        self.code.rect = pygame.Rect(x, y + 3 * (bh + gap) + int(bh * 0.6), bw, bh)
        self.join_button.rect = pygame.Rect(x, self.code.rect.bottom + gap, half, bh)
        self.watch_button.rect = pygame.Rect(x + bw // 2 + 5, self.code.rect.bottom + gap, half, bh)
        self.back.rect = pygame.Rect(self.list_box.x, h - bh - int(h * 0.04), max(160, int(w * 0.12)), bh)
        self.names_button.rect = self.back.rect.move(self.back.rect.w + 12, 0)
        self.names_button.rect.w = max(150, int(w * 0.16))
        self.ratings_button.rect = self.names_button.rect.move(self.names_button.rect.w + 12, 0)
        self.archive_button.rect = self.ratings_button.rect.move(self.ratings_button.rect.w + 12, 0)
        self.tv_button.rect = self.archive_button.rect.move(self.archive_button.rect.w + 12, 0)
        self.tv_button.rect.w = max(110, int(w * 0.09))
        self.row_h = max(34, int(h * 0.055))

    # -- actions ------------------------------------------------------------------------
    @property
    def spec(self) -> GameSpec:
        """The game a new match or a quick match is for (those the server plays too)."""
        games = self.session.server_games() or list(self.session.games)
        ids = [spec.id for spec in games]
        first = ids.index(self.first_game) if self.first_game in ids else 0
        return games[(first + self.game) % len(games)]

    def new_options(self) -> dict:
        """The new match's options: the game's (from Options) with the chosen seat count."""
        spec = self.spec
        count = spec.seat_counts[self.players % len(spec.seat_counts)]
        return self.app.games.get(spec.id).options_for(self.app, count)

    def seat_choices(self) -> tuple[str, ...]:
        return ("random",) + tuple(s.name for s in self.spec.seats(self.new_options()))

    def levels(self) -> tuple[str, ...]:
        return tuple(v for v in self.spec.computer_levels if v != "random")

    def name_game(self) -> None:
        """Button labels for the game, seat count, opponents and seat chosen now: an
        English key (``Seat: black``) and the words shown, translated at each draw."""
        spec = self.spec
        self.game_button.label = f"Game: {spec.title}"
        self.game_button.tr = lambda _key: _("Game: {title}").format(title=spec.title)
        count = spec.seat_counts[self.players % len(spec.seat_counts)]
        self.players_button.label = f"Players: {count}"
        self.players_button.tr = lambda _key: _("Players: {n}").format(n=count)
        self.players_button.enabled = len(spec.seat_counts) > 1
        levels = self.levels()
        level = levels[(self.opponents - 1) % len(levels)] if self.opponents and levels else None
        if level is None:
            self.opponents_button.label = "Others: people"
            self.opponents_button.tr = lambda _key: _("Others: people")
        else:
            self.opponents_button.label = f"Computer: {LEVEL_NAMES.get(level, level)}"
            self.opponents_button.tr = lambda _key: _("Computer: {level}").format(level=level_name(level))
        self.opponents_button.enabled = bool(levels)
        choices = self.seat_choices()
        chosen = choices[self.seat % len(choices)]
        self.seat_button.label = f"Seat: {chosen}"
        self.seat_button.tr = lambda _key: _("Seat: {seat}").format(seat=self.seat_label(chosen))
        clock = CLOCKS[self.clock % len(CLOCKS)]
        self.clock_button.label = f"Clock: {clock or 'none'}"
        self.clock_button.tr = lambda _key: clock_label(clock)

    def seat_label(self, name: str) -> str:
        """A seat as people call it ("Black", "random" in the language in use)."""
        if name == "random":
            return pgettext("seat", "random")
        return next((s.label for s in self.spec.seats(self.new_options()) if s.name == name), name)

    def cycle_game(self) -> None:
        self.game += 1
        self.seat = self.players = self.opponents = 0
        self.name_game()

    def cycle_players(self) -> None:
        self.players += 1
        self.seat = 0
        self.name_game()

    def cycle_opponents(self) -> None:
        self.opponents = (self.opponents + 1) % (len(self.levels()) + 1)
        self.name_game()

    def cycle_seat(self) -> None:
        self.seat = (self.seat + 1) % len(self.seat_choices())
        self.name_game()

    def toggle_rated(self) -> None:
        self.rated = not self.rated
        self.rated_button.label = N_("Rated") if self.rated else N_("Casual")

    def cycle_clock(self) -> None:
        self.clock = (self.clock + 1) % len(CLOCKS)
        self.name_game()

    @property
    def clock_choice(self) -> str | None:
        return CLOCKS[self.clock % len(CLOCKS)] or None

    def open_names(self) -> None:
        from .names import NamesScene
        self.app.push(NamesScene(self.app, self.session))

    def open_ratings(self) -> None:
        from .ratings import LeaderboardScene
        self.app.push(LeaderboardScene(self.app, self.session, self.spec.id))

    def open_tv(self) -> None:
        """TV of the game chosen above (it can switch games itself)."""
        from .tv import TvScene
        self.app.push(TvScene(self.app, self.session, self.spec.id))

    def open_archive(self) -> None:
        from .archive import ArchiveScene
        self.app.push(ArchiveScene(self.app, self.session))

    def toggle_public(self) -> None:
        self.public = not self.public
        self.public_button.label = N_("Public") if self.public else N_("Private")

    def create(self) -> None:
        choices, levels = self.seat_choices(), self.levels()
        computer = levels[(self.opponents - 1) % len(levels)] if self.opponents and levels else None
        if self.refuse_offline():
            return
        self.session.create(self.spec.id, self.new_options(), choices[self.seat % len(choices)], self.public,
                            computer=computer, rated=self.rated, clock=self.clock_choice)
        self.message = _("Creating a match…")
        self.answer_left = CREATE_TIMEOUT_S

    def quick(self) -> None:
        # A protocol-1 server pairs any two quick players: name the game only when it matters.
        timed = self.rated or self.clock_choice
        # A game for several seat counts: the count chosen is the one paired (with these options).
        options = self.new_options() if len(self.spec.seat_counts) > 1 else None
        self.session.quick(self.spec.id if timed or options or len(self.session.server_games()) > 1 else None,
                           rated=self.rated, clock=self.clock_choice, options=options)
        self.message = _("Looking for an opponent…")

    def join(self, spectator: bool) -> None:
        code = self.code.value.strip().upper().replace(" ", "").replace("-", "") or self.selected
        if not code:
            self.message = _("Type a room code, or pick a match from the list.")
            return
        if self.session.net_state == "closed":
            self.message = self.session.net_note
            return
        self.session.join(code, spectator or self.mode == "watch" and not self.code.value)
        self.message = _("Joining {code}…").format(code=code)
        self.answer_left = CREATE_TIMEOUT_S

    def offer_unfinished(self) -> None:
        """A running match of ours on this server (resumed session or saved seat token):
        the room code is filled in, Join takes the seat back."""
        s = self.session
        mine = sorted(s.resumed_seats - set(s.matches))
        if not mine and s.tokens is not None and s.server is not None:
            mine = [seat.match for seat in s.tokens.seats(s.server) if seat.match not in s.matches]
        if mine and not self.code.value and self.waiting_for is None and self.mode == "play":
            self.code.value = mine[0]
            self.message = _("Your match {code} is still on: Join takes your seat back.").format(code=mine[0])

    def refuse_offline(self) -> bool:
        """True (and why) when nothing can be sent: the connection is over or not yet there."""
        if self.session.net_state == "closed":
            self.message = self.session.net_note
            return True
        return False

    def close(self) -> None:
        self.app.stack.pop()

    def row_text(self, code: str) -> str:
        """One listed match: room code, game, its options, players, status, spectators."""
        s = self.session
        info = s.lobby.get(code, {})
        # TRANSLATORS: between player names in the lobby's list ("Ann vs Bob"); keep the spaces.
        players = _(" vs ").join(player_label(p) or _("(free)") for p in info.get("players", []))
        spec = s.spec_of(info.get("game"))
        game = spec.title if spec is not None else str(info.get("game", "?"))
        rules = str(info.get("ruleset", ""))
        if spec is not None and isinstance(info.get("options"), dict):
            try:
                rules = self.app.games.get(spec.id).describe_options(info["options"])
            except Exception:  # noqa: BLE001 - options this client cannot read: the server's words
                pass
        status = info.get("status", "")
        parts = [code, game, rules, players, _(STATUS[status]) if status in STATUS else str(status)]
        if isinstance(info.get("clock"), str):
            parts.insert(3, clock_label(info["clock"], short=True))
        if info.get("rated"):
            parts.insert(3, _("rated"))
        line = "   ".join(parts)
        watching = info.get("spectators")
        if isinstance(watching, int) and watching > 0:
            line += "   " + ngettext("{n} watching", "{n} watching", watching).format(n=watching)
        return line

    # -- frame --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.answer_left > 0:
            self.answer_left -= dt
            if self.answer_left <= 0:
                seconds = f"{CREATE_TIMEOUT_S:.0f}"
                if self.session.connected:
                    self.message = _("The server did not answer in {seconds} s: try again, "
                                     "or check the address.").format(seconds=seconds)
                else:
                    self.message = _("The server did not answer in {seconds} s ({why}): try again, "
                                     "or check the address.").format(
                        seconds=seconds, why=self.session.net_note or _("not connected"))
                self.app.sounds.play("error")
        for note in self.session.pump():
            if note.kind in ("joined", "error"):
                self.answer_left = 0.0
            if note.kind == "net" and self.session.net_state == "closed":
                self.answer_left = 0.0
                self.message = self.session.net_note
            if note.kind == "joined":
                self.waiting_for = note.match
            elif note.kind == "synced" and note.match == self.waiting_for:
                self.waiting_for = None
                self.message = ""
                self.app.push(open_match(self.app, self.session, note.match))
            elif note.kind == "welcome":
                self.name_game()
                self.offer_unfinished()
            elif note.kind == "error" and note.data.get("code") == ErrorCode.MATCH_FULL \
                    and note.match:
                # Every seat is taken (a join link to a running match): watch it instead.
                self.session.join(note.match, spectator=True)
                self.message = _("Every seat of {code} is taken: watching it.").format(code=note.match)
            elif note.kind == "error":
                self.message = note.text
                self.app.sounds.play("error")
        self.rows = []
        y = self.list_box.y + 56
        for code in sorted(self.session.lobby):
            if y + self.row_h > self.list_box.bottom - 8:
                break
            self.rows.append((code, pygame.Rect(self.list_box.x + 10, y, self.list_box.w - 20, self.row_h - 6)))
            y += self.row_h

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.code.handle_event(event):
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.join(self.mode == "watch")
            return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for code, rect in self.rows:
                if rect.collidepoint(event.pos):
                    if self.selected == code:
                        self.join(self.mode == "watch")
                    self.selected = code
                    return True
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, t = self.app, self.app.text
        w, h = self.size
        draw_backdrop(surface, app, _("LOBBY") if self.mode == "play" else _("WATCH A GAME"), y=0.07)
        s = self.session
        if s.welcomed:
            status = _("{name} on {url}").format(name=s.name, url=self.net.url if self.net is not None else "")
        else:
            status = s.net_note or _("Connecting…")
        if s.welcomed and s.public_url:
            status = _("Hosting on this computer: others connect to {url}").format(url=s.public_url)
        if s.net_state == "closed":
            status = s.net_note
        colour = theme.GOOD if s.connected and s.welcomed else theme.BAD
        img = t.fitted(status, max(13, int(h * 0.022)), colour, w - 40)
        surface.blit(img, img.get_rect(center=(w // 2, int(h * 0.12))))
        draw_panel(surface, self.list_box)
        size = max(13, int(self.row_h * 0.42))
        surface.blit(t.fitted(_("PUBLIC MATCHES (click to pick, click again to join)"), size, theme.TEXT_DIM,
                              self.list_box.w - 32, bold=True), (self.list_box.x + 16, self.list_box.y + 16))
        if not self.rows:
            empty = _("None open right now: create one!") if s.welcomed else _("Not connected to a server.")
            surface.blit(t.fitted(empty, size, theme.TEXT_DIM, self.list_box.w - 32),
                         (self.list_box.x + 16, self.list_box.y + 60))
        for code, rect in self.rows:
            if code == self.selected:
                draw_focus(surface, rect, 8)
            img = t.fitted(self.row_text(code), size, theme.TEXT, rect.w - 24)
            surface.blit(img, (rect.x + 12, rect.centery - img.get_height() // 2))
        draw_panel(surface, self.side)
        spec = self.spec
        rules = _("New match: {options} (see Options)").format(
            options=app.games.get(spec.id).describe_options(self.new_options()))
        surface.blit(t.fitted(rules, max(12, int(h * 0.02)), theme.TEXT_DIM, self.side.w - 40),
                     (self.side.x + 20, self.side.y + 14))
        blink = int(app.clock_time * 2) % 2 == 0
        self.code.label = _("Room code")
        self.code.draw(surface, t, blink)
        for b in self.buttons:
            b.draw(surface, t)
        if self.message:
            y = self.join_button.rect.bottom + 20
            for line in t.wrap(self.message, max(13, int(h * 0.022)), self.side.w - 40)[:4]:
                surface.blit(t.render(line, max(13, int(h * 0.022)), theme.ACCENT), (self.side.x + 20, y))
                y += int(h * 0.03)


def clock_label(clock: str, short: bool = False) -> str:
    """A time control as people read it: "Clock: 5+3", "1 day a move", "Clock: none"."""
    if clock.startswith("corr:"):
        days = int(clock[5:]) if clock[5:].isdigit() else 1
        return ngettext("{n} day a move", "{n} days a move", days).format(n=days)
    if short:
        return clock
    # TRANSLATORS: the lobby's time control button ("Clock: 5+3" = 5 minutes + 3 seconds a move).
    return _("Clock: {control}").format(control=clock) if clock else _("Clock: none")
