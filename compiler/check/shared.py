"""Checks that hold in every game: names are unique, a card naming itself uses its own name,
and a word is one the game knows."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from compiler import ast
from compiler.diagnostics import Diagnostic, Severity, did_you_mean, error

if TYPE_CHECKING:
    from compiler.check import CardFacts, Pool


# The most of anything a card may count (cards, standees, monsters, dice): printed cards
# count a few, and a count past this is a slip of the keyboard, which a check passed would
# have the runtime make or roll by the million, one by one (a `play` that never ends).
MOST_COUNTED = 100


class CardCheck:
    """What each game's check of a card is built on: the card, the pool of the other cards,
    what was found, and a way to report a node where it stands (`ast.Card.where`), since the
    checks look through the card's shared sentences (`ast.Reading`)."""

    GAME: ClassVar[str]
    TYPES: ClassVar[tuple[str, ...]]  # the game's card types

    def __init__(self, card: ast.Card, pool: Pool) -> None:
        self.card = card
        self.pool = pool
        self.diagnostics: list[Diagnostic] = []

    @classmethod
    def check_card(cls, card: ast.Card, pool: Pool) -> list[Diagnostic]:
        """The game's diagnostics of one card: of a type the game does not have, that alone
        (CW200), since what else it may say depends on its type."""
        checker = cls(card, pool)
        if card.type in cls.TYPES:
            checker.run()
        else:
            checker.unknown("CW200", card.value("Type"), f"{a_game(cls.GAME)} card type",
                            cls.TYPES)
        return checker.diagnostics

    def run(self) -> None:
        """The game's checks of a card of one of its types, into `diagnostics`."""
        raise NotImplementedError

    def report(self, code: str, at: ast.Node | ast.Span, message: str,
               hint: str | None = None, severity: Severity = Severity.ERROR) -> None:
        span = at if isinstance(at, ast.Span) else self.card.where(at)
        self.diagnostics.append(Diagnostic(code, severity, span, message, hint))

    def unknown(self, code: str, word: ast.Word, what: str, known_words: Iterable[str]) -> None:
        """Report `word` as not one of `known_words` (see `unknown_word`)."""
        self.diagnostics.append(unknown_word(code, word, what, known_words,
                                             self.card.where(word)))

    def counts_too_many(self, at: ast.Node, count: int) -> bool:
        """Report (CW209) and say whether `count`, a number of things the runtime makes or
        rolls one by one (cards, standees, monsters, dice), is past MOST_COUNTED."""
        if count <= MOST_COUNTED:
            return False
        self.report("CW209", at, f"{count} is more than a card may count",
                    f"the most a card counts is {MOST_COUNTED}: is a digit too many?")
        return True

    def monster_named(self, at: ast.Node, name: str, cannot: str) -> None:
        """`name` must be a Monster card of the pool (CW207 if none is so named, CW204 if the
        card is of another type, `cannot` saying what such a card cannot be)."""
        found = ast.name_in(self.pool.names, name)
        if found is None:
            self.report("CW207", at, f"no card is named '{name}'",
                        did_you_mean(name, self.pool.types))
        elif self.pool.types[found] not in (None, "Monster"):
            self.report("CW204", at, f"'{name}' is a {self.pool.types[found]}, {cannot}",
                        "name a Monster card")


def duplicate_name(card: CardFacts, first: CardFacts) -> Diagnostic:
    return error("CW208", card.name_span, f"another card is already named '{card.name}'",
                 f"the first is at {first.span}; give each card its own name")


class ByKind(dict[type, Any]):
    """What a check does with each kind of node, by the node's class or, for a class derived
    from one, by the nearest it derives from (found once for each class met), or `default`
    for any other: one lookup for each node a check meets, where a chain of isinstance tests
    ran."""

    def __init__(self, by_class: Mapping[type, Any], default: Any) -> None:
        super().__init__(by_class)
        self._default = default

    def __missing__(self, kind: type) -> Any:
        found = self[kind] = next((self[base] for base in kind.__mro__[1:] if base in self),
                                  self._default)
        return found


