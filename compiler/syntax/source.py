"""A card file's text with the means to turn character offsets into spans.

Every parse below the frame reads a slice of the file's own text, so every
token's offset plus the slice's start is an offset into the file, and one
table of line starts gives exact lines and columns for all of them.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate

from compiler.ast import Span, new_span


@dataclass(frozen=True)
class SourceText:
    path: str
    text: str
    line_starts: tuple[int, ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Most texts are one line (a header value or a sentence read on its own); a file's
        # starts are its lines' lengths summed.
        text = self.text
        starts = (0,) if "\n" not in text else tuple(
            accumulate([len(line) + 1 for line in text.split("\n")[:-1]], initial=0))
        object.__setattr__(self, "line_starts", starts)

    def position(self, offset: int) -> tuple[int, int]:
        """The 1-based line and column of a character offset."""
        line = bisect_right(self.line_starts, offset)
        return line, offset - self.line_starts[line - 1] + 1

    def span(self, start: int, end: int) -> Span:
        line, col = self.position(start)
        end = max(start, end)
        # Most spans end on the line they start on: no second search of the line starts.
        if line == len(self.line_starts) or end < self.line_starts[line]:
            return new_span(Span, (self.path, line, col, line, col + end - start))
        end_line, end_col = self.position(end)
        return new_span(Span, (self.path, line, col, end_line, end_col))
