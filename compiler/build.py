"""Runs card files through every stage, and writes or verifies generated/.

`check_paths` parses and checks; `compile_paths` also lowers to IR and renders
modules; `build` writes them, the whole folder at once, or with check_only
tells which files are stale.  Card files are read in the order of their names
and cards kept in file order, so the same cards always give the same bytes.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from compiler import ast, ir
from compiler.backends import python as python_backend
from compiler.check import Pool, check_cards
from compiler.diagnostics import Diagnostic, error, has_errors
from compiler.files import display_path, find_card_files, read_card_file, replace_tree
from compiler.games import GAMES
from compiler.lower import lower_card
from compiler.syntax import ParseResult, parse_source
from compiler.syntax.source import SourceText


@dataclass
class Compilation:
    """What a run over some card files found: every diagnostic, the source texts (to quote
    them), the number of cards, and the checked cards with their file names."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    card_count: int = 0
    cards: list[tuple[ast.Card, str]] = field(default_factory=list)
    # For each game, how text may name each of its cards (check.shared.card_names), including
    # cards that could not be read.
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    programs: list[ir.Program] = field(default_factory=list)
    outputs: dict[str, str] = field(default_factory=dict)  # output path -> module text

    @property
    def ok(self) -> bool:
        return not has_errors(self.diagnostics)


@dataclass
class BuildReport:
    compilation: Compilation
    written: list[str] = field(default_factory=list)  # files written or, checking, stale
    removed: list[str] = field(default_factory=list)  # files removed or, checking, extra


@dataclass(frozen=True)
class ParsedFile:
    path: Path
    name: str  # as diagnostics show it
    text: str
    result: ParseResult


def parse_paths(paths: Sequence[str | Path], diagnostics: list[Diagnostic],
                sources: dict[str, str]) -> Iterator[ParsedFile]:
    """Read and parse each card file under `paths`, in the order of their names, adding what
    cannot be read to `diagnostics` and each text read to `sources`."""
    files, missing = find_card_files(paths)
    diagnostics.extend(missing)
    for path in files:
        name = display_path(path)
        text, read_errors = read_card_file(path, name)
        diagnostics.extend(read_errors)
        if text is not None:
            sources[name] = text
            yield ParsedFile(path, name, text, parse_source(SourceText(name, text), GAMES))


def check_paths(paths: Sequence[str | Path]) -> Compilation:
    """Parse and check every card under `paths`."""
    result = Compilation()
    cards_by_game: dict[str, list[tuple[ast.Card, str]]] = {}
    broken_by_game: dict[str, list[str]] = {}
    for parsed_file in parse_paths(paths, result.diagnostics, result.sources):
        name, parsed = parsed_file.name, parsed_file.result
        result.diagnostics.extend(parsed.diagnostics)
        result.card_count += parsed.card_count
        if parsed.file is not None:
            cards_by_game.setdefault(parsed.file.game, []).extend(
                (card, name) for card in parsed.file.cards)
            broken_by_game.setdefault(parsed.file.game, []).extend(parsed.broken_names)
    for game, entries in cards_by_game.items():
        pool = Pool.of((card for card, _ in entries), broken_by_game[game])
        result.names[game] = dict(pool.names)
        for (card, name), card_diagnostics in zip(
                entries, check_cards([card for card, _ in entries], pool,
                                     GAMES[game].check_card), strict=True):
            result.diagnostics.extend(card_diagnostics)
            if not has_errors(card_diagnostics):
                result.cards.append((card, name))
    return result


def compile_paths(paths: Sequence[str | Path]) -> Compilation:
    """Check every card under `paths`, then lower the sound ones and render their modules."""
    result = check_paths(paths)
    by_path: dict[str, ir.Program] = {}
    for card, name in result.cards:
        program = lower_card(card, name, result.names[card.game])
        path = python_backend.module_path(program)
        if path in by_path:
            result.diagnostics.append(error(
                "CW300", card.span,
                f"'{card.name}' and '{by_path[path]['name']}' would both be written to {path}",
                "rename one of the cards"))
            continue
        by_path[path] = program
        result.programs.append(program)
        result.outputs[path] = python_backend.render_card(program)
    for game in sorted({program["game"] for program in result.programs}):
        programs = [program for program in result.programs if program["game"] == game]
        result.outputs[f"{python_backend.package_name(game)}/__init__.py"] = \
            python_backend.render_index(game, programs)
    return result


def build(paths: Sequence[str | Path], out: Path, check_only: bool = False) -> BuildReport:
    """Make `out` hold exactly the modules of the cards under `paths`; with check_only, only
    report which files differ.  Nothing is written when a card has an error."""
    report = BuildReport(compile_paths(paths))
    if not report.compilation.ok:
        return report
    wanted = report.compilation.outputs
    present = sorted(path.relative_to(out).as_posix() for path in out.glob("*/*.py")) \
        if out.is_dir() else []
    report.written = [relative for relative, text in sorted(wanted.items())
                      if relative not in present
                      or (out / relative).read_text(encoding="utf-8") != text]
    report.removed = [relative for relative in present if relative not in wanted]
    if not check_only and (report.written or report.removed):
        replace_tree(out, wanted, present)
    return report
