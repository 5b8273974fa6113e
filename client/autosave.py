"""No local game is ever lost: the game in progress is saved after every move and the
title screen's "Continue" resumes it after a restart or a crash.

Game-free, through the contract: the match screen's ``match.state`` (``to_dict``; read
back with ``spec.state_from_dict``), its ``seats`` (people by name, computers by level)
and its ``game_seed`` (the computers' seeds). One file, ``autosave.json`` in the config
folder, written atomically (a crash mid-write leaves the previous save). A finished game
removes it; a new game replaces it from its first move on (not before: starting a game
and leaving it at once keeps the older unfinished one). Online matches are the server's
to keep (their Continue is ``continue_online``).
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from pathlib import Path
from typing import Any

from shared.i18n import domain

from .config import config_dir

_, N_, ngettext, pgettext = domain("client")

FORMAT = 1


def autosave_path() -> Path:
    return config_dir() / "autosave.json"


def match_scene(app) -> Any:
    """The local match screen on the stack (people here, no online chrome), or None."""
    from .scenes.seats import HumanSeat
    for scene in reversed(app.stack.scenes):
        seats = getattr(scene, "seats", None)
        match = getattr(scene, "match", None)
        if match is None or not isinstance(seats, list) or getattr(scene, "chrome", None) is not None:
            continue
        if getattr(scene, "attract", False) or not any(isinstance(s, HumanSeat) for s in seats):
            continue  # the attract mode, a computer-only game: nothing of yours to keep
        return scene
    return None


def plugin_of(app, scene) -> Any:
    """The plug-in whose package made ``scene`` (looked up without loading the others)."""
    package = type(scene).__module__.split(".")
    for game_id in app.games.ids():
        if game_id.replace("-", "") in package:
            return app.games.get(game_id)
    return None


def undo_trail(match) -> list:
    """The positions undo goes back to, oldest first: a LocalMatch's ``history`` (the
    state before each move) or Alien City's ``turn_starts`` (before each turn)."""
    for name in ("history", "turn_starts"):
        trail = getattr(match, name, None)
        if isinstance(trail, list):
            return trail
    return []


def restore_undo_trail(match, spec, saved: object) -> None:
    """Undo after Continue goes back as far as it could before: the saved trail is read
    back with the game's ``state_from_dict`` (a damaged entry ends it there)."""
    trail = undo_trail(match)
    if not isinstance(saved, list) or trail:
        return
    for data in saved:
        try:
            state = spec.state_from_dict(data)
        except Exception:  # noqa: BLE001 - an old or damaged save: undo goes back less far
            trail.clear()
            return
        if not isinstance(state, type(match.state)) and hasattr(state, "state"):
            state = state.state  # Alien City's screen keeps engine states, not positions
        trail.append(state)


def seat_data(seat) -> dict:
    from .scenes.seats import ComputerSeat
    if isinstance(seat, ComputerSeat):
        return {"kind": "computer", "level": seat.level}
    return {"kind": "human", "name": getattr(seat, "name", "")}


class AutoSave:
    """Watches the stack each frame (an identity check) and writes on every new position."""

    def __init__(self) -> None:
        self._scene: Any = None
        self._first: Any = None   # the position the screen opened with
        self._saved: Any = None   # the last position written
        self.error: str | None = None
        self._online_saved: Any = None  # the online match screen whose ended record is written

    def track(self, app) -> None:
        self._track_online(app)
        scene = match_scene(app)
        if scene is None:
            self._scene = None
            return
        state = scene.match.state
        if scene is not self._scene:
            self._scene, self._first, self._saved = scene, state, state
            return
        if state is self._saved:
            return
        self._saved = state
        try:
            if state.is_over():
                clear()
            elif state is not self._first:
                self.write(app, scene, state)
            self.error = None
        except Exception as exc:  # noqa: BLE001 - a full disk, a bad state: the game goes on
            self.error = str(exc)

    def _track_online(self, app) -> None:
        """An online match that ended: its record goes to the records folder, once."""
        top = app.stack.scenes[-3:]
        for scene in top:
            match = getattr(scene, "match", None)
            if getattr(scene, "chrome", None) is None or match is None or scene is self._online_saved:
                continue
            try:
                if match.state.is_over():
                    self._online_saved = scene
                    match.save()
            except Exception as exc:  # noqa: BLE001 - a full disk never stops the game
                self.error = str(exc)

    def write(self, app, scene, state) -> None:
        plugin = plugin_of(app, scene)
        if plugin is None:
            return
        data = {"format": FORMAT, "game": plugin.spec.id, "state": state.to_dict(),
                "undo": [past.to_dict() for past in undo_trail(scene.match)],
                "seats": [seat_data(s) for s in scene.seats],
                "seed": getattr(scene, "game_seed", None),
                "saved": _dt.datetime.now().isoformat(timespec="seconds")}
        path = autosave_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)


