"""The table of a Random Encounters game: the party's heroes with their Health, Star tokens and
equipment, the shared pack of loot, the decks of each level, and the foes in play.

The die shows 1 to 5 and a Star; a Star counts as 6 in a sum (a ruling).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from compiler.runtime.dice import Dice
from compiler.runtime.log import EventLog
from compiler.runtime.random_encounters.cards import STATS, CardDef
from compiler.runtime.script import ScenarioError, no_card_named

if TYPE_CHECKING:
    from compiler.runtime.random_encounters.policy import Policy

STAR = 6



@dataclass
class Equipped:
    """A piece of equipment in a hero's slot, with the Enchantment attached to it, if any."""

    card: CardDef
    slot: str
    enchantment: CardDef | None = None

    def bonuses(self) -> Iterator:
        yield from self.card.bonuses
        if self.enchantment is not None:
            yield from self.enchantment.bonuses


class Hero:
    def __init__(self, card: CardDef, player: str) -> None:
        self.card = card
        self.name = card.name
        self.player = player
        self.max_health = card.health
        self.health = card.health
        self.stars = 1
        self.tokens = dict.fromkeys(STATS, 0)  # stat tokens from the levels' rewards
        self.equipped: list[Equipped] = []
        self.explorer_used = False  # this level
        self.last_roll: Roll | None = None

    @property
    def knocked_out(self) -> bool:
        return self.health <= 0

    def stat(self, name: str, foe: Foe | None = None) -> int:
        """The stat with tokens and equipment; bonuses `against` a trait count against a foe
        that has it."""
        total = self.card.stat(name) + self.tokens[name]
        for item in self.equipped:
            for bonus in item.bonuses():
                if bonus.stat == name and (bonus.against is None or (
                        foe is not None and bonus.against in foe.card.traits)):
                    total += bonus.amount
        return total

    def free_slots(self) -> list[str]:
        used = [item.slot for item in self.equipped]
        free = list(self.card.slots)
        for slot in used:
            free.remove(slot)
        return free


class Foe:
    """A monster or boss in play, its Health the printed value for each player."""

    def __init__(self, card: CardDef, players: int) -> None:
        self.card = card
        self.name = card.name
        self.max_health = card.health * (players if card.per_player else 1)
        self.health = self.max_health

    @property
    def defeated(self) -> bool:
        return self.health <= 0

    @property
    def is_boss(self) -> bool:
        return self.card.type == "Boss"


@dataclass
class Roll:
    """A die a hero rolled, and what for (so that a Star token or a re-roll can change it)."""

    face: int
    purpose: str


@dataclass
class Level:
    number: int
    encounters: list[CardDef]  # the top card first
    loot: list[CardDef]
    bosses: list[CardDef]


@dataclass
class Game:
    cards: Mapping[str, CardDef]
    dice: Dice
    log: EventLog
    policy: Policy
    fixed_dice: list[int] = field(default_factory=list)  # faces to roll first (worked examples)
    heroes: list[Hero] = field(default_factory=list)  # in seat order, clockwise
    pack: list[CardDef] = field(default_factory=list)  # the party's unequipped loot
    levels: list[Level] = field(default_factory=list)
    level: Level | None = None
    set_aside: list[CardDef] = field(default_factory=list)  # side quests kept for the boss
    leader: Hero | None = None
    first_leader: int = 0
    outcome: str | None = None

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def end(self, outcome: str, reason: str) -> None:
        if self.outcome is None:
            self.outcome = outcome
            self.log.emit("outcome", outcome=outcome, reason=reason)

    def card(self, name: str) -> CardDef:
        for card in self.cards.values():
            if card.name.casefold() == name.casefold():
                return card
        raise no_card_named(name, (card.name for card in self.cards.values()))

    def die(self) -> int:
        """One die: 1 to 5, or STAR."""
        return self.fixed_dice.pop(0) if self.fixed_dice else self.dice.roll(6)

    def from_leader(self) -> list[Hero]:
        """The heroes still standing, the Leader first and then clockwise."""
        start = self.heroes.index(self.leader) if self.leader in self.heroes else 0
        seats = self.heroes[start:] + self.heroes[:start]
        return [hero for hero in seats if not hero.knocked_out]

    def hero(self, name: str) -> Hero:
        for hero in self.heroes:
            if hero.name.casefold() == name.casefold():
                return hero
        raise ScenarioError(f"no hero named {name!r}")

    # -- Health and loot -------------------------------------------------------------

    def damage(self, hero: Hero, amount: int, source: str) -> None:
        if hero.knocked_out or amount <= 0:
            return
        hero.health = max(0, hero.health - amount)
        self.log.emit("hurt", hero=hero.name, amount=amount, source=source, health=hero.health)
        if hero.knocked_out:
            self.log.emit("knocked_out", hero=hero.name)
            if all(other.knocked_out for other in self.heroes):
                self.end("lost", "every character is knocked out")

    def heal(self, hero: Hero, amount: int, source: str) -> bool:
        healed = min(amount, hero.max_health - hero.health)
        if healed <= 0 or hero.knocked_out:
            return False
        hero.health += healed
        self.log.emit("healed", hero=hero.name, amount=healed, source=source, health=hero.health)
        return True

    def draw_loot(self, hero: Hero, level: int | None = None) -> CardDef | None:
        """The hero draws a Loot card of the level (by default the one being played) into the
        party's pack."""
        deck = self.levels[(level or self.level.number) - 1].loot
        if not deck:
            self.log.emit("no_loot", hero=hero.name)
            return None
        card = deck.pop(0)
        self.pack.append(card)
        self.log.emit("loot", hero=hero.name, card=card.name, type=card.type, level=card.level)
        return card

