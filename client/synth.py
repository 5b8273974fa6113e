"""Small game sounds and the music loop, synthesised in pure Python (no numpy).

Each sound is a list of float samples in [-1, 1] at a given rate; ``to_pcm16`` packs them
for ``pygame.mixer.Sound(buffer=...)`` in the mixer's channel count. Deterministic: the
noise comes from a fixed-seed generator, so every run sounds the same.

``tools/render_sounds.py`` renders all of it to ``assets/sounds/*.wav``; the client plays
those files and falls back to synthesising a sound here only when its file is missing.
"""

from __future__ import annotations

import math
import random
from array import array
from typing import Callable

Samples = list[float]


def _env(t: float, attack: float, decay: float) -> float:
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def tone(rate: int, seconds: float, freq: Callable[[float], float] | float, *,
         attack: float = 0.004, decay: float = 0.08, shape: str = "sine",
         volume: float = 0.6) -> Samples:
    """A tone whose frequency may glide (``freq`` as a function of time)."""
    n = int(rate * seconds)
    out = []
    phase = 0.0
    f = freq if callable(freq) else (lambda _t, v=freq: v)
    for i in range(n):
        t = i / rate
        phase += 2 * math.pi * f(t) / rate
        if shape == "square":
            v = 1.0 if math.sin(phase) >= 0 else -1.0
            v *= 0.5
        elif shape == "tri":
            v = 2 / math.pi * math.asin(math.sin(phase))
        else:
            v = math.sin(phase) + 0.25 * math.sin(2 * phase)
        out.append(v * _env(t, attack, decay) * volume)
    return out


def noise(rate: int, seconds: float, *, decay: float = 0.03, volume: float = 0.4,
          seed: int = 1, smooth: float = 0.5) -> Samples:
    rng = random.Random(seed)
    out, last = [], 0.0
    for i in range(int(rate * seconds)):
        last = last * smooth + (rng.uniform(-1, 1)) * (1 - smooth)
        out.append(last * _env(i / rate, 0.001, decay) * volume)
    return out


def mix(*parts: tuple[float, Samples]) -> Samples:
    """Overlay sample lists, each starting at an offset in seconds (rate from the first)."""
    return _mix(44100, parts)


def _mix(rate: int, parts) -> Samples:
    length = max(int(off * rate) + len(s) for off, s in parts)
    out = [0.0] * length
    for off, s in parts:
        start = int(off * rate)
        for i, v in enumerate(s):
            out[start + i] += v
    return [max(-1.0, min(1.0, v)) for v in out]


SOUND_NAMES = ("place", "claim", "select", "hover", "error", "skip", "dice", "fanfare", "undo",
               "tick", "whoosh", "coin", "stamp")


def sound_bank(rate: int = 44100) -> dict[str, Samples]:
    """Every sound the game makes, by name."""
    place = _mix(rate, [(0, tone(rate, 0.18, lambda t: 190 - 300 * t, decay=0.05, volume=0.7)),
                        (0, noise(rate, 0.05, decay=0.012, volume=0.5, seed=3))])
    claim = _mix(rate, [(0, tone(rate, 0.22, 660, decay=0.09, shape="tri")),
                        (0.07, tone(rate, 0.3, 990, decay=0.12, shape="tri"))])
    select = tone(rate, 0.06, 1200, decay=0.015, shape="tri", volume=0.35)
    hover = tone(rate, 0.03, 1800, decay=0.008, shape="tri", volume=0.15)
    error = tone(rate, 0.16, 140, decay=0.08, shape="square", volume=0.25)
    skip = _mix(rate, [(0, tone(rate, 0.14, 520, decay=0.06, shape="square", volume=0.25)),
                       (0.12, tone(rate, 0.22, 350, decay=0.09, shape="square", volume=0.25))])
    dice = _mix(rate, [(0.045 * i, noise(rate, 0.04, decay=0.01, volume=0.45, seed=10 + i, smooth=0.2))
                       for i in range(9)])
    fanfare = _mix(rate, [(0.12 * i, tone(rate, 0.5, f, decay=0.2, shape="tri", volume=0.45))
                          for i, f in enumerate((523.25, 659.25, 783.99, 1046.5))])
    undo = tone(rate, 0.15, lambda t: 700 - 1800 * t, decay=0.07, shape="tri", volume=0.3)
    # the score show: a counter tick, points taking off, landing on a total, an unpaid stamp
    tick = tone(rate, 0.035, 2400, decay=0.008, shape="square", volume=0.16)
    whoosh = noise(rate, 0.3, decay=0.12, volume=0.22, seed=7, smooth=0.92)
    coin = _mix(rate, [(0, tone(rate, 0.09, 988, decay=0.04, shape="square", volume=0.22)),
                       (0.07, tone(rate, 0.28, 1319, decay=0.11, shape="square", volume=0.22))])
    stamp = _mix(rate, [(0, tone(rate, 0.16, lambda t: 120 - 200 * t, decay=0.05, volume=0.6)),
                        (0, noise(rate, 0.08, decay=0.02, volume=0.45, seed=5))])
    return {"place": place, "claim": claim, "select": select, "hover": hover, "error": error,
            "skip": skip, "dice": dice, "fanfare": fanfare, "undo": undo, "tick": tick,
            "whoosh": whoosh, "coin": coin, "stamp": stamp}