def load() -> dict | None:
    """The saved game's data, or None (no save, or one this client cannot read)."""
    try:
        data = json.loads(autosave_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("seats"), list):
        return None
    return data


def clear() -> None:
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass


def resume_scene(app, data: dict):
    """The match screen of a saved game, seats and computers as they were."""
    from .computer import seat_seed
    from .scenes.seats import ComputerSeat, HumanSeat
    plugin = app.games.get(data["game"])
    spec = plugin.spec
    state = spec.state_from_dict(data["state"])
    seed = data.get("seed")
    seats = []
    for i, seat in enumerate(data["seats"]):
        if seat.get("kind") == "computer":
            level = str(seat.get("level", ""))
            seats.append(ComputerSeat(bot=spec.make_bot(level, seat_seed(seed, i)), level=level))
        else:
            seats.append(HumanSeat(name=str(seat.get("name", ""))))
    scene = plugin.make_board(app, state, seats, seed=seed)
    restore_undo_trail(scene.match, spec, data.get("undo"))
    refresh = getattr(scene, "update_buttons", None)
    if callable(refresh):
        refresh()  # Undo reads the trail just restored (it was greyed until the next move)
    return scene


def describe(app, data: dict) -> str:
    """"Alien City, you vs Computer (Hard)", in the language in use (the game's title
    from its spec)."""
    from .computer import level_name
    try:
        title = app.games.get(data["game"]).spec.title
    except Exception:  # noqa: BLE001 - an unknown game: its id
        title = str(data.get("game"))
    people = [s for s in data["seats"] if s.get("kind") != "computer"]
    computers = [s for s in data["seats"] if s.get("kind") == "computer"]
    if computers and len(people) == 1:
        names = [level_name(str(s.get("level", ""))) for s in computers]
        if len(names) > 1 and len(set(names)) == 1:
            # TRANSLATORS: several computer seats of one level: "3 computers (Easy)"
            levels = ngettext("{n} computer ({level})", "{n} computers ({level})",
                              len(names)).format(n=len(names), level=names[0])
        else:
            levels = ", ".join(_("Computer ({level})").format(level=name) for name in names)
        # TRANSLATORS: a saved game on the title's Continue: "you vs Computer (Hard)"
        who = _("you vs {computers}").format(computers=levels)
    else:
        n = len(data["seats"])
        who = ngettext("{n} player", "{n} players", n).format(n=n)
    # TRANSLATORS: a saved game: its title, then who plays ("Alien City, 3 players")
    return _("{game}, {players}").format(game=title, players=who)


def local_continue(app):
    """The title's "Continue: Alien City, you vs Computer (hard)" for a saved local game."""
    from .view.widgets import Button
    data = load()
    if data is None or data.get("game") not in app.games:
        return None

    def go() -> None:
        fresh = load()
        if fresh is None:
            return
        try:
            scene = resume_scene(app, fresh)
        except Exception as exc:  # noqa: BLE001 - a damaged save: say so, keep the menu
            top = app.stack.top
            if hasattr(top, "note"):
                top.note = _("The saved game could not be opened: {error}").format(error=exc)
            clear()
            return
        app.push(scene)

    # The label (an English key: the title finds Continue buttons by it) is shown in the
    # language in use, looked up at each draw.
    button = Button(f"Continue: {data.get('game')} {data.get('saved', '')}".rstrip(), go,
                    tr=lambda _key: _("Continue: {game}").format(game=describe(app, data)))
    button.autosave = data  # tests: what it resumes
    return button


def register() -> None:
    """Put the local Continue beside the online one on the title screen."""
    from .scenes import continue_online
    if local_continue not in continue_online.PROVIDERS:
        continue_online.PROVIDERS.insert(0, local_continue)
