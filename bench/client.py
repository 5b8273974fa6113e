"""Client speed, headless (SDL dummy drivers). Prints numbers; asserts nothing.

    python3 bench/client.py [--frames N] [--seed S]

Last line: ``frame_ms_p50=<f> frame_ms_p95=<f> startup_s=<f> overlay_frame_ms_p95=<f>
idle_cpu_pct=<f> peak_rss_mb=<f> rss_back_at_title_mb=<f>``
- frame times: a 1280x800 bot-against-bot game with every animation on, the mouse moving
  over the board every frame; each frame is events + update + draw + flip, timed alone;
- overlay frame times: the same play with the road overlay on (R), the mouse resting on
  one structure after another (a pathing wave spreading from each), and every game's
  end-of-game score show played out in full, not skipped;
- idle CPU: a fresh interpreter runs the real loop (``App.run``) for 10 s on the title
  screen, then 10 s on an Alien City board where nobody moves; process CPU time over wall
  time, in percent of one core (the larger of the two; both printed above);
- memory: a fresh interpreter plays Alien City against the strongest level (``--memory-level``)
  through the real screen, asks one hint, plays to the final count, runs the full game
  review, then goes back to the title: the peak resident size (the client's peak plus
  its thinking process's, where the searches run) and the client's size back at the
  title, the thinking process ended (goal: at most 120 MB back at the title);
- startup: a fresh interpreter from launch until the title screen's first frame is drawn
  (what a player waits for after typing ``alien-city``).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("ALIEN_CITY_CONFIG_DIR", str(ROOT / "bench" / "out" / "config"))

STARTUP = """
import time, sys
sys.path.insert(0, {root!r})
from client.app import App
from client.config import Options
from client.scenes.title import TitleScene
app = App(Options(), (1280, 800), persist=False)
app.stack.push(TitleScene(app))
app.stack.apply_pending()
app.step(1 / 60, events=[])
print("drawn", flush=True)
app.close()
"""


IDLE = """
import sys, time
sys.path.insert(0, {root!r})
import pygame
from client.app import App
from client.config import Options
from client.scenes.title import TitleScene
app = App(Options(), (1280, 800), persist=False)
if {where!r} == "title":
    app.stack.push(TitleScene(app))
else:
    from client.games.aliencity.game import GameScene
    from shared.aliencity import Ruleset, new_game
    app.stack.push(GameScene(app, new_game(Ruleset(2004), 7)))
app.stack.apply_pending()
app.close_requested = app.quit  # the timer's close ends the run (no "quit this game?")
pygame.time.set_timer(pygame.QUIT, int({seconds} * 1000), loops=1)
cpu, wall = time.process_time(), time.perf_counter()
app.run()
cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
print(f"idle {{100 * cpu / wall:.2f}}", flush=True)
app.close()
"""


MEMORY = """
import gc, random, resource, sys, time
sys.path.insert(0, {root!r})
from client import thinking
from client.app import App
from client.config import Options
from client.review.scene import open_review
from client.scenes.seats import ComputerSeat, HumanSeat
from client.scenes.title import TitleScene
from shared.aliencity.position import AlienCityPosition

def rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20

app = App(Options(), (1280, 800), persist=False)
app.stack.push(TitleScene(app))
app.stack.apply_pending()
app.step(1 / 60, events=[])
title_mb = rss_mb()
plugin = app.games.get("alien-city")
state = plugin.new_state(app, plugin.options_for(app, None), 11)
game = plugin.make_board(app, state, [HumanSeat(), ComputerSeat(level={level!r})], seed=11)
app.stack.clear_to(game)
app.stack.apply_pending()
rng, hinted, deadline = random.Random(11), False, time.monotonic() + 3600
while app.stack.top.scoring is None and time.monotonic() < deadline:
    app.step(1 / 30, events=[])
    if game.human_turn and not game.computers.hinting and not game.timeline.busy \
            and not game.match.state.is_over():
        if not hinted:
            game.ask_hint()
            hinted = True
            continue
        game.play(AlienCityPosition(game.match.state).legal_moves().random(rng))
    else:
        time.sleep(0.01)
