"""What a Pathfinder Adventure Card Game card may say, beyond what the grammar reads.

The game's vocabulary (types, skills, timing windows) lives here, and so does
where each effect may stand: banes act through timing windows and text that
holds through their encounter, boons through powers their holder plays and
text done once one is played; characters and locations carry numbers only.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from compiler import ast
from compiler.check.shared import ByKind, CardCheck, header_fields, known
from compiler.diagnostics import Severity, did_you_mean
from compiler.runtime.pacg.words import BANES, BOONS, DISPLAYED, SKILLS, singular

GAME = "pacg"
# Cards set beside the scenario or a character rather than encountered or played: their text
# is rules that hold while they are there.
TYPES = (*BANES, *BOONS, "Character", "Location", *DISPLAYED)
# Henchmen, villains and story banes are each a monster or a barrier (`this monster is
# immune to ...`), and loot a boon of another type (`this weapon`).
SELF_NOUNS = {**{bane: ("monster", "barrier") for bane in ("Henchman", "Villain", "Story Bane")},
              "Loot": tuple(boon.casefold() for boon in BOONS if boon != "Loot")}
# `Combat` names the combat check, which a character makes with Strength or Melee.
CHECK_SKILLS = (*SKILLS, "Combat")
# Words that describe a kind of check besides its skills (`your noncombat Strength check`).
CHECK_WORDS = ("noncombat", "non-combat")
WINDOWS = ("when_encountered", "when_examined", "before_encounter", "if_defeated",
           "if_undefeated", "after_encounter", "before_any_play", "before_another_plays",
           "would_be_defeated", "start_of_your_turn")
# A boon's windows on a check it was played on, once the dice are rolled: they may reroll.
ROLL_WINDOWS = ("would_fail", "would_succeed", "would_fail_by")
BOON_WINDOWS = ("after_playing", "when_playing_another", "when_encountered", "if_acquired",
                "if_not_acquired", "end_of_turn", "start_of_your_turn", *ROLL_WINDOWS)
DICE_SIDES = (4, 6, 8, 10, 12, 20)
# The windows of a bane done before the check to defeat it.
_BEFORE_CHECK = ("when_encountered", "before_encounter")
DAMAGE_KINDS = ("Acid", "Cold", "Combat", "Electricity", "Fire", "Force", "Mental", "Poison")
# Traits a pacg card may name though no card of the build has them: the kinds of damage, and
# the traits of the printed game's own cards that rules lean on.
STANDARD_TRAITS = (*DAMAGE_KINDS, "Magic", "Arcane", "Divine", "Attack", "Melee", "Ranged",
                   "Undead", "Animal", "Basic", "Elite")
TARGETS = tuple(kind for kind in ast.TARGET_KINDS if kind not in ("leader", "monster"))
# Words a selector may use besides the types: `evade a bane`, `evade a card`.
SELECTOR_WORDS = ("bane", "boon", "card")

# Which header fields each kind of card takes, and which of them it must have.
_FIELDS = {
    "bane": (("Name", "Type", "Traits", "Check"), ("Check",)),
    "boon": (("Name", "Type", "Traits", "Check"), ()),
    "Character": (("Name", "Type", "Traits", "Skills", "Hand", "Proficiencies"),
                  ("Skills", "Hand")),
    "Location": (("Name", "Type", "Traits", "Check"), ()),
    "displayed": (("Name", "Type", "Traits"), ()),
}
# What a bane's text may do, and what a boon's powers may do.  Choices, conditions and
# further costs hold effects of the same kinds.
_HOLDERS = (ast.YouMay, ast.Conditional, ast.ExtraCost, ast.CheckOrElse, ast.ForEach,
            ast.PayTo, ast.Either)
_SHARED_EFFECTS = (*_HOLDERS, ast.CardAction, ast.Draw, ast.Retrieve, ast.Explore,
                   ast.DifficultyChange, ast.Examine, ast.TurnAction, ast.SelfAction,
                   ast.CloseLocation, ast.Damage, ast.GainFromBox, ast.Move, ast.Attempt,
                   ast.PileAction, ast.ShuffleLocation, ast.ShuffleBlessing, ast.BlessingsBack,
                   ast.ExaminedAction, ast.ExaminedKinds, ast.ExaminedRest, ast.CountedDamage,
                   ast.SearchDeck, ast.ShuffleFromBox,
                   ast.RollFor, ast.SelectLocation, ast.ChooseCardType, ast.SetAsideChosen,
                   ast.ReturnSetAside)
_BANE_EFFECTS = (*_SHARED_EFFECTS, ast.Summon, ast.SummonFromBox, ast.MoveSelf, ast.Forbid,
                 ast.DamageRule, ast.Unevadable, ast.EvadeSelf,
                 ast.SufferScourge, ast.DiscardFirst, ast.NoDamage, ast.NoClosing,
                 ast.NoTemporaryClosing,
                 ast.UndefeatedUnless,
                 ast.EncounteredByEach, ast.PlayedFate, ast.MovementLock)
_POWER_PURPOSES = (ast.Evade, ast.DefeatBane, ast.ReduceDamage, ast.AddToCheck, ast.AddDice,
                   ast.UseSkill, ast.RollDice, ast.AutoSucceed)
_POWER_EFFECTS = (*_SHARED_EFFECTS, *_POWER_PURPOSES, ast.AddSkillDie, ast.InsteadOfDiscard,
                  ast.AllowAnother, ast.AtReset, ast.ForbidSelf, ast.CountAs,
                  ast.ExplorationAddition, ast.ExplorationFinds, ast.TurnAddition)
# What a boon's text may do to a check it was played on, its dice rolled.
_ROLL_EFFECTS = (ast.RerollCheck, ast.TakeResult)
# What a bane's text about the check to defeat it may do to that check.
_CHECK_EFFECTS = (ast.AddToCheck, ast.AddDice, ast.Subtract, ast.ForceOutcome, ast.PayForEach,
                  ast.ForEachPlayed)
# What the effects of each kind of text may be (_window_kind, _untimed_kind): any other
# kind's, a bane's.
_ALLOWED = {
    "boon": _POWER_EFFECTS,
    "boon_roll": (*_POWER_EFFECTS, *_ROLL_EFFECTS),
    "boon_encountered": (*_SHARED_EFFECTS, ast.ForceOutcome),
    "bane_check": (*_BANE_EFFECTS, *_CHECK_EFFECTS),
    "bane_examined": (*_BANE_EFFECTS, ast.EncounterSelf),
    "bane_before": (*_BANE_EFFECTS, ast.ForceOutcome),
    "bane_defeat_checks": (*_BANE_EFFECTS, ast.ForceOutcome, ast.EachAttemptsDefeat),
    "bane_roll": (*_BANE_EFFECTS, *_ROLL_EFFECTS, ast.ForceOutcome),
}
# Kinds of card a selector or a forbidding may name.
_KINDS = (*BANES, *BOONS, *SELECTOR_WORDS)


def _untimed_kind(kind: str, sentence: ast.Untimed) -> str:
    """What a bane's text with no timing window may do: it holds through its encounter from
    its start, and may settle the outcome as text before the check may (`You may bury a spell
    to defeat the Stone Head`); about the check to defeat, it is done on that check and may
    change it; `Each character attempts the check to defeat` is done in place of that check,
    with the sentences that go on from it."""
    if kind != "bane":
        return kind
    return {"during_check": "bane_check",
            "defeat_checks": "bane_defeat_checks"}.get(sentence.moment or "",
                                                       "bane_before")


def _window_kind(kind: str, sentence: ast.Triggered) -> str:
    """What a card's effects may do in the sentence's window: a bane's, once it is examined,
    may encounter it; a bane's, before its check to defeat, and a boon's, as it is
    encountered, may settle how that check comes out; a boon's, once a check's dice are
    rolled, and a bane's, once those of the check to defeat it are, may reroll them."""
    if kind == "bane" and sentence.window == "when_examined":
        return "bane_examined"
    if kind == "bane" and sentence.window in ("when_encountered", "before_encounter"):
        return "bane_before"
    if kind == "boon" and sentence.window in ROLL_WINDOWS:
        return "boon_roll"
    if kind == "boon" and sentence.window == "when_encountered":
        return "boon_encountered"
    if kind == "bane" and sentence.window == "would_be_defeated":
        return "bane_roll"
    return kind


