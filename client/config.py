"""Player options, persisted as JSON in the user's config directory (no pygame here).

``ALIEN_CITY_CONFIG_DIR`` overrides the directory (tests, portable installs). A missing
or damaged file gives the defaults. Each game's own options are kept under its id in
``games`` (its plug-in says which and checks them); keys this version does not know are
kept as they were (``legacy``), because a game's options once stood at the top level and
its plug-in moves them into its section when it first reads them.
"""

from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from shared.i18n import LANGUAGES

ANIM_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
MUSIC_VOLUMES = (0.25, 0.5, 0.75, 1.0)


@dataclass
class Options:
    sound: bool = True
    music: bool = True
    music_volume: float = 0.5
    anim_speed: float = 1.0
    colour_blind: bool = False
    fullscreen: bool = False
    window_w: int = 1280
    window_h: int = 800
    server: str = "ws://localhost:8765"
    player_name: str = "Player"
    computer_level: str = ""  # vs computer: the level last chosen ("" = the game's easiest)
    language: str = "system"  # 'system' (the environment's), or a code of shared.i18n.LANGUAGES
    games: dict[str, dict[str, Any]] = field(default_factory=dict)  # game id -> its options
    legacy: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)  # unknown keys

    @classmethod
    def from_dict(cls, data: object) -> "Options":
        opts = cls()
        if not isinstance(data, dict):
            return opts
        for f in fields(cls):
            if f.name in ("games", "legacy") or f.name not in data:
                continue
            value = data[f.name]
            default = getattr(opts, f.name)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, (int, float)):
                ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            else:
                ok = isinstance(value, type(default))
            if ok:
                setattr(opts, f.name, type(default)(value))
        games = data.get("games")
        if isinstance(games, dict):
            opts.games = {game: dict(saved) for game, saved in games.items()
                          if isinstance(game, str) and isinstance(saved, dict)}
        known = {f.name for f in fields(cls)}
        opts.legacy = {k: v for k, v in data.items() if k not in known}
        if opts.language != "system" and opts.language not in LANGUAGES:
            opts.language = "system"
        if opts.anim_speed not in ANIM_SPEEDS:
            opts.anim_speed = 1.0
        if opts.music_volume not in MUSIC_VOLUMES:
            opts.music_volume = 0.5
        opts.window_w = max(640, min(opts.window_w, 7680))
        opts.window_h = max(480, min(opts.window_h, 4320))
        return opts

    def to_dict(self) -> dict[str, Any]:
        """What the file holds: the options, and the unknown keys read from it as they were."""
        data = asdict(self)
        del data["legacy"]
        return {**self.legacy, **data}


def config_dir() -> Path:
    """Where options and saved records live, per the platform's convention."""
    override = os.environ.get("ALIEN_CITY_CONFIG_DIR")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")
    return base / "alien-city"


def records_dir() -> Path:
    return config_dir() / "records"


def load_options(path: Path | None = None) -> Options:
    path = path or config_dir() / "options.json"
    try:
        return Options.from_dict(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return Options()


def save_options(options: Options, path: Path | None = None) -> bool:
    """Write the options; False (and nothing raised) when the disk says no."""
    path = path or config_dir() / "options.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(options.to_dict(), indent=2), encoding="utf-8")
        tmp.replace(path)
        return True
    except OSError:
        return False