score = app.stack.top
open_review(app, score.final_position())
app.stack.apply_pending()
review = app.stack.top
while review.job is not None and not review.job.finished and time.monotonic() < deadline:
    app.step(1 / 30, events=[])
    time.sleep(0.02)
worker = 0.0
if thinking.pid() is not None:  # its own high-water mark, read before it is closed
    with open(f"/proc/{{thinking.pid()}}/status") as f:
        worker = next(int(row.split()[1]) for row in f if row.startswith("VmHWM:")) / 1024
del game, score, review
app.go_home()
for _ in range(5):
    app.step(1 / 60, events=[])
gc.collect()
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"memory {{title_mb:.1f}} {{peak:.1f}} {{worker:.1f}} {{rss_mb():.1f}}", flush=True)
app.close()
"""


def memory_mb(level: str) -> tuple[float, float, float, float]:
    """(at the title before, the client's peak, the thinking process's peak, back at the
    title after) in MB, from a fresh process."""
    out = subprocess.run([sys.executable, "-c", MEMORY.format(root=str(ROOT), level=level)],
                         capture_output=True, text=True, timeout=4000)
    line = next((row for row in out.stdout.splitlines() if row.startswith("memory ")), None)
    if line is None:
        raise RuntimeError(f"the memory run failed: {out.stderr[-2000:]}")
    first, peak, worker, back = (float(v) for v in line.split()[1:])
    return first, peak, worker, back


def idle_cpu_pct(where: str, seconds: float = 10.0) -> float:
    """Percent of one core the real loop uses while nothing happens on ``where``."""
    proc = subprocess.run([sys.executable, "-c", IDLE.format(root=str(ROOT), where=where, seconds=seconds)],
                          capture_output=True, text=True, env=os.environ.copy(), timeout=120)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("idle ")]
    if not lines:
        raise SystemExit(f"idle run failed: {proc.stderr.strip()[-500:]}")
    return float(lines[-1].split()[1])


def startup_seconds() -> float:
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-c", STARTUP.format(root=str(ROOT))], capture_output=True,
                          text=True, env=os.environ.copy(), timeout=120)
    elapsed = time.perf_counter() - start
    if "drawn" not in proc.stdout:
        raise SystemExit(f"startup run failed: {proc.stderr.strip()[-500:]}")
    return elapsed


def frame_times(frames: int, seed: str) -> list[float]:
    import pygame

    from client.app import FIXED_DT, App
    from client.config import Options
    from client.games.aliencity.game import GameScene
    from client.games.aliencity.match import RandomBot
    from shared.aliencity import Player, Ruleset, new_game

    app = App(Options(), (1280, 800), persist=False)
    times: list[float] = []
    game_no = 0

    def start() -> GameScene:
        nonlocal game_no
        game_no += 1
        state = new_game(Ruleset(2004), f"{seed}-{game_no}")
        bots = {p: RandomBot(f"{seed}-{game_no}-{p}") for p in Player}
        scene = GameScene(app, state, bots=bots)
        app.stack.clear_to(scene)
        app.stack.apply_pending()
        return scene

    game = start()
    geo = game.geo
    for i in range(frames):
        x = geo.x + (i * 7) % geo.width
        y = geo.y + (i * 3) % geo.height
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0))]
        t0 = time.perf_counter()
        app.step(FIXED_DT, events)
        times.append((time.perf_counter() - t0) * 1000)
        if app.stack.top is not game:  # the score screen: next game
            game = start()
    app.close()
    return times


def overlay_frame_times(frames: int, seed: str) -> list[float]:
    """Play with the road overlay, pathing waves and the score show running."""
    import pygame

    from client.app import FIXED_DT, App
    from client.config import Options
    from client.games.aliencity.game import GameScene
    from client.games.aliencity.match import RandomBot
    from client.games.aliencity.score import ScoreScene
    from shared.aliencity import Player, Ruleset, new_game

    app = App(Options(), (1280, 800), persist=False)
    times: list[float] = []
    game_no = 0

    def start() -> GameScene:
        nonlocal game_no
        game_no += 1
        state = new_game(Ruleset(2004, location_bonus=game_no % 2 == 0), f"{seed}-overlay-{game_no}")
        bots = {p: RandomBot(f"{seed}-overlay-{game_no}-{p}") for p in Player}
        scene = GameScene(app, state, bots=bots)
        app.stack.clear_to(scene)
        app.stack.apply_pending()
        scene.board.toggle_road()
        return scene

    game = start()
    final_frames = 0
    for i in range(frames):
        top = app.stack.top
        geo = top.geo
        structures = [lot for lot, code in enumerate(top.state.board) if code]
        if structures:  # rest on a structure for half a second, then the next: a wave each time
            x, y = geo.lot_center(structures[(i // 30) % len(structures)])
        else:
            x, y = geo.x + (i * 7) % geo.width, geo.y + (i * 3) % geo.height
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0))]
        t0 = time.perf_counter()
        app.step(FIXED_DT, events)
        times.append((time.perf_counter() - t0) * 1000)
        top = app.stack.top
        if isinstance(top, ScoreScene) and top.stage == "final":
            final_frames += 1
            if final_frames > 60:  # a second on the final board, then the next game
                final_frames = 0
                game = start()
        elif top is not game and not isinstance(top, ScoreScene):
            game = start()
    app.close()
    return times


def p95(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[int(len(ordered) * 0.95) - 1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=2400)
    parser.add_argument("--overlay-frames", type=int, default=4800)
    parser.add_argument("--seed", default="bench")
    parser.add_argument("--idle-only", action="store_true", help="only the idle CPU figures")
    parser.add_argument("--memory-level", default="expert",
                        help="the computer level of the memory run (default expert, the strongest)")
    parser.add_argument("--memory-only", action="store_true", help="only the memory figures")
    args = parser.parse_args()
    title_mb, client_mb, worker_mb, back_mb = memory_mb(args.memory_level)
    peak_mb = client_mb + worker_mb  # both may be at their peak at once: the bound
    memory = f"peak_rss_mb={peak_mb:.1f} rss_back_at_title_mb={back_mb:.1f}"
    print(f"memory: {title_mb:.1f} MB at the title, {peak_mb:.1f} MB at the peak (a game against "
          f"{args.memory_level} with a hint and a review: the client {client_mb:.1f} MB plus its "
          f"thinking process {worker_mb:.1f} MB), {back_mb:.1f} MB back at the title")
    if args.memory_only:
        print(memory)
        return 0
    idle = {where: idle_cpu_pct(where) for where in ("title", "board")}
    print(" ".join(f"idle_cpu_pct_{where}={pct:.2f}" for where, pct in idle.items()))
    if args.idle_only:
        print(f"idle_cpu_pct={max(idle.values()):.2f} {memory}")
        return 0
    startup = min(startup_seconds() for _ in range(2))
    times = frame_times(args.frames, args.seed)
    times.sort()
    p50 = statistics.median(times)
    overlay = overlay_frame_times(args.overlay_frames, args.seed)
    print(f"frames={len(times)} max_ms={times[-1]:.2f} mean_ms={statistics.fmean(times):.2f}")
    print(f"overlay_frames={len(overlay)} max_ms={max(overlay):.2f} mean_ms={statistics.fmean(overlay):.2f}")
    print(f"frame_ms_p50={p50:.2f} frame_ms_p95={p95(times):.2f} startup_s={startup:.2f} "
          f"overlay_frame_ms_p95={p95(overlay):.2f} idle_cpu_pct={max(idle.values()):.2f} {memory}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
