"""The online session as the game loop sees it: what the server said, nothing guessed.

``OnlineSession`` turns server messages into plain state (lobby list, matches with
their position as a contract ``State`` of the match's game, seats, versions, chat) and
into ``Note``s the scenes react to. It knows games only through the contract: a
match's ``game`` names its spec in the session's registry (``alien-city`` when a
protocol-1 server does not say), seats are numbered in the spec's order. A move is shown as made only when the server's ``moved`` arrives; until then it is
``pending``; a refusal clears it and carries the reason. After a reconnection the
session re-joins every match with its last version (and its seat token when the server
no longer knows the session), so the board resynchronises by itself. No pygame here.
"""

from __future__ import annotations

import itertools
import secrets
import time
from dataclasses import dataclass, field
from typing import Any, Protocol

from shared.gamekit.api import GameError, GameSpec, SeatInfo, State
from shared.gamekit.registry import Registry, UnknownGame, builtin_games
from shared.i18n import domain

from .computer import level_name
from .refusals import refusal_text

_, N_, ngettext, pgettext = domain("online")

DEFAULT_GAME = "alien-city"  # what a protocol-1 server plays


def player_label(player: dict) -> str | None:
    """A *match info* player as shown: a computer by its level in the language in use
    (the server names it in English), a person by name; None for a free seat."""
    if isinstance(player.get("computer"), str):
        return _("Computer ({level})").format(level=level_name(player["computer"]))
    return player.get("name") or None


class Transport(Protocol):
    def send(self, message: dict) -> None: ...
    def poll(self) -> list[dict]: ...


@dataclass
class Note:
    """Something the UI should show or react to."""

    kind: str  # joined, moved, synced, ended, error, chat, presence, info, net, lobby, rematch
    match: str | None = None
    data: dict = field(default_factory=dict)
    move: Any = None                 # moved: the move, the position before and after it
    before: State | None = None
    after: State | None = None
    events: list = field(default_factory=list)
    text: str = ""


