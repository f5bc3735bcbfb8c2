"""`cardwright import`: other tools' card data as .card files, the words as printed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler import cli
from compiler.build import check_paths
from compiler.importing import (
    FORMATS,
    ImportProblem,
    pacg_check,
    parse_mapping,
    read_csv,
    read_gloomhaven_json,
    read_ose_srd,
    read_pacg_jsonl,
    write_card_files,
)


def record(name: str, card_type: str = "Monster", **fields) -> str:
    return json.dumps({"set": "Test Set", "name": name, "type": card_type, "traits": [],
                       "checks": [{"combiner": None, "skills": ["Combat"], "difficulty": "8"}],
                       "powers": "", **fields})


def test_checks_are_written_as_the_language_writes_them():
    problems: list[str] = []
    checks = [{"combiner": None, "skills": ["Dexterity", "Acrobatics", "Stealth", "Wisdom"],
               "difficulty": "9"},
              {"combiner": "THEN", "skills": ["Combat"], "difficulty": "12"},
              {"combiner": "OR", "skills": ["Divine"], "difficulty": "10"},
              {"combiner": None, "skills": ["Arcane"], "difficulty": "11"}]
    assert pacg_check(checks, "here", problems) == (
        "Dexterity or Acrobatics or Stealth or Wisdom 9 then Combat 12 or Divine 10 "
        "or Arcane 11")
    assert not problems
    assert pacg_check([{"combiner": None, "skills": ["None"], "difficulty": ""}], "here",
                      problems) == ""
    assert not problems  # an empty check is no check, not a problem
    assert pacg_check([{"combiner": "OR", "skills": ["Bury a card"], "difficulty": ""}], "here",
                      problems) == ""
    assert problems == ["here: left out a check with no skill or no difficulty: Bury a card -"]
    # A card of two banes names each step's part as a skill of its own.
    assert pacg_check([{"combiner": None, "skills": ["(Hound)", "Combat"], "difficulty": "10"},
                       {"combiner": "THEN", "skills": ["(Ruckus) Combat"], "difficulty": "13"}],
                      "here", problems) == "(Hound) Combat 10 then (Ruckus) Combat 13"


def test_a_jsonl_file_becomes_a_card_file_a_set(tmp_path):
    lines = [record("Mud Imp", traits=["Demon", "Light Armor"],
                    powers="Before the encounter, you take 1 Fire damage.\n\n"
                           "If undefeated, shuffle this card into the location deck."),
             record("Mud Imp", traits=["Demon", "Light Armor"],
                    powers="Before the encounter, you take 1 Fire damage.\n"
                           "If undefeated, shuffle this card into the location deck.",
                    set="Later Set"),
             record("Glass Key", "Item", checks=[], powers="---\nRecharge this card to "
                    "evade a Monster.", set="Later Set"),
             json.dumps({"set": "Test Set", "name": "", "type": "Monster"})]
    result = read_pacg_jsonl("\n".join(lines), "cards.jsonl")
    assert [card.fields[0][1] for card in result.cards] == ["Mud Imp", "Glass Key"]
    assert result.problems == [
        "cards.jsonl:2: left out a reprint of Mud Imp (kept the one in Test Set)",
        "cards.jsonl:3 (Glass Key): left out a rules line the card format cannot hold: '---'",
        "cards.jsonl:4: left out: a card needs a name and a type"]
    written = write_card_files(result.cards, tmp_path)
    assert sorted(path.name for path in written) == ["later-set.card", "test-set.card"]
    assert (tmp_path / "test-set.card").read_text() == (
        "Game: pacg\n\nName: Mud Imp\nType: Monster\nTraits: Demon, Light Armor\n"
        "Check: Combat 8\n\nBefore the encounter, you take 1 Fire damage.\n"
        "If undefeated, shuffle this card into the location deck.\n")


def test_a_lone_r_between_powers_is_a_mangled_carriage_return():
    line = record("Salt Wight", powers="Immune to Fire.\nr\nIf defeated, draw a card.")
    result = read_pacg_jsonl(line, "cards.jsonl")
    assert result.cards[0].rules == ["Immune to Fire.", "If defeated, draw a card."]
    assert result.problems == ["cards.jsonl:1 (Salt Wight): left out 1 line(s) holding only "
                               "'r' (a carriage return the export mangled)"]


def test_a_ligature_the_export_lost_is_printed_again_where_one_word_fits():
    """`pro?cient` and `dif?culty`: only `fi` makes words the grammar knows; `Wh?t`, which
    no ligature makes a word of, and `a?b`, an unknown word, are left for check to report."""
    line = record("Salt Wight", "Weapon", powers="If not pro?cient with weapons, the "
                  "dif?culty of this check is increased by 4. Wh?t a?b.")
    result = read_pacg_jsonl(line, "cards.jsonl")
    assert result.cards[0].rules == ["If not proficient with weapons, the difficulty of this "
                                     "check is increased by 4. Wh?t a?b."]
    assert result.problems == [
        "cards.jsonl:1 (Salt Wight): read 'pro?cient' as 'proficient' (a ligature the export "
        "lost)",
        "cards.jsonl:1 (Salt Wight): read 'dif?culty' as 'difficulty' (a ligature the export "
        "lost)"]


def test_a_spreadsheet_maps_its_columns_to_fields(tmp_path):
    sheet = ("Card,Kind,Rules,Tags,Check,Deck\n"
             "Bog Rat,Monster,\"Before the encounter, you take 1 Combat damage.\",Animal,"
             "Combat 5,swamp\n"
             ",,,,,\n"
             "Salt Ward,Item,Recharge this card to evade a Monster.,Magic,,swamp\n")
    mapping = parse_mapping("name=Card, type=Kind, text=Rules, traits=Tags, group=Deck")
    result = read_csv(sheet, "sheet.csv", mapping, "pacg")
    assert not result.problems
    assert result.cards[0].fields == [
        ("Name", "Bog Rat"), ("Type", "Monster"), ("Traits", "Animal"), ("Check", "Combat 5")]
    write_card_files(result.cards, tmp_path)
    assert check_paths([tmp_path / "swamp.card"]).ok


@pytest.mark.parametrize(("mapping", "message"), [
    ("name=Card,type", "'type' is not target=column"),
    ("name=Card,colour=Colour", "'colour' is not a field"),
    ("name=Card,type=Sort", "no column for type=Sort"),
    ("name=Card", "map a name and a type column"),
])
def test_a_wrong_mapping_says_what_is_wrong(mapping, message):
    with pytest.raises(ImportProblem, match=message):
        read_csv("Card,Kind\nA,Monster\n", "sheet.csv", parse_mapping(mapping), "pacg")


def test_the_command_reports_and_exits(tmp_path):
    source = tmp_path / "cards.jsonl"
    source.write_text(record("Bog Rat") + "\n")
    result = CliRunner().invoke(cli.cli, ["import", "pacg-jsonl", str(source),
                                          "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert "wrote 1 card in 1 file" in result.stderr
    source.write_text("not json\n")
    result = CliRunner().invoke(cli.cli, ["import", "pacg-jsonl", str(source),
                                          "--out", str(tmp_path / "out")])
    assert result.exit_code == 1 and "cards.jsonl:1: not a JSON object" in result.stderr
    result = CliRunner().invoke(cli.cli, ["import", "csv", str(source), "--out",
                                          str(tmp_path / "out"), "--map", "name=A"])
    assert result.exit_code == 1 and "error:" in result.stderr


def test_a_row_of_a_game_cardwright_does_not_play_is_left_out_and_said():
    result = read_csv("Card,Kind,Game\nPawn,Piece,chess\nBog Rat,Monster,pacg\n", "sheet.csv",
                      parse_mapping("name=Card,type=Kind,game=Game"), None)
    assert [card.fields[0] for card in result.cards] == [("Name", "Bog Rat")]
    assert result.problems == ["sheet.csv:2: left out: 'chess' is not a game (gloomhaven, ose, "
                               "pacg, random-encounters, ucg)"]


def test_the_command_takes_a_game_it_plays_and_text_that_is_utf8(tmp_path):
    """A spreadsheet saved as UTF-8 with a byte order mark reads as without one; one in
    another encoding is an error that says where."""
    source = tmp_path / "sheet.csv"
    source.write_bytes(b"\xef\xbb\xbfCard,Kind\nBog Rat,Monster\n")
    out = str(tmp_path / "out")
    command = ["import", "csv", str(source), "--out", out, "--map", "name=Card,type=Kind"]
    result = CliRunner().invoke(cli.cli, [*command, "--game", "chess"])
    assert result.exit_code == 2 and "'chess' is not one of 'pacg'" in result.output
    result = CliRunner().invoke(cli.cli, [*command, "--game", "pacg"])
    assert result.exit_code == 0 and "wrote 1 card" in result.stderr
    source.write_bytes("Card,Kind\nCafé Wraith,Monster\n".encode("latin-1"))
    result = CliRunner().invoke(cli.cli, [*command, "--game", "pacg"])
    assert result.exit_code == 1
    assert f"error: {source}: not UTF-8 text (byte 0xe9 at line 2, column 4)" in result.stderr


def test_skills_whose_or_the_export_lost_are_each_a_skill():
    """`Dexterity Acrobatics` names two pacg skills: the export lost the `or` between them
    (said as a problem); `Acrobatics.` is Acrobatics; a skill of two words that are not both
    skills is kept as it is, for the check to judge."""
    problems: list[str] = []
    checks = [{"combiner": None, "skills": ["Dexterity Acrobatics", "Stealth."], "difficulty": "9"},
              {"combiner": "THEN", "skills": ["CONSTITUTION FORTITUDE"], "difficulty": "7"},
              {"combiner": "OR", "skills": ["Light Armors"], "difficulty": "5"}]
    assert pacg_check(checks, "here", problems) == (
        "Dexterity or Acrobatics or Stealth 9 then Constitution or Fortitude 7 or Light Armors 5")
    assert len(problems) == 2 and "its 'or' was lost" in problems[0]


def test_imported_files_need_no_more_than_check(tmp_path):
    """What import writes is card text: the cards that say what the language says pass."""
    lines = [record("Reed Snake", traits=["Animal"],
                    powers="Before the encounter, you take 1d4 Combat damage."),
             record("Blue Candle", "Item", checks=[{"combiner": None,
                                                    "skills": ["Arcane", "Craft"],
                                                    "difficulty": "6"}],
                    powers="Recharge this card to evade a Monster.")]
    write_card_files(read_pacg_jsonl("\n".join(lines), "x.jsonl").cards, tmp_path)
    assert check_paths([Path(tmp_path)]).ok


# -- ose-srd and gloomhaven-json: made-up records in the corpus's layouts ---------------------

OSE_BLOCK = """## Mire Toad

