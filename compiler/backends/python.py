"""The Python backend: one module per card, from Jinja2 templates, that the runtime plays.

Card text reaches a module only through two filters: `py`, which writes a
value as a Python literal with `repr`, and `ident`, which passes only
identifiers the compiler made.  Both return `Code`, as do the macros and blocks
a template assembles from them; the environment's finalize hook refuses any
other value, so a template cannot paste text into code by mistake.  Whether a
module is Python depends on the templates alone, which the tests compile for
every construct (docs/performance.md, the cold build).
"""

from __future__ import annotations

import base64
import binascii
import keyword
import pprint
import re
from collections.abc import Iterable, MutableMapping
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import BytecodeCache, Environment, FileSystemLoader, StrictUndefined, Undefined
from jinja2.bccache import Bucket
from jinja2.runtime import Macro

from compiler import ir
from compiler.cache import key_of, project_cache
from compiler.memo import remember

TEMPLATES = Path(__file__).resolve().parent / "templates"
_IDENTIFIER = re.compile(r"[a-z_][a-z0-9_]*")


class BackendError(Exception):
    """A program the backend cannot write: a compiler bug, never a user's mistake."""


class Code(str):
    """Text a template may write: what the filters made (a literal, an identifier) and what
    the templates put together from it (`_CodeEnvironment.concat`).  Any other string,
    card text above all, is refused where it would be written (`_only_code`); a string
    method of it gives a plain `str`, refused in turn."""

    __slots__ = ()


def render_card(program: ir.Program) -> str:
    """The Python module of one card."""
    template = _environment().get_template(f"{program['game']}.py.j2")
    return str(template.render(program=program))  # a plain str: Code is for the templates


def render_index(game: str, modules: Iterable[tuple[str, str]]) -> str:
    """The game package's __init__: each card's module (its identifier), by card name."""
    # As pairs: a card named `items` must not stand for the dict's method (_CodeEnvironment).
    return str(_environment().get_template("index.py.j2").render(
        game=game, modules=list(dict(modules).items())))


def module_path(program: ir.Program) -> str:
    """Where a card's module goes, relative to the output directory: under the game's id made
    a package name (`random-encounters` -> `random_encounters`)."""
    return f"{package_name(program['game'])}/{program['ident']}.py"


def package_name(game: str) -> str:
    return game.replace("-", "_")


class _CodeEnvironment(Environment):
    """Jinja2 for the IR, which is dicts: `program.name` looks for the key first, as
    `program["name"]` does, instead of first failing to find an attribute (a fifth of
    rendering went on those failures).  So a template calls no method of a dict whose keys
    come from card text (`modules.items()`, with a card named `items`): it is handed pairs.

    What a macro, a call or a `set` block writes is joined by `concat` (as Jinja's
    NativeEnvironment joins native values): its parts are the template's own text and
    values the finalize hook let through, so the whole is Code.  HTML autoescaping, which
    served as that mark before, wrapped every value written in a Markup again: rendering
    2,500 of the benchmark pool's cards took 0.42 s so, against 0.34 s (medians of four
    processes each)."""

    @staticmethod
    def concat(parts: Iterable[str]) -> Code:
        return Code("".join(parts))

    def make_globals(self, d: MutableMapping[str, Any] | None) -> dict[str, Any]:
        """A template's globals as one plain dict, where Jinja's is a ChainMap over the
        environment's that follows later changes to them (this environment's are set once,
        before any template is loaded).  Every render copies a template's globals into its
        context and every `import` compares the two templates' keys: through a ChainMap,
        in Python, a tenth of rendering the benchmark pool's cards (1.13 s against 1.03 s
        for 10,000 cards without the compile, three processes each, alternated)."""
        return {**self.globals, **(d or {})}

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
        finalize=_only_code,  # only Code gets through
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # The templates are the package's own and do not change while it runs: not asked
        # after on disk for every card rendered (their modification times were 3% of
        # rendering, sampled).
        auto_reload=False,
        bytecode_cache=_ProjectBytecode(),
    )
    env.filters["py"] = py
    env.filters["pytuple"] = lambda value: py(_as_tuple(value))
    env.filters["ident"] = ident
    env.filters["ident_path"] = ident_path
    env.filters["indent"] = indent  # in place of Jinja's own, for code: see indent
    env.filters["remembered"] = remembered
    env.globals["unsupported"] = _unsupported
    return env


class _RememberedCode:
    """The filter `remembered`: `fx.effect|remembered(e, "you", 0)` is `fx.effect(e, "you",
    0)`, the code written once a process for each macro and arguments.  Cards repeat their
    effects (`If defeated, ...`, a keyword's sentence), and the benchmark pool's 22,171
    effects are 1,359 different ones; rendering them was a tenth of a cold build.  Only a
    macro of a template the card's template imports (`{% import ... as fx %}`) may be
    remembered: what it writes depends on its arguments alone, and Jinja makes it once a
    process (a macro of the card's own template is made again for every card, and would
    fill this with code never asked for again)."""

    def __init__(self) -> None:
        self.written: dict[tuple[Macro, str], Code] = {}

    def __call__(self, macro: Macro, *arguments: Any) -> Code:
        key = (macro, repr(arguments))  # plain values: repr tells them apart
        code = self.written.get(key)
        return code if code is not None else remember(self.written, key, macro(*arguments))


