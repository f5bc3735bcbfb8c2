"""Old-School Essentials (seeds/ose-encounter-sequence.txt): each step of the encounter
sequence, number for number.  The dice are loaded where a test needs a face (LoadedDice);
scripts fix the party's choices."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from compiler.build import compile_paths
from compiler.play import load_cards
from compiler.runtime.dice import Dice
from compiler.runtime.log import EventLog
from compiler.runtime.ose import ScenarioError, play
from compiler.runtime.ose.encounter import (
    MONSTERS,
    PARTY,
    Encounter,
    Side,
    charisma_modifier,
    reaction_of,
)
from compiler.runtime.ose.messages import MESSAGES
from compiler.runtime.ose.policy import Policy
from tests.conftest import CARDS
from tests.conftest import events_of as of


class LoadedDice(Dice):
    """Dice that roll the faces given, in order, and fail a test that rolls more."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        assert self.faces, "the encounter rolled more dice than the test loaded"
        self.sides.append(sides)
        return self.faces.pop(0)


@pytest.fixture(scope="module")
def cards() -> dict[str, Any]:
    compilation = compile_paths([CARDS / "ose"])
    assert compilation.ok
    return load_cards(compilation, "ose")


def encounter(cards, faces: list[int], party: list[str], monsters: list[str],
              place: str = "Dungeon", dark: bool | None = None,
              script: dict | None = None, **sides: bool) -> tuple[Encounter, LoadedDice]:
    """An encounter of the named cards with loaded dice; `sides` may say a side expects it
    (`party_expecting`, `monsters_expecting`)."""
    where = replace(cards["Goblin Warren"], where=place)
    dice = LoadedDice(faces)
    return Encounter(
        where, Side(PARTY, [cards[name] for name in party],
                    expecting=sides.get("party_expecting", False)),
        Side(MONSTERS, [cards[name] for name in monsters],
             expecting=sides.get("monsters_expecting", False), extra=(where,)),
        dice, EventLog(MESSAGES), Policy(script),
        dark if dark is not None else place == "Dungeon"), dice


# -- 1. surprise ---------------------------------------------------------------------------


def test_a_side_is_surprised_on_a_1_or_2_of_its_d6(cards):
    enc, dice = encounter(cards, [2, 3], ["Brannoc"], ["Gutter Goblin"], dark=False)
    enc.surprise()
    assert (enc.party.surprised, enc.monsters.surprised) == (True, False)
    assert dice.sides == [6, 6]
    assert of(enc.log.events, "surprise", side=PARTY, face=2, high=2, result="surprised")
    assert of(enc.log.events, "surprise", side=MONSTERS, face=3, result="not surprised")


def test_a_side_that_surprises_on_1_to_4_surprises_the_other_on_a_3(cards):
    enc, _ = encounter(cards, [3, 3], ["Brannoc"], ["Shade Stalker"], dark=False)
    enc.surprise()
    assert (enc.party.surprised, enc.monsters.surprised) == (True, False)
    # The side surprises on the range its members share: a goblin among the stalkers makes
    # them as noisy as a goblin (docs/rulings.md).
    enc, _ = encounter(cards, [3, 3], ["Brannoc"], ["Shade Stalker", "Gutter Goblin"],
                       dark=False)
    enc.surprise()
    assert not enc.party.surprised


def test_a_side_that_expects_the_encounter_does_not_roll(cards):
    enc, dice = encounter(cards, [1], ["Brannoc"], ["Gutter Goblin"], dark=False,
                          monsters_expecting=True)
    enc.surprise()
    assert (enc.party.surprised, enc.monsters.surprised) == (True, False)
    assert dice.sides == [6]
    assert of(enc.log.events, "not_surprised", side=MONSTERS,
              reason="they expect the encounter")


def test_a_light_in_the_dark_gives_its_side_away(cards):
    # Ysolde carries a light: in the dungeon the monsters cannot be surprised.
    enc, dice = encounter(cards, [1], ["Ysolde"], ["Gutter Goblin"])
    enc.surprise()
    assert (enc.party.surprised, enc.monsters.surprised) == (True, False)
    assert dice.sides == [6]
    assert of(enc.log.events, "not_surprised", side=MONSTERS,
              reason="the other side's light gives it away")
    # In daylight a light gives nothing away.
    enc, _ = encounter(cards, [3, 1], ["Ysolde"], ["Gutter Goblin"], place="Wilderness")
    enc.surprise()
    assert (enc.party.surprised, enc.monsters.surprised) == (False, True)


def test_a_side_with_one_never_surprised_is_not_surprised(cards):
    enc, dice = encounter(cards, [1], ["Brannoc", "Mirela"], ["Gutter Goblin"], dark=False)
    enc.surprise()
    assert (enc.party.surprised, enc.monsters.surprised) == (False, True)
    assert dice.sides == [6]


