"""Options persist as JSON and survive damage; window-less commands never import pygame;
the attract-mode demo runs headless and writes its screenshots."""

import json
import os
import subprocess
import sys
from pathlib import Path

from client.config import Options, config_dir, load_options, save_options
from client.synth import sound_bank, to_pcm16

ROOT = Path(__file__).resolve().parent.parent.parent


def test_options_round_trip(tmp_path):
    """Saved options load back equal."""
    opts = Options(games={"alien-city": {"edition": 2002}}, sound=False, anim_speed=2.0, colour_blind=True,
                   fullscreen=True, window_w=1600, window_h=900, server="ws://example:1", player_name="Ann")
    path = tmp_path / "options.json"
    assert save_options(opts, path)
    assert load_options(path) == opts


def test_damaged_or_odd_options_fall_back_to_defaults(tmp_path):
    """A broken file gives defaults; bad values are replaced, unknown keys kept aside."""
    path = tmp_path / "options.json"
    path.write_text("{not json")
    assert load_options(path) == Options()
    path.write_text(json.dumps({"sound": "yes", "anim_speed": 3.3, "extra": 1, "games": {"x": 3},
                                "window_w": 10, "colour_blind": True}))
    opts = load_options(path)
    assert opts.sound is True and opts.anim_speed == 1.0 and opts.games == {}
    assert opts.colour_blind is True and opts.window_w == 640
    assert opts.legacy == {"extra": 1}
    assert save_options(opts, path) and json.loads(path.read_text())["extra"] == 1  # kept as it was


def test_config_dir_follows_the_override(monkeypatch, tmp_path):
    """ALIEN_CITY_CONFIG_DIR decides where options and records go."""
    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    assert config_dir() == tmp_path


def test_sounds_are_deterministic_and_in_range():
    """Synthesised sounds stay within [-1, 1] and are the same every run."""
    bank = sound_bank(22050)
    assert set(bank) >= {"place", "claim", "select", "error", "skip", "dice", "fanfare", "undo"}
    for samples in bank.values():
        assert samples and max(abs(v) for v in samples) <= 1.0
    assert sound_bank(22050)["place"] == bank["place"]
    assert len(to_pcm16(bank["select"], 2)) == len(bank["select"]) * 4


def _run(code: str, **env) -> subprocess.CompletedProcess:
    environment = os.environ.copy() | env
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                          env=environment, timeout=300)


def test_score_command_does_not_import_pygame():
    """Commands that need no window never load pygame (nor the client)."""
    code = ("import sys; from alien_city.cli import main; "
            "rc = main(['score', 'tests/data/ppgames-alien-city.ppn', '--lenient']); "
            "print('PYGAME' if 'pygame' in sys.modules else 'CLEAN', rc)")
    proc = _run(code)
    assert proc.stdout.strip().splitlines()[-1] == "CLEAN 0", proc.stderr


def test_python_m_client_takes_the_commands_options():
    """``python -m client --help`` prints the command's help (it used to open the window
    and ignore it); a wrong option is named, not ignored."""
    helped = subprocess.run([sys.executable, "-m", "client", "--help"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60,
                            env=os.environ | {"LANGUAGE": "en"})
    assert helped.returncode == 0 and helped.stdout.startswith("usage: python -m client"), helped
    assert "join" in helped.stdout and "--lang" in helped.stdout
    assert "pygame" not in helped.stdout + helped.stderr  # no window was opened
    wrong = subprocess.run([sys.executable, "-m", "client", "--nope"], cwd=ROOT,
                           capture_output=True, text=True, timeout=60,
                           env=os.environ | {"LANGUAGE": "en"})
    assert wrong.returncode == 2 and "--nope" in wrong.stderr, wrong


def test_demo_runs_headless_and_writes_screenshots(tmp_path):
    """alien-city demo --until-end --screenshots DIR under the dummy video driver."""
    shots = tmp_path / "shots"
    code = ("import sys; from alien_city.cli import main; "
            f"sys.exit(main(['demo', '--seed', '3', '--speed', '6', '--screenshots', {str(shots)!r}]))")
    proc = _run(code, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    assert proc.returncode == 0, proc.stderr[-2000:]
    names = sorted(p.name for p in shots.glob("*.png"))
    for needed in ("title", "options", "howto-1", "dice-rolling", "game-start", "game-build", "score", "replay",
                   "road-overlay", "road-wave", "road-path", "score-customers", "score-distance",
                   "score-points-fly", "score-totals"):
        assert any(needed in n for n in names), (needed, names)


def test_command_line_language_wins_over_options_for_the_run(monkeypatch, tmp_path):
    """``python -m client --lang en`` speaks English though Options say French, and the
    saved choice stays French (only Options change it)."""
    import client.app
    from client.__main__ import main as client_main
    from shared.i18n import current_language, set_language

    monkeypatch.setenv("ALIEN_CITY_CONFIG_DIR", str(tmp_path))
    save_options(Options(language="fr"), tmp_path / "options.json")
    seen: list[tuple[str, str]] = []
    monkeypatch.setattr(client.app.App, "run", lambda app: seen.append((current_language(), app.options.language)))
    try:
        assert client_main(["--lang", "en"]) == 0
        assert seen == [("en", "fr")]
        assert json.loads((tmp_path / "options.json").read_text())["language"] == "fr"
        seen.clear()
        assert client_main([]) == 0  # without --lang, Options decide
        assert seen == [("fr", "fr")]
    finally:
        set_language("en")
