"""The pacg runtime: what generated pacg card modules import (`from compiler.runtime import
pacg as rt`), and `play`, which plays a scenario with them; each name imported when first
asked for (names_from)."""

from compiler.runtime import names_from

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
__getattr__ = names_from(__name__, _HOMES)
