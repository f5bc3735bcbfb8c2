"""The runtime stands alone: it imports only the standard library and itself, and its dice are
PCG32, so any engine can roll the same numbers from the same seed."""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from collections import Counter

import pytest

from compiler.games import GAMES
from compiler.runtime.dice import Dice
from tests.conftest import ROOT

RUNTIME = ROOT / "compiler" / "runtime"


def imported_modules(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            yield node.module


def test_the_runtime_imports_only_the_standard_library_and_itself():
    for path in RUNTIME.rglob("*.py"):
        for module in imported_modules(path):
            top = module.split(".")[0]
            assert module.startswith("compiler.runtime") or (
                top != "compiler" and top in sys.stdlib_module_names), (path, module)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_game_package_gives_each_of_its_names_from_its_home(game):
    """What generated modules ask of `rt` (names_from): every name of `__all__`, the home
    module's own object, kept in the package once asked for, and still so after the others
    are asked for (importing a submodule sets the package's attribute of its name: ucg's
    `play` was once its module `play`, not the function); any other name is not there."""
    package = importlib.import_module(f"compiler.runtime.{game.replace('-', '_')}")
    for name in package.__all__:
        getattr(package, name)
    for name in package.__all__:
        home = getattr(importlib.import_module(package._HOMES[name]), name)
        assert getattr(package, name) is vars(package)[name] is home
    with pytest.raises(AttributeError, match="has no attribute 'Unheard'"):
        package.Unheard  # noqa: B018


def test_a_check_imports_the_games_words_not_their_runtimes():
    """The checker reads each game's words from its `words` module; importing the command
    line, which a pre-commit hook's check does, imports no other module of a game's runtime
    (its card definitions, its play)."""
    found = subprocess.run(
        [sys.executable, "-c", "import sys, compiler.cli; print(*sorted(sys.modules))"],
        capture_output=True, text=True, check=True).stdout.split()
    of_games = {module for module in found
                if module.startswith("compiler.runtime.") and module.count(".") == 3}
    assert {"compiler.runtime.pacg.words", "compiler.runtime.gloomhaven.words",
            "compiler.runtime.ucg.words"} <= of_games
    assert {module.rsplit(".", 1)[1] for module in of_games} == {"words"}


def test_dice_are_pcg32():
    """The first outputs of the PCG32 reference generator seeded with (42, 54)."""
    dice = Dice(42, stream=54)
    assert [dice._next32() for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]


def test_one_seed_gives_one_sequence():
    assert [Dice(7).roll(6) for _ in range(3)] == [Dice(7).roll(6) for _ in range(3)]
    first, second = Dice(7), Dice(8)
    assert [first.roll(20) for _ in range(20)] != [second.roll(20) for _ in range(20)]


def test_every_face_comes_up_about_as_often():
    dice = Dice(1)
    counts = Counter(dice.roll(6) for _ in range(60_000))
    assert sorted(counts) == [1, 2, 3, 4, 5, 6]
    assert all(9_500 < count < 10_500 for count in counts.values())


def test_shuffle_keeps_every_item_and_depends_only_on_the_seed():
    items = list(range(20))
    shuffled, again = items[:], items[:]
    Dice(3).shuffle(shuffled)
    Dice(3).shuffle(again)
    assert shuffled == again != items
    assert sorted(shuffled) == items


def test_every_event_a_runtime_emits_has_a_message_for_the_text_log():
    for messages in RUNTIME.glob("*/messages.py"):
        game = messages.parent
        namespace: dict = {}
        exec(compile(messages.read_text(), str(messages), "exec"), namespace)
        for path in game.glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text())):
                if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "emit" \
                        and node.args and isinstance(node.args[0], ast.Constant):
                    assert node.args[0].value in namespace["MESSAGES"], (path, node.args[0].value)
