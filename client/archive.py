"""The server's archive on this computer: a finished match's row in words, and its
downloaded record kept in the records folder (where Files lists it) before it opens in
the game's replay.

Why keep the download: the replay then works offline and the record stays with the
player's own games; a second download of the same match reuses the file instead of
piling up copies. No pygame here (the browser is client/scenes/archive.py)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from shared.i18n import domain

from .config import records_dir
from .records import save_record

_, N_, ngettext, pgettext = domain("online")


class ArchiveError(Exception):
    """A downloaded record this client cannot keep or show: the text says why."""


def result_text(row: dict) -> str:
    """Who won and how: "Ann won", "Ann won on time", "Shared first place", ..."""
    players = [p for p in row.get("players") or [] if isinstance(p, dict)]
    ranking = row.get("ranking") or []
    firsts = [str(p.get("name") or "?") for p, place in zip(players, ranking) if place == 1]
    if len(firsts) != 1:
        # TRANSLATORS: an archived match that nobody won alone (a draw or a tie).
        return _("Shared first place") if firsts else _("No result")
    reason = row.get("reason")
    if reason == "time":
        return _("{name} won on time").format(name=firsts[0])
    if reason == "resigned":
        return _("{name} won by resignation").format(name=firsts[0])
    return _("{name} won").format(name=firsts[0])


def players_text(row: dict) -> str:
    """The players by place: "1. Ann, 2. Bob" (seat order within a shared place)."""
    ranking = row.get("ranking") or []
    placed = []
    for i, p in enumerate(row.get("players") or []):
        if not isinstance(p, dict):
            continue
        place = ranking[i] if i < len(ranking) and isinstance(ranking[i], int) else None
        name = str(p.get("name") or "?")
        placed.append((place or 99, f"{place}. {name}" if place else name))
    return ", ".join(text for _place, text in sorted(placed, key=lambda x: x[0]))


def facts_text(row: dict, title_of: Callable[[object], str]) -> str:
    """When it ended, the game, its time control, rated or casual."""
    ended = row.get("ended")
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(float(ended))) \
        if isinstance(ended, (int, float)) else "?"
    clock = row.get("clock")
    if isinstance(clock, str) and clock.startswith("corr:"):
        days = int(clock[5:]) if clock[5:].isdigit() else 1
        control = ngettext("{n} day a move", "{n} days a move", days).format(n=days)
    else:
        # TRANSLATORS: an archived match without a clock.
        control = clock if isinstance(clock, str) and clock else _("untimed")
    rated = _("rated") if row.get("rated") else _("casual")
    return "   ".join((when, title_of(row.get("game")), control, rated))


def record_of(message: dict) -> tuple[str, str, str]:
    """(game, match code, record text) of a ``record`` answer, or :class:`ArchiveError`
    saying what it lacks."""
    text, game, match = message.get("record"), message.get("game"), message.get("match")
    if not isinstance(text, str) or not text.strip():
        raise ArchiveError(_("The server sent no record for this match."))
    if not isinstance(game, str) or not game:
        raise ArchiveError(_("The server did not say which game this record is."))
    return game, "".join(ch for ch in str(match or "") if ch.isalnum())[:16], text


def keep_record(message: dict, suffix: str, folder: Path | None = None) -> Path:
    """Save a ``record`` answer's text in the records folder (the file of an earlier
    download of the same match if it holds the same text); returns the file. Raises
    :class:`ArchiveError` for an answer that holds no record, ``OSError`` when the
    folder cannot be written."""
    game, code, text = record_of(message)
    stem = f"{game}-{code}" if code else game
    folder = folder or records_dir()
    for old in sorted(folder.glob(f"{stem}-*{suffix}")) if folder.is_dir() else ():
        try:
            if old.read_text(encoding="utf-8") == text:
                return old
        except (OSError, UnicodeDecodeError):
            continue
    return save_record(text, stem, suffix, folder)
