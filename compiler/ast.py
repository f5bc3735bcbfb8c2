"""The typed syntax tree of card files: the one vocabulary that check, lower and format speak.

Every node is a dataclass kept frozen (`node`) that carries the span of the text it came
from.  Spans never take part in equality: two cards that say the same thing,
in whatever place or wording, compare equal.  The formatter's promise that
parse(format(x)) == parse(x) rests on that, and so does the rule that a node
records what a sentence means, not which synonym said it.

A sentence on one line is read once a process and shared by every card that writes it
(`Reading`): a card's `sections` have every span where its own text stands, and the checks,
which look through the shared sentences, find where a node they report stands with
`Card.where`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Generic, NamedTuple, TypeVar, overload

from compiler.runtime.pacg.words import singular  # card kinds' plurals are names' too

_Found = TypeVar("_Found")


class found_once(Generic[_Found]):
    """functools.cached_property without its lock (which Python 3.12 drops too): 3.11's takes
    a lock at the first look at each such property of a node, and a check, in one thread,
    looks at some for nearly every card and sentence of a pool.  As cached_property does, it
    keeps the value in the node's `__dict__`, where later looks find it without calling
    this."""

    def __init__(self, find: Callable[[Any], _Found]) -> None:
        self._find, self.__doc__ = find, find.__doc__
        self._name = find.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self._name = name

    @overload
    def __get__(self, node: None, owner: type | None = None) -> found_once[_Found]: ...
    @overload
    def __get__(self, node: object, owner: type | None = None) -> _Found: ...

    def __get__(self, node: object, owner: type | None = None) -> Any:
        if node is None:
            return self
        value = node.__dict__[self._name] = self._find(node)
        return value


class Span(NamedTuple):
    """Where a piece of text stands: 1-based lines and columns, end exclusive.  A named
    tuple rather than a frozen dataclass, since every node has one and a tuple is made in a
    third of the time."""

    file: str
    line: int
    col: int
    end_line: int
    end_col: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"

    def to(self, other: Span) -> Span:
        """The span from the start of this one to the end of `other`."""
        return Span(self.file, self.line, self.col, other.end_line, other.end_col)


@dataclass(kw_only=True, eq=False, repr=False)
class Node:
    """A node of the tree.  Its kinds are made with `node`.  What the dataclass would write
    for each kind alike is Node's, once: equality, hash and repr as the dataclass writes
    them, and the __setattr__ and __delattr__ that keep a node frozen (so the dataclass is
    told that nodes are not frozen, and writes neither).  Python 3.11 compiles each method
    it writes for a class alone: equality, hash and repr for each of the hundred and more
    kinds were a third of this module's import, and the two that keep each frozen 178.8
    million of the 463.1 million instructions of a process that imported it after that,
    which every command pays (docs/performance.md)."""

    span: Span = field(compare=False, repr=False)

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            compared = _compared(self.__class__)
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(_compared(self.__class__)(self))

    def __repr__(self) -> str:
        shown = ", ".join(f"{item.name}={getattr(self, item.name)!r}"
                          for item in dataclasses.fields(self) if item.repr)
        return f"{self.__class__.__qualname__}({shown})"


_Kind = TypeVar("_Kind", bound=type)


def quicker_init(kind: _Kind) -> _Kind:
    """A frozen dataclass, made with `init=False`, given an __init__ that sets each field with
    object.__setattr__ bound once, where the dataclass's would look it up on `object` for
    each field: 0.54 against 0.65 us for a node of four fields, and a check makes a Field, a
    Reading and more for every header and sentence of a pool.  Putting the fields in the
    node's `__dict__` would be quicker still (0.36 us), but Python 3.11 then gives each node
    a dict of its own (64 bytes more) and reads its fields through it in twice the time:
    lowering the pool's cards took 5.5% more instructions.

    The __init__ is written when the first node of the kind is made (`_first_init`):
    compiling one for each of the 150 kinds as this module was imported took 70.8 million
    of the 260.7 million instructions of a process that imported it, which every command
    pays, and checking one card makes nodes of a few dozen kinds.  Whether it can be written
    is asked here, so that a kind it cannot serve fails as it is defined."""
    if any(item.name in ("self", "_set") or item.default_factory is not dataclasses.MISSING
           or not item.init for item in dataclasses.fields(kind)):
        raise TypeError(f"{kind.__name__}: a node's fields are plain, with plain defaults")
    kind.__init__ = _first_init  # type: ignore[misc]
    return kind


def _first_init(self: Any, *args: Any, **kwargs: Any) -> None:
    """A kind's __init__ until its first node is made: it writes the kind's own (_init_of),
    which every node after the first is made with."""
    kind = type(self)
    init = kind.__init__ = _init_of(kind)  # type: ignore[misc]
    init(self, *args, **kwargs)


def node(kind: _Kind) -> _Kind:
    """A kind of node: a dataclass kept frozen by Node (`quicker_init`)."""
    return quicker_init(dataclass(eq=False, repr=False, init=False)(kind))


def _init_of(kind: type) -> Callable[..., None]:
    """The __init__ of a frozen dataclass with the dataclass's own parameters (its fields, in
    order, their defaults, those after `*` keyword-only), which sets them (quicker_init).
    Its code, like the dataclass's, is made from the fields' names: the project's own
    identifiers."""
    fields = dataclasses.fields(kind)
    defaults = {f"_{item.name}_default": item.default for item in fields
                if item.default is not dataclasses.MISSING}

    def parameter(item: dataclasses.Field[Any]) -> str:
        return item.name if item.default is dataclasses.MISSING \
            else f"{item.name}=_{item.name}_default"

    keywords = [parameter(item) for item in fields if item.kw_only]
    parameters = ["self", *(parameter(item) for item in fields if not item.kw_only),
                  *(["*", *keywords] if keywords else [])]
    stores = "".join(f"\n    _set(self, {item.name!r}, {item.name})" for item in fields)
    namespace = {**defaults, "_set": object.__setattr__}
    exec(f"def __init__({', '.join(parameters)}):{stores}", namespace)
    init: Callable[..., None] = namespace["__init__"]
    init.__qualname__ = f"{kind.__qualname__}.__init__"
    init.__module__ = kind.__module__
    return init


@cache
def _compared(kind: type[Node]) -> Callable[[Node], tuple[Any, ...]]:
    """What equality and hash look at in a node of `kind`: the values of its fields that
    take part in comparisons, in their order (as the dataclass's own methods do)."""
    names = [item.name for item in dataclasses.fields(kind) if item.compare]
    return lambda value: tuple([getattr(value, name) for name in names])


# ---------------------------------------------------------------------------
# Values
# ---------------------------------------------------------------------------


@node
class Word(Node):
    """A word of the text that names something (a trait, keyword, type, skill, target kind),
    kept with its own span so that a check can point at it."""

    text: str

    def __str__(self) -> str:
        return self.text


@node
class Alternatives(Node):
    """Words of which any one will do, written `Weapon/Armor`: kept apart from a plain list
    (`Weapon, Armor`, all of them) because the two mean different things."""

    words: tuple[Word, ...]

    def __str__(self) -> str:
        return "/".join(map(str, self.words))


# -- an old-school stat line (ose): each value prints as the canonical header writes it ------


@node
class ArmourClass(Node):
    """`7 [12]`: descending Armour Class, and ascending in brackets."""

    descending: int
    ascending: int

    def __str__(self) -> str:
        return f"{self.descending} [{self.ascending}]"


@node
class Thac0(Node):
    """`19 [+0]`: the attack roll that hits Armour Class 0, and the attack bonus in brackets."""

    roll: int
    bonus: int

    def __str__(self) -> str:
        return f"{self.roll} [{self.bonus:+d}]"


HALF_DIE = 0.5  # `½`: a d4 rolled for hit points


@node
class HitDice(Node):
    """`1-1 (3hp)`, `2+1*`: d8s rolled for hit points, a modifier, an asterisk for each
    special ability (printed for experience), and the average hit points if printed."""

    dice: int | float  # 0.5 for `½`
    modifier: int = 0
    asterisks: int = 0
    hit_points: int | None = None

    def __str__(self) -> str:
        average = f" ({self.hit_points}hp)" if self.hit_points is not None else ""
        dice = "½" if self.dice == HALF_DIE else str(self.dice)
        return dice + (f"{self.modifier:+d}" if self.modifier else "") + \
            "*" * self.asterisks + average


@node
class Attack(Node):
    """`2 × claw (1d3)`: how many attacks a round of one kind, and the damage of each (or,
    `special`, what else the brackets say: `1d6 or by weapon`, `confusion`)."""  # noqa: RUF002

    count: int | None  # None for an attack printed with no count (`or breath`)
    name: str
    damage: Amount | None = None
    special: str | None = None  # what the brackets hold when it is not damage alone

    def __str__(self) -> str:
        inside = self.damage if self.damage is not None else self.special
        damage = f" ({inside})" if inside is not None else ""
        count = f"{self.count} × " if self.count is not None else ""  # noqa: RUF001
        return f"{count}{self.name}{damage}"


@node
class Attacks(Node):
    """A monster's attacks a round: one routine, or another (`... or breath`), each of one
    kind of attack or more."""

    routines: tuple[tuple[Attack, ...], ...]

    def __iter__(self) -> Iterator[Attack]:
        return (attack for routine in self.routines for attack in routine)

    def __str__(self) -> str:
        return " or ".join(", ".join(map(str, routine)) for routine in self.routines)


@node
class Speed(Node):
    """`120' (40')`: the base movement rate a turn, and the rate a round in an encounter
    (a third of it); `mode` is how, for a second rate (`flying`)."""

    base: int
    encounter: int
    mode: str | None = None

    def __str__(self) -> str:
        mode = f" {self.mode}" if self.mode is not None else ""
        return f"{self.base}' ({self.encounter}'){mode}"


@node
class Movement(Node):
    """One rate or more: `90' (30') / 180' (60') flying`."""

    speeds: tuple[Speed, ...]

    def __str__(self) -> str:
        return " / ".join(map(str, self.speeds))


@node
class Appearing(Node):
    """`2d4 (6d10)`: how many are met wandering, and how many in their lair."""

    wandering: Amount
    lair: Amount | None = None

    def __str__(self) -> str:
        return str(self.wandering) + (f" ({self.lair})" if self.lair is not None else "")


@node
class MonsterGroup(Node):
    """`2d4 Goblin`: monsters an encounter brings, how many, and the card they are."""

    count: Amount
    name: str

    def __str__(self) -> str:
        return f"{self.count} {self.name}"


# -- a Gloomhaven monster's stat line --------------------------------------------------------


@node
class PerCharacter(Node):
    """A boss's stat that grows with the party, `C` being the number of characters:
    `11xC` is times=11; `14xC/2` is times=14, divided_by=2; `C+2` is times=1, plus=2."""

    times: int
    divided_by: int = 1
    plus: int = 0

    def __str__(self) -> str:
        text = "C" if self.times == 1 else f"{self.times}xC"
        if self.divided_by != 1:
            text += f"/{self.divided_by}"
        return text + (f"+{self.plus}" if self.plus else "")


@node
class Stat(Node):
    """`Health 5`: one stat of a monster's Normal or Elite line; `Poison` (no value): what
    every attack of the monster has."""

    name: str
    value: int | PerCharacter | None

    def __str__(self) -> str:
        return self.name if self.value is None else f"{self.name} {self.value}"


@node
class Amount(Node):
    """A number or a dice roll: `3` is dice=0, plus=3; `2d6+1 x 10` is dice=2, sides=6, plus=1,
    times=10; `4X` is 4 for each player."""

    dice: int
    sides: int
    plus: int
    times: int = 1
    per_player: bool = False
    adventure: int = 0  # times the scenario's adventure deck number is added (pacg)

    def __str__(self) -> str:
        if self.per_player:
            return f"{self.plus}X"
        if not self.dice:
            text = str(self.plus)
        else:
            text = f"{self.dice}d{self.sides}" + (f"{self.plus:+d}" if self.plus else "")
        text += f" × {self.times}" if self.times != 1 else ""  # noqa: RUF001
        if not self.adventure:
            return text
        number = f"{ADVENTURE_TIMES[self.adventure]}the scenario's adventure deck number"
        return f"{text} plus {number}" if self.dice or self.plus else number


# The words before `the scenario's adventure deck number` for how many times it counts.
ADVENTURE_TIMES = {1: "", 2: "twice ", 3: "three times "}


@node
class Target(Node):
    """Who an effect falls on; `kind` is one of TARGET_KINDS."""

    kind: str


# Targets that name the characters by how the check attempted just before went for each.
OUTCOME_TARGETS = ("characters_who_succeeded", "characters_who_failed")
# Targets that name characters by what the sentence before did: OUTCOME_TARGETS, and those at
# the location it selected (`Each character at that location ...`).
TARGETS_OF_BEFORE = (*OUTCOME_TARGETS, "each_character_at_selected")
TARGET_KINDS = (
    "you",
    # The holder of the card whose power it is, named apart where the power is for another
    # character it chose (`... and 1 random card from your discard pile into your deck`).
    "holder",
    "turn_character",
    "each_character",
    "each_character_at_location",
    "each_other_character",
    "another_character",
    "party",
    "target_character",
    "target_player",
    "random_character_at_location",
    "each_other_character_at_location",
    "random_character",
    "random_other_character",
    "random_character_elsewhere",
    "character_at_location",
    "that_character",
    "each_character_at_open_location",
    "each_character_at_selected",
    "characters_who_succeeded",
    "characters_who_failed",
    "leader",
    "monster",
)


@node
class SelfRef(Node):
    """The card speaking of itself: `this card` (noun='card'), `this monster`, `it`
    (neither), or its own name (name=...).  The check makes sure a name is the card's own.
    A name never begins with `the`, which is read as an article (a card named `The Lantern
    King` is `Lantern King`, as `the Lantern King` is); `article` says one was written, for
    the formatter to write it again (`If you defeat the Lantern King, ...`)."""

    noun: str | None = None
    name: str | None = None
    article: bool = field(default=False, compare=False, repr=False)


@node
class CardRef(Node):
    """Another card named in the text, such as a summoned one."""

    name: str

    def __str__(self) -> str:
        return self.name


@node
class Selector(Node):
    """Which cards an effect may be used on: `a Monster or Barrier`,
    `a bane with the Undead trait`, `a monster whose highest difficulty to defeat is 16 or
    lower` (`highest`).  `kinds` are card types or the words bane, boon, card."""

    kinds: tuple[Word, ...]
    traits: tuple[Word, ...] = ()
    highest: int | None = None
    combat_value: bool = False  # `highest` is of its combat checks only (`combat value`)


@node
class SkillCheck(Node):
    """One way to attempt a check: any of `skills` against `difficulty`, plus `adventure`
    times the scenario's adventure deck number."""

    skills: tuple[Word, ...]
    difficulty: int
    adventure: int = 0


@node
class CheckStep(Node):
    """One check of a sequence; the character attempts one of its options.  `label` names
    the part of a card of two the step defeats (`(Hound) Combat 10 then (Ruckus) Combat
    13`, as a printed card with two banes in one has it)."""

    options: tuple[SkillCheck, ...]
    label: str | None = None


@node
class CheckSequence(Node):
    """A card's check: steps attempted in order (`Combat 8 then Combat 10`)."""

    steps: tuple[CheckStep, ...]


@node
class SkillDie(Node):
    """A character's skill: `Strength d10+2`."""

    skill: Word
    sides: int
    bonus: int = 0


# ---------------------------------------------------------------------------
# Effects
# ---------------------------------------------------------------------------


@node
class Effect(Node):
    """Base of everything a card can make happen."""


@node
class Damage(Effect):
    """`unreducible`: no card may reduce it (`... that may not be reduced`)."""

    target: Target
    amount: Amount
    kind: Word | None = None
    unreducible: bool = False


@node
class ReduceDamage(Effect):
    """Reduce damage dealt to `whose` (REDUCED_FOR); kinds=() means any kind, amount=None
    means all of it."""

    kinds: tuple[Word, ...]
    amount: Amount | None
    whose: str = "you"


# Whose damage a reduction is for, as the text says it.
REDUCED_FOR = {"you": "you", "any_character": "any character",
               "at_location": "a character at your location"}


@node
class Evade(Effect):
    """Evade a card that `what` describes; `who` is None when the holder evades; `place`
    where the evaded card goes (`...; return it to the top of the deck`: `top`, `bottom`),
    None for back into its deck as the rules say."""

    what: Selector
    who: Target | None = None
    place: str | None = None


@node
class MovementLock(Effect):
    """`characters may not move or be moved from this location as long as the Frost Worm is
    faceup on the deck` (or `until the Avalanche is defeated`): while the card is the top
    card of its location's deck, no character there moves (a ruling); `explored_first`,
    they meet it as the first exploration of each turn too (`Characters at this location
    encounter this barrier as their first exploration each turn, and may not move ...`)."""

    target: Target
    explored_first: bool = False


# The powers an examined card's encounter may ignore, as printed, and the timing windows that
# hold each (EncounterSelf.ignoring).
IGNORED_POWERS = {"before you act power": ("before_encounter",),
                  "power that happens while you act": ("before_any_play",
                                                       "before_another_plays")}


@node
class EncounterSelf(Effect):
    """`When you examine this card, encounter it.`: the character who examined the card
    encounters it, taking it from the deck it is in; `and ignore its before you act power`:
    with the card's text of those windows (`ignoring`, window names) left undone."""

    ignoring: tuple[str, ...] = ()


@node
class DefeatBane(Effect):
    """`defeat a barrier with the Lock trait`: the encountered bane, if `what` describes it,
    is defeated with no check."""

    what: Selector


@node
class Summon(Effect):
    target: Target
    cards: tuple[CardRef, ...]


@node
class SummonFromBox(Effect):
    """`summon and encounter a random monster` (or `a monster from the box`): a card of one
    of `kinds` the dice pick from the box."""

    target: Target
    kinds: tuple[Word, ...]


@node
class SelfAction(Effect):
    """The card does something to itself: `banish this card`; `action` is a cost verb."""

    action: str
    card: SelfRef
    beside: str | None = None  # where a displayed card is set: `the scenario`


@node
class MoveSelf(Effect):
    """Where the card goes when its encounter ends: shuffled into a deck (SHUFFLED_INTO), or
    `top` / `bottom` of the location deck, or `under_top`: under its top card, if any."""

    place: str
    card: SelfRef


# The decks a card may shuffle itself into, by MoveSelf.place, as the text says them.
SHUFFLED_INTO = {
    "shuffle": "the location deck",
    "your_location": "your location deck",
    "random_open": "a random open location deck",
    "random_other_open": "a random other open location deck",
}


# Where in its deck card text puts a card, with its words: `top_or_bottom` is the player's
# choice, which cardwright makes the bottom (docs/rulings.md).
DECK_ENDS = {"top": "the top", "bottom": "the bottom",
             "top_or_bottom": "either the top or the bottom"}


@node
class CardAction(Effect):
    """A character discards, buries, banishes, recharges, puts on top of its deck (`top`) or
    shuffles into its deck (`shuffle`) or its location's (`shuffle_to_location`) cards from its
    hand, or from `source` ('discards', 'discards_top': the discard pile's top cards, the
    last discarded, 'hand_or_discards', 'hand_or_deck' (the deck's top cards), 'deck': its
    top cards, 'deck_ends': its top and bottom ones, or 'deck_end': its top or bottom card);
    `kinds` narrows them to cards of those types."""

    target: Target
    action: str
    count: Amount
    random: bool = False
    kinds: tuple[Word, ...] = ()
    source: str = "hand"


@node
class Draw(Effect):
    """`draw 2 cards`; `up_to` (`draw up to 2 cards`): as many as the player chooses, at most
    `count`."""

    target: Target
    count: Amount
    up_to: bool = False


@node
class WhichChecks(Node):
    """The checks a card adds to: `owner` 'yours', 'any' (at the holder's location),
    'others' (another character's there) or 'elsewhere' (by a character at another
    location); any one of `kinds` (each of one or
    more words, all of which must hold: `noncombat Strength`, `Melee combat`; none: any
    check); and, with a `purpose` ('defeat', 'acquire', 'close', 'recharge'; 'against':
    defeat or acquire, `your checks against monsters`), only checks
    for it, against a card of one of the `against` types if any are named, with any of
    `against_traits` if any are; with `using`, only a check on which a card of one of those
    types was played before (`a combat check using a weapon`); `alternative`, other checks
    the card is for as well (`your combat check or your check to acquire an ally`)."""

    owner: str
    kinds: tuple[Word, ...] = ()
    purpose: str | None = None
    against: tuple[Word, ...] = ()
    against_traits: tuple[Word, ...] = ()
    using: tuple[Word, ...] = ()
    alternative: WhichChecks | None = None


@node
class AddToCheck(Effect):
    """Add to a check; `more` to a check against a card `more.against` takes in."""

    amount: Amount
    checks: WhichChecks
    traits: tuple[Word, ...] = ()  # traits the addition gives the check
    more: MoreAgainst | None = None


@node
class MoreAgainst(Node):
    """`, or 2d4 against a monster with the Giant trait`: the amount added instead when the
    check is against such a card."""

    amount: Amount
    against: Selector


@node
class CloseLocation(Effect):
    """`mode` is 'close', 'temporarily_close' or 'attempt_close'; `place` is 'here' (this or
    your location) or 'origin' (the location the encountered card came from)."""

    mode: str
    place: str = "here"


@node
class StatChange(Effect):
    """`Target character gets +2 Combat until end of turn.`"""

    subject: Target | SelfRef
    stat: Word
    amount: int


@node
class StatBonus(Effect):
    """What equipment adds to a stat: `Strength +1.`, or `+2 Magic against Undead.`"""

    stat: Word
    amount: int
    against: Word | None = None


@node
class RollOrElse(Effect):
    """Each target rolls one of `stats` plus the die; under `number`, `otherwise` falls on it."""

    target: Target
    stats: tuple[Word, ...]
    number: int
    otherwise: Effect


@node
class Heal(Effect):
    target: Target
    amount: Amount


@node
class GainStars(Effect):
    """`Gain a Star token.`, `Give target character a Star token.`"""

    target: Target
    amount: Amount


@node
class DrawLoot(Effect):
    target: Target
    amount: Amount


@node
class DiscardMonster(Effect):
    """`Discard a Beast monster.`"""

    trait: Word


@node
class Reroll(Effect):
    """`Re-roll your die.`"""


@node
class Marker(Effect):
    """What a card is rather than what it does; `name` is one of MARKERS."""

    name: str


@node
class SurpriseRange(Effect):
    """`Surprises on 1-4.`: the side that meets this card is surprised on `low` to `high` of
    its d6, where the rule is 1 to 2 (ose).  `reason`: the words after `due to`, if any
    (`camouflage`), which change no rule."""

    low: int
    high: int
    reason: str | None = None


@node
class AbilitiesElsewhere(Effect):
    """`Echolocation: See main entry.`: abilities of the card, named, whose rules are not
    on it (a printed stat block's are in the monster's main entry) (ose)."""

    names: tuple[Word, ...]


@node
class Ability(Effect):
    """A Gloomhaven ability with a value: `Attack 4`, `Range 3`, `XP 2`; `name` is one of
    ABILITIES, folded; `signed` on a monster ability card, whose values add to the
    monster's own (`Attack +1`)."""

    name: str
    amount: int
    signed: bool = False


ABILITIES = ("attack", "move", "shield", "heal", "retaliate", "pierce", "loot", "push",
             "pull", "range", "target", "xp", "special")


@node
class GivenCondition(Effect):
    """`Stun`, `Poison`: a condition a Gloomhaven action gives the figures it attacks."""

    name: str


@node
class Element(Effect):
    """`Infuse Fire`, `Consume Ice`: a Gloomhaven element made strong, or used up."""

    name: str
    consumed: bool


@node
class NegateNextDamage(Effect):
    """`The next time you suffer damage this round, suffer no damage instead.`"""


@node
class SufferDamage(Effect):
    """`Cultist suffers 2 damage`: a Gloomhaven figure's own damage, which no shield stops;
    with `after` (`attack` or `move`: `If the attack ability was performed, ...`), only once
    the action's ability of that name was performed."""

    figure: SelfRef
    amount: int
    after: str | None = None


@node
class AreaDamage(Effect):
    """`All adjacent enemies suffer 2 damage`: every figure of the `sides` (`enemies`,
    `allies`, as written) suffers `amount` damage, which no shield stops; `adjacent` and
    `range` say which of them are in reach, and `around_target` that they are those
    adjacent to the target of the action's attack (`All enemies adjacent to the target`)."""

    sides: tuple[str, ...]
    amount: int
    adjacent: bool = False
    range: int | None = None
    around_target: bool = False


@node
class AttackersSuffer(Effect):
    """`Any time a figure attacks the Stone Golem this round, that figure suffers 3 damage`:
    each attack on the monster this round costs its attacker `amount` damage, at any range."""

    figure: SelfRef
    amount: int


@node
class AttacksDisadvantaged(Effect):
    """`All attacks targeting Giant Viper this round gain Disadvantage`: each attack on the
    monster this round draws two modifiers and keeps the worse."""

    figure: SelfRef


@node
class AllAllies(Effect):
    """`Affect all adjacent allies`, `Target self and all allies within Range 2`: the heal,
    shield, retaliation or conditions before it go to every ally of the figure (with
    `self_too`, to the figure as well); `adjacent` and `range` say which are in reach (None:
    the ability's own)."""

    self_too: bool = False
    adjacent: bool = False
    range: int | None = None


@node
class SummonMonster(Effect):
    """`Summon normal Living Bones`, `Spawn two Bandit Archers`: standees of that Monster
    card join the map, normal or elite.  `monster` is named as written, maybe in the plural
    (name_in finds its card).  `per_characters`, when set, makes the count the number of
    characters divided by it, rounded up (`Spawn C/2 Blood Imps`: 2); otherwise it is
    `count`.  `spawn` keeps the word a boss's card prints, which plays as a summon does."""

    monster: CardRef
    elite: bool = False
    count: int = 1
    per_characters: int | None = None
    spawn: bool = False


# A count of standees as a card may write it in words (`Spawn two Bandit Archers`).
COUNT_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


@node
class RankFor(Node):
    """`Elite every second spawn for 3`: the rank for `fewest` to `most` characters, each
    standee `elite`, or, `alternate`, every second one (from the second)."""

    fewest: int
    most: int
    elite: bool
    alternate: bool = False


@node
class SpawnRank(Effect):
    """`It is Normal for 2 characters, Elite every second spawn for 3 and Elite for 4
    characters`: the rank of the standees of the summon just before it, by the number of
    characters."""

    ranks: tuple[RankFor, ...]


@node
class AllyBonus(Effect):
    """`Add +2 Attack if the target is adjacent to any of the Giant Viper's allies`: more to
    the ability before it (`ability`, folded) while the figure has an ally beside its
    target."""

    ability: str
    amount: int
    figure: SelfRef


@node
class TargetAll(Effect):
    """`Target all enemies within Range 3`: the ability takes every enemy within `range`
    (None: the ability's own range, or `Target all` alone); `Target all in row A`, every
    enemy in that `row` of the map."""

    range: int | None = None
    row: str | None = None


@node
class NearTarget(Effect):
    """`within Range 2 of target`, after an attack (`Attack -1 within Range 2 of target`):
    the attack takes an enemy within `range` of the target of the attack before it."""

    range: int


@node
class ElementBonus(Effect):
    """`Consume Ice, +2 Attack`: what a consumed element adds to the ability of that name
    (`ability`, folded) before it."""

    ability: str
    amount: int


@node
class AbilityX(Effect):
    """`Heal X`: an ability whose value the action's `where X is ...` gives (XIsDamageDealt);
    `name` is one of ABILITIES."""

    name: str


@node
class XIsDamageDealt(Effect):
    """`where X is the amount of damage suffered by the target of the attack ability`: X of
    the action's AbilityX is the damage its attack dealt."""


@node
class RemoveNegativeConditions(Effect):
    """`Remove all negative conditions`: from the figure itself."""


# The abilities `If the ... ability was performed` asks after, as printed: `movement` is
# the move.
PERFORMED = {"attack": "attack", "move": "move", "movement": "move"}


# Random Encounters' markers, ose's, then Gloomhaven's (`Self`, `Lost`, `Round bonus`,
# `Jump`, `Target all adjacent enemies`).
MARKERS = ("ambush", "monster_nest", "skippable", "no_attack",
           "carries_light", "never_surprised", "always_attacks", "pursues",
           "self", "lost", "round_bonus", "jump", "all_adjacent", "advantage")


@node
class CheckOrElse(Effect):
    """Each target attempts a check; on a failure, the effects of `otherwise` fall on it, one
    after another (`... or bury a card and draw a card`)."""

    target: Target
    check: CheckStep
    otherwise: tuple[Effect, ...]


@node
class AddDice(Effect):
    """`add 1 die to any check`: more dice of the kind the check already rolls."""

    count: Amount
    checks: WhichChecks
    traits: tuple[Word, ...] = ()


@node
class AddSkillDie(Effect):
    """`add your unmodified Strength die`: one die the size of its holder's die for `skill`
    (a d4 without it), with no bonus, to the check the power is played on."""

    skill: Word
    traits: tuple[Word, ...] = ()


@node
class SkillDice(Effect):
    """`your Dexterity and Charisma dice are each d4`: the die each of `skills` rolls, of
    `sides` sides, for the character a card is displayed beside while it is (`While
    displayed, ...`); a state, not an event, so it holds for every check that character
    makes then."""

    skills: tuple[Word, ...]
    sides: int


@node
class AutoSucceed(Effect):
    """`succeed at your Stealth check`: the check succeeds whatever the dice say."""

    checks: WhichChecks


@node
class RollFor(Effect):
    """`roll 1d6; on a 1, ...`: dice rolled for a result that the effects after it in the
    sentence ask about (the conditions `rolled` and `rolled_not`)."""

    amount: Amount


@node
class RollDice(Effect):
    """`roll 4d6`: the check is made with these dice in place of a skill's die and bonus."""

    amount: Amount
    traits: tuple[Word, ...] = ()


@node
class UseSkill(Effect):
    """`roll your Strength or Melee die + 1d6`: the check is made with the best of `skills`,
    and `plus` is added to it; `checks`, when the text names them (`for your non-combat
    check`), are the only ones it is for (None: the check the power is played on)."""

    skills: tuple[Word, ...]
    plus: Amount | None = None
    traits: tuple[Word, ...] = ()
    checks: WhichChecks | None = None


@node
class YouMay(Effect):
    """`you may ...`: the character "you" names chooses whether `effect` happens; `who` when
    the text calls that character `that character` (`That character may shuffle ...`, said
    of the character a power chose), whom the effect calls `you` all the same; `declined`
    happens when it chooses not to (`; if you do not, ...`)."""

    effect: Effect
    who: Target | None = None  # None: `you`
    declined: Effect | None = None


@node
class Either(Effect):
    """`either bury a card or discard the top 2 cards of your deck`: the character does one
    of `options`, its choice among those it can do in full (docs/rulings.md)."""

    options: tuple[Effect, ...]


@node
class PayTo(Effect):
    """`you may banish an ally to evade this card`: the character chooses whether to pay
    `cost`, cards of its own, and only a cost it can pay in full buys `effect`; `declined`
    happens when it does not pay (`you may bury an ally; if you do not, ...`: then `effect`
    may be None)."""

    cost: CardAction
    effect: Effect | None
    declined: Effect | None = None


@node
class ExtraCost(Effect):
    """`you may additionally discard this card to ...`: pay again with the card for more."""

    cost: str
    card: SelfRef
    effect: Effect


@node
class Condition(Node):
    """What a conditional asks of "you"; `kind` is one of CONDITION_KINDS and `words` the
    proficiency (`light armors`), the skills (any one of them will do), the traits, the card
    types (`lacks_cards`: none of them in the hand; `check_against`: the check is against a
    card of one of them), or for `played_on_check` a card type and the traits such a card
    played must have."""

    kind: str
    words: tuple[Word, ...]


# The conditions that ask how the check to defeat went, once it was made: the kind of check
# it was (`was a non-combat check`), by how much it succeeded or failed.
DEFEAT_CHECK_CONDITIONS = ("check_was", "succeeded_by", "failed_by", "short_by")
# The conditions that ask how the encounters of the cards the text summoned went: each
# encounter of the cards the word names (a name, or a kind), or with none, the last one.
SUMMONED_CONDITIONS = ("summoned_defeated", "summoned_not_defeated")
CONDITION_KINDS = ("proficient", "not_proficient", "has_skill", "lacks_skill", "succeeded",
                   "failed", "alone", "matches_blessing", "blessing_has_trait",
                   "check_has_trait", "check_lacks_trait", "played_on_check", "dealt_damage",
                   "examined_is", "lacks_cards", "check_against", "has_trait", "check_is",
                   "self_has_trait", "rolled", "rolled_not", "not_alone",
                   "check_against_card", "examined_named", "blessed", "not_blessed",
                   "examined_is_not", "has_in_hand", "discarded_for_damage", "any_failed",
                   "cards_left", "no_other_open",
                   *DEFEAT_CHECK_CONDITIONS, *SUMMONED_CONDITIONS)


@node
class Conditional(Effect):
    """`if <condition>, <then>` with `; otherwise, <otherwise>`; `instead` when the text says
    the effect is done instead of what the sentence said before."""

    condition: Condition
    then: Effect
    otherwise: Effect | None = None
    instead: bool = False


@node
class TurnAddition(Effect):
    """`Any character who encounters a monster this turn adds 2d6 with the Acid trait to her
    combat check.`: added, with the traits, to each such check made for the rest of the
    turn (`checks`: any character's, to defeat a card of those kinds)."""

    amount: Amount
    checks: WhichChecks
    traits: tuple[Word, ...] = ()


@node
class SelectLocation(Effect):
    """`randomly select an occupied location` (`most_occupied`: `... a location that is
    occupied by the greatest number of characters`): the location `that location` names
    after it."""

    most_occupied: bool = False


@node
class Explore(Effect):
    """`explore your location`, `explore again`: one more exploration this turn."""


@node
class EachAttemptsDefeat(Effect):
    """`Each character chooses a different check to defeat.` (`different`; or `Each
    character attempts the check to defeat.`): each character of `target` attempts the check
    to defeat the card, in place of the one encountering it alone."""

    target: Target
    different: bool = False


@node
class ChooseCardType(Effect):
    """`choose a type of card`: the player names one, for `the chosen type` after it."""


@node
class SetAsideChosen(Effect):
    """`If there are any cards of the chosen type, set them aside.`: those of the cards just
    examined, taken out of their deck."""


@node
class ReturnSetAside(Effect):
    """`Return the remaining cards to the deck, shuffle it, then put the cards you set aside
    together in any order at either the top or bottom of the deck.`"""


@node
class ExplorationFinds(Effect):
    """`If you encounter a boon, banish it.`, `If you encounter an armor, recharge this card
    instead.`, after a power that explores: in the exploration it grants, when its holder
    finds a card of one of `kinds`, that card is banished unencountered (`fate` "banish") or
    the card played is recharged rather than left discarded (`fate` "recharge")."""

    kinds: tuple[Word, ...]
    fate: str


@node
class ExplorationAddition(Effect):
    """`add 2d6 to your combat checks during this exploration`: added to each such check
    made in the exploration that the `explore` before it in its sentence grants."""

    amount: Amount
    checks: WhichChecks


@node
class DifficultyChange(Effect):
    """`the difficulty to defeat is increased by 1d6`: `scope` is 'this_check', 'to_defeat',
    or, for the rest of the turn, 'your_checks' (the checks of the character the effect is
    for) or 'all_checks'; the change is `amount` plus `adventure` times the scenario's
    adventure deck number, with `sign` -1 for a decrease; with `counted`, the number of
    cards in the hand of the character the effect is for that any of them takes in
    (`increased by the number of allies in your hand`)."""

    scope: str
    sign: int
    amount: Amount | None
    adventure: int = 0
    counted: tuple[Selector, ...] = ()

    @property
    def total(self) -> Amount:
        """The change as one amount, as it is written: `1d4 plus the scenario's adventure deck
        number`."""
        return dataclasses.replace(self.amount or Amount(0, 0, 0, span=self.span),
                                   adventure=self.adventure)


@node
class InsteadOfDiscard(Effect):
    """`succeed at an Arcane 4 check to recharge this card instead of discarding it`: where a
    played card goes rather than the discard pile, if the check (when there is one) succeeds."""

    action: str
    card: SelfRef
    check: CheckStep | None = None
    # the moves it replaces: `instead of discarding or burying it` is ('discard', 'bury')
    replaces: tuple[str, ...] = ("discard",)


@node
class Forbid(Effect):
    """`you may not play spells with the Attack trait`, for the rest of the encounter: `who`
    may not (`that character may not play cards`); `or_kinds`, whatever their traits (`...
    or weapons`); `powers`, nor use powers (`... or use powers`); `on_check`, only on the
    check being made (`... on this check`)."""

    kinds: tuple[Word, ...]
    traits: tuple[Word, ...]
    who: Target
    or_kinds: tuple[Word, ...] = ()
    powers: bool = False
    on_check: bool = False  # `... on this check`: only while the check is made
    for_turn: bool = False  # `... for the rest of the turn`: past the encounter, to the turn's end


@node
class TurnAction(Effect):
    """`reset your hand` or `end your turn`; `action` is one of TURN_ACTIONS."""

    action: str


TURN_ACTIONS = ("reset_hand", "end_turn", "keep_hand")


@node
class Examine(Effect):
    """`examine the top 2 cards of the location deck` (`examine the location deck`: a `count`
    of None, all of it; `the bottom 3 cards`: `end` 'bottom'); `then` is what is done with
    them: 'any_order' (put back in any order), 'top_or_bottom' (the one card), 'shuffle' (the
    deck shuffled), or None."""

    count: Amount | None
    then: str | None = None
    # or 'any_location', 'any_character' (the player's pick), 'yours', 'blessings',
    # 'blessings_discard'
    deck: str = "location"
    end: str = "top"


@node
class Attempt(Effect):
    """`attempt a Constitution or Fortitude 9 check`: a check whose outcome later text asks
    about (`if you fail, ...`); `then`, done if it succeeds (`succeed at a Charisma 5 check to
    draw a card`, one effect wherever an effect may stand)."""

    target: Target
    check: CheckStep
    then: Effect | None = None


@node
class SufferScourge(Effect):
    """`suffer the scourge Frightened`, or with no card named, `suffer a scourge`."""

    target: Target
    card: CardRef | None = None


@node
class Retrieve(Effect):
    """`return an ally from your discard pile to your hand`: one card of `kinds` (none: any),
    of its holder's choice."""

    kinds: tuple[Word, ...] = ()


@node
class SearchDeck(Effect):
    """`search your deck for an ally and bury it`: one card of the holder's deck of `kinds`
    (none: any) with all of `traits`, of its holder's choice, to the hand (`action` 'take')
    or discarded, buried, banished, or put back on top once the deck is shuffled ('top');
    the deck is shuffled after.  `deck` 'location': the deck of the holder's location
    instead.  `first`: the first such card from the top, not one of the holder's choice
    (`examine your location deck until you find a bane`)."""

    kinds: tuple[Word, ...]
    traits: tuple[Word, ...]
    action: str
    deck: str = "yours"
    first: bool = False


@node
class GainFromBox(Effect):
    """`add 1d4 random spells from the box to your hand`, `each character draws a spell from
    the box`; `target` None is `you`; `traits`, all of which the cards have; `chosen`: the
    player names one of `kinds` first (`a random weapon or spell (your choice)`)."""

    count: Amount
    kinds: tuple[Word, ...]
    target: Target | None = None
    traits: tuple[Word, ...] = ()
    chosen: bool = False


@node
class PileAction(Effect):
    """`bury your discard pile`, `discard your hand`: every card of the pile ('hand' or
    'discards'); with `kinds`, every card of those types (`discard any armors`, `bury any
    allies in your discard pile`); with `traits`, every card with any of them (`recharge
    every card with the Magic trait in her hand`)."""

    target: Target
    action: str
    pile: str
    kinds: tuple[Word, ...] = ()
    traits: tuple[Word, ...] = ()


@node
class DamageRule(Effect):
    """How damage the card deals (`of_kind` only: `Combat damage dealt by ...`) is changed:
    dealt `as_kind`, `more` of it (less, with `sign` -1: `reduced by 1`), dealt `to` others
    as well, `unreducible`, `halved` (rounding up), or `at_most` that much (`reduced to 1`);
    `loses`, how the cards it costs are lost (`bury`, `banish`), when not discarded, and
    `from_deck`, whether they are the top cards of the deck rather than cards of the hand."""

    as_kind: Word | None = None
    more: Amount | None = None
    sign: int = 1
    to: Target | None = None
    unreducible: bool = False
    halved: bool = False
    of_kind: Word | None = None
    loses: str | None = None
    at_most: int | None = None
    from_deck: bool = False


@node
class AtReset(Effect):
    """`recharge this card when you reset your hand`."""

    action: str
    card: SelfRef


@node
class EvadeSelf(Effect):
    """`When you encounter this card, evade it.`; `place` (`top`, `bottom`), where in the
    location deck it then goes rather than shuffled in (`...; put him on the bottom of the
    location deck`)."""

    place: str | None = None


@node
class Move(Effect):
    """`move` (where the character chooses) or `move to a random location`."""

    target: Target
    random: bool = False


@node
class ShuffleFromBox(Effect):
    """`shuffle a barrier from the box into your location deck`, `an ally and blessing`."""

    kinds: tuple[Word, ...]


@node
class BlessingsBack(Effect):
    """`shuffle 1d6 random cards from the blessings discard pile into the blessings deck`: a
    turn more for each card."""

    count: Amount


@node
class CountedDamage(Effect):
    """`a random character takes an amount of Combat damage equal to the number of spells
    with the Attack trait and weapons in your hand`: damage of as many points as there are
    cards any of `counted` takes in, in the hand of `you` (`owner` 'yours') or of whom the
    damage falls on ('theirs'); `plus` points more (`equal to 2 plus the number of ...`)."""

    target: Target
    kind: Word | None
    counted: tuple[Selector, ...]
    owner: str
    plus: int = 0


@node
class ExaminedKinds(Effect):
    """`examine the top 3 cards of your deck and discard any allies`: each card examined
    just before that is of `kinds`, still in its deck, goes where `action` sends it."""

    action: str
    kinds: tuple[Word, ...]


@node
class ExaminedRest(Effect):
    """What becomes of the cards examined just before that are still in their deck: `how`
    'any_order' (`You may put them back in any order.`, `Return the remaining cards to the
    location deck in any order.`) or 'shuffle' (`Shuffle any remaining cards into your
    deck.`: the deck they are in, shuffled)."""

    how: str


@node
class ExaminedAction(Effect):
    """`If it is a boon, you may add it to your hand`: what becomes of the card examined just
    before; `action` is one of EXAMINED_ACTIONS."""

    action: str


# `take` is `add it to your hand`; `top` and `bottom`, `put it on the bottom of the deck` (its
# own).
EXAMINED_ACTIONS = ("take", "draw", "top", "bottom", "encounter", "discard", "bury", "banish",
                    "recharge")


@node
class ForEach(Effect):
    """`<effect> for each other character at your location`: `effect` once for each of
    what `counted` (one of COUNTED) names, none when there is none."""

    effect: Effect
    counted: str


COUNTED = ("other_characters_here", "other_open_locations", "characters_elsewhere")


@node
class ForEachPlayed(Effect):
    """`For each blessing played in a check against Nualia, <effect>`: `effect` once for each
    card of one of `kinds` (`card`: any) with all of `traits` played on the check being
    made, as a bane's text about the check to defeat it is done (after cards are played on
    it, before its dice are rolled)."""

    effect: Effect
    kinds: tuple[Word, ...]
    traits: tuple[Word, ...] = ()


@node
class PlayedFate(Effect):
    """`If you play a boon that has the Divine trait, banish it`: each card of one of `kinds`
    (`card`: any) with all of `traits` that `target` plays in this encounter goes where
    `action` (a card verb) puts it once its play is done, in place of where the play put it;
    a card its play banished stays in the box (`..., unless that card would be banished`).
    `failed_defeat`: only a card played on the check to defeat, once that check has failed
    (`If you play a weapon on your check to defeat and fail that check, bury the weapon`)."""

    target: Target
    kinds: tuple[Word, ...]
    traits: tuple[Word, ...]
    action: str
    failed_defeat: bool = False


@node
class EncounteredByEach(Effect):
    """`Each character at this location encounters Tangletooth.`: each character of
    `target` other than the one encountering the card encounters it as well, first."""

    target: Target
    card: SelfRef


@node
class UndefeatedUnless(Effect):
    """`If any character does not defeat the Zombie Minion, the Zombie Nest is undefeated.`:
    the card (`subject`) is undefeated if any encounter of `card`, which its text summons
    (or, the card itself, which each character encounters: EncounteredByEach), is not won."""

    card: CardRef
    subject: SelfRef


@node
class NoClosing(Effect):
    """`Defeating the Nightbelly Boa does not allow you to close this location.`: a henchman
    defeated offers no attempt to close its location."""

    card: SelfRef


@node
class NoTemporaryClosing(Effect):
    """A villain's `a random other open location cannot be temporarily closed` (no `traits`),
    or `locations that have the Abyssal trait cannot ...`: in its encounter, no character
    there tries to close such a location for now."""

    traits: tuple[Word, ...] = ()


@node
class NoDamage(Effect):
    """`the Faceless Stalker deals no damage`: the bane deals no damage for a failed check
    to defeat it, whatever window says so (`If undefeated, ...`).  `card` is None when the
    text says it as `instead of the normal damage, ...`."""

    card: SelfRef | None = None


@node
class PayForEach(Effect):
    """`You may recharge any number of allies; for each ally recharged, add 1d4 to your
    check.`: cards of `kinds` from the hand, as many as the player chooses, each paid by
    `action` for one `add`."""

    action: str
    kinds: tuple[Word, ...]
    add: AddToCheck


@node
class ShuffleBlessing(Effect):
    """`shuffle the top card of the blessings deck into this location deck`."""


@node
class ShuffleLocation(Effect):
    """`shuffle the location deck`."""


@node
class ForbidSelf(Effect):
    """`you may not play this card`, said of when (`If you played a weapon with the
    2-Handed trait on this check, ...`); `who` is anyone but `you` only when miswritten
    (the check reports it)."""

    who: Target | None = None  # None: `you`
    # `... during an encounter`: only while one is under way (not at a turn's end).
    during_encounter: bool = False


@node
class ForceOutcome(Effect):
    """`the Ghost is undefeated`: the check to defeat it comes out `outcome` ('defeated' or
    'undefeated'), whatever the dice say; a boon's `you automatically acquire it`, 'acquired'
    with no check to acquire it."""

    outcome: str


@node
class DiscardFirst(Effect):
    """`When you are dealt damage by the Hag, you must first choose spells to discard as your
    damage, if you have any.`: cards of `kinds` go first when damage (the card's own, with
    `by_card`) is discarded, for the rest of the encounter."""

    kinds: tuple[Word, ...]
    by_card: bool = False


@node
class RerollCheck(Effect):
    """`reroll the dice` (pacg): the check's dice (its skill's die and those cards added) are
    rolled again, and the new total is the check's."""


@node
class CountAs(Effect):
    """`If any d4 rolled on this check is a 4, count it as 6`: each die with `sides` that
    rolls `face` on the check the card was played on counts as `counted`."""

    sides: int
    face: int
    counted: int


@node
class TakeResult(Effect):
    """`take the new result`, `You must take the second result.`: the reroll before it
    stands, and the check is not rerolled again (`kept` 'lower', 'higher': of the two results,
    that one).  A bane's text says it of itself, `card`: `The Karkinoi is defeated or
    undefeated based solely on the result of the new roll.`"""

    card: SelfRef | None = None
    kept: str = "new"


@node
class Subtract(Effect):
    """`subtract 1 from each die you roll`: from the check being made."""

    amount: Amount
    each_die: bool = False


@node
class Unevadable(Effect):
    """`The shark may not be evaded.`"""


@node
class AllowAnother(Effect):
    """`You may play another item on this check.`"""

    kind: Word


# ---------------------------------------------------------------------------
# Sentences
# ---------------------------------------------------------------------------


TABLE_INTRO = ":"  # Sentence.table of a table of rolls' first line
DAMAGE_TYPES_INTRO = " for the type of damage:"  # ... of a table of damage types' (`1. Acid`)
# ... or its heading after the roll (`Roll 1d6.`), a sentence with no effects of its own
DAMAGE_TYPES_HEADING = "All damage dealt by this card is the following type:"


@node
class Sentence(Node):
    """Base of the sentences of rules text.  `mentions` are all the ways it calls its own
    card, those its nodes keep and those they do not (`the check to defeat the Ghost`), for
    the check of names (check.shared): not part of what it means."""

    mentions: tuple[SelfRef, ...] = field(default=(), compare=False, repr=False, kw_only=True)
    # How it was written, for `fmt` to write it so again: the first line of a table of rolls
    # (`roll 1d4:`, TABLE_INTRO, DAMAGE_TYPES_INTRO or _HEADING) or one of its rows (`3-4. ...`: its
    # results, `3-4`).  Not part of what it means: a row means what `On a 3 or 4, ...` does.
    table: str | None = field(default=None, compare=False, repr=False, kw_only=True)

    @found_once
    def nodes(self) -> tuple[Node, ...]:
        """`walk(self)`, found once: a shared sentence (`Reading`) is looked through by the
        checks of every card that writes it.  Not copied by `moved`."""
        return tuple(walk(self))

    @found_once
    def node_types(self) -> frozenset[type]:
        """The types of `nodes`, found once: a check that looks for one kind of node asks
        this before it looks through them."""
        return frozenset(type(node) for node in self.nodes)

    @found_once
    def condition_kinds(self) -> frozenset[str]:
        """The kinds of the conditions among `nodes`, found once."""
        return frozenset(node.kind for node in self.nodes if isinstance(node, Condition))

    @found_once
    def target_kinds(self) -> frozenset[str]:
        """The kinds of the targets among `nodes`, found once."""
        return frozenset(node.kind for node in self.nodes if isinstance(node, Target))

    @found_once
    def continues(self) -> bool:
        """Whether it goes on with the sentence before it (Continuation, Untimed), found once
        as `nodes` is: lowering asks it of every sentence of every card, where a sentence on
        one line is one node for all the cards that write it.  Asked afresh each time, it and
        Untimed.moment were nearly a third of lowering the benchmark pool's cards."""
        return False


@node
class Keywords(Sentence):
    """`Swift, Overpower.`: `names` in a canonical order (the order they are written in
    means nothing), and `written`, their texts as written, for the formatter to keep a line
    of words that are no keywords as it stands (format.py)."""

    names: tuple[Word, ...]
    written: tuple[str, ...] = field(default=(), compare=False, repr=False)


@node
class Immunity(Sentence):
    traits: tuple[Word, ...]
    subject: SelfRef | None = None
    unevadable: bool = False  # `... may not be evaded, and is immune to ...`


@node
class Resistance(Sentence):
    """`Resistant to Attack.`, or with `vulnerable`, `Vulnerable to Fire.`: unlike an immunity,
    it bars no card; it changes the difficulty of a check against the bane that has one of
    the traits."""

    traits: tuple[Word, ...]
    vulnerable: bool = False


@node
class MovementRule(Sentence):
    """`Ignore any movement restrictions.` (`rule` ignore_restrictions), `Any movement
    restrictions still apply.` (restrictions_apply), `You automatically succeed at any check
    required to move.` (no_move_checks), after a power that moves: how the moves the card's
    powers make meet what would stop them."""

    rule: str


@node
class Triggered(Sentence):
    """Effects that run in a timing window; `window` is one of TIMING_WINDOWS.  `within` is
    the window written first in `If undefeated, after the encounter, ...`: the effects are
    done in `window` only if the encounter came out so."""

    window: str
    effects: tuple[Effect, ...]
    within: str | None = None
    alongside: Word | None = None  # `When playing another weapon,`: the type played
    card: SelfRef | None = None  # `If the Giant Hermit Crab would be defeated,`: the card
    # `If defeated and the check to defeat was a non-combat check,`: what its effects ask
    condition: Condition | None = None
    # `The first time this card is undefeated this turn,`: done only the first time the window
    # comes for the card in that span, 'turn' or 'scenario' (ONCE_WINDOWS)
    once: str | None = None


@node
class EitherWindow(Triggered):
    """`When you examine this card, or if undefeated, <effects>`: the effects done in `window`
    and again in `also`, a window of its own that asks nothing more (each_window)."""

    also: str = ""


def each_window(sentence: Triggered) -> tuple[Triggered, ...]:
    """The sentence as one window's each: two for an EitherWindow, the first as written."""
    if not isinstance(sentence, EitherWindow):
        return (sentence,)
    first = Triggered(**{item.name: getattr(sentence, item.name)
                         for item in dataclasses.fields(Triggered)})
    return first, Triggered(sentence.also, sentence.effects, span=sentence.span)


# The windows a card's text may do only the first time in a turn or a scenario, with their
# canonical wording.
ONCE_WINDOWS = {
    ("scenario", "would_be_defeated"):
        "The first time in this scenario that anyone would defeat this card",
    ("turn", "if_undefeated"): "The first time this card is undefeated this turn",
    ("turn", "if_defeated"): "The first time you defeat this card this turn",
}

# Each timing window, with its canonical wording.
TIMING_WINDOWS = {
    "when_encountered": "When encountered",
    "when_examined": "When you examine this card",
    "before_encounter": "Before the encounter",
    "if_defeated": "If defeated",
    "if_undefeated": "If undefeated",
    "after_encounter": "After the encounter",
    "start_of_turn": "At the start of its turn",
    "on_star": "On a Star",
    "end_of_turn": "At the end of the turn",
    "start_of_your_turn": "At the start of your turn",
    "after_playing": "After playing this card",
    "if_acquired": "If you acquire this card",
    "if_not_acquired": "If you do not acquire this card",
    "when_playing_another": "When playing another",
    "before_any_play": "While you act, before any character plays",
    "before_another_plays": "While you act, before another character plays",
    "would_fail": "If you would fail the check",
    "would_succeed": "If you would succeed at the check",
    "would_fail_by": "If you would fail a check by",
    "would_be_defeated": "If this card would be defeated",
    "on_death": "On death",
}


@node
class Activated(Sentence):
    """A power its holder may use: pay `cost` with `card` to get `effects`; `check` names the
    checks it is played on (`For your combat check,`), when the text does; `condition` what
    its holder must be for it to be played (`If you are proficient with weapons, you may
    discard this card to ...`); `chosen` the character its effects are for, when its holder
    chooses one (`and choose a character at your location to ...`); `also` another card of
    the holder's hand paid with it (`and discard a spell`); `alternative` another power of
    the card written in the same sentence (`..., or recharge it to ...`)."""

    cost: str
    card: SelfRef
    effects: tuple[Effect, ...]
    check: Word | None = None
    condition: Condition | None = None
    chosen: Target | None = None
    also: CardAction | None = None
    alternative: Activated | None = None
    # The kind of card whose encounter, by any character, is the power's moment (`Display this
    # card when a character encounters a bane`), when it has one.
    on_encounter: Word | None = None
    # Played as its holder's turn ends, 'yours' (`At the end of your turn`), or as any
    # character's does, 'any' (`At the end of the turn`).
    at_turn_end: str | None = None
    # Played only while the card is displayed, from there (`While displayed, you may recharge
    # this card to ...`).
    displayed: bool = False
    your_turn: bool = False  # played only in its holder's own turn (`During your turn, ...`)

    @property
    def powers(self) -> tuple[Activated, ...]:
        """This power, and the alternative written after it."""
        return (self,) if self.alternative is None else (self, self.alternative)


COSTS = ("reveal", "display", "recharge", "top", "discard", "bury", "banish")


@node
class Continuation(Sentence):
    """`Then, banish this card.`: more effects of the sentence before it, done with them."""

    effects: tuple[Effect, ...]

    @found_once
    def continues(self) -> bool:
        """`Then, ...` always goes on with the sentence before it."""
        return True


@node
class Untimed(Sentence):
    """Effects with no timing window; whether a game allows them is its check's call."""

    effects: tuple[Effect, ...]

    @found_once
    def continues(self) -> bool:
        """Whether it goes on with the sentence before it: one about how the check that
        sentence made went (for the characters who succeeded or failed at it, or only `If
        you succeed, ...; if you fail, ...`), what it examined (`If it is a boon, ...`, `You
        may put them back in any order.`) or the location it selected (`Each character at
        that location ...`)."""
        if any(isinstance(node, ExaminedRest) for node in self.nodes):
            return True  # `You may put them back in any order.`: of the cards examined before
        return all(isinstance(effect, Conditional) and effect.condition.kind in ABOUT_BEFORE
                   for effect in self.effects) or any(
            isinstance(node, Target) and node.kind in TARGETS_OF_BEFORE for node in self.nodes)

    @found_once
    def moment(self) -> str | None:
        """The moment it names for itself, found once (as `continues`): `when_reset` (`...
        when you reset your hand`), `before_playing` (`... you may not play this card`:
        asked before each time the card could be played), `during_check` (`If the check to
        defeat has the Fire trait, ...`, `You may recharge any number of allies; for each
        ...`, `Subtract 1 from each die rolled in your check to defeat the Warlord`: after
        cards are played on the check to defeat, before its dice are rolled),
        `after_encounter` (`If the check to defeat was a combat check, ...`: once it was
        made), `defeat_checks` (`Each character attempts the check to defeat.`: in place of
        the check to defeat, the sentences that go on from it with it)."""
        for node in self.nodes:
            if isinstance(node, AtReset):
                return "when_reset"
            if isinstance(node, ForbidSelf):
                return "before_playing"
            if (isinstance(node, Condition) and node.kind in CHECK_CONDITIONS) \
                    or isinstance(node, PayForEach | Subtract | ForEachPlayed):
                return "during_check"
            if isinstance(node, Condition) and node.kind in DEFEAT_CHECK_CONDITIONS:
                return "after_encounter"
            if isinstance(node, EachAttemptsDefeat):
                return "defeat_checks"
        return None


@node
class WhileDisplayed(Sentence):
    """`While displayed, add 3 to that character's Charisma checks.`: text that holds while
    the card is displayed beside a character, done as each of that character's encounters
    begins, with it as `you` (and `that character`).  (`While displayed, at the start of each
    of your turns, ...` is read as its window alone, which only a displayed card has.)"""

    effects: tuple[Effect, ...]


@node
class DisplayPower(Sentence):
    """`Display this card next to your deck.`, alone on a boon: a power whose only effect is
    to display the card, where its `While displayed` text holds."""

    display: SelfAction


# ---------------------------------------------------------------------------
# Cards and files
# ---------------------------------------------------------------------------


@node
class Field(Node):
    """A header line.  `name` is the field's canonical spelling (`Check`);
    `value` is text, a tuple of words, or a node, by the field.  A value read on one line is
    shared, as a sentence is (see `Reading`), and `place` says where this card has it: the
    fields of `Card.fields` have their values placed, those of `Card.headers` shared."""

    name: str
    value: Any
    place: Place | None = field(default=None, compare=False, repr=False)

    def placed(self) -> Field:
        """This field with every span of its value where the text stands."""
        if self.place is None:
            return self
        return Field(self.name, placed(self.value, self.place), span=self.span)


@node
class Section(Node):
    """A run of sentences, under a label (`Top:`) in games that have labels."""

    label: str | None
    sentences: tuple[Sentence, ...]


@quicker_init
@dataclass(frozen=True, init=False)
class Reading:
    """A sentence of a card's rules text, with the label that begins a group with it.

    A sentence on one line is read once a process, as if it began a file of its own, and
    that reading is shared by every card that writes the same words: its nodes' spans are
    the text's own, and `place` (the card's file, the line, and how far along it the text
    starts) says where this card has it.  Checks look through the shared nodes and place
    only what they report (`Card.where`), since copying every node to where it stands was
    a fifth of a check.  `place` is None when the spans are already where the text stands
    (a sentence over several lines, or one a card writes twice)."""

    label: str | None
    sentence: Sentence
    place: Place | None = field(default=None, compare=False, repr=False)

    @property
    def span(self) -> Span:
        """Where the sentence stands."""
        return placed_span(self.sentence.span, self.place)

    def placed(self) -> Sentence:
        """The sentence with every span where the text stands."""
        return placed(self.sentence, self.place)


# Where a text read on its own stands: the file, the line, and the columns before it.
Place = tuple[str, int, int]


def placed_span(span: Span, place: Place | None) -> Span:
    """`span`, of a text read on its own, where `place` puts the text."""
    if place is None:
        return span
    file, line, shift = place
    return new_span(Span, (file, line, span.col + shift, line, span.end_col + shift))


def placed(value: Any, place: Place | None) -> Any:
    """`value`, read from a text on its own, copied to where `place` puts the text."""
    return value if place is None else moved(value, place)


@node
class Card(Node):
    game: str
    # Shown, and compared, as the placed fields and sections they make.
    headers: tuple[Field, ...] = field(metadata={"shown_as": "fields"})
    readings: tuple[Reading, ...] = field(metadata={"shown_as": "sections"})

    @found_once
    def fields(self) -> tuple[Field, ...]:
        """The header fields, every span where the text stands."""
        return tuple(item.placed() for item in self.headers)

    def field(self, name: str) -> Field | None:
        """The header field `name`, its value shared (see `where`)."""
        for item in self.headers:
            if item.name == name:
                return item
        return None

    def value(self, name: str, default: Any = None) -> Any:
        """The value of the header field `name`, shared (see `where`)."""
        item = self.field(name)
        return default if item is None else item.value

    @property
    def name(self) -> str:
        return self.value("Name", "")

    @found_once
    def type(self) -> str:
        """Asked by every check of a card, again and again."""
        value = self.value("Type")
        return value.text if value is not None else ""

    @found_once
    def sections(self) -> tuple[Section, ...]:
        """The rules text's sentences in groups (a label begins a new one), every span where
        the text stands."""
        return self._sections(Reading.placed)

    @found_once
    def shared_sections(self) -> tuple[Section, ...]:
        """The groups of `sections`, made of the shared sentences (see `Reading`): what the
        checks look through.  A section's own span is where it stands; a node's is found
        with `where`."""
        return self._sections(lambda reading: reading.sentence)

    def _sections(self, sentence_of: Callable[[Reading], Sentence]) -> tuple[Section, ...]:
        groups: list[tuple[list[Reading], list[Sentence]]] = []
        for reading in self.readings:
            if not groups or reading.label is not None:
                groups.append(([], []))
            groups[-1][0].append(reading)
            groups[-1][1].append(sentence_of(reading))
        return tuple(Section(readings[0].label, tuple(sentences),
                             span=readings[0].span.to(readings[-1].span))
                     for readings, sentences in groups)

    @property
    def sentences(self) -> tuple[Sentence, ...]:
        return tuple(sentence for section in self.sections for sentence in section.sentences)

    @found_once
    def rules_nodes(self) -> tuple[Node, ...]:
        """Every node of the shared sentences, as `walk` gives them, found once for all the
        checks that look through them."""
        nodes: list[Node] = []
        for reading in self.readings:
            nodes += reading.sentence.nodes
        return tuple(nodes)

    def where(self, node: Node) -> Span:
        """Where `node`, of a shared value or sentence or of the card's own nodes, stands.
        A card shares a reading once at most (`Reading`), so a node is in one place on it."""
        shared = [(item.value, item.place) for item in self.headers] + \
            [(reading.sentence, reading.place) for reading in self.readings]
        for value, place in shared:
            if place is not None and any(item is node for item in walk(value)):
                return placed_span(node.span, place)
        return node.span


@node
class CardFile(Node):
    game: str
    cards: tuple[Card, ...]
    comments: tuple[Comment, ...] = ()
    game_span: Span | None = field(default=None, compare=False, repr=False)


@node
class Comment(Node):
    """A comment line, kept so that the formatter can keep it; `text` follows the `#`."""

    text: str


# What a power's text about how its check went asks, and the window of the check's roll
# that holds it (TIMING_WINDOWS).
_ROLLED = {"failed": "would_fail", "succeeded": "would_succeed"}


def as_the_check_goes(sentence: Sentence) -> list[tuple[str, Effect]] | None:
    """For a sentence after a power made only of `If you fail the check, ...` and `If you
    succeed, ...`, each effect with the window of the roll of the check the power was
    played on, where it is done (`Bury this card to add 1d20 to your check.  If you fail
    the check, discard this card instead of burying it.`); None for any other sentence."""
    if not isinstance(sentence, Untimed) or not sentence.effects:
        return None
    rolled = []
    for effect in sentence.effects:
        if not isinstance(effect, Conditional) or effect.otherwise is not None \
                or effect.condition.kind not in _ROLLED:
            return None
        rolled.append((_ROLLED[effect.condition.kind], effect.then))
    return rolled


def branches(effect: Conditional | YouMay | PayTo | Either) -> tuple[Effect, ...]:
    """The effects a condition or a choice holds, one of which may happen: its effect and
    what happens otherwise (`; otherwise, ...`, `; if you do not, ...`), where written, or
    the options of `either`."""
    if isinstance(effect, Either):
        return effect.options
    if isinstance(effect, Conditional):
        held = (effect.then, effect.otherwise)
    else:
        held = (effect.effect, effect.declined)
    return tuple(branch for branch in held if branch is not None)


def examines(effect: Any) -> bool:
    """Whether an effect examines a deck's top cards (`you may examine ...` too): an `it`
    after it in its sentence is the card examined."""
    if isinstance(effect, YouMay):
        effect = effect.effect
    return isinstance(effect, Examine)


def after_examining(sentence: Sentence) -> list[Node]:
    """The nodes of a sentence's effects that come after one that examines (`examine the
    top card of your location deck, then you may encounter it`)."""
    found: list[Node] = []
    examined = False
    for effect in getattr(sentence, "effects", ()):
        if examined:
            found += walk(effect)
        examined = examined or examines(effect)
    return found


def before_outcome(sentence: Triggered, effect: Effect) -> bool:
    """Whether an effect of a window is about the damage for the failed check to defeat, and
    so must hold before that damage is dealt, from the start of the encounter: `deals no
    damage`, or a rule for the damage the card deals written in `If undefeated` (then for
    that damage alone: docs/rulings.md)."""
    return isinstance(effect, NoDamage) or (
        isinstance(effect, DamageRule) and sentence.window == "if_undefeated"
        and sentence.condition is None and sentence.once is None)


def end_taken(place: str) -> str:
    """The end of the deck a card put at `place` goes to: for the player's choice of either,
    the bottom, where the card is met last (docs/rulings.md)."""
    return "bottom" if place == "top_or_bottom" else place


# The conditions that ask what dice rolled just before came to (RollFor).
ROLL_CONDITIONS = ("rolled", "rolled_not")
# The conditions that ask about what the sentence before did: how its check went, what it
# examined, whether there was another open location to send the card to.
ABOUT_BEFORE = ("succeeded", "failed", "any_failed", "examined_is", "examined_is_not",
                "examined_named", "no_other_open",
                *ROLL_CONDITIONS)


def is_open(sentence: Sentence | None) -> bool:
    """Whether a sentence is a power with no effects of its own (`Banish this card and choose
    a character at your location.`): those of the sentence after it are its (joined_powers)."""
    return isinstance(sentence, Activated) and not sentence.effects


def joined_powers(sentences: Sequence[Sentence]) -> list[Sentence]:
    """The sentences with each open power (is_open) given the effects of the sentence with
    no timing after it, which it stands for: as the check and the IR see them."""
    joined: list[Sentence] = []
    for sentence in sentences:
        if joined and is_open(joined[-1]) and isinstance(sentence, Untimed):
            joined[-1] = dataclasses.replace(joined[-1], effects=sentence.effects)
        else:
            joined.append(sentence)
    return joined


# The conditions that ask about the check to defeat the encountered card.
CHECK_CONDITIONS = ("check_has_trait", "check_lacks_trait", "check_is", "blessed",
                    "not_blessed")
# The windows that may hold another, as the outcome a conditional asks about.
OUTCOMES = {"if_defeated": "defeated", "if_undefeated": "undefeated"}


# Printers set apostrophes and quotes curly; a designer types them straight.
_STRAIGHT_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


def name_in(names: Mapping[str, str], name: str) -> str | None:
    """The card of `names` (name_key to name) that `name` calls, also when it is written in
    the plural (`Spawn two Bandit Archers`, `Blood Imps`): the name itself first."""
    return names.get(name_key(name)) or names.get(name_key(singular(name)))


def name_key(name: str) -> str:
    """A card's name as names are compared: case folded, with curly quotes made straight, so
    that `Koth\u2019Vaul` in rules text names the card headed `Koth'Vaul`, and any run of
    spaces, tabs or the like one space (`Monster: Living  Bones` names the Living Bones).
    An ASCII name has no curly quote to straighten and a printable one no tab (and asking
    costs nothing: Python knows it of every string), which spares nearly every name the
    translation; a build folds each card's name twice."""
    if "  " in name or not name.isprintable():
        name = " ".join(name.split())
    if name.isascii():
        return name.casefold()
    return name.translate(_STRAIGHT_QUOTES).casefold()


def to_data(value: Any) -> Any:
    """A plain, JSON-ready picture of a tree: each node a dict led by its class name, spans
    as `line:col-line:col`.  Snapshots and `explain` show trees this way."""
    if isinstance(value, Node):
        data: dict[str, Any] = {"node": type(value).__name__, "at": _short_span(value.span)}
        for item in dataclasses.fields(value):
            if item.repr:  # not spans (the node's is shown as `at`) nor a field's place
                name = item.metadata.get("shown_as", item.name)
                data[name] = to_data(getattr(value, name))
        return data
    if isinstance(value, tuple | list):
        return [to_data(item) for item in value]
    return value


def _short_span(span: Span) -> str:
    return f"{span.line}:{span.col}-{span.end_line}:{span.end_col}"


def walk(node: Any) -> list[Node]:
    """Every node under `node`, itself included, parents before children, in the order they
    are written.  Checks walk every card several times, so this is a plain recursion into a
    list that skips the fields no node can be in: a generator with a stack cost five times as
    much."""
    found: list[Node] = []
    _collect(node, found)
    return found


def _collect(item: Any, found: list[Node]) -> None:
    if isinstance(item, Node):
        found.append(item)
        for name in _child_fields(type(item)):
            _collect(getattr(item, name), found)
    elif isinstance(item, tuple | list):
        for each in item:
            _collect(each, found)


def moved(value: Any, place: Place) -> Any:
    """A copy of `value` (a node, or tuples of nodes) built from a text of one line read on
    its own, every span where `place` puts the text (placed_span).  Nodes are copied
    through their fields' dictionary, since going through the frozen classes' constructors
    costs as much as building them afresh."""
    if isinstance(value, Node):
        fields = value.__dict__.copy()
        fields.pop("nodes", None)  # Sentence.nodes, if found: the copy's are its own
        fields["span"] = placed_span(fields["span"], place)
        for name in _child_fields(type(value)):
            child = fields[name]
            if child is not None:
                fields[name] = moved(child, place)
        copy = object.__new__(type(value))
        object.__setattr__(copy, "__dict__", fields)
        return copy
    if isinstance(value, tuple):
        items = [moved(item, place) for item in value]
        return tuple(items) if type(value) is tuple else type(value)(*items)
    return value


# Span(...) without the keyword handling of its constructor (half the time, for the spans a
# check makes by the hundred thousand): new_span(Span, (file, line, col, end_line, end_col)).
new_span = tuple.__new__


# Field types that never hold a node: `walk` and `moved` do not look inside them.
_PLAIN_FIELD_TYPES = frozenset({"str", "int", "bool", "str | None", "Span", "Span | None",
                                "Place | None"})


@cache
def _child_fields(node_type: type) -> tuple[str, ...]:
    return tuple(item.metadata.get("shown_as", item.name) for item in dataclasses.fields(node_type)
                 if item.type not in _PLAIN_FIELD_TYPES)
