"""A record names its computer seats in no language in particular: the level in the
``Levels`` header and a name such as "Computer (Easy) 2"; the replays, the record list
and the Continue list name them again in the language in use, two of one level told
apart. An older record, written with translated names and no ``Levels``, still shows its
names as written."""

from __future__ import annotations

import random
from contextlib import contextmanager

import pytest

from client import saves
from client.scenes.files import record_summary
from client.scenes.seats import ComputerSeat, HumanSeat
from shared import i18n
from shared.gamekit.computer_seats import levels_of
from shared.gamekit.registry import builtin_games

from .test_autosave import play_some, start


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    yield tmp_path


@contextmanager
def speaking(language: str):
    i18n.set_language(language)
    try:
        yield
    finally:
        i18n.set_language("en")


def record_of(game) -> str:
    """What Save writes for the game on screen."""
    if game.spec.id == "sprawl":
        return game.match.record(game.seats_header())
    return game.records.text()


GAMES = [("alien-city", [HumanSeat("Ann"), ComputerSeat(level="easy")]),
         ("city-blocks", [HumanSeat("Ann"), ComputerSeat(level="easy"), ComputerSeat(level="easy"),
                          ComputerSeat(level="hard")]),
         ("sprawl", [ComputerSeat(level="easy"), HumanSeat("Ann"), ComputerSeat(level="easy")])]


def replay_names(app, game_id: str, text: str) -> list[str]:
    """The names a game's replay of ``text`` shows for its seats ("" for none)."""
    plugin = app.games.get(game_id)
    replay = plugin.open_record(app, text, "game")
    if game_id == "alien-city":
        return [panel.who() for panel in replay.panels.values()]
    if game_id == "city-blocks":
        return [replay.seat_names().get(i, "") for i in range(replay.positions[-1].players)]
    return list(replay.names)


@pytest.mark.parametrize("game_id,seats", GAMES)
def test_a_record_written_in_french_names_its_computers_in_english_in_an_english_window(app, game_id, seats):
    with speaking("fr"):
        game = start(app, game_id, seats)
        text = record_of(game)
    assert "Ordinateur" not in text and "Facile" not in text
    spec = builtin_games().get(game_id)
    headers = spec.read_record(text, lenient=True).headers
    assert levels_of(headers) == [s.level if isinstance(s, ComputerSeat) else None for s in seats]
    names = replay_names(app, game_id, text)
    computers = [name for name, seat in zip(names, seats) if isinstance(seat, ComputerSeat)]
    assert "Ann" in names
    if game_id == "sprawl":   # beside the seat's colour, as the match says it: "Yellow (computer, easy)"
        assert computers == ["computer, easy"] * 2 and replay_label(app, text, 2) == "Green (computer, easy)"
        with speaking("fr"):
            assert replay_label(app, text, 2) == "Vert (ordinateur, facile)"
        return
    assert all(name.startswith("Computer (") for name in computers)
    assert len(set(computers)) == len(computers)   # two of one level are told apart
    with speaking("sk"):
        shown = replay_names(app, game_id, text)
    assert all(name.startswith("Počítač (") for name, seat in zip(shown, seats) if isinstance(seat, ComputerSeat))


def replay_label(app, text: str, seat: int) -> str:
    return app.games.get("sprawl").open_record(app, text, "game").seat_label(seat)


def test_two_computers_of_one_level_are_numbered_and_a_lone_one_is_not(app):
    with speaking("fr"):
        game = start(app, "city-blocks", GAMES[1][1])
        text = record_of(game)
    assert "Seats: Ann, Computer (Easy) 1, Computer (Easy) 2, Computer (Hard)" in text
    assert "Levels: human, easy, easy, hard" in text
    assert replay_names(app, "city-blocks", text) == ["Ann", "Computer (Easy) 1", "Computer (Easy) 2",
                                                     "Computer (Hard)"]
    with speaking("fr"):
        assert replay_names(app, "city-blocks", text)[1:3] == ["Ordinateur (Facile) 1", "Ordinateur (Facile) 2"]


