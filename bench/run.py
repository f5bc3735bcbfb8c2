"""cardwright's benchmarks: check and build over a 10,000-card pool, and the pacg runtime.

Run from the project root: `python bench/run.py [--quick] [--json]`.  Each figure is the
median of several runs in this one process (builds with `--jobs` run the command, since they
start processes of their own).  The targets are in docs/performance.md; nothing here fails on
a slow figure, since this machine is shared and noisy: the figures are read, not asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import gc
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.pool import write_pool  # noqa: E402
from compiler import batch  # noqa: E402
from compiler.build import RunOptions, build, check_paths  # noqa: E402
from compiler.cache import CACHE_DIR  # noqa: E402
from compiler.play import DEMO_SCENARIO, load_cards, load_scenario  # noqa: E402
from compiler.runtime import pacg  # noqa: E402
from compiler.runtime.dice import Dice  # noqa: E402
from compiler.syntax.grammars import forget_readings  # noqa: E402

POOL_CARDS = 10_000
# The floor: one compiled alternation that cuts card text into the tokens a parser sees.
FLOOR_TOKENS = re.compile(r"\s+|[A-Za-z][\w'-]*|\d+(?:d\d+)?|[^\s\w]")


def median_seconds(work: Callable[[], object], runs: int,
                   before: Callable[[], object] | None = None) -> float:
    """The median time of `work`, with `before` (not timed) run ahead of each."""
    times = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def pool_texts(pool: Path) -> list[str]:
    return [path.read_text(encoding="utf-8") for path in sorted(pool.rglob("*.card"))]


def floor_seconds(texts: list[str], runs: int) -> float:
    return median_seconds(lambda: [FLOOR_TOKENS.findall(text) for text in texts], runs)


# The parser tables and the templates as compiled are the compiler's own, made once for a
# version of cardwright whatever the cards, as the processes that measure in this one keep
# their parsers and templates: a cold run keeps them too, and the time to make them is
# measured on its own (first_run_check_one_file_s).
MADE_ONCE = ("tables", "templates")


def clear_cache(project: Path, tables: bool = False) -> None:
    """Start a run as a fresh command does: no cache on disk (but what is MADE_ONCE, unless
    `tables`: a first run's), and as_a_new_command."""
    folder = project / CACHE_DIR
    for kind in folder.iterdir() if folder.is_dir() else ():
        if tables or kind.name not in MADE_ONCE:
            shutil.rmtree(kind, ignore_errors=True)
    as_a_new_command()


def as_a_new_command() -> None:
    """Leave this process as a new command finds itself: no text read before (the grammars
    remember what they read, and forked workers inherit it) and none of the earlier runs'
    garbage.  A check, with the collector off, leaves some 30,000 to 65,000 objects in cycles
    (batch._collections_held_back), which the thresholds a command runs at never come round
    to: the 400,000 this benchmark had gathered before its one-card builds made those take
    0.29 to 0.34 s, against 0.22 to 0.28 s once collected (2026-11-26)."""
    forget_readings()
    gc.collect()


def set_aside(out: Path) -> None:
    """Move the last build's tree out of the way for a cold build, to stay until the
    benchmark ends, rather than remove it.  On this machine (ext4 mounted with `discard`)
    the first thousands of files made after as many were deleted cost the kernel about half
    a millisecond each, against 0.03 otherwise: the cold builds that followed the removal of
    the last one's tree spent 6.3 to 9.5 s of their workers' time in the kernel, against 0.7
    to 0.8 s for builds into folders never used (docs/performance.md).  They measured the
    benchmark's own clean-up, not the build."""
    if out.exists():
        out.rename(Path(tempfile.mkdtemp(prefix=".set-aside-", dir=out.parent)) / out.name)


def command_seconds(args: list[str], cwd: Path, runs: int,
                    before: Callable[[], object] | None = None) -> float:
    """The median time of a `cardwright` command; it must not fail (exit 2).  It runs as on
    a designer's machine, where Python keeps the bytecode of the modules it imports: an
    environment that sets PYTHONDONTWRITEBYTECODE (this machine's does) has every command
    compile the compiler's source again before it reads a card: the one-file check took
    0.29 and 0.36 s so (medians of 7 runs), against 0.215 s with the bytecode kept."""
    environment = {name: value for name, value in os.environ.items()
                   if name != "PYTHONDONTWRITEBYTECODE"}

    def work() -> None:
        finished = subprocess.run([sys.executable, "-m", "compiler.cli", *args], cwd=cwd,
                                  env=environment, stdout=subprocess.DEVNULL,
                                  stderr=subprocess.PIPE)
        if finished.returncode not in (0, 1):  # 1: the cards have errors, which is fine here
            raise SystemExit(f"cardwright {' '.join(args)} failed:\n{finished.stderr.decode()}")
    return median_seconds(work, runs, before)


def processor_seconds() -> tuple[float, float]:
    """The processor time this process and the workers it has waited for have taken so
    far: in Python (user) and in the kernel (system)."""
    own, workers = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                         resource.RUSAGE_CHILDREN))
    return own.ru_utime + workers.ru_utime, own.ru_stime + workers.ru_stime


