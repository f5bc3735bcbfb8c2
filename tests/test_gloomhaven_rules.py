"""Gloomhaven (seeds/gloomhaven-character-turn.txt): the rules' worked example, number for
number, and a test for each rule of the character turn and the initiative order.  Scripts
fix the characters' choices; the monster decks are set in order where a test needs a card."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from compiler.build import compile_paths
from compiler.play import load_cards
from compiler.runtime.gloomhaven import Action, ScenarioError, play
from compiler.runtime.gloomhaven.messages import MESSAGES
from compiler.runtime.gloomhaven.policy import Policy
from compiler.runtime.gloomhaven.rounds import (
    Game,
    initiative_order,
    parts,
    play_round,
    reveal_monster_cards,
)
from compiler.runtime.gloomhaven.scenario import set_up
from compiler.runtime.gloomhaven.trial import trial
from compiler.runtime.log import EventLog
from tests.conftest import CARDS
from tests.conftest import events_of as of


@pytest.fixture(scope="module")
def cards() -> dict[str, Any]:
    compilation = compile_paths([CARDS / "gloomhaven"])
    assert compilation.ok
    return load_cards(compilation, "gloomhaven")


BRUTE = ["Shield Bash", "Overwhelming Assault", "Iron Hide", "Wide Swing"]
SCOUNDREL = ["Single Out", "Trickster's Reversal", "Quick Hands", "Backstab"]


def game_of(cards, characters: list[tuple[str, list[str]]], monsters: list[dict],
            decks: dict[str, list[str]] | None = None, script: dict | None = None,
            health: int = 10) -> Game:
    """A game set up from a scenario's tables; `decks` puts each named type's ability cards
    in order, the first named revealed first."""
    setup = {"name": "test", "script": script or {},
             "characters": [{"name": name, "cards": hand, "health": health}
                            for name, hand in characters],
             "monsters": monsters}
    game = set_up(setup, cards, 1, EventLog(MESSAGES))
    for kind, names in (decks or {}).items():
        game.decks[kind] = [cards[name] for name in reversed(names)]
    return game


def played(character, lead, other) -> None:
    character.played = (lead, other)


# -- the worked example ------------------------------------------------------------------------


def test_the_worked_example_archers_then_bones_then_the_brute_then_the_scoundrel(cards):
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)], [])
    brute, scoundrel = game.characters
    # The Brute wishes to go late: he leads with 61 (Overwhelming Assault), not 15.
    played(brute, cards["Overwhelming Assault"], cards["Shield Bash"])
    played(scoundrel, cards["Single Out"], cards["Backstab"])  # leads with 86
    revealed = {"Living Bones": cards["Bones Shamble"], "Bandit Archer": cards["Archer Volley"]}
    assert (revealed["Living Bones"].initiative, revealed["Bandit Archer"].initiative) == (45, 32)
    order = initiative_order(game.characters, revealed, ["Living Bones", "Bandit Archer"])
    assert order == ["Bandit Archer", "Living Bones", brute, scoundrel]
    # Had he wanted to go early, he could have led with the 15.
    played(brute, cards["Shield Bash"], cards["Overwhelming Assault"])
    order = initiative_order(game.characters, revealed, ["Living Bones", "Bandit Archer"])
    assert order == [brute, "Bandit Archer", "Living Bones", scoundrel]


def test_the_worked_example_played_as_a_round(cards):
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Bandit Archer", "normal": [1]},
                    {"monster": "Living Bones", "normal": [1]}],
                   decks={"Bandit Archer": ["Archer Volley"], "Living Bones": ["Bones Shamble"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"],
                                    ["Single Out", "Backstab"]]})
    play_round(game, 1)
    (order,) = of(game.log.events, "order")
    assert order["order"] == ["Bandit Archer", "Living Bones", "Brute", "Scoundrel"]
    turns = [event["figure"] for event in of(game.log.events, "turn")]
    assert turns[:2] == ["Bandit Archer", "Living Bones"]


# -- initiative ties -----------------------------------------------------------------------


def test_a_tie_between_players_goes_to_the_lower_non_leading_card(cards):
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)], [])
    brute, scoundrel = game.characters
    played(brute, cards["Iron Hide"], cards["Wide Swing"])  # 40, then 72
    played(scoundrel, cards["Iron Hide"], cards["Quick Hands"])  # 40, then 20
    assert initiative_order(game.characters, {}, []) == [scoundrel, brute]


def test_a_player_goes_before_a_monster_type_of_the_same_initiative(cards):
    game = game_of(cards, [("Scoundrel", SCOUNDREL)], [])
    (scoundrel,) = game.characters
    played(scoundrel, cards["Backstab"], cards["Single Out"])  # 64
    revealed = {"Living Bones": cards["Bones Guard"]}  # 64
    assert initiative_order(game.characters, revealed, ["Living Bones"]) == [scoundrel,
                                                                             "Living Bones"]


def test_monster_types_tied_act_in_the_scenario_s_order(cards):
    revealed = {"Living Bones": cards["Bones Guard"], "Bandit Archer": cards["Bones Guard"]}
    assert initiative_order([], revealed, ["Living Bones", "Bandit Archer"]) == [
        "Living Bones", "Bandit Archer"]
    assert initiative_order([], revealed, ["Bandit Archer", "Living Bones"]) == [
        "Bandit Archer", "Living Bones"]


# -- monsters ------------------------------------------------------------------------------


def test_elites_act_first_then_normals_in_ascending_standee_order(cards):
    game = game_of(cards, [("Brute", BRUTE)],
                   [{"monster": "Living Bones", "normal": [4, 2], "elite": [3]}],
                   decks={"Living Bones": ["Bones Shamble"]},
                   script={"play": [["Iron Hide", "Wide Swing"]], "basic": ["none"]},
                   health=30)
    play_round(game, 1)
    assert [event["figure"] for event in of(game.log.events, "monster_acts")] == [
        "elite Living Bones 3", "Living Bones 2", "Living Bones 4"]


def test_a_monster_s_signed_values_add_to_its_own_stats(cards):
    game = game_of(cards, [("Brute", BRUTE)],
                   [{"monster": "Bandit Archer", "elite": [1], "normal": [2]}],
                   decks={"Bandit Archer": ["Archer Volley"]},
                   script={"play": [["Wide Swing", "Iron Hide"]]}, health=30)
    play_round(game, 1)
    # Archer Volley: Move +0, Attack +1; an elite archer's Attack is 3, a normal's 2.
    assert [(e["figure"], e["power"]) for e in of(game.log.events, "attack")][:2] == [
        ("elite Bandit Archer 1", 4), ("Bandit Archer 2", 3)]
    assert [e["amount"] for e in of(game.log.events, "moves")][:2] == [1, 1]


def test_a_monster_deck_played_out_is_shuffled_again(cards):
    game = game_of(cards, [], [{"monster": "Living Bones", "normal": [1]}])
    revealed = [reveal_monster_cards(game)["Living Bones"].name for _ in range(5)]
    assert sorted(revealed[:4]) == ["Bones Guard", "Bones Mend", "Bones Shamble",
                                    "Bones Sweep"]
    assert revealed[4] in revealed[:4] and len(game.decks["Living Bones"]) == 3
    # A type with no figure on the map reveals nothing.
    game.monsters["Living Bones"][0].health = 0
    assert reveal_monster_cards(game) == {}


# -- a character's turn --------------------------------------------------------------------


def test_the_top_of_one_card_and_the_bottom_of_the_other_either_first(cards):
    game = game_of(cards, [("Brute", BRUTE)], [{"monster": "Living Bones", "normal": [1]}],
                   decks={"Living Bones": ["Bones Guard"]},
                   script={"play": [["Shield Bash", "Wide Swing"]], "top": ["Wide Swing"]})
    play_round(game, 1)
    assert [(e["card"], e["half"]) for e in of(game.log.events, "action")] == [
        ("Wide Swing", "top"), ("Shield Bash", "bottom")]


def test_the_abilities_of_an_action_are_done_in_the_order_written(cards):
    # Bones Mend: Move +1, Attack -1, then Heal 2, Self.
    assert [part[0]["name"] for part in parts(cards["Bones Mend"].action)] == [
        "move", "attack", "heal"]
    # Attack 4, Stun: the stun is the attack's.
    (attack, _) = parts(cards["Shield Bash"].top)
    assert [step.get("name") for step in attack] == ["attack", "stun"]


def test_a_card_is_placed_as_soon_as_its_action_is_done(cards):
    game = game_of(cards, [("Brute", BRUTE)], [{"monster": "Living Bones", "elite": [1]}],
                   decks={"Living Bones": ["Bones Guard"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"]],
                           "top": ["Overwhelming Assault"]})
    play_round(game, 1)
    kinds = [(e["event"], e.get("card")) for e in game.log.events
             if e["event"] in ("action", "placed")]
    assert kinds == [("action", "Overwhelming Assault"), ("placed", "Overwhelming Assault"),
                     ("action", "Shield Bash"), ("placed", "Shield Bash")]
    brute = game.characters[0]
    # Lost (Overwhelming Assault's top); Shield Bash's Round bonus is active, then discarded
    # when the round ends.
    assert [card.name for card in brute.lost] == ["Overwhelming Assault"]
    assert [card.name for card in brute.discard] == ["Shield Bash"] and not brute.active


def test_a_card_played_as_attack_2_or_move_2_is_always_discarded(cards):
    game = game_of(cards, [("Brute", BRUTE)], [{"monster": "Living Bones", "normal": [1]}],
                   decks={"Living Bones": ["Bones Guard"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"]],
                           "basic": ["both"]})
    play_round(game, 1)
    assert of(game.log.events, "action", card="Overwhelming Assault", basic=" as Attack 2")
    assert of(game.log.events, "attack", figure="Brute", power=2)
    assert of(game.log.events, "moves", figure="Brute", amount=2)
    assert [card.name for card in game.characters[0].discard] == ["Overwhelming Assault",
                                                                  "Shield Bash"]


def test_shield_pierce_and_retaliation(cards):
    game = game_of(cards, [("Scoundrel", SCOUNDREL)],
                   [{"monster": "Living Bones", "elite": [1]}],
                   decks={"Living Bones": ["Bones Guard"]},
                   script={"play": [["Single Out", "Backstab"]]})
    play_round(game, 1)
    # The elite's Shield 1 and Bones Guard's Shield 1 (at 64, before the Scoundrel's 86):
    # Attack 3, Pierce 1 goes through one of them.
    assert of(game.log.events, "attack", figure="Scoundrel", power=3, shield=1, damage=2)
    game = game_of(cards, [("Brute", BRUTE)],
                   [{"monster": "Living Bones", "normal": [1]}],
                   decks={"Living Bones": ["Bones Shamble"]},
                   script={"play": [["Iron Hide", "Wide Swing"]]})
    play_round(game, 1)
    # Iron Hide at 40 gives Retaliate 2 before the Bones attack at 45.
    assert of(game.log.events, "retaliation", figure="Brute", target="Living Bones 1", damage=2)


def test_a_condition_a_figure_gives_itself_lasts_to_the_end_of_its_next_turn(cards):
    """Quick Hands' bottom (20): `Move 5, Jump, Invisible, Self.`  The Living Bones acting
    after it at 45 pass over the Scoundrel that round, and the next, before its turn."""
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Living Bones", "normal": [1]}],
                   decks={"Living Bones": ["Bones Shamble", "Bones Shamble"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"],
                                    ["Quick Hands", "Backstab"],
                                    ["Iron Hide", "Wide Swing"],
                                    ["Single Out", "Trickster's Reversal"]],
                           "top": ["Backstab"]}, health=30)
    scoundrel = game.characters[1]
    game.monsters["Living Bones"][0].health = 30  # alive through both rounds
    play_round(game, 1)
    assert [e["target"] for e in of(game.log.events, "attack", figure="Living Bones 1")] == [
        "Brute"]
    assert "invisible" in scoundrel.conditions
    play_round(game, 2)  # the Bones at 45 act before the Scoundrel at 86
    assert [e["target"] for e in of(game.log.events, "attack", figure="Living Bones 1")] == [
        "Brute", "Brute"]
    assert "invisible" not in scoundrel.conditions  # its turn in round 2 has ended


def test_a_long_rest_is_the_turn_a_stun_lasts_to(cards):
    game = game_of(cards, [("Brute", [])], [{"monster": "Living Bones", "normal": [1]}])
    brute = game.characters[0]
    brute.discard = [cards["Iron Hide"], cards["Wide Swing"]]
    brute.conditions.add("stun")
    play_round(game, 1)
    assert of(game.log.events, "rested", figure="Brute") and "stun" not in brute.conditions


def test_a_stunned_figure_does_nothing_on_its_next_turn(cards):
    game = game_of(cards, [("Brute", BRUTE)], [{"monster": "Living Bones", "normal": [1]}],
                   decks={"Living Bones": ["Bones Guard"]},
                   script={"play": [["Shield Bash", "Wide Swing"]]}, health=30)
    play_round(game, 1)
    assert of(game.log.events, "condition", figure="Living Bones 1", condition="stun")
    assert of(game.log.events, "stunned", figure="Living Bones 1")
    assert not of(game.log.events, "attack", figure="Living Bones 1")


def test_a_stunned_character_s_cards_are_discarded_whatever_they_print(cards):
    game = game_of(cards, [("Brute", BRUTE)], [{"monster": "Living Bones", "elite": [1]}],
                   decks={"Living Bones": ["Bones Guard"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"]]})
    game.characters[0].conditions.add("stun")
    play_round(game, 1)
    brute = game.characters[0]
    assert [e["figure"] for e in of(game.log.events, "stunned")] == ["Brute", "Brute"]
    assert not brute.lost and [card.name for card in brute.discard] == [
        "Overwhelming Assault", "Shield Bash"]
    assert "stun" not in brute.conditions  # to the end of its next turn


def test_a_character_exhausted_before_its_turn_does_not_take_it(cards):
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Bandit Archer", "normal": [1]}],
                   decks={"Bandit Archer": ["Archer Volley"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"],
                                    ["Single Out", "Backstab"]]})
    game.characters[0].health = 2
    play_round(game, 1)
    # The archer (32) focuses on the Brute (61, before the Scoundrel's 86) and deals 3.
    assert of(game.log.events, "exhausted", character="Brute")
    assert [event["figure"] for event in of(game.log.events, "turn")] == [
        "Bandit Archer", "Scoundrel"]


def test_a_character_without_two_cards_rests_at_99_or_is_exhausted(cards):
    game = game_of(cards, [("Brute", ["Iron Hide", "Wide Swing"])],
                   [{"monster": "Living Bones", "normal": [1]}], health=30)
    play_round(game, 1)
    play_round(game, 2)
    assert of(game.log.events, "long_rest", character="Brute")
    assert of(game.log.events, "rested", figure="Brute", back=1)
    play_round(game, 3)
    assert of(game.log.events, "exhausted", character="Brute")


def test_a_scenario_ends_when_the_monsters_are_killed(cards):
    setup = {"name": "t", "characters": [{"name": "Brute", "cards": BRUTE, "health": 20}],
             "monsters": [{"monster": "Bandit Archer", "normal": [1]}]}
    events = play(setup, cards, seed=3).events
    assert events[-1]["event"] == "outcome" and events[-1]["outcome"] == "won"


def test_a_scenario_that_cannot_be_played_says_why(cards):
    with pytest.raises(ScenarioError, match="Shield Bash is of type Ability, not Monster"):
        play({"name": "t", "characters": [], "monsters": [{"monster": "Shield Bash"}]},
             cards, seed=1)
    game = game_of(cards, [("Brute", BRUTE)], [])
    with pytest.raises(ScenarioError, match="'Backstab' is not in Brute's hand"):
        Policy({"play": [["Backstab", "Iron Hide"]]}).cards(game.characters[0])


def test_target_all_adjacent_enemies_and_a_stat_card_s_target_and_pierce(cards):
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Living Bones", "normal": [1]}],
                   decks={"Living Bones": ["Bones Sweep"]},
                   script={"play": [["Iron Hide", "Wide Swing"],
                                    ["Single Out", "Trickster's Reversal"]]},
                   health=30)
    play_round(game, 1)
    # Bones Sweep (70, between the Brute's 40 and the Scoundrel's 86): Attack -1, Target all
    # adjacent enemies: both characters.
    assert [e["target"] for e in of(game.log.events, "attack", figure="Living Bones 1")] == [
        "Brute", "Scoundrel"]
    assert of(game.log.events, "element", figure="Living Bones 1", done="infuses",
              element="dark")
    archer = replace(cards["Bandit Archer"], normal={"Health": 9, "Attack": 2, "Target": 2,
                                                     "Pierce": 1})
    game = game_of({**cards, "Bandit Archer": archer}, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Bandit Archer", "normal": [1]}],
                   decks={"Bandit Archer": ["Archer Volley"]},
                   script={"play": [["Shield Bash", "Wide Swing"], ["Single Out", "Backstab"]],
                           "top": ["Wide Swing"]},
                   health=30)
    play_round(game, 1)
    # The Brute's Shield 1 (Shield Bash's bottom, at 15) is pierced: Archer Volley's Attack
    # +1 deals 3 to each of two.
    assert [(e["target"], e["shield"], e["damage"])
            for e in of(game.log.events, "attack", figure="Bandit Archer 1")] == [
        ("Brute", 0, 3), ("Scoundrel", 0, 3)]


def test_a_standee_of_a_line_the_monster_card_lacks_cannot_be_set_up(cards):
    bones = replace(cards["Living Bones"], elite={})
    with pytest.raises(ScenarioError, match="Living Bones has no Elite stat line"):
        set_up({"name": "t", "characters": [], "monsters": [
            {"monster": "Living Bones", "elite": [1]}]}, {**cards, "Living Bones": bones}, 1,
            EventLog(MESSAGES))


@pytest.mark.parametrize(("characters", "health", "attack"), [(1, 8, 2), (2, 16, 3), (3, 24, 4)])
def test_a_boss_s_stats_grow_with_the_number_of_characters(cards, characters, health, attack):
    """The Bone Tyrant's `Health 8xC, Move 2, Attack C+1`, C the number of characters."""
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL), ("Tinkerer", BRUTE)
                           ][:characters], [{"monster": "Bone Tyrant", "normal": [1]}])
    (tyrant,) = game.monsters["Bone Tyrant"]
    assert (tyrant.health, tyrant.max_health, tyrant.stats["Attack"]) == (health, health, attack)
    assert tyrant.stats["Move"] == 2


