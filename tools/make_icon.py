"""Draw the window/app icon, ``assets/icon.png``: a stylised alien city at night (a tall
tower between a glass dome and a short tower, on a glowing street, under a star).

    python3 tools/make_icon.py

Drawn with pygame at 4x and smooth-scaled down, so edges are anti-aliased. Our own work,
under the project's licence; deterministic.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "assets" / "icon.png"
SIZE = 128
SS = 4  # supersampling


def draw(size: int = SIZE) -> pygame.Surface:
    n = size * SS
    u = n / 32  # the design is on a 32-unit grid
    big = pygame.Surface((n, n), pygame.SRCALPHA)
    # night-sky rounded square
    sky = pygame.Surface((n, n), pygame.SRCALPHA)
    for y in range(n):
        t = y / (n - 1)
        c = (int(14 + 30 * t), int(16 + 4 * t), int(38 + 30 * t), 255)
        pygame.draw.line(sky, c, (0, y), (n, y))
    mask = pygame.Surface((n, n), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), (0, 0, n, n), border_radius=int(7 * u))
    sky.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    big.blit(sky, (0, 0))
    pygame.draw.rect(big, (72, 82, 150), (0, 0, n, n), int(0.8 * u), border_radius=int(7 * u))
    # a star
    sx, sy = 24.5 * u, 7 * u
    pygame.draw.polygon(big, (255, 236, 170), [(sx, sy - 2.6 * u), (sx + 0.6 * u, sy), (sx, sy + 2.6 * u),
                                               (sx - 0.6 * u, sy)])
    pygame.draw.polygon(big, (255, 236, 170), [(sx - 2.6 * u, sy), (sx, sy + 0.6 * u), (sx + 2.6 * u, sy),
                                               (sx, sy - 0.6 * u)])
    ground = 25 * u
    # glass dome (blue guild) on the left: the top half of an ellipse, with a highlight
    dome = pygame.Rect(int(3 * u), int(ground - 8 * u), int(12 * u), int(16 * u))
    big.set_clip(pygame.Rect(0, 0, n, int(ground)))
    pygame.draw.ellipse(big, (60, 128, 240), dome)
    pygame.draw.ellipse(big, (30, 70, 170), dome, int(0.6 * u))
    pygame.draw.arc(big, (170, 215, 255), dome.inflate(-int(3 * u), -int(3 * u)), 1.75, 2.9, int(1 * u))
    big.set_clip(None)
    # short tower (green guild) on the right
    pygame.draw.rect(big, (52, 200, 96), (int(21 * u), int(ground - 9 * u), int(6.5 * u), int(9 * u)),
                     border_top_left_radius=int(1 * u), border_top_right_radius=int(1 * u))
    # the tall tower (red guild) in the middle, with a spire and lit windows
    tower = pygame.Rect(int(12.5 * u), int(9 * u), int(8 * u), int(ground - 9 * u))
    pygame.draw.polygon(big, (236, 62, 58),
                        [(tower.left, tower.top), (tower.centerx, 3.2 * u), (tower.right, tower.top)])
    pygame.draw.rect(big, (236, 62, 58), tower)
    pygame.draw.rect(big, (150, 30, 36), tower, int(0.6 * u))
    for row in range(4):
        for col in range(2):
            wx = tower.x + int((1.6 + col * 3) * u)
            wy = tower.y + int((2 + row * 3.4) * u)
            pygame.draw.rect(big, (255, 200, 60), (wx, wy, int(1.8 * u), int(1.8 * u)), border_radius=int(0.3 * u))
    # glowing street
    pygame.draw.rect(big, (255, 200, 60), (int(2.5 * u), int(ground), int(27 * u), int(1.6 * u)),
                     border_radius=int(0.8 * u))
    pygame.draw.rect(big, (80, 230, 255), (int(5 * u), int(ground + 2.8 * u), int(22 * u), int(0.8 * u)),
                     border_radius=int(0.4 * u))
    return pygame.transform.smoothscale(big, (size, size))


def main() -> int:
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw(), str(OUT))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