@pytest.mark.parametrize("game_id,text,expected", [
    ("alien-city", None, ["Ann", "Ordinateur (Facile)"]),
    ("city-blocks", "Game: City Blocks\nPlayers: 2\nSeats: Ann, Ordinateur (Facile)\n\n",
     ["Ann", "Ordinateur (Facile)"]),
    ("sprawl", "Game: Sprawl\nPlayers: 3\nSeats: Ann, Ordinateur (Facile), Počítač (Ťažký)\n\n",
     ["Ann", "Ordinateur (Facile)", "Počítač (Ťažký)"])])
def test_an_older_record_with_translated_names_shows_them_as_written(app, game_id, text, expected):
    spec = builtin_games().get(game_id)
    if text is None:   # PPN: the engine writes the header
        text = spec.write_record(spec.new_state(spec.options(None), 3),
                                 {"Black": "Ann", "White": "Ordinateur (Facile)"})
    assert replay_names(app, game_id, text) == expected


def test_the_record_list_names_computers_and_the_result_in_the_language_in_use(app, tmp_path):
    spec = builtin_games().get("sprawl")
    state = spec.new_state(spec.options({"players": 3}), 4)
    text = spec.write_record(state, {"Seats": "Computer (Easy) 1, Ann, Computer (Easy) 2",
                                     "Levels": "easy, human, easy",
                                     "Result": "1. Computer (Easy) 2, 2. Ann, 3. Computer (Easy) 1"})
    path = tmp_path / "game.spr"
    path.write_text(text, encoding="utf-8")
    with speaking("fr"):
        title, line = record_summary(app, path)
    # Sprawl's colour names a seat: its computers as the match says them, "Vert (ordinateur, facile)"
    assert title.endswith("Rouge (ordinateur, facile) contre Ann contre Vert (ordinateur, facile)"), title
    assert line.startswith("1. Vert (ordinateur, facile), 2. Ann, 3. Rouge (ordinateur, facile)"), line
    title, line = record_summary(app, path)
    assert "Red (computer, easy)" in title and line.startswith("1. Green (computer, easy), 2. Ann")


def test_the_record_list_names_an_unnamed_person_by_the_seats_colour(app, tmp_path):
    """A record keeps an unnamed person as no name (Sprawl) or the seat's English key
    (Alien City's "Black"): the list says the seat in the language in use."""
    sprawl = builtin_games().get("sprawl")
    text = sprawl.write_record(sprawl.new_state(sprawl.options({"players": 3}), 4),
                               {"Seats": ", Computer (Easy) 1, Computer (Easy) 2", "Levels": "human, easy, easy"})
    (tmp_path / "game.spr").write_text(text, encoding="utf-8")
    ac = builtin_games().get("alien-city")
    text = ac.write_record(ac.new_state(ac.options(None), 3),
                           {"Black": "Black", "White": "Computer (Easy)", "Levels": "human, easy",
                            "Result": "1. Computer (Easy), 2. Black"})
    (tmp_path / "game.ppn").write_text(text, encoding="utf-8")
    with speaking("fr"):
        spr_title, _line = record_summary(app, tmp_path / "game.spr")
        ac_title, ac_line = record_summary(app, tmp_path / "game.ppn")
    assert spr_title.endswith(": Rouge contre Jaune (ordinateur, facile) contre Vert (ordinateur, facile)"), spr_title
    assert ac_title.endswith(": Noir contre Ordinateur (Facile)"), ac_title
    assert ac_line.startswith("1. Ordinateur (Facile), 2. Noir"), ac_line


def test_the_continue_list_tells_two_computers_of_one_level_apart(app):
    play_some(app, start(app, "city-blocks", GAMES[1][1]), 1, random.Random(1))
    [kept] = saves.all_saves()
    assert saves.seat_names(app, kept) == ["Ann", "Computer (Easy) 1", "Computer (Easy) 2", "Computer (Hard)"]
    with speaking("sk"):
        assert saves.seat_names(app, kept)[1:3] == ["Počítač (Ľahký) 1", "Počítač (Ľahký) 2"]
