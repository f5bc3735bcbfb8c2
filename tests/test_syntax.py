"""Reading card files: the frame, every pacg sentence form, spans, and what a designer is told
when text cannot be read."""

from __future__ import annotations

import dataclasses
import inspect
import json
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.parsers.lalr_analysis import Shift
from lark.parsers.lalr_parser import _Parser

from compiler import ast
from compiler.cache import compact_json
from compiler.format import format_check
from compiler.syntax import parse_text, tables
from compiler.syntax.frame import CardFrame, read_frame, split_sentences
from compiler.syntax.grammars import (
    FRAME_GRAMMAR,
    GRAMMAR_DIR,
    frame_parser,
    game_grammar,
    game_ids,
    made_parser,
)
from compiler.syntax.lalr import IndexedLalrParser
from compiler.syntax.reducing import ReducingParser
from compiler.syntax.source import SourceText
from compiler.syntax.transform import AstBuilder
from tests.conftest import CARDS, assert_built_as_walked, card_text, walked


def parse(text: str):
    return parse_text(card_text(text), "test.card")


def one_card(text: str) -> ast.Card:
    result = parse(text)
    assert not result.diagnostics, [str(item) for item in result.diagnostics]
    (card,) = result.file.cards
    return card


def sentence(text: str) -> ast.Sentence:
    card = one_card(f"Game: pacg\n\nName: X\nType: Monster\nCheck: Combat 1\n\n{text}\n")
    (only,) = card.sentences
    return only


def messages(text: str) -> list[str]:
    return [str(item) for item in parse(text).diagnostics]


# -- the frame ----------------------------------------------------------------


def test_a_file_holds_cards_separated_by_dashes_with_comments_anywhere():
    result = parse("""
        # a comment before the game line
        Game: pacg

        # a comment among cards
        Name: A
        Type: Monster
        # a comment among the headers
        Check: Combat 5

        Immune to Mental.
        # a comment in the rules text
        ---
        Name: B
        Type: Blessing
        ---
        """)
    assert not result.diagnostics
    assert [card.name for card in result.file.cards] == ["A", "B"]
    assert result.file.cards[1].sections == ()


def test_after_the_blank_line_that_ends_the_headers_a_line_is_rules_text():
    """Even one that holds a colon, and after comment and blank lines; a card with no rules
    text may end in blank lines before the next."""
    result = parse("""
        Game: pacg

        Name: A
        Type: Monster
        Check: Combat 5

        # a comment between the headers and the rules text

        Note: not a header.
        ---
        Name: B
        Type: Blessing


        ---
        Name: C
        Type: Blessing
        """)
    assert [item.code for item in result.diagnostics] == ["CW110"]  # `Note: ...` is no rule
    assert result.diagnostics[0].span.line == 9
    assert [card.name for card in result.file.cards] == ["B", "C"]  # A has an error


def test_field_names_ignore_case_and_keep_their_canonical_spelling():
    card = one_card("Game: pacg\n\nname: A\nTYPE: Monster\ncheck: Combat 5\n")
    assert [field.name for field in card.fields] == ["Name", "Type", "Check"]


@pytest.mark.parametrize(("game", "head", "written", "printed"), [
    ("gloomhaven", "Type: Ability\nClass: Brute\nInitiative: 15",
     "top: Attack 4.\nBOTTOM\t: Move 2.", "Top: Attack 4.\nBottom: Move 2."),
    ("random-encounters", "Type: Character\nHealth: 8\nStrength: 2\nDexterity: 5\nMagic: 2",
     "combat  ability: Gain a Star token.\nExplorer\nAbility: Re-roll your die.",
     "Combat Ability: Gain a Star token.\nExplorer Ability: Re-roll your die."),
    ("ucg", "Type: Character\nCombat: 3", "IGNITE: Deal 1 damage to target player.",
     "Ignite: Deal 1 damage to target player."),
    ("gloomhaven", "Type: Monster Ability\nInitiative: 38\nMonster: A",
     "MOVE +0, ATTACK +1, ADD +2 ATTACK IF THE TARGET IS ADJACENT TO ANY OF THE A'S ALLIES.",
     "Move +0, Attack +1, Add +2 Attack if the target is adjacent to any of the A's allies."),
    ("ose", "Type: Monster\nArmour Class: 7 [12]\nHit Dice: 1\nMovement: 90' (30')\nMorale: 7",
     "Keen\u00a0nose;\tPack hunter: See main entry.",
     "Keen nose; Pack hunter: See main entry."),
])
def test_labels_and_names_of_abilities_read_whatever_their_case_and_spaces(game, head, written,
                                                                          printed):
    """As field names do: `top:`, `Combat  Ability:`, a name with a no-break space pasted
    in, once each a sentence that could not be read."""
    def card(rules: str) -> ast.Card:
        return one_card(f"Game: {game}\n\nName: A\n{head}\n\n{rules}\n")
    assert card(written) == card(printed)


def test_a_sentence_may_run_over_several_lines_and_windows_line_ends_are_read():
    card = one_card("Game: pacg\r\n\r\nName: A\r\nType: Monster\r\nCheck: Combat 5\r\n\r\n"
                    "Before the encounter,\r\n  each character takes\r\n1 Fire damage.\r\n")
    (triggered,) = card.sentences
    assert triggered.span.line == 7 and triggered.span.end_line == 9


@settings(max_examples=200, derandomize=True, deadline=None)
@given(text=st.text(st.sampled_from("ab \n\r"), max_size=30), data=st.data())
def test_a_span_ends_where_its_end_offset_stands(text, data):
    """A span's end is the line and column of its end offset (or its start's, if the end
    is before the start), whether or not it ends on the line it starts on."""
    source = SourceText("f", text)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(0, len(text)))
    span = source.span(start, end)
    assert (span.line, span.col) == source.position(start)
    assert (span.end_line, span.end_col) == source.position(max(start, end))


def test_spans_point_into_the_file():
    card = one_card("""
        Game: pacg

        Name: Goblin Raider
        Type: Monster
        Check: Combat 8

        Immune to Mental.
        Before the encounter, each character at this location takes 1d4 Fire damage.
        """)
    immunity, triggered = card.sentences
    assert (immunity.span.line, immunity.span.col, immunity.span.end_col) == (7, 1, 18)
    assert (immunity.traits[0].span.col, immunity.traits[0].span.end_col) == (11, 17)
    damage = triggered.effects[0]
    assert damage.kind.text == "Fire" and damage.kind.span.col == 65
    # A field's value is shared (ast.Field): the card's placed fields, and `where`, say
    # where it stands.
    (check,) = [item for item in card.fields if item.name == "Check"]
    assert check.value.steps[0].options[0].skills[0].span.col == 8
    shared = card.field("Check").value.steps[0].options[0].skills[0]
    assert card.where(shared) == check.value.steps[0].options[0].skills[0].span


def test_a_text_read_before_gets_the_spans_of_where_it_stands_again():
    """A one-line text is built once and moved to each place it stands: every node of a
    later reading has the spans a first reading of that file would give it."""
    repeated = "Before the encounter, each character at this location takes 1d4 Fire damage."
    first = f"Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 8\n\n{repeated}\n"
    later = ("Game: pacg\n# moved down a line\n\nName: B\nType: Monster\nCheck: Combat 8\n\n"
             f"Immune to Mental. {repeated}\n")

    def spans(result) -> list[tuple[str, ast.Span]]:
        return [(type(node).__name__, node.span) for node in ast.walk(result.file.cards)]

    parse_text(first, "first.card")
    moved = parse_text(later, "later.card")
    game_grammar("pacg").remembered.clear()
    fresh = parse_text(later, "later.card")
    assert spans(moved) == spans(fresh)
    damage = moved.file.cards[0].sentences[1].effects[0]
    assert (damage.span.file, damage.span.line, damage.kind.span.col) == ("later.card", 8, 83)


@pytest.mark.parametrize("game", game_ids())
@settings(max_examples=100, derandomize=True, deadline=None)
@given(text=st.text(st.characters(blacklist_categories=["Cs"]), min_size=1, max_size=40)
       .map(str.strip).filter(lambda text: text and "\n" not in text))
def test_a_rule_of_one_text_reads_a_value_as_written(game, text):
    """The reader takes a value of a rule that is one TEXT terminal as it is, unparsed
    (GameGrammar.text_rules): what parsing and building it would give."""
    grammar = game_grammar(game)
    assert "field_name" in grammar.text_rules
    for start in grammar.text_rules:
        built = grammar.build(AstBuilder(SourceText("", text), 0, len(text)), text, start)
        assert built == text


def test_every_bundled_text_is_built_as_it_is_parsed_as_a_walk_of_its_tree_builds_it():
    """The reader builds a text's nodes as the parser reduces its rules; a walk of Lark's
    tree, with the positions Lark gives it, builds the same (tests.conftest), for every header
    value and sentence of the bundled cards, where each stands in its file."""
    read = 0
    for path in sorted(CARDS.rglob("*.card")):
        source = SourceText(str(path), path.read_text(encoding="utf-8"))
        frame, _ = read_frame(source)
        grammar = game_grammar(frame.game)
        for card in frame.cards:
            starts = [(grammar.field_start(" ".join(header.field.lower().split())), header)
                      for header in card.headers]
            texts = [(start, header.value, header.value_start) for start, header in starts
                     if start is not None]
            texts += [("sentence", text, offset)
                      for offset, text in (split_sentences(source.text, *card.rules)
                                           if card.rules else ())]
            for start, text, offset in texts:
                read += assert_built_as_walked(grammar, source, offset, text, start)
    assert read > 2_000


class _Recorder:
    """A builder that keeps each rule's name, positions and children, as they are given it."""

    @staticmethod
    def method_for(rule: str) -> None:
        return None  # every rule to __default__

    @staticmethod
    def __default__(rule: str, children: list, positions) -> tuple:
        return (rule, positions.start_pos, positions.end_pos,
                tuple((child.type, str(child), child.start_pos, child.end_pos)
                      if isinstance(child, Token) else child for child in children))


# Rules of every shape Lark's trees take: a `?rule` kept as its one child though keywords
# stand around it (its parent starts and ends with them), or as None, its one `[optional]`
# part missing; an inlined `_rule`, one that may be empty, an alias, a missing `[optional]`
# part (last, or before another), a rule that keeps its keywords.
SHAPES = r"""
    start: item+
    ?item: "(" pair ")" | "<" NAME | loud | group | tilde
    ?tilde: "~" [NAME]
    pair: NAME ["=" NAME] -> binding
        | "@" [NAME] "/" NAME -> tagged
        | "!" _names
    _names: NAME ("," NAME)*
    !loud: "shout" NAME
    group: "[" _maybe "]"
    _maybe: NAME?
    NAME: /[a-z]+/
    %ignore " "
"""


