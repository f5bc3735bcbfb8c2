"""Scenario files written by hand: a value of the wrong kind, anywhere in any bundled
scenario, is a ScenarioError that says where it is and what it must be, never a Python
error in the middle of a game (compiler.runtime.script's shapes)."""

from __future__ import annotations

import copy
import importlib
import signal
import tomllib
from collections.abc import Iterator
from typing import Any

import pytest

from compiler.build import compile_paths
from compiler.games import GAMES
from compiler.play import COMPILER_KEYS, load_cards
from compiler.runtime.script import ListOf, Record, ScenarioError
from tests.conftest import CARDS, ROOT

# Values of every kind TOML has, and the missing value.
WRONG = ["x", -1, 0, 1.5, True, [], {}, [["x"]]]
MISSING = object()
SECONDS = 10  # a game that takes longer has looped


@pytest.fixture(scope="module", params=list(GAMES))
def game(request) -> tuple[str, Any, dict[str, Any]]:
    name = request.param
    compilation = compile_paths([CARDS / name])
    assert compilation.ok
    return name, importlib.import_module(GAMES[name].runtime), load_cards(compilation, name)


def setups(game: str) -> Iterator[dict[str, Any]]:
    for path in sorted((ROOT / "scenarios" / game).glob("*.toml")):
        scenario = tomllib.loads(path.read_text(encoding="utf-8"))
        yield {key: value for key, value in scenario.items() if key not in COMPILER_KEYS}


def places(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """The path of every value within `value`, as keys and indexes."""
    if path:
        yield path
    items = value.items() if isinstance(value, dict) else \
        enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        yield from places(item, (*path, key))


def changed(setup: dict[str, Any], path: tuple, value: Any) -> dict[str, Any]:
    setup = copy.deepcopy(setup)
    *outer, last = path
    holder: Any = setup
    for key in outer:
        holder = holder[key]
    if value is MISSING:
        del holder[last]
    else:
        holder[last] = value
    return setup


def _looped(*_: Any) -> None:
    raise TimeoutError(f"a game ran for more than {SECONDS} s")


def test_a_value_of_the_wrong_kind_anywhere_is_a_scenario_error(game):
    name, runtime, cards = game
    signal.signal(signal.SIGALRM, _looped)
    for setup in setups(name):
        for path in list(places(setup)):
            for value in [*WRONG, MISSING]:
                signal.alarm(SECONDS)
                try:
                    runtime.play(changed(setup, path, value), cards, 1, log=False)
                except ScenarioError:
                    pass
                finally:
                    signal.alarm(0)


@pytest.mark.parametrize(("game_name", "change", "message"), [
    ("gloomhaven", (("characters", 0, "health"), "ten"),
     "'characters[0].health' must be a whole number of at least 1, not 'ten'"),
    ("gloomhaven", (("monsters", 0, "normal"), 1), "'monsters[0].normal' must be a list, not 1"),
    ("gloomhaven", (("monsters", 0, "normal"), [1, 1]), "Living Bones 1 is set up twice"),
    ("pacg", (("characters",), []), "'characters' must be a list of at least 1, not []"),
    ("pacg", (("script", "close", 0), "yes"),
     "'script.close[0]' must be true or false, not 'yes'"),
    ("ucg", (("players", 0, "deck"), "Ember"), "'players[0].deck' must be a list, not 'Ember'"),
    ("random-encounters", (("start_level",), 4),
     "'start_level' must be one of 1, 2 or 3, not 4"),
    ("random-encounters", (("start_level",), True),
     "'start_level' must be one of 1, 2 or 3, not True"),
    ("ose", (("party",), "Brannoc"), "'party' must be a list, not 'Brannoc'"),
    ("random-encounters", (("equipped", "Golias"), ["Short Sword", "Quarterstaff"]),
     "equipped: Golias has no free Weapon slot for Quarterstaff (its slots: Weapon, Armor)"),
    ("random-encounters", (("levels", 0, "bosses"), ["Golias"]),
     "levels[0].bosses: Golias is a Character, not a Boss"),
    ("random-encounters", (("levels", 0, "loot"), ["Wolf"]),
     "levels[0].loot: Wolf is a Monster, not a Weapon, Armor, Trinket, Familiar, Item or "
     "Enchantment"),
    ("random-encounters", (("equipped", "Golias"), ["Ferret"]),
     "equipped: Golias has no free Familiar slot for Ferret (its slots: Weapon, Armor)"),
])
def test_the_error_says_where_the_value_is_and_what_it_must_be(game_name, change, message):
    compilation = compile_paths([CARDS / game_name])
    runtime = importlib.import_module(GAMES[game_name].runtime)
    setup = next(setup for setup in setups(game_name) if _has(setup, change[0]))
    with pytest.raises(ScenarioError) as raised:
        runtime.play(changed(setup, *change), load_cards(compilation, game_name), 1, log=False)
    assert str(raised.value) == message


def _has(setup: dict[str, Any], path: tuple) -> bool:
    """Whether `path` leads to a value in `setup`, or names a key its table may have."""
    holder: Any = setup
    for key in path[:-1]:
        try:
            holder = holder[key]
        except (KeyError, IndexError, TypeError):
            return False
    return isinstance(holder, dict) or (isinstance(holder, list) and path[-1] < len(holder))


RUNTIME_SCENARIOS = {
    "pacg": ("compiler.runtime.pacg.scenario", "compiler.runtime.pacg.policy"),
    "ucg": ("compiler.runtime.ucg.scenario", "compiler.runtime.ucg.policy"),
    "random-encounters": ("compiler.runtime.random_encounters.game",
                          "compiler.runtime.random_encounters.policy"),
    "ose": ("compiler.runtime.ose.scenario", "compiler.runtime.ose.policy"),
    "gloomhaven": ("compiler.runtime.gloomhaven.scenario", "compiler.runtime.gloomhaven.policy"),
}


def keys_of(shape: Any, prefix: str = "") -> Iterator[str]:
    """Every key a scenario's shape has, as docs/scenarios.md writes it (`locations[].deck`)."""
    if isinstance(shape, ListOf):
        yield from keys_of(shape.item, prefix + "[]")
    elif isinstance(shape, Record):
        for key, inner in shape.keys.items():
            if key != "script":  # its choices are listed on their own
                yield f"{prefix}.{key}" if prefix else key
                yield from keys_of(inner, f"{prefix}.{key}" if prefix else key)


@pytest.mark.parametrize("game_name", list(GAMES))
def test_the_reference_of_scenarios_has_every_key_and_choice(game_name):
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    section = text.split(f"\n## {game_name}\n")[1].split("\n## ")[0]
    scenario, policy = (importlib.import_module(name) for name in RUNTIME_SCENARIOS[game_name])
    assert set(RUNTIME_SCENARIOS) == set(GAMES)
    for key in keys_of(scenario.SCENARIO):
        assert f"`{key}`" in section, key
    for choice in policy.CHOICES:
        assert f"`script.{choice}`" in section, choice
