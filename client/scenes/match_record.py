"""A match screen's record: the players' names and the result in the game's own record
format, kept once in the records folder (autosave, Play from here, Save), and the words
Save shows. A part the match screen holds (``records``), game-free: the game's spec
writes the record; a game may name its players its own way (``headers``) or write the
file itself (``write``)."""

from __future__ import annotations

import datetime as _dt
from pathlib import Path
from typing import Any, Callable, Protocol

from shared.gamekit import computer_seats
from shared.gamekit.api import GameSpec, State
from shared.gamekit.branch import Branch
from shared.gamekit.termination import termination
from shared.i18n import SOURCE_LANGUAGE, current_language, domain, set_language

from ..records import save_record
from .seats import ComputerSeat, SeatController

_, N_, ngettext, pgettext = domain("client")


class RecordedMatch(Protocol):
    """What the record asks of its match screen."""

    @property
    def spec(self) -> GameSpec: ...
    @property
    def seats(self) -> list[SeatController]: ...
    @property
    def chrome(self) -> Any: ...    # the online match's chrome, or None
    @property
    def branch(self) -> Branch | None: ...
    @property
    def match(self) -> Any: ...     # the holder: ``state`` is the position on screen

    def position(self) -> State: ...
    def show_toast(self, text: str, seconds: float = ...) -> None: ...


def seat_headers(names: list[str]) -> dict[str, str]:
    """The record's header lines naming the players, by default."""
    return {"Seats": ", ".join(names)}


def ended_ranking(ended: object) -> list[int] | None:
    """The places in the server's word that a match ended (None for a room cancelled or
    expired before it was decided, or for no word at all)."""
    ranking = ended.get("ranking") if isinstance(ended, dict) else None
    if isinstance(ranking, list) and ranking and all(isinstance(p, int) for p in ranking):
        return ranking
    return None


def record_labels(spec: GameSpec, position: State) -> list[str]:
    """The seats' labels as records write them, in no player's language ("White"), as
    the server writes them: a Termination line reads the same from every client."""
    here = current_language()
    try:
        set_language(SOURCE_LANGUAGE)
        return [seat.label for seat in spec.seats_of(position)]
    finally:
        set_language(here)


class MatchRecord:
    def __init__(self, host: RecordedMatch, *, headers: Callable[[list[str]], dict[str, str]] = seat_headers,
                 write: Callable[[], Path] | None = None) -> None:
        self.host = host
        self.headers = headers   # the players' names as the record's header lines
        self._write = write
        self._kept: tuple[Any, Path] | None = None  # the position last written as a record
        self._told: Path | None = None               # the record the player was told of

    def seat_levels(self) -> list[str | None]:
        """Each seat's computer level (None: a person), as the record's ``Levels`` keeps it."""
        return [(seat.level or None) if isinstance(seat, ComputerSeat) else None for seat in self.host.seats]

    def computer_names(self) -> list[str | None]:
        """Each computer seat's name in a record, the same in every language (None: a
        person; :mod:`shared.gamekit.computer_seats`)."""
        return computer_seats.record_names(self.seat_levels())

    def names(self) -> list[str]:
        """Each seat's player for records: the name, a computer by its level (in words of
        no language in particular), else the seat."""
        host = self.host
        labels = [s.label for s in host.spec.seats_of(host.position())]
        if host.chrome is not None:
            online = host.chrome.view.names()
            return [online.get(i) or label for i, label in enumerate(labels)]
        computers = self.computer_names()
        return [computers[i] or seat.name or (labels[i] if i < len(labels) else "?")
                for i, seat in enumerate(host.seats)]

    def levels_headers(self) -> dict[str, str]:
        """The record's ``Levels`` line: each computer seat's level (none online)."""
        return computer_seats.levels_header(self.seat_levels()) if self.host.chrome is None else {}

    def name_headers(self) -> dict[str, str]:
        """The players' header lines and the computers' levels: what a record of this
        game (or its replay from the score screen) says of who played."""
        return {**self.headers(self.names()), **self.levels_headers()}

    def text(self) -> str:
        """The game's own record (its spec's ``write_record``) with names and, once over,
        the places ("1. Ann, 2. Bo")."""
        host = self.host
        position = host.position()
        headers = {"Date": _dt.date.today().isoformat(), "Client": "alien-city"}
        if host.chrome is not None:
            headers.update(host.chrome.record_headers())
        elif host.branch is not None:
            headers.update(host.branch.headers())
        names = self.names()
        headers.update(self.name_headers())
        ranking = position.ranking() if position.is_over() else self.server_ranking()
        if ranking:
            places = sorted(zip(ranking, range(len(names))))
            headers["Result"] = ", ".join(f"{place}. {names[i]}" for place, i in places)
        line = self.termination(position)
        if line:
            headers["Termination"] = line  # the server's words, in no language
        return host.spec.write_record(position, headers)

    def termination(self, position: State) -> str | None:
        """The ``Termination`` line: who resigned (here, or as the server says online),
        who lost on time; the same words the server writes."""
        chrome = self.host.chrome
        labels = record_labels(self.host.spec, position)
        if chrome is None:   # a local game: the seats that resigned here
            gone_here = [labels[i] for i in self.host.match.resigned if i < len(labels)]
            return termination(gone_here, "resigned") if gone_here else None
        ended = chrome.view.ended
        gone = ended.get("resigned") if isinstance(ended, dict) else None
        if not isinstance(gone, list):
            return None
        label = dict(zip((seat.name for seat in self.host.spec.seats_of(position)), labels))
        reason = ended.get("reason") if isinstance(ended, dict) else None
        return termination([label.get(name, name) for name in gone if isinstance(name, str)],
                           reason if isinstance(reason, str) else None)

    def server_ranking(self) -> list[int] | None:
        """The places the server gave an online match it ended before the rules did (a
        resignation, a clock run out); None otherwise."""
        chrome = self.host.chrome
        return ended_ranking(chrome.view.ended if chrome is not None else None)

    def keep(self) -> Path:
        """The record of the position on screen in the records folder, written once."""
        state = self.host.match.state
        if self._kept is None or self._kept[0] is not state:
            self._kept = (state, self.write())
        return self._kept[1]

    def write(self) -> Path:
        """A new record file of the position on screen (a game may write its own)."""
        if self._write is not None:
            return self._write()
        spec = self.host.spec
        return save_record(self.text(), spec.id, spec.record_suffix)

    def save(self) -> str:
        """Save (Ctrl+S, the pause menu, the final board): the record of the position on
        screen, once; the words shown (also returned for the screen above to show)."""
        try:
            path = self.keep()
        except OSError as exc:
            words = _("Could not save the record: {reason}").format(reason=exc.strerror or exc)
        else:
            if path == self._told:
                # TRANSLATORS: Save pressed again on a game already saved
                words = _("Already saved: {path}").format(path=path)
            else:
                words = _("Record saved: {path}").format(path=path)
            self._told = path
        self.host.show_toast(words, 5)
        return words
