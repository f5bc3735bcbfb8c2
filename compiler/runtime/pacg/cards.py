"""The card definitions that generated pacg modules build: a card's numbers as data, and its
timing windows and powers as the functions generated for them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from compiler.runtime.pacg.words import BANES, BOONS, DISPLAYED, singular

if TYPE_CHECKING:
    from compiler.runtime.pacg.encounter import Encounter
    from compiler.runtime.pacg.state import Character

# Costs from the cheapest to pay to the dearest: the default policy pays cheap first.
COSTS = ("reveal", "display", "recharge", "top", "discard", "bury", "banish")

# A generated function for a timing window or a power: it is handed the encounter and the
# character the card calls `you` (the encountering character, or the power's holder).
Run = Callable[["Encounter", "Character"], None]


@dataclass(frozen=True)
class CheckOption:
    """Any of `skills` against `difficulty`; `Combat` is made with Strength or Melee."""

    skills: tuple[str, ...]
    difficulty: int
    adventure: int = 0  # times the scenario's adventure deck number, added to the difficulty


@dataclass(frozen=True)
class Power:
    """A power a boon's holder may use.  `effect` is the IR of the effect that gives it its
    purpose (what it evades, how much it adds or reduces): the data a policy decides by; a
    power with no purpose has none.  `run` performs all of the power's effects."""

    cost: str
    purpose: str | None
    effect: Mapping[str, Any] | None
    run: Run
    # What its holder must be to play it: a conditional's kind and words (Encounter.holds).
    condition: tuple[str, tuple[str, ...]] | None = None
    # Another card of the holder's hand paid with it: the action, and the card's types (none:
    # any card).
    also: tuple[str, tuple[str, ...]] | None = None
    # Played only while the card is displayed, from there (`While displayed, ...`); every
    # other power, only from the hand.
    displayed: bool = False
    your_turn: bool = False  # played only in its holder's own turn (`During your turn, ...`)

    @cached_property
    def check_ways(self) -> tuple[CheckWay, ...]:
        """The checks the power adds to, each way its effect names them, read once: every
        check asks every card in the hands whether it adds to it."""
        return ways_of(self.effect or {})


class CheckWay(NamedTuple):
    """One way card text names the checks it is for (`your noncombat Strength checks`,
    `checks against a monster with the Undead trait`; see compiler.ir), its words folded."""

    owner: str | None  # whose checks: `yours`, `any`, `others`, `elsewhere`
    kinds: tuple[tuple[str, ...], ...]  # each kind's words (any kind will do)
    purpose: str | None  # `defeat`, `acquire`, `close`, `against` (defeat or acquire)
    against: frozenset[str]  # the types of card checked against, singular
    against_traits: frozenset[str]  # any of these traits of the card checked against

    @classmethod
    def of(cls, spec: Mapping[str, Any]) -> CheckWay:
        return cls(spec.get("owner"),
                   tuple(tuple(kind.casefold().split()) for kind in spec.get("checks") or ()),
                   spec.get("purpose"),
                   frozenset(singular(kind) for kind in spec.get("against") or ()),
                   frozenset(trait.casefold() for trait in spec.get("against_traits") or ()))

    def fits(self, option: CheckOption, skill_name: str, purpose: str | None,
             against: CardDef | None) -> bool:
        """Whether a check made with the skill `skill_name` for `option`, for `purpose`,
        against the card `against` is one of these."""
        if self.kinds and not any(words_hold(words, option, skill_name)
                                  for words in self.kinds):
            return False
        if self.purpose is None:
            return True
        if self.purpose != purpose and (self.purpose != "against"
                                        or purpose not in ("defeat", "acquire")):
            return False
        if self.against and "card" not in self.against \
                and (against is None or singular(against.type) not in self.against):
            return False
        return not self.against_traits or (
            against is not None
            and not self.against_traits.isdisjoint(trait.casefold() for trait in against.traits))


def ways_of(spec: Mapping[str, Any]) -> tuple[CheckWay, ...]:
    """The checks an effect is for, as each way its text names them (`your combat check or
    your check to acquire an ally`: two, the second under the first's `or`)."""
    ways = []
    way: Mapping[str, Any] | None = spec
    while way is not None:
        ways.append(CheckWay.of(way))
        way = way.get("or")
    return tuple(ways)


def words_hold(words: Iterable[str], option: CheckOption, skill_name: str) -> bool:
    """`noncombat Strength` (its words folded): every word holds; a combat check is one whose
    option names Combat, and a skill word holds when the option or the skill rolled has that
    name."""
    combat = "Combat" in option.skills
    names = None
    for word in words:
        if word in ("noncombat", "non-combat"):
            holds = not combat
        elif word == "combat":
            holds = combat
        else:
            if names is None:
                names = {name.casefold() for name in (*option.skills, skill_name)}
            holds = word in names
        if not holds:
            return False
    return True


