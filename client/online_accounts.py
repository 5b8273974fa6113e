"""Names, ratings, the archive and the lag measure on the wire, for ``OnlineSession``.

A part the session holds (``session.accounts``; the session forwards its names):
``client.online`` keeps the connection and the match messages; this keeps the player's
side of *Names and ratings* (docs/protocol.md): signing in with the key kept in the
identity file (``shared.online.identity``, mode 0600, beside the session tokens),
``register``/``transfer_*``, the leaderboards, profiles, archive pages and records, and
``ping`` round trips whose time is the lag a timed ``move`` reports. No pygame here.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from shared.i18n import domain
from shared.online.identity import FILE_NAME, load_identities, save_identity
from shared.wire import PROTOCOL_VERSION, ErrorCode

from .matchview import Note

if TYPE_CHECKING:
    from .tokens import TokenStore

_, N_, ngettext, pgettext = domain("online")

PING_EVERY_S = 10.0  # while a timed match is open: the lag a move reports stays fresh
LAG_CAP_MS = 60_000  # the protocol's bound for ``move.lag``
# Refusals of the hello's name: the session goes on as a guest under another name.
HELLO_REFUSED = frozenset({ErrorCode.SIGN_IN_FAILED, ErrorCode.NAME_TAKEN})


def identity_path(tokens: "TokenStore | None") -> Path | None:
    """The identity file beside the token store's file (None without a store)."""
    return tokens.path.parent / FILE_NAME if tokens is not None else None


def saved_identity(tokens: "TokenStore | None", server: str) -> dict[str, str] | None:
    """``{"name", "secret"}`` this computer keeps for ``server``, or None."""
    path = identity_path(tokens)
    return load_identities(path).get(server) if path is not None else None


class AccountsHost(Protocol):
    """The session, as its accounts part sees it."""

    net: Any
    tokens: Any
    server: str | None
    name: str
    welcomed: bool
    watching_lobby: bool
    _mid_prefix: str
    _rids: Iterator[int]

    def send(self, message: dict) -> None: ...


