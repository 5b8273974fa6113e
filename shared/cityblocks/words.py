"""City Blocks' words for people: colour names and seat labels in the player's language.

The engine's codes stay English (``blue``, ``blue-red``, ``b:V3:a1,a2,b1``); only what a
person reads goes through the ``cityblocks`` catalogue, looked up at call time so a
language switch shows on the next sentence. Colours double as player names ("Blue has
already played the V5"), so each has a lower-case word for mid-sentence and a capitalised
name.
"""

from __future__ import annotations

from shared.i18n import domain

from .layout import SEAT_COLOURS

_, N_, ngettext, pgettext = domain("cityblocks")

# TRANSLATORS: the four colours, also used as the names of the players who play them
# ("blue has already played the V5"); Slovak: the feminine noun (modrá = the blue colour).
COLOUR_WORDS = (N_("blue"), N_("green"), N_("red"), N_("yellow"))


def colour_word(colour: int) -> str:
    """The colour as a word inside a sentence ("it is blue's turn")."""
    return _(COLOUR_WORDS[colour])


def colour_name(colour: int) -> str:
    """The colour as a name or at the start of a sentence ("Blue")."""
    word = colour_word(colour)
    return word[:1].upper() + word[1:]


def seat_label(players: int, seat: int) -> str:
    """A seat as people read it: its colour ("Blue") or colours ("Blue + Red")."""
    return " + ".join(colour_name(c) for c in SEAT_COLOURS[players][seat])


__all__ = ["COLOUR_WORDS", "N_", "_", "colour_name", "colour_word", "ngettext", "pgettext",
           "seat_label"]
