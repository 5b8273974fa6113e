"""Timed matches over a real loopback server: clock fields in sync and moved, a flag on
the server's own timer (2 seats: a loss; 3 seats: a resignation and play goes on), the
clock kept across a restart, correspondence without the away rule."""

from __future__ import annotations

import asyncio
import signal

from shared.aliencity import GameState

from .helpers import FAST, Client, run, running
from .race import games_with_race
from .test_crash import _start


async def timed_pair(url: str, clock: str) -> tuple[Client, Client, str, dict]:
    """Ada (black) and Bob seated in a new match with ``clock``; Bob's first sync."""
    ada = await Client.open(url, "Ada")
    bob = await Client.open(url, "Bob")
    created = await ada.request({"type": "create", "seat": "black", "clock": clock}, "joined")
    await ada.expect("sync")
    await bob.request({"type": "join", "match": created["match"]}, "joined")
    return ada, bob, created["match"], await bob.expect("sync")


def first_move(sync: dict) -> str:
    return GameState.from_dict(sync["state"]).legal_builds()[0].text()


def test_moves_and_syncs_carry_the_clock_and_the_increment_is_added():
    async def body() -> None:
        async with running() as server:
            ada, bob, code, sync = await timed_pair(server.url, "5+3")
            assert sync["info"]["clock"] == "5+3"
            clock = sync["clock"]
            assert clock["control"] == "5+3" and clock["running"] == sync["to_move"]
            assert all(0 < left <= 300_000 for left in clock["left_ms"])
            mover = ada if sync["to_move"] == "black" else bob
            seat = 0 if mover is ada else 1
            await mover.send({"type": "move", "match": code, "version": 0, "mid": 1,
                              "move": first_move(sync), "lag": 50})
            moved = await bob.expect("moved")
            after = moved["clock"]
            assert after["running"] == moved["to_move"]
            assert 295_000 < after["left_ms"][seat] <= 303_000  # charged, then + 3 s
            assert after["left_ms"][1 - seat] == 300_000
            record = await bob.request({"type": "get_record", "match": code}, "record")
            assert "TimeControl: 5+3" in record["record"]
    run(body)


def test_the_start_tells_the_waiting_seat_the_running_clock():
    """Ada waited for a player: the match_info that says the match started carries the
    clock with the first turn running, so her client needs no get_state to show it."""
    async def body() -> None:
        async with running() as server:
            ada, bob, code, sync = await timed_pair(server.url, "5+3")
            info = await ada.expect("match_info")
            while info["info"]["status"] != "playing":
                info = await ada.expect("match_info")
            clock = info["clock"]
            assert clock["control"] == "5+3" and clock["running"] == sync["to_move"]
            assert all(290_000 < left <= 300_000 for left in clock["left_ms"])
            assert not any(m.get("type") == "sync" for m in ada.inbox)  # nothing else brought it
    run(body)


def test_the_server_flags_a_seat_whose_time_is_gone():
    """Nobody moves in a 0.02+0 match (1.2 s): the seat to move loses on time."""
    async def body() -> None:
        async with running() as server:
            ada, bob, code, sync = await timed_pair(server.url, "0.02+0")
            ended = await bob.expect("ended", timeout=15)
            assert ended["reason"] == "time"
            assert ended["winner"] == ("white" if sync["to_move"] == "black" else "black")
            assert ended["resigned"] == [sync["to_move"]]
            record = await bob.request({"type": "get_record", "match": code}, "record")
            assert f"Termination: {sync['to_move'].capitalize()} lost on time" in record["record"]
            archive = await bob.request({"type": "archive"})
            assert [(m["match"], m["clock"]) for m in archive["matches"]] == \
                [(code, sync["info"]["clock"])]  # the time control is listed with the match
    run(body)


def test_a_seat_flags_on_time_after_the_other_moved():
    """The first mover moves at once, the other never: the timer armed for the first
    turn fires before the second seat's deadline, looks, and flags that seat in time."""
    async def body() -> None:
        async with running() as server:
            ada, bob, code, sync = await timed_pair(server.url, "0.03+0")  # 1.8 s each
            seat = sync["to_move"]
            mover = ada if seat == "black" else bob
            state, moved = GameState.from_dict(sync["state"]), {"to_move": seat, "version": 0}
            while moved["to_move"] == seat:  # (a turn may be two moves)
                move = state.legal_moves()[0]
                state = state.apply(move)
                await mover.send({"type": "move", "match": code, "version": moved["version"],
                                  "mid": moved["version"], "move": move.text()})
                moved = await mover.expect("moved")
            idle = moved["to_move"]
            assert moved["clock"]["running"] == idle
            ended = await mover.expect("ended", timeout=15)
            assert ended["reason"] == "time" and ended["resigned"] == [idle]
            assert ended["winner"] == seat
    run(body)


