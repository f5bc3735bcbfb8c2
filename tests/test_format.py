"""The formatter: one canonical text for each meaning, idempotent, and never changing what a
card means."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from compiler import ast, cli
from compiler.format import TARGET_WORDS, format_file
from compiler.syntax import parse_text
from tests.conftest import CARDS, ROOT, card_text
from tests.corpus import gloomhaven_card_texts, pacg_card_texts
from tests.test_language_contract import REFERENCE_EXAMPLES, contract_examples


def round_trip(text: str, name: str = "x.card") -> str:
    """Format `text`; assert the result means the same and formats to itself."""
    parsed = parse_text(text, name)
    assert not parsed.diagnostics, [str(item) for item in parsed.diagnostics]
    formatted = format_file(parsed.file)
    again = parse_text(formatted, name)
    assert not again.diagnostics, (formatted, [str(item) for item in again.diagnostics])
    assert again.file == parsed.file
    assert format_file(again.file) == formatted
    return formatted


def with_game(body: str, game: str) -> str:
    return body if "Game:" in body else f"Game: {game}\n\n" + body


@pytest.mark.parametrize("path", sorted(CARDS.rglob("*.card")), ids=lambda path: path.name)
def test_every_project_card_file_is_canonical(path):
    text = path.read_text(encoding="utf-8")
    assert round_trip(text) == text


NUMBER = re.compile(r"(?<![\w-])[0-9]+(?!\w)")


@pytest.mark.parametrize("path", sorted(CARDS.rglob("*.card")), ids=lambda path: path.name)
def test_every_project_card_with_other_numbers_round_trips(path):
    """Each number of each card set to 1, 2 or 10 in turn, as the benchmark's pool varies
    them (bench/pool.py): the words that agree with a number (`a card`, `2 cards`, `up to 1
    card`) must still read back as they were meant, wherever the text still parses."""
    game, *cards = path.read_text(encoding="utf-8").split("\n---\n")
    game, first = game.split("\n\n", 1)
    for card in [first, *cards]:
        for number in NUMBER.finditer(card):
            for other in ("1", "2", "10"):
                if other == number.group():
                    continue
                text = f"{game}\n\n{card[:number.start()]}{other}{card[number.end():]}\n"
                if not parse_text(text, path.name).diagnostics:
                    round_trip(text, path.name)


@pytest.mark.parametrize(("game", "body"), REFERENCE_EXAMPLES + contract_examples())
def test_every_example_of_the_references_round_trips(game, body):
    round_trip(with_game(body, game))


CORPUS = [(name, text) for name, text in pacg_card_texts()
          if not parse_text(text, "corpus.card").diagnostics]


@pytest.mark.skipif(not CORPUS, reason="the corpus is not beside the project")
@pytest.mark.parametrize(("name", "text"), CORPUS, ids=[name for name, _ in CORPUS])
def test_every_corpus_card_that_parses_round_trips(name, text):
    round_trip(text)


GLOOMHAVEN = list(gloomhaven_card_texts())


@pytest.mark.skipif(not GLOOMHAVEN, reason="the corpus is not beside the project")
@pytest.mark.parametrize(("edition", "texts"), GLOOMHAVEN, ids=[name for name, _ in GLOOMHAVEN])
def test_every_gloomhaven_corpus_card_that_parses_round_trips(edition, texts):
    """Each printed monster card of an edition that parses, formatted and read back."""
    parsed = [text for text in texts if not parse_text(text, "corpus.card").diagnostics]
    assert len(parsed) > len(texts) * 3 // 4
    for text in parsed:
        round_trip(text)


@pytest.mark.parametrize(("joined", "canonical"), [
    ("draw a card; discard a random card", "draw a card, then discard a random card"),
    ("draw a card; then discard a random card", "draw a card; then discard a random card"),
])
def test_what_a_condition_goes_on_with_keeps_its_place(joined, canonical):
    """A semicolon alone goes on under the condition, as `, then` does, and `; then` does not
    (docs/rulings.md): each reads back as it was meant."""
    head = "Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\n"
    sentence = "Before the encounter, if you have the Divine skill, {}.\n"
    assert round_trip(head + sentence.format(joined)) == head + sentence.format(canonical)


def test_every_target_has_its_words():
    assert set(TARGET_WORDS) == set(ast.TARGET_KINDS)


def test_a_name_in_lower_case_keeps_its_article_and_case():
    """`The elemental is ...`: the capital of the sentence's start falls on `The`, never on
    the card's name as written."""
    formatted = round_trip(card_text("""
        Game: pacg

        Name: Elder Elemental
        Type: Monster
        Check: Combat 18

        The elemental is immune to the Mental trait.
        """))
    assert "The elemental is immune to the Mental trait." in formatted


@pytest.mark.parametrize(("sentence", "canonical"), [
    ("The first time in this scenario that anyone would defeat the Lantern King, he is "
     "undefeated.",
     "The first time in this scenario that anyone would defeat the Lantern King, this card is "
     "undefeated."),
    ("Lantern King is immune to the Cold trait.", "Lantern King is immune to the Cold trait."),
    ("The Lantern King is immune to the Cold trait.",
     "The Lantern King is immune to the Cold trait."),
    ("The The Lantern King is immune to the Cold trait.",
     "The Lantern King is immune to the Cold trait."),
])
def test_a_name_keeps_the_article_written_before_it(sentence, canonical):
    """`the Lantern King` stays so, and `Lantern King` bare; a name is kept without the `the`s
    before it, which the formatter's `the` would otherwise have added to (`the The Lantern King`
    of a card named `The Lantern King` once stopped the formatter as on a bug of its own)."""
    formatted = round_trip(card_text(f"""
        Game: pacg

        Name: The Lantern King
        Type: Villain
        Check: Combat 24

        {sentence}
        """))
    assert formatted.endswith(f"\n\n{canonical}\n")


