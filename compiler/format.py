"""AST -> canonical card text: one way to write each meaning.

The formatter writes fields in the game's order and the canonical wording of
every sentence: `Before the encounter,` for `Before you act,`, `Immune to A.`
for `A immunity.`, an explicit subject for every effect.  Comment lines stay
before the line they stood before.  Its promises, tested on every card the
project has: formatting twice changes nothing, and the formatted text parses
to the same AST.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from enum import Enum
from typing import Any

from compiler import ast
from compiler.runtime.pacg.words import singular
from compiler.runtime.ucg.words import KEYWORDS

TARGET_WORDS = {
    "you": "you",
    "holder": "the card's holder",
    "turn_character": "the turn character",
    "each_character": "each character",
    "each_character_at_location": "each character at this location",
    "each_other_character": "each other character",
    "another_character": "another character",
    "party": "the party",
    "target_character": "target character",
    "target_player": "target player",
    "random_character_at_location": "a random character at this location",
    "each_other_character_at_location": "each other character at this location",
    "random_character": "a random character",
    "random_other_character": "a random other character at this location",
    "random_character_elsewhere": "a random character at another location",
    "that_character": "that character",
    "each_character_at_open_location": "each character at an open location",
    "each_character_at_selected": "each character at that location",
    "character_at_location": "a character at this location",
    "characters_who_succeeded": "characters who succeed",
    "characters_who_failed": "characters who fail",
    "leader": "the Leader",
    "monster": "the monster",
}
# The characters a power's holder may choose for its effects (ast.Activated.chosen).
CHOSEN_WORDS = {
    "character_at_location": "a character at your location",
    "another_character": "another character at your location",
    "target_character": "a character",
}
# Card actions' verbs: (with `you`, with any other subject).
VERBS = {
    "take": ("take", "takes"),
    "draw": ("draw", "draws"),
    "discard": ("discard", "discards"),
    "bury": ("bury", "buries"),
    "banish": ("banish", "banishes"),
    "recharge": ("recharge", "recharges"),
    "summon": ("summon and encounter", "summons and encounters"),
    "roll": ("roll", "rolls"),
    "gain": ("gain", "gains"),
    "move": ("move", "moves"),
    "encounter": ("encounter", "encounters"),
    "attempt": ("attempt", "attempts"),
    "suffer": ("suffer", "suffers"),
    "shuffle": ("shuffle", "shuffles"),
    "top": ("put", "puts"),
}
REPLACED_WORDS = {"discard": "discarding", "bury": "burying", "banish": "banishing",
                  "recharge": "recharging"}
PAID_WORDS = {"discard": "discarded", "bury": "buried", "banish": "banished",
              "recharge": "recharged"}
MARKER_WORDS = {
    "ambush": "Ambush",
    "monster_nest": "Monster Nest",
    "skippable": "you may skip this event",
    "no_attack": "do not attack",
    "carries_light": "Carries a light",
    "never_surprised": "Never surprised",
    "always_attacks": "Always attacks",
    "pursues": "Pursues",
    "self": "Self",
    "lost": "Lost",
    "round_bonus": "Round bonus",
    "jump": "Jump",
    "all_adjacent": "Target all adjacent enemies",
    "advantage": "Advantage",
    "one_target": "Target one enemy with all attacks",
}
# Gloomhaven's markers that modify an action's abilities, written among them.
ACTION_MARKERS = ("self", "jump", "all_adjacent", "advantage", "one_target")
CLOSE_WORDS = {
    "close": "close",
    "temporarily_close": "temporarily close",
    "attempt_close": "attempt to close",
}
EXAMINED_WORDS = {"take": "add it to your hand", "draw": "draw it",
                  "top": "put it on the top of the blessings deck",
                  "bottom": "put it on the bottom of the blessings deck",
                  "encounter": "encounter it", "discard": "discard it", "bury": "bury it",
                  "banish": "banish it", "recharge": "recharge it"}
COUNTED_WORDS = {"other_characters_here": "character at your location",
                 "other_open_locations": "open location",
                 "characters_elsewhere": "character at another location"}
CLOSE_PLACES = {"here": "this location", "origin": "the location this card came from"}
CONDITION_WORDS = {
    "proficient": "you are proficient with {}",
    "not_proficient": "you are not proficient with {}",
    "has_skill": "you have the {} skill",
    "lacks_skill": "you do not have the {} skill",
    "succeeded": "you succeed",
    "failed": "you fail",
    "any_failed": "any character fails",
    "alone": "you are the only character at this location",
    "not_alone": "you are not the only character at this location",
    "cards_left": "there are other cards in the location deck",
    "no_other_open": "there are no other open locations",
    "matches_blessing": "the top card of the blessings discard pile matches this card",
    "blessing_has_trait": "the top card of the blessings discard pile has the {} trait",
    "check_has_trait": "the check to defeat has the {} trait",
    "check_lacks_trait": "the check to defeat does not have the {} trait",
    "check_is": "the check is a {} check",
    "check_against_card": "the check is against the {}",
    "examined_named": "the card is {}",
    "blessed": "the check to defeat is blessed",
    "not_blessed": "the check to defeat is not blessed",
    "dealt_damage": "this card dealt damage to you",
    "discarded_for_damage": "you discarded any cards as damage from this card",
    "lacks_cards": "you have no {}",
    "has_trait": "your character has the {} trait",
    "self_has_trait": "this card has the {} trait",
    "check_was": "the check to defeat was a {} check",
    "succeeded_by": "the check to defeat succeeded by {} or more",
    "failed_by": "the check to defeat failed by {} or more",
    "short_by": "the check to defeat did not succeed by {} or more",
}
# The cards of the deck a card action takes, by its source.
DECK_SOURCE_ENDS = {"deck": "top", "deck_end": "top or bottom", "deck_ends": "top and bottom"}
# Where `shuffle_cards` puts them, by the CardAction's action.
SHUFFLED_TO = {"shuffle": "your deck", "shuffle_to_location": "your location deck"}
CARD_SOURCES = {"hand": "", "discards": " from your discard pile",
                "hand_or_discards": " from your hand or discard pile",
                "hand_or_deck": " from your hand or from your deck",
                "blessings": " from the blessings deck"}  # `deck`: _cards
TURN_ACTION_WORDS = {"reset_hand": "reset your hand", "end_turn": "end your turn",
                     "keep_hand": "do not reset your hand at the end of the turn"}
LOST_WORDS = {"bury": "buried", "banish": "banished"}  # DamageRule.loses


def format_file(card_file: ast.CardFile) -> str:
    """The whole file in canonical form, its comments kept in place."""
    out = _Writer(card_file.comments)
    out.line(f"Game: {card_file.game}", card_file.game_span)
    for index, card in enumerate(card_file.cards):
        # A separator takes no comments: those between two cards go with the second.
        out.blank() if index == 0 else out.line("---", None)
        _card(out, card)
    out.rest()
    return out.text()


def format_card(card: ast.Card) -> str:
    """One card in canonical form, without its file's comments."""
    out = _Writer(())
    _card(out, card)
    return out.text()


