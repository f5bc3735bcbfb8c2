"""Diagnostics: what the compiler tells a designer about a card, and how it is shown.

Every stage reports problems as Diagnostic values with the span of the text at
fault, never as exceptions escaping to the user: one run reports every problem
it finds, and the command line decides how to render them.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from compiler.ast import Span
from compiler.runtime.spelling import nearest


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


# Every code the compiler emits, with a short title.  Codes are stable: tools
# filter on them, so a code is never reused for another meaning.
CODES: dict[str, str] = {
    # Reading the file
    "CW100": "file cannot be read",
    "CW101": "malformed card file",
    "CW102": "unknown game",
    "CW103": "unknown field",
    "CW104": "malformed field value",
    "CW105": "duplicate field",
    "CW106": "missing required field",
    "CW110": "sentence not understood",
    "CW111": "sentence without a full stop",
    "CW112": "card too long",
    "CW113": "sentence too long",
    "CW114": "effects nest too deeply",
    # Meaning
    "CW200": "unknown card type",
    "CW201": "field not allowed on this card type",
    "CW202": "timing window not in this game",
    "CW203": "keyword not in this game",
    "CW204": "effect not allowed here",
    "CW205": "unknown skill",
    "CW206": "self-reference names another card",
    "CW207": "unknown card",
    "CW208": "duplicate card name",
    "CW209": "number out of range",
    "CW210": "unknown card kind",
    "CW211": "label not in this game",
    "CW212": "trait or damage type nothing else uses",
    "CW213": "unknown stat",
    "CW214": "unknown slot",
    "CW215": "unknown word in a field",
    # Building
    "CW300": "module names collide",
}


@dataclass(frozen=True)
class Diagnostic:
    code: str
    severity: Severity
    span: Span
    message: str
    hint: str | None = None

    def __str__(self) -> str:
        text = f"{self.span}: {self.severity.value}[{self.code}]: {self.message}"
        return text + (f"\n  hint: {self.hint}" if self.hint else "")

    def to_data(self) -> list[Any]:
        """Plain data, for the cache: `Diagnostic.from_data` reads it back."""
        span = self.span
        return [self.code, self.severity.value, span.file, span.line, span.col, span.end_line,
                span.end_col, self.message, self.hint]

    @classmethod
    def from_data(cls, data: list[Any]) -> Diagnostic:
        code, severity, file, line, col, end_line, end_col, message, hint = data
        return cls(code, Severity(severity), Span(file, line, col, end_line, end_col), message,
                   hint)


def error(code: str, span: Span, message: str, hint: str | None = None) -> Diagnostic:
    assert code in CODES, code
    return Diagnostic(code, Severity.ERROR, span, message, hint)


def warning(code: str, span: Span, message: str, hint: str | None = None) -> Diagnostic:
    assert code in CODES, code
    return Diagnostic(code, Severity.WARNING, span, message, hint)


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(item.severity is Severity.ERROR for item in diagnostics)


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A hint naming the candidate nearest to `word`, ignoring case, if one is near enough."""
    near = nearest(word, candidates)
    return f"did you mean '{near}'?" if near else None


# Where a word and a number written on to it meet (`Combat8`, `Attack4`, `1Fire`).
_GLUED = re.compile(r"(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])")


def written_apart(word: str) -> str | None:
    """`Combat 8` for `Combat8`: the word with a space where a word and a number meet, if
    they do (a space left out is a typo the words expected after it do not show)."""
    return _GLUED.sub(" ", word) if _GLUED.search(word) else None


def may_be(written: str, meant: str) -> str:
    """The hint that names a typo (`'Befor' may be 'Before'`), wherever one is found."""
    return f"'{written}' may be '{meant}'"


def sort_key(diagnostic: Diagnostic) -> tuple[str, int, int, str]:
    span = diagnostic.span
    return (span.file, span.line, span.col, diagnostic.code)


def counts(diagnostics: Iterable[Diagnostic]) -> tuple[int, int]:
    """How many errors and how many warnings."""
    items = list(diagnostics)
    errors = sum(item.severity is Severity.ERROR for item in items)
    return errors, len(items) - errors


FORMATS = ("human", "json", "sarif", "github")


def render(diagnostics: Iterable[Diagnostic], output: str, *, sources: Mapping[str, str],
           cards: int, version: str, colour: bool = False) -> str:
    """The diagnostics in one of FORMATS; empty text when a human has nothing to read."""
    ordered = sorted(diagnostics, key=sort_key)
    if output == "json":
        return render_json(ordered, cards)
    if output == "sarif":
        return render_sarif(ordered, version)
    if output == "github":
        return render_github(ordered)
    return render_human(ordered, sources, colour)