def _shapes_parser() -> Lark:
    return Lark(SHAPES, parser="lalr", propagate_positions=True, maybe_placeholders=True)


def _as_stored(parser: Lark) -> Lark:
    """`parser` as a later run loads it from the project's cache."""
    return tables.loaded(json.loads(compact_json(tables.storable(parser))))


def _larks_loop_not_called(*arguments) -> None:
    raise AssertionError("Lark's LALR loop read a text that reducing.py's loop should have")


@pytest.mark.parametrize("stored", [False, True], ids=["larks_loop", "own_loop"])
@pytest.mark.parametrize("text", ["(a = b)", "(a) <c", "<c (a)", "shout d [ ] [e] (! f, g)",
                                  "[ ] (a = b) [ ]", "(! f)", "(@ / a) (@ b / c)",
                                  "~ (a) ~ b ~", "  (a)  "])
def test_reductions_build_what_a_walk_of_larks_tree_builds(text, stored, monkeypatch):
    """Each reduction is given the children and positions Lark's tree of the rule has: with
    Lark's own LALR loop driving a parser Lark made, and with reducing.py's loop driving one
    loaded from stored tables, as every game's is."""
    parser = _shapes_parser()
    reader = ReducingParser(_as_stored(parser) if stored else parser, _Recorder.method_for)
    if stored:
        monkeypatch.setattr(_Parser, "parse", _larks_loop_not_called)
    built = reader.build(_Recorder(), text, "start")
    monkeypatch.undo()
    assert built == walked(_Recorder(), parser.parse(text), _Recorder.method_for)


def test_the_loops_tokens_have_their_offsets_and_no_lines():
    """Lark's messages alone use a token's line and column, and they come from Lark's loop:
    the tokens of reducing.py's loop have None for them, as a Token made with offsets only
    has, rather than the missing attribute a token left unset would raise at."""
    tokens: list[Token] = []

    class Keeper(_Recorder):
        @staticmethod
        def __default__(rule: str, children: list, positions) -> None:
            tokens.extend(child for child in children if isinstance(child, Token))

    ReducingParser(_as_stored(_shapes_parser()), Keeper.method_for).build(Keeper(), "(a = bc)",
                                                                          "start")
    assert [(str(token), token.start_pos, token.end_pos, token.line, token.column,
             token.end_line, token.end_column) for token in tokens] == [
        ("a", 1, 2, None, None, None, None), ("bc", 5, 7, None, None, None, None)]


@pytest.mark.parametrize("text", ["(a = )", "(a", "<", "", "[ a b ]", "(a) $", "shout"])
def test_a_text_the_loop_cannot_read_raises_the_error_larks_parser_raises(text):
    """What the diagnostics are made from: Lark's error, its kind, place and expected
    terminals, as Lark's own parse raises it."""
    parser = _shapes_parser()
    with pytest.raises(UnexpectedInput) as larks:
        parser.parse(text)
    with pytest.raises(UnexpectedInput) as ours:
        ReducingParser(_as_stored(parser), _Recorder.method_for).build(_Recorder(), text,
                                                                       "start")
    assert type(ours.value) is type(larks.value)
    assert (ours.value.pos_in_stream, ours.value.line, ours.value.column) \
        == (larks.value.pos_in_stream, larks.value.line, larks.value.column)
    assert getattr(ours.value, "expected", None) == getattr(larks.value, "expected", None)
    assert getattr(ours.value, "allowed", None) == getattr(larks.value, "allowed", None)


@pytest.mark.parametrize("game", game_ids())
def test_a_games_texts_are_read_by_the_loop_of_its_stored_tables(game, monkeypatch):
    """The reader parses a game's files' frames and texts with reducing.py's loop, never
    Lark's, which reads only what that loop cannot, to raise Lark's error."""
    paths = sorted((CARDS / game).rglob("*.card"))
    # The parsers made first, if they must be, with Lark's parser of grammars.
    grammar = game_grammar(game)
    read_frame(SourceText(str(paths[0]), paths[0].read_text(encoding="utf-8")))
    monkeypatch.setattr(_Parser, "parse", _larks_loop_not_called)
    texts = [read for path in paths for read in _texts(path, grammar)]
    for start, text in texts:
        grammar.build(AstBuilder(SourceText("", text), 0, len(text)), text, start)
    assert len(texts) > 20


def _texts(path, grammar) -> list[tuple[str, str]]:
    """(start rule, text) of each header value a rule reads and each sentence of a file."""
    source = SourceText(str(path), path.read_text(encoding="utf-8"))
    frame, _ = read_frame(source)
    values = [(start, header.value) for card in frame.cards for header in card.headers
              for start in [grammar.field_as_written(header.field)[0]]
              if start not in grammar.text_rules]
    return values + [("sentence", text) for card in frame.cards if card.rules
                     for _, text in split_sentences(source.text, *card.rules)
                     if text.endswith(".")]


# Lark writes out each optional item and each group of a rule as alternatives of the rule, and
# puts every one of them into each parser state where the rule may begin: with `put_self`
# written out into 1,804 (and three more rules into 289 to 384), pacg's tables took 41 s to
# make, against 23 s with their tails made rules of their own (grammar/pacg.lark, at its head).
MAX_WRITTEN_OUT = 256


@pytest.mark.parametrize("game", game_ids())
def test_no_rule_is_written_out_into_too_many_alternatives(game):
    counts = Counter(str(rule.origin.name) for rule in game_grammar(game).parser.rules)
    too_many = {name: count for name, count in counts.items() if count > MAX_WRITTEN_OUT}
    assert not too_many, (f"{too_many}: give the tail of such a rule, after the words that "
                          "tell it from other rules, a rule of its own named with `_`")


@pytest.mark.parametrize("grammar", [FRAME_GRAMMAR, *game_ids()])
def test_every_grammar_passes_larks_checks_and_gets_larks_tables(grammar):
    """Lark's own checks of a grammar, strict, with interegular installed (the test extra):
    no shift/reduce conflict (which a first run refuses too), and no two terminals of one
    priority that can match the same text, none that matches nothing, which a first run
    leaves to this test (grammars._TablesOnly).  The tables a first run makes (with
    lalr.IndexedAnalyzer) are the ones Lark's own analysis makes."""
    made = frame_parser() if grammar == FRAME_GRAMMAR else game_grammar(grammar).parser
    start, positions = made.options.start, made.options.propagate_positions
    larks = Lark.open(str(GRAMMAR_DIR / f"{grammar}.lark"), parser="lalr", strict=True,
                      start=start, propagate_positions=positions)
    ours = made_parser(grammar, start, positions)
    assert_same_tables(larks.parser.parser._parse_table, ours.parser.parser._parse_table)


# A rule name followed by a tail that can be empty (`g` in `f`, whose follow set then takes
# in `f`'s: what `includes` asks), and a rule reduced in one state from two contexts with
# different follow sets (`e`: the lookaheads joined from both).
NULLABLE_TAILS = r"""
    start: "a" e "x" | "b" e "y" | "c" f "x" | "d" f "z"
    e: "q"
    f: g h
    g: "r"
    h: "w"?
    %ignore " "
"""


@pytest.mark.parametrize("grammar", [SHAPES, NULLABLE_TAILS], ids=["shapes", "nullable_tails"])
def test_the_indexed_analysis_makes_larks_tables_of_any_grammar(grammar):
    options = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": True}
    larks = Lark(grammar, **options)
    ours = Lark(grammar, **options, _plugins={"LALR_Parser": IndexedLalrParser})
    assert isinstance(ours.parser.parser, IndexedLalrParser)
    assert_same_tables(larks.parser.parser._parse_table, ours.parser.parser._parse_table)


def assert_same_tables(expected: Any, found: Any) -> None:
    """Two LALR tables are the same up to their states' numbers, which follow the order
    Lark's analysis keeps its states in (a set of objects hashed by identity): from each
    start state, the states the same tokens shift to have the same actions, reduce by equal
    rules, and every state is met once."""
    assert found.start_states.keys() == expected.start_states.keys()
    paired: dict[int, int] = {}
    to_pair = [(expected.start_states[start], found.start_states[start])
               for start in expected.start_states]
    while to_pair:
        state, its_match = to_pair.pop()
        if state in paired:
            assert paired[state] == its_match
            continue
        paired[state] = its_match
        actions, matching = expected.states[state], found.states[its_match]
        assert matching.keys() == actions.keys()
        for token, (action, argument) in actions.items():
            found_action, found_argument = matching[token]
            assert found_action is action
            if action is Shift:
                to_pair.append((argument, found_argument))
            else:
                assert (found_argument, found_argument.alias, found_argument.order) \
                    == (argument, argument.alias, argument.order)
    assert len(paired) == len(set(paired.values())) == len(expected.states) == len(found.states)
    assert {start: paired[state] for start, state in expected.end_states.items()} \
        == found.end_states


# -- the check field -----------------------------------------------------------


@pytest.mark.parametrize(("text", "steps"), [
    ("Combat 8", [[(("Combat",), 8)]]),
    ("Dexterity or Acrobatics 9", [[(("Dexterity", "Acrobatics"), 9)]]),
    ("Combat 8 then Combat 10", [[(("Combat",), 8)], [(("Combat",), 10)]]),
    ("Wisdom 5 or Charisma 7", [[(("Wisdom",), 5), (("Charisma",), 7)]]),
    ("Dexterity, Disable, or Arcane 14 THEN Combat 9",
     [[(("Dexterity", "Disable", "Arcane"), 14)], [(("Combat",), 9)]]),
])
def test_check_fields(text, steps):
    check = one_card(f"Game: pacg\n\nName: A\nType: Monster\nCheck: {text}\n").value("Check")
    assert [[(tuple(s.text for s in option.skills), option.difficulty) for option in step.options]
            for step in check.steps] == steps


def test_skills_and_hand_fields():
    card = one_card("Game: pacg\n\nName: A\nType: Character\n"
                    "Skills: Strength d10+2, Dexterity d6, Melee d8-1\nHand: 5\n")
    assert [(s.skill.text, s.sides, s.bonus) for s in card.value("Skills")] == [
        ("Strength", 10, 2), ("Dexterity", 6, 0), ("Melee", 8, -1)]
    assert card.value("Hand") == 5


@pytest.mark.parametrize(("game", "head", "rules"), [
    ("pacg", "Type: Character\nSkills: Strength D10+2, Dexterity d6", ""),
    ("pacg", "Type: Monster\nCheck: Combat 8", "Before the encounter, you take 1D4+1 Fire damage."),
    ("ose", "Type: Monster\nArmour Class: 7 [12]\nHit Dice: 1\nMovement: 90' (30')\n"
     "Morale: 7\nNumber Appearing: 2D4 (6D10)", ""),
])
def test_dice_may_be_written_with_a_capital_d(game, head, rules):
    """`1D4` as often as `1d4`: it was read as 1 damage of the type `D4 Fire`, with a warning
    only, and was an error in a header."""
    def card(text: str) -> ast.Card:
        return one_card(f"Game: {game}\n\nName: A\n{text}\n")
    upper = head + (f"\n\n{rules}" if rules else "")
    assert card(upper) == card(re.sub(r"D(?=[0-9])", "d", upper))


