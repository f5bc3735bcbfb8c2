"""What a process remembers of work it has done (the readings of texts, the code of effects),
each memory forgotten whole once it holds MAX_REMEMBERED entries: a pool repeats its texts
by the thousand, and a hostile one that never repeats must not grow a memory without
bound."""

from __future__ import annotations

from typing import TypeVar

MAX_REMEMBERED = 50_000

_Key = TypeVar("_Key")
_Value = TypeVar("_Value")


def remember(memory: dict[_Key, _Value], key: _Key, value: _Value) -> _Value:
    """Keep `value` under `key`, after forgetting everything if `memory` is full."""
    if len(memory) >= MAX_REMEMBERED:
        memory.clear()
    memory[key] = value
    return value
