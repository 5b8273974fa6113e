"""The engine's words, asked for each time they are drawn.

Seat labels (Black, White), piece and colour names, the rules' reasons (``why_not``) and
the score notes are the engine's texts and are translated in the engine's catalogue
("aliencity-rules"), never in this plug-in's. Every screen of the plug-in reaches them
through this module only, so the one place that knows how the engine words them is here,
and each call returns them in the language in use now (a language switch shows on the
next frame)."""

from __future__ import annotations

from shared.aliencity import Colour, Piece, Player, texts


def player(p: Player) -> str:
    """A seat's label: "Black", "White"."""
    return texts.player_label(p)


def piece(p: Piece) -> str:
    """A piece's name, as the engine says it, no article: "red tower"."""
    return texts.piece_label(p)


def a_piece(p: Piece) -> str:
    """A piece's name with its article where the language has one: "a red tower"."""
    return texts.piece_with_article(p)


def colour(c: Colour) -> str:
    """A guild colour's word on its own: "red"."""
    return texts.colour_word(c)


def reason(r) -> str:
    """The sentence of a rule the engine refuses a move with (a ``Reason``)."""
    return r.text


def bonus_note(b) -> str:
    """Why a green bonus is (not) paid, as the engine explains it."""
    return b.note


def location_note(ts) -> str:
    """What a claimed tower's tile rank brings in the location variant, as the engine says it."""
    return ts.location_note


def warning(text: str) -> str:
    """A rule a record broke (lenient reading), without its ply prefix."""
    return text.split(": ", 1)[-1]
