"""The demo scenario's cards written by hand against the pacg runtime, as a programmer who
knew the rules would write them: the yardstick that generated code is measured against
(bench/run.py, `runtime_ratio_handwritten`).  Each function does what the card's text says,
in the same calls on the encounter, so the same seed plays the same game."""

from __future__ import annotations

from compiler.runtime.pacg import CheckOption, Encounter
from compiler.runtime.pacg.state import Character

WISDOM_6 = (CheckOption(("Wisdom",), 6),)


def summon_skulk_scout(enc: Encounter, you: Character) -> None:
    if you.alive:
        enc.summon(you, ("Skulk Scout",))


def summon_tunnel_crawler(enc: Encounter, you: Character) -> None:
    if you.alive:
        enc.summon(you, ("Tunnel Crawler",))


def summon_bog_lurker_and_cinder_imp(enc: Encounter, you: Character) -> None:
    if you.alive:
        enc.summon(you, ("Bog Lurker", "Cinder Imp"))


def turn_character_draws(enc: Encounter, you: Character) -> None:
    for character in enc.targets("turn_character", you):
        enc.draw(character, 1)


def you_draw(enc: Encounter, you: Character) -> None:
    if you.alive:
        enc.draw(you, 1)


def combat_damage_here(enc: Encounter, you: Character) -> None:
    for character in enc.table.characters_at(enc.location):
        enc.damage(character, 1, "Combat")


def fire_damage_here(enc: Encounter, you: Character) -> None:
    for character in enc.table.characters_at(enc.location):
        enc.damage(character, enc.roll(1, 4, 0), "Fire")


def mental_damage_to_the_others(enc: Encounter, you: Character) -> None:
    for character in enc.table.living():
        if character is not you:
            enc.damage(character, 1, "Mental")


def combat_damage_to_everyone(enc: Encounter, you: Character) -> None:
    for character in enc.table.living():
        enc.damage(character, 1, "Combat")


def wisdom_or_discard(enc: Encounter, you: Character) -> None:
    for character in enc.table.characters_at(enc.location):
        if not enc.attempt_check(character, WISDOM_6) and character.alive:
            enc.cards(character, "discard", 1, True)


def banish(enc: Encounter, you: Character) -> None:
    enc.dispose("banish")


def to_the_bottom(enc: Encounter, you: Character) -> None:
    enc.dispose("bottom")


def fall_through_the_floor(enc: Encounter, you: Character) -> None:
    if you.alive:
        enc.damage(you, enc.roll(1, 4, 1), "Combat")


def scout_strikes(enc: Encounter, you: Character) -> None:
    for character in enc.targets("turn_character", you):
        enc.damage(character, 1, "Combat")


def scout_escapes(enc: Encounter, you: Character) -> None:
    if you.alive:
        enc.cards(you, "bury", 1, False)
    enc.dispose("shuffle")


def crawler_bites(enc: Encounter, you: Character) -> None:
    if you.alive:
        enc.cards(you, "discard", 1, True)


def evade(enc: Encounter, you: Character) -> None:
    enc.evade(you)


def add_d6(enc: Encounter, you: Character) -> None:
    enc.add_to_check(enc.roll(1, 6, 0))


def add_d8(enc: Encounter, you: Character) -> None:
    enc.add_to_check(enc.roll(1, 8, 0))


def add_2d4(enc: Encounter, you: Character) -> None:
    enc.add_to_check(enc.roll(2, 4, 0))


def add_d4_and_draw(enc: Encounter, you: Character) -> None:
    enc.add_to_check(enc.roll(1, 4, 0))
    if you.alive:
        enc.draw(you, 1)


def reduce_all(enc: Encounter, you: Character) -> None:
    enc.reduce_damage(None)


def reduce_1(enc: Encounter, you: Character) -> None:
    enc.reduce_damage(1)


def reduce_3(enc: Encounter, you: Character) -> None:
    enc.reduce_damage(3)


# Each card's timing windows, and its powers' functions in the order it lists them.
WINDOWS = {
    "Bandit Captain": {"before_encounter": summon_skulk_scout,
                       "after_encounter": turn_character_draws},
    "Bog Lurker": {"if_undefeated": combat_damage_here},
    "Cinder Imp": {"before_encounter": fire_damage_here},
    "Collapsing Tunnel": {"before_encounter": summon_tunnel_crawler},
    "Cultist Acolyte": {"after_encounter": mental_damage_to_the_others},
    "Grask the Drowned": {"before_encounter": summon_bog_lurker_and_cinder_imp,
                          "if_undefeated": combat_damage_to_everyone},
    "Mire Hag": {"before_encounter": wisdom_or_discard, "if_undefeated": banish},
    "Rotten Floor": {"if_undefeated": fall_through_the_floor},
    "Rusted Portcullis": {"if_undefeated": to_the_bottom},
    "Sealed Reliquary": {"if_defeated": you_draw},
    "Skulk Scout": {"before_encounter": scout_strikes, "if_undefeated": scout_escapes},
    "Thornback Boar": {"if_defeated": you_draw},
    "Tunnel Crawler": {"after_encounter": crawler_bites},
}
POWERS = {
    "Blessing of the Tides": (add_d6,),
    "Grave Salt": (evade,),
    "Hearthward Blessing": (reduce_all,),
    "Hunting Bow": (add_d6,),
    "Kindle Bolt": (add_2d4,),
    "Lantern Bearer": (evade,),
    "Lucky Charm": (add_d4_and_draw,),
    "Mirror Step": (evade,),
    "Notched Longsword": (add_d8,),
    "Patched Chainmail": (reduce_1,),
    "Salamander Cloak": (reduce_3,),
    "Slumber Mote": (evade,),
    "Smoke Pellet": (evade,),
}
