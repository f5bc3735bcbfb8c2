"""Finds the grammar files and builds each parser once per process.

The grammar directory is the table of what the language has: a game exists
when grammar/<game>.lark exists, and a field exists for a game when its
grammar has a rule named field_<name>.  Nothing else in the compiler lists
fields or games for the parser.
"""

from __future__ import annotations

import importlib.resources
import json
import logging
import re
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from lark import Lark

from compiler.cache import compact_json, key_of, project_cache
from compiler.memo import remember
from compiler.syntax import tables
from compiler.syntax.lalr import IndexedLalrParser
from compiler.syntax.reducing import ReducingParser
from compiler.syntax.transform import AstBuilder, rule_method

# grammar/ at the top of the repository, installed as the package compiler.grammar.
GRAMMAR_DIR = Path(str(importlib.resources.files("compiler.grammar")))
FRAME_GRAMMAR = "frame"
_FIELD_RULE = re.compile(r"\bfield_([a-z0-9_]+)\b")
# Tells of the parser tables being made, the one long wait before a first run reports
# anything (the command line shows it on a terminal).
_log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameGrammar:
    """A game's parser and the header fields its grammar knows, by folded name, in the
    grammar's order."""

    game: str
    parser: Lark
    fields: dict[str, str]
    # The start rules that are one TEXT terminal (`field_name: TEXT`): the text as written,
    # trimmed, on one line, is what they read, so the reader takes such a text as it is
    # rather than parse it (every card has a name of its own, and parsing them was a sixth
    # of a check).  tests/test_syntax.py holds the builder to that.
    text_rules: frozenset[str] = frozenset()
    # What texts read before became, by (start rule, text), as the reader built them at the
    # start of a text of their own: card text repeats itself (`Type: Monster`, `If defeated,
    # ...`), and the reader moves what it built before to where the text stands.
    remembered: dict[tuple[str, str], Any] = field(default_factory=dict, compare=False)
    # The fields headers name, by how they are written (field_as_written).
    _written_fields: dict[str, tuple[str, str, int] | None] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    @cached_property
    def _reducing(self) -> ReducingParser:
        return ReducingParser(self.parser, rule_method)

    def build(self, builder: AstBuilder, text: str, start: str) -> Any:
        """What `builder` makes of `text` read from the rule `start`, built as it is parsed;
        raises lark's UnexpectedInput."""
        return self._reducing.build(builder, text, start)

    def remember(self, key: tuple[str, str], value: Any) -> None:
        remember(self.remembered, key, value)

    def field_start(self, folded_name: str) -> str | None:
        """The start rule that reads a field's value, or None for an unknown field."""
        return f"field_{folded_name.replace(' ', '_')}" if folded_name in self.fields else None

    def field_as_written(self, written: str) -> tuple[str, str, int] | None:
        """The start rule, name and place in the grammar's order of the field a header
        names as `written` (`Check`, `armour  class`), or None for an unknown field: found
        once for each spelling, as every card of a pool writes the same few."""
        known = self._written_fields.get(written, False)
        if known is False:  # remembered, within bounds: a hostile file makes fields up
            folded = " ".join(written.lower().split())
            start = self.field_start(folded)
            known = remember(self._written_fields, written, None if start is None else (
                start, self.fields[folded], list(self.fields).index(folded)))
        return known


def forget_readings() -> None:
    """Make every game's grammar forget the texts it remembers, as a new process starts: a
    benchmark's runs in one process must each read the pool afresh."""
    for game in game_ids():
        game_grammar(game).remembered.clear()


def game_ids() -> tuple[str, ...]:
    """Every game with a grammar file, in name order."""
    stems = (path.stem for path in GRAMMAR_DIR.glob("*.lark"))
    return tuple(sorted(stem for stem in stems if stem != FRAME_GRAMMAR))


@cache
def frame_parser() -> Lark:
    return _parser(FRAME_GRAMMAR, start=["card_file"], propagate_positions=False)


@cache
def game_grammar(game: str) -> GameGrammar:
    path = GRAMMAR_DIR / f"{game}.lark"
    # Fields in the order the grammar names them: the order the formatter writes them in.
    field_rules = list(dict.fromkeys(_FIELD_RULE.findall(path.read_text(encoding="utf-8"))))
    parser = _parser(game, start=["sentence", *(f"field_{rule}" for rule in field_rules)],
                     propagate_positions=True)
    fields = {rule.replace("_", " "): _display_name(rule) for rule in field_rules}
    return GameGrammar(game, parser, fields, _text_rules(parser))


