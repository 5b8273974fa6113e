"""Render the game's sounds and music loop from ``client/synth.py`` to ``assets/sounds/``.

    python3 tools/render_sounds.py

Writes one mono 16-bit WAV per sound effect (44.1 kHz) and ``music-loop.wav`` (22.05 kHz).
Deterministic: the same code gives the same files. Run it again after changing the synth.
"""

from __future__ import annotations

import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from client import synth  # noqa: E402

OUT = ROOT / "assets" / "sounds"
SFX_RATE = 44100
MUSIC_RATE = 22050


def write_wav(path: Path, samples: list[float], rate: int) -> int:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(synth.to_pcm16(samples, 1))
    return path.stat().st_size


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    total = 0
    for name, samples in synth.sound_bank(SFX_RATE).items():
        total += write_wav(OUT / f"{name}.wav", samples, SFX_RATE)
    total += write_wav(OUT / "music-loop.wav", synth.music_loop(MUSIC_RATE), MUSIC_RATE)
    print(f"wrote {len(list(OUT.glob('*.wav')))} files, {total / 1024:.0f} KiB, to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
