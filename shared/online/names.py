"""Player names: what a display name may be, and the key that makes names unique.

A name is what other players see in the lobby, the match and the archive, so it must be
readable and must not pass for someone else's. ``validate_name`` refuses what cannot be
shown honestly (empty, too long, invisible or control characters, spaces at the ends or
doubled, symbols); ``name_key`` turns a name into the key a server keeps unique, so that
two names that look alike share a key and the second is refused as taken:

1. NFKC folds compatibility forms (fullwidth Ｂｏｂ, mathematical 𝐁𝐨𝐛, ligatures);
2. case folding: Bob, BOB and bob are one name;
3. look-alike letters go to their prototype (``confusables``: Cyrillic в and Greek β to
   b, the digit 0 to o), then "rn" to "m";
4. the separators space, - _ . ' are dropped ("Bob 1", "Bob_1" and "bob1" are one).

So "B0b", "Воb" (Cyrillic В) and "BOB" are all taken once "Bob" is, while "AlI" (capital
i) and "All" stay two names: the game's font tells I from l (see ``confusables``).
Accents are kept:
"Ján" and "Jan" are two names, as they are two names in Slovak. A lookalike refused is
the price of no impostors: the player picks another name.

Errors are ``NameProblem``s with a ``code`` (what the server sends, as with its other
errors) and an English text; ``describe(code)`` gives the player's language.
"""

from __future__ import annotations

import unicodedata

from shared.i18n import domain
from shared.online.confusables import CONFUSABLES, SEQUENCES

_, N_, ngettext, pgettext = domain("online")

MIN_LENGTH = 2
MAX_LENGTH = 20
MAX_MARKS = 2  # combining marks on one letter: enough for Vietnamese, not for "zalgo" text
SEPARATORS = " -_.'"

# code -> English text (the server's words); describe() translates for a client.
PROBLEMS: dict[str, str] = {
    "name_empty": N_("Choose a name."),
    "name_too_short": N_("A name needs at least 2 characters."),
    "name_too_long": N_("A name can have at most 20 characters."),
    "name_invisible": N_("A name cannot contain invisible or control characters."),
    "name_spaces": N_("A name cannot start or end with a space or have two spaces in a row."),
    "name_characters": N_("A name can use letters, digits, spaces and - _ . ' only."),
    "name_no_letters": N_("A name needs at least one letter or digit."),
    "name_taken": N_("That name, or one that looks just like it, is taken: choose another."),
}


class NameProblem(ValueError):
    """A name refused: ``code`` for programs, the English text for people and logs."""

    def __init__(self, code: str, detail: str = "") -> None:
        self.code = code
        text = PROBLEMS[code]
        super().__init__(f"{text} ({detail})" if detail else text)


def describe(code: str) -> str:
    """The problem's sentence in the language in use (for the client)."""
    return _(PROBLEMS[code]) if code in PROBLEMS else code


def _character_problem(ch: str, marks: int) -> str | None:
    category = unicodedata.category(ch)
    if category[0] == "C" or category in ("Zl", "Zp"):
        return "name_invisible"  # control, format (zero-width, bidi), unassigned, private
    if category[0] == "M":
        return "name_characters" if marks > MAX_MARKS else None
    if category[0] in "LN" or ch in SEPARATORS:
        return None
    return "name_characters"  # symbols, emoji, and spaces other than the plain one


def validate_name(raw: object) -> str:
    """The name as it will be shown (NFC), or ``NameProblem`` saying what is wrong."""
    if not isinstance(raw, str):
        raise NameProblem("name_empty", f"not text: {type(raw).__name__}")
    name = unicodedata.normalize("NFC", raw)
    if name == "":
        raise NameProblem("name_empty")
    marks = 0
    for index, ch in enumerate(name):
        marks = marks + 1 if unicodedata.category(ch)[0] == "M" else 0
        # a mark belongs on a letter or digit, not first or on a separator
        lone = marks == 1 and (index == 0 or name[index - 1] in SEPARATORS)
        problem = "name_characters" if lone else _character_problem(ch, marks)
        if problem:
            raise NameProblem(problem, f"U+{ord(ch):04X} {unicodedata.name(ch, '?')}")
    if name != name.strip() or "  " in name:
        raise NameProblem("name_spaces")
    if name.strip() == "":
        raise NameProblem("name_empty")
    if len(name) > MAX_LENGTH:
        raise NameProblem("name_too_long", f"{len(name)} characters")
    if len(name) < MIN_LENGTH:
        raise NameProblem("name_too_short")
    if name_key(name) == "":
        raise NameProblem("name_no_letters")
    return name


def _fold_lookalikes(text: str) -> str:
    return "".join(CONFUSABLES.get(ch, ch) for ch in text)


def name_key(name: str) -> str:
    """The key two names share when they look alike (see the module's docstring)."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    text = _fold_lookalikes(folded)
    for letters, prototype in SEQUENCES:
        text = text.replace(letters, prototype)
    return "".join(ch for ch in text if ch not in SEPARATORS)


def same_name(a: str, b: str) -> bool:
    """True when the two names would be one on a server."""
    return name_key(a) == name_key(b)
