"""The game contract, checked the same way for every registered game (OpenSpiel's
generic tests): seeded random playouts with invariants after every move.

A game joins ``shared.gamekit.registry.builtin_games`` only once this file passes for it.
"""

from __future__ import annotations

import itertools
import json
import random

import msgpack
import pytest

from shared.gamekit import GameSpec, IllegalMove, LegalMoves, MalformedMove, RecordError, Rejection
from shared.gamekit.report import Report
from tests.template_game import games_with_template

GAMES = list(games_with_template())  # the shipped games and the template game (Nim)
PLAYOUTS = 4          # seeded random games per game and seat count
PROBES = 12           # moves from elsewhere tried as "not listed" per position


def seat_options(spec: GameSpec) -> list[dict]:
    """One option set per supported seat count (the default options otherwise)."""
    base = spec.options({})
    if len(spec.seat_counts) == 1:
        return [base]
    return [spec.options({**base, "players": n}) for n in spec.seat_counts]


def cases():
    for spec in GAMES:
        for options in seat_options(spec):
            yield pytest.param(spec, options, id=f"{spec.id}-{len(spec.seats(options))}")


def playout(spec: GameSpec, options: dict, seed: int, limit: int = 400):
    """Yield (state, move, next_state) along one seeded random game."""
    rng = random.Random(seed)
    state = spec.new_state(options, seed)
    for _ in range(limit):
        if state.is_over():
            return
        move = state.legal_moves().random(rng)
        after, events = state.play(move)
        assert isinstance(events, list) and all(isinstance(e, dict) and "type" in e for e in events)
        yield state, move, after
        state = after


@pytest.mark.parametrize("spec,options", list(cases()))
def test_spec_describes_itself(spec: GameSpec, options: dict):
    """Seats, options, description and the welcome info are well formed and stable."""
    seats = spec.seats(options)
    assert len(seats) in spec.seat_counts
    assert len({s.name for s in seats}) == len(seats)
    assert spec.options(options) == options, "validated options validate to themselves"
    assert spec.describe(options)
    info = spec.info()
    msgpack.packb(info)
    assert info["id"] == spec.id and set(info["computer_levels"]) == set(spec.computer_levels)


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_bad_options_and_move_text_are_refused_with_a_reason(spec: GameSpec):
    """Unknown options and unreadable move text raise the contract's errors, quoting input."""
    from shared.gamekit import BadOptions
    with pytest.raises(BadOptions) as err:
        spec.options({"no_such_option_xyz": 1})
    assert "no_such_option_xyz" in str(err.value)
    for text in ("", "zzz", "@@@", "x" * 300):
        with pytest.raises(MalformedMove):
            spec.parse_move(text)


@pytest.mark.parametrize("spec,options", list(cases()))
def test_random_playouts_keep_every_invariant(spec: GameSpec, options: dict):
    """After every move: listed moves play, others are refused with a reason, text and
    dict round trips hold, returns/ranking have one value per seat."""
    n = len(spec.seats(options))
    for seed in range(PLAYOUTS):
        rng = random.Random(1000 + seed)
        seen_moves: list = []
        plies = 0
        last = None
        for state, move, after in playout(spec, options, seed):
            plies += 1
            last = after
            assert state.seat_count == n
            assert state.to_move is not None and 0 <= state.to_move < n
            legal = state.legal_moves()
            assert isinstance(legal, LegalMoves)
            count = len(legal)
            assert count >= 1 and move in legal
            assert state.why_not(move) is None
            # text round trip of the move played
            text = spec.move_text(move)
            assert spec.parse_move(text) == move
            # a few moves seen elsewhere: listed <=> no reason
            for probe in rng.sample(seen_moves, min(PROBES, len(seen_moves))):
                reason = state.why_not(probe)
                if probe in legal:
                    assert reason is None, (spec.move_text(probe), reason)
                    state.play(probe)
                else:
                    assert isinstance(reason, Rejection) and reason.code and reason.text
                    with pytest.raises(IllegalMove):
                        state.play(probe)
            # another seat may not move now
            other = (state.to_move + 1) % n
            wrong = state.why_not(move, other)
            assert isinstance(wrong, Rejection)
            # small positions: every listed move plays
            if count <= 40:
                listed = list(legal)
                assert len(listed) == count == len(set(listed))
                for each in listed:
                    state.play(each)
            if len(seen_moves) < 500:
                seen_moves.append(move)
            # serialisation
            data = after.to_dict()
            msgpack.packb(data)
            back = spec.state_from_dict(msgpack.unpackb(msgpack.packb(data)))
            assert back.key() == after.key()
            assert len(after.returns()) == n and len(after.ranking()) == n
            assert all(1 <= p <= n for p in after.ranking())
            msgpack.packb(after.score())
            msgpack.packb(after.turn())
        assert plies > 0 and last is not None
        if last.is_over():
            assert last.to_move is None and len(last.legal_moves()) == 0
            returns = last.returns()
            assert all(-1.0 <= r <= 1.0 for r in returns)
            best = min(last.ranking())
            assert best == 1


