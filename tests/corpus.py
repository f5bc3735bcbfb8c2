"""Reading the corpus of printed cards (../shared/corpus/) for tests: it is measured, never
copied into the project."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from compiler.importing import card_file_text, read_gloomhaven_json, read_pacg_jsonl
from tests.conftest import SHARED

PACG_CORPUS = SHARED / "corpus" / "pacg" / "cards.jsonl"
GLOOMHAVEN_CORPUS = sorted((SHARED / "corpus" / "gloomhaven").glob("*.json"))


def pacg_records() -> list[dict[str, Any]]:
    if not PACG_CORPUS.exists():
        return []
    return [json.loads(line) for line in PACG_CORPUS.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def pacg_card_text(record: dict[str, Any]) -> str:
    """One corpus record as a card file, as `cardwright import pacg-jsonl` writes it."""
    result = read_pacg_jsonl(json.dumps(record), "corpus")
    return card_file_text("pacg", result.cards)


def pacg_card_texts() -> Iterator[tuple[str, str]]:
    for record in pacg_records():
        yield record["name"], pacg_card_text(record)


def gloomhaven_card_texts() -> Iterator[tuple[str, list[str]]]:
    """Each edition's name, and each of its cards as a card file of its own, as `cardwright
    import gloomhaven-json` writes them."""
    for source in GLOOMHAVEN_CORPUS:
        result = read_gloomhaven_json(source.read_text(encoding="utf-8"), source.name)
        yield source.stem, [card_file_text("gloomhaven", [card]) for card in result.cards]
