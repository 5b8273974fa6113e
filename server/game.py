"""The few things the server says about a game, all derived from the game contract.

The rules live in ``shared/`` behind :class:`~shared.gamekit.api.GameSpec` and
:class:`~shared.gamekit.api.State`; a match only ever talks to those. This module holds
the server's own conventions on top of them (how many seats a match may have, who "the
winner" is for protocol-1 fields, what a game record's headers are), so that match,
matchmaking and lobby agree without repeating them.
"""

from __future__ import annotations

from typing import Mapping, Sequence

from shared.gamekit import BadOptions, GameSpec, SeatInfo

MIN_SEATS, MAX_SEATS = 2, 8  # what the protocol, the lobby lists and the client lay out


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
                   rated: bool = False, clock: str | None = None) -> dict[str, str]:
    """Headers of a match's game record: each seated player under the seat's label
    (``Black: Ada``), where it was played, who resigned, the result once over (each
    seat's place: ``Black 1, White 2``), whether it was rated and its time control."""
    headers = {seat.label: name for seat, name in zip(seats, names) if name}
    headers |= {"Site": "alien-city server", "Room": room}
    if resigned:
        headers["Termination"] = ", ".join(f"{seats[s].label} resigned" for s in resigned)
    if ranking:
        headers["Result"] = ", ".join(f"{seat.label} {place}" for seat, place in zip(seats, ranking))
    headers["Rated"] = "yes" if rated else "no"
    if clock:
        headers["TimeControl"] = clock
    return headers
