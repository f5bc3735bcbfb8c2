"""Hostile card text: whatever a card says, the build either succeeds or reports diagnostics,
and what it writes is Python that only holds the text as data."""

from __future__ import annotations

import ast as python_ast
import os
import re
import subprocess
import sys

import pytest

from compiler import play
from compiler.backends import python as python_backend
from compiler.build import compile_paths
from compiler.lower import identifier_for
from compiler.syntax import parse_text
from tests.conftest import ROOT

SENTINEL = "SENTINEL"
HOSTILE = [
    "'", '"', "'''", '"""', "\\", "back\\slash\\", "{", "}", "{{ 7 * 7 }}", "{% raw %}",
    "\x00", "nul\x00in", "\u2028", "line\u2028separator", "\u202eright to left",
    "::error file=x.card,line=1::pwned", "%0A::error::", "class", "None", "match", "case",
    "_", "type", "lambda", "__import__", "__class__",
    "items", "get", "keys",  # names of a dict's methods, which templates may call
    f"x'); open('{SENTINEL}', 'w').close(); ('",
    f'x"""); open("{SENTINEL}", "w").close(); ("""',
    f"x\\'); open('{SENTINEL}','w').close() #",
    f"{{{{ cycler.__init__.__globals__.os.system('touch {SENTINEL}') }}}}",
]
PLACES = {
    "name": "Name: {h}\nType: Blessing\n\nDiscard this card to add 1 to any check.\n",
    "trait": "Name: A\nType: Blessing\nTraits: {h}\n\nDiscard this card to add 1 to any check.\n",
    "summon": "Name: A\nType: Monster\nCheck: Combat 5\n\n"
              "Before the encounter, summon and encounter a {h}.\n",
    "damage kind": "Name: A\nType: Monster\nCheck: Combat 5\n\n"
                   "Before the encounter, you take 1 {h} damage.\n",
    "comment": "# {h}\nName: A\nType: Blessing\n",
    "game": None,
}


def card_file(place: str, hostile: str) -> str:
    if place == "game":
        return f"Game: {hostile}\n\nName: A\nType: Blessing\n"
    return "Game: pacg\n\n" + PLACES[place].format(h=hostile)


@pytest.mark.parametrize("place", list(PLACES))
@pytest.mark.parametrize("hostile", HOSTILE, ids=[repr(h)[:30] for h in HOSTILE])
def test_hostile_text_compiles_or_is_reported(tmp_path, monkeypatch, place, hostile):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "hostile.card"
    path.write_text(card_file(place, hostile), encoding="utf-8")
    compilation = compile_paths([path])
    assert compilation.ok or compilation.diagnostics
    for source in compilation.outputs.values():
        tree = python_ast.parse(source)
        assert python_ast.dump(python_ast.parse(python_ast.unparse(tree))) == python_ast.dump(tree)
    for program in compilation.programs:
        assert program["ident"].isidentifier()


def test_importing_hostile_modules_runs_no_card_text(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for index, hostile in enumerate(HOSTILE):
        (tmp_path / f"h{index}.card").write_text(card_file("name", hostile), encoding="utf-8")
    compilation = compile_paths(sorted(tmp_path.glob("*.card")))
    assert compilation.programs  # most of them build
    out = tmp_path / "out"
    for relative, source in compilation.outputs.items():
        (out / relative).parent.mkdir(parents=True, exist_ok=True)
        (out / relative).write_text(source, encoding="utf-8")
    modules = [f"pacg.{program['ident']}" for program in compilation.programs]
    script = f"import importlib\nfor name in {modules!r}:\n    importlib.import_module(name)\n"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(out), str(ROOT)])}
    subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, check=True)
    assert not (tmp_path / SENTINEL).exists()


def test_names_that_collide_once_normalised_are_reported(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "twins.card"
    path.write_text("Game: pacg\n\nName: Goblin\nType: Blessing\n---\n"
                    "Name: \uff27oblin\nType: Blessing\n", encoding="utf-8")
    compilation = compile_paths([path])
    assert [item.code for item in compilation.diagnostics] == ["CW300"]


@pytest.mark.parametrize(("name", "ident"), [
    ("class", "class_"), ("match", "match_"), ("type", "type_"), ("_", "card"),
    ("None", "none"), ("3 Wishes", "card_3_wishes"), ("Éclair Golem", "eclair_golem"),
])
def test_keywords_and_odd_names_get_identifiers_of_their_own(name, ident):
    assert not parse_text(f"Game: pacg\n\nName: {name}\nType: Blessing\n", "x.card").diagnostics
    assert identifier_for(name) == ident


def test_templates_cannot_write_card_text_without_a_filter():
    environment = python_backend._environment()
    with pytest.raises(python_backend.BackendError, match="without the py or ident filter"):
        environment.from_string("name = {{ name }}").render(name="x'); evil() #")
    assert environment.from_string("name = {{ name|py }}").render(name="x'") == 'name = "x\'"'
    with pytest.raises(python_backend.BackendError, match="not an identifier"):
        environment.from_string("def {{ name|ident }}(): pass").render(name="os.system")


def test_what_templates_put_together_from_filtered_values_is_code():
    environment = python_backend._environment()
    template = environment.from_string(
        "{% macro call(f, x) %}{{ f|ident }}({{ x|py }}){% endmacro %}"
        "{% set body %}return {{ call('g', name) }}{% endset %}"
        "def f():\n    {{ body }}\n")
    assert template.render(name="x'") == 'def f():\n    return g("x\'")\n'


@pytest.mark.parametrize("template", [
    "{{ (name|py).upper() }}",  # a string method gives a plain str
    "{{ (name|py) ~ name }}",  # so does joining with `~`
    "{{ (name|py)[1:-1] }}",  # and slicing: the quotes gone, the text would be code
    "{% set body %}{{ name }}{% endset %}{{ body|py }}",  # refused inside the block
])
def test_text_made_from_code_is_not_code(template):
    with pytest.raises(python_backend.BackendError, match="without the py or ident filter"):
        python_backend._environment().from_string(template).render(name="x'); evil() #")


def test_a_generated_module_that_is_not_python_is_reported_as_it_is_loaded():
    """The build does not compile what it writes; loading it to play does, and says whose
    module it was (a template's bug, not the card's)."""
    with pytest.raises(python_backend.BackendError, match=re.escape(
            "generated for cardwright_cards.pacg.probe does not parse: '(' was never closed")):
        play._compiled("cardwright_cards.pacg.probe", "CARD = (\n")


def test_the_backend_hands_out_plain_text_not_code():
    assert type(python_backend.render_index("pacg", [])) is str


def test_templates_cannot_write_a_value_the_ir_does_not_have():
    environment = python_backend._environment()
    with pytest.raises(python_backend.BackendError, match="does not have"):
        environment.from_string("x = {{ e.missing|py }}").render(e={})
