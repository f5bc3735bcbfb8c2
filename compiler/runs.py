"""The record of the last run over a set of card files, for the next run over the same files.

A designer edits one card and saves, and the build or check that follows reads the same
files as the last one with one of them changed.  Taking the other files' results from the
cache still meant decoding all of them and making the game's pool again from every card, the
larger part of a one-card build of 10,000 cards.  So each run leaves a record of what it
found, file by file, under the names of the files it read (and whether it rendered): a run
whose files all have the texts on record takes every result from it (a repeated check,
`build --check` after a build), and one in which a few files changed reads and finishes only
those, against the pools on record, when what they tell the other files' checks is the same
(compiler.build, `_reuse`).

The record is text, a line a file, so that a run that changed a few files encodes only
theirs: a first line with the games' index modules, a second with the games' pools, then
for each file its key, what the run found in it (FileResult) and what the checks of other
files knew of it (`facts_of`), separated by tabs.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Mapping, Sequence
from typing import Any, NamedTuple

from compiler import batch
from compiler.cache import Cache, compact_json
from compiler.check import Pool
from compiler.diagnostics import Diagnostic


class FileResult(NamedTuple):
    """What a run found in one file: its number of cards, its diagnostics in the order they
    are shown, and the modules of its sound cards."""

    card_count: int
    diagnostics: list[Diagnostic]
    modules: list[batch.Module]

    def to_data(self) -> list[Any]:
        return [self.card_count, [item.to_data() for item in self.diagnostics],
                [module.to_data() for module in self.modules]]

    @classmethod
    def from_data(cls, data: list[Any]) -> FileResult:
        card_count, diagnostics, modules = data
        return cls(card_count, [Diagnostic.from_data(item) for item in diagnostics],
                   [batch.Module(*module) for module in modules])


def facts_of(summary: batch.FileSummary) -> str:
    """All that the checks of other files know of a file, as text to compare with the
    record's: its game, its cards' names, types and traits, and the names of the cards that
    could not be read.  Not where they stand: an edit that moves a card changes nothing for
    the others."""
    return compact_json([summary.game,
                         [[card.name, card.type, card.traits] for card in summary.cards],
                         summary.broken])


class RunRecord(NamedTuple):
    """A run's record (see the module's docstring): each file's key, result and facts as
    text, decoded only when a run uses them."""

    indexes: str  # the games' index modules, as a FileResult's modules
    pools: str  # each game's pool (Pool.to_data)
    keys: list[str]
    results: list[str]
    facts: list[str]

    @classmethod
    def read(cls, cache: Cache, key: str) -> RunRecord | None:
        text = cache.get_text(key)
        if text is None:
            return None
        indexes, pools, *files = text.split("\n")
        keys, results, facts = [], [], []
        for line in files:
            file_key, result, file_facts = line.split("\t")
            keys.append(file_key)
            results.append(result)
            facts.append(file_facts)
        return cls(indexes, pools, keys, results, facts)

    @classmethod
    def of(cls, files: Sequence[batch.KeyedFile], results: Sequence[FileResult],
           summaries: Sequence[batch.FileSummary], pools: Mapping[str, Pool],
           indexes: Sequence[batch.Module]) -> RunRecord:
        return cls(compact_json([module.to_data() for module in indexes]),
                   compact_json({game: pool.to_data() for game, pool in pools.items()}),
                   [key for _, _, key in files],
                   [compact_json(result.to_data()) for result in results],
                   [facts_of(summary) for summary in summaries])

    def write(self, cache: Cache, key: str) -> None:
        cache.put_text(key, "\n".join([self.indexes, self.pools, *map(
            "\t".join, zip(self.keys, self.results, self.facts, strict=True))]))

    def changed(self, files: Sequence[batch.KeyedFile], results: Mapping[int, FileResult]
                ) -> RunRecord:
        """The record of a run over the same files, in which those at the places of
        `results` changed and told the others nothing new (the same facts and indexes)."""
        encoded = list(self.results)
        for index, result in results.items():
            encoded[index] = compact_json(result.to_data())
        return self._replace(keys=[key for _, _, key in files], results=encoded)

    def file_results(self) -> list[FileResult]:
        """Every file's result, decoded at once."""
        return [FileResult.from_data(data) for data in json.loads(f"[{','.join(self.results)}]")]

    def index_modules(self) -> list[batch.Module]:
        return [batch.Module(*module) for module in json.loads(self.indexes)]

    def game_pools(self, games: Collection[str | None]) -> dict[str, Pool]:
        """The pools of `games` (made again from their data, which takes a while)."""
        return {game: Pool.from_data(data) for game, data in json.loads(self.pools).items()
                if game in games}
