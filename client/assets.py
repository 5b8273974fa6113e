"""Fonts, cached text, sounds and music: everything loaded once, per size where it
matters. The files come from the ``assets`` package (fonts, rendered sounds, the music
loop); a missing file falls back to pygame-ce's default font or to the synthesiser.
Sound degrades to silence when there is no audio device."""

from __future__ import annotations

import importlib.util
import sys
from array import array
from collections import OrderedDict
from pathlib import Path

import pygame

from . import synth


def _load_assets():
    """The ``assets`` package: installed (wheel or editable), else the source tree's folder
    next to ``client/`` (an editable install made before ``assets/`` existed); None if
    neither is there, and the client runs on pygame's font and the synthesiser."""
    try:
        import assets
        if hasattr(assets, "TEXT_FONT"):  # ours, not some other project's "assets"
            return assets
    except ImportError:
        pass
    init = Path(__file__).resolve().parents[1] / "assets" / "__init__.py"
    if not init.is_file():
        return None
    spec = importlib.util.spec_from_file_location("assets", init,
                                                  submodule_search_locations=[str(init.parent)])
    module = importlib.util.module_from_spec(spec)
    sys.modules["assets"] = module
    spec.loader.exec_module(module)
    return module


_assets = _load_assets()

# Body text (Cantarell: l, I and 1 and f told apart) and titles (League Spartan Bold).
# Callers give sizes on pygame's default-font scale; SCALE turns them into pixel sizes
# of these fonts with about the same text widths, never under MIN_TEXT_PX in a window
# 800 px tall or more (1280x800 and up); smaller windows scale that floor down to
# SMALL_WINDOW_MIN_PX, so their crowded layouts still fit.
MIN_TEXT_PX = 12
SMALL_WINDOW_MIN_PX = 10
FULL_SIZE_HEIGHT = 800
TEXT_SCALE = 0.78
DISPLAY_SCALE = 0.88


def asset_path(name: str) -> Path | None:
    """A shipped asset by ``/``-separated name inside ``assets/``, or None when missing."""
    return _assets.path(name) if _assets is not None else None


def font_file(bold: bool = False, display: bool = False) -> Path | None:
    if _assets is None:
        return None
    return asset_path(_assets.DISPLAY_FONT if display else _assets.TEXT_FONT_BOLD if bold
                      else _assets.TEXT_FONT)


def pixel_size(size: int, display: bool = False, floor: int = MIN_TEXT_PX) -> int:
    """The pixel size a font file is opened at for a requested (default-font scale) size."""
    return max(floor, round(size * (DISPLAY_SCALE if display else TEXT_SCALE)))


def min_text_px(window_height: int | None) -> int:
    """The smallest text, in pixels, for a window this tall (None: no window yet)."""
    if window_height is None or window_height >= FULL_SIZE_HEIGHT:
        return MIN_TEXT_PX
    return max(SMALL_WINDOW_MIN_PX, round(MIN_TEXT_PX * window_height / FULL_SIZE_HEIGHT))


def set_window_icon() -> bool:
    """Give the window (and task bar) our icon; False when the file or display says no."""
    path = asset_path(_assets.ICON) if _assets is not None else None
    if path is None:
        return False
    try:
        pygame.display.set_icon(pygame.image.load(str(path)))
        return True
    except pygame.error:
        return False


