"""Where a card's effects happen, and the operations its generated code calls.

A Context knows the game, the foe being fought (if any) and what kind of
card is acting (a trap, a side quest, an item, an ability): trap rolls fail
on a 1 and succeed on a Star, other rolls do not.  It notes whether any
effect changed anything, so that a Combat Ability that would do nothing is
re-rolled instead, as the rulebook says.
"""

from __future__ import annotations

from collections.abc import Sequence

from compiler.runtime.random_encounters.state import STAR, Foe, Game, Hero, Roll

TRAP = "trap"


class Context:
    def __init__(self, game: Game, source: str, kind: str, foe: Foe | None = None) -> None:
        self.game = game
        self.source = source  # the card, for the log
        self.kind = kind  # trap, side_quest, event, item, ability, boss
        self.foe = foe
        self.changed = False
        self.successes = 0
        self.attack = True  # a Combat Ability may say `do not attack`
        self.discarded = False  # an Item discarded the monster

    # -- whom -------------------------------------------------------------------------

    def targets(self, kind: str, you: Hero | None, purpose: str) -> list[Hero]:
        game = self.game
        standing = game.from_leader()
        if kind == "you":
            return [you] if you is not None and not you.knocked_out else []
        if kind == "leader":
            return [game.leader] if game.leader is not None and not game.leader.knocked_out \
                else []
        if kind in ("each_character", "party"):
            return standing
        if kind == "each_other_character":
            return [hero for hero in standing if hero is not you]
        chosen = game.policy.target(game, standing, purpose)
        return [chosen] if chosen is not None else []

    # -- what generated code calls -----------------------------------------------------

    def damage(self, hero: Hero, amount: int) -> None:
        self.game.damage(hero, amount, self.source)
        self.changed = True

    def damage_monster(self, amount: int) -> None:
        foe = self.foe
        if foe is None or foe.defeated:
            return
        foe.health = max(0, foe.health - amount)
        self.changed = True
        self.game.log.emit("foe_hurt", foe=foe.name, amount=amount, source=self.source,
                           health=foe.health)

    def heal(self, hero: Hero, amount: int) -> None:
        self.changed |= self.game.heal(hero, amount, self.source)

    def heal_monster(self, amount: int) -> None:
        foe = self.foe
        if foe is None or foe.defeated:
            return
        healed = min(amount, foe.max_health - foe.health)
        if healed > 0:
            foe.health += healed
            self.changed = True
            self.game.log.emit("foe_healed", foe=foe.name, amount=healed, health=foe.health)

    def gain_stars(self, hero: Hero, amount: int) -> None:
        hero.stars += amount
        self.changed = True
        self.game.log.emit("stars", hero=hero.name, amount=amount, stars=hero.stars)

    def draw_loot(self, hero: Hero, amount: int) -> None:
        for _ in range(amount):
            self.changed |= self.game.draw_loot(hero) is not None

    def discard_monster(self, trait: str) -> None:
        """An Item that discards a monster of a trait does nothing to a boss."""
        foe = self.foe
        if foe is None or foe.defeated or foe.is_boss or trait not in foe.card.traits:
            self.game.log.emit("no_effect", source=self.source)
            return
        foe.health = 0
        self.discarded = self.changed = True
        self.game.log.emit("discarded", foe=foe.name, source=self.source)

    def reroll(self, you: Hero | None) -> None:
        if you is None or you.last_roll is None:
            return
        old = you.last_roll.face
        you.last_roll.face = self.game.die()
        self.changed = True
        self.game.log.emit("reroll", hero=you.name, was=face_text(old),
                           now=face_text(you.last_roll.face))

    def no_attack(self, you: Hero | None) -> None:
        self.attack = False

    def roll(self, hero: Hero, stats: Sequence[str], number: int) -> bool:
        """The hero rolls its best of `stats` plus the die against `number`.  On a trap a 1
        always fails and a Star always succeeds; a Star token may turn the roll into a Star and
        an Explorer Ability may re-roll it."""
        game = self.game
        stat = max(stats, key=lambda name: hero.stat(name, self.foe))
        hero.last_roll = Roll(game.die(), self.kind)
        game.log.emit("roll", hero=hero.name, stat=stat, value=hero.stat(stat, self.foe),
                      face=face_text(hero.last_roll.face), number=number)
        success = self._succeeds(hero, stat, number)
        if not success and game.policy.use_star(game, hero, "roll"):
            hero.stars -= 1
            hero.last_roll.face = STAR
            game.log.emit("star_token", hero=hero.name, stars=hero.stars)
            success = self._succeeds(hero, stat, number)
        if not success and game.policy.explorer_reroll(game, hero):
            use_explorer_ability(game, hero, self.foe)
            success = self._succeeds(hero, stat, number)
        game.log.emit("roll_result", hero=hero.name, result="success" if success else "failure")
        self.successes += success
        return success

    def _succeeds(self, hero: Hero, stat: str, number: int) -> bool:
        face = hero.last_roll.face
        if self.kind == TRAP and face == 1:
            return False
        if self.kind == TRAP and face == STAR:
            return True
        return hero.stat(stat, self.foe) + face >= number


def use_explorer_ability(game: Game, hero: Hero, foe: Foe | None = None) -> Context:
    """The hero uses its Explorer Ability, once a level."""
    hero.explorer_used = True
    context = Context(game, f"{hero.name}'s Explorer Ability", "ability", foe)
    game.log.emit("explorer_ability", hero=hero.name)
    with game.log.nested():
        hero.card.explorer_ability.run(context, hero)
    return context


def face_text(face: int) -> str:
    return "Star" if face == STAR else str(face)
