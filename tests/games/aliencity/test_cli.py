"""``alien-city score`` and ``alien-city analyze``, run as the user runs them (subprocesses)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import pytest

from shared.aliencity import Player
from shared.aliencity.ppn import read_ppn

from .helpers import name, oracle_legal_builds, oracle_score

ROOT = Path(__file__).resolve().parents[3]
RECORD = ROOT / "tests" / "data" / "ppgames-alien-city.ppn"
REL = str(RECORD.relative_to(ROOT))


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "alien_city.cli", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@lru_cache(maxsize=None)
def cli_json(*args: str) -> dict:
    done = cli(*args, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def assert_one_clean_error_line(done: subprocess.CompletedProcess) -> str:
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert lines[0].startswith("alien-city: ")
    return lines[0]


# -- score -------------------------------------------------------------------------------------
def test_score_prints_the_table_of_the_real_record():
    """score --lenient: exit 0, per-tower lines, totals and the winner; warnings on stderr."""
    done = cli("score", REL, "--lenient")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Black   138" in out and "White    74" in out
    assert "Winner: Black (138 to 74)" in out
    for lot, points in (("e5", 32), ("e6", 45), ("g4", 45), ("f1", 40), ("f5", 6), ("f8", 24)):
        line = next(x for x in out.splitlines() if x.strip().startswith(lot + " "))
        assert re.search(rf"= *{points}$", line.rstrip()), line
    assert "ply 18" in done.stderr and "h10" in done.stderr
    assert "Traceback" not in done.stderr


P_KEYS = {"total", "towers", "bonuses", "location"}
TOWER_KEYS = {"lot", "colour", "customers", "competition", "points"}
BONUS_KEYS = {"green", "tower", "colour", "distance", "points"}


def check_score_shape(data: dict) -> None:
    assert {"players", "winner"} <= set(data)
    assert set(data["players"]) == {"black", "white"}
    assert data["winner"] in ("black", "white", None)
    for p in data["players"].values():
        assert P_KEYS <= set(p)
        assert isinstance(p["total"], int) and isinstance(p["location"], int)
        for t in p["towers"]:
            assert TOWER_KEYS <= set(t)
            assert t["colour"] in ("red", "blue", "green")
            assert all(isinstance(c, str) for c in t["customers"])
            assert isinstance(t["competition"], int) and isinstance(t["points"], int)
        for b in p["bonuses"]:
            assert BONUS_KEYS <= set(b)
            assert b["colour"] in ("red", "blue") and isinstance(b["distance"], int)


def test_score_json_has_the_documented_shape_and_the_published_numbers():
    """score --json: players.black/white {total, towers, bonuses, location}, winner."""
    data = cli_json("score", REL, "--lenient")
    check_score_shape(data)
    black, white = data["players"]["black"], data["players"]["white"]
    assert (black["total"], white["total"], data["winner"]) == (138, 74, "black")
    towers = {t["lot"]: (t["colour"], len(t["customers"]), t["competition"], t["points"])
              for p in (black, white) for t in p["towers"]}
    assert towers == {"e5": ("blue", 4, 8, 32), "e6": ("blue", 5, 9, 45), "g4": ("blue", 3, 15, 45),
                      "f1": ("blue", 5, 8, 40), "f5": ("red", 3, 2, 6), "f8": ("green", 4, 6, 24)}
    assert {t["lot"] for t in black["towers"]} == {"e5", "e6", "g4"}
    assert sorted((b["tower"], b["colour"], b["distance"], b["points"]) for b in black["bonuses"]) == [
        ("e6", "blue", 1, 8), ("e6", "blue", 1, 8)]
    assert [(b["tower"], b["colour"], b["distance"], b["points"]) for b in white["bonuses"]] == [
        ("f1", "blue", 3, 4)]
    assert black["location"] == 0 and white["location"] == 0


def test_score_json_customers_and_bonus_greens_match_the_scoring_oracle():
    """The JSON's customer lots and bonus green lots are the ones an independent count finds."""
    data = cli_json("score", REL, "--lenient")
    oracle = oracle_score(read_ppn(RECORD.read_text(), lenient=True).state)
    for p in data["players"].values():
        for t in p["towers"]:
            customers = next(c for lot, (c, _, _) in oracle["towers"].items() if name(lot) == t["lot"])
            assert sorted(t["customers"]) == sorted(name(c) for c in customers)
    greens = sorted((name(g), owner.text()) for g, _, _, owner in oracle["bonuses"].elements())
    paid = sorted((b["green"], who) for who, p in data["players"].items() for b in p["bonuses"])
    assert paid == greens


