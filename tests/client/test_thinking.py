"""The thinking process (client.thinking): strong bots and reviews search in a child
process that gives the same answers as the client would, stops when asked, drops what
the client let go of, and never outlives the client."""

import gc
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from client import thinking
from client.computer import Thinker
from shared.aliencity.bots import make_bot
from shared.gamekit.advice import Adviser
from shared.gamekit.registry import builtin_games
from shared.gamekit.review import ReviewCancelled, ReviewSettings
from shared.gamekit.review_cache import cached_review

ROOT = Path(__file__).resolve().parents[2]


def spec_of(game_id):
    return next(spec for spec in builtin_games() if spec.id == game_id)


def opening(game_id, seed=3):
    spec = spec_of(game_id)
    return spec, spec.new_state(spec.options(None), seed)


def gone(pid: int, wait_s: float = 30.0) -> bool:
    """Whether process ``pid`` has ended (a zombie counts: it holds no memory)."""
    end = time.monotonic() + wait_s
    while time.monotonic() < end:
        try:
            with open(f"/proc/{pid}/stat") as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.05)
    return False


@pytest.fixture(autouse=True)
def fresh_process():
    thinking.close()
    yield
    thinking.close()


def test_only_the_engines_strong_bots_think_apart():
    assert thinking.runs_apart(make_bot("hard", 1)) and thinking.runs_apart(make_bot("expert", 1))
    assert not thinking.runs_apart(make_bot("easy", 1))

    class Fake:  # a test's or a plug-in's own bot stays in the client's thread
        level = "hard"

    assert not thinking.runs_apart(Fake())


@pytest.mark.parametrize("game_id", ["alien-city", "city-blocks", "sprawl"])
def test_a_move_thought_apart_is_the_move_thought_here(game_id):
    spec, state = opening(game_id)
    bot = spec.make_bot("hard", 7, iterations=60)
    apart = thinking.choose(bot, state, None, None)
    assert thinking.pid() is not None and thinking.pid() != os.getpid()
    assert apart == spec.make_bot("hard", 7, iterations=60).choose(state)


@pytest.mark.parametrize("game_id", ["city-blocks", "sprawl"])
def test_a_hint_thought_apart_is_the_hint_thought_here(game_id):
    """A hint of a search level (an Adviser around the bot) leaves the client's heap too."""
    spec, state = opening(game_id)
    adviser = Adviser(spec.make_bot("hard", 5, iterations=40))
    assert thinking.runs_apart(adviser)
    apart = thinking.choose(adviser, state, None, None)
    assert thinking.pid() is not None and thinking.pid() != os.getpid()
    assert apart == Adviser(spec.make_bot("hard", 5, iterations=40)).choose(state)


def endless_thinker():
    """A Hard thinker with a billion iterations (only a stop or a close ends it), once
    the thinking process has started."""
    spec, state = opening("alien-city")
    thinker = Thinker(spec.make_bot("hard", 2, iterations=10**9, think_s=None), state)
    for _ in range(600):
        if thinking.pid() is not None:
            break
        time.sleep(0.05)
    return state, thinker


def test_a_thinker_at_hard_searches_in_the_process_and_is_stopped_there():
    state, thinker = endless_thinker()
    assert thinking.pid() is not None
    thinker.stop()
    assert thinker.join(60)
    assert thinker.error is None and thinker.move in state.legal_moves()


def test_the_process_drops_a_bot_the_client_let_go_of():
    spec, state = opening("alien-city")
    bot = spec.make_bot("expert", 4, iterations=20)
    thinking.choose(bot, state, None, None)
    proc = thinking.process()
    assert len(proc._bot_keys) == 1
    del bot
    gc.collect()
    assert proc._bot_keys == {} and len(proc._forgotten) == 1
    second = spec.make_bot("hard", 4, iterations=20)
    thinking.choose(second, state, None, None)  # the forget goes before this request
    assert proc._forgotten == [] and len(proc._bot_keys) == 1


