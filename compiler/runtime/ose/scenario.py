"""An ose scenario: a party meets one Encounter card after another, a turn each.

Each encounter rolls how many of its monsters turn up and plays the encounter sequence
(encounter.py).  What the referee knows and the seed cannot (whether a side expects the
encounter, whether it is dark) the scenario says.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.runtime.dice import Dice
from compiler.runtime.log import EventLog
from compiler.runtime.ose.cards import CardDef
from compiler.runtime.ose.encounter import MONSTERS, PARTY, Encounter, Side
from compiler.runtime.ose.messages import MESSAGES
from compiler.runtime.ose.policy import Policy
from compiler.runtime.script import (
    FLAG,
    NAMES,
    SCRIPT,
    TEXT,
    Record,
    ScenarioError,
    card_of,
)

SCENARIO = Record({
    "name": TEXT,
    "party": NAMES,
    "encounters": NAMES,
    "dark": FLAG,
    "party_expecting": FLAG,
    "monsters_expecting": FLAG,
    "script": SCRIPT,
}, required=("name", "party", "encounters"))
DARK_PLACES = ("Dungeon",)  # by default, the only place without daylight


def play(setup: Mapping[str, Any], cards: Mapping[str, CardDef], seed: int,
         log: bool = True) -> EventLog:
    events = EventLog(MESSAGES, enabled=log)
    SCENARIO.check(setup, "")
    party = [card_of(cards, name, "Character") for name in setup["party"]]
    if not party:
        raise ScenarioError("the party has no characters")
    encounters = [card_of(cards, name, "Encounter") for name in setup["encounters"]]
    dice, policy = Dice(seed), Policy(setup.get("script"))
    events.emit("scenario", name=setup["name"], seed=seed, party=[card.name for card in party])
    outcomes = []
    for turn, card in enumerate(encounters, start=1):
        dark = setup.get("dark", card.where in DARK_PLACES)
        events.emit("encounter", turn=turn, encounter=card.name, where=card.where,
                    dark=", dark" if dark else "")
        with events.nested():
            monsters = _monsters(card, cards, dice, events)
            if not monsters:
                events.emit("nobody_appears")
                outcomes.append("nothing")
                continue
            outcomes.append(Encounter(
                card, Side(PARTY, party, expecting=setup.get("party_expecting", False)),
                Side(MONSTERS, monsters, expecting=setup.get("monsters_expecting", False),
                     extra=(card,)),
                dice, events, policy, dark).run())
    events.emit("outcome", turns=len(encounters), outcomes=outcomes)
    return events


def _monsters(card: CardDef, cards: Mapping[str, CardDef], dice: Dice,
              events: EventLog) -> list[CardDef]:
    """How many of each of the encounter's monsters turn up, rolled."""
    met = []
    for count, name in card.monsters:
        monster = card_of(cards, name, "Monster")
        number, faces = count.roll(dice)
        if count.dice:
            events.emit("appear", monster=monster.name, count=number, dice=str(count),
                        faces=faces)
        else:
            events.emit("appear_fixed", monster=monster.name, count=number)
        if number and monster.abilities_elsewhere:
            events.emit("not_played", monster=monster.name,
                        abilities=", ".join(monster.abilities_elsewhere))
        met.extend([monster] * number)
    return met
