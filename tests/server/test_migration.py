"""A match store written by the protocol-1 server (tests/server/data, see make_v1_store.py)
opens with its matches intact: players resume, finish, and results read as rankings."""

from __future__ import annotations

import json
import random
import shutil
import sqlite3
from pathlib import Path

from server.store import RESIGN, Store
from server.store_schema import SCHEMA_VERSION
from shared.aliencity import GameState, Player, parse_move
from shared.aliencity.ppn import read_ppn

from .helpers import FAST, Client, pick, run, running

DATA = Path(__file__).parent / "data"
OLD = json.loads((DATA / "v1_store.json").read_text())


def _copy(tmp_path: Path) -> str:
    db = tmp_path / "old.sqlite3"
    shutil.copyfile(DATA / "v1_store.sqlite3", db)
    return str(db)


async def _play_to_end(code: str, state: GameState, version: int, seats: dict[str, Client],
                       rng: random.Random, watcher: Client) -> tuple[GameState, dict]:
    """Play the people's moves at random (other seats are computers) until the end."""
    while not state.is_over():
        mover = seats.get(state.to_move.text())
        if mover is not None:
            await mover.send({"type": "move", "match": code, "version": version,
                              "mid": f"v2-{version}", "move": pick(state, rng)})
        moved = await watcher.expect("moved", match=code, version=version + 1)
        state = state.play(parse_move(moved["move"]), Player.parse(moved["seat"])).state
        version += 1
    return state, await watcher.expect("ended", match=code)


def test_the_store_is_migrated_in_place_and_keeps_every_match(tmp_path):
    """Opening the file adds rankings and resignation steps; nothing else changes."""
    db = _copy(tmp_path)
    before = sqlite3.connect(db)
    rows = before.execute("SELECT code, status, end_reason, winner FROM matches ORDER BY id").fetchall()
    moves = before.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
    before.close()

    async def body() -> None:
        store = Store(db)
        try:
            for code, status, reason, winner in rows:
                record = await store.load_code(code)
                assert (record.status, record.end_reason, record.winner) == (status, reason, winner)
                assert record.game == "alien-city" and len(record.seats) in (1, 2)
            resigned = await store.load_code(OLD["resigned"]["code"])
            assert resigned.ranking == [2, 1]  # black resigned
            assert [(m.seat, m.kind) for m in resigned.moves][-1] == (0, RESIGN)
            assert len(resigned.moves) == OLD["resigned"]["version"] + 1
            finished = await store.load_code(OLD["finished"]["code"])
            assert finished.ranking == [1, 2] and finished.options["edition"] == 2002
            assert len(finished.moves) == OLD["finished"]["version"]
            playing = await store.load_code(OLD["playing"]["code"])
            assert playing.ranking is None and len(playing.moves) == OLD["playing"]["version"]
            assert (await store.load_code(OLD["computer"]["code"])).seats[0].computer == "random"
        finally:
            await store.close()
    run(body)
    after = sqlite3.connect(db)
    assert after.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert after.execute("SELECT COUNT(*) FROM moves WHERE kind = 'move'").fetchone()[0] == moves
    after.close()
    run(body)  # opening it again changes nothing more


def test_a_protocol_1_store_serves_on_players_resume_and_finish(tmp_path):
    """On the old file: Ada resumes her session and finishes both her games (one against
    the computer); Bob, on a new session, reclaims his seat with his seat token; the
    finished and resigned matches read back with their results and records; the waiting
    match takes a new player."""
    db = _copy(tmp_path)

    async def body() -> None:
        async with running(FAST, db) as server:
            ada = await Client.open(server.url, "Ada", resume=OLD["sessions"]["Ada"])
            assert ada.welcome["resumed"]
            assert sorted((s["match"], s["seat"], s["version"]) for s in ada.welcome["seats"]) == \
                sorted([(OLD["playing"]["code"], "black", 6), (OLD["computer"]["code"], "white", 6)])
            code = OLD["playing"]["code"]
            await ada.request({"type": "join", "match": code, "version": 6}, "joined")
            assert (await ada.expect("sync", match=code))["moves"] == []
            bob = await Client.open(server.url, "Bob again")
            back = await bob.request({"type": "join", "match": code,
                                      "seat_token": OLD["playing"]["tokens"]["white"]}, "joined")
            assert back["seat"] == "white"
            sync = await bob.expect("sync", match=code)
            assert sync["info"]["seats"][0]["name"] == "black"
            state = GameState.from_dict(sync["state"])
            state, ended = await _play_to_end(code, state, sync["version"],
                                              {"black": ada, "white": bob}, random.Random(1), bob)
            assert ended["reason"] == "finished" and ended["score"] == state.score().to_dict()
            totals = state.score().totals
            assert ended["ranking"] == [1 + (totals[Player.WHITE] > totals[Player.BLACK]),
                                        1 + (totals[Player.BLACK] > totals[Player.WHITE])]

            code = OLD["computer"]["code"]
            await ada.request({"type": "join", "match": code, "version": 0}, "joined")
            sync = await ada.expect("sync", match=code)
            assert sync["mode"] == "moves" and len(sync["moves"]) == 6
            assert sync["info"]["players"][0]["computer"] == "random"
            state = read_ppn((await ada.request({"type": "get_record", "match": code},
                                                "record"))["record"]).state
            state, ended = await _play_to_end(code, state, 6, {"white": ada}, random.Random(2), ada)
            assert ended["reason"] == "finished" and len(ended["ranking"]) == 2

            eve = await Client.open(server.url, "Eve")
            resigned = await eve.request({"type": "get_state", "match": OLD["resigned"]["code"]}, "sync")
            assert resigned["ended"]["reason"] == "resigned"
            assert resigned["ended"]["winner"] == "white" and resigned["ended"]["ranking"] == [2, 1]
            assert resigned["version"] == OLD["resigned"]["version"]
            record = await eve.request({"type": "get_record", "match": OLD["resigned"]["code"]}, "record")
            assert "Termination: Black resigned" in record["record"] and "Black: Ada" in record["record"]
            finished = await eve.request({"type": "get_state", "match": OLD["finished"]["code"]}, "sync")
            replayed = GameState.from_dict(finished["state"])
            assert replayed.is_over() and finished["ended"]["score"] == replayed.score().to_dict()
            assert finished["ended"]["winner"] == "black" and finished["ended"]["ranking"] == [1, 2]

            waiting = OLD["waiting"]["code"]
            taken = await eve.request({"type": "join", "match": waiting}, "joined")
            assert taken["seat"] == "black"
            started = await eve.expect("sync", match=waiting)
            assert started["info"]["status"] == "playing"
            assert started["info"]["options"] == {"edition": 2004, "location_bonus": True}
            for c in (ada, bob, eve):
                await c.close()
    run(body)
