"""Shared helpers: the project's paths, compiling cards through the real pipeline, and playing
pacg set-ups written inline."""

from __future__ import annotations

import os
import shutil
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from lark import Tree
from lark.exceptions import UnexpectedInput

from compiler import ast
from compiler.build import compile_paths
from compiler.play import load_cards
from compiler.runtime import pacg as rt
from compiler.syntax.grammars import GameGrammar
from compiler.syntax.reducing import MethodFor
from compiler.syntax.source import SourceText
from compiler.syntax.transform import AstBuilder, rule_method

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"
SCENARIOS = ROOT / "scenarios"
# The shared documents beside the project: the language contract, the seeds and the corpus.
SHARED = Path(os.environ.get("CARDWRIGHT_SHARED", ROOT.parent / "shared"))


def card_text(text: str) -> str:
    return textwrap.dedent(text).lstrip()


@pytest.fixture
def chdir_root(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Run in the project root, as the README's commands do."""
    monkeypatch.chdir(ROOT)
    yield ROOT


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the project's cards in a project of its own, the working directory."""
    (tmp_path / "pyproject.toml").write_text("")
    shutil.copytree(CARDS, tmp_path / "cards")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture(scope="session")
def project_pool() -> dict[str, rt.CardDef]:
    """The project's own pacg cards, compiled and loaded."""
    compilation = compile_paths([CARDS / "pacg"])
    assert compilation.ok, compilation.diagnostics
    return load_cards(compilation, "pacg")


@pytest.fixture
def pool_with(tmp_path: Path, project_pool: dict[str, rt.CardDef]):
    """The project's pacg cards plus test cards given as card file text (`Game: pacg` is added)."""

    def build(extra: str) -> dict[str, rt.CardDef]:
        path = tmp_path / "extra.card"
        path.write_text("Game: pacg\n\n" + card_text(extra), encoding="utf-8")
        compilation = compile_paths([CARDS / "pacg", path])
        assert compilation.ok, [str(item) for item in compilation.diagnostics]
        return load_cards(compilation, "pacg")

    return build


def play_setup(cards: dict[str, rt.CardDef], seed: int = 1, **setup: Any) -> list[dict]:
    """Play a pacg set-up and return its events."""
    setup.setdefault("name", "test")
    setup.setdefault("turns", 1)
    return rt.play(setup, cards, seed).events


def events_of(events: list[dict], kind: str, **fields: Any) -> list[dict]:
    return [event for event in events if event["event"] == kind
            and all(event.get(key) == value for key, value in fields.items())]


def kinds(events: list[dict]) -> list[str]:
    return [event["event"] for event in events]


def walked(builder: Any, tree: Tree, method_for: MethodFor = rule_method) -> Any:
    """What `builder` makes of Lark's parse tree, walked from its leaves up: how the reader
    built texts before it built them as the parser reduced their rules, kept as the
    reference for that (compiler/syntax/reducing.py)."""
    children = [walked(builder, child, method_for) if isinstance(child, Tree) else child
                for child in tree.children]
    method = method_for(tree.data)
    if method is None:
        return builder.__default__(tree.data, children, tree.meta)
    return method(builder, tree.meta, *children)


def assert_built_as_walked(grammar: GameGrammar, source: SourceText, offset: int, text: str,
                           start: str) -> bool:
    """`text`, at `offset` in `source`, built as it is parsed is built as a walk of Lark's
    tree of it builds it: the same nodes, each with the same span, and the same mentions
    and depth noted on the way; or neither reads it.  Whether it read."""
    by_walk, as_parsed = (AstBuilder(source, offset, len(text)) for _ in range(2))
    try:
        tree = grammar.parser.parse(text, start=start)
    except UnexpectedInput:
        with pytest.raises(UnexpectedInput):
            grammar.build(as_parsed, text, start)
        return False
    expected, built = walked(by_walk, tree), grammar.build(as_parsed, text, start)
    assert built == expected, text
    assert [(type(node), node.span) for node in ast.walk(built)] \
        == [(type(node), node.span) for node in ast.walk(expected)], text
    assert (as_parsed.mentions, as_parsed.deepest) == (by_walk.mentions, by_walk.deepest)
    return True
