"""The ucg runtime: what generated ucg card modules import (`from compiler.runtime import ucg
as rt`), and `play`, which plays a duel with them."""

from compiler.runtime.script import ScenarioError
from compiler.runtime.ucg.cards import Ability, CardDef
from compiler.runtime.ucg.play import Play
from compiler.runtime.ucg.scenario import play

__all__ = ["Ability", "CardDef", "Play", "ScenarioError", "play"]
