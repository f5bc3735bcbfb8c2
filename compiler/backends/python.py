"""The Python backend: one module per card, from Jinja2 templates, that the runtime plays.

Card text reaches a module only through two filters: `py`, which writes a
value as a Python literal with `repr`, and `ident`, which passes only
identifiers the compiler made.  The environment's finalize hook refuses any
other value, so a template cannot paste text into code by mistake.  Every
module is compiled before it is returned, as black checks its output.
"""

from __future__ import annotations

import keyword
import pprint
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined, Undefined
from markupsafe import Markup

from compiler import ir

TEMPLATES = Path(__file__).resolve().parent / "templates"
_IDENTIFIER = re.compile(r"[a-z_][a-z0-9_]*")


class BackendError(Exception):
    """A program the backend cannot write: a compiler bug, never a user's mistake."""


def render_card(program: ir.Program) -> str:
    """The Python module of one card."""
    template = _environment().get_template(f"{program['game']}.py.j2")
    return _parsed(template.render(program=program), program["ident"])


def render_index(game: str, programs: Iterable[ir.Program]) -> str:
    """The game package's __init__: each card's module, by card name."""
    modules = {program["name"]: program["ident"] for program in programs}
    # As pairs: a card named `items` must not stand for the dict's method (_CodeEnvironment).
    source = _environment().get_template("index.py.j2").render(game=game,
                                                                modules=list(modules.items()))
    return _parsed(source, f"{game} index")


def module_path(program: ir.Program) -> str:
    """Where a card's module goes, relative to the output directory: under the game's id made
    a package name (`random-encounters` -> `random_encounters`)."""
    return f"{package_name(program['game'])}/{program['ident']}.py"


def package_name(game: str) -> str:
    return game.replace("-", "_")


def _parsed(source: str, what: str) -> str:
    try:
        # Compiled to bytecode (and thrown away) rather than parsed to a syntax tree: it asks
        # more (a `return` outside a function is an error only to the compiler) and costs a
        # quarter less, since the parser's tree is never made into Python objects.
        compile(source, f"<generated {what}>", "exec", dont_inherit=True)
    except SyntaxError as exc:
        raise BackendError(f"the module generated for {what} does not parse: {exc}") from exc
    return source


class _CodeEnvironment(Environment):
    """Jinja2 for the IR, which is dicts: `program.name` looks for the key first, as
    `program["name"]` does, instead of first failing to find an attribute (a fifth of
    rendering went on those failures).  So a template calls no method of a dict whose keys
    come from card text (`modules.items()`, with a card named `items`): it is handed pairs."""

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                pass
        return super().getattr(obj, attribute)


@cache
def _environment() -> Environment:
    env = _CodeEnvironment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,  # with finalize below: only Markup made by our filters gets through
        finalize=_only_code,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["py"] = py
    env.filters["pytuple"] = lambda value: py(_as_tuple(value))
    env.filters["ident"] = ident
    env.filters["ident_path"] = ident_path
    env.filters["indent"] = indent  # in place of Jinja's own, for code: see indent
    env.globals["unsupported"] = _unsupported
    return env


_WIDTH = 80


def py(value: Any) -> Markup:
    """A value as a Python literal, wrapped over lines when it is long (indent the lines after
    the first where it stands)."""
    if isinstance(value, Undefined):
        raise BackendError(f"a template asked for a value the IR does not have: {value!r}")
    text = repr(value)
    if len(text) > _WIDTH:  # pprint writes what fits on a line as repr does; only then wraps
        text = _WRAPPING.pformat(value)
    return Markup(text)


class _LiteralPrinter(pprint.PrettyPrinter):
    """pprint for the IR's plain values (dicts, lists, tuples, strings, numbers, None), which
    hold no cycles and whose `repr` is the literal pprint would write on one line: its own
    way to that line walks the value again at every level of nesting, in Python."""

    def format(self, value: object, context: dict, maxlevels: int, level: int
               ) -> tuple[str, bool, bool]:
        return repr(value), True, False


_WRAPPING = _LiteralPrinter(width=_WIDTH, sort_dicts=False)


def ident(name: str) -> Markup:
    """An identifier the compiler made; anything else is refused."""
    if not (isinstance(name, str) and _IDENTIFIER.fullmatch(name)) or keyword.iskeyword(name):
        raise BackendError(f"{name!r} is not an identifier the compiler made")
    return Markup(name)


def ident_path(path: str) -> Markup:
    """A dotted name of identifiers the compiler made (`play.target_character`)."""
    return Markup(".".join(ident(part) for part in path.split(".")))


def indent(code: Markup, width: int) -> Markup:
    """Code with its lines after the first `width` further in, blank lines left empty: what
    Jinja's `indent` writes, done on the plain text, since Jinja's goes through Markup's own
    string methods, which escape and wrap every line (a quarter of rendering, in a profile)."""
    if not isinstance(code, Markup):
        raise BackendError(f"a template indented {code!r}, which is not code it wrote")
    first, *rest = str(code).split("\n")
    margin = " " * width
    return Markup("\n".join([first, *(margin + line if line else line for line in rest)]))


def _as_tuple(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_as_tuple(item) for item in value)
    return value


def _only_code(value: Any) -> Any:
    if isinstance(value, Markup):
        return value
    raise BackendError(f"a template wrote {value!r} without the py or ident filter")


def _unsupported(what: str) -> Markup:
    raise BackendError(f"the Python backend cannot write {what}")
