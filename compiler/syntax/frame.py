"""Reads the frame of a card file: its Game line, each card's header lines and the stretch of
rules text, as offsets into the file; then cuts rules text into sentences.

The frame grammar (grammar/frame.lark) reads whole lines; this module turns what its
rules hold into offsets and leaves every value and sentence to the game's parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any, NamedTuple

from lark import Token
from lark.exceptions import UnexpectedInput

from compiler.ast import quicker_init
from compiler.diagnostics import Diagnostic, error
from compiler.syntax.errors import error_at
from compiler.syntax.grammars import frame_parser
from compiler.syntax.reducing import ReducingParser
from compiler.syntax.source import SourceText

_COMMENT_LINE = re.compile(r"(?m)^[ \t]*#[^\n]*")
# A sentence ends at a full stop, but not one of a title before a name (`Dr. Habe`) or of an
# abbreviation within a sentence (`(e.g. poison)`, `i.e.`), or at
# the colon before a table of rolls (`roll 1d4:` with `1. ...` on the next line), whose rows
# begin with their numbers (`1.`, `3-4.`, as printed with an en dash or a hyphen).
_ROW = r"[0-9]+(?:[\u2013-][0-9]+)?\.(?=\s)"
# The titles are looked behind from the full stop, not before it: a search tries the
# pattern at every character, and five lookbehinds at each cost a twentieth of a check.
_TITLE = r"(?<!\bDr\.)(?<!\bMr\.)(?<!\bMrs\.)(?<!\bMs\.)(?<!\bSt\.)(?<!\be\.g\.)(?<!\bi\.e\.)"
_SENTENCE_END = re.compile(rf"\.{_TITLE}(?=\s|$)|:(?=[^\S\n]*\n\s*{_ROW})")
_ROW_LABEL = re.compile(_ROW)
# A row ends where the next begins: on a line of its own, or after it on the same line, as
# tables printed in columns have it (`1-2. Acid 3-4. Electricity`, rows of one word).
_NEXT_ROW = re.compile(rf"\n(?=\s*{_ROW})|[^\S\n]+(?={_ROW}[^\S\n]*\S)")
# A row with no full stop on its line (`4. Poison`) ends with the line when what follows
# begins a sentence (a capital letter), or the text ends.
_SENTENCE_AFTER = re.compile(r"\s*(?:[A-Z]|$)")
# The rest of a line, as the group `{}`: what it holds within the white space around it.
_TRIMMED = r"[^\S\n]*(?P<{}>(?:[^\n]*\S)?)[^\S\n]*\n"
# A line of a card's headers: `Field: value`, its field from the line's start, or any other
# line (a comment, or rules text among the headers).  One expression does for each line what
# str.strip, a match and str.index did.
_HEADERS_LINE = re.compile(
    rf"(?P<field>[A-Za-z][A-Za-z0-9 ]*):{_TRIMMED.format('value')}|{_TRIMMED.format('text')}")
_GAME_LINE = re.compile(rf"[ \t]*game[ \t]*:{_TRIMMED.format('value')}", re.IGNORECASE)
# The grammar's lines end at `\n` only; other line breaks Python knows (`\x85`, `\u2028`) are
# whitespace within a line, as `\s` has them.
_FIRST_LINE_OF_TEXT = re.compile(r"(?m)^(?![ \t]*#)[^\S\n]*\S")
_SPACES = re.compile(r"\s*")  # `\s` is what str.isspace() is, in Python's `re`


class HeaderLine(NamedTuple):  # a tuple: a pool has one for every header of every card
    field: str
    field_start: int
    value: str
    value_start: int


@quicker_init
@dataclass(frozen=True, init=False)
class CardFrame:
    start: int
    end: int
    headers: tuple[HeaderLine, ...]
    misplaced: tuple[int, ...]  # offsets of rules text lines found among the headers
    rules: tuple[int, int] | None  # the stretch of rules text, if the card has any


@dataclass(frozen=True)
class FileFrame:
    game: str
    game_start: int
    game_end: int
    cards: tuple[CardFrame, ...]


class _Children:
    """The frame's builder: each rule stands for the children it keeps (its tokens and the
    rules within), all the frame reads of a file being its tokens' text and offsets."""

    @staticmethod
    def method_for(rule: str) -> None:
        return None  # every rule to __default__

    @staticmethod
    def __default__(rule: str, children: list[Any], positions: Any) -> list[Any]:
        return children


@cache
def _frame_reader() -> ReducingParser:
    return ReducingParser(frame_parser(), _Children.method_for)


