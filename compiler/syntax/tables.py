"""A parser's LALR tables as the project's cache keeps them, and the parser made from them.

A command that checks one card wants the parser at once, and pacg's tables are large (6,780
states, 82,733 actions).  Lark's own loading makes every state's actions and lexer (776
lexers) before it parses a word, most of a short command's time, though checking one card
meets about a hundred states.  So each state's actions are kept as a text of their own,
columns of numbers, and the loaded parser reads them, and makes them and the lexer of the
state's terminals, the first time a parse reaches that state; what it makes is what Lark
would have made (tests/test_cache.py compares them state by state).
"""

from __future__ import annotations

import json
import re
from copy import copy
from functools import cached_property
from typing import Any

from lark import Lark, Token, Tree
from lark.common import LexerConf
from lark.grammar import Rule
from lark.lexer import (
    BasicLexer,
    PatternStr,
    Scanner,
    TerminalDef,
    UnlessCallback,
    _create_unless,
)
from lark.parse_tree_builder import ParseTreeBuilder
from lark.parser_frontends import _get_lexer_callbacks
from lark.parsers.lalr_analysis import Reduce, Shift

from compiler.cache import compact_json
from compiler.syntax.first_characters import first_characters

# What a stored table that is not one Lark can load raises while it is read.
UNREADABLE = (KeyError, TypeError, ValueError, AttributeError, IndexError)


def storable(parser: Lark) -> dict[str, Any]:
    """`parser`'s tables as JSON can keep them: Lark's serialized form, but the parse
    table's actions as two columns of numbers a state (an action is a number: a shift's
    state times two, or a reduce's rule, by its place in the parser's rules, times two and
    one), where Lark keys them by numbers JSON would turn to strings and writes each
    reduce's rule as an object of its own; and the rules' symbols and options shared
    (_with_shared_parts).  Each state's columns are a JSON text of their own, read when a
    parse first meets the state: reading all 6,780 of pacg's states' numbers with the rest
    took 0.02 to 0.03 s, the texts 0.006 s.  With them, the ASCII characters each
    terminal's matches may begin with (first_characters; None: any), which the state's
    lexers try terminals by (_StateLexer): finding them takes 0.01 s for pacg's 430
    terminals, which a one-file check would otherwise pay again for the few hundred it
    meets."""
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    table = data["parser"]["parser"]
    token_places = {number: place for place, number in enumerate(table["tokens"])}
    rule_places = {reference["@"]: place for place, reference in enumerate(data["rules"])}
    table["states"] = [
        [state, compact_json([
            [token_places[token] for token in actions],
            [rule_places[argument["@"]] * 2 + 1 if action == 1 else argument * 2
             for action, argument in actions.values()]])]
        for state, actions in table["states"].items()]
    table["tokens"] = list(table["tokens"].values())
    return {"data": data, "memo": _with_shared_parts(memo),
            "first": {name: None if characters is None else "".join(sorted(characters))
                      for name, characters in first_characters_of(parser).items()}}


def first_characters_of(parser: Lark) -> dict[str, frozenset[str] | None]:
    """The ASCII characters each of the parser's terminals may begin with (None: any)."""
    flags = parser.lexer_conf.g_regex_flags
    return {terminal.name: first_characters(terminal.pattern.to_regexp(), flags)
            for terminal in parser.terminals}


def _with_shared_parts(memo: dict[int, dict[str, Any]]) -> list[list[Any]]:
    """Lark's memo (its rules and terminals by number) as [numbers, entries, parts]: each
    rule's symbols and options are the places in `parts` of the distinct ones, in Lark's
    serialized form.  Lark writes, and reads, every symbol of every rule as an object of
    its own: pacg's 2,523 rules hold 18,558 symbols and options, 703 of them distinct."""
    places: dict[str, int] = {}
    parts: list[dict[str, Any]] = []

    def place(part: dict[str, Any]) -> int:
        key = json.dumps(part, sort_keys=True)
        if key not in places:
            places[key] = len(parts)
            parts.append(part)
        return places[key]

    entries = []
    for entry in memo.values():
        if entry["__type__"] == Rule.__name__:
            entry = {**entry, "origin": place(entry["origin"]), "options": place(entry["options"]),
                     "expansion": [place(symbol) for symbol in entry["expansion"]]}
        entries.append(entry)
    return [list(memo), entries, parts]


