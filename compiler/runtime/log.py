"""The event log of a played game: what happened, step by step, as data.

Events are dicts with a sequence number, a nesting depth (a summoned card's
encounter sits inside the one that summoned it) and the fields of their kind.
Text is made from them only when asked for, so a game played with the log off
does no formatting at all.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any


class EventLog:
    def __init__(self, messages: Mapping[str, str], enabled: bool = True) -> None:
        """`messages` maps each event kind to a str.format template of its fields."""
        self.messages = messages
        self.enabled = enabled
        self.events: list[dict[str, Any]] = []
        self.depth = 0
        self._nesting = _Nesting(self)

    def emit(self, event: str, **fields: Any) -> None:
        if self.enabled:
            self.events.append({"seq": len(self.events) + 1, "depth": self.depth,
                                "event": event, **fields})

    def nested(self) -> _Nesting:
        """`with log.nested():` indents what happens inside, such as a summoned encounter
        (one context for every nesting, since it keeps only the depth, on the log)."""
        return self._nesting

    def text(self) -> str:
        lines = []
        for event in self.events:
            template = self.messages[event["event"]]
            fields = {key: _words(value) for key, value in event.items()}
            lines.append("  " * event["depth"] + template.format(**fields))
        return "\n".join(lines) + "\n"

    def json_lines(self) -> str:
        return "".join(json.dumps(event, ensure_ascii=False) + "\n" for event in self.events)


class _Nesting:
    def __init__(self, log: EventLog) -> None:
        self.log = log

    def __enter__(self) -> None:
        self.log.depth += 1

    def __exit__(self, *exc: object) -> None:
        self.log.depth -= 1


def _words(value: Any) -> Any:
    """A list reads as `A, B and C` in text (`nothing` when empty)."""
    if not isinstance(value, list):
        return value
    items = [str(item) for item in value]
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