def test_a_value_for_each_player_may_be_written_with_a_small_x():
    """`4x` as often as `4X`: it was an error that asked for a number after the `x` (as in
    `2d6 x 10`, which a number after the `x` still is)."""
    def health(text: str) -> ast.Amount:
        return one_card("Game: random-encounters\n\nName: A\nType: Monster\nLevel: 1\n"
                        f"Health: {text}\nStrength: 2\nDexterity: 3\nMagic: 2\n"
                        "Attacks With: Dexterity\n").value("Health")
    assert health("4x") == health("4X")
    assert (health("4x").per_player, health("4x").plus) == (True, 4)
    assert [(amount.per_player, amount.plus, amount.times)
            for amount in (health("4 x 10"), health("4x 10"))] == [
        (False, 4, 10)] * 2


# -- sentences -------------------------------------------------------------------


def test_the_three_wordings_of_an_immunity_mean_the_same():
    forms = [sentence("Immune to Mental and Poison."), sentence("Mental and Poison immunity."),
             sentence("X is immune to the Mental and Poison traits.")]
    assert [tuple(map(str, form.traits)) for form in forms] == [("Mental", "Poison")] * 3
    assert forms[0] == forms[1]
    assert forms[2].subject == ast.SelfRef(name="X", span=forms[2].span)


def test_a_power_with_a_condition_reads_the_same_with_or_without_you_may():
    power = "discard this card to add 1d4 to a combat check at another location."
    read = [one_card(f"Game: pacg\n\nName: X\nType: Weapon\n\n{text}\n").sentences[0]
            for text in (f"If you are proficient with weapons, you may {power}",
                         f"If proficient with weapons, {power}")]
    assert read[0] == read[1]
    assert isinstance(read[0], ast.Activated) and read[0].condition.kind == "proficient"


def test_a_card_summoned_may_be_named_after_its_type():
    def summoned(text: str) -> list[str]:
        return [card.name for card in sentence(f"Before you act, {text}.").effects[0].cards]
    assert summoned("summon and encounter the henchman Grask the Drowned") == [
        "Grask the Drowned"]
    assert summoned("summon and encounter the Henchman Hunter") == ["Henchman Hunter"]


def test_the_top_cards_of_a_deck_are_the_top_cards_from_it():
    assert sentence("If undefeated, discard the top 1d4+1 cards from your deck.") == \
        sentence("If undefeated, discard the top 1d4+1 cards of your deck.")


@pytest.mark.parametrize("comma", [",", ""])
def test_an_immunity_may_say_the_card_may_not_be_evaded_too(comma):
    read = sentence(f"X may not be evaded{comma} and is immune to the Mental trait.")
    assert read == ast.Immunity((ast.Word("Mental", span=None),),
                                ast.SelfRef(name="X", span=None), unevadable=True, span=None)
    # `may not be evaded, <effect>` is still an effect and the next one
    assert [type(effect).__name__ for effect in
            sentence("X may not be evaded, then banish this card.").effects] == [
        "Unevadable", "SelfAction"]


@pytest.mark.parametrize(("wording", "window"), [
    ("Before the encounter", "before_encounter"), ("Before you act", "before_encounter"),
    ("After the encounter", "after_encounter"), ("After you act", "after_encounter"),
    ("If defeated", "if_defeated"), ("If undefeated", "if_undefeated"),
    ("When encountered", "when_encountered"),
])
def test_timing_windows_and_their_printed_synonyms(wording, window):
    triggered = sentence(f"{wording}, you draw a card.")
    assert triggered.window == window


@pytest.mark.parametrize(("printed", "plain"), [
    ("Before you act, you take 1 damage.", "Before the encounter, you take 1 damage."),
    ("If undefeated, every character at this location takes 1 damage.",
     "If undefeated, each character at this location takes 1 damage."),
    ("If undefeated, return it to the top of this location deck.",
     "If undefeated, put it on the top of the location deck."),
    ("If undefeated, put it on top of your location deck.",
     "If undefeated, put it on the top of the location deck."),
    ("If defeated, immediately end your turn.", "If defeated, end your turn."),
    ("Subtract 1 from each die rolled in your check to defeat this card.",
     "Subtract 1 from each die you roll."),
    ("If undefeated, you move to a random other location.",
     "If undefeated, move to a random location."),
    ("If undefeated, move to another location.", "If undefeated, move."),
    ("Add 1d8 to attempts to defeat this card using the Fire trait.",
     "Add 1d8 to checks to defeat this card with the Fire trait."),
])
def test_synonyms_give_equal_trees(printed, plain):
    assert sentence(printed) == sentence(plain)


def test_nodes_compare_hash_and_show_as_their_dataclasses_would_spans_aside():
    """Node's own equality, hash and repr, which every kind of node shares (compiler/ast.py),
    are those the dataclass writes: fields in order, spans left out."""
    here, there = ast.Span("a.card", 1, 1, 1, 5), ast.Span("b.card", 9, 3, 9, 7)

    def damage(at: ast.Span, kind: str = "Fire") -> ast.Damage:
        return ast.Damage(ast.Target("you", span=at), ast.Amount(0, 0, 2, span=at),
                          ast.Word(kind, span=at), span=at)

    assert damage(here) == damage(there) and len({damage(here), damage(there)}) == 1
    assert damage(here) != damage(here, "Cold")
    assert ast.Target("you", span=here) != ast.Word("you", span=here)  # another kind
    assert repr(damage(here)) == (
        "Damage(target=Target(kind='you'), amount=Amount(dice=0, sides=0, plus=2, times=1, "
        "per_player=False, adventure=0), kind=Word(text='Fire'), unreducible=False)")


QUICKER_INIT = [*sorted((kind for kind in vars(ast).values() if isinstance(kind, type)
                          and issubclass(kind, ast.Node) and kind is not ast.Node),
                         key=lambda kind: kind.__name__), ast.Reading, CardFrame]


@pytest.mark.parametrize("kind", QUICKER_INIT, ids=lambda kind: kind.__name__)
def test_a_node_is_made_as_its_dataclass_would_make_it(kind):
    """`ast.quicker_init`'s __init__ (every node's) takes what the dataclass's would
    (compared with a frozen dataclass of the same fields), stores the same, and the object
    stays frozen, field by field and for any other name."""
    twin = dataclasses.make_dataclass(
        kind.__name__, [(item.name, item.type, dataclasses.field(
            default=item.default, kw_only=item.kw_only)) for item in dataclasses.fields(kind)],
        frozen=True, eq=False, repr=False)

    def parameters(init: Any) -> list[tuple[str, Any, Any]]:
        return [(item.name, item.kind, item.default)
                for item in inspect.signature(init).parameters.values()]

    values = {item.name: object() for item in dataclasses.fields(kind)}
    made = kind(**values)  # the first of its kind, in this test's process, or not
    assert parameters(kind.__init__) == parameters(twin.__init__)
    assert kind(**values).__dict__ == values
    assert vars(made) == vars(twin(**values)) == values
    for name in (*values, "not_a_field"):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, name, None)
        with pytest.raises(dataclasses.FrozenInstanceError):
            delattr(made, name)
    assert vars(made) == values


def test_a_kinds_init_is_written_by_its_first_node_and_a_kind_it_cannot_serve_fails_at_once():
    """`quicker_init` leaves a kind's __init__ to its first node (`_first_init`), which
    writes the kind's own for every node after it; a kind whose fields it cannot set (a
    default made by a factory) is refused as it is defined, not at its first node."""
    @ast.node
    class Probe(ast.Node):
        amount: int
        word: str = "none"

    assert Probe.__init__ is ast._first_init
    first = Probe(1, span=None)
    assert Probe.__init__ is not ast._first_init
    second = Probe(2, "two", span=None)
    assert (vars(first), vars(second)) == ({"amount": 1, "word": "none", "span": None},
                                           {"amount": 2, "word": "two", "span": None})
    with pytest.raises(TypeError, match="Listed: a node's fields are plain"):
        @ast.node
        class Listed(ast.Node):
            words: list[str] = dataclasses.field(default_factory=list)


@pytest.mark.parametrize(("text", "expected"), [
    ("If undefeated, each character at this location takes 1d4+1 Fire damage.",
     ast.Damage(ast.Target("each_character_at_location", span=None),
                ast.Amount(1, 4, 1, span=None), ast.Word("Fire", span=None), span=None)),
    ("If undefeated, you are dealt 2 damage.",
     ast.Damage(ast.Target("you", span=None), ast.Amount(0, 0, 2, span=None), None, span=None)),
    ("If undefeated, deal 1 Cold damage to the turn character.",
     ast.Damage(ast.Target("turn_character", span=None), ast.Amount(0, 0, 1, span=None),
                ast.Word("Cold", span=None), span=None)),
    ("If undefeated, summon and encounter a Goblin Raider and a Bandit.",
     ast.Summon(ast.Target("you", span=None),
                (ast.CardRef("Goblin Raider", span=None), ast.CardRef("Bandit", span=None)),
                span=None)),
    ("If undefeated, shuffle this card into the location deck.",
     ast.MoveSelf("shuffle", ast.SelfRef(noun="card", span=None), span=None)),
    ("If undefeated, put it on the top of the location deck.",
     ast.MoveSelf("top", ast.SelfRef(span=None), span=None)),
    ("If undefeated, banish this card.",
     ast.SelfAction("banish", ast.SelfRef(noun="card", span=None), span=None)),
    ("If undefeated, each other character discards a random card.",
     ast.CardAction(ast.Target("each_other_character", span=None), "discard",
                    ast.Amount(0, 0, 1, span=None), True, span=None)),
    ("If undefeated, a random character at this location buries 2 cards.",
     ast.CardAction(ast.Target("random_character_at_location", span=None), "bury",
                    ast.Amount(0, 0, 2, span=None), False, span=None)),
    ("If undefeated, the party draws a card.",
     ast.Draw(ast.Target("party", span=None), ast.Amount(0, 0, 1, span=None), span=None)),
    ("If undefeated, temporarily close this location.",
     ast.CloseLocation("temporarily_close", span=None)),
])
def test_bane_effects(text, expected):
    (effect,) = sentence(text).effects
    assert effect == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("Discard this card to evade a Monster or Barrier.",
     ast.Evade(ast.Selector((ast.Word("Monster", span=None), ast.Word("Barrier", span=None)),
                            span=None), span=None)),
    ("Discard this card to evade a bane with the Undead trait.",
     ast.Evade(ast.Selector((ast.Word("bane", span=None),), (ast.Word("Undead", span=None),),
                            span=None), span=None)),
    ("Discard this card to let another character evade a Barrier.",
     ast.Evade(ast.Selector((ast.Word("Barrier", span=None),), span=None),
               ast.Target("another_character", span=None), span=None)),
    ("Reveal this card to reduce Fire or Cold damage dealt to you by 2.",
     ast.ReduceDamage((ast.Word("Fire", span=None), ast.Word("Cold", span=None)),
                      ast.Amount(0, 0, 2, span=None), span=None)),
    ("Discard this card to reduce all damage dealt to you to 0.",
     ast.ReduceDamage((), None, span=None)),
    ("Recharge this card to add 1d6 to your Combat check.",
     ast.AddToCheck(ast.Amount(1, 6, 0, span=None),
                    ast.WhichChecks("yours", (ast.Word("Combat", span=None),), span=None),
                    span=None)),
    ("Recharge this card to add 2 to any check.",
     ast.AddToCheck(ast.Amount(0, 0, 2, span=None), ast.WhichChecks("any", span=None),
                    span=None)),
    ("Recharge this card to add 1d4 to your noncombat Dexterity or Charisma check.",
     ast.AddToCheck(ast.Amount(1, 4, 0, span=None),
                    ast.WhichChecks("yours", (ast.Word("noncombat Dexterity", span=None),
                                              ast.Word("Charisma", span=None)), span=None),
                    span=None)),
    ("Discard this card to add 2 dice to any check to defeat a barrier or henchman.",
     ast.AddDice(ast.Amount(0, 0, 2, span=None),
                 ast.WhichChecks("any", (), "defeat", (ast.Word("barrier", span=None),
                                                       ast.Word("henchman", span=None)),
                                 span=None), span=None)),
])
def test_powers(text, expected):
    card = one_card(f"Game: pacg\n\nName: X\nType: Spell\n\n{text}\n")
    (power,) = card.sentences
    assert isinstance(power, ast.Activated)
    assert power.effects == (expected,)