MUSIC_BPM = 100
# A minor, spacey: Am - F - C - G, one bar each (root of each chord in Hz)
MUSIC_CHORDS = ((220.00, (0, 3, 7)), (174.61, (0, 4, 7)), (261.63, (0, 4, 7)), (196.00, (0, 4, 7)))
ARP_STEPS = (0, 1, 2, 1, 0, 2, 1, 2)  # chord-tone indices, eighth notes


def _semis(root: float, st: int) -> float:
    return root * 2 ** (st / 12)


def _loop_mix(rate: int, length: int, parts) -> Samples:
    """Like ``_mix`` over a fixed length, tails wrapping round to the start: seamless loop."""
    out = [0.0] * length
    for off, s in parts:
        start = int(off * rate)
        for i, v in enumerate(s):
            out[(start + i) % length] += v
    return out


def music_loop(rate: int = 22050) -> Samples:
    """A short, quiet, seamlessly looping tune: a soft pad, an arpeggio, a bass pulse and a
    light hat, four bars of Am - F - C - G (about 9.6 s at 100 BPM)."""
    beat = 60 / MUSIC_BPM
    bar = 4 * beat
    length = int(rate * bar * len(MUSIC_CHORDS))
    parts: list[tuple[float, Samples]] = []
    for b, (root, chord) in enumerate(MUSIC_CHORDS):
        t0 = b * bar
        for st in chord:  # pad: slow swell, long tail (wraps into the next bar)
            parts.append((t0, tone(rate, bar * 1.25, _semis(root, st + 12), attack=0.6, decay=1.1,
                                   shape="tri", volume=0.07)))
        for i, step in enumerate(ARP_STEPS):  # arpeggio: an octave up, plucked
            f = _semis(root, chord[step] + 24)
            parts.append((t0 + i * beat / 2, tone(rate, beat * 0.9, f, attack=0.005, decay=0.16,
                                                  volume=0.10 if i % 2 else 0.13)))
        for i in range(4):  # bass on every beat, accent on 1 and 3
            parts.append((t0 + i * beat, tone(rate, beat * 0.8, root / 2, attack=0.01, decay=0.18,
                                              volume=0.22 if i % 2 == 0 else 0.14)))
            parts.append((t0 + (i + 0.5) * beat, noise(rate, 0.05, decay=0.012, volume=0.05,
                                                       seed=40 + 4 * b + i, smooth=0.1)))
    out = _loop_mix(rate, length, parts)
    peak = max(1e-9, max(abs(v) for v in out))
    return [v * (0.8 / peak) for v in out]


def to_pcm16(samples: Samples, channels: int = 2) -> bytes:
    """Signed 16-bit native-endian PCM, each sample repeated over ``channels``."""
    data = array("h")
    for v in samples:
        s = int(v * 32767)
        data.extend([s] * channels)
    return data.tobytes()