remembered = _RememberedCode()


class _ProjectBytecode(BytecodeCache):
    """The templates as Jinja2 compiles them, kept in the project's cache, sealed as each of
    its entries is: compiling the games' templates took each process of a build about a
    tenth of a second before it rendered a card.  Jinja2 compiles a template again when its
    source has changed (the bucket's checksum), and the key holds the compiler's
    fingerprint (cache.key_of)."""

    def load_bytecode(self, bucket: Bucket) -> None:
        text = project_cache("templates").get_text(key_of("template", bucket.key))
        if text is not None:
            try:
                bucket.bytecode_from_string(base64.b64decode(text, validate=True))
            except binascii.Error:
                bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        project_cache("templates").put_text(
            key_of("template", bucket.key),
            base64.b64encode(bucket.bytecode_to_string()).decode("ascii"))


_WIDTH = 80


def py(value: Any) -> Code:
    """A value as a Python literal, wrapped over lines when it is long (indent the lines after
    the first where it stands)."""
    if isinstance(value, Undefined):
        raise BackendError(f"a template asked for a value the IR does not have: {value!r}")
    text = repr(value)
    if len(text) > _WIDTH:  # pprint writes what fits on a line as repr does; only then wraps
        parts: list[str] = []
        try:
            _wrap(value, 0, 0, parts)
        except _PprintWraps:
            text = _WRAPPING.pformat(value)
        else:
            text = "".join(parts)
    return Code(text)


class _PprintWraps(Exception):
    """A value _wrap leaves to pprint: one too long for its line that is no dict, list or
    tuple (a string, which pprint cuts into pieces)."""


def _wrap(value: Any, indent: int, allowance: int, parts: list[str]) -> None:
    """pprint's layout of dicts, lists and tuples (width 80, dicts in their own order, one
    item a line), by the same rule, for a value too long for what is left of its line after
    `indent` and the `allowance` its closing brackets need: its items go on lines of their
    own, one further in than its bracket, each written as repr writes it where it fits and
    laid out so where it does not.  pprint gets there through a stream and a dispatch table,
    and took a sixth of rendering the benchmark pool's cards.  Each item's fit is asked
    here, not in a call of its own, and each value's repr is made once: asked in a call of
    its own, `py` of the 128,468 values of that pool's cards took 0.193 s, against 0.146 s
    so (medians of seven).  Any other value that does not fit is left to pprint
    (_PprintWraps).  tests/test_properties.py holds the two to the same text."""
    kind = type(value)
    if kind is dict:  # each item after its key
        opening, closing = "{", "}"
    elif kind is list:
        opening, closing = "[", "]"
    elif kind is tuple:
        opening, closing = "(", ",)" if len(value) == 1 else ")"
    else:
        raise _PprintWraps
    parts.append(opening)
    indent += 1
    last = len(value) - 1
    separator = ",\n" + " " * indent
    for index, item in enumerate(value.items() if kind is dict else value):
        inner = indent
        if kind is dict:
            key, item = item
            key_text = f"{key!r}: "
            parts.append(key_text)
            inner += len(key_text)
        item_allowance = allowance + len(closing) if index == last else 1
        text = repr(item)
        if len(text) <= _WIDTH - inner - item_allowance:
            parts.append(text)
        else:
            _wrap(item, inner, item_allowance, parts)
        if index != last:
            parts.append(separator)
    parts.append(closing)


class _LiteralPrinter(pprint.PrettyPrinter):
    """pprint for the IR's plain values (dicts, lists, tuples, strings, numbers, None), which
    hold no cycles and whose `repr` is the literal pprint would write on one line: its own
    way to that line walks the value again at every level of nesting, in Python."""

    def format(self, value: object, context: dict, maxlevels: int, level: int
               ) -> tuple[str, bool, bool]:
        return repr(value), True, False


_WRAPPING = _LiteralPrinter(width=_WIDTH, sort_dicts=False)


def ident(name: str) -> Code:
    """An identifier the compiler made; anything else is refused."""
    if not (isinstance(name, str) and _IDENTIFIER.fullmatch(name)) or keyword.iskeyword(name):
        raise BackendError(f"{name!r} is not an identifier the compiler made")
    return Code(name)


def ident_path(path: str) -> Code:
    """A dotted name of identifiers the compiler made (`play.target_character`)."""
    return Code(".".join(ident(part) for part in path.split(".")))


def indent(code: Code, width: int) -> Code:
    """Code with its lines after the first `width` further in, blank lines left empty: what
    Jinja's `indent` writes, as Code (Jinja's gives a plain string, which would be refused)."""
    if not isinstance(code, Code):
        raise BackendError(f"a template indented {code!r}, which is not code it wrote")
    first, *rest = code.split("\n")
    margin = " " * width
    return Code("\n".join([first, *(margin + line if line else line for line in rest)]))


def _as_tuple(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_as_tuple(item) for item in value)
    return value


def _only_code(value: Any) -> Code:
    if isinstance(value, Code):
        return value
    raise BackendError(f"a template wrote {value!r} without the py or ident filter")


def _unsupported(what: str) -> Code:
    raise BackendError(f"the Python backend cannot write {what}")