@pytest.mark.parametrize("cost", ["Reveal", "Display", "Recharge", "Discard", "Bury", "Banish"])
def test_every_cost(cost):
    card = one_card(f"Game: pacg\n\nName: X\nType: Item\n\n{cost} this card to draw a card.\n")
    assert card.sentences[0].cost == cost.lower()


def test_a_check_or_else_effect_falls_on_each_target_that_fails():
    (effect,) = sentence("Before the encounter, each character must succeed at a Dexterity or "
                         "Acrobatics 9 check or take 1d4 Fire damage.").effects
    assert isinstance(effect, ast.CheckOrElse)
    assert effect.target.kind == "each_character"
    assert [s.text for s in effect.check.options[0].skills] == ["Dexterity", "Acrobatics"]
    assert effect.otherwise == (ast.Damage(ast.Target("you", span=None),
                                           ast.Amount(1, 4, 0, span=None),
                                           ast.Word("Fire", span=None), span=None),)


def test_effects_follow_each_other_with_then():
    triggered = sentence("If undefeated, you bury a card, then shuffle this card into the "
                         "location deck; each character draws a card.")
    assert [type(effect).__name__ for effect in triggered.effects] == [
        "CardAction", "MoveSelf", "Draw"]


def test_and_before_a_verb_joins_effects_and_elsewhere_lists_what_one_effect_names():
    joined = sentence("If undefeated, move to a random location and discard the top card of "
                      "your deck, and then each character draws a card.")
    assert [type(effect).__name__ for effect in joined.effects] == ["Move", "CardAction", "Draw"]
    (summon,) = sentence("Before the encounter, summon and encounter a Bandit and a "
                         "Goblin.").effects
    assert [card.name for card in summon.cards] == ["Bandit", "Goblin"]
    power = sentence("Recharge this card and discard a spell to add 1 to your check.")
    assert isinstance(power, ast.Activated) and power.also is not None


def test_who_may_not_play_after_and_is_whom_the_effect_before_falls_on():
    """`Characters who fail bury all allies and may not play cards`: those who fail; alone,
    `may not play` is `you`."""
    bury, forbid = sentence("Characters who fail bury all allies and may not play cards.").effects
    assert bury.target.kind == forbid.who.kind == "characters_who_failed"
    assert sentence("Before the encounter, draw a card and may not play spells.") == sentence(
        "Before the encounter, draw a card and you may not play spells.")


