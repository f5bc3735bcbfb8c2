"""What an Old-School Essentials card may say, beyond what the grammar reads.

Monsters and characters carry a stat line, whose bracketed figures must agree with the
ones before them (a typo in either would play a different creature); an Encounter names
where it happens and monsters of the pool.  Sentences only say what bears on the encounter
procedure of seeds/ose-encounter-sequence.txt: light, surprise, reactions, pursuit and
immunities.
"""

from __future__ import annotations

from compiler import ast
from compiler.check.shared import CardCheck, header_fields, known

GAME = "ose"
TYPES = ("Monster", "Character", "Encounter")
PLACES = ("Dungeon", "Wilderness", "Waterborne")
ALIGNMENTS = ("Lawful", "Neutral", "Chaotic", "Any")
STATS = ("Reaction",)  # what `Reaction +2.` adds to: the monsters' reaction roll
MORALE = (2, 12)
CHARISMA = (3, 18)
SURPRISE_DIE = 6
# Ascending Armour Class and THAC0's attack bonus are reckoned from this number.
ASCENDING_FROM = 19

_STAT_LINE = ("Armour Class", "Hit Dice", "Attacks", "THAC0", "Movement", "Saving Throws",
              "Alignment", "XP")
# (fields a type may have, fields it must have)
_FIELDS = {
    "Monster": (("Name", "Type", "Traits", *_STAT_LINE, "Morale", "Number Appearing",
                 "Treasure Type"),
                ("Armour Class", "Hit Dice", "Movement", "Morale")),
    "Character": (("Name", "Type", "Traits", *_STAT_LINE, "Charisma"),
                  ("Movement", "Charisma")),
    "Encounter": (("Name", "Type", "Traits", "Where", "Monsters"), ("Where", "Monsters")),
}
MARKERS = ("carries_light", "never_surprised", "always_attacks", "pursues")
# What each type's sentences may be: markers by name, and the other effects.
_MARKERS = {
    "Monster": ("carries_light", "never_surprised", "always_attacks", "pursues"),
    "Character": ("carries_light", "never_surprised"),
    "Encounter": ("always_attacks", "pursues"),
}
_SENTENCES = {
    "Monster": "'Carries a light.', 'Never surprised.', 'Always attacks.', 'Pursues.', "
               "'Surprises on 1-4.', 'Reaction +1.' and 'Immune to Sleep.'",
    "Character": "'Carries a light.', 'Never surprised.', 'Surprises on 1-4.', "
                 "'Reaction +1.' and 'Immune to Sleep.'",
    "Encounter": "'Always attacks.', 'Pursues.' and 'Reaction +1.'",
}
_EFFECTS = {
    "Monster": (ast.Marker, ast.SurpriseRange, ast.StatBonus, ast.AbilitiesElsewhere),
    "Character": (ast.Marker, ast.SurpriseRange, ast.StatBonus, ast.AbilitiesElsewhere),
    "Encounter": (ast.Marker, ast.StatBonus),
}


def notes(card_type: str) -> dict[str, str]:
    """What `cardwright explain` adds about a card of this type."""
    return {"immunity": "kept in the IR for combat, which comes after the encounter sequence "
                        "cardwright plays"}


