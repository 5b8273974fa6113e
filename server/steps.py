"""How a step becomes a match's: its own steps accepted and announced, and steps it did
not make itself (replayed at a restart, or stored by another writer such as another node
of a cluster) applied the same way. A part held by :class:`server.match.Match`
(``match.steps``), so the match class stays small.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any, Callable

from shared.wire import ErrorCode, encode

from .store import MOVE, RESIGN, End, MoveRecord, StoreError

if TYPE_CHECKING:
    from shared.gamekit import State

    from .match import Match

log = logging.getLogger("alien_city.server")


class MatchSteps:
    """A match's steps: accepted, announced, caught up with, replayed."""

    def __init__(self, match: Match) -> None:
        self.match = match

    def accept(self, seat: int, mid: Any, state: State, events: list[dict], text: str | None,
               kind: str = MOVE) -> dict:
        """A stored step becomes the match's: version, catch-up log, announcement."""
        match = self.match
        match.state = state
        match.version += 1
        if mid is not None:
            match.mids[seat][mid] = match.version
        moved = {"type": "moved", "match": match.code, "version": match.version,
                 "seat": match.seat_names[seat], "mid": mid, "move": text, "kind": kind,
                 "events": events, "turn": state.turn(), "to_move": match.to_move()}
        if match.clock is not None:
            moved["clock"] = match.clock.info()
        frame = encode(moved)
        match.log.append(frame)
        holder = match.seats[seat]
        match.broadcast(frame, holder.session if holder is not None else None)
        return moved

    async def caught_up(self, refuse: Callable[..., None], failed: str) -> bool:
        """After a :class:`StaleVersion`: apply what the other writer stored. ``True`` if
        the match still runs (the caller refuses or retries on the new version); else a
        refusal was answered (the match ended meanwhile, or the store failed)."""
        try:
            await self.catch_up()
        except StoreError as exc:
            log.error("match %s: cannot read the steps another node stored: %s", self.match.code, exc)
            refuse(ErrorCode.SERVER_ERROR, f"{failed}, so it was not played. Try again later.")
            return False
        return self.match.running(refuse, "The match has not started: waiting for players.")

    async def catch_up(self) -> int:
        """Apply and announce the steps stored after this copy's version by another
        writer (another node of a cluster). Call with the lock held; how many were
        applied. Raises :class:`StoreError` when the store cannot be read."""
        match = self.match
        applied = 0
        for step in await match.store.steps_since(match.record_id, match.version):
            if not match.live or step.version != match.version + 1:
                break
            self.apply_remote(step)
            applied += 1
        match.behind = False
        return applied

    def apply_remote(self, step: MoveRecord, end: End | None = None) -> None:
        """A step another writer stored for version ``match.version + 1``: played on the
        position and announced exactly like a step of this copy's own (``moved``, then
        ``ended`` if it ended the match). ``end`` is the stored end, if known; else the
        game says. Call with the lock held."""
        match = self.match
        if step.kind == RESIGN:
            state, events = match.state.resign(step.seat)
            if end is None and state.is_over():
                end = match.end_of(state, "resigned")
            match.apply_resign(step.seat, state, events, end)
            return
        move, text = match.moves.read(step.move)
        state, events = match.state.play(move, step.seat)
        if match.clock is not None:  # the mover's node's clock, the next turn from now
            match.clock.follow(step.seat, state.to_move, step.clock)
        self.accept(step.seat, step.mid, state, events, text)
        end = end if end is not None else match.end_of(state, "finished")
        if end is not None:
            match.end(end)
        else:
            match.computers.wake()

    # -- restoring ------------------------------------------------------------------------
    def replay(self, steps: list[MoveRecord]) -> None:
        """Rebuild the position and the catch-up log from stored steps, on the game."""
        match = self.match
        for m in steps:
            if m.version != match.version + 1:
                raise ValueError(f"stored steps jump from {match.version} to {m.version}")
            if m.kind == RESIGN:  # no announcements: nobody is attached yet
                state, events = match.state.resign(m.seat)
                match.resigned.append(m.seat)
                if state.is_over():
                    match.state = state
                else:
                    self.accept(m.seat, None, state, events, None, RESIGN)
                continue
            move, text = match.moves.read(m.move)
            state, events = match.state.play(move, m.seat)
            self.accept(m.seat, m.mid, state, events, text)
