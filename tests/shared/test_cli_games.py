"""``alien-city score`` / ``analyze`` on records of the other games: the game is read
from the record's header, the exit codes are the same as for PPN."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from shared.gamekit import builtin_games

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "alien_city", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def finished_record(game_id: str, options: dict, seed: int, tmp_path: Path) -> tuple[Path, object]:
    spec = builtin_games()[game_id]
    state = spec.new_state(spec.options(options), seed)
    rng = random.Random(seed)
    while not state.is_over():
        state, _ = state.play(state.legal_moves().random(rng))
    path = tmp_path / f"game{spec.record_suffix}"
    path.write_text(spec.write_record(state, {}), encoding="utf-8")
    return path, state


def test_city_blocks_records_score_and_analyze(tmp_path):
    """A finished 4-player City Blocks game: JSON score equals the engine's; analyze
    lists one entry per move with the seat to move."""
    path, state = finished_record("city-blocks", {"players": 4}, 21, tmp_path)
    spec = builtin_games()["city-blocks"]
    scored = cli("score", str(path), "--json")
    assert scored.returncode == 0, scored.stderr
    assert json.loads(scored.stdout) == json.loads(json.dumps(spec.score_summary(state)))
    table = cli("score", str(path))
    assert table.returncode == 0 and "Winner" in table.stdout
    analyzed = cli("analyze", str(path), "--json")
    assert analyzed.returncode == 0, analyzed.stderr
    data = json.loads(analyzed.stdout)
    assert data["game"] == "city-blocks" and data["players"] == 4 and data["over"] is True
    record = spec.read_record(path.read_text(encoding="utf-8"))
    assert [p["move"] for p in data["plies"]] == list(record.moves)
    assert all(p["legal_count"] >= 0 and len(p["legal_sha256"]) == 64 for p in data["plies"])


def test_an_illegal_city_blocks_record_exits_1_and_junk_exits_2(tmp_path):
    """A forbidden move read strictly: exit 1 naming the token; not a record: exit 2."""
    bad = tmp_path / "bad.cbr"
    bad.write_text("Game: City Blocks\nPlayers: 4\n\nb:I2:c5,c6\n", encoding="utf-8")
    result = cli("score", str(bad))
    assert result.returncode == 1 and "b:I2:c5,c6" in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    junk = tmp_path / "junk.cbr"
    junk.write_text("Game: City Blocks\nPlayers: nine\n\n", encoding="utf-8")
    result = cli("analyze", str(junk))
    assert result.returncode == 2 and "Traceback" not in result.stderr
