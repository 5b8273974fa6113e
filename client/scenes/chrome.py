"""The online match's chrome: everything around a board that comes from the server.

An online match is a local match whose other seats are ``RemoteSeat``s, plus this
chrome: it sends the local player's moves (shown as pending until the server's
``moved``; a refusal flashes with the server's reason), feeds the server's moves and
positions to the match screen, and adds the room code, names with presence, the chat
pane with who watches (:mod:`.chatpane`), resign (twice), rematch, leave and the
connection banner; with the server gone, the score screen says so and its Rematch waits. It knows no game: it talks
to the match screen (any plug-in's) through the small :class:`MatchHost` protocol and
to the game through the contract.
"""

from __future__ import annotations

from typing import Any, Callable, Protocol
from weakref import WeakKeyDictionary

import pygame

from shared.gamekit.api import IllegalMove
from shared.i18n import domain
from shared.wire import ErrorCode

from .. import theme
from ..matchview import MatchView, Note
from ..online import OnlineSession
from ..view.widgets import Button, draw_panel
from .base import Scene
from .chatpane import ChatPane
from .clock_pane import ClockPane
from .score_show import ScoreShow
from .seats import HumanSeat, RemoteSeat, SeatController

_, N_, ngettext, pgettext = domain("online")

REFUSED_FLASH = 1.2  # seconds a refused move stays marked


class MatchHost(Protocol):
    """What a match screen offers its chrome (``client.games.<id>`` screens implement it)."""

    app: Any
    timeline: Any
    geo: Any
    top_h: int
    buttons: list[Button]
    over_shown: bool  # the end of the match has been shown (its score show pushed)

    def show_toast(self, text: str, seconds: float = 3.0) -> None: ...
    def announce(self, text: str, sub: str = "", colour=theme.ACCENT, hold: float = 1.2,
                 blocking: bool = True) -> None: ...
    def remote_moved(self, move: Any, before: Any, after: Any) -> None: ...
    def resync(self) -> None: ...
    def match_started(self) -> None: ...
    def update_buttons(self) -> None: ...
    def save(self) -> None: ...
    def seat_panels(self) -> list[tuple[pygame.Rect, int, int]]: ...
    def chat_foot(self, size: tuple[int, int]) -> int: ...   # the room kept under the first panel