@pytest.mark.parametrize(("printed", "same_as"), [
    ("If undefeated, bury all allies in your discard pile.",
     "If undefeated, bury any allies from your discard pile."),
    ("If undefeated, discard 1d4 cards from your deck.",
     "If undefeated, discard the top 1d4 cards of your deck."),
    ("If the check to defeat does not have either the Fire trait or the Acid trait, X is "
     "undefeated.", "If the check to defeat does not have the Fire or Acid trait, X is "
     "undefeated."),
    ("If the check to defeat has either the Cold or Fire trait, X is undefeated.",
     "If the check to defeat has the Cold or Fire trait, X is undefeated."),
    ("If undefeated, X does not deal damage; instead, each character at this location buries "
     "a card of her choice from her hand.", "If undefeated, X deals no damage; instead, each "
     "character at this location buries a card."),
    ("If undefeated, bury a blessing, or bury your entire hand if you have no blessings.",
     "If undefeated, if you have no blessings, bury your hand; otherwise, bury a blessing."),
    ("Before the encounter, X deals 1 Cold damage to a character of your choice at this "
     "location.", "Before the encounter, X deals 1 Cold damage to a character at this "
     "location."),
    ("If undefeated, X deals you 2 damage.", "If undefeated, X deals 2 damage to you."),
    ("If there are no other characters at your location, X is undefeated.",
     "If you are the only character at your location, X is undefeated."),
    ("When you encounter this card, draw a card.", "When encountered, draw a card."),
    ("The difficulty of checks to defeat X with the Attack or Ranged traits is increased by 2.",
     "If the check to defeat has the Attack or Ranged trait, the difficulty to defeat is "
     "increased by 2."),
    ("If your check has the Piercing trait, increase the difficulty to defeat by 4.",
     "If the check to defeat has the Piercing trait, the difficulty to defeat is increased by "
     "4."),
    ("If the check to defeat does not have the Fire trait, its difficulty is increased by 3.",
     "If the check to defeat does not have the Fire trait, the difficulty to defeat is "
     "increased by 3."),
    ("All damage from X is Fire damage.", "All damage dealt by X is Fire damage."),
    ("Before the encounter, each character must then succeed at a Combat check of 8 plus "
     "the scenario's adventure deck number or take 1 damage.",
     "Before the encounter, each character must succeed at a Combat check with a difficulty "
     "of 8 plus the scenario's adventure deck number or take 1 damage."),
    ("If undefeated, put X on top.", "If undefeated, put X on the top of the location deck."),
    ("If defeated, examine the top card of the location deck and return it to either the top "
     "or bottom of the deck.", "If defeated, examine the top card of the location deck and "
     "put it on either the top or bottom of the deck."),
    ("If undefeated, shuffle it into the deck it came from.",
     "If undefeated, shuffle it into the location deck."),
    ("If undefeated, shuffle a barrier into your location deck.",
     "If undefeated, shuffle a barrier from the box into the location deck."),
    ("Before the encounter, each character summons and encounters a monster from the box.",
     "Before the encounter, each character summons and encounters a random monster."),
    ("Before the encounter, you cannot play spells.",
     "Before the encounter, you may not play spells."),
    ("During this encounter, other characters may not play cards or use powers.",
     "Each other character may not play cards or use powers during this encounter."),
    ("If undefeated, the X is evaded.", "If undefeated, evade this card."),
    ("If defeated, search your deck and choose an item to add to your hand.",
     "If defeated, search your deck for an item and put it in your hand."),
    ("If undefeated, discard any armors or weapons.",
     "If undefeated, discard any armors or weapons from your hand."),
    ("If defeated, examine the top card of any location deck.",
     "If defeated, examine the top card of a location deck."),
    ("If undefeated, bury an ally, or if you have no allies, bury your hand.",
     "If undefeated, if you have no allies, bury your hand; otherwise, bury an ally."),
    ("If the X is undefeated, she is evaded.", "If X is undefeated, evade this card."),
    ("After acting, draw a card.", "After the encounter, draw a card."),
    ("Before you act, the difficulty to defeat is increased by the number of allies in your "
     "hand.", "Before the encounter, the difficulty to defeat is increased by the number of "
     "allies in your hand."),
    ("Bury this card to draw 1 random Human ally from the box and add it to your hand.",
     "Bury this card to draw 1 random ally with the Human trait from the box."),
    ("If defeated, draw a random weapon, item, armor or spell from the box.",
     "If defeated, draw a random weapon or item or armor or spell from the box."),
    ("If you succeed at the check, draw a card.", "If you succeed, draw a card."),
    ("Before the encounter, choose a character at your location; that character summons and "
     "encounters a random monster.", "Before the encounter, a character at this location "
     "summons and encounters a random monster."),
    ("Banish this card to move to another location and explore it.",
     "Banish this card to move, then explore your location."),
    ("For your combat check, reveal this card to roll your Strength or Melee skill + 1d8+1 and "
     "add the Cold trait.", "For your combat check, reveal this card to roll your Strength or "
     "Melee die + 1d8+1 with the Cold trait."),
    ("For your combat check, reveal this card to roll your Melee die + 1d6; you may instead "
     "discard this card to add another 1d4.", "For your combat check, reveal this card to roll "
     "your Melee die + 1d6; you may additionally discard this card to add another 1d4."),
    ("Characters may not play cards that have the Animal trait.",
     "Each character may not play cards with the Animal trait."),
    ("If you are proficient with weapons, the difficulty of the check is increased by 4.",
     "If you are proficient with weapons, the difficulty of this check is increased by 4."),
    ("Bury this card to add 1d8 to any combat check by a character at your location.",
     "Bury this card to add 1d8 to any combat check at your location."),
    ("Before the encounter, you may not play Attack spells.",
     "Before the encounter, you may not play spells with the Attack trait."),
    ("You may play this card even if you have played another spell on this check.",
     "You may play another spell on this check."),
    ("When you play this weapon, draw a card.", "After playing this card, draw a card."),
    ("If you defeat a monster while playing this weapon, draw a card.",
     "If the check is against a monster, if you would succeed at the check, draw a card."),
    ("If the check to defeat does not include the Attack trait, after you act, X deals 2 "
     "Combat damage to you.", "If the check to defeat does not have the Attack trait, after "
     "the encounter, you take 2 Combat damage."),
    ("If you are the only character at your location, if defeated by 5 or more, draw a card.",
     "If defeated and the check to defeat succeeded by 5 or more, if you are the only "
     "character at this location, draw a card."),
    ("The X may not be evaded; it is immune to the Fire and Poison traits.",
     "X may not be evaded and is immune to the Fire and Poison traits."),
    ("X is immune to the Fire and Poison traits and cannot be evaded.",
     "X may not be evaded and is immune to the Fire and Poison traits."),
    ("If defeated by a non-combat check, draw a card.",
     "If defeated and the check to defeat was a non-combat check, draw a card."),
    ("If defeated by succeeding at a non-combat check, draw a card.",
     "If defeated and the check to defeat was a non-combat check, draw a card."),
    ("If X is defeated by 8 or more, draw a card.",
     "If X is defeated and the check to defeat succeeded by 8 or more, draw a card."),
    ("If the difficulty of the check to defeat is exceeded by 7 or more, X is evaded.",
     "If defeated and the check to defeat succeeded by 7 or more, evade this card."),
    ("If your check to defeat X fails by 3 or more, discard a card.",
     "If undefeated and the check to defeat failed by 3 or more, discard a card."),
    ("If you fail the check to defeat by 3 or more, discard a card.",
     "If undefeated and the check to defeat failed by 3 or more, discard a card."),
    ("If undefeated and the check to defeat had the Acid, Cold, or Fire trait, draw a card.",
     "If undefeated and the check to defeat has the Acid, Cold or Fire trait, draw a card."),
    ("If you fail, discard 1d4 cards, then bury any allies in your discard pile.",
     "If you fail, discard 1d4 cards; if you fail, bury any allies in your discard pile."),
    ("Before the encounter, succeed at a Dexterity 8 check or take 1 damage and 1 Cold damage.",
     "Before the encounter, succeed at a Dexterity 8 check or take 1 damage and take 1 Cold "
     "damage."),
    ("If undefeated, you are dealt 1 damage, then 1 Poison damage.",
     "If undefeated, you are dealt 1 damage, then you are dealt 1 Poison damage."),
    ("If you do not defeat X by at least 4, shuffle it into the deck it came from; X still "
     "counts as defeated.", "If the check to defeat did not succeed by 4 or more, after the "
     "encounter, shuffle it into the location deck."),
    ("The first time in this scenario that anyone would defeat X, he is undefeated.",
     "The first time in this scenario that anyone would defeat X, X is undefeated."),
    ("If X would be defeated, she is undefeated.", "If X would be defeated, it is undefeated."),
    ("If any d6 rolled for this weapon is a 1, count it as a 3.",
     "If any d6 rolled on this check is a 1, count it as 3."),
    ("If undefeated, move each character at this location to a random other location.",
     "If undefeated, each character at this location moves to a random location."),
    ("When you examine this card, shuffle X back into the location deck she came from.",
     "When you examine this card, shuffle X into the location deck."),
    ("Recharge this card to add 1 to your check to recharge a card that has the Magic trait.",
     "Recharge this card to add 1 to your check to recharge a card with the Magic trait."),
    ("Reveal this card to add 1 to your check to defeat a barrier with either the Lock or "
     "Obstacle trait.", "Reveal this card to add 1 to your check to defeat a barrier with the "
     "Lock or Obstacle trait."),
    ("Before you act, either banish an ally or a blessing, or discard your hand.",
     "Before the encounter, either banish an ally or blessing or discard your hand."),
    ("If undefeated, bury the top and the bottom cards of your deck.",
     "If undefeated, bury the top and bottom cards of your deck."),
    ("If undefeated, summon and encounter the story bane Bandit.",
     "If undefeated, summon and encounter the Bandit."),
    ("Reveal this card to add 1 to your check; if it is a combat check, also add the Fire "
     "trait.", "Reveal this card to add 1 to your check; if the check is a combat check, add "
     "the Fire trait to your check."),
    ("Bury this card to use your Arcane skill instead of any listed skill for your non-combat "
     "check.", "Bury this card to roll your Arcane die for your non-combat check."),
    ("Recharge this card to use Strength or Melee in place of the normal skill in a check to "
     "defeat a barrier.", "Recharge this card to roll your Strength or Melee die for any check "
     "to defeat a barrier."),
    ("Discard this card to evade a monster; put it on either the top or bottom of the "
     "location deck.", "Discard this card to evade a monster, then put it on either the top or "
     "the bottom of the location deck."),
    ("Before acting, a random local character suffers 1 Fire damage.",
     "Before the encounter, a random character at this location takes 1 Fire damage."),
    ("If undefeated, each local character suffers 1d4 damage.",
     "If undefeated, each character at this location takes 1d4 damage."),
    ("If undefeated, a local character takes 1 damage.",
     "If undefeated, a character at this location takes 1 damage."),
    ("Discard this card to add 1d4 with the Fire trait to a combat check using a weapon.",
     "Discard this card to add 1d4 with the Fire trait to any combat check using a weapon."),
    ("Discard this card to add 2 dice to a check if a spell was played during that check.",
     "Discard this card to add 2 dice to any check using a spell."),
    ("If this check is against the villain Karzoug, banish this card.",
     "If the check is against the Karzoug, banish this card."),
    ("If undefeated, move to a random open location and shuffle it into that deck.",
     "If undefeated, move to a random open location and shuffle it into your location deck."),
    ("Banish this card to examine your location deck, then shuffle the location deck.",
     "Banish this card to examine the location deck and then shuffle it."),
    ("If you encounter this card, you automatically acquire it.",
     "When you encounter this card, you automatically acquire this card."),
    ("For your combat check, reveal this card to add 1d6; you may additionally discard a card "
     "to add another 1d6.",
     "For your combat check, reveal this card to add 1d6; you may discard a card to add "
     "another 1d6."),
    ("Reveal this card to add 1d6 to your combat check, or your check to acquire an ally.",
     "Reveal this card to add 1d6 to your combat check or to your check to acquire an ally."),
    ("If undefeated, you must discard every card with the Magic or Divine trait in your hand.",
     "If undefeated, discard any card with the Magic or Divine trait from your hand."),
    ("Reveal this card to add 1 die to your Strength check or check to defeat a barrier.",
     "Reveal this card to add 1 die to your Strength check or to your check to defeat a "
     "barrier."),
    ("Reveal this card to add 1d4; you may additionally discard this card to add another die.",
     "Reveal this card to add 1d4; you may additionally discard this card to add another 1 "
     "die."),
    ("Banish this card to add 3 random Divine spells from the box to your hand.",
     "Banish this card to add 3 random spells with the Divine trait from the box to your hand."),
    ("If you fail to acquire this card, discard a weapon or item.",
     "If you do not acquire this card, discard a weapon or item."),
    ("Discard this card to decrease the difficulty of a combat check by 3.",
     "Discard this card to add 3 to a combat check."),
    ("The damage dealt by the Troll is increased by 2.",
     "Damage dealt by the Troll is increased by 2."),
    ("If the Ogre had the Giant trait, draw a card.",
     "If this card has the Giant trait, draw a card."),
    ("If undefeated, roll 1d6; on a 1, 2, or 3, draw a card.",
     "If undefeated, roll 1d6; on a 1, 2 or 3, draw a card."),
    ("Banish this card to explore your location, adding 2 to any combat checks made during "
     "this exploration.",
     "Banish this card to explore your location; add 2 to any combat checks during this "
     "exploration."),
    ("If there are other characters at this location, draw a card.",
     "If you are not the only character at your location, draw a card."),
    ("Place this card on top of your deck to examine the bottom 2 cards of a location deck.",
     "Put this card on the top of your deck to examine the bottom 2 cards of any location "
     "deck."),
    ("Before the encounter, examine the top card of the Blessings discard pile.",
     "Before the encounter, examine the top card of the blessings discard pile."),
    ("If you succeed at an Arcane 6 check, recharge this card instead of discarding it.",
     "Succeed at an Arcane 6 check to recharge this card instead of discarding it."),
    ("For your combat check, reveal this card to roll your Dexterity or Ranged + 1d4+2.",
     "For your combat check, reveal this card to roll your Dexterity or Ranged die + 1d4+2."),
    ("If undefeated, bury 1d4 blessings from your hand and/or discard pile.",
     "If undefeated, bury 1d4 blessings from your hand or discard pile."),
    ("If undefeated, the Ogre deals an amount of Cold damage to you equal to the difference "
     "between its difficulty to defeat and your result.",
     "If undefeated, all damage dealt by the Ogre is Cold damage."),
    ("If defeated, if you succeed at a Charisma 5 check, draw a card.",
     "If defeated, succeed at a Charisma 5 check to draw a card."),
    ("After you act, if your check to defeat the Ogre uses the Melee trait, draw a card.",
     "After you act, if your check to defeat the Ogre has the Melee trait, draw a card."),
    ("Before you act, the difficulty to defeat is increased by 4 until the end of the "
     "encounter.", "Before you act, the difficulty to defeat is increased by 4."),
    ("If undefeated, bury 2 allies and/or blessings.",
     "If undefeated, bury 2 allies or blessings."),
    ("Recharge this card to shuffle an ally from a character's discard pile into his deck.",
     "Recharge this card and choose a character to shuffle an ally from his discard pile into "
     "his deck."),
    ("You may not use this power during an encounter.",
     "You may not play this card during an encounter."),
    ("You may not play this ally during an encounter.",
     "You may not play this card during an encounter."),
    ("For each blessing played in a check against the Ogre, the difficulty of the check is "
     "increased by 2.",
     "For each blessing played on the check, the difficulty of this check is increased by 2."),
    ("Increase the difficulty by 3 if you have the Divine skill.",
     "If you have the Divine skill, increase the difficulty by 3."),
    ("Draw a card if you do not have either the Arcane or Divine skill.",
     "If you do not have either the Arcane or Divine skill, draw a card."),
    ("Discard this card to choose a character at your location to evade a monster he "
     "encounters; put that monster on top of its location deck.",
     "Discard this card and choose a character at your location to evade a monster; put it on "
     "the top of the location deck."),
    ("If undefeated, put this card under the top card (if any) of the location deck.",
     "If undefeated, put this card under the top card of the location deck."),
    ("When you examine this card or before you act, you take 1 Fire damage.",
     "When you examine this card, or before the encounter, you take 1 Fire damage."),
    ("Before or after the encounter, you take 1 Fire damage.",
     "Before the encounter, or after the encounter, you take 1 Fire damage."),
    ("When you examine or defeat this card, you take 1 Fire damage.",
     "When you examine this card, or if defeated, you take 1 Fire damage."),
    ("Before and after you act, you take 1 Fire damage.",
     "Before the encounter, or after the encounter, you take 1 Fire damage."),
    ("Before the encounter, you take 1d4 + 1 Fire damage.",
     "Before the encounter, you take 1d4+1 Fire damage."),
    ("If undefeated you take 2 Cold damage.", "If undefeated, you take 2 Cold damage."),
    ("Before the encounter the Ogre deals 1 damage to the turn character.",
     "Before the encounter, the Ogre deals 1 damage to the turn character."),
    ("If the check to defeat has the Melee trait, after the encounter you take 1 Fire damage.",
     "If the check to defeat has the Melee trait, after the encounter, you take 1 Fire "
     "damage."),
    ("Display.", "Display this card."),
    ("If you play a weapon on your check to defeat and fail that check, bury the weapon.",
     "If you play a weapon on your check to defeat and fail that check, bury it."),
    ("If you play a boon that has the Divine trait, banish it.",
     "If you play a boon with the Divine trait, banish it."),
    ("During this exploration, add 1d6 to your checks against monsters.",
     "Add 1d6 to your check against monsters during this exploration."),
    ("If either monster is not defeated, this barrier is evaded.",
     "If any summoned monster is not defeated, this barrier is evaded."),
    ("If both summoned monsters are defeated, this barrier is defeated.",
     "If you defeat the monsters, this barrier is defeated."),
    ("If that henchman is not defeated, this barrier is evaded.",
     "If it is not defeated, this barrier is evaded."),
    ("Shuffle the remaining cards into the deck, then put the cards you set aside together in "
     "any order at either the top or the bottom of the deck.",
     "Return the remaining cards to the deck, shuffle it, then put the cards you set aside "
     "together at either the top or bottom of the deck."),
    ("On the check to defeat, if you do not have the Stealth skill, subtract 2 from each die.",
     "If you do not have the Stealth skill, subtract 2 from each die."),
    ("If a check to defeat does not have the Mythic trait, the difficulty is increased by 10.",
     "If the check to defeat does not have the Mythic trait, the difficulty is increased by 10."),
    ("Each character who fails a check to defeat must attempt a Combat 13 check.",
     "Characters who fail attempt a Combat 13 check."),
    ("If any character fails both checks, this card is undefeated; otherwise, it is defeated.",
     "If any character fails, this card is undefeated; otherwise, defeat this card."),
    ("Recharge this card to explore your location, adding 2 to checks to defeat banes during "
     "this exploration.", "Recharge this card to explore your location, adding 2 to any checks "
     "to defeat banes during this exploration."),
    ("Each character that succeeds is dealt 2 Acid damage; each character that fails is dealt "
     "1d4+1 Acid damage.", "Characters who succeed are dealt 2 Acid damage; characters who "
     "fail are dealt 1d4+1 Acid damage."),
    ("If undefeated, suffer the scourges Dazed, Poisoned, and Wounded.",
     "If undefeated, suffer the scourge Dazed, then suffer the scourge Poisoned, then suffer "
     "the scourge Wounded."),
    ("If undefeated, leave this barrier faceup on the location deck.",
     "If undefeated, put this barrier on top of the location deck."),
    ("If defeated, you may automatically close the location this henchman came from.",
     "If defeated, you may close the location this henchman came from."),
    ("When examined, you may attempt a Knowledge 5 check to encounter this card.",
     "When you examine this card, you may succeed at a Knowledge 5 check to encounter this "
     "card."),
    ("Before the encounter, characters at this location are dealt 1 Fire damage.",
     "Before the encounter, each character at this location is dealt 1 Fire damage."),
    ("If you fail a check to defeat X, bury a card.", "If X is undefeated, bury a card."),
    ("If you fail the check to defeat X, bury a card.", "If X is undefeated, bury a card."),
    ("Bury a card from your discards.", "Bury a card from your discard pile."),
    ("Succeed at an Arcane 6 check to recharge this card instead of discarding this card.",
     "Succeed at an Arcane 6 check to recharge this card instead of discarding it."),
    ("Recharge this card instead of discarding or burying this card.",
     "Recharge this card instead of discarding or burying it."),
    ("Characters at this location encounter this barrier as their first exploration each "
     "turn, and may not move or be moved until X is defeated.",
     "Each character at this location encounters this card as her exploration, and may not "
     "move or be moved while this card is faceup on the location deck."),
    ("Before you encounter X, draw a card.", "When you encounter X, draw a card."),
    ("Take the higher result.", "You must take the higher result."),
    ("Bury this card on your turn to examine the top card of your location deck.",
     "During your turn, bury this card to examine the top card of your location deck."),
    ("Discard this card to add 1d4 to your combat check, or 1d8 if the check is against a bane "
     "with the Undead trait.", "Discard this card to add 1d4 to your combat check, or 1d8 "
     "against a bane with the Undead trait."),
    ("Recharge this card to let each character at your location draw a card.",
     "Recharge this card to allow each character at this location to draw a card."),
    ("If you succeed at the check to defeat the Closet, summon and encounter the Raider.",
     "If the Closet is defeated, summon and encounter the Raider."),
    ("If you do not defeat the Raider, the Closet is undefeated.",
     "If any character does not defeat the Raider, the Closet is undefeated."),
    ("Reveal this card to add 1d6 to your combat check; you may additionally discard one other "
     "card from your hand to add another 1d10.",
     "Reveal this card to add 1d6 to your combat check; you may additionally discard a card "
     "from your hand to add another 1d10."),
    ("While displayed, that character's checks using her Strength skill are increased by 3.",
     "While displayed, add 3 to your Strength checks."),
    ("While displayed, you may recharge this card to reduce Combat damage dealt to you by 1.",
     "While displayed, recharge this card to reduce Combat damage dealt to you by 1."),
    ("Recharge this card to add the adventure deck number of the current scenario to your "
     "check.", "Recharge this card to add the scenario's adventure deck number to your check."),
    ("Discard this card to move to another location at the end of your turn.",
     "At the end of your turn, discard this card to move to another location."),
    ("Place this card in front of you when a character encounters a bane.",
     "Display this card when a character encounters a bane."),
    ("Discard this card at the end of this turn, and every other character takes 1 Cold "
     "damage.",
     "At the end of the turn, discard this card, then each other character takes 1 Cold "
     "damage."),
    ("If undefeated, return the Troll faceup to the top of this location deck.",
     "If undefeated, return the Troll to the top of this location deck."),
    ("On your Constitution or Fortitude check to defeat, draw a card.",
     "If the check is a Constitution or Fortitude check, draw a card."),
    ("Before you act, randomly choose an occupied location.",
     "Before the encounter, randomly select an occupied location."),
    ("If the check to defeat is either not blessed or does not have the Magic trait, this "
     "monster is undefeated.",
     "If the check to defeat is not blessed, or if the check to defeat does not have the Magic "
     "trait, this monster is undefeated."),
    ("When you discard cards as damage,discard them from the top of your deck.",
     "When you discard cards as damage, discard them from the top of your deck."),
    ("Recharge this card to examine the top 3 cards of any character deck.",
     "Recharge this card to examine the top 3 cards of a character deck."),
    ("If undefeated, you may bury an ally; if you do, draw a card.",
     "If undefeated, you may bury an ally to draw a card."),
    ("Then, the difficulty to defeat is increased by another 1d4.",
     "Then, the difficulty to defeat is increased by 1d4."),
    ("If undefeated, recharge all of your allies and blessings.",
     "If undefeated, recharge any allies or blessings from your hand."),
])
def test_printed_wordings_that_mean_what_another_says(printed, same_as):
    assert sentence(printed) == sentence(same_as)


