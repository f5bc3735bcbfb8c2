"""The cache and the worker processes change how long a run takes, never what it finds: the
same diagnostics and the same bytes from a cold run, a warm one, one after an edit, one with
a damaged or foreign cache, and one spread over processes."""

from __future__ import annotations

import ast
import json
import logging
import os
import re
import shutil
from collections.abc import Callable
from copy import copy
from pathlib import Path
from typing import Any

import lark.lexer
import pytest
from click.testing import CliRunner
from lark import Lark, Token
from lark.exceptions import UnexpectedInput
from lark.grammar import Rule
from lark.lexer import ContextualLexer, PatternStr, Scanner, TerminalDef, UnlessCallback

from compiler import batch, cache, cli, play
from compiler import build as build_module
from compiler.backends import python as python_backend
from compiler.build import RunOptions, build, check_paths, compile_paths
from compiler.cache import CACHE_DIR, Cache, compact_json
from compiler.check import Pool
from compiler.runtime import pacg
from compiler.syntax import grammars, parse_source, tables
from compiler.syntax.source import SourceText
from tests.conftest import CARDS


def tree(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*.py")) if "__pycache__" not in path.parts}


def diagnostics_of(compilation) -> list[str]:
    return sorted(map(str, compilation.diagnostics))


def refused(why: str) -> Callable[..., Any]:
    """A stand-in for what a run must not call."""
    def call(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError(why)
    return call


def cold_build(project: Path, out: str) -> dict[str, bytes]:
    assert build([project / "cards"], project / out,
                 options=RunOptions(use_cache=False)).compilation.ok
    return tree(project / out)


@pytest.mark.parametrize("jobs", [1, 2])
def test_warm_and_parallel_runs_find_what_a_cold_run_finds(project, jobs, monkeypatch):
    monkeypatch.setattr(batch, "WORTH_A_WORKER", 0)  # workers even for these few files
    expected = cold_build(project, "cold")
    options = RunOptions(use_cache=True, jobs=jobs)
    for _ in range(2):  # the first fills the cache, the second reads it
        report = build([project / "cards"], project / "generated", options=options)
        assert report.compilation.ok and tree(project / "generated") == expected
    assert not report.written and not report.removed
    assert (project / CACHE_DIR).is_dir()


def test_an_edited_card_rewrites_its_module_and_only_it(project, monkeypatch):
    monkeypatch.setattr(batch, "WORTH_A_WORKER", 0)
    options = RunOptions(use_cache=True, jobs=2)
    build([project / "cards"], project / "generated", options=options)
    path = project / "cards" / "pacg" / "monsters.card"
    path.write_text(path.read_text().replace("Check: Combat 8", "Check: Combat 9", 1))
    report = build([project / "cards"], project / "generated", options=options)
    assert len(report.written) == 1 and not report.removed
    assert tree(project / "generated") == cold_build(project, "cold")


def test_progress_with_two_jobs_tells_each_step_once(project, monkeypatch):
    """Two jobs are a worker and the build's process: the bar hears both, each file once a
    round."""
    monkeypatch.setattr(batch, "WORTH_A_WORKER", 0)
    monkeypatch.setattr(batch, "_SENT_EVERY", 1)
    told: list[int] = []

    def progress(total: int) -> batch.Progress:
        told.append(total)
        return told.append

    options = RunOptions(use_cache=True, jobs=2, progress=progress)
    assert build([project / "cards"], project / "generated", options=options).written
    total, *steps = told
    assert total == 2 * len(list((project / "cards").rglob("*.card"))) == sum(steps)


def test_a_record_of_the_tree_not_of_its_form_is_no_record(project, monkeypatch):
    """A sealed record whose text is not a line a module (an older compiler's, say) is not
    trusted: the build reads each module to know it, and writes none."""
    options = RunOptions(use_cache=True, jobs=1)
    assert build([project / "cards"], project / "generated", options=options).written
    key = cache.key_of("record", str((project / "generated").resolve()))
    cache.project_cache("records").put_text(key, '{"pacg/a.py": ["digest", 1, 2]}')
    read: list[Path] = []
    digest_of = build_module._digest_of
    monkeypatch.setattr(build_module, "_digest_of",
                        lambda path: read.append(path) or digest_of(path))
    report = build([project / "cards"], project / "generated", options=options)
    assert not report.written and not report.removed
    assert len(read) == len(report.compilation.modules)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_build_after_a_cold_one_reads_no_module(project, monkeypatch, jobs):
    """The record of the tree a cold build made, each module written as its card was
    rendered (with its size and time from the writer), answers for every file of it."""
    monkeypatch.setattr(batch, "WORTH_A_WORKER", 0)
    options = RunOptions(use_cache=True, jobs=jobs)
    assert build([project / "cards"], project / "generated", options=options).written
    monkeypatch.setattr(build_module, "_digest_of", refused("the record should answer"))
    report = build([project / "cards"], project / "generated", options=options)
    assert not report.written and not report.removed


def test_a_renamed_card_is_checked_again_wherever_it_is_named(project):
    options = RunOptions(use_cache=True, jobs=1)
    assert check_paths([project / "cards"], options).ok
    path = next(p for p in (project / "cards" / "pacg").glob("*.card")
                if "Name: Bog Lurker" in p.read_text())
    path.write_text(path.read_text().replace("Name: Bog Lurker", "Name: Bog Creeper"))
    warm = check_paths([project / "cards"], options)
    cold = check_paths([project / "cards"], RunOptions(use_cache=False))
    assert not warm.ok and diagnostics_of(warm) == diagnostics_of(cold)
    assert any(item.code == "CW207" for item in warm.diagnostics)


def test_a_damaged_or_foreign_cache_is_not_trusted(project, monkeypatch):
    expected = cold_build(project, "cold")
    options = RunOptions(use_cache=True, jobs=1)
    build([project / "cards"], project / "generated", options=options)
    entries = sorted((project / CACHE_DIR).rglob("*.json"))
    for number, entry in enumerate(entries):
        raw = entry.read_bytes()
        # Cut short, emptied, or its body changed under a seal that no longer fits.
        damaged = (raw[: len(raw) // 2], b"", raw.replace(b"a", b"b"))[number % 3]
        entry.write_bytes(damaged)
    shutil.rmtree(project / "generated")
    build([project / "cards"], project / "generated", options=options)
    assert tree(project / "generated") == expected

    stored = Cache(project, "probe")
    stored.put("key", {"value": 1})
    assert stored.get("key") == {"value": 1}
    monkeypatch.setattr(cache, "_secret", lambda: b"another machine's key")
    assert stored.get("key") is None  # sealed with a key this machine does not have


def test_the_fingerprint_hashes_the_compilers_sources_and_no_bytecode():
    """The files whose bytes make the compiler's fingerprint are its sources (Python,
    templates, grammars), as a search of every folder finds them, none under __pycache__."""
    for folder in (cache._PACKAGE, cache._PACKAGE / "syntax"):
        found = sorted(Path(path) for path in cache._sources_under(folder))
        assert found == sorted(path for path in folder.rglob("*")
                               if path.suffix in (".py", ".j2", ".lark")
                               and "__pycache__" not in path.parts)
        assert any(path.suffix == ".py" for path in found)
    assert any(Path(path).suffix == ".j2" for path in cache._sources_under(cache._PACKAGE))


def test_a_project_s_templates_are_compiled_once(project, monkeypatch):
    """A process that renders after another takes the templates as the first compiled them,
    from the project's cache; where those entries are damaged it compiles them again; the
    modules are the same bytes every time."""
    compiled: list[str] = []
    compile_template = python_backend._CodeEnvironment.compile

    def counted(self, source, name=None, *args, **kwargs):
        compiled.append(name)
        return compile_template(self, source, name, *args, **kwargs)

    monkeypatch.setattr(python_backend._CodeEnvironment, "compile", counted)
    trees = []
    for damage in (False, False, True):
        python_backend._environment.cache_clear()  # as a new process finds it
        if damage:
            for entry in (project / CACHE_DIR / "templates").glob("*.json"):
                entry.write_bytes(entry.read_bytes().replace(b"A", b"B"))
        compiled.clear()
        trees.append(cold_build(project, f"out{len(trees)}"))
        assert bool(compiled) == (damage or len(trees) == 1), compiled
    assert trees[0] == trees[1] == trees[2]
    python_backend._environment.cache_clear()  # the next test's environment compiles as usual


def test_an_effect_s_code_is_written_once_a_process(monkeypatch):
    """Each game's effects are written by a macro of a template of their own, made once a
    process: rendering the cards again writes no effect again, and what memory gives is
    what the macro writes for those arguments."""
    programs = compile_paths([CARDS]).programs
    monkeypatch.setattr(python_backend.remembered, "written", {})
    modules = [python_backend.render_card(program) for program in programs]
    written = dict(python_backend.remembered.written)
    games_with_effects = {"pacg", "random-encounters", "ucg"}
    assert len({macro for macro, _ in written}) == len(games_with_effects)
    assert [python_backend.render_card(program) for program in programs] == modules
    assert python_backend.remembered.written == written
    for (macro, arguments), code in written.items():
        assert macro(*ast.literal_eval(arguments)) == code


def test_a_process_s_memory_is_forgotten_whole_when_full(monkeypatch):
    """Readings, fields as written and effects' code share one bound (compiler.memo): a
    pool that never repeats itself cannot grow them without end."""
    from compiler import memo

    monkeypatch.setattr(memo, "MAX_REMEMBERED", 3)
    memory: dict[str, int] = {}
    for number in range(3):
        assert memo.remember(memory, f"text {number}", number) == number
    assert memory == {"text 0": 0, "text 1": 1, "text 2": 2}
    memo.remember(memory, "text 3", 3)
    assert memory == {"text 3": 3}
    fields = grammars.game_grammar("pacg")._written_fields
    kept = dict(fields)
    fields.clear()
    try:
        for written in ("Made Up 1", "Made Up 2", "Made Up 3", "Check"):
            grammars.game_grammar("pacg").field_as_written(written)
        assert list(fields) == ["Check"]
    finally:
        fields.clear()
        fields.update(kept)


def test_a_card_s_template_makes_no_macro_of_its_own():
    """A macro a card's template defined would be made again for every card, in a cycle
    with the context it was made in, which a batch, its collector off, leaves to the end
    (batch._collections_held_back): the templates take their macros from templates they
    import, which Jinja makes once a process."""
    from jinja2 import nodes

    environment = python_backend._environment()
    for template in python_backend.TEMPLATES.glob("*.py.j2"):
        tree = environment.parse(template.read_text(encoding="utf-8"))
        assert not list(tree.find_all(nodes.Macro)), template.name


def test_a_game_s_modules_are_compiled_once_for_play(project, monkeypatch):
    """A load of a game's cards after another runs the modules as the first compiled them,
    from the project's cache: an edited card's module is compiled again, and so is one whose
    stored code is damaged; the entry is written again only when a tenth of the modules or
    more were compiled; and the cards play the same game every time."""
    compiled: list[str] = []
    compile_module = play._compiled
    monkeypatch.setattr(play, "_compiled",
                        lambda name, source: compiled.append(name) or compile_module(name, source))
    scenario = play.load_scenario(play.DEMO_SCENARIO)
    setup = {key: value for key, value in scenario.items() if key not in play.COMPILER_KEYS}

    def load(compilation) -> list[str]:
        """The modules compiled to load the cards; the cards must play the demo as ever."""
        compiled.clear()
        log = pacg.play(setup, play.load_cards(compilation, "pacg"), 1).text()
        assert log == expected
        return list(compiled)

    compilation = compile_paths([project / "cards" / "pacg"])
    modules = len(play._card_modules(compilation, ["pacg"]))
    expected = pacg.play(setup, play.load_cards(compilation, "pacg"), 1).text()
    assert len(compiled) == modules > 10
    assert load(compilation) == []
    monsters = project / "cards" / "pacg" / "monsters.card"
    monsters.write_text(monsters.read_text().replace("Check: Combat 8", "Check: Combat 9", 1))
    edited = compile_paths([project / "cards" / "pacg"])
    compiled.clear()
    expected = pacg.play(setup, play.load_cards(edited, "pacg"), 1).text()
    assert len(compiled) == 1
    edited_module = compiled[0]
    assert load(edited) == [edited_module]  # one module in many: not stored
    entries = play._CompiledModules("pacg")
    stored = entries._cache.get(entries._key)
    damaged = [name for name in sorted(stored) if name != edited_module][:modules // 10]
    entries._cache.put(entries._key, {name: [digest, "AAAA" if name in damaged else code]
                                      for name, (digest, code) in stored.items()})
    assert sorted(load(edited)) == sorted([*damaged, edited_module])  # a tenth: stored
    assert load(edited) == []


def test_parser_tables_read_back_from_the_cache_parse_as_the_parser_made_them(
        project, monkeypatch, caplog):
    caplog.set_level(logging.INFO, logger="compiler")
    making = grammars.made_parser
    made_parsers: list[Lark] = []
    monkeypatch.setattr(grammars, "made_parser",
                        lambda *arguments: made_parsers.append(making(*arguments))
                        or made_parsers[-1])
    first = grammars._parser(grammars.FRAME_GRAMMAR, ["card_file"], propagate_positions=False)
    assert [record.getMessage().split(",")[0] for record in caplog.records] \
        == ["making the parser tables of frame.lark"]
    (made,) = made_parsers  # Lark's parser, whose tables were stored

    caplog.clear()
    monkeypatch.setattr(Lark, "open", refused("the tables should have been read from the cache"))
    loaded = grammars._parser(grammars.FRAME_GRAMMAR, ["card_file"], propagate_positions=False)
    assert not caplog.records  # nothing to wait for
    text = (project / "cards" / "pacg" / "monsters.card").read_text()
    # The run that made the tables parses with them as read back, as the runs after it do.
    for parser in (first, loaded):
        assert isinstance(parser.parser.parser._parse_table.states, tables._States)
        assert parser.parse(text) == made.parse(text)
        assert [_described(rule) for rule in parser.rules] \
            == [_described(rule) for rule in made.rules]
    # The loaded parser makes a state's actions and lexer when a parse first meets the
    # state: what it makes for every state is what Lark made from the grammar.
    made_states = made.parser.parser._parse_table.states
    for state, actions in made_states.items():
        assert loaded.parser.parser._parse_table.states[state] == actions
        assert ([terminal.name for terminal in loaded.parser.lexer.lexers[state].terminals]
                == [terminal.name for terminal in made.parser.lexer.lexers[state].terminals])
    with pytest.raises(KeyError):
        loaded.parser.parser._parse_table.states[max(made_states) + 1]


def test_parser_tables_outlast_changes_to_the_compiler_outside_its_syntax(
        tmp_path, monkeypatch, request):
    """The tables' key changes with compiler.syntax's source (and the grammars), every other
    entry's with any of the compiler's."""
    package = tmp_path / "compiler"
    shutil.copytree(cache._PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(cache, "_PACKAGE", package)
    request.addfinalizer(cache.fingerprint.cache_clear)

    def keys() -> tuple[str, str]:
        cache.fingerprint.cache_clear()
        return cache.key_of("results"), cache.key_of("tables", made_by="syntax")

    def edit(relative: str) -> None:
        path = package / relative
        path.write_text(path.read_text() + "\n# edited\n")

    results, tables = keys()
    edit("diagnostics.py")
    results_after, tables_after = keys()
    assert results_after != results and tables_after == tables
    edit("syntax/tables.py")
    results_last, tables_last = keys()
    assert results_last != results_after and tables_last != tables


def test_a_version_that_changed_nothing_of_the_syntax_reads_the_tables_made_before(
        project, monkeypatch):
    grammars._parser(grammars.FRAME_GRAMMAR, ["card_file"], propagate_positions=False)
    same_syntax = cache.fingerprint
    monkeypatch.setattr(cache, "fingerprint",
                        lambda made_by="": same_syntax(made_by) if made_by else "another")
    monkeypatch.setattr(grammars, "made_parser", refused("the tables should be read back"))
    grammars._parser(grammars.FRAME_GRAMMAR, ["card_file"], propagate_positions=False)


def test_tables_are_made_without_checking_the_grammars_terminals(project, monkeypatch):
    """The checks of a grammar's terminals are made by the tests (test_syntax.py) and left
    out of a first run (grammars._TablesOnly), whether or not interegular is installed."""
    Lark('start: "x"')  # Lark's parser of grammars, made once a process, checked as it is
    monkeypatch.setattr(lark.lexer, "has_interegular", True)
    monkeypatch.setattr(lark.lexer, "_check_regex_collisions",
                        refused("the terminals' collisions are checked by the tests"))
    made = grammars._parser(grammars.FRAME_GRAMMAR, ["card_file"], propagate_positions=False)
    text = (project / "cards" / "pacg" / "monsters.card").read_text()
    assert made.parse(text).data == "card_file"


def test_tables_keep_every_rule_whole():
    """The stored tables share the rules' symbols and options: a grammar with rules of every
    kind (inlined, aliased, keeping tokens, of a priority, with optional parts, a terminal
    kept in one and dropped in another) loads with the rules it was made with, and parses
    as it did."""
    grammar = r"""
        start: greeting (";" greeting)*
        ?greeting: hello | "bye" NAME -> farewell
        !hello.2: "hello" [NAME] (";" NAME)*
        NAME: /[A-Z][a-z]*/
        %ignore " "
    """
    made = Lark(grammar, parser="lalr", maybe_placeholders=True, propagate_positions=True)
    loaded = tables.loaded(json.loads(compact_json(tables.storable(made))))
    assert [_described(rule) for rule in loaded.rules] == [_described(rule) for rule in made.rules]
    # Lark's own parse of the loaded parser makes the callbacks of its tree as it first
    # reduces each rule, and the tree is the one Lark's parser makes, positions and all.
    assert len(loaded.parser.parser.parser.callbacks) == 0
    text = "bye Cy; hello Ann; Bob"
    tree, made_tree = loaded.parse(text), made.parse(text)
    assert tree == made_tree
    assert [(subtree.data, vars(subtree.meta)) for subtree in tree.iter_subtrees()] \
        == [(subtree.data, vars(subtree.meta)) for subtree in made_tree.iter_subtrees()]
    assert 0 < len(loaded.parser.parser.parser.callbacks) < len(made.rules)


def _described(rule: Rule) -> tuple:
    """All a rule holds, where Rule's own equality looks at its symbols' names only (a
    loaded rule's empty indices are the list JSON gives back for the made one's tuple)."""
    return (type(rule.origin), rule.origin.name,
            [(type(symbol), symbol.name, getattr(symbol, "filter_out", None))
             for symbol in rule.expansion],
            rule.order, rule.alias, type(rule.options),
            {**vars(rule.options), "empty_indices": tuple(rule.options.empty_indices)})


def test_lexers_matching_terminal_by_terminal_read_as_lark_reads(monkeypatch):
    """A loaded parser's lexers try at a position only the terminals that may begin with
    the character there, each with its own expression, not Lark's one of all a state's
    terminals: every text of the bundled cards, and each cut short, given a stray word or
    a letter beyond ASCII, reads to the same tree or the same error as with Lark's own
    contextual lexer."""
    parser = grammars.game_grammar("pacg").parser
    frontend = parser.parser
    texts: list[tuple[str, str]] = []
    grammars.forget_readings()
    build = grammars.GameGrammar.build
    with monkeypatch.context() as recording:
        recording.setattr(grammars.GameGrammar, "build",
                          lambda grammar, builder, text, start: texts.append((start, text))
                          or build(grammar, builder, text, start))
        for path in sorted((CARDS / "pacg").glob("*.card")):
            parse_source(SourceText(str(path), path.read_text(encoding="utf-8")))
    assert len(texts) > 500
    variants = [(start, variant) for start, text in texts
                for variant in (text, text[: len(text) // 2], text.replace(" ", " zzyzx ", 1),
                                text.replace("s", "\u017f", 1))]

    states = frontend.parser._parse_table.states
    # The lexers are made without checking the terminals again, as Lark makes them when it
    # loads tables (a parser made from the grammar checked them as it was made).
    conf = copy(frontend.lexer_conf)
    conf.skip_validation = True
    monkeypatch.setattr(frontend.lexer, "lexers",
                        tables.StateLexers(states, conf, tables.first_characters_of(parser)))
    by_terminal = [_reading(parser, text, start) for start, text in variants]
    # Lark's own lexers of the states those parses met.
    monkeypatch.setattr(frontend, "lexer",
                        ContextualLexer(conf, {state: list(row) for state, row in states.items()}))
    assert [_reading(parser, text, start) for start, text in variants] == by_terminal


@pytest.mark.parametrize("flags", [("i",), (), "mixed"])
def test_keywords_looked_up_retype_words_as_lark_does(flags):
    """A state's keywords retype a word by a lookup (tables._Keywords) as Lark's callback
    does with its expression: words of other letters, of other case, of letters that match
    only without case beyond ASCII (the long s, the Kelvin sign), and keywords of the same
    letters, of which the first wins."""
    values = ["swift", "SWIFT", "over", "K"]
    keywords = [TerminalDef(f"KEYWORD{place}", PatternStr(
        value, (("i",) if place % 2 else ()) if flags == "mixed" else flags))
        for place, value in enumerate(values)]
    lark_callback = UnlessCallback(Scanner(keywords, 0, re, False))
    looked_up = tables._Keywords.instead_of(
        UnlessCallback(Scanner(keywords, 0, tables._CompiledWhenUsed(re), False)), 0)
    assert isinstance(looked_up, tables._Keywords) == (flags != "mixed")
    for word in ("swift", "Swift", "SWIFT", "\u017fwift", "over", "Over", "overpower", "k",
                 "\u212a", "\u017f"):
        assert looked_up(Token("WORD", word)).type == lark_callback(Token("WORD", word)).type


def _reading(parser: Lark, text: str, start: str) -> object:
    """What `parser` makes of `text`: its tree, or its error's kind, place and expectations."""
    try:
        return parser.parse(text, start=start)
    except UnexpectedInput as exc:
        return type(exc), exc.pos_in_stream, getattr(exc, "expected", None), \
            getattr(exc, "allowed", None), str(getattr(exc, "token", ""))


def test_no_cache_writes_no_cache(project, monkeypatch):
    monkeypatch.setattr(cache, "_disabled", False)  # put back after the command disables it
    result = CliRunner().invoke(cli.cli, ["build", "--no-cache", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    assert not (project / CACHE_DIR).exists()
    assert tree(project / "generated") == cold_build(project, "cold")


def test_jobs_must_be_a_positive_number(project):
    result = CliRunner().invoke(cli.cli, ["check", "--jobs", "0"])
    assert result.exit_code == 2 and "--jobs" in result.output


def test_a_missing_path_is_reported_for_the_run_that_names_it_only(project):
    """A run record is of the files read; what was missing is found again each run."""
    options = RunOptions(use_cache=True, jobs=1)
    first = check_paths([project / "cards", project / "gone.card"], options)
    second = check_paths([project / "cards", project / "elsewhere.card"], options)
    assert [item.message for item in first.diagnostics if item.code == "CW100"] == [
        f"no such file or directory: {project / 'gone.card'}"]
    assert [item.message for item in second.diagnostics if item.code == "CW100"] == [
        f"no such file or directory: {project / 'elsewhere.card'}"]


def test_a_warm_run_reads_again_only_the_file_that_changed(project, monkeypatch):
    options = RunOptions(use_cache=True, jobs=1)
    check_paths([project / "cards"], options)
    path = project / "cards" / "pacg" / "monsters.card"
    path.write_text(path.read_text().replace("Check: Combat 8", "Check: Combat 9", 1))
    read = []
    monkeypatch.setattr(batch, "parse_source",
                        lambda source, games: read.append(source.path) or parse_source(source,
                                                                                       games))
    check_paths([project / "cards"], options)
    assert read == ["cards/pacg/monsters.card"]
    assert len(list((project / CACHE_DIR / "results").glob("*.json"))) == 1


def test_an_edit_that_tells_other_cards_nothing_new_is_finished_alone(project, monkeypatch):
    """The last run's record answers for the other files: none of their stored summaries
    or outcomes is decoded (the record's results stand for them) and no pool is made from
    their cards."""
    options = RunOptions(use_cache=True, jobs=1)
    build([project / "cards"], project / "generated", options=options)
    path = project / "cards" / "pacg" / "monsters.card"
    path.write_text(path.read_text().replace("Check: Combat 8", "Check: Combat 9", 1))

    for owner, name in [(batch.FileSummary, "from_data"), (batch.FileOutcome, "from_data"),
                        (Pool, "of")]:
        monkeypatch.setattr(owner, name,
                            refused("the record should have answered for the other files"))
    report = build([project / "cards"], project / "generated", options=options)
    assert report.written == ["pacg/bog_lurker.py"]


def test_a_file_changed_back_renders_its_own_cards_again_only(project, monkeypatch):
    """The store has the results of the file's earlier text but not its modules' texts:
    the build that must write one renders that file's cards, not the whole pool."""
    options = RunOptions(use_cache=True, jobs=1)
    build([project / "cards"], project / "generated", options=options)
    path = project / "cards" / "pacg" / "monsters.card"
    original = path.read_text()
    path.write_text(original.replace("Traits: Aberration, Swamp", "Traits: Aberration, Cave"))
    build([project / "cards"], project / "generated", options=options)  # the pool changed
    path.write_text(original)
    rendered = []
    render_card = python_backend.render_card
    monkeypatch.setattr(python_backend, "render_card",
                        lambda program: rendered.append(program["name"]) or render_card(program))
    report = build([project / "cards"], project / "generated", options=options)
    assert report.written == ["pacg/bog_lurker.py"]
    assert len(rendered) == original.count("\nName: ")
    assert tree(project / "generated") == cold_build(project, "cold")


def _edit(file: str, old: str, new: str) -> Callable[[Path], None]:
    def edit(project: Path) -> None:
        path = project / "cards" / file
        text = path.read_text()
        assert old in text, old
        path.write_text(text.replace(old, new, 1))
    return edit


def _together(*edits: Callable[[Path], None]) -> Callable[[Path], None]:
    def edit(project: Path) -> None:
        for one in edits:
            one(project)
    return edit


# Edits one after another, each of a kind the last run's record must answer rightly: those
# that tell other cards nothing new (a difficulty, a rule, every card of a file moved down a
# line), one that makes an error, another file's made and mended while it stands, and its
# mending, those that change the pool, a card named as one in another file, then edits of
# both files that leave the names alone, and two files edited at once.
EDITS = [
    _edit("pacg/monsters.card", "Check: Combat 8", "Check: Combat 9"),
    _edit("pacg/monsters.card", "1 Combat damage", "2 Combat damage"),
    _edit("pacg/monsters.card", "Game: pacg\n", "Game: pacg\n\n"),
    _edit("pacg/monsters.card", "Check: Combat 9", "Check: Combat 114"),
    _edit("pacg/barriers.card", "Strength 8", "Strength 108"),
    _edit("pacg/barriers.card", "Strength 108", "Strength 8"),
    _edit("pacg/monsters.card", "Check: Combat 114", "Check: Combat 10"),
    _edit("pacg/monsters.card", "Traits: Aberration, Swamp", "Traits: Aberration, Cave"),
    _edit("pacg/monsters.card", "Name: Bog Lurker", "Name: Bog Creeper"),
    _edit("pacg/monsters.card", "Check: Combat 10", "Check: Combat 11"),
    _edit("pacg/monsters.card", "Name: Bog Creeper", "Name: Bog Lurker"),
    _edit("pacg/barriers.card", "Name: Rusted Portcullis", "Name: Cinder Imp"),
    _edit("pacg/monsters.card", "Check: Combat 7", "Check: Combat 6"),
    _edit("pacg/barriers.card", "Strength 8", "Strength 9"),
    _edit("pacg/barriers.card", "Name: Cinder Imp", "Name: Rusted Portcullis"),
    _edit("ucg/effects.card", "\n", "\n\n"),
    _together(_edit("pacg/monsters.card", "Check: Combat 6", "Check: Combat 5"),
              _edit("pacg/barriers.card", "Strength 9", "Strength 10")),
]


@pytest.mark.parametrize("rendering", [False, True], ids=["check", "build"])
def test_runs_after_each_edit_find_what_a_cold_run_finds(project, rendering):
    def run(use_cache: bool) -> tuple[Any, ...]:
        options = RunOptions(use_cache=use_cache)
        out = project / ("generated" if use_cache else "cold")
        found = (build([project / "cards"], out, options=options).compilation if rendering
                 else check_paths([project / "cards"], options))
        return ([item.to_data() for item in found.diagnostics], found.card_count,
                {path: module.digest for path, module in found.modules.items()},
                tree(out) if rendering else None)

    run(use_cache=False)
    run(use_cache=True)
    for edit in EDITS:
        edit(project)
        assert run(use_cache=True) == run(use_cache=False)


def test_an_error_in_another_file_leaves_the_record_to_answer(project, monkeypatch):
    """Only an error of one file's cards with another's (a duplicate name, a path taken
    twice) makes the run after it whole."""
    options = RunOptions(use_cache=True, jobs=1)
    _edit("pacg/barriers.card", "Strength 8", "Strength 108")(project)
    check_paths([project / "cards"], options)
    _edit("pacg/monsters.card", "Check: Combat 8", "Check: Combat 9")(project)
    monkeypatch.setattr(Pool, "of", refused("the record should have answered for the others"))
    found = check_paths([project / "cards"], options)
    assert [item.span.file for item in found.diagnostics] == ["cards/pacg/barriers.card"]


@pytest.mark.parametrize(("most", "kept"), [(10_000, True), (1, False)])
def test_results_of_other_paths_are_kept_while_there_is_room(project, monkeypatch, most, kept):
    monkeypatch.setattr(batch, "MAX_STORED", most)
    options = RunOptions(use_cache=True, jobs=1)
    check_paths([project / "cards" / "pacg"], options)
    check_paths([project / "cards" / "ucg"], options)
    read = []
    monkeypatch.setattr(batch, "parse_source",
                        lambda source, games: read.append(source.path) or parse_source(source,
                                                                                       games))
    check_paths([project / "cards" / "pacg", project / "cards" / "ucg"], options)
    assert (read == []) is kept
    assert all(path.startswith("cards/pacg/") for path in read)


def test_an_output_folder_emptied_behind_a_warm_cache_is_written_whole_again(project):
    """Module texts are not cached: a module to write that was not rendered in the run
    makes the build render every card again."""
    options = RunOptions(use_cache=True, jobs=1)
    build([project / "cards"], project / "generated", options=options)
    shutil.rmtree(project / "generated")
    report = build([project / "cards"], project / "generated", options=options)
    assert report.written and tree(project / "generated") == cold_build(project, "cold")


def test_a_game_s_index_deleted_behind_a_warm_cache_is_written_again(project):
    """The run record keeps no module's text, an index's no more than a card's: the index a
    build finds missing is made again, where the build once retried for ever (a
    RecursionError)."""
    options = RunOptions(use_cache=True, jobs=1)
    build([project / "cards"], project / "generated", options=options)
    (project / "generated" / "pacg" / "__init__.py").unlink()
    report = build([project / "cards"], project / "generated", options=options)
    assert report.written == ["pacg/__init__.py"]
    assert tree(project / "generated") == cold_build(project, "cold")


def _checked(project: Path, options: RunOptions) -> None:
    check_paths([project / "cards"], options)


def _built_then_emptied(project: Path, options: RunOptions) -> None:
    build([project / "cards"], project / "generated", options=options)
    shutil.rmtree(project / "generated")


@pytest.mark.parametrize("before", [_checked, _built_then_emptied])
def test_a_build_whose_files_were_all_read_before_renders_in_workers(project, monkeypatch,
                                                                     before):
    """A check of the same cards, or a build into a folder emptied since, stored every
    file's round one and no module's text: the rendering is the build's work, and its
    workers take it (round two alone, after round one in the build's process), two jobs
    being a worker and the build's process itself."""
    monkeypatch.setattr(batch, "WORTH_A_WORKER", 1)
    options = RunOptions(use_cache=True, jobs=2)
    before(project, options)
    started: list[bool] = []  # for each start of the workers: whether round one was done
    start = batch._started

    def counted(*args: Any) -> Any:
        started.append(args[5] is not None)
        return start(*args)

    monkeypatch.setattr(batch, "_started", counted)
    report = build([project / "cards"], project / "generated", options=options)
    assert started == [True]
    assert report.written and tree(project / "generated") == cold_build(project, "cold")


@pytest.mark.parametrize(("processes", "sizes", "stretches"), [
    (2, [5] * 7, [(0, 7)]),
    (3, [5] * 7, [(0, 4), (4, 7)]),
    (4, [1, 1, 1, 1, 4, 4], [(0, 5), (5, 6)]),
    (4, [9], [(0, 1), (1, 1)])])
def test_each_file_of_a_round_is_taken_once_from_both_ends_of_its_stretch(
        processes, sizes, stretches):
    """Two processes share a stretch of files of about as much text as the others, one
    from its start on, the other from its end back, however their turns fall."""
    import multiprocessing

    claims = batch._Claims(multiprocessing.get_context(), processes)
    claims.start(sizes)
    takers = {process: claims.taken(process) for process in range(processes)}
    taken: dict[int, list[int]] = {process: [] for process in takers}
    turns = [0, 1, 1, 0, 1, 2, 3, 3, 2, 0, 0, 0, 1, 2, 3] * len(sizes)
    for process in turns:
        if process in takers:
            place = next(takers[process], None)
            if place is not None:
                taken[process].append(place)
    assert sorted(place for places in taken.values() for place in places) == list(
        range(len(sizes)))
    for process, places in taken.items():
        first, end = stretches[process // 2]
        assert all(first <= place < end for place in places)
        assert places == sorted(places, reverse=process % 2 == 1)


def test_a_worker_sends_its_results_every_few_files_with_those_made_for_the_store(
        project, monkeypatch):
    """The build's process takes in a worker's results while the round goes on, not all at
    its end: a part every few files (whenever its end of the pipe has room), each with the
    store's entries made for those files, then word that the round is done."""
    import multiprocessing
    import threading

    monkeypatch.setattr(batch, "_SENT_EVERY", 3)
    files = [(name, text, batch.file_key(name, text)) for _, name, text
             in build_module.read_paths([project / "cards"], [], {})]
    claims = batch._Claims(multiprocessing.get_context(), 2)
    claims.start([len(text) for _, text, _ in files])
    ours, theirs = multiprocessing.Pipe()
    worker = threading.Thread(target=batch._serve,
                              args=(theirs, 1, claims, files, True, {}, None, None))
    worker.start()
    ours.send(("read", list(range(len(files)))))
    parts = []
    while (message := ours.recv())[0] == "results":
        parts.append(message[1])
    ours.send(("stop",))
    worker.join()
    assert message == ("done", None)
    assert len(parts) > 1 and all(len(done) >= 3 for done, _ in parts[:-1])
    assert sorted(index for done, _ in parts for index, _ in done) == list(range(len(files)))
    for done, fresh in parts:
        assert sorted(fresh) == sorted(files[index][2] for index, _ in done)
        assert all(json.loads(fresh[files[index][2]]) == summary.to_data()
                   for index, summary in done)


@pytest.mark.parametrize("failure", ["raises", "dies"])
def test_a_worker_s_failure_ends_the_run_with_its_cause_and_leaves_no_worker(
        project, monkeypatch, failure):
    """A worker that fails in the middle of a round, after it sent some of its results,
    fails the run: with what it raised (its traceback the cause, which the command shows
    only when asked), or with word that it ended when it died; and no worker outlives the
    run."""
    import multiprocessing

    monkeypatch.setattr(batch, "WORTH_A_WORKER", 0)
    monkeypatch.setattr(batch, "_SENT_EVERY", 1)
    parent = os.getpid()
    summary_at = batch.FileWork.summary_at
    calls = 0

    def failing(work: batch.FileWork, index: int) -> batch.FileSummary:
        nonlocal calls
        calls += 1
        if os.getpid() != parent and calls > 3:  # in the worker, once it has sent results
            if failure == "dies":
                os._exit(1)
            raise RuntimeError("the card reader broke")
        return summary_at(work, index)

    monkeypatch.setattr(batch.FileWork, "summary_at", failing)
    with pytest.raises(batch.WorkerError) as failed:
        build([project / "cards"], project / "generated",
              options=RunOptions(use_cache=True, jobs=2))
    if failure == "raises":  # what it raised, its traceback the cause
        assert str(failed.value) == "RuntimeError: the card reader broke"
        assert "Traceback" in str(failed.value.__cause__) and "failing" in str(
            failed.value.__cause__)
    else:
        assert str(failed.value) == "a worker process ended unexpectedly"
    assert not multiprocessing.active_children()
    assert not (project / "generated").exists()


def test_a_file_s_syntax_tree_is_let_go_once_its_round_two_is_done(project):
    """Nothing asks for a file's tree after its round two: it is freed there, while the
    round goes on, not all of them together after it (in the build's own process, which
    no other process shares)."""
    files = [(name, text, batch.file_key(name, text)) for _, name, text
             in build_module.read_paths([project / "cards"], [], {})]
    work = batch.FileWork(files, render=True, keep=False, stored=None)
    summaries = work.read(lambda count: None)
    assert len(work.parsed) == len(files)
    pools = {summary.game: Pool.of([card for other in summaries if other.game == summary.game
                                    for card in other.cards])
             for summary in summaries if summary.game is not None}
    outcomes = work.finish(pools, lambda count: None)
    assert not work.parsed
    assert sum(module is not None for outcome in outcomes for module in outcome.modules) > 0


def test_a_worker_waits_to_send_while_its_end_of_the_pipe_is_full():
    """What the system says of the pipe, asked without waiting: no room while the other
    end has not taken in what was sent, room again once it has."""
    import multiprocessing

    ours, theirs = multiprocessing.Pipe()
    os.set_blocking(theirs.fileno(), False)  # a send that would wait fails instead
    room = batch._room_to_send(theirs)
    assert room()
    sent = 0
    while room():
        theirs.send_bytes(b"x" * 4096)
        sent += 1
    for _ in range(sent):
        ours.recv_bytes()
    assert sent > 1 and room()


def test_a_kind_of_entry_keeps_only_those_written_last(project):
    stored = Cache(project, "probe", keep=3)
    for number in range(6):
        stored.put(f"key {number}", number)
    assert [stored.get(f"key {number}") for number in range(6)] == [None, None, None, 3, 4, 5]


def test_edits_do_not_make_the_cache_grow(project):
    """A run record is kept under the names of the files run on, so an edit replaces it;
    records of other sets of files are kept up to RUNS_KEPT, and the files' results are one
    entry."""
    options = RunOptions(use_cache=True, jobs=1)
    path = project / "cards" / "pacg" / "monsters.card"
    original = path.read_text()
    for difficulty in range(9, 9 + 2 * build_module.RUNS_KEPT):
        path.write_text(original.replace("Check: Combat 8", f"Check: Combat {difficulty}", 1))
        check_paths([project / "cards"], options)
    assert len(list((project / CACHE_DIR / "runs").glob("*.json"))) == 1
    for card_file in sorted((project / "cards" / "pacg").glob("*.card"))[
            :2 * build_module.RUNS_KEPT]:
        check_paths([card_file], options)
    assert len(list((project / CACHE_DIR / "runs").glob("*.json"))) == build_module.RUNS_KEPT
    assert len(list((project / CACHE_DIR / "results").glob("*.json"))) == 1


def test_an_older_compilers_kinds_of_entry_are_removed(project):
    old = project / CACHE_DIR / "modules"
    old.mkdir(parents=True)
    (old / "entry.json").write_text("{}")
    check_paths([project / "cards"], RunOptions(use_cache=True, jobs=1))
    assert not old.exists() and (project / CACHE_DIR / "results").is_dir()


def test_without_a_cache_results_are_not_encoded_for_it(project, monkeypatch):
    encoded = []
    monkeypatch.setattr(batch, "compact_json", lambda data: encoded.append(data) or "")
    assert check_paths([project / "cards"], RunOptions(use_cache=False, jobs=1)).card_count
    assert encoded == []
    check_paths([project / "cards"], RunOptions(use_cache=True, jobs=1))
    assert encoded  # the same run with a cache stores its results


# `explain` and `play` of one file: the file's cards kept, the rest from the cache, and the
# modules the cache answers for read from generated/ where they are as the build wrote them.

A_FILE_OF_EACH_GAME = ["pacg/henchmen.card", "ucg/effects.card", "ose/encounters.card",
                       "random-encounters/level-2-bosses.card", "gloomhaven/monsters.card"]


def _logs(tried: Any) -> list[tuple[str, str]]:
    return [(name, log.text()) for name, log in tried.logs]


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_file_explained_and_played_with_the_cache_is_as_without_it(project, monkeypatch,
                                                                     jobs):
    """Cold (the cache empty), then warm: the same cards and programs as the library's run,
    which keeps every card, and the same trials."""
    from compiler.play import try_cards
    from compiler.targets import read_target

    monkeypatch.setattr(batch, "WORTH_A_WORKER", 0)
    options = RunOptions(use_cache=True, jobs=jobs)
    for file in A_FILE_OF_EACH_GAME:
        target = str(project / "cards" / file)
        expected = read_target(target)
        assert expected.cards
        for _ in range(2):
            picked = read_target(target, options)
            assert [(repr(card), program) for card, program in picked.cards] == [
                (repr(card), program) for card, program in expected.cards]
            assert diagnostics_of(picked.compilation) == diagnostics_of(expected.compilation)
            assert picked.compilation.programs == [program for _, program in picked.cards]
        assert _logs(try_cards(target, 2, options, project / "generated")) == _logs(
            try_cards(target, 2))


def test_a_file_played_after_a_build_renders_its_own_cards_only(project, monkeypatch):
    """The other cards' modules are read from generated/, each where it has the digest the
    cache gives; one that does not (edited by hand, or missing) has its card rendered."""
    from compiler.play import try_cards

    options = RunOptions(use_cache=True, jobs=1)
    assert build([project / "cards"], project / "generated", options=options).compilation.ok
    target = str(project / "cards" / "pacg" / "henchmen.card")
    expected = _logs(try_cards(target, 3))
    own = [name for name, _ in expected]  # a trial a card
    rendered: list[str] = []
    render = python_backend.render_card
    monkeypatch.setattr(python_backend, "render_card",
                        lambda program: rendered.append(program["name"]) or render(program))
    assert _logs(try_cards(target, 3, options, project / "generated")) == expected
    assert rendered == own
    changed = project / "generated" / "pacg" / "bog_lurker.py"  # monsters of another file
    changed.write_text(changed.read_text() + "\n# edited\n")
    (project / "generated" / "pacg" / "tunnel_crawler.py").unlink()
    rendered.clear()
    assert _logs(try_cards(target, 3, options, project / "generated")) == expected
    assert "Bog Lurker" in rendered and "Tunnel Crawler" in rendered
    # Their file's cards are rendered again, as a file is the unit of work; no other's.
    beside = re.findall(r"^Name: (.+)$", (project / "cards" / "pacg" / "monsters.card")
                        .read_text(), re.MULTILINE)
    assert set(rendered) <= {*own, *beside}


def test_a_scenario_played_with_the_cache_is_as_without_it(project):
    from compiler.play import DEMO_SCENARIO, play

    expected = play(DEMO_SCENARIO, 5).log.text()
    options = RunOptions(use_cache=True, jobs=1)
    for built in (None, project / "generated", None):  # cold, warm with no build, built
        assert play(DEMO_SCENARIO, 5, options=options, built=built).log.text() == expected
        build([project / "cards"], project / "generated", options=options)
