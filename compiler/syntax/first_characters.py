"""The ASCII characters a regular expression's matches can begin with.

A parser state's lexer tries its terminals in order at each position, and most of them
cannot match there: at the start of a sentence pacg's lexer has 44 phrases (`at the
end of your turn`, `if you play`) before its word terminal, and at a word beginning with
`d` all but a few fail on that letter.  Knowing each terminal's first characters, the lexer
tries only those that may match (tables._StateLexer).

The answer may be too large but never too small: anything this does not know (a negated
class, a back-reference, a non-ASCII letter read without case) stands for every character,
and an expression that may match the empty string may begin anywhere.  A character beyond
ASCII is never looked up here: the lexer tries every terminal at one.

The expression is read by Python's own reader of expressions (`re._parser`, private): a
Python that changed what it gives would fail tests/test_first_characters.py, and an
operation this module does not know only stands for every character.
"""

from __future__ import annotations

import re
from re import _constants as constants  # type: ignore[attr-defined]
from re import _parser as parser  # type: ignore[attr-defined]
from typing import Any

ASCII = tuple(map(chr, range(128)))
# The classes an expression may name, by their escape, for the ASCII characters in each.
_CATEGORIES = {constants.CATEGORY_DIGIT: r"\d", constants.CATEGORY_NOT_DIGIT: r"\D",
               constants.CATEGORY_SPACE: r"\s", constants.CATEGORY_NOT_SPACE: r"\S",
               constants.CATEGORY_WORD: r"\w", constants.CATEGORY_NOT_WORD: r"\W"}
_REPEATS = (constants.MAX_REPEAT, constants.MIN_REPEAT, constants.POSSESSIVE_REPEAT)
# Zero-width: what may follow them is what begins the match (their own constraints are
# left out, which only makes the answer larger).
_ZERO_WIDTH = (constants.AT, constants.ASSERT, constants.ASSERT_NOT)


class _Any(Exception):
    """Raised where the expression may begin with any character."""


def first_characters(expression: str, flags: int = 0) -> frozenset[str] | None:
    """The ASCII characters a match of `expression` can begin with; None where it may begin
    with any (see the module's docstring)."""
    parsed = parser.parse(expression, flags)
    try:  # the flags, those given and those the expression sets for the whole of itself
        found, may_be_empty = _first(parsed, bool(parsed.state.flags & re.I))
    except _Any:
        return None
    return None if may_be_empty else frozenset(found)


def _first(items: Any, ignore_case: bool) -> tuple[set[str], bool]:
    """What a sequence's matches may begin with, and whether it may match nothing."""
    found: set[str] = set()
    for operation, argument in items:
        first, may_be_empty = _first_of(operation, argument, ignore_case)
        found |= first
        if not may_be_empty:
            return found, False
    return found, True


def _first_of(operation: Any, argument: Any, ignore_case: bool) -> tuple[set[str], bool]:
    if operation is constants.LITERAL:
        return _letter(argument, ignore_case), False
    if operation is constants.IN:
        return _class(argument, ignore_case), False
    if operation is constants.SUBPATTERN:
        _group, add_flags, del_flags, items = argument
        return _first(items, (ignore_case or bool(add_flags & re.I)) and not del_flags & re.I)
    if operation is constants.BRANCH:
        found, may_be_empty = set(), False
        for branch in argument[1]:
            first, empty = _first(branch, ignore_case)
            found |= first
            may_be_empty |= empty
        return found, may_be_empty
    if operation in _REPEATS:
        least, _most, items = argument
        first, empty = _first(items, ignore_case)
        return first, empty or least == 0
    if operation in _ZERO_WIDTH:
        return set(), True
    raise _Any


def _letter(code: int, ignore_case: bool) -> set[str]:
    character = chr(code)
    if not character.isascii():
        if ignore_case:  # the Kelvin sign is a `k` without case
            raise _Any
        return set()
    return {character.lower(), character.upper()} if ignore_case else {character}


def _class(items: Any, ignore_case: bool) -> set[str]:
    found: set[str] = set()
    for operation, argument in items:
        if operation is constants.LITERAL:
            found |= _letter(argument, ignore_case)
        elif operation is constants.RANGE:
            low, high = argument
            if ignore_case and high > 127:
                raise _Any
            for code in range(low, min(high, 127) + 1):
                found |= _letter(code, ignore_case)
        elif operation is constants.CATEGORY and argument in _CATEGORIES:
            escape = re.compile(_CATEGORIES[argument])
            found |= {character for character in ASCII if escape.match(character)}
        else:  # a negated class, and whatever else
            raise _Any
    return found
