"""The online session as the game loop sees it: what the server said, nothing guessed.

``OnlineSession`` turns server messages into plain state (lobby list, matches with
their position as a contract ``State`` of the match's game, seats, versions, chat) and
into ``Note``s the scenes react to. It knows games only through the contract: a
match's ``game`` names its spec in the session's registry (``alien-city`` when a
protocol-1 server does not say), seats are numbered in the spec's order. A move is shown
as made only when the server's ``moved`` arrives; until then it is ``pending``; a refusal
clears it and carries the reason. After a reconnection the session re-joins every match
with its last version (and its seat token when the server no longer knows the session),
so the board resynchronises by itself. One match's state (``MatchView``), ``Note`` and
``player_label`` live in ``client.matchview`` and are re-exported here. No pygame here.
"""

from __future__ import annotations

import itertools
import secrets
import time
from typing import Any, Protocol

from shared.gamekit.api import GameSpec
from shared.gamekit.registry import Registry, UnknownGame, builtin_games
from shared.i18n import domain
from shared.wire import ErrorCode

from .matchview import ChatLine, MatchView, Note, player_label
from .online_accounts import LAG_CAP_MS, Accounts, ToAccounts
from .refusals import refusal_text

__all__ = ["DEFAULT_GAME", "ChatLine", "MatchView", "Note", "OnlineSession", "Transport", "player_label"]

_, N_, ngettext, pgettext = domain("online")

DEFAULT_GAME = "alien-city"  # what a protocol-1 server plays

# Refusals after which a saved seat has nothing left to continue.
GONE = frozenset({ErrorCode.BAD_TOKEN, ErrorCode.GAME_OVER, ErrorCode.UNKNOWN_MATCH,
                  ErrorCode.SEAT_TAKEN})
# Refusals of a move: it was not played (the pending move is dropped).
MOVE_REFUSED = frozenset({ErrorCode.ILLEGAL_MOVE, ErrorCode.STALE_STATE, ErrorCode.NOT_YOUR_TURN,
                          ErrorCode.BAD_MOVE, ErrorCode.GAME_OVER, ErrorCode.NOT_RUNNING,
                          ErrorCode.NOT_SEATED})


class Transport(Protocol):
    """The connection a session talks through (:class:`client.net.NetClient`)."""

    url: str            # the server's address
    name: str           # the name and key its next hello says (reconnecting)
    key: str | None

    def send(self, message: dict) -> None: ...
    def poll(self) -> list[dict]: ...


