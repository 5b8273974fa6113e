"""Comments in the records whose comments run from ``#`` to the end of the line (City
Blocks' ``.cbr``, Sprawl's ``.spr``): ``Key: value`` headers, a blank line, then move
tokens. A comment belongs to the token before it; one before the first token (in the
header too) is about the start. Replays show them beside the moves."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Comments:
    """``start``: the comment before the first token; ``after[i]``: the one after token i."""

    start: str = ""
    after: dict[int, str] = field(default_factory=dict)
    tokens: int = 0  # how many move tokens the text has

    def per_move(self, moves: int) -> list[str]:
        """One comment per move when the record's tokens are its moves one for one (a
        lenient reading that skipped a token has no sure place for them: none then)."""
        if moves != self.tokens:
            return [""] * moves
        return [self.after.get(i, "") for i in range(moves)]


def _join(old: str, new: str) -> str:
    return f"{old} {new}".strip() if new else old


def hash_comments(text: str) -> Comments:
    """The ``#`` comments of a record, placed after the tokens they follow."""
    out = Comments()
    lines = text.lstrip("\ufeff").splitlines()
    i = 0
    while i < len(lines) and not lines[i].split("#", 1)[0].strip():  # before the header
        out.start = _join(out.start, _words(lines[i]))
        i += 1
    while i < len(lines) and lines[i].split("#", 1)[0].strip():      # the header
        out.start = _join(out.start, _words(lines[i]))
        i += 1
    for line in lines[i:]:
        code, _, _comment = line.partition("#")
        out.tokens += len(code.split())
        words = _words(line)
        if not words:
            continue
        if out.tokens == 0:
            out.start = _join(out.start, words)
        else:
            out.after[out.tokens - 1] = _join(out.after.get(out.tokens - 1, ""), words)
    return out


def _words(line: str) -> str:
    """The comment of one line, one space between words ("" for none)."""
    _code, sep, comment = line.partition("#")
    return " ".join(comment.split()) if sep else ""
