"""A round of Gloomhaven as seeds/gloomhaven-character-turn.txt plays it: the characters choose
their cards (or rest), a monster ability card is revealed for each type with a figure on the
map, every figure acts in initiative order, and the round's bonuses end.

There is no map: every figure is within reach of every other, so a move moves nobody and
an attack may target anyone; and no attack modifier deck: an attack deals its value.  The
other rulings are in docs/rulings.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from compiler.runtime.dice import Dice
from compiler.runtime.gloomhaven.cards import (
    BASIC,
    Action,
    CardDef,
    Step,
)
from compiler.runtime.gloomhaven.policy import Policy
from compiler.runtime.gloomhaven.state import Character, Figure, Monster
from compiler.runtime.gloomhaven.words import CONDITION_CARRIERS, NEGATIVE_CONDITIONS, PARTS
from compiler.runtime.log import EventLog
from compiler.runtime.script import ScenarioError, card_of

# Effects other than abilities that are parts of an action of their own.
OWN_PARTS = ("element", "negate_next_damage", "suffer_damage", "area_damage", "summon_monster",
             "remove_negative_conditions", "ability_x", "attackers_suffer",
             "attacks_disadvantaged")
# Conditions that change how a figure acts, until the end of its next turn.
TURN_CONDITIONS = ("stun", "immobilize", "disarm", "invisible")
# How the log names what a consumed element would add, beyond a bonus and a condition.
UNSPENT_WORDS = {"target_all": "target all", "all_allies": "all allies"}
REST_HEAL = 2
MONSTER_FIRST_IN_TIES = 1  # a player goes before a monster type of the same initiative


@dataclass(eq=False)
class Game:
    characters: list[Character]
    monsters: dict[str, list[Monster]]  # by type, in the scenario's order
    decks: dict[str, list[CardDef]]  # each monster type's ability cards, top last
    dice: Dice
    log: EventLog
    policy: Policy
    box: Mapping[str, CardDef] = field(default_factory=dict)  # where a summon finds its monster
    revealed: dict[str, CardDef] = field(default_factory=dict)  # this round's, by monster
    spawns: dict[str, int] = field(default_factory=dict)  # standees summoned, by monster
    used: dict[str, list[CardDef]] = field(default_factory=dict)  # revealed before
    outcome: str | None = None

    def living_monsters(self) -> list[Monster]:
        """In the order they act: by type, elites first, then normals by standee number."""
        return [monster for kind in self.monsters for monster in self.acting(kind)]

    def acting(self, kind: str) -> list[Monster]:
        return sorted((monster for monster in self.monsters[kind] if monster.alive),
                      key=lambda monster: (not monster.elite, monster.standee))

    def check_end(self) -> None:
        if not self.living_monsters():
            self.outcome = "won"
        elif not any(character.alive for character in self.characters):
            self.outcome = "lost"


def monster_deck(cards: Mapping[str, CardDef], kind: str, dice: Dice) -> list[CardDef]:
    """The Monster Ability cards of the monster `kind`, shuffled."""
    deck = ability_cards(cards, kind)
    dice.shuffle(deck)
    return deck


def ability_cards(cards: Mapping[str, CardDef], kind: str, summoned_by: str | None = None
                  ) -> list[CardDef]:
    """The Monster Ability cards of the monster `kind` (which the card `summoned_by`
    summons, if one does), in the box's order."""
    deck = [card for card in cards.values()
            if card.type == "Monster Ability" and card.monster == kind]
    if not deck:
        summons = "" if summoned_by is None else f", which {summoned_by} summons,"
        raise ScenarioError(f"{kind}{summons} has no Monster Ability cards")
    return deck


