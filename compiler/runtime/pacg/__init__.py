"""The pacg runtime: what generated pacg card modules import (`from compiler.runtime import
pacg as rt`), and `play`, which plays a scenario with them.

Each name is imported from its module when it is first asked for: the checker reads the
game's vocabulary from `cards`, and a package that imported all of the runtime for it would
cost a pre-commit hook's check 0.01 s of its start."""

from importlib import import_module
from typing import Any

# Each name the package gives, and the module it lives in.
_HOMES = {
    "CardDef": "compiler.runtime.pacg.cards",
    "CheckOption": "compiler.runtime.pacg.cards",
    "Power": "compiler.runtime.pacg.cards",
    "Dice": "compiler.runtime.pacg.checks",
    "Encounter": "compiler.runtime.pacg.encounter",
    "play": "compiler.runtime.pacg.scenario",
    "Character": "compiler.runtime.pacg.state",
    "ScenarioError": "compiler.runtime.script",
}
__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = globals()[name] = getattr(import_module(_HOMES[name]), name)
    return value
