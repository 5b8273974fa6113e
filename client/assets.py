"""Fonts, cached text and synthesised sounds: everything loaded once, per size where it
matters. Sound degrades to silence when there is no audio device."""

from __future__ import annotations

from array import array
from collections import OrderedDict

import pygame

from . import synth

FONT_FILE: str | None = None  # pygame-ce's bundled default font


class TextCache:
    """Rendered text surfaces by (text, size, colour, bold): text is the slow part of a frame."""

    def __init__(self, limit: int = 600) -> None:
        self.fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self.surfaces: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self.limit = limit

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (max(6, int(size)), bold)
        font = self.fonts.get(key)
        if font is None:
            font = pygame.font.Font(FONT_FILE, key[0])
            font.set_bold(bold)
            self.fonts[key] = font
        return font

    def render(self, text: str, size: int, colour: tuple[int, int, int],
               bold: bool = False) -> pygame.Surface:
        key = (text, int(size), tuple(colour), bold)
        surf = self.surfaces.get(key)
        if surf is None:
            surf = self.font(size, bold).render(text, True, colour)
            self.surfaces[key] = surf
            if len(self.surfaces) > self.limit:
                self.surfaces.popitem(last=False)
        else:
            self.surfaces.move_to_end(key)
        return surf

    def shadowed(self, text: str, size: int, colour, shadow=(0, 0, 0), offset: int = 2,
                 bold: bool = False) -> pygame.Surface:
        """Text with a drop shadow, as one surface (titles, banners)."""
        key = ("§shadow", text, int(size), tuple(colour), tuple(shadow), offset, bold)
        surf = self.surfaces.get(key)
        if surf is None:
            front = self.render(text, size, colour, bold)
            back = self.font(size, bold).render(text, True, shadow)
            surf = pygame.Surface((front.get_width() + offset, front.get_height() + offset),
                                  pygame.SRCALPHA)
            surf.blit(back, (offset, offset))
            surf.blit(front, (0, 0))
            self.surfaces[key] = surf
        return surf

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
    """Named sounds; ``play`` is a no-op when sound is off or there is no device."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = enabled
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(44100, -16, 2, 512)
            rate, fmt, channels = pygame.mixer.get_init()
            for name, samples in synth.sound_bank(rate).items():
                self.sounds[name] = pygame.mixer.Sound(buffer=_pack(samples, fmt, channels))
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
