"""The table of a pacg game: characters with their hands, decks and piles, locations with
their decks, the box, and where each card goes when it moves."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from compiler.runtime.dice import Dice
from compiler.runtime.log import EventLog
from compiler.runtime.pacg.cards import CardDef, Power, selects
from compiler.runtime.script import no_card_named

if TYPE_CHECKING:
    from compiler.runtime.pacg.policy import Policy



class Card:
    """One physical card; two copies of a card are two of these."""

    __slots__ = ("defn",)

    def __init__(self, defn: CardDef) -> None:
        self.defn = defn

    @property
    def name(self) -> str:
        return self.defn.name

    def __repr__(self) -> str:
        return f"Card({self.defn.name!r})"


class Location:
    def __init__(self, defn: CardDef) -> None:
        self.defn = defn
        self.name = defn.name
        self.deck: list[Card] = []  # the top card first
        self.closed = False
        self.temporarily_closed = False

    @property
    def is_open(self) -> bool:
        return not (self.closed or self.temporarily_closed)


class Character:
    def __init__(self, defn: CardDef, location: Location) -> None:
        self.defn = defn
        self.name = defn.name
        self.location = location
        self.hand_size = defn.hand
        self.skills = {skill: (sides, bonus) for skill, sides, bonus in defn.skills}
        self.deck: list[Card] = []  # the top card first
        self.hand: list[Card] = []
        self.discards: list[Card] = []
        self.buried: list[Card] = []
        self.displayed: list[Card] = []  # boons displayed, and Scourges it suffers
        self.alive = True

    def pile_of(self, card: Card) -> list[Card] | None:
        """The pile of the character's that holds `card`; None once it is in the box."""
        for pile in (self.hand, self.discards, self.deck, self.buried, self.displayed):
            if card in pile:
                return pile
        return None

    def die_for(self, skill: str) -> tuple[int, int]:
        """The sides of the character's die for `skill` (one it has) and its bonus: a card
        displayed beside it may change the die (CardDef.displayed_dice), the last one
        displayed winning."""
        sides, bonus = self.skills[skill]
        for card in self.displayed:
            sides = card.defn.displayed_dice.get(skill, sides)
        return sides, bonus

    def still_has(self, card: Card, power: Power) -> bool:
        """Whether `card` is still where `power` is played from (the hand, or displayed):
        a play chosen earlier may have moved it."""
        return card in (self.displayed if power.displayed else self.hand)

    def powers_for(self, purpose: str) -> list[tuple[Card, Power]]:
        """The powers of `purpose` the character may play: those of the cards in its hand,
        and those of its displayed cards that are played while they are."""
        found: list[tuple[Card, Power]] = []
        _add_powers(found, self.hand, purpose, False)
        if self.displayed:
            _add_powers(found, self.displayed, purpose, True)
        return found


def _add_powers(found: list[tuple[Card, Power]], cards: list[Card], purpose: str,
                displayed: bool) -> None:
    """Add to `found` the powers of `purpose` of `cards` (those played while displayed, or
    from the hand).  A plain loop: few cards have a power of any one purpose, and a
    comprehension made an iterator for each card (a step asks a hand several times)."""
    for card in cards:
        defn = card.defn
        powers = (defn.displayed_powers_for if displayed else defn.powers_for).get(purpose)
        if powers:
            for power in powers:
                found.append((card, power))


@lru_cache(maxsize=8)
def power_purposes(pool: tuple[CardDef, ...]) -> frozenset[str | None]:
    """The moments the powers of the cards of `pool` are played at, remembered for the few
    pools a process plays: a balance run sets a table up for each of thousands of games with
    the same cards (CardDef is frozen, and hashed by identity)."""
    return frozenset(power.purpose for defn in pool for power in defn.powers)


