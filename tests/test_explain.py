"""cardwright explain: how each sentence was read, in plain words, or the IR as JSON."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from compiler import ast, cli
from compiler.explain import WINDOWS
from tests.conftest import CARDS


def explain(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli.cli, ["explain", *args])
    return result.exit_code, result.stdout


@pytest.fixture
def synonyms(tmp_path):
    path = tmp_path / "shade.card"
    path.write_text("Game: pacg\n\nName: Shade\nType: Monster\nCheck: Combat 9 or Divine 6\n\n"
                    "Before you act, deal 1 damage to each character at your location.\n"
                    "After you act, discard a random card.\n---\n"
                    "Name: Lamp\nType: Item\n\nRecharge this card to evade a bane with the "
                    "Undead trait.\n", encoding="utf-8")
    return path


def test_each_sentence_is_shown_with_its_reading(synonyms):
    code, output = explain(f"{synonyms}::Shade")
    assert code == 0
    lines = output.splitlines()
    where = lines.index("  Before you act, deal 1 damage to each character at your location.")
    assert lines[where + 1] == "    when: before the encounter: after evading, before the check"
    assert lines[where + 2] == "    does: each character at this location is dealt 1 damage"
    assert lines[where + 3].endswith("damage of no kind is Combat damage")
    assert "    to defeat it: a combat (Strength or Melee) check against 9 or a Divine check " \
           "against 6" in lines
    assert "Lamp" not in output


def test_a_power_shows_its_cost_and_what_it_does(synonyms):
    output = explain(f"{synonyms}::lamp")[1]
    assert "a power its holder may use, paying for it: recharge it (put it at the bottom of " \
           "your deck)" in output
    assert "does: evades a bane that has the Undead trait: only the character who encounters " \
           "it may play this" in output


def test_json_gives_the_ir(synonyms):
    code, output = explain(str(synonyms), "--format", "json")
    programs = json.loads(output)
    assert code == 0 and [program["name"] for program in programs] == ["Shade", "Lamp"]
    assert programs[0]["triggers"]["before_encounter"][0]["op"] == "damage"


def test_a_card_of_the_project_may_name_the_cards_beside_it():
    code, output = explain(f"{CARDS / 'pacg' / 'villains.card'}::Grask the Drowned")
    assert code == 0 and "summons Bog Lurker and Cinder Imp" in output


def test_an_unknown_card_or_file_is_an_error(synonyms, tmp_path):
    result = CliRunner().invoke(cli.cli, ["explain", f"{synonyms}::Shadow"])
    assert result.exit_code == 1 and "did you mean 'Shade'?" in result.output
    assert CliRunner().invoke(cli.cli, ["explain", str(tmp_path / "none.card")]).exit_code == 1


def test_a_card_with_errors_reports_them(tmp_path):
    path = tmp_path / "bad.card"
    path.write_text("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\nA dance.\n")
    result = CliRunner().invoke(cli.cli, ["explain", str(path)])
    assert result.exit_code == 1 and "CW110" in result.output


def test_a_file_not_called_card_is_read_as_check_reads_it(tmp_path):
    """A file named on the command line is read whatever it is called, as `check` reads it:
    notes.txt has no `Game:` line, which is an error, not a file with nothing to explain."""
    path = tmp_path / "notes.txt"
    path.write_text("Some notes.\n", encoding="utf-8")
    result = CliRunner().invoke(cli.cli, ["explain", str(path)])
    assert result.exit_code == 1 and "CW101" in result.output
    assert "0 cards in 1 file: 1 error" in result.output


def test_a_card_may_name_a_card_of_another_folder_of_its_project(tmp_path, monkeypatch):
    """`explain` reads the cards beside a file as `check` does: the project's whole card
    folder, so a villain in cards/villains/ may summon a monster of cards/monsters/."""
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    for folder, text in [("monsters", "Name: Grub\nType: Monster\nCheck: Combat 5\n"),
                         ("villains", "Name: Grub King\nType: Villain\nCheck: Combat 9\n\n"
                                      "Before the encounter, summon and encounter a Grub.\n")]:
        (tmp_path / "cards" / folder).mkdir(parents=True)
        (tmp_path / "cards" / folder / "a.card").write_text(f"Game: pacg\n\n{text}",
                                                           encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert CliRunner().invoke(cli.cli, ["check"]).exit_code == 0
    code, output = explain("cards/villains/a.card")
    assert code == 0 and "Grub" in output.split("Before the encounter")[1]


def test_ucg_words_come_from_ucg():
    output = explain(f"{CARDS / 'ucg' / 'effects.card'}::Rallying Cry")[1]
    assert "Immediate: played from the hand during an encounter" in output
    assert "does: target player is dealt 1 damage" in output
    assert "each point puts the top card of the deck into the Void" in output
    assert "discards a card from the hand" not in output


def test_a_boons_text_with_no_window_says_when_and_who_you_is(tmp_path):
    path = tmp_path / "axe.card"
    path.write_text("Game: pacg\n\nName: Axe\nType: Weapon\n\n"
                    "For your Combat check, reveal this card to add 1d8 to your check.\n"
                    "If you are not proficient with weapons, the difficulty of this check is "
                    "increased by 3.\n", encoding="utf-8")
    code, output = explain(f"{path}::Axe")
    lines = output.splitlines()
    where = next(index for index, line in enumerate(lines) if "proficient" in line)
    assert code == 0
    assert lines[where + 1] == "    when: each time one of its powers has been played"
    assert lines[where + 2] == ("    does: if its holder (you) is not proficient with weapons: "
                                "the difficulty of this check goes up by 3")


def test_a_sentence_that_goes_on_with_the_one_before_and_a_boons_own_encounter(tmp_path):
    """`If you fail, ...` is done with the sentence before it; a boon's text as it is
    encountered, or once the check to acquire it is made, is the encountering character's."""
    path = tmp_path / "squire.card"
    path.write_text("Game: pacg\n\nName: Squire\nType: Ally\nCheck: Charisma 5\n\n"
                    "If you do not acquire this card, bury a card.\n---\n"
                    "Name: Gate\nType: Barrier\nCheck: Strength 5\n\n"
                    "After the encounter, attempt a Wisdom 5 check.\n"
                    "If you fail, draw a card.\n", encoding="utf-8")
    lines = explain(str(path))[1].splitlines()
    squire = lines.index("  If you do not acquire this card, bury a card.")
    assert lines[squire + 2] == ("    does: the character who encounters the card (you) must "
                                 "bury a card from the hand, of their choice")
    fail = lines.index("  If you fail, draw a card.")
    assert lines[fail + 1] == "    when: with the sentence before, after its effects"


