"""Who strikes whom, and in which step, when an attacker meets its blockers: a pure function
of their Combat, damage and keywords, which the engine plays out and the policy foresees.

Characters with Expertise strike first, and so do blockers with Assist (a ruling on the
seed's note); the rest strike in a second step.  A character slain in the first step does
not strike.  Strikes within a step land together.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Fighter:
    combat: int
    damage: int
    keywords: frozenset[str]


@dataclass(frozen=True)
class Strike:
    step: int  # 1: the first strikes, 2: the rest
    source: int  # 0 is the attacker, 1.. the blockers in the order they blocked
    target: int | None  # None: the defending player's deck (Overpower)
    amount: int


# How the attacker splits its damage: given it and the living blockers' (index, toughness
# left), the damage each blocker takes and what goes to the defending player's deck.
Assign = Callable[[int, list[tuple[int, int]]], tuple[dict[int, int], int]]


def strikes_first(fighter: Fighter, attacking: bool) -> bool:
    return "Expertise" in fighter.keywords or (not attacking and "Assist" in fighter.keywords)


def fight(attacker: Fighter, blockers: Sequence[Fighter], assign: Assign) -> list[Strike]:
    fighters = [attacker, *blockers]
    damage = [fighter.damage for fighter in fighters]
    strikes: list[Strike] = []
    for step in (1, 2):
        landing = []
        for index, fighter in enumerate(fighters):
            if damage[index] >= fighter.combat or strikes_first(fighter, index == 0) != (step == 1):
                continue
            if index > 0:
                landing.append(Strike(step, index, 0, fighter.combat))
                continue
            living = [(other, fighters[other].combat - damage[other])
                      for other in range(1, len(fighters))
                      if damage[other] < fighters[other].combat]
            if not living:
                continue
            amounts, to_deck = assign(fighter.combat, living)
            landing.extend(Strike(step, 0, target, amount)
                           for target, amount in amounts.items() if amount)
            if to_deck:
                landing.append(Strike(step, 0, None, to_deck))
        for strike in landing:
            if strike.target is not None:
                damage[strike.target] += strike.amount
        strikes.extend(landing)
    return strikes


def lethal_first(damage: int, living: list[tuple[int, int]],
                 overpower: bool) -> tuple[dict[int, int], int]:
    """The default split: slay the blockers with the least toughness left first; what is left
    goes to the deck with Overpower, otherwise onto the last blocker struck."""
    amounts: dict[int, int] = {}
    for index, toughness in sorted(living, key=lambda item: (item[1], item[0])):
        if damage <= 0:
            break
        amounts[index] = min(damage, toughness)
        damage -= amounts[index]
    if damage and overpower:
        return amounts, damage
    if damage:
        last = next(reversed(amounts))
        amounts[last] += damage
    return amounts, 0


def valid_split(damage: int, living: list[tuple[int, int]], amounts: dict[int, int],
                to_deck: int, overpower: bool) -> bool:
    """All damage is dealt; only to living blockers; and only Overpower sends any to the deck,
    and only beyond what slays every blocker."""
    toughness = dict(living)
    if set(amounts) - set(toughness) or any(value < 0 for value in amounts.values()):
        return False
    if sum(amounts.values()) + to_deck != damage:
        return False
    return not to_deck or (overpower and all(amounts.get(index, 0) >= left
                                             for index, left in toughness.items()))