class OnlineSession:
    # names, ratings, the archive and the lag: the accounts part's (client.online_accounts)
    signed_in, transfer_code, leaderboards, profiles, records, archives, lag_ms, hello_refused = (
        ToAccounts() for _ in range(8))
    register, transfer_start, transfer_redeem, ask_leaderboard, ask_profile, ask_archive, ask_record, ping, \
        keep_measuring = (ToAccounts() for _ in range(9))

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
        self.tv_info: dict | None = None  # the answer to our last ``tv`` (its match, players)
        self.accounts = Accounts(self)

    # -- actions --------------------------------------------------------------------
    def send(self, message: dict) -> None:
        self.net.send(message)

    def watch_lobby(self, on: bool = True) -> None:
        self.watching_lobby = on
        self.send({"type": "watch_lobby", "on": on})

    def create(self, game: str, options: dict, seat: str = "random", public: bool = True,
               computer: str | None = None, computers: dict[str, str] | None = None, *,
               rated: bool = False, clock: str | None = None) -> None:
        """A new match of ``game``. ``computer``: the server's computer of that level takes
        every other seat; ``computers`` (protocol 2) names seats and levels one by one;
        ``rated`` and ``clock`` (``"5+3"``, ``"corr:2"``) only when asked for."""
        message = {"type": "create", "game": game, "options": dict(options), "seat": seat, "public": public}
        message.update(_timing(rated, clock))
        if computer:
            message["computer"] = computer
        elif computers:
            message["computers"] = dict(computers)
        self.send(message)

    def quick(self, game: str | None = None, *, rated: bool = False, clock: str | None = None,
              options: dict | None = None) -> None:
        """Ask to be paired; ``options`` (with the seat count) only meet the same options."""
        self.queued = True
        message = {"type": "quick"} if game is None else {"type": "quick", "game": game}
        if options is not None and game is not None:
            message["options"] = dict(options)
        self.send(message | _timing(rated, clock))

    def tv(self, game: str, on: bool = True) -> None:
        """Watch ``game``'s TV (docs/protocol.md, *TV*): the server answers its best live
        match and makes us its spectator. The match TV showed us before is dropped here,
        as the server detaches us from it."""
        shown = (self.tv_info or {}).get("match")
        view = self.matches.get(shown) if isinstance(shown, str) else None
        if view is not None and view.role == "spectator":
            self.matches.pop(shown)
        self.tv_info = None
        self.send({"type": "tv", "game": game, "on": on, "rid": next(self._rids)})

    def spec_of(self, game: object) -> GameSpec | None:
        """The spec of a match's game (a protocol-1 server names none: Alien City)."""
        try:
            return self.games.get(game if isinstance(game, str) else DEFAULT_GAME)
        except UnknownGame:
            return None

    def game_title(self, game: object) -> str:
        """A match's game as players read it: its title, else the id the server sent."""
        spec = self.spec_of(game)
        return spec.title if spec is not None else str(game)

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
        key = (view.opponents(), view.turn_words(), view.my_deadline())
        if view.saved_key != key:
            view.saved_key = key
            self.tokens.touch(self.server, view.code, opponents=key[0], turn=key[1], deadline=key[2])

    def leave(self, code: str) -> None:
        self.send({"type": "leave", "match": code})
        self.matches.pop(code, None)

    def move(self, code: str, move: Any) -> bool:
        """Send ``move`` for our seat; False (nothing sent) when it is not ours to make."""
        view = self.matches.get(code)
        if view is None or not view.my_turn:
            return False
        mid = f"m{self._mid_prefix}-{next(self._mids)}"  # unique across restarts of the client
        view.pending = (mid, move, view.version)
        message = {"type": "move", "match": code, "version": view.version, "mid": mid,
                   "move": view.spec.move_text(move)}
        if view.clock.timed and not view.clock.correspondence:
            message["lag"] = min(LAG_CAP_MS, self.lag_ms)  # forgiven by the server, within its quota
        self.send(message)
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
        self.keep_measuring(any(v.clock.timed and v.ended is None for v in self.matches.values()))
        return notes

    def handle(self, m: dict) -> list[Note]:
        kind = m.get("type")
        name = f"_on_{kind}" if isinstance(kind, str) else ""
        handler = getattr(self, name, None) or getattr(self.accounts, name, None) if name else None
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
        self.accounts.welcomed_as(m)
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
        view.clock.update(m.get("clock"), time.monotonic())
        if m.get("ended"):
            view.ended = m["ended"]
            view.clock.stop(view.seat_names(), time.monotonic())
        heard = view.history(m.get("chat"))  # what was said while we were away
        for p in view.info.get("players", []):
            view.note_away(p.get("seat"), p.get("online"), p.get("abandon_in"))
        self._save_seat(view)
        return [Note("synced", code, data={"chat_new": heard})]

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
        view.clock.update(m.get("clock"), time.monotonic())
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
            view.clock.stop(view.seat_names(), time.monotonic())
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
        code = m.get("match")
        view = self.matches.get(code)
        if view is not None:
            was = view.status
            view.info = m.get("info") or view.info
            for p in view.info.get("players", []):
                if p.get("seat") not in view.away or p.get("online"):
                    view.note_away(p.get("seat"), p.get("online"), p.get("abandon_in"))
            if isinstance(m.get("clock"), dict) and view.ended is None:  # running from the start
                view.clock.update(m["clock"], time.monotonic())
            elif was == "waiting" and view.status == "playing" and view.info.get("clock"):
                self.send({"type": "get_state", "match": code})  # a server whose match_info has none
            self._save_seat(view)
        return [Note("info", m.get("match"), data=m)]

    def _on_chat(self, m: dict) -> list[Note]:
        view = self.matches.get(m.get("match"))
        if view is not None:
            view.hear(ChatLine.of(m))
        return [Note("chat", m.get("match"), data=m)]

    def _on_rematch_offer(self, m: dict) -> list[Note]:
        return [Note("rematch_offer", m.get("match"), data=m)]

    def _on_rematch_started(self, m: dict) -> list[Note]:
        view = self.matches.get(m.get("match"))
        if view is not None:
            view.rematch = m.get("new_match")
        return [Note("rematch", m.get("match"), data=m)]

    def _on_tv(self, m: dict) -> list[Note]:
        """Our ``tv``'s answer (it has our ``rid``; its ``joined`` and ``sync`` follow), or
        a push about the next match (only news: asking again moves us)."""
        answer = m.get("rid") is not None
        if answer:
            self.tv_info = m
        return [Note("tv", data=m, text="answer" if answer else "push")]

    def _on_error(self, m: dict) -> list[Note]:
        code = m.get("match")
        view = self.matches.get(code) if code else None
        pending = view.pending if view is not None else None
        text = refusal_text(m, view.state if view is not None else None,
                            pending[1] if pending is not None else None,
                            view.seat if view is not None else None)
        refused = self.accounts.name_refused(m, text)
        if refused is not None:
            return refused
        error = ErrorCode.parse(m.get("code"))
        if self.tokens is not None and self.server is not None and code and error in GONE:
            self.tokens.forget_match(self.server, code)  # nothing left to continue there
        if view is not None:
            if error == ErrorCode.DUPLICATE_MOVE:
                view.pending = None
                self.send({"type": "get_state", "match": code})
            elif error in MOVE_REFUSED:
                view.pending = None
                if error == ErrorCode.STALE_STATE:
                    self.send({"type": "get_state", "match": code})
        self.last_error = text
        return [Note("error", code, data=m, text=text)]


def _timing(rated: bool, clock: str | None) -> dict:
    """The ``rated``/``clock`` fields of a create or quick (none when casual and untimed,
    so an older server is asked nothing new)."""
    out: dict = {"rated": True} if rated else {}
    if clock:
        out["clock"] = clock
    return out
