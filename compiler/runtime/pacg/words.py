"""The words of pacg's cards that the checker and the runtime both know: a module of its own, so
that a check, which reads them, does not import the card definitions (a pre-commit hook's
check pays for every dataclass a module it imports makes)."""

from __future__ import annotations

BANES = ("Monster", "Barrier", "Henchman", "Villain", "Story Bane")
BOONS = ("Weapon", "Spell", "Armor", "Item", "Ally", "Blessing", "Loot", "Cohort")
# Cards set out beside a character (or the scenario): their text holds while they are there.
DISPLAYED = ("Scourge", "Supporter", "Token")
SKILLS = (
    "Strength", "Dexterity", "Constitution", "Intelligence", "Wisdom", "Charisma",
    "Melee", "Ranged", "Arcane", "Divine", "Acrobatics", "Craft", "Diplomacy", "Disable",
    "Fortitude", "Knowledge", "Perception", "Stealth", "Survival",
)


def singular(word: str) -> str:
    """`spells` -> `spell`, `allies` -> `ally`: card kinds are named in the plural in rules
    text (`you may not play spells`) and in the singular on cards."""
    folded = word.casefold()
    if folded.endswith("ies"):
        return folded[:-3] + "y"
    if folded.endswith("s") and not folded.endswith("ss"):
        return folded[:-1]
    return folded
