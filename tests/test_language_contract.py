"""The language contract (../shared/LANGUAGE.md) and the designers' reference (docs/language.md):
every example of a game cardwright has reads, checks and compiles, so neither can drift from
the grammar; and the reference and the project's cards use every construct of each game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler import ast, ir
from compiler.build import compile_paths
from compiler.check import gloomhaven, ose, pacg, random_encounters, ucg
from compiler.games import GAMES
from tests.conftest import CARDS, ROOT, SHARED

LANGUAGE = SHARED / "LANGUAGE.md"
REFERENCE = ROOT / "docs" / "language.md"
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.M | re.S)
_GAME_LINE = re.compile(r"^Game:\s*(\S+)", re.M)


def fenced(text: str) -> list[tuple[str, str, str]]:
    """(heading, language tag, body) of each fenced block, with the heading it stands under."""
    blocks = []
    for match in _FENCE.finditer(text):
        headings = re.findall(r"^#+ (.*)$", text[: match.start()], re.M)
        blocks.append((headings[-1] if headings else "", match.group(1), match.group(2)))
    return blocks


def game_of(heading: str, body: str) -> str | None:
    """The game an example belongs to: its Game line, or the `### \\`id\\`` it stands under."""
    line = _GAME_LINE.search(body)
    if line:
        return line.group(1)
    named = re.match(r"`([\w-]+)`", heading)
    return named.group(1) if named else None


def compile_example(tmp_path: Path, body: str, game: str = "pacg") -> list[ast.Card]:
    """Compile an example on its own or, when it names cards it does not define, with the
    project's cards of its game (an example may also define a card the project has)."""
    if not _GAME_LINE.search(body):
        body = f"Game: {game}\n\n" + body
    path = tmp_path / "example.card"
    path.write_text(body, encoding="utf-8")
    compilation = compile_paths([path])
    if not compilation.ok:
        compilation = compile_paths([CARDS / game, path])
    assert compilation.ok, [str(item) for item in compilation.diagnostics]
    return [card for card, name in compilation.cards if Path(name) == path]


def contract_examples() -> list[tuple[str, str]]:
    """(game, body) of each example in LANGUAGE.md of a game cardwright has."""
    if not LANGUAGE.exists():
        return []
    examples = [(game_of(heading, body), body) for heading, _, body in fenced(LANGUAGE.read_text())]
    return [(game, body) for game, body in examples if game in GAMES]


def pacg_examples_of_the_contract() -> list[str]:
    return [body for game, body in contract_examples() if game == "pacg"]


# Games whose section of the contract shows its cards in line, with no card written out.
IN_LINE = ("ose",)


@pytest.mark.skipif(not LANGUAGE.exists(), reason="../shared/LANGUAGE.md is not beside the project")
def test_the_contract_has_examples_of_every_game_cardwright_has():
    assert {game for game, _ in contract_examples()} | set(IN_LINE) == set(GAMES)


def in_line_examples(game: str) -> tuple[dict[str, str], list[str]]:
    """The field values (`Armour Class` (`7 [12]`)) and sentences (`Pursues.`) that the
    contract's section of a game writes in line."""
    section = re.search(rf"^### `{game}`.*?(?=^#)", LANGUAGE.read_text(), re.M | re.S).group(0)
    fields = dict(re.findall(r"`([A-Z][\w ]+)` \(`([^`]+)`", section))
    return fields, re.findall(r"`([A-Z][^`]*\.)`", section)


@pytest.mark.skipif(not LANGUAGE.exists(), reason="../shared/LANGUAGE.md is not beside the project")
def test_every_in_line_example_of_the_ose_contract_compiles(tmp_path):
    fields, sentences = in_line_examples("ose")
    assert len(fields) >= 6 and len(sentences) >= 7
    monster = {"Armour Class": "7 [12]", "Hit Dice": "1", "Movement": "120' (40')",
               "Morale": "7", **{name: value for name, value in fields.items()
                                 if name not in ("Where", "Monsters")}}
    name = fields["Monsters"].split(" ", 1)[1]
    body = (f"Name: {name}\nType: Monster\n"
            + "".join(f"{field}: {value}\n" for field, value in monster.items())
            + "\n" + "\n".join(sentences)
            + f"\n---\nName: Meeting\nType: Encounter\nWhere: {fields['Where']}\n"
              f"Monsters: {fields['Monsters']}\n")
    (card, _) = compile_example(tmp_path, "Game: ose\n\n" + body, "ose")
    assert len(card.shared_sections[0].sentences) == len(sentences)


@pytest.mark.parametrize(("game", "body"), contract_examples())
def test_every_example_of_the_contract_compiles(tmp_path, game, body):
    assert compile_example(tmp_path, body, game)


REFERENCE_EXAMPLES = [(game_of("", body) or "pacg", body)
                      for _, tag, body in fenced(REFERENCE.read_text()) if tag == "card"]


@pytest.mark.parametrize(("game", "body"), REFERENCE_EXAMPLES)
def test_every_example_of_the_reference_compiles(tmp_path, game, body):
    assert compile_example(tmp_path, body, game)