def render_human(diagnostics: Iterable[Diagnostic], sources: Mapping[str, str],
                 colour: bool = False) -> str:
    """`path:line:col: error[CODE]: message`, the source line with a caret under the span,
    then the hint.  `sources` maps a file name to its text, for the quoted line.  Card text
    is shown with control characters escaped, so it cannot drive the terminal."""
    paint = _painter(colour)
    blocks = []
    lines_of: dict[str, list[str]] = {}  # each file's lines, split once for all its quotes
    for item in sorted(diagnostics, key=sort_key):
        severity = paint(item.severity.value, _RED if item.severity is Severity.ERROR else _YELLOW)
        lines = [f"{paint(str(item.span), _BOLD)}: {severity}[{item.code}]: "
                 f"{printable(item.message)}"]
        file = item.span.file
        if file not in lines_of and file in sources:
            lines_of[file] = sources[file].split("\n")
        lines.extend(_quote(item.span, lines_of.get(file), paint))
        if item.hint:
            lines.append(f"  = {paint('hint', _CYAN)}: {printable(item.hint)}")
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def render_json(diagnostics: Iterable[Diagnostic], cards: int) -> str:
    items = list(diagnostics)
    errors, warnings = counts(items)
    return json.dumps({
        "diagnostics": [{
            "file": item.span.file, "line": item.span.line, "col": item.span.col,
            "end_line": item.span.end_line, "end_col": item.span.end_col,
            "severity": item.severity.value, "code": item.code, "message": item.message,
            "hint": item.hint,
        } for item in items],
        "cards": cards, "errors": errors, "warnings": warnings,
    }, indent=2, ensure_ascii=False)


def render_sarif(diagnostics: Iterable[Diagnostic], version: str) -> str:
    """SARIF 2.1.0, as GitHub code scanning reads it: one run, a rule for every code."""
    codes = list(CODES)
    results = [{
        "ruleId": item.code,
        "ruleIndex": codes.index(item.code),
        "level": item.severity.value,
        "message": {"text": item.message + (f" (hint: {item.hint})" if item.hint else "")},
        "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": item.span.file},
            "region": {"startLine": item.span.line, "startColumn": item.span.col,
                       "endLine": item.span.end_line, "endColumn": item.span.end_col},
        }}],
    } for item in diagnostics]
    return json.dumps({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "cardwright",
                "version": version,
                "rules": [{"id": code,
                           "name": "".join(word.capitalize() for word in title.split()),
                           "shortDescription": {"text": title}} for code, title in CODES.items()],
            }},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    }, indent=2, ensure_ascii=False)


def render_github(diagnostics: Iterable[Diagnostic]) -> str:
    """GitHub Actions workflow commands, escaped as the Actions toolkit escapes them, so no
    card text can end a command or start another."""
    lines = []
    for item in diagnostics:
        span = item.span
        properties = ",".join(f"{key}={_escape_property(str(value))}" for key, value in (
            ("file", span.file), ("line", span.line), ("col", span.col),
            ("endLine", span.end_line), ("endColumn", span.end_col),
            ("title", f"cardwright {item.code}")))
        message = item.message + (f"\nhint: {item.hint}" if item.hint else "")
        lines.append(f"::{item.severity.value} {properties}::{_escape_data(message)}")
    return "\n".join(lines)


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def printable(text: str) -> str:
    """The text with control, format and line-separator characters written as escapes.  Each
    of those is one `str.isprintable` refuses, so text it takes (nearly all) is kept as it is
    without asking each character's category."""
    text = text.replace("\t", " ")
    if text.isprintable():
        return text
    return "".join(f"\\u{ord(char):04x}" if unicodedata.category(char) in _HIDDEN else char
                   for char in text)


_HIDDEN = ("Cc", "Cf", "Zl", "Zp")
_BOLD, _RED, _YELLOW, _CYAN = "1", "31", "33", "36"


def _painter(colour: bool) -> Callable[[str, str], str]:
    if not colour:
        return lambda text, code: text
    return lambda text, code: f"\x1b[{code}m{text}\x1b[0m"


def _quote(span: Span, source_lines: list[str] | None, paint: Callable[[str, str], str]
           ) -> list[str]:
    if source_lines is None:
        return []
    if not 1 <= span.line <= len(source_lines):
        return []
    line = source_lines[span.line - 1]
    end = span.end_col if span.end_line == span.line else len(line) + 1
    lead = len(printable(line[: span.col - 1]))
    width = max(1, len(printable(line[span.col - 1: end - 1])))
    gutter = str(span.line)
    pad = " " * len(gutter)
    return [f"{pad} |", f"{gutter} | {printable(line.rstrip())}",
            f"{pad} | {' ' * lead}{paint('^' * width, _RED)}"]
