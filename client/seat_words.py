"""One way to name a seat beside its colour, in every game and on every screen (seat
panels, turn lines, banners, the final count, replays, the record list): flat, one pair
of brackets at most, so a computer's level never nests inside another ("Yellow
(computer, medium)", not "YELLOW (COMPUTER (MEDIUM))"); a person alone against the
computer is "you" ("Blue (you)"), a named person by name ("Red (Ann)").

Everything is translated when called, so a language switched mid-game shows at once.
"""

from __future__ import annotations

from typing import Sequence

from shared.i18n import domain

from .computer import level_name

_, N_, ngettext, pgettext = domain("client")


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


def your_seat(seats: Sequence[object]) -> int | None:
    """The seat that is "you": in a local game against the computer, the one person's seat
    when nobody typed a name for it. None in hot-seat games (several people keep their
    names and colours) and with no computer at all."""
    people = [i for i, seat in enumerate(seats) if getattr(seat, "kind", "") == "human"]
    computers = any(getattr(seat, "kind", "") == "computer" for seat in seats)
    if len(people) != 1 or not computers or getattr(seats[people[0]], "name", ""):
        return None
    return people[0]


def you_word() -> str:
    """The person's own seat in brackets after its colour (lower case: "Blue (you)")."""
    # TRANSLATORS: in brackets after the person's own seat colour: "Blue (you)"
    return pgettext("seat", "you")


def who_words(seats: Sequence[object], index: int) -> str:
    """Who plays a match's seat, as it stands beside the colour: "computer, hard", "you",
    "Ann"; "" for a seat nobody in particular plays (a hot-seat person without a name, the
    attract mode's quick computers)."""
    seat = seats[index]
    if getattr(seat, "kind", "") == "computer":
        level = getattr(seat, "level", "")
        return computer_words(level) if level else ""
    if index == your_seat(seats):
        return you_word()
    return str(getattr(seat, "name", "") or "")


def record_words(names: Sequence[str], levels: Sequence[str | None] | None) -> list[str]:
    """A record's seat names as they stand beside the colours: a computer by its level
    ("computer, easy", in the language in use: the colours tell two of one level apart),
    a person as written; the names as written when the record has no ``Levels``."""
    if levels is None or len(levels) != len(names):
        return list(names)
    return [computer_words(level) if level else name for name, level in zip(names, levels)]
