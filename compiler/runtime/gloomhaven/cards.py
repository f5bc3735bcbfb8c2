"""The card definitions that generated gloomhaven modules build."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Step = Mapping[str, Any]  # an IR effect: `ability`, `given_condition`, `marker`, ...
# A stat line's value: a number, or a boss's by the number of characters (`11xC`), as the IR
# has it: {"times": 11, "divided_by": 1, "plus": 0}; None for one of ATTACK_ATTRIBUTES.
StatValue = int | Mapping[str, int] | None


def stat_for(value: int | Mapping[str, int], characters: int) -> int:
    """A stat's value at a table of `characters`: C is their number, and a fraction of it is
    rounded up (docs/rulings.md, a boss's stats)."""
    if isinstance(value, int):
        return value
    return -(-value["times"] * characters // value["divided_by"]) + value["plus"]


@dataclass(frozen=True)
class Action:
    """A card's action: its abilities in the order written (the IR's effects)."""

    steps: Sequence[Step]

    def has(self, marker: str) -> bool:
        return any(step["op"] == "marker" and step["name"] == marker for step in self.steps)


# The action any card may be played for instead of what it prints: Attack 2 on the top
# half, Move 2 on the bottom.
BASIC = {"top": Action(({"op": "ability", "name": "attack", "amount": 2, "signed": False},)),
         "bottom": Action(({"op": "ability", "name": "move", "amount": 2, "signed": False},))}


@dataclass(frozen=True, eq=False)
class CardDef:
    name: str
    type: str
    class_: str | None = None
    initiative: int = 0
    monster: str | None = None  # a Monster Ability card's monster
    normal: Mapping[str, StatValue] = field(default_factory=dict)
    elite: Mapping[str, StatValue] = field(default_factory=dict)
    immunities: tuple[str, ...] = ()
    top: Action | None = None
    bottom: Action | None = None
    action: Action | None = None  # a Monster Ability card's
    on_death: Action | None = None  # what its monster does if killed in the card's round

    def line(self, elite: bool) -> Mapping[str, StatValue]:
        """A Monster's Elite or Normal stat line, as written."""
        return self.elite if elite else self.normal

    def stats(self, elite: bool, characters: int) -> dict[str, int]:
        """The stat line's values at a table of `characters`."""
        return {name: stat_for(value, characters)
                for name, value in self.line(elite).items() if value is not None}

    def attack_attributes(self, elite: bool) -> tuple[str, ...]:
        """What the stat line gives every attack (`poison`, `advantage`)."""
        return tuple(name.casefold() for name, value in self.line(elite).items()
                     if value is None)
