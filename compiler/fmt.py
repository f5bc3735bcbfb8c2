"""The fmt command's work: read card files, write each in canonical form, and prove first that
the new text means what the old one did."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from compiler.build import parse_paths
from compiler.diagnostics import Diagnostic
from compiler.files import write_atomically
from compiler.format import format_file
from compiler.games import GAMES
from compiler.syntax import parse_source
from compiler.syntax.source import SourceText


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
    report = FormatReport()
    for parsed_file in parse_paths(paths, report.diagnostics, report.sources):
        report.files += 1
        path, name, text, parsed = (parsed_file.path, parsed_file.name, parsed_file.text,
                                    parsed_file.result)
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
                write_atomically(path, formatted)
    return report


class FormatterError(Exception):
    """The formatter's output does not parse back to the same cards: a bug in cardwright."""
