"""The players' choices: a default that plays sensibly, and answers a scenario scripts.

Every choice the rules leave to a player goes through here.  The engine hands
over what may be chosen (with what may not, and why); a scripted answer is
taken first, in order, for its kind of choice; otherwise the default decides,
by exact chances of success and the price of each card.  The engine still
checks every answer against the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

from compiler.runtime.pacg.cards import COSTS, CardDef, CheckOption
from compiler.runtime.pacg.checks import NO_SKILL_DIE, Dice, chance, skill_for
from compiler.runtime.pacg.operations import CheckState
from compiler.runtime.pacg.state import Card, Character, Location, Table
from compiler.runtime.script import (
    FLAG,
    NAMES,
    AnyOf,
    Choice,
    ScenarioError,
    Script,
    Whole,
    Words,
)

if TYPE_CHECKING:
    from compiler.runtime.pacg.encounter import Encounter
    from compiler.runtime.pacg.operations import DamageState, Play

# The kinds of choice a scenario may script, with what each answer is.
_NONE = ("none", "stay")
_CARDS_OR_NONE = AnyOf((Words(_NONE), NAMES))
CHOICES = {
    "evade": Choice("the name of a card to evade with, or 'none'"),
    "defeat": Choice("the name of a card to defeat the bane with instead of its check, or "
                     "'none'"),
    "check": Choice("a list of cards to play on the next check (or 'none')", _CARDS_OR_NONE),
    "skill": Choice("the skill to use on the next check"),
    "reduce": Choice("a list of cards to reduce the next damage with (or 'none')",
                     _CARDS_OR_NONE),
    "summon_order": Choice("a list of the summoned cards' names, in the order to encounter "
                           "them", NAMES),
    "close": Choice("true or false: try to close the location after a henchman", FLAG),
    "temporary_close": Choice("true or false: try to close a location for now when a villain "
                              "appears", FLAG),
    "move": Choice("the name of a location to move to at the start of a turn, or 'stay'"),
    "explore": Choice("the name of a card to explore again with, its turn's explorations "
                      "done, or 'none'"),
    "may": Choice("true or false: take up the next thing card text says a character may do",
                  FLAG),
    "draw": Choice("how many cards to draw when card text says to draw up to a number",
                   Whole()),
    "pay": Choice("how many cards to pay when card text offers something for each card paid",
                  Whole()),
    "either": Choice("which option of card text's `either ... or ...` to take, from 1",
                     Whole(1)),
    "card_type": Choice("the type of card to name when card text says to choose one"),
    "deck_end": Choice("where cards set aside go back on their deck",
                       Words(("top", "bottom"))),
    "box_kind": Choice("the kind of card to draw from the box when card text lets the "
                       "player choose"),
    "order": Choice("a list of the names of the cards examined, in the order they go back "
                    "in", NAMES),
}
Named = TypeVar("Named", Card, CardDef)  # what a script may put in order by name
EVADE_BELOW = Fraction(1, 3)  # the default evades a bane it would beat less often than this
PLAY_UNTIL = Fraction(3, 4)  # ... and plays cards on a check until it succeeds this often
# How many points of damage a reduction must save to be worth its cost.
_WORTH = {"reveal": 0, "display": 1, "recharge": 1, "discard": 2, "bury": 3, "banish": 3}
# What a card that makes a check succeed counts as in the estimates: more than any check needs.
CERTAIN = 100


class Policy:
    def __init__(self, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        self.script = Script(script, CHOICES)
        # The cards the default has explored again with, and the turn they were for.
        self._explored_with: tuple[int, list[Card]] = (0, [])

    def _scripted_plays(self, kind: str, candidates: list[Play]) -> list[Play] | None:
        """The cards a script names for this choice, or None when it names none."""
        answer = self.script.next(kind)
        if answer is None:
            return None
        return [] if answer in _NONE else [_named(candidates, name, kind) for name in answer]

    # -- in an encounter ------------------------------------------------------

    def evade(self, enc: Encounter, candidates: list[Play]) -> Play | None:
        answer = self.script.next("evade")
        if answer is not None:
            return None if answer in _NONE else _named(candidates, answer, "evade")
        if not enc.card.defn.is_bane or self._chance_to_defeat(enc) >= EVADE_BELOW:
            return None
        allowed = [play for play in candidates if not play.blocked]
        return _cheapest(allowed or candidates)

    def defeat(self, enc: Encounter, candidates: list[Play]) -> Play | None:
        """A card that defeats the bane outright is spent only when the check is less sure
        than the default wants a check to be before it stops playing cards on it."""
        answer = self.script.next("defeat")
        if answer is not None:
            return None if answer in _NONE else _named(candidates, answer, "defeat")
        if self._chance_to_defeat(enc) >= PLAY_UNTIL:
            return None
        return _cheapest([play for play in candidates if not play.blocked])

    def check_option(self, enc: Encounter, character: Character,
                     options: tuple[CheckOption, ...]) -> CheckOption:
        answer = self.script.next("skill")
        if answer is not None:
            for option in options:
                if answer.casefold() in (skill.casefold() for skill in option.skills):
                    return option
            raise ScenarioError(f"the script chooses the skill {answer!r}, which this check "
                                "does not offer")
        if len(options) == 1:  # most checks: nothing to weigh
            return options[0]
        adventure = enc.table.adventure_deck
        return max(options, key=lambda option: _bare_chance(character, option, adventure))

    def check_plays(self, enc: Encounter, state: CheckState, candidates: list[Play]
                    ) -> list[Play]:
        scripted = self._scripted_plays("check", candidates)
        return _pick_plays(state, candidates, PLAY_UNTIL) if scripted is None else scripted

    def reduce_plays(self, enc: Encounter, state: DamageState, candidates: list[Play]
                     ) -> list[Play]:
        scripted = self._scripted_plays("reduce", candidates)
        if scripted is not None:
            return scripted
        chosen = []
        left = state.amount
        for play in sorted(candidates, key=_price):
            amount = play.power.effect["amount"]
            saves = left if amount is None else min(left, _mean_floor(amount))
            if left and saves >= max(1, _WORTH[play.power.cost]):
                chosen.append(play)
                left -= saves
        return chosen

    def temporary_close(self, enc: Encounter, character: Character, location: Location) -> bool:
        answer = self.script.next("temporary_close")
        return True if answer is None else bool(answer)

    def attempt_close(self, enc: Encounter, character: Character, location: Location) -> bool:
        answer = self.script.next("close")
        return True if answer is None else bool(answer)

    def may(self, enc: Encounter, character: Character, what: str) -> bool:
        """Whether to do what card text leaves to the character (`you may ...`): by default,
        yes; card text that offers a choice mostly offers something good."""
        answer = self.script.next("may")
        return True if answer is None else bool(answer)

    def either(self, enc: Encounter, character: Character, doable: tuple[bool, ...]) -> int:
        """Which option of `either ... or ...` to take (from 0): scripted (from 1), or by
        default the first the character can do in full, as the rules ask a choice it can
        carry out; the first if it can do none in full."""
        answer = self.script.next("either")
        if answer is not None:
            if answer > len(doable):  # a whole number from 1 (CHOICES)
                raise ScenarioError(f"the scripted option {answer!r} is not one of 1 to "
                                    f"{len(doable)}")
            return answer - 1
        return next((index for index, able in enumerate(doable) if able), 0)

    def card_type(self, enc: Encounter, character: Character) -> str:
        """The type to name for `choose a type of card`: scripted, or by default the type
        most cards of the character's location deck are, the first by name of equals (a
        player knows what a location holds, not in what order)."""
        answer = self.script.next("card_type")
        if answer is not None:
            return str(answer)
        counts = Counter(card.defn.type for card in character.location.deck)
        return min(counts, key=lambda kind: (-counts[kind], kind)) if counts else "Monster"

    def box_kind(self, enc: Encounter, character: Character, kinds: tuple[str, ...]) -> str:
        """The kind of card to draw from the box (`a random weapon or spell (your choice)`):
        scripted, or by default the first named that the box holds (the card's own order)."""
        answer = self.script.next("box_kind")
        if answer is not None:
            return str(answer)
        return next((kind for kind in kinds if enc.table.box_of((kind,))), kinds[0])

    def deck_end(self, enc: Encounter, character: Character, cards: list[Card]) -> str:
        """Where cards set aside go back on their deck: scripted, or by default on top when
        they are boons (to find them), at the bottom when banes (to put them off)."""
        answer = self.script.next("deck_end")
        if answer is None:
            return "top" if cards[0].defn.is_boon else "bottom"
        return str(answer)  # `top` or `bottom` (CHOICES)

    def examined_order(self, enc: Encounter, character: Character, cards: list[Card]
                       ) -> list[Card]:
        """The order cards examined go back in, the first where the first was: scripted
        (`order`, their names), or by default as they are."""
        answer = self.script.next("order")
        return cards if answer is None else _in_order(answer, cards, "order of the cards "
                                                      "examined")

    def summon_order(self, enc: Encounter, defs: list[CardDef]) -> list[CardDef]:
        answer = self.script.next("summon_order")
        return defs if answer is None else _in_order(answer, defs, "summon order")

    def target(self, enc: Encounter, kind: str, you: Character) -> Character | None:
        """Another character at the location, for `another character`; otherwise `you`."""
        if kind != "another_character":
            return you
        others = [other for other in enc.table.characters_at(enc.location) if other is not you]
        return others[0] if others else None

    def draw_count(self, enc: Encounter, character: Character, most: int) -> int:
        """How many of at most `most` cards to draw (`draw up to 3 cards`): scripted, or by
        default as many as the hand has room for below its size."""
        answer = self.script.next("draw")
        if answer is not None:
            return max(0, min(most, int(answer)))
        return max(0, min(most, character.hand_size - len(character.hand)))

    def pay_for_each(self, enc: Encounter, character: Character, cards: list[Card],
                     each: Dice) -> list[Card]:
        """Which of `cards` to pay, each for `each` added to the check being made: scripted
        as a number, or by default, the cards `discards` would give up first, one at a time
        until the check succeeds as often as the default wants (PLAY_UNTIL)."""
        answer = self.script.next("pay")
        order = self.discards(enc, character, len(cards), cards)
        if answer is not None:
            return order[:max(0, int(answer))]
        state = enc.check
        paid: list[Card] = []
        while state is not None and len(paid) < len(order) and chance(
                state.skill, [Dice(0, 0, state.added), *[each] * len(paid)],
                state.difficulty) < PLAY_UNTIL:
            paid.append(order[len(paid)])
        return paid

    def discards(self, enc: Encounter | None, character: Character, count: int,
                 pool: list[Card] | None = None) -> list[Card]:
        """The cards to give up (from the hand, or from `pool`): those with the fewest
        powers, the last drawn first."""
        cards = character.hand if pool is None else pool
        order = sorted(reversed(cards), key=lambda card: len(card.defn.powers))
        return order[:count]

    def keeps(self, cards: list[Card]) -> Card:
        """Of cards to take back, the one worth most: the opposite of `discards`'s choice,
        the most powers, the last discarded first."""
        return max(reversed(cards), key=lambda card: len(card.defn.powers))

    # -- between encounters -----------------------------------------------------

    def explore(self, table: Table, character: Character, candidates: list[Play]
                ) -> Play | None:
        """Explore again, the turn's explorations done (`Discard this card to explore your
        location`): scripted, or by default with the cheapest such card while the location
        has cards to explore and the hand, that card paid, keeps at least half its size
        to meet what is found with (damage is paid from the hand).  The default plays each
        card for it once a turn: a card revealed to explore stays in the hand."""
        answer = self.script.next("explore")
        if answer is not None:
            return None if answer in _NONE else _named(candidates, answer, "explore")
        turn, used = self._explored_with
        if turn != table.turn:
            used = []
            self._explored_with = (table.turn, used)
        if not character.location.deck or 2 * (len(character.hand) - 1) < character.hand_size:
            return None
        choice = _cheapest([play for play in candidates
                            if not any(play.card is card for card in used)])
        if choice is not None:
            used.append(choice.card)
        return choice

    def move(self, table: Table, character: Character) -> Location | None:
        """Stay while the location has cards to explore; otherwise go where most are left."""
        answer = self.script.next("move")
        if answer is not None:
            if answer in _NONE:
                return None
            for location in table.locations:
                if location.name.casefold() == answer.casefold():
                    return location
            raise ScenarioError(f"the script moves to {answer!r}, which is not a location")
        here = character.location
        if not here.closed and here.deck:
            return None
        places = [place for place in table.locations if not place.closed and place.deck]
        return max(places, key=lambda place: len(place.deck)) if places else None

    # -- estimates ----------------------------------------------------------------

    def _chance_to_defeat(self, enc: Encounter) -> Fraction:
        """The chance to pass every step of the encountered card's check, playing all the
        character's usable cards on each (an estimate: a card counts on every step)."""
        total = Fraction(1)
        for options in enc.card.defn.check:
            best = Fraction(0)
            for option in options:
                defn = enc.card.defn
                state = CheckState(enc.character, option, skill_for(enc.character, option),
                                   change=enc.defeat_change
                                   + option.adventure * enc.table.adventure_deck,
                                   purpose="defeat" if defn.is_bane else "acquire", against=defn)
                plays = _pick_plays(state, enc.check_candidates(state, enc.card.defn), None)
                best = max(best, _check_chance(state, plays))
            total *= best
        return total


def _named(candidates: list[Play], name: str, kind: str) -> Play:
    for play in candidates:
        if play.card.name.casefold() == str(name).casefold():
            return play
    raise ScenarioError(f"the script plays {name!r} to {kind}, but no character here can play "
                        f"it for that now")


def _price(play: Play) -> tuple[int, int]:
    """Cheapest cost first; among equals, the biggest addition first."""
    amount = play.power.effect.get("amount")
    return COSTS.index(play.power.cost), -(_mean_floor(amount) if amount else 0)


def _cheapest(plays: list[Play]) -> Play | None:
    return min(plays, key=_price) if plays else None


def _mean_floor(amount: Mapping[str, Any]) -> int:
    """The whole part of an amount's mean roll."""
    return (amount["dice"] * (amount["sides"] + 1)) // 2 + amount["plus"]


def _dice(play: Play, state: CheckState) -> Dice:
    """What a play adds to a check, as dice (a better skill is not counted)."""
    spec = play.power.effect or {}
    if spec.get("op") == "auto_succeed":
        return Dice(0, 0, CERTAIN)
    if spec.get("op") == "add_dice":
        return Dice(spec["count"]["plus"], state.skill.sides, 0)
    amount = spec.get("amount") or spec.get("plus")
    if amount is None:
        return Dice(0, 0, 0)
    return Dice(amount["dice"], amount["sides"], amount["plus"])


def _pick_plays(state: CheckState, candidates: list[Play], until: Fraction | None) -> list[Play]:
    """Cards for a check, cheapest first, one of each type and none that is barred, until the
    chance of success reaches `until` (None: every card that may help)."""
    chosen: list[Play] = []
    types: set[str] = set()
    for play in sorted(candidates, key=_price):
        if until is not None and _check_chance(state, chosen) >= until:
            break
        if not play.blocked and play.card.defn.type not in types:
            chosen.append(play)
            types.add(play.card.defn.type)
    return chosen


def _check_chance(state: CheckState, plays: list[Play]) -> Fraction:
    dice_alone = any((play.power.effect or {}).get("op") == "roll_dice" for play in plays)
    return chance(NO_SKILL_DIE if dice_alone else state.skill,
                  [_dice(play, state) for play in plays], state.difficulty)


def _bare_chance(character: Character, option: CheckOption, adventure: int) -> Fraction:
    difficulty = option.difficulty + option.adventure * adventure
    return chance(skill_for(character, option), [], difficulty)


def _in_order(answer: Sequence[str], items: Sequence[Named], what: str) -> list[Named]:
    """`items` in the order a script names them (`summon_order`, `order`), a name for each,
    as often as it stands."""
    left, ordered = list(items), []
    for name in answer:
        item = next((item for item in left if item.name.casefold() == str(name).casefold()),
                    None)
        if item is None:
            break
        left.remove(item)
        ordered.append(item)
    if left or len(ordered) != len(answer):
        raise ScenarioError(f"the scripted {what} {answer!r} does not name each of "
                            f"{[item.name for item in items]!r} once")
    return ordered
