"""How the compiler understood a card, in plain words beside each sentence it read.

A designer who writes `Before you act, ...` can see it was read as the step
before the encounter; one who writes `deal 2 damage to each character` can
see that each character is dealt 2 Combat damage.  The words come from the
AST, the same tree the IR is lowered from.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from typing import Any

from compiler import ast
from compiler.format import (
    CHOSEN_WORDS,
    COUNTED_WORDS,
    TARGET_WORDS,
    characters_counted,
    count_words,
    field_value,
    top_cards_words,
)
from compiler.runtime.gloomhaven.words import NEGATIVE_CONDITIONS
from compiler.runtime.pacg.checks import RESISTANCE
from compiler.runtime.pacg.encounter import WINDOW_WORDS
from compiler.runtime.pacg.words import singular

WINDOWS = {
    "when_encountered": "when encountered: as the card is revealed, before anyone may evade it",
    "when_examined": "when a character examines it, in whatever deck it is",
    "before_encounter": "before the encounter: after evading, before the check",
    "if_defeated": "if defeated: after the check, when the card was defeated",
    "if_undefeated": "if undefeated: after the check, when the card was not defeated",
    "after_encounter": "after the encounter: last of all",
    "start_of_turn": "at the start of its turn",
    "on_star": "when its die shows a Star",
    "end_of_turn": "at the end of the turn",
    "start_of_your_turn": "at the start of the turn of the character the card is displayed "
                          "beside, while it is",
    "after_playing": "after playing this card: once any power of it has been played",
    "if_acquired": "if acquired: after the check to acquire it, when it succeeded",
    "if_not_acquired": "if not acquired: after the check to acquire it, when it failed",
    "when_playing_another": "while this card is held, when its holder plays another card of "
                            "the type named on a check",
    "before_any_play": "while the card is encountered, before any character plays a card "
                       "of the type named: 'you' is that character",
    "before_another_plays": "while the card is encountered, before a character other than "
                            "the one encountering it plays a card of the type named: 'you' is "
                            "that character",
    "would_fail": "on a check this card was played on, its dice rolled, if it would fail",
    "would_succeed": "on a check this card was played on, its dice rolled, if it would "
                     "succeed",
    "would_fail_by": "while this card is held, on any check of its holder's, its dice "
                     "rolled, if it would fail by no more than the number named",
    "would_be_defeated": "on the check to defeat this card, its dice rolled and the text of "
                         "the cards played on it done, if it would succeed",
    "on_death": "when the monster is killed in the round its card is revealed, by whatever: "
                "an action of its own, done at once",
}
COSTS = {
    "reveal": "reveal it (show it and keep it)",
    "display": "display it (set it before you until something removes it)",
    "recharge": "recharge it (put it at the bottom of your deck)",
    "top": "put it on the top of your deck",
    "discard": "discard it",
    "bury": "bury it",
    "banish": "banish it (back to the box)",
}


def explain_card(card: ast.Card, notes: Mapping[str, str], source: str) -> list[str]:
    """Lines for people: each header and sentence as written, with what it was read as.
    `notes` are the game's words for this card (`check`: what its Check is for, `damage`: what
    damage does, a label: what its group is); `source` is the text of the card's file."""
    lines = [f"{card.name} ({card.game} {card.type}) at {card.span}"]
    for item in card.fields:
        lines.append(f"  {item.name}: {field_value(item.value)}")
        if item.name == "Check":
            lines.append(f"    {notes.get('check', 'its check')}: {_check(item.value)}")
        if "C" in notes and any(isinstance(node, ast.PerCharacter)
                                for node in ast.walk(item.value)):
            lines.append(f"    C: {notes['C']}")
        attributes = [node.name for node in ast.walk(item.value)
                      if isinstance(node, ast.Stat) and node.value is None]
        if attributes and "attacks" in notes:
            lines.append(f"    {', '.join(attributes)}: {notes['attacks']}")
    for section in card.sections:
        previous: ast.Sentence | None = None
        for index, sentence in enumerate(section.sentences):
            lines.append(f"  {_quoted(sentence.span, source)}")
            if section.label and index == 0:
                lines.append(f"    {section.label}: {notes.get(section.label, 'a labelled group')}")
            lines.extend(f"    {line}" for line in _sentence(sentence, notes, previous))
            previous = sentence
            if any(isinstance(node, ast.Damage) for node in ast.walk(sentence)) \
                    and "damage" in notes:
                lines.append(f"    damage: {notes['damage']}")
    return lines


def _standees(e: ast.SummonMonster) -> str:
    """`a normal standee of Living Bones joins`, `2 elite standees of ... join`, `as many as
    there are characters divided by 2, rounded up, normal standees of ... join`."""
    rank = "elite" if e.elite else "normal"
    if e.per_characters is None and e.count == 1:
        return f"a {rank} standee of {e.monster} joins"
    many = str(e.count) if e.per_characters is None else "as many as there are characters" + (
        "" if e.per_characters == 1 else f" divided by {e.per_characters}, rounded up,")
    return f"{many} {rank} standees of {e.monster} join"


def _quoted(span: ast.Span, source: str) -> str:
    """The sentence as written, on one line."""
    lines = source.split("\n")[span.line - 1: span.end_line]
    if len(lines) == 1:
        return lines[0][span.col - 1: span.end_col - 1]
    text = "\n".join([lines[0][span.col - 1:], *lines[1:-1], lines[-1][: span.end_col - 1]])
    return " ".join(text.split())


def _check(check: ast.CheckSequence) -> str:
    steps = [_step(step) for step in check.steps]
    if len(steps) == 1:
        return steps[0]
    return "; then, if that succeeds, ".join(steps)


