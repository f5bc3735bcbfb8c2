"""Shared helpers: the project's paths, compiling cards through the real pipeline, and playing
pacg set-ups written inline."""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from compiler.build import compile_paths
from compiler.play import load_cards
from compiler.runtime import pacg as rt

ROOT = Path(__file__).resolve().parents[1]
CARDS = ROOT / "cards"
SCENARIOS = ROOT / "scenarios"
# The shared documents beside the project: the language contract, the seeds and the corpus.
SHARED = Path(os.environ.get("CARDWRIGHT_SHARED", ROOT.parent / "shared"))


def card_text(text: str) -> str:
    return textwrap.dedent(text).lstrip()


@pytest.fixture
def chdir_root(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Run in the project root, as the README's commands do."""
    monkeypatch.chdir(ROOT)
    yield ROOT


@pytest.fixture(scope="session")
def project_pool() -> dict[str, rt.CardDef]:
    """The project's own pacg cards, compiled and loaded."""
    compilation = compile_paths([CARDS / "pacg"])
    assert compilation.ok, compilation.diagnostics
    return load_cards(compilation, "pacg")


@pytest.fixture
def pool_with(tmp_path: Path, project_pool: dict[str, rt.CardDef]):
    """The project's pacg cards plus test cards given as card file text (`Game: pacg` is added)."""

    def build(extra: str) -> dict[str, rt.CardDef]:
        path = tmp_path / "extra.card"
        path.write_text("Game: pacg\n\n" + card_text(extra), encoding="utf-8")
        compilation = compile_paths([CARDS / "pacg", path])
        assert compilation.ok, [str(item) for item in compilation.diagnostics]
        return load_cards(compilation, "pacg")

    return build


def play_setup(cards: dict[str, rt.CardDef], seed: int = 1, **setup: Any) -> list[dict]:
    """Play a pacg set-up and return its events."""
    setup.setdefault("name", "test")
    setup.setdefault("turns", 1)
    return rt.play(setup, cards, seed).events


def events_of(events: list[dict], kind: str, **fields: Any) -> list[dict]:
    return [event for event in events if event["event"] == kind
            and all(event.get(key) == value for key, value in fields.items())]


def kinds(events: list[dict]) -> list[str]:
    return [event["event"] for event in events]
