"""The pacg checks: what reads well but cannot be, reported at the word at fault."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from compiler.build import check_paths, compile_paths
from compiler.fmt import format_paths
from tests.conftest import CARDS, card_text


def check(tmp_path: Path, text: str, with_project_cards: bool = False,
          game: str = "pacg") -> list:
    path = tmp_path / "test.card"
    path.write_text(f"Game: {game}\n\n" + card_text(text), encoding="utf-8")
    paths = [CARDS / game, path] if with_project_cards else [path]
    return [item for item in check_paths(paths).diagnostics if item.span.file.endswith("test.card")]


def only(tmp_path: Path, text: str, **kwargs) -> tuple[str, int, int, str | None]:
    (diagnostic,) = check(tmp_path, text, **kwargs)
    # Lines count from the first card line: two lines of `Game: pacg` and a blank come first.
    return diagnostic.code, diagnostic.span.line - 2, diagnostic.span.col, diagnostic.hint


def test_the_project_cards_are_clean():
    compilation = check_paths([CARDS])
    assert compilation.ok and not compilation.diagnostics
    assert compilation.card_count >= 25


def test_text_shared_by_cards_is_reported_where_each_card_has_it(tmp_path):
    """A header value or sentence on one line is read once and shared (ast.Reading): what a
    check finds in it is reported at the place of each card that writes it, and of each
    time a card writes a sentence again."""
    wrong = "Before the encounter, each character takes 1 Fier damage."
    card = "Type: Monster\nCheck: Dexterty 5\n\n"
    path = tmp_path / "test.card"
    path.write_text(f"Game: pacg\n\nName: A\n{card}{wrong}\n\n---\n\n"
                    f"Name: B\n{card}Immune to Fire. {wrong}\n  {wrong}\n", encoding="utf-8")
    found = [(item.code, item.span.line, item.span.col, item.span.end_col)
             for item in check_paths([path]).diagnostics]
    column = wrong.index("Fier") + 1
    assert found == [("CW205", 5, 8, 16), ("CW212", 7, column, column + 4),
                     ("CW205", 13, 8, 16), ("CW212", 15, column + 16, column + 20),
                     ("CW212", 16, column + 2, column + 6)]


def test_an_unknown_type_suggests_the_nearest(tmp_path):
    assert only(tmp_path, "Name: A\nType: Monstr\nCheck: Combat 5\n") == (
        "CW200", 2, 7, "did you mean 'Monster'?")


def test_a_field_the_type_does_not_take(tmp_path):
    code, line, _, hint = only(tmp_path, "Name: A\nType: Monster\nCheck: Combat 5\nHand: 4\n")
    assert (code, line) == ("CW201", 4)
    assert "Check" in hint


@pytest.mark.parametrize(("text", "field"), [
    ("Name: A\nType: Villain\n", "Check"),
    ("Name: A\nType: Character\nHand: 4\n", "Skills"),
])
def test_a_required_field_of_the_type(tmp_path, text, field):
    (diagnostic,) = check(tmp_path, text)
    assert diagnostic.code == "CW106" and f"'{field}'" in diagnostic.message


def test_an_unknown_skill_suggests_the_nearest(tmp_path):
    assert only(tmp_path, "Name: A\nType: Monster\nCheck: Dexterty 5\n") == (
        "CW205", 3, 8, "did you mean 'Dexterity'?")


@pytest.mark.parametrize(("text", "code"), [
    ("Skills: Strength d7\nHand: 5\n", "CW209"),
    ("Skills: Strength d6\nHand: 40\n", "CW209"),
])
def test_numbers_out_of_range(tmp_path, text, code):
    (diagnostic,) = check(tmp_path, f"Name: A\nType: Character\n{text}")
    assert diagnostic.code == code


def test_a_timing_window_pacg_does_not_have(tmp_path):
    code, line, col, _ = only(tmp_path, "Name: A\nType: Monster\nCheck: Combat 5\n\n"
                              "On a Star, you draw a card.\n")
    assert (code, line, col) == ("CW202", 5, 1)


def test_a_boon_has_only_the_after_playing_window_and_a_bane_not_that_one(tmp_path):
    boon = only(tmp_path, "Name: A\nType: Spell\n\nBefore the encounter, you draw a card.\n")
    bane = only(tmp_path, "Name: A\nType: Monster\nCheck: Combat 5\n\n"
                "After playing this card, you draw a card.\n")
    assert (boon[0], bane[0]) == ("CW202", "CW202")
    assert check(tmp_path, "Name: A\nType: Spell\n\nAfter playing this card, draw a card.\n") == []


def test_dice_are_rerolled_only_once_a_check_played_on_is_rolled(tmp_path):
    spell = "Name: A\nType: Spell\n\nReveal this card to add 1 to your check.\n"
    code, line, col, _ = only(tmp_path, spell + "After playing this card, reroll the dice.\n")
    assert (code, line, col) == ("CW204", 5, 26)
    assert check(tmp_path, spell + "If you would fail the check, reroll the dice.\n"
                 "You must take the second result.\n") == []
    bane = "Name: A\nType: Monster\nCheck: Combat 5\n\n"
    assert only(tmp_path, bane + "If you would fail the check, draw a card.\n")[0] == "CW202"


def test_a_bane_is_encountered_from_a_deck_only_when_it_is_examined(tmp_path):
    bane = "Name: A\nType: Monster\nCheck: Combat 5\n\n"
    code, line, col, _ = only(tmp_path, bane + "If undefeated, you may encounter it.\n")
    assert (code, line, col) == ("CW204", 5, 24)
    assert check(tmp_path, bane + "When you examine this card, you may encounter it.\n") == []


def test_a_sentence_that_forbids_playing_the_card_does_nothing_else(tmp_path):
    """It is asked each time the card could be played: a banishing in it banished the card
    whenever its holder wondered whether to play it (and a play chosen then paid with a
    card no longer held)."""
    spell = "Name: A\nType: Spell\n\nDiscard this card to evade a monster.\n"
    code, line, col, _ = only(tmp_path, spell + "You may not play this card during an encounter "
                              "if you do not have the Arcane skill, bury this card.\n")
    assert (code, line, col) == ("CW204", 5, 85)
    assert check(tmp_path, spell + "If you do not have the Arcane skill, you may not play this "
                 "card during an encounter.\nIf you do not have the Arcane skill, bury this "
                 "card.\n") == []


def test_pacg_has_no_keywords(tmp_path):
    assert only(tmp_path, "Name: A\nType: Monster\nCheck: Combat 5\n\nSwift.\n")[0] == "CW203"


@pytest.mark.parametrize("text", [
    "Name: A\nType: Monster\nCheck: Combat 5\n\nDiscard this card to evade a Monster.\n",
    "Name: A\nType: Monster\nCheck: Combat 5\n\nBefore the encounter, evade a Monster.\n",
    "Name: A\nType: Monster\nCheck: Combat 5\n\nIf defeated, recharge this card.\n",
    "Name: A\nType: Spell\n\nImmune to Fire.\n",
    "Name: A\nType: Ally\n\nVulnerable to Fire.\n",
    "Name: A\nType: Spell\n\nDiscard this card to evade a Monster, then you may not play spells.\n",
    "Name: A\nType: Spell\n\nDiscard this card to evade a Monster, then add 1 to your check.\n",
    "Name: A\nType: Monster\nCheck: Combat 5\n\nAdd 1 to your check.\n",
    "Name: A\nType: Location\n\nImmune to Fire.\n",
])
def test_an_effect_where_it_cannot_stand(tmp_path, text):
    assert [item.code for item in check(tmp_path, text)] == ["CW204"]


@pytest.mark.parametrize(("text", "codes"), [
    ("Before the encounter, summon and encounter a Sure Thing. If it is not defeated, "
     "this barrier is evaded.", []),
    ("Before the encounter, summon and encounter a Sure Thing. If either monster is not "
     "defeated, this barrier is evaded.", []),
    ("Before the encounter, you take 1 Fire damage. If it is not defeated, this barrier is "
     "evaded.", ["CW204"]),
    ("Before the encounter, summon and encounter a Sure Thing. If the Goblin Raider is not "
     "defeated, this barrier is evaded.", ["CW204"]),
])
def test_a_summoned_cards_outcome_needs_a_card_summoned(tmp_path, text, codes):
    card = f"Name: A\nType: Barrier\nCheck: Strength 5\n\n{text}\n---\n" \
        "Name: Sure Thing\nType: Monster\nCheck: Combat 0\n"
    assert [item.code for item in check(tmp_path, card)] == codes


_CHOOSE = "Discard this card to choose a type of card and examine the top 3 cards of your " \
    "location deck."
_SET_ASIDE = "If there are any cards of the chosen type, set them aside."
_PUT_BACK = "Return the remaining cards to the deck, shuffle it, then put the cards you set " \
    "aside together in any order at either the top or bottom of the deck."


@pytest.mark.parametrize(("text", "codes"), [
    (f"{_CHOOSE} {_SET_ASIDE} {_PUT_BACK}", []),
    (f"Discard this card to examine the top 3 cards of your location deck. {_SET_ASIDE} "
     f"{_PUT_BACK}", ["CW204"]),
    (f"{_CHOOSE} {_SET_ASIDE}", ["CW204"]),
    (f"{_CHOOSE} {_PUT_BACK}", ["CW204"]),
])
def test_cards_of_a_chosen_type_are_chosen_set_aside_and_put_back_in_order(tmp_path, text,
                                                                           codes):
    card = f"Name: A\nType: Spell\n\n{text}\n"
    assert [item.code for item in check(tmp_path, card)] == codes


@pytest.mark.parametrize(("target", "codes"), [
    ("Characters at this location", []),
    ("You", ["CW204"]),
])
def test_only_the_characters_at_the_banes_location_are_kept_from_moving(tmp_path, target,
                                                                       codes):
    card = f"Name: A\nType: Barrier\nCheck: Strength 5\n\nIf undefeated, {target.lower()} " \
        "may not move or be moved until this barrier is defeated.\n"
    assert [item.code for item in check(tmp_path, card)] == codes


@pytest.mark.parametrize(("text", "codes"), [
    ("Check: Combat 8\n\nEach character attempts the check to defeat.", []),
    ("Check: Combat 8\n\nBefore the encounter, each character attempts the check to defeat.",
     ["CW204"]),
])
def test_each_character_attempts_the_check_to_defeat_in_its_place(tmp_path, text, codes):
    assert [item.code for item in check(tmp_path, f"Name: A\nType: Henchman\n{text}\n")] \
        == codes


@pytest.mark.parametrize(("text", "codes"), [
    ("Roll 1d6. All damage dealt by this card is the following type:\n1-3. Acid 4-6. Fire",
     []),
    ("Roll 1d6 for the type of damage:\n1-3. Acid 4-6. Fire", []),
    ("All damage dealt by this card is the following type:\n1-3. Acid 4-6. Fire",
     ["CW204", "CW204", "CW204", "CW204", "CW204"]),
    ("Roll 1d6 for the type of damage:\n1-3. Acid 4-6. Wind", ["CW212"]),
])
def test_a_table_of_damage_types_needs_a_roll_and_types(tmp_path, text, codes):
    """The heading and each row ask the roll before them; each row names a damage type."""
    card = f"Name: A\nType: Monster\nCheck: Combat 5\n\n{text}\n"
    assert [item.code for item in check(tmp_path, card)] == codes


@pytest.mark.parametrize(("kind", "codes"), [
    ("Ranged Combat", []),  # the Ranged trait on Combat damage
    ("Magic Fire", []),
    ("Ranged Wind", ["CW212"]),  # traits before it, but no damage type last
    ("Combat Ranged", ["CW212"]),
    ("Rangd Combat", ["CW212"]),  # a misspelled trait
])
def test_a_damage_type_may_carry_traits_before_it(tmp_path, kind, codes):
    card = (f"Name: A\nType: Monster\nCheck: Combat 5\n\n"
            f"Before the encounter, you are dealt 1 {kind} damage.\n")
    assert [item.code for item in check(tmp_path, card)] == codes


def test_a_card_naming_itself_must_use_its_own_name(tmp_path):
    code, line, col, _ = only(tmp_path, "Name: Goblin Raider\nType: Monster\nCheck: Combat 5\n\n"
                              "Goblin Chief is immune to Fire.\n")
    assert (code, line, col) == ("CW206", 5, 1)


def test_words_in_lower_case_read_as_the_cards_name_are_said_to_be_maybe_no_name(tmp_path):
    """`put the second card of your location deck on top ...` reads only as `put <this
    card's name> on top ...`: 'not this card's name' alone left a designer looking for a
    misspelt name."""
    found = check(tmp_path, "Name: Goblin Raider\nType: Monster\nCheck: Combat 5\n\nIf "
                            "undefeated, put the third card of your hand on the bottom of the "
                            "location deck.\n")
    assert [(item.code, item.hint) for item in found] == [(
        "CW206", "these words read only as a name the card calls itself by: if they are not "
        "meant as one, this wording is not one cardwright reads; if they are, call the card by "
        "its own name")]


@pytest.mark.parametrize("called", ["Lamp in the Cellar", "the Lamp in the Cellar",
                                    "The The Lamp in the Cellar"])
def test_a_name_with_the_within_it_keeps_it(tmp_path, called):
    """Only the articles before a name are taken from it: `Lamp in Cellar` is no name."""
    assert check(tmp_path, "Name: The Lamp in the Cellar\nType: Monster\nCheck: Combat 5\n\n"
                           f"{called} is immune to Fire.\n") == []


def test_a_henchman_may_call_itself_the_barrier(tmp_path):
    """A pacg henchman is `this monster` or `this barrier`, and `the barrier` too."""
    card = "Name: Gate Crew\nType: Henchman\nCheck: Combat 5\n\n{} is immune to Fire.\n"
    assert not check(tmp_path, card.format("The barrier"))
    assert only(tmp_path, card.format("The ally"))[0] == "CW206"


@pytest.mark.parametrize("sentence", [
    "If the check to defeat the Grey Ghoul has the Fire trait, the difficulty to defeat is "
    "increased by 2.",
    "Subtract 1 from each die rolled in your check to defeat the Grey Ghoul.",
    "Combat damage dealt by the Grey Ghoul is dealt to each character at this location.",
    "The difficulty of checks to defeat the Grey Ghoul with the Fire trait is increased by 2.",
])
def test_a_name_is_checked_where_it_only_says_whose(tmp_path, sentence):
    """The AST drops a name that only says whose check or damage it is; the check still
    sees it (ast.Sentence.mentions), and reports it once."""
    card = "Name: Grey Ghast\nType: Monster\nCheck: Combat 5\n\n"
    assert only(tmp_path, card + sentence + "\n")[0] == "CW206"
    assert not check(tmp_path, card + sentence.replace("Ghoul", "Ghast") + "\n")


def test_a_window_may_name_the_card_encountered_and_only_by_its_own_name(tmp_path):
    haunt = "Name: Cannibal Haunt\nType: Barrier\nCheck: Wisdom 5\n\n"
    assert not check(tmp_path, haunt + "When you encounter the Cannibal Haunt, draw a card.\n"
                     "If the Cannibal Haunt is undefeated, draw a card.\n")
    for wrong in ("If the Hungry Haunt is defeated", "When you encounter the Hungry Haunt"):
        assert only(tmp_path, f"{haunt}{wrong}, draw a card.\n")[0] == "CW206"


def test_the_card_and_the_card_type_name_the_card(tmp_path):
    assert not check(tmp_path, "Name: The Baykok\nType: Monster\nCheck: Combat 5\n\n"
                     "The Baykok is immune to Fire.\n"
                     "If undefeated, shuffle this monster into the location deck.\n")
    assert only(tmp_path, "Name: A\nType: Monster\nCheck: Combat 5\n\n"
                "If undefeated, shuffle this barrier into the location deck.\n")[0] == "CW206"


def test_a_bane_dealing_no_damage_may_not_hang_on_how_its_check_went(tmp_path):
    """The damage of a failed check is settled as the card is revealed (`If undefeated, ...
    deals no damage` is done from the start), before any margin is known."""
    bane = "Name: Bog Hag\nType: Monster\nCheck: Combat 5\n\n"
    assert only(tmp_path, bane + "If undefeated and the check to defeat failed by 3 or more, "
                "the Bog Hag deals no damage.\n")[0] == "CW204"
    assert not check(tmp_path, bane + "If undefeated, the Bog Hag deals no damage.\n")


@pytest.mark.parametrize("card_type, noun, allowed", [
    ("Henchman", "monster", True), ("Villain", "barrier", True), ("Story Bane", "monster", True),
    ("Loot", "weapon", True), ("Monster", "barrier", False), ("Henchman", "weapon", False),
    ("Loot", "monster", False),
])
def test_a_pacg_card_may_call_itself_by_the_kind_of_card_it_is_as_well(tmp_path, card_type,
                                                                       noun, allowed):
    """A henchman, villain or story bane is a monster or a barrier; loot is a boon of another
    type (docs/rulings.md)."""
    text = f"This {noun} is immune to Fire." if card_type != "Loot" else \
        f"Discard this {noun} to add 1 to your check."
    check_line = "Check: Combat 5\n" if card_type != "Loot" else ""
    found = check(tmp_path, f"Name: A\nType: {card_type}\n{check_line}\n{text}\n")
    assert [item.code for item in found] == ([] if allowed else ["CW206"])


def test_a_card_may_call_itself_by_the_first_or_last_words_of_its_name_or_its_type(tmp_path):
    assert not check(tmp_path, "Name: Grayst Stone Sevilla\nType: Villain\nCheck: Combat 5\n\n"
                     "Grayst is immune to Fire.\nThe Stone Sevilla is immune to Cold.\n"
                     "The villain is immune to Acid.\n")
    assert only(tmp_path, "Name: Grayst Stone Sevilla\nType: Villain\nCheck: Combat 5\n\n"
                "Stone is immune to Fire.\n")[0] == "CW206"


def test_names_match_whether_their_apostrophes_are_curly_or_straight(tmp_path):
    """Printers set apostrophes curly and designers type them straight: either names the
    card, as itself and as a card summoned, and the program names it as its header does."""
    text = ("Name: Koth'Vaul\nType: Villain\nCheck: Combat 5\n\n"
            "Koth\u2019Vaul is immune to Fire.\n"
            "Before the encounter, summon and encounter the villain Koth\u2019Vaul.\n")
    assert not check(tmp_path, text)
    (program,) = compile_paths([tmp_path / "test.card"]).programs
    assert program["triggers"]["before_encounter"][0]["cards"] == ["Koth'Vaul"]
    assert only(tmp_path, "Name: Koth'Vaul\nType: Villain\nCheck: Combat 5\n\n"
                "Koth\u2019Vol is immune to Fire.\n")[0] == "CW206"


@pytest.mark.parametrize(("power", "explores"), [
    ("Discard this card to explore your location.", True),
    ("Discard this card to draw a card.", False)])
def test_what_an_exploration_banishes_follows_a_power_that_explores(tmp_path, power,
                                                                  explores):
    found = check(tmp_path, f"Name: A\nType: Ally\n\n{power}\nIf you encounter a boon, "
                            "banish it.\n")
    assert [item.code for item in found] == ([] if explores else ["CW204"])


@pytest.mark.parametrize("effect", [
    "you may succeed at a Wisdom 5 check to draw a card",
    "succeed at a Wisdom 5 check to draw a card for each other open location"])
def test_a_check_to_do_something_may_stand_inside_another_effect(tmp_path, effect):
    """One effect, the check and what it does on a success (it was two, which an effect
    holding one could not hold: an internal error)."""
    assert not check(tmp_path, f"Name: A\nType: Monster\nCheck: Combat 5\n\nIf undefeated, "
                               f"{effect}.\n")


def test_a_then_sentence_needs_a_sentence_before_it(tmp_path):
    assert only(tmp_path, "Name: A\nType: Monster\nCheck: Combat 5\n\n"
                "Then, draw a card.\n")[0] == "CW204"
    assert not check(tmp_path, "Name: A\nType: Monster\nCheck: Combat 5\n\n"
                     "If defeated, draw a card.\nThen, discard a card.\n")


def test_a_summoned_card_must_exist(tmp_path):
    code, line, _, hint = only(tmp_path, "Name: A\nType: Monster\nCheck: Combat 5\n\n"
                               "Before the encounter, summon and encounter a Bog Lurkr.\n",
                               with_project_cards=True)
    assert (code, line, hint) == ("CW207", 5, "did you mean 'Bog Lurker'?")


@pytest.mark.parametrize(("summoned", "hint"), [
    ("Marow", "did you mean 'Marrow'?"),
    # Four letters of six alike (difflib's 0.67) is another card, not a typo of it.
    ("Sorrow", None),
])
def test_a_name_no_card_has_suggests_only_a_name_near_it(tmp_path, summoned, hint):
    diagnostics = check(tmp_path, "Name: Marrow\nType: Monster\nCheck: Combat 5\n---\n"
                        "Name: A\nType: Monster\nCheck: Combat 5\n\n"
                        f"Before the encounter, summon and encounter a {summoned}.\n")
    assert [(item.code, item.hint) for item in diagnostics] == [("CW207", hint)]


@pytest.mark.parametrize(("summoning", "settles"), [
    ("Summon and encounter a Bog Lurker.", True),
    ("Before the encounter, summon and encounter a Bog Lurker.", True),
    ("If defeated, summon and encounter a Bog Lurker.", False)])
def test_an_outcome_settled_by_a_summoned_card_needs_it_summoned_before_the_check(
        tmp_path, summoning, settles):
    """`If you do not defeat the Bog Lurker, the Closet is undefeated` settles the outcome
    before the check to defeat: a card summoned only once the closet is defeated is too late."""
    found = check(tmp_path, f"Name: Closet\nType: Barrier\nCheck: Dexterity 6\n\n{summoning}\n"
                  "If you do not defeat the Bog Lurker, the Closet is undefeated.\n",
                  with_project_cards=True)
    assert [item.code for item in found] == ([] if settles else ["CW204"])


def test_a_location_cannot_be_summoned(tmp_path):
    code, *_ = only(tmp_path, "Name: A\nType: Monster\nCheck: Combat 5\n\n"
                    "Before the encounter, summon and encounter a Drowned Chapel.\n",
                    with_project_cards=True)
    assert code == "CW204"


def test_a_card_that_failed_to_parse_may_still_be_summoned(tmp_path):
    diagnostics = check(tmp_path, "Name: Broken\nType: Monster\nCheck: Combat 5\n\n"
                        "Gibberish it is.\n---\nName: A\nType: Monster\nCheck: Combat 5\n\n"
                        "Before the encounter, summon and encounter a Broken.\n")
    assert [item.code for item in diagnostics] == ["CW110"]
    # ... and the sound card still lowers, naming the broken one.
    (program,) = compile_paths([tmp_path / "test.card"]).programs
    assert program["triggers"]["before_encounter"][0]["cards"] == ["Broken"]


def test_two_cards_may_not_share_a_name(tmp_path):
    code, line, _, hint = only(tmp_path, "Name: A\nType: Blessing\n---\nName: a\nType: Blessing\n")
    assert (code, line) == ("CW208", 4)
    assert "test.card:3:1" in hint


def test_an_unknown_card_kind_in_a_selector(tmp_path):
    assert only(tmp_path, "Name: A\nType: Spell\n\nDiscard this card to evade a Monstr.\n")[:2] == (
        "CW210", 4)


def test_an_amount_pacg_cannot_roll(tmp_path):
    assert only(tmp_path, "Name: A\nType: Monster\nCheck: Combat 5\n\n"
                "Before the encounter, you take 4X damage.\n")[0] == "CW209"


def test_pacg_cards_have_no_labelled_sections(tmp_path):
    assert only(tmp_path, "Name: A\nType: Monster\nCheck: Combat 5\n\nTop: Immune to Fire.\n")[:3] \
        == ("CW211", 5, 1)


def test_gloomhaven_an_ability_written_with_its_number_is_named(tmp_path):
    """`Move3.` reads as a word that is no ability; the hint says what was meant."""
    (diagnostic,) = check(tmp_path, "Name: A\nType: Ability\nClass: Brute\nLevel: 1\n"
                          "Initiative: 15\n\nTop: Attack 2.\nBottom: Move3.\n",
                          game="gloomhaven")
    assert (diagnostic.code, diagnostic.hint) == ("CW203", "'Move3' may be 'Move 3'")


# -- ucg ----------------------------------------------------------------------------------


def ucg(tmp_path: Path, text: str) -> list[tuple[str, int, int, str | None]]:
    return [(item.code, item.span.line - 2, item.span.col, item.hint)
            for item in check(tmp_path, text, game="ucg")]


def test_ucg_cards_of_the_project_are_clean():
    compilation = check_paths([CARDS / "ucg"])
    assert compilation.ok and not compilation.diagnostics and compilation.card_count >= 20


def test_ucg_an_unknown_keyword_suggests_the_nearest(tmp_path):
    assert ucg(tmp_path, "Name: A\nType: Character\nCombat: 3\n\nSwift, Overpwer.\n") == [
        ("CW203", 5, 8, "did you mean 'Overpower'?")]


def test_ucg_an_effect_card_has_no_keywords_and_no_combat(tmp_path):
    assert [code for code, *_ in ucg(tmp_path, "Name: A\nType: Effect\nCombat: 3\n\nSwift.\n"
                                                "Immediate: Deal 1 damage to target player.\n")
            ] == ["CW201", "CW204"]


def test_ucg_effects_stand_under_their_type_s_label(tmp_path):
    found = ucg(tmp_path, "Name: A\nType: Character\nCombat: 3\n\n"
                "Deal 1 damage to target player.\nImmediate: Deal 1 damage to target player.\n")
    assert [(code, line) for code, line, *_ in found] == [("CW204", 5), ("CW211", 6)]
    assert [code for code, *_ in ucg(tmp_path, "Name: A\nType: Effect\n")] == ["CW204"]


def test_ucg_a_character_needs_its_combat_in_range(tmp_path):
    assert [code for code, *_ in ucg(tmp_path, "Name: A\nType: Character\n")] == ["CW106"]
    assert [code for code, *_ in ucg(tmp_path, "Name: A\nType: Character\nCombat: 40\n")] == \
        ["CW209"]


def test_ucg_effects_it_does_not_have(tmp_path):
    found = ucg(tmp_path, "Name: A\nType: Character\nCombat: 3\n\n"
                "Ignite: Each character takes 1 damage.\n"
                "Ignite: Deal 1 Fire damage to target player.\n"
                "Ignite: Deal 1d4 damage to target character.\n"
                "Ignite: Target character gets +1 Might until end of turn.\n"
                "Ignite: Target player gets +1 Combat until end of turn.\n"
                "If defeated, deal 1 damage to target player.\n")
    assert [code for code, *_ in found] == ["CW204", "CW204", "CW209", "CW213", "CW204", "CW202"]


# -- random-encounters --------------------------------------------------------------------


def located(tmp_path: Path, text: str, game: str) -> list[tuple[str, int, int, str | None]]:
    """Each diagnostic of a card of `game`: its code, line (from the card's first), column
    and hint."""
    return [(item.code, item.span.line - 2, item.span.col, item.hint)
            for item in check(tmp_path, text, game=game)]


re_check = partial(located, game="random-encounters")
ose_check = partial(located, game="ose")
gh_check = partial(located, game="gloomhaven")


def monster_deck(monster: str) -> str:
    """A Monster card named `monster` and the head of an ability card of its deck, whose
    action the test writes after it: nine lines, the action on the card's tenth."""
    return (f"Name: {monster}\nType: Monster\nNormal: Health 6\n---\n"
            f"Name: Probe\nType: Monster Ability\nMonster: {monster}\nInitiative: 9\n\n")


def test_random_encounters_cards_of_the_project_are_clean():
    compilation = check_paths([CARDS / "random-encounters"])
    assert compilation.ok and not compilation.diagnostics and compilation.card_count >= 90


def test_random_encounters_a_stat_the_type_cannot_have(tmp_path):
    found = re_check(tmp_path, "Name: Spike Pit\nType: Trap\nLevel: 1\nStrength: 3\n\n"
                               "Each character rolls Dexterity 5 or higher, or takes 2 damage.\n")
    assert found == [("CW201", 4, 1, "its fields are Name, Type, Level, Traits")]


def test_random_encounters_a_slot_no_character_has_suggests_the_nearest(tmp_path):
    found = re_check(tmp_path, "Name: Oak Club\nType: Weapon\nLevel: 1\nSlot: Weapon/Armr\n\n"
                               "Strength +1.\n")
    assert found == [("CW214", 4, 14, "did you mean 'Armor'?")]
    found = re_check(tmp_path, "Name: Nim\nType: Character\nHealth: 8\nStrength: 2\n"
                               "Dexterity: 3\nMagic: 4\nSlots: Weapon, Trinkit\n")
    assert found == [("CW214", 7, 16, "did you mean 'Trinket'?")]


def test_random_encounters_attacks_with_and_bonuses_name_a_stat(tmp_path):
    found = re_check(tmp_path, "Name: Bat\nType: Monster\nLevel: 1\nHealth: 2X\nStrength: 1\n"
                               "Dexterity: 3\nMagic: 1\nAttacks With: Dexterty\n")
    assert found == [("CW213", 8, 15, "did you mean 'Dexterity'?")]
    found = re_check(tmp_path, "Name: Oak Club\nType: Weapon\nLevel: 1\n\nStrenght +1.\n"
                               "+2 Magik against Undead.\n")
    assert [(code, line, hint) for code, line, _, hint in found] == [
        ("CW213", 5, "did you mean 'Strength'?"), ("CW213", 6, "did you mean 'Magic'?")]


def test_random_encounters_a_monster_s_health_is_for_each_player(tmp_path):
    found = re_check(tmp_path, "Name: Bat\nType: Monster\nLevel: 1\nHealth: 2\nStrength: 1\n"
                               "Dexterity: 3\nMagic: 1\nAttacks With: Dexterity\n")
    assert found == [("CW209", 4, 1, "write '2X'")]


def test_random_encounters_abilities_stand_where_the_type_has_them(tmp_path):
    found = re_check(tmp_path, "Name: Bat\nType: Monster\nLevel: 1\nHealth: 2X\nStrength: 1\n"
                               "Dexterity: 3\nMagic: 1\nAttacks With: Dexterity\n\n"
                               "On a Star, each character takes 1 damage.\n"
                               "Combat Ability: Gain a Star token.\n")
    assert [(code, line) for code, line, *_ in found] == [("CW202", 10), ("CW211", 11)]


def test_random_encounters_a_character_has_one_ability_of_each_label(tmp_path):
    """Two `Combat Ability:` lines passed the check and were built into a module that does
    not parse (a keyword argument given twice)."""
    hero = ("Name: Kai\nType: Character\nHealth: 8\nStrength: 2\nDexterity: 5\nMagic: 2\n"
            "Slots: Weapon\n\n")
    found = re_check(tmp_path, hero + "Combat Ability: The monster takes 2 damage.\n"
                                      "Explorer Ability: Re-roll your die.\n"
                                      "Combat Ability: Gain a Star token.\n")
    assert found == [("CW211", 11, 1, "write all its sentences after the one label")]
    assert re_check(tmp_path, hero + "Combat Ability: The monster takes 2 damage. Gain a Star "
                                     "token.\nExplorer Ability: Re-roll your die.\n") == []


# -- ose -----------------------------------------------------------------------------------

OSE_GOBLIN = ("Name: Goblin\nType: Monster\nArmour Class: 6 [13]\nHit Dice: 1-1\n"
              "Movement: 60' (20')\nMorale: 7\n")


def test_ose_cards_of_the_project_are_clean():
    compilation = check_paths([CARDS / "ose"])
    assert compilation.ok and not compilation.diagnostics and compilation.card_count >= 15


def test_ose_bracketed_figures_must_agree_with_the_ones_before_them(tmp_path):
    found = ose_check(tmp_path, OSE_GOBLIN.replace("6 [13]", "6 [14]") + "THAC0: 19 [+1]\n")
    assert found == [("CW209", 3, 15, "ascending Armour Class is 19 less the descending: "
                                      "write '6 [13]'"),
                     ("CW209", 7, 8, "the attack bonus is 19 less THAC0: write '19 [+0]'")]


def test_ose_an_encounter_rate_is_a_third_of_the_base_rate(tmp_path):
    found = ose_check(tmp_path, OSE_GOBLIN.replace("60' (20')", "90' (20')"))
    assert found == [("CW209", 5, 11, "the encounter rate is a third of the base: "
                                      "write '90' (30')'")]


def test_ose_morale_and_charisma_are_in_range(tmp_path):
    assert ose_check(tmp_path, OSE_GOBLIN.replace("Morale: 7", "Morale: 13")) == [
        ("CW209", 6, 1, "Morale runs from 2 to 12")]


def test_ose_an_encounter_names_a_place_and_monsters_of_the_pool(tmp_path):
    found = ose_check(tmp_path, f"{OSE_GOBLIN}\n---\nName: Warren\nType: Encounter\n"
                                "Where: Dungeoon\nMonsters: 2d4 Gobln, 1 Warren\n")
    assert [(code, line, hint) for code, line, _, hint in found] == [
        ("CW215", 11, "did you mean 'Dungeon'?"),
        ("CW207", 12, "did you mean 'Goblin'?"),
        ("CW204", 12, "name a Monster card")]


def test_ose_sentences_are_what_bears_on_the_encounter(tmp_path):
    found = ose_check(tmp_path, OSE_GOBLIN + "\nSurprises on 1-4.\nPursues.\nReaction +2.\n"
                                             "Immune to Sleep and Charm.\nSurprises on 2-4.\n"
                                             "Reactoin +1.\nBefore the encounter, pursues.\n")
    assert [(code, line) for code, line, *_ in found] == [
        ("CW209", 12), ("CW213", 13), ("CW202", 14)]
    found = ose_check(tmp_path, "Name: Brannoc\nType: Character\nMovement: 90' (30')\n"
                                "Charisma: 8\n\nAlways attacks.\n")
    assert found == [("CW204", 6, 1, "an ose Character may say 'Carries a light.', 'Never "
                                     "surprised.', 'Surprises on 1-4.', 'Reaction +1.' and "
                                     "'Immune to Sleep.'")]


def test_ose_abilities_not_on_the_card_are_a_creature_s(tmp_path):
    """`Echolocation: See main entry.` names a monster's (or character's) abilities; an
    encounter has none."""
    assert ose_check(tmp_path, OSE_GOBLIN + "\nEcholocation: See main entry.\n") == []
    found = ose_check(tmp_path, OSE_GOBLIN + "---\nName: Roost\nType: Encounter\n"
                                "Where: Dungeon\nMonsters: 1d4 Goblin\n\n"
                                "Swoop: See main entry.\n")
    assert [code for code, *_ in found] == ["CW204"]


# -- gloomhaven ----------------------------------------------------------------------------


def test_gloomhaven_cards_of_the_project_are_clean():
    compilation = check_paths([CARDS / "gloomhaven"])
    assert compilation.ok and not compilation.diagnostics and compilation.card_count >= 14


def test_gloomhaven_an_ability_card_has_a_top_and_a_bottom(tmp_path):
    card = "Name: Bash\nType: Ability\nClass: Brute\nInitiative: 15\n\n"
    assert gh_check(tmp_path, card + "Top: Attack 4.\nBottom: Move 2.\n") == []
    assert [code for code, *_ in gh_check(tmp_path, card + "Top: Attack 4.\n")] == ["CW211"]
    assert [code for code, *_ in gh_check(tmp_path, card + "Attack 4.\n")] == ["CW211"]


def test_gloomhaven_a_monster_ability_card_has_an_action(tmp_path):
    """One with no text, or only what its monsters do as they die, passed the check, and
    its monsters' turn stopped `play` with an internal error (an action of None)."""
    deck = monster_deck("Bones")
    assert gh_check(tmp_path, deck + "Move +0, Attack +0.\n") == []
    for text in ("", "\nOn death, Attack +2.\n"):
        assert gh_check(tmp_path, deck.rstrip("\n") + "\n" + text) == [
            ("CW204", 5, 1, "write what its monsters do: 'Move +0, Attack +0.'")]


@pytest.mark.parametrize("written", ["Living  Bones", "Living\tBones", "living bones"])
def test_a_name_is_the_same_whatever_its_spaces_and_case(tmp_path, written):
    deck = monster_deck("Living Bones").replace("Monster: Living Bones", f"Monster: {written}")
    assert gh_check(tmp_path, deck + "Move +0, Attack +0.\n") == []


def test_gloomhaven_only_a_monster_s_values_added_to_its_stats_are_signed(tmp_path):
    found = gh_check(tmp_path, "Name: Bash\nType: Ability\nClass: Brute\nInitiative: 15\n\n"
                               "Top: Attack +4.\nBottom: Move 2.\n")
    assert [(code, line, col) for code, line, col, _ in found] == [("CW209", 6, 6)]
    found = gh_check(tmp_path, "Name: Bones\nType: Monster\nNormal: Health 5\nElite: Health 6\n"
                               "---\nName: Guard\nType: Monster Ability\nMonster: Bones\n"
                               "Initiative: 64\n\nHeal +1, Shield +1, Attack +0.\n")
    assert [(code, line) for code, line, *_ in found] == [("CW209", 11)]


def test_gloomhaven_fields_are_in_range_and_name_what_the_game_has(tmp_path):
    found = gh_check(tmp_path, "Name: Bones\nType: Monster\nNormal: Health 5, Speed 2\n"
                               "Elite: Move 2\nImmunities: Poisn\n---\nName: Guard\n"
                               "Type: Monster Ability\nMonster: Bonez\nInitiative: 100\n\n"
                               "Attack +0.\n")
    assert [(code, line, hint) for code, line, _, hint in found] == [
        ("CW213", 3, "it may be Health, Move, Attack, Range, Shield, Retaliate, Pierce or "
                     "Target"),
        ("CW209", 4, "write 'Elite: Health 5, ...'"),
        ("CW215", 5, "did you mean 'Poison'?"),
        ("CW209", 10, "initiative runs from 1 to 99"),
        ("CW207", 9, "did you mean 'Bones'?")]


@pytest.mark.parametrize(("value", "times", "divided_by", "plus"), [
    ("11xC", 11, 1, 0), ("Cx15", 15, 1, 0), ("14xC/2", 14, 2, 0), ("(3xC)/2", 3, 2, 0),
    ("8xCx2", 16, 1, 0), ("C+2", 1, 1, 2), ("7+C", 1, 1, 7), ("C", 1, 1, 0),
    ("3 × C / 2 + 1", 3, 2, 1),  # noqa: RUF001
])
def test_gloomhaven_a_boss_s_stat_by_the_number_of_characters(tmp_path, value, times,
                                                              divided_by, plus):
    """Each printed form reads as C times a number, divided, plus a number; the formatter
    writes it in one form that reads the same."""
    path = tmp_path / "test.card"
    text = f"Game: gloomhaven\n\nName: Boss\nType: Monster\nNormal: Health {value}, Move 2\n"
    path.write_text(text, encoding="utf-8")
    compilation = compile_paths([path])
    assert compilation.ok and not compilation.diagnostics
    (boss,) = compilation.programs
    assert boss["fields"]["normal"][0] == {
        "name": "Health", "value": {"times": times, "divided_by": divided_by, "plus": plus}}
    assert not format_paths([path]).diagnostics  # it proves the new text means the same
    assert not format_paths([path]).changed
    assert compile_paths([path]).programs[0]["fields"] == boss["fields"]


def test_gloomhaven_a_monster_may_be_immune_to_conditions_and_to_push_and_pull(tmp_path):
    card = "Name: Boss\nType: Monster\nNormal: Health 9xC\nImmunities: Stun, Push, Pull"
    assert gh_check(tmp_path, card + "\n") == []
    assert [(code, hint) for code, _, _, hint in gh_check(tmp_path, card + ", Pul\n")] == [
        ("CW215", "did you mean 'Pull'?")]


def test_gloomhaven_a_monster_suffers_damage_only_on_its_own_cards(tmp_path):
    """A Monster Ability card calls its monster by the Monster card's name, without the
    qualifier in brackets, or its first or last words; it asks after an attack (or a move)
    only once the action has one."""
    monster = "Name: Dark Cultist (X9)\nType: Monster\nNormal: Health 6\n---\n"
    ability = ("Name: Ritual\nType: Monster Ability\nMonster: Dark Cultist (X9)\n"
               "Initiative: 9\n\n")
    assert gh_check(tmp_path, monster + ability + "Attack +1.\nIf this attack is performed, "
                    "the Cultist suffers 2 damage.\nDark Cultist suffers damage 1.\nAny time a "
                    "figure attacks the Cultist this round, that figure suffers 1 damage.\n") == []
    found = gh_check(tmp_path, monster + ability + "If the move ability was performed, "
                     "Dark suffers 1 damage.\nBandit suffers 1 damage.\n---\nName: Bash\n"
                     "Type: Ability\nClass: Brute\nInitiative: 15\n\nTop: Bash suffers 1 "
                     "damage.\nBottom: Move 2.\nAny time a figure attacks Bash this round, that "
                     "figure suffers 1 damage.\nAll attacks targeting Bash this round gain "
                     "Disadvantage.\n")
    assert [(code, line) for code, line, *_ in found] == [
        ("CW206", 11), ("CW204", 10), ("CW204", 18), ("CW204", 20), ("CW204", 21)]


def test_gloomhaven_a_bonus_for_an_ally_adds_to_the_attack_just_before_it(tmp_path):
    deck = monster_deck("Giant Viper")
    # A curly apostrophe, as printed.
    bonus = "Add +2 Attack if the target is adjacent to any of the Giant Viper\u2019s allies."
    assert gh_check(tmp_path, deck + "Attack +0, " + bonus + "\n") == []
    found = gh_check(tmp_path, deck + "Attack +0, Move +1, " + bonus + "\n"
                     "Attack +1, Infuse Fire, " + bonus + "\nMove +1, " + bonus.replace(
                         "Attack if", "Move if") + "\nAttack +0, " + bonus.replace(
                         "Giant Viper", "Bandit") + "\n")
    assert sorted((code, line) for code, line, *_ in found) == [
        ("CW204", 10), ("CW204", 11), ("CW204", 12), ("CW206", 13)]


@pytest.mark.parametrize("written", [
    "On Death:, Attack +2.", "On death, Attack +2.",
    "If Cultist dies this round, first remove all negative conditions and perform:, Attack +2.",
    "If the Cultist dies this round, remove all negative conditions, Attack +2."])
def test_gloomhaven_what_a_monster_does_on_its_death(tmp_path, written):
    """Each printed wording is the one window, on a Monster Ability card only; fmt writes
    each in one form that means the same."""
    path = tmp_path / "test.card"
    text = ("Game: gloomhaven\n\nName: Cultist (9)\nType: Monster\nNormal: Health 6\n---\n"
            "Name: Ritual\nType: Monster Ability\nMonster: Cultist (9)\nInitiative: 9\n\n"
            f"Attack -1.\n{written}\n")
    path.write_text(text, encoding="utf-8")
    compilation = compile_paths([path])
    assert compilation.ok and not compilation.diagnostics
    ritual = compilation.programs[1]
    assert [step["op"] for step in ritual["triggers"]["on_death"]][-1] == "ability"
    assert not format_paths([path]).diagnostics
    assert compile_paths([path]).programs[1]["triggers"] == ritual["triggers"]
    found = gh_check(tmp_path, "Name: Bash\nType: Ability\nClass: Brute\nInitiative: 15\n\n"
                               "Top: On death, Attack 2.\nBottom: Before the encounter, "
                               "Move 2.\n")
    assert [(code, line) for code, line, *_ in found] == [("CW204", 6), ("CW204", 7)]


def test_gloomhaven_a_spawn_s_ranks_follow_it_and_say_each_number_once(tmp_path):
    """The ranks by the number of characters rank the summon just before them, which says
    no `elite` of its own; a number said twice, or a summon of no standee, is an error."""
    card = monster_deck("Bones")
    assert gh_check(tmp_path, card + "Spawn C/2 Bones.\nIt is Normal for 2 characters and "
                    "Elite for 3-4.\nSpawn two Bones.\n") == []
    found = gh_check(tmp_path, card + "It is Normal for 2 characters.\n"
                     "Spawn one elite Bones.\nIt is Elite for 3 characters.\n"
                     "Spawn one Bones.\nIt is Normal for 2 and Elite for 2-4.\n"
                     "Spawn C/0 Bones.\nSummon 0 Bones.\n")
    assert [(code, line) for code, line, *_ in found] == [
        ("CW204", 10), ("CW204", 12), ("CW209", 14), ("CW209", 15), ("CW209", 16)]


def test_gloomhaven_an_attack_near_the_target_needs_an_attack_before_it(tmp_path):
    card = monster_deck("Bones")
    assert gh_check(tmp_path, card + "Attack +0.\nAttack -1 within Range 2 of target.\n") == []
    found = gh_check(tmp_path, card + "Attack -1 within Range 2 of target.\nAttack +0.\n")
    assert [(code, line) for code, line, *_ in found] == [("CW204", 10)]


def test_gloomhaven_one_enemy_with_all_attacks_follows_an_attack(tmp_path):
    card = "Name: Sweep\nType: Ability\nClass: Brute\nInitiative: 30\n\n"
    assert gh_check(tmp_path, card + "Top: Attack 2, Target 2, Target one enemy with all "
                    "attacks.\nBottom: Move 2.\n") == []
    found = gh_check(tmp_path, card + "Top: Target one enemy with all attacks.\n"
                     "Bottom: Move 2.\n")
    assert found == [("CW204", 6, 6, "write 'Attack +1, Target one enemy with all attacks.'")]


def test_gloomhaven_a_heal_of_x_needs_an_attack_and_what_x_is(tmp_path):
    deck = monster_deck("Bat")
    x_is = "where X is the amount of damage suffered by the target of the attack ability"
    assert gh_check(tmp_path, deck + f"Attack +1.\nHeal X, Self, {x_is}.\n") == []
    found = gh_check(tmp_path, deck + f"Heal X, Self, {x_is}.\nAttack +1.\n"
                     f"Heal X.\nMove X, {x_is}.\nShield 1, {x_is}.\n")
    assert [(code, line) for code, line, *_ in found] == [
        ("CW204", 10), ("CW204", 12), ("CW204", 13), ("CW204", 14)]


def test_gloomhaven_an_element_s_bonus_follows_it_and_adds_to_an_ability_before(tmp_path):
    deck = monster_deck("Imp")
    assert gh_check(tmp_path, deck + "Attack +0, Range 2.\n"
                    "Consume Ice, +2 Attack, +1 Range, Immobilize.\n"
                    "Heal 2.\nConsume Dark, +1 Target.\n") == []  # every ability has Target 1
    found = gh_check(tmp_path, deck + "Attack +0.\nInfuse Fire, +1 Attack.\n"
                     "Consume Ice, +1 Heal.\nAttack +1, +1 Attack.\n")
    assert [(code, line) for code, line, *_ in found] == [
        ("CW204", 11), ("CW204", 12), ("CW204", 13)]


def test_gloomhaven_allies_take_a_heal_or_conditions_and_advantage_an_attack(tmp_path):
    """`Affect all allies` goes with the heal or the conditions just before it, `Advantage`
    with the attack; damage to all enemies (or allies) stands alone, on any card."""
    card = "Name: Hymn\nType: Ability\nClass: Chorister\nInitiative: 30\n\n"
    assert gh_check(tmp_path, card + "Top: Heal 2, Affect all adjacent allies.\nAll enemies "
                    "within Range 2 suffer 1 damage.\nBottom: Bless, Target self and all allies "
                    "within range.\nAttack 2, Advantage.\n") == []
    found = gh_check(tmp_path, card + "Top: Attack 2, Affect all allies.\nMove 2, Advantage.\n"
                     "Bottom: Advantage.\nAll adjacent enemies suffer 1 damage, Affect all "
                     "allies.\n")
    assert [(code, line) for code, line, *_ in found] == [
        ("CW204", 6), ("CW204", 7), ("CW204", 8), ("CW204", 9)]


def test_gloomhaven_a_stat_line_s_words_with_and_without_a_value(tmp_path):
    """`Poison` and `Advantage` stand alone, what all the monster's attacks have; a stat
    needs its value, and an attribute has none (docs/rulings.md)."""
    assert gh_check(tmp_path, "Name: Viper\nType: Monster\nNormal: Health 3, Attack 1, "
                    "Poison, Advantage\nElite: Health 5, Attack 2, Wound, Curse, Muddle\n") == []
    found = check(tmp_path, "Name: Viper\nType: Monster\nNormal: Health, Attack 1, "
                  "Poison 2, Posion, Bless\n", game="gloomhaven")
    assert [(item.code, item.message, item.hint) for item in found] == [
        ("CW209", "'Health' needs a value", "write 'Health 2'"),
        ("CW209", "'Poison 2' needs no value", "write 'Poison'"),
        ("CW213", "'Posion' is not what a gloomhaven monster's attacks may have",
         "did you mean 'Poison'?"),
        ("CW213", "'Bless' is not what a gloomhaven monster's attacks may have", None)]


def test_gloomhaven_damage_adjacent_to_the_target_needs_an_attack(tmp_path):
    card = monster_deck("Drake")
    assert gh_check(tmp_path, card + "Attack +1, Range 3.\nAll allies and enemies adjacent "
                    "to the target suffer damage 2.\n") == []
    found = gh_check(tmp_path, card + "All enemies adjacent to the target suffer 1 damage.\n"
                     "Attack +0.\nAll adjacent enemies adjacent to the target suffer 1 "
                     "damage.\n")
    assert [(code, line) for code, line, *_ in found] == [("CW204", 10), ("CW209", 12)]


def test_gloomhaven_a_boss_s_stat_may_not_divide_by_zero(tmp_path):
    found = gh_check(tmp_path, "Name: Boss\nType: Monster\nNormal: Health 3xC/0, Move 2\n")
    assert [(code, line) for code, line, *_ in found] == [("CW209", 3)]


def test_gloomhaven_a_deck_names_its_monster_as_the_monster_card_is_named(tmp_path):
    """`Monster: bones` is the Bones card's deck: the IR (and the runtime, which finds a
    monster's deck by its name) has the card's own name."""
    path = tmp_path / "test.card"
    path.write_text("Game: gloomhaven\n\nName: Bones\nType: Monster\nNormal: Health 5\n---\n"
                    "Name: Guard\nType: Monster Ability\nInitiative: 64\nMonster: bones\n\n"
                    "Attack +0.\n", encoding="utf-8")
    compilation = compile_paths([path])
    assert compilation.ok
    (guard,) = [program for program in compilation.programs if program["name"] == "Guard"]
    assert guard["fields"]["monster"] == "Bones"


# -- every game ----------------------------------------------------------------------------

_PACG_MONSTER = "Name: Ogre\nType: Monster\nCheck: Combat 9\n\n"
_RE_HERO = ("Name: Tumble\nType: Character\nHealth: 8\nStrength: 2\nDexterity: 5\nMagic: 2\n"
            "Slots: Weapon\n\n")


@pytest.mark.parametrize(("game", "text", "line", "col"), [
    ("pacg", _PACG_MONSTER + "If undefeated, add 100000000 random items from the box to your "
     "hand.\n", 5, 20),
    ("pacg", _PACG_MONSTER + "If undefeated, you take 101 Combat damage.\n", 5, 25),
    ("ose", OSE_GOBLIN + "---\nName: Warren\nType: Encounter\nWhere: Dungeon\n"
     "Monsters: 200 Goblin\n", 11, 11),
    ("ose", OSE_GOBLIN + "Number Appearing: 101d6 (2d6)\n", 7, 19),
    ("gloomhaven", monster_deck("Bones") + "Spawn 1000 Bones.\n", 10, 1),
    ("random-encounters", _RE_HERO + "Combat Ability: Draw 1000 Loot, then do not attack.\n",
     9, 22),
    ("ucg", "Name: Flare\nType: Effect\n\nImmediate: Deal 101 damage to target player.\n", 4,
     17),
])
def test_a_count_past_the_most_a_card_may_have_is_reported(tmp_path, game, text, line, col):
    """A digit too many would have the runtime make or roll millions of things one by one: a
    play of `Spawn 100000000 Bones` never ended."""
    (found,) = located(tmp_path, text, game)
    assert found[:3] == ("CW209", line, col)
    assert found[3] == "the most a card counts is 100: is a digit too many?"


@pytest.mark.parametrize(("game", "text"), [
    ("pacg", _PACG_MONSTER + "If undefeated, add 100 random items from the box to your hand.\n"),
    ("ose", OSE_GOBLIN + "Number Appearing: 1d100 (100)\n"),
    ("gloomhaven", monster_deck("Bones") + "Spawn 100 Bones.\n"),
    ("random-encounters", _RE_HERO + "Combat Ability: Draw 100 Loot, then do not attack.\n"),
    ("ucg", "Name: Flare\nType: Effect\n\nImmediate: Deal 100 damage to target player.\n"),
])
def test_a_count_of_the_most_a_card_may_have_is_sound(tmp_path, game, text):
    assert located(tmp_path, text, game) == []


def test_gloomhaven_an_effect_is_checked_by_its_kind_or_the_kind_it_derives_from():
    """The grammar reads only gloomhaven's effects, so these are made by hand: an effect of
    another game's is no action's, and a kind derived from an ability is checked as one."""
    from dataclasses import replace

    from compiler import ast
    from compiler.check import Pool
    from compiler.check.gloomhaven import check_card
    from compiler.syntax import parse_text

    class WiderAbility(ast.Ability):
        pass

    card = parse_text("Game: gloomhaven\n\nName: Bash\nType: Ability\nClass: Brute\n"
                      "Initiative: 15\n\nTop: Attack 4.\nBottom: Move 2.\n", "a.card").file.cards[0]
    top = card.readings[0]
    attack = top.sentence.effects[0]

    def with_top(effect: ast.Effect) -> list[tuple[str, str]]:
        changed = replace(top, sentence=replace(top.sentence, effects=(effect,)))
        found = check_card(replace(card, readings=(changed, *card.readings[1:])),
                           Pool.from_data([{}, []]))
        return [(item.code, item.message) for item in found]

    assert with_top(attack) == []
    assert with_top(ast.Reroll(span=attack.span)) == [
        ("CW204", "a gloomhaven action cannot do this")]
    assert with_top(WiderAbility("attack", 4, True, span=attack.span)) == [
        ("CW209", "Attack +4 adds to nothing here")]
