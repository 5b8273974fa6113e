"""The ``alien-city`` command's languages: the human commands follow the system language or
``--lang``; ``--json`` is the same in every language; ``serve`` and ``bot`` always speak
English, even started with a Slovak environment (their texts reach every client)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from alien_city import cli as alien_city
from shared import i18n
from shared.aliencity import parse_move
from shared.aliencity.spec import ALIEN_CITY

from ..i18n.marks import bare_words, language

ROOT = Path(__file__).resolve().parents[2]
RECORD = str((ROOT / "tests" / "data" / "ppgames-alien-city.ppn").relative_to(ROOT))


def flat(text: str) -> str:
    """Help text with argparse's line wrapping undone."""
    return " ".join(text.split())


def run(*args: str, lang_env: str = "en") -> subprocess.CompletedProcess:
    env = dict(os.environ, LANGUAGE=lang_env)
    return subprocess.run([sys.executable, "-m", "alien_city", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


# -- which language a command speaks ------------------------------------------------------
def test_server_commands_speak_english_whatever_the_environment(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "sk")
    for command in alien_city.SERVER_COMMANDS:
        assert alien_city.choose_language(command, None) == "en"
        assert alien_city.choose_language(command, "en") == "en"
        with pytest.raises(alien_city.LanguageError, match="English"):
            alien_city.choose_language(command, "fr")
    assert alien_city.choose_language("score", None) == "sk"
    assert alien_city.choose_language("score", "fr") == "fr"
    assert alien_city.choose_language(None, None) == "sk"  # top-level help
    with pytest.raises(alien_city.LanguageError, match="'de'"):
        alien_city.choose_language("score", "de")


def test_lang_is_read_before_or_after_the_command():
    assert alien_city.take_global_lang(["--lang", "sk", "score", "x"]) == ("sk", ["score", "x"])
    assert alien_city.take_global_lang(["--lang=fr", "score"]) == ("fr", ["score"])
    assert alien_city.take_global_lang(["score", "--lang", "sk"]) == (None, ["score", "--lang", "sk"])
    assert alien_city.command_lang(["x.ppn", "--lang", "fr", "--json"]) == "fr"
    assert alien_city.command_lang(["x.ppn"]) is None


def test_a_bad_or_misplaced_lang_is_one_clear_line():
    for args, words in ((("--lang", "de", "score", RECORD), "'de'"),
                        (("--lang", "sk", "serve", "--port", "0"), "serve"),
                        (("bot", "--lang", "fr"), "bot")):
        done = run(*args)
        assert done.returncode == 2, done
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("alien-city: ") and words in lines[0], done.stderr
        assert "Traceback" not in done.stderr


def test_help_follows_the_system_language_but_serve_help_stays_english():
    with language("en"):
        english = alien_city._top_parser().format_help()
        serve_english = alien_city._(alien_city.COMMANDS["serve"][1])
    with language("sk"):
        slovak_score = alien_city._(alien_city.COMMANDS["score"][1])
    top = run("--help", lang_env="sk")
    assert top.returncode == 0 and slovak_score in flat(top.stdout) and top.stdout != english
    serve = run("serve", "--help", lang_env="sk")
    assert serve.returncode == 0 and serve_english in flat(serve.stdout), serve.stdout
    assert "--lang" not in serve.stdout
    score = run("--lang", "fr", "score", "--help")
    assert score.returncode == 0 and "--lang" in score.stdout and "enregistrée" in score.stdout


# -- score and analyze --------------------------------------------------------------------
@pytest.mark.parametrize("args", [("--lang", "sk", "score"), ("score", "--lang", "sk")])
def test_score_prints_slovak_with_lang(args):
    done = run(*args, RECORD, "--lenient")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Víťaz: Čierny (138 ku 74)" in out and "Čierny  138" in out
    assert "zákazník" in out and "Winner" not in out and "customers" not in out
    assert "varovanie: ťah 18" in done.stderr and "h10" in done.stderr


def test_score_follows_the_system_language_and_french_typography():
    done = run("score", RECORD, "--lenient", lang_env="fr_FR")
    assert done.returncode == 0, done.stderr
    assert "Vainqueur\u00a0: Noir (138 à 74)" in done.stdout
    refused = run("score", RECORD, lang_env="fr")
    assert refused.returncode == 1
    assert "contraire aux règles" in refused.stderr and "--lenient" in refused.stderr


def test_analyze_and_errors_in_french():
    done = run("--lang", "fr", "analyze", RECORD, "--lenient")
    assert done.returncode == 0, done.stderr
    first = done.stdout.splitlines()[0]
    assert first.startswith("coup  1  noir") and "constructions permises" in first
    missing = run("--lang", "fr", "score", "no-such-file.ppn")
    assert missing.returncode == 2 and "fichier introuvable" in missing.stderr


@pytest.mark.parametrize("command", ["score", "analyze"])
def test_json_is_the_same_in_every_language(command):
    outputs = {}
    for lang in ("en", "sk", "fr"):
        done = run("--lang", lang, command, RECORD, "--lenient", "--json")
        assert done.returncode == 0, done.stderr
        outputs[lang] = done.stdout
    system = run(command, RECORD, "--lenient", "--json", lang_env="sk")
    assert system.stdout == outputs["en"] == outputs["sk"] == outputs["fr"]
    data = json.loads(outputs["sk"])
    assert any("ply 18" in w for w in data["warnings"])


def test_another_games_plies_are_listed_in_slovak(tmp_path):
    """A City Blocks record goes through the game contract: the ply lines are the command's."""
    path = cbr_record(tmp_path)
    done = run("--lang", "sk", "analyze", str(path))
    assert done.returncode == 0, done.stderr
    plies = [line for line in done.stdout.splitlines() if line.startswith("ťah ")]
    assert len(plies) == 4 and all("povolen" in line for line in plies), done.stdout
    english = run("analyze", str(path), "--json")
    assert run("--lang", "sk", "analyze", str(path), "--json").stdout == english.stdout


# -- the server stays English ---------------------------------------------------------------
def test_a_server_started_in_a_slovak_environment_answers_in_english(tmp_path):
    """``alien-city serve`` under LANGUAGE=sk: the welcome's option labels and an illegal
    move's rule sentence are the engine's English texts, not the Slovak ones."""
    from tests.server.helpers import Client
    from tests.server.helpers import run as run_async

    env = dict(os.environ, LANGUAGE="sk", LANG="sk_SK.UTF-8")
    proc = subprocess.Popen([sys.executable, "-m", "alien_city", "serve", "--host", "127.0.0.1",
                             "--port", "0", "--db", str(tmp_path / "matches.sqlite3"),
                             "--print-address"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        url = proc.stdout.readline().strip()
        assert url.startswith("ws://127.0.0.1:"), url

        async def body():
            black = await Client.open(url, "Ada")
            games = {g["id"]: g for g in black.welcome["games"]}
            labels = [o["label"] for o in games["alien-city"]["options"]]
            created = await black.request({"type": "create", "seat": "black"}, "joined")
            code = created["match"]
            white = await Client.open(url, "Bob")
            await white.request({"type": "join", "match": code}, "joined")
            await black.expect("sync")
            refused = await black.request({"type": "move", "match": code, "version": 0, "mid": 1,
                                           "move": "claim@a1"})
            await black.close()
            await white.close()
            return labels, refused

        labels, refused = run_async(body)
    finally:
        proc.terminate()
        proc.wait(10)
    with language("en"):
        english_labels = [f.label for f in ALIEN_CITY.option_schema()]
        position = ALIEN_CITY.new_state(ALIEN_CITY.options({}), 1)
        english_reason = position.why_not(parse_move("claim@a1")).text
    with language("sk"):
        slovak_reason = position.why_not(parse_move("claim@a1")).text
    assert labels == english_labels
    assert refused["code"] == "illegal_move" and refused["rule"] == "wrong_phase"
    assert refused["text"] == english_reason != slovak_reason


# -- every line the commands print is looked up ---------------------------------------------
def cbr_record(tmp_path: Path) -> Path:
    import random

    from shared.cityblocks.spec import CITY_BLOCKS
    state = CITY_BLOCKS.new_state(CITY_BLOCKS.options({"players": 2}), 3)
    rng = random.Random(3)
    for _ in range(4):
        state, _events = state.play(state.legal_moves().random(rng))
    path = tmp_path / "game.cbr"
    path.write_text(CITY_BLOCKS.write_record(state), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["score", "analyze"])
def test_every_printed_line_is_marked_under_the_pseudo_language(command, tmp_path, capsys):
    """score/analyze of a PPN record (table, ply lines, warnings) and of another game's
    record (the contract's ply lines), with errors: nothing printed skips the catalogue."""
    import argparse

    from alien_city import records
    args = argparse.Namespace(record=RECORD, lenient=True, edition=None, location_bonus=True,
                              json=False, command=command)
    strict = argparse.Namespace(**(vars(args) | {"lenient": False}))
    missing = argparse.Namespace(**(vars(args) | {"record": str(tmp_path / "none.ppn")}))
    other = argparse.Namespace(**(vars(args) | {"record": str(cbr_record(tmp_path))}))
    with language(i18n.PSEUDO):
        assert [records.run(a) for a in (args, strict, missing)] == [0, 1, 2]
        records.run(other)
    out = capsys.readouterr()
    lines = [line for line in (out.out + out.err).splitlines() if line.strip()]
    assert len(lines) > 10 and any(line.startswith("alien-city: ") for line in lines)
    bad = [line for line in lines if bare_words(line, allow=("alien-city:",))]
    assert not bad, bad[:5]
