"""Keep the translation catalogues in step with the code (needs Babel: ``pip install babel``).

    python3 tools/i18n.py update [DOMAIN ...]   extract marked strings, merge them into
                                                every language's .po, compile the .mo
    python3 tools/i18n.py compile [DOMAIN ...]  .po -> .mo only (after editing a .po)
    python3 tools/i18n.py check [DOMAIN ...]    list what is untranslated, fuzzy or stale;
                                                exit status 1 if anything is

Each domain is extracted from its own folders (SOURCES below), so each catalogue belongs
to one part of the program.  New entries arrive empty; translate them in the .po (game
terms follow the Slovak and French rules texts) and run ``compile``.
"""

from __future__ import annotations

import datetime
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from shared.i18n import DOMAINS, LANGUAGES, LOCALE_DIR, SOURCE_LANGUAGE  # noqa: E402

# Domain -> the source folders or files whose marked strings it holds.
ONLINE = ("client/online.py", "client/matchview.py", "client/net.py", "client/connect.py",
          "client/hosting.py", "client/lan.py", "client/joinlink.py", "client/tokens.py",
          "client/scenes/online.py", "client/scenes/lobby.py", "client/scenes/host.py",
          "client/scenes/lan_games.py", "client/scenes/continue_online.py",
          "client/scenes/chrome.py", "client/scenes/chatpane.py", "client/scenes/hostbar.py",
          "client/refusals.py", "shared/online", "client/online_accounts.py", "client/clockview.py",
          "client/scenes/names.py", "client/scenes/ratings.py", "client/scenes/clock_pane.py",
          "client/scenes/tv.py", "client/archive.py", "client/scenes/archive.py")
SOURCES: dict[str, tuple[str, ...]] = {
    "client": ("client",),  # the shell: everything in client/ not claimed below
    "online": ONLINE,
    "aliencity": ("client/games/aliencity",),
    "aliencity-rules": ("shared/aliencity",),
    "cityblocks": ("shared/cityblocks", "client/games/cityblocks"),
    "sprawl": ("shared/sprawl", "client/games/sprawl"),
    "cli": ("alien_city", "shared/gamekit", "shared/bots", "shared/netkit"),
    "review": ("client/review",),
}
# The review domain also takes any module whose name says so, wherever it lives.
REVIEW_GLOBS = ("shared/gamekit/review*.py", "client/scenes/review*.py")

KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLURALS = {  # (nplurals, expression) as the .po header states them
    "sk": (3, "(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2"),
    "fr": (2, "(n > 1)"),
}


def _listed(entries: tuple[str, ...]) -> list[Path]:
    files: list[Path] = []
    for entry in entries:
        path = ROOT / entry
        if path.is_dir():
            files.extend(sorted(path.rglob("*.py")))
        elif path.exists():
            files.append(path)
    return files


def source_files(name: str) -> list[Path]:
    """The files of one domain; a file in a folder of a wider domain ('client') belongs to
    the narrower one that names it or its folder."""
    files = _listed(SOURCES[name])
    if name == "review":
        for pattern in REVIEW_GLOBS:
            files.extend(sorted(ROOT.glob(pattern)))
        return files
    claimed = {f for other in DOMAINS if other != name and other != "client"
               for f in source_files(other)} if name == "client" else set()
    if name != "review":
        claimed |= set(source_files("review"))
    return [f for f in files if f not in claimed]


def template(name: str) -> Catalog:
    """Every string the domain's sources mark, with where it was found."""
    catalog = Catalog(domain=name, project="Alien City", charset="utf-8")
    for path in source_files(name):
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True):
            catalog.add(message, None, [(rel, lineno)], auto_comments=comments,
                        context=context)
    return catalog


def po_path(lang: str, name: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{name}.po"


def load(lang: str, name: str) -> Catalog:
    path = po_path(lang, name)
    if path.exists():
        with path.open("rb") as f:
            return read_po(f, locale=lang, domain=name)
    return Catalog(locale=lang, domain=name, project="Alien City", charset="utf-8")


def save(catalog: Catalog, lang: str, name: str) -> None:
    nplurals, expr = PLURALS[lang]
    catalog.header_comment = (f"# {LANGUAGES[lang]} texts of Alien City ({name}).\n"
                              "# Game terms follow the rules texts in that language.")
    catalog._num_plurals, catalog._plural_expr = nplurals, expr
    catalog.fuzzy = False
    catalog.project, catalog.version = "Alien City", "0.1.0"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = catalog.language_team = f"Alien City team ({LANGUAGES[lang]})"
    path = po_path(lang, name)
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=False,
             include_previous=False, ignore_obsolete=True)
    text = buf.getvalue().decode("utf-8")
    # Drop the volatile creation/revision dates so an unchanged catalogue stays unchanged.
    text = "\n".join(line for line in text.splitlines()
                     if not line.startswith(('"POT-Creation-Date:', '"PO-Revision-Date:')))
    path.write_text(text + "\n", encoding="utf-8")
    compile_one(lang, name)


# The .mo header carries dates; fixed ones keep a recompiled, unchanged catalogue
# byte-identical (no churn in commits).
FIXED_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)


def compile_one(lang: str, name: str) -> None:
    catalog = load(lang, name)
    catalog.creation_date = catalog.revision_date = FIXED_DATE
    with po_path(lang, name).with_suffix(".mo").open("wb") as f:
        write_mo(f, catalog, use_fuzzy=False)


def problems(lang: str, name: str) -> list[str]:
    """What is wrong with one catalogue against the code, one line per problem."""
    wanted = template(name)
    have = load(lang, name)
    out = []
    for msg in wanted:
        if not msg.id:
            continue
        found = have.get(msg.id, context=msg.context)
        where = ", ".join(f"{f}:{n}" for f, n in msg.locations[:2])
        if found is None:
            out.append(f"{lang}/{name}: missing {msg.id!r} ({where})")
        elif found.fuzzy:
            out.append(f"{lang}/{name}: fuzzy {msg.id!r}")
        elif not found.string or (isinstance(found.string, tuple) and not all(found.string)):
            out.append(f"{lang}/{name}: untranslated {msg.id!r} ({where})")
    return out


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("update", "compile", "check"):
        print(__doc__)
        return 2
    command, names = argv[0], (argv[1:] or list(DOMAINS))
    unknown = [n for n in names if n not in DOMAINS]
    if unknown:
        print(f"unknown domain(s): {', '.join(unknown)}; known: {', '.join(DOMAINS)}")
        return 2
    langs = [code for code in LANGUAGES if code != SOURCE_LANGUAGE]
    bad = 0
    for name in names:
        if command == "update":
            tmpl = template(name)
            for lang in langs:
                catalog = load(lang, name)
                catalog.update(tmpl, no_fuzzy_matching=True)
                save(catalog, lang, name)
            print(f"{name}: {len([m for m in tmpl if m.id])} strings")
        elif command == "compile":
            for lang in langs:
                if po_path(lang, name).exists():
                    compile_one(lang, name)
        else:
            for lang in langs:
                for line in problems(lang, name):
                    print(line)
                    bad += 1
    if command == "check":
        print(f"{bad} problem(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
