"""Turns Lark's parse errors into diagnostics that say, in a designer's words, what was
expected where."""

from __future__ import annotations

from lark import Lark
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from compiler.ast import Span
from compiler.diagnostics import Diagnostic, error
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
    if isinstance(exc, UnexpectedToken) and exc.token.type != "$END":
        start = base + exc.token.start_pos
        return source.span(start, start + len(exc.token.value)), f"'{exc.token.value}'"
    if isinstance(exc, UnexpectedCharacters):
        start = base + exc.pos_in_stream
        return source.span(start, start + 1), f"'{source.text[start]}'"
    end = base + length
    return source.span(end, end), "the end"


def expected_names(exc: UnexpectedInput) -> set[str]:
    if isinstance(exc, UnexpectedToken | UnexpectedEOF):
        return set(exc.expected)
    if isinstance(exc, UnexpectedCharacters):
        return set(exc.allowed or ())
    return set()


def parse_error(code: str, what: str, exc: UnexpectedInput, parser: Lark, source: SourceText,
                base: int, text: str) -> Diagnostic:
    """One diagnostic for a failed parse of `text` (which starts at offset `base`):
    quotes the text, points at what no rule took, and lists what was expected."""
    span, quoted = error_at(exc, source, base, len(text))
    shown = " ".join(text.split())
    if len(shown) > 60:
        shown = shown[:57] + "..."
    message = f"cannot read {what} \"{shown}\": no rule takes {quoted} here"
    expected = expected_names(exc)
    hint = f"expected {describe_expected(parser, expected)}" if expected else None
    return error(code, span, message, hint)
