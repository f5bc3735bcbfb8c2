"""What a Random Encounters card may say, beyond what the grammar reads.

Characters, monsters and bosses carry stats; loot carries stat bonuses, and
equipment goes in a slot; traps and side quests are rolls; events, items and
abilities are effects on the party, the leader or the monster.
"""

from __future__ import annotations

from compiler import ast
from compiler.check.shared import CardCheck, header_fields, known, name_span

GAME = "random-encounters"
STATS = ("Strength", "Dexterity", "Magic")
SLOTS = ("Weapon", "Armor", "Trinket", "Familiar")
EQUIPMENT = SLOTS
LOOT = (*EQUIPMENT, "Item", "Enchantment")
ENCOUNTERS = ("Monster", "Trap", "Event", "Side Quest")
FOES = ("Monster", "Boss")
TYPES = ("Character", *ENCOUNTERS, "Boss", *LOOT)
LABELS = ("Combat Ability", "Explorer Ability")
TARGETS = ("you", "each_character", "each_other_character", "target_character", "party",
           "leader", "monster")
LEVELS = (1, 2, 3)
MAX_STAT = 20

_STAT_FIELDS = ("Strength", "Dexterity", "Magic")
# (fields a type may have, fields it must have)
_FIELDS = {
    "Character": (("Name", "Type", "Traits", "Health", *_STAT_FIELDS, "Slots"),
                  ("Health", *_STAT_FIELDS, "Slots")),
    "foe": (("Name", "Type", "Level", "Traits", "Health", *_STAT_FIELDS, "Attacks With"),
            ("Level", "Health", *_STAT_FIELDS, "Attacks With")),
    "challenge": (("Name", "Type", "Level", "Traits"), ("Level",)),
    "equipment": (("Name", "Type", "Level", "Traits", "Slot"), ("Level",)),
    "loot": (("Name", "Type", "Level", "Traits"), ("Level",)),
}
# What each kind of card's effects may be.
_ABILITY_EFFECTS = (ast.Damage, ast.Heal, ast.GainStars, ast.DrawLoot, ast.Reroll, ast.Marker)
_EFFECTS = {
    "Character": (),  # only under its labels
    "foe": (),  # only in its windows
    "challenge": (ast.RollOrElse, ast.Damage, ast.Heal, ast.GainStars, ast.DrawLoot, ast.Marker),
    "equipment": (ast.StatBonus,),
    "Enchantment": (ast.StatBonus,),
    "Item": (ast.Damage, ast.Heal, ast.GainStars, ast.DrawLoot, ast.DiscardMonster),
}
_FOE_EFFECTS = (ast.Damage, ast.Heal, ast.Marker)


def kind_of(card_type: str) -> str:
    if card_type in FOES:
        return "foe"
    if card_type in ("Trap", "Event", "Side Quest"):
        return "challenge"
    if card_type in EQUIPMENT:
        return "equipment"
    if card_type in ("Item", "Enchantment"):
        return "loot"
    return card_type


def notes(card_type: str) -> dict[str, str]:
    """What `cardwright explain` adds about a card of this type."""
    return {
        "damage": "on a character, lost Health (at 0 it is knocked out); on the monster, "
                  "lost Health",
        "Combat Ability": "used when the character rolls a Star while attacking; if it would "
                          "do nothing, the die is re-rolled",
        "Explorer Ability": "used outside combat, once a level",
    }


