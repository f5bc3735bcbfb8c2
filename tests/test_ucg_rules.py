"""The ucg encounter (seeds/ucg-encountering-the-enemy.txt): the seed's worked examples, number
for number, and a test for each keyword's rule.  Test cards are compiled from card text like
the project's own; scripts fix every choice."""

from __future__ import annotations

from typing import Any

import pytest

from compiler.build import compile_paths
from compiler.play import load_cards
from compiler.runtime.log import EventLog
from compiler.runtime.ucg import ScenarioError, scenario
from compiler.runtime.ucg.messages import MESSAGES
from tests.conftest import CARDS, card_text
from tests.conftest import events_of as of

TEST_CARDS = """
Name: One
Type: Character
Combat: 1
---
Name: Two
Type: Character
Combat: 2
---
Name: Three
Type: Character
Combat: 3
---
Name: Four
Type: Character
Combat: 4
---
Name: Five
Type: Character
Combat: 5
---
Name: Assist Two
Type: Character
Combat: 2

Assist.
---
Name: Assist Three
Type: Character
Combat: 3

Assist.
---
Name: Expert Two
Type: Character
Combat: 2

Expertise.
---
Name: Expert Five
Type: Character
Combat: 5

Expertise.
---
Name: Overpower Four
Type: Character
Combat: 4

Overpower.
---
Name: Swift Two
Type: Character
Combat: 2

Swift.
---
Name: Unstoppable Two
Type: Character
Combat: 2

Unstoppable.
---
Name: Cunning Three
Type: Character
Combat: 3

Cunning.
Ignite: Deal 1 damage to target player.
---
Name: Pump
Type: Effect

Immediate: Target character gets +2 Combat until end of turn.
---
Name: Zap
Type: Effect

Immediate: Deal 2 damage to target character.
---
Name: Sap
Type: Effect

Immediate: Target character gets -2 Combat until end of turn.
---
Name: Jab
Type: Effect

Immediate: Deal 1 damage to target player.
"""
FILLER = ["One"] * 10  # drawn but never played: the scripts play no character


@pytest.fixture(scope="module")
def cards(tmp_path_factory) -> dict[str, Any]:
    path = tmp_path_factory.mktemp("ucg") / "test.card"
    path.write_text("Game: ucg\n\n" + card_text(TEST_CARDS), encoding="utf-8")
    compilation = compile_paths([CARDS / "ucg", path])
    assert compilation.ok, [str(item) for item in compilation.diagnostics]
    return load_cards(compilation, "ucg")


def duel(cards, attacker: dict, defender: dict, script: dict, turns: int = 1, seed: int = 1):
    """Set up a duel (no starting hands unless given), play `turns` turns, and return the
    duel and its events."""
    setup = {"name": "test", "hand": 0, "script": {"play": ["none"] * turns, **script},
             "players": [{"name": "Attacker", "deck": FILLER, **attacker},
                         {"name": "Defender", "deck": FILLER, **defender}]}
    events = EventLog(MESSAGES)
    table = scenario.set_up(setup, cards, seed, events)
    for turn in range(1, turns + 1):
        scenario.take_turn(table, table.players[(turn - 1) % 2], turn)
        if table.over:
            break
    return table, events.events


def names(characters) -> list[str]:
    return [character.name for character in characters]


# -- the worked examples ----------------------------------------------------------------------


def test_three_against_two(cards):
    """The attacker slays the blocker, takes two damage counters, and is exhausted."""
    table, events = duel(cards, {"active": ["Three"]}, {"active": ["Two"]},
                         {"attack": ["Three", "stop"], "block": [["Two"]]})
    attacker, defender = table.players
    assert names(defender.active) == [] and [card.name for card in defender.void] == ["Two"]
    assert names(attacker.exhausted) == ["Three"]
    # Damage counters stay until the end of the turn; the turn has ended here.
    strikes = [(e["source"], e["target"], e["amount"]) for e in of(events, "strike")]
    assert strikes == [("Three", "Two", 3), ("Two", "Three", 2)]
    assert [e["damage"] for e in of(events, "strike")] == [3, 2]


