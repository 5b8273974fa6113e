"""Move checking: the fixed order of checks, stale and duplicate moves, illegal moves."""

from __future__ import annotations

from shared.aliencity import GameState, parse_move

from .helpers import Client, pair, run, running


async def _first_build(client: Client, code: str) -> str:
    sync = await client.request({"type": "get_state", "match": code}, "sync")
    return GameState.from_dict(sync["state"]).legal_builds()[0].text()


def test_stale_and_duplicate_moves_are_never_applied_twice():
    """A resent move id is recognised; a move made on an old version is refused."""
    async def body():
        async with running() as server:
            black, white, code = await pair(server.url)
            build = await _first_build(black, code)
            move = {"type": "move", "match": code, "version": 0, "mid": "x1", "move": build}
            await black.send(move)
            assert (await black.expect("moved"))["version"] == 1
            assert (await white.expect("moved"))["version"] == 1
            again = await black.request(move)
            assert again["type"] == "error" and again["code"] == "duplicate_move"
            assert again["applied_version"] == 1 and again["version"] == 1
            # Black is now to claim or pass; a fresh id on the old version is stale.
            stale = await black.request(move | {"mid": "x2", "move": "pass"})
            assert stale["code"] == "stale_state" and stale["version"] == 1
            ahead = await black.request(move | {"mid": "x3", "move": "pass", "version": 7})
            assert ahead["code"] == "stale_state"
            state = await white.request({"type": "get_state", "match": code}, "sync")
            assert state["version"] == 1 and len(state["state"]["history"]) == 1
            assert white.drain("moved") == []
    run(body)


def test_rejections_follow_the_fixed_order_and_keep_the_connection():
    """seated, then running, then turn, then version, then the engine, each with a code."""
    async def body():
        async with running() as server:
            black = await Client.open(server.url, "Ada")
            created = await black.request({"type": "create", "seat": "black"}, "joined")
            code = created["match"]
            await black.expect("sync")
            stranger = await Client.open(server.url, "Mallory")
            bad = {"type": "move", "match": code, "version": 99, "mid": 1, "move": "Tr@a1"}
            assert (await stranger.request(bad))["code"] == "not_seated"
            waiting = await black.request(bad)
            assert waiting["code"] == "not_running" and waiting["version"] == 0
            white = await Client.open(server.url, "Bob")
            await white.request({"type": "join", "match": code}, "joined")
            assert (await white.request(bad))["code"] == "not_your_turn"
            assert (await black.request(bad))["code"] == "stale_state"
            nonsense = await black.request(bad | {"version": 0, "move": "Tq@z9"})
            assert nonsense["code"] == "bad_move"
            claim = await black.request(bad | {"version": 0, "move": "claim@a1"})
            assert claim["code"] == "illegal_move" and claim["rule"] == "wrong_phase"
            assert "Build first" in claim["text"]
            sync = await black.request({"type": "get_state", "match": code}, "sync")
            state = GameState.from_dict(sync["state"])
            legal = state.legal_builds()
            illegal = next(m for m in (f"{p}@{c}{r}" for p in ("Tr", "Tb", "Dk") for c in "abcdefgh"
                                       for r in range(1, 11)) if parse_move(m) not in legal)
            refused = await black.request(bad | {"version": 0, "move": illegal})
            assert refused["code"] == "illegal_move" and refused["version"] == 0
            assert refused["rule"] and refused["text"] == state.why_not(parse_move(illegal)).text
            await black.send(bad | {"version": 0, "mid": 2, "move": legal[0].to_dict()})
            moved = await white.expect("moved")  # the move map form works as well as text
            assert moved["move"] == legal[0].text() and moved["mid"] == 2
            assert (await black.request({"type": "move", "match": "NOPE42", "version": 0, "mid": 1,
                                         "move": "pass"}))["code"] == "unknown_match"
            assert (await black.request({"type": "ping", "t": 1.5}))["type"] == "pong"
            await white.send({"type": "resign", "match": code})
            ended = await black.expect("ended")
            assert ended["reason"] == "resigned" and ended["winner"] == "black"
            late = await white.request(bad | {"version": ended["version"], "mid": 5})
            assert late["code"] == "game_over"
            for c in (black, white, stranger):
                await c.close()
    run(body)
