"""The card definitions that generated ose modules build: what the encounter procedure reads
of a stat line and of the card's sentences.  The rest (Armour Class, Hit Dice, attacks,
THAC0, Morale, traits, immunities) is for combat, which seeds/ose-encounter-sequence.txt
leaves to another chapter; the IR keeps it for engines that play it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from compiler.runtime.dice import Dice

DEFAULT_SURPRISE = 2  # a side is surprised on 1 or 2 of its d6


class Count(NamedTuple):
    """A number or a roll of dice: `2d4`, `1d6+1`, `1`."""

    dice: int
    sides: int
    plus: int = 0

    def roll(self, dice: Dice) -> tuple[int, list[int]]:
        """The total, never below 0, and the faces rolled."""
        faces = [dice.roll(self.sides) for _ in range(self.dice)]
        return max(0, sum(faces) + self.plus), faces

    def __str__(self) -> str:
        if not self.dice:
            return str(self.plus)
        return f"{self.dice}d{self.sides}" + (f"{self.plus:+d}" if self.plus else "")


@dataclass(frozen=True, eq=False)
class CardDef:
    name: str
    type: str
    encounter_rate: int | None = None  # feet a round in an encounter (the first rate's)
    charisma: int | None = None
    where: str | None = None
    monsters: tuple[tuple[Count, str], ...] = ()  # an Encounter's: how many of which
    markers: frozenset[str] = frozenset()  # carries_light, never_surprised, always_attacks, pursues
    surprises_on: int = DEFAULT_SURPRISE  # the other side is surprised on 1 to this
    reaction: int = 0  # added to the monsters' reaction roll
    # Abilities named whose rules are not on the card (`Echolocation: See main entry.`).
    abilities_elsewhere: tuple[str, ...] = ()
