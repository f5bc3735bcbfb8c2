"""How a character meets a check: which skill's die it rolls, and the exact chance of
success, which the default policy decides by.

Chances are exact fractions over whole-number outcome counts, so a decision
never turns on a floating-point rounding and is the same on every machine.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from compiler.runtime.pacg.cards import CardDef, CheckOption, words_hold
from compiler.runtime.pacg.state import Character

COMBAT_SKILLS = ("Strength", "Melee")
UNTRAINED_DIE = 4  # a skill the character does not have is rolled on a d4
# How much harder a check against a bane is when it has a trait the bane is resistant to,
# and easier with one it is vulnerable to (a ruling: docs/rulings.md).
RESISTANCE = 2


class Skill(NamedTuple):
    """The die a character rolls for a check, and its bonus."""

    name: str
    sides: int
    bonus: int


class Dice(NamedTuple):
    """A roll to add: `count`d`sides` + `plus`."""

    count: int
    sides: int
    plus: int


def skill_for(character: Character, option: CheckOption) -> Skill:
    """The best of the character's skills that the option allows; a character with none of
    them rolls a d4."""
    return best_skill(character, option.skills) or Skill(option.skills[0], UNTRAINED_DIE, 0)


def best_skill(character: Character, skills: Iterable[str]) -> Skill | None:
    """The best of `skills` the character has (`Combat` stands for Strength and Melee)."""
    best, best_mean2 = None, 0
    for wanted in skills:
        for name in COMBAT_SKILLS if wanted == "Combat" else (wanted,):
            if name in character.skills:
                sides, bonus = character.die_for(name)
                mean2 = sides + 1 + 2 * bonus  # twice the mean roll, a whole number
                if best is None or mean2 > best_mean2:
                    best, best_mean2 = (name, sides, bonus), mean2
    return None if best is None else Skill(*best)


# A check made with a card's dice alone (`roll 4d6`): no skill's die, no bonus.
NO_SKILL_DIE = Skill("no skill", 0, 0)


def chance(skill: Skill, extra: Iterable[Dice], difficulty: int) -> Fraction:
    """The exact chance that the skill's die, its bonus and the extra dice reach `difficulty`."""
    return _chance(skill.sides, skill.bonus, tuple(extra), difficulty)


@lru_cache(maxsize=4096)
def _chance(sides: int, bonus: int, extra: tuple[Dice, ...], difficulty: int) -> Fraction:
    """chance(), remembered: the policy asks the same few questions over and over."""
    counts = {bonus: 1}
    counts = _add_die(counts, sides)
    for dice in extra:
        counts = {total + dice.plus: ways for total, ways in counts.items()}
        for _ in range(dice.count):
            counts = _add_die(counts, dice.sides)
    outcomes = sum(counts.values())
    successes = sum(ways for total, ways in counts.items() if total >= difficulty)
    return Fraction(successes, outcomes)


def _add_die(counts: dict[int, int], sides: int) -> dict[int, int]:
    if not sides:  # no die (NO_SKILL_DIE)
        return counts
    result: dict[int, int] = {}
    for total, ways in counts.items():
        for face in range(1, sides + 1):
            result[total + face] = result.get(total + face, 0) + ways
    return result


def kind_holds(kind: str, option: CheckOption, skill: Skill) -> bool:
    """`noncombat Strength`: every word holds (cards.words_hold)."""
    return words_hold(kind.casefold().split(), option, skill.name)


def trait_difficulty(against: CardDef, traits: set[str]) -> int:
    """The change to the difficulty of a check with `traits` against a card resistant or
    vulnerable to some: once for any of each, whatever their number."""
    return RESISTANCE * (bool(against.resistances & traits)
                         - bool(against.vulnerabilities & traits))