class _CardCheck(CardCheck):
    GAME, TYPES = GAME, TYPES

    def run(self) -> None:
        card_type = self.card.type
        fields_kind = kind_of(card_type)
        self._fields(fields_kind)
        labelled: set[str] = set()  # the abilities' labels met so far
        for section in self.card.shared_sections:
            self._section(section, labelled)
        for node in self.card.rules_nodes:
            if isinstance(node, ast.Target) and node.kind not in TARGETS:
                self.report("CW204", node, "random-encounters has no such target",
                            "effects fall on you, each character, target character, the "
                            "party, the leader or the monster")
            elif isinstance(node, ast.Amount) and (node.dice or node.per_player):
                self.report("CW209", node, f"{node} is not an amount here",
                            "write a plain number")
            elif isinstance(node, ast.Amount):
                self.counts_too_many(node, node.plus)
        if card_type in ("Trap", "Side Quest") and not any(
                isinstance(node, ast.RollOrElse) for node in self.card.rules_nodes):
            self.report("CW204", name_span(self.card), f"a {card_type} needs a roll",
                        "write 'Each character rolls Strength 5 or higher, or takes 2 damage.'")

    # -- header fields ---------------------------------------------------------------

    def _fields(self, fields_kind: str) -> None:
        self.diagnostics += header_fields(self.card, GAME, *_FIELDS[fields_kind])
        level = self.card.field("Level")
        if level is not None and level.value not in LEVELS:
            self.report("CW209", level, f"there is no level {level.value}",
                        "the levels are 1, 2 and 3")
        for name in _STAT_FIELDS:
            stat = self.card.field(name)
            if stat is not None and not 0 <= stat.value <= MAX_STAT:
                self.report("CW209", stat, f"a {name} of {stat.value} is out of range",
                            f"stats run from 0 to {MAX_STAT}")
        self._health(fields_kind)
        attacks = self.card.value("Attacks With")
        if attacks is not None and not known(attacks, STATS):
            self.unknown("CW213", attacks, "a stat", STATS)
        slot = self.card.value("Slot")
        for word in (*self.card.value("Slots", ()), *(slot.words if slot else ())):
            if not known(word, SLOTS):
                self.unknown("CW214", word, "an equipment slot", SLOTS)

    def _health(self, fields_kind: str) -> None:
        health = self.card.field("Health")
        if health is None:
            return
        amount = health.value
        if fields_kind == "foe" and not amount.per_player:
            self.report("CW209", health, "a monster's Health is for each player",
                        f"write '{amount.plus}X'")
        elif fields_kind == "Character" and amount.per_player:
            self.report("CW209", health, "a character's Health is a plain number",
                        f"write '{amount.plus}'")
        elif amount.dice or not 1 <= amount.plus <= 99:
            self.report("CW209", health, f"a Health of {amount} is out of range",
                        "Health runs from 1 to 99")

    # -- sentences ---------------------------------------------------------------------

    def _section(self, section: ast.Section, labelled: set[str]) -> None:
        """A section's sentences; a character has one ability of each label (the runtime
        keeps one of each)."""
        card_type = self.card.type
        if section.label is not None and (card_type != "Character" or section.label not in LABELS):
            self.report("CW211", section,
                        f"a random-encounters {card_type} has no '{section.label}:' ability",
                        "only characters have a 'Combat Ability:' and an 'Explorer Ability:'")
            return
        if section.label in labelled:
            self.report("CW211", section, f"a character has one '{section.label}:'",
                        "write all its sentences after the one label")
        elif section.label is not None:
            labelled.add(section.label)
        for sentence in section.sentences:
            if isinstance(sentence, ast.Triggered):
                self._triggered(sentence)
            elif isinstance(sentence, ast.Untimed) and section.label is not None:
                self._effects(sentence.effects, _ABILITY_EFFECTS, "an ability")
            elif isinstance(sentence, ast.Untimed):
                allowed = _EFFECTS.get(card_type, _EFFECTS.get(kind_of(card_type), ()))
                self._effects(sentence.effects, allowed, f"a {card_type}")
            elif isinstance(sentence, ast.Keywords):
                self.report("CW203", sentence, "random-encounters cards have no keywords",
                            "'Ambush.' and 'Monster Nest.' are what events are")
            else:
                self.report("CW204", sentence,
                            "random-encounters cards have no immunities, costs or 'Then' "
                            "sentences")

    def _triggered(self, sentence: ast.Triggered) -> None:
        windows = {"Boss": ("start_of_turn", "on_star"), "Monster": ("start_of_turn",)}
        allowed = windows.get(self.card.type, ())
        if sentence.window not in allowed:
            words = ast.TIMING_WINDOWS[sentence.window]
            self.report("CW202", sentence,
                        f"a random-encounters {self.card.type} has no '{words}' ability",
                        "a boss acts 'At the start of its turn,' and 'On a Star,'; a monster "
                        "'At the start of its turn,'")
            return
        self._effects(sentence.effects, _FOE_EFFECTS, "a monster's ability")

    def _effects(self, effects: tuple[ast.Effect, ...], allowed: tuple[type, ...],
                 where: str) -> None:
        for effect in effects:
            if not isinstance(effect, allowed):
                self.report("CW204", effect, f"{where} cannot do this")
            elif isinstance(effect, ast.StatBonus | ast.RollOrElse):
                for stat in (effect.stat,) if isinstance(effect, ast.StatBonus) else effect.stats:
                    if not known(stat, STATS):
                        self.unknown("CW213", stat, "a stat", STATS)
            if isinstance(effect, ast.Marker) and effect.name == "no_attack" and \
                    self.card.type != "Character":
                self.report("CW204", effect, "only a character's ability can stop it "
                            "attacking")
            if isinstance(effect, ast.RollOrElse):
                self._effects((effect.otherwise,), (*allowed, ast.Damage), where)


check_card = _CardCheck.check_card
