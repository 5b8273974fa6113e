"""Seats are named one flat way in every game: the person alone against the computer is
"you" (panels, turn lines, status lines, the final count), a computer "computer, medium"
beside its colour, never brackets inside brackets ("YELLOW (COMPUTER (MEDIUM))"); people
in a hot-seat game keep their names. Everything follows a language switched mid-game."""

from __future__ import annotations

import random

import pytest

from client import seat_words
from client.computer import LEVEL_NAMES
from client.games.aliencity.game import GameScene
from client.scenes.seats import ComputerSeat, HumanSeat
from shared.aliencity import Player
from shared.aliencity.spec import AlienCityPosition
from shared.cityblocks import CITY_BLOCKS
from shared.sprawl import SPRAWL

from .cityblocks.helpers import random_game as city_game
from .cityblocks.test_i18n_cityblocks import Waiting
from .sprawl.helpers import random_game as sprawl_game
from .test_autosave import start
from .test_computer_seat_names import own_config, speaking  # noqa: F401 - own_config: each test's own config


def nested(text: str) -> bool:
    """Whether a pair of brackets opens inside another."""
    depth = 0
    for ch in text:
        depth += ch == "("
        if depth > 1:
            return True
        depth -= ch == ")"
    return False


@pytest.mark.parametrize("language", ["en", "sk", "fr"])
def test_a_computer_beside_its_colour_reads_flat_at_every_level(language):
    with speaking(language):
        for level in [*LEVEL_NAMES, "random"]:
            label = seat_words.seat_label("Yellow", level=level)
            assert not nested(label) and label.count("(") == 1, label
    assert seat_words.seat_label("Yellow", level="medium") == "Yellow (computer, medium)"
    with speaking("sk"):   # the level agrees with "počítač" (masculine), in lower case
        assert seat_words.seat_label("Žltá", level="easy") == "Žltá (počítač, ľahký)"
    with speaking("fr"):
        assert seat_words.seat_label("Jaune", mine=True) == "Jaune (vous)"


def test_you_is_the_one_unnamed_person_facing_the_computer():
    cpu = ComputerSeat(level="easy")
    assert seat_words.your_seat([HumanSeat(), cpu]) == 0
    assert seat_words.your_seat([cpu, cpu, HumanSeat()]) == 2
    assert seat_words.your_seat([HumanSeat(), HumanSeat(), cpu]) is None   # hot-seat with a computer
    assert seat_words.your_seat([HumanSeat(name="Ann"), cpu]) is None      # a typed name stays
    assert seat_words.your_seat([HumanSeat(), HumanSeat()]) is None


def small_bots(level, seed):
    from shared.aliencity.spec import ALIEN_CITY
    return ALIEN_CITY.make_bot(level, seed, iterations=8)


def test_alien_city_says_you_in_the_turn_and_status_lines_and_follows_a_switch(app):
    with speaking("fr"):
        game = GameScene(app, seed=5, computers={Player.WHITE: "easy"}, bot_factory=small_bots)
        if game.match.state.to_move is not Player.BLACK:
            pytest.skip("the seed lets White start")
        assert "(VOUS)" in game.turn_text()[0]
        assert "(vous)" in game.status_text()[0]
    assert "(YOU)" in game.turn_text()[0] and "vous" not in game.turn_text()[0].lower()
    assert game.status_text()[0].startswith("Black (you)")
    assert game.panels[Player.BLACK].who() == "You"


def test_alien_city_count_names_the_seats_flat(app):
    game = GameScene(app, seed=5, computers={Player.WHITE: "hard"}, bot_factory=small_bots)
    state, rng = game.match.state, random.Random(3)
    while not state.is_over():
        state = AlienCityPosition(state).play(AlienCityPosition(state).legal_moves().random(rng))[0].state
    score = game.score_scene(state)
    assert score.tally.who(Player.BLACK) == "Black (you)"
    assert score.tally.who(Player.WHITE) == "White (computer, hard)"
    over = GameScene(app, state, computers={Player.WHITE: "hard"}, bot_factory=small_bots)
    winner = state.score().winner
    # the match's last line names the winner as the count does
    assert over.turn_text()[0] == {Player.BLACK: "GAME OVER: BLACK (YOU) WINS",
                                   Player.WHITE: "GAME OVER: WHITE (COMPUTER, HARD) WINS",
                                   None: "GAME OVER: A DRAW"}[winner]
    if winner is not None:
        assert score.tally.who(winner).upper() in over.turn_text()[0]


