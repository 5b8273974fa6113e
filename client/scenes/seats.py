"""Who plays each seat of a match: a :class:`SeatController` per seat.

A match screen is the same for every way of playing; only its controllers differ. A
local game has people (``HumanSeat``) and computers (``ComputerSeat``: a contract bot
that thinks in a worker thread, or the attract mode's quick bot); an online match has
one person here and the rest ``RemoteSeat`` (their moves come from the server through
the match chrome); a spectator sees only remote seats. No game knowledge here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from shared.i18n import domain

from ..computer import level_name, seat_seed

_, N_, ngettext, pgettext = domain("client")


@dataclass
class SeatController:
    """One seat's player. ``local`` seats take this machine's mouse and keys."""

    kind = "seat"
    local = False
    level = ""  # a computer's level ("" for everyone else)

    @property
    def name(self) -> str:
        """The player's name ("" when the seat has none)."""
        return ""

    @property
    def label(self) -> str:
        return self.kind


@dataclass
class HumanSeat(SeatController):
    """A person at this screen (hot-seat players share it)."""

    name: str = ""
    kind = "human"
    local = True

    @property
    def label(self) -> str:
        return self.name or _("Player")


@dataclass
class ComputerSeat(SeatController):
    """A computer: ``bot.choose(state, deadline_s=, stop=)`` runs in a worker thread
    (``threaded``), or at once on the main loop for the attract mode's quick bots."""

    bot: Any = None
    level: str = ""
    threaded: bool = True
    kind = "computer"

    @property
    def name(self) -> str:
        return level_name(self.level)

    @property
    def label(self) -> str:
        return _("Computer ({level})").format(level=self.name) if self.level else _("Computer")


@dataclass
class RemoteSeat(SeatController):
    """Someone elsewhere (a person or the server's computer): moves arrive from the server."""

    name: str = ""
    kind = "remote"

    @property
    def label(self) -> str:
        return self.name or _("Opponent")


def seated(seats: list[SeatController] | None, n_seats: int, bot_factory: Any,
           game_seed: object) -> list[SeatController]:
    """A match's seats (``n_seats`` people when none are given); a computer without a bot
    gets one of its level, seeded by its seat."""
    chairs = list(seats) if seats else [HumanSeat() for _ in range(n_seats)]
    for i, seat in enumerate(chairs):
        if isinstance(seat, ComputerSeat) and seat.bot is None:
            seat.bot = bot_factory(seat.level, seat_seed(game_seed, i))
    return chairs
