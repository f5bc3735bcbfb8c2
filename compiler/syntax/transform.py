"""Turns the parse trees of header values and sentences into AST nodes.

One builder serves every game: rules with the same name mean the same thing
in every grammar.  A game's grammar imports shared rules from frame.lark, and
Lark names the ones it pulls in along the way `frame__<rule>`; the builder
answers to both names.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, NamedTuple

from lark import Token

from compiler import ast
from compiler.syntax.source import SourceText

_SHARED_PREFIX = "frame__"


class LabelledSentence(NamedTuple):
    """A sentence, and the label that begins a group with it (`Top`), if one does."""

    label: str | None
    sentence: ast.Sentence


class _Alongside(NamedTuple):
    """`When playing another weapon`: the window, and the type of card played."""

    text: str
    alongside: ast.Word


class _Alternative(NamedTuple):
    """`, or recharge it to ...`: the cost (None: the power's own) and effects of another
    power written after one."""

    cost: str | None
    effects: tuple[ast.Effect, ...]
    span: ast.Span


class _TraitBefore(NamedTuple):
    """`Attack` in `you may not play Attack spells`: a trait the cards named have."""

    trait: ast.Word


class _OrKinds(tuple):
    """`or weapons` after `spells with the Attack trait`: told from the traits, a tuple too."""


class _MoreDamage(NamedTuple):
    """`..., then 1 Poison damage`: a Damage once the effect before it says to whom."""

    amount: ast.Amount
    kind: ast.Word | None
    span: ast.Span


class _Joiner(NamedTuple):
    """`and`, `then` within a clause, or `;`, between two effects (grammar: and_joiner,
    then_joiner, semicolon_joiner): what the effect after it shares with the one before
    depends on the word."""

    word: str


_AND_JOINED = _Joiner("and")
_THEN_JOINED = _Joiner("then")
_SEMICOLON_JOINED = _Joiner(";")


class _AboutCard(NamedTuple):
    """`If the Giant Hermit Crab would be defeated`: the window, and the card it names; and
    whether it is the first time in a span only (ast.Triggered.once)."""

    text: str
    card: ast.SelfRef
    once: str | None = None


class _ExploredFirst(NamedTuple):
    """`encounter this barrier as their first exploration each turn, and` before a movement
    lock (ast.MovementLock.explored_first)."""


class _Conditioned(NamedTuple):
    """`If defeated by a non-combat check`: the outcome's window, the condition on how the
    check to defeat went that its effects are done on, and the card, if it was named."""

    text: str
    condition: ast.Condition
    card: ast.SelfRef | None = None


class _Using(NamedTuple):
    """`using a weapon`: the types of card one of which was played on the check before."""

    kinds: tuple[ast.Word, ...]


@dataclasses.dataclass(frozen=True)
class _HighestCombat:
    """`whose highest combat value is 10 or lower`: the number, of combat checks only."""

    number: int


@dataclasses.dataclass(frozen=True)
class _SameOwnerChecks:
    """`or check to defeat a barrier` after a check: another kind of the same owner's, by
    its purpose (not a tuple, so that it is not taken for the purpose of the first)."""

    purpose: tuple[str, tuple[ast.Word, ...], tuple[ast.Word, ...]]
    span: ast.Span


@dataclasses.dataclass(frozen=True)
class _AnyOf:
    """`If A, or if B, ...`: either condition (AstBuilder.conditional); not a tuple, so that
    it is not taken for a condition's words."""

    conditions: tuple[ast.Condition, ...]


@dataclasses.dataclass(frozen=True)
class _AllOf:
    """`If it is a monster other than a henchman`: both conditions (AstBuilder.conditional),
    the second asked under the first."""

    conditions: tuple[ast.Condition, ...]


@dataclasses.dataclass(frozen=True)
class _SkillAlternative:
    """`, or 1d4+4 if you have the Arcane skill` after an addition: its amount then (not a
    tuple, which _addition would take for traits)."""

    amount: ast.Amount
    condition: ast.Condition


class _CardTraits(NamedTuple):
    """`with the Magic trait` after the kinds of card an effect takes: traits they have."""

    traits: tuple[ast.Word, ...]


class _CardCount(NamedTuple):
    """`a random card`, `2 allies`: how many, whether at random, and of which types."""

    amount: ast.Amount
    random: bool
    kinds: tuple[ast.Word, ...] = ()


# What `at another location` and `made by another character at your location` read as, for
# which_checks to find among its parts.
_ELSEWHERE = object()
_BY_ANOTHER = object()
_DURING_AN_ENCOUNTER = object()


def _of_examined(effect: ast.Effect) -> ast.Effect:
    """`discard it` and `encounter it` read as the card's own are the examined card's after
    `If it is a ...` (`you may ...` looked into)."""
    if isinstance(effect, ast.YouMay):
        return dataclasses.replace(effect, effect=_of_examined(effect.effect))
    if isinstance(effect, ast.SelfAction) and effect.card.name is None \
            and effect.card.noun is None and effect.beside is None:
        return ast.ExaminedAction(effect.action, span=effect.span)
    if isinstance(effect, ast.EncounterSelf):
        return ast.ExaminedAction("encounter", span=effect.span)
    return effect


def _of_examined_cards(effect: ast.Effect) -> ast.Effect:
    """`discard any allies` (the hand's, read alone) after `examine the top 3 cards of your
    deck and`: the examined cards of those kinds."""
    if isinstance(effect, ast.PileAction) and effect.pile == "hand" and effect.kinds \
            and not effect.traits and effect.target.kind == "you":
        return ast.ExaminedKinds(effect.action, effect.kinds, span=effect.span)
    return effect


def _outcome_target(effect: Any) -> bool:
    """Whether the effect falls on the characters who failed or succeeded at a check."""
    target = getattr(effect, "target", None)
    return isinstance(target, ast.Target) and target.kind in ast.OUTCOME_TARGETS


def _target(word: ast.Word) -> ast.Target:
    return ast.Target(word.text, span=word.span)


class AstBuilder:
    """Builds nodes for a parse of the text that starts at `base` in `source`.

    Each grammar rule has a method of its name (`rule_method`), called as the parser reduces
    the rule (compiler/syntax/reducing.py) with the rule's positions and its children,
    already built."""

    def __init__(self, source: SourceText, base: int, length: int) -> None:
        self.source = source
        self.base = base
        # Most parsed texts sit on one line: their columns are then the text's own offsets
        # moved along, with no line table to search.
        self.line, self.col = source.position(base)
        self.one_line = source.text.find("\n", base, base + length) == -1
        # How deep the effects of what it built nest (`... or ...` inside `... or ...`).
        self.deepest = 0
        # The card's names the sentence being built calls it by (ast.Sentence.mentions).
        self.mentions: list[ast.SelfRef] = []

    def __default__(self, data: str, children: list[Any], meta: Any) -> ast.Word:
        """A rule made only of keywords (a timing, a cost, a target, `top`) stands for its
        own name: `if_defeated`, `discard`, `each_character`."""
        if children:
            raise TypeError(f"no AST builder for grammar rule {data!r}")
        name = data[len(_SHARED_PREFIX):] if data.startswith(_SHARED_PREFIX) else data
        return ast.Word(str(name), span=self._span(meta))

    # -- spans -------------------------------------------------------------

    def _span(self, meta: Any) -> ast.Span:
        return self._at(meta.start_pos, meta.end_pos)

    def _token_span(self, token: Token) -> ast.Span:
        return self._at(token.start_pos, token.end_pos)

    def _at(self, start: int, end: int) -> ast.Span:
        """The span of the parsed text's offsets `start` to `end`."""
        if self.one_line:
            return ast.new_span(ast.Span, (self.source.path, self.line, self.col + start,
                                           self.line, self.col + max(start, end)))
        return self.source.span(self.base + start, self.base + end)

    def _word(self, token: Token) -> ast.Word:
        return ast.Word(str(token), span=self._token_span(token))

    # -- header values -------------------------------------------------------

    def field_name(self, meta: Any, text: Token) -> str:
        return str(text)

    # Values kept as written: saving throws, a treasure type.
    field_saving_throws = field_treasure_type = field_name

    def monster_name(self, meta: Any, text: Token) -> ast.CardRef:
        """A Monster card named as its card is (`Cultist (89)`)."""
        return ast.CardRef(str(text), span=self._span(meta))

    def field_type(self, meta: Any, *words: Token) -> ast.Word:
        return ast.Word(" ".join(words), span=self._span(meta))

    def field_traits(self, meta: Any, *traits: ast.Word) -> tuple[ast.Word, ...]:
        return traits

    field_proficiencies = field_traits

    def trait(self, meta: Any, *words: Token) -> ast.Word:
        """A trait of one or more words, `Light Armor`, spaced as the canonical form is."""
        return ast.Word(" ".join(words), span=self._span(meta))

    proficiency = trait

    def field_check(self, meta: Any, check: ast.CheckSequence) -> ast.CheckSequence:
        return check

    def field_skills(self, meta: Any, *skills: ast.SkillDie) -> tuple[ast.SkillDie, ...]:
        return skills

    def skill_die(self, meta: Any, skill: Token, die: Token, modifier: Token | None = None
                  ) -> ast.SkillDie:
        bonus = int(modifier) if modifier is not None else 0
        return ast.SkillDie(self._word(skill), int(die[1:]), bonus, span=self._span(meta))

    def _number(self, meta: Any, number: Token) -> int:
        return int(number)

    field_hand = field_combat = field_strength = field_dexterity = field_magic = \
        field_morale = field_charisma = _number

    def field_health(self, meta: Any, amount: ast.Amount) -> ast.Amount:
        return amount

    def field_attacks_with(self, meta: Any, word: Token) -> ast.Word:
        return self._word(word)

    def field_slots(self, meta: Any, words: tuple[ast.Word, ...]) -> tuple[ast.Word, ...]:
        return words

    def field_slot(self, meta: Any, *words: Token) -> ast.Alternatives:
        return ast.Alternatives(tuple(self._word(word) for word in words), span=self._span(meta))

    field_where = field_attacks_with
    field_alignment = field_slot

    def field_level(self, meta: Any, level: Token) -> int | str:
        """A number, or Gloomhaven's `X`."""
        return str(level) if level.type == "LEVEL_X" else int(level)

    field_class = field_type

    def field_number(self, meta: Any, number: Token) -> ast.Word:
        """As printed, with its zeros: `008`."""
        return self._word(number)

    field_initiative = _number

    def gh_stat_line(self, meta: Any, *stats: ast.Stat) -> tuple[ast.Stat, ...]:
        return stats

    def _inner(self, meta: Any, value: Any) -> Any:
        """A field that is one rule's value: that value."""
        return value

    field_normal = field_elite = field_immunities = field_monster = _inner

    def gh_stat(self, meta: Any, name: Token, value: Token | None = None) -> ast.Stat:
        span = self._span(meta)
        if value is None:
            return ast.Stat(str(name), None, span=span)
        if value.type == "NUMBER":
            return ast.Stat(str(name), int(value), span=span)
        return ast.Stat(str(name), _per_character(str(value), span), span=span)

    def field_armour_class(self, meta: Any, descending: Token, ascending: Token
                           ) -> ast.ArmourClass:
        return ast.ArmourClass(int(descending), int(ascending), span=self._span(meta))

    def field_thac0(self, meta: Any, roll: Token, bonus: Token) -> ast.Thac0:
        return ast.Thac0(int(roll), int(bonus), span=self._span(meta))

    def field_xp(self, meta: Any, number: Token) -> int:
        return int(number.replace(",", ""))

    def field_hit_dice(self, meta: Any, dice: Token, hit_points: Token | None = None
                       ) -> ast.HitDice:
        text = str(dice)
        written = text.rstrip("*")
        number, bonus = _with_modifier(written)
        return ast.HitDice(ast.HALF_DIE if number == "½" else int(number), bonus,
                           len(text) - len(written),
                           int(hit_points) if hit_points is not None else None,
                           span=self._span(meta))

    def field_attacks(self, meta: Any, *routines: tuple[ast.Attack, ...]) -> ast.Attacks:
        return ast.Attacks(routines, span=self._span(meta))

    def attack_routine(self, meta: Any, *attacks: ast.Attack) -> tuple[ast.Attack, ...]:
        return attacks

    def attack(self, meta: Any, *parts: Token) -> ast.Attack:
        count = int(parts[0]) if parts[0].type == "NUMBER" else None
        words = parts[1:] if count is not None else parts
        if words[-1].type != "BRACKETED":
            return ast.Attack(count, " ".join(words), span=self._span(meta))
        inside = " ".join(words[-1][1:-1].split())
        compact = inside.replace(" ", "")  # `( 1d4 + 1 )`
        damage = _amount_of(compact, 1, self._token_span(words[-1])) \
            if _AMOUNT.fullmatch(compact) else None
        return ast.Attack(count, " ".join(words[:-1]), damage,
                          None if damage is not None else inside, span=self._span(meta))

    def field_movement(self, meta: Any, *speeds: ast.Speed) -> ast.Movement:
        return ast.Movement(speeds, span=self._span(meta))

    def speed(self, meta: Any, base: Token, encounter: Token, mode: Token | None = None
              ) -> ast.Speed:
        return ast.Speed(int(base[:-1]), int(encounter[:-1]),
                         str(mode) if mode is not None else None, span=self._span(meta))

    def field_number_appearing(self, meta: Any, wandering: ast.Amount,
                               lair: ast.Amount | None = None) -> ast.Appearing:
        return ast.Appearing(wandering, lair, span=self._span(meta))

    def field_monsters(self, meta: Any, *groups: ast.MonsterGroup
                       ) -> tuple[ast.MonsterGroup, ...]:
        return groups

    def monster_group(self, meta: Any, count: ast.Amount, name: str) -> ast.MonsterGroup:
        return ast.MonsterGroup(count, name, span=self._span(meta))

    # -- shared phrases ------------------------------------------------------

    def word_list(self, meta: Any, *words: Token) -> tuple[ast.Word, ...]:
        return tuple(self._word(word) for word in words)

    skill_names = word_list
    selector_types = word_list

    def damage_kinds(self, meta: Any, *kinds: ast.Word) -> tuple[ast.Word, ...]:
        return kinds

    def name(self, meta: Any, *words: Token) -> str:
        return " ".join(words)

    def amount(self, meta: Any, value: Token, times: Token | None = None) -> ast.Amount:
        return _amount_of("".join(value.split()), int(times) if times is not None else 1,
                          self._span(meta))

    def skill_check(self, meta: Any, skills: tuple[ast.Word, ...], difficulty: Token,
                    mark: Token | None = None) -> ast.SkillCheck:
        """`Combat 10`, `Combat 10+#` (and the adventure deck number for each `#`)."""
        adventure = str(mark).count("#") if mark is not None else 0
        return ast.SkillCheck(skills, int(difficulty), adventure, span=self._span(meta))

    def difficulty_of(self, meta: Any, skills: tuple[ast.Word, ...], difficulty: Token,
                      adventure: int = 0) -> ast.CheckStep:
        """`a Wisdom check with a difficulty of 6 plus the scenario's adventure deck number`."""
        option = ast.SkillCheck(skills, int(difficulty), adventure, span=self._span(meta))
        return ast.CheckStep((option,), span=self._span(meta))

    def plus_adventure(self, meta: Any, times: ast.Word | None = None) -> int:
        return _ADVENTURE_TIMES[times.text if times else None]

    def adventure_amount(self, meta: Any, *parts: Token | ast.Word) -> ast.Amount:
        """`twice the scenario's adventure deck number`, `1d4 plus the scenario's adventure deck
        number`: the printed amount, if any, with the number added once for each time."""
        value = next((part for part in parts if isinstance(part, Token)), "0")
        times = next((part for part in parts if isinstance(part, ast.Word)), None)
        return dataclasses.replace(self.amount(meta, value),
                                   adventure=self.plus_adventure(meta, times))

    def check_options(self, meta: Any, *options: ast.SkillCheck) -> ast.CheckStep:
        return ast.CheckStep(options, span=self._span(meta))

    def labelled_step(self, meta: Any, label: Token, step: ast.CheckStep) -> ast.CheckStep:
        return ast.CheckStep(step.options, str(label)[1:-1].strip(), span=self._span(meta))

    def check_steps(self, meta: Any, *steps: ast.CheckStep) -> ast.CheckSequence:
        return ast.CheckSequence(steps, span=self._span(meta))

    def self_this(self, meta: Any, noun: Token) -> ast.SelfRef:
        return self._mentioned(ast.SelfRef(noun=str(noun).lower(), span=self._span(meta)))

    def self_this_bare(self, meta: Any) -> ast.SelfRef:
        """`reveal this to ...`: `this` alone is this card."""
        return ast.SelfRef(noun="card", span=self._span(meta))

    def self_it(self, meta: Any) -> ast.SelfRef:
        return ast.SelfRef(span=self._span(meta))

    self_pronoun = self_it  # `her`, `him`: the card, as `it` is

    def self_named(self, meta: Any, name: str) -> ast.SelfRef:
        """`the Lantern King`, `The Lantern King`, `the The Lantern King`: the name without the
        articles before it, which the formatter's `the` would otherwise add to on its way
        back.  The rule may be a whole phrase about the card (`If the Swarm is defeated and
        ...`)."""
        bare = _ARTICLES.sub("", name)
        written = self.source.text[self.base + meta.start_pos:self.base + meta.end_pos]
        return self._mentioned(ast.SelfRef(
            name=bare, span=self._span(meta),
            article=bare != name or _the_before(written, bare.split()[0])))

    def _mentioned(self, card: ast.SelfRef) -> ast.SelfRef:
        """A name or noun the card is called by, kept for the sentence whether or not a node
        keeps it."""
        self.mentions.append(card)
        return card

    # -- sentences -----------------------------------------------------------

    def sentence(self, meta: Any, *parts: Any) -> LabelledSentence:
        """A sentence, and its label as the cards print it (`Top`, `Combat Ability`) however
        it is written."""
        label = " ".join(parts[0][:-1].split()).title() if len(parts) == 2 else None
        mentions, self.mentions = tuple(self.mentions), []
        return LabelledSentence(label, dataclasses.replace(parts[-1], span=self._span(meta),
                                                           mentions=mentions))

    def table_intro(self, meta: Any, *parts: Any) -> LabelledSentence:
        """`When you encounter the Ogrekin, roll 1d4:`: a roll for the rows after it; `roll
        1d4 for the type of damage:`, for rows of damage types."""
        *window, roll = [part for part in parts if not isinstance(part, Token)]
        effects = (ast.RollFor(roll.amount, span=roll.span),)
        statement = self.triggered(meta, *window, effects) if window else \
            ast.Untimed(effects, span=self._span(meta))
        table = ast.DAMAGE_TYPES_INTRO if isinstance(parts[-1], Token) else ast.TABLE_INTRO
        return self.sentence(meta, dataclasses.replace(statement, table=table))

    def table_row(self, meta: Any, row: Token, statement: ast.Sentence) -> LabelledSentence:
        """`3-4. <sentence>`, a row of a table of rolls, says `On a 3 or 4, <sentence>`: each
        of its effects is done only on those results of the roll before."""
        results = str(row).rstrip(".")
        low, _, high = results.replace("\u2013", "-").partition("-")  # an en dash, or not
        span = self._token_span(row)
        faces = tuple(ast.Word(str(face), span=span)
                      for face in range(int(low), int(high or low) + 1))
        condition = ast.Condition("rolled", faces, span=span)
        effects = tuple(ast.Conditional(condition, effect, span=effect.span)
                        for effect in statement.effects)
        return self.sentence(meta, dataclasses.replace(statement, effects=effects,
                                                       table=results))

    def damage_kind_row(self, meta: Any, row: Token, kind: ast.Word) -> LabelledSentence:
        """`1-2. Acid`, a row of a table of damage types, says `1-2. All damage dealt by this
        card is Acid damage.`"""
        span = self._span(meta)
        rule = ast.DamageRule(as_kind=kind, span=span)
        return self.table_row(meta, row, ast.Untimed((rule,), span=span))

    def damage_types_heading(self, meta: Any, card: ast.SelfRef) -> LabelledSentence:
        """`All damage dealt by the Usij Ghul is the following type:` heads rows of damage
        types that go on with the roll before it: it goes on with that roll, doing nothing."""
        heading = ast.Continuation((), span=self._span(meta), table=ast.DAMAGE_TYPES_HEADING)
        return self.sentence(meta, heading)

    def encounter_power(self, meta: Any, *parts: Any) -> ast.Activated:
        """`Display this card when a character encounters a bane`: a power with no effects of
        its own (the next sentence's are its), played as the card is encountered.  `Place
        this card in front of you` is displaying it."""
        *paid, kind = parts
        cost = paid[0].text if len(paid) == 2 else "display"
        return ast.Activated(cost, paid[-1], (), on_encounter=self._word(kind),
                             span=self._span(meta))

    def display_alone(self, meta: Any) -> ast.DisplayPower:
        span = self._span(meta)
        card = ast.SelfRef(noun="card", span=span)
        return ast.DisplayPower(ast.SelfAction("display", card, span=span), span=span)

    def turn_end_power(self, meta: Any, cost: ast.Word, card: ast.SelfRef,
                       effects: tuple[ast.Effect, ...]) -> ast.Activated:
        return ast.Activated(cost.text, card, effects, at_turn_end="yours",
                             span=self._span(meta))

    def any_turn_end_power(self, meta: Any, cost: ast.Word, card: ast.SelfRef,
                           effects: tuple[ast.Effect, ...]) -> ast.Activated:
        return ast.Activated(cost.text, card, effects, at_turn_end="any", span=self._span(meta))

    def while_displayed(self, meta: Any, inner: ast.Sentence) -> LabelledSentence:
        """`While displayed, <power>` is a power played from where the card is displayed (`you
        may recharge this card to ...` is one, as `If ..., you may ...` is); `While displayed,
        <effects>`, text that holds while it is; `While displayed, <window>, <effects>`, the
        window's text, as if written without the words (`at the start of each of your
        turns`: a window only a displayed card has)."""
        match inner:
            case ast.Triggered():
                return self.sentence(meta, inner)
            case ast.Activated():
                power = inner
            case ast.Untimed(effects=(ast.ExtraCost() as paid,)):
                power = ast.Activated(paid.cost, paid.card, (paid.effect,), span=inner.span)
            case _:
                return self.sentence(meta, ast.WhileDisplayed(inner.effects, span=inner.span))
        return self.sentence(meta, dataclasses.replace(power, displayed=True))

    def at_turn_end(self, meta: Any, *effects: ast.Effect) -> LabelledSentence:
        """`Discard this card at the end of this turn, and ...` says `At the end of the turn,
        discard this card, then ...`."""
        return self.sentence(meta, ast.Triggered("end_of_turn", effects, span=self._span(meta)))

    def turn_addition(self, meta: Any, kinds: tuple[ast.Word, ...], amount: ast.Amount,
                      *parts: Any) -> ast.TurnAddition:
        *traits, check_kind = parts
        span = self._span(meta)
        checks = ast.WhichChecks("any", (check_kind,), "defeat", against=kinds, span=span)
        return ast.TurnAddition(amount, checks, traits[0] if traits else (), span=span)

    def on_check_to_defeat(self, meta: Any, *parts: Any) -> ast.Untimed:
        """`On your Constitution or Fortitude check to defeat, <effects>`: each effect only
        if the check being made is of one of those kinds (the condition `check_is`); `On the
        check to defeat, <effects>`, the effects as they are."""
        *kinds, effects = parts
        span = self._span(meta)
        if not kinds:
            return ast.Untimed(effects, span=span)
        condition = ast.Condition("check_is", tuple(kinds), span=span)
        return ast.Untimed(tuple(ast.Conditional(condition, effect, span=effect.span)
                                 for effect in effects), span=span)

    def keywords(self, meta: Any, names: tuple[ast.Word, ...]) -> ast.Keywords:
        """Keywords in a canonical order: the order they are written in means nothing."""
        ordered = tuple(sorted(names, key=lambda word: word.text.casefold()))
        return ast.Keywords(ordered, written=tuple(word.text for word in names),
                            span=self._span(meta))

    def immunity(self, meta: Any, *parts: Any) -> ast.Immunity:
        subject = parts[0] if len(parts) == 2 else None
        return ast.Immunity(parts[-1], subject, span=self._span(meta))

    def unevadable_immunity(self, meta: Any, subject: ast.SelfRef,
                            traits: tuple[ast.Word, ...]) -> ast.Immunity:
        return ast.Immunity(traits, subject, unevadable=True, span=self._span(meta))

    def resistance(self, meta: Any, traits: tuple[ast.Word, ...]) -> ast.Resistance:
        return ast.Resistance(traits, span=self._span(meta))

    def vulnerability(self, meta: Any, traits: tuple[ast.Word, ...]) -> ast.Resistance:
        return ast.Resistance(traits, vulnerable=True, span=self._span(meta))

    def movement_rule(self, meta: Any, rule: ast.Word) -> LabelledSentence:
        return self.sentence(meta, ast.MovementRule(rule.text, span=self._span(meta)))

    def movement_lock(self, meta: Any, target: ast.Word, *parts: Any) -> ast.MovementLock:
        """`... may not move or be moved while <card> is faceup ...`, and with `encounter this
        barrier as their first exploration each turn, and` before it, explored_first."""
        first = any(isinstance(part, _ExploredFirst) for part in parts)
        return ast.MovementLock(_target(target), first, span=self._span(meta))

    def explored_first(self, meta: Any, card: ast.SelfRef) -> _ExploredFirst:
        return _ExploredFirst()

    def triggered(self, meta: Any, *parts: Any) -> ast.Triggered:
        """`<window>, <effects>`, or `<within>, <window>, <effects>`."""
        *windows, effects = parts
        within = windows[0].text if len(windows) == 2 else None
        window = windows[-1]
        alongside = window.alongside if isinstance(window, _Alongside) else None
        card = window.card if isinstance(window, _AboutCard | _Conditioned) else None
        condition = window.condition if isinstance(window, _Conditioned) else None
        once = window.once if isinstance(window, _AboutCard) else None
        return ast.Triggered(window.text, _rolled_alone(effects), within, alongside, card,
                             condition, once, span=self._span(meta))

    def either_window(self, meta: Any, window: Any, also: ast.Word,
                      effects: tuple[ast.Effect, ...]) -> ast.EitherWindow:
        built = self.triggered(meta, window, effects)
        return ast.EitherWindow(**{item.name: getattr(built, item.name)
                                   for item in dataclasses.fields(built)}, also=also.text)

    def before_and_after(self, meta: Any, effects: tuple[ast.Effect, ...]
                         ) -> ast.EitherWindow:
        """`Before or after the encounter, ...` says `Before the encounter, or after the
        encounter, ...`."""
        return ast.EitherWindow("before_encounter", _rolled_alone(effects),
                                also="after_encounter", span=self._span(meta))

    def examined_or_defeated(self, meta: Any, effects: tuple[ast.Effect, ...]
                             ) -> ast.EitherWindow:
        """`When you examine or defeat this card, ...` says `When you examine this card, or
        if defeated, ...`."""
        return ast.EitherWindow("when_examined", _rolled_alone(effects), also="if_defeated",
                                span=self._span(meta))

    def conditioned_triggered(self, meta: Any, condition: ast.Condition, window: Any,
                              effects: tuple[ast.Effect, ...]) -> ast.Triggered:
        """`If <condition>, <window>, <effects>`: the window's effects, done only if the
        condition holds (under the window's own condition, if it has one, as conditionals)."""
        if isinstance(window, _Conditioned):
            effects = tuple(ast.Conditional(condition, effect, span=effect.span)
                            for effect in effects)
            return self.triggered(meta, window, effects)
        return dataclasses.replace(self.triggered(meta, window, effects), condition=condition)

    def defeat_while_playing(self, meta: Any, kinds: tuple[ast.Word, ...], card: ast.SelfRef
                             ) -> _Conditioned:
        """`If you defeat a monster while playing this weapon` is `If the check is against a
        monster, if you would succeed at the check`."""
        return _Conditioned("would_succeed", ast.Condition("check_against", kinds,
                                                           span=self._span(meta)))

    def outcome_and(self, meta: Any, outcome: ast.Word, condition: ast.Condition
                    ) -> _Conditioned:
        return _Conditioned(f"if_{outcome.text}", condition)

    def named_outcome_and(self, meta: Any, name: str, outcome: ast.Word,
                          condition: ast.Condition) -> _Conditioned:
        """`If the Swarm is defeated and ...`: the card named, for the check to see."""
        return _Conditioned(f"if_{outcome.text}", condition, self.self_named(meta, name))

    def defeated_by_check(self, meta: Any, kind: ast.Word) -> _Conditioned:
        """`If defeated by a non-combat check` is `If defeated and the check to defeat was a
        non-combat check`."""
        return _Conditioned("if_defeated", ast.Condition("check_was", (kind,),
                                                         span=self._span(meta)))

    def failed_by_check(self, meta: Any, kind: ast.Word) -> _Conditioned:
        """`If you fail a combat check` is `If undefeated and the check to defeat was a combat
        check` (docs/rulings.md)."""
        return _Conditioned("if_undefeated", ast.Condition("check_was", (kind,),
                                                           span=self._span(meta)))

    def defeated_by_margin(self, meta: Any, *parts: Any) -> _Conditioned:
        """`If the Swarm is defeated by 8 or more`, `If the difficulty of the check to defeat
        is exceeded by 8 or more`: `If defeated and the check to defeat succeeded by 8 or
        more`."""
        *name, margin = parts
        return _Conditioned("if_defeated", ast.Condition("succeeded_by", (self._word(margin),),
                                                         span=self._span(meta)),
                            self.self_named(meta, name[0]) if name else None)

    def short_of_margin(self, meta: Any, card: ast.SelfRef, margin: Token) -> _Conditioned:
        """`If you do not defeat the Swarm by at least 4` is `If the check to defeat did not
        succeed by 4 or more, after the encounter`: undefeated, or defeated by less (the
        card's name is checked as any is: Sentence.mentions)."""
        return _Conditioned("after_encounter", ast.Condition(
            "short_by", (self._word(margin),), span=self._span(meta)))

    def undefeated_by_margin(self, meta: Any, *parts: Any) -> _Conditioned:
        """`If your check to defeat the Pulse fails by 3 or more`, `If you fail the check to
        defeat by 3 or more`: `If undefeated and the check to defeat failed by 3 or more`."""
        return _Conditioned("if_undefeated", ast.Condition("failed_by", (self._word(parts[-1]),),
                                                           span=self._span(meta)))

    def after_playing(self, meta: Any, card: ast.SelfRef | None = None) -> ast.Word:
        """`After playing this card`, `When you play this weapon` (the check sees the noun)."""
        return ast.Word("after_playing", span=self._span(meta))

    def would_be_defeated(self, meta: Any, card: ast.SelfRef) -> _AboutCard:
        return _AboutCard("would_be_defeated", card)

    def first_would_be_defeated(self, meta: Any, card: ast.SelfRef) -> _AboutCard:
        return _AboutCard("would_be_defeated", card, "scenario")

    def first_undefeated(self, meta: Any, card: ast.SelfRef) -> _AboutCard:
        return _AboutCard("if_undefeated", card, "turn")

    def first_defeated(self, meta: Any, card: ast.SelfRef) -> _AboutCard:
        return _AboutCard("if_defeated", card, "turn")

    def succeeded_to_defeat(self, meta: Any, card: ast.SelfRef) -> _AboutCard:
        """`If you succeed at the check to defeat the Golem` is `If the Golem is defeated`."""
        return _AboutCard("if_defeated", card)

    def before_encountering(self, meta: Any, card: ast.SelfRef) -> ast.Word | _AboutCard:
        """`Before you encounter Jordimandus` is `When you encounter Jordimandus`: the first
        moment of the encounter, as the card is revealed (docs/rulings.md)."""
        return self.encountering_self(meta, card)

    def failed_to_defeat(self, meta: Any, card: ast.SelfRef) -> _AboutCard:
        """`If you fail a check to defeat the Avatar` is `If the Avatar is undefeated`: a
        check to defeat failed leaves it undefeated (docs/rulings.md)."""
        return _AboutCard("if_undefeated", card)

    def encountering_self(self, meta: Any, card: ast.SelfRef) -> ast.Word | _AboutCard:
        """`When you encounter this card` is `When encountered`; the card called otherwise
        (`When you encounter the Haunt`) is kept, for the check to see its name."""
        if card == ast.SelfRef(noun="card", span=card.span):
            return ast.Word("when_encountered", span=self._span(meta))
        return _AboutCard("when_encountered", card)

    def defeated_self(self, meta: Any, name: str) -> _AboutCard:
        return _AboutCard("if_defeated", self.self_named(meta, name))

    def undefeated_self(self, meta: Any, name: str) -> _AboutCard:
        return _AboutCard("if_undefeated", self.self_named(meta, name))

    def dies_this_round(self, meta: Any, name: str) -> _AboutCard:
        """`If Cultist dies this round,` is `On death,`: the monster's card is revealed for
        this round only."""
        return _AboutCard("on_death", self.self_named(meta, name))

    def target_all(self, meta: Any, reach: Token | None = None) -> ast.TargetAll:
        """`Target all`, `... within Range 2`, `... in row A` (a ROW)."""
        if reach is not None and reach.type == "ROW":
            return ast.TargetAll(row=str(reach).upper(), span=self._span(meta))
        return ast.TargetAll(None if reach is None else int(reach), span=self._span(meta))

    def area_damage(self, meta: Any, area: Token, *tokens: Token) -> ast.AreaDamage:
        """`All adjacent enemies and allies within Range 2 suffer 1 damage`, `All enemies
        adjacent to the target suffer 1 damage`."""
        words = str(area).lower().split()
        *reach, amount = tokens
        around = bool(reach) and reach[0].type == "AROUND_TARGET"
        return ast.AreaDamage(tuple(word for word in words if word in ("enemies", "allies")),
                              int(amount), "adjacent" in words,
                              int(reach[0]) if reach and not around else None, around,
                              span=self._span(meta))

    def attackers_suffer(self, meta: Any, figure: ast.SelfRef, amount: Token
                         ) -> ast.AttackersSuffer:
        return ast.AttackersSuffer(figure, int(amount), span=self._span(meta))

    def attacks_disadvantaged(self, meta: Any, figure: ast.SelfRef) -> ast.AttacksDisadvantaged:
        return ast.AttacksDisadvantaged(figure, span=self._span(meta))

    def all_allies(self, meta: Any, allies: Token, reach: Token | None = None) -> ast.AllAllies:
        words = str(allies).lower().split()
        return ast.AllAllies("self" in words, "adjacent" in words,
                             None if reach is None else int(reach), span=self._span(meta))

    def element_bonus(self, meta: Any, value: Token, name: Token) -> ast.ElementBonus:
        return ast.ElementBonus(str(name).lower(), int(value), span=self._span(meta))

    def gh_ability_x(self, meta: Any, name: Token) -> ast.AbilityX:
        return ast.AbilityX(str(name).lower(), span=self._span(meta))

    def x_is_damage_dealt(self, meta: Any) -> ast.XIsDamageDealt:
        return ast.XIsDamageDealt(span=self._span(meta))

    def remove_negative_conditions(self, meta: Any) -> ast.RemoveNegativeConditions:
        return ast.RemoveNegativeConditions(span=self._span(meta))

    def when_playing_another(self, meta: Any, kind: Token) -> _Alongside:
        return _Alongside("when_playing_another", self._word(kind))

    def would_fail_by(self, meta: Any, margin: Token) -> _Alongside:
        """`If you would fail a check by 1`: the window, and the most the check may miss by."""
        return _Alongside("would_fail_by", self._word(margin))

    def before_any_play(self, meta: Any, kind: Token) -> _Alongside:
        return _Alongside("before_any_play", self._word(kind))

    def before_another_plays(self, meta: Any, kind: Token) -> _Alongside:
        return _Alongside("before_another_plays", self._word(kind))

    def activated(self, meta: Any, *parts: Any) -> ast.Activated:
        """`[For your <skill> check,] <cost> <card> [and choose <a character>] to <effects>`;
        `On your check,` names no skill, and so says no more than the power's own effects."""
        alternative = parts[-1] if isinstance(parts[-1], _Alternative) else None
        if alternative is not None:
            parts = parts[:-1]
        card_at = next(index for index, part in enumerate(parts) if isinstance(part, ast.SelfRef))
        scope = parts[0] if card_at == 2 else None
        cost, card, *between, effects = parts[card_at - 1:]
        also = next((part for part in between if isinstance(part, ast.CardAction)), None)
        chosen = next((_target(part) for part in between if isinstance(part, ast.Word)), None)
        if chosen is None and any(_from_chosen(effect) for effect in effects):
            # `to shuffle an ally from a character's discard pile into his deck`: choose a
            # character; that character shuffles it from its own discard pile
            chosen = ast.Target("target_character", span=self._span(meta))
            effects = tuple(dataclasses.replace(effect, source="discards")
                            if _from_chosen(effect) else effect for effect in effects)
        power = ast.Activated(cost.text, card, effects, scope, chosen=chosen, also=also,
                              span=self._span(meta))
        if alternative is None:
            return power
        # Another power of the same card, on the same checks: `it` is the card.
        return dataclasses.replace(power, alternative=ast.Activated(
            alternative.cost or power.cost, card, alternative.effects, scope,
            span=alternative.span))

    def top_cost(self, meta: Any) -> ast.Word:
        """`put this card on top of your deck to ...`: the cost `top`."""
        return ast.Word("top", span=self._span(meta))

    def alternative(self, meta: Any, *parts: Any) -> _Alternative:
        """`, or to <effects>`, or `, or <cost> it to <effects>`."""
        cost = parts[0].text if len(parts) == 3 else None
        return _Alternative(cost, parts[-1], self._span(meta))

    def open_activated(self, meta: Any, *parts: Any) -> ast.Activated:
        """A power whose effects are the next sentence's: none of its own."""
        return self.activated(meta, *parts, ())

    def also_paid(self, meta: Any, verb: ast.Word, *kinds: Any) -> ast.CardAction:
        """`and discard a spell`: one card of the holder's hand (of those types, if named)."""
        return ast.CardAction(ast.Target("you", span=self._span(meta)), verb.text,
                              ast.Amount(0, 0, 1, span=self._span(meta)),
                              kinds=kinds[0] if kinds else (), span=self._span(meta))

    def your_turn_power(self, meta: Any, cost: ast.Word, card: ast.SelfRef,
                        effects: tuple[ast.Effect, ...]) -> ast.Activated:
        return ast.Activated(cost.text, card, effects, your_turn=True, span=self._span(meta))

    def conditional_activated(self, meta: Any, condition: ast.Condition, cost: ast.Word,
                              card: ast.SelfRef, effects: tuple[ast.Effect, ...]
                              ) -> ast.Activated:
        return ast.Activated(cost.text, card, effects, condition=condition,
                             span=self._span(meta))

    def check_scope(self, meta: Any, skill: Token | None = None) -> ast.Word | None:
        return self._word(skill) if skill is not None else None

    def untimed(self, meta: Any, effects: tuple[ast.Effect, ...]
                ) -> ast.Untimed | ast.Activated | ast.Continuation:
        """Effects with no timing; or, when they are only `If <condition>, you may <cost> this
        card to <effect>`, a power its holder may play when the condition holds; or, when only
        `You must take the second result`, `If you encounter a boon, banish it` or `If the
        Bloodbug is not defeated, ...`, more of the sentence before (its reroll, its
        exploration, its summons)."""
        match effects:
            case (ast.Conditional(condition=condition, then=ast.ExtraCost() as power,
                                  otherwise=None, instead=False),):
                return ast.Activated(power.cost, power.card, (power.effect,),
                                     condition=condition, span=self._span(meta))
            case (ast.SelfAction(action="display") as display,):
                return ast.DisplayPower(display, span=self._span(meta))
            case (ast.TakeResult(),) | (ast.ExplorationFinds(),) \
                    | (ast.ExplorationAddition(),) | (ast.SetAsideChosen(),) \
                    | (ast.ReturnSetAside(),):
                return ast.Continuation(effects, span=self._span(meta))
            case (ast.Conditional(condition=ast.Condition(kind=kind)),) \
                    if kind in ast.SUMMONED_CONDITIONS:
                return ast.Continuation(effects, span=self._span(meta))
        return ast.Untimed(_rolled_alone(effects), span=self._span(meta))

    def continuation(self, meta: Any, effects: tuple[ast.Effect, ...]) -> ast.Continuation:
        return ast.Continuation(_rolled_alone(effects), span=self._span(meta))

    def effects(self, meta: Any,
                *effects: ast.Effect | tuple[ast.Effect, ...] | _MoreDamage | _Joiner
                ) -> tuple[ast.Effect, ...]:
        """The effects in order, a pair written as one (`roll your Dexterity die + your
        unmodified Strength die`) taken apart, and damage with no one named (`..., then 1
        Poison damage`) dealt to whom the effect before falls on (`you`, if it names no one).
        What `and` joins to `... or <effect>` is done on that failure too (`succeed at a
        Wisdom 10 check or recharge your hand and draw 1 card`), and so is damage to no one
        named that `then` joins (`... or move to a random location then be dealt 1 damage`,
        `... or be dealt 1 Combat damage, then 1 Fire damage`); what `and`, `, then` or a
        semicolon alone joins to `if <condition>, <effect>` is under that condition too (`if
        you fail, bury 1d6 cards and reset your hand`), unless after the semicolon comes a
        condition of its own (`; if you fail, ...`); an effect after `and` that names no one
        falls on whom the one before does (`each character who fails is dealt 1 damage and
        discards a card`), and after `, then`, on the characters who failed or succeeded that
        the one before names (`each character who fails is dealt 1d4 Combat damage, then must
        attempt a Combat 20 check`); `put it on the top of the deck` after evading a card says
        where the card evaded goes (`evade a monster; return it to the top of the deck`);
        `it` after an examination is the card examined (`examine the top card of your
        location deck, then you may encounter it`)."""
        done: list[ast.Effect] = []
        joiner: str | None = None
        for item in effects:
            if isinstance(item, _Joiner):
                joiner = item.word
                continue
            before = done[-1] if done else None
            effect = _dealt_on(item, before) if isinstance(item, _MoreDamage) else item
            if ast.examines(before) and isinstance(effect, ast.Effect):
                effect = _of_examined_cards(_of_examined(effect))
            if isinstance(before, ast.Evade) and before.place is None \
                    and isinstance(effect, ast.MoveSelf) and _is_it(effect.card) \
                    and effect.place in ast.DECK_ENDS:
                # `evade a monster; return it to the top of the deck`: the card evaded.
                done[-1] = dataclasses.replace(before, place=effect.place)
            elif isinstance(before, ast.CheckOrElse) and (joiner == "and" or (
                    joiner == "then" and _damage_to_no_one(item, effect))):
                more = effect if isinstance(effect, tuple) else (effect,)
                done[-1] = dataclasses.replace(before, otherwise=(*before.otherwise, *more))
            elif joiner and isinstance(before, ast.Conditional) and before.otherwise is None \
                    and isinstance(effect, ast.Effect) \
                    and not (joiner == ";" and isinstance(effect, ast.Conditional)):
                done.append(ast.Conditional(before.condition, effect, span=effect.span))
            elif isinstance(effect, ast.Effect) and _names_no_one(effect) \
                    and (joiner == "and" or (joiner == "then" and _outcome_target(before))):
                target = getattr(before, "target", None)
                done.append(_falling_on(effect, target)
                            if isinstance(target, ast.Target) else effect)
            else:
                done.extend(effect if isinstance(effect, tuple) else (effect,))
            joiner = None
        return _rolled_for(done)

    def chosen_here(self, meta: Any, effect: ast.Effect) -> ast.Effect:
        """`choose a character at your location; that character <effect>`: the effect, on
        a character at the location (the player's pick, as `a character at this location`
        is)."""
        if not _falls_on(effect, "that_character"):
            return effect
        return _falling_on(effect, ast.Target("character_at_location", span=self._span(meta)))

    def and_joiner(self, meta: Any) -> _Joiner:
        return _AND_JOINED

    def then_joiner(self, meta: Any) -> _Joiner:
        return _THEN_JOINED

    def semicolon_joiner(self, meta: Any) -> _Joiner:
        return _SEMICOLON_JOINED

    def more_damage(self, meta: Any, amount: ast.Amount, kind: ast.Word | None = None
                    ) -> _MoreDamage:
        return _MoreDamage(amount, kind, self._span(meta))

    def effect(self, meta: Any, effect: ast.Effect) -> ast.Effect:
        return effect

    def self_action(self, meta: Any, action: ast.Word, card: ast.SelfRef) -> ast.SelfAction:
        return ast.SelfAction(action.text, card, span=self._span(meta))

    # -- effects -------------------------------------------------------------

    def _subject(self, meta: Any, parts: tuple[Any, ...]) -> tuple[ast.Target, tuple[Any, ...]]:
        """An effect's subject, `you` when the sentence leaves it out (then with the effect's
        own span, by which `_names_no_one` knows it was left out)."""
        if parts and isinstance(parts[0], ast.Word) and parts[0].text in ast.TARGET_KINDS:
            return _target(parts[0]), parts[1:]
        return ast.Target("you", span=self._span(meta)), parts

    def damage(self, meta: Any, *parts: Any) -> ast.Damage:
        target, rest = self._subject(meta, parts)
        kind = rest[1] if len(rest) > 1 else None
        return ast.Damage(target, rest[0], kind, span=self._span(meta))

    def damage_to(self, meta: Any, *parts: Any) -> ast.Damage:
        kind = parts[1] if len(parts) == 3 else None
        return ast.Damage(_target(parts[-1]), parts[0], kind, span=self._span(meta))

    def damage_by(self, meta: Any, card: ast.SelfRef, *parts: Any) -> ast.Damage:
        """`the troll deals 2 damage to you`: the card deals the damage it deals anyway."""
        return self.damage_to(meta, *parts)

    def damage_by_to(self, meta: Any, card: ast.SelfRef, target: Any, *parts: Any
                     ) -> ast.Damage:
        """`the troll deals you 2 damage`."""
        return self.damage_to(meta, *parts, target)

    def damage_unreduced(self, meta: Any, damage: ast.Damage) -> ast.Damage:
        return dataclasses.replace(damage, unreducible=True, span=self._span(meta))

    damage_kind = trait

    def reduce_damage(self, meta: Any, *parts: Any) -> ast.ReduceDamage:
        """`[kinds] damage dealt to <whose> <by amount | to 0>`."""
        kinds = parts[0] if len(parts) == 3 else ()
        whose = parts[-2].text
        amount = parts[-1] if isinstance(parts[-1], ast.Amount) else None  # `to 0`: all of it
        return ast.ReduceDamage(kinds, amount, whose, span=self._span(meta))

    def reduction(self, meta: Any, amount: ast.Amount) -> ast.Amount:
        return amount

    def evade(self, meta: Any, what: ast.Selector) -> ast.Evade:
        return ast.Evade(what, span=self._span(meta))

    def allowed(self, meta: Any, who: ast.Word, effect: ast.CardAction | ast.Draw
                ) -> ast.CardAction | ast.Draw:
        """`allow every character at your location to draw a card`: the effect, with those
        characters its subject."""
        return dataclasses.replace(effect, target=_target(who))

    def evade_for(self, meta: Any, who: ast.Word, what: ast.Selector) -> ast.Evade:
        return ast.Evade(what, _target(who), span=self._span(meta))

    def encounter_self(self, meta: Any, card: ast.SelfRef,
                       ignored: Token | None = None) -> ast.EncounterSelf:
        """`... and ignore its power that happens while you act`: the windows of `While you
        act, before ... plays a card`."""
        windows = () if ignored is None else ast.IGNORED_POWERS[" ".join(ignored.lower().split())]
        return ast.EncounterSelf(windows, span=self._span(meta))

    def defeat_bane(self, meta: Any, what: ast.Selector) -> ast.DefeatBane:
        return ast.DefeatBane(what, span=self._span(meta))

    def selector(self, meta: Any, kinds: tuple[ast.Word, ...], *rest: Any) -> ast.Selector:
        """`a <kinds>`, then, each if written, the traits (a tuple) and the highest
        difficulty to defeat (a number) or combat value."""
        traits = next((part for part in rest if isinstance(part, tuple)), ())
        highest = next((part for part in rest if isinstance(part, int | _HighestCombat)), None)
        if isinstance(highest, _HighestCombat):
            return ast.Selector(kinds, traits, highest.number, True, span=self._span(meta))
        return ast.Selector(kinds, traits, highest, span=self._span(meta))

    def highest_difficulty(self, meta: Any, number: Token) -> int:
        return int(number)

    def highest_combat(self, meta: Any, number: Token) -> _HighestCombat:
        return _HighestCombat(int(number))

    def summon(self, meta: Any, *parts: Any) -> ast.Summon:
        target, cards = self._subject(meta, parts)
        return ast.Summon(target, cards, span=self._span(meta))

    def summon_from_box(self, meta: Any, *parts: Any) -> ast.SummonFromBox:
        target, (kind,) = self._subject(meta, parts)
        return ast.SummonFromBox(target, (self._word(kind),), span=self._span(meta))

    def card_ref(self, meta: Any, name: str) -> ast.CardRef:
        return ast.CardRef(name, span=self._span(meta))

    def put_self(self, meta: Any, card: ast.SelfRef, place: ast.Word,
                 still_defeated: ast.SelfRef | None = None) -> ast.MoveSelf:
        """`put the Ghoul on the bottom of the location deck`; `; it is still defeated` after
        it says what the rules say anyway, and the card it names is checked as any is
        (Sentence.mentions)."""
        return ast.MoveSelf(place.text, card, span=self._span(meta))

    shuffle_self = put_self  # `shuffle <card> into <place>`: the place, a word

    def put_self_faceup(self, meta: Any, card: ast.SelfRef) -> ast.MoveSelf:
        """`leave this barrier faceup on the location deck`: on top, as the next card met."""
        return ast.MoveSelf("top", card, span=self._span(meta))

    def under_top(self, meta: Any) -> ast.Word:
        return ast.Word("under_top", span=self._span(meta))

    def that_card(self, meta: Any, _noun: Token) -> ast.SelfRef:
        """`that monster`: the card just spoken of, as `it` says it."""
        return ast.SelfRef(span=self._span(meta))

    def card_action(self, meta: Any, *parts: Any) -> ast.CardAction:
        target, (action, count, *source) = self._subject(meta, parts)
        return ast.CardAction(target, action.text, count.amount, count.random, count.kinds,
                              source[0].text if source else "hand", span=self._span(meta))

    def card_count(self, meta: Any, *parts: Any) -> _CardCount:
        random = any(isinstance(part, ast.Word) and part.text == "random" for part in parts)
        amounts = [part for part in parts if isinstance(part, ast.Amount)]
        count = amounts[0] if amounts else ast.Amount(0, 0, 1, span=self._span(meta))
        kinds = next((part for part in parts if isinstance(part, tuple)), ())
        return _CardCount(count, random, kinds)

    draw_count = card_count

    def card_kinds(self, meta: Any, *words: Token) -> tuple[ast.Word, ...]:
        """Card types as written, plural or not (`an ally`, `2 items`)."""
        return tuple(self._word(word) for word in words)

    def deck_action(self, meta: Any, *parts: Any) -> ast.CardAction:
        """`discard the top card of your deck`, `bury the top 2 cards of your deck`."""
        target, (action, *count) = self._subject(meta, parts)
        amount = count[0] if count else ast.Amount(0, 0, 1, span=self._span(meta))
        return ast.CardAction(target, action.text, amount, source="deck", span=self._span(meta))

    def put_on_deck(self, meta: Any, *parts: Any) -> ast.CardAction:
        """`put 1 card of your choice from your hand on top of your deck`: the action `top`
        (from the hand, unless another pile is named)."""
        target, rest = self._subject(meta, parts)
        count = next((part for part in rest if isinstance(part, ast.Amount)),
                     ast.Amount(0, 0, 1, span=self._span(meta)))
        kinds = next((part for part in rest if isinstance(part, tuple)), ())
        source = next((part.text for part in rest if isinstance(part, ast.Word)), "hand")
        return ast.CardAction(target, "top", count, kinds=kinds, source=source,
                              span=self._span(meta))

    def shuffle_cards(self, meta: Any, *parts: Any) -> ast.CardAction:
        """`shuffle 2 random cards from your discard pile into your deck`: the action is where
        they are shuffled (`shuffle`, `shuffle_to_location`)."""
        target, (count, source, into) = self._subject(meta, parts)
        return ast.CardAction(target, into.text, count.amount, count.random, count.kinds,
                              source.text, span=self._span(meta))

    def own_shuffle(self, meta: Any, count: ast.Amount, *random: ast.Word) -> ast.CardAction:
        return ast.CardAction(ast.Target("holder", span=self._span(meta)), "shuffle", count,
                              bool(random), (), "discards", span=self._span(meta))

    def discards_top_action(self, meta: Any, *parts: Any) -> ast.CardAction:
        return dataclasses.replace(self.deck_action(meta, *parts), source="discards_top")

    def deck_end_action(self, meta: Any, *parts: Any) -> ast.CardAction:
        return dataclasses.replace(self.deck_action(meta, *parts), source="deck_end")

    def deck_ends_action(self, meta: Any, *parts: Any) -> ast.CardAction:
        """`bury the top and bottom cards of your deck`: two cards, one from each end."""
        return dataclasses.replace(self.deck_action(meta, *parts), source="deck_ends",
                                   count=ast.Amount(0, 0, 2, span=self._span(meta)))

    def at_reset(self, meta: Any, action: ast.Word, card: ast.SelfRef) -> ast.AtReset:
        return ast.AtReset(action.text, card, span=self._span(meta))

    def displayed_self(self, meta: Any, action: ast.Word, card: ast.SelfRef, *beside: Token
                       ) -> ast.SelfAction:
        return ast.SelfAction(action.text, card, " ".join(beside).lower(), span=self._span(meta))

    def evade_self(self, meta: Any, *parts: ast.SelfRef | Token) -> ast.EvadeSelf:
        """`evade this card`, `the Ghost is evaded`, `she is evaded`; `...; put him on the
        bottom of the location deck` (EVADED_TO) names the end of the deck it goes to."""
        place = next((_DECK_END.search(part)[0].casefold() for part in parts
                      if isinstance(part, Token)), None)
        return ast.EvadeSelf(place, span=self._span(meta))

    def move(self, meta: Any, *parts: Any) -> ast.Move:
        target, rest = self._subject(meta, parts)
        return ast.Move(target, bool(rest), span=self._span(meta))

    move_others = move  # `move <target> to a random location`: the target, as its subject

    def shuffle_from_box(self, meta: Any, *kinds: Token) -> ast.ShuffleFromBox:
        return ast.ShuffleFromBox(tuple(self._word(kind) for kind in kinds),
                                  span=self._span(meta))

    def pile_action(self, meta: Any, *parts: Any) -> ast.PileAction:
        target, (action, pile) = self._subject(meta, parts)
        return ast.PileAction(target, action.text, pile.text, span=self._span(meta))

    def kinds_action(self, meta: Any, *parts: Any) -> ast.PileAction:
        """`discard any armors`: from the hand, unless a pile is named; `with the Magic
        trait` after the kinds, the traits (the last list of words)."""
        target, (action, *rest) = self._subject(meta, parts)
        traits = next((part.traits for part in rest if isinstance(part, _CardTraits)), ())
        kinds = tuple(kind for part in rest if isinstance(part, tuple)
                      and not isinstance(part, _CardTraits) for kind in part)
        pile = next((part.text for part in rest if isinstance(part, ast.Word)), "hand")
        return ast.PileAction(target, action.text, pile, kinds, traits, span=self._span(meta))

    def draw_from_box(self, meta: Any, *parts: Any) -> ast.GainFromBox:
        """`draw 1d4 random spells from the box`; a trait before the kind (`a random Human
        ally`) is one the cards have, as one after it (`with the Ranged trait`) is."""
        target, rest = self._subject(meta, parts)
        count = next((part for part in rest if isinstance(part, ast.Amount)),
                     ast.Amount(0, 0, 1, span=self._span(meta)))
        before, rest = _traits_before(rest)
        kinds, *traits = [part for part in rest if isinstance(part, tuple)]
        chosen = any(isinstance(part, ast.Word) and part.text == "your_choice" for part in rest)
        return ast.GainFromBox(count, kinds, target, (*before, *(traits[0] if traits else ())),
                               chosen, span=self._span(meta))

    def draw(self, meta: Any, *parts: Any) -> ast.Draw:
        target, (count,) = self._subject(meta, parts)
        return ast.Draw(target, count.amount, span=self._span(meta))

    def draw_top(self, meta: Any, *parts: Any) -> ast.Draw:
        target, count = self._subject(meta, parts)
        return ast.Draw(target, count[0] if count else ast.Amount(0, 0, 1, span=self._span(meta)),
                        span=self._span(meta))

    def draw_up_to(self, meta: Any, *parts: Any) -> ast.Draw:
        target, (count,) = self._subject(meta, parts)
        return ast.Draw(target, count, up_to=True, span=self._span(meta))

    def _addition(self, meta: Any, parts: tuple[Any, ...]
                  ) -> tuple[ast.WhichChecks, tuple[ast.Word, ...]]:
        """Which checks an addition is for and the traits it gives them.  With no check
        named (`add another 1d8`), the check is the one the power is played on: the
        holder's own."""
        checks = next((part for part in parts if isinstance(part, ast.WhichChecks)), None)
        traits = next((part for part in parts if isinstance(part, tuple)), ())
        return checks or ast.WhichChecks("yours", span=self._span(meta)), traits

    def add_to_check(self, meta: Any, amount: ast.Amount, *parts: Any
                     ) -> ast.AddToCheck | ast.Conditional:
        more = next((part for part in parts if isinstance(part, ast.MoreAgainst)), None)
        return self._or_with_skill(meta, ast.AddToCheck(
            amount, *self._addition(meta, parts), more=more, span=self._span(meta)), parts)

    def skill_alternative(self, meta: Any, amount: ast.Amount, condition: ast.Condition
                          ) -> _SkillAlternative:
        return _SkillAlternative(amount, condition)

    def _or_with_skill(self, meta: Any, addition: ast.AddToCheck, parts: tuple[Any, ...]
                       ) -> ast.AddToCheck | ast.Conditional:
        """`add 2d4, or 1d4+4 if you have the Arcane skill` says `if you have the Arcane
        skill, add 1d4+4; otherwise, add 2d4`: one meaning, one shape."""
        alternative = next((part for part in parts if isinstance(part, _SkillAlternative)),
                           None)
        if alternative is None:
            return addition
        return ast.Conditional(alternative.condition,
                               dataclasses.replace(addition, amount=alternative.amount),
                               addition, span=self._span(meta))

    def add_more_against(self, meta: Any, amount: ast.Amount, *parts: Any) -> ast.AddToCheck:
        """`add another 1d8 against a bane with the Undead trait` adds nothing to the check
        the power is played on, or 1d8 if it is against such a card: one meaning, one node."""
        *traits, selector = parts
        nothing = ast.Amount(0, 0, 0, span=self._span(meta))
        more = ast.MoreAgainst(amount, selector, span=self._span(meta))
        return ast.AddToCheck(nothing, *self._addition(meta, tuple(traits)), more=more,
                              span=self._span(meta))

    def eased_check(self, meta: Any, checks: ast.WhichChecks, amount: ast.Amount,
                    *alternative: _SkillAlternative) -> ast.AddToCheck | ast.Conditional:
        """`decrease the difficulty of a combat check by 3` is `add 3 to a combat check`."""
        return self._or_with_skill(meta, ast.AddToCheck(amount, checks, span=self._span(meta)),
                                   alternative)

    def checks_increased(self, meta: Any, *parts: Any) -> ast.AddToCheck:
        """`that character's checks using her Strength skill are increased by 3` is `add 3
        to your Strength checks`: the skill is one more word of the kind of check."""
        *kind, amount = parts
        words = " ".join(str(part) for part in kind)
        span = self._span(meta)
        kinds = (ast.Word(words, span=span),) if words else ()
        return ast.AddToCheck(amount, ast.WhichChecks("yours", kinds, span=span), span=span)

    def more_against(self, meta: Any, amount: ast.Amount, *parts: Any) -> ast.MoreAgainst:
        return ast.MoreAgainst(amount, parts[-1], span=self._span(meta))

    def add_traits(self, meta: Any, traits: tuple[ast.Word, ...], *checks: ast.WhichChecks
                   ) -> ast.AddToCheck:
        """`add the Magic trait to your combat check`: an addition of nothing, with traits
        (with no check named, to the one the power is played on)."""
        which, _ = self._addition(meta, checks)
        return ast.AddToCheck(ast.Amount(0, 0, 0, span=self._span(meta)), which, traits,
                              span=self._span(meta))

    def add_dice(self, meta: Any, count: ast.Amount, *parts: Any) -> ast.AddDice:
        return ast.AddDice(count, *self._addition(meta, parts), span=self._span(meta))

    def add_another_die(self, meta: Any, *parts: Any) -> ast.AddDice:
        return self.add_dice(meta, ast.Amount(0, 0, 1, span=self._span(meta)), *parts)

    def add_skill_die(self, meta: Any, skill: Token, traits: tuple[ast.Word, ...] = ()
                      ) -> ast.AddSkillDie:
        return ast.AddSkillDie(self._word(skill), traits, span=self._span(meta))

    def skill_dice(self, meta: Any, skills: tuple[ast.Word, ...], die: Token) -> ast.SkillDice:
        return ast.SkillDice(skills, int(die[1:]), span=self._span(meta))

    def added_traits(self, meta: Any, traits: tuple[ast.Word, ...]) -> tuple[ast.Word, ...]:
        return traits

    def which_checks(self, meta: Any, owner: ast.Word, *parts: Any) -> ast.WhichChecks:
        kinds = tuple(part for part in parts if isinstance(part, ast.Word))
        using = next((part.kinds for part in parts if isinstance(part, _Using)), ())
        purpose = next((part for part in parts if isinstance(part, tuple)
                        and not isinstance(part, _Using)), (None, (), ()))
        whose = "elsewhere" if _ELSEWHERE in parts else "others" if _BY_ANOTHER in parts \
            else owner.text
        alternative = next((part for part in parts if isinstance(part, ast.WhichChecks)), None)
        same_owner = next((part for part in parts if isinstance(part, _SameOwnerChecks)), None)
        if same_owner is not None:
            alternative = ast.WhichChecks(whose, (), *same_owner.purpose, span=same_owner.span)
        return ast.WhichChecks(whose, kinds, *purpose, using, alternative, span=self._span(meta))

    def ownerless_checks(self, meta: Any, purpose: tuple[str, tuple[ast.Word, ...],
                                                         tuple[ast.Word, ...]]
                         ) -> ast.WhichChecks:
        return ast.WhichChecks("any", (), *purpose, span=self._span(meta))

    def same_owner_checks(self, meta: Any, purpose: tuple[str, tuple[ast.Word, ...],
                                                            tuple[ast.Word, ...]]
                          ) -> _SameOwnerChecks:
        return _SameOwnerChecks(purpose, self._span(meta))

    def using(self, meta: Any, kinds: tuple[ast.Word, ...]) -> _Using:
        return _Using(kinds)

    def elsewhere(self, meta: Any) -> object:
        return _ELSEWHERE

    def by_another_here(self, meta: Any) -> object:
        return _BY_ANOTHER

    def check_kind(self, meta: Any, *words: Token) -> ast.Word:
        """The words one kind of check must all hold of; `Dexterity-based combat` is a
        `Dexterity combat` check (one made with that skill)."""
        return ast.Word(" ".join(_BASED.sub("", word) for word in words), span=self._span(meta))

    def auto_succeed(self, meta: Any, *parts: Any) -> ast.AutoSucceed:
        """`succeed at your Stealth check`: the checks are the holder's own."""
        yours = ast.Word("yours", span=self._span(meta))
        return ast.AutoSucceed(self.which_checks(meta, yours, *parts), span=self._span(meta))

    def auto_succeed_now(self, meta: Any) -> ast.AutoSucceed:
        """`... to succeed`: the check being made, the holder's own."""
        return ast.AutoSucceed(ast.WhichChecks("yours", span=self._span(meta)),
                               span=self._span(meta))

    def auto_succeed_any(self, meta: Any, skills: tuple[ast.Word, ...], *purpose: Any
                         ) -> ast.AutoSucceed:
        """`succeed at a Stealth check`: any check at the holder's location."""
        anyone = ast.Word("any", span=self._span(meta))
        return ast.AutoSucceed(self.which_checks(meta, anyone, *skills, *purpose),
                               span=self._span(meta))

    def check_purpose(self, meta: Any, verb: ast.Word, *parts: Any
                      ) -> tuple[str, tuple[ast.Word, ...], tuple[ast.Word, ...]]:
        """The purpose, the types of card the check is against, and the traits that card has
        any of (the last part, if written)."""
        traits = parts[-1] if parts and isinstance(parts[-1], tuple) else ()
        kinds = tuple(self._word(kind) for kind in parts if isinstance(kind, Token))
        return verb.text, kinds, traits

    def against_purpose(self, meta: Any, *parts: Any
                        ) -> tuple[str, tuple[ast.Word, ...], tuple[ast.Word, ...]]:
        """`against cards that have the Goblin trait`: the purpose `against`, a check to
        defeat or to acquire, as check_purpose reads the rest."""
        return self.check_purpose(meta, ast.Word("against", span=self._span(meta)), *parts)

    def roll_dice(self, meta: Any, amount: ast.Amount, traits: tuple[ast.Word, ...] = ()
                  ) -> ast.RollDice:
        return ast.RollDice(amount, traits, span=self._span(meta))

    def use_skill(self, meta: Any, skills: tuple[ast.Word, ...], *parts: Any) -> ast.UseSkill:
        """`roll your Strength die + 1d6 with the Fire trait`, and the checks it is for if
        named."""
        plus = next((part for part in parts if isinstance(part, ast.Amount)), None)
        traits = next((part for part in parts if isinstance(part, tuple)), ())
        checks = next((part for part in parts if isinstance(part, ast.WhichChecks)), None)
        return ast.UseSkill(skills, plus, traits, checks, span=self._span(meta))

    def close_location(self, meta: Any, mode: ast.Word, place: ast.Word) -> ast.CloseLocation:
        return ast.CloseLocation(mode.text, place.text, span=self._span(meta))

    def origin(self, meta: Any, card: ast.SelfRef) -> ast.Word:
        """`the location this henchman came from`: the card is named only to say whose."""
        return ast.Word("origin", span=self._span(meta))

    def either(self, meta: Any, *options: ast.Effect) -> ast.Either:
        return ast.Either(options, span=self._span(meta))

    def you_may(self, meta: Any, effect: ast.Effect) -> ast.YouMay:
        return ast.YouMay(effect, span=self._span(meta))

    def declinable(self, meta: Any, choice: ast.YouMay | ast.PayTo, declined: ast.Effect
                   ) -> ast.YouMay | ast.PayTo:
        """A choice with `; if you do not, ...`.  A choice of the character's own cards is
        then a cost, done only in full, as a choice it cannot carry out is not one it made
        (`you may bury an ally; if you do not, ...` with no ally in hand: it does not)."""
        span = self._span(meta)
        if isinstance(choice, ast.YouMay) and choice.who is None \
                and isinstance(choice.effect, ast.CardAction):
            return ast.PayTo(choice.effect, None, declined, span=span)
        return dataclasses.replace(choice, declined=declined, span=span)

    def that_character_may(self, meta: Any, effect: ast.Effect) -> ast.YouMay:
        return ast.YouMay(effect, ast.Target("that_character", span=self._span(meta)),
                          span=self._span(meta))

    def pay_to(self, meta: Any, cost: ast.CardAction, effect: ast.Effect) -> ast.PayTo:
        return ast.PayTo(cost, effect, span=self._span(meta))

    def extra_cost(self, meta: Any, cost: ast.Word, card: ast.SelfRef, effect: ast.Effect
                   ) -> ast.ExtraCost:
        return ast.ExtraCost(cost.text, card, effect, span=self._span(meta))

    def conditional(self, meta: Any, condition: ast.Condition | _AnyOf | _AllOf,
                    then: ast.Effect,
                    *rest: Any) -> ast.Conditional:
        """`if <condition>, <then>[; otherwise, <otherwise>]`; after `If it is a weapon`, `it`
        is the card examined (`discard it`, `encounter it`: _of_examined).  `If A, or if B,
        <then>` says `if A, <then>; otherwise, if B, <then>`: one meaning, one shape."""
        instead = bool(rest) and isinstance(rest[0], ast.Word)
        otherwise = rest[-1] if rest and isinstance(rest[-1], ast.Effect) else None
        span = self._span(meta)
        if isinstance(condition, _AnyOf):
            first, second = condition.conditions
            otherwise = ast.Conditional(second, then, otherwise, instead, span=span)
            condition = first
        if isinstance(condition, _AllOf):  # `a monster other than a henchman`: both
            first, second = condition.conditions
            then = ast.Conditional(second, _of_examined(then), span=span)
            condition = first
        if condition.kind == "examined_is":
            then = _of_examined(then)
            otherwise = None if otherwise is None else _of_examined(otherwise)
        return ast.Conditional(condition, then, otherwise, instead, span=span)

    def trailing_conditional(self, meta: Any, then: ast.Effect, condition: ast.Condition
                             ) -> ast.Conditional:
        """`<effect> if you have the Divine skill` says `if you have the Divine skill,
        <effect>`."""
        return self.conditional(meta, condition, then)

    def examined_is_other_than(self, meta: Any, kinds: tuple[ast.Word, ...],
                               excluded: tuple[ast.Word, ...]) -> _AllOf:
        """`it is a monster other than a henchman or villain`: a monster, and none of those."""
        span = self._span(meta)
        return _AllOf((ast.Condition("examined_is", kinds, span=span),
                       ast.Condition("examined_is_not", excluded, span=span)))

    def any_condition(self, meta: Any, *conditions: ast.Condition | None) -> _AnyOf:
        """Either of two conditions (`the check to defeat`, said only to say which check,
        adds none)."""
        return _AnyOf(tuple(item for item in conditions if item is not None))

    def search_deck(self, meta: Any, *parts: Any) -> ast.SearchDeck:
        """`search your deck for <a card> and <action> it`, or `... and choose <a card> to
        add to your hand` (the action `take`); `your location deck` instead of `your deck`."""
        deck, *rest = parts
        kinds, *traits = [part for part in rest if isinstance(part, tuple)]
        action = rest[-1].text if isinstance(rest[-1], ast.Word) else "take"
        return ast.SearchDeck(kinds, traits[0] if traits else (), action, deck.text,
                              span=self._span(meta))

    def search_until(self, meta: Any, *parts: Any) -> ast.SearchDeck:
        """`examine <deck> until you find <a card>; <action>`: the first such card."""
        return dataclasses.replace(self.search_deck(meta, *parts), first=True)

    def searched_kinds(self, meta: Any, kinds: tuple[ast.Word, ...] = ()) -> tuple[ast.Word, ...]:
        """`a card` (none: any card) or `an ally`."""
        return kinds

    def searched_action(self, meta: Any, verb: ast.Word) -> ast.Word:
        return verb

    def fallback(self, meta: Any, usual: ast.Effect, instead: ast.Effect,
                 kinds: tuple[ast.Word, ...]) -> ast.Conditional:
        """`<usual>, or <instead> if you have no <kinds>` says `if you have no <kinds>,
        <instead>; otherwise, <usual>`: one meaning, one node."""
        span = self._span(meta)
        return ast.Conditional(ast.Condition("lacks_cards", kinds, span=span), instead, usual,
                               span=span)

    def fallback_first(self, meta: Any, usual: ast.Effect, kinds: tuple[ast.Word, ...],
                       instead: ast.Effect) -> ast.Conditional:
        return self.fallback(meta, usual, instead, kinds)

    def counted_damage(self, meta: Any, *parts: Any) -> ast.CountedDamage:
        target, rest = self._subject(meta, parts)
        *middle, counted, owner = rest
        kind = next((part for part in middle if isinstance(part, ast.Word)), None)
        plus = next((part for part in middle if isinstance(part, int)), 0)
        return ast.CountedDamage(target, kind, counted, owner.text, plus, span=self._span(meta))

    def counted_plus(self, meta: Any, number: Token) -> int:
        return int(number)

    def counted_cards(self, meta: Any, *kinds: ast.Selector) -> tuple[ast.Selector, ...]:
        return kinds

    def counted_kind(self, meta: Any, kind: Token, traits: tuple[ast.Word, ...] = ()
                     ) -> ast.Selector:
        return ast.Selector((self._word(kind),), traits, span=self._span(meta))

    def take_examined(self, meta: Any) -> ast.ExaminedAction:
        return ast.ExaminedAction("take", span=self._span(meta))

    def draw_examined(self, meta: Any) -> ast.ExaminedAction:
        return ast.ExaminedAction("draw", span=self._span(meta))

    def examined_to_deck(self, meta: Any, card: ast.SelfRef, end: ast.Word
                         ) -> ast.ExaminedAction:
        """`put it on the bottom of the blessings deck`: `it` can only be a card examined
        (the blessings deck's own), back on the top or bottom of that deck."""
        return ast.ExaminedAction(end.text, span=self._span(meta))

    def condition_of(self, meta: Any, kind: str, *parts: Any) -> ast.Condition:
        """The condition a rule named for its kind (ast.CONDITION_KINDS) reads, with the words
        it asks about: a proficiency, skills, traits, or a card type and its traits.  A card
        or check named only to say whose (`matches this card`, `the check to defeat`) adds
        none."""
        words: list[ast.Word] = []
        for part in parts:
            if isinstance(part, Token):
                words.append(self._word(part))
            elif isinstance(part, ast.Word):
                words.append(part)
            elif isinstance(part, tuple):
                words.extend(part)
        return ast.Condition(kind, tuple(words), span=self._span(meta))

    def summoned_defeated(self, meta: Any, *parts: Any) -> ast.Condition:
        return self._summoned_outcome(meta, "summoned_defeated", parts)

    def all_summoned_defeated(self, meta: Any) -> ast.Condition:
        """`If both are defeated`: each card summoned, of any kind (`every summoned card`)."""
        return self._summoned_outcome(meta, "summoned_defeated", ("card",))

    def summoned_not_defeated(self, meta: Any, *parts: Any) -> ast.Condition:
        return self._summoned_outcome(meta, "summoned_not_defeated", parts)

    def _summoned_outcome(self, meta: Any, kind: str, parts: tuple[Any, ...]) -> ast.Condition:
        """`If the Bloodbug is not defeated`: the word is the name (or kind) of the cards
        summoned; `it`, `that henchman`, `the summoned monster` give none, the card summoned
        last (the kind they say is no more than a pronoun's)."""
        span = self._span(meta)
        words = tuple(ast.Word(part, span=span) for part in parts
                      if isinstance(part, str) and not isinstance(part, Token))  # name's
        return ast.Condition(kind, words, span=span)

    def named_card(self, meta: Any, name: str) -> ast.Word:
        """`the villain Karzoug the Claimer`: the card's name, as a condition's word."""
        return ast.Word(name, span=self._span(meta))

    def check_ref(self, meta: Any, card: ast.SelfRef | None = None) -> None:
        """`the check to defeat the Ghost`: said only to say which check."""
        return None

    def add_for_trait(self, meta: Any, amount: ast.Amount, *parts: Any) -> ast.Conditional:
        """`add 1 die to checks to defeat <card> with the Fire trait` is `if the check to
        defeat has the Fire trait, add 1 die to your check`: one meaning, one node."""
        span = self._span(meta)
        traits = parts[-1]
        checks = ast.WhichChecks("yours", span=span)
        if isinstance(parts[0], ast.Word):  # `die`: dice of the check's own kind
            addition: ast.Effect = ast.AddDice(amount, checks, span=span)
        else:
            addition = ast.AddToCheck(amount, checks, span=span)
        condition = ast.Condition("check_has_trait", traits, span=span)
        return ast.Conditional(condition, addition, span=span)

    def shuffle_location(self, meta: Any) -> ast.ShuffleLocation:
        return ast.ShuffleLocation(span=self._span(meta))

    def for_each(self, meta: Any, effect: ast.Effect, counted: ast.Word) -> ast.ForEach:
        return ast.ForEach(effect, counted.text, span=self._span(meta))

    def for_each_played(self, meta: Any, kinds: tuple[ast.Word, ...], *rest: Any
                        ) -> ast.ForEachPlayed:
        """The check is named only to say which (`in a check against Nualia`)."""
        *between, effect = rest
        traits = next((part for part in between if isinstance(part, tuple)), ())
        return ast.ForEachPlayed(effect, kinds, traits, span=self._span(meta))

    def each_attempts_defeat(self, meta: Any, target: ast.Word) -> ast.EachAttemptsDefeat:
        return ast.EachAttemptsDefeat(_target(target), span=self._span(meta))

    def each_chooses_defeat(self, meta: Any, target: ast.Word) -> ast.EachAttemptsDefeat:
        return ast.EachAttemptsDefeat(_target(target), different=True, span=self._span(meta))

    def choose_card_type(self, meta: Any) -> ast.ChooseCardType:
        return ast.ChooseCardType(span=self._span(meta))

    def set_aside_chosen(self, meta: Any) -> ast.SetAsideChosen:
        return ast.SetAsideChosen(span=self._span(meta))

    def rest_any_order(self, meta: Any) -> ast.ExaminedRest:
        return ast.ExaminedRest("any_order", span=self._span(meta))

    def rest_shuffled(self, meta: Any) -> ast.ExaminedRest:
        return ast.ExaminedRest("shuffle", span=self._span(meta))

    def return_set_aside(self, meta: Any) -> ast.ReturnSetAside:
        return ast.ReturnSetAside(span=self._span(meta))

    def exploration_finds(self, meta: Any, kinds: tuple[ast.Word, ...]) -> ast.ExplorationFinds:
        return ast.ExplorationFinds(kinds, "banish", span=self._span(meta))

    def recharge_if_found(self, meta: Any, kinds: tuple[ast.Word, ...], card: ast.SelfRef
                          ) -> ast.ExplorationFinds:
        return ast.ExplorationFinds(kinds, "recharge", span=self._span(meta))

    def played_fate(self, meta: Any, *parts: Any) -> ast.PlayedFate:
        """`If you play ...`: the cards the character encountering the card plays."""
        before, (kinds, *rest) = _traits_before(parts)
        # The card verb is the last word built (`the weapon`'s is a token).
        *failed, action = [part for part in rest if isinstance(part, ast.Word)]
        traits = next((part for part in rest if isinstance(part, tuple)), ())
        return ast.PlayedFate(ast.Target("you", span=self._span(meta)), kinds,
                              (*before, *traits), action.text, bool(failed),
                              span=self._span(meta))

    def played_fate_any(self, meta: Any, action: ast.Word, kinds: tuple[ast.Word, ...],
                        *traits: _CardTraits) -> ast.PlayedFate:
        """`Bury any card ... played during this encounter`: any character's."""
        return ast.PlayedFate(ast.Target("each_character", span=self._span(meta)), kinds,
                              traits[0].traits if traits else (), action.text,
                              span=self._span(meta))

    def undefeated_unless(self, meta: Any, card: ast.CardRef, subject: ast.SelfRef
                          ) -> ast.UndefeatedUnless:
        return ast.UndefeatedUnless(card, subject, span=self._span(meta))

    def she(self, meta: Any) -> ast.SelfRef:
        """`she is undefeated`: the card, as `it`."""
        return ast.SelfRef(span=self._span(meta))

    def encountered_by_each(self, meta: Any, target: ast.Word, card: ast.SelfRef
                            ) -> ast.EncounteredByEach:
        return ast.EncounteredByEach(_target(target), card, span=self._span(meta))

    def no_closing(self, meta: Any, card: ast.SelfRef) -> ast.NoClosing:
        return ast.NoClosing(card, span=self._span(meta))

    def no_temporary_closing(self, meta: Any, *traits: Any) -> ast.NoTemporaryClosing:
        """A random other open location (no traits), or those with one of `traits`."""
        return ast.NoTemporaryClosing(traits[0] if traits else (), span=self._span(meta))

    def no_damage(self, meta: Any, card: ast.SelfRef) -> ast.NoDamage:
        return ast.NoDamage(card, span=self._span(meta))

    def damage_instead(self, meta: Any, damage: ast.Damage) -> tuple[ast.Effect, ...]:
        """`instead of the normal damage, <damage>`: no damage for the failed check, and
        this."""
        return ast.NoDamage(span=self._span(meta)), damage

    def pay_for_each(self, meta: Any, verb: ast.Word, kinds: tuple[ast.Word, ...],
                     *rest: Any) -> ast.PayForEach:
        """The noun of `for each ally recharged` (rest[0], when not `card`) says again what
        the kinds said."""
        return ast.PayForEach(verb.text, kinds, rest[-1], span=self._span(meta))

    def paid_kinds(self, meta: Any, *kinds: Token) -> tuple[ast.Word, ...]:
        return tuple(self._word(kind) for kind in kinds)

    def blessings_back(self, meta: Any, count: _CardCount) -> ast.BlessingsBack:
        """`shuffle 1d6 random cards from the blessings discard pile into the blessings deck`:
        random, whether or not it says so, as no one chooses among them."""
        return ast.BlessingsBack(count.amount, span=self._span(meta))

    def shuffle_blessing(self, meta: Any) -> ast.ShuffleBlessing:
        return ast.ShuffleBlessing(span=self._span(meta))

    def forbid_self(self, meta: Any, who: ast.Word, *rest: Any) -> ast.ForbidSelf:
        """`you may not play this card` (`this ally`: the card by its type; the check asks
        nothing of it); with `during an encounter`, only while one is under way (`you may not
        use this power during an encounter` says the same of the card)."""
        during = _DURING_AN_ENCOUNTER in rest
        return ast.ForbidSelf(None if who.text == "you" else _target(who), during,
                              span=self._span(meta))

    def during_an_encounter(self, meta: Any) -> object:
        return _DURING_AN_ENCOUNTER

    def count_as(self, meta: Any, die: Token, _noun: Token, face: Token, counted: Token
                 ) -> ast.CountAs:
        """`If any d6 rolled for this weapon is a 1, count it as a 3`: the weapon's noun is
        not asked, as any die of the check counts so (docs/rulings.md)."""
        return ast.CountAs(int(die[1:]), int(face), int(counted), span=self._span(meta))

    def force_outcome(self, meta: Any, *parts: Any) -> ast.ForceOutcome:
        """`the Ghost is undefeated`, `she is undefeated`: the outcome, last."""
        return ast.ForceOutcome(parts[-1].text, span=self._span(meta))

    def defeat_self(self, meta: Any, card: ast.SelfRef | None = None) -> ast.ForceOutcome:
        """`defeat the Stone Head` (a bane's): `the Stone Head is defeated`."""
        return ast.ForceOutcome("defeated", span=self._span(meta))

    def acquired_self(self, meta: Any, card: ast.SelfRef) -> ast.ForceOutcome:
        return ast.ForceOutcome("acquired", span=self._span(meta))

    def subtract(self, meta: Any, amount: ast.Amount, each_die: ast.Word | None = None
                 ) -> ast.Subtract:
        return ast.Subtract(amount, each_die is not None, span=self._span(meta))

    def each_die(self, meta: Any, card: ast.SelfRef | None = None) -> ast.Word:
        """`from each die`; the card is named only to say whose check (its own to defeat)."""
        return ast.Word("each_die", span=self._span(meta))

    def discard_first(self, meta: Any, *parts: Any) -> ast.DiscardFirst:
        *card, kinds = parts
        return ast.DiscardFirst(kinds, bool(card), span=self._span(meta))

    def reroll_check(self, meta: Any) -> ast.RerollCheck:
        return ast.RerollCheck(span=self._span(meta))

    def take_result(self, meta: Any, part: ast.SelfRef | ast.Word | None = None
                    ) -> ast.TakeResult:
        if isinstance(part, ast.Word):  # `take the lower result`
            return ast.TakeResult(kept=part.text, span=self._span(meta))
        return ast.TakeResult(part, span=self._span(meta))

    def select_location(self, meta: Any) -> ast.SelectLocation:
        return ast.SelectLocation(span=self._span(meta))

    def select_most_occupied(self, meta: Any) -> ast.SelectLocation:
        return ast.SelectLocation(most_occupied=True, span=self._span(meta))

    def explore(self, meta: Any) -> ast.Explore:
        return ast.Explore(span=self._span(meta))

    def exploration_addition(self, meta: Any, amount: ast.Amount, checks: ast.WhichChecks
                             ) -> ast.ExplorationAddition:
        return ast.ExplorationAddition(amount, checks, span=self._span(meta))

    def explore_adding(self, meta: Any, explore: ast.Explore, amount: ast.Amount,
                       checks: ast.WhichChecks) -> tuple[ast.Effect, ...]:
        """`explore your location, adding 2 to any combat checks made during this
        exploration`: the exploration, then the addition for it."""
        return explore, self.exploration_addition(meta, amount, checks)

    def difficulty_change(self, meta: Any, *parts: Any
                          ) -> ast.DifficultyChange | ast.ForEach | ast.Conditional:
        """`the difficulty [to defeat] is increased by ...`, `the difficulty of your checks is
        increased by 1 for the rest of the turn`: with no scope named, the difficulty meant
        is the one to defeat; `by the number of characters at other locations`, by 1 for
        each; `of the combat check to defeat`, only if the check is of that kind (the
        condition kind_to_defeat makes)."""
        *words, by = parts
        span = self._span(meta)
        kind = next((word for word in words if isinstance(word, ast.Condition)), None)
        words = [word for word in words if isinstance(word, ast.Word)]
        per = by if isinstance(by, ast.Word) else None
        amount, adventure, counted = (ast.Amount(0, 0, 1, span=span), 0, ()) if per else by
        sign = -1 if any(word.text == "decreased" for word in words) else 1
        scope = next((word.text for word in words if word.text not in _SIGNS), "to_defeat")
        change = ast.DifficultyChange(scope, sign, amount, adventure, counted, span=span)
        if per is not None:
            change = ast.ForEach(change, per.text, span=span)
        return change if kind is None else ast.Conditional(kind, change, span=span)

    def difficulty_for_trait(self, meta: Any, *parts: Any) -> ast.Conditional:
        """`the difficulty of checks to defeat <card> with the <traits> traits is increased by
        2` is `if the check to defeat has the <traits> trait, the difficulty to defeat is
        increased by 2`: one meaning, one node."""
        traits, sign, by = parts[-3:]
        span = self._span(meta)
        return ast.Conditional(ast.Condition("check_has_trait", traits, span=span),
                               self.difficulty_change(meta, sign, by), span=span)

    def to_defeat(self, meta: Any, card: ast.SelfRef | None = None) -> ast.Word:
        """`the difficulty to defeat the barrier`: the card is named only to say whose."""
        return ast.Word("to_defeat", span=self._span(meta))

    def kind_to_defeat(self, meta: Any, kind: ast.Word, card: ast.SelfRef | None = None
                       ) -> ast.Condition:
        """`the difficulty of the combat check to defeat`: the difficulty to defeat, on a
        check of that kind alone."""
        return ast.Condition("check_is", (kind,), span=self._span(meta))

    def difficulty_amount(self, meta: Any, by: ast.Amount
                          ) -> tuple[ast.Amount | None, int, tuple[ast.Selector, ...]]:
        """The printed amount (none when only the adventure deck number is), and the adventure
        deck number's times apart, as the difficulty's change keeps them (and no cards
        counted)."""
        if not by.adventure:
            return by, 0, ()
        printed = dataclasses.replace(by, adventure=0) if by.dice or by.plus else None
        return printed, by.adventure, ()

    def counted_in_hand(self, meta: Any, counted: tuple[ast.Selector, ...]
                        ) -> tuple[ast.Amount | None, int, tuple[ast.Selector, ...]]:
        return None, 0, counted

    def instead_of_discard(self, meta: Any, action: ast.Word, card: ast.SelfRef,
                           instead_of: Token) -> ast.InsteadOfDiscard:
        """`... instead of discarding it` (`or burying it`): the verbs after `of` say which
        moves are replaced."""
        words = str(instead_of).casefold().split()
        replaces = tuple(_REPLACED[word] for word in words if word in _REPLACED)
        return ast.InsteadOfDiscard(action.text, card, None, replaces, span=self._span(meta))

    def check_to(self, meta: Any, check: ast.CheckStep, effect: ast.Effect
                 ) -> ast.InsteadOfDiscard | ast.Attempt:
        """`succeed at a Charisma 5 check to <effect>`: the check attempted, and the effect
        done if it succeeds (`... to recharge this card instead of discarding it`: the card
        moved so only then)."""
        span = self._span(meta)
        if isinstance(effect, ast.InsteadOfDiscard):
            return dataclasses.replace(effect, check=check, span=span)
        return ast.Attempt(ast.Target("you", span=span), check, effect, span=span)

    def forbid(self, meta: Any, *parts: Any) -> ast.Forbid:
        """`you may not play spells ...`; with no one named (`... and may not play cards`),
        `who` is whom the effect before falls on (`effects`), else `you`."""
        who, rest = self._subject(meta, parts)
        before, (kinds, *rest) = _traits_before(rest)
        traits = next((part for part in rest
                       if isinstance(part, tuple) and not isinstance(part, _OrKinds)), ())
        traits = (*before, *traits)
        or_kinds = next((part for part in rest if isinstance(part, _OrKinds)), ())
        words = {part.text for part in rest if isinstance(part, ast.Word)}
        return ast.Forbid(kinds, traits, who, tuple(or_kinds), "use_powers" in words,
                          "on_this_check" in words, "for_the_turn" in words,
                          span=self._span(meta))

    def trait_before(self, meta: Any, trait: Token) -> _TraitBefore:
        return _TraitBefore(self._word(trait))

    def or_kinds(self, meta: Any, kinds: tuple[ast.Word, ...]) -> _OrKinds:
        return _OrKinds(kinds)

    def with_traits(self, meta: Any, traits: tuple[ast.Word, ...]) -> tuple[ast.Word, ...]:
        return traits

    def card_traits(self, meta: Any, traits: tuple[ast.Word, ...]) -> _CardTraits:
        return _CardTraits(traits)

    def _turn_action(self, meta: Any, action: str) -> ast.TurnAction:
        return ast.TurnAction(action, span=self._span(meta))

    def reset_hand(self, meta: Any) -> ast.TurnAction:
        return self._turn_action(meta, "reset_hand")

    def end_turn(self, meta: Any) -> ast.TurnAction:
        return self._turn_action(meta, "end_turn")

    def keep_hand(self, meta: Any) -> ast.TurnAction:
        return self._turn_action(meta, "keep_hand")

    def examine(self, meta: Any, *parts: Any) -> ast.Examine:
        count = next((part for part in parts if isinstance(part, ast.Amount)),
                     ast.Amount(0, 0, 1, span=self._span(meta)))
        words = [part.text for part in parts if isinstance(part, ast.Word)]
        end = words.pop(0) if words[0] in ("top", "bottom") else "top"
        deck = _EXAMINED_DECKS[words[0]]
        then = words[1] if len(words) > 1 else None
        return ast.Examine(count, then, deck, end, span=self._span(meta))

    def examine_whole(self, meta: Any, *parts: Any) -> ast.Examine:
        return dataclasses.replace(self.examine(meta, *parts), count=None)

    def attempt(self, meta: Any, *parts: Any) -> ast.Attempt:
        target, (check,) = self._subject(meta, parts)
        return ast.Attempt(target, check, span=self._span(meta))

    def suffer_scourge(self, meta: Any, *parts: Any) -> ast.SufferScourge:
        target, rest = self._subject(meta, parts)
        card = ast.CardRef(rest[0], span=self._span(meta)) if rest else None
        return ast.SufferScourge(target, card, span=self._span(meta))

    def suffer_scourges(self, meta: Any, *parts: Any) -> tuple[ast.SufferScourge, ...]:
        """`suffer the scourges Dazed and Wounded`: one effect for each, in order."""
        target, names = self._subject(meta, parts)
        return tuple(ast.SufferScourge(target, ast.CardRef(name, span=self._span(meta)),
                                       span=self._span(meta)) for name in names)

    def skill_and_die(self, meta: Any, skills: tuple[ast.Word, ...], die: Token,
                      plus: ast.Amount | None = None) -> tuple[ast.UseSkill, ast.AddSkillDie]:
        """`roll your Dexterity or Ranged die + your unmodified Strength die + 1`: two effects,
        the better skill (and what is added to it), then the other skill's die."""
        return (ast.UseSkill(skills, plus, span=self._span(meta)),
                ast.AddSkillDie(self._word(die), span=self._token_span(die)))

    def retrieve(self, meta: Any, kinds: tuple[ast.Word, ...] = ()) -> ast.Retrieve:
        return ast.Retrieve(kinds, span=self._span(meta))

    def gain_from_box(self, meta: Any, *parts: Any) -> ast.GainFromBox:
        """`add ... from the box to your hand`: as `draw ... from the box`, with no subject."""
        return dataclasses.replace(self.draw_from_box(meta, *parts), target=None)

    def damage_rule(self, meta: Any, *parts: Any) -> ast.DamageRule:
        """`[<kind>] damage dealt by <the card> is <change>`."""
        *of_kind, _card, change = parts
        return dataclasses.replace(change, of_kind=of_kind[0] if of_kind else None,
                                   span=self._span(meta))

    def dealt_as(self, meta: Any, kind: ast.Word, unreducible: ast.Word | None = None
                 ) -> ast.DamageRule:
        return ast.DamageRule(as_kind=kind, unreducible=unreducible is not None,
                              span=self._span(meta))

    def unreducible_damage(self, meta: Any, card: ast.SelfRef | None = None
                           ) -> ast.DamageRule:
        """`Damage dealt by the Ghoul may not be reduced`, or `This damage ...`."""
        return ast.DamageRule(unreducible=True, span=self._span(meta))

    def damage_loses(self, meta: Any, card: ast.SelfRef, action: ast.Word) -> ast.DamageRule:
        return ast.DamageRule(loses=action.text, span=self._span(meta))

    def damage_from_deck(self, meta: Any) -> ast.DamageRule:
        return ast.DamageRule(from_deck=True, span=self._span(meta))

    def shortfall_damage(self, meta: Any, card: ast.SelfRef, kind: ast.Word) -> ast.DamageRule:
        """`<card> deals an amount of Cold damage to you equal to the difference between its
        difficulty to defeat and your result` names the damage for the failed check to defeat
        it, which the card deals anyway: that damage is Cold damage."""
        return ast.DamageRule(as_kind=kind, span=self._span(meta))

    def dealt_halved(self, meta: Any, card: ast.SelfRef | None = None) -> ast.DamageRule:
        """`reduced by half`, or `halve the damage dealt by <card>`."""
        return ast.DamageRule(halved=True, span=self._span(meta))

    halved_damage = dealt_halved

    def dealt_more(self, meta: Any, amount: ast.Amount) -> ast.DamageRule:
        return ast.DamageRule(more=amount, span=self._span(meta))

    def dealt_at_most(self, meta: Any, most: Token) -> ast.DamageRule:
        return ast.DamageRule(at_most=int(most), span=self._span(meta))

    def dealt_less(self, meta: Any, amount: ast.Amount) -> ast.DamageRule:
        return ast.DamageRule(more=amount, sign=-1, span=self._span(meta))

    def dealt_to(self, meta: Any, target: ast.Word) -> ast.DamageRule:
        return ast.DamageRule(to=_target(target), span=self._span(meta))

    def dealt_to_unreducible(self, meta: Any, target: ast.Word) -> ast.DamageRule:
        return ast.DamageRule(to=_target(target), unreducible=True, span=self._span(meta))

    def unevadable(self, meta: Any, card: ast.SelfRef) -> ast.Unevadable:
        return ast.Unevadable(span=self._span(meta))

    def allow_another(self, meta: Any, kind: Token) -> ast.AllowAnother:
        return ast.AllowAnother(self._word(kind), span=self._span(meta))

    def stat_change(self, meta: Any, subject: ast.Word | ast.SelfRef, amount: Token,
                    stat: Token) -> ast.StatChange:
        who = _target(subject) if isinstance(subject, ast.Word) else subject
        return ast.StatChange(who, self._word(stat), int(amount), span=self._span(meta))

    def stat_bonus(self, meta: Any, first: Token, second: Token, against: Token | None = None
                   ) -> ast.StatBonus:
        """`Strength +1` or `+2 Magic against Undead`."""
        signed, stat = (second, first) if against is None else (first, second)
        trait = self._word(against) if against is not None else None
        return ast.StatBonus(self._word(stat), int(signed), trait, span=self._span(meta))

    def roll_or_else(self, meta: Any, *parts: Any) -> ast.RollOrElse:
        target, (stats, number, otherwise) = self._subject(meta, parts)
        return ast.RollOrElse(target, stats, int(number), otherwise, span=self._span(meta))

    roll_stats = word_list

    def heal(self, meta: Any, target: ast.Word, amount: ast.Amount) -> ast.Heal:
        return ast.Heal(_target(target), amount, span=self._span(meta))

    def gain_stars(self, meta: Any, *parts: Any) -> ast.GainStars:
        target, (count,) = self._subject(meta, parts)
        return ast.GainStars(target, count, span=self._span(meta))

    def star_count(self, meta: Any, amount: ast.Amount | None = None) -> ast.Amount:
        return amount if amount is not None else ast.Amount(0, 0, 1, span=self._span(meta))

    def draw_loot(self, meta: Any, *parts: Any) -> ast.DrawLoot:
        target, rest = self._subject(meta, parts)
        count = rest[0] if rest else ast.Amount(0, 0, 1, span=self._span(meta))
        return ast.DrawLoot(target, count, span=self._span(meta))

    def discard_monster(self, meta: Any, trait: Token) -> ast.DiscardMonster:
        return ast.DiscardMonster(self._word(trait), span=self._span(meta))

    def reroll(self, meta: Any) -> ast.Reroll:
        return ast.Reroll(span=self._span(meta))

    def marker(self, meta: Any, name: ast.Word) -> ast.Marker:
        return ast.Marker(name.text, span=self._span(meta))

    def gh_ability(self, meta: Any, name: Token, value: Token) -> ast.Ability:
        return ast.Ability(str(name).lower(), int(value), value[0] in "+-",
                           span=self._span(meta))

    def target_one(self, meta: Any) -> ast.Ability:
        return ast.Ability("target", 1, False, span=self._span(meta))

    def ability_near_target(self, meta: Any, name: Token, value: Token, reach: Token
                            ) -> tuple[ast.Ability, ast.NearTarget]:
        """`Attack -1 within Range 2 of target`: the ability and where it reaches, two
        effects (effects takes the pair apart)."""
        return (self.gh_ability(meta, name, value),
                ast.NearTarget(int(reach), span=self._token_span(reach)))

    def special_with_body(self, meta: Any, written: Token) -> ast.Ability:
        """`Special 2:`: the special action, whose abilities follow it."""
        return ast.Ability("special", int(re.sub(r"\D", "", written)), False,
                           span=self._span(meta))

    def gh_condition(self, meta: Any, name: Token) -> ast.GivenCondition:
        return ast.GivenCondition(str(name).lower(), span=self._span(meta))

    def gh_flag(self, meta: Any, word: Token) -> ast.Marker:
        return ast.Marker(word.lower(), span=self._span(meta))

    def all_adjacent(self, meta: Any) -> ast.Marker:
        return ast.Marker("all_adjacent", span=self._span(meta))

    def one_target(self, meta: Any) -> ast.Marker:
        return ast.Marker("one_target", span=self._span(meta))

    def element(self, meta: Any, use: Token, name: Token) -> ast.Element:
        return ast.Element(name.lower(), use.lower() == "consume", span=self._span(meta))

    def negate_next_damage(self, meta: Any) -> ast.NegateNextDamage:
        return ast.NegateNextDamage(span=self._span(meta))

    def ally_bonus(self, meta: Any, value: Token, ability: Token, figure: ast.SelfRef
                   ) -> ast.AllyBonus:
        return ast.AllyBonus(str(ability).lower(), int(value), figure, span=self._span(meta))

    def own_allies(self, meta: Any, name: str) -> ast.SelfRef:
        """`the Giant Viper's allies`: the card's own name, less its `'s`."""
        return self.self_named(meta, re.sub(r"['\u2019][sS]$", "", name))

    def summon_monster(self, meta: Any, verb: Token, *parts: Any) -> ast.SummonMonster:
        *rank, monster = parts
        count, per_characters = rank.pop(0) if rank and isinstance(rank[0], tuple) else (1, None)
        return ast.SummonMonster(monster, bool(rank) and str(rank[0]).lower() == "elite",
                                 count, per_characters, str(verb).lower() == "spawn",
                                 span=self._span(meta))

    def standee_count(self, meta: Any, written: Token) -> tuple[int, int | None]:
        """A count and its divisor of the number of characters (`C/2`), as SummonMonster
        keeps them."""
        text = str(written).lower()
        if text.startswith("c"):
            return 1, int(text.split("/")[1]) if "/" in text else 1
        return ast.COUNT_WORDS.get(text) or int(text), None

    def spawn_rank(self, meta: Any, written: Token) -> ast.SpawnRank:
        return ast.SpawnRank(tuple(
            ast.RankFor(int(fewest), int(most or fewest), rank.lower() == "elite",
                        bool(alternate), span=self._span(meta))
            for rank, alternate, fewest, most in _RANK_FOR.findall(str(written))),
            span=self._span(meta))

    def card_name(self, meta: Any, *words: Token) -> ast.CardRef:
        return ast.CardRef(" ".join(words), span=self._span(meta))

    def suffer_damage(self, meta: Any, *parts: Any) -> ast.SufferDamage:
        *performed, figure, amount = parts
        after = ast.PERFORMED[str(performed[0]).split()[2].lower()] if performed else None
        return ast.SufferDamage(figure, int(amount), after, span=self._span(meta))

    def surprise_range(self, meta: Any, written: Token, reason: Token | None = None
                       ) -> ast.SurpriseRange:
        low, high = re.split(r"\s*[-\u2013]\s*", str(written))
        said = None if reason is None else " ".join(str(reason).split()[3:])
        return ast.SurpriseRange(int(low), int(high), said, span=self._span(meta))

    def ability_elsewhere(self, meta: Any, written: Token) -> ast.AbilitiesElsewhere:
        """`Blood scent; Feeding frenzy: See main entry.`: each name a Word where it stands."""
        text = str(written).rpartition(":")[0]
        names = [(match.start(), " ".join(match.group().split()))
                 for match in re.finditer(r"[^;\s][^;]*?(?=\s*(?:;|$))", text)]
        start = written.start_pos
        return ast.AbilitiesElsewhere(
            tuple(ast.Word(name, span=self._at(start + at, start + at + len(name)))
                  for at, name in names), span=self._span(meta))

    def check_or_else(self, meta: Any, *parts: Any) -> ast.CheckOrElse | ast.Attempt:
        """`... must succeed at a Wisdom 6 check or ...`; with nothing after `or`, the check
        is attempted for later text to ask about, as `attempt a Wisdom 6 check` says."""
        target, (check, *otherwise) = self._subject(meta, parts)
        if not otherwise:
            return ast.Attempt(target, check, span=self._span(meta))
        built = ast.CheckOrElse(target, check, (otherwise[0],), span=self._span(meta))
        self.deepest = max(self.deepest, _nesting(built))
        return built


def _from_chosen(effect: ast.Effect) -> bool:
    """Whether an effect takes cards `from a character's discard pile` (card_source)."""
    return isinstance(effect, ast.CardAction) and effect.source == "chosen_discards"


def _dealt_on(more: _MoreDamage, before: ast.Effect | None) -> ast.Damage:
    """`..., then 1 Poison damage`: damage to whom the effect before falls on (to whom its
    condition's effect does, for a conditional, and its failure's for `... or <effect>`), or
    to `you` if it names no one."""
    if isinstance(before, ast.Conditional):
        before = before.then
    elif isinstance(before, ast.CheckOrElse) and before.otherwise:
        before = before.otherwise[-1]
    target = getattr(before, "target", None)
    if not isinstance(target, ast.Target):
        target = ast.Target("you", span=more.span)
    return ast.Damage(target, more.amount, more.kind, span=more.span)


def _traits_before(parts: Sequence[Any]) -> tuple[tuple[ast.Word, ...], list[Any]]:
    """The traits written before a kind of card (`Attack spells`), and the other parts."""
    return (tuple(part.trait for part in parts if isinstance(part, _TraitBefore)),
            [part for part in parts if not isinstance(part, _TraitBefore)])


def _rolled_for(effects: list[ast.Effect]) -> tuple[ast.Effect, ...]:
    """`roll 1d6; on a 1, ...`: dice rolled just before an effect that asks what they came
    to are rolled for that result, not for a check."""
    return tuple(
        ast.RollFor(effect.amount, span=effect.span)
        if isinstance(effect, ast.RollDice) and index + 1 < len(effects)
        and isinstance(effects[index + 1], ast.Conditional)
        and effects[index + 1].condition.kind in ast.ROLL_CONDITIONS else effect
        for index, effect in enumerate(effects))


def _rolled_alone(effects: tuple[ast.Effect, ...]) -> tuple[ast.Effect, ...]:
    """`Roll 1d6.`, `Then, roll 1d12.`: dice rolled in a sentence of their own, not a power's,
    are rolled for a result the sentence after asks about (`On a 1, ...`)."""
    match effects:
        case (ast.RollDice() as roll,):
            return (ast.RollFor(roll.amount, span=roll.span),)
    return effects


def _is_it(card: ast.SelfRef) -> bool:
    """`it`, `her`: no name, no noun."""
    return card.name is None and card.noun is None


def _damage_to_no_one(item: Any, effect: Any) -> bool:
    """Whether an effect is damage with no one named (`then be dealt 1 damage`, `then 1 Fire
    damage`), which falls on whom the effect before it does."""
    return isinstance(item, _MoreDamage) or (isinstance(effect, ast.Damage)
                                             and _names_no_one(effect))


def _names_no_one(effect: ast.Effect) -> bool:
    """Whether an effect's subject was left out: `_subject` gives it the effect's own span."""
    return _falls_on(effect, "you") and _subject_of(effect).span == effect.span


def _falls_on(effect: ast.Effect, kind: str) -> bool:
    subject = _subject_of(effect)
    return subject is not None and subject.kind == kind


def _subject_of(effect: ast.Effect) -> ast.Target | None:
    subject = getattr(effect, _subject_field(effect), None)
    return subject if isinstance(subject, ast.Target) else None


def _falling_on(effect: ast.Effect, target: ast.Target) -> ast.Effect:
    return dataclasses.replace(effect, **{_subject_field(effect): target})


def _subject_field(effect: ast.Effect) -> str:
    """The field of whom an effect falls on: `who` may not play (ast.Forbid), else `target`."""
    return "who" if isinstance(effect, ast.Forbid) else "target"


def _nesting(effect: ast.Effect) -> int:
    """How many effects deep an effect goes: 1, or more for `... or <effect>`."""
    inner = effect.otherwise if isinstance(effect, ast.CheckOrElse) else ()
    return 1 + max((_nesting(effect) for effect in inner), default=0)


# One rank of a SPAWN_RANKS (gloomhaven.lark): its rank, `every second spawn`, and counts.
_RANK_FOR = re.compile(r"(normal|elite)(\s+every\s+second\s+spawn)?\s+for\s+([0-9]+)"
                       r"(?:\s*[-\u2013]\s*([0-9]+))?", re.IGNORECASE)
# `Strength-based`: the skill a check is made with, as `Strength` alone says.
def _the_before(text: str, word: str) -> bool:
    """Whether the word `the` stands just before the first `word` in `text`, in any case."""
    low = text.lower()
    at = low.find(word.lower())
    before = low[:at].rstrip()
    return len(low) == len(text) and len(before) < at and before.endswith("the") \
        and not before[-4:-3].isalnum()


# `the ` and `the The ` at the start of a name, when a word follows them (never the `the`
# within one: `Lamp in the Cellar`).
_ARTICLES = re.compile(r"^(?:the\s+)+(?=\S)", re.IGNORECASE)
_BASED = re.compile(r"-based$", re.IGNORECASE)
# The end of a deck a card is put at, in the words that say so.
_DECK_END = re.compile(r"\b(top|bottom)\b", re.IGNORECASE)
# The words of the grammar's change_sign and change_verb.
_SIGNS = ("increased", "decreased")
# How many times `the scenario's adventure deck number` counts, by the word before it.
_ADVENTURE_TIMES = {None: 1, "twice": 2, "thrice": 3}
_REPLACED = {"discarding": "discard", "burying": "bury", "banishing": "banish",
             "recharging": "recharge"}
# The decks `examine` may look at, by the grammar's name for each.
_EXAMINED_DECKS = {"location_deck": "location", "any_location_deck": "any_location",
                   "your_deck": "yours", "any_character_deck": "any_character",
                   "blessings_deck": "blessings", "blessings_discard": "blessings_discard"}


# An AMOUNT as the grammar reads one (grammar/frame.lark), for text read as a whole.
_AMOUNT = re.compile(r"[0-9]+([dD][0-9]+([+-][0-9]+)?|[xX])?")


def _amount_of(text: str, multiplier: int, span: ast.Span) -> ast.Amount:
    """`3`, `1d4+1` (or `1D4+1`, written without its spaces), `4X` (or `4x`) as an Amount."""
    if text[-1] in "xX":
        return ast.Amount(0, 0, int(text[:-1]), multiplier, per_player=True, span=span)
    if text.isdigit():
        return ast.Amount(0, 0, int(text), multiplier, span=span)
    dice, rest = text.lower().split("d", 1)
    sides, bonus = _with_modifier(rest)
    return ast.Amount(int(dice), int(sides), bonus, multiplier, span=span)


def _with_modifier(text: str) -> tuple[str, int]:
    """`6+1` -> (`6`, 1), `1-1` -> (`1`, -1), `8` -> (`8`, 0)."""
    head, sign, modifier = text.partition("+") if "+" in text else text.partition("-")
    return head, int(modifier) * (-1 if sign == "-" else 1) if sign else 0


def _per_character(text: str, span: ast.Span) -> ast.PerCharacter:
    """`14xC/2`, `(3xC)/2`, `Cx15`, `C+2`, `7+C` as a PerCharacter: the numbers multiplied
    with C are its times, the one after `/` divides, the one added to C is its plus."""
    compact = re.sub(r"[\s()]", "", text).replace("×", "x")  # noqa: RUF001
    if compact.endswith("+C"):
        return ast.PerCharacter(1, plus=int(compact[:-2]), span=span)
    product, _, plus = compact.partition("+")
    product, _, divided_by = product.partition("/")
    times = 1
    for factor in product.split("x"):
        times *= 1 if factor == "C" else int(factor)
    return ast.PerCharacter(times, int(divided_by or 1), int(plus or 0), span=span)


@cache
def rule_method(rule: str) -> Callable[..., Any] | None:
    """AstBuilder's method for a grammar rule: its own name, or the name a shared rule of
    frame.lark has in a game's grammar without its `frame__` prefix; None for a rule that
    stands for its own name (AstBuilder.__default__) or is inlined into its parent."""
    name = rule.removeprefix(_SHARED_PREFIX)
    if name.startswith("_"):
        return None
    method = getattr(AstBuilder, name, None)
    if method is None and name in ast.CONDITION_KINDS:  # one builder for most conditions
        return lambda builder, meta, *parts: builder.condition_of(meta, name, *parts)
    return method