def _card(out: _Writer, card: ast.Card) -> None:
    for item in card.fields:
        out.line(f"{item.name}: {field_value(item.value)}", item.span)
    if card.sections:
        out.blank()
    for section in card.sections:
        for index, sentence in enumerate(section.sentences):
            label = f"{section.label}: " if section.label and index == 0 else ""
            out.line(label + format_sentence(sentence), sentence.span)


def field_value(value: Any) -> str:
    if isinstance(value, ast.CheckSequence):
        return format_check(value)
    if isinstance(value, tuple) and value and isinstance(value[0], ast.SkillDie):
        return ", ".join(_skill_die(die) for die in value)
    if isinstance(value, tuple):
        return ", ".join(map(str, value))
    return str(value)


def format_check(check: ast.CheckSequence) -> str:
    return " then ".join(check_step(step) for step in check.steps)


def check_step(step: ast.CheckStep) -> str:
    options = " or ".join(f"{_list(map(str, option.skills), 'or')} {option.difficulty}"
                          + ("+" + "#" * option.adventure if option.adventure else "")
                          for option in step.options)
    return f"({step.label}) {options}" if step.label else options


def _skill_die(die: ast.SkillDie) -> str:
    return f"{die.skill} d{die.sides}" + (f"{die.bonus:+d}" if die.bonus else "")


# -- sentences -----------------------------------------------------------------------


def format_sentence(sentence: ast.Sentence) -> str:
    """A sentence as written canonically; a table of rolls is kept a table (Sentence.table):
    its first line ends in a colon, and each row is its results and what the row's
    conditions on them hold."""
    if sentence.table == ast.DAMAGE_TYPES_HEADING:
        return sentence.table
    if sentence.table in (ast.TABLE_INTRO, ast.DAMAGE_TYPES_INTRO):
        return _begun(sentence) + sentence.table
    if sentence.table is not None:
        row = dataclasses.replace(sentence, table=None, effects=tuple(
            effect.then for effect in sentence.effects))
        kind = _row_damage_kind(row)
        return f"{sentence.table}. {kind or format_sentence(row)}"
    return _begun(sentence) + "."


def _begun(sentence: ast.Sentence) -> str:
    """The sentence with a capital first letter, unless it begins with a word of the card's
    own, which is kept as written (`swift, overpower.`, `mental immunity.`): a word's case
    is part of what the card says (a ucg keyword is `Swift`, and the check says `swift` is
    none), and the formatter never changes what a card says."""
    written = _SENTENCES[type(sentence)](sentence)
    for node in sentence.nodes:
        if isinstance(node, ast.Word) and written.startswith(node.text) \
                and not written[len(node.text):len(node.text) + 1].isalnum():
            return written
    return _capitalised(written)


def _row_damage_kind(row: ast.Sentence) -> ast.Word | None:
    """The damage type a row of a table of damage types gives (`1. Acid`), written so."""
    rule = row.effects[0] if len(row.effects) == 1 else None
    if isinstance(row, ast.Untimed) and isinstance(rule, ast.DamageRule) \
            and rule == ast.DamageRule(as_kind=rule.as_kind, span=rule.span):
        return rule.as_kind
    return None


# The windows whose wording names the card only when the text calls it otherwise than
# `this card`: `When you encounter the Haunt`.
_WINDOWS_OF_CARD = {"when_encountered": "When you encounter this card",
                    "if_defeated": "If this card is defeated",
                    "if_undefeated": "If this card is undefeated",
                    "on_death": "If this card dies this round"}  # by name only


def _window_words(sentence: ast.Triggered) -> str:
    """The window's words, begun in lower case after a window written before it."""
    words = ast.TIMING_WINDOWS[sentence.window]
    if sentence.once is not None:  # `The first time this card is undefeated this turn`
        words = ast.ONCE_WINDOWS[sentence.once, sentence.window]
    elif sentence.card is not None:
        words = _WINDOWS_OF_CARD.get(sentence.window, words)
    if sentence.card is not None:  # `If the Karkinoi would be defeated`
        words = words.replace("this card", self_ref(sentence.card), 1)
    if sentence.alongside is not None:  # `When playing another weapon`, `... plays a spell`
        kind = sentence.alongside.text
        words += f" {kind}" if sentence.window in ("when_playing_another", "would_fail_by") \
            else f" {_article(kind)} {kind}"
    if sentence.within:
        words = _lowered(words)
    if sentence.condition is None:
        return words
    if sentence.window in ast.OUTCOMES:  # `If defeated and the check to defeat was ...`
        return f"{words} and {_condition(sentence.condition)}"
    return f"If {_condition(sentence.condition)}, {_lowered(words)}"


def _lowered(words: str) -> str:
    """Words begun in lower case, written after others (`..., or if undefeated`)."""
    return words[:1].lower() + words[1:]


def _immunity(sentence: ast.Immunity) -> str:
    """`Fire immunity.` for one trait, `Immune to Fire and Cold.` for more, and the card's
    name when it was given (`The Wight is immune to the Mental trait.`)."""
    traits = _list(map(str, sentence.traits), "and")
    if sentence.subject is None:
        return f"{traits} immunity" if len(sentence.traits) == 1 else f"Immune to {traits}"
    word = "trait" if len(sentence.traits) == 1 else "traits"
    unevadable = " may not be evaded and" if sentence.unevadable else ""
    return f"{self_ref(sentence.subject)}{unevadable} is immune to the {traits} {word}"


def _keywords(sentence: ast.Keywords) -> str:
    """Keywords in their canonical order; words that are none (`Jupm, Invisible, Self.`, a
    mistyped gloomhaven ability the check reports) as written, since the same words in
    another order may read as another sentence (`Invisible, ...` is a condition)."""
    known = all(word.text in KEYWORDS for word in sentence.names)
    return ", ".join(map(str, sentence.names) if known or not sentence.written
                     else sentence.written)


_SENTENCES: dict[type, Callable[[Any], str]] = {
    ast.Keywords: _keywords,
    ast.Immunity: _immunity,
    ast.Resistance: lambda s: f"{'Vulnerable' if s.vulnerable else 'Resistant'} to "
    + _list(map(str, s.traits), "and"),
    ast.MovementRule: lambda s: {
        "ignore_restrictions": "Ignore any movement restrictions",
        "restrictions_apply": "Any movement restrictions still apply",
        "no_move_checks": "You automatically succeed at any check required to move",
    }[s.rule],
    ast.Triggered: lambda s: (f"{ast.TIMING_WINDOWS[s.within]}, " if s.within else "")
    + f"{_window_words(s)}, {effects(s.effects)}",
    ast.EitherWindow: lambda s: (f"{ast.TIMING_WINDOWS[s.within]}, " if s.within else "")
    + f"{_window_words(s)}, or {_lowered(ast.TIMING_WINDOWS[s.also])}, {effects(s.effects)}",
    ast.Activated: lambda s: _while_displayed(_activated(s)) if s.displayed else _activated(s),
    ast.Untimed: lambda s: effects(s.effects),
    ast.WhileDisplayed: lambda s: _standing(s),
    ast.DisplayPower: lambda s: effects((s.display,)),
    ast.Continuation: lambda s: _continuation(s),
}


def _while_displayed(text: str) -> str:
    return f"While displayed, {text[:1].lower()}{text[1:]}"