def play_round(game: Game, number: int) -> None:
    game.log.emit("round", round=number)
    with game.log.nested():
        _select_cards(game)
        game.check_end()
        if game.outcome is not None:
            return
        revealed = game.revealed = reveal_monster_cards(game)
        order = initiative_order(game.characters, revealed, list(game.monsters))
        game.log.emit("order", order=[_actor_name(actor) for actor in order])
        for actor in order:
            if isinstance(actor, Character):
                if actor.alive:  # not exhausted since the order was made
                    _character_turn(game, actor)
            else:
                _monster_turn(game, actor, revealed[actor])
            game.check_end()
            if game.outcome is not None:
                return
        _end_round(game)


def initiative_order(characters: Iterable[Character], revealed: dict[str, CardDef],
                     kinds: list[str]) -> list[Character | str]:
    """Characters (by their leading card's initiative) and monster types (by their revealed
    card's), lowest first: a tie between players goes to the lower non-leading card, then to
    the party's order; a player goes before a monster type; monster types in the scenario's
    order (the players decide, docs/rulings.md)."""
    party = [character for character in characters if character.alive]
    keyed: list[tuple[tuple[int, int, int, int], Character | str]] = [
        ((character.initiative[0], 0, character.initiative[1], index), character)
        for index, character in enumerate(party)]
    keyed += [((card.initiative, MONSTER_FIRST_IN_TIES, 0, kinds.index(kind)), kind)
              for kind, card in revealed.items()]
    return [actor for _, actor in sorted(keyed, key=lambda item: item[0])]


def _actor_name(actor: Character | str) -> str:
    return actor.name if isinstance(actor, Character) else actor


# -- choosing cards and revealing monster cards ---------------------------------------------


def _select_cards(game: Game) -> None:
    for character in game.characters:
        if not character.alive:
            continue
        character.played, character.resting = None, False
        if len(character.hand) >= 2:
            lead, other = game.policy.cards(character)
            character.hand.remove(lead)
            character.hand.remove(other)
            character.played = (lead, other)
            game.log.emit("cards", character=character.name, lead=lead.name,
                          lead_initiative=lead.initiative, other=other.name)
        elif len(character.discard) >= 2:
            character.resting = True
            game.log.emit("long_rest", character=character.name)
        else:
            character.exhausted = True
            game.log.emit("exhausted", character=character.name,
                          why="it cannot play two cards or rest")


def reveal_monster_cards(game: Game) -> dict[str, CardDef]:
    """A card for each type with a figure on the map; a deck played out is shuffled again."""
    revealed = {}
    for kind, deck in game.decks.items():
        if not game.acting(kind):
            continue
        if not deck:
            deck.extend(game.used.pop(kind, []))
            game.dice.shuffle(deck)
        card = deck.pop()
        game.used.setdefault(kind, []).append(card)
        revealed[kind] = card
        game.log.emit("reveal", monster=kind, card=card.name, initiative=card.initiative)
    return revealed


# -- a character's turn -----------------------------------------------------------------


def _character_turn(game: Game, character: Character) -> None:
    game.log.emit("turn", figure=character.name)
    had = set(character.conditions)
    with game.log.nested():
        if character.resting:
            _long_rest(game, character)
        else:
            _play_cards(game, character)
    _end_turn(character, had)


def _play_cards(game: Game, character: Character) -> None:
    """The top action of one of the character's two cards and the bottom of the other."""
    lead, other = character.played
    top = game.policy.top_card(character, lead, other)
    bottom = other if top is lead else lead
    basic = game.policy.basic_halves()
    for card, half in ((top, "top"), (bottom, "bottom")):
        action = BASIC[half] if half in basic else getattr(card, half)
        game.log.emit("action", figure=character.name, card=card.name, half=half,
                      basic=f" as {_basic_name(half)}" if half in basic else "")
        performed = half not in basic and "stun" not in character.conditions
        if "stun" in character.conditions:
            game.log.emit("stunned", figure=character.name)
        else:
            with game.log.nested():
                _perform(game, character, action)
        _place(game, character, card, action if performed else None)
        if game.outcome is not None or not character.alive:
            break


def _basic_name(half: str) -> str:
    (step,) = BASIC[half].steps
    return f"{step['name'].capitalize()} {step['amount']}"


