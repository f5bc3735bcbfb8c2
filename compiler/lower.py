"""AST -> IR: a checked card becomes the engine-neutral program every backend reads.

Lowering drops the wording and keeps the meaning: synonyms are already one
node in the AST, and here nodes become plain data (see compiler.ir).  It runs
only on cards that passed their checks.
"""

from __future__ import annotations

import dataclasses
import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from compiler import ast, ir

# Python's lower-case keywords and soft keywords (identifiers here are lower case), written
# out rather than read from the running Python, so that every Python makes the same names.
RESERVED = frozenset((
    "and", "as", "assert", "async", "await", "break", "case", "class", "continue", "def", "del",
    "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is",
    "lambda", "match", "nonlocal", "not", "or", "pass", "raise", "return", "try", "type",
    "while", "with", "yield", "_",
))
# The effects that give a power its moment (see ir.Power.purpose), by op: adding dice or a
# better skill to a check is adding to it; exploring again is done on its holder's turn,
# between explorations.
POWER_PURPOSES = {"evade": "evade", "defeat": "defeat", "reduce_damage": "reduce_damage",
                  "add_to_check": "add_to_check", "add_dice": "add_to_check",
                  "use_skill": "add_to_check", "roll_dice": "add_to_check",
                  "auto_succeed": "add_to_check", "on_encounter": "encounter",
                  "at_turn_end": "end_of_turn", "explore": "explore"}


def _with_branches(effect: ir.Effect) -> tuple[ir.Effect, ...]:
    """The effect, or for a conditional its branches (`add 1, or 5 if you have the Arcane
    skill`): what may give a power its purpose."""
    if effect["op"] != "conditional":
        return (effect,)
    return tuple(branch for branch in (effect["then"], effect["otherwise"])
                 if branch is not None)


def _selection(selector: ast.Selector) -> dict[str, Any]:
    """The cards a selector takes in (runtime.pacg.cards.selects reads it); `combat_value`
    only where the highest difficulty is of combat checks, so that every other selection's
    IR reads as it always has."""
    selection = {"kinds": _words(selector.kinds), "traits": _words(selector.traits),
                 "highest": selector.highest}
    if selector.combat_value:
        selection["combat_value"] = True
    return selection