def _step(step: ast.CheckStep) -> str:
    options = []
    for option in step.options:
        skills = [skill.text for skill in option.skills]
        named = " or ".join("combat (Strength or Melee)" if skill == "Combat" else skill
                            for skill in skills)
        adventure = {0: "", 1: " plus the adventure deck number"}.get(
            option.adventure, f" plus {option.adventure} times the adventure deck number")
        options.append(f"a {named} check against {option.difficulty}{adventure}")
    return (f"to defeat {step.label}, " if step.label else "") + " or ".join(options)


def _sentence(sentence: ast.Sentence, notes: Mapping[str, str],
              previous: ast.Sentence | None = None) -> list[str]:
    """What a sentence was read as; `notes` may say who `you` is on this card (`you`) and
    when its sentences with no window are done (`untimed`); `previous` is the sentence before
    it, whose effects it may be (ast.Sentence.continues)."""
    you = notes.get("you", YOU)

    def does(effects: tuple[ast.Effect, ...], who: str = you) -> list[str]:
        return [f"does: {effect_words(effect, who)}" for effect in effects]

    if ast.is_open(previous) and isinstance(sentence, ast.Untimed):
        return ["when: as the power before's effects", *does(sentence.effects, CHOSEN)]
    rolled = ast.as_the_check_goes(sentence) if isinstance(previous, ast.Activated) else None
    if rolled is not None:  # done with the roll of the check the power was played on
        return [line for moment, effect in rolled
                for line in (f"when: {WINDOWS[moment]}", *does((effect,)))]

    if isinstance(sentence, ast.EitherWindow):  # `When you examine this card, or if ...`
        return [line for one in ast.each_window(sentence) for line in _sentence(one, notes)]
    if isinstance(sentence, ast.Triggered):
        # A boon's windows as it is encountered are the encountering character's, not a
        # holder's.
        who = YOU if sentence.window in _ENCOUNTERED_WINDOWS else you
        within = f" (only {WINDOWS[sentence.within].split(':')[0]})" if sentence.within else ""
        if sentence.condition is not None:
            within += f", {_condition(sentence.condition, you)}"
        if sentence.once is not None:
            span = "this turn" if sentence.once == "turn" else "the scenario"
            within += f", only the first time in {span}"
        return [f"when: {WINDOWS[sentence.window]}{within}",
                *(line + (" (for the damage of a failed check to defeat it alone, so from "
                          "the start of its encounter)"
                          if isinstance(effect, ast.DamageRule)
                          and ast.before_outcome(sentence, effect) else "")
                  for effect in sentence.effects for line in does((effect,), who))]
    if isinstance(sentence, ast.Activated) and sentence.alternative is not None:
        return [line for power in sentence.powers
                for line in _sentence(dataclasses.replace(power, alternative=None), notes)]
    if isinstance(sentence, ast.Activated):
        scope = f", on a {sentence.check} check" if sentence.check else ""
        if sentence.on_encounter is not None:
            scope += f", as any character encounters a {sentence.on_encounter}"
        if sentence.at_turn_end:
            whose = "its holder's" if sentence.at_turn_end == "yours" else "any character's"
            scope += f", as {whose} turn ends"
        if sentence.displayed:
            scope += ", only while the card is displayed (from there)"
        if sentence.your_turn:
            scope += ", only in its holder's own turn"
        if sentence.condition is not None:
            scope += f", {_condition(sentence.condition, 'its holder')}"
        power = [f"a power its holder may use{scope}, paying for it: {COSTS[sentence.cost]}"]
        if sentence.also is not None:
            kinds = " or ".join(map(str, sentence.also.kinds)) or "card"
            power.append(f"and paying another {kinds} of its hand too: "
                         f"{COSTS[sentence.also.action]}")
        if sentence.chosen is None:
            return power + does(sentence.effects)
        return [*power, f"for: {CHOSEN_WORDS[sentence.chosen.kind]}, whom its holder chooses "
                "(the one making the check it is played on, if any)",
                *(does(sentence.effects, CHOSEN) if sentence.effects
                  else ["does: what the next sentence says"])]
    if isinstance(sentence, ast.Immunity):
        traits = " and ".join(map(str, sentence.traits))
        word = "trait" if len(sentence.traits) == 1 else "traits"
        return [f"immunity: {traits}, {notes['immunity']}" if "immunity" in notes else
                f"immunity: cards with the {traits} {word} cannot be played against this "
                "card (to evade it or on a check to defeat it)",
                *does((ast.Unevadable(span=sentence.span),) if sentence.unevadable else ())]
    if isinstance(sentence, ast.Resistance):
        traits = " or ".join(map(str, sentence.traits))
        kind, change = ("vulnerability", "decreased") if sentence.vulnerable \
            else ("resistance", "increased")
        return [f"{kind}: the difficulty of a check against this card that has the {traits} "
                f"trait is {change} by {RESISTANCE} (once, however many of them it has)"]
    if isinstance(sentence, ast.Keywords):
        return [f"keywords: {', '.join(map(str, sentence.names))}"]
    if isinstance(sentence, ast.MovementRule):
        return [f"moves: {_MOVEMENT_RULES[sentence.rule]}"]
    if isinstance(sentence, ast.DisplayPower):
        return ["a power its holder may use as any character encounters a card, paying for "
                "it: " + COSTS["display"],
                "does: nothing more; the card is displayed beside its holder, where its "
                "'While displayed' text holds"]
    if isinstance(sentence, ast.WhileDisplayed):
        begins = "" if all(isinstance(effect, ast.SkillDice) for effect in sentence.effects) \
            else ", as each of that character's encounters begins"
        return [f"when: while the card is displayed beside a character{begins}",
                *does(sentence.effects, "that character")]
    if sentence.table == ast.DAMAGE_TYPES_HEADING:
        return ["does: nothing itself; the rows after it, on the roll before it, give the "
                "type of the damage this card deals"]
    if sentence.continues and previous is not None:  # `Then, ...`, `If you fail, ...`
        return ["when: with the sentence before, after its effects", *does(sentence.effects)]
    moment = sentence.moment if isinstance(sentence, ast.Untimed) else None
    if moment is not None:  # a sentence that names its own moment (ast.Untimed.moment)
        return [f"when: {UNTIMED_MOMENTS[moment]}", *does(sentence.effects)]
    when = [f"when: {notes['untimed']}"] if "untimed" in notes else []
    return when + does(sentence.effects)


