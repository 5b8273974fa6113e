"""Sprawl's words for people go through the ``sprawl`` catalogue: under the pseudo
language every reason ``why_not`` gives (every rule code, on many positions of every
variant), the record reader's errors and warnings, move errors, option labels and help,
seat labels, ``describe``, computer names and the score text come out marked; in Slovak
and French a few of them really are translated; codes, move texts and records stay as
they are whatever the language."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from shared import i18n
from shared.gamekit.api import GameError, IllegalMove
from shared.sprawl import SPRAWL, VARIANTS, Branch, Build, Place, parse_move

from ...i18n import marks
from .helpers import position, with_turn

ROOT = Path(__file__).resolve().parents[3]
# What a marked text may carry outside the marks: record tokens, squares, codes.
DATA = re.compile(r"'[^']*'|\[[a-z_]+\]|\b[a-h][1-8]\b|\b[rygbkwpo]:\S+")


@pytest.fixture
def pseudo():
    with marks.pseudo():
        yield


def assert_marked(text: str, what: str) -> None:
    leftover = marks.bare_words(text, allow=(DATA,))
    assert text and not leftover, f"{what}: {text!r} has unmarked words {leftover}"


def every_move(state):
    """Moves of the seat to move (and of others) across the board: places, builds,
    branches, spores with builds, off-board squares."""
    seat = state.to_move if state.to_move is not None else 0   # a finished game: anyone
    for sq in list(state.geo.squares) + [63, 7, 56]:    # h8/h1/a8 are off the smaller boards
        for k in (1, 2, 3):
            yield Place(seat, k, sq)
            yield Build(seat, k, sq)
            yield Place(seat, k, sq, (k - 1,) if k > 1 else (1,))
            for d in range(4):
                yield Branch(seat, k, sq, d)
    yield Place((seat + 1) % state.n, 3, 0)
    yield Place(7, 3, 0)


def positions():
    """Positions of seeded random play for every variant and seat count, with a finished
    game among them."""
    out = []
    sets = [{}] + [{v: True} for v in VARIANTS] + [dict.fromkeys(VARIANTS, True)]
    for i, options in enumerate(sets):
        players = 3 + i % 6
        state = SPRAWL.new_state({"players": players, **options}, i + 1)
        rng = random.Random(i)
        dead = 0
        while not state.is_over():
            if state.ply in (0, players, 3 * players) or state.ply % 7 == 0 or len(state.dead) > dead:
                out.append(state)
                dead = len(state.dead)
                # the owners of dead trees to move: building or growing there is refused
                out += [with_turn(state, "rygbkwpo"[state.controller(t)]) for t in state.dead]
            state = state.play(state.legal_moves().random(rng))[0]
        out.append(state)
    # rare refusals: a branch's back (b5 behind the r2e on c5), a size used up (red's 3s)
    out.append(position("""
        6 .   .   .   .   .   .
        5 .   .   r2e .   .   .
        4 .   .   r3n .   .   .
        3 .   .   R32 .   .   .
        2 .   .   .   .   .   .
        1 R3  R3  R3  .   .   .
        """))
    return out


def random_game(players: int, seed: int, stop_at: int | None = None):
    state = SPRAWL.new_state({"players": players}, seed)
    rng = random.Random(seed)
    while not state.is_over() and (stop_at is None or state.ply < stop_at):
        state = state.play(state.legal_moves().random(rng))[0]
    return state


def rule_codes() -> set[str]:
    """Every rule code explain.py can give (read from the engine's source)."""
    source = (ROOT / "shared" / "sprawl" / "explain.py").read_text("utf-8")
    return set(re.findall(r'_r\("([a-z_]+)"', source))


def test_every_reason_the_engine_gives_is_marked(pseudo):
    seen: dict[str, str] = {}
    for state in positions():
        for move in every_move(state):
            for seat in (None, (move.seat + 1) % state.n):
                reason = state.why_not(move, seat)
                if reason is not None:
                    assert_marked(reason.text, reason.code)
                    seen.setdefault(reason.code, reason.text)
    reason = SPRAWL.new_state({"players": 3}, 1).why_not("r:3@c4")
    assert_marked(reason.text, reason.code)
    seen[reason.code] = reason.text
    missing = rule_codes() - set(seen)
    assert not missing, f"rules never refused in these positions: {sorted(missing)}"


def test_record_errors_move_errors_and_leaving_are_marked(pseudo):
    bad_records = ["", "hello world\n", "Game: City Blocks\nPlayers: 4\n\n", "Game: Sprawl\nPlayers: 9\n\n",
                   "Game: Sprawl\nPlayers: four\n\n", "Game: Sprawl\nPlayers: 4\nOptions: gravity\n\n",
                   "Game: Sprawl\nPlayers: 4\n\nx:3@c4\n", "Game: Sprawl\nPlayers: 4\nFirst: pink\n\n",
                   "Game: Sprawl\nPlayers: 3\n\no:3@c4\n", "Game: Sprawl\nPlayers: 3\n\nr:3@c3 y:2n@a1\n",
                   "Game: Sprawl\nPlayers: 3\n\nr:3@c3 y:zz\n", "Game: Sprawl\nPlayers 3\n"]
    for text in bad_records:
        with pytest.raises(GameError) as caught:
            SPRAWL.read_record(text)
        assert_marked(str(caught.value), f"record {text!r}")
    lenient = SPRAWL.read_record("Game: Sprawl\nPlayers: 3\nFirst: red\n\nr:3@c3 y:2n@a1 y:zz y:2@a1\n",
                                 lenient=True)
    assert len(lenient.warnings) == 2
    for warning in lenient.warnings:
        assert_marked(warning, "warning")
    for text in ("q:3@c4", "r:3@z9", "nonsense", 7):
        with pytest.raises(GameError) as caught:
            parse_move(text)
        assert_marked(str(caught.value), f"move {text!r}")
    state = SPRAWL.new_state({"players": 3}, 1)
    left = state.resign(1)[0]
    for seat in (1, 9):
        with pytest.raises(IllegalMove) as caught:
            left.resign(seat)
        assert_marked(caught.value.rejection.text, "resign")
    for raw in ([1], {"colour": 1}, {"players": 2}, {"overload": "yes"}):
        with pytest.raises(GameError) as caught:
            SPRAWL.options(raw)
        assert_marked(str(caught.value), f"options {raw!r}")


def test_the_spec_words_are_marked(pseudo):
    for field in SPRAWL.option_schema():
        assert_marked(field.label, field.name)
        assert_marked(field.help, field.name)
    for seat in SPRAWL.seats({"players": 8}):
        assert_marked(seat.label, seat.name)
    assert_marked(SPRAWL.describe(dict.fromkeys(VARIANTS, True) | {"players": 5}), "describe")
    for level in SPRAWL.computer_levels:
        assert_marked(SPRAWL.computer_name(level), level)
    for state in (random_game(5, 3), random_game(4, 2, 6)):
        diagram_rows = re.compile(r"^\s*\d? ?[.A-Za-z0-9 ]*$")
        for line in SPRAWL.score_text(state).splitlines():
            if line and not diagram_rows.match(line):   # the board diagram is data
                assert_marked(line, "score text")


def test_codes_moves_and_records_stay_the_same_in_every_language():
    state = random_game(4, 8, 16)
    assert not state.is_over()
    english = {m.text(): state.why_not(m) for m in every_move(state)}
    record = SPRAWL.write_record(state, {"Seats": "Ann, Bob, Cy, Di"})
    for lang in ("sk", "fr", i18n.PSEUDO):
        with marks.language(lang):
            assert SPRAWL.write_record(state, {"Seats": "Ann, Bob, Cy, Di"}) == record
            assert [s.name for s in SPRAWL.seats({"players": 4})] == ["red", "yellow", "green", "blue"]
            for text, reason in english.items():
                got = state.why_not(parse_move(text))
                assert (got and got.code) == (reason and reason.code)
            assert SPRAWL.read_record(record).moves == tuple(state.history)
            assert state.to_dict()["to_move"] == ["red", "yellow", "green", "blue"][state.to_move]


@pytest.mark.parametrize("lang,turn,label,board,describe", [
    ("sk", "Na ťahu je", "Červená", "mimo hracieho plánu", "5 hráčov"),
    ("fr", "C’est à", "Rouge", "hors du plateau", "5 joueurs"),
    ("en", "It is", "Red", "off the board", "5 players"),
])
def test_slovak_and_french_really_come_out(lang, turn, label, board, describe):
    state = random_game(4, 8, 16)
    seat = state.to_move
    off = next(m for m in every_move(state) if (r := state.why_not(m)) is not None and r.code == "points_off")
    finished = random_game(3, 4)
    with marks.language(lang):
        assert state.why_not(Place(seat, 3, 0), (seat + 1) % 4).text.startswith(turn)
        assert SPRAWL.seats({"players": 4})[0].label == label
        assert board in state.why_not(off).text
        assert SPRAWL.describe({"players": 5}) == describe
        last = SPRAWL.score_text(finished).splitlines()[-1]
        assert ("wins" in last or "share" in last) == (lang == "en")
