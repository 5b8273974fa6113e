"""The catalogues match the code: every marked string is translated into Slovak and
French, placeholders survive translation, and the shipped .mo files are the .po files
compiled (a stale .mo would show old texts to players)."""

from __future__ import annotations

import gettext
import importlib.util
import re
import sys
from pathlib import Path

import pytest

from shared import i18n

ROOT = Path(__file__).resolve().parents[2]
pytest.importorskip("babel", reason="Babel extracts the marked strings (pip install '.[test]')")

spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
tool = importlib.util.module_from_spec(spec)
sys.modules["i18n_tool"] = tool
spec.loader.exec_module(tool)

LANGS = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]
PLACEHOLDER = re.compile(r"\{[a-z_0-9]*(?:![rsa])?(?::[^{}]*)?\}")


@pytest.mark.parametrize("name", i18n.DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_every_marked_string_is_translated(lang, name):
    problems = tool.problems(lang, name)
    assert not problems, (f"{len(problems)} string(s) lack a {lang} translation; run "
                          "`python3 tools/i18n.py update` and translate:\n" + "\n".join(problems[:40]))


@pytest.mark.parametrize("name", i18n.DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_survive_translation(lang, name):
    bad = []
    for msg in tool.load(lang, name):
        if not msg.id or not msg.string:
            continue
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        wanted = set(PLACEHOLDER.findall(ids[-1])) | set(PLACEHOLDER.findall(ids[0]))
        for text in strings:
            got = set(PLACEHOLDER.findall(text))
            # A plural form may leave out {n} ("one tower"), never invent a name.
            if not got <= wanted or (len(ids) == 1 and got != wanted):
                bad.append(f"{msg.id!r} -> {text!r}")
    assert not bad, f"{lang}/{name}: placeholders changed:\n" + "\n".join(bad)


@pytest.mark.parametrize("name", i18n.DOMAINS)
@pytest.mark.parametrize("lang", LANGS)
def test_shipped_mo_is_the_compiled_po(lang, name):
    po = tool.po_path(lang, name)
    assert po.exists(), f"{po} is missing; run `python3 tools/i18n.py update`"
    with po.with_suffix(".mo").open("rb") as f:
        shipped = gettext.GNUTranslations(f)._catalog
    expected = {}
    for msg in tool.load(lang, name):
        if not msg.id or msg.fuzzy or not msg.string:
            continue
        key = msg.id if not msg.context else f"{msg.context}\x04{msg.id}"
        if isinstance(msg.id, tuple):
            key = msg.id[0] if not msg.context else f"{msg.context}\x04{msg.id[0]}"
            for i, form in enumerate(msg.string):
                expected[(key, i)] = form
        else:
            expected[key] = msg.string
    shipped = {k: v for k, v in shipped.items() if k != ""}
    assert shipped == expected, f"{po.with_suffix('.mo')} is stale; run `python3 tools/i18n.py compile {name}`"


def test_language_choice_follows_the_environment():
    assert i18n.system_language({"LANG": "sk_SK.UTF-8"}) == "sk"
    assert i18n.system_language({"LANGUAGE": "de:fr", "LANG": "de_DE.UTF-8"}) == "fr"
    assert i18n.system_language({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}) == "en"
    assert i18n.system_language({"LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.system_language({}) == "en"
    assert i18n.resolve("fr") == "fr"


def test_unknown_domain_is_refused_by_name():
    with pytest.raises(ValueError, match="'nope'"):
        i18n.domain("nope")


def test_switching_language_changes_the_next_lookup():
    _, _n, ngettext, _p = i18n.domain("client")
    try:
        i18n.set_language(i18n.PSEUDO)
        assert _("Quit") == "\u27e6Quit\u27e7"
        assert ngettext("one tower", "{n} towers", 3) == "\u27e6{n} towers\u27e7"
        i18n.set_language("en")
        assert _("Quit") == "Quit"
    finally:
        i18n.set_language("en")


def test_each_module_marks_strings_in_its_own_catalogue():
    """A module's ``domain("x")`` must be the catalogue its file is extracted into, or
    its strings would be looked up in a catalogue that does not hold them."""
    owner = {path: name for name in i18n.DOMAINS for path in tool.source_files(name)}
    wrong = []
    for path in sorted(ROOT.glob("**/*.py")):
        if any(part in ("tests", "build", ".git") or part.startswith(".") for part in
               path.relative_to(ROOT).parts[:-1]) or path.parent == ROOT / "shared" / "i18n":
            continue  # (the i18n package's own docstring shows an example)
        for used in re.findall(r"""\bdomain\(\s*["']([\w-]+)["']\s*\)""", path.read_text("utf-8")):
            if owner.get(path) != used:
                wrong.append(f"{path.relative_to(ROOT)} uses {used!r}, is extracted into "
                             f"{owner.get(path)!r}")
    assert not wrong, "\n".join(wrong)


# One way of addressing the player per language: French says "vous", Slovak "ty" (as
# games in Slovak do). These words only occur in the other register.
OTHER_REGISTER = {
    "fr": re.compile(r"\b(tu|toi|ton|ta|tes|te|t['’]|choisis|prends)(?=\W)", re.IGNORECASE),
    "sk": re.compile(r"\b(ste|vás|vám|váš|vaša|vaše|vašu|vašej|vašich|máte|môžete|chcete|"
                     r"vyberte|kliknite|stlačte|zvoľte|zadajte|skúste|pokračujte|počkajte|"
                     r"zahrajte|ťahajte|ukážte|otvorte|zatvorte|napíšte|použite)(?=\W|$)", re.IGNORECASE),
}


@pytest.mark.parametrize("name", i18n.DOMAINS)
@pytest.mark.parametrize("lang", sorted(OTHER_REGISTER))
def test_the_player_is_addressed_one_way(lang, name):
    other = OTHER_REGISTER[lang]
    bad = []
    for msg in tool.load(lang, name):
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        bad += [text for text in strings if text and other.search(text)]
    assert not bad, f"{lang}/{name} mixes registers:\n" + "\n".join(bad)


# a record's own header syntax ('Key: value', "GameType: Name: …") is quoted, not French prose
LITERAL = re.compile(r"'[^']*'|\((?:GameType|Game):[^)]*\)")


@pytest.mark.parametrize("name", i18n.DOMAINS)
def test_french_puts_a_space_before_a_colon(name):
    """French typography: a space (or a no-break space) before ':' ';' '!' '?' closing a
    word, the same in every string (a text ending "Erreur:" beside one ending "Erreur :"
    reads as careless)."""
    bad = []
    for msg in tool.load("fr", name):
        if not msg.id:   # the catalogue's header
            continue
        strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        for text in strings:
            prose = LITERAL.sub("", PLACEHOLDER.sub("X", text or ""))
            if re.search(r"[^\s\u00a0\u202f][:;!?](?:\s|$)", prose):
                bad.append(text)
    assert not bad, f"fr/{name}: no space before a colon:\n" + "\n".join(bad)