class _CardCheck(CardCheck):
    GAME, TYPES = GAME, TYPES

    def run(self) -> None:
        card_type = self.card.type
        self.diagnostics += header_fields(self.card, GAME, *_FIELDS[card_type])
        self._stat_line()
        self._encounter()
        for section in self.card.shared_sections:
            if section.label is not None:
                self.report("CW211", section, f"an ose card has no '{section.label}:' text",
                            "write its sentences without a label")
                continue
            for sentence in section.sentences:
                self._sentence(sentence)

    # -- header fields ---------------------------------------------------------------

    def _stat_line(self) -> None:
        armour = self.card.field("Armour Class")
        if armour is not None and armour.value.ascending != ASCENDING_FROM - \
                armour.value.descending:
            wanted = ast.ArmourClass(armour.value.descending,
                                     ASCENDING_FROM - armour.value.descending, span=armour.span)
            self._disagrees(armour, wanted, "ascending Armour Class is 19 less the descending")
        thac0 = self.card.field("THAC0")
        if thac0 is not None and thac0.value.bonus != ASCENDING_FROM - thac0.value.roll:
            wanted = ast.Thac0(thac0.value.roll, ASCENDING_FROM - thac0.value.roll,
                               span=thac0.span)
            self._disagrees(thac0, wanted, "the attack bonus is 19 less THAC0")
        movement = self.card.value("Movement")
        for speed in movement.speeds if movement is not None else ():
            if speed.encounter != speed.base // 3:
                self.report("CW209", speed, f"an encounter rate of {speed.encounter}' does "
                            f"not go with a base rate of {speed.base}'",
                            f"the encounter rate is a third of the base: write "
                            f"'{speed.base}' ({speed.base // 3}')'")
        for name, (low, high) in (("Morale", MORALE), ("Charisma", CHARISMA)):
            item = self.card.field(name)
            if item is not None and not low <= item.value <= high:
                self.report("CW209", item, f"a {name} of {item.value} is out of range",
                            f"{name} runs from {low} to {high}")
        alignment = self.card.value("Alignment")
        for word in alignment.words if alignment is not None else ():
            if not known(word, ALIGNMENTS):
                self.unknown("CW215", word, "an alignment", ALIGNMENTS)
        appearing = self.card.value("Number Appearing")
        attacks = self.card.value("Attacks", ())
        for amount in (*((appearing.wandering, appearing.lair) if appearing else ()),
                       *(attack.damage for attack in attacks)):
            if amount is not None:
                self._amount(amount)

    def _disagrees(self, item: ast.Field, wanted: ast.Node, why: str) -> None:
        self.report("CW209", item.value, f"{item.name} {item.value} does not add up",
                    f"{why}: write '{wanted}'")

    def _encounter(self) -> None:
        where = self.card.value("Where")
        if where is not None and not known(where, PLACES):
            self.unknown("CW215", where, "a place an ose encounter happens", PLACES)
        for group in self.card.value("Monsters", ()):
            self._amount(group.count)
            self.monster_named(group, group.name, "which an encounter cannot bring")

    def _amount(self, amount: ast.Amount) -> None:
        if amount.per_player or amount.times != 1:
            self.report("CW209", amount, f"{amount} is not an amount ose can use",
                        "write a number or dice, such as 2d4")
        elif not self.counts_too_many(amount, amount.dice):
            self.counts_too_many(amount, amount.plus)

    # -- sentences ---------------------------------------------------------------------

    def _sentence(self, sentence: ast.Sentence) -> None:
        card_type = self.card.type
        if isinstance(sentence, ast.Immunity):
            if card_type == "Encounter":
                self.report("CW204", sentence, "an Encounter has no immunities",
                            "give them to its Monster cards")
        elif isinstance(sentence, ast.Untimed):
            for effect in sentence.effects:
                self._effect(effect)
        elif isinstance(sentence, ast.Triggered):
            self.report("CW202", sentence, "ose cards have no timing windows",
                        "the encounter's steps are the rules' own; write what the card is, "
                        "such as 'Surprises on 1-4.'")
        elif isinstance(sentence, ast.Keywords):
            self.report("CW203", sentence, "ose cards have no keywords",
                        "write 'Carries a light.', 'Never surprised.', 'Always attacks.' or "
                        "'Pursues.'")
        else:
            self.report("CW204", sentence, "ose cards have no powers, costs or 'Then' "
                        "sentences")

    def _effect(self, effect: ast.Effect) -> None:
        card_type = self.card.type
        if not isinstance(effect, _EFFECTS[card_type]) or (
                isinstance(effect, ast.Marker) and effect.name not in _MARKERS[card_type]):
            self.report("CW204", effect, f"an ose {card_type} cannot say this",
                        f"an ose {card_type} may say {_SENTENCES[card_type]}")
        elif isinstance(effect, ast.SurpriseRange) and not (
                effect.low == 1 and effect.low <= effect.high <= SURPRISE_DIE):
            self.report("CW209", effect, f"a surprise range of {effect.low}-{effect.high} is "
                        "not one a d6 can roll from 1", "write 'Surprises on 1-3.' to 1-6")
        elif isinstance(effect, ast.StatBonus):
            if not known(effect.stat, STATS):
                self.unknown("CW213", effect.stat, "an ose stat", STATS)
            elif effect.against is not None:
                self.report("CW204", effect, "a reaction bonus is for every reaction",
                            f"write 'Reaction {effect.amount:+d}.'")


check_card = _CardCheck.check_card
