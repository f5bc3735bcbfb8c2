"""Random Encounters (seeds/random-encounters-rulebook.txt): the rulebook's worked examples,
number for number, and a test for each rule of the game.  The die is loaded where a test
needs a face (`dice` in the set-up); scripts fix the party's choices."""

from __future__ import annotations

from typing import Any

import pytest

from compiler.build import compile_paths
from compiler.play import load_cards
from compiler.runtime.log import EventLog
from compiler.runtime.random_encounters import ScenarioError
from compiler.runtime.random_encounters.combat import fight
from compiler.runtime.random_encounters.encounters import resolve
from compiler.runtime.random_encounters.game import play, play_level, set_up
from compiler.runtime.random_encounters.loot import equip, rewards
from compiler.runtime.random_encounters.messages import MESSAGES
from compiler.runtime.random_encounters.state import Foe
from tests.conftest import CARDS
from tests.conftest import events_of as of

HERBS = ["Healing Herb"] * 12  # Loot that equips nothing, so stats stay as printed


@pytest.fixture(scope="module")
def cards() -> dict[str, Any]:
    compilation = compile_paths([CARDS / "random-encounters"])
    assert compilation.ok
    return load_cards(compilation, "random-encounters")


def game_of(cards, heroes: list[str], encounters: list[str] = (), dice: list = (),
            loot: list[str] = HERBS, bosses: list[str] = ("Alpha Wolf",), **setup: Any):
    """A game with fixed decks, its first level ready to play, and its event list."""
    log = EventLog(MESSAGES)
    full = {"name": "test", "players": [{"character": name} for name in heroes],
            "first_leader": heroes[0], "shuffle": False, "dice": list(dice),
            "levels": [{"encounters": list(encounters), "loot": list(loot),
                        "bosses": list(bosses)}], **setup}
    # A scenario leaves out what it does not give (`first_leader=None`: roll for it).
    game = set_up({key: value for key, value in full.items() if value is not None}, cards, 1,
                  log)
    game.level = game.levels[0]
    return game, log.events


def encounter(game, name: str) -> int:
    return resolve(game, game.card(name), list(game.heroes))


# -- set-up --------------------------------------------------------------------------------


def test_each_player_starts_with_full_health_a_star_token_and_a_level_one_loot(cards):
    game, events = game_of(cards, ["Golias", "Kafula", "Gwyn"], loot=["Healing Herb",
                                                                   "Hunting Net", "Ferret"])
    assert [(hero.health, hero.stars) for hero in game.heroes] == [
        (hero.card.health, 1) for hero in game.heroes]
    drawn = [(e["hero"], e["card"], e["level"]) for e in of(events, "loot")]
    assert drawn == [("Golias", "Healing Herb", 1), ("Kafula", "Hunting Net", 1),
                     ("Gwyn", "Ferret", 1)]


def test_a_scenario_that_equips_what_is_not_equipment_says_so(cards):
    with pytest.raises(ScenarioError, match=r"equipped: Healing Herb \(Item\) is not "
                                            "equipment"):
        game_of(cards, ["Golias"], equipped={"Golias": ["Healing Herb"]})


def test_the_first_to_roll_a_star_leads_first(cards):
    game, events = game_of(cards, ["Golias", "Kafula", "Gwyn"], dice=[2, 4, 5, 3, "Star"],
                           first_leader=None)
    assert game.leader.name == "Kafula" and of(events, "first_leader")[0]["hero"] == "Kafula"




def test_goliath_and_his_short_sword_deal_the_two_player_wolf_its_whole_health(cards):
    game, events = game_of(cards, ["Golias", "Kafula"], dice=[4],
                           equipped={"Golias": ["Short Sword"]})
    assert Foe(game.card("Wolf"), 2).health == 8
    encounter(game, "Wolf")
    (attack,) = of(events, "attack")
    assert (attack["stat"], attack["value"], attack["face"], attack["total"],
            attack["defence"], attack["damage"], attack["health"]) == (
        "Strength", 6, "4", 10, 2, 8, 0)
    assert of(events, "foe_defeated")[0]["foe"] == "Wolf"
    assert of(events, "loot")[-1]["hero"] == "Golias"  # the Leader draws the Loot


