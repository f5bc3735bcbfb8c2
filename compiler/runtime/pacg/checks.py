"""How a character meets a check: which skill's die it rolls, and the exact chance of
success, which the default policy decides by.

Chances are exact fractions over whole-number outcome counts, so a decision
never turns on a floating-point rounding and is the same on every machine.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from compiler.runtime.pacg.cards import CardDef, CheckOption, singular
from compiler.runtime.pacg.state import Character

COMBAT_SKILLS = ("Strength", "Melee")
UNTRAINED_DIE = 4  # a skill the character does not have is rolled on a d4
# How much harder a check against a bane is when it has a trait the bane is resistant to,
# and easier with one it is vulnerable to (a ruling: docs/rulings.md).
RESISTANCE = 2


@dataclass(frozen=True)
class Skill:
    """The die a character rolls for a check, and its bonus."""

    name: str
    sides: int
    bonus: int


@dataclass(frozen=True)
class Dice:
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
    best = None
    for wanted in skills:
        for name in COMBAT_SKILLS if wanted == "Combat" else (wanted,):
            if name in character.skills:
                sides, bonus = character.die_for(name)
                skill = Skill(name, sides, bonus)
                if best is None or _mean2(skill) > _mean2(best):
                    best = skill
    return best


# A check made with a card's dice alone (`roll 4d6`): no skill's die, no bonus.
NO_SKILL_DIE = Skill("no skill", 0, 0)


def _mean2(skill: Skill) -> int:
    """Twice the skill's mean roll, a whole number to compare by."""
    return skill.sides + 1 + 2 * skill.bonus


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


def each_way(spec: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    """The checks a card is for, as each way its text names them (`your combat check or your
    check to acquire an ally`: two)."""
    way: Mapping[str, Any] | None = spec
    while way is not None:
        yield way
        way = way.get("or")


def fits(spec: Mapping[str, Any], option: CheckOption, skill: Skill, purpose: str | None,
         against: CardDef | None) -> bool:
    """Whether a card that adds to the checks `spec` describes (see compiler.ir) fits this
    one: a check made with `skill` for `option`, for `purpose`, against the card `against`."""
    kinds = spec.get("checks") or ()
    if kinds and not any(kind_holds(kind, option, skill) for kind in kinds):
        return False
    if spec.get("purpose") is None:
        return True
    if spec["purpose"] != purpose and (spec["purpose"] != "against"
                                       or purpose not in ("defeat", "acquire")):
        return False
    types = {singular(kind) for kind in spec.get("against") or ()}
    if types and "card" not in types and (against is None or singular(against.type) not in types):
        return False
    traits = {trait.casefold() for trait in spec.get("against_traits") or ()}
    return not traits or (against is not None
                          and not traits.isdisjoint(trait.casefold() for trait in against.traits))


def kind_holds(kind: str, option: CheckOption, skill: Skill) -> bool:
    """`noncombat Strength`: every word holds; a combat check is one whose option names
    Combat, and a skill word holds when the option or the skill rolled has that name."""
    combat = "Combat" in option.skills
    names = {name.casefold() for name in (*option.skills, skill.name)}
    for word in kind.casefold().split():
        if word in ("noncombat", "non-combat"):
            holds = not combat
        elif word == "combat":
            holds = combat
        else:
            holds = word in names
        if not holds:
            return False
    return True


def trait_difficulty(against: CardDef, traits: set[str]) -> int:
    """The change to the difficulty of a check with `traits` against a card resistant or
    vulnerable to some: once for any of each, whatever their number."""
    return RESISTANCE * (bool(against.resistances & traits)
                         - bool(against.vulnerabilities & traits))
