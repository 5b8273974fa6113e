"""Cluster nodes (``serve --redis``) on one real redis-server, over loopback.

A node that dies with ``kill -9`` mid-game loses no acknowledged move; its players
reconnect to another node with their session and seat tokens and finish there; a node
started later reads every match, record and ranking from Redis; a move for a version
already passed never forks a match; and players on different nodes play one match (the
nodes follow each other's steps, seats and starts through the event stream).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import subprocess
import sys
from pathlib import Path
from typing import AsyncIterator, Iterator

from server.app import RunningServer, start_server
from shared.aliencity import GameState, parse_move
from shared.aliencity.ppn import read_ppn
from tests.server.helpers import FAST, Client, pick, run

from .conftest import end_process

ROOT = Path(__file__).resolve().parents[2]


class Node:
    """``python -m server --redis URL --port 0`` as a process (log in ``folder``)."""

    def __init__(self, redis_url: str, folder: Path, name: str) -> None:
        self.log = open(folder / f"{name}.log", "w")
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "server", "--port", "0", "--redis", redis_url,
             "--node-name", name, "--print-address"],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=self.log, text=True,
            stdin=subprocess.DEVNULL)
        self.url = self.proc.stdout.readline().strip()
        assert self.url.startswith("ws://"), (self.url, (folder / f"{name}.log").read_text())

    def kill9(self) -> None:
        self.proc.kill()
        self.proc.wait(10)

    def stop(self) -> int | None:
        """SIGTERM (a clean stop), SIGKILL if it takes over 10 s; the exit status."""
        code = end_process(self.proc, (signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0))
        self.log.close()
        return code


@contextlib.contextmanager
def node_processes(redis_url: str, folder: Path, names: str) -> Iterator[list[Node]]:
    """One node process per name, stopped afterwards (unless killed already)."""
    nodes: list[Node] = []
    try:
        for name in names:
            nodes.append(Node(redis_url, folder, name))
        yield nodes
    finally:
        for node in nodes:
            node.stop()


def same_moves(record: str, played: list[str]) -> bool:
    """Does the game record hold exactly the ``played`` moves (passes aside)?"""
    return [m.text() for _, m in read_ppn(record).state.history if m.text() != "pass"] == \
        [m for m in played if m != "pass"]


async def play(black: Client, white: Client, code: str, state: GameState, rng: random.Random,
               played: list[str], moves: int | None, mid: int) -> GameState:
    """Play ``moves`` moves (None: to the end), each acknowledged to both players."""
    while not state.is_over() and (moves is None or moves > 0):
        mover = black if state.to_move.text() == "black" else white
        text = pick(state, rng)
        mid += 1
        await mover.send({"type": "move", "match": code, "version": len(state.history),
                          "mid": mid, "move": text})
        moved = await white.expect("moved")
        assert moved["version"] == len(state.history) + 1
        await black.expect("moved", version=moved["version"])
        played.append(moved["move"])
        state = state.play(parse_move(text)).state
        moves = None if moves is None else moves - 1
    return state


def test_a_node_killed_mid_game_its_players_finish_on_another(redis_server, tmp_path) -> None:
    a, b = Node(redis_server.url, tmp_path, "a"), Node(redis_server.url, tmp_path, "b")
    c = None
    played: list[str] = []
    try:
        async def on_a() -> tuple:
            black = await Client.open(a.url, "Ada")
            created = await black.request({"type": "create", "seat": "black"}, "joined")
            code = created["match"]
            white = await Client.open(a.url, "Bob")
            joined = await white.request({"type": "join", "match": code}, "joined")
            state = GameState.from_dict((await white.expect("sync"))["state"])
            await black.expect("sync")
            state = await play(black, white, code, state, random.Random(5), played, 10, 0)
            # one more move in flight as node a dies: stored or not, never half
            mover = black if state.to_move.text() == "black" else white
            await mover.send({"type": "move", "match": code, "version": len(state.history),
                              "mid": 99, "move": pick(state, random.Random(6))})
            a.kill9()
            return (black.session, created["seat_token"], white.session, joined["seat_token"],
                    code, state)

        s_black, t_black, s_white, t_white, code, before = run(on_a, 60)

        async def on_b() -> None:
            black = await Client.open(b.url, "Ada", resume=s_black)
            white = await Client.open(b.url, "Bob", resume=s_white)
            assert black.welcome["resumed"] and white.welcome["resumed"]
            known = len(played)
            await black.request({"type": "join", "match": code, "seat_token": t_black,
                                 "version": known}, "joined")
            await white.request({"type": "join", "match": code, "seat_token": t_white,
                                 "version": known}, "joined")
            sync = await white.expect("sync")
            await black.expect("sync")
            assert sync["mode"] == "moves" and sync["version"] in (known, known + 1)
            state = before
            for m in sync["moves"]:  # the in-flight move, if Redis had it
                played.append(m["move"])
                state = state.play(parse_move(m["move"])).state
            state = await play(black, white, code, state, random.Random(7), played, None, 100)
            ended = await black.expect("ended")
            assert ended["score"] == state.score().to_dict()
            await black.close()
            await white.close()

        run(on_b, 60)
        assert b.stop() == 0
        c = Node(redis_server.url, tmp_path, "c")  # every node restarted: Redis has it all

        async def on_c() -> None:
            reader = await Client.open(c.url, "Cy")
            got = await reader.request({"type": "get_record", "match": code}, "record")
            assert got["status"] == "over"
            replayed = read_ppn(got["record"]).state
            assert [m.text() for _, m in replayed.history if m.text() != "pass"] == \
                [m for m in played if m != "pass"]
            back = await Client.open(c.url, "Ada", resume=s_black)  # sessions too
            assert back.welcome["resumed"] and back.welcome["name"] == "Ada"
            assert [e["match"] for e in back.welcome["ended"]] == [code]
            await reader.close()
            await back.close()

        run(on_c, 30)
    finally:
        for node in (a, b, c):
            if node is not None:
                node.stop()


def test_an_out_of_date_node_cannot_fork_a_match(redis_server) -> None:
    """Node b loaded the match at version 2; node a then stored version 3. A move sent to
    b for version 2 is refused (b has followed node a to version 3, or, had it not, Redis
    refuses the append): the match keeps the one step 3 that node a acknowledged."""
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            black, white, code, state = await both_on(a.url)
            played: list[str] = []
            state = await play(black, white, code, state, random.Random(1), played, 2, 0)
            watcher = await Client.open(b.url, "Eve")  # b loads the match at version 2
            await watcher.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            stale_state = state
            state = await play(black, white, code, state, random.Random(2), played, 1, 10)
            # the player to move at version 2 takes their seat on node b and moves again
            name, session = ("Ada", black.session) if stale_state.to_move.text() == "black" \
                else ("Bob", white.session)
            other = await Client.open(b.url, name, resume=session)
            await other.request({"type": "join", "match": code, "version": 2}, "joined")
            answer = await other.request({"type": "move", "match": code, "version": 2, "mid": 50,
                                          "move": pick(stale_state, random.Random(3))})
            assert answer["type"] == "error" and answer["code"] == "stale_state"
            stored = await a.lobby.store.load_code(code)
            assert [m.move for m in stored.moves] == played  # exactly what node a acknowledged
            for client in (black, white, watcher, other):
                await client.close()
    run(body, 60)


@contextlib.asynccontextmanager
async def two_nodes(redis_url: str) -> AsyncIterator[tuple[RunningServer, RunningServer]]:
    """Two nodes in this process (a, b) on one Redis, closed afterwards."""
    a = await start_server("127.0.0.1", 0, limits=FAST, redis=redis_url, node_name="a")
    try:
        b = await start_server("127.0.0.1", 0, limits=FAST, redis=redis_url, node_name="b")
        try:
            yield a, b
        finally:
            await b.close()
    finally:
        await a.close()


async def both_on(url: str, public: bool = True) -> tuple[Client, Client, str, GameState]:
    """Black creates a match on the node at ``url`` and White joins it there: (black,
    white, the room code, the start position)."""
    black = await Client.open(url, "Ada")
    created = await black.request({"type": "create", "seat": "black", "public": public}, "joined")
    white = await Client.open(url, "Bob")
    await white.request({"type": "join", "match": created["match"]}, "joined")
    state = GameState.from_dict((await white.expect("sync"))["state"])
    await black.expect("sync")
    return black, white, created["match"], state


async def across(black_url: str, white_url: str) -> tuple[Client, Client, dict, GameState]:
    """Black creates a match on one node, White joins it on another: (black, white, the
    'joined' of Black with the code and seat token, the start position)."""
    black = await Client.open(black_url, "Ada")
    created = await black.request({"type": "create", "seat": "black"}, "joined")
    await black.expect("sync")
    white = await Client.open(white_url, "Bob")
    joined = await white.request({"type": "join", "match": created["match"]}, "joined")
    assert joined["seat"] == "white"
    state = GameState.from_dict((await white.expect("sync"))["state"])
    while True:  # Black's node learns the seat and the start from the event stream
        info = await black.expect("match_info")
        if info["info"]["status"] == "playing":
            break
    assert info["info"]["players"][1]["name"] == "Bob"
    return black, white, created, state


def test_players_on_two_nodes_play_one_match(redis_server, tmp_path) -> None:
    """Black on node a, White on node b: each sees every move (with versions) and the end,
    and a spectator on a third node too; the record is the same everywhere."""
    nodes = [Node(redis_server.url, tmp_path, name) for name in "abc"]
    a, b, c = nodes
    try:
        async def body() -> None:
            black, white, created, state = await across(a.url, b.url)
            code = created["match"]
            watcher = await Client.open(c.url, "Eve")
            await watcher.request({"type": "join", "match": code, "as": "spectator"}, "joined")
            await watcher.expect("sync")
            played: list[str] = []
            state = await play(black, white, code, state, random.Random(9), played, None, 0)
            ended = [await p.expect("ended") for p in (black, white, watcher)]
            assert {e["version"] for e in ended} == {len(state.history)}
            assert all(e["score"] == state.score().to_dict() for e in ended)
            seen = [m["version"] for m in watcher.drain("moved")] + \
                [m["version"] for m in watcher.seen if m.get("type") == "moved"]
            assert sorted(set(seen)) == list(range(1, len(played) + 1))
            records = [(await p.request({"type": "get_record", "match": code}, "record"))["record"]
                       for p in (black, white, watcher)]
            assert records[0] == records[1] == records[2]
            for p in (black, white, watcher):
                await p.close()
        run(body, 90)
    finally:
        for node in nodes:
            node.stop()


def test_players_on_two_nodes_one_node_killed_mid_game(redis_server, tmp_path) -> None:
    """Black on node a, White on node b; ``kill -9`` node a with Black's move in flight;
    Black resumes on node c with its tokens, White stays on b: the match finishes with
    every acknowledged move, and both see the same end."""
    nodes = [Node(redis_server.url, tmp_path, name) for name in "abc"]
    a, b, c = nodes
    played: list[str] = []
    try:
        async def body() -> None:
            black, white, created, state = await across(a.url, b.url)
            code = created["match"]
            state = await play(black, white, code, state, random.Random(3), played, 9, 0)
            if state.to_move.text() != "black":  # Black's move is the one in flight
                state = await play(black, white, code, state, random.Random(4), played, 1, 50)
            await black.send({"type": "move", "match": code, "version": len(state.history),
                              "mid": 99, "move": pick(state, random.Random(5))})
            a.kill9()
            known = len(played)
            black = await Client.open(c.url, "Ada", resume=black.session)
            await black.request({"type": "join", "match": code, "version": known,
                                 "seat_token": created["seat_token"]}, "joined")
            sync = await black.expect("sync")
            assert sync["mode"] == "moves" and sync["version"] in (known, known + 1)
            for m in sync["moves"]:  # the move in flight reached Redis: White sees it too
                await white.expect("moved", version=m["version"])
                played.append(m["move"])
                state = state.play(parse_move(m["move"])).state
            state = await play(black, white, code, state, random.Random(6), played, None, 100)
            ended = [await p.expect("ended") for p in (black, white)]
            assert ended[0]["score"] == ended[1]["score"] == state.score().to_dict()
            record = (await white.request({"type": "get_record", "match": code}, "record"))["record"]
            assert same_moves(record, played)
            await black.close()
            await white.close()
        run(body, 90)
    finally:
        for node in nodes:
            node.stop()


def test_a_public_match_made_on_one_node_is_listed_and_joined_on_another(redis_server) -> None:
    """Lobby watchers of node b see a public match created on node a, join it on b; the
    creator on a learns that it started; a cancelled one leaves b's lobby."""
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            watcher = await Client.open(b.url, "Bob")
            assert (await watcher.request({"type": "watch_lobby", "on": True}, "lobby"))["matches"] == []
            ada = await Client.open(a.url, "Ada")
            code = (await ada.request({"type": "create", "seat": "black"}, "joined"))["match"]
            update = await watcher.expect("lobby_update")
            assert update["match"]["code"] == code and update["match"]["players"][0]["name"] == "Ada"
            await watcher.request({"type": "join", "match": code}, "joined")
            while (await ada.expect("match_info"))["info"]["status"] != "playing":
                pass
            other = (await ada.request({"type": "create", "seat": "black"}, "joined"))["match"]
            while (await watcher.expect("lobby_update"))["match"]["code"] != other:
                pass  # (updates of the first match: it started)
            await ada.request({"type": "leave", "match": other}, "left")
            gone = await watcher.expect("lobby_gone", match=other)
            assert gone["status"] == "cancelled"
            for client in (watcher, ada):
                await client.close()
    run(body, 60)