def kernel_share(before: tuple[float, float], after: tuple[float, float]) -> float:
    """The share of the processor time between two readings (processor_seconds) spent in
    the kernel.  On this machine a cold build's workers spent about 0.6 s of 8 s there when
    the disk was quiet and 5.7 to 7.3 s of 13 to 15 s soon after many files were deleted
    (ext4 mounted with `discard`; docs/performance.md): read with it, the cold build's
    figure and `--jobs`' tell the compiler's time from the disk's."""
    user, kernel = after[0] - before[0], after[1] - before[1]
    return round(kernel / (user + kernel), 2) if user + kernel else 0.0


def first_card_file(pool: Path) -> Path:
    """The first file of synthetic pacg cards: the one a designer's edit is measured on, its
    first card's Check (the other games' cards have no check to edit)."""
    return sorted(pool.rglob("synthetic-pacg/pool-*.card"))[0]


def edit_one_card(path: Path) -> Callable[[], None]:
    """Each call edits the first card of the file at `path` as a designer at work does: its
    check's difficulty goes up by one (its name, type and traits stay, so the pool does not
    change)."""
    original = path.read_text(encoding="utf-8")
    check = re.search(r"^Check: .* (\d+)$", original, re.M)
    if check is None:
        raise SystemExit(f"{path} has no check to edit")
    count = iter(range(1, 1_000_000))

    def edit() -> None:
        number = str(int(check.group(1)) + next(count))
        path.write_text(original[:check.start(1)] + number + original[check.end(1):],
                        encoding="utf-8")
    return edit


DEMO_SEEDS = range(1, 201)
WINDOWS = ("when_encountered", "before_encounter", "if_defeated", "if_undefeated",
           "after_encounter")


def demo_setup() -> dict:
    scenario = load_scenario(DEMO_SCENARIO)
    return {key: value for key, value in scenario.items()
            if key not in ("game", "cards", "seed", "description")}


def demo_encounters(cards: dict, seeds: range = DEMO_SEEDS) -> int:
    """The encounters of the demo's games, played with the log on to count them."""
    setup = demo_setup()
    return sum(event["event"] == "encounter" for seed in seeds
               for event in pacg.play(setup, cards, seed).events)


def encounters_per_s(versions: dict[str, dict], encounters: int, runs: int,
                     seeds: range = DEMO_SEEDS) -> dict[str, int]:
    """Whole pacg encounters a second with the log off, for each version of the cards: the
    demo scenario, many seeds.  The versions take turns, a run each, so that a busy moment of
    this shared machine slows them alike: timed one version after another, the hand-written
    cards' ratio swung from 0.74 to 1.61 in three runs of one day (2026-11-27), the code the
    same.  They play the same games (same_games), so they have as many `encounters`."""
    setup = demo_setup()
    times: dict[str, list[float]] = {name: [] for name in versions}
    for _ in range(runs):
        for name, cards in versions.items():
            start = time.perf_counter()
            for seed in seeds:
                pacg.play(setup, cards, seed, log=False)
            times[name].append(time.perf_counter() - start)
    return {name: round(encounters / statistics.median(seconds))
            for name, seconds in times.items()}


