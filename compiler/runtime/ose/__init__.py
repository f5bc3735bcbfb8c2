"""The ose runtime: what generated ose card modules import (`from compiler.runtime import ose
as rt`), and `play`, which plays a party's encounters with them."""

from compiler.runtime.ose.cards import CardDef, Count
from compiler.runtime.ose.scenario import play
from compiler.runtime.script import ScenarioError

__all__ = ["CardDef", "Count", "ScenarioError", "play"]