def test_a_smaller_attacker_only_weakens_a_larger_blocker(cards):
    table, events = duel(cards, {"active": ["Two", "Three"]}, {"active": ["Four"]},
                         {"attack": ["Two", "Three", "stop"], "block": [["Four"], ["Four"]]})
    attacker, defender = table.players
    first, second, third, fourth = [(e["source"], e["target"], e["damage"])
                                    for e in of(events, "strike")]
    assert first == ("Two", "Four", 2) and second == ("Four", "Two", 4)
    # The blocker returns to the Active Zone with its counters, weaker for the next attacker.
    assert third == ("Three", "Four", 5) and fourth == ("Four", "Three", 4)
    assert [card.name for card in defender.void] == ["Four"]
    assert [card.name for card in attacker.void] == ["Two", "Three"]


@pytest.mark.parametrize(("split", "slain", "survivor", "counters"), [
    ({"Assist Two": 2, "Four": 3}, "Assist Two", "Four", 3),
    ({"Four": 4, "Assist Two": 1}, "Four", "Assist Two", 1),
])
def test_the_assist_block_of_four_and_two_against_five(cards, split, slain, survivor, counters):
    table, events = duel(cards, {"active": ["Five"]}, {"active": ["Four", "Assist Two"]},
                         {"attack": ["Five", "stop"], "block": [["Four", "Assist Two"]],
                          "assign": [split]})
    attacker, defender = table.players
    taken = sum(e["amount"] for e in of(events, "strike") if e["target"] == "Five")
    assert taken == 6
    assert [card.name for card in attacker.void] == ["Five"]
    assert [card.name for card in defender.void] == [slain]
    assert names(defender.active) == [survivor]
    assert next(e for e in of(events, "strike") if e["target"] == survivor)["damage"] == \
        counters


def test_expertise_two_against_two_strikes_first_and_takes_nothing(cards):
    table, events = duel(cards, {"active": ["Expert Two"]}, {"active": ["Two"]},
                         {"attack": ["Expert Two", "stop"], "block": [["Two"]]})
    attacker, defender = table.players
    strikes = [(e["step"], e["source"], e["target"]) for e in of(events, "strike")]
    assert strikes == [("first", "Expert Two", "Two")]
    assert names(attacker.exhausted) == ["Expert Two"]
    assert [card.name for card in defender.void] == ["Two"]


def test_expertise_two_against_a_larger_blocker_is_struck_back(cards):
    table, events = duel(cards, {"active": ["Expert Two"]}, {"active": ["Four"]},
                         {"attack": ["Expert Two", "stop"], "block": [["Four"]]})
    attacker, defender = table.players
    strikes = [(e["step"], e["source"], e["target"], e["amount"]) for e in of(events, "strike")]
    assert strikes == [("first", "Expert Two", "Four", 2), ("then", "Four", "Expert Two", 4)]
    assert [card.name for card in attacker.void] == ["Expert Two"]
    assert names(defender.active) == ["Four"]


def test_a_blocker_with_expertise_slays_the_attacker_before_it_strikes(cards):
    table, events = duel(cards, {"active": ["Three"]}, {"active": ["Expert Five"]},
                         {"attack": ["Three", "stop"], "block": [["Expert Five"]]})
    attacker, _defender = table.players
    assert [(e["source"], e["target"]) for e in of(events, "strike")] == [
        ("Expert Five", "Three")]
    assert [card.name for card in attacker.void] == ["Three"]


def test_overpower_four_against_a_two_blocker_with_three_cards_left(cards):
    table, events = duel(cards, {"active": ["Overpower Four"]},
                         {"active": ["Two"], "deck": ["One"] * 3},
                         {"attack": ["Overpower Four", "stop"], "block": [["Two"]]})
    attacker, defender = table.players
    assert (of(events, "strike")[0]["amount"], of(events, "overpower")[0]["amount"]) == (2, 2)
    assert len(defender.deck) == 1
    assert sorted(card.name for card in defender.void) == ["One", "One", "Two"]
    # The blocker strikes back for two: the attacker survives, exhausted.
    assert names(attacker.exhausted) == ["Overpower Four"]


# -- the other rules --------------------------------------------------------------------------


def test_unopposed_damage_mills_the_deck_and_below_zero_loses_at_once(cards):
    table, events = duel(cards, {"active": ["Five"]}, {"deck": ["One"] * 3},
                         {"attack": ["Five", "stop"]})
    assert of(events, "unopposed")[0]["amount"] == 5
    assert table.outcome == "Attacker wins"
    assert events[-1]["event"] == "outcome"


