"""What a Gloomhaven card may say, beyond what the grammar reads.

A character's Ability card has a `Top:` and a `Bottom:` action; a Monster Ability card has one
action, for the monster its `Monster` field names; a Monster card carries its stat lines and
no text.  Values are signed only on monster ability cards, and only where they add to the
monster's own stat (`Move +0`, `Attack +1`, `Range -1`, `Shield +1`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from compiler import ast
from compiler.check.shared import (
    ByKind,
    CardCheck,
    header_fields,
    known,
    name_span,
    unknown_word,
)
from compiler.diagnostics import may_be, written_apart
from compiler.runtime.gloomhaven.words import ATTACK_ATTRIBUTES, CONDITION_CARRIERS, PARTS

GAME = "gloomhaven"
TYPES = ("Ability", "Monster Ability", "Monster")
LABELS = ("Top", "Bottom")
STATS = ("Health", "Move", "Attack", "Range", "Shield", "Retaliate", "Pierce", "Target")
# What a stat line prints with no value: what every attack of the monster has.
STAT_ATTRIBUTES = tuple(name.capitalize() for name in ATTACK_ATTRIBUTES)
# A monster card's abilities that may be signed: added to the monster's own stat.
SIGNED_ABILITIES = ("move", "attack", "range", "shield", "retaliate")
CONDITIONS = ("Stun", "Poison", "Wound", "Muddle", "Immobilize", "Disarm", "Invisible",
              "Strengthen", "Curse", "Bless", "Safeguard", "Ward", "Brittle", "Impair", "Bane",
              "Regenerate", "Rupture", "Empower", "Enfeeble")
# What a monster may be immune to: the conditions, and being pushed or pulled (a boss's).
IMMUNITIES = (*CONDITIONS, "Push", "Pull")
INITIATIVE = (1, 99)
LEVELS = (1, 9)
MARKERS = ("self", "lost", "round_bonus", "jump", "all_adjacent", "advantage", "one_target")
# A Monster Ability card speaks of its monster by the monster's name.
SELF_FIELDS = {"Monster Ability": "Monster"}
# (fields a type may have, fields it must have)
_FIELDS = {
    "Ability": (("Name", "Type", "Class", "Level", "Initiative", "Number"),
                ("Class", "Initiative")),
    "Monster Ability": (("Name", "Type", "Monster", "Initiative", "Number"),
                        ("Monster", "Initiative")),
    "Monster": (("Name", "Type", "Traits", "Normal", "Elite", "Immunities"), ()),
}

def notes(card_type: str) -> dict[str, str]:
    """What `cardwright explain` adds about a card of this type."""
    return {
        "Top": "the top action: a character plays it from one of its two cards a round",
        "Bottom": "the bottom action: from the other card",
        "untimed": "as the figure performs the action, in the order written",
        "C": "the number of characters in the scenario; a fraction of it is rounded up",
        "attacks": "what every attack of a standee of this rank has: a condition is given "
                   "to each target; Advantage changes nothing (there is no modifier deck)",
    }


class _CardCheck(CardCheck):
    GAME, TYPES = GAME, TYPES

    def run(self) -> None:
        card_type = self.card.type
        self.diagnostics += header_fields(self.card, GAME, *_FIELDS[card_type])
        self._fields()
        self._sections()

    # -- header fields ---------------------------------------------------------------

    def _fields(self) -> None:
        initiative = self.card.field("Initiative")
        if initiative is not None and not INITIATIVE[0] <= initiative.value <= INITIATIVE[1]:
            self.report("CW209", initiative, f"an initiative of {initiative.value} is out of "
                        "range", "initiative runs from 1 to 99")
        level = self.card.field("Level")
        if level is not None and isinstance(level.value, int) and \
                not LEVELS[0] <= level.value <= LEVELS[1]:
            self.report("CW209", level, f"there is no level {level.value}",
                        "the levels are 1 to 9, and X")
        if self.card.type == "Monster" and not (self.card.field("Normal")
                                                or self.card.field("Elite")):
            self.report("CW106", self.card.value("Type"), "a Monster card needs a 'Normal' "
                        "or an 'Elite' stat line", "add 'Normal: Health 5, Move 2, Attack 2'")
        for line in ("Normal", "Elite"):
            item = self.card.field(line)
            if item is None:
                continue
            for stat in item.value:
                self._stat(stat)
                if isinstance(stat.value, ast.PerCharacter) and not stat.value.divided_by:
                    self.report("CW209", stat, f"{stat} divides by 0",
                                "write the number C is divided by, or no '/'")
            if not any(stat.name.casefold() == "health" for stat in item.value):
                self.report("CW209", item, f"a monster's {line} line needs its Health",
                            f"write '{line}: Health 5, ...'")
        for word in self.card.value("Immunities", ()):
            if not known(word, IMMUNITIES):
                self.unknown("CW215", word, "a condition, Push or Pull", IMMUNITIES)
        monster = self.card.value("Monster")
        if monster is not None:
            self.monster_named(monster, monster.name, "not a Monster")

    def _stat(self, stat: ast.Stat) -> None:
        """A stat with its value (`Health 5`), or what every attack has (`Poison`)."""
        valued = stat.value is not None
        names, what = (STATS, "a gloomhaven stat") if valued else \
            (STAT_ATTRIBUTES, "what a gloomhaven monster's attacks may have")
        if known(stat.name, names):
            return
        other = STAT_ATTRIBUTES if valued else STATS
        if known(stat.name, other):
            self.report("CW209", stat, f"'{stat}' needs {'no' if valued else 'a'} value",
                        f"write '{stat.name}'" if valued else f"write '{stat.name} 2'")
            return
        self.diagnostics.append(unknown_word("CW213", ast.Word(stat.name, span=stat.span),
                                             what, names, self.card.where(stat)))

    # -- actions -----------------------------------------------------------------------

    def _sections(self) -> None:
        card_type = self.card.type
        labels = [section.label for section in self.card.shared_sections
                  if section.label is not None]
        unlabelled = False
        for section in self.card.shared_sections:
            if section.label is not None and (card_type != "Ability"
                                              or section.label not in LABELS):
                self.report("CW211", section, f"a gloomhaven {card_type} card has no "
                            f"'{section.label}:' action",
                            "a character's Ability card has 'Top:' and 'Bottom:' actions")
                continue
            if section.label is None and card_type == "Ability" and section.sentences:
                self.report("CW211", section, "an Ability card's actions stand under 'Top:' "
                            "and 'Bottom:'", "begin the first sentence with 'Top:'")
                unlabelled = True
                continue
            self._action = _ActionRead()
            for sentence in section.sentences:
                self._sentence(sentence)
        if card_type == "Monster Ability" and all(
                isinstance(sentence, ast.Triggered) for section in self.card.shared_sections
                for sentence in section.sentences):  # `On death, ...` is no action of a turn
            self.report("CW204", name_span(self.card), "a Monster Ability card needs an action",
                        "write what its monsters do: 'Move +0, Attack +0.'")
        if card_type == "Ability" and not unlabelled and \
                all(label in LABELS for label in labels) and sorted(labels) != ["Bottom", "Top"]:
            self.report("CW211", self.card.value("Type"), "an Ability card has one 'Top:' and "
                        "one 'Bottom:' action", "write 'Top: Attack 2.' and 'Bottom: Move 2.'")

    def _sentence(self, sentence: ast.Sentence) -> None:
        card_type = self.card.type
        if card_type == "Monster":
            self.report("CW204", sentence, "a Monster card has no actions",
                        "its actions are on its Monster Ability cards")
        elif isinstance(sentence, ast.Keywords):
            self.report("CW203", sentence, "this is not an ability gloomhaven has",
                        _ability_apart(sentence) or "abilities are " + ", ".join(
                            name.capitalize() for name in ast.ABILITIES)
                        + " with a number, and conditions such as Stun")
        elif isinstance(sentence, ast.Triggered) and sentence.window == "on_death" \
                and card_type == "Monster Ability":
            # An action of its own, done when the monster is killed.
            action, self._action = self._action, _ActionRead()
            for effect in sentence.effects:
                self._effect(effect)
            self._action = action
        elif not isinstance(sentence, ast.Untimed):
            self.report("CW204", sentence, "a gloomhaven action is abilities, in order",
                        "write 'Attack 3, Range 2.'; a monster's card may say what it does "
                        "'On death, ...'")
        else:
            for effect in sentence.effects:
                self._effect(effect)
            self._x_is_said(sentence)

    def _x_is_said(self, sentence: ast.Untimed) -> None:
        """`Heal X` and the `where X is ...` that says what X is stand in one sentence."""
        with_x = [effect for effect in sentence.effects if isinstance(effect, ast.AbilityX)]
        said = any(isinstance(effect, ast.XIsDamageDealt) for effect in sentence.effects)
        if with_x and not said:
            self.report("CW204", with_x[0], "X is not said",
                        "add ', where X is the amount of damage suffered by the target of the "
                        "attack ability'")
        elif said and not with_x:
            self.report("CW204", sentence, "there is no X here for this to say",
                        "write 'Heal X, Self, where X is ...'")

    def _effect(self, effect: ast.Effect) -> None:
        """Whether the action may do `effect` where it stands, by what of it was read before
        (_ActionRead), which the effect then joins.  Each kind of effect has its own rule
        (_EFFECT_RULES), found by its class: an action is mostly abilities, which a test for
        each kind in turn took to the end of, a seventh of the games' checks of the
        benchmark's pool (py-spy)."""
        _EFFECT_RULES[type(effect)](self, effect)
        self._action.read(effect)

    def _not_an_action(self, effect: ast.Effect) -> None:
        self.report("CW204", effect, "a gloomhaven action cannot do this")

    def _anywhere(self, effect: ast.Effect) -> None:
        """An effect any action may have, wherever it stands in it."""

    def _ability(self, effect: ast.Ability) -> None:
        if effect.signed and (self.card.type != "Monster Ability"
                              or effect.name not in SIGNED_ABILITIES):
            self.report("CW209", effect, f"{effect.name.capitalize()} {effect.amount:+d} adds "
                        "to nothing here", "only a monster's Move, Attack, Range, Shield and "
                        "Retaliate add to its own: write the number alone")
        elif effect.amount < 0 and not effect.signed:
            self.report("CW209", effect, "a value is never below 0")

    def _marker(self, effect: ast.Marker) -> None:
        if effect.name not in MARKERS:
            self._not_an_action(effect)
        elif effect.name in ATTACK_MARKERS and self._action.part != "attack":
            does, written = ATTACK_MARKERS[effect.name]
            self.report("CW204", effect, f"there is no attack just before this to {does}",
                        f"write 'Attack +1, {written}.'")

    def _summon(self, effect: ast.SummonMonster) -> None:
        if effect.count < 1 or effect.per_characters == 0:
            self.report("CW209", effect, "a summon brings at least one standee",
                        "write 'Spawn one Living Bones' or 'Spawn C/2 Living Bones'")
        else:
            self.counts_too_many(effect, effect.count)
            self.monster_named(effect.monster, effect.monster.name, "which cannot be summoned")

    def _area_damage(self, effect: ast.AreaDamage) -> None:
        if effect.around_target and not self._action.attacks:
            self.report("CW204", effect, "there is no attack before this to have a target",
                        "write the attack first: 'Attack +1, Range 3.'")
        elif effect.around_target and effect.adjacent:
            self.report("CW209", effect, "'adjacent' is said twice",
                        "write 'All enemies adjacent to the target suffer 1 damage'")

    def _near_target(self, effect: ast.NearTarget) -> None:
        if self._action.attacks < 2:
            self.report("CW204", effect, "there is no attack before this one to have a target "
                        "to be near", "write the first attack before: 'Attack +0.'")

    def _monster_own(self, effect: ast.SufferDamage | ast.AttackersSuffer
                     | ast.AttacksDisadvantaged) -> None:
        if self.card.type != "Monster Ability":
            self.report("CW204", effect, f"only a monster's action {_OWN[type(effect)]}",
                        "write it on a Monster Ability card")
        elif isinstance(effect, ast.SufferDamage) and effect.after is not None \
                and effect.after not in self._action.abilities:
            self.report("CW204", effect, f"the action has no {effect.after} before this to "
                        "have been performed", f"write the {effect.after.capitalize()} first")

    def _element_bonus(self, effect: ast.ElementBonus) -> None:
        if self._action.part != CONSUMED:
            self.report("CW204", effect, "there is no element used up just before this to "
                        "give it", "write 'Consume Ice, +1 Attack.'")
        elif effect.ability != "target" \
                and effect.ability not in self._action.abilities:  # every ability targets one
            self.report("CW204", effect, f"there is no {effect.ability.capitalize()} before this "
                        "to add to", f"write the {effect.ability.capitalize()} first")

    def _ability_x(self, effect: ast.AbilityX) -> None:
        if effect.name != "heal":
            self.report("CW204", effect, f"{effect.name.capitalize()} X is not read",
                        "only a heal's value may be X")
        elif "attack" not in self._action.abilities:
            self.report("CW204", effect, "there is no attack before this for X to be its "
                        "damage", "write the Attack first")

    def _all_allies(self, effect: ast.AllAllies) -> None:
        if self._action.part not in ALLIES_TAKE:
            self.report("CW204", effect, "there is no heal, shield, retaliation or condition "
                        "just before this to go to the allies",
                        "write 'Heal 2, Affect all adjacent allies.'")

    def _ally_bonus(self, effect: ast.AllyBonus) -> None:
        if (effect.ability, self._action.part) != ("attack", "attack"):
            self.report("CW204", effect, "a bonus for an ally beside the target adds to the "
                        "attack just before it", "write 'Attack +0, Add +2 Attack if ...'")

    def _spawn_rank(self, effect: ast.SpawnRank) -> None:
        """The ranks follow a summon of no rank of its own, and say each number of
        characters once."""
        said: set[int] = set()
        for rank in effect.ranks:
            counts = set(range(rank.fewest, rank.most + 1))
            if not counts:
                self.report("CW209", effect, f"there is no number of characters from "
                            f"{rank.fewest} to {rank.most}", "write the fewer first: 'for 3-4'")
            elif counts & said:
                self.report("CW209", effect, f"the rank for {min(counts & said)} characters "
                            "is said twice", "say each number of characters once")
            said |= counts
        if self._action.part != SUMMONED:
            self.report("CW204", effect, "there is no summon just before this to rank",
                        "write 'Spawn one Living Bones.' first")
        elif self._action.elite_summon:
            self.report("CW204", effect, "the summon before this brings elites already",
                        "leave out its 'elite', or this sentence")