def kind_of(card_type: str) -> str:
    """'bane', 'boon', 'displayed', or the type itself for characters and locations."""
    if card_type in BANES:
        return "bane"
    if card_type in BOONS:
        return "boon"
    if card_type in DISPLAYED:
        return "displayed"
    return card_type


def notes(card_type: str) -> dict[str, str]:
    """What `cardwright explain` adds about a card of this type: what its Check is for, what
    damage does, when its sentences with no window are done, and who `you` is."""
    kind = kind_of(card_type)
    purpose = {"bane": "to defeat it", "boon": "to acquire it", "Location": "to close it"}
    untimed = {"bane": "through its whole encounter, from the moment it is revealed (text "
                       "about the check to defeat it: on that check)",
               "boon": "each time one of its powers has been played",
               "displayed": "while it is displayed"}
    words = {
        "check": purpose.get(kind, "its check"),
        "damage": "it may be reduced by cards that fit its kind; each point left discards a "
                  "card from the hand; damage of no kind is Combat damage",
    }
    if kind in untimed:
        words["untimed"] = untimed[kind]
    if kind == "boon":
        words["you"] = "its holder (you)"
    return words


class _CardCheck(CardCheck):
    GAME, TYPES = GAME, TYPES

    def _trait(self, word: ast.Word, known_words: tuple[str, ...], what: str) -> None:
        """A trait or damage type that no card of the build has and pacg does not know is
        likely misspelled: a warning, since a new one may be meant."""
        if self._known_trait(word.text, known_words):
            return
        candidates = sorted({*known_words, *(trait.title() for trait in self.pool.traits)})
        self.report("CW212", word, f"no card has the {what} '{word.text}'",
                    did_you_mean(word.text, candidates) or f"check the spelling of '{word.text}'",
                    Severity.WARNING)

    def run(self) -> None:
        kind = kind_of(self.card.type)
        self._fields(kind)
        for section in self.card.shared_sections:
            if section.label is not None:
                self.report("CW211", section, f"pacg cards have no '{section.label}:' "
                            "section", "write the sentences without the label")
        for section in self.card.shared_sections:
            before: ast.Sentence | None = None
            last: ast.Sentence | None = None
            rolled = False  # the sentence before rolled, or asked about a roll before it
            selected = False  # a sentence before selected a location
            for sentence in ast.joined_powers(section.sentences):
                rolled = self._dice(sentence, last, rolled)
                selected = self._that_location(sentence, selected)
                self._exploration(sentence, before)
                self._movement(kind, sentence, before)
                last = sentence
                if sentence.continues:
                    self._continuation(kind, sentence, before)
                else:
                    self._sentence(kind, sentence)
                    before = sentence
        self._set_aside_order()
        for node in self.card.rules_nodes:
            for check in _NODE_CHECKS[type(node)]:
                check(self, node)

    def _set_aside_order(self) -> None:
        """`the chosen type` needs a type chosen and cards examined before it, and the cards it
        sets aside must go back on their deck after."""
        if not any(ast.SetAsideChosen in reading.sentence.node_types
                   or ast.ReturnSetAside in reading.sentence.node_types
                   for reading in self.card.readings):
            return
        chosen = examined = False
        aside: ast.SetAsideChosen | None = None
        for node in self.card.rules_nodes:
            if isinstance(node, ast.ChooseCardType):
                chosen = True
            elif isinstance(node, ast.Examine):
                examined = True
            elif isinstance(node, ast.SetAsideChosen):
                if not (chosen and examined):
                    self.report("CW204", node, "no type of card was chosen and no cards "
                                "examined before this sets aside those of the chosen type",
                                "write it after 'choose a type of card and examine the top 3 "
                                "cards of your location deck'")
                aside = node
            elif isinstance(node, ast.ReturnSetAside):
                if aside is None:
                    self.report("CW204", node, "no cards were set aside before this puts "
                                "them back", "write it after 'If there are any cards of the "
                                "chosen type, set them aside.'")
                aside = None
        if aside is not None:
            self.report("CW204", aside, "the cards set aside never go back on their deck",
                        "write after it: 'Return the remaining cards to the deck, shuffle it, "
                        "then put the cards you set aside together in any order at either "
                        "the top or bottom of the deck.'")

    def _examined_action(self, node: ast.ExaminedAction) -> None:
        """`put it on the bottom of the blessings deck`, `add it to your hand`: `it` is a card
        examined, so these stand only after `If it is a ...`, or after the examination in
        its own sentence (`examine the top card of ..., then you may encounter it`)."""
        asked = {id(inner) for conditional in self.card.rules_nodes
                 if isinstance(conditional, ast.Conditional)
                 and conditional.condition.kind == "examined_is"
                 for inner in ast.walk(conditional)}
        asked.update(id(inner) for reading in self.card.readings
                     for inner in ast.after_examining(reading.sentence))
        if id(node) not in asked:
            self.report("CW204", node, "'it' here is a card examined, and no 'If it is a "
                        "...' before it says which", "write it after 'examine the top card of "
                        "...': 'If it is a boon, you may add it to your hand'")

    # -- header fields -------------------------------------------------------

    def _fields(self, kind: str) -> None:
        allowed, required = _FIELDS[kind]
        if kind == "bane" and self.card.field("Check") is None and self._summoned():
            # a skirmish: its encounter is the cards it summons
            required = ()
        self.diagnostics += header_fields(self.card, GAME, allowed, required)
        check = self.card.value("Check")
        if check is not None:
            self._check_sequence(check)
        for skill in self.card.value("Skills", ()):
            self._skill_die(skill)
        hand = self.card.field("Hand")
        if hand is not None and not 1 <= hand.value <= 15:
            self.report("CW209", hand, f"a hand of {hand.value} cards is out of range",
                        "a hand holds 1 to 15 cards")

    def _check_sequence(self, check: ast.CheckSequence) -> None:
        for step in check.steps:
            self._check_step(step)

    def _check_step(self, step: ast.CheckStep) -> None:
        for option in step.options:
            for skill in option.skills:
                if not known(skill, CHECK_SKILLS):
                    self.unknown("CW205", skill, "a pacg skill", CHECK_SKILLS)
            if not 0 <= option.difficulty <= 99:
                self.report("CW209", option,
                            f"a difficulty of {option.difficulty} is out of range",
                            "difficulties run from 0 to 99")

    def _skill_die(self, skill: ast.SkillDie) -> None:
        if not known(skill.skill, SKILLS):
            self.unknown("CW205", skill.skill, "a pacg skill", SKILLS)
        self._die_sides(skill, skill.sides)

    def _die_sides(self, node: ast.Node, sides: int) -> None:
        if sides not in DICE_SIDES:
            self.report("CW209", node, f"there is no d{sides} in pacg",
                        "skill dice are d4, d6, d8, d10, d12 or d20")

    # -- sentences -----------------------------------------------------------

    def _sentence(self, kind: str, sentence: ast.Sentence) -> None:
        if kind in ("Character", "Location"):
            self.report("CW204", sentence,
                        f"pacg {self.card.type} cards take no rules text in this version",
                        "give the card its numbers in header fields only")
            return
        if isinstance(sentence, ast.Keywords):
            self.report("CW203", sentence,
                        f"'{', '.join(map(str, sentence.names))}' is not a sentence pacg knows: "
                        "pacg cards have no keywords",
                        f"if you meant an immunity, write 'Immune to {sentence.names[0]}.'")
        elif isinstance(sentence, (ast.Immunity, ast.Resistance)):
            if kind != "bane":
                self.report("CW204", sentence,
                            "only banes have immunities, resistances and vulnerabilities")
        elif isinstance(sentence, ast.Triggered):
            before = len(self.diagnostics)
            for one in ast.each_window(sentence):
                self._triggered(kind, one)
            # an effect that neither of two windows allows is reported once
            self.diagnostics[before:] = list(dict.fromkeys(self.diagnostics[before:]))
        elif isinstance(sentence, ast.Activated):
            for power in sentence.powers:
                self._activated(kind, power)
        elif isinstance(sentence, ast.DisplayPower):
            if kind != "boon":
                self.report("CW204", sentence, "only a boon has powers in pacg, and so only a "
                            "boon displays itself as a power", "a bane displays itself in a "
                            "timing window: 'If undefeated, display this card next to the "
                            "scenario.'")
        elif isinstance(sentence, ast.WhileDisplayed):
            self._while_displayed(kind, sentence)
        elif isinstance(sentence, ast.Untimed):
            # A boon's text with no timing is done after each of its powers is played; a
            # displayed card's holds while it is displayed; a bane's, _untimed_kind.
            kind = _untimed_kind(kind, sentence)
            if sentence.moment == "before_playing":
                self._forbidding_only(sentence)
            for effect in sentence.effects:
                self._effect(kind, effect)

    def _dice(self, sentence: ast.Sentence, last: ast.Sentence | None,
              rolled_before: bool) -> bool:
        """`roll 4d6` makes the check a power is played on with those dice, only in a power's
        own sentence (with other effects, elsewhere, it would be a roll for a result); `on a
        1, ...` asks what dice rolled just before came to, in its sentence or, in a sentence
        of its own, at the end of the one before (`Roll 1d6. On a 1, ...`) or of a row of
        rolls before it (`2. ...` after `1. ...`).  Returns whether the roll still stands
        for the sentence after."""
        if sentence.table == ast.DAMAGE_TYPES_HEADING:  # its rows ask the roll before it
            if not rolled_before:
                self.report("CW204", sentence, "nothing is rolled just before this table of "
                            "damage types", "roll first: 'Roll 1d6. All damage dealt by this "
                            "card is the following type:', or 'Roll 1d6 for the type of "
                            "damage:'")
            return rolled_before
        types = sentence.node_types
        asks = not sentence.condition_kinds.isdisjoint(ast.ROLL_CONDITIONS)
        ends_rolling = isinstance(sentence, ast.Triggered | ast.Untimed | ast.Continuation) \
            and isinstance(sentence.effects[-1], ast.RollFor)
        if not (ast.RollDice in types or asks) or (sentence.continues and last is None):
            return ends_rolling  # (one that goes on with no sentence: _continuation)
        rolled = ast.RollFor in types or (
            rolled_before and (sentence.continues or isinstance(sentence, ast.Triggered)))
        for node in sentence.nodes:
            if isinstance(node, ast.RollDice) and not isinstance(sentence, ast.Activated):
                self.report("CW204", node, "'roll <dice>' makes a check with those dice only "
                            "as a power's own effect",
                            "for a roll for a result, write it in a sentence of its own or "
                            "before what it decides: 'roll 1d6; on a 1, ...'")
            elif isinstance(node, ast.Condition) and node.kind in ast.ROLL_CONDITIONS \
                    and not rolled:
                self.report("CW204", node, "nothing is rolled just before 'on a ...'",
                            "roll first: 'roll 1d6; on a 1, ...' or 'Roll 1d6. On a 1, ...'")
        return ends_rolling or (asks and rolled)

    def _that_location(self, sentence: ast.Sentence, selected: bool) -> bool:
        """`each character at that location` names the location selected before it, in its
        sentence or one before; returns whether one has been selected after this one."""
        if "each_character_at_selected" not in sentence.target_kinds:
            return selected or ast.SelectLocation in sentence.node_types
        for node in sentence.nodes:
            selected = selected or isinstance(node, ast.SelectLocation)
            if isinstance(node, ast.Target) and node.kind == "each_character_at_selected" \
                    and not selected:
                self.report("CW204", node, "'that location' names no location: nothing "
                            "before it selects one",
                            "select one first: 'Before the encounter, randomly select an "
                            "occupied location.'")
        return selected

    def _exploration(self, sentence: ast.Sentence, before: ast.Sentence | None) -> None:
        """`during this exploration` is the exploration `explore` grants just before it, in
        its sentence or, for a sentence that goes on from the one before, in that one; `If
        you encounter a boon, banish it`, the one the sentence before grants."""
        before_explores = before is not None and ast.Explore in before.node_types
        if ast.ExplorationFinds in sentence.node_types and not before_explores:
            self.report("CW204", sentence, "'if you encounter ...' names no "
                        "exploration: the sentence before it does not explore",
                        "write it after a power that explores: 'Discard this card to explore "
                        "your location.'")
        if ast.ExplorationAddition not in sentence.node_types:
            return
        explored = isinstance(sentence, ast.Continuation) and before_explores
        for node in sentence.nodes:
            explored = explored or isinstance(node, ast.Explore)
            if isinstance(node, ast.ExplorationAddition) and not explored:
                self.report("CW204", node, "'during this exploration' names no exploration: "
                            "nothing before it explores",
                            "write it after 'explore your location', in its sentence or the "
                            "one before")

    def _movement(self, kind: str, sentence: ast.Sentence, before: ast.Sentence | None
                  ) -> None:
        """`Ignore any movement restrictions.` says how a boon's powers move: it follows one
        that moves; `characters may not move ...` keeps the characters at the location, the
        bane's own."""
        if isinstance(sentence, ast.MovementRule) and (
                kind != "boon" or not isinstance(before, ast.Activated)
                or ast.Move not in before.node_types):
            self.report("CW204", sentence, "a sentence about movement restrictions names no "
                        "move: the sentence before it is not a boon's power that moves",
                        "write it after a power that moves: 'Recharge this card to move.'")
        if ast.MovementLock not in sentence.node_types:
            return
        for node in sentence.nodes:
            if isinstance(node, ast.MovementLock) and node.target.kind not in (
                    "each_character", "each_character_at_location"):
                self.report("CW204", node, "only the characters at the bane's location may "
                            "be kept from moving", "write 'characters may not move or be "
                            "moved'")

    def _continuation(self, kind: str, sentence: ast.Continuation | ast.Untimed,
                      before: ast.Sentence | None) -> None:
        """`Then, ...` (or `Characters who fail ...`) continues a sentence with effects, and
        may do what that one may."""
        if sentence.table == ast.DAMAGE_TYPES_HEADING:  # no effects; _dice asks for its roll
            return
        if not isinstance(before, ast.Triggered | ast.Activated | ast.Untimed):
            self.report("CW204", sentence, "this sentence continues the one before it, "
                        "and there is no sentence with effects before it",
                        "give the effects a timing window or a cost of their own")
            return
        if isinstance(before, ast.Triggered):
            kind = _window_kind(kind, before)
        elif isinstance(before, ast.Untimed):
            kind = _untimed_kind(kind, before)
        for effect in sentence.effects:
            self._effect(kind, effect)

    def _triggered(self, kind: str, sentence: ast.Triggered) -> None:
        windows = BOON_WINDOWS if kind == "boon" else WINDOWS
        if sentence.within is not None and (kind == "boon" or sentence.within not in ast.OUTCOMES
                                            or sentence.window in ast.OUTCOMES):
            self.report("CW202", sentence,
                        f"'{ast.TIMING_WINDOWS[sentence.within]}' cannot hold another window",
                        "only 'If defeated' and 'If undefeated' may come before another window, "
                        "as in 'If undefeated, after the encounter, ...'")
            return
        if sentence.window not in windows:
            words = ast.TIMING_WINDOWS[sentence.window]
            known_windows = ", ".join(f"'{ast.TIMING_WINDOWS[window]}'" for window in windows)
            self.report("CW202", sentence,
                        f"a pacg {self.card.type} has no '{words}' timing window",
                        f"its windows are {known_windows}")
            return
        kind = _window_kind(kind, sentence)
        for effect in sentence.effects:
            if sentence.condition is not None and isinstance(effect, ast.NoDamage):
                # Whether the card deals damage is settled before its check is rolled.
                self.report("CW204", effect, "whether the card deals damage cannot depend on "
                            "how its check to defeat went",
                            "write 'If undefeated, <the card> deals no damage' alone")
                continue
            self._effect(kind, effect)

    def _effect(self, kind: str, effect: ast.Effect) -> None:
        """Whether a bane (or a displayed card) or a boon may do `effect`, and what it holds."""
        allowed = _ALLOWED.get(kind, _BANE_EFFECTS)
        if kind in ("boon", "boon_roll") and isinstance(effect, ast.Forbid) and effect.on_check:
            allowed = (ast.Forbid,)  # `... on this check`
        if not isinstance(effect, allowed):
            self.report("CW204", effect, self._why_not(kind, effect))
        elif isinstance(effect, ast.ForceOutcome) \
                and (effect.outcome == "acquired") != (kind == "boon_encountered"):
            self.report("CW204", effect, f"a {self.card.type} is not "
                        + ("acquired" if effect.outcome == "acquired" else effect.outcome),
                        "a bane is defeated or undefeated; a boon is acquired")
        elif isinstance(effect, ast.SelfAction) and effect.beside and effect.action != "display":
            self.report("CW204", effect, f"a card cannot {effect.action} itself next to "
                        "something", "a card is displayed next to something")
        elif isinstance(effect, ast.SelfAction) and kind not in ("boon", "boon_roll") \
                and effect.action not in ("banish", "display"):
            self.report("CW204", effect, f"a {self.card.type} cannot {effect.action} itself",
                        "a bane may banish or display itself, or be shuffled into the location "
                        "deck")
        elif isinstance(effect, ast.CheckOrElse):
            self._check_step(effect.check)
            for branch in effect.otherwise:
                self._effect(kind, branch)
        elif isinstance(effect, ast.ExtraCost | ast.ForEach | ast.ForEachPlayed):
            self._effect(kind, effect.effect)
        elif isinstance(effect, ast.Conditional | ast.YouMay | ast.PayTo | ast.Either):
            for branch in ast.branches(effect):
                self._effect(kind, branch)
        elif isinstance(effect, ast.InsteadOfDiscard | ast.Attempt) and effect.check is not None:
            self._check_step(effect.check)
            if isinstance(effect, ast.Attempt) and effect.then is not None:
                self._effect(kind, effect.then)

    def _why_not(self, kind: str, effect: ast.Effect) -> str:
        """Why a card of `kind` may not do `effect` (_effect)."""
        if kind in ("boon", "boon_roll"):
            return "a boon cannot do this" if not isinstance(effect, _ROLL_EFFECTS) else \
                "only 'If you would fail the check' and 'If you would succeed at the check' " \
                "have dice to reroll"
        if kind == "boon_encountered":
            return "a boon, as it is encountered, cannot do this: its powers are for when it " \
                   "is played"
        return f"a {self.card.type} cannot do this: evading, reducing damage and adding to " \
               "checks are what boons do" + ("" if not isinstance(effect, ast.EncounterSelf)
                                             else "; a card is encountered from a deck only "
                                             "when it is examined")

    def _while_displayed(self, kind: str, sentence: ast.WhileDisplayed) -> None:
        """A boon's or bane's standing text while it is displayed beside a character, which
        the runtime plays: additions to checks, and the dice of skills."""
        if kind not in ("boon", "bane"):
            self.report("CW204", sentence, "only a boon's or bane's 'While displayed' text is "
                        "played", "a displayed Scourge, Supporter or Token's text holds while "
                        "it is displayed without it")
            return
        for effect in sentence.effects:
            standing = isinstance(effect, ast.SkillDice) \
                or (isinstance(effect, ast.AddToCheck) and effect.more is None)
            if not standing:
                self.report("CW204", effect, "while a card is displayed, its text may add to "
                            "checks or set the dice of skills; nothing else holds then",
                            "write 'While displayed, add 3 to your Charisma checks.', or give "
                            "it a cost: 'While displayed, you may recharge this card to ...'")

    def _skill_dice(self, node: ast.SkillDice) -> None:
        self._skills(node.skills, SKILLS)
        self._die_sides(node, node.sides)

    def _activated(self, kind: str, sentence: ast.Activated) -> None:
        if kind != "boon":
            self.report("CW204", sentence, "only boons have powers in pacg",
                        "a bane acts in a timing window: 'Before the encounter, ...'")
            return
        if ast.is_open(sentence):  # no sentence after it gave it effects (ast.joined_powers)
            self.report("CW204", sentence, "this power chooses a character and does nothing "
                        "for them", "say what it does in the next sentence: 'That character "
                        "may ...'")
        purposes = [effect for effect in sentence.effects if isinstance(effect, _POWER_PURPOSES)]
        if len(purposes) > 1:
            self.report("CW204", sentence,
                        "a power may do only one of: evade, defeat, reduce damage, add to a check",
                        "split it into one sentence for each")
        if sentence.check is not None:
            self._skills((sentence.check,), CHECK_SKILLS)
        for effect in sentence.effects:
            self._effect(kind, effect)

    # -- words and references anywhere ----------------------------------------

    def _node_traits(self, node: ast.Immunity | ast.Resistance | ast.Selector | ast.Forbid
                     | ast.SearchDeck | ast.GainFromBox | ast.PileAction | ast.PlayedFate) -> None:
        for word in node.traits:
            self._trait(word, STANDARD_TRAITS, "trait")

    def _damage_kind(self, node: ast.Damage | ast.DamageRule | ast.CountedDamage) -> None:
        kind = node.as_kind if isinstance(node, ast.DamageRule) else node.kind
        if kind is not None:
            self._damage_type(kind)

    def _reduced_kinds(self, node: ast.ReduceDamage) -> None:
        for word in node.kinds:
            self._damage_type(word)

    def _damage_type(self, kind: ast.Word) -> None:
        """`Ranged Combat` is Combat damage with the Ranged trait (docs/rulings.md, damage a
        card changes): its last word is the damage type, the words before it traits."""
        *traits, damage_type = kind.text.split()
        if traits and self._known_trait(damage_type, DAMAGE_KINDS) \
                and all(self._known_trait(trait, STANDARD_TRAITS) for trait in traits):
            return
        self._trait(kind, DAMAGE_KINDS, "damage type")

    def _known_trait(self, text: str, known_words: tuple[str, ...]) -> bool:
        return text.casefold() in self.pool.traits or known(text, known_words)

    def _node_card_kinds(self, node: ast.Selector | ast.Forbid | ast.CardAction
                         | ast.GainFromBox | ast.Retrieve | ast.DiscardFirst | ast.PayForEach
                         | ast.PileAction | ast.SearchDeck | ast.SummonFromBox
                         | ast.PlayedFate | ast.ExplorationFinds) -> None:
        self._card_kinds(node.kinds)
        if isinstance(node, ast.Forbid):
            self._card_kinds(node.or_kinds)

    def _card_source(self, node: ast.CardAction) -> None:
        if node.source == "chosen_discards":  # in a power, AstBuilder.activated replaced it
            self.report("CW204", node, "only a power's effects may take cards from a "
                        "character's discard pile: they are for the character its holder "
                        "chooses", "write 'from your discard pile', or make it a power: "
                        "'Recharge this card to shuffle a card from a character's discard "
                        "pile into his deck.'")

    def _alongside(self, node: ast.Triggered) -> None:
        if node.alongside is not None and node.window != "would_fail_by":
            self._card_kinds((node.alongside,))

    def _skill_die_added(self, node: ast.AddSkillDie) -> None:
        self._skills((node.skill,), SKILLS)

    def _use_skill(self, node: ast.UseSkill) -> None:
        self._skills(node.skills, CHECK_SKILLS)

    def _condition(self, node: ast.Condition) -> None:
        if node.kind in ("has_skill", "lacks_skill"):
            self._skills(node.words, SKILLS)
        elif node.kind in ("played_on_check", "has_in_hand"):
            self._card_kinds(node.words[:1])  # the type; the traits follow
        elif node.kind in ("examined_is", "examined_is_not", "lacks_cards", "check_against"):
            self._card_kinds(node.words)
        elif node.kind == "check_was":
            self._check_kinds(node.words)
        elif node.kind == "self_has_trait":
            for word in node.words:
                self._trait(word, STANDARD_TRAITS, "trait")
        elif node.kind == "check_against_card":
            self._card_ref(node.words[0], ("bane", "boon"), "the card a check is against",
                           "name a bane or a boon")
        elif node.kind == "examined_named":
            self._card_ref(node.words[0], ("bane", "boon"), "a card examined",
                           "name a bane or a boon")
        elif node.kind in ast.SUMMONED_CONDITIONS:
            self._summoned_condition(node)

    def _summoned_condition(self, node: ast.Condition) -> None:
        """`If the Bloodbug is not defeated`: the text must summon a card, and the one named
        (unless the word is a kind of card: `If either monster is not defeated`)."""
        if not any(isinstance(other, ast.Summon | ast.SummonFromBox | ast.EncounteredByEach)
                   for other in self.card.rules_nodes):
            self.report("CW204", node, "this asks how the encounter of a card the text "
                        "summons went, and the text summons none", "summon the card first: "
                        "'Before the encounter, summon and encounter the henchman Bloodbug.'")
        elif node.words and singular(node.words[0].text) not in _singulars(_KINDS) \
                and ast.name_key(node.words[0].text) not in self._summoned():
            self.report("CW204", node.words[0], f"this card's text does not summon "
                        f"'{node.words[0]}'", "name a card the text summons, or a kind of "
                        "card: 'If either monster is not defeated'")

    def _add_dice(self, node: ast.AddDice) -> None:
        if node.count.dice or not 1 <= node.count.plus <= 10:
            self.report("CW209", node.count, f"{node.count} is not a number of dice to add",
                        "add 1 to 10 dice")

    def _summon(self, node: ast.Summon) -> None:
        for card in node.cards:
            self._card_ref(card, ("bane", "boon"), "summoned", "summon a bane or a boon")

    def _summoned(self) -> set[str]:
        """The cards the card's text summons, folded."""
        return {ast.name_key(card.name) for node in self.card.rules_nodes
                if isinstance(node, ast.Summon) for card in node.cards}

    def _undefeated_unless(self, node: ast.UndefeatedUnless) -> None:
        """The outcome is settled before the check to defeat, so the card named must be
        summoned (or encountered by each) by then: in text with no window, or one before the
        check."""
        before = [other for sentence in self.card.sentences
                  if isinstance(sentence, ast.Untimed)
                  or (isinstance(sentence, ast.Triggered) and sentence.window in _BEFORE_CHECK)
                  for other in sentence.nodes]
        encountered = {ast.name_key(card.name) for other in before
                       if isinstance(other, ast.Summon) for card in other.cards}
        if any(isinstance(other, ast.EncounteredByEach) for other in before):
            encountered.add(ast.name_key(self.card.name))
        if ast.name_key(node.card.name) not in encountered:
            self.report("CW204", node.card, f"this card's text does not summon "
                        f"'{node.card.name}' before its check to defeat, when its outcome is "
                        "settled", "name a card the text summons first: 'Each character at "
                        "this location summons and encounters a Zombie Minion henchman.'")

    def _suffer_scourge(self, node: ast.SufferScourge) -> None:
        if node.card is not None:
            self._card_ref(node.card, ("Scourge",), "suffered", "name a Scourge")

    def _pay_to(self, node: ast.PayTo) -> None:
        """What pays for an effect is the character's own cards, a number of them known
        before they are paid."""
        cost = node.cost
        if cost.target.kind != "you" or cost.source == "blessings" or cost.count.dice:
            self.report("CW204", cost, "a cost is a number of the character's own cards",
                        "write 'you may discard a card to ...' or '... the top card of your "
                        "deck to ...'")

    def _forbidding_only(self, sentence: ast.Untimed) -> None:
        """A sentence that says when the card may not be played is asked each time the card
        could be, before anything is paid, and so may do nothing but forbid: its other
        effects would be done by the asking (`You may not play this card if you have no
        Arcane skill, bury this card.` buried the card whenever its holder wondered whether
        to play it)."""
        for effect in sentence.effects:
            forbids = effect.then if isinstance(effect, ast.Conditional) \
                and effect.otherwise is None else effect
            if not isinstance(forbids, ast.ForbidSelf):
                self.report("CW204", effect, "a sentence that says when this card may not be "
                            "played may do nothing else",
                            "end the sentence after 'may not play this card' and write what "
                            "else it does as a sentence of its own")

    def _forbid_self(self, node: ast.ForbidSelf) -> None:
        if node.who is not None:
            self.report("CW204", node, "only the card's holder is asked whether it may play "
                        "this card", "write 'you may not play this card'")

    def _target(self, node: ast.Target) -> None:
        if node.kind not in TARGETS:
            self.report("CW204", node, "pacg has no such target",
                        "pacg's effects fall on characters: you, the turn character, each "
                        "character ...")

    def _which_checks(self, checks: ast.WhichChecks) -> None:
        """Each word of a kind of check is a skill, `combat` or `noncombat`; each card type
        a check is against is a kind of pacg card."""
        self._check_kinds(checks.kinds)
        self._card_kinds(checks.against, (*_KINDS, "Location"))

    def _check_kinds(self, kinds: tuple[ast.Word, ...]) -> None:
        for kind in kinds:
            for text in kind.text.split():
                if not known(text, (*CHECK_SKILLS, *CHECK_WORDS)):
                    # Placed only when reported: finding where a shared node stands walks
                    # the card.
                    word = ast.Word(text, span=self.card.where(kind))
                    self.unknown("CW205", word, "a pacg skill", CHECK_SKILLS)

    def _card_kinds(self, words: tuple[ast.Word, ...], kinds: tuple[str, ...] = _KINDS) -> None:
        """Each word names a kind of card (`spells` and `spell` alike)."""
        folded = _singulars(kinds)
        for word in words:
            if singular(word.text) not in folded:
                self.unknown("CW210", word, "a kind of pacg card", kinds)

    def _skills(self, words: tuple[ast.Word, ...], skills: tuple[str, ...]) -> None:
        for word in words:
            if not known(word, skills):
                self.unknown("CW205", word, "a pacg skill", skills)

    def _card_ref(self, ref: ast.CardRef | ast.Word, kinds: tuple[str, ...], done: str,
                  hint: str) -> None:
        """A card the text names (a reference, or a condition's word) must exist and be of
        one of `kinds`: kinds of card (kind_of) or types."""
        written = ref.name if isinstance(ref, ast.CardRef) else ref.text
        name = self.pool.names.get(ast.name_key(written))
        if name is None:
            self.report("CW207", ref, f"no card is named '{written}'",
                        did_you_mean(written, self.pool.types))
            return
        target = self.pool.types[name]
        if target is not None and kind_of(target) not in kinds and target not in kinds:
            self.report("CW204", ref, f"'{written}' is a {target}, which cannot be "
                        f"{done}", hint)

    def _amount(self, amount: ast.Amount) -> None:
        if amount.per_player:
            self.report("CW209", amount, "pacg has no per-player amounts",
                        "write a plain number or dice")
        elif amount.dice and (amount.sides not in DICE_SIDES or amount.dice > 10):
            self.report("CW209", amount, f"{amount} is not a roll pacg can make",
                        "roll up to 10 dice of d4, d6, d8, d10, d12 or d20")
        elif amount.times != 1:
            self.report("CW209", amount, "pacg amounts are not multiplied",
                        "write the number itself")
        else:
            self.counts_too_many(amount, amount.plus)


