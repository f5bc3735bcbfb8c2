"""How much of some card text cardwright covers, stage by stage: of the cards and of their
sentences, how many parse, pass check, compile, and run in the runtime.

A card runs when its game's runtime has a trial (`compiler.runtime.<game>.trial`) and the
trial of the card raises nothing: a bane encountered, a boon played.  A sentence passes a
stage when no error of that stage lies within it and, from compiling on, its card passes.
The sentences that do not parse are grouped by shape (numbers and dice made `N`, the card's
own name made `NAME`), most frequent first, so the next rule to write is the one at the top.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.build import Compilation, RunOptions, compile_paths
from compiler.diagnostics import Diagnostic, Severity
from compiler.games import GAMES
from compiler.syntax.frame import read_frame, split_sentences
from compiler.syntax.source import SourceText

STAGES = ("parsed", "checked", "compiled", "ran")
SHOWN_SHAPES = 25
_DICE = re.compile(r"\b\d*d\d+(?:\s*[+-]\s*\d+)?\b", re.IGNORECASE)
_NUMBER = re.compile(r"(?<![\w])[+-]?\d+\b")


@dataclass
class Tally:
    total: int = 0
    parsed: int = 0
    checked: int = 0
    compiled: int = 0
    ran: int = 0

    def add(self, reached: int) -> None:
        """Count one item that reached the first `reached` stages."""
        self.total += 1
        for stage in STAGES[:reached]:
            setattr(self, stage, getattr(self, stage) + 1)

    def to_data(self) -> dict[str, int]:
        return {"total": self.total, **{stage: getattr(self, stage) for stage in STAGES}}


@dataclass
class Shape:
    shape: str
    count: int
    example: str  # file:line: the first sentence of this shape


@dataclass
class Report:
    cards: Tally = field(default_factory=Tally)
    sentences: Tally = field(default_factory=Tally)
    shapes: list[Shape] = field(default_factory=list)
    run_failures: list[tuple[str, int]] = field(default_factory=list)  # reason, cards
    # What stops a path being measured: it cannot be read, or it is no card file of a game
    # cardwright plays (no `Game:` line, a game it does not know).
    unmeasured: list[Diagnostic] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        return {"cards": self.cards.to_data(), "sentences": self.sentences.to_data(),
                "failing_shapes": [{"shape": shape.shape, "count": shape.count,
                                    "example": shape.example} for shape in self.shapes],
                "run_failures": [{"reason": reason, "cards": count}
                                 for reason, count in self.run_failures]}


def measure(paths: Sequence[str | Path], progress: Callable[[int], Callable[[int], None]]
            ) -> Report:
    compilation = compile_paths(paths, RunOptions(use_cache=False, keep=True,
                                                  progress=progress))
    ran, failures = _trials(compilation)
    report = Report(unmeasured=[item for item in compilation.diagnostics
                                if item.code == "CW100"])
    report.run_failures = failures.most_common()
    compiled = {(program["source"]["file"], program["name"]) for program in compilation.programs}
    shapes: Counter[str] = Counter()
    examples: dict[str, str] = {}
    errors = _errors_by_file(compilation.diagnostics)
    for name, text in compilation.sources.items():
        source = SourceText(name, text)
        frame, _ = read_frame(source)
        if frame is None or frame.game not in GAMES:
            report.unmeasured.extend(errors.get(name, []))
            continue
        offsets = [(_offset(source, item), item.code) for item in errors.get(name, [])]
        for card in frame.cards:
            card_name = next((header.value for header in card.headers
                              if header.field.casefold() == "name"), "")
            card_reached = _reached(offsets, card.start, card.end, (name, card_name) in compiled,
                                    (frame.game, card_name) in ran)
            report.cards.add(card_reached)
            if card.rules is None:
                continue
            for start, sentence in split_sentences(text, *card.rules):
                own = _reached(offsets, start, start + len(sentence), True, True)
                # Past checking, a sentence goes as far as its card: it compiles with it.
                reached = own if own < 4 else max(2, card_reached)
                report.sentences.add(reached)
                if reached == 0:
                    shape = shape_of(sentence, card_name)
                    shapes[shape] += 1
                    line = source.position(start)[0]
                    examples.setdefault(shape, f"{name}:{line}: {sentence}")
    report.shapes = [Shape(shape, count, examples[shape])
                     for shape, count in shapes.most_common(SHOWN_SHAPES)]
    return report


def shape_of(sentence: str, card_name: str) -> str:
    """A sentence with what varies from card to card taken out."""
    text = " ".join(sentence.split())
    if card_name:
        text = re.sub(re.escape(card_name), "NAME", text, flags=re.IGNORECASE)
    text = _DICE.sub("NdN", text)
    return _NUMBER.sub("N", text)


def _reached(errors: list[tuple[int, str]], start: int, end: int, compiled: bool,
             ran: bool) -> int:
    """How many stages a stretch of text passed: 0 if an error of parsing lies in it, 1 if
    one of checking does, then 2, 3 or 4 as its card compiled and ran."""
    codes = [code for offset, code in errors if start <= offset < end]
    if any(code.startswith("CW1") for code in codes):
        return 0
    if any(code.startswith("CW2") for code in codes):
        return 1
    if not compiled:
        return 2
    return 4 if ran else 3


def _errors_by_file(diagnostics: list[Diagnostic]) -> dict[str, list[Diagnostic]]:
    found: dict[str, list[Diagnostic]] = {}
    for item in diagnostics:
        if item.severity is Severity.ERROR:
            found.setdefault(item.span.file, []).append(item)
    return found


def _offset(source: SourceText, item: Diagnostic) -> int:
    return source.line_starts[item.span.line - 1] + item.span.col - 1


def _trials(compilation: Compilation) -> tuple[set[tuple[str, str]], Counter[str]]:
    """The (game, name) of each compiled card whose trial ran clean, and the reasons of
    those that did not."""
    from compiler.play import load_cards

    ran: set[tuple[str, str]] = set()
    failures: Counter[str] = Counter()
    for game in sorted({program["game"] for program in compilation.programs}):
        trial = GAMES[game].trial()
        cards = load_cards(compilation, game)
        for name in cards:
            try:
                trial(cards, name)
            except Exception as exc:  # whatever stops the runtime is what coverage reports
                failures[f"{type(exc).__name__}: {exc}"[:120]] += 1
            else:
                ran.add((game, name))
    return ran, failures


def render_text(report: Report) -> str:
    lines = ["stage       cards            sentences"]
    for stage in ("total", *STAGES):
        cells = []
        for tally in (report.cards, report.sentences):
            count = getattr(tally, stage)
            share = f"{100 * count / tally.total:5.1f}%" if tally.total else "    -"
            cells.append(f"{count:6d} {share}")
        lines.append(f"{stage:<10}{cells[0]:>16}   {cells[1]:>16}")
    if report.shapes:
        lines += ["", f"the {len(report.shapes)} most frequent sentence shapes that do not parse:"]
        lines += [f"{shape.count:6d}  {shape.shape}\n        e.g. {shape.example}"
                  for shape in report.shapes]
    if report.run_failures:
        lines += ["", "why compiled cards did not run:"]
        lines += [f"{count:6d}  {reason}" for reason, count in report.run_failures]
    return "\n".join(lines) + "\n"