```clyt
template: stat-block.ose
title: Mire Toad
stats:
- Armor Class: 7 [12]
- Hit Dice: 2* (9hp)
- Attacks: 1 \u00d7 tongue (1d4 + stickiness) or 1 \u00d7 bite (1d6)
- THAC0: 18 [+1]
- Movement: 30\u2019 (10\u2019) / 90\u2019 (30\u2019) swimming
- Saving Throws: D12 W13 P14 B15 S16 (2)
- Morale: 6
- Alignment: Neutral or Chaotic
- XP: 1,250
- Number Appearing: 1d4 (2d6)
- Treasure Type: None
traits:
- Croak: Surprises on 1-4.
- Sticky: Pulls prey close.
```
"""


def test_an_ose_srd_stat_block_becomes_a_monster_card_its_traits_the_rules_text(tmp_path):
    data = {"campaignEntries": [
        {"rawText": "", "rawPublic": OSE_BLOCK, "labels": ["Monster"], "tagValue": "Toad"},
        {"rawText": "## A spell", "rawPublic": None, "labels": ["Spell"]},
        {"rawText": "```clyt\ntitle: Overview\n```", "labels": ["Monster"]}]}
    result = read_ose_srd(json.dumps(data), "srd.json")
    (card,) = result.cards
    assert card.fields[:4] == [("Name", "Mire Toad"), ("Type", "Monster"),
                               ("Armour Class", "7 [12]"), ("Hit Dice", "2* (9hp)")]
    assert card.rules == ["Croak: Surprises on 1-4.", "Sticky: Pulls prey close."]
    assert result.problems == ["srd.json: entry 3: left out Overview: no stat line"]
    # The stat line reads whole: every field, as the SRD prints it.
    (path,) = write_card_files(result.cards, tmp_path)
    assert not [item for item in check_paths([path]).diagnostics if item.code != "CW110"]


GLOOMHAVEN_EDITION = {
    "monsters": {
        "Mire Toad": {"deck": "Toad", "levels": [
            {"level": 0, "normal": {"health": 2}, "elite": {"health": 3}},
            {"level": 1, "normal": {"health": 4, "move": 2, "attack": 1,
                                    "attributes": ["%pierce% 1", "%poison%", "^Advantage",
                                                   "%shield% 2 self and all allies"]},
             "elite": {"health": 6, "move": 2, "attack": 2, "immunities": ["%stun%"]}}]},
        "Toad King": {"deck": "Toad", "levels": [{"level": 1, "health": 12, "move": 1,
                                                  "attack": 3, "attributes": ["%target% C"]}]}},
    "monsterAbilities": [
        {"name": "Toad", "cards": [
            [900, False, 30, "%move% + 1", "^%jump%", "*.........", "%attack% - 1",
             "^%target% 2,", "[r]", "¤aoe-circle", "[/r]", "%ice%%use%"],
            ["Croaking Chorus", 901, True, 55, "%heal% 2", "^Self", "%earth%"],
            ["Tadpole Call", 902, False, 70, "Summon normal", "Mire Toad", "*",
             "^Summon one elite", "^Mire Toad", "*", "%attack% + 1", "*",
             "^If the attack ability was performed,\n^Mire Toad suffers 1 damage."]]},
        {"name": "Nobody's", "cards": [[950, False, 10, "%move% + 0"]]},
        {"name": "Toad", "cards": [[999]]}],
}


def test_a_gloomhaven_edition_becomes_monster_and_monster_ability_cards(tmp_path):
    result = read_gloomhaven_json(json.dumps(GLOOMHAVEN_EDITION), "edition.json")
    toad, king, volley, chorus, call = result.cards
    assert toad.fields == [("Name", "Mire Toad"), ("Type", "Monster"),
                           ("Normal", "Health 4, Move 2, Attack 1, Pierce 1, Poison, "
                                      "Advantage"),
                           ("Elite", "Health 6, Move 2, Attack 2"), ("Immunities", "Stun")]
    assert king.fields[2:] == [("Normal", "Health 12, Move 1, Attack 3, Target C")]
    assert volley.fields == [("Name", "Toad 900"), ("Type", "Monster Ability"),
                             ("Monster", "Mire Toad"), ("Initiative", "30"), ("Number", "900")]
    assert volley.rules == ["Move +1, Jump.", "Attack -1, Target 2.", "Consume Ice."]
    assert chorus.rules == ["Heal 2, Self.", "Infuse Earth."]
    # The summoned monster's name on a line of its own; a line break within a line.
    assert call.rules == ["Summon normal Mire Toad.", "Summon one elite Mire Toad.",
                          "Attack +1.", "If the attack ability was performed, Mire Toad "
                          "suffers 1 damage."]
    assert result.problems == [
        "edition.json: Mire Toad: left out the normal attribute '%shield% 2 self and all "
        "allies': not a stat and its value",
        "edition.json: Toad 900: left out 3 line(s) of the card's layout (rows, columns, "
        "areas of effect drawn)",
        "edition.json: left out the Nobody's deck: no monster uses it",
        "edition.json: left out a card of the Toad deck: not [number, shuffle, initiative, "
        "lines...]: [999]"]
    paths = write_card_files(result.cards, tmp_path)
    assert check_paths(paths).ok


def test_a_gloomhaven_line_broken_in_two_is_one_sentence_again():
    """`Push 1 and` then `Poison`: the abilities, written as the card language lists them;
    lines of printed text, each beginning with `*`, broken before their sentence ends (the
    line before ends in a comma or a word such as `the`, or the next begins in lower case),
    and not a line whose sentence ended with no full stop."""
    edition = json.loads(json.dumps(GLOOMHAVEN_EDITION))
    edition["monsterAbilities"] = [{"name": "Toad", "cards": [
        [903, False, 40, "%push% 1 and", "%poison%", "^Target all adjacent enemies", "*.....",
         "*Any time a figure attacks the", "*Mire Toad this round,",
         "*that figure suffers 1 damage.", "*All adjacent enemies", "*suffer 1 damage.",
         "*Spawn one Mire Toad", "*It is Normal for 2 characters"]]}]
    result = read_gloomhaven_json(json.dumps(edition), "edition.json")
    assert result.cards[-1].rules == [
        "Push 1, Poison, Target all adjacent enemies.",
        "Any time a figure attacks the Mire Toad this round, that figure suffers 1 damage.",
        "All adjacent enemies suffer 1 damage.", "Spawn one Mire Toad.",
        "It is Normal for 2 characters."]


def test_a_gloomhaven_line_s_print_marks_and_layout_are_not_its_text():
    """`!` and `>` say how a line is printed (`!^+1 %attack%` goes on with the line before);
    `[s]`, `[/s]` and `[subLineEnd]` lay the card out, as `[r]` does, and `!Å...` draws an
    area of effect: left out and counted."""
    edition = json.loads(json.dumps(GLOOMHAVEN_EDITION))
    edition["monsterAbilities"] = [{"name": "Toad", "cards": [
        [904, False, 40, "%attack% - 1", "[s]", "%air%%use%", "!^+1 %attack%", "[/s]",
         "!ÅKKKKK", "[subLineEnd]", "%move% + 1", "^>%jump%"]]}]
    result = read_gloomhaven_json(json.dumps(edition), "edition.json")
    assert result.cards[-1].rules == ["Attack -1.", "Consume Air, +1 Attack.", "Move +1, Jump."]
    assert result.problems[-1] == ("edition.json: Toad 904: left out 4 line(s) of the card's "
                                   "layout (rows, columns, areas of effect drawn)")


def test_an_export_s_field_of_another_shape_is_left_out_and_said():
    """A list the export has as a number, a check that is not a table: left out, each said,
    and the rest of the card kept (the importer does not stop with a Python error)."""
    result = read_pacg_jsonl(record("Bog Imp", traits=7) + "\n"
                             + record("Marsh Imp", checks=[3, {"skills": True,
                                                                "difficulty": "9"}]),
                             "cards.jsonl")
    assert [card.fields[:2] for card in result.cards] == [
        [("Name", "Bog Imp"), ("Type", "Monster")], [("Name", "Marsh Imp"), ("Type", "Monster")]]
    assert result.problems == [
        "cards.jsonl:1 (Bog Imp): left out its traits: not a list: 7",
        "cards.jsonl:2 (Marsh Imp): left out a check that is not a table: 3",
        "cards.jsonl:2 (Marsh Imp): left out its check's skills: not a list: True",
        "cards.jsonl:2 (Marsh Imp): left out a check with no skill or no difficulty: - 9"]
    edition = json.loads(json.dumps(GLOOMHAVEN_EDITION))
    edition["monsters"]["Mire Toad"]["levels"][1]["normal"]["attributes"] = {"pierce": 1}
    edition["monsterAbilities"][0]["cards"] = 5
    result = read_gloomhaven_json(json.dumps(edition), "edition.json")
    assert [card.fields[0][1] for card in result.cards] == ["Mire Toad", "Toad King"]
    assert result.problems[:2] == [
        "edition.json: Mire Toad: left out its normal attributes: not a list: {'pierce': 1}",
        "edition.json: Toad: left out its cards: not a list: 5"]


def test_the_command_offers_every_format_the_importer_reads():
    (source_format,) = [param for param in cli.import_command.params
                        if param.name == "source_format"]
    assert tuple(source_format.type.choices) == FORMATS
