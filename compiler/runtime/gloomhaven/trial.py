"""A card tried in the runtime on its own, under a fixed seed: an Ability card played for its
top and then for its bottom by a stock character against a stock monster, a Monster Ability
card revealed for its monster (or a stock one), a Monster's normal and elite standees (or
two of the one rank a boss prints) met by a stock character.  `cardwright coverage` counts
a card as one the runtime can execute when its trial raises nothing.  The stock cards are
the runtime's own, not card text."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from compiler.runtime.dice import Dice
from compiler.runtime.gloomhaven.cards import BASIC, CardDef
from compiler.runtime.gloomhaven.messages import MESSAGES
from compiler.runtime.gloomhaven.policy import Policy
from compiler.runtime.gloomhaven.rounds import Game, play_round
from compiler.runtime.gloomhaven.state import Character, Monster
from compiler.runtime.log import EventLog
from compiler.runtime.script import card_named

STOCK_ABILITY = CardDef("Trial Ability", "Ability", initiative=50, top=BASIC["top"],
                        bottom=BASIC["bottom"])
STOCK_MONSTER = CardDef("Trial Monster", "Monster", normal={"Health": 99, "Attack": 1},
                        elite={"Health": 99, "Attack": 2})
STOCK_MONSTER_ABILITY = CardDef("Trial Monster Ability", "Monster Ability", initiative=50,
                                monster=STOCK_MONSTER.name, action=BASIC["top"])
HEALTH = 99  # enough that nobody falls in a trial's round


def trial(cards: Mapping[str, CardDef], name: str, seed: int = 1, log: bool = False
          ) -> EventLog:
    """Play the rounds that give the card `name` its part; raise whatever the runtime
    raises, or give the log of them (kept if `log`)."""
    events = EventLog(MESSAGES, enabled=log)
    card = card_named(cards, name)
    if card.type == "Ability":
        for top in (card, STOCK_ABILITY):
            _round(cards, [card, STOCK_ABILITY], STOCK_MONSTER, STOCK_MONSTER_ABILITY, seed,
                   events, {"top": [top.name]})
    elif card.type == "Monster Ability":
        monster = cards.get(card.monster or "", STOCK_MONSTER)
        _round(cards, [STOCK_ABILITY, STOCK_ABILITY], monster, card, seed, events)
    else:
        _round(cards, [STOCK_ABILITY, STOCK_ABILITY], card, STOCK_MONSTER_ABILITY, seed,
               events)
    return events


def _round(cards: Mapping[str, CardDef], hand: list[CardDef], monster: CardDef,
           ability: CardDef, seed: int, events: EventLog, script: dict | None = None
           ) -> None:
    """One round on a map of two standees of `monster` (its ability card `ability`), the
    scenario's box `cards` (what a summon finds): an elite and a normal one, or two of the
    one rank a boss's card prints (an elite of no stat line would attack for 0)."""
    character = Character("Trial Character", HEALTH, HEALTH, hand=list(hand))
    ranks = [elite for elite, line in ((True, monster.elite), (False, monster.normal))
             if line] or [True, False]
    standees = [_standee(monster, number, ranks[min(number, len(ranks)) - 1])
                for number in (1, 2)]
    game = Game([character], {monster.name: standees}, {monster.name: [ability]}, Dice(seed),
                events, Policy(script), cards)
    play_round(game, 1)


def _standee(monster: CardDef, number: int, elite: bool) -> Monster:
    """A standee of `monster` as its stat line makes it (shield, retaliation and what its
    attacks give too), with HEALTH hit points."""
    line = {**monster.line(elite), "Health": HEALTH}
    return Monster.of(dataclasses.replace(monster, normal=line, elite=line), number, elite, 1)
