"""Reading the cluster's event streams (the global one and the match groups' streams):
the part of :class:`~.redis_store.RedisStore` that :class:`~.fanout.EventFeed` uses, and
the :class:`Event` it delivers. Kept apart from the store's writes and match reads."""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..store import StoreError
from .relay import stream_order
from .resp import ReplyError, Unavailable

if TYPE_CHECKING:
    from .resp import RespClient


class StreamReads:
    """The event stream reads of :class:`~.redis_store.RedisStore` (a base class of it)."""

    if TYPE_CHECKING:  # the store's
        _r: Any
        _feed: RespClient | None
        _closed: bool
        path: str

        def _k(self, *parts: Any) -> str: ...

        async def _guard(self, awaitable: Any) -> Any: ...

    async def last_event(self, stream: str | None = None) -> str:
        """The id of the newest event of ``stream`` (default: the global one; '0-0' if
        none): read it *before* loading matches, then follow the feed from there, and no
        change falls between the two. (A match's group is followed from the mark read
        with the match: :attr:`on_read`.)"""
        newest = await self._guard(self._r.xrevrange(stream or self._k("events"), count=1))
        return newest[0][0] if newest else "0-0"

    async def events_lost(self, after: dict[str, str]) -> dict[str, str | None]:
        """The streams (of ``after``: stream -> the last id read) that dropped events after
        that id (each is capped), each with the id to read on from: ``None`` (from the
        oldest left), or the last one made when none is left. Trimming drops the oldest:
        a stream that dropped some (Redis 7 counts the entries ever added) lost some after
        that id when the oldest entry left (or, none left, the last made) is newer (a node
        that read exactly up to the cut rereads once for nothing)."""
        keys = list(after)
        infos = await self._infos(keys)
        lost: dict[str, str | None] = {}
        for key, info in zip(keys, infos):
            if isinstance(info, Exception):
                continue  # no such stream yet: nothing written, nothing dropped
            first = info.get("first-entry")
            newest = first[0] if first else info.get("last-generated-id") or "0-0"
            if info.get("entries-added", -1) == info.get("length"):
                continue  # nothing dropped yet (a group read from "0-0" before it existed)
            if stream_order(newest) > stream_order(after[key]):
                lost[key] = None if first else newest
        return lost

    async def _infos(self, keys: list[str]) -> list[Any]:
        """``XINFO STREAM`` of each key, as dicts (an exception for a key with no stream),
        in one round trip: on the feed's lean connection when there is one (the feed asks
        between two of its reads, so the connection is idle; redis-py's parsing of 17
        replies a second was a node's CPU taken from its moves)."""
        if self._feed is None:
            pipe = self._r.pipeline(transaction=False)
            for key in keys:
                pipe.xinfo_stream(key)
            return list(await self._guard(pipe.execute(raise_on_error=False)))
        if self._closed:
            raise StoreError("the match store is closed")
        got = await asyncio.gather(*(self._feed.call("XINFO", "STREAM", key) for key in keys),
                                   return_exceptions=True)
        infos: list[Any] = []
        for reply in got:
            if isinstance(reply, Unavailable):
                raise StoreError(f"the match store (Redis {self.path}) failed: {reply}")
            if isinstance(reply, BaseException):
                infos.append(reply)  # (ReplyError: no such key)
            else:
                infos.append({reply[i]: reply[i + 1] for i in range(0, len(reply), 2)})
        return infos

    async def events(self, after: dict[str, str], block_ms: int = 1000,
                     count: int = 500) -> list[Event]:
        """The events after the given id of each stream (``after``: stream -> id), each
        stream's in its order (waiting up to ``block_ms`` for one)."""
        keys = list(after)
        if self._feed is None:
            got = await self._guard(self._r.xread(after, count=count, block=block_ms))
            entries = [(stream, event_id, f["e"]) for stream, batch in got or ()
                       for event_id, f in batch]
        else:  # the lean connection: RESP2 replies, fields as a flat list
            if self._closed:
                raise StoreError("the match store is closed")
            try:
                got = await self._feed.call("XREAD", "COUNT", count, "BLOCK", block_ms, "STREAMS",
                                            *keys, *(after[k] for k in keys),
                                            wait=block_ms / 1000)
            except (Unavailable, ReplyError) as exc:
                raise StoreError(f"the match store (Redis {self.path}) failed: {exc}") from None
            entries = [(stream, event_id, f[f.index("e") + 1]) for stream, batch in got or ()
                       for event_id, f in batch]
        out = []
        for stream, event_id, text in entries:
            kind, match_id, version, data, end = json.loads(text)
            out.append(Event(event_id, kind, int(match_id), int(version), data, end,
                             _text(stream)))
        return out


@dataclass(frozen=True)
class Event:
    """One change as the event streams tell it. ``kind``: ``match`` (created; data = the
    meta, ``end`` = its group mark: the group's newest id before it), ``seat`` (version =
    the seat number; data = [name, token_hash, session_hash, computer]), ``step``
    (version = the step's; data = [version, seat, mid, move, kind]; ``end`` = the match's
    end if the step ended it) or ``status`` (data = status, reason, winner, ranking)."""

    id: str
    kind: str
    match_id: int
    version: int
    data: Any
    end: Any = None
    stream: str = ""  # the stream it was read from (the global one, or its match's group)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value

