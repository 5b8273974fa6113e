"""Unfinished local games, one file each: starting a game never replaces another.

Each game has its own slot file ``saves/<slot>.json`` in the config folder (written
atomically: a crash mid-write leaves the previous save). A slot holds the game's id, the
position (``to_dict``; read back with the spec's ``state_from_dict``), the undo trail, the
seats (people by name, computers by level), the computers' seed, when it was last
played and, for a game begun with Play from here, where it branched off. The single
``autosave.json`` of older clients is moved into a slot, not lost.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from shared.gamekit.branch import Branch
from shared.i18n import domain

from .config import config_dir

if TYPE_CHECKING:
    from .scenes.match_screen import SaveableMatch

_, N_, ngettext, pgettext = domain("client")

FORMAT = 2
OLD_FORMATS = (1, 2)  # format 1: the old single autosave (no "to_move")


def saves_dir() -> Path:
    return config_dir() / "saves"


def old_autosave_path() -> Path:
    """Where older clients kept their one autosave."""
    return config_dir() / "autosave.json"


def new_slot() -> str:
    """A fresh slot name: sortable by when the game started, unique per game."""
    return _dt.datetime.now().strftime("%Y%m%d-%H%M%S-") + secrets.token_hex(3)


def slot_path(slot: str) -> Path:
    return saves_dir() / f"{slot}.json"


@dataclass
class SavedGame:
    """One unfinished local game as its slot file holds it."""

    slot: str
    data: dict

    @property
    def game(self) -> str:
        return str(self.data.get("game", ""))

    @property
    def seats(self) -> list[dict]:
        return self.data["seats"]

    @property
    def saved(self) -> str:
        return str(self.data.get("saved", ""))

    @property
    def when(self) -> float:
        """When it was last played (seconds since the epoch; 0 when unknown)."""
        try:
            return _dt.datetime.fromisoformat(self.saved).timestamp()
        except ValueError:
            return 0.0


def seat_data(seat) -> dict:
    from .scenes.seats import ComputerSeat, HumanSeat
    if isinstance(seat, ComputerSeat):
        return {"kind": "computer", "level": seat.level}
    return {"kind": "human", "name": seat.name if isinstance(seat, HumanSeat) else ""}


def snapshot(scene: SaveableMatch) -> dict:
    """What a slot keeps of a match screen (through its SaveableMatch hooks)."""
    position = scene.position()
    data = {"format": FORMAT, "game": scene.spec.id, "state": position.to_dict(),
            "undo": [past.to_dict() for past in scene.undo_positions()],
            "seats": [seat_data(s) for s in scene.seats], "seed": scene.game_seed,
            "to_move": position.to_move,
            "saved": _dt.datetime.now().isoformat(timespec="seconds")}
    if scene.rated is not None:
        data["rated"] = scene.rated.to_dict()
    if scene.branch is not None:
        data["branch"] = scene.branch.to_dict()
    return data


def write(slot: str, data: dict) -> Path:
    path = slot_path(slot)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(data, fh)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    return path


def _read(path: Path) -> dict | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") not in OLD_FORMATS \
            or not isinstance(data.get("seats"), list) or "state" not in data:
        return None
    return data


def migrate() -> None:
    """The old single ``autosave.json`` becomes a slot of its own (kept as it was if it
    cannot be moved: a read-only folder never loses it)."""
    old = old_autosave_path()
    if not old.exists():
        return
    if _read(old) is None:
        return  # not a save this client reads: left alone
    try:
        stamp = _dt.datetime.fromtimestamp(old.stat().st_mtime).strftime("%Y%m%d-%H%M%S")
        target = slot_path(f"{stamp}-old-{secrets.token_hex(3)}")
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(old, target)
    except OSError:
        pass


def load(slot: str) -> SavedGame | None:
    data = _read(slot_path(slot))
    return SavedGame(slot, data) if data is not None else None


def all_saves() -> list[SavedGame]:
    """Every unfinished local game this client can read, last played first."""
    migrate()
    try:
        paths = list(saves_dir().glob("*.json"))
    except OSError:
        return []
    out = []
    for path in paths:
        data = _read(path)
        if data is not None:
            out.append(SavedGame(path.stem, data))
    return sorted(out, key=lambda s: (s.saved, s.slot), reverse=True)


def delete(slot: str) -> None:
    try:
        slot_path(slot).unlink()
    except FileNotFoundError:
        pass


def resume_scene(app, saved: SavedGame):
    """The match screen of a saved game, seats and computers as they were; the autosave
    keeps writing to the same slot."""
    from .computer import seat_seed
    from .scenes.seats import ComputerSeat, HumanSeat
    data = saved.data
    plugin = app.games.get(data["game"])
    spec = plugin.spec
    state = spec.state_from_dict(data["state"])
    seed = data.get("seed")
    seats: list[Any] = []
    for i, seat in enumerate(data["seats"]):
        if seat.get("kind") == "computer":
            level = str(seat.get("level", ""))
            seats.append(ComputerSeat(bot=spec.make_bot(level, seat_seed(seed, i)), level=level))
        else:
            seats.append(HumanSeat(name=str(seat.get("name", ""))))
    scene = plugin.make_board(app, state, seats, seed=seed)
    scene.branch = Branch.from_dict(data.get("branch"))
    scene.restore_undo(undo_positions(spec, data.get("undo")))
    from .rated import resume
    resume(scene, data)  # a rated game stays rated: no undo, no hints
    app.autosave.adopt(scene, saved.slot)
    return scene


def undo_positions(spec, saved: object) -> list:
    """The saved undo trail read back; a damaged entry drops the whole trail (undo then
    starts from the resumed position)."""
    if not isinstance(saved, list):
        return []
    out = []
    for data in saved:
        try:
            out.append(spec.state_from_dict(data))
        except Exception:  # noqa: BLE001 - an old or damaged save: no undo past this point
            return []
    return out


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
        counts = {name: names.count(name) for name in names}   # by level, in seat order
        # TRANSLATORS: several computer seats of one level: "3 computers (Easy)"
        levels = ", ".join(ngettext("{n} computer ({level})", "{n} computers ({level})", n).format(n=n, level=name)
                           if n > 1 else _("Computer ({level})").format(level=name) for name, n in counts.items())
        # TRANSLATORS: a saved game on the title's Continue: "you vs Computer (Hard)"
        who = _("you vs {computers}").format(computers=levels)
        if data.get("rated"):
            # TRANSLATORS: a saved rated game against the computer: "you vs Computer (Easy), rated"
            who = _("{players}, rated").format(players=who)
    else:
        n = len(data["seats"])
        who = ngettext("{n} player", "{n} players", n).format(n=n)
    # TRANSLATORS: a saved game: its title, then who plays ("Alien City, 3 players")
    return _("{game}, {players}").format(game=title, players=who)


def seat_names(app, saved: SavedGame) -> list[str]:
    """Each seat as the list shows it: a person's name (else the seat's colour), a
    computer by its level (numbered when two share one; beside its colour, "Green
    (computer, easy)", where the colour names a seat as in Sprawl's match)."""
    from .computer import computer_labels
    from .seat_words import seat_label
    labels: list[str] = []
    beside = False
    try:
        plugin = app.games.get(saved.game)
        beside = plugin.names_beside_colour
        spec = plugin.spec
        labels = [s.label for s in spec.seats_of(spec.state_from_dict(saved.data["state"]))]
    except Exception:  # noqa: BLE001 - an unreadable position: names only
        labels = []
    computers = computer_labels([str(seat.get("level", "")) or "?" if seat.get("kind") == "computer" else None
                                 for seat in saved.seats])
    out = []
    for i, seat in enumerate(saved.seats):
        computer = computers[i]
        if computer is not None and beside and i < len(labels):
            out.append(seat_label(labels[i], level=str(seat.get("level", ""))))
        elif computer is not None:
            out.append(computer)
        else:
            out.append(str(seat.get("name", "")) or (labels[i] if i < len(labels) else "?"))
    return out


def turn_words(app, saved: SavedGame, names: list[str]) -> str:
    """Whose turn it is in a saved game, in the language in use."""
    to_move = saved.data.get("to_move")
    if not isinstance(to_move, int):
        try:
            spec = app.games.get(saved.game).spec
            to_move = spec.state_from_dict(saved.data["state"]).to_move
        except Exception:  # noqa: BLE001 - an unreadable position says nothing
            return ""
    if not isinstance(to_move, int) or not 0 <= to_move < len(names):
        return ""
    people = [i for i, s in enumerate(saved.seats) if s.get("kind") != "computer"]
    if people == [to_move]:
        return _("your turn")
    # TRANSLATORS: whose turn it is in a saved game: "Ann to move"
    return _("{name} to move").format(name=names[to_move])


def branch_words(saved: SavedGame) -> str:
    """Where a game played on from a replay branched off: "from game.ppn, move 12"."""
    branch = Branch.from_dict(saved.data.get("branch"))
    return "" if branch is None else from_words(branch)


def from_words(branch: Branch) -> str:
    # TRANSLATORS: a game begun with Play from here: the record it came from and the move
    return _("from {source}, move {n}").format(source=branch.source, n=branch.move)


def played_words(saved: SavedGame) -> str:
    """When it was last played: "2026-01-26 14:30" (the clock's own digits)."""
    try:
        return _dt.datetime.fromisoformat(saved.saved).strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return ""