@cache
def game_keywords(game: str) -> frozenset[str]:
    """The words a game's grammar spells out (`difficulty`, `proficient`), folded: what the
    card language knows to be a word, for an importer mending text it was handed."""
    return frozenset(str(terminal.pattern.value).casefold()
                     for terminal in game_grammar(game).parser.terminals
                     if terminal.pattern.type == "str")


def _text_rules(parser: Lark) -> frozenset[str]:
    """The start rules whose one way of being read is one TEXT terminal
    (GameGrammar.text_rules): a rule within a value (`monster_name`) is built as it is read."""
    starts = set(parser.options.start)
    expansions: dict[str, list[list[str]]] = {}
    for rule in parser.rules:
        expansions.setdefault(str(rule.origin.name), []).append(
            [item.name for item in rule.expansion])
    return frozenset(name for name, ways in expansions.items()
                     if ways == [["TEXT"]] and name in starts)


def _parser(grammar: str, start: list[str], propagate_positions: bool) -> Lark:
    """The LALR parser of grammar/<grammar>.lark, its tables from the project's cache when
    they are there (building them is most of a short run's time), kept across versions of
    cardwright that change neither the grammars nor compiler.syntax (cache.fingerprint)."""
    cached = project_cache("tables")
    key = key_of("tables", grammar, *start, str(propagate_positions), made_by="syntax")
    stored = cached.get(key)
    if stored is not None:
        try:
            return tables.loaded(stored)
        except tables.UNREADABLE:  # not tables Lark can load: made again
            pass
    # Made from the grammar: for pacg's, from every start rule, 3 s of this machine's time
    # (docs/performance.md).
    _log.info("making the parser tables of %s.lark, once for this version of the grammar "
              "(a large grammar's take a few seconds)", grammar)
    stored = tables.storable(made_parser(grammar, start, propagate_positions))
    cached.put(key, stored)
    # The parser of the tables as a later run reads them, so that every run, the first too,
    # parses with the same lexers and callbacks (tables.loaded, reducing).
    return tables.loaded(json.loads(compact_json(stored)))


def made_parser(grammar: str, start: list[str], propagate_positions: bool) -> Lark:
    """Lark's LALR parser of grammar/<grammar>.lark, made from the grammar (_TablesOnly)."""
    return _TablesOnly.open(str(GRAMMAR_DIR / f"{grammar}.lark"), parser="lalr", strict=True,
                            propagate_positions=propagate_positions, start=start)


class _TablesOnly(Lark):
    """Lark without its lexer's checks of the grammar's terminals (each compiles, none
    matches nothing, no two can match the same text), which are the grammar's and not the
    cards': the tests make every grammar with them (tests/test_syntax.py), and a user's first
    run need not.  The last, which Lark makes whenever interegular is installed, strict or
    not, was two thirds of making pacg's tables (22.6 s against 7.7 s).  `strict` still
    refuses a grammar with a conflict: the LALR analysis finds those anyway.  Nothing else
    changes: the lexer's configuration keeps no trace of the checks (skip_validation is not
    among what Lark stores of it).

    Its tables are made by lalr.IndexedLalrParser (pacg's in 2.8 s against 7.3 s with
    Lark's own analysis, the same tables), through the option Lark substitutes a parser
    class by, taken back once the parser is made: Lark would store it with the tables, and
    a parser loaded from them has no use for it."""

    def _build_parser(self) -> Any:
        self.lexer_conf.skip_validation = True
        self.options._plugins = {"LALR_Parser": IndexedLalrParser}
        try:
            return super()._build_parser()
        finally:
            self.options._plugins = {}


def read_grammar(grammar: str, start: list[str]) -> Lark:
    """grammar/<grammar>.lark's rules and terminals, as the parser has them, for what reads
    the grammar rather than parses with it (hypothesis.extra.lark): in a Lark of the Earley
    kind, which makes no tables before it parses (pacg's from `sentence`: 0.7 to 0.9 s,
    against 10 s for its LALR tables)."""
    return Lark.open(str(GRAMMAR_DIR / f"{grammar}.lark"), parser="earley", lexer="dynamic",
                     start=start)


# Parts of fields' names that are abbreviations, spelled in capitals.
_ABBREVIATIONS = ("thac0", "xp")


def _display_name(rule: str) -> str:
    """`armour_class` -> `Armour Class`: how a field is spelled in messages and by the formatter;
    `thac0` -> `THAC0`."""
    return " ".join(part.upper() if part in _ABBREVIATIONS else part.capitalize()
                    for part in rule.split("_"))