def _long_rest(game: Game, character: Character) -> None:
    """Heal 2, and take back the discard pile but for one card, which is lost (the first
    discarded, docs/rulings.md)."""
    lost, *back = character.discard
    character.discard.clear()
    character.lost.append(lost)
    character.hand.extend(back)
    healed = _heal(character, REST_HEAL)
    game.log.emit("rested", figure=character.name, lost=lost.name, back=len(back),
                  healed=healed, health=character.health)


def _place(game: Game, character: Character, card: CardDef, action: Action | None) -> None:
    """As soon as its action is done, the card goes to the lost pile (`Lost`), the active
    area (`Round bonus`, until the round ends) or the discard pile; one played as Attack 2
    or Move 2, or whose action a stun kept from being done (`action` None), is discarded."""
    if action is not None and action.has("lost"):
        pile, where = character.lost, "lost"
    elif action is not None and action.has("round_bonus"):
        pile, where = character.active, "active"
    else:
        pile, where = character.discard, "discarded"
    pile.append(card)
    game.log.emit("placed", card=card.name, where=where)


# -- a monster type's turn ----------------------------------------------------------------


def _monster_turn(game: Game, kind: str, card: CardDef) -> None:
    """Each monster of the type performs the card's action: elites first, then normals in
    ascending standee order."""
    game.log.emit("turn", figure=kind)
    with game.log.nested():
        for monster in game.acting(kind):
            if monster.summoned:
                continue
            game.log.emit("monster_acts", figure=monster.label, card=card.name)
            had = set(monster.conditions)
            if "stun" in monster.conditions:
                game.log.emit("stunned", figure=monster.label)
            else:
                with game.log.nested():
                    _perform(game, monster, card.action)
            _end_turn(monster, had)
            if game.outcome is not None:
                return


# -- performing an action -------------------------------------------------------------------


def parts(action: Action) -> list[list[Step]]:
    """The action's abilities, each with what modifies it (`Attack 4, Stun` is one part),
    in the order written.  A condition goes with the attack or heal before it, or the
    conditions or element it follows; after anything else (`Cultist suffers 1 damage. Muddle,
    Target all.`) it begins a part of its own."""
    found: list[list[Step]] = []
    for step in action.steps:
        if not found or begins_part(step, found[-1][0]):
            found.append([step])
        else:
            found[-1].append(step)
    return found


def begins_part(step: Step, head: Step) -> bool:
    """Whether `step` begins a part of an action, after a part begun by `head`."""
    if step["op"] == "given_condition":
        return not ((head["op"] == "ability" and head["name"] in CONDITION_CARRIERS)
                    or head["op"] in ("given_condition", "element"))
    return (step["op"] == "ability" and step["name"] in PARTS) or step["op"] in OWN_PARTS


