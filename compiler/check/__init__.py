"""Semantic checks: what the grammar cannot see, such as whether a word names something the
card's game has, or whether a summoned card exists.

Rules every game shares live in `shared`; each game has a module of its own
whose `check_card` the game registry names.  Checks read the AST and return
diagnostics; they never change a card.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from compiler import ast
from compiler.check import shared
from compiler.diagnostics import Diagnostic

# The cards a build can see by name, for references between cards.  A card that
# could not be read is present with None, so that naming it is not an error too.
Pool = Mapping[str, ast.Card | None]
CardChecker = Callable[[ast.Card, Pool], list[Diagnostic]]


def check_cards(cards: Sequence[ast.Card], pool: Pool, check_card: CardChecker
                ) -> list[list[Diagnostic]]:
    """The diagnostics of each of `cards` (one game's, whose checker is `check_card`), in
    their order.  Of two cards with one name, the second is in error."""
    first_by_name: dict[str, ast.Card] = {}
    results = []
    for card in cards:
        diagnostics = []
        first = first_by_name.setdefault(card.name.casefold(), card)
        if first is not card:
            diagnostics.append(shared.duplicate_name(card, first))
        diagnostics.extend(shared.check_card(card))
        diagnostics.extend(check_card(card, pool))
        results.append(diagnostics)
    return results
