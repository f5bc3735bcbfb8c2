"""Whatever a designer types, cardwright answers with diagnostics, never an exception; and
whatever it accepts becomes Python that parses."""

from __future__ import annotations

import ast as python_ast
import contextlib
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from compiler.build import compile_paths
from compiler.syntax import parse_text

PIECES = [
    "Game: pacg\n", "\n", "---\n", "# note\n", "Name: A\n", "Name: B'\"\n", "Type: Monster\n",
    "Type: Spell\n", "Type: Character\n", "Check: Combat 5\n", "Check: Combat or\n",
    "Skills: Strength d10+2\n", "Hand: 5\n", "Traits: A, B and C\n", "Chek: 1\n",
    "Immune to Fire. ", "Before the encounter, you take 1d4 Fire damage. ", "Top: ",
    "Discard this card to evade a Monster. ", "If undefeated, banish this card. ",
    "summon and encounter a B'\". ", "Recharge this card to add 1d6 to your check. ",
    "The A is immune to Mental. ", "\x00", "\u2028", "\u202e", "{{", '"""', "\\\n", ".",
]
SETTINGS = settings(max_examples=300, derandomize=True, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.text())
def test_any_text_gives_diagnostics_not_exceptions(text):
    result = parse_text(text, "any.card")
    assert result.file is not None or result.diagnostics


@SETTINGS
@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_what_compiles_is_python_that_parses(text):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "any.card"
        path.write_text(text, encoding="utf-8")
        with contextlib.chdir(folder):
            compilation = compile_paths([path])
    for source in compilation.outputs.values():
        python_ast.parse(source)
