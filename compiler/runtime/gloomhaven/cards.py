"""The card definitions that generated gloomhaven modules build."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Step = Mapping[str, Any]  # an IR effect: `ability`, `given_condition`, `marker`, ...


@dataclass(frozen=True)
class Action:
    """A card's action: its abilities in the order written (the IR's effects)."""

    steps: Sequence[Step]

    def has(self, marker: str) -> bool:
        return any(step["op"] == "marker" and step["name"] == marker for step in self.steps)

    def value(self, name: str) -> int | None:
        """The value of the first ability of this name (`range`, `target`, `pierce`)."""
        return next((step["amount"] for step in self.steps
                     if step["op"] == "ability" and step["name"] == name), None)


# The action any card may be played for instead of what it prints: Attack 2 on the top
# half, Move 2 on the bottom.
BASIC = {"top": Action(({"op": "ability", "name": "attack", "amount": 2, "signed": False},)),
         "bottom": Action(({"op": "ability", "name": "move", "amount": 2, "signed": False},))}


@dataclass(frozen=True, eq=False)
class CardDef:
    name: str
    type: str
    class_: str | None = None
    level: int | str | None = None
    initiative: int = 0
    monster: str | None = None  # a Monster Ability card's monster
    number: str | None = None
    normal: Mapping[str, int] = field(default_factory=dict)
    elite: Mapping[str, int] = field(default_factory=dict)
    immunities: tuple[str, ...] = ()
    top: Action | None = None
    bottom: Action | None = None
    action: Action | None = None  # a Monster Ability card's
