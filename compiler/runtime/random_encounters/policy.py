"""The party's choices: a default that plays sensibly, and answers a scenario scripts.

Scripted answers are taken first, in order, for their kind of choice; the
default then decides: attack with the stat that beats the foe by most, finish
the weakest foe, spend Star tokens and Items when they save a character,
equip what adds most, put off side quests the party is unlikely to win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.runtime.random_encounters.cards import EQUIPMENT, STATS, CardDef
from compiler.runtime.random_encounters.loot import best_stat, value
from compiler.runtime.random_encounters.state import Equipped, Foe, Game, Hero
from compiler.runtime.script import FLAG, Choice, ScenarioError, Script, Words

CHOICES = {
    "target": Choice("the monster a character attacks, in a Monster Nest"),
    "attack_stat": Choice("the stat a character attacks with"),
    "star": Choice("true or false: spend a Star token on the roll just made", FLAG),
    "item": Choice("the Item a character uses on its combat turn, or 'none'"),
    "side_quest": Choice("'now' to attempt a side quest when drawn, 'later' to set it aside",
                         Words(("now", "later"))),
    "skip": Choice("true or false: skip a skippable event", FLAG),
    "stat_token": Choice("the stat a character's stat token goes to"),
}
_NONE = ("none", "no")


class Policy:
    def __init__(self, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        self.script = Script(script, CHOICES)

    # -- combat ---------------------------------------------------------------------------

    def foe_to_attack(self, game: Game, hero: Hero, foes: list[Foe]) -> Foe:
        answer = self.script.next("target") if len(foes) > 1 else None
        if answer is not None:
            return _named(foes, answer, "attack")
        return min(foes, key=lambda foe: (foe.health, foes.index(foe)))

    def attack_stat(self, game: Game, hero: Hero, foe: Foe) -> str:
        answer = self.script.next("attack_stat")
        if answer is not None:
            if answer not in STATS:
                raise ScenarioError(f"the script attacks with {answer!r}, which is not a stat")
            return answer
        return max(STATS, key=lambda stat: (hero.stat(stat, foe) - foe.card.stat(stat),
                                            -STATS.index(stat)))

    def use_star(self, game: Game, hero: Hero, purpose: str) -> bool:
        """On a failed roll, when the character is low; on an attack, to set off a Combat
        Ability when there are Stars to spare."""
        if hero.stars <= 0:
            return False
        answer = self.script.next("star")
        if answer is not None:
            return bool(answer)
        if purpose == "roll":
            return hero.health * 2 <= hero.max_health
        return hero.stars >= 3 and hero.card.combat_ability is not None

    def item(self, game: Game, hero: Hero, foe: Foe) -> CardDef | None:
        items = [card for card in game.pack if card.type == "Item" and card.effects is not None]
        answer = self.script.next("item")
        if answer is not None:
            return None if answer in _NONE else _named(items, answer, "use")
        for card in items:
            effects = card.effects
            if effects.does("discard_monster") and not foe.is_boss and any(
                    effect.get("trait") in foe.card.traits for effect in effects.effects):
                return card
            if effects.does("heal") and any(other.health * 3 <= other.max_health
                                            for other in game.from_leader()):
                return card
            if effects.does("damage") and foe.is_boss:
                return card
            if effects.does("gain_stars") and hero.stars == 0 and foe.is_boss:
                return card
        return None

    def item_between(self, game: Game) -> CardDef | None:
        """Outside combat, an Item that draws Loot is used at once: more Loot never hurts."""
        return next((card for card in game.pack if card.type == "Item"
                     and card.effects is not None and card.effects.does("draw_loot")), None)

    def target(self, game: Game, standing: list[Hero], purpose: str) -> Hero | None:
        """Healing goes to the most hurt, Star tokens to whoever has fewest."""
        if not standing:
            return None
        if purpose == "heal":
            return min(standing, key=lambda hero: (hero.health / hero.max_health,
                                                   standing.index(hero)))
        if purpose == "gain_stars":
            return min(standing, key=lambda hero: (hero.stars, standing.index(hero)))
        return standing[0]

    # -- between encounters -------------------------------------------------------------

    def attempt_side_quest(self, game: Game, card: CardDef) -> bool:
        answer = self.script.next("side_quest")
        if answer is not None:
            return answer == "now"
        roll = next((effect for effect in card.effects.effects if effect["op"] == "roll_or_else"),
                    None)
        if roll is None:
            return True
        best = max(hero.stat(stat) for hero in game.from_leader() for stat in roll["stats"])
        return best + 3 >= roll["number"]  # at least an even chance for someone

    def skip_event(self, game: Game, card: CardDef) -> bool:
        """Skip an event that could knock a character out."""
        answer = self.script.next("skip")
        if answer is not None:
            return bool(answer)
        hurts = sum(effect["amount"]["plus"] for effect in card.effects.effects
                    if effect["op"] == "damage") if card.effects else 0
        return any(hero.health <= hurts for hero in game.from_leader())

    def explorer_now(self, game: Game, hero: Hero) -> bool:
        """Heal when the party is hurt; give or gain Star tokens and draw Loot at once."""
        ability = hero.card.explorer_ability
        if hero.explorer_used or hero.knocked_out or ability is None or ability.does("reroll"):
            return False
        if ability.does("heal"):
            return sum(other.max_health - other.health for other in game.from_leader()) >= 4
        return True

    def explorer_reroll(self, game: Game, hero: Hero) -> bool:
        ability = hero.card.explorer_ability
        return not hero.explorer_used and ability is not None and ability.does("reroll")

    def place_equipment(self, game: Game, card: CardDef
                        ) -> tuple[Hero, str, Equipped | None] | None:
        """The free matching slot, or the lesser piece to replace, where the card adds most."""
        best, best_gain = None, 0
        for hero in game.heroes:
            main = best_stat(hero)
            for slot in card.fits:
                if slot in hero.free_slots():
                    gain = _worth(card, main)
                    replaced = None
                else:
                    held = [item for item in hero.equipped if item.slot == slot]
                    if not held:
                        continue
                    replaced = min(held, key=lambda item: _worth(item.card, main))
                    gain = _worth(card, main) - _worth(replaced.card, main)
                if gain > best_gain:
                    best, best_gain = (hero, slot, replaced), gain
        return best

    def place_enchantment(self, game: Game, card: CardDef) -> Equipped | None:
        pieces = [item for hero in game.heroes for item in hero.equipped
                  if item.enchantment is None]
        if not pieces:
            return None
        stat = card.bonuses[0].stat if card.bonuses else None
        return max(pieces, key=lambda item: (any(b.stat == stat for b in item.card.bonuses),
                                             value(item.card)))

    def stat_token(self, game: Game, hero: Hero) -> str:
        answer = self.script.next("stat_token")
        if answer is not None:
            return answer
        return best_stat(hero)

    def sale(self, game: Game, levels: tuple[int, ...]) -> list[CardDef] | None:
        """Spare equipment and enchantments no character wants, whose levels make a lot."""
        spare = [card for card in game.pack if card.type != "Item"
                 and (card.type not in EQUIPMENT or self.place_equipment(game, card) is None)]
        taken: list[int] = []  # by place in the pack: two copies of a card are two cards
        for level in levels:
            index = next((i for i, card in enumerate(spare)
                          if card.level == level and i not in taken), None)
            if index is None:
                return None
            taken.append(index)
        return [spare[i] for i in taken]


def _worth(card: CardDef, main: str) -> float:
    """What a piece of equipment is worth to a character whose best stat is `main`."""
    return sum(bonus.amount * (1.5 if bonus.stat == main else 1.0) for bonus in card.bonuses
               if bonus.against is None)


def _named(choices: Sequence[Any], name: str, what: str) -> Any:
    for choice in choices:
        if choice.name.casefold() == str(name).casefold():
            return choice
    raise ScenarioError(f"the script says to {what} {name!r}, which is not possible now")
