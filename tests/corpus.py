"""Reading the corpus of printed cards (../shared/corpus/) for tests: it is measured, never
copied into the project."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from compiler.importing import card_file_text, read_pacg_jsonl
from tests.conftest import SHARED

PACG_CORPUS = SHARED / "corpus" / "pacg" / "cards.jsonl"


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
