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


def scenario_events(game: str) -> dict[str, list[dict]]:
    """Each bundled scenario of a game, by name, with the events of its play."""
    return {path.stem: play(path).log.events for path in SCENARIO_FILES
            if path.parent.name == game}


def seen(logs: dict[str, list[dict]], kind: str, **fields: object) -> bool:
    """Whether some event of `kind` in the logs has the fields given (a text field may be
    given by how it begins)."""
    def matches(actual: object, wanted: object) -> bool:
        return actual == wanted or (isinstance(wanted, str) and isinstance(actual, str)
                                    and actual.startswith(wanted))

    return any(event["event"] == kind and all(matches(event.get(key), value)
                                              for key, value in fields.items())
               for log in logs.values() for event in log)


def test_the_ucg_scenarios_together_reach_every_rule():
    """Swift and Unstoppable blocks, Overpower, Expertise and Assist striking first, Cunning
    blocking next turn, sequences resolving last first, and duels played to a winner."""
    played = scenario_events("ucg")
    assert seen(played, "overpower") and seen(played, "unopposed", attacker="Wraith Blade")
    assert seen(played, "strike", step="first", source="Ember Duelist")
    assert seen(played, "strike", step="first", source="Shield Squire")
    assert seen(played, "block", blockers=["Granite Colossus", "Shield Squire"])
    assert seen(played, "after", character="Night Fox", zone="the Active Zone (Cunning)")
    assert seen(played, "block", blockers=["Night Fox"])
    assert [e["play"] for e in played["sequence"] if e["event"] == "resolve"] == [
        "Fire Bolt (immediate)", "Iron Warden (ignite)", "Sapping Hex (immediate)",
        "Battle Fury (immediate)"]
    for name in ("embers-and-stone", "shadows", "mirror"):
        assert played[name][-1]["outcome"].endswith(" wins")


def test_the_pacg_scenarios_together_reach_every_rule():
    """A summon inside an encounter, a villain who escapes and one who cannot, an evade
    barred by immunity, and the rest of the sequence, each in some bundled scenario."""
    played = scenario_events("pacg")
    assert seen(played, "encounter", origin="summoned")
    assert seen(played, "escapes") and seen(played, "cannot_escape")
    assert seen(played, "outcome", outcome="won")
    assert seen(played, "refused", reason="Bog Lurker is immune")
    assert seen(played, "evaded") and seen(played, "put_away", where="returned to the box")
    assert seen(played, "temporarily_closed") and seen(played, "close_attempt", how="for good")
    assert seen(played, "reduced") and seen(played, "added")
    assert seen(played, "check", result="failure")
    assert seen(played, "undefeated") and seen(played, "put_away", where="shuffled into")
    assert seen(played, "acquired")


def test_the_random_encounters_scenarios_together_reach_every_rule():
    """Whole games of 1, 2 and 4 players played to the end, won and lost, and on the way each
    kind of encounter, the die's Stars, Loot and the rewards of a level."""
    played = scenario_events("random-encounters")
    for name in ("one-player", "two-players", "four-players"):
        assert played[name][-1]["event"] == "outcome"
    assert seen(played, "outcome", outcome="won") and seen(played, "outcome", outcome="lost")
    assert seen(played, "first_leader") and seen(played, "boss_defeated")
    assert seen(played, "ambush") and seen(played, "nest") and seen(played, "skipped")
    assert seen(played, "set_aside") and seen(played, "side_quest_done")
    assert seen(played, "side_quest_failed")
    assert seen(played, "roll", face="1") and seen(played, "roll_result", result="failure")
    assert seen(played, "foe_reroll") and seen(played, "foe_ability", when="on a Star")
    assert seen(played, "foe_ability", when="at the start of its turn")
    assert seen(played, "combat_ability") and seen(played, "no_effect_reroll")
    assert seen(played, "star_token") and seen(played, "explorer_ability")
    assert seen(played, "equip") and seen(played, "enchant") and seen(played, "item")
    assert seen(played, "discarded") and seen(played, "sell") and seen(played, "stat_token")
    assert seen(played, "knocked_out")


def test_the_ose_scenarios_together_reach_every_step():
    """Dungeon, wilderness and water; each reason a side is not surprised, and a side that is;
    a lone side's advantage and a tie; reactions rolled and not; each response, and an
    evasion let go and one pursued."""
    played = scenario_events("ose")
    for reason in ("they expect", "one of them is never", "the other side's light"):
        assert seen(played, "not_surprised", reason=reason)
    assert seen(played, "surprise", result="surprised") and seen(played, "advantage")
    for unit, dice in (("feet", "2d6"), ("yards", "4d6"), ("yards", "1d4")):
        assert seen(played, "distance", unit=unit, dice=dice)
    assert seen(played, "initiative", first="a tie") and seen(played, "always_attacks")
    assert seen(played, "reaction", speaker="nobody") and seen(played, "reaction", bonus=2)
    for response in ("fight", "evade", "parley"):
        assert seen(played, "response", response=response)
    for outcome in ("combat", "evaded", "pursued", "parley"):
        assert seen(played, "conclusion", outcome=outcome)
    assert seen(played, "appear") and seen(played, "appear_fixed")


def test_the_gloomhaven_scenarios_together_reach_every_rule():
    """Rounds won, lost and drawn; cards to each pile, a basic action, long rests and an
    exhausted character; attacks, retaliation, conditions, a stun and a kill; a monster's
    own damage and a summon."""
    played = scenario_events("gloomhaven")
    for outcome in ("won", "lost", "a draw"):
        assert seen(played, "outcome", outcome=outcome)
    for where in ("lost", "active", "discarded"):
        assert seen(played, "placed", where=where)
    assert seen(played, "action", basic=" as Attack 2") and seen(played, "rested")
    assert seen(played, "exhausted") and seen(played, "retaliation")
    assert seen(played, "stunned") and seen(played, "killed") and seen(played, "ward")
    assert seen(played, "suffers") and seen(played, "summons")


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_scenario_log(path, snapshot):
    played = play(path)
    assert played.compilation.ok
    assert played.log.text() == snapshot
