"""Find user-visible text that skipped the catalogue.

Under the pseudo language every translated string comes back wrapped in marks
(``shared.i18n.PSEUDO``).  ``recording_texts`` records every string the client draws
(``TextCache.render`` is the one place text becomes pixels); ``unmarked`` then lists the
strings with words outside any marks: English that never went through ``_()``.

Each screen's test drives its screen under the pseudo language and asserts that
``unmarked(texts, allow=...)`` is empty; ``allow`` names data that is not ours to
translate (player names, lot names, numbers, file names)."""

from __future__ import annotations

import contextlib
import re
from typing import Iterable, Iterator

from client.assets import TextCache
from shared import i18n

# The innermost marked piece: a translated word formatted into a translated sentence
# ("⟦it is ⟦red⟧'s turn⟧") nests marks, so they are removed from the inside out.
_MARKED = re.compile(re.escape(i18n.PSEUDO_OPEN) + r"[^" + re.escape(i18n.PSEUDO_OPEN + i18n.PSEUDO_CLOSE)
                     + r"]*" + re.escape(i18n.PSEUDO_CLOSE))
_WORD = re.compile(r"[^\W\d_]{2,}")  # two letters or more: 'f3', 'A', '12' are not words


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

    previous = i18n.current_language()
    TextCache.render, TextCache.wrap = render, wrap
    i18n.set_language(language)
    try:
        yield texts
    finally:
        TextCache.render, TextCache.wrap = original, original_wrap
        i18n.set_language(previous)


def unmarked(texts: Iterable[str], allow: Iterable[str] = ()) -> list[str]:
    """The drawn strings that still hold a word outside the pseudo marks (after removing
    each allowed piece of data), each once, in the order drawn."""
    allowed = sorted(set(allow), key=len, reverse=True)
    out: list[str] = []
    for text in texts:
        rest, found = text, 1
        while found:
            rest, found = _MARKED.subn(" ", rest)
        for piece in allowed:
            rest = rest.replace(piece, " ")
        if _WORD.search(rest) and text not in out:
            out.append(text)
    return out
