"""Move text, ``.spr`` records (strict and lenient), state dicts and options."""

from __future__ import annotations

import random

import msgpack
import pytest

from shared.gamekit.api import BadOptions, GameError, MalformedMove, RecordError
from shared.sprawl import SPRAWL, Branch, Build, Place, parse_move

RECORD = """Game: Sprawl
Players: 3
Options: strict_branching
Seats: Ann, Bob, Cy
Seed: 12345

# a short game
r:3@c4 y:2@e2 g:3@b6   # first towers
r:2n@c5 y:+1@e2
"""


def random_game(players: int, seed: int, plies: int | None = None, **options):
    rng = random.Random(seed)
    state = SPRAWL.new_state({"players": players, **options}, seed)
    while not state.is_over() and (plies is None or state.ply < plies):
        state = state.apply(state.legal_moves().random(rng))
    return state


@pytest.mark.parametrize("text,move", [
    ("r:3@c4", Place(0, 3, 26)), ("r:3@c4+2+1", Place(0, 3, 26, (2, 1))),
    ("y:+2@c4", Build(1, 2, 26)), ("k:2n@c5", Branch(4, 2, 34, 0)), ("o:1w@h8", Branch(7, 1, 63, 3)),
])
def test_move_text_both_ways(text: str, move):
    assert parse_move(text) == move and move.text() == text
    assert SPRAWL.parse_move(text.upper().replace("R:", "r:")) == move   # case is forgiven
    assert hash(parse_move(text)) == hash(move)


@pytest.mark.parametrize("text", ["", "r3@c4", "x:3@c4", "r:4@c4", "r:3@i1", "r:3@c9", "r:2x@c5",
                                  "r:+2@c4+1", "r:3@c4+", 12])
def test_unreadable_move_text_is_malformed(text):
    with pytest.raises(MalformedMove):
        SPRAWL.parse_move(text)


def test_reading_a_record():
    record = SPRAWL.read_record(RECORD)
    state = record.state
    assert state.n == 3 and state.options["strict_branching"] and state.first == 0
    assert record.moves == ("r:3@c4", "y:2@e2", "g:3@b6", "r:2n@c5", "y:+1@e2")
    assert record.headers["Seats"] == "Ann, Bob, Cy" and record.start.ply == 0
    assert state.to_move == 2 and not record.warnings


def test_records_round_trip_finished_and_unfinished_games():
    for players in (3, 5, 8):
        for plies in (None, 9):
            state = random_game(players, players * 7, plies, overload=True, sprawlgami=True)
            text = SPRAWL.write_record(state, {"Seats": "a, b, c"})
            assert text.startswith("Game: Sprawl\nPlayers: ")
            assert "Options: sprawlgami, overload" in text
            back = SPRAWL.read_record(text)
            assert back.state.key() == state.key()
            assert list(back.moves) == list(state.history)


def test_header_keys_keep_camel_case_and_others_are_capitalised():
    state = random_game(3, 4, 5)
    text = SPRAWL.write_record(state, {"seats": "a, b, c", "BranchedFrom": "x.spr, move 3", "ROOM": "K7"})
    assert "\nSeats: a, b, c\n" in text and "\nBranchedFrom: x.spr, move 3\n" in text and "\nRoom: K7\n" in text
    headers = SPRAWL.read_record(text).headers
    assert headers["BranchedFrom"] == "x.spr, move 3" and headers["Seats"] == "a, b, c" and headers["Room"] == "K7"
    assert SPRAWL.read_record(text.replace("BranchedFrom", "branchedfrom")).headers["Branchedfrom"] == "x.spr, move 3"


def test_a_leaver_is_written_and_read_back():
    state = random_game(4, 3, 6)
    state, _ = state.resign(state.to_move)
    state = state.apply(next(iter(state.legal_moves())))
    back = SPRAWL.read_record(SPRAWL.write_record(state)).state
    assert back.key() == state.key() and back.left == state.left


