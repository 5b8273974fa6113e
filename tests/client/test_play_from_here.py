"""Play from here: from a position of a replay (key P) or of a review, a new local game
starts at exactly that position with its options, the computers play on, undo stops at
the branch point, and the new game's record names where it branched off (``BranchedFrom``)
through saving, the Continue list, the records list and a replay. A finished position
is refused with a reason; move 0 is the game's own start."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pygame
import pytest

import client.review.scene as review_scene
from client import saves
from client.review.branch import play_here
from client.review.scene import ReviewScene
from client.scenes.continue_list import local_entries
from client.scenes.files import open_record, record_summary
from client.scenes.play_here import PERSON, PlayHereScene
from client.scenes.seats import HumanSeat
from shared.gamekit.branch import BRANCH_KEY, Branch, branch_of, parse_branch
from shared.gamekit.review import ReviewSettings

from .conftest import click, key, show

SOURCE = "Match K7QXAD"
GAMES = [  # a game, options that are not the defaults, a seed, the move to branch at
    ("alien-city", {"edition": 2002, "location_bonus": True}, 4, 5),
    ("city-blocks", {"players": 3}, 5, 7),
    ("sprawl", {"players": 4, "strict_branching": True}, 6, 6),
]


def final_state(spec, options: dict, seed: int):
    state = spec.new_state(spec.options(options), seed)
    rng = random.Random(seed)
    while not state.is_over():
        state = state.play(state.legal_moves().random(rng))[0]
    return state


def open_replay(app, game: str, options: dict, seed: int):
    """An online match's archived record (its ``Room`` header), opened in the replay."""
    plugin = app.games.get(game)
    text = plugin.spec.write_record(final_state(plugin.spec, options, seed), {"Room": "K7QXAD"})
    replay = plugin.open_record(app, text, SOURCE)
    show(app, replay)
    return plugin.spec, text, replay


def press_p(app):
    app.step(1 / 60, events=[key(pygame.K_p, unicode="p")])
    app.stack.apply_pending()
    return app.stack.top


def run_until(app, done, frames: int = 3000) -> bool:
    """Frames until ``done()`` (computers think in threads: a hang guard, not a timing)."""
    for _ in range(frames):
        app.step(1 / 60, events=[], draw=False)
        if done():
            return True
        time.sleep(0.002)
    return False


@pytest.mark.parametrize("game, options, seed, n", GAMES)
def test_a_replay_plays_on_from_move_n_and_the_record_says_so(app, tmp_path, game, options, seed, n):
    spec, source_text, replay = open_replay(app, game, options, seed)
    replay.controls.go(n)
    expected = replay.branch_position(n)[0]
    chooser = press_p(app)
    assert isinstance(chooser, PlayHereScene) and chooser.refused is None
    assert chooser.branch == Branch(SOURCE, n)
    mover = expected.to_move
    assert chooser.players[mover] == PERSON, "the seat to move is a person's by default"
    chooser.players = ["easy" if i == mover else PERSON for i in range(len(chooser.players))]
    chooser.start()
    app.stack.apply_pending()
    match = app.stack.top
    assert match.position().key() == expected.key()
    assert dict(match.position().options) == dict(spec.options(options))

    record = spec.read_record(match.records.text())   # strict: every move legal
    assert f"\n{BRANCH_KEY}: {SOURCE}, move {n}\n" in match.records.text(), "the key as written, in every format"
    assert branch_of(record.headers) == Branch(SOURCE, n)
    assert "Room" not in record.headers, "the new game is a local one"
    assert record.state.key() == expected.key()
    before = spec.read_record(spec.write_record(expected)).moves
    assert record.moves == before and spec.read_record(source_text).moves[:len(before)] == before

    assert run_until(app, lambda: match.position().key() != expected.key()), "the computer moved"
    assert list(match.listing.move_numbers())[-1] == n + 1, "the list of moves counts on from the branch point"
    assert match.undo_positions()[0].key() == expected.key(), "undo goes back to the branch point, no further"
    text = match.records.text()
    record = spec.read_record(text)
    assert len(record.moves) > len(before) and record.moves[:len(before)] == before
    assert branch_of(record.headers) == Branch(SOURCE, n)
    match.computers.stop()

    slot = saves.new_slot()   # save -> the Continue list -> load
    saves.write(slot, saves.snapshot(match))
    entry = next(e for e in local_entries(app) if e.source.slot == slot)
    assert f"from {SOURCE}, move {n}" in entry.facts()
    resumed = saves.resume_scene(app, saves.load(slot))
    assert resumed.branch == Branch(SOURCE, n)
    assert branch_of(spec.read_record(resumed.records.text()).headers) == Branch(SOURCE, n)
    resumed.computers.stop()
    saves.delete(slot)

    path = tmp_path / f"branched{spec.record_suffix}"   # the records list and the replay
    path.write_text(text, encoding="utf-8")
    assert f"from {SOURCE}, move {n}" in record_summary(app, path)[1]
    again = open_record(app, path)
    assert again.controls.count > n
    assert again.branch_name() == path.name
    app.stack.scenes.clear()


