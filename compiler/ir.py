"""The IR: each card as an engine-neutral program of plain JSON data, which every backend reads.

A program is a dict (`Program`).  Its effects are dicts with an `op` and the
arguments below; amounts are `Amount` dicts; targets are the words of
compiler.ast.TARGET_KINDS.  An engine that reads this needs no Python: it is
what `cardwright explain --format json` prints and what other engines consume.

| op               | arguments                                                          |
|------------------|--------------------------------------------------------------------|
| `damage`         | target, amount, kind (a damage type, or null: the game's default)  |
| `reduce_damage`  | kinds (empty: any), amount (null: all of it)                        |
| `evade`          | who (null: the card's holder), kinds, traits                       |
| `summon`         | target, cards (names)                                              |
| `dispose`        | place: `banish`, `shuffle` (into the location deck), `top`, `bottom` |
| `cards`          | target, action (`discard`, `bury`, `banish`, `recharge`), count, random |
| `draw`           | target, count                                                      |
| `add_to_check`   | amount, owner (`yours`, `any`), skill (null: any check)            |
| `close_location` | mode: `close`, `temporarily_close`, `attempt_close`               |
| `check_or_else`  | target, check (a list of options), otherwise (an effect)           |
| `stat_change`    | target (or `self`), stat, amount (signed), until the end of the turn |
| `stat_bonus`     | stat, amount (signed), against (a trait, or null: always)          |
| `roll_or_else`   | target, stats, number (to reach), otherwise (an effect)            |
| `heal`           | target, amount                                                     |
| `gain_stars`     | target, amount (of Star tokens)                                    |
| `draw_loot`      | target, amount                                                     |
| `discard_monster`| trait                                                              |
| `reroll`         | (none)                                                             |
| `marker`         | name: `ambush`, `monster_nest`, `skippable`, `no_attack`           |
"""

from __future__ import annotations

import json
from typing import Any, TypedDict

IR_VERSION = 1

Effect = dict[str, Any]


class Amount(TypedDict):
    dice: int
    sides: int
    plus: int
    times: int
    per_player: bool


class CheckOption(TypedDict):
    skills: list[str]
    difficulty: int


class Power(TypedDict):
    cost: str
    # The moment of an encounter the power is played at: the op of the effect that
    # gives it its point (`evade`, `reduce_damage`, `add_to_check`).
    purpose: str | None
    effects: list[Effect]


class Ability(TypedDict):
    """A labelled group of effects: a ucg character's `Ignite:` or an Effect's `Immediate:`."""

    label: str  # the label, in lower case
    effects: list[Effect]


class Source(TypedDict):
    file: str
    line: int


class Program(TypedDict):
    ir: int
    game: str
    name: str
    ident: str  # the card's identifier in generated code, made by the compiler
    type: str
    source: Source
    fields: dict[str, Any]  # every other header field, by its name in snake case
    keywords: list[str]
    immunities: list[str]
    triggers: dict[str, list[Effect]]  # timing window -> effects, in the order written
    powers: list[Power]
    abilities: list[Ability]
    effects: list[Effect]  # what the card does or is, with no timing, label or cost


def dumps(program: Program) -> str:
    """The program as JSON text, the same bytes for the same program."""
    return json.dumps(program, indent=2, ensure_ascii=False) + "\n"