class TextCache:
    """Rendered text surfaces by (text, size, colour, bold): text is the slow part of a frame."""

    def __init__(self, limit: int = 600) -> None:
        self.fonts: dict[tuple[int, bool, bool], pygame.font.Font] = {}
        self.surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.limit = limit
        self.floor = MIN_TEXT_PX

    def _check_floor(self) -> None:
        """Follow the window's height: a new text floor drops every font and surface."""
        window = pygame.display.get_surface() if pygame.display.get_init() else None
        floor = min_text_px(window.get_height() if window is not None else None)
        if floor != self.floor:
            self.floor = floor
            self.fonts.clear()
            self.surfaces.clear()

    def font(self, size: int, bold: bool = False, display: bool = False) -> pygame.font.Font:
        """The text font (``display``: the title font) for a size on the default-font scale."""
        self._check_floor()
        key = (max(6, int(size)), bold, display)
        font = self.fonts.get(key)
        if font is None:
            path = font_file(bold, display)
            if path is None:
                font = pygame.font.Font(None, max(key[0], round(self.floor / 0.6875)))
                font.set_bold(bold or display)
            else:
                font = pygame.font.Font(path, pixel_size(key[0], display, self.floor))
            self.fonts[key] = font
        return font

    def render(self, text: str, size: int, colour: tuple[int, int, int],
               bold: bool = False, display: bool = False) -> pygame.Surface:
        self._check_floor()
        key = (text, int(size), tuple(colour), bold, display)
        surf = self.surfaces.get(key)
        if surf is None:
            surf = self.font(size, bold, display).render(text, True, colour)
            self.surfaces[key] = surf
            if len(self.surfaces) > self.limit:
                self.surfaces.popitem(last=False)
        else:
            self.surfaces.move_to_end(key)
        return surf

    def shadowed(self, text: str, size: int, colour, shadow=(0, 0, 0), offset: int = 2,
                 bold: bool = False) -> pygame.Surface:
        """Text with a drop shadow, as one surface (titles, banners, buttons, big numbers),
        in the display font."""
        self._check_floor()
        key = ("§shadow", text, int(size), tuple(colour), tuple(shadow), offset, bold)
        surf = self.surfaces.get(key)
        if surf is None:
            front = self.render(text, size, colour, bold, display=True)
            back = self.font(size, bold, display=True).render(text, True, shadow)
            surf = pygame.Surface((front.get_width() + offset, front.get_height() + offset),
                                  pygame.SRCALPHA)
            surf.blit(back, (offset, offset))
            surf.blit(front, (0, 0))
            self.surfaces[key] = surf
        return surf

    def fit(self, text: str, size: int, width: int, bold: bool = False,
            display: bool = False) -> tuple[str, int]:
        """The text and size to draw ``text`` within ``width`` pixels: ``size`` or, when
        that is wider (a longer translation), the largest smaller size that fits, never
        below the text floor; past the floor the text is cut with an ellipsis."""
        size = self._shrunk(text, size, width, bold, display)
        font = self.font(size, bold, display)
        if font.size(text)[0] > width:
            cut = text
            while cut and font.size(cut + "…")[0] > width:
                cut = cut[:-1]
            text = cut.rstrip() + "…"
        return text, size

    def fits(self, text: str, size: int, width: int, bold: bool = False, display: bool = False) -> bool:
        """Whether :meth:`fit` would draw ``text`` whole (smaller, perhaps, but with no ellipsis)."""
        return self.font(self._shrunk(text, size, width, bold, display), bold, display).size(text)[0] <= width

    def _shrunk(self, text: str, size: int, width: int, bold: bool, display: bool) -> int:
        """The largest size from ``size`` down to the text floor at which ``text`` fits ``width``
        (the floor when none does)."""
        self._check_floor()
        size = int(size)
        while size > 6 and self.font(size, bold, display).size(text)[0] > width:
            if pixel_size(size - 1, display, self.floor) == pixel_size(size, display, self.floor):
                break  # already at the floor: smaller sizes open the same font
            size -= 1
        return size

    def fitted(self, text: str, size: int, colour: tuple[int, int, int], width: int,
               bold: bool = False, display: bool = False) -> pygame.Surface:
        """``text`` rendered no wider than ``width`` pixels (see :meth:`fit`)."""
        text, size = self.fit(text, size, width, bold, display)
        return self.render(text, size, colour, bold, display)

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split ``text`` into lines that fit ``width`` pixels."""
        font = self.font(size, bold)
        lines: list[str] = []
        for para in text.split("\n"):
            words = para.split(" ")
            line = ""
            for word in words:
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    lines.append(line)
                    line = word
            lines.append(line)
        return lines


class Sounds:
    """Named sounds and the music loop; ``play`` is a no-op when sound is off or there is
    no device. Each sound is ``assets/sounds/NAME.wav``, synthesised when the file is
    missing; the music streams from ``assets/sounds/music-loop.wav``."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        self.music_on = False
        self.music_loaded = False
        self.sources: dict[str, str] = {}  # name -> "file" or "synth" (tests, diagnostics)
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(44100, -16, 2, 512)
            rate, fmt, channels = pygame.mixer.get_init()
            synthesised = None
            for name in synth.SOUND_NAMES:
                path = asset_path(f"sounds/{name}.wav")
                if path is not None:
                    try:
                        self.sounds[name] = pygame.mixer.Sound(str(path))
                        self.sources[name] = "file"
                        continue
                    except pygame.error:
                        pass
                if synthesised is None:
                    synthesised = synth.sound_bank(rate)
                self.sounds[name] = pygame.mixer.Sound(buffer=_pack(synthesised[name], fmt, channels))
                self.sources[name] = "synth"
            self.available = True
        except (pygame.error, ValueError, TypeError):
            self.sounds = {}

    def play(self, name: str, volume: float = 1.0) -> None:
        if not (self.enabled and self.available):
            return
        sound = self.sounds.get(name)
        if sound is not None:
            sound.set_volume(volume)
            sound.play()

    def set_music(self, on: bool, volume: float = 0.5) -> None:
        """Start, stop or re-level the music loop (looped forever, its own volume)."""
        if not self.available:
            return
        try:
            if on and volume > 0:
                if not self.music_loaded:
                    path = asset_path(_assets.MUSIC) if _assets is not None else None
                    if path is None:
                        return
                    pygame.mixer.music.load(str(path))
                    self.music_loaded = True
                pygame.mixer.music.set_volume(volume)
                if not self.music_on:
                    pygame.mixer.music.play(-1, fade_ms=800)
                    self.music_on = True
            elif self.music_on:
                pygame.mixer.music.fadeout(400)
                self.music_on = False
        except pygame.error:
            self.music_on = False


def _pack(samples: list[float], fmt: int, channels: int) -> bytes:
    if fmt in (-16, 16):
        data = synth.to_pcm16(samples, channels)
        if fmt == 16:  # unsigned
            raw = array("h", data)
            return array("H", (v + 32768 for v in raw)).tobytes()
        return data
    if fmt == 32:  # float
        return array("f", (v for v in samples for _ in range(channels))).tobytes()
    if fmt in (8, -8):
        off = 128 if fmt == 8 else 0
        return bytes(((int(v * 127) + off) & 0xFF for v in samples for _ in range(channels)))
    raise ValueError(f"mixer format {fmt} not supported")
