"""The pacg encounter sequence (seeds/pacg-encounter-sequence.txt), a test per rule.

Each test plays a small set-up through the real pipeline: test cards are
compiled from card text like the project's own, and checks of difficulty 0
or 99 make an outcome certain whatever the dice say.
"""

from __future__ import annotations

import pytest

from compiler.runtime import pacg as rt
from tests.conftest import events_of, kinds, play_setup

# Cards only these tests use.  Pebbles are powerless filler for hands and decks.
TEST_CARDS = """
Name: Pebble
Type: Item
Traits: Junk
---
Name: Sure Thing
Type: Monster
Check: Combat 0
---
Name: Hopeless Brute
Type: Monster
Check: Combat 99

Before the encounter, you take 1 Combat damage.
If defeated, draw a card.
If undefeated, draw a card.
---
Name: Hopeless Wall
Type: Barrier
Check: Strength 99
---
Name: Brute Caller
Type: Monster
Check: Combat 0

Before the encounter, summon and encounter a Hopeless Brute.
---
Name: Pair Caller
Type: Henchman
Check: Combat 0

Before the encounter, summon and encounter a Sure Thing and a Hopeless Wall.
---
Name: Sure Villain
Type: Villain
Check: Combat 0

After the encounter, you draw a card.
---
Name: Villain Caller
Type: Monster
Check: Combat 0

Before the encounter, summon and encounter a Sure Villain.
---
Name: Sure Henchman
Type: Henchman
Check: Combat 0

If defeated, draw a card.
After the encounter, draw a card.
---
Name: Henchman Caller
Type: Monster
Check: Combat 0

Before the encounter, summon and encounter a Sure Henchman.
---
Name: Bottom Gate
Type: Barrier
Check: Strength 99

If undefeated, put this card on the bottom of the location deck.
---
Name: Two Step Wall
Type: Barrier
Check: Strength 99 then Strength 0
---
Name: Burning Skulker
Type: Monster
Check: Combat 0

Before the encounter, you take 2 Fire damage.
---
Name: Bruising Skulker
Type: Monster
Check: Combat 30

Before the encounter, you take 1 Combat damage.
---
Name: Test Buckler
Type: Armor
Traits: Shield

Reveal this card to reduce Combat damage dealt to you by 1.
---
Name: Test Spiked Shield
Type: Armor
Traits: Shield

Reveal this card to add 1d4 to your Combat check.
---
Name: Free Trinket
Type: Item
Check: Charisma 0
---
Name: Lost Trinket
Type: Item
Check: Charisma 99
---
Name: Open Gate
Type: Location
Check: Dexterity 0
---
Name: Shut Gate
Type: Location
Check: Dexterity 99
---
Name: Plain Field
Type: Location
---
Name: Fireproof Skulker
Type: Monster
Check: Combat 0

Fire immunity.
Before the encounter, you take 2 Fire damage.
---
Name: Ember Ward
Type: Armor
Traits: Fire

Reveal this card to reduce Fire damage dealt to you by 2.
---
Name: Dull Thumper
Type: Monster
Check: Combat 0

Before the encounter, each character at this location takes 1d6 damage.
---
Name: Stubborn Gate
Type: Barrier
Check: Strength 99

If undefeated, put this card on the bottom of the location deck.
---
Name: Gate Caller
Type: Monster
Check: Combat 0

Before the encounter, summon and encounter a Stubborn Gate.
"""
PEBBLES = ["Pebble"] * 10


@pytest.fixture
def cards(pool_with) -> dict[str, rt.CardDef]:
    return pool_with(TEST_CARDS)


def hero(card: str, location: str, hand: list[str] | None = None,
         deck: list[str] | None = None) -> dict:
    return {"card": card, "location": location, "hand": hand or [],
            "deck": PEBBLES if deck is None else deck}


def place(card: str, deck: list[str]) -> dict:
    return {"card": card, "deck": deck}


def encounters(events: list[dict]) -> list[str]:
    return [event["card"] for event in events_of(events, "encounter")]


# -- 1. Reveal ---------------------------------------------------------------


