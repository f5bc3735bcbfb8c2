"""Lark's LALR(1) analysis, with three of its steps done with less asking.

Making pacg's tables is the one long wait of a first run (and of every run with
--no-cache).  Of Lark's 6.7 s for them, two thirds went on `compute_includes_lookback`,
which looks through every item of a state for the items of each rule name the state has a
transition on, comparing symbols in Python (12 million comparisons), and then through the
state each item's rule leads to for the item finished; a tenth on `compute_lookaheads`,
which adds each terminal of a follow set to a state's lookaheads once for each transition
that looks back to it (1,956,680 additions of 47,211 different ones); and some on finding
the closure of a rule name again for every state it is expanded in.  Here each state's
items are grouped by rule name once, the finished item is known to be there, the follow
sets are joined before they are added, and each name's closure is found once: the same
relations and lookaheads, so the same tables (tests/test_syntax.py compares every
grammar's with Lark's own), pacg's in 2.6 to 2.8 s.  Lark is told to use this parser by
the option it substitutes a parser class by (grammars._TablesOnly).
"""

from __future__ import annotations

from lark.common import ParserConf
from lark.grammar import NonTerminal, Rule, Symbol
from lark.parsers.grammar_analysis import LR0ItemSet, RulePtr
from lark.parsers.lalr_analysis import LALR_Analyzer, digraph
from lark.parsers.lalr_parser import LALR_Parser, _Parser
from lark.utils import OrderedSet


class IndexedLalrParser(LALR_Parser):
    """Lark's LALR parser, its tables made by IndexedAnalyzer: Lark's constructor names its
    own analyzer, so this one does what it does with the other."""

    def __init__(self, parser_conf: ParserConf, debug: bool = False,
                 strict: bool = False) -> None:
        analysis = IndexedAnalyzer(parser_conf, debug=debug, strict=strict)
        analysis.compute_lalr()
        self._parse_table = analysis.parse_table
        self.parser_conf = parser_conf
        self.parser = _Parser(analysis.parse_table, parser_conf.callbacks, debug)


class IndexedAnalyzer(LALR_Analyzer):
    """Lark's analyzer, its closures remembered and its includes, lookbacks and lookaheads
    found by index (the module's docstring says why)."""

    def __init__(self, parser_conf: ParserConf, debug: bool = False,
                 strict: bool = False) -> None:
        self._expanded: dict[Symbol, OrderedSet[RulePtr]] = {}
        super().__init__(parser_conf, debug=debug, strict=strict)

    def expand_rule(self, source_rule: NonTerminal,
                    rules_by_origin: dict[Symbol, list[Rule]] | None = None
                    ) -> OrderedSet[RulePtr]:
        """The items a rule name's closure starts, as Lark finds them, found once for each
        name: Lark finds them again for each state the name is expanded in (4,136 times
        for the 170 names of pacg's grammar).  Only the states' closures are remembered
        (made from lr0_rules_by_origin); what is handed back is only read."""
        if rules_by_origin is None or rules_by_origin is not self.lr0_rules_by_origin:
            return super().expand_rule(source_rule, rules_by_origin)
        expanded = self._expanded.get(source_rule)
        if expanded is None:
            expanded = self._expanded[source_rule] = super().expand_rule(source_rule,
                                                                         rules_by_origin)
        return expanded

    def compute_includes_lookback(self) -> None:
        """For each transition on a rule name (`nt`): the transitions whose follow set takes
        in its own (`includes`, those after which the rest of an item of the rule is
        nullable), and the states where an item of the rule started at it is finished with
        that rule (`lookback`), as DeRemer and Pennello define them.  The state reached by
        walking an item's rule along the transitions holds the item finished (a transition
        on a symbol carries every item before that symbol one place on), which Lark looks
        for through the whole state."""
        items_by_name: dict[LR0ItemSet, dict[str, list[RulePtr]]] = {}
        nullable_from: dict[int, int] = {}  # by the rule's id
        for nt in self.nonterminal_transitions:
            state, nonterminal = nt
            lookback = self.lookback[nt]
            includes: list[tuple[LR0ItemSet, Symbol]] = []
            by_name = items_by_name.get(state)
            if by_name is None:
                by_name = items_by_name[state] = _items_by_rule_name(state)
            for item in by_name.get(nonterminal.name, ()):
                expansion = item.rule.expansion
                rest_nullable = nullable_from.get(id(item.rule))
                if rest_nullable is None:
                    rest_nullable = nullable_from[id(item.rule)] = self._nullable_from(expansion)
                reached = state
                for place in range(item.index, len(expansion)):
                    symbol = expansion[place]
                    if place + 1 >= rest_nullable and (reached, symbol) in self.reads:
                        includes.append((reached, symbol))
                    reached = reached.transitions[symbol]
                if item.index == 0:
                    lookback.add((reached, item.rule))
            for transition in includes:
                self.includes[transition].add(nt)

    def compute_lookaheads(self) -> None:
        """Each state's lookaheads of the rules it finishes: the follow sets of the
        transitions that look back to it (`lookback`), joined for each state and rule
        first.  Lark adds each terminal of each follow set to the state's lookaheads once
        for each transition: for pacg's grammar, 1,956,680 additions of 47,211 different
        ones, each hashing a rule in Python.  Rules are told apart by identity, as Lark's
        grammar has no two equal ones."""
        read_sets = digraph(self.nonterminal_transitions, self.reads, self.directly_reads)
        follow_sets = digraph(self.nonterminal_transitions, self.includes, read_sets)
        joined: dict[tuple[int, int], tuple[LR0ItemSet, Rule, set[Symbol]]] = {}
        for nt, lookbacks in self.lookback.items():
            follow = follow_sets[nt]
            for state, rule in lookbacks:
                entry = joined.get((id(state), id(rule)))
                if entry is None:
                    joined[id(state), id(rule)] = (state, rule, set(follow))
                else:
                    entry[2].update(follow)
        for state, rule, terminals in joined.values():
            for terminal in terminals:
                state.lookaheads[terminal].add(rule)

    def _nullable_from(self, expansion: list[Symbol]) -> int:
        """The first place of `expansion` from which every symbol is nullable."""
        place = len(expansion)
        while place and expansion[place - 1] in self.NULLABLE:
            place -= 1
        return place


def _items_by_rule_name(state: LR0ItemSet) -> dict[str, list[RulePtr]]:
    """The state's items by the name of their rule, each name's in the state's order.  A
    rule's origin is always a rule name, as is a transition's symbol here, so their names
    alone tell them apart, as Lark's comparison of the symbols does."""
    by_name: dict[str, list[RulePtr]] = {}
    for item in state.closure:
        by_name.setdefault(item.rule.origin.name, []).append(item)
    return by_name