# -- 2. encounter distance -----------------------------------------------------------------


@pytest.mark.parametrize(("place", "surprised", "faces", "sides", "distance", "unit"), [
    ("Dungeon", False, [3, 4], [6, 6], 70, "feet"),
    ("Dungeon", True, [3, 4], [6, 6], 70, "feet"),
    ("Wilderness", False, [1, 2, 3, 4], [6, 6, 6, 6], 100, "yards"),
    ("Wilderness", True, [3], [4], 30, "yards"),
    ("Waterborne", False, [6, 6, 6, 6], [6, 6, 6, 6], 240, "yards"),
    ("Waterborne", True, [4], [4], 40, "yards"),
])
def test_encounter_distance(cards, place, surprised, faces, sides, distance, unit):
    enc, dice = encounter(cards, faces, ["Brannoc"], ["Gutter Goblin"], place=place)
    enc.monsters.surprised = surprised
    enc.distance()
    assert dice.sides == sides
    assert of(enc.log.events, "distance", distance=distance, unit=unit)


# -- 3. initiative -------------------------------------------------------------------------


def test_the_side_with_the_highest_d6_acts_first(cards):
    enc, _ = encounter(cards, [2, 5], ["Brannoc"], ["Gutter Goblin"])
    enc.initiative()
    assert enc.order == [MONSTERS, PARTY] and enc.monsters_first
    enc, _ = encounter(cards, [4, 4], ["Brannoc"], ["Gutter Goblin"])
    enc.initiative()
    assert not enc.monsters_first  # a tie: at once (docs/rulings.md)
    assert of(enc.log.events, "initiative", first="a tie: both sides act at once")


def test_a_surprised_side_cannot_act_in_the_first_round(cards):
    enc, dice = encounter(cards, [], ["Brannoc"], ["Gutter Goblin"])
    enc.party.surprised = True
    enc.initiative()
    assert enc.order == [MONSTERS] and dice.sides == []
    assert of(enc.log.events, "advantage", side=MONSTERS)


def test_both_sides_surprised_neither_has_the_advantage(cards):
    enc, dice = encounter(cards, [6, 1], ["Brannoc"], ["Gutter Goblin"])
    enc.party.surprised = enc.monsters.surprised = True
    enc.initiative()
    assert enc.order == [PARTY, MONSTERS] and dice.sides == [6, 6]


# -- 4. actions: reactions -----------------------------------------------------------------


@pytest.mark.parametrize(("total", "result"), [
    (-1, "attacks"), (2, "attacks"), (3, "hostile"), (5, "hostile"), (6, "uncertain"),
    (8, "uncertain"), (9, "indifferent"), (11, "indifferent"), (12, "eager"), (14, "eager"),
])
def test_the_monster_reaction_table(total, result):
    assert reaction_of(total) == result


@pytest.mark.parametrize(("score", "modifier"), [
    (3, -2), (4, -1), (8, -1), (9, 0), (12, 0), (13, 1), (17, 1), (18, 2)])
def test_the_charisma_modifier_to_reactions(score, modifier):
    assert charisma_modifier(score) == modifier


def test_the_speaker_s_charisma_and_the_cards_modify_the_reaction_roll(cards):
    # Ysolde (Charisma 16, +1) speaks to five pilgrims (Reaction +2, counted once): 3 + 2 + 3.
    enc, dice = encounter(cards, [1, 2], ["Brannoc", "Ysolde"], ["Wandering Pilgrim"] * 5)
    assert enc.reaction() == "uncertain"
    assert dice.sides == [6, 6]
    assert of(enc.log.events, "reaction", speaker="Ysolde", faces=[1, 2], charisma=1,
              bonus=2, total=6)


def test_a_surprised_party_says_nothing_and_a_script_may_keep_it_quiet(cards):
    enc, _ = encounter(cards, [6, 6], ["Ysolde"], ["Gutter Goblin"])
    enc.party.surprised = True
    enc.reaction()
    assert of(enc.log.events, "reaction", speaker="nobody", charisma=0, total=12)
    enc, _ = encounter(cards, [1, 1], ["Ysolde"], ["Gutter Goblin"],
                       script={"speaker": ["nobody"]})
    assert enc.reaction() == "attacks"


def test_monsters_that_always_attack_roll_no_reaction(cards):
    enc, dice = encounter(cards, [], ["Ysolde"], ["Quivering Ooze"])
    assert enc.reaction() == "attacks" and dice.sides == []


# -- 4. actions: evasion, pursuit and combat ---------------------------------------------


def test_monsters_that_attack_first_begin_combat_before_the_party_can_flee(cards):
    enc, _ = encounter(cards, [], ["Brannoc"], ["Gutter Goblin"],
                       script={"response": ["evade"]})
    enc.order = [MONSTERS, PARTY]
    assert enc.actions("attacks") == "combat"
    enc.order = [PARTY, MONSTERS]
    assert enc.actions("attacks") == "pursued"  # fled first, but they attacked: they chase


