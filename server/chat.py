"""A match's chat history: the last ``CHAT_HISTORY`` lines, kept in the store with the match
and sent in every ``sync``, so a player who reconnects (or a spectator who arrives late)
reads what was said.

The history is read from the store the first time a client joins the match on this server
(``ensure``), not when the match is rebuilt: most restored matches are never chatted in.
A cluster node that hears a line from another node adds it with :meth:`ChatLog.heard`;
lines are told apart by their time, seat and text, so a line that was both read from the
store and heard from the feed is kept once.
"""

from __future__ import annotations

import logging
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from shared.wire import ErrorCode, Scope
from shared.wire.limits import CHAT_HISTORY

from .store import StoreError

if TYPE_CHECKING:
    from .connection import Connection
    from .match import Match

log = logging.getLogger("alien_city.server")


def _key(line: dict) -> tuple[Any, Any, Any]:
    return line.get("t"), line.get("seat"), line.get("text")


class ChatLog:
    """The lines said in one match, oldest first (each ``{seat, name, text, t}``)."""

    __slots__ = ("lines", "loaded")

    def __init__(self) -> None:
        self.lines: deque[dict] = deque(maxlen=CHAT_HISTORY)
        self.loaded = False

    def heard(self, line: dict) -> None:
        """A line said in the match (here or on another node)."""
        entry = {"seat": line["seat"], "name": line["name"], "text": line["text"],
                 "t": line.get("t")}
        if _key(entry) not in {_key(old) for old in self.lines}:
            self.lines.append(entry)

    def history(self) -> list[dict]:
        return list(self.lines)

    async def ensure(self, match: Match) -> None:
        """Read the stored history once (a failing store leaves it for the next join)."""
        if self.loaded or match.record_id is None:
            return
        try:
            stored = await match.store.chat_lines(match.record_id)
        except StoreError as exc:
            log.error("match %s: chat history cannot be read: %s", match.code, exc)
            return
        here = list(self.lines)  # heard before the store answered
        self.lines.clear()
        for line in stored + here:
            self.heard(line)
        self.loaded = True


def chat_line(match: Match, conn: Connection, msg: dict) -> dict | None:
    """The ``chat`` broadcast for ``msg`` if its sender may say it now, else ``None``
    after answering (spectators only read; the chat rate limit)."""
    rid = msg.get("rid")
    seat = match._acting_seat(conn, rid)
    if seat is None:
        return None
    if not conn.chat_bucket.take():
        match.reject(conn, ErrorCode.RATE_LIMITED, "Too many chat lines; wait a few seconds.", rid,
                     scope=Scope.CHAT)
        return None
    holder = match.seats[seat]
    return {"type": "chat", "match": match.code, "seat": match.seat_names[seat],
            "name": holder.name if holder else "", "text": msg["text"],
            "version": match.version, "t": round(time.time(), 3)}


def say(match: Match, conn: Connection, line: dict, rid: int | None) -> None:
    """Tell everyone a line (kept in the history), the other nodes too, then ``ok``."""
    match.chat_log.heard(line)
    match.broadcast(line)
    if match.relay is not None:
        match.relay.chat(match, line)
    match.ok(conn, "chat", rid)