def _continuation(sentence: ast.Continuation) -> str:
    """`Then, ...`; but a bane's word on its own reroll names it and needs no `then` (`The
    Karkinoi is defeated or undefeated based solely on ...`), nor does what an exploration
    banishes or adds (`If you encounter a boon, banish it`, `Add 1d6 to your checks against
    monsters during this exploration`), nor what becomes of cards of a chosen type."""
    if all((isinstance(effect, ast.TakeResult) and effect.card)
           or isinstance(effect, ast.ExplorationFinds | ast.ExplorationAddition
                         | ast.SetAsideChosen | ast.ReturnSetAside)
           for effect in sentence.effects):
        return effects(sentence.effects)
    return f"then, {effects(sentence.effects)}"


def _activated(sentence: ast.Activated) -> str:
    """`[For your combat check,] <cost> this card to ...`, or, with a condition, `If you are
    proficient with weapons, you may <cost> this card to ...`."""
    chosen = f" and choose {CHOSEN_WORDS[sentence.chosen.kind]}" if sentence.chosen else ""
    also = sentence.also
    if also is not None:
        what = _list(map(str, also.kinds), "or") if also.kinds else "card"
        chosen = f" and {also.action} {'another' if not also.kinds else _article(what)} {what}"
    power = f"{_paid(sentence.cost, sentence.card)}{chosen}"
    if sentence.at_turn_end:
        whose = "your" if sentence.at_turn_end == "yours" else "the"
        power = f"at the end of {whose} turn, {power}"
    if sentence.your_turn:
        power = f"during your turn, {power}"
    if sentence.on_encounter is not None:  # `when a character encounters a bane`
        power += f" when a character encounters {_article(sentence.on_encounter.text)} " \
            f"{sentence.on_encounter}"
    if sentence.effects:  # none: the next sentence's are its effects (ast.is_open)
        power += f" to {_allowing(sentence.effects)}"
    other = sentence.alternative
    if other is not None:  # `, or to ...`, or `, or recharge this card to ...`
        paid = "" if other.cost == sentence.cost else f" {_paid(other.cost, other.card)}"
        power += f", or{paid} to {effects(other.effects)}"
    if sentence.condition is not None:
        power = f"If {_condition(sentence.condition)}, you may {power}"
    return (f"For your {sentence.check} check, " if sentence.check else "") + power


def _allowing(items: tuple[ast.Effect, ...]) -> str:
    """A power's effects; when the first is one other characters do, `allow <them> to ...`;
    one on a skill, its condition after it (`Bury this card to if ...` would not read)."""
    first, *rest = items
    if isinstance(first, ast.Conditional) and first.condition.kind in ("has_skill",
                                                                       "lacks_skill") \
            and not rest and (text := _skill_last(first)) is not None:
        return text
    if isinstance(first, ast.CardAction | ast.Draw) and first.target.kind != "you":
        you = ast.Target("you", span=first.target.span)
        return f"allow {TARGET_WORDS[first.target.kind]} to " \
            + effects((dataclasses.replace(first, target=you), *rest))
    return effects(items)


def _skill_last(e: ast.Conditional) -> str | None:
    """`add 1d4+4 to your check if you have the Arcane skill`; with an otherwise that differs
    from it by its amount only, `add 2d4 to your check, or 1d4+4 if ...`; None for any other
    otherwise, which no power's wording reads as."""
    condition = f"if {_condition(e.condition)}"
    otherwise = e.otherwise
    if otherwise is None:
        return f"{format_effect(e.then)} {condition}"
    if isinstance(otherwise, ast.AddToCheck) and isinstance(e.then, ast.AddToCheck) \
            and e.then == dataclasses.replace(otherwise, amount=e.then.amount):
        return f"{format_effect(otherwise)}, or {e.then.amount} {condition}"
    return None


def _paid(cost: str, card: ast.SelfRef) -> str:
    """`recharge this card`, or for the cost `top`, `put this card on top of your deck`."""
    if cost == "top":
        return f"put {self_ref(card)} on top of your deck"
    return f"{cost} {self_ref(card)}"


def effects(items: Iterable[ast.Effect]) -> str:
    """Effects in order, joined by `, then`; one that begins a clause of its own (`if ...`,
    `you may additionally ...`) follows a semicolon instead, unless its condition is the one
    just before (`if you fail, discard a card, then bury ...`), as does one after a clause
    of its own (`; then ...`); what a bane does in place of its damage follows `; instead,`
    (or the `instead of the normal damage,` before it)."""
    text = ""
    before: ast.Effect | None = None
    for effect in items:
        shown = effect
        if before is not None:
            joint, shown = _joint(before, effect)
            text += joint
        text += format_effect(shown)
        before = effect
    return text


def _joint(before: ast.Effect, effect: ast.Effect) -> tuple[str, ast.Effect]:
    """The words between two effects, and the effect as it reads after them."""
    if isinstance(before, ast.NoDamage):
        return ("; instead, " if before.card is not None else " "), effect
    if isinstance(effect, ast.Conditional):
        if isinstance(before, ast.Conditional) and before.condition == effect.condition \
                and all(item.otherwise is None and not item.instead for item in (before, effect)):
            return ", then ", effect.then  # as AstBuilder.effects reads it back
        return "; ", effect
    if isinstance(effect, ast.ExtraCost):
        return "; ", effect
    if isinstance(effect, ast.CardAction) and effect.target.kind == "holder":
        return ", and ", effect
    if isinstance(effect, ast.NearTarget):
        return " ", effect  # `Attack -1 within Range 2 of target`
    if isinstance(effect, ast.Ability | ast.GivenCondition | ast.Element | ast.SufferDamage
                  | ast.SummonMonster | ast.AllyBonus | ast.RemoveNegativeConditions
                  | ast.AbilityX | ast.XIsDamageDealt | ast.ElementBonus | ast.TargetAll
                  | ast.AreaDamage | ast.AllAllies | ast.AttackersSuffer
                  | ast.AttacksDisadvantaged | ast.SpawnRank) \
            or (isinstance(effect, ast.Marker) and effect.name in ACTION_MARKERS):
        return ", ", effect  # a Gloomhaven action's abilities: `Attack 4, Stun`
    # After a conditional, `, then` would put the effect under its condition.
    return ("; then " if isinstance(before, ast.Conditional) else ", then "), effect


class Voice(Enum):
    """How an effect on `you` reads where it stands."""

    FULL = "full"  # a sentence of its own: `you take 1 damage`, `draw a card`
    COMMAND = "command"  # after `... check or`: `or take 1 damage`
    AGREEING = "agreeing"  # after `each character rolls ... or`: `or takes 4 damage`


def format_effect(effect: ast.Effect, voice: Voice = Voice.FULL) -> str:
    return _EFFECTS[type(effect)](effect, voice)


def _acting(target: ast.Target, verb: str, voice: Voice) -> str:
    """`each character draws`; for `you`, the bare command (`draw`), except that damage
    reads `you take` in a sentence of its own."""
    plain, third_person = VERBS[verb]
    if target.kind in ast.OUTCOME_TARGETS:  # `characters who fail take ...`
        return f"{TARGET_WORDS[target.kind]} {plain}"
    if target.kind != "you":
        return f"{TARGET_WORDS[target.kind]} {third_person}"
    if voice is Voice.AGREEING:
        return third_person
    return f"you {plain}" if voice is Voice.FULL and verb == "take" else plain


