"""The language contract (../shared/LANGUAGE.md) and the designers' reference (docs/language.md):
every pacg example in them reads, checks and compiles, so neither can drift from the grammar."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler import ast
from compiler.build import compile_paths
from compiler.check.pacg import TYPES, WINDOWS
from tests.conftest import CARDS, ROOT, SHARED

LANGUAGE = SHARED / "LANGUAGE.md"
REFERENCE = ROOT / "docs" / "language.md"
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)


def fenced(text: str) -> list[tuple[str, str, str]]:
    """(heading, language tag, body) of each fenced block, with the heading it stands under."""
    blocks = []
    for match in _FENCE.finditer(text):
        headings = re.findall(r"^#+ (.*)$", text[: match.start()], re.M)
        blocks.append((headings[-1] if headings else "", match.group(1), match.group(2)))
    return blocks


def compile_example(tmp_path: Path, body: str):
    """Compile an example together with the project's cards, so it may name them."""
    if not re.search(r"^Game:", body, re.M):
        body = "Game: pacg\n\n" + body
    path = tmp_path / "example.card"
    path.write_text(body, encoding="utf-8")
    compilation = compile_paths([CARDS / "pacg", path])
    assert compilation.ok, [str(item) for item in compilation.diagnostics]
    return [card for card, name in compilation.cards if Path(name) == path]


def pacg_examples_of_the_contract() -> list[str]:
    if not LANGUAGE.exists():
        return []
    return [body for heading, _, body in fenced(LANGUAGE.read_text())
            if "Game: pacg" in body or heading.startswith("`pacg`")]


@pytest.mark.skipif(not LANGUAGE.exists(), reason="../shared/LANGUAGE.md is not beside the project")
def test_the_contract_has_pacg_examples():
    assert len(pacg_examples_of_the_contract()) >= 2


@pytest.mark.parametrize("body", pacg_examples_of_the_contract())
def test_every_pacg_example_of_the_contract_compiles(tmp_path, body):
    compile_example(tmp_path, body)


REFERENCE_EXAMPLES = [body for _, tag, body in fenced(REFERENCE.read_text()) if tag == "card"]


@pytest.mark.parametrize("body", REFERENCE_EXAMPLES)
def test_every_example_of_the_reference_compiles(tmp_path, body):
    assert compile_example(tmp_path, body)


def constructs(nodes: list[ast.Node]) -> dict[str, set]:
    """The pacg constructs a set of cards uses: node types, windows, costs, targets, places."""
    def values(node_type: type, attribute: str) -> set:
        return {getattr(node, attribute) for node in nodes if isinstance(node, node_type)}

    return {
        "nodes": {type(node).__name__ for node in nodes},
        "windows": values(ast.Triggered, "window"),
        "costs": values(ast.Activated, "cost"),
        "targets": values(ast.Target, "kind"),
        "close modes": values(ast.CloseLocation, "mode"),
        "card actions": values(ast.CardAction, "action"),
        "places": values(ast.MoveSelf, "place"),
        "immunities naming the card": {node.subject is not None
                                       for node in nodes if isinstance(node, ast.Immunity)},
        "types": {card.type for card in nodes if isinstance(card, ast.Card)},
    }


EVERY_PACG_CONSTRUCT = {
    "nodes": {cls.__name__ for cls in vars(ast).values() if isinstance(cls, type)
              and issubclass(cls, ast.Effect | ast.Sentence)} - {
                  "Effect", "Sentence", "Keywords", "Untimed"},  # pacg has neither
    "windows": set(WINDOWS),
    "costs": set(ast.COSTS),
    "targets": set(ast.TARGET_KINDS),
    "close modes": {"close", "temporarily_close", "attempt_close"},
    "card actions": {"discard", "bury", "banish", "recharge"},
    "places": {"shuffle", "top", "bottom"},
    "immunities naming the card": {True, False},
    "types": set(TYPES),
}


def assert_every_construct(nodes: list[ast.Node]) -> None:
    seen = constructs(nodes)
    missing = {key: EVERY_PACG_CONSTRUCT[key] - seen[key] for key in EVERY_PACG_CONSTRUCT}
    assert not any(missing.values()), missing


def test_the_reference_shows_every_construct(tmp_path):
    nodes: list[ast.Node] = []
    for index, body in enumerate(REFERENCE_EXAMPLES):
        folder = tmp_path / str(index)
        folder.mkdir()
        nodes.extend(ast.walk(compile_example(folder, body)))
    assert_every_construct(nodes)


def test_the_project_cards_use_every_construct():
    compilation = compile_paths([CARDS / "pacg"])
    assert_every_construct(list(ast.walk([card for card, _ in compilation.cards])))