def check_card(card: ast.Card, nouns: tuple[str, ...] = (), figures: tuple[str, ...] = ()
               ) -> list[Diagnostic]:
    """A card that names itself (`Goblin Raider is immune to ...`) must use its own name (the
    grammar reads a leading `The` as an article, so `The Baykok` may call itself that), the
    first or last words of it (`Grayst` for Grayst Sevilla, `the Elemental` for Elder Earth
    Elemental, as printed cards shorten their names), or its type (`the barrier`), or one of
    the game's other `nouns` for it (a pacg henchman is `the barrier` or `this monster`); and
    `this <noun>` must name its own type or one of those nouns.  A card may also call itself by the
    names of the `figures` it stands for, and their first or last words (a gloomhaven
    Monster Ability, by its monster's: `Cultist` for the Cultist (FC99) deck)."""
    # Each once: a sentence's nodes may keep what it mentions (ast.Sentence.mentions).
    refs = list({id(node): node for node in card.rules_nodes
                 if isinstance(node, ast.SelfRef)}.values())
    if not refs:
        return []
    names = {*card_names([card.name, *figures]), card.type.casefold(), *nouns,
             *(short for name in (card.name, *figures) for short in _shortened(name))}
    diagnostics = []
    for node in refs:
        if node.name is not None and ast.name_key(node.name) not in names:
            diagnostics.append(error(
                "CW206", card.where(node),
                f"'{node.name}' is not this card's name ('{card.name}')",
                "call the card by its own name, or write 'this card'" if not
                node.name.islower() else "these words read only as a name the card calls "
                "itself by: if they are not meant as one, this wording is not one cardwright "
                "reads; if they are, call the card by its own name"))
        elif node.noun not in (None, "card", card.type.casefold(), *nouns):
            diagnostics.append(error(
                "CW206", card.where(node),
                f"'this {node.noun}' does not name this {card.type}",
                f"write 'this card' or 'this {card.type.lower()}'"))
    return diagnostics


def _shortened(name: str) -> set[str]:
    """The whole-word beginnings and ends of a name, folded, without a leading `the`; of a
    name that ends in a qualifier in brackets (`Cultist (89)`), the name without it too, and
    its beginnings and ends."""
    words = ast.name_key(name).removeprefix("the ").split()
    found = {" ".join(words[:end]) for end in range(1, len(words))} | \
        {" ".join(words[start:]) for start in range(1, len(words))}
    if name.endswith(")"):
        bare = _QUALIFIER.sub("", name)
        found |= {ast.name_key(bare).removeprefix("the "), *_shortened(bare)}
    return found


_QUALIFIER = re.compile(r"\s*\([^()]*\)$")


def card_names(names: Iterable[str]) -> dict[str, str]:
    """How text may name each card, folded, to the card's own name: `Bandit` for the Bandit,
    and `Baykok` as well as `The Baykok` for The Baykok, since the grammar reads a leading
    `the` as an article."""
    lookup = {}
    for name in names:
        key = ast.name_key(name)
        lookup.setdefault(key.removeprefix("the "), name)
        lookup[key] = name
    return lookup


def header_fields(card: ast.Card, game: str, allowed: Iterable[str],
                  required: Iterable[str]) -> list[Diagnostic]:
    """A field the card's type does not take (CW201) and a field it must have (CW106)."""
    allowed = tuple(allowed)
    diagnostics = [error("CW201", item.span,
                         f"{a_game(game)} {card.type} card has no '{item.name}' field",
                         f"its fields are {', '.join(allowed)}")
                   for item in card.headers if item.name not in allowed]
    diagnostics += [error("CW106", name_span(card),
                          f"{a_game(game)} {card.type} card needs a '{name}' field",
                          f"add a line '{name}: ...' to its headers")
                    for name in required if card.field(name) is None]
    return diagnostics


def a_game(game: str) -> str:
    """`a pacg`, `an ose`: the game's id with its article, as messages name the game."""
    return f"{'an' if game[0] in 'aeiou' else 'a'} {game}"


def name_span(card: ast.Card) -> ast.Span:
    """Where the card's name is written, for diagnostics about the card as a whole."""
    item = card.field("Name")
    return item.span if item is not None else card.span


def unknown_word(code: str, word: ast.Word, what: str, known: Iterable[str],
                 at: ast.Span) -> Diagnostic:
    """`'Dexterty' is not a pacg skill`, with the nearest known word as a hint (or, when none
    is near and they are few, all of them), reported at `at`, where the word stands."""
    known = list(known)
    hint = did_you_mean(word.text, known)
    if hint is None and len(known) <= 8:
        hint = f"it may be {', '.join(known[:-1])} or {known[-1]}" if len(known) > 1 \
            else f"it may only be {known[0]}"
    return error(code, at, f"'{word.text}' is not {what}", hint)


def known(word: ast.Word | str, words: Iterable[str]) -> bool:
    """Whether `word` is one of `words`, ignoring case."""
    return (word if isinstance(word, str) else word.text).casefold() in _folded(tuple(words))


@lru_cache(maxsize=64)
def _folded(words: tuple[str, ...]) -> frozenset[str]:
    """`words` folded: the checks ask of the same few lists (a game's skills, its stats) for
    nearly every card."""
    return frozenset(word.casefold() for word in words)
