"""A straightforward interpreter of pacg IR: what cardwright would run without a backend,
walking each effect's data every time the card acts.  Generated code is measured against it
(bench/run.py, `runtime_ratio_interpreted`); it plays the same game as the generated code of
the same cards, call for call on the encounter."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from compiler.runtime.pacg import CheckOption, Encounter
from compiler.runtime.pacg.state import Character

Effect = dict[str, Any]


def run(effects: list[Effect]) -> Callable[[Encounter, Character], None]:
    """A timing window's or a power's function that interprets `effects`."""
    def interpreted(enc: Encounter, you: Character) -> None:
        for effect in effects:
            perform(enc, you, effect)
    return interpreted


def perform(enc: Encounter, you: Character, effect: Effect) -> None:
    op = effect["op"]
    if op in ("damage", "summon", "cards", "draw", "check_or_else"):
        for target in enc.targets(effect["target"], you):
            _on_target(enc, target, effect)
    elif op == "reduce_damage":
        enc.reduce_damage(None if effect["amount"] is None else amount(enc, effect["amount"]))
    elif op == "evade":
        enc.evade(you)
    elif op == "dispose":
        enc.dispose(effect["place"])
    elif op == "add_to_check":
        enc.add_to_check(amount(enc, effect["amount"]))
    elif op == "close_location":
        enc.close_location(effect["mode"], you)
    else:
        raise ValueError(f"the interpreter has no effect {op!r}")


def _on_target(enc: Encounter, target: Character, effect: Effect) -> None:
    op = effect["op"]
    if op == "damage":
        enc.damage(target, amount(enc, effect["amount"]), effect["kind"])
    elif op == "summon":
        enc.summon(target, tuple(effect["cards"]))
    elif op == "cards":
        enc.cards(target, effect["action"], amount(enc, effect["count"]), effect["random"])
    elif op == "draw":
        enc.draw(target, amount(enc, effect["count"]))
    else:
        options = tuple(CheckOption(tuple(option["skills"]), option["difficulty"])
                        for option in effect["check"])
        if not enc.attempt_check(target, options):
            for otherwise in effect["otherwise"]:
                perform(enc, target, otherwise)


def amount(enc: Encounter, value: dict[str, Any]) -> int:
    if value["dice"]:
        return enc.roll(value["dice"], value["sides"], value["plus"]) * value["times"]
    return value["plus"] * value["times"]
