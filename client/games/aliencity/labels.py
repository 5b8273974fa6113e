"""Buttons whose label follows the language: a button keeps its English label as its key
(tests and code may look a button up by it) and shows the translation of the moment."""

from __future__ import annotations

from typing import Callable, Iterable

from client.view.widgets import Button
from shared.i18n import domain

_, N_, ngettext, pgettext = domain("aliencity")


def button(label: str, on_click: Callable[[], None], **kwargs) -> Button:
    """A button showing ``_(label)``; ``label`` must be marked with ``N_`` where written."""
    made = Button(_(label), on_click, **kwargs)
    made.label_key = label
    return made


def relabel(buttons: Iterable[Button]) -> bool:
    """Show each keyed button's label in the language in use; True if any changed (the
    caller lays the buttons out again: their widths follow their labels)."""
    changed = False
    for b in buttons:
        key = b.label_key
        if key is not None and b.label != _(key):
            b.label = _(key)
            changed = True
    return changed


def fit_size(text_cache, text: str, size: int, width: int, bold: bool = False, floor: int = 11,
             display: bool = False) -> int | None:
    """The largest size up to ``size`` at which ``text`` is no wider than ``width`` (a longer
    translation shrinks), or None when even ``floor`` is too wide; ``display``: measured in
    the title font (``shadowed`` draws in it)."""
    while size >= floor:
        if text_cache.font(size, bold, display).size(text)[0] <= width:
            return size
        size -= 1
    return None
