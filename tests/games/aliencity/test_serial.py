"""Text and dict forms: moves, lots, pieces, rulesets and whole game states."""

from __future__ import annotations

import copy
import json
import random

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from shared.aliencity import (
    PIECES,
    Build,
    Claim,
    GameState,
    InvalidMoveError,
    MalformedError,
    Pass,
    Phase,
    Piece,
    Player,
    RecordError,
    Ruleset,
    lot_name,
    move_from_dict,
    new_game,
    parse_lot,
    parse_move,
)
from shared.aliencity.moves import ppn_cap_owner

from .helpers import random_game

ALL_MOVES = ([Build(piece, lot) for piece in PIECES for lot in range(80)]
             + [Claim(lot) for lot in range(80)] + [Pass()])


# -- moves ----------------------------------------------------------------------------------
def test_every_move_text_parses_back_to_the_same_move():
    """parse_move(m.text()) == m for every build, claim and pass."""
    for move in ALL_MOVES:
        assert parse_move(move.text()) == move, move.text()


def test_move_texts_have_the_documented_forms():
    """'Tr@e6', 'Dk@c7', 'claim@e6', 'pass'."""
    assert Build(Piece.parse("Tr"), parse_lot("e6")).text() == "Tr@e6"
    assert Build(Piece.parse("black dome"), parse_lot("c7")).text() == "Dk@c7"
    assert Claim(parse_lot("e6")).text() == "claim@e6"
    assert Pass().text() == "pass"
    assert parse_move(" tr@E6 ") == parse_move("Tr@e6")
    assert parse_move("CLAIM@h10") == Claim(79) and parse_move("PASS") == Pass()


def test_every_ppn_token_parses_back_to_the_same_move():
    """parse_move(build.ppn()) == build; K1x/W1x caps parse to claims of their owner."""
    for move in ALL_MOVES:
        if isinstance(move, Build):
            assert parse_move(move.ppn()) == move, move.ppn()
        elif isinstance(move, Claim):
            for player in Player:
                token = move.ppn(player)
                assert parse_move(token) == move
                assert ppn_cap_owner(token) is player
    assert parse_move("R3x@e6") == parse_move("Tr@e6")
    assert parse_move("B3x@a1") == parse_move("Tb@a1")
    assert parse_move("G3x@h10") == parse_move("Tg@h10")
    assert [parse_move(t) for t in ("S@c7", "A@c7", "C@c7", "M@c7")] == [
        parse_move(t) for t in ("Dr@c7", "Db@c7", "Dg@c7", "Dk@c7")]
    assert parse_move("K1x@e6") == parse_move("W1x@e6") == Claim(parse_lot("e6"))


def test_every_move_dict_reads_back_to_the_same_move():
    """move_from_dict(m.to_dict()) == m, and the dicts are plain JSON."""
    for move in ALL_MOVES:
        data = move.to_dict()
        assert move_from_dict(json.loads(json.dumps(data))) == move
    assert Build(Piece.parse("Tg"), parse_lot("e6")).to_dict() == {
        "type": "build", "kind": "tower", "colour": "green", "lot": "e6"}
    assert Claim(parse_lot("b2")).to_dict() == {"type": "claim", "lot": "b2"}
    assert Pass().to_dict() == {"type": "pass"}


@pytest.mark.parametrize("text", [
    "", "Tr", "Tr@", "@e6", "Tx@e6", "Tk@e6", "Tr@i1", "Tr@a0", "Tr@a11", "Tr@a01", "Tr@e6x",
    "Tr e6", "claim@", "claim@z9", "claim e6", "pass now", "R3x@e11", "K1x@", "Q@e6", "R2x@e6",
    "X1x@e6", "build red tower on e6"])
def test_malformed_move_texts_raise_invalid_move_error_quoting_them(text):
    """A move text that does not parse raises InvalidMoveError whose message quotes it."""
    with pytest.raises(InvalidMoveError) as err:
        parse_move(text)
    assert repr(text) in str(err.value)


@pytest.mark.parametrize("value", [None, 5, 1.5, b"Tr@e6", ["Tr@e6"], {"type": "pass"}])
def test_non_text_moves_raise_invalid_move_error(value):
    """parse_move of something that is not text raises InvalidMoveError naming its type."""
    with pytest.raises(InvalidMoveError) as err:
        parse_move(value)
    assert type(value).__name__ in str(err.value)