def test_a_boss_s_stat_divided_is_rounded_up(cards):
    """`3xC/2` at a table of three is 4.5: 5 (docs/rulings.md)."""
    tyrant = replace(cards["Bone Tyrant"], normal={
        "Health": {"times": 3, "divided_by": 2, "plus": 0}, "Attack": 1})
    game = game_of({**cards, "Bone Tyrant": tyrant},
                   [("Brute", BRUTE), ("Scoundrel", SCOUNDREL), ("Tinkerer", BRUTE)],
                   [{"monster": "Bone Tyrant", "normal": [1]}])
    assert game.monsters["Bone Tyrant"][0].health == 5


def test_a_stat_line_s_condition_is_given_by_every_attack_of_its_rank(cards):
    """`Normal: ..., Poison`: each attack of a normal standee poisons what it hits, after
    the card's own Immobilize and once; the elite line gives its own (docs/rulings.md)."""
    archer = replace(cards["Bandit Archer"],
                     normal={"Health": 9, "Attack": 2, "Range": 3, "Poison": None,
                             "Immobilize": None},
                     elite={"Health": 9, "Attack": 3, "Range": 3, "Wound": None,
                            "Advantage": None})
    game = game_of({**cards, "Bandit Archer": archer}, [("Brute", BRUTE)],
                   [{"monster": "Bandit Archer", "normal": [1], "elite": [2]}],
                   decks={"Bandit Archer": ["Archer Retreat"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"]]}, health=30)
    play_round(game, 1)
    # Archer Retreat: Move +1, Attack -1, Range +0, Immobilize.  The elite acts first, and
    # its Advantage changes nothing: 3 - 1.
    assert [(e["event"], e.get("figure"), e.get("damage", e.get("condition")))
            for e in game.log.events if e["event"] in ("attack", "condition")
            and e.get("target", e.get("figure")) == "Brute"] == [
        ("attack", "elite Bandit Archer 2", 2), ("condition", "Brute", "immobilize"),
        ("condition", "Brute", "wound"),
        ("attack", "Bandit Archer 1", 1), ("condition", "Brute", "immobilize"),
        ("condition", "Brute", "poison")]


def test_only_an_attack_gives_what_the_stat_line_gives(cards):
    """Tyrant Frenzy's `Muddle, Target all enemies within Range 2` is no attack: its targets
    are muddled, not poisoned again by the stat line's Poison."""
    tyrant = replace(cards["Bone Tyrant"], normal={"Health": 30, "Move": 2, "Attack": 2,
                                                   "Poison": None})
    game = game_of({**cards, "Bone Tyrant": tyrant}, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Bone Tyrant", "normal": [1]}],
                   decks={"Bone Tyrant": ["Tyrant Frenzy"]},
                   script={"play": LATE}, health=30)
    play_round(game, 1)
    assert [(e["figure"], e["condition"]) for e in of(game.log.events, "condition")
            if e["condition"] in ("poison", "muddle")] == [
        ("Brute", "poison"), ("Scoundrel", "poison"), ("Brute", "muddle"),
        ("Scoundrel", "muddle")]


LATE = [["Overwhelming Assault", "Shield Bash"], ["Single Out", "Backstab"]]  # 61 and 86


def tyrant_round(cards, card: str, play: list[list[str]] = LATE, health: int | None = None,
                 condition: str | None = None) -> Game:
    """A round of the Brute and the Scoundrel (30 hit points each, playing `play`) against
    the Bone Tyrant (16 hit points at a table of two, or `health`), its card `card`."""
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Bone Tyrant", "normal": [1]}],
                   decks={"Bone Tyrant": [card]}, script={"play": play}, health=30)
    (tyrant,) = game.monsters["Bone Tyrant"]
    if condition:
        tyrant.conditions.add(condition)
    if health:
        tyrant.health = health
    play_round(game, 1)
    return game


def frenzied_tyrant(cards, condition: str | None = None, health: int | None = None) -> Game:
    """The Bone Tyrant acting first, at 52, with Tyrant Frenzy: `Bone Tyrant suffers 1
    damage. Attack +2, Target all adjacent enemies. If the attack ability was performed, the
    Bone Tyrant suffers 1 damage. ...`"""
    return tyrant_round(cards, "Tyrant Frenzy", health=health, condition=condition)


def test_a_monster_suffers_its_own_damage_once_its_attack_is_performed(cards):
    events = frenzied_tyrant(cards).log.events
    assert [(e["damage"], e["health"]) for e in of(events, "suffers")] == [(1, 15), (1, 14)]
    assert len(of(events, "attack", figure="Bone Tyrant 1")) == 2
    # Disarmed, it performs no attack, and so suffers only the first damage.
    events = frenzied_tyrant(cards, condition="disarm").log.events
    assert [(e["damage"], e["health"]) for e in of(events, "suffers")] == [(1, 15)]
    assert of(events, "not_performed", figure="Bone Tyrant 1", amount=1, ability="attack")


def test_a_monster_killed_by_its_own_damage_does_no_more(cards):
    """Its own first damage kills it: the action's attack on everyone is not made; what the
    card has it do on its death (one attack, on the Brute) is."""
    events = frenzied_tyrant(cards, health=1).log.events
    assert of(events, "killed", figure="Bone Tyrant 1")
    (death,) = of(events, "on_death", figure="Bone Tyrant 1")
    (attack,) = of(events, "attack", figure="Bone Tyrant 1")
    assert (attack["target"], attack["seq"] > death["seq"]) == ("Brute", True)


def test_a_summoned_monster_joins_the_map_and_acts_from_the_next_round(cards):
    """Tyrant Call (29): `Summon normal Living Bones.`  The Living Bones already on the map
    act at 45 that round; the one summoned, numbered 2, acts only from the next."""
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Bone Tyrant", "normal": [1]},
                    {"monster": "Living Bones", "normal": [1]}],
                   decks={"Bone Tyrant": ["Tyrant Call", "Tyrant Call"],
                          "Living Bones": ["Bones Shamble", "Bones Shamble"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"],
                                    ["Single Out", "Backstab"],
                                    ["Wide Swing", "Iron Hide"],
                                    ["Quick Hands", "Trickster's Reversal"]]}, health=30)
    play_round(game, 1)
    assert of(game.log.events, "summons", figure="Bone Tyrant 1", monster="Living Bones 2")
    summoned = game.monsters["Living Bones"][1]
    assert (summoned.label, summoned.health, summoned.stats["Attack"]) == ("Living Bones 2", 5, 1)
    acted = [event["figure"] for event in of(game.log.events, "monster_acts")]
    assert acted == ["Bone Tyrant 1", "Living Bones 1"]
    play_round(game, 2)
    acted = [event["figure"] for event in of(game.log.events, "monster_acts")]
    assert acted[2:] == ["Bone Tyrant 1", "Living Bones 1", "Living Bones 2"]