def test_the_party_attacks_from_the_leader_clockwise(cards):
    game, events = game_of(cards, ["Golias", "Kafula", "Gwyn"],
                           encounters=["Wild Boar", "Wild Boar"], dice=[1] * 40)
    play_level(game, game.levels[0])
    encounters = of(events, "encounter")[:2]
    for start, end, seats in ((encounters[0], encounters[1], ["Golias", "Kafula", "Gwyn"]),
                              (encounters[1], None, ["Kafula", "Gwyn", "Golias"])):
        attackers = [e["hero"] for e in of(events, "attack")
                     if start["seq"] < e["seq"] and (end is None or e["seq"] < end["seq"])]
        assert attackers[:3] == seats


def test_the_wolf_attacks_with_dexterity_four_and_goliath_takes_one(cards):
    game, events = game_of(cards, ["Golias", "Kafula", "Gwyn"], dice=[1, 1, 1, 1],
                           equipped={"Golias": ["Short Sword"]})
    encounter(game, "Wolf")
    (wolf,) = of(events, "foe_attack")
    assert (wolf["stat"], wolf["value"], wolf["face"], wolf["total"]) == ("Dexterity", 3, "1", 4)
    hurt = {event["hero"]: event["amount"] for event in of(events, "hurt")}
    assert hurt["Golias"] == 1


def test_the_falling_tree_gwyn_is_safe_and_kafula_fails_on_a_one(cards):
    game, events = game_of(cards, ["Gwyn", "Kafula"], dice=[2, 1],
                           equipped={"Kafula": ["Quarterstaff"]})
    encounter(game, "Falling Tree")
    rolls = [(e["hero"], e["stat"], e["value"], e["face"]) for e in of(events, "roll")]
    assert rolls == [("Gwyn", "Strength", 4, "2"), ("Kafula", "Dexterity", 4, "1")]
    assert [e["result"] for e in of(events, "roll_result")] == ["success", "failure"]
    assert [(e["hero"], e["amount"]) for e in of(events, "hurt")] == [("Kafula", 4)]
    assert game.hero("Kafula").health == 5
    assert of(events, "loot")[-1]["hero"] == "Gwyn"  # one success earns the Leader a Loot


def test_reginald_equipped_has_dexterity_three_and_magic_five(cards):
    game, _ = game_of(cards, ["Reginald"], equipped={"Reginald": ["Quarterstaff",
                                                                  "Copper Ring"]})
    reginald = game.hero("Reginald")
    assert (reginald.stat("Dexterity"), reginald.stat("Magic")) == (3, 5)


# -- the die and Star tokens ------------------------------------------------------------------


def test_a_star_counts_as_six_and_sets_off_the_combat_ability(cards):
    game, events = game_of(cards, ["Golias", "Kafula"], dice=["Star"])
    encounter(game, "Wild Boar")
    assert of(events, "combat_ability")[0]["hero"] == "Golias"
    assert of(events, "foe_hurt")[0]["amount"] == 3  # Deal 3 damage to the monster
    attack = of(events, "attack")[0]
    assert (attack["face"], attack["total"]) == ("Star", 5 + 6)


def test_a_combat_ability_that_would_do_nothing_is_re_rolled(cards):
    game, events = game_of(cards, ["Kafula", "Golias"], dice=["Star", 3])
    encounter(game, "Wild Boar")  # everyone is at full Health: healing does nothing
    assert of(events, "no_effect_reroll")[0]["face"] == "3"
    assert of(events, "attack")[0]["face"] == "3"


def test_an_ability_that_says_so_stops_the_attack(cards):
    game, events = game_of(cards, ["Tumble", "Golias"], dice=["Star", 6 - 1, 6 - 1])
    encounter(game, "Wild Boar")
    assert of(events, "combat_ability")[0]["hero"] == "Tumble"
    assert next(e["hero"] for e in of(events, "attack")) == "Golias"  # Tumble stole instead