@pytest.mark.parametrize("data, quoted", [
    ({}, "{}"),
    ({"type": "jump"}, "jump"),
    ({"type": "build"}, "build"),
    ({"type": "build", "kind": "tower", "colour": "black", "lot": "e6"}, "black"),
    ({"type": "build", "kind": "castle", "colour": "red", "lot": "e6"}, "castle"),
    ({"type": "build", "kind": "tower", "colour": "red", "lot": "z9"}, "z9"),
    ({"type": "build", "kind": "tower", "colour": "red", "lot": 44}, "44"),
    ({"type": "claim"}, "claim"),
    ({"type": "claim", "lot": ["e6"]}, "e6"),
    ({"type": None}, "None"),
    ({"type": ["build"]}, "build"),
    ({"type": "claim", "lot": "e\u00b2"}, "e\u00b2"),
])
def test_malformed_move_dicts_raise_invalid_move_error_quoting_them(data, quoted):
    """move_from_dict refuses bad dicts with InvalidMoveError naming what is wrong."""
    with pytest.raises(InvalidMoveError) as err:
        move_from_dict(data)
    assert quoted in str(err.value)


@pytest.mark.parametrize("value", [None, "pass", ["build"], 7])
def test_move_from_dict_refuses_non_mappings(value):
    """Not a mapping: InvalidMoveError naming the type."""
    with pytest.raises(InvalidMoveError) as err:
        move_from_dict(value)
    assert type(value).__name__ in str(err.value)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="TtDdrbgkxRBGSACMKW0123456789@acehlimsp ", max_size=12) | st.text(max_size=10))
def test_any_text_either_parses_to_a_move_that_round_trips_or_raises_invalid_move_error(text):
    """parse_move never fails with another exception, and what it accepts round-trips."""
    try:
        move = parse_move(text)
    except InvalidMoveError:
        return
    assert parse_move(move.text()) == move
    assert move_from_dict(move.to_dict()) == move


_VALUES = st.none() | st.booleans() | st.integers(-3, 100) | st.sampled_from(
    ["build", "claim", "pass", "tower", "dome", "red", "black", "e6", "h10", "a0", ""]) | st.text(max_size=5)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["type", "kind", "colour", "lot", "x"]), _VALUES, max_size=5))
def test_any_dict_either_reads_as_a_move_or_raises_invalid_move_error(data):
    """move_from_dict never fails with another exception type."""
    try:
        move = move_from_dict(data)
    except InvalidMoveError:
        return
    assert move_from_dict(move.to_dict()) == move


# -- small values ------------------------------------------------------------------------------
def test_lot_names_round_trip_and_follow_chess_naming():
    """a1 is bottom-left (0), h10 top-right (79), rows of eight."""
    assert [lot_name(x) for x in (0, 7, 8, 79)] == ["a1", "h1", "a2", "h10"]
    for lot in range(80):
        assert parse_lot(lot_name(lot)) == lot


@pytest.mark.parametrize("text", ["", "e", "6e", "i1", "a0", "a11", "a01", "e-1", "ee6", "e6.5",
                                  "e\u00b2", "e\u0663", "e\uff11"])
def test_bad_lot_names_raise_invalid_move_error(text):
    """parse_lot refuses names off the 8x10 board, quoting them."""
    with pytest.raises(InvalidMoveError) as err:
        parse_lot(text)
    assert repr(text) in str(err.value)


def test_pieces_have_short_and_long_text_forms():
    """Tr..Dk codes and 'red tower' names parse back; there are no black towers."""
    for piece in PIECES:
        assert Piece.parse(piece.text()) == piece
        assert Piece.parse(piece.name()) == piece
    with pytest.raises(InvalidMoveError):
        Piece.parse("black tower")
    for player in Player:
        assert Player.parse(player.text()) is player


# -- rulesets -----------------------------------------------------------------------------------
RULESETS = [Ruleset(2004), Ruleset(2002), Ruleset(2004, True), Ruleset(2002, True)]


@pytest.mark.parametrize("ruleset", RULESETS, ids=lambda r: r.text())
def test_ruleset_text_and_dict_round_trip(ruleset):
    """Ruleset.parse(r.text()) == r and Ruleset.from_dict(r.to_dict()) == r."""
    assert Ruleset.parse(ruleset.text()) == ruleset
    assert Ruleset.from_dict(json.loads(json.dumps(ruleset.to_dict()))) == ruleset