def constructs(nodes: list[ast.Node]) -> dict[str, set]:
    """The constructs a set of cards uses: node types, windows, costs, targets and the rest."""
    def values(node_type: type, attribute: str) -> set:
        return {getattr(node, attribute) for node in nodes if isinstance(node, node_type)}

    return {
        "nodes": {type(node).__name__ for node in nodes},
        "windows": values(ast.Triggered, "window"),
        "costs": values(ast.Activated, "cost"),
        "targets": values(ast.Target, "kind"),
        "close modes": values(ast.CloseLocation, "mode"),
        "card actions": values(ast.CardAction, "action"),
        "places": values(ast.MoveSelf, "place"),
        "immunities naming the card": {node.subject is not None
                                       for node in nodes if isinstance(node, ast.Immunity)},
        "immunities of a card that may not be evaded": {
            node.unevadable for node in nodes if isinstance(node, ast.Immunity)},
        "types": {card.type for card in nodes if isinstance(card, ast.Card)},
        "labels": values(ast.Section, "label") - {None},
        "keywords": {word.text for node in nodes if isinstance(node, ast.Keywords)
                     for word in node.names},
        "stat changes of": {type(node.subject).__name__ for node in nodes
                            if isinstance(node, ast.StatChange)},
        "markers": values(ast.Marker, "name"),
        "bonuses against a trait": {node.against is not None
                                    for node in nodes if isinstance(node, ast.StatBonus)},
        "health per player": {node.per_player for node in nodes if isinstance(node, ast.Amount)},
        "stats by the number of characters": {isinstance(node.value, ast.PerCharacter)
                                              for node in nodes if isinstance(node, ast.Stat)},
        "stats all attacks have": {node.value is None for node in nodes
                                   if isinstance(node, ast.Stat)},
        "damage around the target": values(ast.AreaDamage, "around_target"),
        "damage once an ability was performed": values(ast.SufferDamage, "after"),
        "conditions": {node.kind for node in nodes if isinstance(node, ast.Condition)},
        "close places": values(ast.CloseLocation, "place"),
        "turn actions": values(ast.TurnAction, "action"),
        "examinations": values(ast.Examine, "then"),
        "examined decks": values(ast.Examine, "deck"),
        "examined ends": values(ast.Examine, "end"),
        "scourges": {node.card is not None for node in nodes
                     if isinstance(node, ast.SufferScourge)},
        "card sources": values(ast.CardAction, "source"),
        "check purposes": values(ast.WhichChecks, "purpose") - {None},
        "checks that grow with the adventure": {node.adventure > 0 for node in nodes
                                                if isinstance(node, ast.SkillCheck)},
        "windows within windows": {node.within is not None for node in nodes
                                   if isinstance(node, ast.Triggered)},
        "cards from the box for others": {node.target is not None for node in nodes
                                          if isinstance(node, ast.GainFromBox)},
        "displayed next to something": {node.beside is not None for node in nodes
                                        if isinstance(node, ast.SelfAction)},
        "banes taken in by their highest difficulty": {
            node.highest is not None for node in nodes if isinstance(node, ast.Selector)},
        "moves": values(ast.Move, "random"),
        "damage rules": {name for node in nodes if isinstance(node, ast.DamageRule)
                         for name in ("as_kind", "more", "to", "unreducible", "halved")
                         if getattr(node, name)},
        "powers for a check": {node.check is not None for node in nodes
                               if isinstance(node, ast.Activated)},
        "powers with a condition": {node.condition is not None for node in nodes
                                    if isinstance(node, ast.Activated)},
        "whose checks": values(ast.WhichChecks, "owner"),
        "whose damage is reduced": values(ast.ReduceDamage, "whose"),
    }


