"""The table of a ucg duel: each player's zones, the characters in play with their damage
counters, and the Effect Zones that plays occupy."""

from __future__ import annotations

from typing import TYPE_CHECKING

from compiler.runtime.dice import Dice
from compiler.runtime.log import EventLog
from compiler.runtime.script import no_card_named
from compiler.runtime.ucg.cards import CardDef

if TYPE_CHECKING:
    from compiler.runtime.ucg.policy import Policy



class Character:
    """A character card in play."""

    def __init__(self, card: CardDef, owner: Player) -> None:
        self.card = card
        self.owner = owner
        self.name = card.name
        self.damage = 0  # damage counters, until the end of the turn
        self.bonus = 0  # Combat gained or lost until the end of the turn
        self.attacked = False  # this turn
        self.ignited = False  # this turn
        self.activated = False  # during the current encounter, for Cunning

    @property
    def combat(self) -> int:
        return max(0, self.card.combat + self.bonus)

    def has(self, keyword: str) -> bool:
        return keyword in self.card.keywords

    @property
    def slain(self) -> bool:
        return self.damage >= self.combat


class Player:
    def __init__(self, name: str, effect_zones: int) -> None:
        self.name = name
        self.deck: list[CardDef] = []  # the top card first
        self.hand: list[CardDef] = []
        self.active: list[Character] = []
        self.encounter: list[Character] = []
        self.exhausted: list[Character] = []
        self.void: list[CardDef] = []
        self.effect_zones = effect_zones
        self.zones_used: list[CardDef] = []  # what fills the Effect Zones this turn

    @property
    def free_zones(self) -> int:
        return self.effect_zones - len(self.zones_used)

    def in_play(self) -> list[Character]:
        return [*self.active, *self.encounter, *self.exhausted]


class Duel:
    def __init__(self, cards: dict[str, CardDef], dice: Dice, log: EventLog,
                 policy: Policy) -> None:
        self.cards = {name.casefold(): card for name, card in cards.items()}
        self.dice = dice
        self.log = log
        self.policy = policy
        self.players: list[Player] = []
        self.turn_player: Player | None = None
        self.outcome: str | None = None

    def card(self, name: str) -> CardDef:
        try:
            return self.cards[name.casefold()]
        except KeyError:
            raise no_card_named(name, (card.name for card in self.cards.values())) from None

    def opponent(self, player: Player) -> Player:
        return self.players[1] if player is self.players[0] else self.players[0]

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def lose(self, player: Player, why: str) -> None:
        if self.outcome is None:
            winner = self.opponent(player)
            self.outcome = f"{winner.name} wins"
            self.log.emit("outcome", outcome=self.outcome, reason=f"{player.name} {why}")

    # -- moving cards ------------------------------------------------------------

    def mill(self, player: Player, amount: int, why: str) -> None:
        """Each point puts the top card of the deck into the Void; a player whose deck goes
        below zero loses at once."""
        milled = []
        for _ in range(amount):
            if not player.deck:
                self.log.emit("milled", player=player.name, cards=milled, why=why,
                              left=len(player.deck))
                self.lose(player, "had to put a card into the Void from an empty deck")
                return
            milled.append(player.deck.pop(0).name)
        player.void.extend(self.card(name) for name in milled)
        self.log.emit("milled", player=player.name, cards=milled, why=why, left=len(player.deck))

    def draw(self, player: Player) -> None:
        if not player.deck:
            self.lose(player, "had to draw from an empty deck")
            return
        card = player.deck.pop(0)
        player.hand.append(card)
        self.log.emit("draw", player=player.name, card=card.name, left=len(player.deck))

    def slay(self, character: Character) -> None:
        owner = character.owner
        for zone in (owner.active, owner.encounter, owner.exhausted):
            if character in zone:
                zone.remove(character)
        owner.void.append(character.card)
        self.log.emit("slain", character=character.name, player=owner.name)
