"""The card definitions that generated random-encounters modules build."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from compiler.runtime.random_encounters.context import Context
    from compiler.runtime.random_encounters.state import Hero

STATS = ("Strength", "Dexterity", "Magic")
EQUIPMENT = ("Weapon", "Armor", "Trinket", "Familiar")
ENCOUNTERS = ("Monster", "Trap", "Event", "Side Quest")


@dataclass(frozen=True)
class Ability:
    """Something a card does: its IR (what the policy decides by) and the generated function
    that does it, given the context and the character the card calls `you`."""

    effects: Sequence[Mapping[str, Any]]
    run: Callable[[Context, Hero | None], None]

    def does(self, op: str) -> bool:
        return any(effect["op"] == op for effect in self.effects)


@dataclass(frozen=True)
class Bonus:
    """`Strength +1`, or `+2 Magic against Undead` (against: a trait)."""

    stat: str
    amount: int
    against: str | None = None


@dataclass(frozen=True, eq=False)
class CardDef:
    name: str
    type: str
    level: int = 0
    traits: tuple[str, ...] = ()
    health: int = 0
    per_player: bool = False  # Health is for each player (monsters, bosses)
    strength: int = 0
    dexterity: int = 0
    magic: int = 0
    attacks_with: str | None = None
    slots: tuple[str, ...] = ()  # a character's equipment slots
    slot: tuple[str, ...] = ()  # the slots a piece of equipment fits
    bonuses: tuple[Bonus, ...] = ()
    markers: frozenset[str] = frozenset()
    effects: Ability | None = None  # an item's, event's, trap's or side quest's
    combat_ability: Ability | None = None
    explorer_ability: Ability | None = None
    start_of_turn: Ability | None = None
    on_star: Ability | None = None

    def stat(self, name: str) -> int:
        return {"Strength": self.strength, "Dexterity": self.dexterity,
                "Magic": self.magic}[name]

    @property
    def fits(self) -> tuple[str, ...]:
        """The slots a piece of equipment goes in: its Slot field, or its type."""
        return self.slot or ((self.type,) if self.type in EQUIPMENT else ())
