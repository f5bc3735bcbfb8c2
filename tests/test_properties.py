"""Whatever a designer types, cardwright answers with diagnostics, never an exception; and
whatever it accepts becomes Python that parses.  Strings come from the grammar itself
(hypothesis.extra.lark) as well as from arbitrary text; every run draws the same examples."""

from __future__ import annotations

import ast as python_ast
import pprint
import re

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from jinja2.filters import do_indent

from compiler.backends.python import Code, indent, py, render_card
from compiler.check import CardFacts, Pool, check_card
from compiler.diagnostics import has_errors
from compiler.games import GAMES
from compiler.lower import lower_card
from compiler.syntax import parse_text
from compiler.syntax.grammars import read_grammar

GRAMMAR = read_grammar("pacg", ["sentence"])
WORDS = ["Combat", "Strength", "Dexterity", "Arcane", "Divine", "Wisdom", "Melee", "Monster",
         "Barrier", "bane", "card", "Fire", "Mental", "Poison", "Probe", "Bog Lurker", "card"]
HEADER = "Game: pacg\n\nName: Probe\nType: {type}\nCheck: Combat 5\n\n"
# 1,900 examples a run in all, the same ones every run.
GRAMMAR_EXAMPLES = settings(max_examples=1000, derandomize=True, deadline=None,
                            suppress_health_check=list(HealthCheck))
TEXT_EXAMPLES = settings(max_examples=300, derandomize=True, deadline=None,
                         suppress_health_check=list(HealthCheck))


def reachable_terminals(start: str) -> set[str]:
    rules_by_origin: dict[str, list] = {}
    for rule in GRAMMAR.rules:
        rules_by_origin.setdefault(rule.origin.name, []).append(rule)
    seen, terminals, todo = set(), set(), [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        for rule in rules_by_origin.get(name, []):
            for symbol in rule.expansion:
                (terminals.add if symbol.is_term else todo.append)(symbol.name)
    return terminals


def grammar_strings(start: str) -> st.SearchStrategy[str]:
    """Strings the grammar derives from `start`, each terminal drawn with a space before it,
    so that drawn words do not run together (the grammar ignores white space, so hypothesis
    seldom puts any in)."""
    strategies = {}
    wanted = reachable_terminals(start)
    for terminal in GRAMMAR.terminals:
        if terminal.name not in wanted:
            continue
        pattern = terminal.pattern
        if terminal.name == "WORD":
            # Mostly the words cards use, so that drawn sentences often mean something.
            strategy = st.one_of(st.sampled_from(WORDS), st.sampled_from(WORDS),
                                 st.from_regex(pattern.to_regexp(), fullmatch=True))
        elif pattern.type == "str":
            words = [pattern.value, pattern.value.capitalize()] if "i" in pattern.flags \
                else [pattern.value]
            strategy = st.sampled_from(words)
        else:
            strategy = st.from_regex(pattern.to_regexp(), fullmatch=True)
        strategies[terminal.name] = strategy.map(lambda text: " " + text)
    return from_lark(GRAMMAR, start=start, explicit=strategies)


def compile_text(text: str) -> list[str]:
    """The generated modules of the cards in `text` that parse and check; [] otherwise."""
    parsed = parse_text(text, "probe.card", GAMES)
    if parsed.file is None or parsed.diagnostics:
        return []
    pool = Pool.of(CardFacts.of(card) for card in parsed.file.cards)
    return [render_card(lower_card(card, "probe.card", pool.names))
            for card in parsed.file.cards
            if not has_errors(check_card(card, pool, GAMES["pacg"].check_card))]


@GRAMMAR_EXAMPLES
@given(grammar_strings("sentence"),
       st.sampled_from(["Monster", "Spell", "Villain", "Blessing"]))
# Once a crash: an exploration and its addition, a pair, where one effect stands.
@example(" you may discard this ; if you do not, explore again, adding 0 to your check "
         "during this exploration .", "Monster")
def test_sentences_of_the_grammar_compile_or_are_reported(sentence, card_type):
    for module in compile_text(HEADER.format(type=card_type) + sentence.strip() + "\n"):
        python_ast.parse(module)


@TEXT_EXAMPLES
@given(grammar_strings("field_check"))
def test_checks_of_the_grammar_compile_or_are_reported(check):
    text = f"Game: pacg\n\nName: Probe\nType: Barrier\nCheck: {check.strip()}\n"
    for module in compile_text(text):
        python_ast.parse(module)


@TEXT_EXAMPLES
@given(st.text())
def test_any_text_gives_diagnostics_not_exceptions(text):
    result = parse_text(text, "any.card")
    assert result.file is not None or result.diagnostics


PIECES = [
    "Game: pacg\n", "\n", "---\n", "# note\n", "Name: A\n", "Name: B'\"\n", "Type: Monster\n",
    "Type: Spell\n", "Type: Character\n", "Check: Combat 5\n", "Check: Combat or\n",
    "Skills: Strength d10+2\n", "Hand: 5\n", "Traits: A, B and C\n", "Chek: 1\n",
    "Immune to Fire. ", "Before the encounter, you take 1d4 Fire damage. ", "Top: ",
    "Discard this card to evade a Monster. ", "If undefeated, banish this card. ",
    "summon and encounter a B'\". ", "Recharge this card to add 1d6 to your check. ",
    "The A is immune to Mental. ", "\x00", "\u2028", "\u202e", "{{", '"""', "\\\n", ".",
]


@TEXT_EXAMPLES
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_card_like_text_compiles_to_python_that_parses(text):
    for module in compile_text(text):
        python_ast.parse(module)


# The IR's plain values: what a generated module holds as a literal.
IR_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: (st.lists(inner, max_size=6)
                   | st.lists(inner, max_size=6).map(tuple)
                   | st.dictionaries(st.text(max_size=12), inner, max_size=6)),
    max_leaves=40)


