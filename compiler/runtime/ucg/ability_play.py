"""A play of an ability: an Effect card's Immediate text or a character's Ignite ability, with
the targets chosen for it, and the operations its generated code calls."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from compiler.runtime.ucg.cards import Ability, CardDef
from compiler.runtime.ucg.state import Character, Player

if TYPE_CHECKING:
    from compiler.runtime.ucg.state import Duel


@dataclass
class Play:
    duel: Duel
    player: Player  # who plays it
    card: CardDef  # the Effect card, or the character whose ability it is
    ability: Ability
    source: Character | None = None  # the igniting character
    target_character: Character | None = None
    target_player: Player | None = None

    @property
    def what(self) -> str:
        return f"{self.card.name} ({self.ability.label})"

    def _missing(self, target: Character | None) -> bool:
        """Whether a character target is missing, said in the log if it is."""
        if target is None:
            self.duel.log.emit("fizzles", play=self.what, why="there was no character to target")
            return True
        if target not in target.owner.in_play():
            self.duel.log.emit("fizzles", play=self.what, why=f"{target.name} has left play")
            return True
        return False

    def damage_character(self, target: Character | None, amount: int) -> None:
        if self._missing(target):
            return
        target.damage += amount
        self.duel.log.emit("damaged", character=target.name, amount=amount, by=self.what,
                           damage=target.damage, combat=target.combat)
        if target.slain:
            self.duel.slay(target)

    def damage_player(self, target: Player | None, amount: int) -> None:
        if target is not None:
            self.duel.mill(target, amount, f"{amount} damage from {self.what}")

    def change_combat(self, target: Character | None, amount: int) -> None:
        if self._missing(target):
            return
        target.bonus += amount
        self.duel.log.emit("combat_changed", character=target.name, amount=f"{amount:+d}",
                           combat=target.combat, by=self.what)
        if target.slain:
            self.duel.slay(target)
