"""The ucg runtime: what generated ucg card modules import (`from compiler.runtime import ucg
as rt`), and `play`, which plays a duel with them; each name imported when first asked for
(names_from)."""

from compiler.runtime import names_from

# Each name the package gives, and the module it lives in.
_HOMES = {
    "Ability": "compiler.runtime.ucg.cards",
    "CardDef": "compiler.runtime.ucg.cards",
    "Play": "compiler.runtime.ucg.ability_play",
    "ScenarioError": "compiler.runtime.script",
    "play": "compiler.runtime.ucg.scenario",
}
__all__ = sorted(_HOMES)
__getattr__ = names_from(__name__, _HOMES)
