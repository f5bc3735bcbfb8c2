"""From card file text to the AST, with a diagnostic for everything that cannot be read.

Each header value and each sentence is parsed on its own, so one broken
sentence reports once and never hides the sentences and cards after it.  A
card with any unreadable part is reported and left out of the file's cards;
its name is kept, so that other cards may still refer to it.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any

from lark.exceptions import UnexpectedInput

from compiler import ast
from compiler.diagnostics import Diagnostic, did_you_mean, error
from compiler.syntax.errors import parse_error
from compiler.syntax.frame import (
    CardFrame,
    HeaderLine,
    comment_lines,
    read_frame,
    split_sentences,
)
from compiler.syntax.grammars import GameGrammar, game_grammar, game_ids
from compiler.syntax.source import SourceText
from compiler.syntax.transform import AstBuilder

REQUIRED_FIELDS = ("Name", "Type")
# Limits that keep hostile or runaway input from costing unbounded time or stack.
MAX_CARD_CHARS = 20_000
MAX_SENTENCE_CHARS = 1_000
MAX_NESTING = 4  # effects within effects: `... or ...` inside `... or ...`


@dataclass
class ParseResult:
    """What a file yields: the cards read whole, the names of the cards that were not,
    and every problem met on the way."""

    file: ast.CardFile | None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    broken_names: list[str] = field(default_factory=list)
    card_count: int = 0


def parse_text(text: str, path: str, games: Collection[str] | None = None) -> ParseResult:
    return parse_source(SourceText(path, text), games)


def parse_source(source: SourceText, games: Collection[str] | None = None) -> ParseResult:
    """Read a card file.  `games` are the game ids to accept (by default, every game with a
    grammar)."""
    known = sorted(game_ids() if games is None else games)
    frame, diagnostics = read_frame(source)
    if frame is None:
        return ParseResult(None, diagnostics)
    if frame.game not in known:
        span = source.span(frame.game_start, frame.game_start + len(frame.game))
        hint = did_you_mean(frame.game, known) or f"the games are {', '.join(known)}"
        diagnostics.append(error("CW102", span, f"unknown game '{frame.game}'", hint))
        return ParseResult(None, diagnostics, card_count=len(frame.cards))
    grammar = game_grammar(frame.game)
    result = ParseResult(None, diagnostics, card_count=len(frame.cards))
    cards = []
    for card_frame in frame.cards:
        if card_frame.end - card_frame.start > MAX_CARD_CHARS:
            diagnostics.append(error(
                "CW112", source.span(card_frame.start, card_frame.start),
                f"this card is {card_frame.end - card_frame.start} characters long; the most "
                f"a card may be is {MAX_CARD_CHARS}", "split it, or trim its text"))
            continue
        reader = _CardReader(source, grammar, card_frame)
        card = reader.read()
        diagnostics.extend(reader.diagnostics)
        if reader.diagnostics:
            result.broken_names.append(reader.name)
        else:
            cards.append(card)
    comments = tuple(ast.Comment(text, span=source.span(offset, offset))
                     for offset, text in comment_lines(source.text))
    game_span = source.span(source.text.rfind("\n", 0, frame.game_start) + 1, frame.game_end)
    result.file = ast.CardFile(frame.game, tuple(cards), comments, game_span,
                               span=source.span(0, len(source.text)))
    return result


class _CardReader:
    """Reads one card of the frame into a Card, collecting its diagnostics."""

    def __init__(self, source: SourceText, grammar: GameGrammar, frame: CardFrame) -> None:
        self.source = source
        self.grammar = grammar
        self.frame = frame
        self.diagnostics: list[Diagnostic] = []
        self.name = ""
        self.shared: set[int] = set()  # the shared values and sentences it has, by id

    def read(self) -> ast.Card:
        fields = self._fields()
        if self.frame.misplaced:
            offset = self.frame.misplaced[0]
            line_end = self.source.text.find("\n", offset)
            self.diagnostics.append(error(
                "CW101", self.source.span(offset, line_end if line_end != -1 else offset),
                "this line is neither a header `Field: value` nor after the blank line that "
                "ends the headers", self._misplaced_hint(
                    self.source.text[offset:line_end if line_end != -1 else None])))
        span = self.source.span(self.frame.start, self.frame.end)
        return ast.Card(self.grammar.game, tuple(fields), self._readings(), span=span)

    def _misplaced_hint(self, line: str) -> str:
        """`Check Combat 7` is a header with its colon left out, as likely as rules text."""
        blank_line = "leave one blank line between a card's headers and its rules text"
        words = line.split()
        for count in (1, 2, 3):  # `Number Appearing`, `Armour Class`: fields of three words
            field = self.grammar.fields.get(" ".join(words[:count]).casefold())
            if field is not None and len(words) > count:
                return (f"if it is a header, put a colon after its field's name: '{field}: "
                        f"{' '.join(words[count:])}'; if it is rules text, {blank_line}")
        return blank_line

    def _fields(self) -> list[ast.Field]:
        fields: list[tuple[int, ast.Field]] = []  # with each its place in the game's order
        seen: set[str] = set()
        for header in self.frame.headers:
            read = self._field(header)
            if read is None:
                continue
            item = read[1]
            if item.name in seen:
                self.diagnostics.append(error("CW105", item.span, f"the field '{item.name}' is "
                                              "given twice", "keep one of them"))
                continue
            seen.add(item.name)
            fields.append(read)
        self.name = next((item.value for _, item in fields if item.name == "Name"), "")
        for required in REQUIRED_FIELDS:
            if required not in seen:
                span = self.source.span(self.frame.start, self.frame.start)
                self.diagnostics.append(error("CW106", span, f"the card has no '{required}' field",
                                              f"add a line '{required}: ...' to its headers"))
        # The AST keeps fields in the game's order, so that the order they are written in
        # does not change what a card means.
        return [item for _, item in sorted(fields, key=lambda read: read[0])]

    def _field(self, header: HeaderLine) -> tuple[int, ast.Field] | None:
        """The field and its place in the game's order, or None if it cannot be read."""
        known = self.grammar.field_as_written(header.field)
        if known is None:
            self.diagnostics.append(error(
                "CW103", self._field_name_span(header),
                f"'{header.field}' is not a field of {self.grammar.game} cards",
                did_you_mean(header.field, self.grammar.fields.values())))
            return None
        start, name, order = known
        if not header.value:
            self.diagnostics.append(error("CW104", self._field_name_span(header),
                                          f"the field '{name}' has no value"))
            return None
        read = self._parse(start, header.value, header.value_start, "CW104", f"the {name} value")
        if read is None:
            return None
        value, place = read
        end = header.value_start + len(header.value)
        return order, ast.Field(name, value, place, span=self.source.span(header.field_start, end))

    def _field_name_span(self, header: HeaderLine) -> ast.Span:
        return self.source.span(header.field_start, header.field_start + len(header.field))

    def _readings(self) -> tuple[ast.Reading, ...]:
        """The rules text's sentences, each where it stands."""
        if self.frame.rules is None:
            return ()
        readings = []
        for offset, text in split_sentences(self.source.text, *self.frame.rules):
            if len(text) > MAX_SENTENCE_CHARS:
                self.diagnostics.append(error(
                    "CW113", self.source.span(offset, offset + len(text)),
                    f"this sentence is {len(text)} characters long; the most a sentence may be "
                    f"is {MAX_SENTENCE_CHARS}", "did a full stop go missing?"))
                continue
            if text.endswith((".", ":")):  # a colon ends a table's first line
                read = self._parse("sentence", text, offset, "CW110", "the sentence")
            else:
                read = self._unended(offset, text)
            if read is None:
                continue
            (label, sentence), place = read
            readings.append(ast.Reading(label, sentence, place))
        return tuple(readings)

    def _unended(self, offset: int, text: str) -> tuple[Any, ast.Place | None] | None:
        """A sentence with no full stop: reported as such if it reads well with one;
        otherwise what it reads as, as a table's row of one word is printed (`1. Acid`),
        or reported as the sentence that cannot be read."""
        try:
            self.grammar.parser.parse(text + ".", start="sentence")
        except UnexpectedInput:
            return self._parse("sentence", text, offset, "CW110", "the sentence")
        end = offset + len(text)
        self.diagnostics.append(error("CW111", self.source.span(end, end),
                                      "the sentence does not end with a full stop",
                                      "add '.' at the end of the sentence"))
        return None

    def _parse(self, start: str, text: str, offset: int, code: str, what: str
               ) -> tuple[Any, ast.Place | None] | None:
        """What `text`, at `offset`, reads as from the rule `start`, and its place (see
        `ast.Reading`), or None when it cannot be read, reported.  A text on one line (nearly
        every header value and sentence) is built once a process, as if it stood at the
        start of a file of its own, and shared by every card that writes it: its place says
        where this one has it.  Building a value from its parse tree costs more than twice
        as much as copying it, and sharing it costs nothing."""
        if start in self.grammar.text_rules and text and text.strip() == text \
                and "\n" not in text:
            return text, None  # what the rule reads it as (GameGrammar.text_rules)
        if "\n" in text:
            value = self._built(AstBuilder(self.source, offset, len(text)), start, text, offset,
                                code, what)
            return None if value is _NOT_READ else (value, None)
        key = (start, text)
        value = self.grammar.remembered.get(key, _NOT_READ)
        if value is _NOT_READ:
            value = self._built(AstBuilder(SourceText("", text), 0, len(text)), start, text,
                                offset, code, what)
            if value is _NOT_READ:
                return None  # never remembered: reported again wherever it is written
            self.grammar.remember(key, value)
        line, col = self.source.position(offset)
        place = (self.source.path, line, col - 1)
        # The second time this card has a shared value, a copy moved to its place: each of a
        # card's nodes stands in one place (ast.Card.where).
        if id(value) in self.shared:
            return ast.moved(value, place), None
        self.shared.add(id(value))
        return value, place

    def _built(self, builder: AstBuilder, start: str, text: str, offset: int, code: str,
               what: str) -> Any:
        """What `builder` makes of `text`, or _NOT_READ when it cannot be read or its effects
        nest too deep (checked once for each text, as it is built), reported."""
        try:
            value = self.grammar.build(builder, text, start)
        except UnexpectedInput as exc:
            self.diagnostics.append(parse_error(code, what, exc, self.grammar.parser,
                                                self.source, offset, text, start))
            return _NOT_READ
        if builder.deepest > MAX_NESTING:
            self.diagnostics.append(error(
                "CW114", self.source.span(offset, offset + len(text)),
                f"effects nest {builder.deepest} deep here; the most is {MAX_NESTING}",
                "split the sentence into simpler ones"))
            return _NOT_READ
        return value


# What the grammar's remembered texts give for a text not read before, and what a text that
# cannot be read is built as.
_NOT_READ = object()
