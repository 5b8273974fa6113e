"""The replay's status line says its whole sentence ("Move 6 of 38: White built on g6
(green pyramid) and claimed the tower on e2.") in every language at 1280x800 and in a
896x560 window: it wraps and, when needed, shrinks; with no room even so, it says the
move in fewer words ("Move 6 of 38: White, green pyramid g6 → e2"), never cut."""

from pathlib import Path

import pygame
import pytest

from client.app import App
from client.config import Options
from client.games.aliencity.replay import ReplayScene
from shared.aliencity.ppn import read_ppn
from tests.i18n import marks

from .conftest import key, show

RECORD = Path(__file__).resolve().parents[1] / "data" / "playtest-zero-customers.ppn"


@pytest.mark.parametrize("size", [(1280, 800), (896, 560)])
@pytest.mark.parametrize("language", ["en", "sk", "fr"])
def test_the_replays_status_line_is_said_whole(size, language):
    app = App(Options(), size, persist=False)
    replay = ReplayScene(app, read_ppn(RECORD.read_text(encoding="utf-8"), lenient=True))
    show(app, replay)
    board = replay.board
    said: list[tuple[list[str], int]] = []
    real = board.status_lines

    def status_lines(text, size, width, height, cut=True):
        lines, size, step = real(text, size, width, height, cut)
        if cut or len(lines) * step <= height:   # uncut lines that overflow give way to the short form
            said.append((lines, step))
            assert len(lines) * step <= height, (lines, step, height)
        return lines, size, step

    board.status_lines = status_lines
    claims = 0
    with marks.language(language):
        for _ in range(replay.controls.count):
            app.step(1 / 60, events=[key(pygame.K_RIGHT)])
            replay.timeline.finish_all()
            said.clear()
            app.step(1 / 60, events=[])
            whole = {replay.status_text()[0], replay.status_short()}
            assert said and " ".join(said[-1][0]) in whole, f"{language} {size}: {said[-1][0]} for {whole}"
            claims += replay.result.plies[replay.controls.index - 1].claim is not None
    assert claims, "the record has claims (the longest sentences)"