# The markers that modify the attack just before them: what they make it do, as written.
ATTACK_MARKERS = {"advantage": ("have advantage", "Advantage"),
                  "one_target": ("aim at one enemy", "Target one enemy with all attacks")}
CONSUMED = "consumed"  # the part of an element used up, which its bonuses modify
CONDITIONS_PART = "conditions"  # a part begun by a condition
SUMMONED = "summoned"  # the part of a summon, which its ranks modify
# What only a monster's action, which names the monster, does (CW204 elsewhere).
_OWN = {ast.SufferDamage: "makes it suffer damage",
        ast.AttackersSuffer: "makes its attackers suffer damage",
        ast.AttacksDisadvantaged: "gives the attacks on it disadvantage"}
# The parts that `Affect all allies` may give the figure's allies (a bonus of an element used
# up, which is said and not given, among them).
ALLIES_TAKE = ("heal", "shield", "retaliate", CONDITIONS_PART, CONSUMED)


@dataclass
class _ActionRead:
    """What of an action has been read: the abilities written, and the part its next
    modifier would belong to, as the runtime divides an action (rounds.parts): an ability
    of PARTS, CONSUMED for an element used up, CONDITIONS_PART, or None after another part
    of its own."""

    abilities: set[str] = field(default_factory=set)
    part: str | None = None
    elite_summon: bool = False  # the part is a summon that says `elite`
    attacks: int = 0  # read so far

    def read(self, effect: ast.Effect) -> None:
        if isinstance(effect, ast.Ability):
            self.abilities.add(effect.name)
            self.attacks += effect.name == "attack"
            if effect.name in PARTS:
                self.part = effect.name
        elif isinstance(effect, ast.Element):
            self.part = CONSUMED if effect.consumed else None
        elif isinstance(effect, ast.GivenCondition) and self.part not in (
                *CONDITION_CARRIERS, CONSUMED, CONDITIONS_PART):
            self.part = CONDITIONS_PART
        elif isinstance(effect, ast.AbilityX):  # `Heal X`: a part, as a heal is
            self.part = effect.name
        elif isinstance(effect, ast.SummonMonster):
            self.part, self.elite_summon = SUMMONED, effect.elite
        elif isinstance(effect, ast.NegateNextDamage | ast.SufferDamage
                        | ast.RemoveNegativeConditions | ast.AreaDamage | ast.AttackersSuffer
                        | ast.AttacksDisadvantaged | ast.SpawnRank):
            self.part = None


