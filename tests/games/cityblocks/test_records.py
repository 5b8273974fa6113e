"""Move text and ``.cbr`` records: round trips, strict and lenient reading, broken files,
and the ``analyze --json`` object."""

from __future__ import annotations

import hashlib
import random

import msgpack
import pytest

from shared.cityblocks import new_state, parse_move
from shared.cityblocks.record import analyze, legal_texts, read_record, write_record
from shared.cityblocks.spec import CITY_BLOCKS
from shared.gamekit.api import MalformedMove, RecordError


def random_game(players: int, seed: int, plies: int | None = None):
    rng = random.Random(seed)
    state = new_state(players, seed)
    while not state.is_over() and (plies is None or state.ply < plies):
        state, _ = state.play(state.legal_moves().random_placement(rng))
    return state


# -- move text -----------------------------------------------------------------------------------
def test_move_text_is_canonical_and_reads_any_order():
    move = parse_move("B:v3:b1,A2,a1")
    assert move.text() == "b:V3:a1,a2,b1"
    assert parse_move(move.text()) == move
    assert parse_move("g:pass").is_pass and parse_move("g:pass").text() == "g:pass"
    assert parse_move("b:I2:j1,i1").text() == "b:I2:i1,j1"
    assert parse_move("b:I2:a9,a10").text() == "b:I2:a9,a10"     # ranks sort as numbers


@pytest.mark.parametrize("text", ["", "zzz", "@@@", "x:pass", "b:Q5:a1,a2", "b:I2:", "b:I2:a1,,a2",
                                  "b:I2:11,a2", "b", "b:V3:a1:a2", "x" * 300])
def test_unreadable_move_text_is_malformed(text):
    with pytest.raises(MalformedMove):
        parse_move(text)


# -- records --------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_finished_and_unfinished_games_round_trip(players):
    for state in (random_game(players, 4), random_game(players, 5, plies=9)):
        text = write_record(state, {"Seats": "Ann, Bob, Cy, Di", "Event": "club night"})
        assert text.startswith("Game: City Blocks\nPlayers: ")
        record = read_record(text)
        assert record.state.key() == state.key()
        assert list(record.moves) == [m.text() for m in state.history]
        assert record.headers["Seats"] == "Ann, Bob, Cy, Di" and record.headers["Event"] == "club night"
        assert record.start.ply == 0 and record.start.first == state.first
        assert not record.warnings
        assert CITY_BLOCKS.is_record(text)


def test_an_empty_record_keeps_the_first_colour():
    for players in (3, 4):
        for seed in range(6):
            state = new_state(players, seed)
            assert read_record(write_record(state)).state.key() == state.key()


def test_a_record_with_a_seat_that_left_comes_back_the_same():
    state = random_game(4, 6, plies=6)
    state, _ = state.resign(state.to_move)
    rng = random.Random(1)
    for _ in range(6):
        state, _ = state.play(state.legal_moves().random_placement(rng))
    text = write_record(state)
    assert "Left: " in text
    back = read_record(text).state
    assert back.key() == state.key() and back.history == state.history
    assert back.ranking() == state.ranking()
    data = msgpack.unpackb(msgpack.packb(state.to_dict()))
    assert CITY_BLOCKS.state_from_dict(data).key() == state.key()


def test_the_spec_example_reads_with_comments_and_any_square_order():
    text = """Game: City Blocks
Players: 4
Seats: Ann, Bob, Cy, Di
Seed: 12345

b:V3:b1,a1,a2 g:pass   # green waits
r:I2:t19,t20
"""
    record = read_record(text)
    assert record.moves == ("b:V3:a1,a2,b1", "g:pass", "r:I2:t19,t20")
    assert record.state.turn()["colour"] == "yellow" and record.headers["Seed"] == "12345"


def test_strict_reading_stops_at_the_first_forbidden_move():
    text = "Game: City Blocks\nPlayers: 4\n\nb:V3:a1,a2,b1 g:I2:a20,b20 r:I2:a1,a2 y:pass\n"
    with pytest.raises(RecordError) as err:
        read_record(text)
    e = err.value
    assert e.illegal and e.ply == 3 and e.token == "r:I2:a1,a2" and e.rule == "covered"
    assert "ply 3" in str(e) and "a1 is already covered" in str(e)


