"""The characters' choices in a round of Gloomhaven: which two cards to play and which leads,
which card's top action to perform (the other's bottom), and whether to perform a half as
the basic Attack 2 or Move 2.  A scenario's script may fix each (`play`: [leading card,
other card]; `top`: the card whose top is performed; `basic`: `top`, `bottom`, `both` or
`none`), a character's turn after another in initiative order; otherwise the defaults below
decide."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.runtime.gloomhaven.cards import CardDef
from compiler.runtime.gloomhaven.state import Character
from compiler.runtime.script import NAMES, Choice, ScenarioError, Script, Words

BASIC_HALVES = {"none": (), "top": ("top",), "bottom": ("bottom",), "both": ("top", "bottom")}
CHOICES = {"play": Choice("the two cards a character plays, the leading one first", NAMES),
           "top": Choice("the card whose top action is performed"),
           "basic": Choice("the halves performed as Attack 2 or Move 2",
                           Words(tuple(BASIC_HALVES)))}


class Policy:
    def __init__(self, script: Mapping[str, Sequence[Any]] | None) -> None:
        self.script = Script(script, CHOICES)

    def cards(self, character: Character) -> tuple[CardDef, CardDef]:
        """By default the first two cards of the hand, the one of the lower initiative
        leading (to act early)."""
        named = self.script.next("play")
        if named is not None:
            picked = [_in_hand(character, name) for name in named]
            if len(picked) != 2 or picked[0] is picked[1]:
                raise ScenarioError(f"{character.name} plays two cards, not {named!r}")
            return picked[0], picked[1]
        first, second = character.hand[:2]
        return (first, second) if first.initiative <= second.initiative else (second, first)

    def top_card(self, character: Character, lead: CardDef, other: CardDef) -> CardDef:
        """By default the leading card's top, and the other's bottom."""
        named = self.script.next("top")
        if named is None:
            return lead
        for card in (lead, other):
            if card.name == named:
                return card
        raise ScenarioError(f"{character.name} did not play {named!r} this round")

    def basic_halves(self) -> tuple[str, ...]:
        """By default every half is performed as printed."""
        answer = self.script.next("basic")
        if answer is None:
            return ()
        return BASIC_HALVES[answer]  # a key of it (CHOICES)


def _in_hand(character: Character, name: str) -> CardDef:
    for card in character.hand:
        if card.name == name:
            return card
    raise ScenarioError(f"{name!r} is not in {character.name}'s hand")