@dataclass
class MatchView:
    code: str
    role: str  # "player" or "spectator"
    seat_name: str | None  # our seat's protocol name ('black', 'seat3'), None for spectators
    spec: GameSpec | None = None
    seat_token: str | None = None
    version: int = -1
    state: State | None = None
    info: dict = field(default_factory=dict)
    ended: dict | None = None
    pending: tuple[Any, Any, int] | None = None  # (mid, move, version) sent, not yet answered
    chat: list[tuple[str, str]] = field(default_factory=list)
    rematch: str | None = None  # code of the rematch once started
    away: dict[str, float] = field(default_factory=dict)  # seat -> when the server resigns it (monotonic)
    saved_key: tuple | None = None  # what the token store last heard (opponents, whose turn)

    def note_away(self, seat: object, online: object, abandon_in: object) -> None:
        """Start (or stop) the clock of a seat whose player left (``abandon_in`` seconds)."""
        if not isinstance(seat, str):
            return
        if online or not isinstance(abandon_in, (int, float)) or isinstance(abandon_in, bool):
            self.away.pop(seat, None)
        else:
            self.away[seat] = time.monotonic() + max(0.0, float(abandon_in))

    def away_text(self) -> str | None:
        """"Alice left: waiting for them to come back (2:41)" for the first opponent away."""
        if self.status != "playing" or self.ended is not None:
            return None
        names = self.names()
        for seat, deadline in self.away.items():
            if seat == self.seat_name:
                continue
            left = max(0, int(deadline - time.monotonic() + 0.999))
            i = self.seat_index(seat)
            who = names.get(i) if i is not None else None
            clock = f"{left // 60}:{left % 60:02d}"
            return _("{name} left: waiting for them to come back ({clock})").format(
                name=who or seat, clock=clock)
        return None

    def turn_words(self) -> str:
        """Whose turn, for the title screen's Continue: "your turn", "Bob's turn". These
        English words are what the token file keeps; ``SavedSeat.label`` translates them
        when it shows them."""
        if self.status == "waiting":
            return "waiting for an opponent"
        s = self.state
        if s is None or s.to_move is None or self.ended is not None:
            return ""
        if s.to_move == self.seat:
            return "your turn"
        name = self.names().get(s.to_move)
        return f"{name}'s turn" if name else ""

    def opponents(self) -> tuple[str, ...]:
        """The other players as the token file keeps them: a person's name, a computer
        as ``computer:<level>`` (shown in the language of the day, see client.tokens)."""
        mine, out = self.seat, []
        for p in self.info.get("players", []):
            i = self.seat_index(p.get("seat"))
            if i is None or i == mine:
                continue
            if isinstance(p.get("computer"), str):
                out.append((i, f"computer:{p['computer']}"))
            elif p.get("name"):
                out.append((i, str(p["name"])))
        return tuple(name for _i, name in sorted(out))

    def is_free(self, seat: int) -> bool:
        """Nobody holds this seat yet (nobody to be offline there)."""
        return any(self.seat_index(p.get("seat")) == seat and not p.get("name")
                   for p in self.info.get("players", []))

    @property
    def status(self) -> str:
        return self.info.get("status", "waiting")

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        """The match's seats in order: the game's own (their labels in the language in use)
        when they are the seats the server lists (protocol 2), else the server's."""
        own: tuple[SeatInfo, ...] = ()
        if self.spec is not None:
            options = self.state.options if self.state is not None else self.info.get("options")
            try:
                own = self.spec.seats(self.spec.options(options))
            except GameError:
                own = self.spec.seats(self.spec.options(None))
        listed = self.info.get("seats")
        if isinstance(listed, list) and listed:
            server = tuple(SeatInfo(s.get("name", f"seat{i + 1}"), s.get("label", s.get("name", "")),
                                    tuple(s.get("colour", (200, 200, 200)))) for i, s in enumerate(listed))
            return own if [s.name for s in own] == [s.name for s in server] else server
        return own

    def seat_index(self, name: object) -> int | None:
        for i, seat in enumerate(self.seat_infos()):
            if seat.name == name:
                return i
        return None

    @property
    def seat(self) -> int | None:
        """Our seat's number in the game (None: watching)."""
        return None if self.seat_name is None else self.seat_index(self.seat_name)

    def names(self) -> dict[int, str]:
        """Each seat's player as shown: the name, a computer by its level, a free seat."""
        out = {}
        for p in self.info.get("players", []):
            i = self.seat_index(p.get("seat"))
            if i is None:
                continue
            out[i] = player_label(p) or _("(free seat)")
        return out

    def online(self) -> dict[int, bool]:
        out = {}
        for p in self.info.get("players", []):
            i = self.seat_index(p.get("seat"))
            if i is not None:
                out[i] = bool(p.get("online"))
        return out

    @property
    def my_turn(self) -> bool:
        s = self.state
        return (self.role == "player" and s is not None and self.status == "playing" and self.seat is not None
                and s.to_move == self.seat and self.pending is None and self.ended is None)


