"""The registry of games: one line a game, naming its checker and its runtime.

A game's grammar is grammar/<id>.lark, its Python template
backends/templates/<id>.py.j2, its cards cards/<id>/ and its scenarios
scenarios/<id>/; those are found by the id.  Nothing else in the compiler
branches on which game a card belongs to.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from compiler.check import CardChecker, pacg, ucg


@dataclass(frozen=True)
class Game:
    id: str
    title: str
    check_card: CardChecker
    check_purpose: Callable[[str], str]  # card type -> what its Check is for, in plain words
    runtime: str  # what generated code imports; its `play` runs a scenario, its ScenarioError


GAMES: dict[str, Game] = {
    game.id: game
    for game in (
        Game("pacg", "Pathfinder Adventure Card Game", pacg.check_card, pacg.check_purpose,
             "compiler.runtime.pacg"),
        Game("ucg", "Universal Card Game", ucg.check_card, ucg.check_purpose,
             "compiler.runtime.ucg"),
    )
}
