"""The Gloomhaven runtime: what generated gloomhaven card modules import (`from
compiler.runtime import gloomhaven as rt`), and `play`, which plays rounds of a scenario with
them; each name imported when first asked for (names_from)."""

from compiler.runtime import names_from

# Each name the package gives, and the module it lives in.
_HOMES = {
    "Action": "compiler.runtime.gloomhaven.cards",
    "CardDef": "compiler.runtime.gloomhaven.cards",
    "ScenarioError": "compiler.runtime.script",
    "play": "compiler.runtime.gloomhaven.scenario",
}
__all__ = sorted(_HOMES)
__getattr__ = names_from(__name__, _HOMES)
