"""Builds give the same bytes however they are run, and never leave generated/ half written."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from compiler import batch, files
from compiler import build as build_module
from compiler.build import RunOptions, build, compile_paths
from tests.conftest import CARDS, ROOT


def tree(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()
            and "__pycache__" not in path.parts}


def run_build(args: list[str], cwd: Path, **env: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "compiler.cli", "build", *args],
                            cwd=cwd, env={**os.environ, **env}, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def test_the_same_cards_give_the_same_bytes_from_any_folder_time_zone_and_order(tmp_path):
    runs = [
        (["cards", "--out", str(tmp_path / "a")], ROOT, {}),
        ([str(CARDS), "--out", str(tmp_path / "b")], tmp_path, {"TZ": "Pacific/Kiritimati"}),
        ([*map(str, sorted(CARDS.rglob("*.card"), reverse=True)), "--out", str(tmp_path / "c")],
         tmp_path, {"TZ": "America/Adak", "PYTHONHASHSEED": "99"}),
    ]
    for args, cwd, env in runs:
        assert run_build(args, cwd, **env).wait() == 0
    assert tree(tmp_path / "a") == tree(tmp_path / "b") == tree(tmp_path / "c")
    assert tree(tmp_path / "a") == tree(ROOT / "generated")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the project's cards, in a folder of its own with a build in generated/."""
    (tmp_path / "pyproject.toml").write_text("")
    shutil.copytree(CARDS, tmp_path / "cards")
    (tmp_path / "generated").mkdir()
    (tmp_path / "generated" / "README.md").write_text("kept\n")
    assert build([tmp_path / "cards"], tmp_path / "generated").compilation.ok
    return tmp_path


def shift_every_card(project: Path) -> None:
    """Change every card's line, and so every module."""
    for path in (project / "cards").rglob("*.card"):
        path.write_text("# moved down a line\n" + path.read_text())


def test_a_build_that_fails_half_way_leaves_the_old_tree_whole(project, monkeypatch):
    before = tree(project / "generated")
    shift_every_card(project)
    written = []
    real_write = files.TreeWriter.write

    def failing_write(self, *args, **kwargs):
        if len(written) == 10:
            raise OSError("disk full")
        written.append(args)
        return real_write(self, *args, **kwargs)

    monkeypatch.setattr(files.TreeWriter, "write", failing_write)
    with pytest.raises(OSError, match="disk full"):
        build([project / "cards"], project / "generated")
    monkeypatch.undo()
    assert tree(project / "generated") == before
    assert not list(project.glob(".generated.staging-*"))


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_build_into_an_empty_folder_writes_each_module_as_it_is_rendered(
        tmp_path, monkeypatch, jobs):
    """Into a folder with no modules, the process that renders a module writes it into the
    new tree at once (in workers, when there are several); the tree is the same."""
    monkeypatch.setattr(batch, "WORTH_A_WORKER", 1)  # workers even for the bundled cards
    report = build([CARDS], tmp_path / "generated", options=RunOptions(use_cache=False,
                                                                       jobs=jobs))
    modules = report.compilation.modules
    assert all(module.staged for path, module in modules.items()
               if not path.endswith("__init__.py"))
    assert tree(tmp_path / "generated") == tree(ROOT / "generated")
    assert not list(tmp_path.glob(".generated.staging-*"))


def test_a_few_modules_built_into_a_folder_of_other_files_join_them(tmp_path):
    """A handful of modules staged into the new tree of a folder that holds no module yet:
    the folder keeps what it held, and gains the modules and their index."""
    (tmp_path / "generated").mkdir()
    (tmp_path / "generated" / "README.md").write_text("kept\n")
    report = build([CARDS / "ucg"], tmp_path / "generated", options=RunOptions(use_cache=False))
    modules = report.compilation.modules
    assert report.compilation.ok and report.written == sorted(modules)
    assert 0 < len(modules) <= build_module.FEW_CHANGES
    assert tree(tmp_path / "generated") == {
        "README.md": b"kept\n",
        **{path: text.encode() for path, text in compile_paths([CARDS / "ucg"]).outputs.items()}}
    assert not list(tmp_path.glob(".generated.staging-*"))
    # The cards' modules were written as they were rendered: their texts were not kept.
    staged = [module for module in modules.values() if module.staged]
    assert len(staged) == len(modules) - 1 and all(module.text is None for module in staged)


def test_a_build_with_an_error_leaves_no_folder_and_no_staging(tmp_path):
    (tmp_path / "cards").mkdir()
    (tmp_path / "cards" / "bad.card").write_text("Game: pacg\n\nName: Bad\nType: Monster\n"
                                                  "Check: Combat 5\n\nFrobnicate the moon.\n")
    report = build([tmp_path / "cards"], tmp_path / "generated")
    assert not report.compilation.ok
    assert sorted(path.name for path in tmp_path.iterdir()) == ["cards"]


def restore(project: Path) -> None:
    shutil.rmtree(project / "generated")
    shutil.copytree(project / "old", project / "generated")


def test_a_killed_build_leaves_the_old_tree_or_the_new_one(project):
    """Each build killed at some point of a run like it: the first run fills the project's
    cache (the parser's tables, the cards), so the runs killed are timed by the second."""
    old = tree(project / "generated")
    shutil.copytree(project / "generated", project / "old")
    shift_every_card(project)
    assert build([project / "cards"], project / "new").compilation.ok
    new = {**tree(project / "new"), "README.md": b"kept\n"}
    assert new != old
    assert run_build(["cards"], project).wait() == 0
    restore(project)
    started = time.perf_counter()
    assert run_build(["cards"], project).wait() == 0
    duration = time.perf_counter() - started
    chances = random.Random(0)
    for attempt in range(12):
        restore(project)
        process = run_build(["cards"], project)
        time.sleep(duration * chances.uniform(0.3, 1.2))
        process.send_signal(signal.SIGKILL)
        process.wait()
        assert tree(project / "generated") in (old, new), f"attempt {attempt}"


def test_the_exchange_is_atomic_on_this_machine(tmp_path):
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir()
    second.mkdir()
    (first / "a").write_text("1")
    (second / "b").write_text("2")
    files._exchange(first, second)
    assert (first / "b").exists() and (second / "a").exists()
