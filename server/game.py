"""The few things the server says about a game, all derived from the game contract.

The rules live in ``shared/`` behind :class:`~shared.gamekit.api.GameSpec` and
:class:`~shared.gamekit.api.State`; a match only ever talks to those. This module holds
the server's own conventions on top of them (how many seats a match may have, who "the
winner" is for protocol-1 fields, what a game record's headers are), so that match,
matchmaking and lobby agree without repeating them.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence
from weakref import WeakKeyDictionary, ref

from shared.gamekit import BadOptions, GameSpec, SeatInfo
from shared.gamekit.termination import termination

MIN_SEATS, MAX_SEATS = 2, 8  # what the protocol, the lobby lists and the client lay out
MOVES_KEPT = 4096  # move texts a game's reader remembers; a client sending junk only refills it


class MoveReader:
    """A game's moves as clients send them, read once: text -> (move, canonical text).

    Moves are hashable values equal by content (the game contract), so a text always
    reads as the same move: the thousands of matches of a server share the few hundred
    texts a game has instead of parsing each again on every move. Move maps are read
    every time; a text the game refuses is not kept (its error is raised each time)."""

    __slots__ = ("_spec", "_known")

    def __init__(self, spec: GameSpec) -> None:
        self._spec = ref(spec)  # not a strong one: the readers' table is keyed weakly by spec
        self._known: dict[str, tuple[Any, str]] = {}

    def read(self, raw: Any) -> tuple[Any, str]:
        """The move and its canonical text; raises what ``spec.move_from_wire`` raises."""
        if type(raw) is str:
            known = self._known.get(raw)
            if known is not None:
                return known
        spec = self._spec()
        assert spec is not None  # a match holding the reader holds its spec
        move = spec.move_from_wire(raw)
        read = (move, spec.move_text(move))
        if type(raw) is str:
            if len(self._known) >= MOVES_KEPT:
                self._known.clear()
            self._known[raw] = read
        return read


_READERS: WeakKeyDictionary[GameSpec, MoveReader] = WeakKeyDictionary()


def move_reader(spec: GameSpec) -> MoveReader:
    """The one reader of ``spec``'s moves, shared by all its matches."""
    reader = _READERS.get(spec)
    if reader is None:
        reader = _READERS[spec] = MoveReader(spec)
    return reader


def match_setup(spec: GameSpec, raw: Mapping | None) -> tuple[dict, tuple[SeatInfo, ...]]:
    """Validated options and the seats they give. Raises :class:`BadOptions` (with the
    game's sentence) for options the game refuses or a seat count the server cannot host."""
    options = spec.options(raw)
    seats = spec.seats(options)
    if not MIN_SEATS <= len(seats) <= MAX_SEATS:
        raise BadOptions(f"{spec.title} with these options has {len(seats)} seats; this server "
                         f"hosts matches of {MIN_SEATS} to {MAX_SEATS} seats")
    return options, seats


def winner_of(ranking: Sequence[int] | None) -> int | None:
    """The one seat in first place, or ``None`` (shared first place, game not over): the
    protocol-1 ``winner`` field, kept next to the full ranking."""
    if not ranking:
        return None
    firsts = [seat for seat, place in enumerate(ranking) if place == 1]
    return firsts[0] if len(firsts) == 1 else None


def record_format(spec: GameSpec) -> str:
    """The name of the game's record format as the ``record`` message gives it (``ppn``)."""
    return spec.record_suffix.lstrip(".") or spec.id


def record_headers(seats: Sequence[SeatInfo], names: Sequence[str | None],
                   resigned: Sequence[int], room: str, *, ranking: Sequence[int] | None = None,
                   rated: bool = False, clock: str | None = None,
                   reason: str | None = None) -> dict[str, str]:
    """Headers of a match's game record: each seated player under the seat's label
    (``Black: Ada``), where it was played, who resigned or lost on time (``reason``: the
    end reason once over), the result once over (each seat's place: ``Black 1, White 2``),
    whether it was rated and its time control."""
    headers = {seat.label: name for seat, name in zip(seats, names) if name}
    headers |= {"Site": "alien-city server", "Room": room}
    line = termination([seats[s].label for s in resigned], reason)
    if line:
        headers["Termination"] = line
    if ranking:
        headers["Result"] = ", ".join(f"{seat.label} {place}" for seat, place in zip(seats, ranking))
    headers["Rated"] = "yes" if rated else "no"
    if clock:
        headers["TimeControl"] = clock
    return headers
