"""The one source of chance in a played game: a seeded PCG32 generator.

PCG32 (O'Neill, pcg-random.org: XSH-RR output, 64-bit state) is small enough to
write again in any engine, so a game played by another backend from the same
seed can roll the very same numbers; Python's own `random` could not promise
that.  Bounded numbers use rejection sampling, so every face is equally likely.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK64 = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005
_DEFAULT_STREAM = 721347520444481703  # PCG's default increment, 1442695040888963407, halved

T = TypeVar("T")


class Dice:
    def __init__(self, seed: int, stream: int = _DEFAULT_STREAM) -> None:
        self._increment = ((stream << 1) | 1) & _MASK64
        self._state = 0
        self._next32()
        self._state = (self._state + (seed & _MASK64)) & _MASK64
        self._next32()

    def _next32(self) -> int:
        old = self._state
        self._state = (old * _MULTIPLIER + self._increment) & _MASK64
        shifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rotation = old >> 59
        return ((shifted >> rotation) | (shifted << ((-rotation) & 31))) & 0xFFFFFFFF

    def below(self, bound: int) -> int:
        """A number from 0 to bound - 1, each equally likely."""
        threshold = (1 << 32) % bound
        while True:
            value = self._next32()
            if value >= threshold:
                return value % bound

    def roll(self, sides: int) -> int:
        """One die: 1 to `sides`."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, from the last place down."""
        for last in range(len(items) - 1, 0, -1):
            other = self.below(last + 1)
            items[last], items[other] = items[other], items[last]
