"""City Blocks against computers through the shell: the picker starts any mix of people
and computers for 2-4 seats; computers think in worker threads while the window keeps
drawing; leaving stops them (a whole game with computers: tests/client/test_conformance.py)."""

import random
import threading
import time

from client.games.cityblocks.game import MatchScene
from client.scenes.picker import GamePickerScene
from client.scenes.seats import ComputerSeat, HumanSeat
from shared.cityblocks import CITY_BLOCKS

from ..conftest import from_title, show
from .helpers import place_by_events, settle


class SlowBot:
    """Thinks until told to stop (or a while), then plays a random placement."""

    def __init__(self, seed: int = 0, think: float = 0.4) -> None:
        self.rng = random.Random(seed)
        self.think = think
        self.threads: list[str] = []

    def choose(self, state, deadline_s=None, stop: threading.Event | None = None):
        self.threads.append(threading.current_thread().name)
        (stop or threading.Event()).wait(self.think)
        return state.legal_moves().random_placement(self.rng)


def test_the_picker_starts_city_blocks_with_people_and_computers(app):
    picker = from_title(app, "Local game")
    assert isinstance(picker, GamePickerScene)
    picker.choose_game("city-blocks")
    for count in (2, 3, 4):
        picker.set_count(count)
        picker.players = ["person"] + ["easy"] * (count - 1)
        picker.seed = 4
        picker.start()
        app.stack.apply_pending()
        scene = app.stack.top
        assert isinstance(scene, MatchScene) and scene.players == count
        assert [type(s) for s in scene.seats] == [HumanSeat] + [ComputerSeat] * (count - 1)
        scene.computers.stop()
        show(app, picker)
    assert "The first colour is drawn" in " ".join(picker.describe())


def test_computers_think_in_a_worker_thread_and_the_window_keeps_drawing(app):
    bots = [SlowBot(i) for i in range(3)]
    state = CITY_BLOCKS.new_state({"players": 4}, 2)
    seats = [ComputerSeat(bot=b, level="hard") for b in bots]
    seats.insert((state.to_move + 3) % 4, HumanSeat())  # three computers move first
    scene = MatchScene(app, state, seats=seats)
    show(app, scene)
    app.step(1 / 60, events=[])  # the first frame draws every tray
    times = []
    # a hang guard, not a timing target: each step is 1/60 s of game time, so on a slow
    # machine the computers' reveal and drop animations take many wall seconds
    deadline = time.monotonic() + 40
    while not scene.human_turn and time.monotonic() < deadline:
        start = time.perf_counter()
        app.step(1 / 60, events=[])
        times.append(time.perf_counter() - start)
    assert scene.human_turn, "the computers moved"
    times.sort()
    assert len(times) > 20 and times[len(times) // 2] < 0.05, "frames kept coming while they thought"
    assert all(name == "computer-player" for b in bots for name in b.threads)
    scene.hand and settle(app, scene)
    assert "thinking" not in scene.status_text()[0]
    # Leaving while one thinks stops it at once.
    move = scene.match.state.legal_moves().random_placement(random.Random(0))
    place_by_events(app, scene, move)
    settle(app, scene)
    for _ in range(3):
        app.step(1 / 60, events=[])
    assert scene.thinking and "thinking" in scene.status_text()[0]
    thinker = scene.computers.thinker
    app.stack.clear_to(GamePickerScene(app))
    app.stack.apply_pending()
    assert thinker.stopped and thinker.join(2)