def test_alien_city_hot_seat_keeps_the_names(app):
    game = start(app, "alien-city", [HumanSeat(name="Ann"), HumanSeat(name="Bo")])
    assert "YOU" not in game.turn_text()[0] and game.panels[Player.BLACK].who() == "Ann"


def blue_first(players: int, spec=CITY_BLOCKS) -> int:
    """A seed whose game starts with seat 0 (the person) to move."""
    return next(seed for seed in range(100) if spec.new_state({"players": players}, seed).to_move == 0)


def test_city_blocks_names_you_in_the_panel_turn_line_and_count(app):
    seats = [HumanSeat(), ComputerSeat(level="medium"), ComputerSeat(level="medium"), ComputerSeat(level="hard")]
    game = start(app, "city-blocks", seats, seed=blue_first(4))
    assert game.seat_names()[0] == "You" and game.seat_names()[1] == "Computer (Medium)"
    assert game.turn_text()[0] == "BLUE (YOU) TO PLACE"
    with speaking("sk"):
        assert game.seat_names()[0] == "Ty" and "(TY)" in game.turn_text()[0]
    assert game.seat_names()[0] == "You"
    score = game.score_scene(city_game(4, 8))
    labels = [score.seat_label(i) for i in range(4)]
    assert labels[0] == "Blue (you)" and labels[1] == "Green (computer, medium)", labels
    assert not any(nested(label) for label in labels), labels


def test_city_blocks_two_players_you_play_two_colours(app):
    game = start(app, "city-blocks", [HumanSeat(), ComputerSeat(level="easy")], seed=blue_first(2))
    assert game.turn_text()[0] == "BLUE TO PLACE   ·   Blue and Red (you)   ·   next: Green", game.turn_text()[0]


@pytest.mark.parametrize(("language", "seat"), [
    ("en", "Blue and Red (computer, medium)"),
    ("sk", "Modrá a Červená (počítač, stredný)"),
    ("fr", "Bleu et Rouge (ordinateur, moyen)"),
])
def test_city_blocks_two_players_names_the_computers_two_colours_as_a_sentence(app, language, seat):
    """The computer's seat in the top line and the status line reads like the flat labels
    ("Blue and Red (computer, medium)"), not "BLUE TO PLACE (Blue + Red)"."""
    game = start(app, "city-blocks", [ComputerSeat(bot=Waiting(), level="medium"), HumanSeat()], seed=blue_first(2))
    try:
        assert game.thinking  # the computer's turn
        with speaking(language):
            line, status = game.turn_text()[0], game.status_text()[0]
        assert f"·   {seat}   ·" in line and "+" not in line and not nested(line), line
        assert status.startswith(seat) and "+" not in status, status
    finally:
        game.computers.stop()


def test_city_blocks_hot_seat_keeps_the_names(app):
    game = start(app, "city-blocks", [HumanSeat(name="Ann"), HumanSeat(name="Bo"), ComputerSeat(level="easy")])
    assert game.seat_names()[0] == "Ann" and "YOU" not in game.turn_text()[0]


def test_sprawl_names_you_and_its_computers_flat(app):
    seats = [HumanSeat(), ComputerSeat(level="medium"), ComputerSeat(level="easy")]
    game = start(app, "sprawl", seats, seed=blue_first(3, SPRAWL))
    assert game.seat_label(0) == "Red (you)" and game.seat_label(1) == "Yellow (computer, medium)"
    assert game.turn_text()[0] == "RED (YOU) PLACES A FIRST TOWER"
    with speaking("fr"):
        assert game.seat_label(0) == "Rouge (vous)"
    assert game.seat_label(0) == "Red (you)"
    score = game.score_scene(sprawl_game(3, 4))
    labels = [score.seat_label(i) for i in range(3)]
    assert labels[:2] == ["Red (you)", "Yellow (computer, medium)"], labels
    head, _sub = score.winner_words()
    assert not nested(head) and "(" in head, head


def test_an_online_computer_stands_flat_beside_its_colour_in_the_count():
    from .test_i18n_online import seated_session
    session, _spec = seated_session()
    view = session.matches["K7QXAD"]
    view.info["players"][1] = {"seat": "white", "name": "Computer (hard)", "online": True, "computer": "hard"}
    with speaking("sk"):
        assert view.who_words()[1] == "počítač, ťažký"
    assert seat_words.beside("White", view.who_words()[1]) == "White (computer, hard)"
