"""What a Universal Card Game card may say, beyond what the grammar reads.

Characters have a Combat value, keywords and `Ignite:` abilities; Effect cards
have an `Immediate:` text.  Both act through effects on a target character or
a target player, and nothing in ucg has timing windows, immunities or costs.
"""

from __future__ import annotations

from compiler import ast
from compiler.check.shared import CardCheck, header_fields, known, name_span
from compiler.runtime.ucg.words import KEYWORDS

GAME = "ucg"
TYPES = ("Character", "Effect")
STATS = ("Combat",)
# The label each type's effects stand under.
LABELS = {"Character": "Ignite", "Effect": "Immediate"}
TARGETS = ("target_character", "target_player")
MAX_COMBAT = 20

_FIELDS = {
    "Character": (("Name", "Type", "Traits", "Combat"), ("Combat",)),
    "Effect": (("Name", "Type", "Traits"), ()),
}


def notes(card_type: str) -> dict[str, str]:
    """What `cardwright explain` adds about a card of this type."""
    return {
        "damage": "on a character, damage counters, which slay it when they reach its "
                  "Combat; on a player, each point puts the top card of the deck into the Void",
        "Ignite": "an ability the character activates in an encounter, once a turn, filling "
                  "one of its player's Effect Zones",
        "Immediate": "played from the hand during an encounter, filling one of its player's "
                     "Effect Zones",
    }


class _CardCheck(CardCheck):
    GAME, TYPES = GAME, TYPES

    def run(self) -> None:
        card_type = self.card.type
        self._fields(card_type)
        label = LABELS[card_type]
        for section in self.card.shared_sections:
            self._section(section, label)
        if card_type == "Effect" and not any(s.label == label for s in self.card.shared_sections):
            self.report("CW204", name_span(self.card), "an Effect card needs an 'Immediate:' "
                        "text", "add 'Immediate: <effect>.' to its rules text")

    def _fields(self, card_type: str) -> None:
        self.diagnostics += header_fields(self.card, GAME, *_FIELDS[card_type])
        combat = self.card.field("Combat")
        if combat is not None and not 0 <= combat.value <= MAX_COMBAT:
            self.report("CW209", combat, f"a Combat of {combat.value} is out of range",
                        f"Combat runs from 0 to {MAX_COMBAT}")

    def _section(self, section: ast.Section, label: str) -> None:
        if section.label is not None and section.label != label:
            self.report("CW211", section,
                        f"a ucg {self.card.type} card has no '{section.label}:' text",
                        f"its effects stand under '{label}:'")
            return
        for sentence in section.sentences:
            if isinstance(sentence, ast.Keywords):
                self._keywords(sentence)
            elif isinstance(sentence, ast.Untimed) and section.label is not None:
                for effect in sentence.effects:
                    self._effect(effect)
            elif isinstance(sentence, ast.Untimed):
                self.report("CW204", sentence, f"a ucg effect stands under '{label}:'",
                            f"begin it with '{label}: '")
            elif isinstance(sentence, ast.Triggered):
                self.report("CW202", sentence,
                            f"ucg has no '{ast.TIMING_WINDOWS[sentence.window]}' timing window",
                            f"an effect stands under '{label}:'")
            else:
                self.report("CW204", sentence,
                            "ucg cards have no immunities, costs or 'Then' sentences")

    def _keywords(self, sentence: ast.Keywords) -> None:
        if self.card.type != "Character":
            self.report("CW204", sentence, "only characters have keywords")
            return
        for word in sentence.names:
            if word.text not in KEYWORDS:
                self.unknown("CW203", word, "a ucg keyword", KEYWORDS)

    def _effect(self, effect: ast.Effect) -> None:
        if isinstance(effect, ast.Damage):
            if effect.target.kind not in TARGETS:
                self.report("CW204", effect.target, "ucg damage goes to a target character "
                            "or a target player")
            if effect.kind is not None:
                self.report("CW204", effect.kind, "ucg damage has no kinds",
                            f"leave out '{effect.kind}'")
            self._amount(effect.amount)
        elif isinstance(effect, ast.StatChange):
            if isinstance(effect.subject, ast.Target) and effect.subject.kind != \
                    "target_character":
                self.report("CW204", effect.subject, "only a character's Combat can change",
                            "write 'target character' or 'this character'")
            if not known(effect.stat, STATS):
                self.unknown("CW213", effect.stat, "a ucg stat", STATS)
        else:
            self.report("CW204", effect, "ucg cards cannot do this",
                        "a ucg effect deals damage or changes a character's Combat")

    def _amount(self, amount: ast.Amount) -> None:
        if amount.dice or amount.per_player or amount.times != 1:
            self.report("CW209", amount, f"{amount} is not an amount ucg can use",
                        "write a plain number")
        else:
            self.counts_too_many(amount, amount.plus)


check_card = _CardCheck.check_card
