"""A closed client gets back into its match: a real client process killed with SIGKILL
mid-match, started again, continues from the title screen and plays to the end."""

from __future__ import annotations

import json

import pytest

from server.host import spawn_server, stop_spawned

from .pilots import Pilot


@pytest.fixture
def server(tmp_path):
    proc, url = spawn_server(str(tmp_path / "matches.sqlite3"), host="127.0.0.1", port=0)
    yield url
    stop_spawned(proc)


def test_killed_client_continues_its_match(server, tmp_path):
    alice_dir, bob_dir = tmp_path / "alice", tmp_path / "bob"
    alice = Pilot(alice_dir, "--name", "Alice", "--connect", server, "--create", "--play", "--moves", "2")
    pilots = [alice]
    try:
        joined = alice.wait_for("joined")
        code, seat = joined["match"], joined["seat"]
        bob = Pilot(bob_dir, "--name", "Bob", "--connect", server, "--code", code, "--play", "--seed", "2",
                    "--exit-after-end", "1")
        pilots.append(bob)
        assert bob.wait_for("joined")["seat"] == ("white" if seat == "black" else "black")
        made = alice.wait_count("move", 2, timeout=60)  # two of Alice's moves sent...
        # ...and played (the client reports the versions it draws, so a fast reply can skip one)
        alice.wait_for("version", where=lambda e: e["version"] > made[-1]["version"], timeout=30)
        saved = json.loads((alice_dir / "online-tokens.json").read_text())[server]
        assert code in saved["matches"] and saved["session"]

        alice.kill9()  # no goodbye: the laptop restarted
        away = bob.wait_for("away", timeout=30)
        assert away["text"].startswith("Alice left: waiting for them to come back (")

        again = Pilot(alice_dir, "--name", "Alice", "--continue", "--play", "--exit-after-end", "1")
        pilots.append(again)
        label = again.wait_for("continue")["label"]
        assert label.startswith(f"Continue: Alien City: match {code} vs Bob")
        joined = again.wait_for("joined", timeout=30)
        assert (joined["match"], joined["seat"], joined["role"]) == (code, seat, "player")
        assert joined["version"] >= made[-1]["version"] + 1
        again.wait_for("move", timeout=30)  # Alice plays on
        ended = again.wait_for("ended", timeout=240)
        assert bob.wait_for("ended", timeout=30)["version"] == ended["version"]
        again.proc.wait(30)
        saved = json.loads((alice_dir / "online-tokens.json").read_text())[server]
        assert saved["matches"] == {}  # forgotten once over: no Continue any more
        assert not [e for e in again.seen if e["event"] == "error"], again.seen
    finally:
        for p in pilots:
            p.stop()
