"""The random-encounters runtime: what generated card modules import (`from compiler.runtime
import random_encounters as rt`), and `play`, which plays a whole game with them; each name
imported when first asked for (names_from)."""

from compiler.runtime import names_from

# Each name the package gives, and the module it lives in.
_HOMES = {
    "Ability": "compiler.runtime.random_encounters.cards",
    "Bonus": "compiler.runtime.random_encounters.cards",
    "CardDef": "compiler.runtime.random_encounters.cards",
    "Context": "compiler.runtime.random_encounters.context",
    "Hero": "compiler.runtime.random_encounters.state",
    "ScenarioError": "compiler.runtime.script",
    "play": "compiler.runtime.random_encounters.game",
}
__all__ = sorted(_HOMES)
__getattr__ = names_from(__name__, _HOMES)