def test_a_monster_summoned_of_a_kind_not_on_the_map_brings_its_deck(cards):
    game = game_of(cards, [("Brute", BRUTE)], [{"monster": "Bone Tyrant", "normal": [1]}],
                   decks={"Bone Tyrant": ["Tyrant Call"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"]]}, health=30)
    play_round(game, 1)
    assert [monster.label for monster in game.monsters["Living Bones"]] == ["Living Bones 1"]
    assert sorted(card.name for card in game.decks["Living Bones"]) == [
        "Bones Guard", "Bones Mend", "Bones Shamble", "Bones Sweep"]
    assert not of(game.log.events, "reveal", monster="Living Bones")


def spawned(cards, characters: int, rounds: int = 1) -> list[tuple[str, bool]]:
    """The standees Caller's Rite (`Spawn C/2 normal Living Bones. It is Normal for 2
    characters, Elite every second spawn for 3 characters and Elite for 4 characters.`)
    brings in `rounds` rounds, with `characters` Brutes: each standee's label and rank."""
    game = game_of(cards, [(f"Brute {n}", BRUTE) for n in range(1, characters + 1)],
                   [{"monster": "Grave Caller", "normal": [1]}],
                   decks={"Grave Caller": ["Caller's Rite"] * rounds}, health=40)
    game.monsters["Grave Caller"][0].health = 500
    for number in range(1, rounds + 1):
        play_round(game, number)
    return [(event["monster"], event["monster"].startswith("elite"))
            for event in of(game.log.events, "spawns")]


@pytest.mark.parametrize("characters, ranks", [
    (1, [False]),  # C/2 rounded up; fewer than 2 characters: as for 2
    (2, [False]),
    (3, [False, True]),  # every second spawn: the second is elite
    (4, [True, True]),
])
def test_a_spawn_brings_the_characters_halved_ranked_by_their_number(cards, characters, ranks):
    assert [elite for _, elite in spawned(cards, characters)] == ranks


def test_every_second_spawn_counts_the_standees_of_the_scenario(cards):
    """Three characters: C/2 is two standees a round, and the second and fourth of the
    scenario, one in each round, are elite."""
    found = spawned(cards, 3, rounds=2)
    assert found == [("Living Bones 1", False), ("elite Living Bones 2", True),
                     ("Living Bones 3", False), ("elite Living Bones 4", True)]


def test_a_spawn_names_its_monster_in_the_plural(cards):
    """Caller's Muster: `Spawn two normal Bandit Archers.`"""
    game = game_of(cards, [("Brute", BRUTE)], [{"monster": "Grave Caller", "normal": [1]}],
                   decks={"Grave Caller": ["Caller's Muster"]}, health=40)
    play_round(game, 1)
    assert [event["monster"] for event in of(game.log.events, "spawns")] == [
        "Bandit Archer 1", "Bandit Archer 2"]
    assert [monster.elite for monster in game.monsters["Bandit Archer"]] == [False, False]


def test_a_summon_of_a_monster_with_no_ability_cards_stops_the_scenario_at_its_set_up(cards):
    """Tyrant Call summoning a monster whose deck is not in the box: the scenario cannot be
    played, and says so before its first round, not in the round the card is revealed."""
    wight = replace(cards["Living Bones"], name="Lone Wight")
    call = replace(cards["Tyrant Call"], action=Action((
        {"op": "summon_monster", "monster": "Lone Wight", "elite": False, "count": 1,
         "per_characters": None, "spawn": False},)))
    with pytest.raises(ScenarioError, match="Lone Wight, which Tyrant Call summons, has no "
                                            "Monster Ability cards"):
        game_of({**cards, "Lone Wight": wight, "Tyrant Call": call}, [("Brute", BRUTE)],
                [{"monster": "Bone Tyrant", "normal": [1]}])


@pytest.mark.parametrize(("with_bones", "power"), [(False, 4), (True, 6)])
def test_an_attack_gains_its_bonus_while_the_monster_has_an_ally(cards, with_bones, power):
    """Tyrant Crush: `Move +0, Attack +1, Add +2 Attack if the target is adjacent to any of
    the Bone Tyrant's allies.`  Attack C+1 is 3 at a table of two; every figure is beside
    every other, so an ally on the map is beside the target."""
    bones = [{"monster": "Living Bones", "normal": [1]}] if with_bones else []
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Bone Tyrant", "normal": [1]}, *bones],
                   decks={"Bone Tyrant": ["Tyrant Crush"],
                          **({"Living Bones": ["Bones Guard"]} if with_bones else {})},
                   script={"play": [["Overwhelming Assault", "Shield Bash"],
                                    ["Single Out", "Backstab"]]}, health=30)
    play_round(game, 1)
    (attack,) = of(game.log.events, "attack", figure="Bone Tyrant 1")
    assert attack["power"] == power


def test_a_summon_after_an_ability_is_done_as_a_part_of_its_own(cards):
    """`Attack +1, Summon normal Living Bones.`: the summon is not the attack's modifier."""
    call = replace(cards["Tyrant Call"], action=parts_of(cards, "Tyrant Crush", "Tyrant Call"))
    game = game_of({**cards, "Tyrant Call": call}, [("Brute", BRUTE)],
                   [{"monster": "Bone Tyrant", "normal": [1]}],
                   decks={"Bone Tyrant": ["Tyrant Call"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"]]}, health=30)
    play_round(game, 1)
    assert of(game.log.events, "attack", figure="Bone Tyrant 1")
    assert of(game.log.events, "summons", figure="Bone Tyrant 1", monster="Living Bones 1")


def parts_of(cards, *names: str):
    """One action of the steps of the named cards' actions, in order."""
    return Action(tuple(step for name in names for step in cards[name].action.steps))


def test_a_monster_killed_in_its_card_s_round_does_what_the_card_says_on_its_death(cards):
    """Tyrant Frenzy: `If Bone Tyrant dies this round, remove all negative conditions, Attack
    +2.`  The Brute's Shield Bash (15: Attack 4, Stun) kills the Tyrant, 1 hit point left,
    before it acts at 52: the stun is removed and it attacks for C+1+2 = 5, and no more."""
    game = tyrant_round(cards, "Tyrant Frenzy", [["Shield Bash", "Overwhelming Assault"],
                                                 ["Single Out", "Backstab"]], health=1)
    events = game.log.events
    names = [event["event"] for event in events]
    assert names.index("killed") < names.index("on_death") < names.index("cleansed")
    assert not of(events, "condition", figure="Bone Tyrant 1")  # not given to the dead
    assert [(e["target"], e["power"]) for e in of(events, "attack", figure="Bone Tyrant 1")
            ] == [("Brute", 5)]
    assert not of(events, "monster_acts", figure="Bone Tyrant 1")
    assert game.outcome == "won"


def test_a_monster_killed_in_a_round_of_another_card_does_nothing_on_its_death(cards):
    game = tyrant_round(cards, "Tyrant Crush", [["Shield Bash", "Overwhelming Assault"],
                                                ["Single Out", "Backstab"]], health=1)
    assert of(game.log.events, "killed", figure="Bone Tyrant 1")
    assert not of(game.log.events, "on_death")


def test_a_heal_of_x_heals_what_the_action_s_attack_dealt(cards):
    """Tyrant Roar (71): `Attack +0, Target all adjacent enemies.  Heal X, Self, where X is
    the amount of damage suffered by the target of the attack ability.`  Attack C+1 = 3 on
    the Scoundrel, warded, and the Brute, with Shield Bash's shield 1: X is 0 + 2."""
    game = tyrant_round(cards, "Tyrant Roar", [["Overwhelming Assault", "Shield Bash"],
                                               ["Trickster's Reversal", "Backstab"]],
                        health=10)  # 4 after the Brute's Attack 6
    assert [e["damage"] for e in of(game.log.events, "attack", figure="Bone Tyrant 1")] == [0, 2]
    (healed,) = of(game.log.events, "healed", figure="Bone Tyrant 1")
    assert (healed["amount"], healed["health"]) == (2, 6)


def test_what_a_consumed_element_would_add_is_said_and_not_given(cards):
    """Tyrant Crush: `Move +0, Attack +1, ...  Consume Dark, +1 Attack, Wound.`  With no
    element board the attack is C+1+1 = 4 alone, and no one is wounded."""
    game = tyrant_round(cards, "Tyrant Crush")
    (attack,) = of(game.log.events, "attack", figure="Bone Tyrant 1")
    assert attack["power"] == 4
    assert of(game.log.events, "unspent", figure="Bone Tyrant 1", what="+1 attack, wound")
    assert not of(game.log.events, "condition")


def test_a_figure_killed_by_what_its_target_does_on_its_death_attacks_no_more(cards):
    """Wide Swing (`Attack 2, Target 2`) kills the Bone Tyrant (Tyrant Frenzy revealed:
    `If Bone Tyrant dies this round, ..., Attack +2`), whose dying attack exhausts the Brute:
    the Living Bones, his second target, are not attacked."""
    game = game_of(cards, [("Brute", BRUTE)],
                   [{"monster": "Bone Tyrant", "normal": [1]},
                    {"monster": "Living Bones", "normal": [1]}],
                   decks={"Bone Tyrant": ["Tyrant Frenzy"], "Living Bones": ["Bones Guard"]},
                   script={"play": [["Iron Hide", "Wide Swing"]], "top": ["Wide Swing"]},
                   health=1)
    game.monsters["Bone Tyrant"][0].health = 2
    play_round(game, 1)
    assert [e["target"] for e in of(game.log.events, "attack", figure="Brute")] == [
        "Bone Tyrant 1"]
    assert of(game.log.events, "exhausted", character="Brute")


def test_a_condition_with_no_attack_is_given_to_the_ability_s_targets(cards):
    """Tyrant Frenzy's last sentence: `Muddle, Target all enemies within Range 2.`: both
    characters are muddled; its attack (`Target all adjacent enemies`) takes both too."""
    game = frenzied_tyrant(cards)
    assert sorted(e["figure"] for e in of(game.log.events, "condition", condition="muddle")
                  ) == ["Brute", "Scoundrel"]
    assert len(of(game.log.events, "attack", figure="Bone Tyrant 1")) == 2


def test_a_heal_goes_to_as_many_of_the_most_hurt_as_its_target_says_with_its_conditions(cards):
    """`Heal 2, Target 2, Strengthen.` on a monster card: the two most hurt of its side,
    each also strengthened (as the corpus's `Heal 1, Target 2, Range 3, Ward`)."""
    mend = replace(cards["Bones Mend"], action=Action((
        {"op": "ability", "name": "heal", "amount": 2, "signed": False},
        {"op": "ability", "name": "target", "amount": 2, "signed": False},
        {"op": "given_condition", "name": "strengthen"})))
    game = game_of({**cards, "Bones Mend": mend}, [("Brute", BRUTE)],
                   [{"monster": "Living Bones", "normal": [1, 2, 3]}],
                   decks={"Living Bones": ["Bones Mend"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"]]}, health=30)
    first, second, third = game.monsters["Living Bones"]
    first.health, second.health, third.health = 4, 1, 2
    play_round(game, 1)
    healed = of(game.log.events, "healed")[:2]  # by the first of the three to act
    assert [(e["figure"], e["amount"]) for e in healed] == [
        ("Living Bones 2", 2), ("Living Bones 3", 2)]
    assert [(e["figure"], e["condition"]) for e in of(game.log.events, "condition")[:2]] == [
        ("Living Bones 2", "strengthen"), ("Living Bones 3", "strengthen")]


CHORISTER = ["Thunder Peal", "Mending Chorus"]


def chorister_round(cards, lead: str, bones: int = 2, hurt: int = 0) -> Game:
    """A round of the Brute (playing late) and the Chorister, leading with `lead`, against
    `bones` Living Bones that shamble (Move +0, Attack +0); each character has lost `hurt`
    of its 30 hit points."""
    other = next(name for name in CHORISTER if name != lead)
    game = game_of(cards, [("Brute", BRUTE), ("Chorister", CHORISTER)],
                   [{"monster": "Living Bones", "normal": list(range(1, bones + 1))}],
                   decks={"Living Bones": ["Bones Shamble"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"], [lead, other]]},
                   health=30)
    for character in game.characters:
        character.health -= hurt
    return game


def test_damage_to_all_adjacent_enemies_is_suffered_through_their_shields(cards):
    """Thunder Peal's top, `All adjacent enemies suffer 1 damage`: every monster, all being
    adjacent, suffers 1, which a shield does not stop; Mending Chorus's bottom, `Strengthen,
    Target self and all allies within Range 2`, strengthens the Chorister, then the Brute."""
    game = chorister_round(cards, "Thunder Peal")
    game.monsters["Living Bones"][0].shield = 1
    play_round(game, 1)
    events = game.log.events
    assert [(e["figure"], e["damage"], e["health"]) for e in of(events, "suffers")] == [
        ("Living Bones 1", 1, 4), ("Living Bones 2", 1, 4)]
    assert [e["figure"] for e in of(events, "condition", condition="strengthen")] == [
        "Chorister", "Brute"]


def test_damage_to_enemies_and_allies_spares_the_figure_itself(cards):
    """`All adjacent enemies and allies suffer 1 damage` on a monster's card: both
    characters and the other bone, not the bone that acts (an ally is not the figure
    itself)."""
    peal = replace(cards["Bones Shamble"], action=Action((
        {"op": "area_damage", "sides": ["enemies", "allies"], "amount": 1, "adjacent": True,
         "range": None, "around_target": False},)))
    game = chorister_round({**cards, "Bones Shamble": peal}, "Thunder Peal", bones=2)
    play_round(game, 1)
    by_first = [(e["figure"], e["damage"]) for e in of(game.log.events, "suffers")][:3]
    assert by_first == [("Brute", 1), ("Chorister", 1), ("Living Bones 2", 1)]


def test_a_heal_that_affects_all_allies_heals_each_but_the_healer(cards):
    """Mending Chorus's top, `Heal 2, Affect all adjacent allies`, at initiative 24: the
    Brute is healed, the Chorister, the more hurt, is not (a heal of its side's would go to
    it); Thunder Peal's bottom, `Attack 2, Advantage`, deals its value with no modifier deck:
    2, less a shield of 1."""
    game = chorister_round(cards, "Mending Chorus", hurt=5)
    game.characters[1].health -= 3
    game.monsters["Living Bones"][0].shield = 1
    play_round(game, 1)
    events = game.log.events
    assert [(e["figure"], e["amount"], e["health"]) for e in of(events, "healed")] == [
        ("Brute", 2, 27)]
    assert [(e["target"], e["power"], e["damage"])
            for e in of(events, "attack", figure="Chorister")] == [("Living Bones 1", 2, 1)]


def test_a_shield_that_affects_self_and_all_allies_is_each_one_s(cards):
    """`Shield +1, Affect self and all allies within Range 2` on a monster's card: each bone
    that acts gives itself and every other bone a shield of 1 more, for the round."""
    guard = replace(cards["Bones Shamble"], action=Action((
        {"op": "ability", "name": "shield", "amount": 1, "signed": True},
        {"op": "all_allies", "self_too": True, "adjacent": False, "range": 2})))
    game = chorister_round({**cards, "Bones Shamble": guard}, "Thunder Peal", bones=2)
    play_round(game, 1)
    assert [e["figure"] for e in of(game.log.events, "bonus", what="shield")
            if e["figure"] != "Brute"] == [  # the Brute's is Shield Bash's
        "Living Bones 1", "Living Bones 2", "Living Bones 2", "Living Bones 1"]
    # Both shields of 2 stood against the Brute's attack, after the Chorister's peal.
    assert [e["shield"] for e in of(game.log.events, "attack", figure="Brute")] == [2]


def test_each_attack_on_a_monster_whose_card_says_so_costs_its_attacker_at_any_range(cards):
    """Sentinel Brambles, at 18: `Any time a figure attacks Thorn Sentinel this round, that
    figure suffers 2 damage.`  The Scoundrel's ranged attack (Quick Hands, 20: `Attack 3,
    Range 3`, which a retaliation would spare) and the Brute's melee one (61) each cost 2;
    the next round, with another card, no attack costs anything."""
    stand = replace(cards["Bones Shamble"], name="Sentinel Stand", monster="Thorn Sentinel")
    game = game_of({**cards, "Sentinel Stand": stand},
                   [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Thorn Sentinel", "normal": [1]}],
                   decks={"Thorn Sentinel": ["Sentinel Brambles", "Sentinel Stand"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"],
                                    ["Quick Hands", "Backstab"],
                                    ["Wide Swing", "Iron Hide"],
                                    ["Single Out", "Trickster's Reversal"]]}, health=30)
    game.monsters["Thorn Sentinel"][0].health = 40
    play_round(game, 1)
    back = of(game.log.events, "attacked_back")
    assert [(e["figure"], e["target"], e["damage"], e["health"]) for e in back] == [
        ("Thorn Sentinel 1", "Scoundrel", 2, 26),  # attacked for 2 by the Sentinel at 18
        ("Thorn Sentinel 1", "Brute", 2, 27)]  # beside the Sentinel's target, 1 damage
    # Its Disadvantage is said, and changes nothing: the Brute's Attack 6 deals 6.
    assert of(game.log.events, "disadvantaged", figure="Thorn Sentinel 1")
    assert [e["power"] for e in of(game.log.events, "attack", figure="Brute")] == [6]
    attacks = len(of(game.log.events, "attack"))
    play_round(game, 2)
    assert len(of(game.log.events, "attack")) > attacks
    assert len(of(game.log.events, "attacked_back")) == 2


@pytest.mark.parametrize(("characters", "hurt"), [(2, ["Scoundrel"]), (1, [])])
def test_damage_adjacent_to_the_target_spares_a_lone_target(cards, characters, hurt):
    """Sentinel Brambles: `Attack +0, Range 2.  All enemies adjacent to the target suffer 1
    damage.`  Its target, the Brute, is beside no other target: the Scoundrel, beside it,
    suffers 1, and with the Brute alone no one does; a disarmed Sentinel attacks no one,
    and no one suffers."""
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)][:characters],
                   [{"monster": "Thorn Sentinel", "normal": [1]}],
                   decks={"Thorn Sentinel": ["Sentinel Brambles"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"],
                                    ["Single Out", "Trickster's Reversal"]]}, health=30)
    play_round(game, 1)
    assert [e["target"] for e in of(game.log.events, "attack",
                                    figure="Thorn Sentinel 1")] == ["Brute"]
    assert [(e["figure"], e["damage"]) for e in of(game.log.events, "suffers")] == [
        (name, 1) for name in hurt]
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Thorn Sentinel", "normal": [1]}],
                   decks={"Thorn Sentinel": ["Sentinel Brambles"]},
                   script={"play": [["Overwhelming Assault", "Shield Bash"],
                                    ["Single Out", "Trickster's Reversal"]]}, health=30)
    game.monsters["Thorn Sentinel"][0].conditions.add("disarm")
    play_round(game, 1)
    assert not of(game.log.events, "suffers")


def test_a_special_action_printed_after_its_number_is_said_and_done(tmp_path):
    """`Special 1:, Attack +1.`: the boss's special action, which the card prints after it
    (a card that prints only `Special 1` has it said, its stat card's text not read)."""
    boss = tmp_path / "boss.card"
    boss.write_text("Game: gloomhaven\n\nName: Order Knight\nType: Monster\nNormal: Health 30, "
                    "Move 1, Attack 3\n---\nName: Knight Rite\nType: Monster Ability\n"
                    "Initiative: 10\nMonster: Order Knight\n\nSpecial 1:, Attack +1.\n",
                    encoding="utf-8")
    compilation = compile_paths([CARDS / "gloomhaven", boss])
    assert compilation.ok
    game = game_of(load_cards(compilation, "gloomhaven"), [("Brute", BRUTE)],
                   [{"monster": "Order Knight", "normal": [1]}], health=40)
    play_round(game, 1)
    said = [event["event"] for event in game.log.events
            if event["event"] in ("special", "attack") and event["figure"] == "Order Knight 1"]
    assert said == ["special", "attack"]
    assert of(game.log.events, "attack", figure="Order Knight 1", power=4)


def test_target_all_in_a_row_takes_every_enemy(cards):
    """Caller's Muster: `Attack +0, Target all in row A.`  With no map every enemy is in
    every row (docs/rulings.md), so the Grave Caller attacks both characters."""
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Grave Caller", "normal": [1]}],
                   decks={"Grave Caller": ["Caller's Muster"]}, health=30)
    play_round(game, 1)
    assert sorted(e["target"] for e in of(game.log.events, "attack",
                                          figure="Grave Caller 1")) == ["Brute", "Scoundrel"]


def test_an_attack_near_the_target_before_takes_an_enemy_not_yet_attacked(cards):
    """Caller's Lash: `Attack +0, Target 2, Target one enemy with all attacks.  Attack -1
    within Range 2 of target.` twice.  The first attacks one enemy twice; with no map every
    enemy is near it: the second attack takes the one the first did not, and the third,
    with none left unattacked, the first's target again."""
    game = game_of(cards, [("Brute", BRUTE), ("Scoundrel", SCOUNDREL)],
                   [{"monster": "Grave Caller", "normal": [1]}],
                   decks={"Grave Caller": ["Caller's Lash"]}, health=30)
    play_round(game, 1)
    attacks = [(e["target"], e["power"])
               for e in of(game.log.events, "attack", figure="Grave Caller 1")]
    first, second = attacks[0][0], attacks[2][0]
    assert first != second
    assert attacks == [(first, 2), (first, 2), (second, 1), (first, 1)]


def test_a_boss_s_trial_meets_standees_of_the_one_rank_its_card_prints(cards):
    """The Grave Caller prints a Normal line and no Elite one: both its standees in the trial
    are normal, each attacking for its Attack 2 (an elite of no stat line would for 0)."""
    log = trial(cards, "Caller's Muster", log=True)
    attacks = of(log.events, "attack", target="Trial Character")
    assert [(event["figure"], event["power"]) for event in attacks] == [
        ("Grave Caller 1", 2), ("Grave Caller 2", 2)]
