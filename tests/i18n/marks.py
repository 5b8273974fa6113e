"""Tell translated text from English that skipped the catalogue, under the pseudo language.

Under ``shared.i18n.PSEUDO`` every looked-up string comes back as ``⟦text⟧``, nested when a
translated sentence holds translated words (``⟦It is ⟦blue⟧'s turn⟧``).  What lies outside
every mark was never looked up: a word of two letters or more there is English a person
would read untranslated.  ``allow`` names data that is not ours to translate (player names,
record tokens, codes).  The one place every test asks this question (no pygame here: the
client's drawing recorder is ``tests/client/i18n_harness.py``)."""

from __future__ import annotations

import contextlib
import re
from typing import Iterable, Iterator, Union

from shared import i18n

OPEN, CLOSE = i18n.PSEUDO_OPEN, i18n.PSEUDO_CLOSE
# The innermost marked piece: marks nest, so they are removed from the inside out.
_INNER = re.compile(re.escape(OPEN) + "[^" + re.escape(OPEN + CLOSE) + "]*" + re.escape(CLOSE))
WORD = re.compile(r"[^\W\d_]{2,}")  # two letters or more: 'f3', 'A', '12' are not words
ELLIPSIS = "…"

Allowed = Union[str, "re.Pattern[str]"]


def flatten(text: str) -> str:
    """``text`` with every marked part (nested ones too) replaced by one empty mark ``⟦⟧``.
    A text cut to fit its box (ends in "…") lost its closing marks: they are put back
    (whether real translations fit is the fit tests' question).  An opening mark that is
    never closed hides nothing."""
    if text.endswith(ELLIPSIS):
        text += CLOSE * max(0, text.count(OPEN) - text.count(CLOSE))
    while True:
        shorter = _INNER.sub("\x00", text)
        if shorter == text:
            return text.replace("\x00", OPEN + CLOSE)
        text = shorter


def outside_marks(text: str) -> str:
    """The characters of ``text`` that no ⟦ ⟧ pair encloses (each marked part becomes a
    space, so letters on both sides of it never join into a word)."""
    rest = flatten(text).replace(OPEN + CLOSE, " ")
    return rest.replace(OPEN, "").replace(CLOSE, "")


def bare_words(text: str, allow: Iterable[Allowed] = ()) -> list[str]:
    """The words of ``text`` outside the marks, after removing each allowed piece of data
    (a string, longest first, or a compiled pattern)."""
    rest = outside_marks(text)
    strings: list[str] = []
    for data in allow:
        if isinstance(data, str):
            strings.append(data)
        else:
            rest = data.sub(" ", rest)
    for data in sorted(set(strings), key=len, reverse=True):
        if data:
            rest = rest.replace(data, " ")
    return WORD.findall(rest)


def is_marked(text: str, allow: Iterable[Allowed] = ()) -> bool:
    """``text`` went through a catalogue: it has a mark and no bare word."""
    return OPEN in text and not bare_words(text, allow)


@contextlib.contextmanager
def language(code: str) -> Iterator[str]:
    """Run a block in language ``code``; the language in use before comes back afterwards,
    whatever happens."""
    previous = i18n.current_language()
    i18n.set_language(code)
    try:
        yield code
    finally:
        i18n.set_language(previous)


def pseudo() -> contextlib.AbstractContextManager[str]:
    """Run a block under the pseudo language (every translated string marked)."""
    return language(i18n.PSEUDO)