def dice_floor_seconds(cards: dict, runs: int, seeds: range = DEMO_SEEDS) -> float:
    """The runtime's floor: the time the demo's games take to draw their numbers from the
    seeded dice and do nothing else (each game's draws, with their bounds, recorded as it is
    played, then drawn again from a generator of its seed).  No runtime that plays these
    games with these dice can be faster; an encounter draws about six numbers."""
    setup = demo_setup()
    draws: list[int] = []  # every game's bounds, one after another
    bounds: dict[int, list[int]] = {}
    drawn = Dice.below

    def recorded(dice: Dice, bound: int) -> int:
        draws.append(bound)
        return drawn(dice, bound)

    Dice.below = recorded  # type: ignore[method-assign]
    try:
        for seed in seeds:
            first = len(draws)
            pacg.play(setup, cards, seed, log=False)
            bounds[seed] = draws[first:]
    finally:
        Dice.below = drawn  # type: ignore[method-assign]

    def draw_all() -> None:
        for seed, game in bounds.items():
            below = Dice(seed).below
            for bound in game:
                below(bound)
    return median_seconds(draw_all, runs)


def card_versions() -> dict[str, dict]:
    """The pacg cards three ways: as generated, with the demo's cards' functions written by
    hand (bench/handwritten.py), and with every card's IR interpreted (bench/interpreter.py)."""
    from bench import handwritten, interpreter
    from compiler.build import compile_paths

    compilation = compile_paths([ROOT / "cards" / "pacg"])
    generated = load_cards(compilation, "pacg")
    programs = {program["name"]: program for program in compilation.programs}

    def with_functions(card, windows: dict, powers: tuple) -> object:
        return dataclasses.replace(
            card, **{window: windows.get(window) for window in WINDOWS},
            powers=tuple(dataclasses.replace(power, run=run)
                         for power, run in zip(card.powers, powers, strict=True)))

    by_hand, interpreted = {}, {}
    for key, card in generated.items():
        program = programs[card.name]
        written = card.name in handwritten.WINDOWS or card.name in handwritten.POWERS
        # Cards the demo does not use stay as generated (the demo never meets them).
        by_hand[key] = with_functions(card, handwritten.WINDOWS.get(card.name, {}),
                                      handwritten.POWERS.get(card.name, ())) \
            if written else card
        interpreted[key] = with_functions(
            card, {window: interpreter.run(effects)
                   for window, effects in program["triggers"].items()},
            tuple(interpreter.run(power["effects"]) for power in program["powers"]))
    return {"generated": generated, "handwritten": by_hand, "interpreted": interpreted}


