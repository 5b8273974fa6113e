"""One match as the client knows it, and the notes the session hands the scenes.

Split out of ``client.online`` (which grew past the size we keep modules to): this is
the per-match state (``MatchView``: seats, position, pending move, chat, who is away)
and its wording, while ``client.online.OnlineSession`` keeps the connection and the
protocol's messages. ``client.online`` re-exports these names, so older imports work.
No pygame here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from shared.gamekit.api import GameError, GameSpec, SeatInfo, State
from shared.i18n import domain

from .clockview import ClockView
from .computer import level_name
from .seat_words import computer_words

_, N_, ngettext, pgettext = domain("online")


def player_label(player: dict) -> str | None:
    """A *match info* player as shown: a computer by its level in the language in use
    (the server names it in English), a person by name; None for a free seat."""
    if isinstance(player.get("computer"), str):
        return _("Computer ({level})").format(level=level_name(player["computer"]))
    return player.get("name") or None


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


@dataclass(frozen=True)
class ChatLine:
    """One chat line: who said it (name and seat), what, and when (server clock, or None)."""

    name: str
    text: str
    t: float | None = None
    seat: str | None = None

    @classmethod
    def of(cls, m: dict) -> "ChatLine":
        """A line from a ``chat`` message or a ``sync.chat`` entry."""
        t = m.get("t")
        return cls(str(m.get("name") or "?"), str(m.get("text") or ""),
                   float(t) if isinstance(t, (int, float)) and not isinstance(t, bool) else None,
                   m.get("seat") if isinstance(m.get("seat"), str) else None)


CHAT_KEPT = 100  # lines a match view keeps (the server keeps as many)


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
    chat: list[ChatLine] = field(default_factory=list)
    rematch: str | None = None  # code of the rematch once started
    away: dict[str, float] = field(default_factory=dict)  # seat -> when the server resigns it (monotonic)
    saved_key: tuple | None = None  # what the token store last heard (opponents, whose turn)
    clock: ClockView = field(default_factory=ClockView)  # a timed match's clocks (untimed: no wire)

    def my_deadline(self) -> float:
        """When our running clock runs out (seconds since 1970, to the minute), for the
        title's Continue list; 0 when it is not our time that runs."""
        if self.seat_name is None or not self.clock.timed or self.clock.wire.get("running") != self.seat_name:
            return 0.0
        left = self.clock.left_ms(self.seat_names(), self.seat or 0, time.monotonic())
        return 0.0 if left is None else float(round((time.time() + left / 1000) / 60) * 60)

    def seat_names(self) -> list[str]:
        """The protocol's seat names in seat order (what a *clock*'s ``running`` names)."""
        return [s.name for s in self.seat_infos()]

    def hear(self, line: ChatLine) -> None:
        self.chat.append(line)
        del self.chat[:-CHAT_KEPT]

    def history(self, lines: object) -> int:
        """The server's chat history (a ``sync``): it replaces ours; how many lines are new."""
        if not isinstance(lines, list):
            return 0
        known = set(self.chat)
        self.chat = [ChatLine.of(m) for m in lines if isinstance(m, dict)][-CHAT_KEPT:]
        return sum(1 for line in self.chat if line not in known)

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

    def who_words(self) -> dict[int, str]:
        """Each seated player as the final count writes it beside the colour: a computer
        as "computer, hard" (never "Black (Computer (Hard))"), a person by name."""
        out = {}
        for p in self.info.get("players", []):
            i = self.seat_index(p.get("seat"))
            if i is not None:
                level = p.get("computer")
                out[i] = computer_words(level) if isinstance(level, str) else p.get("name") or ""
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