def test_ruleset_texts_and_defaults():
    """'2004' (the default), '2002+location'; from_dict defaults to 2004 without variant."""
    assert Ruleset() == Ruleset(2004, False)
    assert Ruleset(2002, True).text() == "2002+location"
    assert Ruleset.parse(" 2004+Location ") == Ruleset(2004, True)
    assert Ruleset.from_dict({}) == Ruleset()


@pytest.mark.parametrize("text", ["", "2003", "abc", "2004+fog", "2004+location+fog", "+location"])
def test_bad_ruleset_texts_raise_malformed_error(text):
    """Ruleset.parse refuses unknown editions and variants."""
    with pytest.raises(MalformedError):
        Ruleset.parse(text)


@pytest.mark.parametrize("data", [None, [], "2004", {"edition": "2004"}, {"edition": True},
                                  {"edition": 2003}, {"location_bonus": "yes"}, {"location_bonus": 1}])
def test_bad_ruleset_dicts_raise_malformed_error(data):
    """Ruleset.from_dict refuses bad types and values."""
    with pytest.raises(MalformedError):
        Ruleset.from_dict(data)


# -- game states --------------------------------------------------------------------------------
def sample_states():
    """States of a few random games: the start, every tenth move, and the end."""
    out = []
    for seed, ruleset in enumerate(RULESETS):
        for i, (before, _, step) in enumerate(random_game(seed + 40, ruleset)):
            if i % 10 == 0:
                out.append(before)
        out.append(step.state)
    return out


STATES = sample_states()


def plain(value) -> bool:
    """Only msgpack/JSON-safe primitives: str, int, bool, None, lists and str-keyed dicts."""
    if value is None or isinstance(value, (str, bool, int)):
        return True
    if isinstance(value, list):
        return all(plain(v) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and plain(v) for k, v in value.items())
    return False


def test_state_dicts_are_plain_data_and_round_trip_through_msgpack_and_json():
    """to_dict -> msgpack / JSON -> from_dict gives an equal state, caches aside."""
    assert any(s.phase is Phase.CLAIM for s in STATES) and any(s.is_over() for s in STATES)
    for state in STATES:
        data = state.to_dict()
        assert plain(data)
        assert data["format"] == 1 and data["game"] == "alien-city"
        via_msgpack = msgpack.unpackb(msgpack.packb(data, use_bin_type=True), raw=False)
        assert GameState.from_dict(via_msgpack) == state
        assert GameState.from_dict(json.loads(json.dumps(data))) == state


def test_a_state_read_back_plays_on_like_the_original():
    """The state read back has the same legal moves and score."""
    for state in STATES:
        back = GameState.from_dict(state.to_dict())
        assert list(back.legal_moves()) == list(state.legal_moves())
        assert back.score().totals == state.score().totals


@pytest.mark.parametrize("data", [None, [], "state", 5, {}, {"game": "chess", "format": 1},
                                  {"game": "alien-city", "format": 2},
                                  {"game": "alien-city", "format": "1"}])
def test_from_dict_refuses_what_is_not_a_state_with_record_error(data):
    """Not a mapping, another game, another format: RecordError."""
    with pytest.raises(RecordError):
        GameState.from_dict(data)


