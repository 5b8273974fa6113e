"""The replay list's line for a record without a Result header (City Blocks and Sprawl
write none): a finished game names who came first, a cut-off one says "unfinished", and
a broken file keeps a short line instead of an error."""

from __future__ import annotations

import pytest

from client.scenes.files import record_summary
from shared.gamekit.registry import builtin_games


def play(game_id: str, seats: int, seed: int, moves: int | None):
    """A game of random moves from a seed: to its end, or cut off after ``moves``."""
    import random
    spec = builtin_games().get(game_id)
    state = spec.new_state(spec.options({"players": seats}), seed)
    rng = random.Random(seed)
    played = 0
    while not state.is_over() and (moves is None or played < moves):
        state, _ = state.play(state.legal_moves().random(rng))
        played += 1
    return spec, state


@pytest.mark.parametrize("game_id,seats", [("city-blocks", 2), ("sprawl", 4)])
def test_a_finished_record_names_who_came_first(app, tmp_path, game_id, seats):
    spec, state = play(game_id, seats, 3, None)
    path = tmp_path / f"game{spec.record_suffix}"
    path.write_text(spec.write_record(state), encoding="utf-8")
    _title, line = record_summary(app, path)
    firsts = [seat.label for seat, place in zip(spec.seats_of(state), state.ranking()) if place == 1]
    assert "unfinished" not in line
    assert all(name in line for name in firsts), line
    assert line.split(" · ")[0].endswith(("won", "shared first place"))


@pytest.mark.parametrize("game_id,seats", [("city-blocks", 2), ("sprawl", 4)])
def test_a_cut_off_record_says_unfinished(app, tmp_path, game_id, seats):
    spec, state = play(game_id, seats, 3, 5)
    assert not state.is_over()
    path = tmp_path / f"game{spec.record_suffix}"
    path.write_text(spec.write_record(state), encoding="utf-8")
    assert record_summary(app, path)[1].startswith("unfinished")


def test_a_broken_record_keeps_a_short_line(app, tmp_path):
    spec, state = play("sprawl", 4, 3, 5)
    text = spec.write_record(state)
    path = tmp_path / f"broken{spec.record_suffix}"
    path.write_text(text.replace("Players: 4", "Players: many"), encoding="utf-8")
    title, line = record_summary(app, path)
    assert "unfinished" not in line and path.name in line


def test_a_long_title_leaves_room_for_the_result_beside_it(app, tmp_path):
    """Eight seats make a title wider than the row: it is cut, and the result line beside
    it is drawn clear of it."""
    import pygame

    from client.scenes.files import FilesScene
    spec = builtin_games().get("sprawl")
    state = spec.new_state(spec.options({"players": 8}), 3)
    names = ", ".join(f"Computer (Expert) {i}" for i in range(1, 9))
    (tmp_path / "long.spr").write_text(spec.write_record(state, {"Seats": names, "Result": names}), encoding="utf-8")
    scene = FilesScene(app, folders=[tmp_path])
    drawn: list[pygame.Rect] = []

    class Recording(pygame.Surface):
        def blit(self, source, dest, *args, **kwargs):  # type: ignore[override]
            rect = super().blit(source, dest, *args, **kwargs)
            drawn.append(rect)
            return rect

    scene.draw(Recording(app.size))
    row = scene.row_rect(0)
    inside = [r for r in drawn if row.contains(r) and r.w > 20]
    assert len(inside) >= 2
    assert all(not a.colliderect(b) for i, a in enumerate(inside) for b in inside[i + 1:])


def test_a_finished_sprawl_record_names_its_winner_as_its_title_does(app, tmp_path):
    """Sprawl's computers read "Green (computer, easy)" in the title and in who won alike."""
    spec, state = play("sprawl", 3, 3, None)
    path = tmp_path / "game.spr"
    path.write_text(spec.write_record(state, {"Seats": "Computer (Easy) 1, Computer (Easy) 2, Computer (Easy) 3",
                                              "Levels": "easy, easy, easy"}), encoding="utf-8")
    _title, line = record_summary(app, path)
    firsts = [f"{seat.label} (computer, easy)"
              for seat, place in zip(spec.seats_of(state), state.ranking()) if place == 1]
    assert line.split(" · ")[0] in (f"{', '.join(firsts)} won", f"{', '.join(firsts)} shared first place"), line


@pytest.mark.parametrize("result", ["2. Ann, 3. Bo", "1. , 2. Bo", "1. Ann, 1. , 3. Bo"])
def test_a_result_with_no_named_first_place_is_said_as_written(result):
    """A hand-edited Result with no first place, or a first place nobody named, is shown
    as the header says it, never as a nameless " won"."""
    from client.scenes.files import placed_result
    line = placed_result(result, [("Bo", "Bo (computer, easy)")])
    assert not line.startswith((" ", "won", "shared")) and "Bo (computer, easy)" in line, line
    assert placed_result("1. Ann, 2. Bo", []) == "Ann won"