def test_a_sentence_that_begins_with_instead_goes_on_with_the_one_before():
    card = one_card("Game: pacg\n\nName: X\nType: Villain\nCheck: Combat 1\n\n"
                    "If undefeated, X does not deal damage.\nInstead, bury a card.\n")
    _, second = card.sentences
    assert isinstance(second, ast.Continuation)
    assert second.effects == sentence("Then, bury a card.").effects


def test_an_effect_joined_by_and_with_no_subject_falls_on_whom_the_one_before_does():
    damage, discard = sentence("If undefeated, each character who fails is dealt 1 Combat "
                               "damage and discards a card.").effects
    assert damage.target.kind == discard.target.kind == "characters_who_failed"
    combat, cold = sentence("If undefeated, characters who fail are dealt 1 Combat damage and "
                            "1 Cold damage.").effects
    assert (combat.target.kind, cold.target.kind, cold.kind.text) == (
        "characters_who_failed", "characters_who_failed", "Cold")
    move, discard = sentence("If undefeated, each character moves to a random location and "
                             "you discard a card.").effects
    assert (move.target.kind, discard.target.kind) == ("each_character", "you")


def test_damage_a_bane_deals_may_go_to_others_and_be_unreducible_at_once():
    (rule,) = sentence("Damage dealt by X is dealt to each character at this location, and may "
                       "not be reduced.").effects
    assert (rule.to.kind, rule.unreducible) == ("each_character_at_location", True)


@pytest.mark.parametrize(("printed", "same_as"), [
    ("Discard this card to add 2 dice to a Dexterity-based combat check.",
     "Discard this card to add 2 dice to a Dexterity combat check."),
    ("Recharge this card to add 1 to a combat check at your location.",
     "Recharge this card to add 1 to a combat check attempted by a character at your "
     "location."),
    ("Recharge this card to add 1 to a combat check made by another character at your "
     "location.", "Recharge this card to add 1 to another character's combat check."),
    ("Bury this card to decrease the difficulty of a combat check by 2d4, or 1d4+4 if you "
     "have the Arcane skill.", "Bury this card to add 2d4 to any combat check, or 1d4+4 if "
     "you have the Arcane skill."),
    ("Recharge this card to add the top 2 cards of your deck to your hand.",
     "Recharge this card to draw 2 cards."),
    ("Recharge this card to add the top card of your deck to your hand.",
     "Recharge this card to draw a card."),
    ("Shuffle 2 random cards from his discard pile into his deck and 1 random card from your "
     "discard pile into your deck.", "Shuffle 2 random cards from your discard pile into your "
     "deck, and 1 random card from your own discard pile into your deck."),
])
def test_printed_powers_that_mean_what_another_says(printed, same_as):
    card = one_card(f"Game: pacg\n\nName: X\nType: Item\n\n{printed}\n{same_as}\n")
    first, second = (sentence.effects for sentence in card.sentences)
    assert first == second


def test_a_window_may_name_the_card_whose_outcome_it_is():
    named = sentence("If X is undefeated, draw a card.")
    assert (named.window, named.card.name) == ("if_undefeated", "X")
    assert named.effects == sentence("If undefeated, draw a card.").effects


