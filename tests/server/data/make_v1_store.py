"""Make ``v1_store.sqlite3``: a match store written by the protocol-1 server (before games
were generic), for the migration test in ``tests/server/test_migration.py``.

Run against a checkout of that server (commit 8196ff4 or earlier):

    git archive 8196ff4 | tar -x -C /tmp/v1
    PYTHONPATH=/tmp/v1 python3 tests/server/data/make_v1_store.py /tmp/v1 tests/server/data

It starts that server as a subprocess on a fresh file, talks protocol 1 over websockets,
and leaves five matches: ``playing`` (two people, 6 moves), ``computer`` (a person against
Computer (random), a few moves), ``waiting`` (one seat taken), ``resigned`` (black resigned
after 2 moves) and ``finished`` (played to the end). The codes, session and seat tokens
and versions go to ``v1_store.json`` so the test can resume those players.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import msgpack
from websockets.asyncio.client import connect

from shared.aliencity import GameState, Phase, parse_move


class Peer:
    def __init__(self, ws) -> None:
        self.ws, self.inbox = ws, []

    @classmethod
    async def open(cls, url: str, name: str) -> "Peer":
        peer = cls(await connect(url, compression=None))
        await peer.send({"type": "hello", "v": 1, "name": name})
        peer.welcome = await peer.expect("welcome")
        return peer

    async def send(self, m: dict) -> None:
        await self.ws.send(msgpack.packb(m, use_bin_type=True))

    async def expect(self, kind: str, **fields) -> dict:
        for i, m in enumerate(self.inbox):
            if m.get("type") == kind and all(m.get(k) == v for k, v in fields.items()):
                return self.inbox.pop(i)
        while True:
            m = msgpack.unpackb(await asyncio.wait_for(self.ws.recv(), 20), raw=False)
            if m.get("type") == "error":
                raise RuntimeError(m)
            if m.get("type") == kind and all(m.get(k) == v for k, v in fields.items()):
                return m
            self.inbox.append(m)


def pick(state: GameState, rng: random.Random) -> str:
    if state.phase is Phase.BUILD:
        builds = state.legal_builds()
        return builds[rng.randrange(len(builds))].text()
    return rng.choice(list(state.legal_moves())).text()


async def play(peers: dict[str, Peer], code: str, state: GameState, version: int, rng, plies: int,
               watcher: Peer) -> tuple[GameState, int]:
    """Play ``plies`` moves (or to the end); seats held by no peer are computers."""
    for _ in range(plies):
        if state.is_over():
            break
        seat = state.to_move.text()
        if seat in peers:
            text = pick(state, rng)
            await peers[seat].send({"type": "move", "match": code, "version": version,
                                    "mid": f"m{version}", "move": text})
        moved = await watcher.expect("moved", match=code, version=version + 1)
        state, version = state.play(parse_move(moved["move"])).state, version + 1
    return state, version


async def make(url: str) -> dict:
    rng = random.Random(2024)
    out: dict = {}
    ada, bob = await Peer.open(url, "Ada"), await Peer.open(url, "Bob")
    out["sessions"] = {"Ada": ada.welcome["session"], "Bob": bob.welcome["session"]}
    for name, plies in (("playing", 6), ("resigned", 2), ("finished", 10_000)):
        await ada.send({"type": "create", "seat": "black",
                                  "options": {"edition": 2002} if name == "finished" else {}})
        created = await ada.expect("joined")
        await bob.send({"type": "join", "match": created["match"]})
        joined = await bob.expect("joined")
        code = created["match"]
        state = GameState.from_dict((await bob.expect("sync", match=code))["state"])
        state, version = await play({"black": ada, "white": bob}, code, state, 0, rng, plies, bob)
        if name == "resigned":
            await ada.send({"type": "resign", "match": code})
            await bob.expect("ended", match=code)
        elif name == "finished":
            await bob.expect("ended", match=code)
        out[name] = {"code": code, "version": version, "tokens": {
            "black": created["seat_token"], "white": joined["seat_token"]}}
    await ada.send({"type": "create", "seat": "white", "computer": "random", "public": False})
    created = await ada.expect("joined")
    code = created["match"]
    state = GameState.from_dict((await ada.expect("sync", match=code))["state"])
    state, version = await play({"white": ada}, code, state, 0, rng, 5, ada)
    while state.to_move is not None and state.to_move.text() != "white":  # stop on Ada's turn
        state, version = await play({"white": ada}, code, state, version, rng, 1, ada)
    out["computer"] = {"code": code, "version": version, "tokens": {"white": created["seat_token"]}}
    await bob.send({"type": "create", "seat": "white", "options": {"location_bonus": True}})
    created = await bob.expect("joined")
    out["waiting"] = {"code": created["match"], "version": 0,
                      "tokens": {"white": created["seat_token"]}}
    for peer in (ada, bob):
        await peer.ws.close()
    return out


def main() -> int:
    old_tree, target = Path(sys.argv[1]).resolve(), Path(sys.argv[2]).resolve()
    db = target / "v1_store.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    proc = subprocess.Popen([sys.executable, "-m", "server", "--port", "0", "--db", str(db)],
                            cwd=old_tree, env=dict(os.environ, PYTHONPATH=str(old_tree)),
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        url = proc.stdout.readline().split("listening on ")[1].split()[0]
        manifest = asyncio.run(make(url))
    finally:
        proc.terminate()  # a clean stop folds the WAL into the file
        proc.wait(10)
    (target / "v1_store.json").write_text(json.dumps(manifest, indent=1) + "\n")
    print(f"wrote {db} ({db.stat().st_size} bytes) and v1_store.json")
    return 0


if __name__ == "__main__":
    sys.exit(main())