def test_a_star_token_turns_a_roll_into_a_star(cards):
    game, events = game_of(cards, ["Kafula", "Gwyn"], dice=[1, 5],
                           script={"star": [True]})
    encounter(game, "Falling Tree")
    assert of(events, "star_token")[0]["hero"] == "Kafula"
    assert [e["result"] for e in of(events, "roll_result")] == ["success", "success"]
    assert game.hero("Kafula").stars == 0


# -- monsters and bosses ----------------------------------------------------------------------


def test_a_monster_re_rolls_its_stars(cards):
    game, events = game_of(cards, ["Swish", "Golias"], dice=[1, 1, "Star", 2])
    encounter(game, "Mossback Toad")
    assert of(events, "foe_reroll") and of(events, "foe_attack")[0]["face"] == "2"


def test_a_boss_uses_its_first_ability_as_its_turn_begins_and_its_second_on_a_star(cards):
    game, events = game_of(cards, ["Swish"], dice=[1, "Star", 1, 2])
    boss = Foe(game.card("Alpha Wolf"), 1)
    fight(game, [boss])
    abilities = [e["when"] for e in of(events, "foe_ability")]
    assert abilities[:2] == ["at the start of its turn", "on a Star"]
    # On its Star it healed instead of attacking: the first attack comes on its next turn.
    first_attack = of(events, "foe_attack")[0]
    assert first_attack["seq"] > of(events, "foe_healed")[0]["seq"]


# -- traps, events and side quests -------------------------------------------------------------


def test_on_a_trap_a_star_always_succeeds_and_a_one_always_fails(cards):
    game, events = game_of(cards, ["Swish", "Golias"], dice=["Star", 1],
                           script={"star": [False, False]})
    encounter(game, "Cave-In")  # 6 or higher: Swish's best is 5, Golias's 5
    assert [e["result"] for e in of(events, "roll_result")] == ["success", "failure"]


def test_a_side_quest_roll_does_not_fail_on_a_one(cards):
    game, events = game_of(cards, ["Tumble"], dice=[1], script={"side_quest": ["now"]})
    encounter(game, "Lost Satchel")  # Dexterity 6 or higher: Tumble's 5 + 1
    assert of(events, "roll_result")[0]["result"] == "success"
    done = of(events, "side_quest_done")[0]
    assert len([e for e in of(events, "loot") if e["seq"] > done["seq"]]) == 2


def test_a_trap_with_no_success_earns_no_loot(cards):
    game, events = game_of(cards, ["Swish"], dice=[1], script={"star": [False]})
    loot_before = len(of(events, "loot"))
    encounter(game, "Snare Pit")
    assert len(of(events, "loot")) == loot_before


def test_an_ambush_attacks_first_and_leaves_the_game(cards):
    game, events = game_of(cards, ["Golias"], encounters=["Wolf", "Snare Pit"], dice=[1, 5])
    counted = encounter(game, "Forest Ambush")
    kinds = [e["event"] for e in events]
    assert counted == 1 and of(events, "ambush")[0]["monsters"] == ["Wolf"]
    assert kinds.index("foe_attack") < kinds.index("attack")
    assert [card.name for card in game.level.encounters] == ["Snare Pit"]


def test_a_monster_nest_gives_its_loot_to_two_leaders_and_counts_for_both(cards):
    game, events = game_of(cards, ["Golias", "Kafula"], encounters=["Wolf", "Forest Spider"],
                           dice=[5, 5, 5, 5], equipped={"Golias": ["Short Sword"]})
    counted = encounter(game, "Spider Nest")
    assert counted == 2
    defeated = [e["foe"] for e in of(events, "foe_defeated")]
    looters = [e["hero"] for e in of(events, "loot")][-2:]
    assert len(defeated) == 2 and looters == ["Golias", "Kafula"]


def test_a_monster_nest_that_finds_one_monster_counts_once(cards):
    game, _ = game_of(cards, ["Golias", "Kafula"], encounters=["Wolf", "Snare Pit"],
                      dice=[5] * 8, equipped={"Golias": ["Short Sword"]})
    assert encounter(game, "Spider Nest") == 1


def test_a_skippable_event_goes_to_the_bottom_and_does_not_count(cards):
    game, _events = game_of(cards, ["Golias"], encounters=["Wolf"], script={"skip": [True]})
    counted = encounter(game, "Haunted Shrine")
    assert counted == 0 and [c.name for c in game.level.encounters] == ["Wolf",
                                                                       "Haunted Shrine"]


