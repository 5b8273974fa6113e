"""The project's biggest classes, each counted with what it inherits from the project's own
classes (a screen grown from mixins counts them all): composition keeps them small.

    python3 tools/class_sizes.py [LIMIT] [PACKAGE ...]

Prints every class over LIMIT lines (default 500) in the packages (default client, server,
shared, alien_city), biggest first; exits 1 if there is one.
"""

from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("client", "server", "shared", "alien_city")


def own_file(cls: type) -> bool:
    """Whether ``cls`` is the project's (not the standard library's or a dependency's)."""
    module = sys.modules.get(cls.__module__)
    path = getattr(module, "__file__", None)
    if not path or not Path(path).resolve().is_relative_to(ROOT):
        return False
    # a virtual environment inside the checkout (CI's ``.venv``) holds dependencies, not ours
    return "site-packages" not in Path(path).resolve().relative_to(ROOT).parts


def counted_lines(cls: type) -> int:
    """The class's source lines plus those of every project class in its MRO."""
    total = 0
    for base in cls.__mro__:
        if base is object or not own_file(base):
            continue
        try:
            total += len(inspect.getsourcelines(base)[0])
        except (OSError, TypeError):
            continue
    return total


def class_sizes(packages: tuple[str, ...] = PACKAGES) -> dict[str, int]:
    """Every class defined in the packages' modules, by its dotted name."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sizes: dict[str, int] = {}
    for name in packages:
        package = importlib.import_module(name)
        modules = [name] + [info.name for info in pkgutil.walk_packages(package.__path__, name + ".")]
        for module_name in modules:
            if module_name.endswith("__main__"):
                continue
            module = importlib.import_module(module_name)
            for cls_name, cls in inspect.getmembers(module, inspect.isclass):
                if cls.__module__ == module.__name__:
                    sizes[f"{module_name}.{cls_name}"] = counted_lines(cls)
    return sizes


def main(argv: list[str]) -> int:
    limit = int(argv[0]) if argv else 500
    packages = tuple(argv[1:]) or PACKAGES
    over = sorted(((n, c) for c, n in class_sizes(packages).items() if n > limit), reverse=True)
    for lines, name in over:
        print(f"{lines:5d} {name}")
    print(f"classes_over_{limit}={len(over)}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main(sys.argv[1:]))
