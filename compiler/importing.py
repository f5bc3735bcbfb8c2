"""Other tools' card data made into `.card` files: the pacg-player JSON-lines layout (the
corpus's), the Old-School Essentials SRD's monster stat blocks (a compendium's JSON), a
Gloomhaven edition's monster stat and ability cards (a monster-tracking app's JSON), and
spreadsheets saved as CSV, with a mapping from their columns to our fields.

Import changes the format, not the words: rules text is written as it was printed, one
power a line, for `check` and `coverage` to judge.  What cannot be written as a card at all
(a record with no name, a line that would end the card) is left out and reported; so is a
printed word put back where text taken from a PDF lost a ligature (`pro?cient`).
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.check.pacg import CHECK_SKILLS
from compiler.runtime.gloomhaven.words import ATTACK_ATTRIBUTES
from compiler.syntax.grammars import game_ids, game_keywords

FORMATS = ("pacg-jsonl", "ose-srd", "gloomhaven-json", "csv")
# `pro?cient`: a word in which a `?` stands for a ligature (ﬁ, ﬂ, ﬀ, ﬃ, ﬄ) that text taken
# from a PDF lost, and the letters each ligature could have been.
_LOST_LIGATURE = re.compile(r"[A-Za-z]+\?[a-z][A-Za-z]*")
_LIGATURES = ("fi", "fl", "ff", "ffi", "ffl")
# What a --map may name: our fields, and `text` (the rules text), `game` and `group` (the
# file a card goes in).
CSV_TARGETS = ("name", "type", "traits", "check", "text", "game", "group", "level", "health",
               "strength", "dexterity", "magic", "attacks_with", "slots", "slot", "combat",
               "skills", "hand")


class ImportProblem(Exception):
    """The source cannot be imported at all (it is not in the format, or the mapping is
    wrong); the message says why."""


@dataclass
class ImportedCard:
    game: str
    group: str  # the file it is written to, without suffix
    fields: list[tuple[str, str]]  # header lines, Name and Type first
    rules: list[str] = field(default_factory=list)  # rules text, a sentence group a line


@dataclass
class ImportResult:
    cards: list[ImportedCard] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # what was left out, and where


# -- pacg-jsonl ---------------------------------------------------------------------------


def read_pacg_jsonl(text: str, source: str) -> ImportResult:
    """One JSON object a line: set, name, type, traits, checks, powers."""
    result = ImportResult()
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{source}:{number}"
        try:
            record = json.loads(line)
        except ValueError as exc:
            raise ImportProblem(f"{where}: not a JSON object: {exc}") from None
        if not isinstance(record, dict):
            raise ImportProblem(f"{where}: not a JSON object")
        card = _pacg_card(record, where, result.problems)
        if card is not None:
            _add_unless_reprint(result, card, where)
    return result


def _add_unless_reprint(result: ImportResult, card: ImportedCard, where: str) -> None:
    """A card printed again in a later set, word for word, is one card: the first is kept.
    Two different cards of one name are both kept, for `check` to report."""
    for earlier in result.cards:
        if earlier.game == card.game and earlier.fields == card.fields \
                and earlier.rules == card.rules:
            result.problems.append(f"{where}: left out a reprint of {card.fields[0][1]} "
                                   f"(kept the one in {earlier.group})")
            return
    result.cards.append(card)


def _pacg_card(record: dict[str, Any], where: str, problems: list[str]) -> ImportedCard | None:
    name, card_type = _one_line(record.get("name")), _one_line(record.get("type"))
    if not name or not card_type:
        problems.append(f"{where}: left out: a card needs a name and a type")
        return None
    fields = [("Name", name), ("Type", card_type)]
    card_where = f"{where} ({name})"
    traits = [_one_line(trait) for trait in _listed(record.get("traits"), card_where, "traits",
                                                      problems) if _one_line(trait)]
    if traits:
        fields.append(("Traits", ", ".join(traits)))
    check = pacg_check(_listed(record.get("checks"), card_where, "checks", problems),
                       card_where, problems)
    if check:
        fields.append(("Check", check))
    rules = _rules(_unmangled(str(record.get("powers") or "").splitlines(), card_where,
                              problems), "pacg", card_where, problems)
    return ImportedCard("pacg", _one_line(record.get("set")) or "cards", fields, rules)


def _listed(value: Any, where: str, what: str, problems: list[str]) -> list[Any]:
    """`value`, a list in the export; none when it is missing, and none, said, when it is
    something else (an export's field of another shape is left out, not a crash)."""
    if value is None or isinstance(value, list):
        return value or []
    problems.append(f"{where}: left out its {what}: not a list: {value!r:.40}")
    return []


def _unmangled(lines: list[str], where: str, problems: list[str]) -> list[str]:
    """The power lines less lone `r`s: a carriage return whose backslash the exporter lost,
    left between two powers."""
    kept = [line for line in lines if line.strip() != "r"]
    if len(kept) < len(lines):
        problems.append(f"{where}: left out {len(lines) - len(kept)} line(s) holding only 'r' "
                        "(a carriage return the export mangled)")
    return kept


def pacg_check(checks: Iterable[Mapping[str, Any]], where: str, problems: list[str]) -> str:
    """The pacg-player checks as a `Check:` value: each check's skills joined by `or` with
    its difficulty, and the checks joined as their combiners say (`then` for THEN, `or` for
    OR, and `or` for a later check with none)."""
    written = ""
    for check in checks:
        if not isinstance(check, Mapping):
            problems.append(f"{where}: left out a check that is not a table: {check!r:.40}")
            continue
        skills = [split for skill in _listed(check.get("skills"), where, "check's skills",
                                             problems)
                  if _one_line(skill).casefold().rstrip(".") not in ("", "none")
                  for split in _skills_of(_one_line(skill), where, problems)]
        label, skills = _step_label(skills)
        difficulty = _one_line(check.get("difficulty"))
        if not skills and difficulty in ("", "0", "-"):
            continue  # an empty check: the card has none
        if not skills or not difficulty:
            problems.append(f"{where}: left out a check with no skill or no difficulty: "
                            f"{' or '.join(skills) or '-'} {difficulty or '-'}")
            continue
        step = f"{label}{' or '.join(skills)} {difficulty}"
        if written:
            joiner = "then" if str(check.get("combiner") or "").upper() == "THEN" else "or"
            written += f" {joiner} {step}"
        else:
            written = step
    return written


def _step_label(skills: list[str]) -> tuple[str, list[str]]:
    """A card of two banes names the part each step of its check defeats as a skill of its
    own, `(Hound)` or `(Hound) Combat`: that label as the step begins with it (`(Hound) `),
    and the skills."""
    if not skills or not skills[0].startswith("(") or ")" not in skills[0]:
        return "", skills
    label, _, rest = skills[0].partition(")")
    return f"{label}) ", [skill for skill in (rest.strip(), *skills[1:]) if skill]


def _skills_of(skill: str, where: str, problems: list[str]) -> list[str]:
    """One exported skill as the skills it names: `Acrobatics.` is `Acrobatics`, and
    `Dexterity Acrobatics` (two pacg skills whose `or` the export lost) is both."""
    words = [word.title() for word in skill.rstrip(".").split()]
    if len(words) > 1 and all(word in CHECK_SKILLS for word in words):
        problems.append(f"{where}: read the check's skill '{skill}' as "
                        f"'{' or '.join(words)}' (its 'or' was lost)")
        return words
    return [skill.rstrip(".")]


# -- ose-srd ------------------------------------------------------------------------------

# A stat block in an entry's markdown: a fenced `clyt` block of `key: value` lines, its
# `stats:` and `traits:` lists of `- Name: value` lines.
_STAT_BLOCK = re.compile(r"```clyt\n(.*?)```", re.S)
# The SRD's names of the stat line's fields that are spelled otherwise on a card.
_OSE_FIELDS = {"Armor Class": "Armour Class"}
_OSE_STATS = ("Armour Class", "Hit Dice", "Attacks", "THAC0", "Movement", "Saving Throws",
              "Morale", "Alignment", "XP", "Number Appearing", "Treasure Type")


def read_ose_srd(text: str, source: str) -> ImportResult:
    """The SRD as a compendium's JSON: `campaignEntries`, each a markdown text and labels;
    an entry labelled `Monster` holds a stat block, made an ose Monster card, its stat line
    the headers and its traits the rules text (`Name: what it does`, as printed)."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ImportProblem(f"{source}: not JSON: {exc}") from None
    entries = data.get("campaignEntries") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise ImportProblem(f"{source}: no 'campaignEntries' list")
    result = ImportResult()
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict) or not isinstance(entry.get("labels"), list) \
                or "Monster" not in entry["labels"]:
            continue
        body = str(entry.get("rawText") or entry.get("rawPublic") or "")
        where = f"{source}: entry {number}"
        for block in _STAT_BLOCK.findall(body):
            card = _ose_monster(block, where, result.problems)
            if card is not None:
                result.cards.append(card)
    return result


def _ose_monster(block: str, where: str, problems: list[str]) -> ImportedCard | None:
    name, section = "", None
    stats: list[tuple[str, str]] = []
    traits: list[str] = []
    for line in block.splitlines():
        if line.startswith("title:"):
            name = _one_line(line.partition(":")[2])
        elif not line.startswith("- "):
            section = line.partition(":")[0].strip() or section
        else:
            key, _, value = (part.strip() for part in line[2:].partition(":"))
            key = _OSE_FIELDS.get(key, key)
            if section == "stats" and key in _OSE_STATS:
                stats.append((key, _one_line(value)))
            else:  # a trait, or a stat no card field holds: what the monster does
                traits.append(f"{key}: {value}" if value else key)
    if not name or not stats:
        problems.append(f"{where}: left out {name or 'a stat block with no title'}: "
                        "no stat line")
        return None
    return ImportedCard("ose", "monsters", [("Name", name), ("Type", "Monster"), *stats],
                        _rules(traits, "ose", f"{where} ({name})", problems))


# -- gloomhaven-json ----------------------------------------------------------------------

# An icon as the app writes one, `%attack%`, and its name on a card.
_ICON = re.compile(r"%([a-z-]+)%")
# Lines that only lay out the printed card (rows, columns, a new line, a smaller line, the
# end of a line beneath) or draw an area of effect: what they mean is a picture, which card
# text cannot hold.
_LAYOUT = re.compile(r"\[/?[rcs]\]|\[newLine\]|\[subLineEnd\]|¤.*|Å.*")
# A mark of how a line is printed (`!` for a line set apart, `>` for one set in), which says
# nothing of what it means: `!^+1 %attack%` is `^+1 %attack%`.
_PRINT_MARKS = re.compile(r"^[!>]+|(?<=\n)>|(?<=\^)>")
# Elements: an icon with `%use%` after it is consumed; one standing alone is infused.
_ELEMENTS = "fire|ice|air|earth|light|dark|any"
_CONSUMED = re.compile(rf"%({_ELEMENTS})%\s*%use%")
_INFUSED = re.compile(rf"^\^?%({_ELEMENTS})%$")
# A summon (or spawn) whose monster's name stands on the line after it (`Summon normal`,
# `Living Bones`; `Spawn C/2`, `Blood Imps`).
_SUMMON = re.compile(r"(summon|spawn)(\s+(one|two|three|four|C(\s*/\s*[0-9]+)?))?"
                     r"(\s+(normal|elite))?", re.IGNORECASE)
# A line of dots or stars: the end of one action of a monster ability card.
_DIVIDER = re.compile(r"\*+\.*")
GLOOMHAVEN_LEVEL = 1  # the monsters' stat level imported: a first scenario's


def read_gloomhaven_json(text: str, source: str) -> ImportResult:
    """An edition's `monsters` (each a stat card, at level 1: Normal, Elite, Immunities) and
    `monsterAbilities` (each deck's cards: number, shuffle, initiative, then the lines of
    its actions, `^` beginning a line that goes on with the one before)."""
    try:
        data = json.loads(text)
    except ValueError as exc:
        raise ImportProblem(f"{source}: not JSON: {exc}") from None
    if not isinstance(data, dict) or not isinstance(data.get("monsters"), dict) \
            or not isinstance(data.get("monsterAbilities"), list):
        raise ImportProblem(f"{source}: no 'monsters' table and 'monsterAbilities' list")
    result = ImportResult()
    first_of_deck: dict[str, str] = {}
    for name, monster in data["monsters"].items():
        card = _gloomhaven_monster(str(name), monster, f"{source}: {name}", result.problems)
        if card is not None:
            result.cards.append(card)
            first_of_deck.setdefault(str(monster.get("deck") or name), str(name))
    for deck in data["monsterAbilities"]:
        deck_name = str(deck.get("name") or "") if isinstance(deck, dict) else ""
        # The deck's cards name the first monster that uses it (`Archer`: Bandit Archer).
        monster = first_of_deck.get(deck_name)
        if monster is None:
            result.problems.append(f"{source}: left out the {deck_name or 'unnamed'} deck: "
                                   "no monster uses it")
            continue
        for card in _listed(deck.get("cards"), f"{source}: {deck_name}", "cards",
                            result.problems):
            ability = _gloomhaven_ability(deck_name, monster, card, source, result.problems)
            if ability is not None:
                result.cards.append(ability)
    return result


def _gloomhaven_monster(name: str, monster: Any, where: str, problems: list[str]
                        ) -> ImportedCard | None:
    levels = _listed(monster.get("levels"), where, "levels", problems) \
        if isinstance(monster, dict) else []
    level = next((item for item in levels if isinstance(item, dict)
                  and item.get("level") == GLOOMHAVEN_LEVEL), (levels or [None])[0])
    if not isinstance(level, dict):
        problems.append(f"{where}: left out: no stat levels")
        return None
    fields = [("Name", name), ("Type", "Monster")]
    immunities: list[str] = []
    for line in ("normal", "elite"):
        # A boss's one stat line stands in the level itself: written as its Normal line.
        stats = level.get(line) if "health" not in level else level if line == "normal" \
            else None
        if not isinstance(stats, dict):
            continue
        shown = [f"{key.capitalize()} {stats[key]}" for key in ("health", "move", "attack",
                                                                 "range") if key in stats]
        for attribute in _listed(stats.get("attributes"), where, f"{line} attributes",
                                 problems):
            words = _icons(str(attribute)).lstrip("^").split()
            if (len(words) == 2 and (words[1].isdigit() or words[1] == "C")) \
                    or (len(words) == 1 and words[0].casefold() in ATTACK_ATTRIBUTES):
                shown.append(" ".join(words))  # `Shield 1`, `Target C`; `Poison`
            else:
                problems.append(f"{where}: left out the {line} attribute {attribute!r}: not "
                                "a stat and its value")
        fields.append((line.capitalize(), ", ".join(shown)))
        immunities += [_icons(str(item)) for item in _listed(stats.get("immunities"), where,
                                                             "immunities", problems)
                       if _icons(str(item)) not in immunities]
    if immunities:
        fields.append(("Immunities", ", ".join(immunities)))
    return ImportedCard("gloomhaven", "monsters", fields)


def _gloomhaven_ability(deck: str, monster: str, card: Any, source: str,
                        problems: list[str]) -> ImportedCard | None:
    if isinstance(card, list) and card and isinstance(card[0], str):
        card = card[1:]  # a later edition's cards lead with a title
    if not isinstance(card, list) or len(card) < 3:
        problems.append(f"{source}: left out a card of the {deck} deck: not [number, "
                        f"shuffle, initiative, lines...]: {str(card)[:40]}")
        return None
    number, _shuffle, initiative, *lines = card
    name = f"{deck} {number}"
    sentences: list[str] = []
    layout = 0
    wrapped = False  # the line before began with `*` (a line of printed text)
    for line in lines:
        # A line may hold a line break of its own, `^` beginning what goes on after it.
        words = " ".join(_icons(re.sub(r"\n\^+", "\n", _PRINT_MARKS.sub("", line))).split()) \
            if isinstance(line, str) else ""
        text = words.rstrip(",")
        if not isinstance(line, str) or _LAYOUT.fullmatch(text):
            layout += 1
        elif _DIVIDER.fullmatch(text) or not text:
            sentences.append("")
        elif sentences and _SUMMON.fullmatch(sentences[-1]):  # the summoned monster's name
            sentences[-1] += " " + text.lstrip("^")
        elif sentences and sentences[-1].endswith(" and"):  # `Push 1 and`, then `Poison`
            sentences[-1] = sentences[-1].removesuffix(" and") + ", " + text.lstrip("^*")
        elif wrapped and text.startswith("*") and _goes_on(sentences[-1], words.lstrip("*")):
            sentences[-1] += " " + words.lstrip("*")
        elif text.startswith("^") and sentences and sentences[-1]:
            sentences[-1] += ", " + text.lstrip("^")
        else:
            sentences.append((words if text.startswith("*") else text).lstrip("^*"))
        wrapped = text.startswith("*") and not _DIVIDER.fullmatch(text)
    if layout:
        problems.append(f"{source}: {name}: left out {layout} line(s) of the card's layout "
                        "(rows, columns, areas of effect drawn)")
    rules = [sentence.rstrip(",. ") + "." for sentence in sentences if sentence]
    return ImportedCard("gloomhaven", "monster-abilities",
                        [("Name", name), ("Type", "Monster Ability"), ("Monster", monster),
                         ("Initiative", str(initiative)), ("Number", str(number))],
                        _rules(rules, "gloomhaven", f"{source}: {name}", problems))


# Words a line of printed text does not end a sentence with.
_GOES_ON = re.compile(r"(,|\b(the|a|an|and|or|of|to|in|on|at|by|for|with))$", re.IGNORECASE)


def _goes_on(before: str, line: str) -> bool:
    """Whether `line` of printed text goes on with the sentence of the line `before` it:
    that one has no full stop, and it ends in a comma or a word no sentence ends with, or
    `line` begins in lower case (`*All adjacent enemies` / `*suffer 2 damage.`; not
    `*Spawn one Living Bones` / `*It is Normal for 2 characters`)."""
    return not before.endswith(".") and (bool(_GOES_ON.search(before)) or line[:1].islower())


def _icons(text: str) -> str:
    """`%attack% + 1` -> `Attack +1`, `%ice%%use%` -> `Consume Ice`, a lone `%fire%` ->
    `Infuse Fire`: icons as words, a signed value as a card writes it."""
    text = _CONSUMED.sub(lambda match: f"Consume {match.group(1).capitalize()}", text)
    text = _INFUSED.sub(lambda match: f"Infuse {match.group(1).capitalize()}", text)
    words = _ICON.sub(lambda match: f" {match.group(1).replace('-', ' ').capitalize()} ",
                      text)
    return re.sub(r"([+-])\s+(\d)", r"\1\2", " ".join(words.split()))


# -- csv --------------------------------------------------------------------------------


def parse_mapping(text: str) -> dict[str, str]:
    """`name=Card,type=Type,text=Rules` as {target: column}."""
    mapping: dict[str, str] = {}
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        target, equals, column = part.partition("=")
        target = target.strip().lower()
        if not equals or not column.strip():
            raise ImportProblem(f"--map: '{part}' is not target=column")
        if target not in CSV_TARGETS:
            raise ImportProblem(f"--map: '{target}' is not a field; the fields are "
                               f"{', '.join(CSV_TARGETS)}")
        mapping[target] = column.strip()
    return mapping


def read_csv(text: str, source: str, mapping: Mapping[str, str], game: str | None
             ) -> ImportResult:
    """A spreadsheet with a header row.  `mapping` names the column of each field (by
    default, a column with the field's own name); `game` is the game of every card unless a
    column gives it."""
    rows = csv.DictReader(io.StringIO(text))
    columns = rows.fieldnames or []
    folded = {column.strip().casefold(): column for column in columns}
    chosen = {target: folded.get(column.casefold()) for target, column in mapping.items()}
    missing = [f"{target}={mapping[target]}" for target, column in chosen.items()
               if column is None]
    if missing:
        raise ImportProblem(f"{source}: no column for {', '.join(missing)}; the columns are "
                           f"{', '.join(columns) or '(none)'}")
    for target in CSV_TARGETS:  # unmapped fields are read from a column of their own name
        if target not in chosen and target.replace("_", " ") in folded:
            chosen[target] = folded[target.replace("_", " ")]
    if "name" not in chosen or "type" not in chosen:
        raise ImportProblem(f"{source}: map a name and a type column (--map name=...,type=...)")
    if game is None and "game" not in chosen:
        raise ImportProblem(f"{source}: say the cards' game (--game) or map a game column")
    result = ImportResult()
    group = Path(source).stem
    for number, row in enumerate(rows, start=2):
        values = {target: _one_line(row.get(column)) for target, column in chosen.items()}
        where = f"{source}:{number}"
        if not values.get("name") or not values.get("type"):
            if any(values.values()):
                result.problems.append(f"{where}: left out: a card needs a name and a type")
            continue
        fields = [("Name", values["name"]), ("Type", values["type"])]
        for target in CSV_TARGETS:
            if target not in ("name", "type", "text", "game", "group") and values.get(target):
                fields.append((target.replace("_", " ").title(), values[target]))
        card_game = values.get("game") or game or ""
        if card_game not in game_ids():
            result.problems.append(f"{where}: left out: {card_game!r} is not a game "
                                   f"({', '.join(game_ids())})")
            continue
        text_column = chosen.get("text")
        rules = _rules(re.split(r"\r?\n", row.get(text_column) or "") if text_column else [],
                       card_game, f"{where} ({values['name']})", result.problems)
        result.cards.append(ImportedCard(card_game, values.get("group") or group, fields,
                                         rules))
    return result


# -- writing --------------------------------------------------------------------------------


def write_card_files(cards: Iterable[ImportedCard], out: Path) -> list[Path]:
    """One file a group and game (`<group>.card`, or `<group>-<game>.card` when a group
    holds several games), its cards in the order read; returns the files written."""
    groups: dict[tuple[str, str], list[ImportedCard]] = {}
    for card in cards:
        groups.setdefault((card.group, card.game), []).append(card)
    games_of_group: dict[str, set[str]] = {}
    for group, game in groups:
        games_of_group.setdefault(group, set()).add(game)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for (group, game), members in groups.items():
        stem = file_stem(group) + (f"-{file_stem(game)}" if len(games_of_group[group]) > 1
                                   else "")
        path = out / f"{stem}.card"
        path.write_text(card_file_text(game, members), encoding="utf-8")
        written.append(path)
    return written


def card_file_text(game: str, cards: Iterable[ImportedCard]) -> str:
    blocks = []
    for card in cards:
        lines = [f"{name}: {value}" for name, value in card.fields]
        if card.rules:
            lines += ["", *card.rules]
        blocks.append("\n".join(lines) + "\n")
    return f"Game: {game}\n\n" + "---\n".join(blocks)


def file_stem(text: str) -> str:
    """`Season of Factions' Favor` -> `season-of-factions-favor`."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "cards"


def _one_line(value: Any) -> str:
    """A value as one line of text: header values cannot hold line breaks."""
    return " ".join(str(value or "").split())


def _rules(lines: Iterable[str], game: str, where: str, problems: list[str]) -> list[str]:
    """Rules text lines, less those the card format would read as something else."""
    kept = []
    for line in lines:
        line = _ligatures_restored(" ".join(line.split()), game, where, problems)
        if not line:
            continue
        if line == "---" or line.startswith("#"):
            problems.append(f"{where}: left out a rules line the card format cannot hold: "
                            f"{line[:40]!r}")
            continue
        kept.append(line)
    return kept


def _ligatures_restored(line: str, game: str, where: str, problems: list[str]) -> str:
    """The line with each word whose `?` stands for a lost ligature printed again, where
    exactly one ligature makes it a word the game's grammar knows; a word none or several
    fit is left for `check` to report, as a guess would hide a misprint."""
    if "?" not in line or game not in game_ids():
        return line
    known = game_keywords(game)

    def restored(match: re.Match[str]) -> str:
        word = match.group()
        fits = {word.replace("?", letters) for letters in _LIGATURES
                if word.replace("?", letters).casefold() in known}
        if len(fits) != 1:
            return word
        printed = fits.pop()
        problems.append(f"{where}: read {word!r} as {printed!r} (a ligature the export lost)")
        return printed

    return _LOST_LIGATURE.sub(restored, line)