def _memo(numbers: list[int], entries: list[dict[str, Any]],
          parts: list[dict[str, Any]]) -> dict[int, Rule | dict[str, Any]]:
    """The memo `_with_shared_parts` stored, for Lark to load: each rule made, of symbols and
    options made (by Lark) once for all the rules that share them, and the terminals for
    Lark to make (Lark takes what is made already as it is).  With Lark's generic reading
    of each rule's fields, a Python call for each symbol, pacg's parser took 17.4 ms of this
    machine's to load, against 11.3 ms so (medians)."""
    kinds = {kind.__name__: kind for kind in Rule.__serialize_namespace__}
    made = [kinds[part["__type__"]].deserialize(part, {}) for part in parts]
    memo: list[Rule | dict[str, Any]] = [
        Rule(made[entry["origin"]], [made[place] for place in entry["expansion"]],
             entry["order"], entry["alias"], made[entry["options"]])
        if entry["__type__"] == Rule.__name__ else entry for entry in entries]
    return dict(zip(numbers, memo, strict=True))


def loaded(stored: dict[str, Any]) -> Lark:
    """The parser of tables `storable` made; raises one of UNREADABLE when they are not."""
    data = stored["data"]
    table = data["parser"]["parser"]
    token_names, rows = table["tokens"], table["states"]
    # Lark loads the rest as it is; its parse table and contextual lexer start empty.
    table["tokens"], table["states"] = {}, {}
    parser = _StoredLark._load_from_dict(data, _memo(*stored["memo"]))
    frontend = parser.parser
    states = _States(dict(rows), token_names, parser.rules)
    frontend.parser._parse_table.states = states
    first = {name: None if characters is None else frozenset(characters)
             for name, characters in stored["first"].items()}
    frontend.lexer.lexers = StateLexers(states, frontend.lexer_conf, first)
    return parser


class RuleCallbacks(dict[Rule, Any]):
    """A parser's callback for each rule, made when a parse first asks for it (`made`):
    pacg's grammar has 2,523 rules, and checking one card reduces about a hundred.  Lark's
    loop calls its callbacks only when the dict of them is not empty (`if callbacks`), so
    this one never counts as empty."""

    def __bool__(self) -> bool:
        return True

    def __missing__(self, rule: Rule) -> Any:
        callback = self[rule] = self.made(rule)
        return callback

    def made(self, rule: Rule) -> Any:
        raise NotImplementedError


class _TreeCallbacks(RuleCallbacks):
    """The callbacks with which Lark's own parse of a stored parser makes its tree (`parse`,
    which the diagnostics use), each made as Lark's ParseTreeBuilder would make it among
    all the rules' at loading: 76 million of the 1,701 million instructions of the check
    command of one file, for callbacks that the compiler's own loop
    (compiler.syntax.reducing) never calls."""

    def __init__(self, parser: Lark) -> None:
        super().__init__()
        self._parser = parser
        self.update(_get_lexer_callbacks(parser.options.transformer, parser.terminals))

    def made(self, rule: Rule) -> Any:
        options = self._parser.options
        builder = ParseTreeBuilder([rule], options.tree_class or Tree,
                                   options.propagate_positions, False,  # LALR: unambiguous
                                   options.maybe_placeholders)
        return builder.create_callback(options.transformer)[rule]


class _StoredLark(Lark):
    """A Lark loaded from stored tables, whose callbacks are _TreeCallbacks."""

    def _prepare_callbacks(self) -> None:
        self._callbacks = _TreeCallbacks(self)


class _States(dict[int, dict[str, tuple]]):
    """The parse table's states, each made from its stored row when first asked for."""

    def __init__(self, rows: dict[int, str], token_names: list[str], rules: list[Rule]) -> None:
        super().__init__()
        self._rows, self._token_names, self._rules = rows, token_names, rules

    def __missing__(self, state: int) -> dict[str, tuple]:
        tokens, actions = json.loads(self._rows[state])
        row = {self._token_names[token]: (Reduce, self._rules[action >> 1]) if action & 1
               else (Shift, action >> 1)
               for token, action in zip(tokens, actions, strict=True)}
        self[state] = row
        return row