class OnlineSession:
    def __init__(self, net: Transport, name: str, games: Registry | None = None, *,
                 tokens=None, server: str | None = None) -> None:
        """``tokens`` (a :class:`client.tokens.TokenStore`) keeps the session and seat
        tokens of ``server`` on disk, so a closed client gets back into its matches."""
        self.net = net
        self.tokens = tokens
        self.server = server
        self.public_url: str | None = None  # the address others use (hosting), for invite links
        self.resumed_seats: set[str] = set()
        self.name = name
        self.games = games if games is not None else builtin_games()
        self.protocol = 1
        self.offered: list[dict] = []  # the server's games (protocol 2 ``welcome``)
        self.connected = False
        self.net_state = "connecting"
        self.net_note = ""
        self.welcomed = False
        self.session: str | None = None
        self.lobby: dict[str, dict] = {}
        self.watching_lobby = False
        self.matches: dict[str, MatchView] = {}
        self.queued = False
        self.last_error: str = ""
        self._mids = itertools.count(1)
        self._mid_prefix = secrets.token_hex(3)
        self._rids = itertools.count(1)

    # -- actions --------------------------------------------------------------------
    def send(self, message: dict) -> None:
        self.net.send(message)

    def watch_lobby(self, on: bool = True) -> None:
        self.watching_lobby = on
        self.send({"type": "watch_lobby", "on": on})

    def create(self, game: str, options: dict, seat: str = "random", public: bool = True,
               computer: str | None = None, computers: dict[str, str] | None = None) -> None:
        """A new match of ``game``. ``computer``: the server's computer of that level takes
        every other seat; ``computers`` (protocol 2) names seats and levels one by one."""
        message = {"type": "create", "game": game, "options": dict(options), "seat": seat, "public": public}
        if computer:
            message["computer"] = computer
        elif computers:
            message["computers"] = dict(computers)
        self.send(message)

    def quick(self, game: str | None = None) -> None:
        self.queued = True
        self.send({"type": "quick"} if game is None else {"type": "quick", "game": game})

    def spec_of(self, game: object) -> GameSpec | None:
        """The spec of a match's game (a protocol-1 server names none: Alien City)."""
        try:
            return self.games.get(game if isinstance(game, str) else DEFAULT_GAME)
        except UnknownGame:
            return None

    def server_games(self) -> list[GameSpec]:
        """The games both this client and the server play (all ours on a protocol-1 server)."""
        if not self.offered:
            return list(self.games)
        ids = [g.get("id") for g in self.offered if isinstance(g, dict)]
        return [spec for spec in self.games if spec.id in ids]

    def join(self, code: str, spectator: bool = False) -> None:
        code = code.strip().upper()
        message = {"type": "join", "match": code}
        if spectator:
            message["as"] = "spectator"
        elif code not in self.resumed_seats:
            token = self.saved_token(code)
            if token:
                message["seat_token"] = token  # our seat from before the client closed
        self.send(message)

    # -- tokens on disk -------------------------------------------------------------
    def saved_token(self, code: str) -> str | None:
        if self.tokens is None or self.server is None:
            return None
        return self.tokens.seat_token(self.server, code)

    def _save_seat(self, view: MatchView) -> None:
        """Keep what the title screen's Continue says (opponents, whose turn) up to date."""
        if self.tokens is None or self.server is None or view.role != "player":
            return
        if view.ended is not None or view.status in ("over", "cancelled"):
            self.tokens.forget_match(self.server, view.code)
            return
        key = (view.opponents(), view.turn_words())
        if view.saved_key != key:
            view.saved_key = key
            self.tokens.touch(self.server, view.code, opponents=key[0], turn=key[1])

    def leave(self, code: str) -> None:
        self.send({"type": "leave", "match": code})
        self.matches.pop(code, None)

    def move(self, code: str, move: Move) -> bool:
        """Send ``move`` for our seat; False (nothing sent) when it is not ours to make."""
        view = self.matches.get(code)
        if view is None or not view.my_turn:
            return False
        mid = f"m{self._mid_prefix}-{next(self._mids)}"  # unique across restarts of the client
        view.pending = (mid, move, view.version)
        self.send({"type": "move", "match": code, "version": view.version, "mid": mid,
                   "move": view.spec.move_text(move)})
        return True

    def resign(self, code: str) -> None:
        self.send({"type": "resign", "match": code})

    def rematch(self, code: str) -> None:
        self.send({"type": "rematch", "match": code})

    def chat(self, code: str, text: str) -> None:
        text = text.strip()[:200]
        if text:
            self.send({"type": "chat", "match": code, "text": text})

    # -- messages -------------------------------------------------------------------
    def pump(self) -> list[Note]:
        notes: list[Note] = []
        for message in self.net.poll():
            notes.extend(self.handle(message))
        return notes

    def handle(self, m: dict) -> list[Note]:
        kind = m.get("type")
        handler = getattr(self, f"_on_{kind}", None) if isinstance(kind, str) else None
        if handler is None:
            return []
        return handler(m) or []

    def _on__net(self, m: dict) -> list[Note]:
        self.net_state = m.get("state", "")
        self.connected = self.net_state == "connected"
        if self.net_state == "lost":
            self.net_note = _("Connection lost: reconnecting (try {n})…").format(n=m.get("attempt", 1))
        elif self.net_state == "closed":
            # The network thread words its reasons in the language in use ("closed": we closed).
            reason = str(m.get("reason") or "closed")
            if reason == "closed":
                self.net_note = _("Disconnected.")
            elif not self.welcomed:
                self.net_note = reason[:1].upper() + reason[1:]
            else:
                self.net_note = _("Disconnected: {reason}").format(reason=reason)
        elif self.net_state == "connecting":
            self.net_note = _("Connecting…") if not self.welcomed else self.net_note
        return [Note("net", data=m)]

    def _on_welcome(self, m: dict) -> list[Note]:
        again = self.welcomed
        self.welcomed = True
        self.net_note = ""
        self.session = m.get("session")
        self.name = m.get("name", self.name)
        if self.tokens is not None and self.server is not None:
            if isinstance(self.session, str):
                self.tokens.set_session(self.server, self.session)
            self.resumed_seats = {s.get("match") for s in m.get("seats") or [] if isinstance(s, dict)}
            for ended in m.get("ended") or []:
                if isinstance(ended, dict) and isinstance(ended.get("match"), str):
                    self.tokens.forget_match(self.server, ended["match"])
        self.protocol = m.get("protocol", self.protocol) if isinstance(m.get("protocol"), int) else self.protocol
        if isinstance(m.get("games"), list):
            self.offered = [g for g in m["games"] if isinstance(g, dict)]
        if again:
            # Back after a lost connection: re-join every match where we left off.
            for code, view in list(self.matches.items()):
                msg = {"type": "join", "match": code}
                if view.role == "spectator":
                    msg["as"] = "spectator"
                elif not m.get("resumed") and view.seat_token:
                    msg["seat_token"] = view.seat_token
                if view.version >= 0:
                    msg["version"] = view.version
                self.send(msg)
            if self.watching_lobby:
                self.send({"type": "watch_lobby", "on": True})
        return [Note("welcome", data=m, text="resumed" if again else "")]

    def _on_lobby(self, m: dict) -> list[Note]:
        matches = m.get("matches")
        self.lobby = {i["code"]: i for i in matches} if isinstance(matches, list) else {}
        return [Note("lobby")]

    def _on_lobby_update(self, m: dict) -> list[Note]:
        info = m.get("match") or {}
        if "code" in info:
            self.lobby[info["code"]] = info
        return [Note("lobby")]

    def _on_lobby_gone(self, m: dict) -> list[Note]:
        self.lobby.pop(m.get("match"), None)
        return [Note("lobby")]

    def _on_queued(self, m: dict) -> list[Note]:
        self.queued = True
        return [Note("queued")]

    def _on_joined(self, m: dict) -> list[Note]:
        code = m["match"]
        self.queued = False
        view = self.matches.get(code)
        seat = m.get("seat") or None
        if view is None:
            view = self.matches[code] = MatchView(code, m.get("role", "player"), seat)
        view.role, view.seat_name = m.get("role", view.role), seat if seat is not None else view.seat_name
        if "game" in m or view.spec is None:
            view.spec = self.spec_of(m.get("game"))
        if m.get("seat_token"):
            view.seat_token = m["seat_token"]
            if self.tokens is not None and self.server is not None and seat:
                self.tokens.remember_seat(self.server, code, seat, m["seat_token"],
                                          game=view.spec.id if view.spec else str(m.get("game", DEFAULT_GAME)))
        elif view.seat_token is None and view.role == "player":
            view.seat_token = self.saved_token(code)
        return [Note("joined", code, data=m)]

    def _on_sync(self, m: dict) -> list[Note]:
        code = m["match"]
        view = self.matches.get(code)
        if view is None:
            return []
        view.info = m.get("info") or view.info
        spec = view.spec = self.spec_of(view.info.get("game")) or view.spec
        if spec is None:
            return [Note("error", code, text=_("This version of the game cannot show that game."))]
        if m.get("mode") == "snapshot":
            view.state = spec.state_from_dict(m["state"])
        else:
            for moved in m.get("moves") or []:
                if moved.get("version", 0) > view.version and view.state is not None:
                    view.state, _events = view.state.play(spec.parse_move(moved["move"]))
                    view.version = moved["version"]
        view.version = m.get("version", view.version)
        if view.pending is not None:
            # Was our move played before the connection dropped? The history says.
            mid = view.pending[0]
            played = any(mv.get("mid") == mid for mv in m.get("moves") or [])
            if played or view.pending[2] != view.version:
                view.pending = None
        if m.get("ended"):
            view.ended = m["ended"]
        for p in view.info.get("players", []):
            view.note_away(p.get("seat"), p.get("online"), p.get("abandon_in"))
        self._save_seat(view)
        return [Note("synced", code)]

    def _on_moved(self, m: dict) -> list[Note]:
        code = m["match"]
        view = self.matches.get(code)
        if view is None or view.state is None:
            return []
        if m.get("version", 0) <= view.version:
            return []  # already have it (a sync brought it)
        if m.get("version") != view.version + 1:
            self.send({"type": "get_state", "match": code})
            return []
        before = view.state
        move = view.spec.parse_move(m["move"])
        view.state, events = before.play(move)
        view.version = m["version"]
        if view.pending is not None and view.pending[0] == m.get("mid"):
            view.pending = None
        self._save_seat(view)
        return [Note("moved", code, data=m, move=move, before=before, after=view.state, events=events)]

    def _on_ended(self, m: dict) -> list[Note]:
        view = self.matches.get(m.get("match"))
        if view is not None:
            view.ended = m
            view.pending = None
            view.info = dict(view.info, status="over")
            view.away.clear()
            self._save_seat(view)
        return [Note("ended", m.get("match"), data=m)]

    def _on_presence(self, m: dict) -> list[Note]:
        view = self.matches.get(m.get("match"))
        if view is not None:
            for p in view.info.get("players", []):
                if p.get("seat") == m.get("seat"):
                    p["online"] = m.get("online")
                    p["name"] = m.get("name", p.get("name"))
                    p["abandon_in"] = m.get("abandon_in")
            view.note_away(m.get("seat"), m.get("online"), m.get("abandon_in"))
        return [Note("presence", m.get("match"), data=m)]

    def _on_match_info(self, m: dict) -> list[Note]:
        view = self.matches.get(m.get("match"))
        if view is not None:
            view.info = m.get("info") or view.info
            for p in view.info.get("players", []):
                if p.get("seat") not in view.away or p.get("online"):
                    view.note_away(p.get("seat"), p.get("online"), p.get("abandon_in"))
            self._save_seat(view)
        return [Note("info", m.get("match"), data=m)]

    def _on_chat(self, m: dict) -> list[Note]:
        view = self.matches.get(m.get("match"))
        if view is not None:
            view.chat.append((m.get("name", "?"), m.get("text", "")))
            del view.chat[:-50]
        return [Note("chat", m.get("match"), data=m)]

    def _on_rematch_offer(self, m: dict) -> list[Note]:
        return [Note("rematch_offer", m.get("match"), data=m)]

    def _on_rematch_started(self, m: dict) -> list[Note]:
        view = self.matches.get(m.get("match"))
        if view is not None:
            view.rematch = m.get("new_match")
        return [Note("rematch", m.get("match"), data=m)]

    def _on_error(self, m: dict) -> list[Note]:
        code = m.get("match")
        view = self.matches.get(code) if code else None
        pending = view.pending if view is not None else None
        text = refusal_text(m, view.state if view is not None else None,
                            pending[1] if pending is not None else None,
                            view.seat if view is not None else None)
        if self.tokens is not None and self.server is not None and code and \
                m.get("code") in ("bad_token", "game_over", "unknown_match", "seat_taken"):
            self.tokens.forget_match(self.server, code)  # nothing left to continue there
        if view is not None:
            if m.get("code") == "duplicate_move":
                view.pending = None
                self.send({"type": "get_state", "match": code})
            elif m.get("code") in ("illegal_move", "stale_state", "not_your_turn", "bad_move",
                                   "game_over", "not_running", "not_seated"):
                view.pending = None
                if m.get("code") == "stale_state":
                    self.send({"type": "get_state", "match": code})
        self.last_error = text
        return [Note("error", code, data=m, text=text)]
