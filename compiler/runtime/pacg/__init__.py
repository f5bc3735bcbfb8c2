"""The pacg runtime: what generated pacg card modules import (`from compiler.runtime import
pacg as rt`), and `play`, which plays a scenario with them."""

from compiler.runtime.pacg.cards import CardDef, CheckOption, Power
from compiler.runtime.pacg.checks import Dice
from compiler.runtime.pacg.encounter import Encounter
from compiler.runtime.pacg.scenario import play
from compiler.runtime.pacg.state import Character
from compiler.runtime.script import ScenarioError

__all__ = ["CardDef", "Character", "CheckOption", "Dice", "Encounter", "Power", "ScenarioError",
           "play"]
