"""A list of moves too narrow for a Sprawl move's words shows the move in a few signs
(the row's dot gives the colour) instead of cutting the sentence."""

import pygame

from client.assets import TextCache
from client.games.sprawl.review_board import list_text, short_text
from client.view.movelist import MoveEntry, MoveList
from shared.sprawl.moves import Branch, parse_move


def test_each_kind_of_move_has_its_short_form():
    assert short_text(parse_move("r:+2@c4")) == "+2 c4"
    assert short_text(parse_move("r:3@c4")) == "3 c4"
    branch = Branch(0, 2, parse_move("r:3@c5").square, 0)  # pointing north
    assert short_text(parse_move(branch.text())) == "2\u2191 c5"


def drawn(width: int, *entries: MoveEntry) -> list[str]:
    """The texts the list renders for its rows, at ``width`` pixels."""
    pygame.init()
    text = TextCache()
    seen: list[str] = []
    render = text.render

    def spy(words, *args, **kwargs):
        seen.append(words)
        return render(words, *args, **kwargs)
    text.render = spy  # type: ignore[method-assign]
    ml = MoveList(lambda row: None)
    ml.rect = pygame.Rect(0, 0, width, 300)
    ml.set(list(entries), len(entries))
    ml.draw(pygame.Surface((width, 300)), text)
    return seen


def test_a_narrow_list_shows_the_short_form_and_a_wide_one_the_words():
    move = parse_move("r:+2@c4")
    entry = MoveEntry(1, list_text(move), (200, 40, 40), "", short_text(move))
    assert any(t == "+2 c4" for t in drawn(120, entry))
    assert not any(t == "+2 c4" for t in drawn(400, entry))
    assert any(t == list_text(move) for t in drawn(400, entry))


def test_the_list_reads_one_way_when_one_move_needs_its_short_form():
    long_move, short_move = parse_move("r:+2@c4"), parse_move("r:3@c4")
    long_entry = MoveEntry(1, "Orange pousse un 3 en d3 \u2193 et encore plus", (200, 40, 40), "",
                           short_text(long_move))
    brief = MoveEntry(2, "x", (200, 40, 40), "", short_text(short_move))  # fits as words alone
    seen = drawn(120, long_entry, brief)
    assert "+2 c4" in seen and "3 c4" in seen and "x" not in seen
