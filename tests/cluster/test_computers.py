"""Computer seats in a cluster: a lease in Redis (``ac:lease:<id>``, SET NX PX, renewed while
thinking) lets exactly one node think for a match's computer seats; when that node dies
(``kill -9``) the lease expires, another node takes over and the match goes on.
"""

from __future__ import annotations

import random
from pathlib import Path

from shared.aliencity import GameState, parse_move
from tests.server.helpers import Client, pick, run

from .test_nodes import node_processes, two_nodes


async def vs_computer(create_url: str, other_url: str) -> tuple[Client, Client, dict, GameState]:
    """Ada makes a match against the random computer on one node and plays it from
    another (her session resumed there closes her first connection); Eve watches on the
    first node: both nodes hold the match and may think. (Eve, Ada's new connection.)"""
    ada = await Client.open(create_url, "Ada")
    created = await ada.request({"type": "create", "seat": "black", "computer": "random"},
                                "joined")
    state = GameState.from_dict((await ada.expect("sync"))["state"])
    eve = await Client.open(create_url, "Eve")
    await eve.request({"type": "join", "match": created["match"], "as": "spectator"}, "joined")
    await eve.expect("sync")
    again = await Client.open(other_url, "Ada", resume=ada.session)
    await again.request({"type": "join", "match": created["match"]}, "joined")
    await again.expect("sync")
    await ada.expect("error", code="session_taken")
    return eve, again, created, state


async def play_to_end(player: Client, code: str, state: GameState, rng: random.Random,
                      played: list[str], mid: int, computer: list[int] | None = None
                      ) -> GameState:
    """Black's moves from ``player``; the computer answers; to the end of the match.
    ``computer`` gets the versions the computer moved on."""
    while not state.is_over():
        if state.to_move.text() != "black" and computer is not None:
            computer.append(len(state.history))
        if state.to_move.text() == "black":
            mid += 1
            await player.send({"type": "move", "match": code, "version": len(state.history),
                               "mid": mid, "move": pick(state, rng)})
        moved = await player.expect("moved", version=len(state.history) + 1, timeout=30)
        played.append(moved["move"])
        state = state.play(parse_move(moved["move"])).state
    return state


def test_exactly_one_node_thinks_for_a_computer_seat(redis_server) -> None:
    async def body() -> None:
        async with two_nodes(redis_server.url) as (a, b):
            thought: list[tuple[str, int]] = []
            for name, node in (("a", a), ("b", b)):
                pool = node.lobby.computers
                real = pool.think

                async def think(fn, bot, spec, state, *rest, _real=real, _name=name,
                                _node=node, **kw):
                    thought.extend((_name, m.version) for m in _node.lobby.matches.values()
                                   if m.state is state)
                    return await _real(fn, bot, spec, state, *rest, **kw)
                pool.think = think
            eve, again, created, state = await vs_computer(a.url, b.url)
            played: list[str] = []
            computer_versions: list[int] = []
            state = await play_to_end(again, created["match"], state, random.Random(8), played,
                                      0, computer_versions)
            await eve.expect("ended", timeout=30)
            assert computer_versions
            thought_versions = [v for _, v in thought]
            assert sorted(thought_versions) == sorted(set(thought_versions))  # once each
            assert set(thought_versions) == set(computer_versions)
            for c in (eve, again):
                await c.close()
    run(body, 120)


def holder(logs: list[Path]) -> int:
    """Which node's log took the lease last (lines start with a timestamp)."""
    newest = []
    for i, log in enumerate(logs):
        lines = [line for line in log.read_text().splitlines()
                 if "thinks for its computer seats" in line]
        newest.append((lines[-1][:23] if lines else "", i))
    return max(newest)[1]


def test_the_thinking_node_killed_another_takes_over(redis_server, tmp_path) -> None:
    logs = [tmp_path / "a.log", tmp_path / "b.log"]
    with node_processes(redis_server.url, tmp_path, "ab") as nodes:
        async def body() -> None:
            eve, again, created, state = await vs_computer(nodes[0].url, nodes[1].url)
            code = created["match"]
            players = [eve, again]
            rng = random.Random(12)
            played: list[str] = []
            mid = 0
            while True:
                if state.to_move.text() == "black":  # a few rounds; the computer answers
                    mid += 1
                    await again.send({"type": "move", "match": code, "mid": mid,
                                      "version": len(state.history), "move": pick(state, rng)})
                moved = await again.expect("moved", version=len(state.history) + 1, timeout=30)
                played.append(moved["move"])
                state = state.play(parse_move(moved["move"])).state
                if len(played) >= 12 and state.to_move.text() != "black":
                    break  # the computer is to move: kill the node thinking for it
            dead = holder(logs)
            nodes[dead].kill9()  # the thinker dies as the computer is to move
            alive = players[1 - dead]
            if dead == 1:  # the client playing was on the dead node: it comes back on a
                alive = await Client.open(nodes[0].url, "Ada", resume=again.session)
                await alive.request({"type": "join", "match": code, "version": len(played)},
                                    "joined")
                for m in (await alive.expect("sync"))["moves"]:
                    played.append(m["move"])
                    state = state.play(parse_move(m["move"])).state
            state = await play_to_end(alive, code, state, rng, played, 200)
            ended = await alive.expect("ended", timeout=30)
            assert ended["version"] == len(state.history)
            record = await alive.request({"type": "get_record", "match": code}, "record")
            assert record["status"] == "over"
            assert len(played) == len(state.history)
            await alive.close()
        run(body, 180)
