"""The replay list acts as file lists do: a click selects a row, a double click (or
Enter, or Open) opens it; and Play from here on a record starts with the record's own
seats (a person stays a person, a computer keeps its level)."""

import pygame

from client.scenes import files as files_module
from client.scenes.files import DOUBLE_CLICK_S, FilesScene
from client.scenes.play_here import PERSON, PlayHereScene
from shared.cityblocks import CITY_BLOCKS
from shared.gamekit.computer_seats import levels_header

from .cityblocks.helpers import random_game
from .conftest import click, key, show


def files_with_a_record(app, tmp_path, monkeypatch, clock: list[float]) -> FilesScene:
    state = random_game(3, 5)
    headers = {"Seats": "Tester, Computer (Easy), Computer (Medium)", **levels_header([None, "easy", "medium"])}
    (tmp_path / "game.cbr").write_text(CITY_BLOCKS.write_record(state, headers), encoding="utf-8")
    monkeypatch.setattr(files_module.time, "monotonic", lambda: clock[0])
    files = FilesScene(app, [tmp_path])
    show(app, files)
    return files


def test_a_click_selects_and_a_double_click_opens(app, tmp_path, monkeypatch):
    clock = [100.0]
    files = files_with_a_record(app, tmp_path, monkeypatch, clock)
    row = files.row_rect(0).center
    app.step(1 / 60, events=[click(row)])
    assert app.stack.top is files and files.focus == 0
    clock[0] += DOUBLE_CLICK_S + 0.2   # a second click much later is another single click
    app.step(1 / 60, events=[click(row)])
    assert app.stack.top is files
    clock[0] += 0.1
    app.step(1 / 60, events=[click(row)])
    assert app.stack.top is not files


def test_enter_opens_and_play_from_here_keeps_the_records_levels(app, tmp_path, monkeypatch):
    files = files_with_a_record(app, tmp_path, monkeypatch, [100.0])
    app.step(1 / 60, events=[click(files.row_rect(0).center), key(pygame.K_RETURN)])
    replay = app.stack.top
    assert replay is not files
    assert replay.record_levels == [None, "easy", "medium"]
    replay.controls.play_here()
    app.stack.apply_pending()
    here = app.stack.top
    assert isinstance(here, PlayHereScene)
    assert here.chosen() == [PERSON, "easy", "medium"]
