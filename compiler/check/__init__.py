"""Semantic checks: what the grammar cannot see, such as whether a word names something the
card's game has, or whether a summoned card exists.

Rules every game shares live in `shared`; each game has a module of its own
whose `check_card` the game registry names.  Checks read the AST and return
diagnostics; they never change a card.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, NamedTuple

from compiler import ast
from compiler.check import shared
from compiler.diagnostics import Diagnostic


class CardFacts(NamedTuple):
    """What the checks of other cards may know of a card: enough to name it, summon it and
    share its traits, and small enough to cache and to send between processes.  A named
    tuple, as ast.Span is: a build makes one for every card of the pool from the cache, and
    a tuple is made in a fraction of a frozen dataclass's time."""

    name: str
    type: str
    traits: tuple[str, ...]  # folded
    span: ast.Span  # the whole card
    name_span: ast.Span

    @classmethod
    def of(cls, card: ast.Card) -> CardFacts:
        return cls(card.name, card.type,
                   tuple(word.text.casefold() for word in card.value("Traits", ())),
                   card.span, shared.name_span(card))


@dataclass(frozen=True)
class Pool:
    """What one game's checks may know of the other cards of a build, indexed once.
    A card that could not be read is there with no type, so that naming it is not an error
    too."""

    types: Mapping[str, str | None]  # each card's name -> its type
    names: Mapping[str, str]  # how text may name each card, folded -> its name
    traits: frozenset[str]  # every trait a card of the pool has, folded

    @classmethod
    def of(cls, cards: Iterable[CardFacts], broken: Iterable[str] = ()) -> Pool:
        types: dict[str, str | None] = dict.fromkeys(broken)
        traits: set[str] = set()
        for card in cards:
            types[card.name] = card.type
            traits.update(card.traits)
        return cls.from_data([types, traits])

    def to_data(self) -> list[Any]:
        """Plain data, for the cache: `Pool.from_data` makes the pool again."""
        return [self.types, sorted(self.traits)]

    @classmethod
    def from_data(cls, data: list[Any]) -> Pool:
        types, traits = data
        return cls(types, shared.card_names(types), frozenset(traits))

    @cached_property
    def fingerprint(self) -> str:
        """A hash of all the pool says: a card's checks and module can change only when it
        changes."""
        text = repr((sorted(self.types.items(), key=lambda item: (item[0], item[1] or "")),
                     sorted(self.traits)))
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


CardChecker = Callable[[ast.Card, Pool], list[Diagnostic]]


def check_card(card: ast.Card, pool: Pool, game_check: CardChecker,
               self_nouns: Mapping[str, tuple[str, ...]] | None = None,
               self_fields: Mapping[str, str] | None = None) -> list[Diagnostic]:
    """The diagnostics of one card: the rules every game shares, then its game's.
    `self_nouns` are the game's other words by which a card of a type calls itself;
    `self_fields` name the field of a type whose value names it too (games.Game)."""
    nouns = (self_nouns or {}).get(card.type, ())
    field_name = (self_fields or {}).get(card.type)
    figure = card.value(field_name) if field_name else None
    return [*shared.check_card(card, nouns, () if figure is None else (str(figure),)),
            *game_check(card, pool)]


def duplicate_names(cards: Iterable[CardFacts]) -> dict[int, Diagnostic]:
    """Of two cards of one game with one name, the second is in error: its diagnostic, by
    its place in `cards`."""
    first_by_name: dict[str, CardFacts] = {}
    found = {}
    for index, card in enumerate(cards):
        first = first_by_name.setdefault(ast.name_key(card.name), card)
        if first is not card:
            found[index] = shared.duplicate_name(card, first)
    return found
