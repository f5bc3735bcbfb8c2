"""The work of check and build over many card files, in two rounds.

Round one reads each file: parses it and sums up each card as the checks of other cards
see it (check.CardFacts).  Between the rounds the facts of every file make each game's
pool.  Round two finishes each file against its game's pool: checks its cards, and, when
building, lowers and renders the sound ones.

Each round's result for a file is kept under a key made of the file's name and text (and,
for round two, the pool's fingerprint), so an unchanged file costs a lookup, and an edited
one leaves the other files' results standing unless it changes the pool (a card's name, type
or traits).  All files' results are one cache entry (Stored), read once and written once a
run.  With `jobs` processes (this one and its workers), each round's files are taken as the
processes go, two processes to a stretch of them, one from each end (_Claims); a process
keeps the syntax trees of the files it read in round one for round two, and reads again
the few it takes in round two that another read.
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import json
import re
import select
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from compiler import ast, ir
from compiler.cache import compact_json, key_of, project_cache
from compiler.check import CardFacts, Pool, check_card
from compiler.diagnostics import Diagnostic, has_errors
from compiler.files import TreeWriter
from compiler.games import GAMES
from compiler.syntax import ParseResult, parse_source
from compiler.syntax.source import SourceText

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

Progress = Callable[[int], None]  # told how many more files are done
# Files a worker does before it sends their results (and so its progress), when its end of
# the pipe has room (_room_to_send): few, so that the last of a round's results cross soon
# after its last file is done.
_SENT_EVERY = 16
WORTH_A_WORKER = 20  # files to read for each worker, below which one process does all


@dataclass
class FileSummary:
    """Round one's result for a file."""

    game: str | None
    card_count: int
    cards: list[CardFacts]  # of the cards read whole, in order
    broken: list[str]  # names of the cards that could not be read
    diagnostics: list[Diagnostic]

    def to_data(self) -> dict[str, Any]:
        return {"game": self.game, "card_count": self.card_count, "broken": self.broken,
                "cards": [[card.name, card.type, list(card.traits), _span_data(card.span),
                           _span_data(card.name_span)] for card in self.cards],
                "diagnostics": [item.to_data() for item in self.diagnostics]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> FileSummary:
        cards = [CardFacts(name, card_type, tuple(traits), ast.Span(*span), ast.Span(*name_span))
                 for name, card_type, traits, span, name_span in data["cards"]]
        return cls(data["game"], data["card_count"], cards, data["broken"],
                   [Diagnostic.from_data(item) for item in data["diagnostics"]])


def module_digest(data: bytes) -> str:
    """The digest a module's text is known by (Module.digest), wherever its bytes are."""
    return hashlib.sha256(data).hexdigest()


class Module(NamedTuple):
    """A card's generated module.  Its text is not cached: a build writes only modules that
    changed, whose cards were rendered in the same run; one that finds a module to write
    with no text (generated/ emptied behind a warm cache) renders every card again.  A
    named tuple, since a build that renders one card makes all the others' from the cache."""

    path: str  # relative to the output folder
    name: str  # the card's
    ident: str
    digest: str  # sha256 of the text
    text: str | None = None  # when rendered in this run, and not staged
    # Written, by the process that rendered it, into the staging folder of the build's new
    # tree (FileWork.stage): the file's size and modification time, which the build's
    # record of the tree keeps (the folder is moved into place, its files untouched).
    staged: tuple[int, int] | None = None

    @classmethod
    def of(cls, path: str, name: str, ident: str, text: str,
           staged: tuple[int, int] | None = None) -> Module:
        """A staged module keeps no text: it would only be sent back from the worker that
        wrote it to the process that runs the build, which has nothing more to do with it
        (15 MB of text for the benchmark's 10,000 cards)."""
        return cls(path, name, ident, module_digest(text.encode()),
                   None if staged else text, staged)

    def to_data(self) -> list[str]:
        """What the cache keeps of it (`Module(*data)` makes it again)."""
        return [self.path, self.name, self.ident, self.digest]


@dataclass
class FileOutcome:
    """Round two's result for a file: one entry a card read whole, in order."""

    diagnostics: list[list[Diagnostic]]  # each card's check diagnostics
    modules: list[Module | None]  # each card's module (building, and the card sound)
    # Only when asked to keep them (never cached): the cards and their programs.
    cards: list[ast.Card] = field(default_factory=list)
    programs: list[ir.Program | None] = field(default_factory=list)

    def to_data(self) -> dict[str, Any]:
        return {"diagnostics": [[item.to_data() for item in card] for card in self.diagnostics],
                "modules": [None if module is None else module.to_data()
                            for module in self.modules]}

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> FileOutcome:
        return cls([[Diagnostic.from_data(item) for item in card]
                    for card in data["diagnostics"]],
                   [None if module is None else Module(*module) for module in data["modules"]])


class Stored:
    """The results of every file of recent runs, by key, kept as one cache entry: a run reads
    it once and writes it once, since reading or writing an entry of its own for each file
    cost about as much as the work it saved.  Each result is kept as its JSON text, one line
    a result, so that it is decoded and encoded by the process that uses or makes it (a
    worker, in parallel) and the whole is written again without encoding the results it
    already held.  Results of earlier runs are kept beside this run's while there are fewer
    than MAX_STORED, so that runs over different paths do not undo each other's work."""

    def __init__(self, use_cache: bool) -> None:
        # One entry for this compiler, and one for the last (a branch checked out and back).
        self.cache = project_cache("results", keep=2) if use_cache else None
        self.key = key_of("results")
        text = self.cache.get_text(self.key) if self.cache is not None else None
        self.entries: dict[str, str] = dict(
            line.split("\t", 1) for line in (text or "").splitlines() if "\t" in line)
        self.fresh: dict[str, str] = {}
        self.used: set[str] = set()

    def note_used(self, keys: Iterable[str]) -> None:
        """The results of this run that were stored already (the others are `fresh`)."""
        self.used.update(key for key in keys if key in self.entries)

    def save(self) -> None:
        if self.cache is None or not self.fresh:
            return
        if len(self.entries) + len(self.fresh) <= MAX_STORED:
            kept = {**self.entries, **self.fresh}
        else:
            kept = {**{key: self.entries[key] for key in self.used}, **self.fresh}
        self.cache.put_text(self.key, "".join(f"{key}\t{text}\n" for key, text in kept.items()))


MAX_STORED = 50_000  # entries: two a file


# A card file: its name as diagnostics show it, its text, and the key of its results.
KeyedFile = tuple[str, str, str]


def file_key(name: str, text: str) -> str:
    return key_of("file", name, text)


def outcome_key(key: str, render: bool, pool: Pool | None) -> str:
    """The key of round two's result for the file whose round one is under `key`."""
    return key_of("outcome", key, str(render), pool.fingerprint if pool else "")


class FileWork:
    """Both rounds for some of the files, in whatever process it lives in; results already
    `stored` (their JSON, by key) are taken from there, and those made afresh are kept in
    `fresh` (unless keeping trees, which are not stored) for the store, a worker's until it
    sends them with its results.  With no store (`stored` None, no cache) nothing is looked
    up and nothing encoded."""

    def __init__(self, files: Sequence[KeyedFile], render: bool, keep: bool,
                 stored: Mapping[str, str] | None, stage: Path | None = None) -> None:
        self.files = list(files)
        self.render = render
        self.keep = keep
        # A build making its tree afresh (see build.build) has each module written as soon
        # as it is rendered, by the worker that rendered it: the disk's work then overlaps
        # the other workers' rendering rather than following all of it.
        self.stage = None if stage is None else TreeWriter(stage)
        self.storing = stored is not None
        self.stored = stored or {}
        self.fresh: dict[str, str] = {}
        self.keys = [key for _, _, key in self.files]
        self.parsed: dict[int, ParseResult] = {}
        self.summaries: dict[int, FileSummary] = {}  # round one's, by the file's place

    def read(self, progress: Progress) -> list[FileSummary]:
        """Round one for every file, in order."""
        summaries = []
        for index in range(len(self.files)):
            summaries.append(self.summary_at(index))
            progress(1)
        return summaries

    def finish(self, pools: Mapping[str, Pool], progress: Progress,
               render_again: frozenset[str] = frozenset()) -> list[FileOutcome]:
        """Round two for every file, in order (outcome_at)."""
        finished = []
        for index in range(len(self.files)):
            finished.append(self.outcome_at(index, pools, render_again))
            progress(1)
        return finished

    def summary_at(self, index: int) -> FileSummary:
        """Round one's result for the file at `index`: as stored, or made (and kept for the
        store), once."""
        summary = self.summaries.get(index)
        if summary is None:
            key = self.keys[index]
            stored = self.stored.get(key)
            if stored is not None:
                summary = FileSummary.from_data(json.loads(stored))
            else:
                summary = self._summary(self._parse(index))
                if self.storing:
                    self.fresh[key] = compact_json(summary.to_data())
            self.summaries[index] = summary
        return summary

    def outcome_at(self, index: int, pools: Mapping[str, Pool],
                   render_again: frozenset[str] = frozenset()) -> FileOutcome:
        """Round two's result for the file at `index`: as stored (stored_outcome), or made."""
        outcome = self.stored_outcome(index, pools, render_again)
        return outcome if outcome is not None else self.made(index, pools)

    def stored_outcome(self, index: int, pools: Mapping[str, Pool],
                       render_again: frozenset[str] = frozenset()) -> FileOutcome | None:
        """Round two's result for the file at `index` as stored; None when it is to be made:
        none is stored, or it has a module at one of the paths `render_again` (a build
        writing it needs its text, which the store does not keep)."""
        key = self._outcome_key(index, pools)
        stored = None if key is None else self.stored.get(key)
        outcome = None if stored is None else FileOutcome.from_data(json.loads(stored))
        if outcome is not None and render_again and any(
                module is not None and module.path in render_again
                for module in outcome.modules):
            return None
        return outcome

    def made(self, index: int, pools: Mapping[str, Pool]) -> FileOutcome:
        """Round two's result for the file at `index`, made afresh (and kept for the store).
        Its syntax tree is let go here, which nothing asks for again: freeing the trees of
        a process's files all at once, after the rounds, took 15 ms of the build's own
        process that no other process shares."""
        game = self.summary_at(index).game
        outcome = self._outcome(self._parse(index), pools.get(game) if game else None)
        self.parsed.pop(index)
        key = self._outcome_key(index, pools)
        if key is not None:
            self.fresh[key] = compact_json(outcome.to_data())
        return outcome

    def _outcome_key(self, index: int, pools: Mapping[str, Pool]) -> str | None:
        """Only a run with a store needs the key (and the pool's fingerprint in it)."""
        if not self.storing or self.keep:
            return None
        game = self.summary_at(index).game
        return outcome_key(self.keys[index], self.render, pools.get(game) if game else None)

    def _parse(self, index: int) -> ParseResult:
        if index not in self.parsed:
            name, text, _ = self.files[index]
            self.parsed[index] = parse_source(SourceText(name, text), GAMES)
        return self.parsed[index]

    @staticmethod
    def _summary(parsed: ParseResult) -> FileSummary:
        card_file = parsed.file
        return FileSummary(None if card_file is None else card_file.game, parsed.card_count,
                           [] if card_file is None else [CardFacts.of(c) for c in card_file.cards],
                           parsed.broken_names, parsed.diagnostics)

    def _outcome(self, parsed: ParseResult, pool: Pool | None) -> FileOutcome:
        from compiler.lower import lower_card

        outcome = FileOutcome([], [])
        if parsed.file is None or pool is None:
            return outcome
        game = GAMES[parsed.file.game]
        for card in parsed.file.cards:
            diagnostics = check_card(card, pool, game.check_card, game.self_nouns,
                                     game.self_fields)
            outcome.diagnostics.append(diagnostics)
            program = None
            if not has_errors(diagnostics) and (self.render or self.keep):
                program = lower_card(card, card.span.file, pool.names)
            outcome.modules.append(_module(program, self.stage) if program and self.render
                                   else None)
            if self.keep:
                outcome.cards.append(card)
                outcome.programs.append(program)
        return outcome


def _module(program: ir.Program, stage: TreeWriter | None) -> Module:
    """The card's module, written into `stage` too when there is one."""
    from compiler.backends import python as python_backend  # Jinja2: only when rendering

    path, text = python_backend.module_path(program), python_backend.render_card(program)
    staged = stage.write(path, text) if stage is not None else None
    return Module.of(path, program["name"], program["ident"], text, staged)


def _span_data(span: ast.Span) -> list[Any]:
    return [span.file, span.line, span.col, span.end_line, span.end_col]


# -- running the rounds, here or in worker processes -------------------------------------


def run(files: Sequence[KeyedFile], make_pools: Callable[[list[FileSummary]],
                                                        Mapping[str, Pool]],
        *, render: bool, keep: bool, use_cache: bool, jobs: int,
        progress: Progress, stage: Path | None = None,
        render_again: frozenset[str] = frozenset()
        ) -> tuple[list[FileSummary], list[FileOutcome]]:
    """Both rounds over `files`, with `make_pools` between them; results in file order;
    each module rendered written into `stage` (FileWork) when given, and the modules at
    the paths `render_again` rendered even if stored (FileWork.finish).  Worker processes are
    started only when there is work for them: a run whose files are nearly all in the cache
    is quicker here than the time it takes to start them."""
    with _collections_held_back():
        stored = Stored(use_cache)
        summaries, pools, outcomes, fresh = _run(files, make_pools,
                                                 stored.entries if use_cache else None,
                                                 render=render, keep=keep, jobs=jobs,
                                                 progress=progress, stage=stage,
                                                 render_again=render_again)
        stored.fresh = fresh
        stored.note_used(key for _, _, key in files)
        stored.note_used(outcome_key(key, render, pools.get(summary.game) if summary.game
                                     else None)
                         for (_, _, key), summary in zip(files, summaries, strict=True))
        stored.save()
        return summaries, outcomes


# The cycle collector's thresholds for a command, those mypy's build sets: at Python's
# defaults (700, 10, 10) the collector looks through the youngest objects every 700
# allocations and through all of them now and then, and a command holds its cards' trees
# by the hundred thousand.
BATCH_THRESHOLDS = (200_000, 30, 30)


def collect_less() -> None:
    """Give the whole process these thresholds, as the command does: then, around the
    batch (which runs with the collector off), what the command allocates does not set off
    collections through everything the process holds."""
    gc.set_threshold(*BATCH_THRESHOLDS)


def leave_all_to_the_exit() -> None:
    """Keep the collector away from all the process holds, as the command ends: the
    interpreter's shutdown would otherwise go through all of it, again and again, for cycles
    no one will use (a hook's check of one file, medians of ten: 0.034 s from the command's
    end to the process's, 0.006 s so)."""
    gc.freeze()


@contextlib.contextmanager
def _collections_held_back() -> Iterator[None]:
    """The collector off during a batch (and in its forked workers, which inherit it).

    A batch allocates syntax trees by the million, keeps most of them and makes few cycles:
    with the collector held back only to the batch's thresholds, a sixth of a check still
    went on looking through them for nothing (measured on the 10,000-card pool: 4,420 cards
    a second, 5,260 with the collector off; peak memory the same, 135 MB, and within 2% on
    10,000 cards of random words, all errors).  Rendering made cycles once, a macro of a
    card's own template with the context it was made in, each card: 15 MB more at the peak
    for those 10,000 cards with the collector off.  The templates' macros are made once a
    process now (backends/python.py), and a cold build of the pool leaves some 25,000
    objects in cycles with the collector off or on (its syntax trees' found-once lists of
    their nodes, which hold the nodes); 113 MB at the peak either way, where the collector
    spent 0.10 to 0.12 s of the build's 3.3 s looking through young objects."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        # Every object the batch kept goes to the oldest generation unexamined (freezing
        # moves them aside, unfreezing moves them back to the oldest): switched back on,
        # the collector would otherwise look through all of them at the next allocation,
        # a tenth of a command's check of the pool.
        gc.freeze()
        gc.unfreeze()
        if enabled:
            gc.enable()


def _run(files: Sequence[KeyedFile], make_pools: Callable[[list[FileSummary]],
                                                               Mapping[str, Pool]],
         stored: Mapping[str, str] | None, *, render: bool, keep: bool, jobs: int,
         progress: Progress, stage: Path | None, render_again: frozenset[str]
         ) -> tuple[list[FileSummary], Mapping[str, Pool], list[FileOutcome], dict[str, str]]:
    """Both rounds, and the results made afresh (their JSON, by key).  Worker processes take
    a round only when it has work enough for them: both rounds when enough files are new;
    otherwise, after round one here, round two for the files whose results are not stored,
    when there are enough of them: a build after a check of the same cards (which stored
    every file's round one, and no module), or into a folder emptied behind the cache."""
    jobs = 1 if keep else jobs
    work = FileWork(files, render, keep, stored, stage)
    new = len(files) if stored is None else sum(key not in stored for _, _, key in files)
    if _worth_workers(len(files), new, jobs):
        with _started(files, jobs, render, stored, stage) as (claims, workers):
            summaries = _round(claims, workers, work, ("read", range(len(files))), progress)
            pools = make_pools(summaries)
            outcomes = _round(claims, workers, work,
                              ("finish", range(len(files)), pools, render_again), progress)
            return summaries, pools, outcomes, work.fresh
    summaries = work.read(progress)
    pools = make_pools(summaries)
    outcomes = [work.stored_outcome(index, pools, render_again) for index in range(len(files))]
    unmade = [index for index, outcome in enumerate(outcomes) if outcome is None]
    progress(len(files) - len(unmade))
    if _worth_workers(len(unmade), len(unmade), jobs):
        with _started(files, jobs, render, stored, stage, summaries) as (claims, workers):
            made = _round(claims, workers, work, ("finish", unmade, pools, render_again),
                          progress)
    else:
        made = []
        for index in unmade:
            made.append(work.made(index, pools))
            progress(1)
    for index, outcome in zip(unmade, made, strict=True):
        outcomes[index] = outcome
    return summaries, pools, outcomes, work.fresh


def _worth_workers(count: int, to_do: int, jobs: int) -> bool:
    """Whether a round over `count` files, `to_do` of which it must make, is work enough for
    `jobs` processes."""
    return jobs > 1 and count >= 2 * jobs and to_do >= WORTH_A_WORKER * jobs


class _Claims:
    """Which files of a round each process takes, as it goes.  The files of the round, in
    order, are cut into stretches of about as much text, one for every two processes; of a
    stretch, one process takes the files from its start on, the other from its end back,
    until they meet.  So whichever is quicker takes more, and both finish together, and
    each meets few of the sentences the other reads: the files are in the order _round
    gives them, a game's together, and a process reads a sentence once (Reading), where
    shares of the same amount of text each met most of the pool's sentences (on the
    benchmark's pool, 2,457 and 2,468 distinct lines of its 2,913).  Made before the
    workers are forked, and shared with them."""

    def __init__(self, context: Any, processes: int) -> None:
        self.stretches = (processes + 1) // 2
        self.ends = context.RawArray("i", 2 * self.stretches)  # each stretch's next, last+1
        self.lock = context.Lock()

    def start(self, sizes: Sequence[int]) -> None:
        """A new round over files of these sizes (this process, before telling the workers)."""
        total, stretch, done = sum(sizes), 0, 0
        self.ends[0] = 0
        for place, size in enumerate(sizes):
            done += size
            if stretch + 1 < self.stretches and done * self.stretches >= total * (stretch + 1):
                self.ends[2 * stretch + 1] = self.ends[2 * stretch + 2] = place + 1
                stretch += 1
        self.ends[2 * stretch + 1] = len(sizes)
        for rest in range(stretch + 1, self.stretches):  # fewer files than stretches
            self.ends[2 * rest] = self.ends[2 * rest + 1] = len(sizes)

    def taken(self, process: int) -> Iterator[int]:
        """The places (in the round's files) that process number `process` takes."""
        stretch, from_the_end = divmod(process, 2)
        first, last = 2 * stretch, 2 * stretch + 1
        while True:
            with self.lock:
                if self.ends[first] >= self.ends[last]:
                    return
                if from_the_end:
                    self.ends[last] -= 1
                    place = self.ends[last]
                else:
                    place = self.ends[first]
                    self.ends[first] += 1
            yield place


def _round(claims: _Claims, workers: list[_Worker], work: FileWork,
           message: tuple[Any, ...], progress: Progress) -> list[Any]:
    """A round (`message`: its kind, the places of its files, and what it needs) done by the
    workers and this process together, its results in the order of the round's files.  The
    processes take the files a game's together (_game_of: one game's may lie in many
    folders), the game with the most text first, so that where two processes meet, most
    often in another game, each has read fewer of the sentences the other reads."""
    kind, places, *needs = message
    games = {index: _game_of(work.files[index][1]) for index in places}
    text: dict[str, int] = {}
    for index, game in games.items():
        text[game] = text.get(game, 0) + len(work.files[index][1])
    order = sorted(places, key=lambda index: (-text[games[index]], games[index], index))
    claims.start([len(work.files[index][1]) for index in order])
    message = (kind, order, *needs)
    results: dict[int, Any] = {}

    def received(done: list[tuple[int, Any]], fresh: dict[str, str]) -> None:
        results.update(done)
        work.fresh.update(fresh)
        progress(len(done))

    def own_share(take_received: Callable[[], None]) -> None:
        for index, result in _take(work, 0, claims, message):
            results[index] = result
            progress(1)
            take_received()

    _gather(workers, message, received, own_share)
    return [results[index] for index in places]


_GAME_LINE = re.compile(r"^[ \t]*game[ \t]*:[ \t]*(\S*)", re.IGNORECASE | re.MULTILINE)


def _game_of(text: str) -> str:
    """The game a card file's text names, as far as a glance tells (the order the processes
    take files in, nothing more)."""
    named = _GAME_LINE.search(text)
    return named.group(1).casefold() if named else ""


def _take(work: FileWork, process: int, claims: _Claims, message: tuple[Any, ...]
          ) -> Iterator[tuple[int, Any]]:
    """Process number `process`'s part of a round (_round): each file it takes, by its
    index among the run's files, and its result, as it is done.  A file whose round one
    another process did is read here for round two (most of its sentences are of a game this
    process has met)."""
    kind, order, *needs = message
    for place in claims.taken(process):
        index = order[place]
        yield index, (work.summary_at(index) if kind == "read"
                      else work.outcome_at(index, *needs))


@contextlib.contextmanager
def _started(files: Sequence[KeyedFile], jobs: int, render: bool,
             stored: Mapping[str, str] | None, stage: Path | None,
             summaries: list[FileSummary] | None = None
             ) -> Iterator[tuple[_Claims, list[_Worker]]]:
    """The claims of `jobs` processes on the rounds' files, and a worker for each but this
    one (process number 0), with every file (and round one's summaries, when round one is
    done), stopped at the end."""
    # Imported here, where a run of one process never comes: 0.01 s of a pre-commit
    # hook's start.
    import multiprocessing

    # Forked, a worker starts with the parsers this process has built and the results it
    # has read.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    claims = _Claims(context, jobs)
    workers = [_Worker(context, process, claims, files, render, stored, stage, summaries)
               for process in range(1, jobs)]
    try:
        yield claims, workers
    except BaseException:
        # Every worker asked first, then waited for, so that none is left at work.
        for worker in workers:
            worker.ask_to_stop()
        for worker in workers:
            worker.wait()
        raise
    # Their work done, the workers are asked to stop and not waited for: waiting took 27 ms
    # of a timed build (the system taking back a worker's memory), which this process now
    # spends on the rest of the run (multiprocessing reaps them, at the next start of a
    # process or at the exit).
    for worker in workers:
        worker.ask_to_stop()


class WorkerError(RuntimeError):
    """A worker process failed: what it raised (the last line of its traceback), or that it
    ended.  The traceback is the error's cause, which the command shows with its own only
    when asked (CARDWRIGHT_DEBUG), as it does for a failure in its own process."""


class _WorkerTraceback(Exception):
    """A worker's traceback, as text, which does not cross a pipe as an exception would."""


class _Worker:
    """A FileWork in a process of its own, spoken to through a pipe."""

    def __init__(self, context: Any, process: int, claims: _Claims,
                 files: Sequence[KeyedFile], render: bool, stored: Mapping[str, str] | None,
                 stage: Path | None, summaries: list[FileSummary] | None) -> None:
        self.connection, child = context.Pipe()
        self.process = context.Process(
            target=_serve, args=(child, process, claims, files, render, stored, stage,
                                 summaries), daemon=True)
        self.process.start()
        child.close()

    def send(self, message: tuple[Any, ...]) -> None:
        self.connection.send(message)

    def ask_to_stop(self) -> None:
        with contextlib.suppress(OSError):
            self.connection.send(("stop",))

    def wait(self) -> None:
        """Wait for the worker to end, once asked to stop; kill it if it does not."""
        self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()


def _gather(workers: list[_Worker], message: tuple[Any, ...],
            received: Callable[[list[tuple[int, Any]], dict[str, str]], None],
            own_share: Callable[[Callable[[], None]], None]) -> None:
    """Send `message` to every worker and hand each part of their results to `received` as
    it comes (files done, with their results made afresh for the store), while this process
    does its own share of the round, told how to take in what has come between its files.

    This process takes a share rather than wait for the workers: then a run of two jobs
    forks one worker, not two, and half the results never cross a pipe (measured on the
    10,000-card pool, `--jobs 2`: see docs/performance.md).  The workers send their results
    a few files at a time, not once at the end of the round: this process then decodes
    them while the workers still work, where each round's end had waited for a worker to
    encode its whole share and for this process to decode it (37 to 48 ms after round one
    and 23 to 35 ms after round two, in four timed builds of the benchmark's pool; 0 to 2
    ms so)."""
    from multiprocessing.connection import wait  # as multiprocessing in _Worker

    for worker in workers:
        worker.send(message)
    working = [worker.connection for worker in workers]

    def take(timeout: float | None) -> None:
        """The workers' messages that have come, or (timeout None) at least one."""
        for connection in wait(working, timeout) if working else ():
            try:
                kind, value = connection.recv()
            except EOFError:
                raise WorkerError("a worker process ended unexpectedly") from None
            if kind == "error":
                raise WorkerError(value.rstrip().rpartition("\n")[2]) from _WorkerTraceback(
                    value)
            if kind == "done":
                working.remove(connection)
            else:
                received(*value)

    own_share(lambda: take(0))
    while working:
        take(None)


def _serve(connection: Connection, process: int, claims: _Claims,
           files: Sequence[KeyedFile], render: bool, stored: Mapping[str, str] | None,
           stage: Path | None, summaries: list[FileSummary] | None) -> None:
    """A worker's loop: its part of each round when asked (round two only, when given round
    one's `summaries`), sending its results every few files with those it made afresh for
    the store."""
    work = FileWork(files, render, keep=False, stored=stored, stage=stage)
    if summaries is not None:
        work.summaries = dict(enumerate(summaries))

    def send(done: list[tuple[int, Any]]) -> None:
        connection.send(("results", (done, work.fresh)))
        work.fresh = {}

    room = _room_to_send(connection)
    try:
        while True:
            message = connection.recv()
            if message[0] == "stop":
                return
            done = []
            for result in _take(work, process, claims, message):
                done.append(result)
                if len(done) >= _SENT_EVERY and room():
                    send(done)
                    done = []
            send(done)
            connection.send(("done", None))
    except Exception:
        connection.send(("error", traceback.format_exc()))


def _room_to_send(connection: Connection) -> Callable[[], bool]:
    """Whether the worker's end of the pipe takes more now, without waiting (the system
    polls a socket writable while it holds less than a quarter of what it can): while the
    build's process works on a file of its own, it takes in nothing, and its first files
    each take a while (its parsers' states are made as its texts need them, up to 90 ms a
    file), in which a worker that sent every few files filled the pipe and waited: its
    sends took 78 to 119 ms of its first round in timed builds, where encoding what it
    sends takes about 20.  Where the system cannot tell, always."""
    if not hasattr(select, "poll"):
        return lambda: True
    poll = select.poll()
    poll.register(connection.fileno(), select.POLLOUT)
    return lambda: bool(poll.poll(0))
