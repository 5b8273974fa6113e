"""The shell's attract-mode director: a game gives only its choreography (``one_game``,
``game_tour``); the title, the tour of the shell's menus and the run of games are the
shell's."""

from __future__ import annotations

from client.app import FIXED_DT
from client.scenes.director import Director
from client.scenes.title import TitleScene


class Show(Director):
    """A game whose attract mode waits for a sign, then half a second, per game."""

    def __init__(self, *args, **kwargs) -> None:
        self.signs: list[bool] = []
        self.played: list[int] = []
        super().__init__(*args, **kwargs)

    def one_game(self):
        self.played.append(self.games)
        self.games += 1
        yield lambda: bool(self.signs)
        yield 0.5

    def game_tour(self):
        self.shot("game-page")
        yield 0.1


def run_for(director: Director, seconds: float) -> None:
    for _ in range(round(seconds / FIXED_DT)):
        director.tick(FIXED_DT)


def test_the_title_first_then_the_games_choreography_until_its_end(app):
    show = Show(app, seed=1, shots=None, until_end=True)
    show.tick(0.0)
    app.stack.apply_pending()
    assert isinstance(app.stack.top, TitleScene)
    run_for(show, 2.0)
    assert show.played == [0] and not show.done, "the game waits for what it waits for"
    show.signs.append(True)
    run_for(show, 1.0)
    assert show.done and show.played == [0]


def test_a_screenshot_run_tours_the_menus_with_the_games_pages(app, tmp_path):
    show = Show(app, seed=1, shots=tmp_path, until_end=True)
    show.signs.append(True)
    run_for(show, 4.0)
    assert show.done
    assert show.taken == ["title", "options", "options-colour-blind", "game-page", "replay-open", "online"]
    assert sorted(p.name for p in tmp_path.iterdir())[0] == "01-title.png"


def test_without_an_end_the_games_go_on(app):
    show = Show(app, seed=1, shots=None, until_end=False)
    show.signs.append(True)
    run_for(show, 8.0)
    assert not show.done and show.played == [0, 1]