def test_an_evasion_nobody_pursues_succeeds(cards):
    enc, _ = encounter(cards, [], ["Brannoc"], ["Gutter Goblin"],
                       script={"response": ["evade"]})
    enc.order = [PARTY, MONSTERS]
    assert enc.actions("uncertain") == "evaded"
    assert of(enc.log.events, "evaded")


def test_monsters_that_pursue_give_chase_at_their_encounter_rate(cards):
    enc, _ = encounter(cards, [], ["Brannoc", "Pip Underbough"], ["Grey Wolf"],
                       script={"response": ["evade"]})
    enc.order = [PARTY, MONSTERS]
    assert enc.actions("eager") == "pursued"
    # The party goes at its slowest member's third of 90'; the wolves at 60'.
    assert of(enc.log.events, "pursuit", party=30, monsters=60, rounds=60)


def test_by_default_the_party_fights_attackers_flees_the_hostile_and_talks_to_the_rest(cards):
    outcomes = {}
    for reaction in ("attacks", "hostile", "uncertain", "indifferent", "eager"):
        enc, _ = encounter(cards, [], ["Brannoc"], ["Gutter Goblin"])
        enc.order = [PARTY, MONSTERS]
        outcomes[reaction] = (enc.actions(reaction), of(enc.log.events, "response")[0]["response"])
    assert outcomes == {"attacks": ("combat", "fight"), "hostile": ("pursued", "evade"),
                        "uncertain": ("parley", "parley"), "indifferent": ("parley", "parley"),
                        "eager": ("parley", "parley")}


def test_hostile_monsters_with_the_first_move_attack_a_party_that_stays(cards):
    enc, _ = encounter(cards, [], ["Brannoc"], ["Gutter Goblin"],
                       script={"response": ["parley"]})
    enc.order = [MONSTERS, PARTY]
    assert enc.actions("hostile") == "combat"


# -- 5. conclusion, and a whole scenario ---------------------------------------------------


def test_each_encounter_takes_a_turn_and_ends_in_its_outcome(cards):
    setup = {"name": "t", "party": ["Brannoc"], "encounters": ["Ooze Pit", "Goblin Warren"]}
    events = play(setup, cards, seed=5).events
    assert [event["turn"] for event in of(events, "encounter")] == [1, 2]
    (first, second) = of(events, "conclusion")
    assert first["outcome"] == "combat"  # the ooze always attacks; the party fights
    assert of(events, "outcome")[0]["outcomes"] == [first["outcome"], second["outcome"]]


def test_a_printed_surprise_line_surprises_on_its_range(tmp_path):
    """`Surprise: On a roll of 1\u20134, due to stealth.` (an en dash), as the SRD prints it,
    is `Surprises on 1-4.`: the reason changes no rule."""
    path = tmp_path / "stalker.card"
    path.write_text("Game: ose\n\nName: Stalker\nType: Monster\nArmour Class: 7 [12]\n"
                    "Hit Dice: 1\nMovement: 90' (30')\nMorale: 8\n\n"
                    "Surprise: On a roll of 1\u20134, due to stealth.\n", encoding="utf-8")
    compilation = compile_paths([path])
    assert compilation.ok
    assert load_cards(compilation, "ose")["Stalker"].surprises_on == 4


def test_abilities_whose_rules_are_not_on_the_card_are_said_and_not_played(cards):
    """The Gloom Bat's `Echolocation: See main entry.`: the encounter sequence plays its
    surprise range (1-5) and says which abilities it does not play."""
    bat = cards["Gloom Bat"]
    assert (bat.abilities_elsewhere, bat.surprises_on) == (
        ("Echolocation", "Blood scent", "Frenzy"), 5)
    events = play({"name": "t", "party": ["Brannoc"], "encounters": ["Bat Roost"]}, cards,
                  seed=1).events
    (said,) = of(events, "not_played", monster="Gloom Bat")
    assert said["abilities"] == "Echolocation, Blood scent, Frenzy"


def test_a_scenario_that_names_a_card_of_the_wrong_type_says_so(cards):
    with pytest.raises(ScenarioError, match="Gutter Goblin is of type Monster, not Character"):
        play({"name": "t", "party": ["Gutter Goblin"], "encounters": []}, cards, seed=1)
    with pytest.raises(ScenarioError, match="no key 'partty'"):
        play({"name": "t", "partty": []}, cards, seed=1)
    with pytest.raises(ScenarioError, match=r"'script.response\[0\]' must be one of 'fight', "
                       "'evade' or 'parley', not 'charge'"):
        Policy({"response": ["charge"]}).response("hostile")
    with pytest.raises(ScenarioError, match="speaker 'Mirela' is not in the party"):
        Policy({"speaker": ["Mirela"]}).speaker([cards["Brannoc"]])
