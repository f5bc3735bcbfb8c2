"""Loot between encounters: equipping weapons, armor, trinkets and familiars in matching
slots, attaching enchantments, and the rewards after each boss (rulebook: LOOT, LEVELING UP).
"""

from __future__ import annotations

from compiler.runtime.random_encounters.cards import EQUIPMENT, STATS, CardDef
from compiler.runtime.random_encounters.state import Equipped, Game, Hero

# Selling after a level's boss: (the loot levels given up, the level of the loot received).
SALES = {
    1: [((1, 1), 2)],
    2: [((2, 2), 3), ((1, 1, 2), 3), ((1, 1, 1, 1), 3)],
}
# Stat tokens after each level's boss.
STAT_TOKENS = {1: 1, 2: 2}


def value(card: CardDef) -> int:
    """What a piece of equipment adds, all its bonuses together."""
    return sum(bonus.amount for bonus in card.bonuses)


def equip(game: Game) -> None:
    """Put each piece of equipment in the pack where it adds the most: a free matching slot,
    or in place of a lesser piece, which goes back to the pack.  A two-colour card acts as
    the slot it is in.  Then attach each Enchantment to the best piece without one."""
    changed = True
    while changed:
        changed = False
        for card in sorted((c for c in game.pack if c.type in EQUIPMENT),
                           key=lambda c: (-value(c), c.name)):
            place = game.policy.place_equipment(game, card)
            if place is None:
                continue
            hero, slot, replaced = place
            game.pack.remove(card)
            if replaced is not None:
                hero.equipped.remove(replaced)
                game.pack.append(replaced.card)
                if replaced.enchantment is not None:  # it moves with its equipment
                    game.pack.append(replaced.enchantment)
            hero.equipped.append(Equipped(card, slot))
            game.log.emit("equip", hero=hero.name, card=card.name, slot=slot,
                          replaced=replaced.card.name if replaced else "nothing")
            changed = True
    for enchantment in [card for card in game.pack if card.type == "Enchantment"]:
        target = game.policy.place_enchantment(game, enchantment)
        if target is not None:
            game.pack.remove(enchantment)
            target.enchantment = enchantment
            game.log.emit("enchant", card=enchantment.name, on=target.card.name)


def rewards(game: Game, level: int) -> None:
    """After the boss of level 1 or 2: full Health, a Star token, a Loot of the next level, stat
    tokens, and a chance to sell Loot."""
    game.log.emit("rewards", level=level)
    with game.log.nested():
        for hero in game.heroes:
            hero.health = hero.max_health
            hero.stars += 1
            hero.explorer_used = False
            game.log.emit("refreshed", hero=hero.name, health=hero.health, stars=hero.stars)
        for hero in game.heroes:
            game.draw_loot(hero, level + 1)
        for hero in game.heroes:
            for _ in range(STAT_TOKENS[level]):
                stat = game.policy.stat_token(game, hero)
                hero.tokens[stat] += 1
                game.log.emit("stat_token", hero=hero.name, stat=stat, value=hero.stat(stat))
        _sell(game, level)
        equip(game)


def _sell(game: Game, level: int) -> None:
    """Sell spare Loot from the pack at the level's rates, for Loot of the next level."""
    for given, received in SALES[level]:
        while True:
            lot = game.policy.sale(game, given)
            if lot is None:
                break
            for card in lot:
                game.pack.remove(card)
            game.log.emit("sell", cards=[card.name for card in lot], level=received)
            game.draw_loot(game.heroes[0], received)


def best_stat(hero: Hero) -> str:
    return max(STATS, key=lambda stat: (hero.stat(stat), -STATS.index(stat)))