# The moments of the sentences with no window that name their own (ast.Untimed.moment).
UNTIMED_MOMENTS = {
    "when_reset": "while this card is held, when its holder resets the hand",
    "before_playing": "before each time this card could be played",
    "during_check": "on the check to defeat the card, after cards are played on it, before "
                    "its dice are rolled",
    "after_encounter": WINDOWS["after_encounter"],
    "defeat_checks": "in place of the check to defeat the card, with the sentences that go "
                     "on from it",
}


YOU = "the character who encounters the card (you)"
# The windows of a card's own encounter, which a boon has too (a boon's text in them is not a
# holder's).
_ENCOUNTERED_WINDOWS = ("when_encountered", "if_acquired", "if_not_acquired")
CHOSEN = "the chosen character (you)"


def effect_words(effect: ast.Effect, you: str = YOU) -> str:
    """What an effect does; `you` is who the card's `you` is here."""
    return _EFFECTS[type(effect)](effect, you)


def _with_traits(traits: tuple[ast.Word, ...]) -> str:
    """` with the Attack and Magic trait` (every one of them), or nothing."""
    return f" with the {' and '.join(map(str, traits))} trait" if traits else ""


# The characters an earlier check sorted, one at a time, as the verbs after them are written.
_EACH_WHO = {"characters_who_succeeded": "each character who succeeded",
             "characters_who_failed": "each character who failed"}


# How the moves a boon's powers make meet a bane that keeps characters where they are.
_MOVEMENT_RULES = {
    "ignore_restrictions": "the moves this card's powers make go, whatever keeps a "
                           "character at its location",
    "restrictions_apply": "the moves this card's powers make are kept from going as any "
                          "move is, as the rules have it",
    "no_move_checks": "no check is asked of the moves this card's powers make (no card the "
                      "runtime plays asks one yet); what keeps a character at its location "
                      "still does",
}


def _who(target: ast.Target, you: str) -> str:
    return you if target.kind == "you" else _EACH_WHO.get(target.kind) \
        or TARGET_WORDS[target.kind]


def _rolled(amount: ast.Amount, per: ast.Target) -> str:
    """`, rolled for each` when dice fall on several characters."""
    many = per.kind in ("each_character", "each_character_at_location", "each_other_character",
                        "party", *_EACH_WHO)
    return ", rolled for each" if amount.dice and many else ""


def _damage(e: ast.Damage, you: str) -> str:
    kind = f" {e.kind.text}" if e.kind else ""
    return (f"{_who(e.target, you)} is dealt {e.amount}{kind} damage"
            f"{' that no card may reduce' if e.unreducible else ''}"
            f"{_rolled(e.amount, e.target)}")


def _reduce(e: ast.ReduceDamage, you: str) -> str:
    kinds = " or ".join(map(str, e.kinds)) or "any kind of"
    by = "all of it" if e.amount is None else f"by {e.amount}"
    whose = {"you": "its holder", "any_character": "any character",
             "at_location": "a character at its holder's location"}[e.whose]
    return f"reduces {kinds} damage dealt to {whose}, {by}"


def _end(place: str) -> str:
    """Where in its deck a card is put, as it is done."""
    chosen = " (the player's choice of either end)" if place == "top_or_bottom" else ""
    return ast.DECK_ENDS[ast.end_taken(place)] + chosen


def _evade(e: ast.Evade, you: str) -> str:
    placed = f", and puts it on {_end(e.place)} of its location deck" if e.place else ""
    if e.who is None:
        return f"evades {_selected(e.what)}{placed}: only the character who encounters it " \
            "may play this"
    return f"lets {TARGET_WORDS[e.who.kind]} (not its holder) evade {_selected(e.what)}{placed}"


def _selected(selector: ast.Selector) -> str:
    what = "a " + " or ".join(map(str, selector.kinds))
    if selector.traits:
        what += f" that has the {' and '.join(map(str, selector.traits))} trait"
    if selector.highest is not None:
        value = "combat check's difficulty" if selector.combat_value else "difficulty to defeat"
        what += f" whose highest {value} is at most {selector.highest}"
    return what