@dataclass(frozen=True, eq=False)
class CardDef:
    name: str
    type: str
    traits: tuple[str, ...] = ()
    immunities: frozenset[str] = frozenset()
    resistances: frozenset[str] = frozenset()  # `Resistant to Attack.`
    vulnerabilities: frozenset[str] = frozenset()  # `Vulnerable to Fire.`
    # How the moves its powers make meet a bane that keeps characters where they are:
    # `ignore_restrictions` passes it (`Ignore any movement restrictions.`).
    movement: str | None = None
    check: tuple[tuple[CheckOption, ...], ...] = ()  # steps, each a choice of options
    skills: tuple[tuple[str, int, int], ...] = ()  # a character's (skill, die sides, bonus)
    hand: int = 0  # a character's hand size
    proficiencies: tuple[str, ...] = ()  # a character's: `Weapons`, `Light Armors`
    # The die of each skill named, for the character the card is displayed beside while it
    # is (`While displayed, your Strength die is d4`): a state of the card's, not an event.
    displayed_dice: Mapping[str, int] = field(default_factory=dict)
    powers: tuple[Power, ...] = ()
    when_encountered: Run | None = None
    when_examined: Run | None = None
    before_encounter: Run | None = None
    if_defeated: Run | None = None
    if_undefeated: Run | None = None
    after_encounter: Run | None = None
    after_playing: Run | None = None
    when_reset: Run | None = None  # a boon's text done when its holder resets the hand
    # A bane's text about the check to defeat it, done after cards are played on the check.
    during_check: Run | None = None
    # A bane's text done in place of the check to defeat it (`Each character attempts the
    # check to defeat.`), and the text that goes on from it.
    defeat_checks: Run | None = None
    # A boon's text done while it is held, when its holder plays another card on a check.
    when_playing_another: Run | None = None
    # A bane's text done before each card any character (or another than the one encountering
    # it) plays while it is encountered.
    before_any_play: Run | None = None
    before_another_plays: Run | None = None
    # A boon's text on a check it was played on, its dice rolled, as the check would go.
    would_fail: Run | None = None
    would_succeed: Run | None = None
    # A boon's text while it is held, on any check of its holder's, its dice rolled.
    would_fail_by: Run | None = None
    # A bane's text on the check to defeat it, its dice rolled, if it would succeed.
    would_be_defeated: Run | None = None
    # A boon's text once the check to acquire it was made, as it went.
    if_acquired: Run | None = None
    if_not_acquired: Run | None = None
    # A boon's text on when it may not be played, asked before each play (forbid_self).
    before_playing: Run | None = None
    # A displayed card's text at the end of the turn (`Discard this card at the end of this
    # turn`), done with the character it is displayed beside as `you`.
    end_of_turn: Run | None = None
    # A displayed card's text as the turn of the character it is displayed beside begins
    # (`At the start of your turn, ...`), with that character as `you`.
    start_of_your_turn: Run | None = None
    # A boon's text while it is displayed beside a character (`While displayed, add 3 to that
    # character's Charisma checks`), done as each of that character's encounters begins.
    while_displayed: Run | None = None
    # The card's sentences with no timing: a bane's hold from the start of its encounter, a
    # boon's are done after each of its powers is played (docs/rulings.md).
    always: Run | None = None

    # Kept once asked (the sequence asks at every step).
    @cached_property
    def is_bane(self) -> bool:
        return self.type in BANES

    @cached_property
    def is_boon(self) -> bool:
        return self.type in BOONS

    @cached_property
    def is_displayed(self) -> bool:
        return self.type in DISPLAYED

    @cached_property
    def powers_for(self) -> Mapping[str | None, tuple[Power, ...]]:
        """The powers played from the hand, by their purpose: every step of every encounter
        looks through the hands for the powers of one purpose."""
        return _by_purpose(power for power in self.powers if not power.displayed)

    @cached_property
    def displayed_powers_for(self) -> Mapping[str | None, tuple[Power, ...]]:
        """The powers played while the card is displayed, by their purpose."""
        return _by_purpose(power for power in self.powers if power.displayed)


def _by_purpose(powers: Iterable[Power]) -> Mapping[str | None, tuple[Power, ...]]:
    found: dict[str | None, list[Power]] = {}
    for power in powers:
        found.setdefault(power.purpose, []).append(power)
    return {purpose: tuple(powers) for purpose, powers in found.items()}


def of_kinds(defn: CardDef, kinds: Iterable[str]) -> bool:
    """Whether a card is of one of `kinds` (`allies`, `spells`), or of any kind when none is
    named; `boons`, `banes` and `cards` name every card of those kinds."""
    wanted = {singular(kind) for kind in kinds}
    return not wanted or "card" in wanted or singular(defn.type) in wanted \
        or ("boon" in wanted and defn.is_boon) or ("bane" in wanted and defn.is_bane)


def damage_of_kinds(kind: str, kinds: Iterable[str]) -> bool:
    """Whether damage of `kind` is of one of `kinds`, or of any kind when none is named:
    `Ranged Combat` damage is Combat damage with the Ranged trait, so text about Combat damage
    (or Ranged damage) takes it in, and text about Ranged Combat damage takes in no other."""
    wanted = {name.casefold() for name in kinds}
    folded = kind.casefold()
    return not wanted or folded in wanted or not wanted.isdisjoint(folded.split())


def selects(spec: dict, defn: CardDef, adventure: int = 0) -> bool:
    """Whether an effect's kinds, traits and highest difficulty to defeat (`a Monster or
    Barrier`, `a bane with the Undead trait`, `a monster whose highest difficulty to defeat
    is 16 or lower`) take in this card, in an adventure of that deck number."""
    traits = {trait.casefold() for trait in defn.traits}
    highest = spec.get("highest")
    if highest is not None:
        found = highest_difficulty(defn, adventure, spec.get("combat_value", False))
        if found is None or found > highest:
            return False
    return of_kinds(defn, spec["kinds"]) \
        and all(trait.casefold() in traits for trait in spec["traits"])


def highest_difficulty(defn: CardDef, adventure: int, combat: bool = False) -> int | None:
    """The highest difficulty of the card's check as printed (of its Combat options only,
    for `combat`: None if it has none), with the adventure deck number's share (a ruling:
    not what card text changes in an encounter)."""
    return max((option.difficulty + option.adventure * adventure
                for options in defn.check for option in options
                if not combat or "Combat" in option.skills), default=None if combat else 0)