def same_games(versions: dict[str, dict]) -> None:
    """The three versions must play the same games, or the race means nothing."""
    setup = demo_setup()
    logs = {name: [pacg.play(setup, cards, seed).text() for seed in range(1, 21)]
            for name, cards in versions.items()}
    for name, log in logs.items():
        if log != logs["generated"]:
            raise SystemExit(f"the {name} cards play differently from the generated ones")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="a 2,000-card pool and 3 runs each (a smoke test, not a figure)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args()
    batch.collect_less()  # as the command does
    runs = 3 if options.quick else 5
    count = 2_000 if options.quick else POOL_CARDS

    results: dict[str, object] = {}
    with tempfile.TemporaryDirectory(prefix="cardwright-bench-") as folder:
        project = Path(folder)
        (project / "pyproject.toml").write_text("[project]\nname = 'bench-pool'\n")
        pool = project / "cards"
        cards = write_pool(ROOT / "cards", pool, count)
        if not check_paths([pool], RunOptions(use_cache=False)).ok:
            raise SystemExit("the synthetic pool has errors: a build of it would write nothing")
        out = project / "generated"
        texts = pool_texts(pool)
        results["cards"] = cards
        results["tokens_per_card"] = round(sum(len(FLOOR_TOKENS.findall(t)) for t in texts)
                                           / cards, 1)
        with contextlib.chdir(project):
            one_core = RunOptions(use_cache=True, jobs=1)  # the cache cleared before each run
            check_s = median_seconds(lambda: check_paths([pool], one_core), runs,
                                     before=lambda: clear_cache(project))
            results["check_cards_per_s"] = round(cards / check_s)
            results["floor_ratio"] = round(check_s / floor_seconds(texts, runs), 1)
            every_core = RunOptions(jobs=os.cpu_count() or 1)
            before_cold = processor_seconds()
            cold_s = median_seconds(lambda: build([pool], out, options=every_core), runs,
                                    before=lambda: (clear_cache(project),
                                                    set_aside(out)))
            results["build_cards_per_s"] = round(cards / cold_s)
            results["build_kernel_share"] = kernel_share(before_cold, processor_seconds())
            build([pool], out, options=every_core)
            results["noop_build_s"] = round(
                median_seconds(lambda: build([pool], out, options=every_core), runs,
                               before=as_a_new_command), 3)
            edit = edit_one_card(first_card_file(pool))
            results["one_card_build_s"] = round(
                median_seconds(lambda: build([pool], out, options=every_core), runs,
                               before=lambda: (edit(), as_a_new_command())), 3)
        # One file, as a pre-commit hook checks it (beside the rest of the pool's folder, whose
        # cards its cards may name, reporting on it alone): first on a machine that never ran
        # cardwright, the parser tables made (and kept for the runs after) and the whole
        # folder checked; then unchanged, answered by the last run's record.
        one_card = first_card_file(pool)
        results["first_run_check_one_file_s"] = round(
            command_seconds(["check", str(one_card)], project, 1,
                            before=lambda: clear_cache(project, tables=True)), 1)
        results["check_one_file_command_s"] = round(
            command_seconds(["check", str(one_card)], project, runs), 3)
        # The same file edited before each run, as a hook finds it: not answered by the last
        # run's record, its text is parsed, which makes the game's parser from its tables.
        results["check_edited_file_command_s"] = round(
            command_seconds(["check", str(one_card)], project, runs,
                            before=edit_one_card(one_card)), 3)
        # The one-card build as a designer runs it: the command, started afresh each time.
        results["one_card_build_command_s"] = round(
            command_seconds(["build", "cards"], project, runs,
                            before=edit_one_card(one_card)), 3)
        # A designer's look at the cards just edited, after a build: explained, and each
        # played on its own (the other cards' modules as the build wrote them).
        for command in ("explain", "play"):
            results[f"{command}_edited_file_command_s"] = round(
                command_seconds([command, str(one_card)], project, runs,
                                before=edit_one_card(one_card)), 3)
        # Cold builds with one job and with two, taken in turns: the disk's pace changes
        # within a run (build_kernel_share), and the two medians must meet it alike: in a
        # project made as this one is, five of one and then five of the other read 1.95 while
        # the disk grew quicker, and 1.71 once it was steady; taken in turns, 1.74 and 1.74
        # (docs/performance.md).
        jobs: dict[int, list[float]] = {1: [], 2: []}
        before_jobs = processor_seconds()
        for _ in range(runs):
            for count_of_jobs, times in jobs.items():
                times.append(command_seconds(
                    ["build", "cards", "--jobs", str(count_of_jobs)], project, 1,
                    before=lambda: (clear_cache(project), set_aside(out))))
        medians = {count: statistics.median(times) for count, times in jobs.items()}
        results["jobs_speedup"] = round(medians[1] / medians[2], 2)
        results["jobs_kernel_share"] = kernel_share(before_jobs, processor_seconds())
    versions = card_versions()
    same_games(versions)
    encounters = demo_encounters(versions["generated"])
    speed = encounters_per_s(versions, encounters, runs)
    results["encounters_per_s"] = speed["generated"]
    # Time over hand-written time (at most 1.1 wanted); interpreter time over generated time.
    results["runtime_ratio_handwritten"] = round(speed["handwritten"] / speed["generated"], 2)
    results["runtime_ratio_interpreted"] = round(speed["generated"] / speed["interpreted"], 2)
    # The runtime's floor, as floor_ratio is the check's: encounters a second if they did
    # nothing but draw their dice's numbers, and how many times longer an encounter takes.
    floor_per_s = encounters / dice_floor_seconds(versions["generated"], runs)
    results["encounter_floor_per_s"] = round(floor_per_s)
    results["runtime_floor_ratio"] = round(floor_per_s / speed["generated"], 1)
    peak = max(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
               resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    results["peak_memory_mb"] = round(peak / 1024)
    results["cpus"] = os.cpu_count()
    if options.json:
        print(json.dumps(results))
    else:
        for key, value in results.items():
            print(f"{key:>28}: {value}")


if __name__ == "__main__":
    main()