def test_lenient_reading_warns_and_places_what_it_can():
    text = ("Game: City Blocks\nPlayers: 4\n\n"
            "b:V3:a1,a2,b1 g:I2:c5,c6 r:I2:a1,a2 y:I2:t1,s1 b:Q9:a1 g:pass\n")
    record = read_record(text, lenient=True)
    warnings = "\n".join(record.warnings)
    assert "ply 2: g:I2:c5,c6" in warnings and "played as recorded" in warnings   # corner rule
    assert "ply 3: r:I2:a1,a2" in warnings and "skipped" in warnings            # covered
    assert "ply 5: b:Q9:a1" in warnings                                          # unreadable
    assert record.state.owner(2, 4) == 1                                         # green on c5
    assert record.moves == ("b:V3:a1,a2,b1", "g:I2:c5,c6", "y:I2:s1,t1", "g:pass")
    with pytest.raises(RecordError) as err:
        read_record(text)
    assert err.value.illegal and err.value.ply == 2 and err.value.rule == "corner"


def test_malformed_tokens_are_illegal_in_a_readable_record():
    with pytest.raises(RecordError) as err:
        read_record("Game: City Blocks\nPlayers: 2\n\nb:V3:a1,a2,b1 hello\n")
    assert err.value.illegal and err.value.ply == 2 and err.value.token == "hello"
    assert err.value.rule == "malformed"


def test_first_colour_rules_of_the_record():
    with pytest.raises(RecordError) as err:
        read_record("Game: City Blocks\nPlayers: 2\n\ng:I2:a20,b20\n")
    assert err.value.illegal and err.value.rule == "first_colour"
    with pytest.raises(RecordError) as err:
        read_record("Game: City Blocks\nPlayers: 3\n\nb:V3:a1,a2,b1\n")
    assert err.value.rule == "first_colour"
    record = read_record("Game: City Blocks\nPlayers: 3\nFirst: green\n\nb:V3:a1,a2,b1 y:pass\n")
    assert record.start.to_move == 1 and record.state.turn()["colour"] == "red"
    record = read_record("Game: City Blocks\nPlayers: 3\n\ny:I2:s1,t1\n")
    assert record.start.to_move == 2
    record = read_record("Game: City Blocks\nPlayers: 4\n\nr:I2:s20,t20\n")
    assert record.start.turn()["colour"] == "red"


@pytest.mark.parametrize("text", [
    "", "hello world\n", "Game: Alien City\nPlayers: 2\n\n", "Game: City Blocks\n\nb:pass\n",
    "Game: City Blocks\nPlayers: 5\n\n", "Players: 4\n\nb:pass\n",
    "Game: City Blocks\nPlayers: 4\nLeft: purple 3\n\n",
])
def test_files_that_are_not_records(text):
    with pytest.raises(RecordError) as err:
        read_record(text)
    assert not err.value.illegal and "\n" not in str(err.value) and str(err.value)


def test_the_spec_reports_record_errors_through_the_contract():
    with pytest.raises(RecordError) as err:
        CITY_BLOCKS.read_record("Game: Sprawl\nPlayers: 2\n\n")
    assert not err.value.illegal
    assert not CITY_BLOCKS.is_record("Game: Sprawl\n") and CITY_BLOCKS.is_record("Game: City Blocks\n")


# -- analyze ---------------------------------------------------------------------------------------
def test_analyze_follows_the_contract():
    state = random_game(4, 8, plies=6)
    out = analyze(write_record(state))
    assert out["game"] == "city-blocks" and out["players"] == 4 and out["options"] == {}
    assert [p["ply"] for p in out["plies"]] == list(range(1, 7))
    replay = new_state(4, 8)
    for row, move in zip(out["plies"], state.history):
        texts = sorted(m.text() for m in replay.legal_moves() if not m.is_pass)
        assert row["seat"] == replay.to_move and row["move"] == move.text()
        assert row["legal_count"] == len(texts) == replay.legal_count()
        assert row["legal_sha256"] == hashlib.sha256("\n".join(texts).encode()).hexdigest()
        replay, _ = replay.play(move)
    assert out["over"] is False
    assert set(out["score"]) == {"colours", "seats", "winners"}
    assert set(out["score"]["colours"]) == {"blue", "green", "red", "yellow"}
    assert all(set(c) == {"area", "edges", "total"} for c in out["score"]["colours"].values())
    assert all(set(s) == {"colours", "total"} for s in out["score"]["seats"])
    assert out["score"] == CITY_BLOCKS.score_summary(state)
    msgpack.packb(out)


def test_legal_texts_match_the_moves():
    state = random_game(3, 9, plies=12)
    assert legal_texts(state) == sorted(m.text() for m in state.legal_moves() if not m.is_pass)


def test_score_text_reads_well():
    state = random_game(2, 3)
    text = CITY_BLOCKS.score_text(state)
    assert "Blue" in text and "area" in text and "edges" in text
    assert ("Winner:" in text) or ("Draw:" in text)
    assert "shared" in CITY_BLOCKS.score_text(random_game(3, 3, plies=5))