# What each kind of node anywhere in the rules text is checked for, in this order; a node of
# any other kind, for nothing.
_NODE_CHECKS: dict[type, tuple[Callable[[_CardCheck, Any], None], ...]] = ByKind({
    ast.Immunity: (_CardCheck._node_traits,),
    ast.Resistance: (_CardCheck._node_traits,),
    ast.Selector: (_CardCheck._node_traits, _CardCheck._node_card_kinds),
    ast.Forbid: (_CardCheck._node_traits, _CardCheck._node_card_kinds),
    ast.Damage: (_CardCheck._damage_kind,),
    ast.DamageRule: (_CardCheck._damage_kind,),
    ast.CountedDamage: (_CardCheck._damage_kind,),
    ast.ReduceDamage: (_CardCheck._reduced_kinds,),
    ast.CardAction: (_CardCheck._node_card_kinds, _CardCheck._card_source),
    ast.PileAction: (_CardCheck._node_traits, _CardCheck._node_card_kinds),
    ast.SummonFromBox: (_CardCheck._node_card_kinds,),
    ast.SearchDeck: (_CardCheck._node_traits, _CardCheck._node_card_kinds),
    ast.DiscardFirst: (_CardCheck._node_card_kinds,),
    ast.Retrieve: (_CardCheck._node_card_kinds,),
    ast.PayForEach: (_CardCheck._node_card_kinds,),
    ast.ForEachPlayed: (_CardCheck._node_card_kinds,),
    ast.ExplorationFinds: (_CardCheck._node_card_kinds,),
    ast.PlayedFate: (_CardCheck._node_traits, _CardCheck._node_card_kinds),
    ast.GainFromBox: (_CardCheck._node_traits, _CardCheck._node_card_kinds),
    ast.Triggered: (_CardCheck._alongside,),
    ast.EitherWindow: (_CardCheck._alongside,),
    ast.WhichChecks: (_CardCheck._which_checks,),
    ast.UseSkill: (_CardCheck._use_skill,),
    ast.AddSkillDie: (_CardCheck._skill_die_added,),
    ast.SkillDice: (_CardCheck._skill_dice,),
    ast.Condition: (_CardCheck._condition,),
    ast.AddDice: (_CardCheck._add_dice,),
    ast.Summon: (_CardCheck._summon,),
    ast.UndefeatedUnless: (_CardCheck._undefeated_unless,),
    ast.ExaminedAction: (_CardCheck._examined_action,),
    ast.SufferScourge: (_CardCheck._suffer_scourge,),
    ast.ForbidSelf: (_CardCheck._forbid_self,),
    ast.PayTo: (_CardCheck._pay_to,),
    ast.Target: (_CardCheck._target,),
    ast.Amount: (_CardCheck._amount,),
}, ())


@cache
def _singulars(kinds: tuple[str, ...]) -> frozenset[str]:
    """The singular words `kinds` fold to, made once for each list of kinds a check names
    (every card's selectors ask it)."""
    return frozenset(singular(kind) for kind in kinds)


check_card = _CardCheck.check_card
