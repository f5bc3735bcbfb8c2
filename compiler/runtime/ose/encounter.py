"""One ose encounter, as seeds/ose-encounter-sequence.txt orders it: surprise, encounter
distance, initiative, the sides' actions (the monsters' reaction, the party's response,
evasion and pursuit), and the conclusion, one turn passed.

Where the seed leaves a step to the referee, docs/rulings.md says what is done here; combat
itself is another chapter of the rules, so an encounter that comes to blows ends with
combat begun and the order of its first round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from compiler.runtime.dice import Dice
from compiler.runtime.log import EventLog
from compiler.runtime.ose.cards import CardDef
from compiler.runtime.ose.policy import Policy

PARTY, MONSTERS = "the party", "the monsters"
SURPRISE_DIE = 6
INITIATIVE_DIE = 6
ROUNDS_A_TURN = 60  # an encounter's moves last at most a turn
# Encounter distance by where it happens: (dice, sides, unit), and when either side is
# surprised out of doors, the shorter roll.
DISTANCE = {"Dungeon": (2, 6, "feet"), "Wilderness": (4, 6, "yards"),
            "Waterborne": (4, 6, "yards")}
SURPRISED_DISTANCE = (1, 4)
DISTANCE_TIMES = 10
# The monster reaction table: the highest total of each result (2d6 plus modifiers).
REACTIONS = ((2, "attacks"), (5, "hostile"), (8, "uncertain"), (11, "indifferent"))
MOST_FRIENDLY = "eager"
# A low roll on the table may be taken to mean the monsters pursue (docs/rulings.md).
PURSUING_REACTIONS = ("attacks", "hostile")
# The NPC reactions modifier of a Charisma score (OSE's ability score table), by the highest
# score of each band.
CHARISMA_MODIFIERS = ((3, -2), (8, -1), (12, 0), (17, 1), (18, 2))


@dataclass
class Side:
    name: str
    members: list[CardDef]
    expecting: bool = False
    surprised: bool = False
    extra: Sequence[CardDef] = ()  # cards that speak for the side but do not move (an Encounter)

    def has(self, marker: str) -> bool:
        return any(marker in card.markers for card in (*self.members, *self.extra))

    @property
    def surprises_on(self) -> int:
        """The side surprises the other on the range all its members share (docs/rulings.md)."""
        return min(card.surprises_on for card in self.members)

    @property
    def encounter_rate(self) -> int:
        """The side moves as fast as its slowest member."""
        return min(card.encounter_rate or 0 for card in self.members)


@dataclass
class Encounter:
    card: CardDef
    party: Side
    monsters: Side
    dice: Dice
    log: EventLog
    policy: Policy
    dark: bool
    order: list[str] = field(default_factory=list)  # who acts first in the first round

    def run(self) -> str:
        """Play the encounter through; its outcome: `combat`, `evaded`, `pursued` or `parley`."""
        self.surprise()
        self.distance()
        self.initiative()
        reaction = self.reaction()
        outcome = self.actions(reaction)
        self.log.emit("conclusion", outcome=outcome, rounds=ROUNDS_A_TURN)
        return outcome

    # -- 1. surprise ------------------------------------------------------------------

    def surprise(self) -> None:
        for side, other in ((self.party, self.monsters), (self.monsters, self.party)):
            reason = self._cannot_be_surprised(side, other)
            if reason is not None:
                self.log.emit("not_surprised", side=side.name, reason=reason)
                continue
            face = self.dice.roll(SURPRISE_DIE)
            side.surprised = face <= other.surprises_on
            self.log.emit("surprise", side=side.name, face=face, high=other.surprises_on,
                          result="surprised" if side.surprised else "not surprised")

    def _cannot_be_surprised(self, side: Side, other: Side) -> str | None:
        if side.expecting:
            return "they expect the encounter"
        if side.has("never_surprised"):
            return "one of them is never surprised"
        if self.dark and other.has("carries_light"):
            return "the other side's light gives it away"
        return None

    # -- 2. encounter distance ------------------------------------------------------

    def distance(self) -> None:
        count, sides, unit = DISTANCE[self.card.where or "Dungeon"]
        if unit == "yards" and (self.party.surprised or self.monsters.surprised):
            count, sides = SURPRISED_DISTANCE
        faces = [self.dice.roll(sides) for _ in range(count)]
        self.log.emit("distance", dice=f"{count}d{sides}", faces=faces,
                      distance=sum(faces) * DISTANCE_TIMES, unit=unit)

    # -- 3. initiative -----------------------------------------------------------------

    def initiative(self) -> None:
        """Who acts first in the first round.  A surprised side cannot act that round; both
        sides surprised, neither has the advantage, and both roll (docs/rulings.md)."""
        sides = (self.party, self.monsters)
        acting = [side for side in sides if not side.surprised] or list(sides)
        if len(acting) == 1:
            self.order = [acting[0].name]
            self.log.emit("advantage", side=acting[0].name)
            return
        faces = {side.name: self.dice.roll(INITIATIVE_DIE) for side in acting}
        party, monsters = faces[PARTY], faces[MONSTERS]
        if party == monsters:
            self.order = [PARTY, MONSTERS]
            first = "a tie: both sides act at once"
        else:
            self.order = [PARTY, MONSTERS] if party > monsters else [MONSTERS, PARTY]
            first = f"{self.order[0]} act first"
        self.log.emit("initiative", party=party, monsters=monsters, first=first)

    @property
    def monsters_first(self) -> bool:
        """Whether the monsters act before the party can (a tie is at once: not before)."""
        return self.order[0] == MONSTERS

    # -- 4. actions ----------------------------------------------------------------------

    def reaction(self) -> str:
        """The monsters' reaction: they always attack if a card says so, or the 2d6 table,
        with the modifier of the character who speaks to them and the cards' own."""
        if self.monsters.has("always_attacks"):
            self.log.emit("always_attacks")
            return "attacks"
        speaker = None if self.party.surprised else self.policy.speaker(self.party.members)
        charisma = charisma_modifier(speaker.charisma) if speaker is not None and \
            speaker.charisma is not None else 0
        # Each kind of monster's reaction bonus once, however many of it there are.
        cards = {id(card): card for card in (*self.monsters.members, *self.monsters.extra)}
        bonus = sum(card.reaction for card in cards.values())
        faces = [self.dice.roll(6), self.dice.roll(6)]
        total = sum(faces) + charisma + bonus
        result = reaction_of(total)
        self.log.emit("reaction", speaker=speaker.name if speaker else "nobody", faces=faces,
                      charisma=charisma, bonus=bonus, total=total, result=result)
        return result

    def actions(self, reaction: str) -> str:
        """The party's response to the reaction, and what the monsters do about it."""
        if reaction == "attacks" and self.monsters_first:
            # Evasion is only possible before combat has begun.
            return self._combat("the monsters attack first")
        response = self.policy.response(reaction)
        self.log.emit("response", response=response)
        if response == "evade":
            return self._evasion(reaction)
        if response == "fight" or reaction == "attacks":
            return self._combat("the party attacks" if response == "fight"
                                else "the monsters attack")
        if reaction == "hostile" and self.monsters_first:
            return self._combat("the hostile monsters attack first")
        self.log.emit("parley", mood=reaction)
        return "parley"

    def _evasion(self, reaction: str) -> str:
        pursues = self.monsters.has("pursues") or reaction in PURSUING_REACTIONS
        if not pursues:
            self.log.emit("evaded")
            return "evaded"
        self.log.emit("pursuit", party=self.party.encounter_rate,
                      monsters=self.monsters.encounter_rate, rounds=ROUNDS_A_TURN)
        return "pursued"

    def _combat(self, why: str) -> str:
        self.log.emit("combat", why=why, order=self.order)
        return "combat"


def reaction_of(total: int) -> str:
    return next((result for highest, result in REACTIONS if total <= highest), MOST_FRIENDLY)


def charisma_modifier(score: int) -> int:
    return next((modifier for highest, modifier in CHARISMA_MODIFIERS if score <= highest),
                CHARISMA_MODIFIERS[-1][1])
