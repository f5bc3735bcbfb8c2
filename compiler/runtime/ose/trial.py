"""A card tried in the runtime on its own, under a fixed seed: a Monster met by a stock party
in the dungeon and out of doors, a Character's party meeting a stock monster, an Encounter
met by a stock party.  `cardwright coverage` counts a card as one the runtime can execute
when its trial raises nothing.  The stock cards are the runtime's own, not card text."""

from __future__ import annotations

from collections.abc import Mapping

from compiler.runtime.dice import Dice
from compiler.runtime.log import EventLog
from compiler.runtime.ose.cards import CardDef, Count
from compiler.runtime.ose.encounter import MONSTERS, PARTY, Encounter, Side
from compiler.runtime.ose.messages import MESSAGES
from compiler.runtime.ose.policy import Policy
from compiler.runtime.ose.scenario import DARK_PLACES
from compiler.runtime.script import card_named

STOCK_CHARACTER = CardDef("Trial Character", "Character", encounter_rate=40, charisma=10)
STOCK_MONSTER = CardDef("Trial Monster", "Monster", encounter_rate=30)
PLACES = ("Dungeon", "Wilderness")


def trial(cards: Mapping[str, CardDef], name: str, seed: int = 1, log: bool = False
          ) -> EventLog:
    """Play the encounters that give the card `name` its part; raise whatever the runtime
    raises, or give the log of them (kept if `log`)."""
    events = EventLog(MESSAGES, enabled=log)
    card = card_named(cards, name)
    if card.type == "Encounter":
        monsters = [cards[monster] for count, monster in card.monsters
                    for _ in range(count.roll(Dice(seed))[0] or 1)]
        _encounter(card, [STOCK_CHARACTER], monsters, seed, events)
    elif card.type == "Character":
        for place in PLACES:
            _encounter(_meeting(place), [card], [STOCK_MONSTER], seed, events)
    else:
        for place in PLACES:
            _encounter(_meeting(place, card), [STOCK_CHARACTER], [card], seed, events)
    return events


def _meeting(place: str, monster: CardDef = STOCK_MONSTER) -> CardDef:
    return CardDef(f"Trial {place}", "Encounter", where=place,
                   monsters=((Count(0, 0, 1), monster.name),))


def _encounter(card: CardDef, party: list[CardDef], monsters: list[CardDef],
               seed: int, events: EventLog) -> None:
    Encounter(card, Side(PARTY, party), Side(MONSTERS, monsters, extra=(card,)), Dice(seed),
              events, Policy(None),
              dark=card.where in DARK_PLACES).run()