def _valid() -> dict:
    return copy.deepcopy(STATES[len(STATES) // 2].to_dict())


@pytest.mark.parametrize("key, value, words", [
    ("structures", [["e6", "Tr"], ["e6", "Db"]], "e6"),
    ("structures", [["e6", "Tk"]], "Tk"),
    ("structures", [["z6", "Tr"]], "z6"),
    ("structures", "e6", "structures"),
    ("caps", [["DOME", "black"]], "DOME"),
    ("caps", [["TOWER", "green"]], "green"),
    ("stocks", {"black": {}}, "white"),
    ("stocks", {"black": {"Tr": 4}, "white": {}}, "4"),
    ("stocks", {"black": {"Tr": -1}, "white": {}}, "-1"),
    ("stocks", [], "stocks"),
    ("tiles", "nonsense", "nonsense"),
    ("tiles", None, "tiles"),
    ("phase", "flying", "flying"),
    ("to_move", "red", "red"),
    ("first_player", None, "first_player"),
    ("dice", [[[1, 2, 3], [1, 2, 3, 4]]], "dice"),
    ("dice", [[[1, 2, 3, 9], [1, 2, 3, 4]]], "9"),
    ("history", [["black", "Tr@z9"]], "z9"),
    ("history", [["blue", "pass"]], "blue"),
    ("ruleset", {"edition": 1999}, "1999"),
    ("seed", [1, 2], "seed"),
])
def test_from_dict_refuses_bad_fields_with_record_error_naming_them(key, value, words):
    """Each malformed field gives RecordError (not another exception) naming the problem."""
    data = _valid()
    lots = {"TOWER": next(x for x, code in data["structures"] if code[0] == "T"),
            "DOME": next(x for x, code in data["structures"] if code[0] == "D")}
    if key == "caps":
        value = [[lots[value[0][0]], value[0][1]]]
        words = lots.get(words, words)
    data[key] = value
    with pytest.raises(RecordError) as err:
        GameState.from_dict(data)
    assert words in str(err.value)


@pytest.mark.parametrize("phase, to_move, next_builder", [
    ("build", None, None),
    ("claim", None, "white"),
    ("claim", "black", None),
], ids=["build-nobody-to-move", "claim-nobody-to-move", "claim-no-next-builder"])
def test_from_dict_refuses_a_turn_that_names_nobody(phase, to_move, next_builder):
    """A build or claim step with nobody to move is garbage: RecordError, not a broken state."""
    data = _valid()
    data.update(phase=phase, to_move=to_move, next_builder=next_builder)
    with pytest.raises(RecordError):
        GameState.from_dict(data)


_JUNK = st.none() | st.booleans() | st.integers(-5, 2**70) | st.text(max_size=6) | st.lists(
    st.none() | st.integers(-1, 90) | st.text(max_size=4) | st.lists(st.text(max_size=4), max_size=3),
    max_size=3) | st.dictionaries(st.text(max_size=6), st.integers(-1, 5) | st.text(max_size=3),
                                  max_size=3)


@settings(max_examples=400, deadline=None)
@given(st.data())
def test_from_dict_of_mangled_states_raises_only_record_error(data):
    """Fields replaced, deleted or mangled inside: from_dict gives a state or RecordError."""
    state = data.draw(st.sampled_from(STATES)).to_dict()
    for _ in range(data.draw(st.integers(1, 3))):
        key = data.draw(st.sampled_from(sorted(state)))
        action = data.draw(st.sampled_from(["replace", "delete", "inner"]))
        if action == "replace":
            state[key] = data.draw(_JUNK)
        elif action == "delete":
            del state[key]
        elif isinstance(state[key], list) and state[key]:
            state[key][data.draw(st.integers(0, len(state[key]) - 1))] = data.draw(_JUNK)
        elif isinstance(state[key], dict) and state[key]:
            state[key][data.draw(st.sampled_from(sorted(state[key])))] = data.draw(_JUNK)
    try:
        read = GameState.from_dict(state)
    except RecordError:
        return
    assert GameState.from_dict(read.to_dict()) == read  # what was accepted round-trips


def test_seeds_of_all_kinds_survive_a_state_round_trip():
    """Integer and text seeds come back as they were (within msgpack's 64-bit range)."""
    for seed in (0, 7, 2**53, -5, "club-night-3"):
        state = new_game(Ruleset(2002), seed=seed)
        data = msgpack.unpackb(msgpack.packb(state.to_dict(), use_bin_type=True), raw=False)
        assert GameState.from_dict(data) == state


def test_random_mutations_never_crash_from_dict():
    """Seeded brute force over every field: from_dict gives a state or RecordError."""
    rng = random.Random(3)
    junk = [None, True, 0, -1, 5, "", "x", "black", "build", [], [1], [["e6", "Tr"]], {},
            {"black": {}}, 1.5, "e6", ["e6", "Tr"], [["e6", "black"]], "Tr@e6"]
    for _ in range(1500):
        data = copy.deepcopy(rng.choice(STATES).to_dict())
        key = rng.choice(sorted(data))
        data[key] = rng.choice(junk)
        try:
            read = GameState.from_dict(data)
        except RecordError:
            continue
        assert GameState.from_dict(read.to_dict()) == read  # what was accepted round-trips
