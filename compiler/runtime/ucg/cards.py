"""The card definitions that generated ucg modules build."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from compiler.runtime.ucg.ability_play import Play


@dataclass(frozen=True)
class Ability:
    """A character's Ignite ability or an Effect card's Immediate text.  `effects` is its IR,
    which the policy decides by (what it targets, how much it does); `run` performs it."""

    label: str
    effects: Sequence[Mapping[str, Any]]
    run: Callable[[Play], None]

    def targets(self, kind: str) -> bool:
        """Whether the ability needs a target of this kind (target_character, target_player)."""
        return any(effect["target"] == kind for effect in self.effects)


@dataclass(frozen=True, eq=False)
class CardDef:
    name: str
    type: str
    combat: int = 0
    keywords: frozenset[str] = frozenset()
    traits: tuple[str, ...] = ()
    abilities: tuple[Ability, ...] = ()

    @property
    def is_character(self) -> bool:
        return self.type == "Character"
