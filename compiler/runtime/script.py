"""What the scenarios of every game share: the error of a scenario that cannot be played as
written, and the script that fixes a scripted scenario's choices.

A script lists, for each kind of choice, the answers to give in order; a choice whose
answers have run out falls back to the game's default policy.  A script that names a choice
the game does not have is an error, so that a typo cannot silently leave a choice unscripted.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar


class ScenarioError(Exception):
    """A game that cannot be set up or played as written (not a rule of the game)."""


def known_keys(entry: Any, known: tuple[str, ...], what: str) -> None:
    """A table of a scenario (`what`: `the scenario`, `a player`) must have no key but
    `known`, so that a misspelt key is not quietly left out."""
    if not isinstance(entry, Mapping):
        raise ScenarioError(f"{what} must be a table")
    unknown = sorted(set(entry) - set(known))
    if unknown:
        raise ScenarioError(f"{what} has no key {unknown[0]!r}; the keys are {', '.join(known)}")


class _Card(Protocol):
    name: str
    type: str


CardT = TypeVar("CardT", bound=_Card)


def card_of(cards: Mapping[str, CardT], name: Any, card_type: str) -> CardT:
    """The card a scenario names, which must be of `card_type`."""
    card = cards.get(name) if isinstance(name, str) else None
    if card is None:
        raise ScenarioError(f"no card is named {name!r}")
    if card.type != card_type:
        raise ScenarioError(f"{card.name} is of type {card.type}, not {card_type}")
    return card


class Script:
    def __init__(self, answers: Mapping[str, Sequence[Any]] | None,
                 choices: Mapping[str, str]) -> None:
        """`choices` maps each kind of choice the game has to what its answers mean."""
        self._answers = {kind: list(given) for kind, given in (answers or {}).items()}
        unknown = sorted(set(self._answers) - set(choices))
        if unknown:
            raise ScenarioError(f"the script has no choice named {unknown[0]!r}; the choices "
                                f"are {', '.join(choices)}")

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