def test_redis_killed_and_restarted_mid_game(redis_server) -> None:
    """``kill -9`` of redis-server (AOF always) with players on two nodes: a move while
    Redis is down is refused (``server_error``: not acknowledged); after the restart the
    nodes reconnect, the match goes on from where Redis has it and finishes, and every
    acknowledged move is in the record."""
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            black, white, created, state = await across(a.url, b.url)
            code = created["match"]
            played: list[str] = []
            state = await play(black, white, code, state, random.Random(21), played, 6, 0)
            redis_server.kill()
            mover = black if state.to_move.text() == "black" else white
            refused = await mover.request({"type": "move", "match": code, "mid": 500,
                                           "version": len(state.history),
                                           "move": pick(state, random.Random(22))})
            assert refused["type"] == "error" and refused["code"] == "server_error"
            await asyncio.to_thread(redis_server.start)
            state = await play(black, white, code, state, random.Random(23), played, None, 600)
            for p in (black, white):
                await p.expect("ended")
            stored = await b.lobby.store.load_code(code)
            assert [m.move for m in stored.moves] == played
            for p in (black, white):
                await p.close()
    run(body, 90)


def test_a_resignation_on_one_node_ends_the_match_on_the_other(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            black, white, created, state = await across(a.url, b.url)
            code = created["match"]
            state = await play(black, white, code, state, random.Random(31), [], 3, 0)
            assert (await black.request({"type": "resign", "match": code}))["type"] == "ok"
            ended = [await p.expect("ended") for p in (black, white)]
            assert ended[0]["winner"] == ended[1]["winner"] == "white"
            assert ended[0]["reason"] == ended[1]["reason"] == "resigned"
            assert ended[0]["version"] == ended[1]["version"] == 3
            info = await white.request({"type": "get_state", "match": code}, "sync")
            assert info["info"]["status"] == "over"
            for p in (black, white):
                await p.close()
    run(body, 60)


def test_serve_redis_refuses_a_bad_address_or_both_stores(tmp_path) -> None:
    from .conftest import free_port
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for extra in (["--redis", f"redis://127.0.0.1:{free_port()}/0"],
                  ["--redis", "redis://127.0.0.1:1/0", "--db", str(tmp_path / "x.sqlite3")]):
        done = subprocess.run([sys.executable, "-m", "server", "--port", "0", *extra], cwd=ROOT,
                              env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 2, done.stderr
        assert "alien-city serve:" in done.stderr and "Traceback" not in done.stderr