@pytest.mark.parametrize("game, options, seed, n", GAMES)
def test_the_final_position_is_refused_and_move_0_is_the_start(app, game, options, seed, n):
    spec, _text, replay = open_replay(app, game, options, seed)
    slot = replay.buttons[0]
    assert slot.label == "Play from here (P)"
    replay.controls.go(replay.controls.count)
    assert replay.buttons[0] is replay.score_button, "the end shows Score in the same slot"
    replay.controls.go(1)
    for _ in range(30):   # past the guard against the click that opened the record
        app.step(1 / 30, events=[], draw=False)
    replay.handle_event(click(replay.buttons[0].rect.center))   # the button, not the key
    app.stack.apply_pending()
    assert isinstance(app.stack.top, PlayHereScene) and app.stack.top.branch.move == 1
    app.stack.top.close()
    app.stack.apply_pending()
    replay.controls.go(replay.controls.count)
    chooser = press_p(app)
    assert isinstance(chooser, PlayHereScene)
    assert chooser.refused is not None and "over" in chooser.refused
    assert not chooser.start_button.enabled and chooser.menu.rows == []
    chooser.start()
    app.stack.apply_pending()
    assert app.stack.top is chooser, "nothing starts from a finished game"
    chooser.close()
    app.stack.apply_pending()
    assert app.stack.top is replay
    replay.controls.go(0)
    chooser = press_p(app)
    assert chooser.refused is None and chooser.branch == Branch(SOURCE, 0)
    chooser.start()
    app.stack.apply_pending()
    match = next(s for s in reversed(app.stack.scenes) if hasattr(s, "position"))  # 2002: the dice over it
    assert match.position().key() == replay.branch_position(0)[0].key()
    assert parse_branch(spec.read_record(match.records.text()).headers[BRANCH_KEY]) == Branch(SOURCE, 0)
    app.stack.scenes.clear()


def test_a_position_after_a_rule_break_is_refused(app):
    """A lenient replay plays a forbidden piece as recorded: no game goes on from there."""
    plugin = app.games.get("city-blocks")
    text = "Game: City Blocks\nPlayers: 2\n\nb:I2:a1,a2 g:I2:a20,a19 r:I2:m14,m15 y:pass\n"
    replay = plugin.open_record(app, text, "broken.cbr")
    show(app, replay)
    assert replay.broken[2] is not None   # red's first piece is not in its corner
    replay.controls.go(2)
    assert press_p(app).refused is None
    app.stack.top.close()
    app.stack.apply_pending()
    replay.controls.go(3)
    refused = press_p(app).refused
    assert refused is not None and "rules" in refused
    app.stack.scenes.clear()


def test_a_game_just_played_branches_from_its_kept_record(app):
    """The score screen's Watch replay names no record: the finished game's own record
    file (the one the records folder keeps) is the source."""
    plugin = app.games.get("city-blocks")
    final = final_state(plugin.spec, {"players": 2}, 3)
    board = plugin.make_board(app, final, [HumanSeat("Ann"), HumanSeat("Bo")], seed=3)
    show(app, board)
    board.replay(final)()
    app.stack.apply_pending()
    replay = app.stack.top
    assert replay.branch_name() is None
    replay.controls.go(3)
    chooser = press_p(app)
    assert chooser.branch == Branch(board.records.keep().name, 3)
    assert board.records.keep().name.endswith(".cbr")
    app.stack.scenes.clear()


