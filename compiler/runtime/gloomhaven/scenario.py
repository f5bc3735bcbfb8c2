"""A Gloomhaven scenario: characters with the ability cards in their hands against monsters
on their standees, round after round, until every monster is killed (won), every character
is exhausted (lost), or the scenario's rounds are played (a draw)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.runtime.dice import Dice
from compiler.runtime.gloomhaven.cards import CardDef
from compiler.runtime.gloomhaven.messages import MESSAGES
from compiler.runtime.gloomhaven.policy import Policy
from compiler.runtime.gloomhaven.rounds import Game, ability_cards, monster_deck, play_round
from compiler.runtime.gloomhaven.state import DEFAULT_HEALTH, Character, Monster
from compiler.runtime.log import EventLog
from compiler.runtime.script import (
    NAMES,
    SCRIPT,
    TEXT,
    ListOf,
    Record,
    ScenarioError,
    Whole,
    card_of,
)

DEFAULT_ROUNDS = 12
STANDEES = ListOf(Whole(1))  # their numbers
SCENARIO = Record({
    "name": TEXT,
    "characters": ListOf(Record({"name": TEXT, "cards": NAMES, "health": Whole(1)})),
    "monsters": ListOf(Record({"monster": TEXT, "normal": STANDEES, "elite": STANDEES},
                             required=("monster",))),
    "rounds": Whole(1),
    "script": SCRIPT,
}, required=("name", "characters", "monsters"))


def play(setup: Mapping[str, Any], cards: Mapping[str, CardDef], seed: int,
         log: bool = True) -> EventLog:
    events = EventLog(MESSAGES, enabled=log)
    game = set_up(setup, cards, seed, events)
    rounds = setup.get("rounds", DEFAULT_ROUNDS)
    played = 0
    for played in range(1, rounds + 1):
        play_round(game, played)
        if game.outcome is not None:
            break
    events.emit("outcome", outcome=game.outcome or "a draw", rounds=played)
    return events


def set_up(setup: Mapping[str, Any], cards: Mapping[str, CardDef], seed: int,
           log: EventLog) -> Game:
    SCENARIO.check(setup, "")
    characters = [_character(entry, cards) for entry in setup["characters"]]
    monsters: dict[str, list[Monster]] = {}
    for entry in setup["monsters"]:
        card = card_of(cards, entry["monster"], "Monster")
        standees = monsters.setdefault(card.name, [])
        for elite in (True, False):
            for number in entry.get("elite" if elite else "normal", []):
                if any(standee.standee == number for standee in standees):
                    raise ScenarioError(f"{card.name} {number} is set up twice")
                standees.append(Monster.of(card, number, elite, len(characters)))
    _summoned_kinds(cards, list(monsters))
    dice = Dice(seed)
    decks = {kind: monster_deck(cards, kind, dice) for kind in monsters}
    log.emit("scenario", name=setup["name"], seed=seed,
             characters=[character.name for character in characters],
             monsters=[monster.label for kind in monsters.values() for monster in kind])
    return Game(characters, monsters, decks, dice, log, Policy(setup.get("script")), cards)


def _summoned_kinds(cards: Mapping[str, CardDef], kinds: list[str]) -> None:
    """The monsters the scenario's may summon, and those may, each checked to have a Monster
    card and ability cards in the box: a scenario that cannot be played says so as it is
    set up, not in the round a summon is revealed."""
    seen, waiting = set(kinds), list(kinds)
    while waiting:
        for card in ability_cards(cards, waiting.pop()):
            for action in (card.action, card.on_death):
                for step in action.steps if action is not None else ():
                    if step["op"] == "summon_monster" and step["monster"] not in seen:
                        kind = card_of(cards, step["monster"], "Monster").name
                        ability_cards(cards, kind, summoned_by=card.name)
                        seen.add(kind)
                        waiting.append(kind)


def _character(entry: Any, cards: Mapping[str, CardDef]) -> Character:
    hand = [card_of(cards, name, "Ability") for name in entry.get("cards", [])]
    health = entry.get("health", DEFAULT_HEALTH)
    name = entry.get("name") or (hand[0].class_ if hand else None)
    if not name:
        raise ScenarioError("a character needs a name or cards")
    return Character(str(name), health, health, hand=hand)

