"""The ucg encounter (seeds/ucg-encountering-the-enemy.txt): declaring an attacker, blocking,
sequences of Immediate effects and Ignite abilities, damage, and where everyone goes after.

Rulings on what the seed leaves open are in docs/rulings.md; comments name them.
"""

from __future__ import annotations

from compiler.runtime.script import ScenarioError
from compiler.runtime.ucg.ability_play import Play
from compiler.runtime.ucg.fight import Fighter, fight, lethal_first, valid_split
from compiler.runtime.ucg.state import Character, Duel, Player


def can_block(attacker: Character, blocker: Character) -> bool:
    """Unstoppable cannot be blocked at all; Swift only by Swift; Swift blocks anyone."""
    if attacker.has("Unstoppable"):
        return False
    return not attacker.has("Swift") or blocker.has("Swift")


def valid_block(attacker: Character, blockers: list[Character]) -> str | None:
    """Why this block is not allowed, or None: one blocker, or one without Assist and then any
    number with Assist, each able to block the attacker."""
    for blocker in blockers:
        if not can_block(attacker, blocker):
            reason = "is Unstoppable" if attacker.has("Unstoppable") else "is Swift"
            return f"{blocker.name} cannot block {attacker.name}, which {reason}"
    if len(blockers) > 1:
        if blockers[0].has("Assist"):
            return "the first of several blockers must be one without Assist"
        if not all(blocker.has("Assist") for blocker in blockers[1:]):
            return "only characters with Assist may join a block"
    return None