def _perform(game: Game, figure: Figure, action: Action, dying: bool = False) -> None:
    """Do the action's parts in order; a figure killed in the middle of it does no more,
    but for what it does as it dies (`dying`: its card's `On death` action)."""
    own = action.has("self")
    done: dict[str, int] = {}  # the attack (the damage it dealt) and the move, once done
    attacked: list[Figure] = []  # by the action's attacks so far
    for part in parts(action):
        if not figure.alive and not dying:
            break
        head = part[0]
        if head["op"] == "remove_negative_conditions":
            figure.conditions.difference_update(NEGATIVE_CONDITIONS)
            game.log.emit("cleansed", figure=_label(figure))
        elif head["op"] == "negate_next_damage":
            figure.negate_next_damage = True
            game.log.emit("ward", figure=_label(figure))
        elif head["op"] == "suffer_damage":
            _suffer_own(game, figure, head, done)
        elif head["op"] == "area_damage":
            _area_damage(game, figure, head, attacked)
        elif head["op"] == "attacks_disadvantaged":  # no modifier deck: it changes nothing
            game.log.emit("disadvantaged", figure=_label(figure))
        elif head["op"] == "attackers_suffer":
            figure.attackers_suffer += head["amount"]
            game.log.emit("thorns", figure=_label(figure), amount=head["amount"])
        elif head["op"] == "summon_monster":
            _summon(game, figure, part)
        elif head["op"] == "element":
            _element(game, figure, part)
            continue  # what a consumed element would add is not given, its conditions too
        elif head["op"] == "ability_x":  # `Heal X, where X is ...` (check: only a heal)
            _heal_for(game, figure, own, done.get("attack", 0), part)
        elif head["op"] == "given_condition":
            if not own:  # with `Self`, given below
                _give_conditions(game, figure, part)
        elif head["op"] != "ability":
            continue  # a marker (`Lost`, `Round bonus`)
        elif head["name"] == "attack":
            dealt = _attack(game, figure, part, attacked)
            if dealt is not None:
                done["attack"] = done.get("attack", 0) + dealt
        elif head["name"] in ("shield", "retaliate"):
            for target in _all_allies(game, figure, part) or [figure]:
                setattr(target, head["name"], getattr(target, head["name"]) + head["amount"])
                game.log.emit("bonus", figure=_label(target), what=head["name"],
                              amount=head["amount"])
        elif head["name"] == "heal":
            _heal_for(game, figure, own, head["amount"], part)
        elif head["name"] == "special":  # a boss's, printed on its stat card
            game.log.emit("special", figure=_label(figure), number=head["amount"])
        elif head["name"] == "xp" and isinstance(figure, Character):
            figure.xp += head["amount"]
            game.log.emit("xp", figure=figure.name, amount=head["amount"], xp=figure.xp)
        else:  # a move or a loot: no map to move on or loot from
            amount = _value(figure, head)
            stopped = head["name"] == "move" and "immobilize" in figure.conditions
            game.log.emit("moves" if head["name"] == "move" else "loots", figure=_label(figure),
                          amount=0 if stopped else amount)
            if head["name"] == "move" and amount and not stopped:
                done["move"] = amount
        if own:
            for step in part:
                if step["op"] == "given_condition":
                    _condition(game, figure, step["name"])


def _value(figure: Figure, step: Step) -> int:
    """An ability's value: a monster's signed one is added to its own stat."""
    if step["signed"] and isinstance(figure, Monster):
        return max(0, figure.stats.get(step["name"].capitalize(), 0) + step["amount"])
    return step["amount"]


