"""The server as a real process: SIGKILL loses no acknowledged move; SIGTERM closes cleanly."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from shared.aliencity import GameState, parse_move
from shared.aliencity.ppn import read_ppn

from .helpers import Client, pick, run

ROOT = Path(__file__).resolve().parents[2]


def _start(db: Path) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-m", "server", "--port", "0", "--db", str(db)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    line = proc.stdout.readline()
    assert "listening on" in line, line + proc.stderr.read()
    return proc, line.split("listening on ")[1].split()[0]


def test_sigkill_mid_game_loses_no_acknowledged_move(tmp_path):
    """Kill -9 during a game, restart on the same store, reconnect with tokens, finish."""
    db = tmp_path / "matches.sqlite3"
    proc, url = _start(db)
    played: list[str] = []  # every move the clients saw acknowledged, in order

    async def first_half() -> tuple[str, str, str, GameState]:
        black = await Client.open(url, "Ada")
        created = await black.request({"type": "create", "seat": "black"}, "joined")
        code = created["match"]
        white = await Client.open(url, "Bob")
        await white.request({"type": "join", "match": code}, "joined")
        state = GameState.from_dict((await white.expect("sync"))["state"])
        rng = random.Random(11)
        for i in range(12):
            mover = black if state.to_move.text() == "black" else white
            text = pick(state, rng)
            await mover.send({"type": "move", "match": code, "version": len(state.history),
                              "mid": i, "move": text})
            moved = await white.expect("moved")
            played.append(moved["move"])
            state = state.play(parse_move(text)).state
        # one more move in flight as the server dies: acknowledged or not, never half
        mover = black if state.to_move.text() == "black" else white
        await mover.send({"type": "move", "match": code, "version": len(state.history),
                          "mid": 99, "move": pick(state, rng)})
        proc.send_signal(signal.SIGKILL)
        return black.session, white.session, code, state

    tokens_b, tokens_w, code, before = run(first_half)
    proc.wait(10)
    proc, url = _start(db)
    try:
        async def second_half() -> None:
            black = await Client.open(url, "Ada", resume=tokens_b)
            white = await Client.open(url, "Bob", resume=tokens_w)
            assert black.welcome["resumed"] and white.welcome["resumed"]
            await black.request({"type": "join", "match": code, "version": len(played)}, "joined")
            await white.request({"type": "join", "match": code, "version": len(played)}, "joined")
            sync = await white.expect("sync")
            await black.expect("sync")
            assert sync["mode"] == "moves" and sync["version"] in (len(played), len(played) + 1)
            state = before
            for m in sync["moves"]:
                played.append(m["move"])
                state = state.play(parse_move(m["move"])).state
            rng = random.Random(12)
            mid = 100
            while not state.is_over():
                mover = black if state.to_move.text() == "black" else white
                text = pick(state, rng)
                mid += 1
                await mover.send({"type": "move", "match": code, "version": len(state.history),
                                  "mid": mid, "move": text})
                played.append((await white.expect("moved"))["move"])
                state = state.play(parse_move(text)).state
            ended = await black.expect("ended")
            assert ended["score"] == state.score().to_dict()
            record = (await black.request({"type": "get_record", "match": code}, "record"))["record"]
            replayed = read_ppn(record).state
            assert [m.text() for _, m in replayed.history if m.text() != "pass"] == \
                [m for m in played if m != "pass"]
            assert replayed.score().to_dict() == state.score().to_dict()
            await black.close()
            await white.close()
        run(second_half)
    finally:
        proc.kill()
        proc.wait(10)


def test_sigterm_closes_clients_with_1001_and_keeps_the_match(tmp_path):
    """A clean stop tells clients 'going away' and the match is back after a restart."""
    db = tmp_path / "matches.sqlite3"
    proc, url = _start(db)

    async def before() -> tuple[str, str]:
        ada = await Client.open(url, "Ada")
        created = await ada.request({"type": "create", "seat": "black"}, "joined")
        proc.send_signal(signal.SIGTERM)
        await ada.ws.wait_closed()
        assert ada.ws.close_code == 1001
        return ada.session, created["match"]

    token, code = run(before)
    assert proc.wait(10) == 0
    assert "matches saved" in proc.stderr.read()
    proc, url = _start(db)
    try:
        async def after() -> None:
            ada = await Client.open(url, "Ada", resume=token)
            assert ada.welcome["seats"] == [{"match": code, "seat": "black", "version": 0,
                                             "status": "waiting"}]
            await ada.close()
        run(after)
    finally:
        proc.terminate()
        proc.wait(10)
