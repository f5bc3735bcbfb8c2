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
# Each card by its module's path, `<game>/<ident>`.
CARDS = {module_path(program)[:-3]: card for program, (card, _) in
         zip(COMPILATION.programs, COMPILATION.cards, strict=True)}
PROGRAMS = {module_path(program)[:-3]: program for program in COMPILATION.programs}
SCENARIO_FILES = sorted(SCENARIOS.rglob("*.toml"))


def test_every_card_compiles():
    assert COMPILATION.ok
    assert len(PROGRAMS) == COMPILATION.card_count


@pytest.mark.parametrize("card", sorted(PROGRAMS))
def test_card_ast(card, snapshot):
    assert ast.to_data(CARDS[card]) == snapshot


@pytest.mark.parametrize("card", sorted(PROGRAMS))
def test_card_ir(card, snapshot):
    assert PROGRAMS[card] == snapshot
    assert json.loads(ir.dumps(PROGRAMS[card])) == PROGRAMS[card]


@pytest.mark.parametrize("card", sorted(PROGRAMS))
def test_card_module(card, snapshot):
    assert COMPILATION.outputs[module_path(PROGRAMS[card])] == snapshot


def test_the_ucg_scenarios_together_reach_every_rule():
    """Swift and Unstoppable blocks, Overpower, Expertise and Assist striking first, Cunning
    blocking next turn, sequences resolving last first, and duels played to a winner."""
    played = {path.stem: play(path).log.events for path in SCENARIO_FILES
              if path.parent.name == "ucg"}
    events = [event for log in played.values() for event in log]

    def seen(kind: str, **fields: str) -> bool:
        return any(event["event"] == kind and all(event.get(key) == value
                                                  for key, value in fields.items())
                   for event in events)

    assert seen("overpower") and seen("unopposed", attacker="Wraith Blade")
    assert seen("strike", step="first", source="Ember Duelist")
    assert seen("strike", step="first", source="Shield Squire")
    assert seen("block", blockers=["Granite Colossus", "Shield Squire"])
    assert seen("after", character="Night Fox", zone="the Active Zone (Cunning)")
    assert seen("block", blockers=["Night Fox"])
    assert [e["play"] for e in played["sequence"] if e["event"] == "resolve"] == [
        "Fire Bolt (immediate)", "Iron Warden (ignite)", "Sapping Hex (immediate)",
        "Battle Fury (immediate)"]
    for name in ("embers-and-stone", "shadows", "mirror"):
        assert played[name][-1]["outcome"].endswith(" wins")


def test_the_pacg_scenarios_together_reach_every_rule():
    """A summon inside an encounter, a villain who escapes and one who cannot, an evade
    barred by immunity, and the rest of the sequence, each in some bundled scenario."""
    events = [event for path in SCENARIO_FILES if path.parent.name == "pacg"
              for event in play(path).log.events]

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
