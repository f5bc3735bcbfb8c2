"""The ose runtime: what generated ose card modules import (`from compiler.runtime import ose
as rt`), and `play`, which plays a party's encounters with them; each name imported when
first asked for (names_from)."""

from compiler.runtime import names_from

# Each name the package gives, and the module it lives in.
_HOMES = {
    "CardDef": "compiler.runtime.ose.cards",
    "Count": "compiler.runtime.ose.cards",
    "ScenarioError": "compiler.runtime.script",
    "play": "compiler.runtime.ose.scenario",
}
__all__ = sorted(_HOMES)
__getattr__ = names_from(__name__, _HOMES)