def test_strict_reading_stops_at_the_first_illegal_token():
    bad = RECORD.replace("y:+1@e2", "y:+2@e2")
    with pytest.raises(RecordError) as err:
        SPRAWL.read_record(bad)
    e = err.value
    assert e.illegal and e.ply == 5 and e.token == "y:+2@e2" and e.rule == "build_size"
    assert "ply 5" in str(e) and "\n" not in str(e)
    with pytest.raises(RecordError) as err:
        SPRAWL.read_record(RECORD.replace("r:2n@c5", "r:2n@c5 r:1n@c6"))
    assert err.value.rule == "not_your_turn" and err.value.ply == 5
    with pytest.raises(RecordError) as err:
        SPRAWL.read_record(RECORD.replace("r:2n@c5", "r:2q@c5"))
    assert err.value.illegal and err.value.rule == "malformed" and err.value.ply == 4


def test_lenient_reading_skips_what_breaks_the_rules_and_says_so():
    bad = RECORD.replace("y:+1@e2", "y:+2@e2 y:+1@e2")
    record = SPRAWL.read_record(bad, lenient=True)
    assert record.moves[-1] == "y:+1@e2" and len(record.moves) == 5
    assert len(record.warnings) == 1 and "ply 5" in record.warnings[0]


@pytest.mark.parametrize("text", [
    "", "hello world", "Game: City Blocks\nPlayers: 4\n\n", "Players: 4\n\nr:3@c4\n",
    "Game: Sprawl\nPlayers: 9\n\n", "Game: Sprawl\nPlayers: four\n\n",
    "Game: Sprawl\nPlayers: 4\nOptions: gravity\n\n", "Game: Sprawl\nPlayers: 4\n\nx:3@c4\n",
])
def test_not_a_record(text: str):
    with pytest.raises(RecordError) as err:
        SPRAWL.read_record(text)
    assert not err.value.illegal and "\n" not in str(err.value)


def test_is_record():
    assert SPRAWL.is_record(RECORD) and not SPRAWL.is_record("Game: City Blocks\n")


def test_state_dicts_are_msgpack_safe_and_read_back():
    state = random_game(6, 4, 12, superior_forces=True)
    data = msgpack.unpackb(msgpack.packb(state.to_dict()))
    back = SPRAWL.state_from_dict(data)
    assert back.key() == state.key() and back.history == state.history
    assert data["to_move"] == state.turn()["to_move"] and data["files"] == 6
    data["moves"] = data["moves"] + ["r:3@z9"]
    with pytest.raises(GameError):
        SPRAWL.state_from_dict(data)
    with pytest.raises(GameError):
        SPRAWL.state_from_dict({"format": 99})
    with pytest.raises(GameError):
        SPRAWL.state_from_dict("nope")


def test_options_are_validated():
    assert SPRAWL.options({}) == {"players": 4, "strict_branching": False,
                                  "superior_forces": False, "sprawlgami": False,
                                  "overload": False}
    for raw in ({"players": 2}, {"players": 9}, {"players": "4"}, {"players": True},
                {"overload": 1}, {"gravity": True}):
        with pytest.raises(BadOptions):
            SPRAWL.options(raw)
    assert [s.name for s in SPRAWL.seats({"players": 3})] == ["red", "yellow", "green"]
    assert SPRAWL.describe({"players": 5, "overload": True}) == "5 players, overload"


def test_the_seed_decides_the_first_player():
    firsts = {SPRAWL.new_state({"players": 8}, seed).to_move for seed in range(40)}
    assert len(firsts) > 4
    assert SPRAWL.new_state({}, 5).to_move == SPRAWL.new_state({}, 5).to_move


def test_score_text_names_every_seat_and_the_winner():
    state = random_game(4, 11)
    text = SPRAWL.score_text(state)
    for colour in ("red", "yellow", "green", "blue"):
        assert colour in text
    assert "wins" in text or "share the win" in text


def test_score_summary_is_left_out_while_the_game_runs():
    assert SPRAWL.score_summary(random_game(4, 2, 3)) is None
    assert SPRAWL.score_summary(random_game(4, 2))["winners"]
