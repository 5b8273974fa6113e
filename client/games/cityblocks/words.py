"""The City Blocks screens' words: the ``cityblocks`` catalogue's functions (the engine's
own, so rule sentences and screen texts share one catalogue). Computer players' names are
the shell's (``client.computer.level_name``, ``ComputerSeat.label``)."""

from __future__ import annotations

from shared.cityblocks.layout import SEAT_COLOURS
from shared.cityblocks.words import N_, _, colour_name, colour_word, ngettext, pgettext, seat_label

__all__ = ["N_", "_", "colour_name", "colour_word", "ngettext", "pgettext", "seat_label", "seat_name"]


def seat_name(players: int, seat: int) -> str:
    """A seat named by its colours as a sentence reads it ("Green and Yellow" for a seat
    that plays two), so it stands beside who plays it like any one colour does:
    "Green and Yellow (computer, medium)"."""
    colours = SEAT_COLOURS[players][seat]
    if len(colours) == 1:
        return colour_name(colours[0])
    # TRANSLATORS: a seat that plays two colours, named by both as in a sentence: "Green and
    # Yellow" (then who plays it in brackets: "Green and Yellow (computer, medium)")
    return _("{first} and {second}").format(first=colour_name(colours[0]), second=colour_name(colours[1]))
