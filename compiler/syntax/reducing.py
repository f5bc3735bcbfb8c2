"""Builds a text's AST as the LALR parser reduces its rules, rather than from a parse tree.

Lark's parser makes a Tree at each reduction (its children filtered and inlined as the
grammar says), works out the tree's positions from its children's, and leaves a tree that
the builder then walked again.  On the bundled cards' 890 texts, whose readings are seldom
shared, making and walking those trees was a quarter of reading them.  Here each
reduction calls the builder's method for the rule at once, with the children Lark's
tree would have held, already built, and the positions Lark would have given the tree: the
same AST, built once (tests/test_syntax.py compares the two on every bundled text).

The tables and each state's lexer are Lark's, as the project's cache keeps them
(compiler/syntax/tables.py); the loop that drives them is this module's
(ReducingParser._parse).  Lark's, for each token, runs a generator, makes a Token with its
line and column, asks its parser state for the token's action, and at each reduction
hashes the rule (a Python call) to find its callback.  A text that the loop cannot read is
read again by Lark's own loop, which raises the error Lark gives, with everything the
diagnostics tell from it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Lark, Token
from lark.grammar import Rule
from lark.parse_tree_builder import _should_expand
from lark.parsers.lalr_analysis import Shift
from lark.parsers.lalr_parser import _Parser

from compiler.syntax.tables import RuleCallbacks, StateLexers

# A builder's method for a rule, by the rule's name (or None, for its `__default__`).
MethodFor = Callable[[str], Callable[..., Any] | None]


class _Built:
    """A reduced rule on the parser's stack: what the builder made of it, or, for a rule
    inlined into its parent (`_name`), its children for the parent to take in; and where its
    text starts and ends, counting the keywords its value leaves out (Lark's `container`
    positions).  As its rule's builder method is called, those are the positions of what
    the rule took, which is all a method reads of the meta Lark would have given it."""

    __slots__ = ("end_pos", "inlined", "start_pos", "value")

    def __init__(self, inlined: list[Any] | None, start_pos: int | None,
                 end_pos: int | None) -> None:
        self.value = None
        self.inlined, self.start_pos, self.end_pos = inlined, start_pos, end_pos


class _Reduction:
    """One rule's callback: what Lark's tree-building callbacks for the rule do (filter and
    inline its children, keep its one child for a `?rule`, find its positions), then the
    builder's method in place of the tree."""

    __slots__ = (
        "inlined",
        "kept",
        "method",
        "name",
        "nones_after",
        "one_child_kept",
        "origin",
        "parser",
        "picked",
        "size",
    )

    def __init__(self, parser: ReducingParser, rule: Rule, maybe_placeholders: bool) -> None:
        self.parser = parser
        self.name = rule.alias or rule.options.template_source or rule.origin.name
        self.method = parser.method_for(self.name)
        self.kept, self.nones_after = _kept_children(rule, maybe_placeholders)
        # Where no child is inlined and no None stands for a missing part (most rules), the
        # children kept are those at these places.
        self.picked = None if self.nones_after or any(
            inline or nones for _, inline, nones in self.kept) \
            else [index for index, _, _ in self.kept]
        self.one_child_kept = rule.options.expand1 and not rule.alias
        # A parent takes in the children of a rule whose name begins with `_`.
        self.inlined = _should_expand(rule.origin)
        # How many values it takes off the stack, and the symbol it leaves there.
        self.size, self.origin = len(rule.expansion), rule.origin.name

    def __call__(self, children: list[Any]) -> Any:
        # From the first child with a place to the last: a token, or a rule that took text
        # (not an inlined rule that took none, nor None, a `?rule`'s missing `[part]`).
        start = end = None
        for child in children:
            if child is not None and child.start_pos is not None:
                start = child.start_pos
                break
        if start is not None:
            for child in reversed(children):
                if child is not None and child.end_pos is not None:
                    end = child.end_pos
                    break
        picked = self.picked
        if picked is None:
            kept: list[Any] = []
            for index, inline, nones in self.kept:
                if nones:
                    kept += [None] * nones
                if inline:
                    kept += children[index].inlined
                else:
                    kept.append(children[index])
            if self.nones_after:
                kept += [None] * self.nones_after
        elif len(picked) == len(children):  # every child, in its order
            kept = children
        else:
            kept = [children[index] for index in picked]
        if self.one_child_kept and len(kept) == 1:
            only = kept[0]
            if type(only) is _Built and start is not None:
                only.start_pos, only.end_pos = start, end
            return only
        if self.inlined:
            return _Built(kept, start, end)
        values = [child.value if type(child) is _Built else child for child in kept]
        builder = self.parser.builder
        built = _Built(None, start, end)
        built.value = builder.__default__(self.name, values, built) if self.method is None \
            else self.method(builder, built, *values)
        return built


def _kept_children(rule: Rule, maybe_placeholders: bool
                   ) -> tuple[list[tuple[int, bool, int]], int]:
    """Which of the rule's children a tree of it holds, as Lark's maybe_create_child_filter
    works them out: (index, inlined, how many Nones for missing `[optional]` parts go
    before it) for each, and how many Nones go after the last."""
    empty = rule.options.empty_indices if maybe_placeholders else ()
    if empty:
        flags = "".join(str(int(missing)) for missing in empty)
        nones = [len(ones) for ones in flags.split("0")]
    else:
        nones = [0] * (len(rule.expansion) + 1)
    kept, pending = [], 0
    for index, symbol in enumerate(rule.expansion):
        pending += nones[index]
        if rule.options.keep_all_tokens or not (symbol.is_term and symbol.filter_out):
            kept.append((index, _should_expand(symbol), pending))
            pending = 0
    return kept, pending + nones[len(rule.expansion)]


