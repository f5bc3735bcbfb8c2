"""The party's choices in an ose encounter: who speaks to the monsters, and how the party
responds to their reaction.  A scenario's script may fix either (`speaker`: a character's
name or `nobody`; `response`: `fight`, `evade` or `parley`); otherwise the defaults below,
which are a cautious party's, decide."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from compiler.runtime.ose.cards import CardDef
from compiler.runtime.script import Choice, ScenarioError, Script, Words

RESPONSES = ("fight", "evade", "parley")
CHOICES = {"speaker": Choice("the character who speaks to the monsters, or nobody"),
           "response": Choice("what the party does", Words(RESPONSES))}
NOBODY = "nobody"
# What the party does by default, by the monsters' reaction: fight monsters that attack, flee
# hostile ones, talk with the rest.
DEFAULT_RESPONSES = {"attacks": "fight", "hostile": "evade"}


class Policy:
    def __init__(self, script: Mapping[str, Sequence[Any]] | None) -> None:
        self.script = Script(script, CHOICES)

    def speaker(self, party: Sequence[CardDef]) -> CardDef | None:
        """By default the character of the highest Charisma speaks (the first of them)."""
        named = self.script.next("speaker")
        if named == NOBODY:
            return None
        if named is not None:
            for card in party:
                if card.name == named:
                    return card
            raise ScenarioError(f"the script's speaker {named!r} is not in the party")
        return max(party, key=lambda card: card.charisma or 0, default=None)

    def response(self, reaction: str) -> str:
        answer = self.script.next("response")
        if answer is None:
            return DEFAULT_RESPONSES.get(reaction, "parley")
        return answer  # one of RESPONSES (CHOICES)
