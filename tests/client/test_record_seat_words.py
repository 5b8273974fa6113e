"""A record keeps an unnamed seat's colour in the language it was made in ("Biely" from a
Slovak window); opened in another language, the list of records and the replays show the
colour in the viewer's words ("Blanc"), while names a person typed stay as typed."""

from __future__ import annotations

from client.games.aliencity.replay import record_names
from client.games.cityblocks.replay import ReplayScene as CityReplay
from client.games.sprawl.replay import ReplayScene as SprawlReplay
from client.scenes.files import header_lines, record_summary
from client.scenes.seats import HumanSeat
from client.seat_words import typed_names
from shared.aliencity.ppn import read_ppn
from shared.aliencity.spec import ALIEN_CITY
from shared.cityblocks import CITY_BLOCKS
from shared.sprawl import SPRAWL

from .test_autosave import start
from .test_computer_seat_names import own_config, speaking  # noqa: F401 - own_config: each test's own config


def slovak_record(app, game_id: str, seats) -> str:
    """What Save writes for a new hot-seat game played in Slovak."""
    with speaking("sk"):
        return start(app, game_id, seats).records.text()


def test_an_alien_city_record_made_in_slovak_lists_the_colours_in_french(app, tmp_path):
    text = slovak_record(app, "alien-city", [HumanSeat(), HumanSeat(name="Ann")])
    assert "Biely" in text or "Čierny" in text, text   # what a Slovak window writes
    path = tmp_path / "game.ppn"
    path.write_text(text, encoding="utf-8")
    with speaking("fr"):
        title, _line = record_summary(app, path)
        assert title.endswith("Noir contre Ann"), title
        assert record_names(read_ppn(text, lenient=True).headers) == ("", "Ann")  # the replay: "Noir" alone


def test_a_city_blocks_record_made_in_slovak_names_nobody_in_a_french_replay(app, tmp_path):
    text = slovak_record(app, "city-blocks", [HumanSeat(), HumanSeat()])
    assert "Modrá + Červená" in text, text
    path = tmp_path / "game.cbr"
    path.write_text(text, encoding="utf-8")
    with speaking("fr"):
        title, _line = record_summary(app, path)
        assert title.endswith("Bleu + Rouge contre Vert + Jaune"), title
        state = CITY_BLOCKS.new_state({"players": 2}, 1)
        replay = CityReplay(app, state, [], state, headers=header_lines(text))
        assert replay.seat_names() == {}, replay.seat_names()   # no "Modrá + Červená" under "Bleu + Rouge"


def test_a_sprawl_record_keeps_typed_names_and_drops_a_colour_word(app):
    state = SPRAWL.new_state(SPRAWL.options({"players": 3}), 1)
    text = SPRAWL.write_record(state, {"Seats": "Červená, Ann, Vert"})
    with speaking("fr"):
        assert SprawlReplay.from_text(app, text).names == ["", "Ann", ""]


def test_colour_words_of_every_language_and_the_key_name_nobody():
    assert typed_names(ALIEN_CITY, ["Noir", "white"]) == ["", ""]
    assert typed_names(ALIEN_CITY, [" čierny ", "Bielik"]) == ["", "Bielik"]
    assert typed_names(ALIEN_CITY, ["Blanc", "Noir"]) == ["Blanc", "Noir"]  # another seat's colour is a name