def test_a_side_quest_may_wait_for_the_boss_and_does_not_count(cards):
    game, _events = game_of(cards, ["Golias"], script={"side_quest": ["later"]})
    assert encounter(game, "Lost Satchel") == 0
    assert [card.name for card in game.set_aside] == ["Lost Satchel"]


def test_a_failed_side_quest_is_discarded(cards):
    game, events = game_of(cards, ["Golias"], dice=[1], script={"side_quest": ["now"],
                                                                "star": [False]})
    encounter(game, "Lost Satchel")  # Dexterity 6: Golias's 3 + 1
    assert of(events, "side_quest_failed") and not game.set_aside


# -- loot ------------------------------------------------------------------------------------


def test_equipment_goes_in_matching_slots_and_a_two_colour_card_in_either(cards):
    game, _events = game_of(cards, ["Golias"], loot=["Short Sword", "Wooden Shield",
                                                    "Oak Wand", *HERBS])
    golias = game.hero("Golias")
    game.draw_loot(golias)
    game.draw_loot(golias)
    equip(game)
    slots = {item.card.name: item.slot for item in golias.equipped}
    assert slots == {"Short Sword": "Weapon", "Wooden Shield": "Armor"}


def test_an_enchantment_attaches_to_equipment_and_moves_with_it(cards):
    game, _ = game_of(cards, ["Reginald"], loot=["Silver Charm", *HERBS],
                      equipped={"Reginald": ["Oak Wand"]})
    equip(game)
    (wand,) = game.hero("Reginald").equipped
    assert wand.enchantment.name == "Silver Charm"
    skeleton, wolf = Foe(game.card("Skeleton Scout"), 1), Foe(game.card("Wolf"), 1)
    reginald = game.hero("Reginald")
    assert reginald.stat("Magic", skeleton) == reginald.stat("Magic", wolf) + 2


def test_an_item_is_used_once_one_a_turn_and_discarding_does_nothing_to_a_boss(cards):
    game, events = game_of(cards, ["Golias"], loot=["Hunting Net", "Hunting Net", *HERBS],
                           dice=[5, 5, 5, 5, 5, 5, 5, 5])
    game.draw_loot(game.hero("Golias"))
    encounter(game, "Wolf")
    assert [e["item"] for e in of(events, "item")] == ["Hunting Net"]
    assert of(events, "discarded")[0]["foe"] == "Wolf"
    fight(game, [Foe(game.card("Alpha Wolf"), 1)])
    assert "Hunting Net" not in [e["item"] for e in of(events, "item")][1:]
    assert game.pack.count(game.card("Hunting Net")) == 1  # not spent on the boss


# -- the whole game ------------------------------------------------------------------------


def test_each_player_leads_twice_then_the_first_leader_draws_the_boss(cards):
    game, events = game_of(cards, ["Golias", "Kafula"],
                           encounters=["Wolf", "Snare Pit", "Wolf", "Snare Pit", "Wolf"],
                           equipped={"Golias": ["Short Sword"]})
    play_level(game, game.levels[0])
    leaders = [e["leader"] for e in of(events, "encounter")]
    assert leaders == ["Golias", "Kafula", "Golias", "Kafula"]
    assert of(events, "boss")[0]["leader"] == "Golias"


def test_a_knocked_out_character_cannot_lead_and_its_lead_passes(cards):
    game, events = game_of(cards, ["Golias", "Kafula"], encounters=["Snare Pit"] * 4,
                           dice=[5] * 4)
    game.hero("Kafula").health = 0
    play_level(game, game.levels[0])
    assert [e["leader"] for e in of(events, "encounter")] == ["Golias", "Golias"]
    assert [e["hero"] for e in of(events, "cannot_lead")] == ["Kafula", "Kafula"]


def test_an_encounter_deck_that_runs_out_brings_the_boss_early(cards):
    game, events = game_of(cards, ["Golias", "Kafula"], encounters=["Snare Pit"], dice=[5] * 2)
    play_level(game, game.levels[0])
    assert len(of(events, "encounter")) == 1
    assert of(events, "deck_empty") and of(events, "boss")[0]["leader"] == "Golias"


