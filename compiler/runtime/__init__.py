"""What generated card modules import and what plays them: seeded dice, the event log, and one
package per game's encounter procedure.

Nothing here imports the rest of `compiler`, lark or jinja2: the runtime knows
cards only as the objects generated modules hand it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def names_from(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A game package's module `__getattr__` (PEP 562): each name it gives (`homes`: the
    module each lives in) is imported when first asked for, and kept in the package.  The
    checker reads a game's words from its `words` module, and the package's `__init__`
    runs first: one that imported all of the game's runtime would cost every check, a
    pre-commit hook's too, the import of the games' runtimes."""

    def name_of(name: str) -> Any:
        if name not in homes:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(homes[name]), name)
        setattr(sys.modules[package], name, value)
        return value
    return name_of