CONDITIONS = {
    "proficient": "if {you} is proficient with {words}",
    "not_proficient": "if {you} is not proficient with {words}",
    "has_skill": "if {you} has the {words} skill",
    "lacks_skill": "if {you} has none of the skills {words}",
    "succeeded": "if {you} succeeded at the check just made",
    "failed": "if {you} failed the check just made",
    "any_failed": "if any character failed the check card text made it attempt last",
    "alone": "if {you} is the only character at the location",
    "not_alone": "if {you} is not the only character at the location",
    "cards_left": "if the location deck the card came from holds other cards",
    "no_other_open": "if no location but the card's own is open",
    "matches_blessing": "if the card on top of the blessings discard pile has this card's name",
    "blessing_has_trait": "if the card on top of the blessings discard pile has the {words} "
                          "trait",
    "check_has_trait": "if the check to defeat has the {words} trait",
    "lacks_cards": "if {you} has no card in hand of the types {words}",
    "check_against": "if the check is against a card of the types {words}",
    "check_lacks_trait": "if the check to defeat has none of the traits {words}",
    "check_is": "if the check being made is a {words} check",
    "check_against_card": "if the check is against {words}",
    "played_on_check": "if {you} played a card on this check of the type and with the "
                       "traits {words}",
    "has_in_hand": "if {you} has in hand a card other than this one of the type and with "
                   "the traits {words}",
    "dealt_damage": "if the card dealt damage to {you} in its encounter",
    "discarded_for_damage": "if {you} lost any card to the damage the card dealt in its "
                            "encounter, after reductions",
    "examined_is": "if the card examined just before is one of {words}",
    "examined_is_not": "if the card examined just before is none of {words}",
    "examined_named": "if the card examined just before is {words}",
    "summoned_defeated": "if {words} was won",
    "summoned_not_defeated": "if {words} was not won (evaded, or undefeated)",
    "blessed": "if a blessing was played on the check to defeat",
    "not_blessed": "if no blessing was played on the check to defeat",
    "has_trait": "if {you} has the {words} trait (on the character card)",
    "self_has_trait": "if this card has the {words} trait",
    "rolled": "if the roll just before came to {words}",
    "rolled_not": "if the roll just before came to anything but {words}",
    "check_was": "if the check to defeat the card was a {words} check",
    "succeeded_by": "if the check to defeat the card succeeded by {words} or more",
    "failed_by": "if the check to defeat the card failed by {words} or more",
    "short_by": "if the check to defeat the card did not succeed by {words} or more",
}
# What becomes of a card examined, as explain tells it (format.EXAMINED_WORDS: as written).
EXAMINED_FATES = {"take": "to the hand", "draw": "drawn", "top": "back on top of its deck",
                  "bottom": "to the bottom of its deck", "encounter": "encountered now",
                  "discard": "discarded", "bury": "buried", "banish": "banished",
                  "recharge": "recharged"}
# Card actions that move cards elsewhere than their names say: the verb, and where to.
_ACTION_VERBS = {"top": "put", "shuffle_to_location": "shuffle"}
_PUT_WHERE = {"top": " on top of their deck", "shuffle": " into their deck",
              "shuffle_to_location": " into the location deck"}
SOURCES = {"hand": "hand", "discards": "discard pile", "hand_or_discards": "hand or discard pile",
           "hand_or_deck": "hand or the top of the deck, each card from either",
           "discards_top": "top of the discard pile (the cards discarded last)",
           "deck": "top of the deck",
           "deck_end": "top of the deck (top or bottom, as printed: cardwright takes the top)",
           "deck_ends": "top and the bottom of the deck",
           "blessings": "blessings deck"}


def _damage_rule(e: ast.DamageRule) -> str:
    changes = [f"is {e.as_kind} damage" if e.as_kind is not None else "",
               f"is {e.more} {'more' if e.sign > 0 else 'less'}" if e.more is not None else "",
               f"is dealt to {TARGET_WORDS[e.to.kind]} as well" if e.to is not None else "",
               "is halved, rounding up" if e.halved else "",
               f"is at most {e.at_most}" if e.at_most is not None else "",
               "may not be reduced" if e.unreducible else "",
               f"costs cards by {e.loses} rather than discard" if e.loses else "",
               "costs the top cards of the deck, not cards of the hand" if e.from_deck
               else ""]
    dealt = f"{e.of_kind} damage this card deals" if e.of_kind else "damage this card deals"
    return f"{dealt} " + " and ".join(change for change in changes if change)


def _condition(condition: ast.Condition, you: str) -> str:
    words = " or ".join(map(str, condition.words))
    if condition.kind in ast.SUMMONED_CONDITIONS:
        each = "each" if condition.kind == "summoned_defeated" else "any"
        words = f"{each} encounter of a summoned {words} (a card's name, or a kind of card)" \
            if words else "the encounter of the card summoned last"
    return CONDITIONS[condition.kind].format(you=you, words=words)


def _declined(declined: ast.Effect | None, you: str) -> str:
    return "" if declined is None else f"; if {you} does not: {effect_words(declined, you)}"


def _conditional(e: ast.Conditional, you: str) -> str:
    text = (f"{_condition(e.condition, you)}: "
            f"{effect_words(e.then, you)}" + (" (instead)" if e.instead else ""))
    if e.otherwise is not None:
        text += f"; if not: {effect_words(e.otherwise, you)}"
    return text


def _pile_action(e: ast.PileAction, you: str) -> str:
    kinds = [str(kind) for kind in e.kinds if str(kind).casefold() not in ("card", "cards")]
    pile = "the hand" if e.pile == "hand" else "the discard pile"
    if not (kinds or e.traits):
        return f"{_who(e.target, you)} must {e.action} every card of {pile}"
    return f"{_who(e.target, you)} must {e.action} every " \
        + (f"card of the types {' or '.join(kinds)}" if kinds else "card") \
        + (f" with any of the traits {', '.join(map(str, e.traits))}" if e.traits else "") \
        + f" in {pile}"


