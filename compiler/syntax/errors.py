"""Turns Lark's parse errors into diagnostics that say, in a designer's words, what was
expected where."""

from __future__ import annotations

import difflib
import re
from functools import cache

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from compiler.ast import Span
from compiler.diagnostics import Diagnostic, error, may_be, written_apart
from compiler.syntax.source import SourceText

# How the named terminals of the grammars read in a message.
_TERMINAL_WORDS = {
    "WORD": "a word",
    "AMOUNT": "a number or dice such as 1d6",
    "NUMBER": "a number",
    "DIE": "a die such as d8",
    "MODIFIER": "a modifier such as +2",
    "TEXT": "some text",
    "LABEL": "a label such as 'Top:'",
    "$END": "the end",
}
_MOST_SHOWN = 48


def describe_expected(parser: Lark, names: set[str]) -> str:
    """`'takes', 'draws' or a number`: the expected terminals, literal ones quoted."""
    words = set()
    for name in names:
        if name in _TERMINAL_WORDS:
            words.add(_TERMINAL_WORDS[name])
            continue
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            words.add(name.lower())
            continue
        words.add(f"'{pattern.value}'" if pattern.type == "str" else _phrase(name))
    ordered = sorted(words, key=lambda word: (not word.startswith("'"), word.lower()))
    if len(ordered) > _MOST_SHOWN:
        return ", ".join(ordered[:_MOST_SHOWN]) + f" or {len(ordered) - _MOST_SHOWN} more"
    if len(ordered) == 1:
        return ordered[0]
    return ", ".join(ordered[:-1]) + " or " + ordered[-1]


def _phrase(name: str) -> str:
    """A phrase the grammar reads as one terminal, by its name: `_MAY_NOT_PLAY` (or one
    imported, `_frame__MAY_NOT_PLAY`) is `'may not play'`, `_COMMA_OR` `', or'`; never the
    name itself."""
    words = name.rsplit("__", 1)[-1].strip("_").lower().split("_")
    return "'" + " ".join(words).replace("comma ", ", ").replace(" comma", ",") + "'"


def error_at(exc: UnexpectedInput, source: SourceText, base: int, length: int) -> tuple[Span, str]:
    """The span of the text that no rule could take, and how to quote it."""
    start, end = unread(exc, length)
    if start == length:
        return source.span(base + length, base + length), "the end"
    return source.span(base + start, base + end), f"'{source.text[base + start:base + end]}'"


def unread(exc: UnexpectedInput, length: int) -> tuple[int, int]:
    """Where, in a text of `length` that starts the parse, what no rule took begins and ends
    (at the end of the text when the text ended too soon)."""
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        return exc.token.start_pos, exc.token.start_pos + len(exc.token.value)
    if isinstance(exc, UnexpectedCharacters):
        return exc.pos_in_stream, exc.pos_in_stream + 1
    return length, length


def expected_names(exc: UnexpectedInput) -> set[str]:
    if isinstance(exc, UnexpectedToken | UnexpectedEOF):
        return set(exc.expected)
    if isinstance(exc, UnexpectedCharacters):
        return set(exc.allowed or ())
    return set()


def parse_error(code: str, what: str, exc: UnexpectedInput, parser: Lark, source: SourceText,
                base: int, text: str, start: str) -> Diagnostic:
    """One diagnostic for a failed parse of `text` (which starts at offset `base`) from the
    rule `start`: quotes the text, points at what no rule took, names a misspelling that
    explains it, and lists what was expected."""
    span, quoted = error_at(exc, source, base, len(text))
    shown = " ".join(text.split())
    if len(shown) > 60:
        shown = shown[:57] + "..."
    message = f"cannot read {what} \"{shown}\": no rule takes {quoted} here"
    expected = expected_names(exc)
    hints = [misspelt(parser, start, text, unread(exc, len(text))[1]),
             f"expected {describe_expected(parser, expected)}" if expected else None]
    return error(code, span, message, "; ".join(hint for hint in hints if hint) or None)


# How many words back from where the reading stopped a misspelling is looked for: a word the
# grammar does not know reads as a name or a trait until something after it cannot follow.
_WORDS_BACK = 4
# A word, with any number written on to it (`Combat8`, `Attack4`, `1Fire`: a space left
# out; not dice, `1d4` or `d6`, nor a value for each player, `4X`).
_WORD = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{2,}[0-9]+|[0-9]+[A-Za-z]{2,}|[A-Za-z]+)")


def misspelt(parser: Lark, start: str, text: str, end: int) -> str | None:
    """`'Befor' may be 'Before'`, `'Combat8' may be 'Combat 8'`: of the last words of `text`
    up to `end`, where no rule took it, the nearest to that place that is no word of the
    grammar but near one, or a word and a number without a space between them, with which
    the whole text reads (a typo, which the expected words after it do not show; `sight` is
    near `light` too, but the text does not read with it)."""
    vocabulary = _vocabulary(parser)
    for word in reversed(list(_WORD.finditer(text, 0, end))[-_WORDS_BACK:]):
        for written in _corrections(word.group(), vocabulary):
            try:
                parser.parse(text[:word.start()] + written + text[word.end():], start=start)
            except UnexpectedInput:
                continue
            return may_be(word.group(), written)
    return None


def _corrections(word: str, vocabulary: tuple[str, ...]) -> list[str]:
    """What `word` may have been meant to be: itself apart from a number written on to it,
    or a near word of the grammar in its case."""
    apart = written_apart(word)
    if apart is not None:
        return [apart]
    folded = word.casefold()
    if len(folded) < 4 or folded in vocabulary:
        return []
    return [near.capitalize() if word[:1].isupper() else near
            for near in difflib.get_close_matches(folded, vocabulary, n=3, cutoff=0.8)]


@cache
def _vocabulary(parser: Lark) -> tuple[str, ...]:
    """The words of a grammar's keywords and phrases (`before`, `encounter`), in order."""
    words: set[str] = set()
    for terminal in parser.terminals:
        pattern = terminal.pattern
        text = pattern.value.lower() if pattern.type == "str" \
            else re.sub(r"\\.", " ", pattern.value)  # `\bchecks` is `checks`
        words.update(re.findall(r"[a-z]{3,}", text))
    return tuple(sorted(words))