EVERY_CONSTRUCT = {
    "pacg": {
        "nodes": {"Immunity", "Triggered", "Activated", "Untimed", "Damage", "ReduceDamage",
                  "Evade", "Summon", "SelfAction", "MoveSelf", "CardAction", "Draw",
                  "AddToCheck", "AddDice", "UseSkill", "CloseLocation", "CheckOrElse",
                  "YouMay", "ExtraCost", "Conditional", "Explore", "DifficultyChange",
                  "InsteadOfDiscard", "Forbid", "TurnAction", "Examine", "GainFromBox",
                  "DamageRule", "Unevadable", "AllowAnother", "AtReset", "EvadeSelf", "Move",
                  "ShuffleFromBox", "Attempt", "SufferScourge", "PileAction", "AutoSucceed",
                  "Continuation", "ForceOutcome", "Subtract", "ForbidSelf",
                  "ShuffleLocation", "DefeatBane", "AddSkillDie",
                  "Retrieve", "EncounterSelf"},
        "windows": {*pacg.WINDOWS, *pacg.BOON_WINDOWS},
        "conditions": set(ast.CONDITION_KINDS),
        "close places": {"here", "origin"},
        "turn actions": set(ast.TURN_ACTIONS),
        "examinations": {None, "any_order", "top_or_bottom"},
        "examined decks": {"location", "yours", "blessings", "any_character"},
        "examined ends": {"top", "bottom"},
        "scourges": {True, False},
        "card sources": {"hand", "discards", "hand_or_discards", "deck", "blessings"},
        "windows within windows": {True, False},
        "checks that grow with the adventure": {True, False},
        "check purposes": {"defeat", "acquire", "close", "recharge"},
        "cards from the box for others": {True, False},
        "displayed next to something": {True},
        "banes taken in by their highest difficulty": {True, False},
        "moves": {True, False},
        "damage rules": {"as_kind", "more", "to", "unreducible", "halved"},
        "powers for a check": {True, False},
        "powers with a condition": {True, False},
        "whose checks": {"yours", "any", "elsewhere"},
        "whose damage is reduced": set(ast.REDUCED_FOR),
        "costs": set(ast.COSTS),
        "targets": set(pacg.TARGETS),
        "close modes": {"close", "temporarily_close", "attempt_close"},
        "card actions": {"discard", "bury", "banish", "recharge"},
        "places": {*ast.SHUFFLED_INTO, "top", "bottom"},
        "immunities naming the card": {True, False},
        "immunities of a card that may not be evaded": {True, False},
        "types": set(pacg.TYPES),
    },
    "ucg": {
        "nodes": {"Keywords", "Untimed", "Damage", "StatChange"},
        "targets": set(ucg.TARGETS),
        "types": set(ucg.TYPES),
        "labels": set(ucg.LABELS.values()),
        "keywords": set(ucg.KEYWORDS),
        "stat changes of": {"Target", "SelfRef"},
    },
    "random-encounters": {
        "nodes": {"Triggered", "Untimed", "StatBonus", "RollOrElse", "Damage", "Heal",
                  "GainStars", "DrawLoot", "DiscardMonster", "Reroll", "Marker"},
        "windows": {"start_of_turn", "on_star"},
        "targets": set(random_encounters.TARGETS),
        "types": set(random_encounters.TYPES),
        "labels": set(random_encounters.LABELS),
        "markers": set(ast.MARKERS) - set(ose.MARKERS) - set(gloomhaven.MARKERS),
        "bonuses against a trait": {True, False},
        "health per player": {True, False},
    },
    "ose": {
        "nodes": {"Untimed", "Immunity", "Marker", "SurpriseRange", "StatBonus",
                  "AbilitiesElsewhere"},
        "types": set(ose.TYPES),
        "markers": set(ose.MARKERS),
    },
    "gloomhaven": {
        "nodes": {"Untimed", "Ability", "GivenCondition", "Element", "Marker",
                  "NegateNextDamage", "SufferDamage", "SummonMonster", "AllyBonus",
                  "Triggered", "RemoveNegativeConditions", "AbilityX", "XIsDamageDealt",
                  "ElementBonus", "TargetAll", "AreaDamage", "AllAllies",
                  "AttackersSuffer", "AttacksDisadvantaged", "SpawnRank", "RankFor",
                  "NearTarget"},
        "types": set(gloomhaven.TYPES),
        "labels": set(gloomhaven.LABELS),
        "markers": set(gloomhaven.MARKERS),
        "stats by the number of characters": {True, False},
        "stats all attacks have": {True, False},
        "damage around the target": {True, False},
        "damage once an ability was performed": {None, "attack"},
        "windows": {"on_death"},
    },
}


def assert_every_construct(game: str, nodes: list[ast.Node]) -> None:
    seen = constructs(nodes)
    wanted = EVERY_CONSTRUCT[game]
    missing = {key: wanted[key] - seen[key] for key in wanted}
    assert not any(missing.values()), missing


def test_every_game_has_its_constructs_listed():
    assert set(EVERY_CONSTRUCT) == set(GAMES)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_reference_shows_every_construct(tmp_path, game):
    nodes: list[ast.Node] = []
    for index, (example_game, body) in enumerate(REFERENCE_EXAMPLES):
        if example_game == game:
            folder = tmp_path / str(index)
            folder.mkdir()
            nodes.extend(ast.walk(compile_example(folder, body, game)))
    assert_every_construct(game, nodes)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_project_cards_use_every_construct(game):
    compilation = compile_paths([CARDS / game])
    assert_every_construct(game, list(ast.walk([card for card, _ in compilation.cards])))


def _ops(value: object) -> set[str]:
    """The `op` of each effect in a program, however deep."""
    if isinstance(value, dict):
        return ({value["op"]} if isinstance(value.get("op"), str) else set()) | {
            op for item in value.values() for op in _ops(item)}
    if isinstance(value, list | tuple):
        return {op for item in value for op in _ops(item)}
    return set()


def test_every_op_the_project_cards_lower_to_is_documented():
    """Other engines read the IR from compiler/ir.py's table: an op missing there is one
    they cannot know."""
    compilation = compile_paths([CARDS])
    source = Path(ir.__file__).read_text(encoding="utf-8")
    documented = set(re.findall(r"^\| `(\w+)`|\{op: `(\w+)`", source, re.M))
    assert _ops(compilation.programs) - {op for pair in documented for op in pair} == set()
