"""Fighting monsters and bosses: the party attacks from the Leader clockwise, then each foe
attacks the whole party.  (rulebook: MONSTERS, BOSSES, STAR TOKENS AND ABILITIES)"""

from __future__ import annotations

from collections.abc import Callable

from compiler.runtime.random_encounters.cards import CardDef
from compiler.runtime.random_encounters.context import Context, face_text
from compiler.runtime.random_encounters.state import STAR, Foe, Game, Hero

MAX_ROUNDS = 100  # a safety net; a fight ends long before


def fight(game: Game, foes: list[Foe], foes_first: bool = False,
          on_defeat: Callable[[Foe], None] | None = None) -> bool:
    """Fight until every foe is defeated (True) or the party is knocked out (False).  Each foe
    defeated is handed to `on_defeat` at once, as its Loot is drawn then."""
    game.log.emit("fight", foes=[f"{foe.name} ({foe.health} Health)" for foe in foes])
    with game.log.nested():
        for round_number in range(1, MAX_ROUNDS + 1):
            if not (foes_first and round_number == 1):
                _party_turn(game, foes, on_defeat)
            if all(foe.defeated for foe in foes):
                return True
            for foe in foes:
                if not foe.defeated and not game.over:
                    _foe_turn(game, foe)
            if game.over:
                return False
    raise RuntimeError("a fight went on for 100 rounds")


def _party_turn(game: Game, foes: list[Foe], on_defeat: Callable[[Foe], None] | None) -> None:
    for hero in game.from_leader():
        standing = [foe for foe in foes if not foe.defeated]
        if not standing:
            return
        foe = game.policy.foe_to_attack(game, hero, standing)
        _use_item(game, hero, foe)
        if not foe.defeated:
            attack(game, hero, foe)
        if foe.defeated and on_defeat is not None:
            game.log.emit("foe_defeated", foe=foe.name)
            on_defeat(foe)


def _use_item(game: Game, hero: Hero, foe: Foe) -> None:
    """One Item a combat turn, from the party's pack."""
    item = game.policy.item(game, hero, foe)
    if item is not None:
        use_item(game, hero, item, foe)


def use_item(game: Game, hero: Hero, item: CardDef, foe: Foe | None) -> None:
    """Use an Item once (in combat against `foe`, or outside combat) and discard it."""
    game.pack.remove(item)
    game.log.emit("item", hero=hero.name, item=item.name)
    with game.log.nested():
        item.effects.run(Context(game, item.name, "item", foe), hero)


def attack(game: Game, hero: Hero, foe: Foe) -> None:
    """Chosen stat plus equipment plus the die, minus the foe's same stat, is the damage.  A
    Star triggers the Combat Ability (re-rolled if it would do nothing); the hero attacks
    too unless the ability says not to."""
    stat = game.policy.attack_stat(game, hero, foe)
    face = game.die()
    if face != STAR and game.policy.use_star(game, hero, "attack"):
        hero.stars -= 1
        face = STAR
        game.log.emit("star_token", hero=hero.name, stars=hero.stars)
    attacks = True
    if face == STAR and hero.card.combat_ability is not None:
        game.log.emit("combat_ability", hero=hero.name)
        with game.log.nested():
            context = Context(game, f"{hero.name}'s Combat Ability", "ability", foe)
            hero.card.combat_ability.run(context, hero)
            if not context.changed:
                face = game.die()
                game.log.emit("no_effect_reroll", hero=hero.name, face=face_text(face))
            attacks = context.attack
    if not attacks or foe.defeated:
        return
    total = hero.stat(stat, foe) + face
    damage = max(0, total - foe.card.stat(stat))
    foe.health = max(0, foe.health - damage)
    game.log.emit("attack", hero=hero.name, stat=stat, value=hero.stat(stat, foe),
                  face=face_text(face), total=total, foe=foe.name, defence=foe.card.stat(stat),
                  damage=damage, health=foe.health)


def _foe_turn(game: Game, foe: Foe) -> None:
    """A boss first uses its turn's ability; a monster re-rolls Stars, a boss on a Star uses
    its other ability instead of attacking.  The attack, its stat plus the die, falls on the
    whole party: each takes what exceeds its own same stat."""
    card = foe.card
    if card.start_of_turn is not None:
        game.log.emit("foe_ability", foe=foe.name, when="at the start of its turn")
        with game.log.nested():
            card.start_of_turn.run(Context(game, foe.name, "foe", foe), None)
        if game.over or foe.defeated:
            return
    face = game.die()
    while face == STAR and not foe.is_boss:
        game.log.emit("foe_reroll", foe=foe.name)
        face = game.die()
    if face == STAR:
        game.log.emit("foe_ability", foe=foe.name, when="on a Star")
        with game.log.nested():
            if card.on_star is not None:
                card.on_star.run(Context(game, foe.name, "foe", foe), None)
        return
    stat = card.attacks_with
    power = card.stat(stat) + face
    game.log.emit("foe_attack", foe=foe.name, stat=stat, value=card.stat(stat),
                  face=face_text(face), total=power)
    with game.log.nested():
        for hero in game.from_leader():
            game.damage(hero, max(0, power - hero.stat(stat, foe)), foe.name)
