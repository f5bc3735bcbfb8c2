"""Plays a scenario file: compiles the cards it names, loads their generated modules, and hands
them to the game's runtime.

The cards are compiled afresh for every play, so what plays is what the card
files say now, whether or not generated/ is up to date.
"""

from __future__ import annotations

import importlib
import tomllib
import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.backends import python as python_backend
from compiler.build import Compilation, compile_paths
from compiler.files import NotUTF8, read_utf8
from compiler.games import GAMES
from compiler.runtime.log import EventLog
from compiler.runtime.script import ScenarioError
from compiler.targets import Target, TargetError, read_target

PROJECT_ROOT = Path(__file__).resolve().parents[1]
DEMO_SCENARIO = PROJECT_ROOT / "scenarios" / "pacg" / "demo.toml"
DEFAULT_SEED = 1
# Keys the compiler reads; the rest of a scenario goes to the game's runtime.
COMPILER_KEYS = ("game", "cards", "seed", "description")


class PlayError(Exception):
    """A scenario that cannot be played; the message says why, naming the file."""


@dataclass
class Played:
    log: EventLog
    compilation: Compilation


def load_scenario(path: Path) -> dict[str, Any]:
    """The scenario's TOML, read as card files are (files.read_utf8: a byte order mark
    before it is no part of it)."""
    try:
        return tomllib.loads(read_utf8(path))
    except OSError as exc:
        raise PlayError(f"{path}: cannot read the scenario: {exc.strerror}") from None
    except NotUTF8 as exc:
        raise PlayError(f"{path}: cannot read the scenario: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise PlayError(f"{path}: not a valid TOML scenario: {exc}") from None


def card_paths(scenario: dict[str, Any], path: Path) -> list[Path]:
    """The card files and folders a scenario names (relative to it), by default the project's
    own cards of its game."""
    named = scenario.get("cards")
    if named is None:
        return [PROJECT_ROOT / "cards" / scenario["game"]]
    if not isinstance(named, list) or not all(isinstance(item, str) for item in named):
        raise PlayError(f"{path}: 'cards' is a list of card files or folders")
    return [path.parent / item for item in named]


def play(path: Path, seed: int | None = None, log: bool = True) -> Played:
    scenario = load_scenario(path)
    game = scenario.get("game")
    if game not in GAMES:
        raise PlayError(f"{path}: 'game' must be one of {', '.join(GAMES)}, not {game!r}")
    compilation = compile_paths(card_paths(scenario, path))
    if not compilation.ok:
        return Played(EventLog({}, enabled=False), compilation)
    seed = seed if seed is not None else scenario.get("seed", DEFAULT_SEED)
    if not isinstance(seed, int):
        raise PlayError(f"{path}: 'seed' must be a whole number")
    runtime = importlib.import_module(GAMES[game].runtime)
    cards = load_cards(compilation, game)
    setup = {key: value for key, value in scenario.items() if key not in COMPILER_KEYS}
    try:
        events = runtime.play(setup, cards, seed, log)
    except runtime.ScenarioError as exc:
        raise PlayError(f"{path}: {exc}") from None
    return Played(events, compilation)


@dataclass
class Tried:
    """Each card's trial and its log, by the card's name; or, with none, the target's
    diagnostics that stop its cards."""

    logs: list[tuple[str, EventLog]]
    target: Target


def try_cards(target: str, seed: int | None = None) -> Tried:
    """Play each card of `PATH[::CARD NAME]` on its own, in the stock set-up `coverage`
    tries it in (its game's trial), keeping the log: a designer's first look at a new card
    in play, before any scenario is written for it."""
    try:
        picked = read_target(target)
    except TargetError as exc:
        raise PlayError(str(exc)) from None
    logs: list[tuple[str, EventLog]] = []
    loaded: dict[str, dict[str, Any]] = {}  # each game's cards, loaded once
    for card, program in picked.cards:
        if card.game not in loaded:
            loaded[card.game] = load_cards(picked.compilation, card.game)
        try:
            logs.append((program["name"], GAMES[card.game].trial()(
                loaded[card.game], program["name"], DEFAULT_SEED if seed is None else seed,
                log=True)))
        except ScenarioError as exc:
            raise PlayError(f"{program['name']}: {exc}") from None
    return Tried(logs, picked)


def load_cards(compilation: Compilation, game: str) -> dict[str, Any]:
    """Run each generated module of `game` and collect the card it defines, by name."""
    cards = {}
    outputs = compilation.outputs
    for program in compilation.programs:
        if program["game"] != game:
            continue
        module = _load_module(f"cardwright_cards.{game}.{program['ident']}",
                              outputs[python_backend.module_path(program)])
        cards[program["name"]] = module.CARD
    return cards


def _load_module(name: str, source: str) -> types.ModuleType:
    """The generated module run.  Compiling it here is where a template that wrote what is
    not Python (a bug in cardwright) would be found: the build does not compile the modules
    it writes (the tests do, of every construct: tests/test_bench_pool.py)."""
    module = types.ModuleType(name)
    try:
        code = compile(source, f"<{name}>", "exec")
    except SyntaxError as exc:
        raise python_backend.BackendError(
            f"the module generated for {name} does not parse: {exc}") from exc
    exec(code, module.__dict__)
    return module

