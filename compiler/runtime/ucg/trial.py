"""A card tried in the runtime on its own, under a fixed seed: in an encounter where the
trial player attacks a stock rival, and in one where the rival attacks it, a Character is
the trial player's fighter and an Effect card is in its hand; in each, the card's ability
(an Ignite, an Immediate) is played first, its targets the default player's choice.
`cardwright coverage` counts a card as one the runtime can execute when its trial raises
nothing.  The stock cards are the runtime's own, not card text."""

from __future__ import annotations

from collections.abc import Mapping

from compiler.runtime.log import EventLog
from compiler.runtime.script import card_named
from compiler.runtime.ucg.cards import CardDef
from compiler.runtime.ucg.combat import Encounter
from compiler.runtime.ucg.messages import MESSAGES
from compiler.runtime.ucg.scenario import set_up

STOCK_SQUIRE = CardDef("Trial Squire", "Character", combat=3)  # the trial player's
STOCK_BRIGAND = CardDef("Trial Brigand", "Character", combat=3)  # the rival's
PLAYER, RIVAL = "Trial Player", "Trial Rival"
DECK = 10  # stock cards in each deck, so that damage to it does not end the duel at once


def trial(cards: Mapping[str, CardDef], name: str, seed: int = 1, log: bool = False
          ) -> EventLog:
    """Play the encounters that give the card `name` its part; raise whatever the runtime
    raises, or give the log of them (kept if `log`)."""
    events = EventLog(MESSAGES, enabled=log)
    card = card_named(cards, name)
    for attacking in (True, False):
        _encounter(cards, card, seed, events, attacking)
    return events


def _encounter(cards: Mapping[str, CardDef], card: CardDef, seed: int, events: EventLog,
               attacking: bool) -> None:
    """One encounter, the trial player's fighter attacking (`attacking`) or the rival's."""
    fighter = card if card.is_character else STOCK_SQUIRE
    script = {"sequence": [{"player": PLAYER, "play": card.name}]} if card.abilities else {}
    setup = {"name": "trial", "hand": 0, "script": script, "players": [
        {"name": PLAYER, "active": [fighter.name], "deck": [STOCK_SQUIRE.name] * DECK,
         "hand": [] if card.is_character else [card.name]},
        {"name": RIVAL, "active": [STOCK_BRIGAND.name], "deck": [STOCK_BRIGAND.name] * DECK}]}
    duel = set_up(setup, {**cards, **{stock.name: stock for stock in (STOCK_SQUIRE,
                                                                        STOCK_BRIGAND)}},
                  seed, events)
    player, rival = duel.players
    duel.turn_player = player if attacking else rival
    Encounter(duel, duel.turn_player.active[0]).run()
