"""The server and its clients meet only in ``shared``: the server imports neither the
game window nor the headless bot, and the headless bot imports neither the server nor
pygame (it is a client like any other, speaking ``shared.wire``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def imported(folder: str) -> dict[str, set[str]]:
    """Each module file under ``folder`` -> the top-level packages it imports."""
    found: dict[str, set[str]] = {}
    for path in sorted((ROOT / folder).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def test_the_server_imports_no_client():
    wrong = {path: names & {"alien_city", "client", "pygame"}
             for path, names in imported("server").items()}
    assert {path: names for path, names in wrong.items() if names} == {}


def test_the_headless_bot_imports_no_server_and_no_window():
    wrong = {path: names & {"server", "client", "pygame"}
             for path, names in imported("alien_city/headless").items()}
    assert {path: names for path, names in wrong.items() if names} == {}
    assert "shared" in imported("alien_city/headless")["alien_city/headless/bot.py"]