# The targets a player picks, written after the verb (`move target character`).
_CHOSEN_TARGETS = ("target_character", "target_player")


def _damage(e: ast.Damage, voice: Voice) -> str:
    """`deal 2 damage to target character` for a chosen target, `you take 2 damage` else."""
    kind = f"{e.kind} " if e.kind else ""
    unreducible = " that may not be reduced" if e.unreducible else ""
    if e.target.kind in _CHOSEN_TARGETS:
        return f"deal {e.amount} {kind}damage to {TARGET_WORDS[e.target.kind]}{unreducible}"
    return f"{_acting(e.target, 'take', voice)} {e.amount} {kind}damage{unreducible}"


def _reduce(e: ast.ReduceDamage, voice: Voice) -> str:
    kinds = f"{_list(map(str, e.kinds), 'or')} " if e.kinds else ""
    whose = ast.REDUCED_FOR[e.whose]
    if e.amount is None:
        return f"reduce all {kinds}damage dealt to {whose} to 0"
    return f"reduce {kinds}damage dealt to {whose} by {e.amount}"


def _evade(e: ast.Evade, voice: Voice) -> str:
    placed = f", then put it on {ast.DECK_ENDS[e.place]} of the location deck" if e.place \
        else ""
    if e.who is None:
        return f"evade {_selector(e.what)}{placed}"
    return f"let {TARGET_WORDS[e.who.kind]} evade {_selector(e.what)}{placed}"


def _selector(selector: ast.Selector) -> str:
    """`a monster with the Undead trait whose highest difficulty to defeat is 16 or lower`."""
    what = _list(map(str, selector.kinds), "or")
    value = "combat value" if selector.combat_value else "difficulty to defeat"
    highest = "" if selector.highest is None else \
        f" whose highest {value} is {selector.highest} or lower"
    return f"{_article(what)} {what}{_traits(selector.traits)}{highest}"


def _summon_from_box(e: ast.SummonFromBox, voice: Voice) -> str:
    return f"{_acting(e.target, 'summon', voice)} a random {_list(map(str, e.kinds), 'or')}"


def _summon(e: ast.Summon, voice: Voice) -> str:
    cards = " and ".join(f"{_article(card.name)} {card.name}" for card in e.cards)
    return f"{_acting(e.target, 'summon', voice)} {cards}"


def _cards(e: ast.CardAction, voice: Voice) -> str:
    if e.target.kind == "holder":  # after a shuffle of the chosen character's (_joint)
        cards = "card" if str(e.count) == "1" else "cards"
        return f"{e.count} {'random ' if e.random else ''}{cards} from your own discard pile " \
            "into your deck"
    if e.action == "top":
        return f"{_acting(e.target, 'top', voice)} {count_words(e.count, e.random, e.kinds)}" \
            f"{CARD_SOURCES[e.source]} on top of your deck"
    if e.action in SHUFFLED_TO:
        return f"{_acting(e.target, 'shuffle', voice)} {count_words(e.count, e.random, e.kinds)}" \
            f"{CARD_SOURCES[e.source] or ' from your hand'} into {SHUFFLED_TO[e.action]}"
    if e.source == "discards_top":
        return f"{_acting(e.target, e.action, voice)} the top {top_cards_words(e.count)} of " \
            "your discard pile"
    if e.source in DECK_SOURCE_ENDS:  # `the top and bottom cards`: one of each, two
        cards = "cards" if e.source == "deck_ends" else top_cards_words(e.count)
        ends = DECK_SOURCE_ENDS[e.source]
        return f"{_acting(e.target, e.action, voice)} the {ends} {cards} of your deck"
    return f"{_acting(e.target, e.action, voice)} {count_words(e.count, e.random, e.kinds)}" \
        + CARD_SOURCES[e.source]


def _pile(e: ast.PileAction, voice: Voice) -> str:
    pile = "hand" if e.pile == "hand" else "discard pile"
    if e.kinds or e.traits:
        kinds = _list(map(str, e.kinds), "or") if e.kinds else "cards"
        return f"{_acting(e.target, e.action, voice)} any {kinds}{_traits(e.traits, 'or')} " \
            f"from your {pile}"
    return f"{_acting(e.target, e.action, voice)} your {pile}"


def _draw(e: ast.Draw, voice: Voice) -> str:
    up_to = "up to " if e.up_to else ""  # `up to 1 card`: a number after it, never `a`
    count = count_words(e.count, False, numeral=e.up_to)
    return f"{_acting(e.target, 'draw', voice)} {up_to}{count}"


def count_words(amount: ast.Amount, random: bool, kinds: tuple[ast.Word, ...] = (),
                numeral: bool = False) -> str:
    """`a card` (`1 card` with `numeral`), `a random card`, `2 cards`, `1d4 cards`, `an item
    or weapon`."""
    word = "random " if random else ""
    what = _list(map(str, kinds), "or") if kinds else None
    if str(amount) == "1":
        one = "1" if numeral else _article(word or what or "card")
        return f"{one} {word}{what or 'card'}"
    return f"{amount} {word}{what or 'cards'}"


def which_checks(checks: ast.WhichChecks, plural: bool = False) -> str:
    """`your check`, `any noncombat Strength or Dexterity check to defeat a barrier`; `your
    Charisma checks`, for text that holds for each of them."""
    owner = {"yours": "your", "others": "another character's"}.get(checks.owner, "any")
    kinds = f"{_list(map(str, checks.kinds), 'or')} " if checks.kinds else ""
    text = f"{owner} {kinds}check" + ("s" if plural else "")
    if checks.purpose == "against":  # `against monsters`: the kinds as written, in the plural
        text += f" against {' or '.join(map(str, checks.against))}"
    elif checks.purpose is not None:
        text += f" to {checks.purpose}"
        if checks.against:
            # `to defeat banes` keeps its plural, with no article.
            text += " " + _list((f"{_article(kind.text)} {kind}"
                                 if singular(kind.text) == kind.text.casefold() else kind.text
                                 for kind in checks.against), "or")
    if checks.against_traits:
        text += f" with the {_list(map(str, checks.against_traits), 'or')} trait"
    if checks.using:
        kinds = _list(map(str, checks.using), "or")
        text += f" using {_article(kinds)} {kinds}"
    text += " at another location" if checks.owner == "elsewhere" else ""
    if checks.alternative is not None:
        text += f" or to {which_checks(checks.alternative)}"
    return text


def _traits(traits: tuple[ast.Word, ...], conjunction: str = "and") -> str:
    """` with the Fire trait`, or nothing; `or` between traits any of which will do."""
    if not traits:
        return ""
    word = "trait" if len(traits) == 1 else "traits"
    return f" with the {_list(map(str, traits), conjunction)} {word}"


