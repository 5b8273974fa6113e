"""The shipped assets: every file credited and installed, the fonts cover English, Slovak
and French and keep look-alike letters apart, no text under 12 px, the sounds and music
come from the rendered files (and match the synthesiser), the icon, the music option.

A real install is checked by hand (a venv, ``pip install /path/to/repo``, run from
another folder); here the mechanism is checked cheaply: ``assets`` is a package found by
``packages.find``, its package-data globs match every file, and the client resolves paths
through ``importlib.resources``.
"""

import fnmatch
import re
import tomllib
import wave
from importlib import resources
from pathlib import Path

import pygame
import pygame.freetype
import pytest

import assets
from client import assets as client_assets
from client import synth
from client.config import MUSIC_VOLUMES, Options
from client.scenes.options import OptionsScene

from .conftest import show

ROOT = Path(__file__).resolve().parents[2]
ASSETS = Path(str(resources.files("assets")))

ENGLISH = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,:;!?'\"()-+×=/%"
SLOVAK = "áäčďéíĺľňóôŕšťúýžÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ„“"
FRENCH = "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ«»’–—…"
FONTS = (assets.TEXT_FONT, assets.TEXT_FONT_BOLD, assets.DISPLAY_FONT)


def asset_files() -> list[str]:
    return sorted(p.relative_to(ASSETS).as_posix() for p in ASSETS.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


def test_every_credited_file_exists_and_every_file_is_credited():
    credits = (ASSETS / "CREDITS.md").read_text(encoding="utf-8")
    named = set(re.findall(r"^\| `([^`]+)`", credits, flags=re.M))
    assert named, "CREDITS.md lists no files"
    for name in named:
        assert assets.path(name) is not None, f"CREDITS.md names {name}, which is missing"
    assert set(asset_files()) <= named, f"not in CREDITS.md: {sorted(set(asset_files()) - named)}"


def test_pyproject_installs_the_assets_package_with_all_its_files():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    include = config["packages"]["find"]["include"]
    assert any(fnmatch.fnmatch("assets", pattern) for pattern in include)
    globs = config["package-data"]["assets"]
    for name in asset_files():
        if name.endswith(".py"):
            continue
        assert any(fnmatch.fnmatch(name, g) and name.count("/") == g.count("/") for g in globs), \
            f"{name} is not matched by package-data globs {globs}: it would not be installed"


def test_the_client_resolves_assets_through_importlib_resources():
    for name in (*FONTS, assets.ICON, assets.MUSIC):
        expected = Path(str(resources.files("assets").joinpath(name)))
        assert expected.is_file()
        assert client_assets.asset_path(name) == expected
    assert client_assets.font_file() == Path(str(resources.files("assets").joinpath(assets.TEXT_FONT)))
    assert assets.path("no/such/file.otf") is None


def test_each_font_folder_carries_its_ofl_licence():
    for name in FONTS:
        licence = (ASSETS / name).parent / "OFL.txt"
        text = licence.read_text(encoding="utf-8")
        assert "SIL OPEN FONT LICENSE Version 1.1" in text and "Copyright" in text


@pytest.mark.parametrize("name", FONTS)
def test_fonts_have_every_english_slovak_and_french_letter(name):
    pygame.freetype.init()
    font = pygame.freetype.Font(str(ASSETS / name), 24)
    text = ENGLISH + SLOVAK + FRENCH
    missing = [c for c, m in zip(text, font.get_metrics(text)) if m is None]
    assert not missing, f"{name} lacks {''.join(missing)}"


def _mask(text_cache, ch: str) -> bytes:
    surf = text_cache.font(10).render(ch, True, (255, 255, 255), (0, 0, 0))
    return pygame.image.tobytes(surf, "RGB")


def test_no_text_under_12px_and_look_alikes_stay_apart(app):  # app: pygame.font is up
    text = client_assets.TextCache()
    for size in (1, 6, 9, 12):
        for bold, display in ((False, False), (True, False), (False, True)):
            assert text.font(size, bold, display).get_height() >= 12
    assert client_assets.pixel_size(1) == client_assets.MIN_TEXT_PX == 12
    # windows under 800 px tall (only the minimum size and tests) scale the floor down to 10
    assert [client_assets.min_text_px(h) for h in (None, 800, 1080, 560, 400)] == [12, 12, 12, 10, 10]
    # at the smallest size, f / 1 / l / I render differently (lot names: "f3" is not "13")
    glyphs = {ch: _mask(text, ch) for ch in "f1lI"}
    assert len(set(glyphs.values())) == 4
    assert text.render("f3", 10, (255, 255, 255)).get_width() > 0


def test_sounds_come_from_the_rendered_files(app):
    if not app.sounds.available:
        pytest.skip("no audio mixer")
    assert set(app.sounds.sources) == set(synth.SOUND_NAMES)
    assert set(app.sounds.sources.values()) == {"file"}


def test_rendered_sound_files_match_the_synthesiser():
    """``tools/render_sounds.py`` output is up to date with ``client/synth.py``."""
    bank = synth.sound_bank(44100)
    for name in synth.SOUND_NAMES:
        with wave.open(str(ASSETS / "sounds" / f"{name}.wav")) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44100)
            assert w.readframes(w.getnframes()) == synth.to_pcm16(bank[name], 1), name
    with wave.open(str(ASSETS / assets.MUSIC)) as w:
        assert w.getframerate() == 22050 and 5 < w.getnframes() / 22050 < 20
        assert w.readframes(w.getnframes()) == synth.to_pcm16(synth.music_loop(22050), 1)
    total = sum(p.stat().st_size for p in (ASSETS / "sounds").glob("*.wav"))
    assert total < 1_500_000


