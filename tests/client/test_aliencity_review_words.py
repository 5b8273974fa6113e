"""Alien City's game review says every move in words in the player's language: the side
panel's played and better move ("Played: the claim on e2", "Better: no claim"), never
the record's notation ("claim@e2", "pass", "Tg@g6"), on a play-tester's record
(tests/data/SOURCES.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import client.review.scene as review_scene
from client.review.scene import ReviewScene
from shared.aliencity.ppn import read_ppn
from shared.aliencity.spec import AlienCityPosition
from shared.gamekit.review import ReviewSettings
from tests.i18n import marks

from .conftest import show
from .test_review import panel_texts, wait_ready

RECORD = Path(__file__).resolve().parents[1] / "data" / "playtest-zero-customers.ppn"
NOTATION = re.compile(r"@|\bpass\b|\bclaim@")


@pytest.mark.parametrize("language", ["en", "sk"])
def test_the_review_panel_words_every_move(app, monkeypatch, language):
    monkeypatch.setattr(review_scene, "SETTINGS", ReviewSettings(iterations=4, seed=7))
    final = read_ppn(RECORD.read_text(encoding="utf-8"), lenient=True).state
    scene = ReviewScene(app, AlienCityPosition(final))
    show(app, scene)
    wait_ready(app, scene)
    said = 0
    with marks.language(language):
        for ply in range(1, scene.count + 1):
            scene.select(ply)
            for line in panel_texts(app, scene, monkeypatch):
                assert not NOTATION.search(line), f"{language}, ply {ply}: {line!r}"
                said += 1
    assert said > scene.count