class Accounts:
    """The accounts part of :class:`client.online.OnlineSession` (see the module)."""

    def __init__(self, host: AccountsHost) -> None:
        self.host = host
        self.signed_in = False
        self.transfer_code: str | None = None
        self.leaderboards: dict[tuple[str, int], dict] = {}
        self.profiles: dict[str, dict] = {}
        self.records: dict[str, dict] = {}
        # archive pages by (page, player, game) as asked: the archive browser's lists
        self.archives: dict[tuple[int, str | None, str | None], dict] = {}
        self.lag_ms = 0
        self._last_ping = -PING_EVERY_S
        self.hello_refused = ""  # why our saved name was not accepted (we play as a guest)

    def send(self, message: dict) -> None:
        self.host.send(message)

    # -- actions ----------------------------------------------------------------------------
    def register(self, name: str) -> None:
        self.send({"type": "register", "name": name})

    def transfer_start(self) -> None:
        self.send({"type": "transfer_start"})

    def transfer_redeem(self, name: str, code: str) -> None:
        self.send({"type": "transfer_redeem", "name": name, "code": code})

    def ask_leaderboard(self, game: str, seats: int, page: int = 0) -> None:
        self.send({"type": "leaderboard", "game": game, "seats": seats, "page": page,
                   "provisional": True})

    def ask_profile(self, name: str) -> None:
        self.send({"type": "profile", "name": name})

    def ask_archive(self, page: int = 0, player: str | None = None, game: str | None = None) -> None:
        """A page of finished matches, newest first (by ``player``, of ``game``, if given)."""
        message: dict[str, Any] = {"type": "archive", "page": page}
        if player:
            message["player"] = player
        if game:
            message["game"] = game
        self.send(message)

    def ask_record(self, match: str) -> int:
        """Ask for a match's record; the request id its answer (or refusal) carries."""
        rid = next(self.host._rids)
        self.send({"type": "get_record", "match": match, "rid": rid})
        return rid

    def ping(self, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        self._last_ping = now
        self.send({"type": "ping", "t": now})

    def keep_measuring(self, timed: bool) -> None:
        """Ping every few seconds while a timed match is open (the lag ``move`` reports)."""
        now = time.monotonic()
        if timed and self.host.welcomed and now - self._last_ping >= PING_EVERY_S:
            self.ping(now)

    # -- answers ----------------------------------------------------------------------------
    def welcomed_as(self, m: dict) -> None:
        self.signed_in = bool(m.get("signed_in"))
        if self.hello_refused and self.host.watching_lobby:
            self.send({"type": "watch_lobby", "on": True})  # refused before the second hello
        self.ping()

    def _use_name(self, name: str, key: str | None) -> None:
        """The name (and key) every later ``hello`` of this session says."""
        self.host.name = name
        self.host.net.name, self.host.net.key = name, key

    def name_refused(self, m: dict, text: str) -> list[Note] | None:
        """Our saved name was refused at ``hello``: go on as a guest (the connection
        waits for another hello), and say why."""
        if self.host.welcomed or m.get("match"):
            return None
        code = ErrorCode.parse(m.get("code"))
        if code == ErrorCode.HELLO_FIRST and self.hello_refused:
            return []  # what we sent before our second hello: sent again once welcomed
        if code not in HELLO_REFUSED:
            return None
        guest = _("Guest {tag}").format(tag=self.host._mid_prefix[:4].upper())[:24]
        self._use_name(guest, None)
        self.hello_refused = text
        self.send({"type": "hello", "v": PROTOCOL_VERSION, "name": guest})
        return [Note("error", data=m, text=text)]

    def _on_registered(self, m: dict) -> list[Note]:
        name, key = str(m.get("name") or self.host.name), m.get("key")
        if isinstance(key, str) and key:
            path = identity_path(self.host.tokens)
            if path is not None and self.host.server is not None:
                save_identity(path, self.host.server, name, key)
            self._use_name(name, key)
        self.signed_in, self.hello_refused, self.transfer_code = True, "", None
        return [Note("registered", data=m)]

    def _on_transfer(self, m: dict) -> list[Note]:
        self.transfer_code = str(m.get("code") or "") or None
        return [Note("transfer", data=m)]

    def _on_leaderboard(self, m: dict) -> list[Note]:
        key = (str(m.get("game")), int(m.get("seats") or 2))
        self.leaderboards[key] = m
        return [Note("leaderboard", data=m)]

    def _on_profile(self, m: dict) -> list[Note]:
        self.profiles[str(m.get("name"))] = m
        return [Note("profile", data=m)]

    def _on_archive(self, m: dict) -> list[Note]:
        page = m.get("page")
        key = (page if isinstance(page, int) else 0, _text_or_none(m.get("player")),
               _text_or_none(m.get("game")))
        self.archives[key] = m
        return [Note("archive", data=m)]

    def _on_record(self, m: dict) -> list[Note]:
        self.records[str(m.get("match"))] = m
        return [Note("record", m.get("match"), data=m)]

    def _on_pong(self, m: dict) -> list[Note]:
        sent = m.get("t")
        if isinstance(sent, (int, float)) and not isinstance(sent, bool):
            rtt = max(0, round((time.monotonic() - sent) * 1000))
            # smoothed: one slow round trip does not claim the whole quota
            self.lag_ms = min(LAG_CAP_MS, rtt if not self.lag_ms else (self.lag_ms * 3 + rtt) // 4)
        return []


def _text_or_none(value: object) -> str | None:
    return value if isinstance(value, str) and value else None


class ToAccounts:
    """A session's name that is its accounts part's (``session.lag_ms`` reads and writes
    ``session.accounts.lag_ms``): the session's users keep asking the session."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, session: Any, owner: type | None = None) -> Any:
        return self if session is None else getattr(session.accounts, self.name)

    def __set__(self, session: Any, value: Any) -> None:
        setattr(session.accounts, self.name, value)
