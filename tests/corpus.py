"""Reading the corpus of printed cards (../shared/corpus/) for tests: it is measured, never
copied into the project."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from tests.conftest import SHARED

PACG_CORPUS = SHARED / "corpus" / "pacg" / "cards.jsonl"


def pacg_records() -> list[dict[str, Any]]:
    if not PACG_CORPUS.exists():
        return []
    return [json.loads(line) for line in PACG_CORPUS.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def pacg_card_text(record: dict[str, Any]) -> str:
    """One corpus record as a card file, the way a designer would write it."""
    lines = ["Game: pacg", "", f"Name: {record['name']}", f"Type: {record['type']}"]
    if record.get("traits"):
        lines.append(f"Traits: {', '.join(record['traits'])}")
    check = _check(record.get("checks") or [])
    if check:
        lines.append(f"Check: {check}")
    powers = [line.strip() for line in (record.get("powers") or "").splitlines() if line.strip()]
    if powers:
        lines += ["", *powers]
    return "\n".join(lines) + "\n"


def _check(checks: list[dict[str, Any]]) -> str:
    parts = []
    for check in checks:
        skills = [skill for skill in check["skills"] if skill != "None"]
        if not skills or not check["difficulty"]:
            continue
        joiner = {"OR": " or ", "THEN": " then "}.get(check["combiner"] or "", "")
        parts.append(("" if not parts else joiner or " or ")
                     + f"{' or '.join(skills)} {check['difficulty']}")
    return "".join(parts)


def pacg_card_texts() -> Iterator[tuple[str, str]]:
    for record in pacg_records():
        yield record["name"], pacg_card_text(record)