check_card = _CardCheck.check_card


# The rule for each kind of effect; an effect of any other kind is no gloomhaven action's.
_EFFECT_RULES = ByKind({
    ast.Ability: _CardCheck._ability,
    ast.Marker: _CardCheck._marker,
    ast.SummonMonster: _CardCheck._summon,
    ast.SpawnRank: _CardCheck._spawn_rank,
    ast.AreaDamage: _CardCheck._area_damage,
    ast.NearTarget: _CardCheck._near_target,
    ast.SufferDamage: _CardCheck._monster_own,
    ast.AttackersSuffer: _CardCheck._monster_own,
    ast.AttacksDisadvantaged: _CardCheck._monster_own,
    ast.ElementBonus: _CardCheck._element_bonus,
    ast.AbilityX: _CardCheck._ability_x,
    ast.AllAllies: _CardCheck._all_allies,
    ast.AllyBonus: _CardCheck._ally_bonus,
    **dict.fromkeys((ast.GivenCondition, ast.Element, ast.NegateNextDamage,
                     ast.RemoveNegativeConditions, ast.XIsDamageDealt, ast.TargetAll),
                    _CardCheck._anywhere),
}, _CardCheck._not_an_action)


def _ability_apart(sentence: ast.Keywords) -> str | None:
    """`'Move3' may be 'Move 3'`: a word of the sentence that is an ability with its number
    written on to it, as a hint."""
    for word in sentence.written:
        apart = written_apart(word)
        if apart is not None and apart.split()[0].casefold() in ast.ABILITIES:
            return may_be(word, apart)
    return None
