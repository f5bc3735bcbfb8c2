"""A ucg duel from set-up to its end: two players take turns, each readying, drawing, playing a
character and attacking, until one must take a card from an empty deck.

The seed describes the encounter; the turn around it is a ruling (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from compiler.runtime.dice import Dice
from compiler.runtime.log import EventLog
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
from compiler.runtime.ucg.cards import CardDef
from compiler.runtime.ucg.combat import Encounter
from compiler.runtime.ucg.messages import MESSAGES
from compiler.runtime.ucg.policy import Policy
from compiler.runtime.ucg.state import Character, Duel, Player

SCENARIO = Record({
    "name": TEXT,
    "turns": Whole(1),
    "shuffle": FLAG,
    "hand": Whole(),
    "effect_zones": Whole(),
    "players": ListOf(Record({"name": TEXT, "deck": NAMES, "hand": NAMES, "active": NAMES})),
    "script": SCRIPT,
}, required=("name", "players"))
DEFAULT_HAND = 5
DEFAULT_EFFECT_ZONES = 2
DEFAULT_TURNS = 200  # a safety net: decks run out long before


def play(setup: Mapping[str, Any], cards: Mapping[str, CardDef], seed: int,
         log: bool = True) -> EventLog:
    events = EventLog(MESSAGES, enabled=log)
    duel = set_up(setup, cards, seed, events)
    turns = setup.get("turns", DEFAULT_TURNS)
    for turn in range(1, turns + 1):
        take_turn(duel, duel.players[(turn - 1) % 2], turn)
        if duel.over:
            return events
    duel.outcome = "a draw"
    played = f"{turns} turn" + ("s" if turns != 1 else "")
    events.emit("outcome", outcome="a draw", reason=f"{played} passed with no winner")
    return events


def set_up(setup: Mapping[str, Any], cards: Mapping[str, CardDef], seed: int,
           log: EventLog) -> Duel:
    SCENARIO.check(setup, "")
    if len(setup["players"]) != 2:
        raise ScenarioError("a duel has two players")
    duel = Duel(dict(cards), Dice(seed), log, Policy(setup.get("script")))
    zones = setup.get("effect_zones", DEFAULT_EFFECT_ZONES)
    for entry in setup["players"]:
        player = Player(str(entry.get("name", f"Player {len(duel.players) + 1}")), zones)
        player.deck = [duel.card(name) for name in entry.get("deck", [])]
        player.hand = [duel.card(name) for name in entry.get("hand", [])]
        for name in entry.get("active", []):
            card = duel.card(name)
            if not card.is_character:
                raise ScenarioError(f"{player.name}: {card.name} is not a character")
            player.active.append(Character(card, player))
        duel.players.append(player)
    log.emit("duel", name=setup["name"], seed=seed,
             players=[player.name for player in duel.players])
    if setup.get("shuffle", False):
        for player in duel.players:
            duel.dice.shuffle(player.deck)
    for player in duel.players:
        for _ in range(setup.get("hand", DEFAULT_HAND) - len(player.hand)):
            duel.draw(player)
    return duel


def take_turn(duel: Duel, player: Player, turn: int) -> None:
    """Ready, draw, play a character, attack with each willing character, end the turn."""
    duel.turn_player = player
    duel.log.emit("turn", turn=turn, player=player.name, deck=len(player.deck))
    with duel.log.nested():
        player.active.extend(player.exhausted)
        player.exhausted.clear()
        for character in player.active:
            character.attacked = False
        duel.draw(player)
        if duel.over:
            return
        card = duel.policy.character_to_play(duel, player)
        if card is not None:
            player.hand.remove(card)
            player.active.append(Character(card, player))
            duel.log.emit("enter", player=player.name, character=card.name, combat=card.combat)
        while not duel.over:
            attacker = duel.policy.next_attacker(duel, player)
            if attacker is None:
                break
            Encounter(duel, attacker).run()
        if not duel.over:
            _end_turn(duel)


def _end_turn(duel: Duel) -> None:
    """Damage counters and changes until the end of the turn go; the Effect Zones empty into
    the Void."""
    for player in duel.players:
        for character in player.in_play():
            character.damage = character.bonus = 0
            character.ignited = False
        for card in player.zones_used:
            if not card.is_character:
                player.void.append(card)
        player.zones_used.clear()
    duel.log.emit("end_turn", decks=[f"{player.name} {len(player.deck)}"
                                     for player in duel.players])
