"""The duellists' choices: a default that foresees each encounter, and answers a scenario
scripts.

The default plays its strongest character, attacks when the defender's best
answer still leaves the attack worth it, blocks to slay attackers cheaply and
to save its deck, and adds a play to a sequence when the foreseen outcome gets
better.  Foresight is the same pure `fight` the engine plays out.  Scripted
answers are taken first, in order, for their kind of choice.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.runtime.script import (
    NAMES,
    TEXT,
    AnyOf,
    Choice,
    MapOf,
    Record,
    ScenarioError,
    Script,
    Whole,
    Words,
)
from compiler.runtime.ucg.ability_play import Play
from compiler.runtime.ucg.cards import CardDef
from compiler.runtime.ucg.combat import Encounter, can_block
from compiler.runtime.ucg.fight import Fighter, fight, lethal_first
from compiler.runtime.ucg.state import Character, Duel, Player

_NONE = ("none", "stop", "pass")
CHOICES = {
    "play": Choice("the character to play from hand this turn, or 'none'"),
    "attack": Choice("the next character to attack with, or 'stop' to end the turn's attacks"),
    "block": Choice("the characters to block with, first the one without Assist, or 'none'",
                    AnyOf((Words(_NONE), NAMES))),
    "assign": Choice("how the attacker splits its damage: {blocker name = amount, deck = "
                     "amount}", MapOf(Whole())),
    "sequence": Choice("the plays to make, in order, as {player, play, target, "
                       "target_player}; with this scripted, players make no other plays",
                       Record({"player": TEXT, "play": TEXT, "target": TEXT,
                              "target_player": TEXT}, required=("player",))),
}
LOSING = 100  # what a foreseen loss of the duel weighs


class Policy:
    def __init__(self, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        self.script = Script(script, CHOICES)

    # -- the turn ----------------------------------------------------------------------

    def character_to_play(self, duel: Duel, player: Player) -> CardDef | None:
        characters = [card for card in player.hand if card.is_character]
        answer = self.script.next("play")
        if answer is not None:
            return None if answer in _NONE else _named(characters, answer, "play")
        return max(characters, key=lambda card: card.combat, default=None)

    def next_attacker(self, duel: Duel, player: Player) -> Character | None:
        ready = [character for character in player.active if not character.attacked]
        answer = self.script.next("attack")
        if answer is not None:
            return None if answer in _NONE else _named(ready, answer, "attack with")
        for attacker in sorted(ready, key=lambda character: -character.combat):
            encounter = Encounter(duel, attacker)
            block = self._best_block(encounter, _blockable(encounter))
            if _attack_value(encounter, block) >= 0:
                return attacker
        return None

    # -- an encounter --------------------------------------------------------------------

    def blockers(self, encounter: Encounter, active: list[Character]) -> list[Character]:
        """Blockers from the defender's Active Zone; the engine checks a scripted block."""
        answer = self.script.next("block")
        if answer is not None:
            return [] if answer in _NONE else [_named(active, name, "block with")
                                                for name in answer]
        return self._best_block(encounter, _blockable(encounter))

    def _best_block(self, encounter: Encounter, candidates: list[Character]) -> list[Character]:
        """The block worth most to the defender: slaying the attacker, losing few blockers,
        keeping the deck; no block when nothing is better."""
        options: list[list[Character]] = [[]]
        assists = [blocker for blocker in candidates if blocker.has("Assist")]
        for first in candidates:
            options.append([first])
            if first.has("Assist"):
                continue
            team = [first]
            for helper in sorted(assists, key=lambda character: -character.combat):
                team = [*team, helper]
                options.append(team)
        return max(options, key=lambda block: (_block_value(encounter, block), -len(block)))

    def assignment(self, encounter: Encounter, damage: int,
                   living: list[tuple[int, int]]) -> tuple[dict[int, int], int] | None:
        answer = self.script.next("assign")
        if answer is None:
            return None
        names = {blocker.name.casefold(): index
                 for index, blocker in enumerate(encounter.blockers, start=1)}
        amounts = {}
        for name, amount in answer.items():
            if name.casefold() == "deck":
                continue
            if name.casefold() not in names:
                raise ScenarioError(f"the scripted split names {name!r}, which is not blocking")
            amounts[names[name.casefold()]] = int(amount)
        return amounts, int(answer.get("deck", 0))

    def sequence_play(self, encounter: Encounter, player: Player, chain: list[Play]
                      ) -> Play | None:
        if "sequence" in self.script:
            return self._scripted_play(encounter, player)
        best, best_gain = None, 0
        for play in encounter.plays_for(player):
            _choose_targets(encounter, play)
            gain = _play_value(encounter, play)
            if gain > best_gain:
                best, best_gain = play, gain
        return best

    def _scripted_play(self, encounter: Encounter, player: Player) -> Play | None:
        upcoming = self.script.peek("sequence")
        if upcoming is None or \
                str(upcoming.get("player", "")).casefold() != player.name.casefold():
            return None
        answer = self.script.next("sequence")
        if answer.get("play", "pass") in _NONE:
            return None
        plays = [play for play in encounter.plays_for(player)
                 if play.card.name.casefold() == str(answer["play"]).casefold()]
        if not plays:
            raise ScenarioError(f"the script plays {answer['play']!r} for {player.name}, who "
                                "cannot play it now (no such card or ability, or no free "
                                "Effect Zone)")
        play = plays[0]
        _choose_targets(encounter, play)  # unless the script names them
        duel = encounter.duel
        if "target" in answer:
            everyone = [c for someone in duel.players for c in someone.in_play()]
            play.target_character = _named(everyone, answer["target"], "target")
        if "target_player" in answer:
            play.target_player = _named(duel.players, answer["target_player"], "target")
        return play