@pytest.mark.parametrize(("game", "header", "sentence", "canonical"), [
    ("ucg", "Type: Character\nCombat: 3", "swift, overpower.", "swift, overpower."),
    ("ucg", "Type: Character\nCombat: 3", "Swift, Overpower.", "Overpower, Swift."),
    ("gloomhaven", "Type: Monster Ability\nMonster: Bones\nInitiative: 9",
     "Jupm, Invisible, Self.", "Jupm, Invisible, Self."),
    ("pacg", "Type: Monster\nCheck: Combat 5", "mental immunity.", "mental immunity."),
    ("ose", "Type: Monster\nArmour Class: 7 [12]\nHit Dice: 1\nMovement: 90' (30')\n"
     "Morale: 7", "reaction +2.", "reaction +2."),
    ("ose", "Type: Monster\nArmour Class: 7 [12]\nHit Dice: 1\nMovement: 90' (30')\n"
     "Morale: 7", "blood scent; Frenzy: See main entry.", "blood scent; Frenzy: See main entry."),
])
def test_a_sentence_that_begins_with_the_cards_own_word_keeps_its_case(game, header, sentence,
                                                                       canonical):
    """A word's case is part of what the card says (the check finds `swift` no ucg keyword):
    a capital at the sentence's start would change it, and the formatter once stopped on
    such a card as on a bug of its own.  So would words that are no keywords put in the
    keywords' order: `Invisible, Jupm, Self.` is not read as the line of words it was."""
    formatted = round_trip(f"Game: {game}\n\nName: A\n{header}\n\n{sentence}\n")
    assert formatted.endswith(f"\n\n{canonical}\n")


def test_synonyms_become_the_canonical_wording():
    formatted = round_trip(card_text("""
        game: pacg

        type:   Monster
        NAME: Reed   Stalker
        check: Combat 8 THEN combat 9

        before you act, take 2 damage.
        After you act, deal 1 Fire damage to each character at your location.
        Poison immunity.
        Immune to Fire and Cold.
        """))
    assert formatted == card_text("""
        Game: pacg

        Name: Reed   Stalker
        Type: Monster
        Check: Combat 8 then combat 9

        Before the encounter, you take 2 damage.
        After the encounter, each character at this location takes 1 Fire damage.
        Poison immunity.
        Immune to Fire and Cold.
        """)


def test_one_card_after_up_to_stays_a_number():
    """`up to` takes a number, never `a` (found in the benchmark's pool, bench/pool.py)."""
    formatted = round_trip(with_game("Name: X\nType: Item\n\nYou may draw up to 1 cards.\n"
                                     "Each character draws up to 2 card.\n", "pacg"))
    assert formatted.endswith("You may draw up to 1 card.\n"
                              "Each character draws up to 2 cards.\n")


def test_field_order_does_not_change_what_a_card_means():
    first = parse_text("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n", "x.card")
    second = parse_text("Game: pacg\n\nCheck: Combat 5\nType: Monster\nName: A\n", "x.card")
    assert first.file == second.file


def test_comments_stay_before_what_they_stood_before():
    text = card_text("""
        # The file's first words.
        Game: pacg

        # Before the first card.
        Name: A
        # Among the headers.
        Type: Monster
        Check: Combat 5

        # Before a sentence.
        Fire immunity.
        ---
        # Between cards.
        Name: B
        Type: Blessing
        # At the end.
        """)
    assert round_trip(text) == text


def test_effects_on_you_read_as_commands_and_damage_names_its_subject():
    formatted = round_trip("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\n"
                           "If undefeated, you draw a card, then you take 1 damage, then each "
                           "character must succeed at a Arcane 5 check or you take 1 damage.\n")
    assert formatted.splitlines()[-1] == (
        "If undefeated, draw a card, then you take 1 damage, then each character must succeed "
        "at an Arcane 5 check or take 1 damage.")


# -- the command ---------------------------------------------------------------------


def test_fmt_check_and_diff_write_nothing_and_fail_on_a_change(tmp_path):
    path = tmp_path / "a.card"
    path.write_text("Game: pacg\n\nType: Monster\nName: A\nCheck: Combat 5\n", encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(cli.cli, ["fmt", "--check", str(path)])
    assert result.exit_code == 1 and "would reformat" in result.output
    result = runner.invoke(cli.cli, ["fmt", "--diff", str(path)])
    assert result.exit_code == 1 and "\n-Name: A\n" in result.output
    assert path.read_text().startswith("Game: pacg\n\nType")
    assert runner.invoke(cli.cli, ["fmt", str(path)]).exit_code == 0
    assert path.read_text() == "Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n"
    assert runner.invoke(cli.cli, ["fmt", "--check", str(path)]).exit_code == 0


def test_fmt_leaves_a_file_with_errors_alone(tmp_path):
    path = tmp_path / "a.card"
    text = "Game: pacg\n\nType: Monster\nName: A\nCheck: Combat 5\n\nA dance.\n"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli.cli, ["fmt", str(path)])
    assert result.exit_code == 1 and "CW110" in result.output
    assert path.read_text() == text


def test_the_project_is_formatted(monkeypatch):
    monkeypatch.chdir(ROOT)
    assert CliRunner().invoke(cli.cli, ["fmt", "--check"]).exit_code == 0