def test_a_blocking_overpower_character_sends_nothing_to_the_deck(cards):
    table, events = duel(cards, {"active": ["Two"]}, {"active": ["Overpower Four"]},
                         {"attack": ["Two", "stop"], "block": [["Overpower Four"]]})
    assert not of(events, "overpower")
    assert len(table.players[0].deck) == len(FILLER) - 1  # only the turn's draw


def test_swift_is_blocked_only_by_swift_and_unstoppable_by_nobody(cards):
    _, events = duel(cards, {"active": ["Swift Two", "Unstoppable Two"]},
                      {"active": ["Five", "Swift Two"]},
                      {"attack": ["Swift Two", "Unstoppable Two", "stop"]})
    first_block = of(events, "block")
    assert [e["blockers"] for e in first_block] in ([["Swift Two"]], [])
    with pytest.raises(ScenarioError, match="Swift"):
        duel(cards, {"active": ["Swift Two"]}, {"active": ["Five", "Swift Two"]},
             {"attack": ["Swift Two", "stop"], "block": [["Five"]]})
    # Nobody can block the Unstoppable, so the defender is not even asked.
    _, events = duel(cards, {"active": ["Unstoppable Two"]}, {"active": ["Swift Two"]},
                         {"attack": ["Unstoppable Two", "stop"], "block": [["Swift Two"]]})
    assert of(events, "unopposed") and not of(events, "block")


def test_swift_blocks_anyone(cards):
    _, events = duel(cards, {"active": ["Three"]}, {"active": ["Swift Two"]},
                         {"attack": ["Three", "stop"], "block": [["Swift Two"]]})
    assert of(events, "block")[0]["blockers"] == ["Swift Two"]


def test_assist_joins_only_after_a_blocker_without_it(cards):
    with pytest.raises(ScenarioError, match="without Assist"):
        duel(cards, {"active": ["Five"]}, {"active": ["Assist Two", "Assist Three"]},
             {"attack": ["Five", "stop"], "block": [["Assist Two", "Assist Three"]]})
    with pytest.raises(ScenarioError, match="only characters with Assist"):
        duel(cards, {"active": ["Five"]}, {"active": ["Four", "Two"]},
             {"attack": ["Five", "stop"], "block": [["Four", "Two"]]})


def test_cunning_returns_to_the_active_zone_and_blocks_on_the_next_turn(cards):
    table, events = duel(cards, {"active": ["Cunning Three"]}, {"active": ["Two"]},
                         {"attack": ["Cunning Three", "stop", "Two", "stop"],
                          "block": ["none", ["Cunning Three"]], "sequence": []}, turns=2)
    assert of(events, "after")[0] == {**of(events, "after")[0],
                                        "character": "Cunning Three",
                                        "zone": "the Active Zone (Cunning)"}
    assert of(events, "block")[0]["blockers"] == ["Cunning Three"]
    assert "Two" in [card.name for card in table.players[1].void]


def test_cunning_that_activated_an_ability_is_exhausted(cards):
    table, events = duel(cards, {"active": ["Cunning Three"]}, {},
                         {"attack": ["Cunning Three", "stop"],
                          "sequence": [{"player": "Attacker", "play": "Cunning Three",
                                        "target_player": "Defender"}]})
    assert of(events, "play")[0]["play"] == "Cunning Three (ignite)"
    assert names(table.players[0].exhausted) == ["Cunning Three"]


def test_a_character_attacks_once_a_turn(cards):
    with pytest.raises(ScenarioError, match="attack with 'Three'"):
        duel(cards, {"active": ["Three"]}, {}, {"attack": ["Three", "Three"]})


def test_a_scripted_play_with_no_target_named_takes_the_default_player_s(cards):
    """`{player, play}` with no `target`: the play is the script's, its target the default
    player's (a bonus on its own attacker), as the trials of single cards play them."""
    _, events = duel(cards, {"active": ["Three"], "hand": ["Pump"]}, {"active": ["Two"]},
                     {"attack": ["Three", "stop"], "block": [["Two"]],
                      "sequence": [{"player": "Attacker", "play": "Pump"}]})
    assert [e["targets"] for e in of(events, "play")] == [["Three"]]