def _which_checks(checks: ast.WhichChecks) -> str:
    whose = {"yours": "its holder's", "any": "any character's",
             "others": "another character's", "elsewhere": "a"}[checks.owner]
    kinds = " or ".join(map(str, checks.kinds))
    text = f"{whose} {kinds} check" if kinds else f"{whose} check"
    if checks.owner == "elsewhere":
        text += " by a character at another location"
    if checks.purpose is not None:
        text += " to defeat or acquire" if checks.purpose == "against" \
            else f" to {checks.purpose}"
        if checks.against:
            text += " a " + " or ".join(singular(kind.text) for kind in checks.against)
        if checks.against_traits:
            text += " with any of the traits " + ", ".join(map(str, checks.against_traits))
    if checks.using:
        text += " on which a " + " or ".join(map(str, checks.using)) + " was played before"
    if checks.alternative is not None:
        text += f", or {_which_checks(checks.alternative)}"
    return text


def _difficulty(e: ast.DifficultyChange, you: str) -> str:
    scope = {"this_check": "this check", "to_defeat": "the check to defeat this card",
             "your_checks": f"{you}'s checks for the rest of the turn",
             "all_checks": "every check for the rest of the turn"}[e.scope]
    hand = f"{you}'s hand"
    by = f"one for {_cards_of(e.counted, hand)}" if e.counted else str(e.total)
    return f"the difficulty of {scope} goes {'up' if e.sign > 0 else 'down'} by {by}"


def _cards_of(counted: tuple[ast.Selector, ...], hand: str) -> str:
    """`each card of your hand that is spells with the Attack trait or weapons`."""
    return f"each card of {hand} that is " + " or ".join(
        " ".join(map(str, selector.kinds))
        + (f" with the {' and '.join(map(str, selector.traits))} trait" if selector.traits
           else "") for selector in counted)


