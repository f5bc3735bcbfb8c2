"""Snapshots of what the compiler makes of every card in cards/ (its AST, IR and generated
module) and of every scenario's play log.  A changed snapshot is reviewed like code; CI never
updates them."""

from __future__ import annotations

import contextlib
import json

import pytest

from compiler import ast, ir
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
    assert json.loads(ir.dumps(PROGRAMS[ident])) == PROGRAMS[ident]


@pytest.mark.parametrize("ident", sorted(PROGRAMS))
def test_card_module(ident, snapshot):
    assert COMPILATION.outputs[module_path(PROGRAMS[ident])] == snapshot


def test_the_scenarios_together_reach_every_rule():
    """A summon inside an encounter, a villain who escapes and one who cannot, an evade
    barred by immunity, and the rest of the sequence, each in some bundled scenario."""
    events = [event for path in SCENARIO_FILES for event in play(path).log.events]

    def seen(kind: str, **fields: str) -> bool:
        return any(event["event"] == kind and all(str(event.get(key, "")).startswith(value)
                                                   for key, value in fields.items())
                   for event in events)

    assert seen("encounter", origin="summoned")
    assert seen("escapes") and seen("cannot_escape") and seen("outcome", outcome="won")
    assert seen("refused", reason="Bog Lurker is immune")
    assert seen("evaded") and seen("put_away", where="returned to the box")
    assert seen("temporarily_closed") and seen("close_attempt", how="for good")
    assert seen("reduced") and seen("added") and seen("check", result="failure")
    assert seen("undefeated") and seen("put_away", where="shuffled into")
    assert seen("acquired")


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_scenario_log(path, snapshot):
    played = play(path)
    assert played.compilation.ok
    assert played.log.text() == snapshot
