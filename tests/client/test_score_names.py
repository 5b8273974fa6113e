"""The final count and the final board name the seats by their players (hot-seat names,
computers by level) in every game, not by their colours alone: the panels, the table,
the winner's banner and the top line."""

import pytest

from client.scenes.seats import HumanSeat

from .test_autosave import start
from .test_finished_records import play_to_the_count

GAMES = [("alien-city", ("Aurélie", "Benoît")), ("city-blocks", ("Aurélie", "Benoît", "Chloé")),
         ("sprawl", ("Aurélie", "Benoît", "Chloé"))]


@pytest.fixture(autouse=True)
def own_config(tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    yield tmp_path


def drawn_words(app, monkeypatch) -> list[str]:
    """Every text the screen renders from now on."""
    words: list[str] = []
    render = app.text.render

    def spy(text, *args, **kwargs):
        words.append(text)
        return render(text, *args, **kwargs)
    monkeypatch.setattr(app.text, "render", spy)
    return words


@pytest.mark.parametrize("game_id,names", GAMES)
def test_the_score_names_the_players(app, game_id, names, monkeypatch):
    game = start(app, game_id, [HumanSeat(name=n) for n in names])
    score = play_to_the_count(app, game)
    words = drawn_words(app, monkeypatch)
    for _ in range(3):
        score.step()
        app.step(1 / 30, events=[], draw=True)
    score.skip()
    for _ in range(3):
        app.step(1 / 30, events=[], draw=True)
    assert score.stage == "final"
    said = " | ".join(words).casefold()
    for name in names:
        assert name.casefold() in said, f"{name} not on the score screen: {said[:400]}"
    banner = " ".join(score.winner_words()) if hasattr(score, "winner_words") and game_id != "alien-city" \
        else score.turn_text()[0]
    assert any(n.casefold() in banner.casefold() for n in names), banner


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("names", [("Ann", "Bo", "Cy"), ("Ann", "Bo", "Cy", "Di")])
def test_city_blocks_final_table_leaves_the_seat_panels_readable(app, size, names):
    from client.games.cityblocks.score_draw import table_between_panels
    app.set_size(size)
    game = start(app, "city-blocks", [HumanSeat(name=n) for n in names])
    score = play_to_the_count(app, game)
    score.skip()
    app.step(1 / 30, events=[], draw=True)
    box, header, rows = table_between_panels(score)
    for panel in score.board.panels:
        assert not box.colliderect(panel.rect), (box, panel.rect)
    assert all(box.contains(r) for r in [header, *rows]) and box.w > size[0] // 3


@pytest.mark.parametrize("game_id,seats", [("alien-city", 2), ("city-blocks", 3), ("sprawl", 3)])
def test_the_final_count_follows_a_language_switch(app, game_id, seats, monkeypatch):
    """A game against the computer counted in French, then the language switched: the count
    names the seats in English at once ("you", "computer, easy"), as the match did."""
    from client.scenes.seats import ComputerSeat
    from shared import i18n

    i18n.set_language("fr")
    try:
        game = start(app, game_id, [HumanSeat()] + [ComputerSeat(level="easy") for _ in range(seats - 1)])
        score = play_to_the_count(app, game)
        words = drawn_words(app, monkeypatch)
        score.skip()
        app.step(1 / 30, events=[], draw=True)
        said = " | ".join(words)
        assert "vous" in said.casefold() and "ordinateur" in said.casefold(), said[:300]
    finally:
        i18n.set_language("en")
    words.clear()
    app.step(1 / 30, events=[], draw=True)
    said = " | ".join(words)
    assert "you" in said.casefold() and "computer, easy" in said.casefold(), said[:300]
    assert "vous" not in said.casefold() and "ordinateur" not in said.casefold(), said[:300]
