"""Finds card files, runs them through every stage, and writes or verifies generated/.

`check_paths` parses and checks; `compile_paths` also lowers to IR and renders
modules; `build` writes them, each file atomically, or with check_only tells
which files are stale.  Card files are read in sorted order and cards kept in
file order, so the same cards always give the same bytes.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from compiler import ast, ir
from compiler.backends import python as python_backend
from compiler.check import Pool, check_cards
from compiler.diagnostics import Diagnostic, did_you_mean, error, has_errors
from compiler.format import format_file
from compiler.games import GAMES
from compiler.lower import lower_card
from compiler.syntax import parse_source
from compiler.syntax.source import SourceText

CARD_SUFFIX = ".card"


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


def find_card_files(paths: Sequence[str | Path]) -> tuple[list[Path], list[Diagnostic]]:
    """The .card files named, and those under the directories named, in sorted order."""
    found: list[Path] = []
    diagnostics = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(sorted(path.rglob(f"*{CARD_SUFFIX}")))
        elif path.is_file():
            found.append(path)
        else:
            span = ast.Span(display_path(path), 1, 1, 1, 1)
            diagnostics.append(error("CW100", span, f"no such file or directory: {raw}"))
    unique = sorted(set(found), key=lambda item: display_path(item))
    return unique, diagnostics


def display_path(path: Path) -> str:
    """The path as diagnostics and generated code show it: relative to the working directory
    where it can be, with forward slashes."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def check_paths(paths: Sequence[str | Path]) -> Compilation:
    """Parse and check every card under `paths`."""
    files, diagnostics = find_card_files(paths)
    result = Compilation(diagnostics=diagnostics)
    cards_by_game: dict[str, list[tuple[ast.Card, str]]] = {}
    broken_by_game: dict[str, list[str]] = {}
    for path in files:
        name = display_path(path)
        text, read_errors = _read(path, name)
        if text is None:
            result.diagnostics.extend(read_errors)
            continue
        result.sources[name] = text
        parsed = parse_source(SourceText(name, text), GAMES)
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
        result.outputs[f"{game}/__init__.py"] = python_backend.render_index(game, programs)
    return result


def build(paths: Sequence[str | Path], out: Path, check_only: bool = False) -> BuildReport:
    """Make `out` hold exactly the modules of the cards under `paths`; with check_only, only
    report which files differ.  Nothing is written when a card has an error."""
    report = BuildReport(compile_paths(paths))
    if not report.compilation.ok:
        return report
    wanted = report.compilation.outputs
    present = {path.relative_to(out).as_posix() for path in _managed_files(out)}
    for relative, text in sorted(wanted.items()):
        target = out / relative
        if relative in present and target.read_text(encoding="utf-8") == text:
            continue
        report.written.append(relative)
        if not check_only:
            _write_atomically(target, text)
    for relative in sorted(present - set(wanted)):
        report.removed.append(relative)
        if not check_only:
            (out / relative).unlink()
    return report


class ExplainError(Exception):
    """A card to explain that cannot be found; the message says what was asked for."""


@dataclass
class Explained:
    """The cards a PATH[::NAME] picks, each with its IR, or the diagnostics that stop them."""

    cards: list[tuple[ast.Card, ir.Program]]
    diagnostics: list[Diagnostic]
    sources: dict[str, str]


def explain_target(target: str) -> Explained:
    """The cards of `PATH` or the one of `PATH::CARD NAME`, compiled with the rest of the
    file's folder so that it may name the cards there."""
    raw_path, _, card_name = target.partition("::")
    path = Path(raw_path)
    if not path.is_file():
        raise ExplainError(f"no such card file: {raw_path}")
    name = display_path(path)
    compilation = compile_paths([path.parent])
    own = [item for item in compilation.diagnostics if item.span.file == name]
    if has_errors(own):
        return Explained([], own, compilation.sources)
    programs = {(program["source"]["file"], program["name"]): program
                for program in compilation.programs}
    cards = [(card, programs[(file, card.name)]) for card, file in compilation.cards
             if file == name and (file, card.name) in programs]
    if card_name:
        picked = [(card, program) for card, program in cards
                  if card.name.casefold() == card_name.strip().casefold()]
        if not picked:
            hint = did_you_mean(card_name, [card.name for card, _ in cards]) or ""
            raise ExplainError(f"{name} has no card named {card_name!r}. {hint}".strip())
        cards = picked
    return Explained(cards, [], compilation.sources)


@dataclass
class FormatReport:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    changed: dict[str, tuple[str, str]] = field(default_factory=dict)  # path -> (before, after)
    files: int = 0


def format_paths(paths: Sequence[str | Path], check_only: bool = False) -> FormatReport:
    """Rewrite each card file under `paths` in canonical form (with check_only, only tell
    which would change).  A file with any error is left alone and its errors reported.  As
    black does, every result is parsed again: if it would not mean the same, nothing is
    written and that is a bug (FormatterError)."""
    files, diagnostics = find_card_files(paths)
    report = FormatReport(diagnostics=diagnostics, files=len(files))
    for path in files:
        name = display_path(path)
        text, read_errors = _read(path, name)
        if text is None:
            report.diagnostics.extend(read_errors)
            continue
        report.sources[name] = text
        parsed = parse_source(SourceText(name, text), GAMES)
        if parsed.diagnostics or parsed.file is None:
            report.diagnostics.extend(parsed.diagnostics)
            continue
        formatted = format_file(parsed.file)
        again = parse_source(SourceText(name, formatted), GAMES)
        if again.diagnostics or again.file != parsed.file:
            raise FormatterError(f"formatting {name} would change what it means")
        if formatted != text:
            report.changed[name] = (text, formatted)
            if not check_only:
                _write_atomically(path, formatted)
    return report


class FormatterError(Exception):
    """The formatter's output does not parse back to the same cards: a bug in cardwright."""


def _read(path: Path, name: str) -> tuple[str | None, list[Diagnostic]]:
    try:
        return path.read_text(encoding="utf-8"), []
    except (OSError, UnicodeDecodeError) as exc:
        span = ast.Span(name, 1, 1, 1, 1)
        return None, [error("CW100", span, f"cannot read the file: {exc}")]


def _managed_files(out: Path) -> list[Path]:
    """The files a build owns in `out`: the Python modules of each game's folder."""
    if not out.is_dir():
        return []
    return sorted(path for path in out.glob("*/*.py"))


def _write_atomically(target: Path, text: str) -> None:
    """Write to a temporary file beside the target, then rename it into place, so a reader
    never sees half a module."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
