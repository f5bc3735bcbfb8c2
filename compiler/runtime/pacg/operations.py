"""What generated pacg card code calls while it runs: the operations an encounter offers its
cards' text, and the state of the checks, damage and plays they act on.

CardOperations is the half of compiler.runtime.pacg.encounter.Encounter that card text
reaches; the other half plays the encounter sequence.  Its methods reach back to the
sequence for what only it does: `_attempt` (a check), `_play` and `_refuse` (a card played or
refused), `_offer_close` (closing a location), `_reset_hand`; and `type(self)` is the
Encounter class, for the encounter of a summoned card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

from compiler.runtime.pacg.cards import (
    COSTS,
    CardDef,
    CheckOption,
    Power,
    damage_of_kinds,
    of_kinds,
    selects,
)
from compiler.runtime.pacg.checks import (
    NO_SKILL_DIE,
    UNTRAINED_DIE,
    Dice,
    Skill,
    best_skill,
    kind_holds,
)
from compiler.runtime.pacg.state import Card, Character, Location, Table
from compiler.runtime.pacg.words import singular
from compiler.runtime.script import ScenarioError

if TYPE_CHECKING:
    from compiler.runtime.log import EventLog
    from compiler.runtime.pacg.encounter import Encounter

MAX_SUMMON_DEPTH = 8


class Play(NamedTuple):
    """A card a character could play for one of its powers; `blocked` says why it may not."""

    holder: Character
    card: Card
    power: Power | None  # None: the card's text runs while it is held, not played
    blocked: str | None = None


@dataclass
class CheckState:
    character: Character
    option: CheckOption
    skill: Skill
    added: int = 0
    change: int = 0  # to the difficulty, by card text
    types_played: set[str] = field(default_factory=set)
    purpose: str | None = None  # `defeat`, `acquire`, `close`, or None for any other check
    against: CardDef | None = None  # the card it is made to defeat or acquire
    traits: set[str] = field(default_factory=set)  # traits cards played gave the check
    forced: bool | None = None  # card text made it succeed (True) or fail, whatever the dice
    plays: list[Play] = field(default_factory=list)  # the cards played on it
    face: int = 0  # what the skill's die rolled
    # The dice cards rolled on it, as (sides, faces), for a reroll or a face counted as
    # another; what they count for is in `added`.
    rolled: list[tuple[int, list[int]]] = field(default_factory=list)
    # Faces of dice that count as others (`If any d4 rolled on this check is a 4, count it
    # as 6`): by (sides, face), what the face counts as.
    counted_as: dict[tuple[int, int], int] = field(default_factory=dict)
    rerolled: bool = False
    final: bool = False  # rerolled, and the new result stands
    # Its dice as they were before the reroll (face, rolled, added) and its total then, for
    # `take the lower result`.
    before_reroll: tuple[int, list[tuple[int, list[int]]], int, int] | None = None

    @property
    def difficulty(self) -> int:
        return self.option.difficulty + self.change

    @property
    def dice(self) -> int:
        """The dice rolled on it: the skill's (unless a card's dice replaced it), and those
        cards added."""
        return (1 if self.skill.sides else 0) + sum(len(faces) for _, faces in self.rolled)

    def counted(self, sides: int, faces: list[int]) -> int:
        """What dice of `sides` that rolled `faces` count for on this check (their sum, on
        the checks, nearly all, where no face counts as another)."""
        if not self.counted_as:
            return sum(faces)
        return sum(self.counted_as.get((sides, face), face) for face in faces)

    @property
    def roll(self) -> int:
        """What the skill's die counts for."""
        return self.counted(self.skill.sides, [self.face]) if self.skill.sides else 0

    @property
    def total(self) -> int:
        return self.roll + self.skill.bonus + self.added

    @property
    def succeeds(self) -> bool:
        return self.total >= self.difficulty if self.forced is None else self.forced


@dataclass(frozen=True)
class DamageRule:
    """How the encountered card's text changes the damage it deals (of `of_kind` only, when
    the text names one: `Combat damage dealt by ...`)."""

    of_kind: str | None
    as_kind: str | None
    more: int
    to: str | None
    unreducible: bool
    halved: bool
    loses: str | None = None  # how the cards the damage costs are lost, if not discarded
    at_most: int | None = None  # `reduced to 1`
    for_failure: bool = False  # only for the damage dealt for failing the check to defeat
    from_deck: bool = False  # the cards it costs are the deck's top ones, not the hand's


@dataclass
class DamageState:
    character: Character
    amount: int
    kind: str
    types_played: set[str] = field(default_factory=set)


class CheckResult(NamedTuple):
    success: bool
    total: int
    difficulty: int


