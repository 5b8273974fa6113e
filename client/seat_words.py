"""One way to name a seat beside its colour, in every game and on every screen (seat
panels, turn lines, banners, the final count, replays, the record list): flat, one pair
of brackets at most, so a computer's level never nests inside another ("Yellow
(computer, medium)", not "YELLOW (COMPUTER (MEDIUM))"); a person alone against the
computer is "you" ("Blue (you)"), a named person by name ("Red (Ann)").

Everything is translated when called, so a language switched mid-game shows at once. A
record keeps an unnamed seat's colour in the language it was made in ("Biely"): such a
word names nobody (:func:`typed_names`), so the viewer sees the colour in their language.
"""

from __future__ import annotations

from typing import Protocol, Sequence, overload

from shared.gamekit.api import GameSpec, SeatInfo
from shared.i18n import LANGUAGES, current_language, domain, set_language

from .computer import level_name

_, N_, ngettext, pgettext = domain("client")


class Seat(Protocol):
    """What the seat words read of a match's seat (a person's or a computer's)."""

    @property
    def kind(self) -> str: ...   # "human" or "computer"
    @property
    def name(self) -> str: ...   # the name a person typed ("" for none)
    @property
    def level(self) -> str: ...  # a computer's level ("" for none)


def you() -> str:
    """The person's own seat standing alone (under the colour in a seat panel)."""
    # TRANSLATORS: who plays a seat, alone under its colour: the person at the screen, in a
    # game against the computer (Slovak: "Ty", French: "Vous")
    return pgettext("seat", "You")


def computer_words(level: str | None) -> str:
    """Who plays a computer seat, as it stands in brackets after the colour."""
    if not level:
        # TRANSLATORS: in brackets after a seat's colour: "Yellow (computer)"
        return pgettext("seat", "computer")
    # TRANSLATORS: in brackets after a seat's colour: "Yellow (computer, medium)"; {level} is
    # the computer's level in lower case (the level agrees with "computer")
    return pgettext("seat", "computer, {level}").format(level=level_name(level).lower())


def beside(colour: str, who: str) -> str:
    """A seat's colour with who plays it ("Yellow (computer, medium)"), the colour alone
    when nobody in particular plays it."""
    if not who:
        return colour
    # TRANSLATORS: a seat's colour and who plays it: "Yellow (computer, medium)", "Blue (you)",
    # "Red (Ann)"
    return pgettext("seat", "{colour} ({who})").format(colour=colour, who=who)


def seat_label(colour: str, *, name: str = "", level: str | None = None, mine: bool = False) -> str:
    """The one label of a seat beside its colour: "Blue (you)" for the person's own seat
    (``mine``), "Yellow (computer, medium)" for a computer (``level``), else "Red (Ann)"
    or the colour alone."""
    if mine:
        return beside(colour, you_word())
    if level:
        return beside(colour, computer_words(level))
    return beside(colour, name)


def your_seat(seats: Sequence[Seat]) -> int | None:
    """The seat that is "you": in a local game against the computer, the one person's seat
    when nobody typed a name for it. None in hot-seat games (several people keep their
    names and colours) and with no computer at all."""
    people = [i for i, seat in enumerate(seats) if seat.kind == "human"]
    computers = any(seat.kind == "computer" for seat in seats)
    if len(people) != 1 or not computers or seats[people[0]].name:
        return None
    return people[0]


def you_word() -> str:
    """The person's own seat in brackets after its colour (lower case: "Blue (you)")."""
    # TRANSLATORS: in brackets after the person's own seat colour: "Blue (you)"
    return pgettext("seat", "you")


def who_words(seats: Sequence[Seat], index: int) -> str:
    """Who plays a match's seat, as it stands beside the colour: "computer, hard", "you",
    "Ann"; "" for a seat nobody in particular plays (a hot-seat person without a name, the
    attract mode's quick computers)."""
    seat = seats[index]
    if seat.kind == "computer":
        return computer_words(seat.level) if seat.level else ""
    if index == your_seat(seats):
        return you_word()
    return seat.name or ""


class LiveSeatWords(Sequence[str]):
    """Who plays each of a match's seats (:func:`who_words`), worded each time it is read:
    the final count shown after a language switch says "Vous" or "You" as the match did."""

    def __init__(self, seats: Sequence[Seat]) -> None:
        self.seats = list(seats)

    def __len__(self) -> int:
        return len(self.seats)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...

    def __getitem__(self, index: int | slice) -> str | list[str]:
        if isinstance(index, slice):
            return [who_words(self.seats, i) for i in range(len(self.seats))[index]]
        return who_words(self.seats, range(len(self.seats))[index])

    def get(self, index: int, default: str = "") -> str:
        """As a dict of the seats somebody in particular plays: ``default`` for the others."""
        return (self[index] or default) if 0 <= index < len(self.seats) else default


def record_words(names: Sequence[str], levels: Sequence[str | None] | None) -> list[str]:
    """A record's seat names as they stand beside the colours: a computer by its level
    ("computer, easy", in the language in use: the colours tell two of one level apart),
    a person as written; the names as written when the record has no ``Levels``."""
    if levels is None or len(levels) != len(names):
        return list(names)
    return [computer_words(level) if level else name for name, level in zip(names, levels)]


_colours: dict[tuple[str, int], list[frozenset[str]]] = {}


def seat_infos(spec: GameSpec, count: int) -> list[SeatInfo]:
    """A game's ``count`` seats (its spec's ``SeatInfo``s, labelled in the language in
    use), with that many players where the game takes the option; [] if it has no such."""
    for options in ({"players": count}, None):
        try:
            seats = list(spec.seats(spec.options(options)))
        except Exception:  # noqa: BLE001 - options the game refuses: try its defaults
            continue
        if len(seats) == count:
            return seats
    return []


def colour_words(spec: GameSpec, count: int) -> list[frozenset[str]]:
    """Each seat's own words, folded: its key ("black") and its label in every language the
    client speaks ("Black", "Čierny", "Noir"). The labels of one game and seat count never
    change, so they are gathered once (the language switches back at once)."""
    key = (spec.id, count)
    if key not in _colours:
        here = current_language()
        words: list[set[str]] = [{seat.name.casefold()} for seat in seat_infos(spec, count)]
        try:
            for code in LANGUAGES:
                set_language(code)
                for i, seat in enumerate(seat_infos(spec, count)[:len(words)]):
                    words[i].add(seat.label.strip().casefold())
        finally:
            set_language(here)
        _colours[key] = [frozenset(w) for w in words]
    return _colours[key]


def typed_names(spec: GameSpec, names: Sequence[str]) -> list[str]:
    """A record's seat names with "" where a name is only the seat's own colour, in
    whichever language the record was made ("Biely" from a Slovak window): that names
    nobody, and the viewer's screens show the colour in their own language. Names a
    person typed stay as typed."""
    words = colour_words(spec, len(names))
    return ["" if i < len(words) and name.strip().casefold() in words[i] else name
            for i, name in enumerate(names)]


def first_labels(spec: GameSpec, position) -> list[str]:
    """The labels of the seats ``position`` places first ("White"; several for a shared
    first place)."""
    labels = [seat.label for seat in spec.seats_of(position)]
    return [labels[i] for i, place in enumerate(position.ranking()) if place == 1 and i < len(labels)]
