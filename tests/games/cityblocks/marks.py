"""Words outside the pseudo language's marks, with marks nested (a translated colour inside
a translated sentence: ``⟦It is ⟦blue⟧'s turn⟧``): the innermost marked parts are removed
first, so only English that skipped the catalogue is left."""

from __future__ import annotations

import re

from shared import i18n

OPEN, CLOSE = i18n.PSEUDO_OPEN, i18n.PSEUDO_CLOSE
_INNER = re.compile(re.escape(OPEN) + "[^" + re.escape(OPEN + CLOSE) + "]*" + re.escape(CLOSE))
_WORD = re.compile(r"[^\W\d_]{2,}")


def flatten(text: str) -> str:
    """``text`` with every marked part (nested ones too) replaced by one empty mark. A text
    cut to fit its box (ends in "…") lost its closing marks: they are put back (whether
    real translations fit is the fit tests' question)."""
    if text.endswith("…"):
        text += CLOSE * max(0, text.count(OPEN) - text.count(CLOSE))
    while True:
        shorter = _INNER.sub("\x00", text)
        if shorter == text:
            return text.replace("\x00", OPEN + CLOSE)
        text = shorter


def outside_marks(text: str) -> list[str]:
    """The words of ``text`` no mark covers."""
    return _WORD.findall(flatten(text))
