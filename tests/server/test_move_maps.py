"""Move maps, the wire's second form of a move: each game declares its map's fields
(``GameSpec.move_map_fields``) and reads them (``move_from_map``); lists are allowed where
the game's page documents them (City Blocks' ``squares``), and a text where a list belongs
is refused in words instead of being split into characters."""

from __future__ import annotations

import pytest

from shared.cityblocks.spec import CITY_BLOCKS
from shared.gamekit import MalformedMove

from .helpers import Client, run, running


async def city_blocks_pair(url: str) -> tuple[Client, Client, str]:
    """Two players seated in a 2-player City Blocks match: (blue-red, green-yellow, code)."""
    ann = await Client.open(url, "Ann")
    bob = await Client.open(url, "Bob")
    code = (await ann.request({"type": "create", "game": "city-blocks", "seat": "blue-red",
                               "options": {"players": 2}}, "joined"))["match"]
    assert (await bob.request({"type": "join", "match": code}, "joined"))["seat"] == "green-yellow"
    await ann.expect("sync")
    await bob.expect("sync")
    return ann, bob, code


def test_city_blocks_plays_its_documented_move_maps_and_refuses_bad_ones_in_words():
    async def body() -> None:
        async with running() as server:
            ann, bob, code = await city_blocks_pair(server.url)

            async def move(client: Client, version: int, mid: int, move: object) -> dict:
                """The ``moved`` of this move id, or the error answering it."""
                await client.send({"type": "move", "match": code, "version": version,
                                   "mid": mid, "move": move, "rid": mid})
                while True:
                    for i, m in enumerate(client.inbox):
                        if m.get("mid") == mid and m["type"] == "moved" or m.get("rid") == mid:
                            return client.inbox.pop(i)
                    client.inbox.append(await client._read(10.0))

            placed = await move(ann, 0, 1, {"colour": "blue", "piece": "I2",
                                            "squares": ["a1", "a2"]})
            assert placed["type"] == "moved" and placed["move"] == "b:I2:a1,a2", placed
            passed = await move(bob, 1, 2, {"colour": "green", "piece": "pass"})
            assert passed["type"] == "moved" and passed["move"] == "g:pass", passed
            # docs/games/city-blocks.md's own example
            red = {"colour": "red", "piece": "I2", "squares": ["t19", "t20"]}
            one_string = await move(ann, 2, 3, red | {"squares": "t19t20"})
            assert one_string["code"] == "bad_move", one_string
            assert "'squares' must be a list" in one_string["text"], one_string
            typo = await move(ann, 2, 4, red | {"sqares": ["t19", "t20"]})
            assert typo["code"] == "bad_move" and "'sqares'" in typo["text"], typo
            no_colour = await move(ann, 2, 5, {"piece": "I2", "squares": ["t19", "t20"]})
            assert no_colour["code"] == "bad_move" and "'colour'" in no_colour["text"], no_colour
            played = await move(ann, 2, 6, red)
            assert played["type"] == "moved" and played["move"] == "r:I2:t19,t20", played
    run(body)


def test_a_move_map_value_the_wire_cannot_carry_is_a_bad_message_naming_it():
    async def body() -> None:
        async with running() as server:
            ann, _bob, code = await city_blocks_pair(server.url)
            too_many = await ann.request({"type": "move", "match": code, "version": 0, "mid": 1,
                                          "move": {"colour": "blue", "piece": "I2",
                                                   "squares": ["a1"] * 9}})
            assert too_many["code"] == "bad_message", too_many
            assert "'move.squares'" in too_many["text"], too_many
    run(body)


@pytest.mark.parametrize("raw, words", [
    ({"colour": "blue", "piece": "I2", "squares": "a1a2"}, "'squares' must be a list"),
    ({"colour": "blue", "piece": "I2", "squares": ["a1", 2]}, "'squares' must be a list"),
    ({"colour": ["blue"], "piece": "I2", "squares": ["a1", "a2"]}, "'colour' must be text"),
    ({"colour": "blue", "piece": "I2"}, "'squares'"),
    ({"colour": "blue", "piece": "pass", "squares": ["a1"]}, "pass"),
    ({"colour": "purple", "piece": "I2", "squares": ["a1", "a2"]}, "'purple'"),
    ({"colour": "blue", "piece": "I2", "squares": ["a1,a2"]}, "'a1,a2'"),
])
def test_city_blocks_move_maps_are_read_field_by_field(raw, words):
    with pytest.raises(MalformedMove, match=words):
        CITY_BLOCKS.move_from_wire(raw)


def test_city_blocks_move_map_forms_equal_the_text_forms():
    assert CITY_BLOCKS.move_from_wire({"colour": "red", "piece": "I2", "squares": ["t20", "t19"]}) \
        == CITY_BLOCKS.parse_move("r:I2:t19,t20")
    assert CITY_BLOCKS.move_from_wire({"colour": "yellow", "piece": "pass", "squares": None}) \
        == CITY_BLOCKS.parse_move("y:pass")
    assert {f.name for f in CITY_BLOCKS.move_map_fields} == {"colour", "piece", "squares"}


@pytest.mark.parametrize("raw, words", [
    ({"type": "pass", "lot": "e6"}, "'lot'"),
    ({"type": "claim", "lot": ["e6"]}, "'lot' must be text"),
    ({"kind": "tower", "colour": "red", "lot": "e6"}, "'type'"),
])
def test_alien_city_move_maps_keep_to_the_fields_of_their_move_type(raw, words):
    from shared.aliencity.spec import ALIEN_CITY
    with pytest.raises(MalformedMove, match=words):
        ALIEN_CITY.move_from_wire(raw)
    assert ALIEN_CITY.move_from_wire({"type": "build", "kind": "tower", "colour": "red",
                                      "lot": "e6"}) == ALIEN_CITY.parse_move("Tr@e6")