def _summon(game: Game, figure: Figure, part: list[Step]) -> None:
    """The summon's standees join the map, each numbered after its kind's others, and act
    from the next round; their rank is the summon's, or its `spawn_rank`'s for the number of
    characters (docs/rulings.md).  The kind's deck is shuffled when it first comes."""
    step = part[0]
    card = card_of(game.box, step["monster"], "Monster")
    characters = len(game.characters)
    count = step["count"] if step["per_characters"] is None \
        else -(-characters // step["per_characters"])
    ranks = next((later["ranks"] for later in part[1:] if later["op"] == "spawn_rank"), None)
    standees = game.monsters.setdefault(card.name, [])
    for _ in range(count):
        number = max((standee.standee for standee in standees), default=0) + 1
        game.spawns[card.name] = game.spawns.get(card.name, 0) + 1
        elite = step["elite"] if ranks is None \
            else _ranked_elite(ranks, characters, game.spawns[card.name])
        summoned = Monster.of(card, number, elite, characters)
        summoned.summoned = True
        standees.append(summoned)
        game.log.emit("spawns" if step["spawn"] else "summons", figure=_label(figure),
                      monster=summoned.label)
    if card.name not in game.decks:
        game.decks[card.name] = monster_deck(game.box, card.name, game.dice)


def _ranked_elite(ranks: list[Step], characters: int, nth: int) -> bool:
    """Whether the `nth` standee of its kind summoned in the scenario is elite, by the rank
    for the number of characters (for a number the card does not name, the nearest's)."""
    rank = min(ranks, key=lambda rank: max(rank["fewest"] - characters,
                                           characters - rank["most"], 0))
    return nth % 2 == 0 if rank["alternate"] else rank["elite"]


def _element(game: Game, figure: Figure, part: list[Step]) -> None:
    """An element infused or consumed is said, and does nothing more: there is no element
    board, so what one consumed would add (`Consume Ice, +2 Attack, Immobilize`) is said and
    not given (docs/rulings.md)."""
    head = part[0]
    game.log.emit("element", figure=_label(figure), element=head["name"],
                  done="consumes" if head["consumed"] else "infuses")
    unspent = [f"{step['amount']:+d} {step['ability']}" if step["op"] == "element_bonus"
               else UNSPENT_WORDS.get(step["op"]) or step["name"]
               for step in part[1:]
               if step["op"] in ("element_bonus", "given_condition", *UNSPENT_WORDS)]
    if unspent:
        game.log.emit("unspent", figure=_label(figure), what=", ".join(unspent))


def _heal_for(game: Game, figure: Figure, own: bool, amount: int, part: list[Step]) -> None:
    """A heal: the figure's own with `Self`, its allies' with `Affect all allies`, else the
    most hurt of its side's (as many as its Target says); those it goes to are given the
    conditions written with it (`Heal 1, Safeguard`)."""
    count = next((step["amount"] for step in part if step["op"] == "ability"
                  and step["name"] == "target"), 1)
    allies = _all_allies(game, figure, part)
    for target in [figure] if own else allies if allies is not None \
            else _most_hurt(game, figure, count):
        healed = _heal(target, amount)
        game.log.emit("healed", figure=_label(target), amount=healed, health=target.health)
        if not own:  # with `Self`, the figure's own conditions are given after the part
            for step in part:
                if step["op"] == "given_condition":
                    _condition(game, target, step["name"])


def _suffer_own(game: Game, figure: Figure, step: Step, done: dict[str, int]) -> None:
    """`Cultist suffers 2 damage`, which no shield stops; with `after`, only once the
    action's attack (or move) was performed."""
    if step["after"] is not None and step["after"] not in done:
        game.log.emit("not_performed", figure=_label(figure), amount=step["amount"],
                      ability=step["after"])
        return
    _suffers(game, figure, step["amount"])


def _area_damage(game: Game, figure: Figure, step: Step, attacked: list[Figure]) -> None:
    """`All adjacent enemies suffer 2 damage`: every figure of the sides named suffers it,
    every one being in reach (docs/rulings.md), in the order of its side.  `... adjacent to
    the target`: those beside a figure the action attacked, with no map every one but a
    lone target (and none if the action attacked no one)."""
    attacked_set = set(attacked)  # figures compare as themselves
    for side in step["sides"]:
        for target in _enemies(game, figure) if side == "enemies" else _allies(game, figure):
            if step["around_target"] and not attacked_set - {target}:
                continue
            if target.alive:  # not killed by one before it as it died
                _suffers(game, target, step["amount"])


def _suffers(game: Game, figure: Figure, amount: int) -> None:
    """Damage that is not an attack's, which no shield stops."""
    hurt = _suffer(figure, amount)
    game.log.emit("suffers", figure=_label(figure), damage=hurt, health=figure.health)
    _fell(game, figure)


def _attack(game: Game, attacker: Figure, part: list[Step], attacked: list[Figure]
            ) -> int | None:
    """The damage the attack dealt, all its targets together; None if it was not performed
    (a disarmed figure, or one with no one to attack, performs none).  Its targets join
    `attacked`, the action's; one `near_target` takes those not among them first."""
    if "disarm" in attacker.conditions:
        game.log.emit("disarmed", figure=_label(attacker))
        return None
    power = _value(attacker, part[0])
    if _has_ally(game, attacker):  # beside every target, as every figure is
        power += sum(step["amount"] for step in part[1:] if step["op"] == "ally_bonus")
    stats = attacker.stats if isinstance(attacker, Monster) else {}
    # A monster's stat card may give all its attacks a Target or a Pierce.
    modifiers = {"target": stats.get("Target", 1), "pierce": stats.get("Pierce", 0)}
    for step in part[1:]:
        if step["op"] == "ability":
            modifiers[step["name"]] = _value(attacker, step) + (
                modifiers.get(step["name"], 0) if step["name"] == "pierce" else 0)
    given = [step["name"] for step in part[1:] if step["op"] == "given_condition"]
    # A monster's stat card may give all its attacks a condition (`Poison`).
    given += [name for name in (attacker.attack_attributes if isinstance(attacker, Monster)
                                else ()) if name in NEGATIVE_CONDITIONS and name not in given]
    ranged = "range" in modifiers or stats.get("Range", 0) > 0 or any(
        step["op"] == "target_all" and step["range"] for step in part)
    count = _target_count(game, part, modifiers["target"])
    if any(step["op"] == "near_target" for step in part):  # every enemy is near, no map
        everyone = _targets(game, attacker, len(game.characters) + len(game.living_monsters()))
        targets = sorted(everyone, key=lambda target: target in attacked)[:count]
    else:
        targets = _targets(game, attacker, count)
    if any(step["op"] == "marker" and step["name"] == "one_target" for step in part):
        targets = targets[:1] * count  # `Target one enemy with all attacks`
    attacked.extend(targets)
    dealt = 0
    living = attacker.alive  # a dead monster attacks as it dies (its card's `On death`)
    for target in targets:
        shield = max(0, target.shield - modifiers["pierce"])
        damage = _suffer(target, max(0, power - shield))
        dealt += damage
        game.log.emit("attack", figure=_label(attacker), target=_label(target), power=power,
                      shield=shield, damage=damage, health=target.health)
        for condition in given if target.alive else ():
            _condition(game, target, condition)
        _fell(game, target)
        if target.retaliate and not ranged and attacker.alive:
            _hurt_back(game, target, attacker, target.retaliate, "retaliation")
        if target.attackers_suffer and attacker.alive:  # at any range
            _hurt_back(game, target, attacker, target.attackers_suffer, "attacked_back")
        if living and not attacker.alive:  # killed by what its target did back, or on its
            break                          # death: it attacks no more
    return dealt if targets else None


def _hurt_back(game: Game, target: Figure, attacker: Figure, amount: int, event: str) -> None:
    """What the target of an attack does to its attacker: a retaliation, or the damage that
    any attack on it costs this round."""
    hurt = _suffer(attacker, amount)
    game.log.emit(event, figure=_label(target), target=_label(attacker), damage=hurt,
                  health=attacker.health)
    _fell(game, attacker)


def _target_count(game: Game, part: list[Step], written: int) -> int:
    """How many figures an ability takes: every one, all being in reach of all, for `Target
    all` (or all adjacent enemies); else as many as its Target says."""
    if any(step["op"] == "target_all" or (step["op"] == "marker"
                                          and step["name"] == "all_adjacent") for step in part):
        return len(game.characters) + len(game.living_monsters())
    return written


def _give_conditions(game: Game, figure: Figure, part: list[Step]) -> None:
    """A condition written with no attack (`Muddle, Target all enemies within Range 2`) is
    given to the ability's targets, as an attack's would be, or with `Affect all allies` to
    the figure's allies."""
    count = next((step["amount"] for step in part if step["op"] == "ability"
                  and step["name"] == "target"), 1)
    allies = _all_allies(game, figure, part)
    for target in allies if allies is not None \
            else _targets(game, figure, _target_count(game, part, count)):
        for step in part:
            if step["op"] == "given_condition":
                _condition(game, target, step["name"])


def _condition(game: Game, target: Figure, condition: str) -> None:
    """Give `condition` to the target, unless it is immune to it."""
    if condition.capitalize() in getattr(target, "immunities", ()):
        return
    target.conditions.add(condition)
    game.log.emit("condition", figure=_label(target), condition=condition)


def _has_ally(game: Game, figure: Figure) -> bool:
    """Whether another figure of the figure's side is on the map."""
    return bool(_allies(game, figure))


def _side(game: Game, figure: Figure) -> list[Figure]:
    """The living figures of the figure's side, itself among them, in the side's order."""
    if isinstance(figure, Character):
        return [character for character in game.characters if character.alive]
    return list(game.living_monsters())


def _allies(game: Game, figure: Figure) -> list[Figure]:
    """An ally is any figure that fights with the figure, not the figure itself (the seed)."""
    return [member for member in _side(game, figure) if member is not figure]


def _enemies(game: Game, figure: Figure) -> list[Figure]:
    if isinstance(figure, Character):
        return list(game.living_monsters())
    return [character for character in game.characters if character.alive]


def _all_allies(game: Game, figure: Figure, part: list[Step]) -> list[Figure] | None:
    """Whom `Affect all allies` (or `Target self and all allies`) in the part takes: every
    ally, all being in reach, and the figure first with `self and`; None if it has none."""
    step = next((step for step in part if step["op"] == "all_allies"), None)
    if step is None:
        return None
    return ([figure] if step["self_too"] else []) + _allies(game, figure)


def _targets(game: Game, attacker: Figure, count: int) -> list[Figure]:
    """A character attacks the monsters in the order they act; a monster focuses on the
    characters in initiative order, passing over the invisible (docs/rulings.md)."""
    if isinstance(attacker, Character):
        return list(game.living_monsters()[:count])
    party = sorted((character for character in game.characters
                    if character.alive and "invisible" not in character.conditions),
                   key=lambda character: character.initiative)
    return list(party[:count])


def _suffer(figure: Figure, damage: int) -> int:
    if damage and figure.negate_next_damage:
        figure.negate_next_damage = False
        return 0
    figure.health = max(0, figure.health - damage)
    return damage


def _fell(game: Game, figure: Figure) -> None:
    if figure.health:
        return
    if isinstance(figure, Character):
        figure.exhausted = True
        game.log.emit("exhausted", character=figure.name, why="its hit points are gone")
    else:
        game.log.emit("killed", figure=_label(figure))
        card = game.revealed.get(figure.kind)
        if card is not None and card.on_death is not None:
            game.log.emit("on_death", figure=figure.label, card=card.name)
            with game.log.nested():
                _perform(game, figure, card.on_death, dying=True)


def _heal(figure: Figure, amount: int) -> int:
    healed = min(amount, figure.max_health - figure.health)
    figure.health += healed
    return healed


def _most_hurt(game: Game, figure: Figure, count: int) -> list[Figure]:
    """Whom a heal that is not the figure's own goes to: the `count` most hurt of its side,
    the first of them in its side's order where they are as hurt (the figure, if its side
    has no one living)."""
    return sorted(_side(game, figure),
                  key=lambda member: member.health - member.max_health)[:count] or [figure]


def _label(figure: Figure) -> str:
    return figure.label if isinstance(figure, Monster) else figure.name


# -- the end of a turn and of a round --------------------------------------------------------


def _end_turn(figure: Figure, had: set[str]) -> None:
    """Conditions that change how a figure acts last to the end of its next turn: those it
    `had` as this turn began end now; one it gave itself in this turn lasts to the end of
    the next (docs/rulings.md)."""
    figure.conditions.difference_update(had.intersection(TURN_CONDITIONS))


def _end_round(game: Game) -> None:
    """Round bonuses end: active cards go to the discard pile, shields and retaliation go
    back to the figure's own."""
    for character in game.characters:
        character.discard.extend(character.active)
        character.active.clear()
    for figure in (*game.characters, *(m for kind in game.monsters.values() for m in kind)):
        stats = figure.stats if isinstance(figure, Monster) else {}
        figure.shield, figure.retaliate = stats.get("Shield", 0), stats.get("Retaliate", 0)
        figure.negate_next_damage = False
        figure.attackers_suffer = 0
        if isinstance(figure, Monster):
            figure.summoned = False
    game.log.emit("round_end")