class OnlineChrome:
    """One server match around a match screen (``attach`` ties them together)."""

    # Words the match screen shows for the chrome, in the language in use.
    @property
    def no_undo(self) -> str:
        return _("No undo in online games.")

    @property
    def pause_note(self) -> str:
        return _("Leave (bottom right) goes back to the lobby; the game waits for you.")

    @property
    def new_game_label(self) -> str:
        return _("Rematch")

    def __init__(self, session: OnlineSession, code: str) -> None:
        self.session = session
        self.code = code
        self.view: MatchView = session.matches[code]
        self.host: MatchHost | None = None
        self.refused_move: Any = None
        self.refused_left = 0.0
        self.resign_armed = 0.0
        self.pane = ChatPane(self)
        self.clocks = ClockPane(self.view)
        self._sent: Any = None
        self.headlines: WeakKeyDictionary[ScoreShow, str | None] = WeakKeyDictionary()  # each show's own
        self.resign_button = Button(N_("Resign"), self.resign, tr=_)
        self.rematch_button = Button(N_("Rematch"), self.rematch, enabled=False, tr=_)
        # TRANSLATORS: leave the match screen for the lobby (the seat is kept).
        self.leave_button = Button(N_("Leave"), self.leave, tr=_)
        self.invite_button = Button(N_("Copy invite link"), self.copy_invite, tr=_)
        # TRANSLATORS: save the game record to a file.
        self.save_button = Button(N_("Save"), lambda: self.host.save(), tr=_)

    # -- composition --------------------------------------------------------------------
    def attach(self, host: MatchHost) -> None:
        self.host = host

    @property
    def state(self):
        return self.view.state

    @property
    def player(self) -> bool:
        return self.view.role == "player"

    def seats(self) -> list[SeatController]:
        """One controller per seat: us (a person here) where we sit, remote elsewhere."""
        names = self.view.names()
        mine = self.view.seat if self.player else None
        return [HumanSeat(names.get(i, "")) if i == mine else RemoteSeat(names.get(i, ""))
                for i in range(len(self.view.seat_infos()))]

    def buttons(self) -> list[Button]:
        """The chrome's buttons for the bottom bar (the game adds its own in front)."""
        save = self.save_button
        if not self.player:
            return [save, self.leave_button]
        return [self.invite_button, self.resign_button, self.rematch_button, save, self.leave_button]

    @property
    def chatting(self) -> bool:
        return self.pane.typing

    @property
    def server_gone(self) -> bool:
        """No live connection to the server now (stopped, unreachable, or reconnecting)."""
        s = self.session
        return not s.connected or not s.welcomed or s.net_state != "connected"

    def gone_text(self) -> str:
        """The score screen's top line while the server is gone."""
        # TRANSLATORS: the score screen's top line (short: it shares the bar with the logo)
        return _("SERVER GONE: NO REMATCH WITHOUT IT")

    def update_buttons(self) -> None:
        over = self.view.ended is not None
        self.rematch_button.enabled = over and self.player and not self.server_gone
        self.resign_button.enabled = not over and self.view.status == "playing"
        self.invite_button.enabled = not over

    def invite_link(self) -> str:
        """The join link for this room on the address others use (``alien-city://...``)."""
        from shared.netkit.links import JoinLink
        server = self.session.public_url or self.session.server or self.session.net.url
        return JoinLink(server, self.code).text()

    def copy_invite(self) -> None:
        from ..clipboard import copy_text
        link = self.invite_link()
        copy_text(link)
        self.host.show_toast(_("Copied: {link}").format(link=link), 5)

    def can_move(self) -> bool:
        return self.view.my_turn

    def record_headers(self) -> dict[str, str]:
        return {"Room": self.code}

    @property
    def pending(self) -> Any:
        """The move sent and not yet answered (drawn as a ghost by the game)."""
        return self.view.pending[1] if self.view.pending is not None else None

    @property
    def refused(self) -> Any:
        """The move the server just refused (drawn marked for a moment)."""
        return self.refused_move if self.refused_left > 0 else None

    def seat_label(self, seat: int | None) -> str:
        infos = self.view.seat_infos()
        return infos[seat].label if seat is not None and 0 <= seat < len(infos) else "?"

    def move_words(self, move: Any) -> str:
        """A move in words as the game's list of moves says it (its record text when this
        client has no plug-in for the game)."""
        try:
            plugin = self.host.app.games.get(self.view.spec.id) if self.host is not None else None
        except KeyError:
            plugin = None
        return plugin.move_words(move) if plugin is not None else self.view.spec.move_text(move)

    def seat_name_label(self, name: object) -> str:
        """A seat named as the protocol names it ('black') as people call it ('Black')."""
        seat = self.view.seat_index(name)
        return self.seat_label(seat) if seat is not None else str(name)

    # -- actions -------------------------------------------------------------------------
    def submit(self, move: Any) -> bool:
        if self.session.move(self.code, move):
            self._sent = move
            return True
        return False

    def resign(self) -> None:
        if self.resign_armed > 0:
            self.session.resign(self.code)
            self.resign_armed = 0
        else:
            self.resign_armed = 3.0
            self.host.show_toast(_("Press Resign again within 3 seconds to resign this game."), 3)

    def rematch(self) -> None:
        if self.server_gone:
            self.host.show_toast(_("The server is gone: a rematch needs the server. The host "
                                   "may have stopped it; it is tried again meanwhile."), 5)
            return
        self.session.rematch(self.code)
        self.host.show_toast(_("Rematch offered: waiting for your opponent."), 4)

    def new_game_action(self) -> Callable[[], None] | None:
        """The score screen's "Rematch" (players only)."""
        return self.rematch if self.player else None

    def headline(self) -> str | None:
        ended = self.view.ended or {}
        w = ended.get("winner")
        if ended.get("reason") == "time":
            return _("{seat} WINS ON TIME").format(seat=self.seat_name_label(w).upper()) if w else _("OUT OF TIME")
        if ended.get("reason") != "resigned":
            return None
        if not w:
            return _("RESIGNED")
        return _("{seat} WINS BY RESIGNATION").format(seat=self.seat_name_label(w).upper())

    def counted(self, state: Any) -> Any:
        """``state`` with the seats the server says resigned taken out by the game's own
        rule: a resignation that ends a match is no step of the game, so the state held
        here lacks it, and the count would rank the resigned seat by its points against
        the headline. Unchanged when nobody resigned."""
        ended = self.view.ended if isinstance(self.view.ended, dict) else {}
        resigned, names = ended.get("resigned"), self.view.seat_names()
        for name in resigned if isinstance(resigned, list) else []:
            if name in names and not state.is_over():
                try:
                    state = state.resign(names.index(name))[0]
                except IllegalMove:
                    continue  # a seat the state already shows gone
        return state

    def leave(self) -> None:
        self.session.leave(self.code)
        self.host.app.stack.pop()

    # -- frame ---------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for note in self.session.pump():
            self.on_note(note)
        self.refused_left = max(0.0, self.refused_left - dt)
        self.resign_armed = max(0.0, self.resign_armed - dt)
        if self.host is not None:
            self.clocks.warn(self.host.app.sounds)
        self._mark_score_screen()

    def _mark_score_screen(self) -> None:
        """The score screen over our match: while the server is gone, its headline says so
        and its Rematch is off (it comes back with the connection)."""
        host = self.host
        if host is None or self.view.ended is None:
            return
        self.rematch_button.enabled = self.player and not self.server_gone
        scenes = host.app.stack.scenes
        above = scenes[scenes.index(host) + 1:] if host in scenes else []
        for scene in above:
            show = scene.scoring
            if show is None:
                continue
            own = self.headlines.setdefault(show, show.headline)
            show.headline = self.gone_text() if self.server_gone else own
            for button in show.final_buttons:
                if button.on_click == self.rematch:
                    button.enabled = not self.server_gone

    def on_note(self, note: Note) -> None:
        host = self.host
        if note.match not in (None, self.code):
            # The rematch: open it once the server has seated us and sent its position.
            if note.kind == "synced" and self.view.rematch == note.match:
                top = host.app.stack.top
                if top is not None and not top.freeze_below:
                    host.app.stack.pop()  # the score show: applied before the replace
                host.app.stack.replace(open_match(host.app, self.session, note.match))
            return
        if note.kind == "moved" and note.before is not None:
            host.remote_moved(note.move, note.before, note.after)
            host.update_buttons()
        elif note.kind == "synced":
            for _line in range(note.data.get("chat_new", 0)):
                self.pane.heard()
            host.resync()
            if self.view.ended is not None:
                host.actions.game_over()
        elif note.kind == "error":
            host.app.sounds.play("error")
            host.show_toast(note.text, 5)  # the session's sentence for the error's code
            if note.data.get("code") in (ErrorCode.ILLEGAL_MOVE, ErrorCode.STALE_STATE,
                                         ErrorCode.NOT_YOUR_TURN) and self._sent is not None:
                self.refused_move, self.refused_left = self._sent, REFUSED_FLASH
        elif note.kind == "ended":
            host.update_buttons()
            if note.data.get("reason") == "time":
                host.announce(self.headline() or _("OUT OF TIME"), "", theme.BAD, hold=1.6)
            elif note.data.get("reason") == "resigned":
                winner = note.data.get("winner")
                text = (_("{seat} WINS: THE OTHER PLAYER RESIGNED").format(
                    seat=self.seat_name_label(winner).upper()) if winner else _("RESIGNED"))
                host.announce(text, "", theme.ACCENT, hold=1.6)
            host.timeline.delay(0.6, host.actions.game_over)
        elif note.kind == "presence":
            who = self.seat_name_label(note.data.get("seat"))
            said = (_("{name} ({seat}) is back.") if note.data.get("online")
                    else _("{name} ({seat}) lost the connection."))
            host.show_toast(said.format(name=note.data.get("name", who), seat=who), 3)
        elif note.kind == "chat":
            self.pane.heard()
            host.app.sounds.play("hover")
        elif note.kind == "rematch_offer":
            host.show_toast(_("{seat} offers a rematch.").format(
                seat=self.seat_name_label(note.data.get("seat", "?"))), 4)
        elif note.kind == "info":
            host.update_buttons()
            if self.view.status == "playing":
                host.match_started()

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The chat pane's (T opens it); everything else goes on to the board."""
        return self.pane.handle_event(event)

    # -- words ---------------------------------------------------------------------------
    def turn_text(self, text: str, colour) -> tuple[str, tuple[int, int, int]]:
        v = self.view
        if v.status == "waiting":
            return _("ROOM {code}: WAITING FOR AN OPPONENT").format(code=v.code), theme.ACCENT
        ended = self.headline() if v.ended is not None else None
        if ended:  # resigned or out of time: the board's own turn line would still run on
            text, colour = ended, theme.ACCENT
        if not self.player:
            return _("WATCHING {code}: {text}").format(code=v.code, text=text), theme.ACCENT_2
        s = v.state
        if s is not None and s.to_move is not None and s.to_move == v.seat and not s.is_over() and not ended:
            return _("YOUR TURN ({seat})").format(seat=self.seat_label(v.seat).upper()), theme.ACCENT
        return text, colour

    def status_text(self) -> tuple[str, tuple[int, int, int]] | None:
        """The chrome's line for the bottom bar, or None to let the game speak."""
        v = self.view
        if v.pending is not None:
            # TRANSLATORS: after a player sends a move online: the move in words as the list of
            # moves says it ("Red builds a 2 on c4", "red tower on e6"), in brackets
            return _("Move sent ({move}): waiting for the server…").format(
                move=self.move_words(v.pending[1])), theme.ACCENT_2
        if v.status == "waiting":
            return _("Give your friend the room code {code}. The game starts when they join.").format(
                code=v.code), theme.TEXT
        away = v.away_text()
        if away:
            return away, theme.ACCENT
        s = v.state
        if v.ended is not None and (s is None or not s.is_over()):  # ended before the rules' end
            return _("The match is over."), theme.TEXT
        if self.player and s is not None and not s.is_over() and not v.my_turn and s.to_move is not None:
            name = v.names().get(s.to_move) or self.seat_label(s.to_move)
            return _("{name} is thinking…  (T: chat)").format(name=name), theme.TEXT_DIM
        return None

    # -- drawing -------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        host, t, v = self.host, self.host.app.text, self.view
        board = host.geo.rect
        unit = max(8, board.w // 8)  # the text scale: an eighth of the board's width
        if v.status == "waiting":
            self._draw_room_code(surface, board, unit)
        names, online = v.names(), v.online()
        for seat, (rect, header_h, pad) in enumerate(host.seat_panels()):
            name = names.get(seat)
            if name:
                dot = theme.GOOD if online.get(seat) else theme.BAD
                if not online.get(seat) and not v.is_free(seat):  # a free seat: nobody to be offline
                    name = _("{name} (offline)").format(name=name)
                img = t.fitted(name, max(12, header_h // 3), theme.TEXT_DIM,
                               rect.w - pad * 2 - 16 - self.clocks.reserved(rect))
                y = rect.y + header_h + 3
                pygame.draw.circle(surface, dot, (rect.x + pad + 5, y + img.get_height() // 2), 5)
                surface.blit(img, (rect.x + pad + 16, y))
        self.clocks.draw(surface, t, host.seat_panels())
        first = host.seat_panels()[0][0]   # the pane sits at its foot (and the room kept under it)
        self.pane.draw(surface, pygame.Rect(first.x, first.y, first.w, first.h + host.chat_foot(host.app.size)))
        if self.server_gone:
            note = self.session.net_note or _("Connecting…")
            if v.ended is not None and self.player:
                note = _("{note} A rematch needs the server.").format(note=note)
            bar = pygame.Rect(0, host.top_h, surface.get_width(), max(28, host.top_h // 2 + 8))
            pygame.draw.rect(surface, (120, 20, 40), bar)
            img = t.fitted(note, int(bar.h * 0.55), theme.TEXT, bar.w - 24, bold=True)
            surface.blit(img, img.get_rect(center=bar.center))

    def _draw_room_code(self, surface: pygame.Surface, board: pygame.Rect, unit: int) -> None:
        """The room code over the board while we wait; hosting, also where others connect."""
        t, v = self.host.app.text, self.view
        small = max(12, int(unit * 0.24))
        lines = [(_("Waiting for an opponent (public: listed in the lobby)") if v.info.get("public", True)
                  else _("Waiting for an opponent (private: only the code finds it)"), theme.TEXT)]
        if self.session.public_url:  # hosting: where the others connect
            lines.append((_("Others connect to {url} (or Games on your network)").format(
                url=self.session.public_url), theme.ACCENT_2))
        box = pygame.Rect(0, 0, int(board.w * 1.1), int(unit * 2.3) + len(lines) * (small + 6))
        box.center = board.center
        draw_panel(surface, box, glow=theme.ACCENT)
        label = t.fitted(_("ROOM CODE"), int(unit * 0.3), theme.TEXT_DIM, box.w - 24, bold=True)
        surface.blit(label, label.get_rect(midtop=(box.centerx, box.y + 10)))
        code = t.shadowed(v.code, int(unit * 1.2), theme.ACCENT, (0, 0, 0), 4, bold=True)
        surface.blit(code, code.get_rect(center=(box.centerx, box.y + int(unit * 1.25))))
        y = box.bottom - 8
        for text, colour in reversed(lines):
            img = t.fitted(text, small, colour, box.w - 24)
            surface.blit(img, img.get_rect(midbottom=(box.centerx, y)))
            y -= small + 6

def open_match(app, session: OnlineSession, code: str, chrome: OnlineChrome | None = None) -> Scene:
    """The match screen for a server match we have joined: its game's plug-in, composed
    with our seat, remote seats and this chrome (or ``chrome``, e.g. TV's)."""
    view = session.matches[code]
    plugin = app.games.get(view.spec.id)
    chrome = chrome or OnlineChrome(session, code)
    return plugin.make_board(app, view.state, chrome.seats(), chrome=chrome)
