"""The random-encounters runtime: what generated card modules import (`from compiler.runtime
import random_encounters as rt`), and `play`, which plays a whole game with them."""

from compiler.runtime.random_encounters.cards import Ability, Bonus, CardDef
from compiler.runtime.random_encounters.context import Context
from compiler.runtime.random_encounters.game import play
from compiler.runtime.random_encounters.state import Hero
from compiler.runtime.script import ScenarioError

__all__ = ["Ability", "Bonus", "CardDef", "Context", "Hero", "ScenarioError", "play"]
