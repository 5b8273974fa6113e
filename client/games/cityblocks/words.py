"""The City Blocks screens' words: the ``cityblocks`` catalogue's functions (the engine's
own, so rule sentences and screen texts share one catalogue) and the computer players'
names, translated where they are drawn."""

from __future__ import annotations

from shared.cityblocks.words import N_, _, colour_name, colour_word, ngettext, pgettext, seat_label

# TRANSLATORS: the computer players' levels, as names ("Green: Hard is thinking…").
LEVELS = {"random": N_("Random"), "easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}


def level_name(level: str) -> str:
    """A computer level's name for people ("Easy"; an unknown level as it is written)."""
    return _(LEVELS[level]) if level in LEVELS else (level.title() or _("the computer"))


def computer_name(level: str) -> str:
    """A computer seat under its panel: "Computer (Easy)"."""
    return _("Computer ({level})").format(level=level_name(level)) if level else _("Computer")


__all__ = ["LEVELS", "N_", "_", "colour_name", "colour_word", "computer_name", "level_name", "ngettext",
           "pgettext", "seat_label"]
