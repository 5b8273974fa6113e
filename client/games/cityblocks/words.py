"""The City Blocks screens' words: the ``cityblocks`` catalogue's functions (the engine's
own, so rule sentences and screen texts share one catalogue). Computer players' names are
the shell's (``client.computer.level_name``, ``ComputerSeat.label``)."""

from __future__ import annotations

from shared.cityblocks.words import N_, _, colour_name, colour_word, ngettext, pgettext, seat_label

__all__ = ["N_", "_", "colour_name", "colour_word", "ngettext", "pgettext", "seat_label"]
