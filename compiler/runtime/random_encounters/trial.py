"""A card tried in the runtime on its own, under a fixed seed: a first level played through
by one hero, the card its hero (a Character), the first card of its encounter deck (a
Monster, Trap, Event or Side Quest), its boss (a Boss), or in the party's pack from the
start (Loot: equipped, attached or used as the party sees fit).
`cardwright coverage` counts a card as one the runtime can execute when its trial raises
nothing.  The stock cards are the runtime's own, not card text: a hero of middling stats
with every slot, a monster and a boss it can beat, a herb."""

from __future__ import annotations

from collections.abc import Mapping

from compiler.runtime.log import EventLog
from compiler.runtime.random_encounters.cards import ENCOUNTERS, CardDef
from compiler.runtime.random_encounters.game import LEVEL_DECKS, play_level, set_up
from compiler.runtime.random_encounters.loot import equip
from compiler.runtime.random_encounters.messages import MESSAGES
from compiler.runtime.script import card_named

STOCK_HERO = CardDef("Trial Hero", "Character", health=30, strength=3, dexterity=3, magic=3,
                     slots=LEVEL_DECKS["loot"])
STOCK_MONSTER = CardDef("Trial Monster", "Monster", level=1, health=2, strength=2,
                        dexterity=2, magic=2, attacks_with="Strength")
STOCK_BOSS = CardDef("Trial Boss", "Boss", level=1, health=3, strength=2, dexterity=2,
                     magic=2, attacks_with="Strength")
STOCK_LOOT = CardDef("Trial Herb", "Trinket", level=1)
STOCK = (STOCK_HERO, STOCK_MONSTER, STOCK_BOSS, STOCK_LOOT)


def trial(cards: Mapping[str, CardDef], name: str, seed: int = 1, log: bool = False
          ) -> EventLog:
    """Play the level that gives the card `name` its part; raise whatever the runtime
    raises, or give the log of it (kept if `log`)."""
    events = EventLog(MESSAGES, enabled=log)
    card = card_named(cards, name)
    hero = card if card.type == "Character" else STOCK_HERO
    stock = {"encounters": [STOCK_MONSTER.name] * 2, "loot": [STOCK_LOOT.name] * 4,
             "bosses": [STOCK_BOSS.name]}
    level = dict(stock)
    if card.type in ENCOUNTERS:
        level["encounters"] = [card.name, STOCK_MONSTER.name]
    elif card.type == "Boss":
        level["bosses"] = [card.name]
    # The later levels are set up, never played: stock ones, so that a pool with no boss of
    # its own for them (a designer's first card) is tried all the same.
    setup = {"name": "trial", "players": [{"character": hero.name}],
             "levels": [level, stock, stock], "shuffle": False, "first_leader": hero.name}
    game = set_up(setup, {**cards, **{stock.name: stock for stock in STOCK}}, seed, events)
    if card.type in LEVEL_DECKS["loot"]:
        game.pack.append(card)
        equip(game)
    play_level(game, game.levels[0])
    return events