def test_a_boss_s_stats_by_the_number_of_characters_say_what_c_is():
    output = explain(f"{CARDS / 'gloomhaven' / 'monsters.card'}::Bone Tyrant")[1]
    lines = output.splitlines()
    where = lines.index("  Normal: Health 8xC, Move 2, Attack C+1")
    assert lines[where + 1] == ("    C: the number of characters in the scenario; a fraction of "
                                "it is rounded up")
    assert "    C: " not in explain(f"{CARDS / 'gloomhaven' / 'monsters.card'}::Living Bones")[1]


def test_what_all_a_monster_s_attacks_have_is_explained():
    output = explain(f"{CARDS / 'gloomhaven' / 'monsters.card'}::Thorn Sentinel")[1]
    lines = output.splitlines()
    where = lines.index("  Elite: Health 10, Move 1, Attack 3, Shield 1, Wound, Advantage")
    assert lines[where + 1] == (
        "    Wound, Advantage: what every attack of a standee of this rank has: a condition "
        "is given to each target; Advantage changes nothing (there is no modifier deck)")


def test_every_window_is_explained():
    """A window the grammar reads and explain had no words for stopped it with a KeyError."""
    assert set(ast.TIMING_WINDOWS) <= set(WINDOWS)


def test_what_a_monster_does_on_its_death_is_explained():
    output = explain(f"{CARDS / 'gloomhaven' / 'monsters.card'}::Tyrant Frenzy")[1]
    assert ("    when: when the monster is killed in the round its card is revealed, by "
            "whatever: an action of its own, done at once") in output.splitlines()
