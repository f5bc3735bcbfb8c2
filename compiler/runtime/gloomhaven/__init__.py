"""The Gloomhaven runtime: what generated gloomhaven card modules import (`from
compiler.runtime import gloomhaven as rt`), and `play`, which plays rounds of a scenario with
them."""

from compiler.runtime.gloomhaven.cards import Action, CardDef
from compiler.runtime.gloomhaven.scenario import play
from compiler.runtime.script import ScenarioError

__all__ = ["Action", "CardDef", "ScenarioError", "play"]
