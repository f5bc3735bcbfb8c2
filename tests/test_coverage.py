"""`cardwright coverage`: stage by stage, how many cards and sentences cardwright covers."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from compiler import cli
from compiler.build import check_paths, compile_paths
from compiler.coverage import measure, shape_of
from compiler.games import GAMES
from compiler.importing import (
    read_gloomhaven_json,
    read_ose_srd,
    read_pacg_jsonl,
    write_card_files,
)
from compiler.play import load_cards
from compiler.runtime.pacg.trial import trial as pacg_trial
from tests.conftest import CARDS as CARDS_FOLDER
from tests.conftest import SHARED, card_text
from tests.corpus import GLOOMHAVEN_CORPUS, PACG_CORPUS

CARDS = card_text("""
    Game: pacg

    Name: Reed Snake
    Type: Monster
    Check: Combat 6

    Before the encounter, you take 1d4 Combat damage.
    If undefeated, shuffle this card into the location deck.
    ---
    Name: Mud Hag
    Type: Monster
    Check: Combat 7

    Before the encounter, you sing 3 songs.
    The Mud Hag sings 2 songs.
    If defeated, you take 1 Combat damage.
    ---
    Name: Salt Ward
    Type: Item
    Check: Arcane 4

    Recharge this card to evade a Monter.
""")


def no_progress(total: int):
    return lambda count: None


def test_each_stage_is_counted_for_cards_and_sentences(tmp_path):
    (tmp_path / "cards.card").write_text(CARDS)
    report = measure([tmp_path], no_progress)
    # Reed Snake runs; Mud Hag has sentences that do not parse; Salt Ward fails its check.
    assert report.cards.to_data() == {"total": 3, "parsed": 2, "checked": 1, "compiled": 1,
                                      "ran": 1}
    assert report.sentences.to_data() == {"total": 6, "parsed": 4, "checked": 3,
                                          "compiled": 2, "ran": 2}
    assert [(shape.shape, shape.count) for shape in report.shapes] == [
        ("Before the encounter, you sing N songs.", 1), ("The NAME sings N songs.", 1)]
    assert report.shapes[0].example.endswith(
        "cards.card:14: Before the encounter, you sing 3 songs.")


@pytest.mark.parametrize("game", list(GAMES))
def test_every_bundled_card_of_every_game_plays_its_trial(game):
    """Each game's runtime tries each card on its own (compiler/runtime/<game>/trial.py),
    and every bundled card runs in it."""
    report = measure([CARDS_FOLDER / game], no_progress)
    assert report.cards.ran == report.cards.total > 0, report.run_failures


def test_shapes_take_out_numbers_dice_and_the_card_s_name():
    assert shape_of("The  Bog Wight deals 1d4+1 damage to 2 characters.", "Bog Wight") == \
        "The NAME deals NdN damage to N characters."


def test_the_command_prints_a_table_or_json(tmp_path, monkeypatch):
    (tmp_path / "cards.card").write_text(CARDS)
    result = CliRunner().invoke(cli.cli, ["coverage", str(tmp_path), "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["cards"]["ran"] == 1 and data["failing_shapes"][0]["count"] == 1
    result = CliRunner().invoke(cli.cli, ["coverage", str(tmp_path)])
    assert result.exit_code == 0 and "sentences" in result.stdout


def test_a_card_set_out_runs_beside_a_character_and_only_its_standing_text(tmp_path):
    """The token's standing text is done in the encounter it is displayed for; a window of
    a displayed card's is not done by the runtime yet, and is not counted as run."""
    (tmp_path / "cards.card").write_text(card_text("""
        Game: pacg

        Name: Lucky Token
        Type: Token

        Draw a card.
        ---
        Name: Unlucky Token
        Type: Token

        Before the encounter, draw a card.
    """))
    report = measure([tmp_path], no_progress)
    assert (report.cards.compiled, report.cards.ran) == (2, 1)
    assert report.run_failures[0][0].startswith(
        "ScenarioError: a displayed Token's text of the window 'before_encounter'")


def test_the_trial_of_a_boon_plays_its_text_for_another_card_played(tmp_path):
    """The held text is done when a weapon is played: asking how a check went before any was
    rolled stops it, so the trial did reach it."""
    (tmp_path / "cards.card").write_text(card_text("""
        Game: pacg

        Name: Odd Knife
        Type: Weapon

        When playing another weapon, if you succeed, draw a card.
    """))
    report = measure([tmp_path], no_progress)
    assert (report.cards.compiled, report.cards.ran) == (1, 0)
    assert "asks how a check went" in report.run_failures[0][0]


def test_a_path_that_cannot_be_read_fails_the_command(tmp_path):
    result = CliRunner().invoke(cli.cli, ["coverage", str(tmp_path / "gone.card")])
    assert result.exit_code == 1 and "CW100" in result.stderr


def test_a_file_with_nothing_to_measure_fails_the_command_and_the_rest_is_measured(tmp_path):
    """A file with no `Game:` line (CW101) or of a game cardwright does not play (CW102)
    is said on stderr and fails the command; the card file beside them is still measured."""
    (tmp_path / "notes.txt").write_text("Some notes.\n", encoding="utf-8")
    (tmp_path / "other.card").write_text("Game: chess\n\nName: Pawn\n", encoding="utf-8")
    (tmp_path / "ogre.card").write_text("Game: pacg\n\nName: Ogre\nType: Monster\n"
                                        "Check: Combat 5\n", encoding="utf-8")
    result = CliRunner().invoke(cli.cli, ["coverage", "--format", "json", str(tmp_path),
                                          str(tmp_path / "notes.txt")])
    assert result.exit_code == 1
    assert "CW101" in result.stderr and "CW102" in result.stderr
    assert json.loads(result.stdout)["cards"]["total"] == 1


