"""Translations: English source strings, Slovak and French catalogues, through gettext.

Every part of the program has its own catalogue (a gettext *domain*), so the people
translating one screen never edit the file of another.  A module marks its strings with
the functions of its domain and looks them up each time it draws, so changing the
language in Options takes effect on the next frame::

    from shared.i18n import domain
    _, N_, ngettext, pgettext = domain("cityblocks")

    LABEL = N_("Pass")               # marked for extraction, translated where shown
    text = _("Lot {lot} is taken.").format(lot=lot)

English is the source language: an English run never opens a catalogue.  Catalogues
live in ``shared/i18n/locale/<lang>/LC_MESSAGES/<domain>.po`` and are shipped compiled
(``.mo`` beside each ``.po``); ``tools/i18n.py`` extracts, updates and compiles them and
``tests/i18n`` fails when a marked string has no translation or a ``.mo`` is stale.

The server never changes the language: its error texts stay English and clients
translate by the error's ``code``.
"""

from __future__ import annotations

import gettext as _gettext
import os
from pathlib import Path
from typing import Callable

LOCALE_DIR = Path(__file__).resolve().parent / "locale"

# Language code -> its own name, as the Options screen offers it.
LANGUAGES: dict[str, str] = {"en": "English", "sk": "Slovenčina", "fr": "Français"}
SOURCE_LANGUAGE = "en"

# Every catalogue of the program; tools/i18n.py maps each to its source folders.
DOMAINS = ("client", "online", "aliencity", "aliencity-rules", "cityblocks", "sprawl", "cli", "review")

# A test-only language: every translated string comes back wrapped in these marks, so a
# test that records what the screen drew can tell marked strings from forgotten ones.
PSEUDO = "qps"
PSEUDO_OPEN, PSEUDO_CLOSE = "\u27e6", "\u27e7"

_language = SOURCE_LANGUAGE
_cache: dict[tuple[str, str], _gettext.NullTranslations] = {}


def system_language(environ: dict[str, str] | None = None) -> str:
    """The first supported language the environment asks for (LANGUAGE, LC_ALL,
    LC_MESSAGES, LANG, as gettext reads them), else English."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for item in value.split(":"):
            code = item.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
            if code in ("c", "posix"):
                return SOURCE_LANGUAGE
        if var != "LANGUAGE":
            break  # gettext stops at the first of LC_ALL/LC_MESSAGES/LANG that is set
    return SOURCE_LANGUAGE


def resolve(choice: str | None) -> str:
    """A saved choice ('system', '', a code or a stale value) to a language code."""
    if choice in LANGUAGES or choice == PSEUDO:
        return choice
    return system_language()


def set_language(code: str | None) -> str:
    """Switch every domain to ``code`` ('system' or None: the environment's); returns the
    code now in use."""
    global _language
    _language = resolve(code)
    return _language


def current_language() -> str:
    return _language


class _Pseudo(_gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return PSEUDO_OPEN + message + PSEUDO_CLOSE

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return PSEUDO_OPEN + (singular if n == 1 else plural) + PSEUDO_CLOSE

    def pgettext(self, context: str, message: str) -> str:
        return self.gettext(message)


def translations(name: str, code: str | None = None) -> _gettext.NullTranslations:
    """The catalogue of one domain in one language (English: the identity)."""
    code = _language if code is None else code
    key = (name, code)
    found = _cache.get(key)
    if found is None:
        if code == PSEUDO:
            found = _Pseudo()
        elif code == SOURCE_LANGUAGE:
            found = _gettext.NullTranslations()
        else:
            found = _gettext.translation(name, localedir=str(LOCALE_DIR),
                                         languages=[code], fallback=True)
        _cache[key] = found
    return found


def mark(message: str) -> str:
    """Mark a string for extraction without translating it (translate where shown)."""
    return message


def domain(name: str) -> tuple[Callable[[str], str], Callable[[str], str],
                               Callable[[str, str, int], str], Callable[[str, str], str]]:
    """``_, N_, ngettext, pgettext`` bound to one catalogue."""
    if name not in DOMAINS:
        raise ValueError(f"unknown translation domain {name!r}; add it to shared.i18n.DOMAINS")

    def _(message: str) -> str:
        return translations(name).gettext(message) if message else message

    def ngettext(singular: str, plural: str, n: int) -> str:
        return translations(name).ngettext(singular, plural, n)

    def pgettext(context: str, message: str) -> str:
        return translations(name).pgettext(context, message)

    return _, mark, ngettext, pgettext