@TEXT_EXAMPLES
@given(IR_VALUES)
def test_literals_are_written_as_pprint_writes_them(value):
    assert py(value) == pprint.pformat(value, width=80, sort_dicts=False)
    assert python_ast.literal_eval(py(value)) == value


def _straddling_values():
    """Values whose inner tuple, list or number grows a character at a time past where it
    stops fitting on its line, at every offset a key's length puts it at: each place where
    pprint's choice to break a line turns on one character (the brackets and commas after
    a value, a one-item tuple's `,)`), which values drawn at random seldom meet."""
    for key in ("", "k", "key", "a key", "k" * 9):
        for count in range(1, 30):
            items = tuple(range(count))
            number = 10 ** (count * 3)
            for inner in (items, list(items), {"n": items}, number):
                yield {key: inner}
                yield {key: inner, "after": 0}
                yield (key, inner)
                yield (inner,)
                yield [[key, inner], 0]
                yield {"outer": ({key: inner},)}


def test_literals_break_where_pprint_breaks_them_at_every_boundary():
    for value in _straddling_values():
        assert py(value) == pprint.pformat(value, width=80, sort_dicts=False), value


@TEXT_EXAMPLES
@given(st.text(alphabet="ab \n", max_size=40), st.integers(0, 20))
def test_code_is_indented_as_jinja_indents_it(text, width):
    assert indent(Code(text), width) == do_indent(text, width)


LINES_OF_ANY_KIND = st.text(alphabet=st.sampled_from("ab #\t\n\r\x0b\u2028"), max_size=60)


@given(LINES_OF_ANY_KIND)
@TEXT_EXAMPLES
def test_lines_and_comment_lines_are_where_a_line_break_puts_them(text):
    """A line begins at the start and after each `\\n` alone (not at the other breaks Python
    knows); a comment line is one whose first character but spaces and tabs is `#`."""
    from compiler.syntax.frame import comment_lines
    from compiler.syntax.source import SourceText

    starts = [0, *(index + 1 for index, character in enumerate(text) if character == "\n")]
    assert SourceText("a.card", text).line_starts == tuple(starts)
    lines = [(start, text[start:].split("\n", 1)[0]) for start in starts]
    assert comment_lines(text) == [(start, line.lstrip(" \t")[1:].rstrip())
                                   for start, line in lines
                                   if line.lstrip(" \t").startswith("#")]


# Lines of a card's headers, each with a letter in it: a line of text of the frame, never
# blank and never `---`.
LINE_PIECES = st.text(alphabet=st.sampled_from("aB1 :#\t\r\x85\u2028"), max_size=8)
HEADER_BLOCK_LINES = st.lists(st.tuples(LINE_PIECES, LINE_PIECES).map("a".join), min_size=1,
                              max_size=6)


@given(HEADER_BLOCK_LINES)
@example(["Name: A", " # a comment", "a", "Type:\t"])  # one of each, and no value last
@TEXT_EXAMPLES
def test_a_header_is_its_field_before_the_first_colon_and_its_value_after(lines):
    """A line of a card's headers that begins `Field:` is a header, its name and value the
    text before and after the first colon within the white space around them; any other
    line but a comment is misplaced; the headers end where the last such line's text does."""
    from compiler.syntax.frame import read_frame
    from compiler.syntax.source import SourceText

    game_line = "Game: pacg\n\n"
    frame, _ = read_frame(SourceText("a.card", game_line + "\n".join(lines) + "\n"))
    headers, misplaced, end = [], [], None
    start = len(game_line)
    for line in lines:
        if line.strip() and not line.strip().startswith("#"):
            if re.match(r"[A-Za-z][A-Za-z0-9 ]*:", line):
                field, value = line.split(":", 1)
                value_start = start + len(field) + 1 + len(value) - len(value.lstrip())
                headers.append((field.strip(), start, value.strip(), value_start))
            else:
                misplaced.append(start)
            end = start + len(line.rstrip())
        start += len(line) + 1
    assert [tuple(header) for card in frame.cards for header in card.headers] == headers
    assert [offset for card in frame.cards for offset in card.misplaced] == misplaced
    if end is not None:
        assert [card.end for card in frame.cards] == [end]
