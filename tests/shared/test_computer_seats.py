"""The ``Levels`` header: each computer seat's level in seat order, a name of no language
for each computer (numbered when two share a level), and a value that is no list of
levels read as nothing (the names then show as written)."""

from __future__ import annotations

import pytest

from shared.gamekit.computer_seats import levels_header, levels_of, numbers, record_names
from shared.gamekit.registry import builtin_games


def test_names_are_numbered_only_where_two_computers_share_a_level():
    levels = [None, "easy", "hard", "easy", None]
    assert numbers(levels) == [None, 1, None, 2, None]
    assert record_names(levels) == [None, "Computer (Easy) 1", "Computer (Hard)", "Computer (Easy) 2", None]
    assert levels_header(levels) == {"Levels": "human, easy, hard, easy, human"}
    assert levels_header([None, None]) == {}


@pytest.mark.parametrize("value", ["", "easy,,hard", "easy; hard", "Computer (Easy)", 7, "x" * 40])
def test_a_value_that_is_no_list_of_levels_is_read_as_nothing(value):
    assert levels_of({"Levels": value}) is None


def test_the_key_is_read_in_any_case():
    assert levels_of({"levels": "Human, EASY"}) == [None, "easy"]
    assert levels_of({}) is None


@pytest.mark.parametrize("game_id,options", [("alien-city", None), ("city-blocks", {"players": 3}),
                                             ("sprawl", {"players": 4})])
def test_every_games_record_keeps_the_levels(game_id, options):
    spec = builtin_games().get(game_id)
    state = spec.new_state(spec.options(options), 5)
    levels = [None] + ["medium"] * (state.seat_count - 1)
    text = spec.write_record(state, levels_header(levels))
    assert levels_of(spec.read_record(text, lenient=True).headers) == levels
