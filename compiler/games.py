"""The registry of games: one line a game, naming its checker and its runtime.

A game's grammar is grammar/<id>.lark, its Python template
backends/templates/<id>.py.j2, its cards cards/<id>/ and its scenarios
scenarios/<id>/; those are found by the id.  Nothing else in the compiler
branches on which game a card belongs to.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from compiler.check import CardChecker, gloomhaven, ose, pacg, random_encounters, ucg

# A runtime's trial of one card: (its cards by name, the card's name, seed, keep the log) ->
# the log of the card played on its own; raises what stops the runtime.
Trial = Callable[..., Any]


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    check_card: CardChecker
    notes: Callable[[str], Mapping[str, str]]  # card type -> what `explain` adds about it
    runtime: str  # what generated code imports; its `play` runs a scenario, its ScenarioError
    # card type -> the other nouns by which such a card calls itself (`this monster`)
    self_nouns: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # card type -> the field naming the figure such a card stands for, whose name the card
    # may call itself by (a gloomhaven Monster Ability: `Cultist suffers 2 damage`)
    self_fields: Mapping[str, str] = field(default_factory=dict)

    def trial(self) -> Trial:
        """The runtime's trial of one card (its `trial` module): what `coverage` counts as
        a card run, and `play` of a card file shows."""
        return importlib.import_module(f"{self.runtime}.trial").trial


GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        Game("pacg", "Pathfinder Adventure Card Game", pacg.check_card, pacg.notes,
             "compiler.runtime.pacg", pacg.SELF_NOUNS),
        Game("ucg", "Universal Card Game", ucg.check_card, ucg.notes,
             "compiler.runtime.ucg"),
        Game("random-encounters", "Random Encounters", random_encounters.check_card,
             random_encounters.notes, "compiler.runtime.random_encounters"),
        Game("ose", "Old-School Essentials", ose.check_card, ose.notes, "compiler.runtime.ose"),
        Game("gloomhaven", "Gloomhaven", gloomhaven.check_card, gloomhaven.notes,
             "compiler.runtime.gloomhaven", self_fields=gloomhaven.SELF_FIELDS),
    )
}