def _add(e: ast.AddToCheck, voice: Voice, plural: bool = False) -> str:
    checks = which_checks(e.checks, plural)
    if e.traits and str(e.amount) == "0":  # `add the Magic trait to your check`
        return f"add {_traits(e.traits)[len(' with '):]} to {checks}"
    if e.more is not None and str(e.amount) == "0" and e.checks.owner == "yours" \
            and not e.checks.kinds and e.checks.purpose is None:  # `add another 1d8 against`
        return f"add another {e.more.amount}{_traits(e.traits)} against {_selector(e.more.against)}"
    more = "" if e.more is None else f", or {e.more.amount} against {_selector(e.more.against)}"
    return f"add {e.amount}{_traits(e.traits)} to {checks}{more}"


def _standing(sentence: ast.WhileDisplayed) -> str:
    """`While displayed, add 3 to your Charisma checks`: the checks in the plural, as the
    addition is to each of them (the check allows nothing else there)."""
    return _while_displayed(", then ".join(
        _add(effect, Voice.FULL, plural=True) if isinstance(effect, ast.AddToCheck)
        else effects((effect,)) for effect in sentence.effects))


def _add_dice(e: ast.AddDice, voice: Voice) -> str:
    word = "die" if str(e.count) == "1" else "dice"
    return f"add {e.count} {word}{_traits(e.traits)} to {which_checks(e.checks)}"


def _retrieve(e: ast.Retrieve, voice: Voice) -> str:
    what = _list(map(str, e.kinds), "or") if e.kinds else "card"
    return f"return {_article(what)} {what} from your discard pile to your hand"


def _search_deck(e: ast.SearchDeck, voice: Voice) -> str:
    what = _list(map(str, e.kinds), "or") if e.kinds else "card"
    deck = "your location deck" if e.deck == "location" else "your deck"
    if e.first:
        done = "shuffle the deck and put that card on top" if e.action == "top" else \
            "add it to your hand"
        return f"examine {deck} until you find {_article(what)} {what}{_traits(e.traits)}; {done}"
    done = "add it to your hand" if e.action == "take" else f"{e.action} it"
    return f"search {deck} for {_article(what)} {what}{_traits(e.traits)} and {done}"


def _skill_dice(e: ast.SkillDice, voice: Voice) -> str:
    skills = _list(map(str, e.skills), "and")
    dice = "dice are each" if len(e.skills) > 1 else "die is"
    return f"your {skills} {dice} d{e.sides}"


def _add_skill_die(e: ast.AddSkillDie, voice: Voice) -> str:
    return f"add your unmodified {e.skill} die{_traits(e.traits)}"


def _use_skill(e: ast.UseSkill, voice: Voice) -> str:
    plus = f" + {e.plus}{_traits(e.traits)}" if e.plus is not None else ""
    checks = f" for {which_checks(e.checks)}" if e.checks is not None else ""
    return f"roll your {_list(map(str, e.skills), 'or')} die{plus}{checks}"


def _condition(condition: ast.Condition) -> str:
    if condition.kind in ("played_on_check", "has_in_hand"):
        kind, *traits = condition.words
        what = f"{_article(kind.text)} {kind}{_traits(tuple(traits))}"
        return f"you played {what} on this check" if condition.kind == "played_on_check" \
            else f"you have {what} in your hand"
    if condition.kind in ("examined_is", "check_against"):
        kinds = _list(map(str, condition.words), "or")
        subject = "it is" if condition.kind == "examined_is" else "the check is against"
        return f"{subject} {_article(kinds)} {kinds}"
    if condition.kind == "examined_is_not":  # only after `it is a <kind>` (_conditional)
        kinds = _list(map(str, condition.words), "or")
        return f"other than {_article(kinds)} {kinds}"
    if condition.kind in ast.SUMMONED_CONDITIONS:  # no word: the card summoned last, `it`
        if condition.kind == "summoned_defeated" and [str(word) for word in condition.words] \
                == ["card"]:
            return "every summoned card is defeated"
        card = f"the {condition.words[0]}" if condition.words else "it"
        return f"you defeat {card}" if condition.kind == "summoned_defeated" \
            else f"{card} is not defeated"
    return CONDITION_WORDS[condition.kind].format(_list(map(str, condition.words), "or"))


def _declined(declined: ast.Effect | None, who: ast.Target | None = None) -> str:
    """What happens when a choice is not taken: `; if you do not, ...`."""
    if declined is None:
        return ""
    subject = "that character does" if who is not None else "you do"
    return f"; if {subject} not, {format_effect(declined)}"


def _conditional(e: ast.Conditional, voice: Voice) -> str:
    """`if A, X`; with `otherwise, if B, X` (the same X), `if A, or if B, X`."""
    otherwise = e.otherwise
    if e.condition.kind in ast.ROLL_CONDITIONS:
        other = "result other than " if e.condition.kind == "rolled_not" else ""
        text = f"on a {other}{_list(map(str, e.condition.words), 'or')}"
    else:
        text = f"if {_condition(e.condition)}"
        then = e.then
        if isinstance(then, ast.Conditional) and then.condition.kind == "examined_is_not":
            text += f" {_condition(then.condition)}"  # `if it is a monster other than ...`
            e = dataclasses.replace(e, then=then.then)
        if isinstance(otherwise, ast.Conditional) and otherwise.then == e.then \
                and otherwise.instead == e.instead \
                and otherwise.condition.kind not in ast.ROLL_CONDITIONS:
            text += f", or if {_condition(otherwise.condition)}"
            otherwise = otherwise.otherwise
    text += f", {format_effect(e.then)}"
    if e.instead:
        text += " instead"
    if otherwise is not None:
        text += f"; otherwise, {format_effect(otherwise)}"
    return text


DIFFICULTY_SCOPES = {"this_check": "of this check", "to_defeat": "to defeat",
                     "your_checks": "of your checks", "all_checks": "of all checks"}


def _number_in_hand(counted: tuple[ast.Selector, ...], owner: str = "yours") -> str:
    """`the number of spells with the Attack trait and weapons in your hand`."""
    kinds = " and ".join(f"{selector.kinds[0]}{_traits(selector.traits)}"
                         for selector in counted)
    return f"the number of {kinds} in {'your' if owner == 'yours' else 'their'} hand"


def _difficulty(e: ast.DifficultyChange, voice: Voice, by: str | None = None) -> str:
    sign = "increased" if e.sign > 0 else "decreased"
    by = by or (_number_in_hand(e.counted) if e.counted else str(e.total))
    turn = " for the rest of the turn" if e.scope in ("your_checks", "all_checks") else ""
    return f"the difficulty {DIFFICULTY_SCOPES[e.scope]} is {sign} by {by}{turn}"


def _for_each(e: ast.ForEach, voice: Voice) -> str:
    """`<effect> for each other open location`; a difficulty's change of 1 for each character
    at another location, as printed: `increased by the number of characters at other
    locations`."""
    change = e.effect
    if e.counted == "characters_elsewhere" and isinstance(change, ast.DifficultyChange) \
            and change.total == ast.Amount(0, 0, 1, span=change.span):
        return _difficulty(change, voice, by="the number of characters at other locations")
    return f"{format_effect(change, voice)} for each other {COUNTED_WORDS[e.counted]}"


def _instead_of_discard(e: ast.InsteadOfDiscard, voice: Voice) -> str:
    replaced = " or ".join(REPLACED_WORDS[move] for move in e.replaces)
    text = f"{e.action} {self_ref(e.card)} instead of {replaced} it"
    if e.check is None:
        return text
    step = check_step(e.check)
    return f"succeed at {_article(step)} {step} check to {text}"