def test_score_options_edition_and_location_bonus_change_the_rules():
    """--edition 2002 and --location-bonus reach the score."""
    table = cli("score", REL, "--lenient", "--edition", "2002", "--location-bonus")
    assert table.returncode == 0
    assert "rules 2002+location" in table.stdout
    data = cli_json("score", REL, "--lenient", "--location-bonus")
    state = read_ppn(RECORD.read_text(), lenient=True, location_bonus=True).state
    for player in Player:
        p = data["players"][player.text()]
        assert p["location"] == sum(t.location for t in state.score().towers_of(player))
        assert p["total"] == state.score().totals[player]


# -- analyze -----------------------------------------------------------------------------------
def test_analyze_prints_every_ply_with_its_legal_builds_then_the_score():
    """analyze --lenient: one block per ply, the warning at ply 18, then the score table."""
    done = cli("analyze", REL, "--lenient")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.splitlines()[0].startswith("ply  1  black builds Tb@e6, claims e6")
    assert sum(1 for line in out.splitlines() if line.startswith("ply ")) == 36
    assert "warning: ply 18" in out
    assert "Winner: Black (138 to 74)" in out


BUILD_KEYS = {"kind", "colour", "lot"}


def test_analyze_json_has_the_documented_shape():
    """analyze --json: plies [{ply, player, legal_builds, build, claim}], warnings, score."""
    data = cli_json("analyze", REL, "--lenient")
    assert {"plies", "warnings", "score"} <= set(data)
    check_score_shape(data["score"])
    assert len(data["plies"]) == 36
    for i, ply in enumerate(data["plies"], start=1):
        assert {"ply", "player", "legal_builds", "build", "claim"} <= set(ply)
        assert ply["ply"] == i and ply["player"] in ("black", "white")
        assert set(ply["build"]) == BUILD_KEYS
        for b in ply["legal_builds"]:
            assert set(b) == BUILD_KEYS
            assert b["kind"] in ("tower", "dome")
            assert b["colour"] in ("red", "blue", "green", "black")
            assert not (b["kind"] == "tower" and b["colour"] == "black")
        assert ply["claim"] is None or isinstance(ply["claim"], str)
    assert any("ply 18" in w for w in data["warnings"])


def test_analyze_json_content_follows_the_record():
    """Ply 1 is Black's blue tower on e6 claimed; ply 18's build is not among its legal ones."""
    data = cli_json("analyze", REL, "--lenient")
    plies = data["plies"]
    assert plies[0]["player"] == "black" and plies[1]["player"] == "white"
    assert plies[0]["build"] == {"kind": "tower", "colour": "blue", "lot": "e6"}
    assert plies[0]["claim"] == "e6" and plies[1]["claim"] is None
    assert plies[5]["build"] == {"kind": "dome", "colour": "black", "lot": "f6"}
    assert plies[5]["claim"] == "f5"
    assert plies[17]["build"] == {"kind": "dome", "colour": "blue", "lot": "h9"}
    warned = {int(w.split()[1]) for w in data["warnings"]}
    for ply in plies:
        assert (ply["build"] in ply["legal_builds"]) == (ply["ply"] not in warned), ply["ply"]
    score = cli_json("score", REL, "--lenient")
    assert data["score"]["players"] == score["players"] and data["score"]["winner"] == score["winner"]


