"""Finds the grammar files and builds each parser once per process.

The grammar directory is the table of what the language has: a game exists
when grammar/<game>.lark exists, and a field exists for a game when its
grammar has a rule named field_<name>.  Nothing else in the compiler lists
fields or games for the parser.
"""

from __future__ import annotations

import importlib.resources
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from lark import Lark

# grammar/ at the top of the repository, installed as the package compiler.grammar.
GRAMMAR_DIR = Path(str(importlib.resources.files("compiler.grammar")))
FRAME_GRAMMAR = "frame"
_FIELD_RULE = re.compile(r"\bfield_([a-z_]+)\b")


@dataclass(frozen=True)
class GameGrammar:
    """A game's parser and the header fields its grammar knows, by folded name, in the
    grammar's order."""

    game: str
    parser: Lark
    fields: dict[str, str]

    def field_start(self, folded_name: str) -> str | None:
        """The start rule that reads a field's value, or None for an unknown field."""
        return f"field_{folded_name.replace(' ', '_')}" if folded_name in self.fields else None


def game_ids() -> tuple[str, ...]:
    """Every game with a grammar file, in name order."""
    stems = (path.stem for path in GRAMMAR_DIR.glob("*.lark"))
    return tuple(sorted(stem for stem in stems if stem != FRAME_GRAMMAR))


@cache
def frame_parser() -> Lark:
    return Lark.open(str(GRAMMAR_DIR / f"{FRAME_GRAMMAR}.lark"), parser="lalr", strict=True,
                     start="card_file")


@cache
def game_grammar(game: str) -> GameGrammar:
    path = GRAMMAR_DIR / f"{game}.lark"
    # Fields in the order the grammar names them: the order the formatter writes them in.
    field_rules = list(dict.fromkeys(_FIELD_RULE.findall(path.read_text(encoding="utf-8"))))
    parser = Lark.open(
        str(path),
        parser="lalr",
        strict=True,
        propagate_positions=True,
        start=["sentence", *(f"field_{rule}" for rule in field_rules)],
    )
    fields = {rule.replace("_", " "): _display_name(rule) for rule in field_rules}
    return GameGrammar(game, parser, fields)


def _display_name(rule: str) -> str:
    """`armour_class` -> `Armour Class`: how a field is spelled in messages and by the formatter."""
    return " ".join(part.capitalize() for part in rule.split("_"))