def test_plays_need_a_free_effect_zone(cards):
    setup_script = {"attack": ["Three", "stop"], "block": [["Two"]],
                    "sequence": [{"player": "Attacker", "play": "Pump", "target": "Three"},
                                 {"player": "Attacker", "play": "Pump", "target": "Three"}]}
    table, events = duel(cards, {"active": ["Three"], "hand": ["Pump", "Pump"]},
                         {"active": ["Two"]}, setup_script)
    plays = of(events, "play")
    # Two zones: both plays fit, each leaving one fewer free.
    assert [e["zones"] for e in plays] == [1, 0]
    # With none free, a third play cannot be made: the card stays in hand.
    table, events = duel(cards, {"active": ["Three"], "hand": ["Pump", "Pump", "Pump"]},
                         {"active": ["Two"]},
                         {**setup_script, "sequence": setup_script["sequence"] * 2})
    assert len(of(events, "play")) == 2
    assert [card.name for card in table.players[0].hand].count("Pump") == 1


# -- rulings (docs/rulings.md) --------------------------------------------------------------


def test_ruling_a_blocker_with_assist_strikes_first(cards):
    _, events = duel(cards, {"active": ["Five"]}, {"active": ["Four", "Assist Two"]},
                         {"attack": ["Five", "stop"], "block": [["Four", "Assist Two"]]})
    first = [(e["source"], e["target"]) for e in of(events, "strike") if e["step"] == "first"]
    assert first == [("Assist Two", "Five")]


def test_ruling_a_single_character_with_assist_may_block_alone(cards):
    _, events = duel(cards, {"active": ["One"]}, {"active": ["Assist Three"]},
                         {"attack": ["One", "stop"], "block": [["Assist Three"]]})
    assert of(events, "block")[0]["blockers"] == ["Assist Three"]


def test_ruling_a_sequence_resolves_last_played_first(cards):
    _, events = duel(cards, {"active": ["Three"], "hand": ["Pump"]},
                         {"active": ["Four"], "hand": ["Zap"]},
                         {"attack": ["Three", "stop"], "block": [["Four"]],
                          "sequence": [{"player": "Attacker", "play": "Pump", "target": "Three"},
                                       {"player": "Defender", "play": "Zap",
                                        "target": "Three"}]})
    assert [e["play"] for e in of(events, "resolve")] == ["Zap (immediate)", "Pump (immediate)"]
    # Zap's 2 damage leaves the 3 standing; Pump then makes it a 5, which slays the 4 and
    # takes 4 more: 6 counters against 5, so both are slain.
    assert [(e["source"], e["amount"]) for e in of(events, "strike")] == [("Three", 5),
                                                                         ("Four", 4)]
    assert [e["character"] for e in of(events, "slain")] == ["Three", "Four"]


def test_ruling_lowering_combat_to_the_damage_taken_slays(cards):
    _, events = duel(cards, {"active": ["Three"], "hand": ["Sap", "Zap"]},
                         {"active": ["Four"]},
                         {"attack": ["Three", "stop"], "block": [["Four"]], "sequence": [
                             {"player": "Attacker", "play": "Sap", "target": "Four"},
                             {"player": "Defender", "play": "pass"},
                             {"player": "Attacker", "play": "Zap", "target": "Four"}]})
    order = [(e["event"], e.get("character")) for e in events
             if e["event"] in ("damaged", "combat_changed", "slain")]
    assert order == [("damaged", "Four"), ("combat_changed", "Four"), ("slain", "Four")]


def test_ruling_drawing_from_an_empty_deck_loses(cards):
    table, events = duel(cards, {"deck": []}, {}, {})
    assert table.outcome == "Defender wins"
    assert events[-1]["reason"] == "Attacker had to draw from an empty deck"


def test_ruling_only_characters_in_the_active_zone_block(cards):
    _, events = duel(cards, {"active": ["Three"]}, {"active": ["Two"]},
                         {"attack": ["Three", "stop", "Two", "stop"], "block": ["none"]},
                         turns=2)
    # The attacker's Three is exhausted on the defender's turn: the defender's attack with
    # Two goes unopposed.
    assert [e["attacker"] for e in of(events, "unopposed")] == ["Three", "Two"]
