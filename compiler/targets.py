"""The cards a command names as `PATH[::CARD NAME]` (`explain`, and `play` of a card):
those of one card file, or the one of that name, compiled with the cards beside the file
so that they may name them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from compiler import ast, ir
from compiler.build import IN_PROCESS, Compilation, RunOptions, compile_paths
from compiler.diagnostics import Diagnostic, did_you_mean, has_errors
from compiler.files import display_path, project_card_folder


class TargetError(Exception):
    """A card named that cannot be found; the message says what was asked for."""


@dataclass
class Target:
    """The cards a PATH[::NAME] picks, each with its IR, or the diagnostics that stop them;
    and the compilation they are of, with the cards beside them (to load and play them)."""

    cards: list[tuple[ast.Card, ir.Program]]
    diagnostics: list[Diagnostic]
    sources: dict[str, str]
    compilation: Compilation


def read_target(target: str, options: RunOptions = IN_PROCESS) -> Target:
    """The cards of `PATH` or the one of `PATH::CARD NAME`, compiled with the cards beside
    it so that it may name them: its project's card folder, as `check` reads it, or outside
    a project its own folder.  The file is named too: one not called `.card` is read as
    `check` reads it when named, not left out with the folder's other files.  The file's
    own cards are kept with their programs whatever `options` say; the commands run with the
    cache, which answers for the cards beside it."""
    raw_path, _, card_name = target.partition("::")
    path = Path(raw_path)
    if not path.is_file():
        raise TargetError(f"no such card file: {raw_path}")
    name = display_path(path)
    compilation = compile_paths([project_card_folder(path) or path.parent, path], options,
                                kept={name})
    own = [item for item in compilation.diagnostics if item.span.file == name]
    if has_errors(own):
        # Its own text alone (none if it could not be read): the summary counts its files.
        return Target([], own, {file: text for file, text in compilation.sources.items()
                                if file == name}, compilation)
    programs = {(program["source"]["file"], program["name"]): program
                for program in compilation.programs}
    cards = [(card, programs[(file, card.name)]) for card, file in compilation.cards
             if file == name and (file, card.name) in programs]
    if card_name:
        picked = [(card, program) for card, program in cards
                  if ast.name_key(card.name) == ast.name_key(card_name.strip())]
        if not picked:
            hint = did_you_mean(card_name, [card.name for card, _ in cards]) or ""
            raise TargetError(f"{name} has no card named {card_name!r}. {hint}".strip())
        cards = picked
    return Target(cards, [], compilation.sources, compilation)
