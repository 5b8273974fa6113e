"""Hot-seat players carry names: typed in the picker (a click on the seat's name, or F2),
kept in the record's headers of every game, read back, and shown by the match panels and
the replays."""

import pygame

from client.scenes.picker import GamePickerScene, clean_name

from .conftest import click, key, show


def text(s: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def name_seat(app, picker: GamePickerScene, seat: int, name: str) -> None:
    """Click the seat's name, type ``name``, press Enter, as a player would."""
    row = picker.menu.rows[picker.seat_rows()[seat]]
    picker.handle_event(click((row.rect.x + 30, row.rect.centery)))
    assert picker.editing == seat
    for ch in name:
        picker.handle_event(text(ch))
    picker.handle_event(key(pygame.K_RETURN))
    assert picker.editing is None


def start(app, game_id: str, names: dict[int, str], players: int | None = None):
    picker = GamePickerScene(app, "local", seed=11)
    show(app, picker)
    picker.choose_game(game_id)
    if players is not None:
        picker.set_count(players)
    for seat, name in names.items():
        name_seat(app, picker, seat, name)
    picker.start()
    app.stack.apply_pending()
    return picker, app.stack.top


def test_a_name_typed_in_the_picker_reaches_the_seat_and_the_row(app):
    picker = GamePickerScene(app, "local")
    show(app, picker)
    name_seat(app, picker, 1, "Zoë")
    assert picker.names[1] == "Zoë"
    assert picker.menu.rows[picker.seat_rows()[1]].text() == "Zoë (White)"
    assert picker.seats(1)[1].name == "Zoë" and picker.seats(1)[0].name == ""


def test_escape_keeps_the_old_name_and_enter_does_not_start(app):
    picker = GamePickerScene(app, "local")
    show(app, picker)
    name_seat(app, picker, 0, "Ann")
    picker.menu.focus = picker.seat_rows()[0]
    picker.handle_event(key(pygame.K_F2))
    assert picker.editing == 0
    for ch in "Bob":
        picker.handle_event(text(ch))
    picker.handle_event(key(pygame.K_ESCAPE))
    assert picker.names[0] == "Ann" and app.stack.top is picker


def test_a_computer_seat_has_no_name_to_type(app):
    picker = GamePickerScene(app, "local")
    show(app, picker)
    picker._set_player(1, picker.levels()[0])
    row = picker.menu.rows[picker.seat_rows()[1]]
    picker.handle_event(click((row.rect.x + 30, row.rect.centery)))
    assert picker.editing is None


def test_names_are_cleaned_for_records():
    assert clean_name("  Ann,  Marie \n") == "Ann Marie"
    assert len(clean_name("x" * 100)) == 24


def test_alien_city_names_go_to_the_record_and_the_replay(app):
    from client.games.aliencity.replay import ReplayScene
    from shared.aliencity.ppn import read_ppn
    _, game = start(app, "alien-city", {0: "Ann", 1: "Bob"})
    assert game.panels[0].who() == "Ann" and game.panels[1].who() == "Bob"
    result = read_ppn(game.records.text())  # what Save writes
    assert (result.headers["Black"], result.headers["White"]) == ("Ann", "Bob")
    replay = ReplayScene(app, result)
    assert replay.panels[0].who() == "Ann" and replay.panels[1].who() == "Bob"


def test_city_blocks_names_go_to_the_record_and_the_replay(app):
    from client.games.cityblocks.replay import ReplayScene
    from shared.cityblocks import CITY_BLOCKS
    _, game = start(app, "city-blocks", {0: "Ann", 2: "Cy"}, players=4)
    assert game.seat_names() == {0: "Ann", 2: "Cy"}
    record = game.records.text()  # what Save writes
    names = [n.strip() for n in CITY_BLOCKS.read_record(record).headers["Seats"].split(",")]
    assert names[0] == "Ann" and names[2] == "Cy"
    replay = ReplayScene.from_text(app, record)
    assert replay.seat_names() == {0: "Ann", 2: "Cy"}


def test_sprawl_names_go_to_the_panels_the_record_and_the_replay(app):
    from client.games.sprawl.replay import ReplayScene
    from shared.sprawl import SPRAWL
    _, game = start(app, "sprawl", {1: "Bea"}, players=3)
    assert "Bea" in game.seat_label(1) and "(" not in game.seat_label(0)
    record = game.match.record(game.seats_header())  # what Save writes
    assert [n.strip() for n in SPRAWL.read_record(record).headers["Seats"].split(",")] == ["", "Bea", ""]
    replay = ReplayScene.from_text(app, record)
    assert "Bea" in replay.seat_label(1)


def test_the_score_screens_watch_replay_keeps_the_names(app):
    _, ac = start(app, "alien-city", {0: "Ann"})
    ac.replay(ac.match.state)()
    app.stack.apply_pending()
    assert app.stack.top.panels[0].who() == "Ann"
    app.stack.scenes.clear()
    _, cb = start(app, "city-blocks", {1: "Bob"}, players=2)
    cb.replay(cb.match.state)()
    app.stack.apply_pending()
    assert app.stack.top.seat_names() == {1: "Bob"}
    app.stack.scenes.clear()
    _, sp = start(app, "sprawl", {2: "Cy"}, players=3)
    sp.replay(sp.match.state)()
    app.stack.apply_pending()
    assert "Cy" in app.stack.top.seat_label(2)
