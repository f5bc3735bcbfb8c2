"""Snapshots of what the compiler makes of every card in cards/ (its AST, IR and generated
module) and of every scenario's play log.  A changed snapshot is reviewed like code; CI never
updates them."""

from __future__ import annotations

import contextlib

import pytest

from compiler import ast
from compiler.backends.python import module_path
from compiler.build import compile_paths
from compiler.play import play
from tests.conftest import ROOT, SCENARIOS

with contextlib.chdir(ROOT):  # paths in the IR and modules are relative to the project
    COMPILATION = compile_paths(["cards"])
CARDS = {program["ident"]: card for program, (card, _) in
         zip(COMPILATION.programs, COMPILATION.cards, strict=True)}
PROGRAMS = {program["ident"]: program for program in COMPILATION.programs}
SCENARIO_FILES = sorted(SCENARIOS.rglob("*.toml"))


def test_every_card_compiles():
    assert COMPILATION.ok
    assert len(PROGRAMS) == COMPILATION.card_count


@pytest.mark.parametrize("ident", sorted(PROGRAMS))
def test_card_ast(ident, snapshot):
    assert ast.to_data(CARDS[ident]) == snapshot


@pytest.mark.parametrize("ident", sorted(PROGRAMS))
def test_card_ir(ident, snapshot):
    assert PROGRAMS[ident] == snapshot


@pytest.mark.parametrize("ident", sorted(PROGRAMS))
def test_card_module(ident, snapshot):
    assert COMPILATION.outputs[module_path(PROGRAMS[ident])] == snapshot


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_scenario_log(path, snapshot):
    played = play(path)
    assert played.compilation.ok
    assert played.log.text() == snapshot