def test_analyze_json_first_ply_lists_exactly_the_oracles_legal_builds():
    """The legal builds listed before ply 1 are the ones RULINGS allows on the empty city."""
    data = cli_json("analyze", REL, "--lenient")
    start = read_ppn(RECORD.read_text(), lenient=True).plies[0].before
    oracle = oracle_legal_builds(start, Player.BLACK)
    kinds = {"T": "tower", "D": "dome"}
    colours = {"r": "red", "b": "blue", "g": "green", "k": "black"}
    expected = sorted((kinds[code[0]], colours[code[1]], name(lot)) for code, lot in oracle)
    listed = sorted((b["kind"], b["colour"], b["lot"]) for b in data["plies"][0]["legal_builds"])
    assert listed == expected


# -- exit statuses ------------------------------------------------------------------------------
def test_the_real_record_read_strictly_exits_1_naming_ply_18():
    """Strict reading (the default) stops at the illegal ply: exit 1, one line, no traceback."""
    for command in ("score", "analyze"):
        done = cli(command, REL)
        assert done.returncode == 1
        line = assert_one_clean_error_line(done)
        assert "ply 18" in line and "A@h9" in line and "--lenient" in line
        assert done.stdout == ""


@pytest.fixture
def bad_inputs(tmp_path):
    binary = tmp_path / "image.png"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe\x00\x81")
    text = tmp_path / "notes.txt"
    text.write_text("Shopping list:\n- eggs\n- milk\n")
    chess = tmp_path / "game.ppn"
    chess.write_text("---\nGameType:\n  Name: Chess\n...\n1. e4 e5 2. Nf3 Nc6\n")
    empty = tmp_path / "empty.ppn"
    empty.write_text("")
    return {"missing": str(tmp_path / "nope.ppn"), "binary": str(binary), "text": str(text),
            "chess": str(chess), "empty": str(empty), "directory": str(tmp_path)}


@pytest.mark.parametrize("kind, words", [
    ("missing", "no such file"), ("binary", "not a text file"), ("text", "not a PPN record"),
    ("chess", "Chess"), ("empty", "not a PPN record"), ("directory", "directory")])
@pytest.mark.parametrize("command", ["score", "analyze"])
def test_unusable_input_exits_2_with_one_clear_line(bad_inputs, kind, words, command):
    """Missing, binary, non-PPN or another game's file: exit 2, one stderr line, no traceback."""
    done = cli(command, bad_inputs[kind], "--lenient")
    assert done.returncode == 2
    line = assert_one_clean_error_line(done)
    assert words in line
    assert done.stdout == ""


def test_a_record_with_stray_dots_in_its_movetext_exits_2_not_with_a_traceback(tmp_path):
    """A malformed movetext token ('...') is unusable input: exit 2 and one line."""
    text = RECORD.read_text().replace("2. S@c7", "2. ... S@c7", 1)
    path = tmp_path / "dots.ppn"
    path.write_text(text)
    done = cli("score", str(path), "--lenient")
    assert done.returncode == 2
    assert_one_clean_error_line(done)


def test_the_lenient_real_record_exits_0():
    """--lenient reads the real record: exit 0 for both commands."""
    assert cli("score", REL, "--lenient").returncode == 0
    assert cli("analyze", REL, "--lenient", "--json").returncode == 0


def test_an_unknown_command_exits_2_listing_the_commands():
    """An unknown command is refused with exit 2 and the list of commands, no traceback."""
    done = cli("fly")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "fly" in done.stderr and "score" in done.stderr and "analyze" in done.stderr


def test_score_does_not_import_pygame():
    """Running score (in-process, through alien_city.cli.main) never imports pygame."""
    code = (
        "import sys\n"
        "class Spy:\n"
        "    seen = []\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name.split('.')[0] == 'pygame':\n"
        "            Spy.seen.append(name)\n"
        "        return None\n"
        "sys.meta_path.insert(0, Spy())\n"
        "from alien_city.cli import main\n"
        f"rc = main(['score', {REL!r}, '--lenient', '--json'])\n"
        "rc2 = main(['analyze', " + repr(REL) + ", '--lenient'])\n"
        "assert 'pygame' not in sys.modules, 'pygame imported'\n"
        "assert not Spy.seen, Spy.seen\n"
        "print('RC', rc, rc2, file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "RC 0 0" in done.stderr