def test_an_explorer_ability_is_used_once_a_level(cards):
    game, events = game_of(cards, ["Gwyn"], dice=[1, 1, 1], script={"star": [False] * 3})
    encounter(game, "Snare Pit")  # Gwyn fails, re-rolls with her Explorer Ability, fails
    encounter(game, "Snare Pit")  # fails again, and may not re-roll
    assert len(of(events, "explorer_ability")) == 1 and len(of(events, "reroll")) == 1
    assert [e["result"] for e in of(events, "roll_result")] == ["failure", "failure"]
    rewards(game, 1)
    assert not game.hero("Gwyn").explorer_used


def test_every_character_knocked_out_loses_the_game(cards):
    game, events = game_of(cards, ["Swish"], bosses=["Dragon of Ash"], dice=[1] * 50)
    assert not fight(game, [Foe(game.card("Dragon of Ash"), 1)])
    assert events[-1]["event"] == "outcome" and events[-1]["outcome"] == "lost"


def test_a_whole_game_is_won_by_beating_the_level_three_boss(cards):
    log = play({"name": "t", "players": [{"character": "Golias"}, {"character": "Kafula"}]},
               cards, 3)
    levels = [e["level"] for e in log.events if e["event"] == "level"]
    assert levels == [1, 2, 3]
    assert log.events[-1]["outcome"] == "won"
    rewards = [e["level"] for e in log.events if e["event"] == "rewards"]
    assert rewards == [1, 2]


def test_the_rewards_of_a_level(cards):
    game, events = game_of(cards, ["Golias"], loot=HERBS)
    game.levels[1].loot = [game.card(name) for name in ("Steel Axe", "Firebomb", "Firebomb")]
    golias = game.hero("Golias")
    golias.health = 3
    rewards(game, 1)
    assert golias.health == golias.max_health and golias.stars == 2
    assert golias.tokens["Strength"] == 1
    assert [e["card"] for e in of(events, "loot")][-1] == "Steel Axe"


def test_the_rewards_after_the_second_boss_are_gold_loot_and_two_stat_tokens(cards):
    game, events = game_of(cards, ["Golias"])
    game.levels[2].loot = [game.card("Kingsblade")]
    rewards(game, 2)
    assert [(e["card"], e["level"]) for e in of(events, "loot")][-1] == ("Kingsblade", 3)
    assert sum(game.hero("Golias").tokens.values()) == 2


def test_spare_loot_sells_at_the_levels_rates(cards):
    game, events = game_of(cards, ["Golias"])  # Golias has no Trinket or Familiar slot
    game.levels[1].loot = [game.card(name) for name in ("Steel Axe", "Chain Shirt")]
    game.pack[:] = [game.card(name) for name in ("Ferret", "Copper Ring", "Lucky Clover")]
    rewards(game, 1)  # 2 Copper = 1 Silver; the third Copper stays
    assert [(sorted(e["cards"]), e["level"]) for e in of(events, "sell")] == [
        (["Copper Ring", "Ferret"], 2)]
    assert [card.name for card in game.pack] == ["Lucky Clover"]

    game, events = game_of(cards, ["Golias"])
    game.levels[2].loot = [game.card(name) for name in ("Kingsblade", "Plate Armor",
                                                        "Storm Bow", "Mirror Shield")]
    game.pack[:] = [game.card(name) for name in ("Owl", "Owl", "Owl", *["Ferret"] * 7)]
    rewards(game, 2)  # 2 Silver = 1 Gold, then 2 Copper + 1 Silver, then 4 Copper
    assert [(sorted(e["cards"]), e["level"]) for e in of(events, "sell")] == [
        (["Owl", "Owl"], 3), (["Ferret", "Ferret", "Owl"], 3), (["Ferret"] * 4, 3)]
    assert [card.name for card in game.pack if card.level < 3] == ["Ferret"]


def test_a_script_naming_an_unknown_choice_is_an_error(cards):
    with pytest.raises(ScenarioError, match="'script' has no choice 'dance'"):
        game_of(cards, ["Golias"], script={"dance": [1]})