class CardOperations:
    """The operations card text calls.  The state below is what card text changes; the
    sequence's own state (annotated here, as these operations read it) Encounter keeps."""

    table: Table
    log: EventLog
    character: Character
    card: Card
    location: Location
    depth: int
    summoning: frozenset[str]
    alongside: bool
    check: CheckState | None
    damage_state: DamageState | None
    playing: Play | None
    evaded: bool
    place_by_text: str | None
    last_success: bool | None
    last_traits: set[str]
    defeated: bool | None
    defeat_check: CheckState | None

    def __init__(self) -> None:
        self.defeat_change = 0  # to the difficulty of the checks to defeat
        self.forbidden: list[dict] = []  # what may not be played, as forbid effects say
        self.forbids_self = False  # what a card's before_playing text said, asked just now
        self.played_fates: list[dict] = []  # where cards played go, as played_fate says
        self.under_way = False  # whether this encounter is being played (Encounter.run)
        self.beside: str | None = None  # where the card's text displays it
        # Additions of the cards displayed beside the encountering character, for the checks
        # of this encounter (add_while_displayed): for whom, and the addition.
        self.standing: list[tuple[str, Mapping[str, Any]]] = []
        self.evadable = True
        self.deals_damage = True  # for a failed check to defeat the card (no_damage)
        self.offers_closing = True  # a henchman defeated lets its location be closed
        # Locations a villain's text keeps from being closed for now in its encounter.
        self.not_closable: set[str] = set()
        # The outcome card text settled before any check (undefeated_unless), and whether
        # each card summoned in this encounter (or encountered alongside it) was defeated.
        self.settled: bool | None = None
        self.summoned_outcomes: list[tuple[str, bool]] = []
        self.unless_won: list[str] = []  # cards whose encounters must all be won (settled)
        self.defeated_by_card = False  # by a card played instead of the check (defeat_bane)
        self.encounter_now = False  # an examined card's text said to encounter it
        self.ignored_windows: frozenset[str] = frozenset()  # the card's text left undone
        # How damage the encountered card deals is changed (damage_rule effects).
        self.damage_rules: list[DamageRule] = []
        self.failure_damage = False  # the damage for failing the check to defeat is dealt
        self.last_roll: int | None = None  # what the last roll for a result came to
        # Kinds of card discarded first for damage (and whether for the card's own only).
        self.discarded_first: list[tuple[tuple[str, ...], bool]] = []
        self.spreading = False  # damage a rule deals to others as well is being dealt
        self.damaged: set[str] = set()  # the characters the encountered card dealt damage to
        self.lost_to_damage: set[str] = set()  # those who lost cards to that damage
        # The deck a card was examined in last and that card (its top one), for `it`.
        self.last_examined: tuple[list[Card], Card] | None = None
        # The deck examined last, its name for the log, and every card examined in it; the
        # type of card the player chose (`choose a type of card`); and the cards of that type
        # set aside from that deck, with it and its name, until they go back on it.
        self.examined_cards: tuple[list[Card], str, list[Card]] | None = None
        self.chosen_type: str | None = None
        self.set_aside: tuple[list[Card], str, list[Card]] | None = None
        # Each character's outcome of the last check card text made them attempt.
        self.outcomes: dict[str, bool] = {}
        # The card a character is about to play, while the encountered card's text done
        # before each play runs (and so is not done again for what that text plays).
        self.about_to_play: Card | None = None
        self.moment = 0  # the window of card text under way (Table.moments), 0: none
        self.selected_location: Location | None = None  # `randomly select ... location`

    def targets(self, kind: str, you: Character) -> list[Character]:
        """The characters of `kind`; for `holder`, `you` is the power's holder (the generated
        code passes it)."""
        table = self.table
        if kind in ("you", "holder", "that_character"):
            return [you] if you.alive else []
        if kind == "turn_character":
            turn = table.turn_character
            return [turn] if turn is not None and turn.alive else []
        if kind in ("each_character", "party"):
            return table.living()
        if kind == "each_character_at_location":
            return table.characters_at(self.location)
        if kind == "each_character_at_open_location":
            return [character for character in table.living() if character.location.is_open]
        if kind == "each_character_at_selected":  # the check makes sure one was selected
            selected = self.selected_location
            return table.characters_at(selected) if selected is not None else []
        if kind == "each_other_character":
            return [character for character in table.living() if character is not you]
        if kind == "each_other_character_at_location":
            return [character for character in table.characters_at(self.location)
                    if character is not you]
        if kind == "random_character":
            living = table.living()
            return [table.dice.choice(living)] if living else []
        if kind == "random_character_at_location":
            here = table.characters_at(self.location)
            return [table.dice.choice(here)] if here else []
        if kind in ("characters_who_succeeded", "characters_who_failed"):
            wanted = kind == "characters_who_succeeded"
            return [character for character in table.living()
                    if self.outcomes.get(character.name) is wanted]
        if kind == "random_character_elsewhere":
            elsewhere = [other for other in table.living() if other.location is not self.location]
            return [table.dice.choice(elsewhere)] if elsewhere else []
        if kind == "random_other_character":
            others = [other for other in table.characters_at(self.location) if other is not you]
            return [table.dice.choice(others)] if others else []
        if kind in ("another_character", "character_at_location", "target_character",
                    "target_player"):
            chosen = table.policy.target(self, kind, you)
            return [chosen] if chosen is not None else []
        raise ScenarioError(f"pacg has no target {kind!r}")

    def chosen(self, kind: str, you: Character) -> Character | None:
        """The character `you` chooses for a power's effects (`and choose a character at your
        location to ...`), or None when there is none to choose: played on a check at `you`'s
        location, the one making it (a ruling); otherwise the policy's choice."""
        check = self.check
        if check is not None and check.character.location is you.location \
                and not (kind == "another_character" and check.character is you):
            return check.character
        return self.table.policy.target(self, kind, you)

    def roll_for(self, dice: int, sides: int, plus: int) -> None:
        """`roll 1d6; on a 1, ...`: dice rolled for a result, not on any check."""
        self.last_roll = self.roll(dice, sides, plus, on_check=False)

    def roll(self, dice: int, sides: int, plus: int, on_check: bool = True) -> int:
        """Roll dice for card text; rolled while a check is made, they are rolled on it
        (unless `on_check` is false)."""
        faces = [self.table.dice.roll(sides) for _ in range(dice)]
        check = self.check if on_check else None
        if check is not None:
            check.rolled.append((sides, faces))
        total = (sum(faces) if check is None else check.counted(sides, faces)) + plus
        self.log.emit("roll", dice=f"{dice}d{sides}" + (f"{plus:+d}" if plus else ""),
                      faces=faces, total=total)
        return total

    def damage(self, who: Character, amount: int, kind: str | None,
               unreducible: bool = False) -> None:
        """Deal damage: the character may reduce it with cards that fit its kind (unless it
        is `unreducible`), then discards a card from its hand for each point left (untyped
        damage is Combat)."""
        kind = kind or "Combat"
        # Damage the encountered card deals, as its text changes damage of this kind.
        rules = [rule for rule in self.damage_rules
                 if (rule.of_kind is None or damage_of_kinds(kind, (rule.of_kind,)))
                 and (self.failure_damage or not rule.for_failure)] \
            if self.playing is None else []
        spread = next((rule.to for rule in rules if rule.to is not None), None)
        if spread is not None and not self.spreading:
            self.spreading = True
            try:
                for other in self.targets(spread, who):
                    self.damage(other, amount, kind, unreducible)
            finally:
                self.spreading = False
            return
        for rule in rules:
            kind = rule.as_kind or kind
            amount += rule.more
        if any(rule.halved for rule in rules):
            amount = -(-amount // 2)  # rounding up
        amount = min([amount, *(rule.at_most for rule in rules if rule.at_most is not None)])
        amount = max(0, amount)  # `1d4-2` may come to less than nothing: no damage
        reducible = not unreducible and not any(rule.unreducible for rule in rules)
        if self.playing is None and amount > 0:
            self.damaged.add(who.name)
        self.log.emit("damage", character=who.name, amount=amount, kind=kind)
        state = DamageState(who, amount, kind)
        outer, self.damage_state = self.damage_state, state
        try:
            with self.log.nested():
                reductions = self._reductions(state) if reducible else []
                for play in self.table.policy.reduce_plays(self, state, reductions):
                    if play.card.defn.type in state.types_played:
                        self._refuse(play, f"a {play.card.defn.type} already reduced this damage")
                    elif play.holder.still_has(play.card, play.power):
                        state.types_played.add(play.card.defn.type)
                        self._play(play, "to reduce the damage")
                    if state.amount == 0:
                        break
                if state.amount:
                    action = next((rule.loses for rule in rules if rule.loses), "discard")
                    if any(rule.from_deck for rule in rules):
                        lost = who.deck[:state.amount]  # as many as the deck holds
                        for card in lost:
                            self.table.move(who, card, action)
                    else:
                        lost = self._discarded_for_damage(who, min(state.amount, len(who.hand)))
                        self.table.lose_cards(who, lost, action)
                    cards = [card.name for card in lost]
                    if lost and self.playing is None:
                        self.lost_to_damage.add(who.name)
                    if action == "discard":
                        self.log.emit("discarded", character=who.name, cards=cards,
                                      amount=state.amount)
                    else:  # `Damage dealt by ... causes cards to be buried instead`
                        self.log.emit("lost_for_damage", character=who.name, cards=cards,
                                      amount=state.amount, action=action)
        finally:
            self.damage_state = outer

    def _discarded_for_damage(self, who: Character, count: int) -> list[Card]:
        """The cards `who` discards for `count` points of damage, of the player's choice:
        first those of the kinds card text says go first (discard_first), while any are left."""
        kinds = {kind for kinds, by_card in self.discarded_first
                 if not by_card or self.playing is None for kind in kinds}
        if not kinds:
            return self.table.policy.discards(self, who, count)
        first = [card for card in who.hand if of_kinds(card.defn, kinds)]
        lost = self.table.policy.discards(self, who, min(count, len(first)), first)
        rest = [card for card in who.hand if card not in lost]
        return lost + self.table.policy.discards(self, who, count - len(lost), rest)

    def discard_first(self, kinds: tuple[str, ...], by_card: bool) -> None:
        self.discarded_first.append((kinds, by_card))

    def _reductions(self, state: DamageState) -> list[Play]:
        """The damaged character's cards that reduce its damage, and other characters' that
        reduce any character's (or, at its location, a character's there)."""
        plays = []
        hurt = state.character
        for holder in self.table.living():
            whose = ("you", "any_character", "at_location") if holder is hurt else \
                ("any_character", "at_location") if holder.location is hurt.location else \
                ("any_character",)
            for card, power in holder.powers_for("reduce_damage"):
                if power.effect["whose"] not in whose \
                        or not self.may_play(holder, card, power):
                    continue
                if damage_of_kinds(state.kind, power.effect["kinds"]):
                    plays.append(Play(holder, card, power))
        return plays

    def reduce_damage(self, amount: int | None) -> None:
        """Reduce the damage being dealt by `amount`, or all of it."""
        state = self.damage_state
        if state is None:
            raise ScenarioError("a card reduced damage when none was being dealt")
        before = state.amount
        state.amount = 0 if amount is None else max(0, state.amount - amount)
        self.log.emit("reduced", character=state.character.name, by=before - state.amount,
                      left=state.amount)

    def _current_check(self) -> CheckState:
        if self.check is None:
            raise ScenarioError("a card added to a check when none was being attempted")
        return self.check

    def against(self, kinds: tuple[str, ...], traits: tuple[str, ...] = (),
                highest: int | None = None) -> bool:
        """Whether the check being made is against a card these take in (cards.selects):
        the card encountered.  Both `, or 2d4 against a monster with the Giant trait` and
        `If the check is against an armor, ...` ask it."""
        return selects({"kinds": kinds, "traits": traits, "highest": highest}, self.card.defn,
                       self.table.adventure_deck)

    def add_to_check(self, amount: int, traits: tuple[str, ...] = ()) -> None:
        if self.check is None and self.playing is not None:
            # A card's text done after any of its powers (`Add another 1d8 against a bane
            # with the Undead trait.`), when the power was played on no check (to evade, to
            # reduce damage): there is no check for it to add to (docs/rulings.md).
            self.log.emit("no_check", card=self.playing.card.name, amount=amount)
            return
        check = self._current_check()
        check.added += amount
        check.traits.update(traits)
        self.log.emit("added", character=check.character.name, amount=amount,
                      **({"traits": list(traits)} if traits else {}))

    def force_outcome(self, outcome: str) -> None:
        """The check to defeat the encountered card comes out `outcome`; before that check,
        the card is `outcome` with no check made (and so, undefeated, deals no damage; a boon
        `acquired` is acquired)."""
        won = outcome in ("defeated", "acquired")
        if self.check is None:
            self.settled = won
        else:
            self.check.forced = won
        self.log.emit("forced", card=self.card.name, outcome=outcome)

    def subtract(self, amount: int, each_die: bool) -> None:
        check = self._current_check()
        self.add_to_check(-amount * (check.dice if each_die else 1))

    def reroll_check(self) -> None:
        """Roll the check's dice again, its skill's die and those cards added: the new total
        is the check's.  A check whose rerolled result must stand is not rerolled again."""
        check = self._current_check()
        if check.final:
            self.log.emit("no_reroll", character=check.character.name)
            return
        before = check.total
        check.before_reroll = (check.face, list(check.rolled), check.added, before)
        check.face = self.table.dice.roll(check.skill.sides) if check.skill.sides else 0
        for index, (sides, faces) in enumerate(check.rolled):
            again = [self.table.dice.roll(sides) for _ in faces]
            check.added += check.counted(sides, again) - check.counted(sides, faces)
            check.rolled[index] = (sides, again)
        check.rerolled = True
        self.log.emit("reroll", character=check.character.name, before=before,
                      after=check.total)

    def count_as(self, sides: int, face: int, counted: int) -> None:
        """`If any d4 rolled on this check is a 4, count it as 6`: every such die of the check
        being made, those rolled already and those still to be (with none being made, there
        are none)."""
        check = self.check
        if check is None:
            return
        before = sum(check.counted(group, faces) for group, faces in check.rolled)
        check.counted_as[sides, face] = counted
        check.added += sum(check.counted(group, faces) for group, faces in check.rolled) - before
        self.log.emit("count_as", character=check.character.name, die=f"d{sides}", face=face,
                      counted=counted)

    def take_result(self, kept: str = "new") -> None:
        """A reroll's result stands, or (`kept` 'lower', 'higher') that of the two results;
        with no reroll, there is no second result to take."""
        check = self._current_check()
        check.final = check.rerolled
        if check.before_reroll is None or kept == "new":
            return
        face, rolled, added, total = check.before_reroll
        if (total < check.total) == (kept == "lower"):  # the first result
            check.face, check.rolled, check.added = face, rolled, added
        self.log.emit("result_kept", character=check.character.name, kept=kept,
                      total=check.total)

    def auto_succeed(self) -> None:
        check = self._current_check()
        check.forced = True
        self.log.emit("certain", character=check.character.name)

    def add_dice(self, count: int, traits: tuple[str, ...] = ()) -> None:
        """More dice of the kind the check rolls."""
        check = self._current_check()
        self.add_to_check(self.roll(count, check.skill.sides, 0), traits)

    def add_skill_die(self, you: Character, skill: str, traits: tuple[str, ...] = ()) -> None:
        """One die the size of `you`'s die for `skill` (a d4 without it), with no bonus."""
        found = best_skill(you, (skill,))
        sides = UNTRAINED_DIE if found is None else found.sides
        self.add_to_check(self.roll(1, sides, 0), traits)

    def roll_dice(self, total: int, traits: tuple[str, ...] = ()) -> None:
        """The check is made with the dice a card rolled (`total`) in place of its skill's
        die and bonus."""
        check = self._current_check()
        check.skill = NO_SKILL_DIE
        self.log.emit("uses_skill", character=check.character.name, skill=NO_SKILL_DIE.name)
        self.add_to_check(total, traits)

    def use_skill(self, skills: tuple[str, ...], plus: int, traits: tuple[str, ...] = ()
                  ) -> None:
        """Make the check with the best of `skills` the character has, if that beats the
        skill it is made with, and add `plus`."""
        check = self._current_check()
        better = best_skill(check.character, (*skills, check.skill.name))
        if better is not None and better.name != check.skill.name:
            check.skill = better
            self.log.emit("uses_skill", character=check.character.name, skill=better.name)
        if plus or traits:
            self.add_to_check(plus, traits)

    def change_difficulty(self, scope: str, amount: int, adventure: int,
                          you: Character | None = None) -> None:
        """Change the difficulty of the check being made (`this check`), of the checks to
        defeat the encountered card, or for the rest of the turn of `you`'s checks or of all
        checks; `adventure` counts the scenario's adventure deck number."""
        change = amount + adventure * self.table.adventure_deck
        if scope in ("your_checks", "all_checks"):
            whose = you.name if scope == "your_checks" and you is not None else None
            changes = self.table.turn_difficulty
            changes[whose] = changes.get(whose, 0) + change
            of = f"{whose}'s checks this turn" if whose else "every check this turn"
        elif scope == "this_check" and self.check is not None:
            self.check.change += change
            of = "this check"
        else:
            self.defeat_change += change
            of = f"the check to defeat {self.card.name}"
        self.log.emit("difficulty", change=change, of=of)

    def may(self, you: Character, what: str) -> bool:
        return self.table.policy.may(self, you, what)

    def pay_again(self, you: Character, cost: str) -> bool:
        """Pay a further cost with the card being played, if its holder still can and will."""
        play = self.playing
        if play is None or play.card not in you.hand or not self.may(you, cost):
            return False
        self.table.pay(you, play.card, cost)
        self.log.emit("paid", character=you.name, card=play.card.name, cost=cost)
        return True

    def may_play(self, holder: Character, card: Card, power: Power) -> bool:
        """Whether `holder` is what the power asks of whoever plays it (`If you are
        proficient with weapons, you may discard this card to ...`; `During your turn`: the
        turn character), and holds the other card it costs (`and discard a spell`)."""
        if power.also is not None and not self.also_payable(holder, card, power.also[1]):
            return False
        if power.your_turn and holder is not self.table.turn_character:
            return False
        return power.condition is None or self.holds(holder, *power.condition)

    def count_played(self, kinds: tuple[str, ...], traits: tuple[str, ...]) -> int:
        """How many cards of `kinds` (cards.of_kinds) with all of `traits` were played on the
        check being made (none when none is)."""
        wanted = {trait.casefold() for trait in traits}
        plays = self.check.plays if self.check is not None else ()
        return sum(1 for play in plays if of_kinds(play.card.defn, kinds)
                   and wanted <= {trait.casefold() for trait in play.card.defn.traits})

    def also_payable(self, holder: Character, card: Card, kinds: tuple[str, ...]
                     ) -> list[Card]:
        """The cards of `holder`'s hand, `card` aside, that may pay a power's further card of
        `kinds` (none: any card)."""
        return [other for other in holder.hand if other is not card
                and of_kinds(other.defn, kinds)]

    def holds(self, you: Character, kind: str, words: tuple[str, ...]) -> bool:
        """Whether a conditional's condition holds of `you`."""
        if kind in ("succeeded", "failed"):
            if self.last_success is None:
                raise ScenarioError(f"{self.card.name} asks how a check went before any was made")
            return self.last_success == (kind == "succeeded")
        if kind in ("defeated", "undefeated"):
            if self.defeated is None:
                raise ScenarioError(f"{self.card.name} asks whether it was defeated too soon")
            return self.defeated == (kind == "defeated")
        if kind in ("check_was", "succeeded_by", "failed_by", "short_by"):
            return self._defeat_check_went(kind, words)
        if kind in ("rolled", "rolled_not"):  # what `roll_for` came to
            if self.last_roll is None:
                raise ScenarioError(f"{self.card.name} asks what a roll came to before any")
            return (str(self.last_roll) in words) == (kind == "rolled")
        if kind == "first_time":
            return self.first_time(*words)
        if kind in ("alone", "not_alone"):
            return (len(self.table.characters_at(you.location)) == 1) == (kind == "alone")
        if kind == "cards_left":  # the encountered card is out of the deck as it is met
            return bool(self.location.deck)
        if kind == "no_other_open":
            return self.count_of("other_open_locations", you) == 0
        if kind in ("has_trait", "self_has_trait"):  # any of them, on the character's own
            # card, or on the card whose text it is
            card = you.defn if kind == "has_trait" else \
                (self.playing.card if self.playing is not None else self.card).defn
            traits = {trait.casefold() for trait in card.traits}
            return any(word.casefold() in traits for word in words)
        if kind == "dealt_damage":
            return you.name in self.damaged
        if kind == "discarded_for_damage":
            return you.name in self.lost_to_damage
        if kind == "any_failed":  # the check card text made each attempt last
            return False in self.outcomes.values()
        if kind in ("summoned_defeated", "summoned_not_defeated"):
            return self.summoned_won(words) == (kind == "summoned_defeated")
        if kind == "check_against":
            return self.against(words)
        if kind == "lacks_cards":
            return not any(of_kinds(card.defn, words) for card in you.hand)
        if kind == "has_in_hand":  # besides the card whose text asks
            wanted, *traits = words
            own = self.playing.card if self.playing is not None else None
            return any(card is not own and selects({"kinds": (wanted,), "traits": traits},
                                                   card.defn) for card in you.hand)
        if kind in ("examined_is", "examined_is_not"):
            return self.last_examined is not None \
                and of_kinds(self.last_examined[1].defn, words) == (kind == "examined_is")
        if kind == "examined_named":
            return self.last_examined is not None \
                and self.last_examined[1].name.casefold() == words[0].casefold()
        if kind == "failing_by":  # the check being made misses by no more than words[0]
            check = self.check
            return check is not None and not check.succeeds \
                and check.difficulty - check.total <= int(words[0])
        if kind == "playing":  # the card about to be played (Encounter._before_playing)
            card = self.about_to_play
            return card is not None and of_kinds(card.defn, words)
        if kind == "played_on_check":
            wanted, *traits = words
            return self.count_played((wanted,), tuple(traits)) > 0
        if kind == "check_against_card":  # the check being made is against that card
            check = self.check
            return check is not None and check.against is not None \
                and check.against.name.casefold() == words[0].casefold()
        if kind == "check_is":  # the check being made is of any of these kinds
            check = self.check
            return check is not None and any(kind_holds(word, check.option, check.skill)
                                             for word in words)
        if kind in ("blessed", "not_blessed"):  # a blessing was played on the check to defeat
            check = self.check or self.defeat_check
            blessed = check is not None and any(
                singular(play.card.defn.type) == "blessing" for play in check.plays)
            return blessed == (kind == "blessed")
        if kind in ("check_has_trait", "check_lacks_trait"):
            traits = {trait.casefold() for trait in
                      (self.check.traits if self.check is not None else self.last_traits)}
            has = any(word.casefold() in traits for word in words)
            return has if kind == "check_has_trait" else not has
        if kind in ("matches_blessing", "blessing_has_trait"):
            top = self.table.blessings_discard[-1] if self.table.blessings_discard else None
            if top is None:
                return False
            if kind == "blessing_has_trait":
                traits = {trait.casefold() for trait in top.defn.traits}
                return any(word.casefold() in traits for word in words)
            card = self.playing.card if self.playing is not None else self.card
            return top.name == card.name
        if kind in ("proficient", "not_proficient"):
            wanted = {singular(word) for word in words}
            had = {singular(item) for item in you.defn.proficiencies}
            proficient = wanted <= had
            return proficient if kind == "proficient" else not proficient
        has = any(skill.casefold() in {name.casefold() for name in you.skills}
                  for skill in words)
        return has if kind == "has_skill" else not has

    def first_time(self, scope: str, window: str) -> bool:
        """Whether the encountered card's `window` comes for the first time in the turn or
        the scenario (`scope`): the moment it first came is kept, so that each effect of
        that window's text (and of a `Then, ...` after it) is done then, and none later."""
        key = (self.card.name, window, self.table.turn if scope == "turn" else None)
        return self.table.firsts.setdefault(key, self.moment) == self.moment

    def _defeat_check_went(self, kind: str, words: tuple[str, ...]) -> bool:
        """How the check to defeat the encountered card went: of a kind of check (any of
        `words`), or succeeded or failed by at least the number `words` holds, or fell short
        of succeeding by it.  With no such check made (the card was defeated or evaded
        another way), none of these holds."""
        check = self.defeat_check
        if check is None:
            return False
        if kind == "check_was":
            return any(kind_holds(word, check.option, check.skill) for word in words)
        margin = check.total - check.difficulty
        by = int(words[0])
        if kind == "succeeded_by":
            return check.succeeds and margin >= by
        if kind == "short_by":
            return not (check.succeeds and margin >= by)
        return not check.succeeds and -margin >= by

    def select_location(self, most_occupied: bool) -> None:
        """An occupied location the dice pick (among those with the most characters), for
        `each character at that location` after it."""
        occupied = [(location, len(self.table.characters_at(location)))
                    for location in self.table.locations]
        most = max((count for _, count in occupied), default=0)
        choices = [location for location, count in occupied
                   if count and (count == most or not most_occupied)]
        self.selected_location = self.table.dice.choice(choices) if choices else None
        self.log.emit("location_selected", location=self.selected_location
                      and self.selected_location.name)

    def explore(self, you: Character) -> None:
        self.table.explorations += 1
        self.log.emit("explore_again", character=you.name)

    def add_this_turn(self, spec: Mapping[str, Any]) -> None:
        """`Any character who encounters a monster this turn adds 2d6 ...`: kept for the
        checks of the rest of the turn (Encounter._later_additions)."""
        self.table.turn_additions.append(spec)
        played = self.playing.card if self.playing is not None else self.card
        self.log.emit("turn_addition", card=played.name)

    def add_while_displayed(self, you: Character, spec: Mapping[str, Any]) -> None:
        """`While displayed, add 3 to that character's Charisma checks`: done as `you`'s
        encounter begins, kept for the checks of that encounter (Encounter._later_additions)."""
        self.standing.append((you.name, spec))

    def add_during_exploration(self, you: Character, spec: Mapping[str, Any]) -> None:
        """`add 2d6 to your combat checks during this exploration` (or `If you encounter a
        boon, banish it`): kept for `you`'s next exploration, the one the power grants
        (scenario.explore); `recharge this card instead` keeps the card played with it."""
        if spec["op"] == "recharge_if_found":
            spec = {**spec, "played": self.playing}
        self.table.exploration_additions.append((you.name, spec))

    def instead_of_discard(self, you: Character, action: str, replaces: str,
                           options: tuple[CheckOption, ...] | None,
                           or_replaces: Sequence[str] = ()) -> None:
        """Where the card being played goes rather than where its cost sent it, if it went
        by the move it `replaces` or one it `or_replaces` (discarded, buried, recharged, or
        banished: in none of those piles); with a check, only if the check succeeds."""
        play = self.playing
        if play is None or play.card in you.hand:
            return
        piles = {"discard": you.discards, "bury": you.buried, "recharge": you.deck}
        went = next((move for move, pile in piles.items() if play.card in pile), "banish")
        if went != replaces and went not in or_replaces:
            return
        if options is not None and not self._attempt(you, options, play.card.defn,
                                                     f"to recharge {play.card.name}",
                                                     purpose="recharge").success:
            return
        self.table.move(you, play.card, action)
        self.log.emit("moved", character=you.name, card=play.card.name, to=action)

    def forbid(self, who: Character, kinds: tuple[str, ...], traits: tuple[str, ...],
               on_check: bool = False, for_turn: bool = False) -> None:
        """`who` may not play cards of `kinds` with `traits` for the rest of the encounter,
        or, `on_check`, on the check being made, or, `for_turn`, for the rest of the turn
        (Table.turn_forbidden)."""
        rule = {"who": who.name, "kinds": kinds, "traits": traits, "by": self.card.name,
                "check": self.check if on_check else None}
        (self.table.turn_forbidden if for_turn else self.forbidden).append(rule)
        what = _kinds_words(kinds, traits)
        self.log.emit("forbidden", character=who.name, what=what, kinds=list(kinds),
                      traits=list(traits))

    def played_fate(self, who: Character, kinds: tuple[str, ...], traits: tuple[str, ...],
                    action: str, failed_defeat: bool = False) -> None:
        """Each card of `kinds` with `traits` that `who` plays for the rest of the encounter
        goes where `action` puts it once its play is done (Encounter._play); `failed_defeat`,
        one played on the check to defeat, once that check has failed (Encounter._attempt)."""
        self.played_fates.append({"who": who.name, "kinds": kinds, "traits": traits,
                                  "action": action, "failed_defeat": failed_defeat})
        self.log.emit("played_fate", character=who.name, what=_kinds_words(kinds, traits),
                      to=action)

    def turn_action(self, you: Character, action: str) -> None:
        if action == "reset_hand":
            self._reset_hand(you)
        elif action == "keep_hand":
            self.table.hand_kept = True
            self.log.emit("hand_kept", character=you.name)
        else:
            self.table.turn_ended = True
            self.log.emit("turn_ends", character=you.name)

    def examine(self, you: Character, count: int | None, then: str | None = None,
                deck: str = "location", end: str = "top") -> None:
        """Look at the top (or, `end` 'bottom', the bottom) `count` cards of a deck (None:
        all of it): the location's, any location's or any character's (the player's pick:
        `you`'s own, docs/rulings.md), `you`'s own, the blessings deck or its discard pile;
        they stay as they are, which is one of the orders `then` allows, unless an examined
        card's own `When you examine this card` text (done for each, in the deck's order)
        moves it; then the deck is shuffled if `then` says so."""
        cards, whose = {"location": (self.location.deck, self.location.name),
                        "any_location": (you.location.deck, you.location.name),
                        "yours": (you.deck, you.name), "any_character": (you.deck, you.name),
                        "blessings": (self.table.blessings_deck, "the blessings"),
                        "blessings_discard": (self.table.blessings_discard,
                                              "the blessings discard")}[deck]
        # Top card first; the discard pile is kept last discarded last.
        in_order = cards[::-1] if deck == "blessings_discard" else cards
        if count is None or end == "top":
            examined = in_order[:count]
        else:
            examined = in_order[max(len(in_order) - count, 0):]
        self.last_examined = (cards, examined[0]) if examined else None
        self.examined_cards = (cards, whose, examined)
        self.log.emit("examine", location=whose, cards=[card.name for card in examined],
                      end=end)
        for card in examined:
            if card.defn.when_examined is not None and not self._stopped():
                self._nested(you, card, self.location).examined(cards)
        if then == "shuffle":
            self.table.dice.shuffle(cards)
            self.log.emit("shuffled", location=whose)

    def each_attempts_defeat(self, kind: str, different: bool) -> None:
        """Each character of `kind`, the one encountering the card first, attempts each step
        of the check to defeat it; when `different`, with a skill it lists that none before
        chose (any, once each was chosen).  Failing deals no damage of its own, and the card
        is defeated if each succeeded, unless the text after it settles it otherwise
        (docs/rulings.md)."""
        defn = self.card.defn
        who = sorted(self.targets(kind, self.character),
                     key=lambda character: character is not self.character)
        chosen: set[str] = set()  # the skills listed that were chosen
        won = True
        for character in who:
            for options in defn.check:
                left = tuple(CheckOption((skill,), option.difficulty, option.adventure)
                             for option in options for skill in option.skills
                             if different and skill not in chosen)
                success = self._attempt(character, left or options, defn,
                                        f"to defeat {defn.name}", self.defeat_change,
                                        "defeat").success
                if left and self.defeat_check is not None:
                    chosen.update(self.defeat_check.option.skills)
                self.outcomes[character.name] = success
                if not success:
                    won = False
                    break
        self.settled = won

    def choose_card_type(self, you: Character) -> None:
        """`choose a type of card`: the player's pick (Policy.card_type), before the cards it
        is for are seen."""
        self.chosen_type = self.table.policy.card_type(self, you)
        self.log.emit("chose_type", character=you.name, type=self.chosen_type)

    def _examined_left(self) -> tuple[list[Card], str, list[Card]]:
        """The deck examined last, its name, and its cards examined that are still in it."""
        if self.examined_cards is None:
            raise ScenarioError(f"{self.card.name} speaks of cards examined before any were")
        deck, whose, examined = self.examined_cards
        return deck, whose, [card for card in examined if card in deck]

    def examined_kinds(self, you: Character, action: str, kinds: tuple[str, ...]) -> None:
        """`examine the top 3 cards of your deck and discard any allies`: those examined that
        are of `kinds` go where `action` sends them, from `you`'s own deck."""
        deck, _, left = self._examined_left()
        lost = [card for card in left if of_kinds(card.defn, kinds)]
        if lost and deck is not you.deck:
            raise ScenarioError(f"{self.card.name} would {action} cards examined in a deck "
                                "not its holder's, which the runtime does not model")
        for card in lost:
            self.table.move(you, card, action)
        self.log.emit("lose_cards", character=you.name, action=action,
                      cards=[card.name for card in lost])

    def examined_rest(self, you: Character, how: str) -> None:
        """The cards examined last that are left: shuffled with their deck (`shuffle`), or
        put back in the order the player chooses (`any_order`: Policy.examined_order)."""
        deck, whose, left = self._examined_left()
        if how == "shuffle":
            self.table.dice.shuffle(deck)
            self.log.emit("shuffled", location=whose)
            return
        order = self.table.policy.examined_order(self, you, left)
        for place, card in zip(sorted(deck.index(card) for card in left), order, strict=True):
            deck[place] = card
        self.log.emit("reordered", location=whose, cards=[card.name for card in order])

    def set_aside_chosen(self, you: Character) -> None:
        """`If there are any cards of the chosen type, set them aside.`: those examined just
        before that are still in their deck leave it, until return_set_aside."""
        if self.examined_cards is None or self.chosen_type is None:
            raise ScenarioError(f"{self.card.name} sets aside cards of a chosen type before a "
                                "type was chosen and cards examined")
        deck, whose, examined = self.examined_cards
        aside = [card for card in examined
                 if card in deck and of_kinds(card.defn, (self.chosen_type,))]
        for card in aside:
            deck.remove(card)
        self.set_aside = (deck, whose, aside)
        self.log.emit("set_aside", character=you.name, cards=[card.name for card in aside])

    def return_set_aside(self, you: Character) -> None:
        """`Return the remaining cards to the deck, shuffle it, then put the cards you set aside
        ... at either the top or bottom of the deck`: the end is the player's (Policy.deck_end);
        the cards keep the order they were examined in."""
        if self.set_aside is None:
            raise ScenarioError(f"{self.card.name} puts back cards set aside before any were")
        deck, whose, aside = self.set_aside
        self.set_aside = None
        self.table.dice.shuffle(deck)
        self.log.emit("shuffled", location=whose)
        if not aside:
            return
        end = self.table.policy.deck_end(self, you, aside)
        at = 0 if end == "top" else len(deck)
        deck[at:at] = aside
        self.log.emit("put_back", location=whose, cards=[card.name for card in aside], end=end)

    def lock_movement(self) -> None:
        """`characters may not move or be moved ... as long as the Frost Worm is faceup on
        the deck`: from now on, while the card tops its location's deck."""
        self.table.movement_locks.append((self.location, self.card))
        self.log.emit("movement_locked", card=self.card.name, location=self.location.name)

    def encounter_self(self, ignoring: Sequence[str]) -> None:
        """`encounter it`: done once the card's `When you examine this card` text is, with
        its text of the windows `ignoring` left undone in that encounter."""
        self.encounter_now = True
        self.ignored_windows = frozenset(ignoring)

    def evade(self, you: Character, place: str | None = None) -> None:
        """The encountered card is evaded; `place` (`top`, `bottom`) is where in its
        location's deck it then goes, rather than shuffled in."""
        self.evaded = True
        if place is not None:
            self.place = place
        self.log.emit("evaded", character=self.character.name, card=self.card.name)

    def summon(self, you: Character, names: tuple[str, ...]) -> None:
        """Each summoned card is a whole encounter of its own, in the order the policy picks
        (the turn character's choice), each to its end before the next."""
        defs = [self.table.card_def(name) for name in names]
        if len(defs) > 1:
            defs = self.table.policy.summon_order(self, defs)
        for defn in defs:
            if defn.name in self.summoning:
                # A ruling: a card summoned is not summoned again within its own encounter
                # (`If undefeated, ... summons and encounters the henchman <itself>`).
                self.log.emit("summoned_already", card=defn.name, by=self.card.name)
                continue
            self.log.emit("summon", card=defn.name, by=self.card.name)
            summoned = self._nested(you, Card(defn), you.location, summoned=True)
            summoned.run()
            self.summoned_outcomes.append((defn.name, summoned.defeated is True))
            if self._stopped():
                return

    def summon_from_box(self, you: Character, kinds: tuple[str, ...]) -> None:
        """`you` summons a card of `kinds` the dice pick from the box, and encounters it (none,
        if the box has no such card)."""
        box = self.table.box_of(kinds)
        if not box:
            self.log.emit("none_to_summon", kinds=list(kinds), by=self.card.name)
            return
        self.summon(you, (self.table.dice.choice(box).name,))

    def encountered_by_each(self, kind: str, you: Character) -> None:
        """Each character of `kind` encounters the card as well, one after another (not again
        in those encounters): before the check, alongside the one encountering it, who is
        not one of them; after it (`If undefeated, a random character at this location
        encounters her`), that one too if the dice pick it.  How each went counts as a
        summoned card's does (undefeated_unless)."""
        if self.alongside:
            return
        for other in self.targets(kind, you):
            if other is not self.character or self.defeated is not None:
                encounter = self._nested(other, Card(self.card.defn), other.location,
                                         alongside=True)
                encounter.run()
                self.summoned_outcomes.append((self.card.name, encounter.defeated is True))
                if self._stopped():
                    return

    def examined_action(self, you: Character, action: str) -> None:
        """What becomes of the card examined just before (`If it is a boon, you may add it to
        your hand`): still in its deck, it goes to `you`'s hand (`take`, `draw`), back on top
        or to the bottom of that deck, into an encounter of its own, or, from `you`'s own
        deck, where `action` sends a card paid."""
        if self.last_examined is None or self.last_examined[1] not in self.last_examined[0]:
            return
        deck, card = self.last_examined
        self.log.emit("examined_card", card=card.name, action=action)
        if action in COSTS and action != "top":  # discard, bury, ...: from the holder's deck
            if deck is not you.deck:
                raise ScenarioError(f"{self.card.name} would {action} a card examined in a "
                                    "deck not its holder's, which the runtime does not model")
            self.table.move(you, card, action)
            return
        deck.remove(card)
        if action in ("take", "draw"):
            you.hand.append(card)
        elif action in ("top", "bottom"):  # back on the top or bottom of its own deck
            deck.insert(0 if action == "top" else len(deck), card)
        else:  # encounter
            self._nested(you, card, you.location).run()

    def _nested(self, character: Character, card: Card, location: Location,
                **how: bool) -> Encounter:
        """An encounter within this one (summoned, examined, alongside: `how`), of this
        encounter's own class; card text that keeps nesting them is stopped."""
        if self.depth >= MAX_SUMMON_DEPTH:
            raise ScenarioError(f"encounters nest deeper than {MAX_SUMMON_DEPTH}")
        summoning = self.summoning | {card.name} if how.get("summoned") else self.summoning
        return type(self)(self.table, character, card, location, depth=self.depth + 1,
                          summoning=summoning, **how)

    def count_in_hand(self, who: Character, selections: list[dict]) -> int:
        """How many cards of `who`'s hand any of `selections` takes in (selects)."""
        return sum(any(selects(selection, card.defn) for selection in selections)
                   for card in who.hand)

    def count_of(self, counted: str, you: Character) -> int:
        """How many there are of what `for each other ...` counts."""
        if counted == "other_characters_here":
            return sum(other is not you for other in self.table.characters_at(you.location))
        if counted == "other_open_locations":
            return sum(place.is_open and place is not self.location
                       for place in self.table.locations)
        if counted == "characters_elsewhere":
            return sum(other.location is not self.location for other in self.table.living())
        raise ScenarioError(f"pacg cannot count {counted!r}")

    def summoned_won(self, words: tuple[str, ...]) -> bool:
        """Whether each encounter of the cards the text summoned that `words` names (by name,
        or by kind: `monsters`) was won; with no word, that of the card summoned last.  With
        no such encounter, none was won."""
        outcomes = self.summoned_outcomes[-1:]
        if words:
            wanted = words[0].casefold()
            outcomes = [(name, won) for name, won in self.summoned_outcomes
                        if name.casefold() == wanted or of_kinds(self.table.card_def(name), words)]
        return bool(outcomes) and all(won for _, won in outcomes)

    def undefeated_unless(self, name: str) -> None:
        """The encountered card is undefeated if any encounter of `name` it summoned was not
        won (evaded, or undefeated): asked as its check to defeat would be made, once the
        text before the check has summoned the card (Encounter._defeat_or_acquire)."""
        self.unless_won.append(name)

    def settle_by_summoned(self) -> None:
        """Settle the outcome by the encounters of the cards `undefeated_unless` named."""
        for name in self.unless_won:
            if not all(defeated for card, defeated in self.summoned_outcomes if card == name):
                self.settled = False
                self.log.emit("settled", card=self.card.name, outcome="undefeated", by=name)
                return

    def dispose(self, place: str, beside: str | None = None) -> None:
        """`banish this card`: the card whose text runs goes to `place` (`display` it next to
        `beside`).  While a power is played that is the card played; otherwise the
        encountered card, as it is put away."""
        play = self.playing
        if play is not None:
            self.table.move(play.holder, play.card, place)
            self.log.emit("moved", character=play.holder.name, card=play.card.name, to=place)
            return
        self.place_by_text, self.beside = place, beside
        self.log.emit("dispose", card=self.card.name, place=place)

    def defeat_bane(self) -> None:
        """`defeat a barrier`: the encountered bane is defeated, with no check (played at the
        check to defeat it: Encounter._defeat_step)."""
        self.defeated_by_card = True
        self.log.emit("defeated_by_card", character=self.character.name, card=self.card.name)

    def evade_self(self, place: str | None = None) -> None:
        """The encountered card is evaded: its encounter ends, and it goes back into the
        location deck (at `place`, `top` or `bottom`, if text says where)."""
        self.evade(self.character, place)

    def move(self, who: Character, random: bool) -> None:
        """`who` moves to another open location: one the dice pick, or the one the player
        chooses (the default: the one with most cards left); not while a bane keeps `who`
        where it is (Table.may_move), unless the card played ignores that."""
        others = [place for place in self.table.locations
                  if place is not who.location and place.is_open]
        if not others:
            return
        played = self.playing.card.defn if self.playing is not None else None
        ignoring = played is not None and played.movement == "ignore_restrictions"
        if not ignoring and not self.table.may_move(who):
            self.log.emit("move_prevented", character=who.name)
            return
        if random:
            destination = self.table.dice.choice(others)
        else:
            destination = max(others, key=lambda place: len(place.deck))
        who.location = destination
        self.log.emit("move", character=who.name, to=destination.name)

    def shuffle_from_box(self, kinds: tuple[str, ...]) -> None:
        """A card of each of `kinds` the dice pick from the box goes into the location deck."""
        for kind in kinds:
            box = self.table.box_of((kind,))
            if box:
                card = Card(self.table.dice.choice(box))
                self.table.shuffle_into(card, self.location)
                self.log.emit("shuffled_in", card=card.name, location=self.location.name)

    def suffer_scourge(self, who: Character, name: str | None) -> None:
        """`who` suffers the Scourge `name`, or one the dice pick from the box: it is
        displayed beside `who`, its text holding in each of `who`'s encounters."""
        if name is not None:
            defn = self.table.card_def(name)
        else:
            scourges = self.table.box_of(("Scourge",))
            if not scourges:
                self.log.emit("no_scourge", character=who.name)
                return
            defn = self.table.dice.choice(scourges)
        who.displayed.append(Card(defn))
        self.log.emit("scourge", character=who.name, card=defn.name)

    def cards(self, who: Character, action: str, count: int, random: bool,
              kinds: tuple[str, ...] = (), source: str = "hand") -> None:
        """`who` loses `count` cards (of `kinds`, if any are named) from the hand or the
        discard pile, at random or as the player chooses."""
        if source == "blessings":
            self.table.lose_blessings(count)
            return
        self._lose(who, action, count, random, self._losable(who, count, kinds, source), source)

    def pay_cards(self, who: Character, action: str, count: int, random: bool,
                  kinds: tuple[str, ...], source: str) -> bool:
        """`you may discard a card to ...`: `who` loses the cards as `cards` would, if it has
        enough to pay in full; whether it paid."""
        pool = self._losable(who, count, kinds, source)
        if len(pool) < count:
            self.log.emit("cannot_pay", character=who.name, action=action, count=count)
            return False
        self._lose(who, action, count, random, pool, source)
        return True

    def can_lose(self, who: Character, count: int, kinds: tuple[str, ...], source: str) -> bool:
        """Whether `who` has `count` cards of `kinds` in `source` to lose, as `cards` asks."""
        return len(self._losable(who, count, kinds, source)) >= count

    def either(self, you: Character, doable: tuple[bool, ...]) -> int:
        """Which of the options of `either ... or ...` `you` takes (from 0), of those it can
        do in full (`doable`), as the policy chooses."""
        choice = self.table.policy.either(self, you, doable)
        self.log.emit("either", character=you.name, option=choice + 1, of=len(doable))
        return choice

    def _lose(self, who: Character, action: str, count: int, random: bool, pool: list[Card],
              source: str) -> None:
        """`who` loses `count` cards of `pool` (as many as it holds): the deck's top ones, at
        random, or as the player chooses."""
        count = min(count, len(pool))
        if source in ("deck", "deck_ends", "discards_top"):
            lost = pool
        elif random:
            lost = [pool.pop(self.table.dice.below(len(pool))) for _ in range(count)]
        else:
            lost = self.table.policy.discards(self, who, count, pool)
        for card in lost:
            self.table.move(who, card, action)
        self.log.emit("lose_cards", character=who.name, action=action,
                      cards=[card.name for card in lost])

    def _losable(self, who: Character, count: int, kinds: tuple[str, ...], source: str
                 ) -> list[Card]:
        """The cards of `who`'s `source` that `count` cards of `kinds` may be lost from (of
        the deck, its top `count`), the card about to be played aside."""
        piles = {"hand": who.hand, "discards": who.discards, "deck": who.deck[:count],
                 "discards_top": who.discards[::-1][:count],  # the last discarded first
                 "deck_ends": who.deck[:1] + who.deck[1:][-1:],
                 "hand_or_discards": who.hand + who.discards,
                 "hand_or_deck": who.hand + who.deck[:count]}
        return [card for card in piles[source] if card is not self.about_to_play
                and of_kinds(card.defn, kinds)]

    def search_deck(self, you: Character, kinds: tuple[str, ...], traits: tuple[str, ...],
                    action: str, deck: str = "yours", first: bool = False) -> None:
        """`you` looks through its deck (or, `deck` 'location', its location's) for a card
        of `kinds` with all of `traits` (the one its player values most, Policy.keeps, or
        with `first` the first from the top), takes it to the hand (`take`) or loses it by
        `action`, and shuffles the deck; with `top`, puts it back on top of the deck
        shuffled (docs/rulings.md)."""
        searched = you.location.deck if deck == "location" else you.deck
        pool = [card for card in searched
                if selects({"kinds": kinds, "traits": traits}, card.defn)]
        found = (pool[0] if first else self.table.policy.keeps(pool)) if pool else None
        if found is not None:
            searched.remove(found)
            if action == "take":
                you.hand.append(found)
            elif action != "top":  # from the hand it is taken into, to the action's pile
                self.table.move(you, found, action)
        self.table.dice.shuffle(searched)
        if found is not None and action == "top":
            searched.insert(0, found)
        self.log.emit("searched", character=you.name, card=found and found.name,
                      action=action)

    def retrieve(self, you: Character, kinds: tuple[str, ...]) -> None:
        """A card of `kinds` (any, if none) from `you`'s discard pile to the hand, the one
        the player chooses (Policy.keeps)."""
        pool = [card for card in you.discards if of_kinds(card.defn, kinds)]
        if pool:
            card = self.table.policy.keeps(pool)
            you.discards.remove(card)
            you.hand.append(card)
        self.log.emit("retrieve", character=you.name, card=card.name if pool else None)

    def pile(self, who: Character, action: str, pile: str, kinds: tuple[str, ...] = (),
             traits: tuple[str, ...] = ()) -> None:
        """`who` loses every card (of `kinds`, and with any of `traits`, if any) of the hand
        or the discard pile by `action`."""
        wanted = {trait.casefold() for trait in traits}
        lost = [card for card in (who.hand if pile == "hand" else who.discards)
                if of_kinds(card.defn, kinds)
                and (not wanted or not wanted.isdisjoint(t.casefold() for t in card.defn.traits))]
        for card in lost:
            self.table.move(who, card, action)
        self.log.emit("lose_cards", character=who.name, action=action,
                      cards=[card.name for card in lost])

    def gain_from_box(self, you: Character, count: int, kinds: tuple[str, ...],
                      traits: tuple[str, ...] = (), chosen: bool = False) -> None:
        """Cards of `kinds` (with all of `traits`) the dice pick from the box (every card of
        the pool) to the hand; `chosen`, of the one of `kinds` the player names first."""
        if chosen and len(kinds) > 1:
            kinds = (self.table.policy.box_kind(self, you, kinds),)
            self.log.emit("chose_kind", character=you.name, kind=kinds[0])
        box = self.table.box_of(kinds, traits)
        gained = [Card(self.table.dice.choice(box)) for _ in range(count)] if box else []
        you.hand.extend(gained)
        self.log.emit("gain", character=you.name, cards=[card.name for card in gained])

    def damage_rule(self, as_kind: str | None, more: int, to: str | None,
                    unreducible: bool = False, halved: bool = False,
                    of_kind: str | None = None, loses: str | None = None,
                    at_most: int | None = None, for_failure: bool = False,
                    from_deck: bool = False) -> None:
        self.damage_rules.append(DamageRule(of_kind, as_kind, more, to, unreducible, halved,
                                            loses, at_most, for_failure, from_deck))

    def unevadable(self) -> None:
        self.evadable = False

    def no_closing(self) -> None:
        self.offers_closing = False

    def no_temporary_closing(self, traits: tuple[str, ...]) -> None:
        """No character tries to close for now a random other open location (no `traits`),
        or each location with one of `traits`, in this villain's encounter."""
        others = [place for place in self.table.locations
                  if place is not self.location and place.is_open]
        if traits:
            wanted = {trait.casefold() for trait in traits}
            barred = [place for place in others
                      if wanted & {trait.casefold() for trait in place.defn.traits}]
        else:
            barred = [self.table.dice.choice(others)] if others else []
        self.not_closable.update(place.name for place in barred)
        self.log.emit("not_closable", locations=[place.name for place in barred])

    def no_damage(self) -> None:
        self.deals_damage = False

    def allow_another(self, kind: str) -> None:
        """One more card of this type may be played on the check being made or, played to
        reduce damage, on that damage (a ruling)."""
        state = self.check or self.damage_state
        if state is None:
            return
        state.types_played = {played for played in state.types_played
                              if singular(played) != singular(kind)}
        self.log.emit("allowed", kind=kind)

    def draw(self, who: Character, count: int, up_to: bool = False) -> None:
        """`who` draws `count` cards (`up_to`: as many as the player chooses, at most that)."""
        if up_to:
            count = self.table.policy.draw_count(self, who, count)
        self.log.emit("draw", character=who.name, count=count)
        self.table.draw(who, count)

    def close_location(self, mode: str, place: str, you: Character) -> None:
        location = self.location if place == "origin" else you.location
        if mode == "close":
            self.table.close(location, f"{self.card.name} closed it")
        elif mode == "temporarily_close":
            location.temporarily_closed = True
            self.log.emit("temporarily_closed", location=location.name)
        else:
            self._offer_close(you, location)

    def attempt_check(self, who: Character, options: tuple[CheckOption, ...]) -> bool:
        """A check card text makes `who` attempt; its outcome is kept for `characters who
        fail`."""
        success = self._attempt(who, options, None, f"against {self.card.name}").success
        self.outcomes[who.name] = success
        return success

    def shuffle_location(self) -> None:
        self.table.dice.shuffle(self.location.deck)
        self.log.emit("shuffled", location=self.location.name)

    def blessings_back(self, count: int) -> None:
        """Random cards of the blessings discard pile go back into the blessings deck: a turn
        more for each (a scenario that names no blessings deck has no discard pile of cards
        to take back)."""
        table = self.table
        back = self._shuffle_back(table.blessings_discard, table.blessings_deck, count)
        table.blessings_lost -= len(back)
        self.log.emit("blessings_back", cards=[card.name for card in back])

    def pay_for_each(self, you: Character, action: str, kinds: tuple[str, ...], each: Dice
                     ) -> int:
        """Cards of `kinds` from `you`'s hand, as many as the player chooses, lost by
        `action`, each for one addition of `each` to the check: how many."""
        pool = [card for card in you.hand if of_kinds(card.defn, kinds)]
        paid = self.table.policy.pay_for_each(self, you, pool, each)
        for card in paid:
            self.table.move(you, card, action)
        self.log.emit("lose_cards", character=you.name, action=action,
                      cards=[card.name for card in paid])
        return len(paid)

    def _shuffle_back(self, pile: list[Card], deck: list[Card], count: int) -> list[Card]:
        """`count` random cards of `pile` (all, if it holds fewer) into `deck`, shuffled."""
        dice = self.table.dice
        back = [pile.pop(dice.below(len(pile))) for _ in range(min(count, len(pile)))]
        deck.extend(back)
        dice.shuffle(deck)
        return back

    def shuffle_blessing(self) -> None:
        """The blessings deck's top card is shuffled into the location deck: a turn less, as
        any card the blessings deck loses (Table.lose_blessings)."""
        table = self.table
        card = table.blessings_deck.pop(0) if table.blessings_deck else None
        if card is not None:
            table.shuffle_into(card, self.location)
        table.blessings_lost += 1
        self.log.emit("blessing_shuffled_in", card=card.name if card else None,
                      location=self.location.name)

    def forbid_self(self, during_encounter: bool = False) -> None:
        """`you may not play this card` (asked by Encounter._own_text); `... during an
        encounter`, only while this one is under way, not at the other moments of a turn an
        Encounter is the context of."""
        if not during_encounter or self.under_way:
            self.forbids_self = True


def _kinds_words(kinds: tuple[str, ...], traits: tuple[str, ...]) -> str:
    """`spells or weapons with the Attack traits`: cards card text names, for the log."""
    return " or ".join(kinds) + (f" with the {' and '.join(traits)} traits" if traits else "")
