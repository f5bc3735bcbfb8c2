"""A pacg scenario from set-up to its end: characters take turns exploring their locations
until a villain is cornered (won), the turn limit runs out or every character dies (lost).

The scenario comes as plain data (the TOML file the play command reads, less
what the compiler used); the cards come as the definitions generated modules
built.  Anything the scenario gets wrong is a ScenarioError naming the key.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.runtime.dice import Dice
from compiler.runtime.log import EventLog
from compiler.runtime.pacg.cards import CardDef
from compiler.runtime.pacg.encounter import (
    Encounter,
    end_turn_text,
    explore_again,
    reset_hand,
    start_turn_text,
)
from compiler.runtime.pacg.messages import MESSAGES
from compiler.runtime.pacg.policy import Policy
from compiler.runtime.pacg.state import Card, Character, Location, Table
from compiler.runtime.script import (
    FLAG,
    NAMES,
    SCRIPT,
    TEXT,
    ListOf,
    Record,
    ScenarioError,
    Whole,
)

SCENARIO = Record({
    "name": TEXT,
    "turns": Whole(1),
    "adventure_deck": Whole(),
    "blessings": NAMES,
    "shuffle": FLAG,
    "locations": ListOf(Record({"card": TEXT, "deck": NAMES}, required=("card",)), least=1),
    "characters": ListOf(Record({"card": TEXT, "location": TEXT, "deck": NAMES, "hand": NAMES},
                               required=("card", "location")), least=1),
    "script": SCRIPT,
}, required=("name", "turns", "locations", "characters"))


def play(setup: Mapping[str, Any], cards: Mapping[str, CardDef], seed: int,
         log: bool = True) -> EventLog:
    """Play the scenario `setup` with the card pool `cards` under `seed`."""
    events = EventLog(MESSAGES, enabled=log)
    table = set_up(setup, cards, seed, events)
    events.emit("scenario", name=setup["name"], seed=seed)
    turns = setup["turns"]
    turn = 0
    while not table.over:
        for character in table.living():
            if not character.alive:  # died during this round, on another's turn
                continue
            if turn + table.blessings_lost >= turns:
                played = f"{turn} turn" + ("s" if turn != 1 else "")
                table.end("lost", f"the blessings deck ran out after {played}")
                break
            turn += 1
            take_turn(table, character, turn)
            if table.over:
                break
    return events


def set_up(setup: Mapping[str, Any], cards: Mapping[str, CardDef], seed: int,
           log: EventLog) -> Table:
    SCENARIO.check(setup, "")
    table = Table(cards, Dice(seed), log, Policy(setup.get("script")))
    table.adventure_deck = setup.get("adventure_deck", 1)
    # The blessings deck, top card first, when the scenario names its cards: each turn
    # discards the top one (the turn count still ends the scenario).
    table.blessings_deck = _cards(table, setup.get("blessings", []), "blessings")
    for entry in setup["locations"]:
        location = Location(_def(table, entry, "locations", "Location"))
        location.deck = _cards(table, entry.get("deck", []), "locations")
        table.locations.append(location)
    by_name = {location.name.casefold(): location for location in table.locations}
    for entry in setup["characters"]:
        defn = _def(table, entry, "characters", "Character")
        where = entry["location"]
        if where.casefold() not in by_name:
            raise ScenarioError(f"characters: {defn.name} starts at {where!r}, which is not one "
                                "of the scenario's locations")
        character = Character(defn, by_name[where.casefold()])
        character.deck = _cards(table, entry.get("deck", []), "characters")
        character.hand = _cards(table, entry.get("hand", []), "characters")
        table.characters.append(character)
    if setup.get("shuffle", False):
        for pile in [place.deck for place in table.locations] + [c.deck for c in table.characters]:
            table.dice.shuffle(pile)
    for character in table.characters:
        missing = character.hand_size - len(character.hand)
        if missing > len(character.deck):
            raise ScenarioError(f"characters: {character.name} needs {missing} more cards in the "
                                "deck to draw a starting hand")
        table.draw(character, max(0, missing))
    return table


def _def(table: Table, entry: Mapping[str, Any], key: str, card_type: str) -> CardDef:
    defn = table.card_def(entry["card"])
    if defn.type != card_type:
        raise ScenarioError(f"{key}: {defn.name} is a {defn.type}, not a {card_type}")
    return defn


def _cards(table: Table, names: list[str], key: str) -> list[Card]:
    cards = []
    for name in names:
        defn = table.card_def(name)
        if not (defn.is_bane or defn.is_boon):
            raise ScenarioError(f"{key}: {defn.name} is a {defn.type}, which cannot be in a deck")
        cards.append(Card(defn))
    return cards


def take_turn(table: Table, character: Character, turn: int) -> None:
    """Do the text of the turn's start of the cards displayed beside the character, move if
    the policy wants to, explore the location (again as often as card text grants, or a
    power of the hand that explores again is played: explore_again), then reset the
    hand."""
    table.turn_character, table.turn = character, turn
    table.log.emit("turn", turn=turn, character=character.name,
                   location=character.location.name)
    with table.log.nested():
        start_turn_text(table, character)
        if table.over or not character.alive:
            return
        if table.blessings_deck:
            blessing = table.blessings_deck.pop(0)
            table.blessings_discard.append(blessing)
            table.log.emit("blessing", card=blessing.name)
        destination = table.policy.move(table, character)
        if destination is not None and destination is not character.location:
            if table.may_move(character):
                table.log.emit("move", character=character.name, to=destination.name)
                character.location = destination
            else:
                table.log.emit("move_prevented", character=character.name)
        table.explorations, table.turn_ended, table.hand_kept = 1, False, False
        table.exploration_additions.clear()
        table.turn_additions.clear()
        table.turn_forbidden.clear()
        table.turn_difficulty.clear()
        while not table.turn_ended and (table.explorations or explore_again(table, character)):
            table.explorations -= 1
            explore(table, character)
            if table.over or not character.alive:
                return
        _end_turn(table, character)


def explore(table: Table, character: Character) -> None:
    """Encounter the top card of the character's location deck; card text may grant more,
    and add to its checks (`during this exploration`)."""
    location = character.location
    table.exploring = [(name, spec) for name, spec in table.exploration_additions
                       if name == character.name]
    table.exploration_additions = [(name, spec) for name, spec in table.exploration_additions
                                   if name != character.name]
    try:
        if location.deck:
            Encounter(table, character, location.deck.pop(0), location).run()
        else:
            table.log.emit("nothing_to_explore", character=character.name,
                           location=location.name)
    finally:
        table.exploring = []


def _end_turn(table: Table, character: Character) -> None:
    """Do the displayed cards' text of the turn's end, reset the hand (unless card text said
    not to), and reopen temporarily closed places."""
    end_turn_text(table, character)
    if not table.hand_kept and not reset_hand(table, character):
        return
    for location in table.locations:
        if location.temporarily_closed:
            location.temporarily_closed = False
            table.log.emit("reopened", location=location.name)
    table.log.emit("end_turn", character=character.name, hand=len(character.hand),
                   deck=len(character.deck))
