"""Find user-visible text that skipped the catalogue.

Under the pseudo language every translated string comes back wrapped in marks
(``shared.i18n.PSEUDO``).  ``recording_texts`` records every string the client draws
(``TextCache.render`` is the one place text becomes pixels, each line of a wrapped text
counted as the whole text it came from); ``unmarked`` then lists the strings with words
outside any marks: English that never went through ``_()``.  What counts as marked is
``tests/i18n/marks.py``'s question (nested marks, a text cut with "…").

Each screen's test drives its screen under the pseudo language and asserts that
``unmarked(texts, allow=...)`` is empty; ``allow`` names data that is not ours to
translate (player names, lot names, numbers, file names)."""

from __future__ import annotations

import contextlib
from typing import Iterable, Iterator

from client.assets import TextCache
from shared import i18n

from ..i18n import marks


@contextlib.contextmanager
def recording_texts(language: str = i18n.PSEUDO) -> Iterator[list[str]]:
    """Switch to ``language`` and record every string drawn until the block ends."""
    texts: list[str] = []
    original, original_wrap = TextCache.render, TextCache.wrap
    wrapped: dict[str, str] = {}  # a line of wrapped text -> the whole text (marks intact)

    def render(self, text, *args, **kwargs):
        texts.append(wrapped.get(text, text))
        return original(self, text, *args, **kwargs)

    def wrap(self, text, *args, **kwargs):
        lines = original_wrap(self, text, *args, **kwargs)
        for line in lines:
            if line != text:
                wrapped[line] = text
        return lines

    TextCache.render, TextCache.wrap = render, wrap
    try:
        with marks.language(language):
            yield texts
    finally:
        TextCache.render, TextCache.wrap = original, original_wrap


def unmarked(texts: Iterable[str], allow: Iterable[marks.Allowed] = ()) -> list[str]:
    """The drawn strings that still hold a word outside the pseudo marks (after removing
    each allowed piece of data), each once, in the order drawn."""
    allow = list(allow)
    out: list[str] = []
    for text in texts:
        if text not in out and marks.bare_words(text, allow):
            out.append(text)
    return out
