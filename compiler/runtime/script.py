"""What the scenarios of every game share: the error of a scenario that cannot be played as
written, the shapes its values must have, and the script that fixes a scripted scenario's
choices.

A scenario is TOML a designer writes by hand.  Each game checks it against the game's shape
of it before it sets the game up: a value of the wrong kind (`health = "ten"`, `normal = 1`
for a list of standees, a number where a script's answer names a card) is a ScenarioError
that says where it stands and what it must be, rather than a Python error in the middle of
a game.  Past the check, a runtime may take each value as the kind its shape says; what a
value means (a card's name that must be in the box) is still the runtime's to check.

A script lists, for each kind of choice, the answers to give in order; a choice whose
answers have run out falls back to the game's default policy.  A script that names a choice
the game does not have is an error, so that a typo cannot silently leave a choice unscripted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from compiler.runtime.spelling import nearest


class ScenarioError(Exception):
    """A game that cannot be set up or played as written (not a rule of the game)."""


def either(words: Sequence[str]) -> str:
    """`a, b or c`, as a message lists what a value may be."""
    return f"{', '.join(words[:-1])} or {words[-1]}" if len(words) > 1 else "".join(words)


class Shape:
    """What a value must be; `said` says it, in the message of a value that is not."""

    said = "a value"

    def check(self, value: Any, where: str) -> None:
        """Raise a ScenarioError if `value`, at `where` (`characters[0].health`), is not of
        this shape."""
        if not self.fits(value):
            raise ScenarioError(f"{_place(where)} must be {self.said}, not {value!r}")

    def fits(self, value: Any) -> bool:
        return True


class Text(Shape):
    said = "a text"

    def fits(self, value: Any) -> bool:
        return isinstance(value, str)


class Flag(Shape):
    said = "true or false"

    def fits(self, value: Any) -> bool:
        return isinstance(value, bool)


@dataclass(frozen=True)
class Whole(Shape):
    least: int = 0

    @property
    def said(self) -> str:  # type: ignore[override]
        return f"a whole number of at least {self.least}"

    def fits(self, value: Any) -> bool:
        # TOML's true and false are Python's bools, which are ints too.
        return isinstance(value, int) and not isinstance(value, bool) and value >= self.least


@dataclass(frozen=True)
class Words(Shape):
    """One of a few words (or numbers): `'top'` or `'bottom'`."""

    words: tuple[str | int, ...]

    @property
    def said(self) -> str:  # type: ignore[override]
        quoted = [repr(word) for word in self.words]
        return either(quoted) if len(quoted) < 3 else f"one of {either(quoted)}"

    def fits(self, value: Any) -> bool:
        return not isinstance(value, bool) and value in self.words  # true == 1 in Python


@dataclass(frozen=True)
class AnyOf(Shape):
    """One of several shapes: `'none'` or a list of names."""

    shapes: tuple[Shape, ...]

    @property
    def said(self) -> str:  # type: ignore[override]
        return " or ".join(shape.said for shape in self.shapes)

    def check(self, value: Any, where: str) -> None:
        for shape in self.shapes:
            try:
                shape.check(value, where)
            except ScenarioError:
                continue
            return
        raise ScenarioError(f"{_place(where)} must be {self.said}, not {value!r}")


@dataclass(frozen=True)
class ListOf(Shape):
    """A list of `least` items or more, each of one shape."""

    item: Shape
    least: int = 0

    @property
    def said(self) -> str:  # type: ignore[override]
        return f"a list of at least {self.least}" if self.least else "a list"

    def check(self, value: Any, where: str) -> None:
        super().check(value, where)
        for index, item in enumerate(value):
            self.item.check(item, f"{where}[{index}]")

    def fits(self, value: Any) -> bool:
        return isinstance(value, list) and len(value) >= self.least


@dataclass(frozen=True)
class MapOf(Shape):
    """A table whose keys are names the scenario chooses (a hero's, a blocker's), each
    value of one shape."""

    value: Shape

    said = "a table"

    def check(self, value: Any, where: str) -> None:
        super().check(value, where)
        for key, item in value.items():
            self.value.check(item, _key(where, key))

    def fits(self, value: Any) -> bool:
        return isinstance(value, Mapping)


@dataclass(frozen=True)
class Record(Shape):
    """A table of known keys, each of its own shape, `required` ones among them; a key it
    does not know is an error, so that a misspelt one is not quietly left out.  `noun` is
    what its keys are called in a message (`key`, or a script's `choice`)."""

    keys: Mapping[str, Shape]
    required: tuple[str, ...] = ()
    noun: str = "key"

    said = "a table"

    def check(self, value: Any, where: str) -> None:
        super().check(value, where)
        unknown = sorted(set(value) - set(self.keys), key=str)
        if unknown:
            raise ScenarioError(f"{_place(where)} has no {self.noun} {unknown[0]!r}; the "
                                f"{self.noun}s are {', '.join(self.keys)}")
        for key in self.required:
            if key not in value:
                raise ScenarioError(f"{_place(where)} has no {key!r}")
        for key, item in value.items():
            self.keys[key].check(item, _key(where, key))

    def fits(self, value: Any) -> bool:
        return isinstance(value, Mapping)


def _key(where: str, key: Any) -> str:
    return f"{where}.{key}" if where else str(key)


def _place(where: str) -> str:
    """How a message names the value at `where`: the scenario itself, or its path."""
    return f"'{where}'" if where else "the scenario"


TEXT, FLAG, NAMES = Text(), Flag(), ListOf(Text())
# A scenario's `script`, which Script checks against the game's choices as the game is set up.
SCRIPT = Shape()


class _Card(Protocol):
    name: str
    type: str


CardT = TypeVar("CardT", bound=_Card)


def no_card_named(name: Any, names: Iterable[str], where: str = "") -> ScenarioError:
    """The error of a scenario that names a card not in its game's pool (`where`: ` in the
    box`), with the name nearest to it: `'Bog Lurkr'` is a typo more often than not."""
    near = nearest(str(name), names)
    hint = f"; did you mean {near!r}?" if near else ""
    return ScenarioError(f"no card named {name!r}{where}{hint}")


def card_of(cards: Mapping[str, CardT], name: Any, card_type: str) -> CardT:
    """The card a scenario names, which must be of `card_type`."""
    card = cards.get(name) if isinstance(name, str) else None
    if card is None:
        raise no_card_named(name, cards)
    if card.type != card_type:
        raise ScenarioError(f"{card.name} is of type {card.type}, not {card_type}")
    return card


def card_named(cards: Mapping[str, CardT], name: str) -> CardT:
    """The card `name` among `cards`, whatever its case: the card a trial plays, named by a
    designer (`play cards/x.card::bog lurker`) or by `coverage`."""
    return next(card for key, card in cards.items() if key.casefold() == name.casefold())


@dataclass(frozen=True)
class Choice:
    """A kind of choice a script may make: what its answers mean, and their shape."""

    meaning: str
    answer: Shape = TEXT


class Script:
    def __init__(self, answers: Mapping[str, Sequence[Any]] | None,
                 choices: Mapping[str, Choice]) -> None:
        """`choices` are the kinds of choice the game has; `answers`, a scenario's
        `script`, lists the answers to each (checked against the choice's shape)."""
        Record({kind: ListOf(choice.answer) for kind, choice in choices.items()},
               noun="choice").check(answers or {}, "script")
        self._answers = {kind: list(given) for kind, given in (answers or {}).items()}

    def __contains__(self, kind: str) -> bool:
        """Whether the script gives answers of this kind at all (even if all are used)."""
        return kind in self._answers

    def peek(self, kind: str) -> Any:
        """The next answer of this kind, left for `next`; None when there is none."""
        answers = self._answers.get(kind)
        return answers[0] if answers else None

    def next(self, kind: str) -> Any:
        """The next answer of this kind, used up; None when there is none."""
        answers = self._answers.get(kind)
        return answers.pop(0) if answers else None
