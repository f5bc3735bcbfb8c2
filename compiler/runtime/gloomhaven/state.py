"""Who is on the map: characters with their cards, and monsters by type and standee."""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler.runtime.gloomhaven.cards import CardDef
from compiler.runtime.script import ScenarioError

DEFAULT_HEALTH = 10  # a character's, when the scenario does not say (its class's in the game)


@dataclass(eq=False)
class Figure:
    """What characters and monsters share: health, the round's shield and retaliation, and
    the conditions they were given."""

    name: str
    health: int
    max_health: int
    shield: int = 0
    retaliate: int = 0
    conditions: set[str] = field(default_factory=set)
    negate_next_damage: bool = False  # this round
    attackers_suffer: int = 0  # this round: what each figure that attacks it suffers

    @property
    def alive(self) -> bool:
        return self.health > 0


@dataclass(eq=False)
class Character(Figure):
    hand: list[CardDef] = field(default_factory=list)
    discard: list[CardDef] = field(default_factory=list)
    lost: list[CardDef] = field(default_factory=list)
    active: list[CardDef] = field(default_factory=list)  # round bonuses, until the round ends
    played: tuple[CardDef, CardDef] | None = None  # this round's leading card, then the other
    resting: bool = False  # a long rest this round
    exhausted: bool = False
    xp: int = 0

    @property
    def alive(self) -> bool:
        return self.health > 0 and not self.exhausted

    @property
    def initiative(self) -> tuple[int, int]:
        """The leading card's initiative, then the other's, which breaks a tie between
        players; a long rest is 99."""
        if self.played is None:
            return (99, 99)
        lead, other = self.played
        return (lead.initiative, other.initiative)


@dataclass(eq=False)
class Monster(Figure):
    kind: str = ""  # the Monster card's name
    standee: int = 0
    elite: bool = False
    stats: dict[str, int] = field(default_factory=dict)
    attack_attributes: tuple[str, ...] = ()  # what its stat line gives each attack: `poison`
    immunities: tuple[str, ...] = ()  # conditions it cannot be given
    summoned: bool = False  # this round: it acts from the next

    @classmethod
    def of(cls, card: CardDef, standee: int, elite: bool, characters: int) -> Monster:
        """A standee of the Monster `card`, its stats those of a table of `characters`."""
        stats = card.stats(elite, characters)
        if not stats:
            raise ScenarioError(f"{card.name} has no {'Elite' if elite else 'Normal'} stat "
                                "line")
        health = stats.get("Health", 1)
        return cls(card.name, health, health, shield=stats.get("Shield", 0),
                   retaliate=stats.get("Retaliate", 0), kind=card.name, standee=standee,
                   elite=elite, stats=stats,
                   attack_attributes=card.attack_attributes(elite), immunities=card.immunities)

    @property
    def label(self) -> str:
        return f"{'elite ' if self.elite else ''}{self.kind} {self.standee}"