def _forbid(e: ast.Forbid, voice: Voice) -> str:
    who = TARGET_WORDS[e.who.kind]
    also = f" or {_kinds_named(e.or_kinds)}" if e.or_kinds else ""
    powers = " or use powers" if e.powers else ""
    scope = " on this check" if e.on_check else \
        " for the rest of the turn" if e.for_turn else ""
    return (f"{who} may not play {_kinds_named(e.kinds)}{_traits(e.traits)}{also}{powers}"
            f"{scope}")


def _kinds_named(kinds: tuple[ast.Word, ...]) -> str:
    """`spells or weapons`, or, as written in the singular, `a spell or weapon`."""
    words = _list(map(str, kinds), "or")
    plural = kinds[0].text.casefold().endswith("s")
    return words if plural else f"{_article(words)} {words}"


EXAMINE_THEN = {"any_order": " and put them back in any order",
                "top_or_bottom": " and put it on either the top or bottom of the deck",
                "shuffle": " and then shuffle it"}


EXAMINED_DECKS = {"location": "the location deck", "any_location": "a location deck",
                  "yours": "your deck", "any_character": "a character deck",
                  "blessings": "the blessings deck",
                  "blessings_discard": "the blessings discard pile"}


def _examine(e: ast.Examine, voice: Voice) -> str:
    then = EXAMINE_THEN[e.then] if e.then else ""
    if e.count is None:
        return f"examine {EXAMINED_DECKS[e.deck]}{then}"
    return f"examine the {e.end} {top_cards_words(e.count)} of {EXAMINED_DECKS[e.deck]}{then}"


def top_cards_words(count: ast.Amount) -> str:
    """`card` for the top card, `2 cards` for more."""
    return "card" if str(count) == "1" else f"{count} cards"


def _gain_from_box(e: ast.GainFromBox, voice: Voice) -> str:
    """A card of any type with one trait is written with the trait first (`a random plunder
    card`), since `card` right after `random` is read as the word, not a kind."""
    if [kind.text.casefold() for kind in e.kinds] == ["card"] and len(e.traits) == 1:
        kinds = f"{e.traits[0]} {e.kinds[0]}"
    else:
        kinds = _list(map(str, e.kinds), "or") + _traits(e.traits)
    kinds += " (your choice)" if e.chosen else ""
    if e.target is None:
        return f"add {e.count} random {kinds} from the box to your hand"
    return f"{_acting(e.target, 'draw', voice)} {e.count} random {kinds} from the box"


def _damage_rule(e: ast.DamageRule, voice: Voice) -> str:
    unreducible = " that may not be reduced" if e.unreducible else ""
    dealt = f"{e.of_kind} damage dealt by this card" if e.of_kind else \
        "damage dealt by this card"
    if e.as_kind is not None:
        return f"{'' if e.of_kind else 'all '}{dealt} is {e.as_kind} damage{unreducible}"
    if e.loses is not None:
        return f"{dealt} causes cards to be {LOST_WORDS[e.loses]} instead of discarded"
    if e.from_deck:
        return "when you discard cards as damage, discard them from the top of your deck"
    if e.unreducible and e.to is not None:
        return f"{dealt} is dealt to {TARGET_WORDS[e.to.kind]}, and may not be reduced"
    if e.unreducible:
        return f"{dealt} may not be reduced"
    if e.halved:
        return f"{dealt} is reduced by half (rounding up)"
    if e.at_most is not None:
        return f"{dealt} is reduced to {e.at_most}"
    if e.more is not None:
        return f"{dealt} is {'increased' if e.sign > 0 else 'reduced'} by {e.more}"
    return f"{dealt} is dealt to {TARGET_WORDS[e.to.kind]}"


def _move(e: ast.MoveSelf, voice: Voice) -> str:
    if e.place in ast.SHUFFLED_INTO:
        return f"shuffle {self_ref(e.card)} into {ast.SHUFFLED_INTO[e.place]}"
    if e.place == "under_top":
        return f"put {self_ref(e.card)} under the top card of the location deck"
    return f"put {self_ref(e.card)} on {ast.DECK_ENDS[e.place]} of the location deck"


def _stat_change(e: ast.StatChange, voice: Voice) -> str:
    who = TARGET_WORDS[e.subject.kind] if isinstance(e.subject, ast.Target) \
        else self_ref(e.subject)
    verb = "get" if who == "you" else "gets"
    return f"{who} {verb} {e.amount:+d} {e.stat} until end of turn"


def _check_or_else(e: ast.CheckOrElse, voice: Voice) -> str:
    step = check_step(e.check)
    return (f"{TARGET_WORDS[e.target.kind]} must succeed at {_article(step)} {step} check or "
            f"{' and '.join(format_effect(effect, Voice.COMMAND) for effect in e.otherwise)}")


def _voice_after(roller: ast.Target) -> Voice:
    """`roll ... or take 2 damage`, but `each character rolls ... or takes 4 damage`."""
    return Voice.COMMAND if roller.kind == "you" else Voice.AGREEING