def test_missing_sound_files_fall_back_to_the_synthesiser(monkeypatch):
    monkeypatch.setattr(client_assets, "asset_path", lambda name: None)
    sounds = client_assets.Sounds()
    if not sounds.available:
        pytest.skip("no audio mixer")
    assert set(sounds.sources.values()) == {"synth"}
    sounds.set_music(True, 0.5)  # no file: stays silent, raises nothing
    assert not sounds.music_on


def test_icon_is_a_small_square_png_and_is_set():
    icon = pygame.image.load(str(ASSETS / assets.ICON))
    w, h = icon.get_size()
    assert w == h and 32 <= w <= 256
    assert client_assets.set_window_icon()


def test_music_option_row_sets_volume_and_off(app):
    scene = OptionsScene(app)
    show(app, scene)
    row = next(r for r in scene.rows if r.label == "Music")
    assert row.shown() == "50%"
    row.set(0.0)
    assert not app.options.music and app.options.music_volume == 0.5 and row.shown() == "Off"
    assert not app.sounds.music_on
    row.change(1)
    assert app.options.music and app.options.music_volume == MUSIC_VOLUMES[0]
    if app.sounds.available:
        assert app.sounds.music_on
    app.sounds.set_music(False)


def test_music_options_round_trip_and_bad_values():
    opts = Options.from_dict({"music": False, "music_volume": 0.75})
    assert (opts.music, opts.music_volume) == (False, 0.75)
    assert Options.from_dict({"music_volume": 0.3}).music_volume == 0.5
    assert Options.from_dict({"music": "yes"}).music is True


def test_fitted_text_shrinks_then_cuts_but_never_spills():
    pygame.display.set_mode((1280, 800))
    cache = client_assets.TextCache()
    short = cache.fitted("Quit", 30, (255, 255, 255), 400)
    assert short.get_size() == cache.render("Quit", 30, (255, 255, 255)).get_size()
    long_text = "Rozostavané mesto sa zapĺňa vežami a kupolami"
    full = cache.render(long_text, 30, (255, 255, 255))
    for width in (full.get_width() - 40, 200, 60):
        img = cache.fitted(long_text, 30, (255, 255, 255), width)
        assert img.get_width() <= width, width
