"""Alien City's list of moves words each turn as City Blocks' and Sprawl's do ("Black builds
a red tower on e6, claims e5", never the record's ``Tr@e6``), with a short form a narrow
list shows ("red tower e6 → e5")."""

from __future__ import annotations

import pygame
import pytest

from client.games.aliencity.game import GameScene
from client.games.aliencity.replay import ReplayScene
from client.games.aliencity.review_board import list_text, short_text
from client.scenes.seats import HumanSeat
from client.view.movelist import MoveList
from shared.aliencity import TOWERS, Build, Claim, Player, parse_lot
from shared.aliencity.ppn import read_ppn, write_ppn

from .conftest import show
from .test_computer_seat_names import own_config, speaking  # noqa: F401 - own_config: each test's own config
from .test_score_show import finished

SENTENCES = {
    "en": ("Black builds a ", "White builds a ", ", claims "),
    "sk": ("Čierny postaví na ", "Biely postaví na ", ", obsadí "),
    "fr": ("Noir construit u", "Blanc construit u", ", s’attribue "),
}


@pytest.mark.parametrize("language", ["en", "sk", "fr"])
def test_the_replays_list_words_every_turn_and_who_played_it(app, language):
    final = finished(3)
    replay = ReplayScene(app, read_ppn(write_ppn(final), lenient=True))
    with speaking(language):
        entries = replay.listing.move_entries()
        first = replay.result.plies[0]
        short = short_text(first.build, first.claim)   # "red tower e6 → e5"
    black, white, claims = SENTENCES[language]
    assert entries and not any("@" in e.text or "@" in e.short for e in entries), entries[:3]
    assert entries[0].text.startswith(black) and entries[1].text.startswith(white), entries[:2]
    assert any(claims in e.text for e in entries) and all(e.short and len(e.short) < len(e.text) for e in entries)
    assert entries[0].short == short and "@" not in short, entries[0]


@pytest.mark.parametrize("language", ["en", "sk", "fr"])
def test_a_tower_claimed_as_it_is_built_is_not_named_twice(language):
    """The sentence says "claims it"; the narrow list keeps its arrow to the lot claimed
    (the shortest form that says it, where a column is 93 pixels wide)."""
    tower, lot, other = TOWERS[0], parse_lot("e6"), parse_lot("e5")
    with speaking(language):
        at_once = list_text(Build(tower, lot), Claim(lot), Player.BLACK)
        later = list_text(Build(tower, lot), Claim(other), Player.BLACK)
        short = short_text(Build(tower, lot), Claim(other))
    assert at_once.count("e6") == 1 and "e5" not in at_once, at_once
    assert "e6" in later and "e5" in later and at_once != later, later
    assert "→" in short and "e5" in short, short


def test_a_narrow_list_shows_every_turn_short(app):
    final = finished(3)
    replay = ReplayScene(app, read_ppn(write_ppn(final), lenient=True))
    entries = replay.listing.move_entries()
    narrow = MoveList(lambda row: None)
    narrow.rect = pygame.Rect(0, 0, 190, 400)
    narrow.set(entries, 0, None)
    band = pygame.Rect(4, 30, 182, narrow.row_h())
    assert narrow._needs_short(app.text, band, 12)   # the sentences do not fit: the rows go short
    wide = MoveList(lambda row: None)
    wide.rect = pygame.Rect(0, 0, 900, 400)
    wide.set(entries, 0, None)
    assert not wide._needs_short(app.text, pygame.Rect(4, 30, 892, wide.row_h()), 12)


def test_a_match_lists_its_turns_as_its_replay_does(app):
    final = finished(4)
    game = GameScene(app, state=final, seats=[HumanSeat(name="Ann"), HumanSeat(name="Bo")])
    show(app, game)
    texts, shorts = game.listing.move_texts(), game.listing.move_shorts()
    replay = ReplayScene(app, read_ppn(write_ppn(final), lenient=True))
    assert texts == replay.listing.move_texts() and shorts == replay.listing.move_shorts()
    assert texts[0].startswith("Black builds a ") and "@" not in "".join(texts + shorts)
