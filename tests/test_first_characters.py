"""The first characters of a terminal's matches, which a state's lexer tries terminals by
(compiler/syntax/first_characters.py): never too few, or a token would be missed."""

from __future__ import annotations

import re
import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from compiler.syntax.first_characters import first_characters

SPACES = {character for character in map(chr, range(128)) if character.isspace()}


@pytest.mark.parametrize(("expression", "first"), [
    ("abc", {"a"}),
    ("(?i:abc)", {"a", "A"}),
    ("(?i)abc", {"a", "A"}),
    ("(,\\s*)?and", {",", "a"}),  # an optional part, then what follows it
    ("[0-9]+", set(string.digits)),
    ("\\s*x", SPACES | {"x"}),
    ("the|a", {"t", "a"}),
    ("(?=a)b", {"b"}),  # what a lookahead asks is left out: the answer only grows
    ("\\bword", {"w"}),
    ("[A-Z]['\u2019]s", set(string.ascii_uppercase)),
    ("(a)\\1", {"a"}),
    ("[\u017f]", set()),  # no ASCII letter begins it, with case
])
def test_first_characters(expression, first):
    assert first_characters(expression) == first


@pytest.mark.parametrize("expression", [
    "x?", "a*", "(?=a)",  # may match nothing, so begin anywhere
    "[^a]", ".", "(?i:\u212a)",  # a negated class, any character, the Kelvin sign without case
])
def test_first_characters_unknown_are_any(expression):
    assert first_characters(expression) is None


EXPRESSIONS = ["(,\\s*)?and(\\s+then)?", "[0-9]+(d[0-9]+([+-][0-9]+)?|X)?", "(?i:it|he|she)\\s",
               "[A-Za-z][A-Za-z0-9'\u2019]*(-[A-Za-z0-9'\u2019]+)*|[0-9]+-[A-Za-z]+", "\\s*[:;,.]"]


@settings(max_examples=300, derandomize=True, deadline=None)
@given(st.sampled_from(EXPRESSIONS).flatmap(
    lambda expression: st.tuples(st.just(expression),
                                 st.from_regex(expression, fullmatch=True))))
def test_every_match_begins_with_a_first_character(drawn):
    expression, text = drawn
    assert re.fullmatch(expression, text)
    first = first_characters(expression)
    if text and text[0].isascii():
        assert first is None or text[0] in first