def lower_card(card: ast.Card, path: str, names: Mapping[str, str]) -> ir.Program:
    """`names` maps each way the text may name a card, folded, to the card's own name
    (check.shared.card_names), so the IR names other cards as they name themselves."""
    lower = _Lowerer(names)
    triggers: dict[str, list[ir.Effect]] = {}
    powers: list[ir.Power] = []
    keywords: list[str] = []
    immunities: list[str] = []
    resistances: tuple[list[str], list[str]] = ([], [])  # resistant to, vulnerable to
    movement: str | None = None
    untimed: list[ir.Effect] = []
    abilities: list[ir.Ability] = []
    dice: dict[str, int] = {}
    for section in card.shared_sections:  # the IR holds no node's span
        ability: list[ir.Effect] | None = None
        if section.label is not None:
            ability = []
            abilities.append({"label": section.label.lower(), "effects": ability})
        # Where the sentence before put its effects, and the window it was done in, for a
        # sentence that continues it (`Then, ...`).
        last: list[ir.Effect] | None = None
        window: ast.Triggered | None = None
        after_power = False
        for sentence in ast.joined_powers(section.sentences):
            rolled = ast.as_the_check_goes(sentence) if after_power else None
            if rolled is not None:
                # `Bury this card to add 1d20 to your check.  If you fail the check, discard
                # this card instead of burying it.`: once the check is rolled.
                for moment, effect in rolled:
                    triggers.setdefault(moment, []).append(lower.effect(effect))
                continue
            if sentence.continues:
                if last is not None:  # the check makes sure there is one
                    last.extend(_within(window, [lower.effect(e) for e in sentence.effects]))
                continue
            last, window, after_power = None, None, isinstance(sentence, ast.Activated)
            if isinstance(sentence, ast.Triggered):
                # `When you examine this card, or if undefeated, ...`: in each window; a
                # `Then, ...` after it goes on in the first
                for one in reversed(ast.each_window(sentence)):
                    window, last = one, triggers.setdefault(one.window, [])
                    # `If undefeated, the Ghoul deals no damage`: so from the start (the
                    # damage for the failed check comes before any window of the outcome);
                    # `If undefeated, the damage dealt by the Ghoul is increased by 2`: a rule
                    # for that damage only (docs/rulings.md).
                    before = [e for e in one.effects if ast.before_outcome(one, e)]
                    untimed.extend(_for_failure(lower.effect(e)) for e in before)
                    effects = [lower.effect(e) for e in one.effects if e not in before]
                    if one.alongside is not None:  # `When playing another weapon, ...`
                        # done only for a card of that type: played on the check, or to be
                        # played
                        asks = _ALONGSIDE_CONDITIONS[one.window]
                        effects = [_only_if(asks, [one.alongside.text], e) for e in effects]
                    last.extend(_within(window, effects))
            elif isinstance(sentence, ast.Activated):
                written = [lower.power(power) for power in sentence.powers]
                powers.extend(written)
                last = written[0]["effects"]  # `Then, ...` goes on with the first
            elif isinstance(sentence, ast.DisplayPower):
                powers.append(lower.display_power(sentence))
            elif isinstance(sentence, ast.WhileDisplayed):
                # additions kept for the checks of the encounter they are done at; the dice
                # of skills, a state of the card's while it is displayed
                last = triggers.setdefault("while_displayed", [])
                for effect in sentence.effects:
                    if isinstance(effect, ast.SkillDice):
                        dice.update(dict.fromkeys((skill.text for skill in effect.skills),
                                                  effect.sides))
                    else:
                        last.append({**lower.effect(effect), "op": "displayed_addition"})
            elif isinstance(sentence, ast.Untimed):
                # A sentence that names its own moment is done then, not with the card's
                # other sentences (ast.Untimed.moment).
                moment = sentence.moment
                if ability is not None:
                    last = ability
                elif moment is not None:
                    last = triggers.setdefault(moment, [])
                else:
                    last = untimed
                last.extend(lower.effect(effect) for effect in sentence.effects)
            elif isinstance(sentence, ast.Keywords):
                keywords.extend(_new_words(sentence.names, keywords))
            elif isinstance(sentence, ast.Immunity):
                immunities.extend(_new_words(sentence.traits, immunities))
                if sentence.unevadable:
                    untimed.append(lower.effect(ast.Unevadable(span=sentence.span)))
            elif isinstance(sentence, ast.Resistance):
                changed = resistances[sentence.vulnerable]
                changed.extend(_new_words(sentence.traits, changed))
            elif isinstance(sentence, ast.MovementRule):
                movement = sentence.rule
    program: ir.Program = {
        "ir": ir.IR_VERSION,
        "game": card.game,
        "name": card.name,
        "ident": identifier_for(card.name),
        "type": card.type,
        "source": {"file": path, "line": card.span.line},
        "fields": {
            _snake(item.name): _value(item.value, names)
            for item in card.headers
            if item.name not in ("Name", "Type")
        },
        "keywords": keywords,
        "immunities": immunities,
        "triggers": {window: effects for window, effects in triggers.items() if effects},
        "powers": powers,
        "abilities": abilities,
        "effects": untimed,
    }
    if dice:
        program["displayed_dice"] = dice
    if resistances[0]:
        program["resistances"] = resistances[0]
    if resistances[1]:
        program["vulnerabilities"] = resistances[1]
    if movement is not None:
        program["movement"] = movement
    return program


# What the effects of a window that names a type of card ask of the card: `When playing
# another weapon`, one played on the check; `before any character plays a spell`, the one
# about to be played (`a card`: any); and of a check, `If you would fail a check by 1`, that
# it misses by no more.
_ALONGSIDE_CONDITIONS = {"when_playing_another": "played_on_check",
                         "before_any_play": "playing", "before_another_plays": "playing",
                         "would_fail_by": "failing_by"}


def _for_failure(effect: ir.Effect) -> ir.Effect:
    """A damage rule held for the damage of the failed check to defeat alone."""
    return {**effect, "for_failure": True} if effect["op"] == "damage_rule" else effect


def _only_if(kind: str, words: list[str], then: ir.Effect, otherwise: ir.Effect | None = None,
             instead: bool = False) -> ir.Effect:
    """A conditional effect, as card text writes one or as a window implies one."""
    return {"op": "conditional", "condition": {"kind": kind, "words": words}, "then": then,
            "otherwise": otherwise, "instead": instead}


