"""Plays a scenario file: compiles the cards it names, loads their generated modules, and hands
them to the game's runtime.

The cards are compiled for every play, so what plays is what the card files say now,
whether or not generated/ is up to date.  The commands compile with the cache, which keeps
a module's digest, not its text: a module whose card's text is as it was is read from the
folder a build writes into when the module there has that digest (what the build wrote
from the same text), and its card rendered again when not.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import importlib
import importlib.util
import marshal
import tomllib
import types
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from compiler.backends import python as python_backend
from compiler.batch import Module, module_digest
from compiler.build import IN_PROCESS, Compilation, RunOptions, compile_paths
from compiler.cache import key_of, project_cache
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


def play(path: Path, seed: int | None = None, log: bool = True,
         options: RunOptions = IN_PROCESS, built: Path | None = None) -> Played:
    """Play the scenario at `path`, its cards compiled as `options` say; the modules the
    cache answers for are read from `built` where they are as a build wrote them."""
    scenario = load_scenario(path)
    game = scenario.get("game")
    if game not in GAMES:
        raise PlayError(f"{path}: 'game' must be one of {', '.join(GAMES)}, not {game!r}")
    paths = card_paths(scenario, path)
    compilation = compile_paths(paths, options)
    while compilation.ok and (again := _rendering_again(compilation, {game}, options, built)):
        options = again
        compilation = compile_paths(paths, options)
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


def try_cards(target: str, seed: int | None = None, options: RunOptions = IN_PROCESS,
              built: Path | None = None) -> Tried:
    """Play each card of `PATH[::CARD NAME]` on its own, in the stock set-up `coverage`
    tries it in (its game's trial), keeping the log: a designer's first look at a new card
    in play, before any scenario is written for it.  Compiled and loaded as `play` does."""
    try:
        picked = read_target(target, options)
        while again := _rendering_again(picked.compilation,
                                        {card.game for card, _ in picked.cards}, options, built):
            options = again
            picked = read_target(target, options)
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


def _rendering_again(compilation: Compilation, games: Collection[str], options: RunOptions,
                     built: Path | None) -> RunOptions | None:
    """The options to compile again with, rendering the cards of the modules of `games`
    whose texts neither the run nor `built` gave; None when every one has its text."""
    unrendered = set()
    for path, module in _card_modules(compilation, games):
        if module.text is None:
            text = _as_built(built, path, module.digest)
            if text is None:
                unrendered.add(path)
            else:
                compilation.modules[path] = module._replace(text=text)
    if not unrendered:
        return None
    if unrendered <= options.render_again:
        raise RuntimeError(f"{min(unrendered)} was not rendered when asked for")
    return dataclasses.replace(options, render_again=options.render_again | unrendered)


def _as_built(built: Path | None, path: str, digest: str) -> str | None:
    """The module at `path` in the build's folder `built`, if it has `digest`."""
    if built is None:
        return None
    try:
        data = (built / path).read_bytes()
    except OSError:
        return None
    return data.decode() if module_digest(data) == digest else None


def _card_modules(compilation: Compilation, games: Collection[str]
                  ) -> list[tuple[str, Module]]:
    """The card modules of `games` (not their index modules), in the compilation's order:
    the order of the cards in their files."""
    folders = tuple(f"{python_backend.package_name(game)}/" for game in games)
    return [(path, module) for path, module in compilation.modules.items()
            if module.name and path.startswith(folders)]


def load_cards(compilation: Compilation, game: str) -> dict[str, Any]:
    """Run each generated module of `game` and collect the card it defines, by name."""
    cards = {}
    compiled = _CompiledModules(game)
    for path, module in _card_modules(compilation, [game]):
        if module.text is None:
            raise ValueError(f"{path} was not rendered in this run")
        name = f"cardwright_cards.{game}.{module.ident}"
        cards[module.name] = _run(name, compiled.code(name, module.digest, module.text)).CARD
    compiled.keep()
    return cards


def _compiled(name: str, source: str) -> types.CodeType:
    """The generated module's code.  Compiling it here is where a template that wrote what is
    not Python (a bug in cardwright) would be found: the build does not compile the modules
    it writes (the tests do, of every construct: tests/test_bench_pool.py)."""
    try:
        return compile(source, f"<{name}>", "exec")
    except SyntaxError as exc:
        raise python_backend.BackendError(
            f"the module generated for {name} does not parse: {exc}") from exc


def _run(name: str, code: types.CodeType) -> types.ModuleType:
    module = types.ModuleType(name)
    exec(code, module.__dict__)
    return module


class _CompiledModules:
    """A game's generated modules as compiled, kept in the project's cache between plays:
    compiling the 2,155 pacg modules of the benchmark's pool was 0.6 s of the 1.0 s that
    `play` of a card file took, where reading them back with marshal takes 0.04 s.  One
    entry a game, of the modules of the last load that wrote it, each under its name with
    its text's digest (Module.digest), so that an edited card's module alone is compiled
    again.  The entry holds code, as the templates' entries do, trusted by the seal on
    every entry of the cache; marshal's format is the interpreter's, whose magic number is
    in the key.

    The entry is written again only when a tenth of the modules or more had to be compiled:
    writing that pool's (8 MB) took 44 ms, as long as compiling 150 of its modules, so one
    edited card's module is compiled at each play (0.3 ms) until enough others have been."""

    def __init__(self, game: str) -> None:
        self._cache = project_cache("code", keep=_GAMES_KEPT)
        self._key = key_of("code", game, importlib.util.MAGIC_NUMBER.hex())
        stored = self._cache.get(self._key)
        self._stored: dict[str, Any] = stored if isinstance(stored, dict) else {}
        self._loaded: dict[str, list[str]] = {}  # what the entry will hold: this load's
        self._compiled = 0

    def code(self, name: str, digest: str, source: str) -> types.CodeType:
        """The module's code: as stored, when stored for this text, or compiled."""
        stored = self._stored.get(name)
        if isinstance(stored, list) and len(stored) == 2 and stored[0] == digest:
            try:
                code = marshal.loads(base64.b64decode(stored[1], validate=True))
            except (binascii.Error, EOFError, TypeError, ValueError):
                code = None
            if isinstance(code, types.CodeType):
                self._loaded[name] = stored
                return code
        code = _compiled(name, source)
        self._loaded[name] = [digest, base64.b64encode(marshal.dumps(code)).decode("ascii")]
        self._compiled += 1
        return code

    def keep(self) -> None:
        """Store the modules of this load, if enough of them were compiled afresh."""
        if self._compiled and self._compiled * _COMPILED_SHARE >= len(self._loaded):
            self._cache.put(self._key, self._loaded)


# An entry for each game at most, and one more while a new version of cardwright replaces
# them (an older version's entries are stale, and the oldest go first).
_GAMES_KEPT = len(GAMES) + 1
# A game's entry is written again when one module in this many or more was compiled.
_COMPILED_SHARE = 10
