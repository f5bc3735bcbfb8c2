"""Drawing and resolving an Encounter: monsters, traps, events and side quests.
(rulebook: ENCOUNTERS)"""

from __future__ import annotations

from compiler.runtime.random_encounters.cards import CardDef
from compiler.runtime.random_encounters.combat import fight
from compiler.runtime.random_encounters.context import TRAP, Context
from compiler.runtime.random_encounters.state import Foe, Game, Hero

SIDE_QUEST_LOOT = 2  # what a completed side quest gives (a ruling)


def resolve(game: Game, card: CardDef, seats_from_leader: list[Hero]) -> int:
    """Resolve an Encounter the Leader drew; return how many Leaders' encounters it counts as
    (a Monster Nest counts once for each monster it brings, a side quest or a skipped event
    for none)."""
    game.log.emit("encounter", leader=game.leader.name, card=card.name, type=card.type)
    with game.log.nested():
        if card.type == "Monster":
            _monster(game, [Foe(card, len(game.heroes))], [game.leader])
            return 1
        if card.type == "Trap":
            _trap(game, card)
            return 1
        if card.type == "Side Quest":
            if game.policy.attempt_side_quest(game, card):
                attempt_side_quest(game, card)
            else:
                game.set_aside.append(card)
                game.log.emit("set_aside", card=card.name)
            return 0
        return _event(game, card, seats_from_leader)


def _monster(game: Game, foes: list[Foe], looters: list[Hero], foes_first: bool = False) -> None:
    """Fight; each monster defeated gives its Loot to the next of `looters`."""
    order = list(looters)

    def loot(foe: Foe) -> None:
        hero = order.pop(0) if order else game.leader
        game.draw_loot(hero)

    fight(game, foes, foes_first, loot)


def _trap(game: Game, card: CardDef) -> None:
    """Each character rolls from the Leader; one success earns the Leader a Loot."""
    context = Context(game, card.name, TRAP)
    card.effects.run(context, game.leader)
    if context.successes and not game.over:
        game.draw_loot(game.leader)


def attempt_side_quest(game: Game, card: CardDef) -> bool:
    """A completed side quest gives its Leader bonus Loot and leaves the game; a failed one is
    discarded."""
    game.log.emit("side_quest", card=card.name, leader=game.leader.name)
    with game.log.nested():
        context = Context(game, card.name, "side_quest")
        card.effects.run(context, game.leader)
        done = context.successes > 0
        game.log.emit("side_quest_done" if done else "side_quest_failed", card=card.name)
        if done and not game.over:
            for _ in range(SIDE_QUEST_LOOT):
                game.draw_loot(game.leader)
    return done


def _event(game: Game, card: CardDef, seats_from_leader: list[Hero]) -> int:
    markers = card.markers
    if "skippable" in markers and game.policy.skip_event(game, card):
        game.level.encounters.append(card)
        game.log.emit("skipped", card=card.name)
        return 0
    if "ambush" in markers:
        monsters = _search(game, 1)
        game.log.emit("ambush", monsters=[foe.name for foe in monsters])
        if monsters:
            _monster(game, monsters, [game.leader], foes_first=True)
        return 1
    if "monster_nest" in markers:
        monsters = _search(game, 2)
        game.log.emit("nest", monsters=[foe.name for foe in monsters])
        if monsters:
            _monster(game, monsters, seats_from_leader[:2])
        return max(1, len(monsters))
    if card.effects is not None:
        card.effects.run(Context(game, card.name, "event"), game.leader)
    return 1


def _search(game: Game, count: int) -> list[Foe]:
    """Search the Encounter deck for monsters, then shuffle it."""
    deck = game.level.encounters
    found = [card for card in deck if card.type == "Monster"][:count]
    for card in found:
        deck.remove(card)
    game.dice.shuffle(deck)
    return [Foe(card, len(game.heroes)) for card in found]