def played(game_id, plies):
    spec, state = opening(game_id, 5)
    rng = random.Random(1)
    for _ in range(plies):
        state = state.play(state.legal_moves().random(rng))[0]
    return spec, spec.read_record(spec.write_record(state), lenient=True)


def test_a_review_runs_apart_with_progress_and_cancels():
    spec, record = played("city-blocks", 3)
    seen: list[tuple[int, int]] = []
    review, cached = thinking.call(cached_review, (spec, record, ReviewSettings(iterations=8), None),
                                   progress=lambda done, total: seen.append((done, total)),
                                   progress_kw="progress")
    assert not cached and len(review.turns) == 3 and seen[-1] == (3, 3)
    stop = threading.Event()
    threading.Timer(0.5, stop.set).start()
    spec, record = played("alien-city", 4)
    with pytest.raises(ReviewCancelled):  # ten million iterations a move: only the stop ends it
        thinking.call(cached_review, (spec, record, ReviewSettings(iterations=10**7), None),
                      stop=stop, stop_kw="cancel")


def test_closing_ends_the_process_and_fails_what_waits_on_it():
    _, thinker = endless_thinker()
    pid = thinking.pid()
    thinking.close()
    assert thinking.pid() is None and gone(pid)
    assert thinker.join(60) and isinstance(thinker.error, thinking.ProcessGone)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_process_ends_with_a_client_killed_outright():
    script = (
        "import sys, time\n"
        "from client import thinking\n"
        "from shared.aliencity.bots import make_bot\n"
        "from shared.aliencity import Ruleset, new_game\n"
        "import threading\n"
        "state = new_game(Ruleset(2004), 7)\n"
        "bot = make_bot('hard', 1, iterations=10**9, think_s=None)\n"
        "threading.Thread(target=thinking.choose, args=(bot, state, None, None), daemon=True).start()\n"
        "while thinking.pid() is None: time.sleep(0.05)\n"
        "print(thinking.pid(), flush=True)\n"
        "time.sleep(600)\n")
    client = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True,
                              env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        child = int(client.stdout.readline())
        assert not gone(child, 0.2)  # thinking
    finally:
        client.kill()  # SIGKILL: no clean-up of its own
        client.wait()
    assert gone(child)


def test_a_review_whose_process_ended_says_so():
    from client.review import words
    from client.review.worker import ReviewJob
    spec, record = played("alien-city", 4)
    job = ReviewJob(spec, record, ReviewSettings(iterations=10**7), None).start()
    for _ in range(600):
        if job.done or thinking.pid() is not None:
            break
        time.sleep(0.05)
    thinking.close()  # as a crash would: the review never answers
    job.thread.join(60)
    assert job.finished and job.review is None and job.error == words.process_ended()


def test_a_client_closing_on_sigterm_ends_the_process(app, tmp_path, monkeypatch):
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    _, thinker = endless_thinker()
    pid = thinking.pid()
    assert pid is not None
    app.terminate()  # what the SIGTERM handler's flag leads to
    assert thinking.pid() is None and gone(pid)
    assert thinker.join(60) and thinker.stopped


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_each_process_leaves_no_open_pipe_behind():
    spec, state = opening("alien-city")
    bot = spec.make_bot("hard", 3, iterations=10)
    thinking.choose(bot, state, None, None)
    thinking.close()
    before = len(os.listdir("/proc/self/fd"))
    for _ in range(3):
        thinking.choose(bot, state, None, None)
        thinking.close()
    assert len(os.listdir("/proc/self/fd")) <= before


def _refuse_to_load():
    raise ValueError("this cannot be loaded in the thinking process")


class Unloadable:
    def __reduce__(self):
        return _refuse_to_load, ()


def test_a_request_the_process_cannot_load_fails_that_call_only():
    with pytest.raises(ValueError, match="cannot be loaded"):
        thinking.call(len, (Unloadable(),))
    assert thinking.call(len, ((1, 2, 3),)) == 3
