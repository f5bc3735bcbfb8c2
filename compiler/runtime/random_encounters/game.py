"""A whole game of Random Encounters: set-up, three levels of encounters led in turn, a boss
at the end of each, the rewards between, and the end (rulebook: SETUP, HOW TO PLAY, GAME
FLOW, GAMEPLAY PROGRESS).

Win by beating the level 3 boss; lose when every character is knocked out (a ruling).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.runtime.dice import Dice
from compiler.runtime.log import EventLog
from compiler.runtime.random_encounters.cards import ENCOUNTERS, CardDef
from compiler.runtime.random_encounters.combat import fight, use_item
from compiler.runtime.random_encounters.context import use_explorer_ability
from compiler.runtime.random_encounters.encounters import attempt_side_quest, resolve
from compiler.runtime.random_encounters.loot import equip, rewards
from compiler.runtime.random_encounters.messages import MESSAGES
from compiler.runtime.random_encounters.policy import Policy
from compiler.runtime.random_encounters.state import (
    STAR,
    Equipped,
    Foe,
    Game,
    Hero,
    Level,
    ScenarioError,
)
from compiler.runtime.script import (
    FLAG,
    NAMES,
    SCRIPT,
    TEXT,
    ListOf,
    MapOf,
    Record,
    Words,
    either,
)

# The decks a scenario may list for a level, top first (the rest are every card of the level).
LEVEL_DECKS = {"encounters": ENCOUNTERS, "loot": ("Weapon", "Armor", "Trinket", "Familiar",
                                                  "Item", "Enchantment"), "bosses": ("Boss",)}
SCENARIO = Record({
    "name": TEXT,
    "players": ListOf(Record({"character": TEXT, "name": TEXT}, required=("character",))),
    "levels": ListOf(Record(dict.fromkeys(LEVEL_DECKS, NAMES))),
    "shuffle": FLAG,
    "first_leader": TEXT,
    "equipped": MapOf(NAMES),
    "dice": ListOf(Words((1, 2, 3, 4, 5, "Star"))),
    "start_level": Words((1, 2, 3)),
    "script": SCRIPT,
}, required=("name", "players"))


def play(setup: Mapping[str, Any], cards: Mapping[str, CardDef], seed: int,
         log: bool = True) -> EventLog:
    events = EventLog(MESSAGES, enabled=log)
    game = set_up(setup, cards, seed, events)
    for level in game.levels[setup.get("start_level", 1) - 1:]:
        play_level(game, level)
        if game.over:
            return events
        if level.number < 3:
            rewards(game, level.number)
    game.end("won", "the party beat the level 3 boss")
    return events


def set_up(setup: Mapping[str, Any], cards: Mapping[str, CardDef], seed: int,
           log: EventLog) -> Game:
    SCENARIO.check(setup, "")
    players = setup["players"]
    if not 1 <= len(players) <= 5:
        raise ScenarioError("Random Encounters is for 1 to 5 players")
    game = Game(dict(cards), Dice(seed), log, Policy(setup.get("script")),
                fixed_dice=[STAR if face == "Star" else face for face in setup.get("dice", [])])
    for entry in players:
        card = game.card(entry["character"])
        if card.type != "Character":
            raise ScenarioError(f"players: {card.name} is a {card.type}, not a Character")
        game.heroes.append(Hero(card, entry.get("name", card.name)))
    game.levels = [_level(game, number, setup) for number in (1, 2, 3)]
    log.emit("game", name=setup["name"], seed=seed, heroes=[hero.name for hero in game.heroes])
    game.first_leader = _first_leader(game, setup.get("first_leader"))
    game.leader = game.heroes[game.first_leader]
    for hero_name, loot in setup.get("equipped", {}).items():
        hero = game.hero(hero_name)
        for name in loot:
            piece = game.card(name)
            if not piece.fits:
                raise ScenarioError(f"equipped: {piece.name} ({piece.type}) is not "
                                    "equipment")
            free = hero.free_slots()
            slot = next((slot for slot in piece.fits if slot in free), None)
            if slot is None:
                raise ScenarioError(f"equipped: {hero.name} has no free "
                                    f"{either(piece.fits)} slot for {piece.name} (its "
                                    f"slots: {', '.join(hero.card.slots) or 'none'})")
            hero.equipped.append(Equipped(piece, slot))
    start = game.levels[setup.get("start_level", 1) - 1]
    for hero in game.heroes:
        game.draw_loot(hero, start.number)
    equip(game)
    return game


def _level(game: Game, number: int, setup: Mapping[str, Any]) -> Level:
    """A level's decks: as the scenario lists them (top first), or every card of the level,
    shuffled."""
    given = setup.get("levels", [])
    listed = given[number - 1] if number <= len(given) else {}
    pool = [card for card in game.cards.values() if card.level == number]
    decks = {}
    for deck, types in LEVEL_DECKS.items():
        if deck in listed:
            decks[deck] = [game.card(name) for name in listed[deck]]
            for card in decks[deck]:
                if card.type not in types:
                    raise ScenarioError(f"levels[{number - 1}].{deck}: {card.name} is a "
                                        f"{card.type}, not a {either(types)}")
        else:
            decks[deck] = sorted((card for card in pool if card.type in types),
                                 key=lambda card: card.name)
        if setup.get("shuffle", True):
            game.dice.shuffle(decks[deck])
    if not decks["bosses"]:  # the level ends with one drawn at random
        raise ScenarioError(f"level {number} has no boss: list one, or give the level a Boss "
                            "card")
    return Level(number, decks["encounters"], decks["loot"], decks["bosses"])


def _first_leader(game: Game, named: str | None) -> int:
    """Each player rolls; the first to roll a Star leads first."""
    if named is not None:
        return game.heroes.index(game.hero(named))
    while True:
        for index, hero in enumerate(game.heroes):
            if game.die() == STAR:
                game.log.emit("first_leader", hero=hero.name)
                return index


def play_level(game: Game, level: Level) -> None:
    """Each player leads twice, an Encounter each time; then the first Leader draws a Boss at
    random, and the side quests set aside are tried before it."""
    game.level = level
    game.set_aside = []
    game.log.emit("level", level=level.number, encounters=len(level.encounters))
    seats = len(game.heroes)
    led = 0
    while led < 2 * seats and not game.over:
        game.leader = game.heroes[(game.first_leader + led) % seats]
        if game.leader.knocked_out:
            game.log.emit("cannot_lead", hero=game.leader.name)
            led += 1
            continue
        if not level.encounters:
            game.log.emit("deck_empty", level=level.number)
            break
        order = game.heroes[(game.first_leader + led) % seats:] + \
            game.heroes[:(game.first_leader + led) % seats]
        led += resolve(game, level.encounters.pop(0), order)
        if not game.over:
            _between(game)
    if game.over:
        return
    game.leader = game.heroes[game.first_leader]
    for quest in game.set_aside:
        attempt_side_quest(game, quest)
        if game.over:
            return
    boss = game.dice.choice(level.bosses)
    game.log.emit("boss", leader=game.leader.name, boss=boss.name, level=level.number)
    with game.log.nested():
        if fight(game, [Foe(boss, seats)]):
            game.log.emit("boss_defeated", boss=boss.name)


def _between(game: Game) -> None:
    """Between encounters the party uses Items that draw Loot, equips its Loot and may use
    Explorer Abilities."""
    while (item := game.policy.item_between(game)) is not None:
        use_item(game, game.leader, item, None)
    equip(game)
    for hero in game.from_leader():
        if game.policy.explorer_now(game, hero):
            use_explorer_ability(game, hero)