class StateLexers(dict[int, BasicLexer]):
    """The contextual lexer's lexer of each state, made when the parse first reaches the
    state, as Lark's ContextualLexer makes it: of the terminals the state accepts and those
    ignored; a _StateLexer, unless the parser has callbacks of the user's.  One serves every
    state that accepts the same terminals; Lark's serves those whose rules are the same too,
    and compiles the same expression again for states that differ only in the rules they go
    to (776 lexers for pacg's states against 671)."""

    def __init__(self, states: _States, conf: LexerConf,
                 first: dict[str, frozenset[str] | None]) -> None:
        super().__init__()
        self._states, self._conf, self._first = states, conf, first
        self._by_accepted: dict[frozenset[str], BasicLexer] = {}
        self._always = {*conf.ignore, *(conf.postlex.always_accept if conf.postlex else ())}
        self._expressions = _Expressions(conf)

    def __missing__(self, state: int) -> BasicLexer:
        terminals = self._conf.terminals_by_name
        accepted = frozenset(name for name in self._states[state] if name in terminals)
        lexer = self._by_accepted.get(accepted)
        if lexer is None:
            conf = copy(self._conf)
            conf.terminals = [terminals[name] for name in accepted | self._always
                              if name in terminals]
            # A lexer with callbacks of the user's is left as Lark makes it.
            lexer = BasicLexer(conf) if conf.callbacks \
                else _StateLexer(conf, self._expressions, self._first)
            self._by_accepted[accepted] = lexer
        self[state] = lexer
        return lexer


class _Expressions(dict[str, re.Pattern[str]]):
    """Each terminal's own expression, compiled when first asked for, for every state's
    lexer: compiling all 430 of pacg's terminals one by one takes 0.026 s, and the 98
    expressions of the states one file meets, each of all a state's terminals, 0.10 to
    0.16 s."""

    def __init__(self, conf: LexerConf) -> None:
        super().__init__()
        self._conf = conf

    def __missing__(self, name: str) -> re.Pattern[str]:
        terminal = self._conf.terminals_by_name[name]
        expression = self[name] = self._conf.re_module.compile(terminal.pattern.to_regexp(),
                                                               self._conf.g_regex_flags)
        return expression


class _StateLexer(BasicLexer):
    """Lark's lexer of a state, which tries at a position only the terminals whose matches
    may begin with the character there, each with its own expression, in the order of the
    one expression of all the state's terminals that Lark's lexer matches with.

    With nothing after it, an alternation (`(?P<A>...)|(?P<B>...)`) matches at a position
    what the first of its alternatives that matches there matches alone, and a terminal
    that cannot begin with the character cannot match: the same token, found without
    trying the rest.  Lark's expression tries every alternative at every position: at a
    word, a sentence's first state tries 44 phrases before the word terminal, most
    failing on its first letter, and compiling the expression of a state was most of a
    one-file check's parse.  The first characters are found as the tables are made
    (first_characters) and kept with them."""

    def __init__(self, conf: LexerConf, expressions: _Expressions,
                 first: dict[str, frozenset[str] | None]) -> None:
        super().__init__(conf)
        self._expressions, self._first = expressions, first
        self._alternatives: list[TerminalDef] | None = None
        # The terminals to try at a character, by the character, made when first met.
        self._tried: dict[str, list[tuple[str, re.Pattern[str]]]] = {}

    def _terminals_and_callbacks(self) -> list[TerminalDef]:
        """The terminals the state's alternation is of, in its order, setting the callbacks
        as Lark's lexer does: a keyword that its word terminal also matches is not an
        alternative but a callback that retypes the word (_Keywords)."""
        if self._alternatives is None:
            self._alternatives, callbacks = _create_unless(
                self.terminals, self.g_regex_flags, _CompiledWhenUsed(self.re), self.use_bytes)
            self.callback = {name: _Keywords.instead_of(callback, self.g_regex_flags)
                             for name, callback in callbacks.items()}
        return self._alternatives

    def _build_scanner(self) -> Scanner:
        # Lark's lexer asks for the expression only to say what a text that no terminal
        # matches should have had.
        return Scanner(self._terminals_and_callbacks(), self.g_regex_flags, self.re,
                       self.use_bytes)

    def match(self, text: Any, pos: int) -> tuple[str, str] | None:
        return self.token_at(text.text, pos, text.end)

    def token_at(self, text: str, pos: int, end: int) -> tuple[str, str] | None:
        """The text and terminal of the token at `pos` in text[:end], or None where no
        terminal of the state matches; once it has found one, the state's callbacks are set
        (_terminals_and_callbacks)."""
        character = text[pos] if pos < end else ""
        tried = self._tried.get(character)
        if tried is None:
            tried = self._tried[character] = self._to_try(character)
        for name, expression in tried:
            found = expression.match(text, pos, end)
            if found is not None:
                return found.group(0), name
        return None

    def _to_try(self, character: str) -> list[tuple[str, re.Pattern[str]]]:
        """The terminals that may match at `character`, in order, and their expressions."""
        names = [terminal.name for terminal in self._terminals_and_callbacks()]
        if character.isascii() and character:  # beyond ASCII, every terminal
            names = [name for name in names
                     if self._first[name] is None or character in self._first[name]]
        return [(name, self._expressions[name]) for name in names]