_EFFECTS: dict[type, Callable[[Any, str], str]] = {
    ast.Damage: _damage,
    ast.ReduceDamage: _reduce,
    ast.Evade: _evade,
    ast.MovementLock: lambda e, you: f"{_who(e.target, you)} at the card's location may not "
    "move or be moved while the card is the top card of that location's deck"
    + ("; they meet it as each turn's first exploration there (as the runtime's turn always "
       "explores, and meets the deck's top card first)" if e.explored_first else ""),
    ast.EncounterSelf: lambda e, you: "the character who examined the card encounters it"
    + ("" if not e.ignoring else ", its text of " + " and ".join(
        WINDOW_WORDS[window] for window in e.ignoring) + " left undone in that encounter"),
    ast.DefeatBane: lambda e, you: f"defeats {_selected(e.what)} with no check, played instead "
    "of the check to defeat it by the character who encounters it",
    ast.Summon: lambda e, you: f"{_who(e.target, you)} summons "
    + " and ".join(card.name for card in e.cards)
    + " from the box and encounters each, one whole encounter after another",
    ast.SummonFromBox: lambda e, you: f"{_who(e.target, you)} summons a "
    + " or ".join(map(str, e.kinds)) + " the dice pick from the box and encounters it",
    ast.SelfAction: lambda e, you: f"the card will {e.action} itself "
    # The encountered card goes as its encounter ends; a card held or played, at once.
    + ("when its encounter ends" if you == YOU else "at once, from wherever it is")
    + (f", next to {e.beside}" if e.beside else ""),
    ast.AtReset: lambda e, you: f"when {you} resets the hand with this card in it: "
    f"{COSTS[e.action]}",
    ast.EvadeSelf: lambda e, you: "the card is evaded: its encounter ends, and it goes back"
    + (f", on the {e.place} of the location deck" if e.place else ""),
    ast.DiscardFirst: lambda e, you: f"for the rest of the encounter, {you} discards "
    + " or ".join(map(str, e.kinds)) + " first for damage"
    + (" this card deals" if e.by_card else "") + ", while any are in hand",
    ast.CountAs: lambda e, you: f"each d{e.sides} of the check that rolls {e.face} counts as "
    f"{e.counted}",
    ast.RerollCheck: lambda e, you: "the check's dice (its skill's die and those cards added) "
                                    "are rolled again, and the new total is the check's",
    ast.TakeResult: lambda e, you: ("the new result stands" if e.kept == "new" else
                                    f"the {e.kept} of the two results stands")
    + ": the check is not rerolled again",
    ast.Move: lambda e, you: f"{_who(e.target, you)} moves to "
    + ("a random open location" if e.random else "a location of their choice"),
    ast.ShuffleFromBox: lambda e, you: "a random " + " and a random ".join(map(str, e.kinds))
    + " from the box are shuffled into the location deck",
    ast.Attempt: lambda e, you: f"{_who(e.target, you)} attempts {_step(e.check)}; "
    + ("later text may ask how it went" if e.then is None
       else f"on a success: {effect_words(e.then, you)}"),
    ast.SufferScourge: lambda e, you: f"{_who(e.target, you)} suffers "
    + (f"the scourge {e.card.name}" if e.card else "a scourge the dice pick from the box"),
    ast.MoveSelf: lambda e, you: "when its encounter ends (examined, at once), the card is " + (
        f"shuffled into {ast.SHUFFLED_INTO[e.place]}" if e.place in ast.SHUFFLED_INTO
        else "put under the top card of the location deck (on top, if it is empty)"
        if e.place == "under_top" else f"put on {_end(e.place)} of the location deck"),
    ast.CardAction: lambda e, you: f"{_who(e.target, you)} must "
    f"{_ACTION_VERBS.get(e.action, e.action)} "
    f"{count_words(e.count, e.random, e.kinds)} from the {SOURCES[e.source]}"
    + _PUT_WHERE.get(e.action, "")
    + ("" if e.random or e.source in ("deck", "deck_end", "deck_ends", "discards_top",
                                      "blessings")
       else ", of their choice"),
    ast.Draw: lambda e, you: f"{_who(e.target, you)} draws "
    + ("as many as they choose of " if e.up_to else "") + count_words(e.count, False),
    ast.AddToCheck: lambda e, you: f"adds {e.amount} to {_which_checks(e.checks)}"
    + ("" if e.more is None else
       f" ({e.more.amount} instead if it is against {_selected(e.more.against)})")
    + (f", which gains the {' and '.join(map(str, e.traits))} "
       + ("trait" if len(e.traits) == 1 else "traits") if e.traits else ""),
    ast.CloseLocation: lambda e, you: {
        "close": "closes {} for good",
        "temporarily_close": "closes {} until the end of the turn",
        "attempt_close": "lets the character attempt the check to close {}",
    }[e.mode].format("the location the card came from" if e.place == "origin"
                     else "the character's location"),
    ast.AddDice: lambda e, you: f"adds {e.count} more of the check's own dice to "
    + _which_checks(e.checks),
    ast.SearchDeck: lambda e, you: f"{you} looks through "
    + ("the location's deck" if e.deck == "location" else "their deck")
    + (" from the top for the first card" if e.first else " for a card of their choice")
    + (f" of the types {' or '.join(map(str, e.kinds))}" if e.kinds else "")
    + (f" with the traits {' and '.join(map(str, e.traits))}" if e.traits else "")
    + (", then shuffles the deck and puts that card on top" if e.action == "top" else
       ", which is " + ("taken into the hand" if e.action == "take" else EXAMINED_FATES[e.action])
       + ", then shuffles the deck"),
    ast.Retrieve: lambda e, you: f"{you} takes back a "
    + (" or ".join(map(str, e.kinds)) or "card") + " of their choice from the discard pile",
    ast.AddSkillDie: lambda e, you: f"adds one die the size of its holder's {e.skill} die, "
    "with no bonus, to the check",
    ast.SkillDice: lambda e, you: f"{you} rolls a d{e.sides} for "
    + " and ".join(map(str, e.skills)) + " on every check",
    ast.AutoSucceed: lambda e, you: f"{_which_checks(e.checks)} succeeds, whatever the dice "
    "say",
    ast.EachAttemptsDefeat: lambda e, you: f"{_who(e.target, you)}: each attempts the check "
    "to defeat the card, in place of the one encountering it alone"
    + (", by an option of it none before chose" if e.different else "")
    + "; failing deals no damage of its own, and the card is defeated if each succeeded",
    ast.ChooseCardType: lambda e, you: f"{you} names a type of card (the player's pick)",
    ast.SetAsideChosen: lambda e, you: "the cards just examined of the chosen type leave "
    "their deck, set aside",
    ast.ReturnSetAside: lambda e, you: "that deck is shuffled, and the cards set aside go on "
    "its top or its bottom (the player's pick)",
    ast.ExplorationFinds: lambda e, you: "in the exploration the power grants, a card of "
    f"the types {', '.join(map(str, e.kinds))} that {you} would encounter "
    + ("is banished instead" if e.fate == "banish" else
       "is encountered, and the card played goes back from the discard pile to the bottom of "
       "its holder's deck (recharged instead)"),
    ast.ExplorationAddition: lambda e, you: f"adds {e.amount} to "
    f"{_which_checks(e.checks)}, each one made during the exploration the power grants",
    ast.RollFor: lambda e, you: f"{you} rolls {e.amount}, for the effects after it to ask "
                                "what it came to",
    ast.RollDice: lambda e, you: f"the check is made with {e.amount} in place of a skill's "
    "die and bonus" + (f", with the {' and '.join(map(str, e.traits))} traits" if e.traits
                       else ""),
    ast.UseSkill: lambda e, you: "the check is made with the best of its holder's "
    + " or ".join(map(str, e.skills)) + (f", adding {e.plus}" if e.plus else "")
    + (f" (only {_which_checks(e.checks)})" if e.checks is not None else ""),
    ast.YouMay: lambda e, you: f"{you} may choose: {effect_words(e.effect, you)}"
    + _declined(e.declined, you),
    ast.ExtraCost: lambda e, you: f"its holder may also {COSTS[e.cost]}, and then: "
    f"{effect_words(e.effect, you)}",
    ast.Either: lambda e, you: f"{you} does one of these, its choice among those it can do "
    "in full: " + "; or ".join(effect_words(option, you) for option in e.options),
    ast.PayTo: lambda e, you: f"{you} may pay, if it can pay all of it: "
    f"{effect_words(e.cost, you)}"
    + ("" if e.effect is None else f"; and then: {effect_words(e.effect, you)}")
    + _declined(e.declined, you),
    ast.Conditional: _conditional,
    ast.Explore: lambda e, you: f"{you} explores the location once more this turn",
    ast.TurnAddition: lambda e, you: f"for the rest of the turn, {e.amount}"
    + _with_traits(e.traits)
    + f" is added to {_which_checks(e.checks)}",
    ast.SelectLocation: lambda e, you: "the dice pick a location with characters at it"
    + (", among those with the most" if e.most_occupied else "")
    + " (that location, to the text after it)",
    ast.DifficultyChange: _difficulty,
    ast.InsteadOfDiscard: lambda e, you: (f"if {you} succeeds at {_step(e.check)}, "
                                          if e.check else "")
    + f"rather than {' or '.join(e.replaces)} the card played, its holder must "
    + COSTS[e.action],
    ast.Forbid: lambda e, you: f"{_who(e.who, you)} may not play "
    + " or ".join(map(str, e.kinds))
    + _with_traits(e.traits)
    + (f", nor {' or '.join(map(str, e.or_kinds))}" if e.or_kinds else "")
    + (", nor use powers (the runtime has no character powers: not modelled)" if e.powers
       else "")
    + (" on the check being made" if e.on_check else " for the rest of the turn" if e.for_turn
       else " for the rest of the encounter"),
    ast.TurnAction: lambda e, you: {"reset_hand": f"{you} resets the hand",
                                    "end_turn": f"{you}'s turn ends",
                                    "keep_hand": f"{you} does not reset the hand at the end "
                                                 "of this turn"}[e.action],
    ast.Examine: lambda e, you: f"{you} looks at "
    + ("all of " if e.count is None else f"the {e.end} {top_cards_words(e.count)} of ")
    + {"location": "the location deck", "yours": "their deck",
       "any_location": "the deck of their own location (a location deck, as printed)",
       "any_character": "their own deck (any character's, as printed)",
       "blessings": "the blessings deck",
       "blessings_discard": "the blessings discard pile"}[e.deck]
    + {None: " and puts them back", "any_order": " and puts them back in any order",
       "top_or_bottom": " and puts them back, on the top or the bottom",
       "shuffle": ", then shuffles that deck"}[e.then],
    ast.GainFromBox: lambda e, you: f"{you if e.target is None else _who(e.target, you)} "
    f"adds {e.count} random " + " or ".join(map(str, e.kinds))
    + _with_traits(e.traits) + (", of the kind the player names," if e.chosen else "")
    + " from the box to the hand",
    ast.PileAction: lambda e, you: _pile_action(e, you),
    ast.ExaminedKinds: lambda e, you: f"{you} must {_ACTION_VERBS.get(e.action, e.action)} "
    f"each of the cards examined just before that is of the types {' or '.join(map(str, e.kinds))}",
    ast.ExaminedRest: lambda e, you: "the cards examined just before that are left go back in "
    "the order its player chooses (by default, as they are)" if e.how == "any_order"
    else "the deck the cards examined just before are in is shuffled",
    ast.DamageRule: lambda e, you: _damage_rule(e),
    ast.Unevadable: lambda e, you: "no card or power may evade this card",
    ast.AllowAnother: lambda e, you: f"another {e.kind} may be played on this check",
    ast.ForceOutcome: lambda e, you: "the card is acquired, with no check to acquire it"
    if e.outcome == "acquired" else f"the card is {e.outcome}, whatever the dice say",
    ast.ForbidSelf: lambda e, you: "this card may not be played "
    + ("during an encounter (only at the other moments of a turn)" if e.during_encounter
       else "then"),
    ast.ShuffleLocation: lambda e, you: "the location deck is shuffled",
    ast.CountedDamage: lambda e, you: f"{_who(e.target, you)} is dealt "
    f"{e.kind.text + ' ' if e.kind else ''}damage, {f'{e.plus} points and ' if e.plus else ''}"
    "a point for "
    + _cards_of(e.counted, f"{you}'s hand" if e.owner == "yours" else "its own hand"),
    ast.ExaminedAction: lambda e, you: f"the card examined: {EXAMINED_FATES[e.action]}",
    ast.ForEachPlayed: lambda e, you: f"{effect_words(e.effect, you)}, once for each "
    + " or ".join(map(str, e.kinds))
    + _with_traits(e.traits)
    + " played on the check",
    ast.PlayedFate: lambda e, you: "any "
    + " or ".join(map(str, e.kinds))
    + _with_traits(e.traits)
    + f" played in this encounter by {you if e.target.kind == 'you' else 'any character'}"
    + (" on the check to defeat, once that check has failed: " if e.failed_defeat
       else ": ")
    + f"{COSTS[e.action]}{'' if e.failed_defeat else ' once its play is done'}, wherever the "
    "play put it (one the play banished stays in the box)",
    ast.ForEach: lambda e, you: f"{effect_words(e.effect, you)}, once for each other "
                                f"{COUNTED_WORDS[e.counted]}",
    ast.EncounteredByEach: lambda e, you: f"{TARGET_WORDS[e.target.kind]} encounters the card "
                                          f"too (before the check, other than {you}, first)",
    ast.UndefeatedUnless: lambda e, you: f"the card is undefeated if any encounter of the "
                                         f"{e.card.name} it summoned was not won",
    ast.NoClosing: lambda e, you: "defeating the card offers no attempt to close the location",
    ast.NoTemporaryClosing: lambda e, you: "in this villain's encounter, no character tries "
    "to close for now " + (f"a location with the {' or '.join(map(str, e.traits))} trait"
                           if e.traits else "one other open location the dice pick"),
    ast.NoDamage: lambda e, you: "the card deals no damage for a failed check to defeat it (so "
                                 "from the start of its encounter)",
    ast.PayForEach: lambda e, you: f"{you} may {e.action} any number of "
                                   f"{' or '.join(map(str, e.kinds))} from the hand; for each, "
                                   f"{e.add.amount} is added to the check to defeat",
    ast.BlessingsBack: lambda e, you: f"{e.count} random cards of the blessings discard pile "
                                      "are shuffled back into the blessings deck (a turn more "
                                      "each)",
    ast.ShuffleBlessing: lambda e, you: "the blessings deck's top card is shuffled into the "
                                        "location deck (a turn less, as any card it loses)",
    ast.Subtract: lambda e, you: f"{e.amount} is taken from the check"
    + (", for each die rolled on it" if e.each_die else ""),
    ast.CheckOrElse: lambda e, you: f"{_who(e.target, you)} attempts {_step(e.check)}; on a "
    f"failure: {', then '.join(effect_words(effect, 'that character') for effect in e.otherwise)}",
    ast.StatChange: lambda e, you: (
        _who(e.subject, you) if isinstance(e.subject, ast.Target) else "this character")
    + f" gets {e.amount:+d} {e.stat} until the end of the turn",
    ast.StatBonus: lambda e, you: f"adds {e.amount:+d} to its bearer's {e.stat}"
    + (f" against a monster with the {e.against} trait" if e.against else ""),
    ast.RollOrElse: lambda e, you: f"{_who(e.target, you)} rolls "
    + " or ".join(map(str, e.stats)) + f" plus the die, needing {e.number} or more; on a "
    f"failure: {effect_words(e.otherwise, 'that character')}",
    ast.Heal: lambda e, you: f"{_who(e.target, you)} heals {e.amount}, up to full Health",
    ast.GainStars: lambda e, you: f"{_who(e.target, you)} gains {e.amount} Star token(s)",
    ast.DrawLoot: lambda e, you: f"{_who(e.target, you)} draws {e.amount} Loot",
    ast.DiscardMonster: lambda e, you: f"discards the monster fought if it has the {e.trait} "
    "trait (not a boss)",
    ast.Reroll: lambda e, you: "re-rolls the character's last die",
    ast.Marker: lambda e, you: {
        "ambush": "an Ambush: a monster from the deck attacks first",
        "monster_nest": "a Monster Nest: two monsters from the deck at once",
        "skippable": "the Leader may skip this event",
        "no_attack": "the character does not attack this turn",
        "carries_light": "carries a light: in the dark, the other side cannot be surprised",
        "never_surprised": "never surprised: its side does not roll for surprise",
        "always_attacks": "the monsters always attack: no reaction is rolled",
        "pursues": "the monsters pursue a party that flees",
        "self": "the action's abilities are the figure's own",
        "lost": "the card is lost once the action is done",
        "round_bonus": "the card stays active until the end of the round",
        "jump": "the move goes over obstacles",
        "all_adjacent": "the ability takes every enemy next to the figure",
        "one_target": "the attack's targets (its Target, or the monster's) are one enemy, "
                      "attacked as many times",
        "advantage": "the attack draws two modifiers and keeps the better (with no modifier "
                     "deck, it deals its value)",
    }[e.name],
    ast.SurpriseRange: lambda e, you: f"the other side is surprised on {e.low} to {e.high} of "
                                      "its d6 (the rule is 1 to 2)"
    + ("" if e.reason is None else f", due to {e.reason}"),
    ast.AbilitiesElsewhere: lambda e, you: f"{', '.join(map(str, e.names))}: rules not on "
                                           "the card, which the encounter sequence does not "
                                           "play",
    ast.Ability: lambda e, you: f"{e.name} {e.amount:+d}, added to the monster's own"
    if e.signed else f"{e.name} {e.amount}",
    ast.GivenCondition: lambda e, you: f"the figures attacked are given {e.name}",
    ast.Element: lambda e, you: f"the {e.name} element is "
                                f"{'used up for a bonus' if e.consumed else 'made strong'}",
    ast.NegateNextDamage: lambda e, you: "the next damage the figure would suffer this round "
                                         "is none",
    ast.AbilityX: lambda e, you: f"{e.name} X",
    ast.TargetAll: lambda e, you: "the ability takes every enemy"
    + ("" if e.range is None else f" within range {e.range}")
    + ("" if e.row is None else f" in row {e.row}") + " (with no map, every enemy)",
    ast.NearTarget: lambda e, you: f"the attack takes an enemy within range {e.range} of the "
                                   "target of the attack before it, one not yet attacked by "
                                   "the action if there is one (with no map, every enemy is)",
    ast.ElementBonus: lambda e, you: f"{e.ability} {e.amount:+d} for the element used up (none "
                                     "is given: there is no element board)",
    ast.XIsDamageDealt: lambda e, you: "X is the damage the action's attack dealt",
    ast.RemoveNegativeConditions: lambda e, you: "the figure loses its negative conditions "
                                                 f"({', '.join(NEGATIVE_CONDITIONS)})",
    ast.AllyBonus: lambda e, you: f"{e.ability} {e.amount:+d} more while the figure has an "
                                  "ally on the map (every figure is beside every other)",
    ast.AreaDamage: lambda e, you: (
        f"every one of the figure's {' and '.join(e.sides)} "
        + ("beside the target of the action's attack (with no map, all but a lone target) "
           if e.around_target else "")
        + f"suffers {e.amount} damage, which no shield stops"
        + ("" if e.around_target else " (with no map, every one is in reach)")),
    ast.AttackersSuffer: lambda e, you: f"each figure that attacks the monster this round "
                                        f"suffers {e.amount} damage, at any range",
    ast.AttacksDisadvantaged: lambda e, you: "each attack on the monster this round draws two "
                                             "modifiers and keeps the worse (with no modifier "
                                             "deck, it deals its value)",
    ast.AllAllies: lambda e, you: "the heal, shield, retaliation or conditions before it go "
                                  "to every ally of the figure"
                                  + (" and to the figure" if e.self_too else "")
                                  + " (with no map, every one is in reach)",
    ast.SummonMonster: lambda e, you: f"{_standees(e)} the map, to act from the next round",
    ast.SpawnRank: lambda e, you: "the summon's standees before it are " + "; ".join(
        ("every second one elite" if rank.alternate else "elite" if rank.elite else "normal")
        + f" for {characters_counted(rank)} characters" for rank in e.ranks)
    + " (fewer or more characters: as for the nearest number said)",
    ast.SufferDamage: lambda e, you: f"the figure suffers {e.amount} damage, which no shield "
                                     "stops" + (f", if the action's {e.after} was performed"
                                                if e.after else ""),
}
