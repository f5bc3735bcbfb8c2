"""Semantic checks: what the grammar cannot see, such as whether a word names something the
card's game has, or whether a summoned card exists.

Rules every game shares live in `shared`; each game has a module of its own
whose `check_card` the game registry names.  Checks read the AST and return
diagnostics; they never change a card.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from compiler import ast
from compiler.check import shared
from compiler.diagnostics import Diagnostic


@dataclass(frozen=True)
class Pool:
    """What one game's checks may know of the other cards of a build, indexed once.
    A card that could not be read is there as None, so that naming it is not an error too."""

    cards: Mapping[str, ast.Card | None]
    names: Mapping[str, str]  # how text may name each card, folded -> its name
    traits: frozenset[str]  # every trait a card of the pool has, folded

    @classmethod
    def of(cls, cards: Iterable[ast.Card], broken: Iterable[str] = ()) -> Pool:
        by_name: dict[str, ast.Card | None] = dict.fromkeys(broken)
        traits: set[str] = set()
        for card in cards:
            by_name[card.name] = card
            traits.update(word.text.casefold() for word in card.value("Traits", ()))
        return cls(by_name, shared.card_names(by_name), frozenset(traits))


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