def read_frame(source: SourceText) -> tuple[FileFrame | None, list[Diagnostic]]:
    """The frame of the file, or None and the diagnostic that says why it has none."""
    # Every line token ends in its line break; give the last line one.
    text = source.text if source.text.endswith("\n") else source.text + "\n"
    try:
        line, *cards = _frame_reader().build(_Children, text, "card_file")
    except UnexpectedInput as exc:
        # The frame takes any line as a header or as rules text, so the one way to fail it is
        # a file that does not begin with its Game line.
        span, _ = error_at(exc, source, 0, len(source.text))
        line_end = source.text.find("\n", source.line_starts[span.line - 1])
        span = source.span(source.line_starts[span.line - 1],
                           line_end if line_end != -1 else len(source.text))
        return None, [error("CW101", span, "a card file begins with the game its cards "
                            "belong to", "make the first line that is not a comment "
                            "'Game: <id>', such as 'Game: pacg'")]
    game = _GAME_LINE.match(line)
    assert game is not None  # the token is such a line (grammar/frame.lark)
    return FileFrame(game["value"], line.start_pos + game.start("value"),
                     line.start_pos + len(line.rstrip()),
                     tuple(_card_frame(card) for card in cards)), []


def _card_frame(card: list[Any]) -> CardFrame:
    block, *rules_part = card  # the header lines, then the rules text if any
    headers = []
    misplaced = []
    start = end = block.start_pos
    for line in _HEADERS_LINE.finditer(block):  # the token's every line ends in `\n`
        field = line["field"]
        if field is not None:
            value = line["value"]
            # Made as a tuple is, without NamedTuple's __new__, a Python function.
            headers.append(tuple.__new__(HeaderLine, (field.rstrip(), start + line.start(),
                                                      value, start + line.start("value"))))
            end = start + (line.end("value") if value else line.end("field") + 1)
        elif (content := line["text"]) and content[0] != "#":
            misplaced.append(start + line.start())
            end = start + line.end("text")
    rules = None
    if rules_part:  # the rules text, from the blank line that ends the headers
        text: Token = rules_part[0]
        first = _FIRST_LINE_OF_TEXT.search(text)
        assert first is not None  # the token holds a line of text (grammar/frame.lark)
        rules = (text.start_pos + first.start(), text.start_pos + len(text.rstrip()))
        end = rules[1]
    return CardFrame(start, end, tuple(headers), tuple(misplaced), rules)


def comment_lines(text: str) -> list[tuple[int, str]]:
    """Each comment line's offset, and its text after the `#`: found from each `#` of the
    text, which has few if any, rather than by trying _COMMENT_LINE at the start of every
    line of every file."""
    found = []
    sign = text.find("#")
    while sign != -1:
        line_start = text.rfind("\n", 0, sign) + 1
        line_end = text.find("\n", sign)
        if line_end == -1:
            line_end = len(text)
        if not text[line_start:sign].strip(" \t"):
            found.append((line_start, text[sign + 1:line_end].rstrip()))
        sign = text.find("#", line_end)
    return found


def _row_end(body: str, label_end: int, stop: int) -> int:
    """Where the row whose label ends at `label_end` ends: at the next row, if it begins
    before the row's full stop (at `stop`); else at the end of its line, when the full stop
    is on a later line and a sentence begins there; else at its full stop."""
    next_row = _NEXT_ROW.search(body, label_end)
    if next_row is not None and next_row.start() < stop:
        return next_row.start()
    line_end = body.find("\n", label_end)
    if line_end == -1 or line_end > stop or not _SENTENCE_AFTER.match(body, line_end):
        return stop
    return len(body[:line_end].rstrip())


def split_sentences(text: str, start: int, end: int) -> list[tuple[int, str]]:
    """The sentences of the rules text text[start:end], each with its offset in `text` and
    running to a full stop that white space or the end follows.  After a sentence that ends
    in a colon, each row of a table (`1. ...`, `3-4. ...`) is a sentence, its number and all,
    ending at its full stop or where the next row begins (_row_end).  Comment lines within
    are turned to spaces, so that offsets still match the file.  A sentence may lack its
    full stop, for the caller to report or, a row of one word, to read."""
    body = text[start:end]
    if "#" in body:
        body = _COMMENT_LINE.sub(lambda match: " " * len(match.group()), body)
    sentences: list[tuple[int, str]] = []
    position = 0
    in_table = False
    while True:
        position = _SPACES.match(body, position).end()
        if position >= len(body):
            return sentences
        row = _ROW_LABEL.match(body, position) if in_table else None
        stop = _SENTENCE_END.search(body, row.end() if row else position)
        finish = stop.end() if stop else len(body.rstrip())
        if row:
            finish = _row_end(body, row.end(), finish)
        sentences.append((start + position, body[position:finish]))
        in_table = body[finish - 1] == ":" or row is not None
        position = finish
