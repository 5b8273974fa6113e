"""The engine's words for people, in the language in use when they are asked for.

The engine's codes, protocol values and records stay English (``Player.text()``,
``Piece.text()``, ``Colour.text()``); what a person reads goes through the
"aliencity-rules" catalogue at call time, so the server (which never switches language)
speaks English and a client speaks its player's language. Nothing here imports the rest of
the package (the error classes use it too): values are looked up by their index.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from shared.i18n import domain

if TYPE_CHECKING:  # for annotations only: nothing here imports the package at run time
    from .types import Piece

_, N_, ngettext, pgettext = domain("aliencity-rules")

# Seat labels, indexed like Player (the labels SeatInfo carries, translated where shown).
PLAYER_LABELS = (N_("Black"), N_("White"))

# Indexed like PIECES: red/blue/green towers, red/blue/green/black domes.
PIECE_NAMES = (N_("red tower"), N_("blue tower"), N_("green tower"),
               N_("red dome"), N_("blue dome"), N_("green dome"), N_("black dome"))


def player_label(player: int) -> str:
    """"Black" / "White": a seat's label, also the player's name in sentences."""
    return _(PLAYER_LABELS[int(player)])


def player_word(player: int) -> str:
    """A player named inside a line, lower case in English ("black builds ...")."""
    return (pgettext("player in a line", "black"), pgettext("player in a line", "white"))[int(player)]


def colour_word(colour: int) -> str:
    """A guild colour said of one tower ("red"), as the score table lists towers."""
    words = (pgettext("of a tower", "red"), pgettext("of a tower", "blue"),
             pgettext("of a tower", "green"), pgettext("of a tower", "black"))
    return words[int(colour)]


def colour_plural(colour: int) -> str:
    """A guild colour said of several structures ("must be red")."""
    words = (pgettext("structures are", "red"), pgettext("structures are", "blue"),
             pgettext("structures are", "green"), pgettext("structures are", "black"))
    return words[int(colour)]


def piece_label(piece: Piece) -> str:
    """A piece's name, no article ("red tower")."""
    return _(PIECE_NAMES[piece.index])


def piece_with_article(piece: Piece) -> str:
    """A piece's name with its indefinite article ("a red tower")."""
    names = (pgettext("with article", "a red tower"), pgettext("with article", "a blue tower"),
             pgettext("with article", "a green tower"), pgettext("with article", "a red dome"),
             pgettext("with article", "a blue dome"), pgettext("with article", "a green dome"),
             pgettext("with article", "a black dome"))
    return names[piece.index]


def piece_plural(piece: Piece) -> str:
    """Several pieces of one kind ("red towers")."""
    names = (pgettext("plural", "red towers"), pgettext("plural", "blue towers"),
             pgettext("plural", "green towers"), pgettext("plural", "red domes"),
             pgettext("plural", "blue domes"), pgettext("plural", "green domes"),
             pgettext("plural", "black domes"))
    return names[piece.index]


def tile_label(colour: int, rank: int, first_lot: str, last_lot: str) -> str:
    """One tile of the city: "the red 3 tile (a1-b2)"."""
    colours = (pgettext("tile", "red"), pgettext("tile", "blue"),
               pgettext("tile", "green"), pgettext("tile", "black"))
    # TRANSLATORS: the rank of a tile without a number (a piecepack null tile)
    ranks = (pgettext("tile rank", "null"), pgettext("tile rank", "ace"), "2", "3", "4", "5")
    # TRANSLATORS: {colour} and {rank} of a tile, {lots} the range of its four lots (a1-b2)
    return _("the {colour} {rank} tile ({lots})").format(
        colour=colours[int(colour)], rank=ranks[rank], lots=f"{first_lot}-{last_lot}")


def ruleset_label(edition: int, location_bonus: bool) -> str:
    """The rules in a few words: "2004" or "2002+location"."""
    if not location_bonus:
        return str(edition)
    # TRANSLATORS: a rules edition (2002 or 2004) played with the location-bonus variant
    return _("{edition}+location").format(edition=edition)