# -- foresight ----------------------------------------------------------------------------


def _blockable(encounter: Encounter) -> list[Character]:
    return [blocker for blocker in encounter.defending.active
            if can_block(encounter.attacker, blocker)]


def _outcome(encounter: Encounter, blockers: list[Character],
             changes: Mapping[Character, tuple[int, int]] | None = None) -> tuple[bool, int, int]:
    """(attacker slain, blockers slain, damage to the defender's deck), foreseen with the
    default split; `changes` adds (damage, Combat) to characters first."""
    changes = changes or {}

    def fighter(character: Character) -> Fighter:
        extra_damage, extra_combat = changes.get(character, (0, 0))
        return Fighter(max(0, character.combat + extra_combat), character.damage + extra_damage,
                       character.card.keywords)

    attacker = fighter(encounter.attacker)
    if attacker.damage >= attacker.combat:
        return True, 0, 0
    team = [fighter(blocker) for blocker in blockers]
    alive = [one for one in team if one.damage < one.combat]
    if not blockers:
        return False, 0, attacker.combat
    overpower = encounter.attacker.has("Overpower")
    strikes = fight(attacker, alive, lambda damage, living: lethal_first(damage, living,
                                                                         overpower))
    taken = [0] * (len(alive) + 1)
    to_deck = 0
    for strike in strikes:
        if strike.target is None:
            to_deck += strike.amount
        else:
            taken[strike.target] += strike.amount
    fighters = [attacker, *alive]
    slain = [fighters[index].damage + taken[index] >= fighters[index].combat
             for index in range(len(fighters))]
    return slain[0], sum(slain[1:]) + len(team) - len(alive), to_deck


def _deck_cost(player: Player, damage: int) -> int:
    return LOSING if damage > len(player.deck) else damage


def _block_value(encounter: Encounter, blockers: list[Character],
                 changes: Mapping[Character, tuple[int, int]] | None = None) -> int:
    """What the outcome is worth to the defender."""
    attacker_slain, lost, deck = _outcome(encounter, blockers, changes)
    return 3 * attacker_slain - 2 * lost - _deck_cost(encounter.defending, deck)


def _attack_value(encounter: Encounter, blockers: list[Character],
                  changes: Mapping[Character, tuple[int, int]] | None = None) -> int:
    """What the outcome is worth to the attacker."""
    attacker_slain, slain, deck = _outcome(encounter, blockers, changes)
    won = LOSING if deck > len(encounter.defending.deck) else deck
    return won + 2 * slain - 3 * attacker_slain


def _choose_targets(encounter: Encounter, play: Play) -> None:
    """Own fighters get bonuses, enemy fighters get damage and penalties; the opponent takes
    damage to the deck."""
    ability = play.ability
    mine = play.player is encounter.attacking
    friends = [encounter.attacker] if mine else list(encounter.blockers)
    enemies = list(encounter.blockers) if mine else [encounter.attacker]
    if ability.targets("target_character"):
        helps = any(effect["op"] == "stat_change" and effect["amount"] > 0
                    for effect in ability.effects if effect["target"] == "target_character")
        pool = friends if helps else enemies
        play.target_character = max(pool, key=lambda character: character.combat, default=None)
    if ability.targets("target_player"):
        play.target_player = encounter.duel.opponent(play.player)


def _play_value(encounter: Encounter, play: Play) -> int:
    """How much better the foreseen outcome is with the play than without, for its player."""
    changes: dict[Character, tuple[int, int]] = {}
    to_player = 0
    for effect in play.ability.effects:
        target = {"target_character": play.target_character, "self": play.source}.get(
            effect["target"])
        if effect["op"] == "damage" and effect["target"] == "target_player":
            to_player += effect["amount"]["plus"]
            continue
        if target is None:
            continue
        damage, combat = changes.get(target, (0, 0))
        if effect["op"] == "damage":
            changes[target] = (damage + effect["amount"]["plus"], combat)
        else:
            changes[target] = (damage, combat + effect["amount"])
    value = _attack_value if play.player is encounter.attacking else _block_value
    gain = value(encounter, encounter.blockers, changes) - value(encounter, encounter.blockers)
    opponent = encounter.duel.opponent(play.player)
    return gain + (_deck_cost(opponent, to_player) if to_player else 0)


def _named(choices: Sequence[Any], name: str, what: str) -> Any:
    for choice in choices:
        if choice.name.casefold() == str(name).casefold():
            return choice
    raise ScenarioError(f"the script says to {what} {name!r}, which is not possible now")

