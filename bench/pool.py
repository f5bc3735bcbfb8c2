"""A deterministic synthetic card pool for the benchmarks: thousands of cards spread over the
games cardwright has, made of the language's own phrases.

The phrases are the sentences of the bundled cards (the grammar's phrases as designers use
them), grouped by game, card type and label, so that every synthetic card is one its game
allows.  Each card takes the headers of a bundled card of its type, a name of its own, and 3
to 8 sentences drawn from its type's phrases with their numbers varied, so the pool is not a
few texts repeated.  The bundled cards are written into the pool too: synthetic sentences
may name them (a summon).  Every card of the pool passes its checks, so that a build
measures writing the modules too.
"""

from __future__ import annotations

import random
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from compiler import ast
from compiler.build import compile_paths
from compiler.format import field_value, format_sentence

CARDS_PER_FILE = 10
SENTENCES = (3, 8)
# The numbers a phrase's copies vary: a lone digit, not one of a word, a die (`1d4`) or a
# range (`Surprises on 1-4`, which must start at 1).
_NUMBER = re.compile(r"(?<![\w-])([1-9])(?![\w-])")


@dataclass(frozen=True)
class Template:
    """A bundled card whose headers a synthetic card copies."""

    game: str
    type: str
    headers: tuple[str, ...]  # every header line but Name
    labels: tuple[str | None, ...]  # its sections' labels, in order


def write_pool(cards_dir: Path, out: Path, count: int, seed: int = 2026) -> int:
    """Write about `count` cards (the bundled ones and synthetic ones) under `out`, one folder
    a game; return how many cards were written."""
    compilation = compile_paths([cards_dir])
    if not compilation.ok:
        raise SystemExit("the bundled cards do not compile; fix them before benchmarking")
    templates, phrases = _inventory(compilation.cards)
    rng = random.Random(seed)
    for path in sorted(cards_dir.rglob("*.card")):
        target = out / path.relative_to(cards_dir)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    written = compilation.card_count
    by_game: dict[str, list[Template]] = defaultdict(list)
    for template in templates:
        by_game[template.game].append(template)
    games = sorted(by_game)
    batches: dict[str, list[str]] = defaultdict(list)
    for number in range(count - written):
        game = games[number % len(games)]
        template = by_game[game][number // len(games) % len(by_game[game])]
        batches[game].append(_card(template, phrases, number, rng))
    for game, cards in batches.items():
        folder = out / f"synthetic-{game}"
        folder.mkdir(parents=True, exist_ok=True)
        for start in range(0, len(cards), CARDS_PER_FILE):
            text = f"Game: {game}\n\n" + "---\n".join(cards[start:start + CARDS_PER_FILE])
            (folder / f"pool-{start // CARDS_PER_FILE:04d}.card").write_text(text,
                                                                          encoding="utf-8")
        written += len(cards)
    return written


def _inventory(cards: list[tuple[ast.Card, str]]
               ) -> tuple[list[Template], dict[tuple[str, str, str | None], list[str]]]:
    """The bundled cards with rules text, as templates, and their sentences, by game, type
    and label.  A sentence that calls its card by name stays with that card, as does a
    table of rolls (its rows need their own lines and numbers), and a spawn's ranks by the
    number of characters with the spawn (each number must be said once); one that goes
    on from the sentence before it (`Then, ...`, a power's effects after `Banish this card
    and choose a character at your location.`, `If any character does not defeat` the
    card that sentence summons, `Ignore any movement restrictions.` after a power that
    moves, a Gloomhaven ability that adds to an attack before it: _OF_BEFORE) stays with
    that sentence, in one phrase.  A card that lacks
    a header most cards of its type have (a pacg skirmish with no Check, whose own summons
    are its encounter) is no template."""
    templates: list[Template] = []
    phrases: dict[tuple[str, str, str | None], list[str]] = defaultdict(list)
    usual = _usual_headers(card for card, _ in cards)
    for card, _ in cards:
        if not card.sections or not usual[card.game, card.type] <= {
                item.name for item in card.fields}:
            continue
        headers = tuple(f"{item.name}: {field_value(item.value)}" for item in card.fields
                        if item.name != "Name")
        templates.append(Template(card.game, card.type, headers,
                                  tuple(section.label for section in card.sections)))
        for section in card.sections:
            own: list[str | None] = []  # None for a phrase that stays with its card
            previous: ast.Sentence | None = None
            for sentence in section.sentences:
                ranks = any(isinstance(node, ast.SpawnRank) for node in ast.walk(sentence))
                text = None if _names_its_card(sentence) or sentence.table is not None \
                    or ranks else format_sentence(sentence)
                goes_on = sentence.continues or ast.is_open(previous) or ranks \
                    or isinstance(sentence, ast.MovementRule) or any(
                    _of_before(node) for node in ast.walk(sentence))
                previous = sentence
                if goes_on and own:
                    own[-1] = None if own[-1] is None or text is None else f"{own[-1]} {text}"
                else:
                    own.append(text)
            phrases[card.game, card.type, section.label].extend(
                text for text in own if text is not None)
    templates.sort(key=lambda template: (template.game, template.type, template.headers))
    return templates, phrases


# What speaks of something a sentence before it did: the card that sentence summons
# (`UndefeatedUnless`), or, in a Gloomhaven action, the attack before it (`Heal X`, what a
# consumed element adds to it, an attack near its target, damage adjacent to its target:
# _of_before) or the summon it ranks.
_OF_BEFORE = (ast.UndefeatedUnless, ast.AbilityX, ast.ElementBonus, ast.NearTarget,
              ast.SpawnRank)


def _of_before(node: ast.Node) -> bool:
    return isinstance(node, _OF_BEFORE) or (isinstance(node, ast.AreaDamage)
                                            and node.around_target)


def _usual_headers(cards: Iterable[ast.Card]) -> dict[tuple[str, str], set[str]]:
    """The headers more than half the cards of each game and type have."""
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    totals: Counter[tuple[str, str]] = Counter()
    for card in cards:
        totals[card.game, card.type] += 1
        counts[card.game, card.type].update(item.name for item in card.fields)
    return {kind: {name for name, count in counts[kind].items() if 2 * count > totals[kind]}
            for kind in totals}


def _names_its_card(sentence: ast.Sentence) -> bool:
    """Whether the sentence calls its card by name, or part of it (`Redcap` for the
    Wandering Redcap): on another card, the check would find the name wrong."""
    return any(isinstance(node, ast.SelfRef) and node.name is not None
               for node in ast.walk(sentence))


def _card(template: Template, phrases: dict[tuple[str, str, str | None], list[str]],
          number: int, rng: random.Random) -> str:
    lines = [f"Name: {template.type} {number:05d}", *template.headers, ""]
    total = rng.randint(*SENTENCES)
    labels = template.labels
    for index, label in enumerate(labels):
        share = total // len(labels) + (1 if index < total % len(labels) else 0)
        pool = phrases[template.game, template.type, label]
        picked = rng.sample(pool, min(max(share, 1), len(pool)))
        for position, sentence in enumerate(picked):
            sentence = _NUMBER.sub(lambda match: str(rng.randint(1, 6)), sentence)
            lines.append(f"{label}: {sentence}" if label and position == 0 else sentence)
    return "\n".join(lines) + "\n"