@pytest.mark.skipif(not PACG_CORPUS.exists(), reason="the corpus is not beside the project")
def test_the_corpus_is_measured(tmp_path):
    """The corpus, imported as a designer would import it, measured.  The floors are what
    cardwright covers today (docs/coverage.md); they only ever go up."""
    imported = read_pacg_jsonl(PACG_CORPUS.read_text(encoding="utf-8"), "cards.jsonl")
    write_card_files(imported.cards, tmp_path)
    report = measure([tmp_path], no_progress)
    assert report.cards.total == len(imported.cards)
    assert report.sentences.parsed / report.sentences.total >= 0.85
    assert report.cards.checked / report.cards.total >= 0.68
    assert report.cards.ran / report.cards.total >= 0.68


OSE_CORPUS = SHARED / "corpus" / "ose" / "OSE-SRD-v1.0.json"


@pytest.mark.skipif(not OSE_CORPUS.exists(), reason="the corpus is not beside the project")
def test_the_ose_corpus_is_measured(tmp_path):
    """The SRD's monsters, imported: their stat lines are read (a field or two of a few,
    printed for several ages at once, are not); their traits are prose the language does
    not have yet (docs/coverage.md).  The floors only ever go up."""
    imported = read_ose_srd(OSE_CORPUS.read_text(encoding="utf-8"), OSE_CORPUS.name)
    write_card_files(imported.cards, tmp_path)
    report = measure([tmp_path], no_progress)
    assert report.cards.total == len(imported.cards) >= 200
    assert report.cards.ran / report.cards.total >= 0.13
    unread = [item for item in check_paths([tmp_path]).diagnostics if item.code == "CW104"]
    assert len(unread) <= 90


@pytest.mark.skipif(not GLOOMHAVEN_CORPUS, reason="the corpus is not beside the project")
def test_the_gloomhaven_corpus_is_measured(tmp_path):
    """Four editions' monster stat cards and ability decks, each imported to a folder of its
    own (their monsters share names)."""
    folders = []
    for source in GLOOMHAVEN_CORPUS:
        imported = read_gloomhaven_json(source.read_text(encoding="utf-8"), source.name)
        folders.append(tmp_path / source.stem)
        write_card_files(imported.cards, folders[-1])
    report = measure(folders, no_progress)
    assert report.cards.total >= 700
    assert report.sentences.parsed / report.sentences.total >= 0.95
    assert report.cards.checked / report.cards.total >= 0.93
    assert report.cards.ran / report.cards.total >= 0.93


def test_the_trial_of_a_power_for_another_characters_check_plays_it_from_a_companion(tmp_path):
    """A power that adds to another character's check, beside its holder or elsewhere, is
    played by a stock companion (proficient with all) on the stock character's check."""
    (tmp_path / "cards.card").write_text(card_text("""
        Game: pacg

        Name: Far Arrow
        Type: Weapon

        If you are proficient with weapons, you may discard this card to add 1d4+1 to a combat
        check at another location.
        ---
        Name: Helping Hand
        Type: Ally

        Recharge this card to add 2 to another character's combat check.
    """))
    report = measure([tmp_path], no_progress)
    assert (report.cards.compiled, report.cards.ran) == (2, 2), report.run_failures


def test_the_trial_of_a_power_for_a_check_to_close_or_to_recharge_plays_it_on_such_a_check(
        tmp_path):
    """A stock henchman is defeated at a location closed with a check; a stock spell is
    recharged with a check: the script plays each power on that check, and the trial stops
    if it cannot."""
    (tmp_path / "cards.card").write_text(card_text("""
        Game: pacg

        Name: Door Wedge
        Type: Item

        Discard this card to add 1d4 to any check to close a location.
        ---
        Name: Spell Mender
        Type: Ally

        Reveal this card to add 2 to your Arcane check to recharge a spell.
    """))
    report = measure([tmp_path], no_progress)
    assert (report.cards.compiled, report.cards.ran) == (2, 2), report.run_failures


def test_the_trial_stages_the_check_and_the_card_a_power_names(tmp_path):
    """A power for `your non-combat check` meets a check that is not a combat check, and one
    for a check against a card with a trait meets a card with it."""
    (tmp_path / "cards.card").write_text(card_text("""
        Game: pacg

        Name: Study Robe
        Type: Armor

        Bury this card to use your Arcane skill instead of any listed skill for your
        non-combat check.
        ---
        Name: Lock Pry
        Type: Item

        Reveal this card to add 1d6 to your check to defeat a barrier with the Lock trait.
    """))
    report = measure([tmp_path], no_progress)
    assert (report.cards.compiled, report.cards.ran) == (2, 2), report.run_failures


def test_the_trial_plays_each_power_of_a_boon_on_its_own_by_whom_it_asks_for(tmp_path):
    """Each power meets its moment with the card holding it alone: `Display this card.`,
    played first as any card is encountered, took the card from the hand the others are
    played from, and the script's play by the card's name was another power's.  A power for
    the proficient is played by a stock character proficient with all."""
    (tmp_path / "cards.card").write_text(card_text("""
        Game: pacg

        Name: Quilted Coat
        Type: Armor

        Display this card.
        Recharge this card to reduce Fire damage dealt to you by 1.
        If you are proficient with light armors, you may bury this card to reduce all damage
        dealt to you to 0.
    """))
    cards = load_cards(compile_paths([tmp_path]), "pacg")
    events = pacg_trial(cards, "Quilted Coat", log=True).events
    assert [(event["character"], event["cost"]) for event in events
            if event["event"] == "play" and event["card"] == "Quilted Coat"] == [
        ("Trial Hero", "display"), ("Trial Hero", "recharge"), ("Trial Companion", "bury")]