def test_the_character_a_power_chose_is_one_at_the_location_for_a_reduction():
    """`choose a character at your location. Reduce ... damage dealt to that character`: the
    holder picks, as the damage comes, the one whose damage it reduces."""
    card = one_card("Game: pacg\n\nName: X\nType: Item\n\nBanish this card and choose a "
                    "character at your location. Reduce Fire damage dealt to that character "
                    "by 4.\nReduce Fire damage dealt to a character at your location by 4.\n")
    _, that_character, at_location = card.sentences
    assert that_character.effects == at_location.effects


def test_what_and_adds_to_a_condition_is_under_it_too():
    """`if you fail, bury 1d6 cards and reset your hand`: both on the failure, and the sentence
    is still one of conditions alone, going on with the check before it."""
    said = sentence("If you succeed, bury a card; if you fail, bury 1d6 cards and reset your "
                    "hand.")
    assert [(effect.condition.kind, type(effect.then).__name__) for effect in said.effects] == [
        ("succeeded", "CardAction"), ("failed", "CardAction"), ("failed", "TurnAction")]
    assert said.continues


@pytest.mark.parametrize("joined, under_the_condition", [
    ("If you fail, bury 1d6 cards, then reset your hand.", True),
    ("If you fail, bury 1d6 cards then reset your hand.", True),
    ("If you fail, bury 1d6 cards; reset your hand.", True),
    ("If you fail, bury 1d6 cards; then reset your hand.", False),
])
def test_then_and_a_semicolon_go_on_under_a_condition_and_semicolon_then_does_not(
        joined, under_the_condition):
    """(docs/rulings.md) `, then` and a semicolon alone go on within the conditional's
    clause; `; then` ends it."""
    said = sentence(joined)
    reset = said.effects[-1]
    assert isinstance(reset, ast.Conditional) is under_the_condition
    assert said.continues is under_the_condition


@pytest.mark.parametrize("joined", ["and 1 Cold damage", ", then 1 Cold damage",
                                    "then be dealt 1 Cold damage"])
def test_damage_that_and_or_then_adds_after_or_is_dealt_on_the_failure_too(joined):
    """`... or take 1 damage and 1 Cold damage` (or `, then 1 Cold damage`, or `then be
    dealt 1 Cold damage`): both on the failure, to whom the failure's effect falls on; then
    was read as damage to the encountering character, whatever the check."""
    said = sentence(f"Before the encounter, succeed at a Dexterity 8 check or take 1 damage "
                    f"{joined}.")
    (check,) = said.effects
    assert [(effect.target.kind, effect.kind and effect.kind.text)
            for effect in check.otherwise] == [("you", None), ("you", "Cold")]


def test_damage_that_then_adds_after_each_characters_check_falls_on_each_who_fails():
    """`each other character ... must succeed at ... or move to a random location then be
    dealt 1 damage`: the damage is the failure's, on each character who fails, not the
    encountering character's."""
    said = sentence("Before the encounter, each other character at this location must succeed "
                    "at a Strength 7 check or move to a random location then be dealt 1 Ranged "
                    "Combat damage.")
    (check,) = said.effects
    assert isinstance(check, ast.CheckOrElse)
    assert [type(effect).__name__ for effect in check.otherwise] == ["Move", "Damage"]


def test_keywords_stand_alone_as_sentences_and_their_order_means_nothing():
    assert sentence("Swift, Overpower.") == sentence("Overpower, Swift.") == ast.Keywords(
        (ast.Word("Overpower", span=None), ast.Word("Swift", span=None)), span=None)


# -- what a designer is told ------------------------------------------------------


def test_an_unknown_sentence_is_quoted_and_its_first_unreadable_word_pointed_at():
    result = parse("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\n"
                   "Each character dances wildly.\n")
    (diagnostic,) = result.diagnostics
    assert diagnostic.code == "CW110"
    assert '"Each character dances wildly."' in diagnostic.message
    assert "'dances'" in diagnostic.message
    assert (diagnostic.span.line, diagnostic.span.col, diagnostic.span.end_col) == (7, 16, 22)
    assert "'discards'" in diagnostic.hint


@pytest.mark.parametrize(("sentence", "named"), [
    ("Befor the encounter, you take 1 Fire damage.", "'Befor' may be 'Before'; expected "),
    ("If undefeated, discrad a card.", "'discrad' may be 'discard'; expected "),
    ("Recharge this card to add 2 to your Wisdom ckeck.", "'ckeck' may be 'check'; expected "),
    ("If undefeated, the difficulty to defeat is incrased by 2.", "'incrased' may be "),
    # `sight` is near `light`, and the sentence reads with neither: no guess.
    ("Before the encounter, each character in sight takes 1 damage.", "expected "),
])
def test_a_misspelt_word_is_named_when_the_sentence_reads_with_a_near_one(sentence, named):
    """The words expected where the reading stopped do not show a typo before it (`Befor`
    reads as a name until the comma); a near word of the grammar is named when the sentence
    reads with it in its place."""
    (diagnostic,) = parse("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\n"
                          f"{sentence}\n").diagnostics
    assert diagnostic.code == "CW110" and diagnostic.hint.startswith(named)


@pytest.mark.parametrize(("text", "named"), [
    ("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat8\n", "'Combat8' may be 'Combat 8'"),
    ("Game: gloomhaven\n\nName: A\nType: Ability\nClass: Brute\nLevel: 1\nInitiative: 15\n\n"
     "Top: Attack4, Range 2.\nBottom: Move 2.\n", "'Attack4' may be 'Attack 4'"),
])
def test_a_word_and_its_number_written_together_are_named(text, named):
    """`Combat8` reads as one word, and the reading stops after it, where the words expected
    do not show that a space was left out."""
    (diagnostic,) = parse(text).diagnostics
    assert diagnostic.hint.startswith(named + "; expected ")


def test_several_scourges_under_a_condition_are_reported_not_read():
    """`suffer the scourges A and B` is several effects, which a condition does not hold
    (its `; otherwise,` must have one effect before it): a designer is told, nothing fails."""
    (diagnostic,) = parse("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\n"
                          "Before the encounter, attempt a Wisdom 6 check; if you fail, suffer "
                          "the scourges Dazed and Wounded.\n").diagnostics
    assert diagnostic.code == "CW110"


def test_a_bane_put_in_your_deck_is_reported_not_read_as_the_location_deck():
    """`put this card on the top of your deck` is the character's deck, where the runtime
    puts no bane: a designer is told, rather than the card going on its location deck as
    `your location deck` says."""
    (diagnostic,) = parse("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\n"
                          "If undefeated, put this card on the top of your deck.\n").diagnostics
    assert diagnostic.code == "CW110" and "'location'" in diagnostic.hint


def test_a_sentence_without_a_full_stop_is_named_as_such():
    (diagnostic,) = parse("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\n"
                          "Immune to Fire\n").diagnostics
    assert diagnostic.code == "CW111"
    assert (diagnostic.span.line, diagnostic.span.col) == (7, 15)


def test_an_unknown_field_suggests_the_nearest():
    (diagnostic,) = parse("Game: pacg\n\nName: A\nType: Monster\nChek: Combat 5\n").diagnostics
    assert diagnostic.code == "CW103"
    assert diagnostic.hint == "did you mean 'Check'?"


def test_a_malformed_value_says_what_was_expected():
    (diagnostic,) = parse("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat or 8\n"
                          ).diagnostics
    assert diagnostic.code == "CW104"
    assert (diagnostic.span.line, diagnostic.span.col) == (5, 18)
    assert diagnostic.hint == "expected a word"


def test_missing_and_repeated_fields():
    codes = [item.code for item in parse("Game: pacg\n\nName: A\nName: B\n").diagnostics]
    assert codes == ["CW105", "CW106"]


def test_an_unknown_game_suggests_the_nearest():
    (diagnostic,) = parse("Game: pacgg\n\nName: A\nType: Monster\n").diagnostics
    assert (diagnostic.code, diagnostic.hint) == ("CW102", "did you mean 'pacg'?")
    assert (diagnostic.span.line, diagnostic.span.col) == (1, 7)


def test_a_file_must_begin_with_its_game():
    (diagnostic,) = parse("Name: A\nType: Monster\n").diagnostics
    assert diagnostic.code == "CW101"
    assert diagnostic.span.line == 1


def test_rules_text_among_the_headers_asks_for_the_blank_line():
    (diagnostic,) = parse("Game: pacg\n\nName: A\nType: Monster\nImmune to Fire.\n").diagnostics
    assert diagnostic.code == "CW101"
    assert diagnostic.span.line == 5
    assert diagnostic.hint == "leave one blank line between a card's headers and its rules text"


@pytest.mark.parametrize(("game", "line", "header"), [
    ("pacg", "check Combat 7", "Check: Combat 7"),
    ("ose", "Armour Class 6 [13]", "Armour Class: 6 [13]"),
])
def test_a_header_without_its_colon_is_named(game, line, header):
    (diagnostic,) = parse(f"Game: {game}\n\nName: A\nType: Monster\n{line}\n").diagnostics
    assert diagnostic.code == "CW101" and diagnostic.hint.startswith(
        f"if it is a header, put a colon after its field's name: '{header}'; if it is rules "
        "text, leave one blank line")


def test_one_broken_card_does_not_hide_the_others():
    result = parse("""
        Game: pacg

        Name: A
        Type: Monster
        Check: Combat 5

        Each character dances.
        Immune to Fire.
        ---
        Name: B
        Type: Monster
        Check: Combat 5

        Immune to Cold.
        ---
        Name: C
        Type: Monster
        Check: Combat 5

        Before the encounter, you sing.
        """)
    assert [item.span.line for item in result.diagnostics] == [7, 20]
    assert [card.name for card in result.file.cards] == ["B"]
    assert result.broken_names == ["A", "C"]
    assert result.card_count == 3


def test_a_sentence_a_card_writes_twice_stands_where_each_is_written():
    """A card shares a reading once at most (ast.Reading): the second time it writes a
    sentence, its nodes are a copy, placed where that one stands, so that a node reported
    is reported where it is."""
    text = "Before the encounter, you take 1 damage."
    card = one_card(f"Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\n{text}\n"
                    f"  {text}\n")
    first, second = (reading.sentence for reading in card.readings)
    assert first == second and first is not second
    damages = [next(node for node in sentence.nodes if isinstance(node, ast.Damage))
               for sentence in (first, second)]
    assert [(card.where(node).line, card.where(node).col) for node in damages] == [(7, 23),
                                                                                   (8, 25)]


