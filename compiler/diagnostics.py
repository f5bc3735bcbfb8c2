"""Diagnostics: what the compiler tells a designer about a card, and how it is shown.

Every stage reports problems as Diagnostic values with the span of the text at
fault, never as exceptions escaping to the user: one run reports every problem
it finds, and the command line decides how to render them.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum

from compiler.ast import Span


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


def error(code: str, span: Span, message: str, hint: str | None = None) -> Diagnostic:
    assert code in CODES, code
    return Diagnostic(code, Severity.ERROR, span, message, hint)


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(item.severity is Severity.ERROR for item in diagnostics)


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """A hint naming the candidate nearest to `word`, ignoring case, if one is near enough."""
    by_folded = {candidate.casefold(): candidate for candidate in candidates}
    close = difflib.get_close_matches(word.casefold(), list(by_folded), n=1, cutoff=0.6)
    return f"did you mean '{by_folded[close[0]]}'?" if close else None


def sort_key(diagnostic: Diagnostic) -> tuple[str, int, int, str]:
    span = diagnostic.span
    return (span.file, span.line, span.col, diagnostic.code)


def render_human(diagnostics: Iterable[Diagnostic], sources: Mapping[str, str]) -> str:
    """`path:line:col: error[CODE]: message`, the source line with a caret under the span,
    then the hint.  `sources` maps a file name to its text, for the quoted line."""
    blocks = []
    for item in sorted(diagnostics, key=sort_key):
        lines = [f"{item.span}: {item.severity.value}[{item.code}]: {item.message}"]
        quoted = _quote(item.span, sources.get(item.span.file))
        if quoted:
            lines.extend(quoted)
        if item.hint:
            lines.append(f"  = hint: {item.hint}")
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def _quote(span: Span, text: str | None) -> list[str]:
    if text is None:
        return []
    source_lines = text.splitlines()
    if not 1 <= span.line <= len(source_lines):
        return []
    line = source_lines[span.line - 1].expandtabs(1)
    end = span.end_col if span.end_line == span.line else len(line) + 1
    width = max(1, end - span.col)
    gutter = str(span.line)
    pad = " " * len(gutter)
    return [f"{pad} |", f"{gutter} | {line}", f"{pad} | {' ' * (span.col - 1)}{'^' * width}"]