class Encounter:
    def __init__(self, duel: Duel, attacker: Character) -> None:
        self.duel = duel
        self.log = duel.log
        self.attacker = attacker
        self.attacking = attacker.owner
        self.defending = duel.opponent(attacker.owner)
        self.blockers: list[Character] = []

    def run(self) -> None:
        attacker = self.attacker
        attacker.attacked = True
        attacker.activated = False
        self._move(attacker, self.attacking.active, self.attacking.encounter)
        self.log.emit("declare", player=self.attacking.name, attacker=attacker.name,
                      combat=attacker.combat)
        with self.log.nested():
            self._steps()
            if not self.duel.over:
                self._finish()

    def _steps(self) -> None:
        self.sequence("after the attacker is declared")
        if self._attacker_gone():
            return
        self._block()
        self.sequence("after blockers are declared")
        if not self._attacker_gone():
            self._damage()

    def _attacker_gone(self) -> bool:
        return self.duel.over or self.attacker not in self.attacking.encounter

    # -- blocking -------------------------------------------------------------------

    def _block(self) -> None:
        able = [blocker for blocker in self.defending.active if can_block(self.attacker, blocker)]
        chosen = self.duel.policy.blockers(self, list(self.defending.active)) if able else []
        reason = valid_block(self.attacker, chosen)
        if reason is not None:
            raise ScenarioError(f"the block {[c.name for c in chosen]} is not allowed: {reason}")
        for blocker in chosen:
            self._move(blocker, self.defending.active, self.defending.encounter)
        self.blockers = chosen
        if chosen:
            self.log.emit("block", player=self.defending.name, blockers=[c.name for c in chosen])
        else:
            self.log.emit("unblocked", player=self.defending.name)

    # -- sequences --------------------------------------------------------------------

    def sequence(self, when: str) -> None:
        """The turn's owner first, each player adds a play or passes; when both pass in a row,
        the plays resolve, the last played first (a ruling).  Each play fills an Effect Zone;
        with none free, a player cannot add to the sequence."""
        chain: list[Play] = []
        player, passes = self.attacking, 0
        while passes < 2 and not self.duel.over:
            play = self.duel.policy.sequence_play(self, player, chain) \
                if player.free_zones > 0 else None
            if play is None:
                passes += 1
            else:
                self._add(play, when)
                chain.append(play)
                passes = 0
            player = self.duel.opponent(player)
        for play in reversed(chain):
            if self.duel.over:
                return
            self.log.emit("resolve", play=play.what, player=play.player.name)
            with self.log.nested():
                play.ability.run(play)

    def _add(self, play: Play, when: str) -> None:
        player = play.player
        if play.source is None:
            player.hand.remove(play.card)
        else:
            play.source.ignited = True
            play.source.activated = True
        player.zones_used.append(play.card)
        targets = [target.name for target in (play.target_character, play.target_player)
                   if target is not None]
        self.log.emit("play", player=player.name, play=play.what, when=when, targets=targets,
                      zones=player.free_zones)

    def plays_for(self, player: Player) -> list[Play]:
        """What `player` could add to a sequence now, before choosing targets."""
        if player.free_zones <= 0:
            return []
        plays = [Play(self.duel, player, card, ability)
                 for card in player.hand if not card.is_character
                 for ability in card.abilities]
        plays += [Play(self.duel, player, character.card, ability, source=character)
                  for character in [*player.active, *player.encounter] if not character.ignited
                  for ability in character.card.abilities]
        return plays

    # -- damage -----------------------------------------------------------------------

    def _damage(self) -> None:
        attacker = self.attacker
        if not self.blockers:
            self.log.emit("unopposed", attacker=attacker.name, amount=attacker.combat)
            self.duel.mill(self.defending, attacker.combat, f"{attacker.name} attacked unopposed")
            return
        fighters = [self._fighter(attacker), *map(self._fighter, self.blockers)]
        everyone = [attacker, *self.blockers]
        strikes = fight(fighters[0], fighters[1:], self._assign)
        for step in (1, 2):
            for strike in (strike for strike in strikes if strike.step == step):
                source = everyone[strike.source]
                if strike.target is None:
                    self.log.emit("overpower", attacker=source.name, amount=strike.amount)
                    self.duel.mill(self.defending, strike.amount, f"{source.name}'s Overpower")
                    continue
                target = everyone[strike.target]
                target.damage += strike.amount
                self.log.emit("strike", step="first" if step == 1 else "then",
                              source=source.name, target=target.name, amount=strike.amount,
                              damage=target.damage, combat=target.combat)
            for character in everyone:
                if character.slain and character in character.owner.encounter:
                    self.duel.slay(character)
            if self.duel.over:
                return

    def _fighter(self, character: Character) -> Fighter:
        return Fighter(character.combat, character.damage, character.card.keywords)

    def _assign(self, damage: int, living: list[tuple[int, int]]) -> tuple[dict[int, int], int]:
        """The attacker's player splits its damage when more than one blocker stands."""
        overpower = self.attacker.has("Overpower")
        split = self.duel.policy.assignment(self, damage, living) if len(living) > 1 else None
        if split is None:
            return lethal_first(damage, living, overpower)
        if not valid_split(damage, living, *split, overpower):
            raise ScenarioError(f"the scripted split of {self.attacker.name}'s {damage} damage "
                                "is not allowed")
        return split

    # -- after ------------------------------------------------------------------------

    def _finish(self) -> None:
        """A surviving attacker goes to the Exhausted Zone, or with Cunning and no ability
        activated back to the Active Zone; surviving blockers return to the Active Zone."""
        attacker = self.attacker
        if attacker in self.attacking.encounter:
            cunning = attacker.has("Cunning") and not attacker.activated
            zone = self.attacking.active if cunning else self.attacking.exhausted
            self._move(attacker, self.attacking.encounter, zone)
            self.log.emit("after", character=attacker.name,
                          zone="the Active Zone (Cunning)" if cunning else "the Exhausted Zone")
        for blocker in self.blockers:
            if blocker in self.defending.encounter:
                self._move(blocker, self.defending.encounter, self.defending.active)
                self.log.emit("after", character=blocker.name, zone="the Active Zone")

    @staticmethod
    def _move(character: Character, source: list[Character], target: list[Character]) -> None:
        source.remove(character)
        target.append(character)