def test_a_text_nested_too_deep_is_reported_wherever_it_is_written():
    """An over-deep text is never remembered as read (compiler/syntax/__init__.py): each card
    that writes it, on one line or over two, gets CW114 at the sentence, and the text at the
    deepest allowed is read."""
    def nested(depth: int) -> str:
        effect = "take 1 damage"
        for _ in range(depth - 1):
            effect = f"succeed at a Wisdom 6 check or {effect}"
        return f"Before the encounter, you must {effect}."

    card = "Name: {}\nType: Monster\nCheck: Combat 5\n\n{}\n"
    too_deep = nested(5)
    result = parse_text("Game: pacg\n\n" + "---\n".join([
        card.format("A", too_deep), card.format("B", too_deep),
        card.format("C", too_deep.replace(" or ", "\nor ", 1)), card.format("D", nested(4))]),
        "deep.card")
    assert [(item.code, item.span.line, item.message) for item in result.diagnostics] == [
        ("CW114", line, "effects nest 5 deep here; the most is 4") for line in (7, 13, 19)]
    assert result.broken_names == ["A", "B", "C"]
    assert [card.name for card in result.file.cards] == ["D"]


@pytest.mark.parametrize("text", [
    "", "\n\n", "Game:", "Game: pacg\n---\n---\n", "Game: pacg\n\nName: A\n\n\n\n",
    "Game: pacg\n\nName: A\nType: Monster\n\n....\n", "Game: pacg\n\n:\n",
    "Game: pacg\n\nName: A\nType: Monster\n\n\x00\u2028\u202e.\n",
    "Game: pacg\n\nName: A\nType: Monster\n\n\x850\n",  # a line break only Python knows
])
def test_odd_input_gives_diagnostics_never_an_exception(text):
    result = parse_text(text, "odd.card")
    assert result.file is not None or result.diagnostics


def test_a_hint_names_phrases_in_words_never_by_the_grammars_names():
    result = parse("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\n"
                   "Each character at this location dances.\n")
    (diagnostic,) = result.diagnostics
    assert "'may not play'" in diagnostic.hint and "_" not in diagnostic.hint


def test_a_header_line_ends_only_at_a_line_feed():
    card = one_card("Game: pacg\n\nName: A\x85B\nType: Monster\nCheck: Combat 5\n")
    assert card.name == "A\x85B"


def test_a_label_begins_a_group_of_sentences_up_to_the_next_label():
    card = one_card("Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\n"
                    "Immune to Fire.\nTop: Immune to Cold. Immune to Acid.\n"
                    "Bottom: Immune to Poison.\n")
    assert [(section.label, len(section.sentences)) for section in card.sections] == [
        (None, 1), ("Top", 2), ("Bottom", 1)]
    assert card.sections[1].span.line == 8


def test_a_word_that_begins_a_label_is_still_a_word_without_the_colon():
    assert sentence("Combat immunity.").traits[0].text == "Combat"


def test_a_check_with_nothing_after_or_is_attempted():
    card = one_card("Game: pacg\n\nName: X\nType: Monster\nCheck: Combat 5\n\n"
                    "Before the encounter, each character must succeed at a Wisdom 5 check.\n")
    (effect,) = card.sentences[0].effects
    assert isinstance(effect, ast.Attempt) and effect.target.kind == "each_character"


@pytest.mark.parametrize(("text", "first"), [
    ("Characters at this location encounter this barrier as their first exploration each "
     "turn, and may not move or be moved while this barrier is faceup on the location deck.",
     True),
    ("Characters may not move or be moved while this barrier is faceup on the location deck.",
     False)])
def test_a_movement_lock_may_say_the_card_is_met_first(text, first):
    (lock,) = sentence(text).effects
    assert isinstance(lock, ast.MovementLock) and lock.explored_first is first


def test_a_title_s_full_stop_ends_no_sentence():
    """`Dr. Habe`: the full stop of a title before a name is the name's, not a sentence's
    end, where the card names itself too."""
    card = one_card("Game: pacg\n\nName: Dr. Habe\nType: Henchman\nCheck: Combat 5\n\n"
                    "If undefeated, shuffle Dr. Habe into the location deck. Mr. X is "
                    "immune to Fire.\n")
    assert [sentence.span.col for sentence in card.sentences] == [1, 57]
    assert card.sentences[1] == sentence("Mr. X is immune to Fire.")


@pytest.mark.parametrize(("older", "newer"), [
    ("Before the encounter, the Golem deals 1 point of Combat damage to each character at this "
     "location.", "Before the encounter, the Golem deals 1 Combat damage to each character at "
     "this location."),
    ("If undefeated, you are dealt 2 points of damage.", "If undefeated, you are dealt 2 damage."),
])
def test_points_of_damage_are_damage(older, newer):
    """`1 point of Combat damage`, as older printings have it: 1 Combat damage (it was read as
    damage of the kind `point of Combat`)."""
    assert sentence(older) == sentence(newer)


def gloomhaven_action(text: str) -> ast.Sentence:
    card = one_card("Game: gloomhaven\n\nName: Drain\nType: Monster Ability\nMonster: Bat\n"
                    f"Initiative: 9\n\n{text}\n")
    (only,) = card.sentences
    return only


@pytest.mark.parametrize(("shortened", "written"), [
    ("Heal X, Self, X is damage suffered by target of attack.",
     "Heal X, Self, where X is the amount of damage suffered by the target of the attack "
     "ability."),
    ("Muddle, Immobilize, Target one adjacent enemy.", "Muddle, Immobilize, Target 1."),
    ("Poison, Target one enemy.", "Poison, Target 1."),
])
def test_gloomhaven_wordings_printed_shorter_mean_the_same(shortened, written):
    assert gloomhaven_action(shortened) == gloomhaven_action(written)


def test_a_check_of_two_banes_names_the_part_each_step_defeats():
    """`(Hound) Combat 10 then (Ruckus) Combat 13`: the labels are kept for people (fmt
    writes them again, explain says them) and change no check."""
    card = one_card("Game: pacg\n\nName: Hound and Ruckus\nType: Henchman\n"
                    "Check: (Hound) Combat 10 then (Ruckus) Dexterity or Combat 13\n")
    hound, ruckus = card.value("Check").steps
    assert (hound.label, ruckus.label) == ("Hound", "Ruckus")
    assert format_check(card.value("Check")) == \
        "(Hound) Combat 10 then (Ruckus) Dexterity or Combat 13"
    plain = one_card("Game: pacg\n\nName: Hound and Ruckus\nType: Henchman\n"
                     "Check: Combat 10 then Dexterity or Combat 13\n")
    assert [step.options for step in card.value("Check").steps] == \
        [step.options for step in plain.value("Check").steps]


def test_an_abbreviation_s_full_stop_ends_no_sentence():
    """`(e.g. a spell)`, `i.e.`: a full stop within a sentence's abbreviation is not its end
    (a sentence that cannot be read is reported once, where its reading stopped)."""
    card = "Game: pacg\n\nName: X\nType: Monster\nCheck: Combat 1\n\n"
    text = "Immune to Fire. Immune to what harms the living (e.g. a spell, i.e. magic). " \
           "Immune to Cold.\n"
    found = parse_text(card + text, "test.card").diagnostics
    assert [(item.code, item.span.line, item.span.col) for item in found] == [("CW110", 7, 32)]
    assert [sentence for _, sentence in split_sentences(text, 0, len(text))] == [
        "Immune to Fire.", "Immune to what harms the living (e.g. a spell, i.e. magic).",
        "Immune to Cold."]


def test_a_table_of_damage_types_has_rows_of_a_type_each_as_printed():
    """`roll 1d4 for the type of damage:` then rows of a damage type, with no full stop and
    as printed in columns (`1-2. Acid 3. Electricity`): `1-2. Acid` says `On a 1 or 2, all
    damage dealt by X is Acid damage.`; a row with no full stop ends with its line, where
    the next sentence begins, and a row that reads well only with one is reported."""
    header = "Game: pacg\n\nName: X\nType: Monster\nCheck: Combat 1\n\n"
    card = one_card(header + "When you encounter X, roll 1d4 for the type of damage:\n"
                    "1\u20132. Acid 3. Ranged Combat\n4. Fire\nImmune to Fire.\n")
    intro, first, second, third, last = card.sentences
    assert intro == sentence("When you encounter X, roll 1d4.")
    assert first == sentence("On a 1 or 2, all damage dealt by X is Acid damage.")
    assert second == sentence("On a 3, all damage dealt by X is Ranged Combat damage.")
    assert third == sentence("On a 4, all damage dealt by X is Fire damage.")
    assert last == sentence("Immune to Fire.")
    assert (intro.table, first.table, second.table) == (ast.DAMAGE_TYPES_INTRO, "1\u20132", "3")
    unended = parse(header + "Roll 1d4 for the type of damage:\n1. Acid\n2. Bury a card\n")
    assert [(item.code, item.span.line) for item in unended.diagnostics] == [("CW111", 9)]


def test_a_heading_of_damage_types_goes_on_with_the_roll_before_it():
    """`Roll 1d6. All damage dealt by X is the following type:` (or `has this type:`): the
    heading does nothing itself; its rows ask the roll before it."""
    header = "Game: pacg\n\nName: X\nType: Monster\nCheck: Combat 1\n\n"
    for heading in ("All damage dealt by X is the following type:",
                    "Damage dealt by X has this type:"):
        card = one_card(header + f"Roll 1d6. {heading}\n1\u20133. Acid 4\u20136. Fire\n")
        roll, read, first, second = card.sentences
        assert roll == sentence("Roll 1d6.")
        assert isinstance(read, ast.Continuation) and read.effects == ()
        assert read.table == ast.DAMAGE_TYPES_HEADING
        assert first == sentence("On a 1, 2, or 3, all damage dealt by X is Acid damage.")
        assert second == sentence("On a 4, 5, or 6, all damage dealt by X is Fire damage.")


def test_a_row_of_a_table_of_rolls_means_what_on_a_says():
    """`roll 1d6:` then `3-4. Draw a card.`: the roll, and `On a 3 or 4, draw a card.`; a row
    runs to its full stop, over lines, or to the next row's results, where a row that does
    not end with a full stop is reported."""
    header = "Game: pacg\n\nName: X\nType: Monster\nCheck: Combat 1\n\n"
    card = one_card(header + "When you encounter X, roll 1d6:\n1. Bury a card.\n"
                    "2. Discard a card and\ndraw a card.\n3\u20136. Draw a card.\n"
                    "If defeated, draw a card.\n")
    intro, first, second, third, last = card.sentences
    assert intro == sentence("When you encounter X, roll 1d6.")
    assert first == sentence("On a 1, bury a card.")
    assert second == sentence("On a 2, discard a card and draw a card.")
    assert third == sentence("On a 3, 4, 5, or 6, draw a card.")
    assert last == sentence("If defeated, draw a card.")
    assert (intro.table, first.table, third.table, last.table) == (":", "1", "3\u20136", None)
    unended = parse(header + "Roll 1d6:\n1. Bury a card\n2. Draw a card.\n")
    assert [(item.code, item.span.line) for item in unended.diagnostics] == [("CW111", 8)]
