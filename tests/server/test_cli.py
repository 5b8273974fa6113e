"""The commands as an operator runs them: serve, two bots, a watcher; no pygame needed."""

from __future__ import annotations

import os
import subprocess
import sys

from .test_crash import ROOT, _start


def _cli(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "alien_city.cli", *args], cwd=ROOT,
                            env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def test_bots_play_a_match_and_a_rematch_through_the_cli(tmp_path):
    """bot --create prints the room code first; --join plays it; both exit 0."""
    server, url = _start(tmp_path / "m.sqlite3")
    try:
        creator = _cli("bot", "--server", url, "--create", "--games", "2", "--seed", "1",
                       "--name", "Alice")
        code = creator.stdout.readline().strip()
        assert len(code) == 6, code + creator.stderr.read()
        joiner = _cli("bot", "--server", url, "--join", code, "--games", "2", "--seed", "2")
        out_j, err_j = joiner.communicate(timeout=60)
        out_c, err_c = creator.communicate(timeout=60)
        assert joiner.returncode == 0, err_j
        assert creator.returncode == 0, err_c
        assert out_c.count("finished, winner") == 2 and "errors=0 desyncs=0" in out_c
        assert f"game 1: match {code}" in out_j
        watcher = _cli("bot", "--server", url, "--watch", code)
        out_w, _ = watcher.communicate(timeout=30)
        assert watcher.returncode == 0 and "ended (finished)" in out_w
        lost = _cli("bot", "--server", url, "--join", "ZZZZZZ")
        _, err = lost.communicate(timeout=30)
        assert lost.returncode == 1 and "unknown_match" in err and "Traceback" not in err
    finally:
        server.terminate()
        server.wait(10)


def test_serve_and_bot_do_not_import_pygame():
    """Headless commands stay headless."""
    code = ("import sys, alien_city.cli, server.app, alien_city.headless.cli; "
            "assert 'pygame' not in sys.modules, 'pygame imported'")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True,
                   env=dict(os.environ, PYTHONPATH=str(ROOT)))


def test_bot_game_option_flags_come_from_the_games_option_schemas():
    """Every option of every built-in game is a flag of its own (a bare flag for a
    true/false option); ``--option`` works for any option, and a later flag wins."""
    import argparse

    from alien_city.headless.cli import add_arguments, match_options
    from shared.gamekit import builtin_games

    parser = argparse.ArgumentParser()
    add_arguments(parser, "bot")
    flags = set(parser._option_string_actions)
    for spec in builtin_games():
        for field in spec.option_schema():
            assert "--" + field.name.replace("_", "-") in flags, (spec.id, field.name)
    assert match_options(parser.parse_args([])) == {}
    assert match_options(parser.parse_args(["--edition", "2002", "--location-bonus"])) == \
        {"edition": 2002, "location_bonus": True}
    assert match_options(parser.parse_args(["--game", "sprawl", "--players", "5", "--overload",
                                            "--option", "sprawlgami=true"])) == \
        {"players": 5, "overload": True, "sprawlgami": True}
    assert match_options(parser.parse_args(["--option", "edition=2004", "--edition", "2002"])) \
        == {"edition": 2002}


def test_bot_reports_an_unreachable_server_in_one_line():
    """No server there: exit 1 and one clear line, no traceback."""
    bot = _cli("bot", "--server", "ws://127.0.0.1:9", "--create")
    out, err = bot.communicate(timeout=30)
    assert bot.returncode == 1 and "cannot connect" in err and "Traceback" not in err


def test_bot_with_a_level_plays_the_servers_computer_and_a_rematch(tmp_path):
    """bot --level easy --create --computer random: two full games (the computer takes the
    rematch), no errors, no desyncs; bad level values are refused by argparse."""
    server, url = _start(tmp_path / "m.sqlite3")
    try:
        bot = _cli("bot", "--server", url, "--level", "easy", "--create", "--computer", "random",
                   "--games", "2", "--seed", "4", "--name", "Eve")
        out, err = bot.communicate(timeout=60)
        assert bot.returncode == 0, err
        assert out.count("finished, winner") == 2 and "errors=0 desyncs=0" in out
        code = out.splitlines()[0].strip()
        watcher = _cli("bot", "--server", url, "--watch", code)
        out_w, _ = watcher.communicate(timeout=30)
        assert "black Computer (random)" in out_w or "white Computer (random)" in out_w
        wrong = _cli("bot", "--server", url, "--level", "grandmaster")
        _, err = wrong.communicate(timeout=30)
        assert wrong.returncode == 2 and "invalid choice" in err
        lonely = _cli("bot", "--server", url, "--computer", "easy")
        _, err = lonely.communicate(timeout=30)
        assert lonely.returncode == 2 and "--computer needs --create" in err
    finally:
        server.terminate()
        server.wait(10)