class Table:
    def __init__(self, cards: Mapping[str, CardDef], dice: Dice, log: EventLog,
                 policy: Policy) -> None:
        self.cards = cards
        self._by_folded_name: dict[str, CardDef] | None = None  # made when first needed
        # The moments the pool's powers are played at (`encounter`, `end_of_turn`, ...): the
        # runtime need not look through every hand for a moment no card has.
        self.power_purposes = power_purposes(tuple(cards.values()))
        self.dice = dice
        self.log = log
        self.policy = policy
        self.characters: list[Character] = []
        self.locations: list[Location] = []
        self.turn_character: Character | None = None
        self.turn = 0  # the number of the turn under way
        # When each card's `The first time ...` text was first done: by the card's name, its
        # window and the turn (or None: in the scenario), the moment (Encounter.first_time).
        self.firsts: dict[tuple[str, str, int | None], int] = {}
        self.moments = 0  # how many windows of card text have come so far
        self.outcome: str | None = None
        self.over = False  # whether the scenario has an outcome: asked at every step
        self.adventure_deck = 1  # the scenario's adventure deck number
        self.explorations = 0  # more explorations card text grants this turn
        # What card text says of an exploration it grants (`add 2d6 to your combat checks
        # during this exploration`, `If you encounter a boon, banish it`), by the name of the
        # character it is for: for its next exploration, and for the one under way.
        self.exploration_additions: list[tuple[str, Mapping[str, Any]]] = []
        self.exploring: list[tuple[str, Mapping[str, Any]]] = []
        # Additions for the checks of the rest of the turn (`Any character who encounters a
        # monster this turn adds 2d6 ...`), of any character's that fit.
        self.turn_additions: list[Mapping[str, Any]] = []
        # What may not be played for the rest of the turn (`you may not play weapons or
        # spells for the rest of the turn`), as Encounter.forbid takes it.
        self.turn_forbidden: list[dict] = []
        self.turn_ended = False  # card text ended the turn
        self.hand_kept = False  # card text said not to reset the hand at this turn's end
        # Changes to the difficulty of checks for the rest of the turn: by character's name,
        # and under None those of every check.
        self.turn_difficulty: dict[str | None, int] = {}
        self.displayed: list[Card] = []  # cards displayed next to the scenario or a location
        # Banes that keep the characters at a location there while each is the top card of
        # its deck (`characters may not move or be moved ... as long as ... is faceup`).
        self.movement_locks: list[tuple[Location, Card]] = []
        # The blessings deck's cards, when a scenario names them, and its discard pile, the
        # last discarded last (scenario.py).
        self.blessings_deck: list[Card] = []
        self.blessings_discard: list[Card] = []
        self.blessings_lost = 0  # turns card text took from the blessings deck

    # -- looking things up ---------------------------------------------------

    def card_def(self, name: str) -> CardDef:
        """A card of the pool by name, as the box holds a copy of every card; a name written
        in other case is looked up folded (the folded names made only then: a scenario's
        names are mostly as printed, and a balance run sets a table up thousands of times)."""
        defn = self.cards.get(name)
        if defn is not None:
            return defn
        if self._by_folded_name is None:
            self._by_folded_name = {key.casefold(): defn for key, defn in self.cards.items()}
        try:
            return self._by_folded_name[name.casefold()]
        except KeyError:
            raise no_card_named(name, self.cards, " in the box") from None

    def box_of(self, kinds: tuple[str, ...], traits: tuple[str, ...] = ()) -> list[CardDef]:
        """The cards of the box (a copy of every card of the pool) of any of `kinds`, types
        written singular or plural, with all of `traits` (cards.selects)."""
        selection = {"kinds": kinds, "traits": traits}
        return [defn for defn in self.cards.values() if selects(selection, defn)]

    def living(self) -> list[Character]:
        return [character for character in self.characters if character.alive]

    def may_move(self, character: Character) -> bool:
        """Whether no bane that tops the deck of the character's location keeps it there."""
        here = character.location
        return not any(place is here and here.deck and here.deck[0] is card
                       for place, card in self.movement_locks)

    def characters_at(self, location: Location) -> list[Character]:
        return [character for character in self.living() if character.location is location]

    def end(self, outcome: str, reason: str) -> None:
        if self.outcome is None:
            self.outcome, self.over = outcome, True
            self.log.emit("outcome", outcome=outcome, reason=reason)

    # -- moving cards ----------------------------------------------------------

    def pay(self, character: Character, card: Card, cost: str) -> None:
        """Pay a power's cost with `card` from `character`'s hand (or from where it is
        displayed, for a power played while it is)."""
        if cost == "reveal":
            return
        # A power played while its card is displayed is paid from there.
        (character.hand if card in character.hand else character.displayed).remove(card)
        if cost == "recharge":
            character.deck.append(card)
        elif cost == "discard":
            character.discards.append(card)
        elif cost == "bury":
            character.buried.append(card)
        elif cost == "display":
            character.displayed.append(card)
        elif cost == "top":  # `put a card on top of your deck`
            character.deck.insert(0, card)
        elif cost in ("shuffle", "shuffle_to_location"):  # `shuffle a card into your deck`
            deck = character.deck if cost == "shuffle" else character.location.deck
            deck.append(card)
            self.dice.shuffle(deck)
        # banish: the card goes back to the box, which holds every card of the pool anyway

    def lose_blessings(self, count: int) -> None:
        """Card text discards `count` cards from the blessings deck: each is a turn less."""
        for _ in range(count):
            if self.blessings_deck:
                self.blessings_discard.append(self.blessings_deck.pop(0))
        self.blessings_lost += count
        self.log.emit("blessings_lost", count=count)

    def move(self, character: Character, card: Card, place: str) -> None:
        """Move one of `character`'s cards from wherever it is to `place` (a cost's pile)."""
        pile = character.pile_of(card)
        if pile is not None:
            pile.remove(card)
        character.hand.append(card)
        self.pay(character, card, place)

    def reset_hand(self, character: Character) -> bool:
        """Discard down to the hand size, then draw up to it; returns whether the character
        lives."""
        extra = len(character.hand) - character.hand_size
        if extra > 0:
            lost = self.policy.discards(None, character, extra)
            self.lose_cards(character, lost, "discard")
        return self.draw(character, max(0, character.hand_size - len(character.hand)))

    def lose_cards(self, character: Character, cards: Iterable[Card], action: str) -> None:
        """Cards leave the hand by `action` (discard, bury, banish, recharge)."""
        for card in cards:
            self.pay(character, card, action)

    def draw(self, character: Character, count: int) -> bool:
        """Draw from the top of the deck; a character who must draw from an empty deck dies.
        Returns whether the character lives."""
        for _ in range(count):
            if not character.deck:
                self.die(character, "had to draw from an empty deck")
                return False
            character.hand.append(character.deck.pop(0))
        return True

    def die(self, character: Character, why: str) -> None:
        character.alive = False
        self.log.emit("death", character=character.name, why=why)
        if not self.living():
            self.end("lost", "every character is dead")

    def shuffle_into(self, card: Card, location: Location) -> None:
        location.deck.append(card)
        self.dice.shuffle(location.deck)

    def can_close(self, location: Location) -> bool:
        """A location whose deck still holds a villain cannot close (a ruling)."""
        if any(card.defn.type == "Villain" for card in location.deck):
            self.log.emit("close_refused", location=location.name)
            return False
        return True

    def close(self, location: Location, how: str) -> bool:
        """Close a location for good; its remaining cards are banished.  Returns whether it
        closed."""
        if not self.can_close(location):
            return False
        banished = len(location.deck)
        location.deck.clear()
        location.closed = True
        self.log.emit("closed", location=location.name, how=how, banished=banished)
        return True