def _within(window: ast.Triggered | None, effects: list[ir.Effect]) -> list[ir.Effect]:
    """Effects of a window's sentence, each done only if what the window asks holds: the
    condition it adds (`If defeated and the check to defeat was a non-combat check,`), that
    it is the first time (`The first time ... this turn,`), and the outcome it was written
    inside (`If undefeated, after the encounter,`)."""
    if window is not None and window.condition is not None:
        asked = window.condition
        effects = [_only_if(asked.kind, _words(asked.words), effect) for effect in effects]
    if window is not None and window.once is not None:  # `The first time ... this turn,`
        effects = [_only_if("first_time", [window.once, window.window], effect)
                   for effect in effects]
    if window is None or window.within is None:
        return effects
    return [_only_if(ast.OUTCOMES[window.within], [], effect) for effect in effects]


def identifier_for(name: str) -> str:
    """A Python identifier for a card, made only of ASCII letters, digits and underscores:
    `Goblin Raider` -> `goblin_raider`.  Card text never becomes a name in generated code
    any other way."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    ident = re.sub(r"[^a-z0-9]+", "_", ascii_name.lower()).strip("_") or "card"
    if ident[0].isdigit():
        ident = f"card_{ident}"
    if ident in RESERVED:
        ident += "_"
    return ident


def lower_amount(amount: ast.Amount) -> ir.Amount:
    """The amount; `adventure` only where the adventure deck number counts, so that the IR of
    every other amount reads as it always has."""
    lowered: ir.Amount = {"dice": amount.dice, "sides": amount.sides, "plus": amount.plus,
                          "times": amount.times, "per_player": amount.per_player}
    if amount.adventure:
        lowered["adventure"] = amount.adventure
    return lowered


def lower_check_step(step: ast.CheckStep) -> list[ir.CheckOption]:
    return [{"skills": [skill.text for skill in option.skills], "difficulty": option.difficulty,
             "adventure": option.adventure} for option in step.options]


def _new_words(words: tuple[ast.Word, ...], seen: list[str]) -> list[str]:
    fresh: list[str] = []
    for word in words:
        if word.text not in seen and word.text not in fresh:
            fresh.append(word.text)
    return fresh


def _snake(field_name: str) -> str:
    return field_name.lower().replace(" ", "_")


def _value(value: Any, names: Mapping[str, str]) -> Any:
    """A header field's value as plain data; a card it names (an ose encounter's monsters, a
    gloomhaven deck's monster) by the card's own name."""
    if isinstance(value, ast.Word):
        return value.text
    if isinstance(value, ast.CheckSequence):
        return [lower_check_step(step) for step in value.steps]
    if isinstance(value, ast.SkillDie):
        return {"skill": value.skill.text, "sides": value.sides, "bonus": value.bonus}
    if isinstance(value, ast.Amount):
        return lower_amount(value)
    if isinstance(value, ast.Alternatives):
        return _value(value.words, names)
    if isinstance(value, tuple):
        return [_value(item, names) for item in value]
    if isinstance(value, ast.CardRef):  # a gloomhaven Monster Ability's monster
        return names.get(ast.name_key(value.name), value.name)
    if isinstance(value, ast.MonsterGroup):
        return {"count": lower_amount(value.count),
                "name": names.get(ast.name_key(value.name), value.name)}
    if isinstance(value, ast.Node):  # a stat line's value (ast.ArmourClass, ast.Speed, ...)
        return {item.name: _value(getattr(value, item.name), names)
                for item in dataclasses.fields(value) if item.compare}
    return value


def _which_checks(checks: ast.WhichChecks) -> dict[str, Any]:
    return {"owner": checks.owner, "checks": [kind.text for kind in checks.kinds],
            "purpose": checks.purpose, "against": [kind.text for kind in checks.against],
            "against_traits": _words(checks.against_traits), "using": _words(checks.using),
            "or": None if checks.alternative is None else _which_checks(checks.alternative)}


def _counted(counted: tuple[ast.Selector, ...]) -> list[dict[str, list[str]]]:
    """The cards of a hand that are counted, as Encounter.count_in_hand takes them."""
    return [{"kinds": _words(selector.kinds), "traits": _words(selector.traits)}
            for selector in counted]


def _words(words: tuple[ast.Word, ...]) -> list[str]:
    return [word.text for word in words]


def _word(word: ast.Word | None) -> str | None:
    return None if word is None else word.text


class _Lowerer:
    """AST effects to IR effects, one method a node type."""

    def __init__(self, names: Mapping[str, str]) -> None:
        self.names = names

    def effect(self, effect: ast.Effect) -> ir.Effect:
        return getattr(self, type(effect).__name__)(effect)

    def _maybe(self, effect: ast.Effect | None) -> ir.Effect | None:
        """An effect a node may leave unwritten (`; otherwise, ...`)."""
        return None if effect is None else self.effect(effect)

    def power(self, sentence: ast.Activated) -> ir.Power:
        """A power, with the effect that gives it its purpose as its `spec`.  `For your combat
        check,` narrows an addition that names no check to that check."""
        effects = [self.effect(effect) for effect in sentence.effects]
        spec = next((e for effect in effects for e in _with_branches(effect)
                     if e["op"] in POWER_PURPOSES), None)
        if sentence.on_encounter is not None:  # played as a card of that kind is encountered
            spec = {"op": "on_encounter", "kinds": [sentence.on_encounter.text]}
        elif sentence.at_turn_end:  # played as its holder's (or any character's) turn ends
            spec = {"op": "at_turn_end", "turn": sentence.at_turn_end}
        if spec is not None and sentence.check is not None and not spec.get("checks") \
                and POWER_PURPOSES[spec["op"]] == "add_to_check":
            spec["checks"] = [sentence.check.text]
        condition = sentence.condition
        power: ir.Power = {
            "cost": sentence.cost, "purpose": POWER_PURPOSES[spec["op"]] if spec else None,
            "spec": spec, "effects": effects,
            "condition": None if condition is None else
            {"kind": condition.kind, "words": _words(condition.words)},
            "chosen": None if sentence.chosen is None else sentence.chosen.kind,
            "also": None if sentence.also is None else
            {"action": sentence.also.action, "kinds": _words(sentence.also.kinds)}}
        if sentence.displayed:
            power["displayed"] = True
        if sentence.your_turn:
            power["your_turn"] = True
        return power

    def display_power(self, sentence: ast.DisplayPower) -> ir.Power:
        """`Display this card.`: played as any card is encountered, as a power that names the
        kind of card it is played for is (`Display this card when a character encounters a
        bane`), with no effect but its cost."""
        power = self.power(ast.Activated("display", sentence.display.card, (),
                                         span=sentence.span))
        power["purpose"] = POWER_PURPOSES["on_encounter"]
        power["spec"] = {"op": "on_encounter", "kinds": []}
        return power

    def Damage(self, e: ast.Damage) -> ir.Effect:
        return {"op": "damage", "target": e.target.kind, "amount": lower_amount(e.amount),
                "kind": _word(e.kind), "unreducible": e.unreducible}

    def ReduceDamage(self, e: ast.ReduceDamage) -> ir.Effect:
        return {"op": "reduce_damage", "kinds": [kind.text for kind in e.kinds],
                "amount": None if e.amount is None else lower_amount(e.amount),
                "whose": e.whose}

    def Evade(self, e: ast.Evade) -> ir.Effect:
        return {"op": "evade", "who": None if e.who is None else e.who.kind,
                **_selection(e.what), "place": None if e.place is None else ast.end_taken(e.place)}

    def MovementLock(self, e: ast.MovementLock) -> ir.Effect:
        return {"op": "movement_lock", "target": e.target.kind,
                "explored_first": e.explored_first}

    def EncounterSelf(self, e: ast.EncounterSelf) -> ir.Effect:
        return {"op": "encounter_self", "ignoring": list(e.ignoring)}

    def DefeatBane(self, e: ast.DefeatBane) -> ir.Effect:
        return {"op": "defeat", "who": None, **_selection(e.what)}

    def Summon(self, e: ast.Summon) -> ir.Effect:
        return {"op": "summon", "target": e.target.kind,
                "cards": [self.names[ast.name_key(card.name)] for card in e.cards]}

    def SummonFromBox(self, e: ast.SummonFromBox) -> ir.Effect:
        return {"op": "summon_from_box", "target": e.target.kind, "kinds": _words(e.kinds)}

    def SelfAction(self, e: ast.SelfAction) -> ir.Effect:
        return {"op": "dispose", "place": e.action, "beside": e.beside}

    def MoveSelf(self, e: ast.MoveSelf) -> ir.Effect:
        return {"op": "dispose", "place": ast.end_taken(e.place), "beside": None}

    def CardAction(self, e: ast.CardAction) -> ir.Effect:
        return {"op": "cards", "target": e.target.kind, "action": e.action,
                "count": lower_amount(e.count), "random": e.random,
                "kinds": [kind.text for kind in e.kinds],
                # `the top or bottom card`: one unseen card as good as the other, so the top
                # (docs/rulings.md).
                "source": "deck" if e.source == "deck_end" else e.source}

    def Draw(self, e: ast.Draw) -> ir.Effect:
        return {"op": "draw", "target": e.target.kind, "count": lower_amount(e.count),
                "up_to": e.up_to}

    def AddToCheck(self, e: ast.AddToCheck) -> ir.Effect:
        return {"op": "add_to_check", "amount": lower_amount(e.amount),
                **_which_checks(e.checks), "traits": _words(e.traits),
                "more": None if e.more is None else
                {"amount": lower_amount(e.more.amount), **_selection(e.more.against)}}

    def CloseLocation(self, e: ast.CloseLocation) -> ir.Effect:
        return {"op": "close_location", "mode": e.mode, "place": e.place}

    def AddDice(self, e: ast.AddDice) -> ir.Effect:
        return {"op": "add_dice", "count": lower_amount(e.count), **_which_checks(e.checks),
                "traits": _words(e.traits)}

    def SearchDeck(self, e: ast.SearchDeck) -> ir.Effect:
        return {"op": "search_deck", "kinds": _words(e.kinds), "traits": _words(e.traits),
                "action": e.action, "deck": e.deck, "first": e.first}

    def Retrieve(self, e: ast.Retrieve) -> ir.Effect:
        return {"op": "retrieve", "kinds": _words(e.kinds)}

    def AddSkillDie(self, e: ast.AddSkillDie) -> ir.Effect:
        return {"op": "add_skill_die", "skill": e.skill.text, "traits": _words(e.traits)}

    def AutoSucceed(self, e: ast.AutoSucceed) -> ir.Effect:
        return {"op": "auto_succeed", **_which_checks(e.checks)}

    def UseSkill(self, e: ast.UseSkill) -> ir.Effect:
        return {"op": "use_skill", "skills": [skill.text for skill in e.skills],
                "plus": None if e.plus is None else lower_amount(e.plus),
                **_which_checks(e.checks or ast.WhichChecks("yours", span=e.span)),
                "traits": _words(e.traits)}

    def RollFor(self, e: ast.RollFor) -> ir.Effect:
        return {"op": "roll_for", "amount": lower_amount(e.amount)}

    def RollDice(self, e: ast.RollDice) -> ir.Effect:
        return {"op": "roll_dice", "amount": lower_amount(e.amount),
                **_which_checks(ast.WhichChecks("yours", span=e.span)), "traits": _words(e.traits)}

    def YouMay(self, e: ast.YouMay) -> ir.Effect:
        return {"op": "you_may", "effect": self.effect(e.effect),
                "declined": self._maybe(e.declined)}

    def Either(self, e: ast.Either) -> ir.Effect:
        return {"op": "either", "options": [self.effect(option) for option in e.options]}

    def PayTo(self, e: ast.PayTo) -> ir.Effect:
        return {"op": "pay_to", "cost": self.effect(e.cost), "effect": self._maybe(e.effect),
                "declined": self._maybe(e.declined)}

    def ExtraCost(self, e: ast.ExtraCost) -> ir.Effect:
        return {"op": "extra_cost", "cost": e.cost, "effect": self.effect(e.effect)}

    def Conditional(self, e: ast.Conditional) -> ir.Effect:
        return _only_if(e.condition.kind, _words(e.condition.words), self.effect(e.then),
                        self._maybe(e.otherwise), e.instead)

    def TurnAddition(self, e: ast.TurnAddition) -> ir.Effect:
        return {"op": "turn_addition", "amount": lower_amount(e.amount),
                "traits": _words(e.traits), **_which_checks(e.checks)}

    def SelectLocation(self, e: ast.SelectLocation) -> ir.Effect:
        return {"op": "select_location", "most_occupied": e.most_occupied}

    def Explore(self, e: ast.Explore) -> ir.Effect:
        return {"op": "explore"}

    def ExplorationFinds(self, e: ast.ExplorationFinds) -> ir.Effect:
        return {"op": "banish_encountered" if e.fate == "banish" else "recharge_if_found",
                "kinds": _words(e.kinds)}

    def ExplorationAddition(self, e: ast.ExplorationAddition) -> ir.Effect:
        return {"op": "exploration_addition", "amount": lower_amount(e.amount),
                **_which_checks(e.checks)}

    def DifficultyChange(self, e: ast.DifficultyChange) -> ir.Effect:
        return {"op": "difficulty", "scope": e.scope, "sign": e.sign,
                "amount": None if e.amount is None else lower_amount(e.amount),
                "adventure": e.adventure, "counted": _counted(e.counted)}

    def InsteadOfDiscard(self, e: ast.InsteadOfDiscard) -> ir.Effect:
        return {"op": "instead_of_discard", "action": e.action, "replaces": e.replaces[0],
                "or_replaces": list(e.replaces[1:]),
                "check": None if e.check is None else lower_check_step(e.check)}

    def Forbid(self, e: ast.Forbid) -> ir.Effect:
        return {"op": "forbid", "target": e.who.kind,
                "kinds": _words(e.kinds), "traits": _words(e.traits),
                "or_kinds": _words(e.or_kinds), "powers": e.powers, "on_check": e.on_check,
                "for_turn": e.for_turn}

    def TurnAction(self, e: ast.TurnAction) -> ir.Effect:
        return {"op": "turn_action", "action": e.action}

    def Examine(self, e: ast.Examine) -> ir.Effect:
        return {"op": "examine", "count": None if e.count is None else lower_amount(e.count),
                "then": e.then, "deck": e.deck, "end": e.end}

    def Attempt(self, e: ast.Attempt) -> ir.Effect:
        lowered = {"op": "attempt", "target": e.target.kind, "check": lower_check_step(e.check)}
        return lowered if e.then is None else {**lowered, "then": self.effect(e.then)}

    def SufferScourge(self, e: ast.SufferScourge) -> ir.Effect:
        return {"op": "suffer_scourge", "target": e.target.kind,
                "card": None if e.card is None else self.names[ast.name_key(e.card.name)]}

    def GainFromBox(self, e: ast.GainFromBox) -> ir.Effect:
        return {"op": "gain_from_box", "count": lower_amount(e.count),
                "kinds": [kind.text for kind in e.kinds], "traits": _words(e.traits),
                "target": "you" if e.target is None else e.target.kind, "chosen": e.chosen}

    def PileAction(self, e: ast.PileAction) -> ir.Effect:
        return {"op": "pile", "target": e.target.kind, "action": e.action, "pile": e.pile,
                "kinds": _words(e.kinds), "traits": _words(e.traits)}

    def DamageRule(self, e: ast.DamageRule) -> ir.Effect:
        return {"op": "damage_rule", "as_kind": _word(e.as_kind),
                "more": None if e.more is None else lower_amount(e.more), "sign": e.sign,
                "to": None if e.to is None else e.to.kind, "unreducible": e.unreducible,
                "halved": e.halved, "at_most": e.at_most, "of_kind": _word(e.of_kind),
                "loses": e.loses, "from_deck": e.from_deck, "for_failure": False}

    def AtReset(self, e: ast.AtReset) -> ir.Effect:
        return {"op": "dispose", "place": e.action, "beside": None}

    def EvadeSelf(self, e: ast.EvadeSelf) -> ir.Effect:
        return {"op": "evade_self", "place": e.place}

    def DiscardFirst(self, e: ast.DiscardFirst) -> ir.Effect:
        return {"op": "discard_first", "kinds": _words(e.kinds), "by_card": e.by_card}

    def RerollCheck(self, e: ast.RerollCheck) -> ir.Effect:
        return {"op": "reroll_check"}

    def CountAs(self, e: ast.CountAs) -> ir.Effect:
        return {"op": "count_as", "sides": e.sides, "face": e.face, "counted": e.counted}

    def TakeResult(self, e: ast.TakeResult) -> ir.Effect:
        return {"op": "take_result", "kept": e.kept}

    def Move(self, e: ast.Move) -> ir.Effect:
        return {"op": "move", "target": e.target.kind, "random": e.random}

    def ShuffleFromBox(self, e: ast.ShuffleFromBox) -> ir.Effect:
        return {"op": "shuffle_from_box", "kinds": _words(e.kinds)}

    def CountedDamage(self, e: ast.CountedDamage) -> ir.Effect:
        lowered = {"op": "counted_damage", "target": e.target.kind, "kind": _word(e.kind),
                   "counted": _counted(e.counted), "owner": e.owner}
        return {**lowered, "plus": e.plus} if e.plus else lowered

    def ExaminedAction(self, e: ast.ExaminedAction) -> ir.Effect:
        return {"op": "examined", "action": e.action}

    def ExaminedKinds(self, e: ast.ExaminedKinds) -> ir.Effect:
        return {"op": "examined_kinds", "action": e.action, "kinds": _words(e.kinds)}

    def ExaminedRest(self, e: ast.ExaminedRest) -> ir.Effect:
        return {"op": "examined_rest", "how": e.how}

    def ForEachPlayed(self, e: ast.ForEachPlayed) -> ir.Effect:
        return {"op": "for_each_played", "kinds": _words(e.kinds), "traits": _words(e.traits),
                "effect": self.effect(e.effect)}

    def PlayedFate(self, e: ast.PlayedFate) -> ir.Effect:
        lowered = {"op": "played_fate", "target": e.target.kind, "kinds": _words(e.kinds),
                   "traits": _words(e.traits), "action": e.action}
        return {**lowered, "failed_defeat": True} if e.failed_defeat else lowered

    def ForEach(self, e: ast.ForEach) -> ir.Effect:
        return {"op": "for_each", "counted": e.counted, "effect": self.effect(e.effect)}

    def EncounteredByEach(self, e: ast.EncounteredByEach) -> ir.Effect:
        return {"op": "encountered_by_each", "target": e.target.kind}

    def UndefeatedUnless(self, e: ast.UndefeatedUnless) -> ir.Effect:
        return {"op": "undefeated_unless", "card": self.names[ast.name_key(e.card.name)]}

    def NoClosing(self, e: ast.NoClosing) -> ir.Effect:
        return {"op": "no_closing"}

    def NoTemporaryClosing(self, e: ast.NoTemporaryClosing) -> ir.Effect:
        return {"op": "no_temporary_closing", "traits": _words(e.traits)}

    def NoDamage(self, e: ast.NoDamage) -> ir.Effect:
        return {"op": "no_damage"}

    def PayForEach(self, e: ast.PayForEach) -> ir.Effect:
        return {"op": "pay_for_each", "action": e.action, "kinds": _words(e.kinds),
                "each": self.effect(e.add)}

    def BlessingsBack(self, e: ast.BlessingsBack) -> ir.Effect:
        return {"op": "blessings_back", "count": lower_amount(e.count)}

    def ShuffleBlessing(self, e: ast.ShuffleBlessing) -> ir.Effect:
        return {"op": "shuffle_blessing"}

    def ShuffleLocation(self, e: ast.ShuffleLocation) -> ir.Effect:
        return {"op": "shuffle_location"}

    def ForbidSelf(self, e: ast.ForbidSelf) -> ir.Effect:
        return {"op": "forbid_self", "during_encounter": True} if e.during_encounter \
            else {"op": "forbid_self"}

    def ForceOutcome(self, e: ast.ForceOutcome) -> ir.Effect:
        return {"op": "force_outcome", "outcome": e.outcome}

    def Subtract(self, e: ast.Subtract) -> ir.Effect:
        return {"op": "subtract", "amount": lower_amount(e.amount), "each_die": e.each_die}

    def Unevadable(self, e: ast.Unevadable) -> ir.Effect:
        return {"op": "unevadable"}

    def EachAttemptsDefeat(self, e: ast.EachAttemptsDefeat) -> ir.Effect:
        return {"op": "each_attempts_defeat", "target": e.target.kind, "different": e.different}

    def ChooseCardType(self, e: ast.ChooseCardType) -> ir.Effect:
        return {"op": "choose_card_type"}

    def SetAsideChosen(self, e: ast.SetAsideChosen) -> ir.Effect:
        return {"op": "set_aside_chosen"}

    def ReturnSetAside(self, e: ast.ReturnSetAside) -> ir.Effect:
        return {"op": "return_set_aside"}

    def AllowAnother(self, e: ast.AllowAnother) -> ir.Effect:
        return {"op": "allow_another", "kind": e.kind.text}

    def StatChange(self, e: ast.StatChange) -> ir.Effect:
        subject = e.subject.kind if isinstance(e.subject, ast.Target) else "self"
        return {"op": "stat_change", "target": subject, "stat": e.stat.text, "amount": e.amount}

    def StatBonus(self, e: ast.StatBonus) -> ir.Effect:
        return {"op": "stat_bonus", "stat": e.stat.text, "amount": e.amount,
                "against": _word(e.against)}

    def RollOrElse(self, e: ast.RollOrElse) -> ir.Effect:
        return {"op": "roll_or_else", "target": e.target.kind,
                "stats": [stat.text for stat in e.stats], "number": e.number,
                "otherwise": self.effect(e.otherwise)}

    def Heal(self, e: ast.Heal) -> ir.Effect:
        return {"op": "heal", "target": e.target.kind, "amount": lower_amount(e.amount)}

    def GainStars(self, e: ast.GainStars) -> ir.Effect:
        return {"op": "gain_stars", "target": e.target.kind, "amount": lower_amount(e.amount)}

    def DrawLoot(self, e: ast.DrawLoot) -> ir.Effect:
        return {"op": "draw_loot", "target": e.target.kind, "amount": lower_amount(e.amount)}

    def DiscardMonster(self, e: ast.DiscardMonster) -> ir.Effect:
        return {"op": "discard_monster", "trait": e.trait.text}

    def Reroll(self, e: ast.Reroll) -> ir.Effect:
        return {"op": "reroll"}

    def Marker(self, e: ast.Marker) -> ir.Effect:
        return {"op": "marker", "name": e.name}

    def SurpriseRange(self, e: ast.SurpriseRange) -> ir.Effect:
        return {"op": "surprise_range", "low": e.low, "high": e.high}

    def AbilitiesElsewhere(self, e: ast.AbilitiesElsewhere) -> ir.Effect:
        return {"op": "abilities_elsewhere", "names": [name.text for name in e.names]}

    def Ability(self, e: ast.Ability) -> ir.Effect:
        return {"op": "ability", "name": e.name, "amount": e.amount, "signed": e.signed}

    def GivenCondition(self, e: ast.GivenCondition) -> ir.Effect:
        return {"op": "given_condition", "name": e.name}

    def Element(self, e: ast.Element) -> ir.Effect:
        return {"op": "element", "name": e.name, "consumed": e.consumed}

    def NegateNextDamage(self, e: ast.NegateNextDamage) -> ir.Effect:
        return {"op": "negate_next_damage"}

    def TargetAll(self, e: ast.TargetAll) -> ir.Effect:
        return {"op": "target_all", "range": e.range, "row": e.row}

    def NearTarget(self, e: ast.NearTarget) -> ir.Effect:
        return {"op": "near_target", "range": e.range}

    def ElementBonus(self, e: ast.ElementBonus) -> ir.Effect:
        return {"op": "element_bonus", "ability": e.ability, "amount": e.amount}

    def AbilityX(self, e: ast.AbilityX) -> ir.Effect:
        return {"op": "ability_x", "name": e.name}

    def XIsDamageDealt(self, e: ast.XIsDamageDealt) -> ir.Effect:
        return {"op": "x_is_damage_dealt"}

    def RemoveNegativeConditions(self, e: ast.RemoveNegativeConditions) -> ir.Effect:
        return {"op": "remove_negative_conditions"}

    def AllyBonus(self, e: ast.AllyBonus) -> ir.Effect:
        return {"op": "ally_bonus", "ability": e.ability, "amount": e.amount}

    def SummonMonster(self, e: ast.SummonMonster) -> ir.Effect:
        return {"op": "summon_monster", "monster": ast.name_in(self.names, e.monster.name),
                "elite": e.elite, "count": e.count, "per_characters": e.per_characters,
                "spawn": e.spawn}

    def SpawnRank(self, e: ast.SpawnRank) -> ir.Effect:
        return {"op": "spawn_rank", "ranks": [
            {"fewest": rank.fewest, "most": rank.most, "elite": rank.elite,
             "alternate": rank.alternate} for rank in e.ranks]}

    def SufferDamage(self, e: ast.SufferDamage) -> ir.Effect:
        return {"op": "suffer_damage", "amount": e.amount, "after": e.after}

    def AreaDamage(self, e: ast.AreaDamage) -> ir.Effect:
        return {"op": "area_damage", "sides": list(e.sides), "amount": e.amount,
                "adjacent": e.adjacent, "range": e.range, "around_target": e.around_target}

    def AttackersSuffer(self, e: ast.AttackersSuffer) -> ir.Effect:
        return {"op": "attackers_suffer", "amount": e.amount}

    def AttacksDisadvantaged(self, e: ast.AttacksDisadvantaged) -> ir.Effect:
        return {"op": "attacks_disadvantaged"}

    def AllAllies(self, e: ast.AllAllies) -> ir.Effect:
        return {"op": "all_allies", "self_too": e.self_too, "adjacent": e.adjacent,
                "range": e.range}

    def CheckOrElse(self, e: ast.CheckOrElse) -> ir.Effect:
        return {"op": "check_or_else", "target": e.target.kind,
                "check": lower_check_step(e.check),
                "otherwise": [self.effect(effect) for effect in e.otherwise]}