def test_three_seats_a_flag_resigns_the_seat_and_play_goes_on():
    async def body() -> None:
        async with running(FAST, ":memory:", games_with_race()) as server:
            people = [await Client.open(server.url, name) for name in ("Ann", "Bob", "Cat")]
            code = (await people[0].request({"type": "create", "game": "race", "seat": "seat1",
                                             "options": {"players": 3}, "clock": "0.02+0"},
                                            "joined"))["match"]
            for client in people[1:]:
                await client.request({"type": "join", "match": code}, "joined")
            sync = await people[2].expect("sync")
            first = sync["to_move"]
            left = await people[2].expect("moved", timeout=15)
            while left["kind"] != "resign":  # (no moves are made: the first is the flag)
                left = await people[2].expect("moved", timeout=15)
            assert left["seat"] == first and left["clock"]["out"] == [first]
            assert left["clock"]["running"] == left["to_move"] != first
    run(body)


def test_bad_clocks_are_refused():
    async def body() -> None:
        async with running() as server:
            ada = await Client.open(server.url, "Ada")
            for clock in ("5", "fast", "corr:30", "corr:x", "0+3"):
                answer = await ada.request({"type": "create", "clock": clock})
                assert answer["code"] == "bad_options", (clock, answer)
            answer = await ada.request({"type": "quick", "clock": "1+"})
            assert answer["code"] == "bad_options"
    run(body)


def _sync_after_restart(db, session: str, code: str) -> dict:
    """The server started again on ``db``: the ``sync`` Ada gets on rejoining ``code``."""
    proc, url = _start(db)

    async def after() -> dict:
        ada = await Client.open(url, "Ada", resume=session)
        await ada.request({"type": "join", "match": code}, "joined")
        sync = await ada.expect("sync")
        await ada.close()
        return sync

    try:
        return run(after)
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)


def test_the_clock_survives_kill_9_at_its_last_step(tmp_path):
    """After a move the server is killed (SIGKILL) and started again: the seat to move
    has the time it had at that step (the downtime is nobody's), the other seat keeps
    its own."""
    db = tmp_path / "m.sqlite3"
    proc, url = _start(db)

    async def body() -> tuple[str, int, str]:
        ada, bob, code, sync = await timed_pair(url, "5+3")
        mover = ada if sync["to_move"] == "black" else bob
        await mover.send({"type": "move", "match": code, "version": 0, "mid": 1,
                          "move": first_move(sync)})
        moved = await mover.expect("moved")
        running_seat = ["black", "white"].index(moved["clock"]["running"])
        return code, moved["clock"]["left_ms"][running_seat], ada.session

    try:
        code, left, session = run(body)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    sync = _sync_after_restart(db, session, code)
    clock = sync["clock"]
    assert clock["running"] == sync["to_move"]
    running_seat = ["black", "white"].index(clock["running"])
    assert 290_000 < clock["left_ms"][running_seat] <= left  # its turn runs again
    assert clock["left_ms"][1 - running_seat] == 300_000


def test_a_restart_gives_each_seat_the_time_of_its_last_stored_step(tmp_path):
    """A move's clock is stored with the step itself (no second write): after kill -9
    the mover has the time its ``moved`` said (its claim step runs on from there), not
    the time it had at the start: it thought longer than the 3 s increment."""
    db = tmp_path / "m.sqlite3"
    proc, url = _start(db)

    async def body() -> tuple[str, int, int, str]:
        ada, bob, code, sync = await timed_pair(url, "5+3")
        mover = ada if sync["to_move"] == "black" else bob
        seat = ["black", "white"].index(sync["to_move"])
        await asyncio.sleep(3.6)  # longer than the increment: under 5 minutes after the step
        await mover.send({"type": "move", "match": code, "version": 0, "mid": 1,
                          "move": first_move(sync)})
        moved = await mover.expect("moved")
        return code, seat, moved["clock"]["left_ms"][seat], ada.session

    try:
        code, seat, left, session = run(body)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    assert left < 300_000
    sync = _sync_after_restart(db, session, code)
    assert left - 5_000 < sync["clock"]["left_ms"][seat] <= left


def test_correspondence_days_and_no_away_rule():
    async def body() -> None:
        async with running() as server:
            ada, bob, code, sync = await timed_pair(server.url, "corr:2")
            clock = sync["clock"]
            running_seat = ["black", "white"].index(clock["running"])
            assert 2 * 86_400_000 - 60_000 < clock["left_ms"][running_seat] <= 2 * 86_400_000
            assert clock["left_ms"][1 - running_seat] is None
            await bob.close()  # away: no abandonment clock in correspondence
            info = await ada.expect("match_info")
            assert [p["abandon_in"] for p in info["info"]["players"]] == [None, None]
    run(body)


def test_a_move_that_arrives_after_the_time_is_gone_loses_on_time():
    """The running seat's turn is set to have started 400 s ago (a 5+3 clock: its time
    and grace are gone, the server's timer not yet fired): its move is refused
    out_of_time and the match ends on time."""
    from dataclasses import replace

    async def body() -> None:
        async with running() as server:
            ada, bob, code, sync = await timed_pair(server.url, "5+3")
            clock = server.lobby.matches[code].clock
            clock.clock = replace(clock.clock, since=clock.clock.since - 400)
            mover = ada if sync["to_move"] == "black" else bob
            answer = await mover.request({"type": "move", "match": code, "version": 0,
                                          "mid": 1, "move": first_move(sync)})
            assert answer["code"] == "out_of_time"
            ended = await bob.expect("ended")
            assert ended["reason"] == "time" and ended["resigned"] == [sync["to_move"]]
    run(body)