@pytest.mark.parametrize("game", ["alien-city", "city-blocks", "sprawl"])
def test_the_review_plays_from_before_the_move_it_judges_or_after_it(app, monkeypatch, game):
    """P on a reviewed move starts before it (to try the better move the review shows),
    its seat a person's; the chooser's first row switches to after it. The new game's
    record says where it branched, either way; after the last move is refused, before
    it is not."""
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=4, seed=7))
    spec = app.games.get(game).spec
    final = final_state(spec, {"players": 3} if game != "alien-city" else {}, 9)
    review = ReviewScene(app, final)
    show(app, review)
    review.job.stop()
    review.select(4)
    judged = review.move_number(4)
    play_here(review)
    app.stack.apply_pending()
    chooser = app.stack.top
    assert isinstance(chooser, PlayHereScene) and chooser.refused is None
    assert chooser.state.key() == review.steps[3].before.key()
    assert chooser.branch == Branch(spec.title, review.move_number(3)), "no record named: the game's title"
    assert chooser.players[review.steps[3].before.to_move] == PERSON, "the judged move's seat is a person's"
    row = chooser.menu.rows[0]
    assert row.value_names() == [f"Before move {judged}: try another move", f"After move {judged}: play on from it"]
    row.change(1)   # after the move
    assert chooser.state.key() == review.steps[3].after.key() and chooser.branch.move == judged
    assert chooser.players[review.steps[3].after.to_move] == PERSON
    row.change(1)   # back to before it: started
    chooser.players = [PERSON] * len(chooser.players)
    chooser.start()
    app.stack.apply_pending()
    match = app.stack.top
    assert match.position().key() == review.steps[3].before.key()
    assert branch_of(spec.read_record(match.records.text()).headers) == Branch(spec.title, review.move_number(3))
    app.stack.pop()
    app.stack.apply_pending()

    review = app.stack.top
    review.select(review.count)
    play_here(review)
    app.stack.apply_pending()
    chooser = app.stack.top
    assert chooser.refused is None and chooser.state.key() == review.steps[-1].before.key()
    chooser.menu.rows[0].change(1)
    assert chooser.refused is not None and not chooser.start_button.enabled, "the game is over after it"
    app.stack.scenes.clear()


def test_the_review_with_top_moves_on_plays_from_the_position_before_the_move(app, monkeypatch):
    """With A on the review's board shows the position before the selected move (its best
    moves numbered): P starts there, a move earlier, to try one of them."""
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=4, seed=7))
    spec = app.games.get("city-blocks").spec
    review = ReviewScene(app, final_state(spec, {"players": 2}, 9))
    show(app, review)
    review.job.stop()
    review.select(4)
    review.toggle_analysis()
    assert review.analysis_on and review.board.state.key() == review.steps[3].before.key()
    play_here(review)
    app.stack.apply_pending()
    chooser = app.stack.top
    assert isinstance(chooser, PlayHereScene) and chooser.refused is None
    assert chooser.state.key() == review.steps[3].before.key() == review.steps[2].after.key()
    assert chooser.branch.move == review.move_number(3) == 3
    review.analyses.stop()  # the search the A key started
    app.stack.scenes.clear()


def test_the_branch_header_reads_back_in_any_case_and_refuses_nonsense():
    assert Branch("a.ppn", 12).text() == "a.ppn, move 12"
    assert branch_of({"Branchedfrom": "x, y.spr, move 3"}) == Branch("x, y.spr", 3)
    assert branch_of({"BranchedFrom": "somewhere"}) is None
    assert Branch('we "#1" {x}', 2).text() == "we 1 x, move 2", "nothing a record format would misread"
    assert Branch.from_dict({"source": "a", "move": -1}) is None
    assert Branch.from_dict({"source": "a", "move": 4}) == Branch("a", 4)


@pytest.mark.parametrize("game, options, seed, n", GAMES)
def test_every_text_of_the_chooser_goes_through_the_catalogues(app, game, options, seed, n):
    from .i18n_harness import recording_texts, unmarked
    _spec, _text, replay = open_replay(app, game, options, seed)
    replay.controls.go(n)
    chooser = press_p(app)
    with recording_texts() as texts:
        app.step(1 / 60, events=[], draw=True)
    chooser.close()
    app.stack.apply_pending()
    replay.controls.go(replay.controls.count)
    press_p(app)
    with recording_texts() as more:
        app.step(1 / 60, events=[], draw=True)
    texts += more
    seats = [s.label for s in chooser.spec.seats_of(chooser.state)]
    assert unmarked(texts, allow=[SOURCE, chooser.spec.title, *seats]) == []
    assert any("PLAY FROM HERE" in t for t in texts) and any("over" in t for t in texts)
    app.stack.scenes.clear()


def test_an_alien_city_turn_against_the_rules_is_no_branch_point(app):
    """The published ppgames record cuts h10 off the road at its 18th build."""
    text = (Path(__file__).parents[1] / "data" / "ppgames-alien-city.ppn").read_text()
    replay = app.games.get("alien-city").open_record(app, text, "ppgames-alien-city.ppn")
    show(app, replay)
    assert replay.result.plies[17].warnings and not any(p.warnings for p in replay.result.plies[:17])
    replay.controls.go(17)
    assert press_p(app).refused is None
    app.stack.top.close()
    app.stack.apply_pending()
    replay.controls.go(18)
    assert "rules" in press_p(app).refused
    app.stack.scenes.clear()