class _Keywords:
    """Lark's callback that retypes a word which is one of a state's keywords, by looking
    the word up: Lark's matches it with an expression of all the keywords, compiled for
    each state (17 in a check of one file: 0.011 to 0.019 s of its own 0.05 to 0.09 s).
    Keywords in ASCII matched all with case or all without (every one of pacg's) are the
    word, when it is ASCII too, exactly when their letters are the same, as they are or
    lowered; any other word goes to Lark's callback, whose expression is then compiled."""

    def __init__(self, lark_callback: UnlessCallback, fold: bool) -> None:
        self._lark_callback, self._fold = lark_callback, fold
        self._names: dict[str, str] = {}
        for keyword in lark_callback.scanner.terminals:  # the first of the same letters wins
            value = keyword.pattern.value
            self._names.setdefault(value.lower() if fold else value, keyword.name)

    @classmethod
    def instead_of(cls, lark_callback: UnlessCallback, global_flags: int
                   ) -> UnlessCallback | _Keywords:
        """The lookup for `lark_callback`, where the keywords allow one."""
        keywords = lark_callback.scanner.terminals
        flags = {frozenset(keyword.pattern.flags) for keyword in keywords}
        if global_flags or flags not in ({frozenset()}, {frozenset("i")}) or not all(
                isinstance(keyword.pattern, PatternStr) and keyword.pattern.value.isascii()
                for keyword in keywords):
            return lark_callback
        return cls(lark_callback, flags == {frozenset("i")})

    def __call__(self, token: Token) -> Token:
        if not token.isascii():
            return self._lark_callback(token)
        name = self._names.get(token.lower() if self._fold else token)
        if name is not None:
            token.type = name
        return token


class _CompiledWhenUsed:
    """The regular expression module as Lark's keyword callbacks are given it: their
    expressions compiled when a word first asks one of them (_Keywords)."""

    def __init__(self, module: Any) -> None:
        self._module = module

    def match(self, pattern: str, text: str, flags: int = 0) -> re.Match[str] | None:
        return self._module.match(pattern, text, flags)

    def compile(self, pattern: str, flags: int = 0) -> _Compiled:
        return _Compiled(self._module, pattern, flags)


class _Compiled:
    """An expression compiled the first time it matches."""

    def __init__(self, module: Any, pattern: str, flags: int) -> None:
        self._module, self._pattern, self._flags = module, pattern, flags

    @cached_property
    def _expression(self) -> re.Pattern[str]:
        return self._module.compile(self._pattern, self._flags)

    def match(self, *arguments: Any) -> re.Match[str] | None:
        return self._expression.match(*arguments)

    def fullmatch(self, *arguments: Any) -> re.Match[str] | None:
        return self._expression.fullmatch(*arguments)