_EFFECTS: dict[type, Callable[[Any, Voice], str]] = {
    ast.Damage: _damage,
    ast.ReduceDamage: _reduce,
    ast.Evade: _evade,
    ast.DefeatBane: lambda e, voice: f"defeat {_selector(e.what)}",
    ast.MovementLock: lambda e, voice: (
        f"{_acting(e.target, 'encounter', voice)} this card as their first exploration each "
        "turn, and" if e.explored_first else TARGET_WORDS[e.target.kind])
    + " may not move or be moved while this card is faceup on the location deck",
    ast.EncounterSelf: lambda e, voice: "encounter it" + "".join(
        f" and ignore its {words}" for words, windows in ast.IGNORED_POWERS.items()
        if e.ignoring == windows),
    ast.Summon: _summon,
    ast.SelfAction: lambda e, voice: f"{e.action} {self_ref(e.card)}"
    + (f" next to {e.beside}" if e.beside else ""),
    ast.AtReset: lambda e, voice: f"{e.action} {self_ref(e.card)} when you reset your hand",
    ast.EvadeSelf: lambda e, voice: "evade this card" + (
        f"; put it on the {e.place} of the location deck" if e.place else ""),
    ast.RerollCheck: lambda e, voice: "reroll the dice",
    ast.CountAs: lambda e, voice: (f"if any d{e.sides} rolled on this check is a {e.face}, "
                                   f"count it as {e.counted}"),
    ast.DiscardFirst: lambda e, voice: "when you are dealt damage"
    + (" by this card" if e.by_card else "")
    + f", you must first choose {_list(map(str, e.kinds), 'or')} to discard as your damage, "
    "if you have any",
    ast.TakeResult: lambda e, voice: f"take the {e.kept} result" if e.card is None else (
        f"{self_ref(e.card)} is defeated or undefeated based solely on the result of the new "
        "roll"),
    ast.Move: lambda e, voice: (f"move {TARGET_WORDS[e.target.kind]}"
                                if e.target.kind in _CHOSEN_TARGETS
                                else _acting(e.target, "move", voice))
    + (" to a random location" if e.random else ""),
    ast.ShuffleFromBox: lambda e, voice: (f"shuffle {_article(e.kinds[0].text)} "
                                          + " and ".join(map(str, e.kinds))
                                          + " from the box into your location deck"),
    ast.Attempt: lambda e, voice: (
        f"{_acting(e.target, 'attempt', voice)} {_article(check_step(e.check))} "
        f"{check_step(e.check)} check" if e.then is None else
        f"succeed at {_article(check_step(e.check))} {check_step(e.check)} check to "
        f"{format_effect(e.then)}"),
    ast.SufferScourge: lambda e, voice: _acting(e.target, "suffer", voice) + (
        f" the scourge {e.card.name}" if e.card else " a scourge"),
    ast.MoveSelf: _move,
    ast.CardAction: _cards,
    ast.Draw: _draw,
    ast.AddToCheck: _add,
    ast.CloseLocation: lambda e, voice: f"{CLOSE_WORDS[e.mode]} {CLOSE_PLACES[e.place]}",
    ast.AddDice: _add_dice,
    ast.AddSkillDie: _add_skill_die,
    ast.SkillDice: _skill_dice,
    ast.Retrieve: _retrieve,
    ast.SummonFromBox: _summon_from_box,
    ast.SearchDeck: _search_deck,
    ast.AutoSucceed: lambda e, voice: f"succeed at {which_checks(e.checks)}",
    ast.UseSkill: _use_skill,
    ast.RollDice: lambda e, voice: f"roll {e.amount}{_traits(e.traits)}",
    ast.RollFor: lambda e, voice: f"roll {e.amount}",
    ast.ExplorationFinds: lambda e, voice: f"if you encounter {_kinds_named(e.kinds)}, "
    + ("banish it" if e.fate == "banish" else "recharge this card instead"),
    ast.EachAttemptsDefeat: lambda e, voice: f"{TARGET_WORDS[e.target.kind]} "
    + ("chooses a different check to defeat" if e.different else "attempts the check to defeat"),
    ast.ChooseCardType: lambda e, voice: "choose a type of card",
    ast.SetAsideChosen: lambda e, voice: "if there are any cards of the chosen type, set them "
                                         "aside",
    ast.ReturnSetAside: lambda e, voice: "return the remaining cards to the deck, shuffle it, "
    "then put the cards you set aside together in any order at either the top or bottom of the "
    "deck",
    ast.ExplorationAddition: lambda e, voice: f"add {e.amount} to {which_checks(e.checks)} "
    "during this exploration",
    ast.TurnAddition: lambda e, voice: "any character who encounters "
    f"{_article(e.checks.against[0].text)} {_list(map(str, e.checks.against), 'or')} this "
    f"turn adds {e.amount}{_traits(e.traits)} to her {e.checks.kinds[0]} check",
    ast.YouMay: lambda e, voice: (f"{TARGET_WORDS[e.who.kind] if e.who else 'you'} may "
                                  f"{format_effect(e.effect, Voice.COMMAND)}"
                                  f"{_declined(e.declined, e.who)}"),
    ast.ExtraCost: lambda e, voice: (f"you may additionally {e.cost} {self_ref(e.card)} to "
                                     f"{format_effect(e.effect)}"),
    ast.Either: lambda e, voice: "either " + " or ".join(
        format_effect(option, Voice.COMMAND) for option in e.options),
    ast.PayTo: lambda e, voice: (f"you may {format_effect(e.cost, Voice.COMMAND)}"
                                 + ("" if e.effect is None
                                    else f" to {format_effect(e.effect, Voice.COMMAND)}")
                                 + _declined(e.declined)),
    ast.Conditional: _conditional,
    ast.Explore: lambda e, voice: "explore your location",
    ast.SelectLocation: lambda e, voice: "randomly select " + (
        "a location that is occupied by the greatest number of characters"
        if e.most_occupied else "an occupied location"),
    ast.DifficultyChange: _difficulty,
    ast.InsteadOfDiscard: _instead_of_discard,
    ast.Forbid: _forbid,
    ast.TurnAction: lambda e, voice: TURN_ACTION_WORDS[e.action],
    ast.Examine: _examine,
    ast.GainFromBox: _gain_from_box,
    ast.PileAction: _pile,
    ast.ExaminedKinds: lambda e, voice: f"{e.action} any {_list(map(str, e.kinds), 'or')}",
    ast.ExaminedRest: lambda e, voice: "put them back in any order" if e.how == "any_order"
    else "shuffle the remaining cards into the deck",
    ast.DamageRule: _damage_rule,
    ast.Unevadable: lambda e, voice: "this card may not be evaded",
    ast.AllowAnother: lambda e, voice: f"you may play another {e.kind} on this check",
    ast.ForceOutcome: lambda e, voice: {"acquired": "you automatically acquire this card",
                                        "defeated": "defeat this card"}.get(
        e.outcome, f"this card is {e.outcome}"),
    ast.ForbidSelf: lambda e, voice: "you may not play this card"
    + (" during an encounter" if e.during_encounter else ""),
    ast.ShuffleLocation: lambda e, voice: "shuffle the location deck",
    ast.ExaminedAction: lambda e, voice: EXAMINED_WORDS[e.action],
    ast.CountedDamage: lambda e, voice: (
        f"{_acting(e.target, 'take', voice)} {e.kind.text + ' ' if e.kind else ''}damage equal "
        f"to {f'{e.plus} plus ' if e.plus else ''}{_number_in_hand(e.counted, e.owner)}"),
    ast.ForEachPlayed: lambda e, voice: (
        f"for each {_list(map(str, e.kinds), 'or')}{_traits(e.traits)} played on the check, "
        f"{format_effect(e.effect, voice)}"),
    ast.PlayedFate: lambda e, voice: (
        f"if you play {_kinds_named(e.kinds)}{_traits(e.traits)}"
        f"{' on your check to defeat and fail that check' if e.failed_defeat else ''}, "
        f"{e.action} it"
        if e.target.kind == "you" else
        f"{e.action} any {_list(map(str, e.kinds), 'or')}{_traits(e.traits)} played during "
        "this encounter, unless that card would be banished"),
    ast.ForEach: lambda e, voice: _for_each(e, voice),
    ast.EncounteredByEach: lambda e, voice: (f"{TARGET_WORDS[e.target.kind]} encounters "
                                             f"{self_ref(e.card)}"),
    ast.UndefeatedUnless: lambda e, voice: (f"if any character does not defeat the "
                                            f"{e.card.name}, {self_ref(e.subject)} is "
                                            "undefeated"),
    ast.NoTemporaryClosing: lambda e, voice: (
        f"locations that have the {_list(map(str, e.traits), 'or')} trait" if e.traits
        else "a random other open location") + " cannot be temporarily closed",
    ast.NoClosing: lambda e, voice: f"defeating {self_ref(e.card)} does not allow you to close "
    "this location",
    ast.NoDamage: lambda e, voice: (f"{self_ref(e.card)} deals no damage" if e.card is not None
                                    else "instead of the normal damage,"),
    ast.PayForEach: lambda e, voice: (f"you may {e.action} any number of "
                                      f"{_list(map(str, e.kinds), 'and')}; for each card "
                                      f"{PAID_WORDS[e.action]}, {_add(e.add, Voice.COMMAND)}"),
    ast.BlessingsBack: lambda e, voice: f"shuffle {e.count} random cards from the blessings "
                                        "discard pile into the blessings deck",
    ast.ShuffleBlessing: lambda e, voice: "shuffle the top card of the blessings deck into "
                                          "the location deck",
    ast.Subtract: lambda e, voice: f"subtract {e.amount}"
    + (" from each die you roll" if e.each_die else ""),
    ast.CheckOrElse: _check_or_else,
    ast.StatChange: _stat_change,
    ast.StatBonus: lambda e, voice: (f"{e.stat} {e.amount:+d}" if e.against is None
                                       else f"{e.amount:+d} {e.stat} against {e.against}"),
    ast.RollOrElse: lambda e, voice: (
        f"{_acting(e.target, 'roll', voice)} {_list(map(str, e.stats), 'or')} {e.number} or "
        f"higher, or {format_effect(e.otherwise, _voice_after(e.target))}"),
    ast.Heal: lambda e, voice: f"heal {TARGET_WORDS[e.target.kind]} {e.amount}",
    ast.GainStars: lambda e, voice: (
        f"gain {_stars(e.amount)}" if e.target.kind == "you"
        else f"give {TARGET_WORDS[e.target.kind]} {_stars(e.amount)}"),
    ast.DrawLoot: lambda e, voice: (
        f"{_acting(e.target, 'draw', voice)} {'a' if str(e.amount) == '1' else e.amount} Loot"),
    ast.DiscardMonster: lambda e, voice: f"discard {_article(e.trait.text)} {e.trait} monster",
    ast.Reroll: lambda e, voice: "re-roll your die",
    ast.Marker: lambda e, voice: MARKER_WORDS[e.name],
    ast.SurpriseRange: lambda e, voice: f"surprises on {e.low}-{e.high}"
    + ("" if e.reason is None else f", due to {e.reason}"),
    ast.AbilitiesElsewhere: lambda e, voice: f"{'; '.join(map(str, e.names))}: See main entry",
    ast.Ability: lambda e, voice: ("XP" if e.name == "xp" else e.name.capitalize())
    + (f" {e.amount:+d}" if e.signed else f" {e.amount}"),
    ast.GivenCondition: lambda e, voice: e.name.capitalize(),
    ast.Element: lambda e, voice: f"{'Consume' if e.consumed else 'Infuse'} "
                                  f"{e.name.capitalize()}",
    ast.NegateNextDamage: lambda e, voice: "the next time you suffer damage this round, "
                                           "suffer no damage instead",
    ast.RemoveNegativeConditions: lambda e, voice: "remove all negative conditions",
    ast.AbilityX: lambda e, voice: f"{e.name.capitalize()} X",
    ast.ElementBonus: lambda e, voice: f"{e.amount:+d} {e.ability.capitalize()}",
    ast.NearTarget: lambda e, voice: f"within Range {e.range} of target",
    ast.TargetAll: lambda e, voice: f"Target all in row {e.row}" if e.row
    else "Target all" if e.range is None else f"Target all enemies{_within(e.range)}",
    ast.XIsDamageDealt: lambda e, voice: "where X is the amount of damage suffered by the "
                                         "target of the attack ability",
    ast.AllyBonus: lambda e, voice: f"Add {e.amount:+d} {e.ability.capitalize()} if the target "
                                    f"is adjacent to any of the {e.figure.name}'s allies",
    ast.SummonMonster: lambda e, voice: " ".join(filter(None, (
        "Spawn" if e.spawn else "Summon", standee_count(e), "elite" if e.elite else "normal",
        e.monster.name))),
    ast.SpawnRank: lambda e, voice: "It is " + _list([
        f"{'Elite' if rank.elite else 'Normal'}{' every second spawn' if rank.alternate else ''}"
        f" for {characters_counted(rank)} characters" for rank in e.ranks], "and"),
    ast.SufferDamage: lambda e, voice: (
        (f"If the {e.after} ability was performed, " if e.after else "")
        + f"{self_ref(e.figure)} suffers {e.amount} damage"),
    ast.AreaDamage: lambda e, voice: (
        f"All {'adjacent ' if e.adjacent else ''}{' and '.join(e.sides)}"
        + (" adjacent to the target" if e.around_target else _within(e.range))
        + f" suffer {e.amount} damage"),
    ast.AttackersSuffer: lambda e, voice: (
        f"Any time a figure attacks {self_ref(e.figure)} this round, that figure suffers "
        f"{e.amount} damage"),
    ast.AttacksDisadvantaged: lambda e, voice: (
        f"All attacks targeting {self_ref(e.figure)} this round gain Disadvantage"),
    ast.AllAllies: lambda e, voice: (
        ("Target self and all " if e.self_too else "Affect all ")
        + f"{'adjacent ' if e.adjacent else ''}allies" + _within(e.range)),
}