def test_1_exploring_reveals_the_top_card_of_the_location_deck(cards):
    events = play_setup(cards, turns=2,
                        locations=[place("Plain Field", ["Sure Thing", "Free Trinket"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    assert encounters(events) == ["Sure Thing", "Free Trinket"]
    assert events_of(events, "encounter")[0]["origin"] == "from Plain Field"


def test_1_a_summoned_card_is_found_by_name_in_the_box(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Brute Caller"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")],
                        script={"evade": ["none"]})
    summoned = events_of(events, "encounter", card="Hopeless Brute")
    assert summoned and summoned[0]["origin"] == "summoned from the box"


# -- 2. Evade ------------------------------------------------------------------


def test_2_another_characters_evade_card_cannot_evade_for_the_encountering_one(cards):
    events = play_setup(
        cards, locations=[place("Plain Field", ["Hopeless Brute"])],
        characters=[hero("Ilsa Thornquill", "Plain Field"),
                    hero("Tamsin Reed", "Plain Field", hand=["Smoke Pellet"])])
    assert not events_of(events, "evaded")
    assert events_of(events, "undefeated", card="Hopeless Brute")


def test_2_a_card_that_lets_another_character_evade_may_be_played_for_them(cards):
    events = play_setup(
        cards, locations=[place("Plain Field", ["Hopeless Wall"])],
        characters=[hero("Ilsa Thornquill", "Plain Field"),
                    hero("Tamsin Reed", "Plain Field", hand=["Lantern Bearer"])])
    assert events_of(events, "play", character="Tamsin Reed", card="Lantern Bearer")
    assert events_of(events, "evaded", character="Ilsa Thornquill", card="Hopeless Wall")


def test_2_an_evaded_card_is_neither_defeated_nor_undefeated_and_ends_the_encounter(cards):
    events = play_setup(cards, turns=2,
                        locations=[place("Plain Field", ["Hopeless Brute"])],
                        characters=[hero("Ilsa Thornquill", "Plain Field",
                                         hand=["Slumber Mote", "Mirror Step"])])
    first = events[: kinds(events).index("end_turn")]
    assert "evaded" in kinds(first)
    assert not {"defeated", "undefeated", "window", "check", "damage"} & set(kinds(first))
    # ... and, drawn from the location deck, it is shuffled back into it: it is met again.
    assert events_of(first, "put_away")[0]["where"] == "shuffled into Plain Field's deck"
    assert encounters(events) == ["Hopeless Brute", "Hopeless Brute"]


def test_2_an_evaded_summoned_card_goes_back_to_the_box(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Brute Caller"])],
                        characters=[hero("Ilsa Thornquill", "Plain Field",
                                         hand=["Slumber Mote"])])
    evaded = events_of(events, "evaded", card="Hopeless Brute")
    assert evaded
    assert events_of(events, "put_away", card="Hopeless Brute")[0]["where"] == \
        "returned to the box"
    # The summoning encounter then goes on to its own check.
    assert events_of(events, "defeated", card="Brute Caller")


# -- 3. Immunities -------------------------------------------------------------


def test_3_a_card_with_a_trait_the_bane_is_immune_to_cannot_evade_it(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Bog Lurker"])],
                        characters=[hero("Ilsa Thornquill", "Plain Field",
                                         hand=["Slumber Mote"])],
                        script={"evade": ["Slumber Mote"]})
    refused = events_of(events, "refused", card="Slumber Mote")
    assert refused[0]["reason"] == "Bog Lurker is immune to Mental"
    assert not events_of(events, "evaded")


def test_3_the_default_policy_meets_the_immunity_too(cards):
    """Ilsa would rather evade a Combat 8 monster with her d4 Strength; her only evade card
    is Mental and the Bog Lurker is immune to Mental."""
    events = play_setup(cards, locations=[place("Plain Field", ["Bog Lurker"])],
                        characters=[hero("Ilsa Thornquill", "Plain Field",
                                         hand=["Slumber Mote"])])
    assert events_of(events, "refused", card="Slumber Mote")
    assert events_of(events, "check", purpose="to defeat Bog Lurker")


def test_3_a_card_with_a_barred_trait_cannot_be_played_on_the_check(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Cinder Imp"])],
                        characters=[hero("Ilsa Thornquill", "Plain Field",
                                         hand=["Kindle Bolt", "Salamander Cloak"])],
                        script={"check": [["Kindle Bolt"]]})
    assert events_of(events, "refused", card="Kindle Bolt")[0]["reason"] == \
        "Cinder Imp is immune to Fire"
    assert events_of(events, "check")[0]["added"] == 0


# -- 4. A villain: temporary closing ----------------------------------------------


def test_4_characters_elsewhere_try_to_close_their_locations_for_now(cards):
    events = play_setup(
        cards,
        locations=[place("Plain Field", ["Sure Villain"]), place("Open Gate", ["Pebble"]),
                   place("Shut Gate", ["Pebble"])],
        characters=[hero("Brannoc Ashvale", "Plain Field"),
                    hero("Ilsa Thornquill", "Open Gate"), hero("Tamsin Reed", "Open Gate"),
                    hero("Brannoc Ashvale", "Shut Gate")])
    attempts = events_of(events, "close_attempt", how="temporarily")
    # One success at the Open Gate is enough; at the Shut Gate the one character tries and fails.
    assert [(a["character"], a["location"]) for a in attempts] == [
        ("Ilsa Thornquill", "Open Gate"), ("Brannoc Ashvale", "Shut Gate")]
    assert [e["location"] for e in events_of(events, "temporarily_closed")] == ["Open Gate"]
    # The villain escapes to the only location still open.
    assert events_of(events, "escapes")[0]["location"] == "Shut Gate"


def test_4_a_summoned_villain_gives_no_chance_to_close(cards):
    events = play_setup(
        cards,
        locations=[place("Plain Field", ["Villain Caller"]), place("Open Gate", ["Pebble"])],
        characters=[hero("Brannoc Ashvale", "Plain Field"), hero("Ilsa Thornquill", "Open Gate")])
    assert events_of(events, "encounter", card="Sure Villain")
    assert not events_of(events, "close_attempt")
    # Defeating a summoned villain closes nothing and wins nothing.
    assert not events_of(events, "closed") and not events_of(events, "outcome", outcome="won")


# -- 5. Before the encounter -------------------------------------------------------


def test_5_damage_before_the_encounter_is_reduced_only_by_cards_of_its_kind(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Burning Skulker"])],
                        characters=[hero("Ilsa Thornquill", "Plain Field",
                                         hand=["Patched Chainmail", "Salamander Cloak"])])
    assert events_of(events, "damage")[0]["kind"] == "Fire"
    assert events_of(events, "play", card="Salamander Cloak")
    assert not events_of(events, "play", card="Patched Chainmail")
    assert events_of(events, "reduced")[0]["left"] == 0


def test_5_cards_played_before_the_encounter_are_not_tied_to_the_check(cards):
    """An Armor reduces the damage before the encounter, and another Armor is then played on
    the check: the one-card-of-a-type limit is the check's own."""
    events = play_setup(cards, locations=[place("Plain Field", ["Bruising Skulker"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field",
                                         hand=["Test Buckler", "Test Spiked Shield"])])
    played = [(e["card"], e["why"]) for e in events_of(events, "play")]
    assert played[:2] == [("Test Buckler", "to reduce the damage"),
                          ("Test Spiked Shield", "on the check")]


def test_5_only_one_card_of_each_type_is_played_on_a_check(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Bruising Skulker"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field",
                                         hand=["Notched Longsword", "Hunting Bow"])],
                        script={"check": [["Notched Longsword", "Hunting Bow"]]})
    assert events_of(events, "refused", card="Hunting Bow")[0]["reason"] == \
        "a Weapon was already played on this check"


# -- 6. The check ----------------------------------------------------------------


def test_6_a_check_is_the_skill_die_plus_its_bonus_plus_cards_against_the_difficulty(cards):
    events = play_setup(cards, turns=6, seed=4,
                        locations=[place("Plain Field", ["Bog Lurker", "Barrow Wight",
                                                         "Thornback Boar", "Mother Vexa"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field",
                                         hand=["Notched Longsword", "Blessing of the Tides"],
                                         deck=["Blessing of the Tides"] * 10)])
    checks = events_of(events, "check")
    assert len(checks) >= 4
    for check in checks:
        assert 1 <= check["roll"] <= check["sides"]
        assert check["total"] == check["roll"] + check["bonus"] + check["added"]
        assert (check["result"] == "success") == (check["total"] >= check["difficulty"])
    added = [e["amount"] for e in events_of(events, "added")]
    assert sum(added) == sum(check["added"] for check in checks)


def test_6_then_checks_are_attempted_in_order_and_a_failure_ends_them(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Two Step Wall"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    checks = events_of(events, "check")
    assert [c["difficulty"] for c in checks] == [99]
    assert events_of(events, "undefeated", card="Two Step Wall")


def test_6_both_steps_of_a_then_check_are_attempted_when_the_first_succeeds(cards):
    events = play_setup(cards, seed=2, locations=[place("Plain Field", ["Thornback Boar"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    checks = events_of(events, "check")
    assert [c["difficulty"] for c in checks] == [6, 8]
    assert checks[0]["result"] == "success"


def test_6_the_character_takes_the_option_and_skill_that_suit_it_best(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Mother Vexa"])],
                        characters=[hero("Ilsa Thornquill", "Plain Field")],
                        script={"evade": ["none"]})
    check = events_of(events, "check", purpose="to defeat Mother Vexa")[0]
    assert (check["skill"], check["sides"], check["bonus"], check["difficulty"]) == \
        ("Arcane", 12, 2, 10)


def test_6_a_combat_check_uses_strength_or_melee_and_an_untrained_skill_rolls_a_d4(cards):
    events = play_setup(cards, turns=2,
                        locations=[place("Plain Field", ["Sure Thing", "Sealed Reliquary"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")],
                        script={"evade": ["none"]})
    first, second = events_of(events, "check")[:2]
    assert (first["skill"], first["sides"], first["bonus"]) == ("Melee", 10, 3)
    assert (second["skill"], second["sides"]) == ("Arcane", 4)


# -- 7. Resolve ------------------------------------------------------------------


def test_7_a_defeated_villain_closes_its_location_then_escapes_to_an_open_one(cards):
    events = play_setup(cards,
                        locations=[place("Plain Field", ["Sure Villain", "Pebble"]),
                                   place("Shut Gate", ["Pebble"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    assert kinds(events).index("closed") < kinds(events).index("escapes")
    assert events_of(events, "closed")[0]["location"] == "Plain Field"
    assert events_of(events, "put_away", card="Sure Villain")[0]["where"] == \
        "shuffled into Shut Gate's deck"
    assert not events_of(events, "outcome", outcome="won")


def test_7_a_villain_that_cannot_escape_wins_the_scenario_at_once(cards):
    events = play_setup(cards, turns=5,
                        locations=[place("Plain Field", ["Sure Villain"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    assert events[-1]["event"] == "outcome" and events[-1]["outcome"] == "won"
    # At once: the villain's After the encounter power never runs, no card is put away.
    after_cannot = events[kinds(events).index("cannot_escape"):]
    assert kinds(after_cannot) == ["cannot_escape", "outcome"]


def test_7_a_defeated_henchman_lets_the_character_try_to_close_the_location(cards):
    events = play_setup(cards, locations=[place("Open Gate", ["Sure Henchman", "Pebble"])],
                        characters=[hero("Brannoc Ashvale", "Open Gate")])
    assert events_of(events, "close_attempt", how="for good")
    assert events_of(events, "closed", location="Open Gate")[0]["banished"] == 1


def test_7_the_character_may_decline_to_close_after_a_henchman(cards):
    events = play_setup(cards, locations=[place("Open Gate", ["Sure Henchman"])],
                        characters=[hero("Brannoc Ashvale", "Open Gate")],
                        script={"close": [False]})
    assert events_of(events, "defeated", card="Sure Henchman")
    assert not events_of(events, "close_attempt")


def test_7_a_summoned_henchman_gives_no_chance_to_close(cards):
    events = play_setup(cards, locations=[place("Open Gate", ["Henchman Caller"])],
                        characters=[hero("Brannoc Ashvale", "Open Gate")])
    assert events_of(events, "defeated", card="Sure Henchman")
    assert not events_of(events, "close_attempt")


def test_7_an_undefeated_bane_is_shuffled_back_unless_its_text_says_otherwise(cards):
    events = play_setup(cards, turns=2,
                        locations=[place("Plain Field", ["Bottom Gate", "Hopeless Wall",
                                                         "Pebble"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    wheres = {e["card"]: e["where"] for e in events_of(events, "put_away")}
    assert wheres["Hopeless Wall"] == "shuffled into Plain Field's deck"
    assert wheres["Bottom Gate"] == "put at the bottom of Plain Field's deck"


def test_7_a_defeated_bane_is_banished_and_a_boon_is_acquired_or_banished(cards):
    events = play_setup(cards, turns=3,
                        locations=[place("Plain Field", ["Sure Thing", "Free Trinket",
                                                         "Lost Trinket"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    wheres = {e["card"]: e["where"] for e in events_of(events, "put_away")}
    assert wheres == {"Sure Thing": "banished to the box",
                      "Free Trinket": "added to Brannoc Ashvale's hand",
                      "Lost Trinket": "banished to the box"}
    assert events_of(events, "not_acquired", card="Lost Trinket")


def test_7_outcome_effects_come_before_after_the_encounter(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Sure Henchman"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")],
                        script={"close": [False]})
    windows = [e["window"] for e in events_of(events, "window")]
    assert windows == ["if defeated", "after the encounter"]
    order = kinds(events)
    assert order.index("defeated") < order.index("window") < order.index("put_away")


def test_7_failing_to_defeat_a_monster_deals_the_shortfall_as_combat_damage(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Hopeless Brute"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")],
                        script={"evade": ["none"]})
    check = events_of(events, "check")[0]
    damage = events_of(events, "damage")[-1]
    assert (damage["amount"], damage["kind"]) == (99 - check["total"], "Combat")


def test_7_failing_a_barrier_deals_no_damage_of_itself(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Hopeless Wall"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    assert events_of(events, "undefeated") and not events_of(events, "damage")


# -- 8. Summons ------------------------------------------------------------------


def test_8_each_summoned_card_is_a_whole_encounter_in_the_chosen_order(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Pair Caller"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")],
                        script={"summon_order": [["Hopeless Wall", "Sure Thing"]]})
    assert encounters(events) == ["Pair Caller", "Hopeless Wall", "Sure Thing"]
    order = [(e["event"], e.get("card")) for e in events
             if e["event"] in ("encounter", "put_away", "check")]
    assert order == [
        ("encounter", "Pair Caller"),
        ("encounter", "Hopeless Wall"), ("check", None), ("put_away", "Hopeless Wall"),
        ("encounter", "Sure Thing"), ("check", None), ("put_away", "Sure Thing"),
        ("check", None), ("put_away", "Pair Caller")]
    nested = events_of(events, "encounter", card="Hopeless Wall")[0]
    assert nested["depth"] == events_of(events, "encounter", card="Pair Caller")[0]["depth"] + 1


def test_8_by_default_summoned_cards_come_in_the_order_written(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Pair Caller"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    assert encounters(events) == ["Pair Caller", "Sure Thing", "Hopeless Wall"]


def test_8_a_scripted_order_must_name_each_summoned_card(cards):
    with pytest.raises(rt.ScenarioError, match="summon order"):
        play_setup(cards, locations=[place("Plain Field", ["Pair Caller"])],
                   characters=[hero("Brannoc Ashvale", "Plain Field")],
                   script={"summon_order": [["Sure Thing"]]})


# -- The game around the encounter ------------------------------------------------


def test_damage_discards_that_many_cards_and_no_more_than_the_hand(cards):
    events = play_setup(cards, turns=2,
                        locations=[place("Plain Field", ["Burning Skulker", "Hopeless Brute"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")],
                        script={"evade": ["none"]})
    fire, combat, shortfall = events_of(events, "discarded")
    assert (fire["amount"], len(fire["cards"])) == (2, 2)
    assert (combat["amount"], len(combat["cards"])) == (1, 1)
    # The shortfall is far more than the hand: the whole hand goes, and no more.
    assert shortfall["amount"] > 5 and len(shortfall["cards"]) == 5 - combat["amount"]


def test_a_character_who_must_draw_from_an_empty_deck_dies(cards):
    events = play_setup(cards, turns=3, locations=[place("Plain Field", ["Burning Skulker"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field", deck=["Pebble"] * 5)])
    assert events_of(events, "death", character="Brannoc Ashvale")
    assert events[-1]["outcome"] == "lost"
    assert events[-1]["reason"] == "every character is dead"


def test_a_deck_too_small_for_the_starting_hand_is_a_scenario_error(cards):
    with pytest.raises(rt.ScenarioError, match="Brannoc Ashvale"):
        play_setup(cards, locations=[place("Plain Field", ["Sure Thing"])],
                   characters=[hero("Brannoc Ashvale", "Plain Field", deck=["Pebble"])])


def test_the_scenario_is_lost_when_the_turns_run_out(cards):
    events = play_setup(cards, turns=2, locations=[place("Plain Field", ["Pebble"] * 5)],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    assert len(events_of(events, "turn")) == 2
    assert events[-1] == {**events[-1], "event": "outcome", "outcome": "lost"}


def test_at_the_end_of_the_turn_the_hand_is_refilled_and_places_reopen(cards):
    events = play_setup(
        cards, locations=[place("Plain Field", ["Sure Villain", "Pebble"]),
                          place("Open Gate", ["Pebble"]), place("Shut Gate", ["Pebble"])],
        characters=[hero("Brannoc Ashvale", "Plain Field"), hero("Ilsa Thornquill", "Open Gate")])
    assert events_of(events, "reopened", location="Open Gate")
    assert events_of(events, "end_turn")[0]["hand"] == 5


# -- Rulings (docs/rulings.md) ------------------------------------------------------


def test_ruling_immunity_does_not_bar_reducing_the_banes_damage(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Fireproof Skulker"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field", hand=["Ember Ward"])])
    assert events_of(events, "play", card="Ember Ward")
    assert not events_of(events, "refused")


def test_ruling_damage_of_no_kind_is_combat_damage_rolled_for_each_character(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Dull Thumper"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field"),
                                    hero("Tamsin Reed", "Plain Field")])
    damage = events_of(events, "damage")
    assert [(e["character"], e["kind"]) for e in damage] == [
        ("Brannoc Ashvale", "Combat"), ("Tamsin Reed", "Combat")]
    rolls = events_of(events, "roll", dice="1d6")
    assert [roll["total"] for roll in rolls] == [e["amount"] for e in damage]


def test_ruling_a_location_holding_the_villain_cannot_close(cards):
    events = play_setup(cards, locations=[place("Open Gate", ["Sure Henchman", "Sure Villain"])],
                        characters=[hero("Brannoc Ashvale", "Open Gate")])
    assert events_of(events, "close_refused", location="Open Gate")
    assert not events_of(events, "close_attempt") and not events_of(events, "closed")


def test_ruling_a_summoned_card_returns_to_the_box_whatever_its_text_says(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Gate Caller"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    assert events_of(events, "dispose", card="Stubborn Gate")[0]["place"] == "bottom"
    assert events_of(events, "put_away", card="Stubborn Gate")[0]["where"] == \
        "returned to the box"


def test_ruling_a_boon_with_no_check_is_acquired_at_once(cards):
    events = play_setup(cards, locations=[place("Plain Field", ["Pebble"])],
                        characters=[hero("Brannoc Ashvale", "Plain Field")])
    assert events_of(events, "acquired", card="Pebble") and not events_of(events, "check")


# -- Setting up ------------------------------------------------------------------


def test_a_scenario_names_its_cards_in_any_case(cards):
    """The table looks a name up as written first and folded only then (Table.card_def):
    both must find the card, and a name of no card is an error."""
    events = play_setup(cards, locations=[place("plain FIELD", ["sure thing", "Sure Thing"])],
                        characters=[hero("BRANNOC ASHVALE", "Plain Field")], turns=2)
    assert encounters(events) == ["Sure Thing", "Sure Thing"]
    with pytest.raises(rt.ScenarioError, match="no card named 'Sure Things'"):
        play_setup(cards, locations=[place("Plain Field", ["Sure Things"])],
                   characters=[hero("Brannoc Ashvale", "Plain Field")])


def test_each_pool_has_its_own_power_purposes(cards):
    """The purposes of a pool's powers are remembered across games (state.power_purposes),
    but for that pool's cards alone."""
    from compiler.runtime.pacg.state import power_purposes

    everything = tuple(cards.values())
    powerless = tuple(defn for defn in everything if not defn.powers)
    without_evading = tuple(defn for defn in everything
                            if all(power.purpose != "evade" for power in defn.powers))
    assert "evade" in power_purposes(everything)
    assert power_purposes(powerless) == frozenset()
    purposes = power_purposes(without_evading)
    assert "evade" not in purposes
    assert purposes == {power.purpose for defn in without_evading for power in defn.powers}
    assert "evade" in power_purposes(everything)
