"""Benchmarks of the stages as they stand (run from the project root: `python bench/run.py`).

Each figure is the median of several runs in one process.  This is the first
cut: it measures the bundled cards and the demo scenario; the synthetic
10,000-card pool and the targets belong to the performance work to come.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from compiler.build import compile_paths
from compiler.games import GAMES
from compiler.play import DEMO_SCENARIO, load_cards, load_scenario
from compiler.runtime import pacg
from compiler.syntax import parse_source
from compiler.syntax.source import SourceText

ROOT = Path(__file__).resolve().parents[1]


def median_seconds(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    options = parser.parse_args()
    runs = 3 if options.quick else 7

    files = sorted(ROOT.glob("cards/**/*.card"))
    sources = [SourceText(str(path), path.read_text()) for path in files]
    parsed = [parse_source(source, GAMES) for source in sources]
    cards = sum(result.card_count for result in parsed)
    parse_s = median_seconds(lambda: [parse_source(source, GAMES) for source in sources], runs)
    build_s = median_seconds(lambda: compile_paths([ROOT / "cards"]), runs)

    compilation = compile_paths([ROOT / "cards" / "pacg"])
    pool = load_cards(compilation, "pacg")
    scenario = load_scenario(DEMO_SCENARIO)
    setup = {key: value for key, value in scenario.items()
             if key not in ("game", "cards", "seed", "description")}
    seeds = range(1, 51)
    encounters = sum(event["event"] == "encounter"
                     for seed in seeds for event in pacg.play(setup, pool, seed).events)
    play_s = median_seconds(lambda: [pacg.play(setup, pool, seed, log=False) for seed in seeds],
                            runs)

    results = {
        "cards": cards,
        "parse_cards_per_s": round(cards / parse_s),
        "compile_cards_per_s": round(cards / build_s),
        "encounters_per_s": round(encounters / play_s),
    }
    if options.json:
        print(json.dumps(results))
    else:
        for key, value in results.items():
            print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