def standee_count(e: ast.SummonMonster) -> str:
    """`C/2` (or `C`) for a count by the characters, `2` for more than one, or nothing."""
    if e.per_characters is not None:
        return "C" if e.per_characters == 1 else f"C/{e.per_characters}"
    return "" if e.count == 1 else _COUNTS_IN_WORDS.get(e.count, str(e.count))


_COUNTS_IN_WORDS = {count: word for word, count in ast.COUNT_WORDS.items()}


def characters_counted(rank: ast.RankFor) -> str:
    """`3`, or `3-4` for a range."""
    return str(rank.fewest) if rank.most == rank.fewest else f"{rank.fewest}-{rank.most}"


def _within(reach: int | None) -> str:
    """A Gloomhaven ability's reach, ` within Range 2`, or nothing."""
    return "" if reach is None else f" within Range {reach}"


def _stars(amount: ast.Amount) -> str:
    return "a Star token" if str(amount) == "1" else f"{amount} Star tokens"


def self_ref(ref: ast.SelfRef) -> str:
    """The card's own name as written, `the` before it if one was written or the name is in
    lower case (`the elemental`, so that a capital at the start of a sentence never falls on
    the name), `this <noun>`, or `it`."""
    if ref.name is not None:
        return f"the {ref.name}" if ref.article or ref.name[:1].islower() else ref.name
    return f"this {ref.noun}" if ref.noun else "it"


def _list(words: Iterable[str], conjunction: str) -> str:
    """`A`, `A and B`, `A, B and C`."""
    items = list(words)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {conjunction} {items[-1]}"


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Writer:
    """Collects lines, putting each comment before the first line written from a place after
    it (and the rest at the end)."""

    def __init__(self, comments: Iterable[ast.Comment]) -> None:
        self.lines: list[str] = []
        self.pending = sorted(comments, key=lambda comment: comment.span.line)

    def line(self, text: str, span: ast.Span | None) -> None:
        if span is not None:
            while self.pending and self.pending[0].span.line < span.line:
                self.lines.append(f"#{self.pending.pop(0).text}")
        self.lines.append(text)

    def blank(self) -> None:
        self.lines.append("")

    def rest(self) -> None:
        self.lines.extend(f"#{comment.text}" for comment in self.pending)
        self.pending = []

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"
