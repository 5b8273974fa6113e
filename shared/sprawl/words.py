"""Sprawl's words for people: colour, direction and size words and a list joiner, in the
player's language through the ``sprawl`` catalogue.

The engine's codes stay English (``red``, ``n``, ``r:2n@c5``); only what a person reads is
looked up, at call time, so a language switch shows in the next sentence.  A colour is
both a player ("it is red's turn") and the colour of a piece ("yellow's 1 on c5"); the
two are separate entries because some languages word them differently (French: the
player "Vert", the piece "le 1 vert").
"""

from __future__ import annotations

import re
from typing import Iterable

from shared.i18n import domain

_, N_, ngettext, pgettext = domain("sprawl")


def colour_word(seat: int) -> str:
    """The colour as a player, inside a sentence ("it is {colour}'s turn")."""
    # TRANSLATORS: the eight colours as the players who play them, inside a sentence
    # ("it is red's turn", "red wins"). Slovak: the feminine noun (červená).
    return (pgettext("player", "red"), pgettext("player", "yellow"), pgettext("player", "green"),
            pgettext("player", "blue"), pgettext("player", "black"), pgettext("player", "white"),
            pgettext("player", "purple"), pgettext("player", "orange"))[seat]


def colour_name(seat: int) -> str:
    """The colour as a name: a seat's label, the start of a sentence ("Red")."""
    word = colour_word(seat)
    return word[:1].upper() + word[1:]


def piece_colour(seat: int) -> str:
    """The colour of a piece, beside its size ("yellow's {size} on c5")."""
    # TRANSLATORS: the colour of a pyramid named by its size ("yellow's 1 on c5", i.e. the
    # yellow 1). French: agrees with "le 1" (vert, blanc); Slovak with "pyramída" (zelená).
    return (pgettext("piece", "red"), pgettext("piece", "yellow"), pgettext("piece", "green"),
            pgettext("piece", "blue"), pgettext("piece", "black"), pgettext("piece", "white"),
            pgettext("piece", "purple"), pgettext("piece", "orange"))[seat]


def direction_word(d: int) -> str:
    """Where a branch points, as in "pointing {direction}" (0..3 = n e s w)."""
    # TRANSLATORS: a direction on the board, used after "pointing" and in brackets
    # ("a branch on c5 pointing north"; "must point straight away from it (north)").
    return (pgettext("direction", "north"), pgettext("direction", "east"),
            pgettext("direction", "south"), pgettext("direction", "west"))[d]


def piece_on(seat: int, size: int, square: str) -> str:
    """A piece on the board named by colour, size and square: "yellow's 1 on c5"."""
    # TRANSLATORS: a pyramid of some colour and size (1-3 pips) on a square.
    return _("{colour}'s {size} on {square}").format(colour=piece_colour(seat), size=size,
                                                    square=square)


def pips(n: int) -> str:
    """"12 pips": a count of pips, the dots on a pyramid that give its size (and the score)."""
    # TRANSLATORS: pips: the dots on a pyramid that give its size (a 3 has 3 pips); the score.
    return ngettext("{n} pip", "{n} pips", n).format(n=n)


def join_and(items: Iterable[str]) -> str:
    """"a", "a and b", "a, b and c" in the player's language."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    # TRANSLATORS: the last two items of a list ("red's 1 on c5 and blue's 2 on d4").
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def sentence(text: str) -> str:
    """Text as a sentence: a capital first letter (square names keep their small letter,
    'c7 is beyond...') and a full stop."""
    if text and not re.match(r"[a-h]\d", text):
        text = text[0].upper() + text[1:]
    return text if text.endswith(".") else text + "."


__all__ = ["N_", "_", "colour_name", "colour_word", "direction_word", "join_and", "ngettext",
           "pgettext", "piece_colour", "piece_on", "pips", "sentence"]