class _Reductions(RuleCallbacks):
    """Each rule's callback, made when a parse first meets the rule among a state's actions
    (_Actions) or, in Lark's loop, first reduces it."""

    def __init__(self, parser: ReducingParser, maybe_placeholders: bool) -> None:
        super().__init__()
        self._parser, self._maybe_placeholders = parser, maybe_placeholders

    def made(self, rule: Rule) -> _Reduction:
        return _Reduction(self._parser, rule, self._maybe_placeholders)


class _Actions(dict[int, dict[str, Any]]):
    """Each state's actions as the loop takes them, made from Lark's row of the state when a
    parse first reaches it: by the symbol, a shift's state (an int), or the reduced rule's
    callback, found once rather than by hashing the rule at every reduction."""

    def __init__(self, states: dict[int, dict[str, tuple]], reductions: _Reductions) -> None:
        super().__init__()
        self._states, self._reductions = states, reductions

    def __missing__(self, state: int) -> dict[str, Any]:
        row = self[state] = {symbol: argument if action is Shift else self._reductions[argument]
                             for symbol, (action, argument) in self._states[state].items()}
        return row


class ReducingParser:
    """A Lark LALR parser (with `propagate_positions`, whose positions it gives) whose
    reductions call a builder's methods: `method_for(rule)` (compiler.syntax.transform's
    rule_method), with the builder, the rule's positions (`start_pos`, `end_pos`) and its
    children; or, where that is None, the builder's `__default__(rule, children,
    positions)`."""

    def __init__(self, parser: Lark, method_for: MethodFor) -> None:
        self.method_for = method_for
        self._frontend = parser.parser
        table = self._frontend.parser._parse_table
        reductions = _Reductions(self, parser.options.maybe_placeholders)
        self._lalr = _Parser(table, reductions)
        # The loop of this module runs the state lexers of parsers from the project's cache
        # (every grammar's); one Lark made, with its own lexers, or one with callbacks of
        # the user's (whose lexers are Lark's: tables.StateLexers), keeps Lark's loop.
        lexers = getattr(self._frontend.lexer, "lexers", None)
        self._own_loop = isinstance(lexers, StateLexers) and not self._frontend.lexer_conf.callbacks
        self._actions = _Actions(table.states, reductions)
        self._lexers = lexers
        self._starts, self._ends = table.start_states, table.end_states
        # The builder of the text being parsed: set for each parse, as the callbacks are
        # made once for all of them.
        self.builder: Any = None

    def build(self, builder: Any, text: str, start: str) -> Any:
        """What `builder` makes of `text` read from the rule `start`; raises Lark's
        UnexpectedInput, as its parser would."""
        self.builder = builder
        try:
            result = self._parse(text, start) if self._own_loop else _UNREAD
            if result is _UNREAD:
                result = self._lalr.parse(self._frontend._make_lexer_thread(text), start)
                if self._own_loop:  # Lark read what the loop could not: a defect of the loop
                    raise AssertionError(f"the parser's loop could not read {text!r}")
        finally:
            self.builder = None
        return result.value if type(result) is _Built else result

    def _parse(self, text: str, start: str) -> Any:
        """What Lark's LALR loop makes of `text` (see its parse_from_state and feed_token),
        or _UNREAD where it would raise.  A token is made with its offsets only: its line and
        column are for Lark's messages, which come from Lark's own loop."""
        actions, lexers = self._actions, self._lexers
        states: list[int] = [self._starts[start]]
        values: list[Any] = []
        end_state = self._ends[start]
        position, end = 0, len(text)
        while True:
            token: Token | None = None
            if position < end:
                lexer = lexers[states[-1]]
                found = lexer.token_at(text, position, end)
                if found is None:
                    return _UNREAD
                value, symbol = found
                start_pos, position = position, position + len(value)
                if symbol in lexer.ignore_types:
                    continue
                token = _new_str(_OffsetToken, value)
                token.type, token.value, token.start_pos, token.end_pos = \
                    symbol, value, start_pos, position
                keyword = lexer.callback.get(symbol)
                if keyword is not None:
                    token = keyword(token)
                    symbol = token.type
            else:
                symbol = "$END"
            while True:
                action = actions[states[-1]].get(symbol)
                if action is None:
                    return _UNREAD
                if type(action) is int:
                    if token is None:  # the end is never shifted
                        return _UNREAD
                    states.append(action)
                    values.append(token)
                    break
                size = action.size
                if size:
                    children = values[-size:]
                    del states[-size:]
                    del values[-size:]
                else:
                    children = []
                values.append(action(children))
                states.append(actions[states[-1]][action.origin])
                if token is None and states[-1] == end_state:
                    return values[-1]


# What the loop returns for a text it cannot read.
_UNREAD = object()


class _OffsetToken(Token):
    """A token of the loop, made with its offsets alone: its line and column, which only
    Lark's messages use, are None, as a class's rather than set for each token.  Lark's
    Token(...) checks its arguments for a name it no longer takes, then sets all eight in a
    Python function: a third of the time of making one."""

    __slots__ = ()
    line = column = end_line = end_column = None


# A token is a str: made as one, then given its type and offsets.
_new_str = str.__new__
