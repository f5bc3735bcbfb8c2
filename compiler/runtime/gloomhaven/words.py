"""The words of Gloomhaven's cards that the checker and the runtime both know: a module of its
own, so that a check, which reads them, does not import the card definitions."""

from __future__ import annotations

# The conditions that hinder the figure that has them (the others help it).
NEGATIVE_CONDITIONS = ("stun", "poison", "wound", "muddle", "immobilize", "disarm", "curse",
                       "brittle", "impair", "bane", "rupture")
# Abilities that begin a part of an action of their own; the rest (range, target, pierce,
# push, pull, conditions, a bonus) modify the part before them.
PARTS = ("attack", "move", "shield", "heal", "retaliate", "loot", "xp", "special")
# The abilities whose targets are given the conditions written after them.
CONDITION_CARRIERS = ("attack", "heal")
# What a stat line may print with no value: a negative condition every attack of the monster
# gives, or Advantage (each attack drawing two modifiers, which with no modifier deck changes
# nothing: docs/rulings.md).
ATTACK_ATTRIBUTES = (*NEGATIVE_CONDITIONS, "advantage")