@pytest.mark.parametrize("spec,options", list(cases()))
def test_records_replay_to_the_same_state(spec: GameSpec, options: dict):
    """Writing a finished (and an unfinished) game's record and reading it back gives
    the same position and the same moves."""
    for seed, cut in ((11, None), (12, 7)):
        moves = []
        state = spec.new_state(options, seed)
        for before, move, after in playout(spec, options, seed):
            moves.append(spec.move_text(move))
            state = after
            if cut is not None and len(moves) >= cut:
                break
        text = spec.write_record(state, {})
        assert spec.is_record(text)
        record = spec.read_record(text)
        assert record.state.key() == state.key()
        assert list(record.moves) == moves
        assert record.start is not None
        assert record.start.key() == spec.new_state(options, seed).key()
        assert isinstance(record.headers, dict) and isinstance(record.warnings, tuple)


@pytest.mark.parametrize("spec,options", list(cases()))
def test_analyze_lists_every_ply_of_a_record_with_a_leaver(spec: GameSpec, options: dict):
    """``analyze`` of a record where a seat left midway: one entry per move, each
    played move among the ply's legal ones, the seat to move named, the end scored."""
    rng = random.Random(4)
    state = spec.new_state(options, 4)
    for _ in range(6):
        state, _ = state.play(state.legal_moves().random(rng))
    if len(spec.seats(options)) > 2:
        state, _ = state.resign(state.to_move)
    while not state.is_over():
        state, _ = state.play(state.legal_moves().random(rng))
    text = spec.write_record(state, {})
    record = spec.read_record(text)
    assert record.state.key() == state.key()
    result = spec.analyze(text)
    msgpack.packb(result)
    assert result["game"] == spec.id and result["over"] is True
    assert result["players"] == len(spec.seats(options))
    played = [m for m in record.moves if spec.leaver(m) is None]
    assert [p["move"] for p in result["plies"]] == played
    for entry in result["plies"]:
        assert 0 <= entry["seat"] < result["players"] and entry["legal_count"] >= 0
        if "legal" in entry:
            assert entry["move"] in entry["legal"] or spec.is_pass(spec.parse_move(entry["move"]))


@pytest.mark.parametrize("spec,options", list(cases()))
def test_score_and_analyze_reports_of_a_finished_record(spec: GameSpec, options: dict):
    """What ``alien-city score``/``analyze`` print comes from the spec: text naming every
    seat's result, JSON that parses; record options are declared the way the command
    offers them; a record that is not one is a RecordError, never a Python error."""
    rng = random.Random(6)
    state = spec.new_state(options, 6)
    while not state.is_over():
        state, _ = state.play(state.legal_moves().random(rng))
    text = spec.write_record(state, {})
    for report in (spec.score_report, spec.analyze_report):
        table = report(text)
        assert isinstance(table, Report) and table.text.strip() and table.warnings == ()
        assert spec.score_text(state).splitlines()[-1] in table.text.splitlines()
        assert isinstance(json.loads(report(text, as_json=True).text), dict)
        with pytest.raises(RecordError):
            report("this is no record\n")
    for option in spec.record_options():
        assert option.kind in ("bool", "choice", "int") and option.help
        assert option.kind != "choice" or option.choices


@pytest.mark.parametrize("spec,options", list(cases()))
def test_resigning_ends_or_shrinks_the_game(spec: GameSpec, options: dict):
    """A seat that leaves ranks last; nobody may leave twice; a game over refuses it."""
    n = len(spec.seats(options))
    state = spec.new_state(options, 5)
    for _, _, after in itertools.islice(playout(spec, options, 5), 3):
        state = after
    seat = state.to_move
    left, events = state.resign(seat)
    assert events and all("type" in e for e in events)
    if n == 2:
        assert left.is_over()
    places = left.ranking()
    assert places[seat] == max(places) and places.count(places[seat]) == 1
    with pytest.raises(IllegalMove):
        left.resign(seat)
    while not left.is_over():
        left, _ = left.play(left.legal_moves().random(random.Random(1)))
    with pytest.raises(IllegalMove):
        left.resign((seat + 1) % n)
    back = spec.state_from_dict(left.to_dict())
    assert back.key() == left.key() and back.ranking() == left.ranking()


@pytest.mark.parametrize("spec", GAMES, ids=lambda s: s.id)
def test_every_computer_level_plays_legal_moves_deterministically(spec: GameSpec):
    """Each level answers a legal move, the same one for the same seed and budget."""
    options = seat_options(spec)[0]
    state = spec.new_state(options, 3)
    for _, _, after in itertools.islice(playout(spec, options, 3), 4):
        state = after
    for level in spec.computer_levels:
        first = spec.make_bot(level, 9, iterations=60).choose(state)
        again = spec.make_bot(level, 9, iterations=60).choose(state)
        assert state.why_not(first) is None, (level, first)
        assert first == again, level
