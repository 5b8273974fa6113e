"""Tell translated text from English that skipped the catalogue, under the pseudo language.

Under ``shared.i18n.PSEUDO`` every looked-up string comes back as ``⟦text⟧`` (nested when
a translated sentence holds translated words). What lies outside every mark was never
looked up: a word of two or more letters there is English a person would read untranslated.
"""

from __future__ import annotations

import contextlib
import re
from typing import Iterator

from shared import i18n

WORD = re.compile(r"[A-Za-z]{2,}")


def outside_marks(text: str) -> str:
    """The characters of ``text`` that no ⟦ ⟧ pair encloses."""
    depth, out = 0, []
    for ch in text:
        if ch == i18n.PSEUDO_OPEN:
            depth += 1
        elif ch == i18n.PSEUDO_CLOSE:
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def bare_words(text: str, allow: tuple[str, ...] = ()) -> list[str]:
    """Words outside the marks (data such as a quoted record token may be allowed)."""
    rest = outside_marks(text)
    for data in allow:
        rest = rest.replace(data, " ")
    return WORD.findall(rest)


def is_marked(text: str, allow: tuple[str, ...] = ()) -> bool:
    return i18n.PSEUDO_OPEN in text and not bare_words(text, allow)


@contextlib.contextmanager
def language(code: str) -> Iterator[None]:
    """Run a block in one language, English again afterwards whatever happens."""
    i18n.set_language(code)
    try:
        yield
    finally:
        i18n.set_language("en")
