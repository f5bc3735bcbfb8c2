"""The commands as a designer and CI use them: exit codes, output, and builds that are the same
bytes every time."""

from __future__ import annotations

import functools
import gc
import io
import json
import logging
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from compiler import cache, cli, files
from compiler.build import build
from compiler.games import GAMES
from tests.conftest import CARDS, ROOT, SCENARIOS

BROKEN = "Game: pacg\n\nName: A\nType: Monster\nCheck: Combat 5\n\nEach character dances.\n"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli.cli, list(args))
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


@pytest.fixture
def entry_point() -> Iterator[Callable[[], None]]:
    """cli.main, as the console script runs it; what it leaves to the exit is given back to
    the collector afterwards, since this process goes on."""
    yield cli.main
    gc.unfreeze()


@pytest.fixture
def broken_card(tmp_path: Path) -> Path:
    path = tmp_path / "broken.card"
    path.write_text(BROKEN, encoding="utf-8")
    return path


# -- check -----------------------------------------------------------------------


def test_check_passes_the_project_cards(chdir_root):
    code, output = run("check")
    assert code == 0
    assert "0 errors" in output


def test_check_reports_each_problem_with_its_place_and_exits_1(broken_card):
    code, output = run("check", str(broken_card))
    assert code == 1
    assert f"{broken_card.as_posix()}:7:16: error[CW110]:" in output
    assert "7 | Each character dances." in output
    assert "^^^^^^" in output


def test_check_a_missing_path_is_an_error_not_a_traceback(tmp_path):
    code, output = run("check", str(tmp_path / "nowhere.card"))
    assert code == 1 and "CW100" in output


def test_a_byte_order_mark_before_the_text_is_no_part_of_it(tmp_path):
    """A file saved with a byte order mark reads as the same text without one, its columns
    as an editor counts them."""
    marked = tmp_path / "marked.card"
    marked.write_bytes(b"\xef\xbb\xbf" + BROKEN.replace("\n", "\r\n").encode())
    code, output = run("check", str(marked))
    assert code == 1
    assert f"{marked.as_posix()}:7:16: error[CW110]:" in output
    assert "CW101" not in output


def test_a_file_that_is_not_utf8_is_reported_where_its_first_such_byte_stands(tmp_path):
    path = tmp_path / "latin.card"
    path.write_bytes("Game: pacg\n\nName: Café Noir\nType: Monster\n".encode("latin-1"))
    code, output = run("check", str(path))
    assert code == 1
    assert (f"{path.as_posix()}:3:10: error[CW100]: cannot read the file: it is not UTF-8 "
            f"text (byte 0xe9)") in output
    assert "save the file as UTF-8" in output


def test_a_pipe_among_the_cards_is_reported_not_read(project):
    """Reading a pipe waits for a writer: a check of a folder that held one never ended."""
    os.mkfifo(project / "cards" / "pacg" / "inbox.card")
    for named in ([], ["cards/pacg/inbox.card"]):
        code, output = run("check", *named)
        assert code == 1
        assert ("cards/pacg/inbox.card:1:1: error[CW100]: cannot read the file: it is a pipe, "
                "a socket or a device, not a file") in output


def test_a_folder_s_card_files_are_those_path_rglob_finds(project):
    """Every `.card` entry below a folder, hidden folders too, not through links to folders;
    a link to a card file is read, and one to nowhere is reported as unreadable (not as a
    pipe): the finder lists each folder once, as rglob's listing would."""
    cards = project / "cards"
    (cards / ".drafts" / "deep").mkdir(parents=True)
    shutil.copy(cards / "pacg" / "monsters.card", cards / ".drafts" / "deep" / "copy.card")
    (cards / ".drafts" / "notes.txt").write_text("not a card")
    (cards / "linked.card").symlink_to(cards / "pacg" / "monsters.card")
    (cards / "dangling.card").symlink_to(cards / "nowhere.card")
    (cards / "linked-folder").symlink_to(cards / "pacg", target_is_directory=True)
    found, diagnostics = files.find_card_files([cards])
    assert [name for _, name in found] \
        == sorted(files.display_path(path) for path in cards.rglob("*.card"))
    assert {"cards/.drafts/deep/copy.card", "cards/linked.card", "cards/dangling.card"} \
        <= {name for _, name in found}
    assert not any(name.startswith("cards/linked-folder/") for _, name in found)
    assert diagnostics == []
    code, output = run("check")
    assert code == 1
    assert "cards/dangling.card:1:1: error[CW100]: cannot read the file: No such file" in output
    assert "a pipe" not in output


@pytest.mark.parametrize("options", [[], ["--no-cache"]])
def test_a_file_of_the_projects_cards_is_checked_beside_the_others(project, options,
                                                                    monkeypatch):
    """As a pre-commit hook passes the files just edited: monsters.card names scourges of
    displayed.card, which the check reads but does not report on."""
    monkeypatch.setattr(cache, "_disabled", False)  # put back after --no-cache disables it
    (project / "cards" / "ucg" / "broken.card").write_text(BROKEN.replace("pacg", "ucg"))
    code, output = run("check", "cards/pacg/monsters.card", *options)
    assert code == 0, output
    assert "52 cards in 1 file: 0 errors" in output
    code, output = run("check", "cards/pacg", *options)
    assert code == 0 and "240 cards in 8 files: 0 errors" in output


def test_a_file_outside_the_projects_cards_is_checked_alone(project):
    shutil.copy(project / "cards" / "pacg" / "monsters.card", project)
    code, output = run("check", "monsters.card")
    assert code == 1 and output.count("error[CW207]") == 4


def test_a_name_a_checked_file_gives_a_card_beside_it_is_reported_there(project):
    """A duplicate is reported on the second card, which may be in a file not checked."""
    (project / "cards" / "pacg" / "aardvark.card").write_text(
        "Game: pacg\n\nName: Bog Lurker\nType: Monster\nCheck: Combat 5\n")
    code, output = run("check", "cards/pacg/aardvark.card")
    assert code == 1
    assert "cards/pacg/monsters.card:3:1: error[CW208]: another card is already named " \
        "'Bog Lurker'" in output
    assert "53 cards in 2 files: 1 error" in output


def test_a_usage_error_exits_2():
    assert run("check", "--no-such-option")[0] == 2


def test_an_internal_failure_exits_2_with_a_short_report(monkeypatch, capsys, entry_point):
    def explode(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "check_in_project", explode)
    monkeypatch.setattr(sys, "argv", ["cardwright", "check"])
    with pytest.raises(SystemExit) as exit_info:
        entry_point()
    assert exit_info.value.code == 2
    assert "internal error: RuntimeError: boom" in capsys.readouterr().err


@pytest.mark.parametrize("on_a_terminal", [False, True])
def test_notices_of_long_work_are_shown_on_a_terminal_only(monkeypatch, request,
                                                           on_a_terminal, entry_point):
    """Making a grammar's parser tables (a first run's one wait: 3 s for pacg's) is told on a
    terminal; a log or a pipe has nothing more than before."""
    class Stream(io.StringIO):
        def isatty(self) -> bool:
            return on_a_terminal

    standard_error = Stream()
    monkeypatch.setattr(sys, "stderr", standard_error)
    monkeypatch.setattr(sys, "argv", ["cardwright", "--version"])
    notices = logging.getLogger("compiler")
    monkeypatch.setattr(notices, "handlers", [])
    # Given back through setLevel, which also forgets what the loggers below it cached.
    request.addfinalizer(functools.partial(notices.setLevel, notices.level))
    with pytest.raises(SystemExit):
        entry_point()
    logging.getLogger("compiler.syntax.grammars").info("making the parser tables of x.lark")
    assert ("making the parser tables of x.lark ...\n" in standard_error.getvalue()) \
        == on_a_terminal


def test_a_command_leaves_what_it_holds_to_the_exit(monkeypatch, entry_point):
    """The collector is kept away from all the process holds once the command is done, so
    that the interpreter's shutdown does not go through it all again (0.03 s of a hook's
    check of one file: docs/performance.md)."""
    monkeypatch.setattr(sys, "argv", ["cardwright", "--version"])
    assert gc.get_freeze_count() == 0
    with pytest.raises(SystemExit):
        entry_point()
    assert gc.get_freeze_count() > 0


# -- build -----------------------------------------------------------------------


def test_build_writes_one_module_per_card_and_an_index(chdir_root, tmp_path):
    out = tmp_path / "generated"
    assert run("build", "--out", str(out))[0] == 0
    for game in ("pacg", "ucg"):
        modules = sorted(path.name for path in (out / game).glob("*.py"))
        assert "__init__.py" in modules
        assert len(modules) == 1 + len([p for p in (CARDS / game).glob("*.card")
                                        for line in p.read_text().splitlines()
                                        if line.startswith("Name:")])


def test_build_check_tells_stale_from_fresh(chdir_root, tmp_path):
    out = tmp_path / "generated"
    run("build", "--out", str(out))
    assert run("build", "--out", str(out), "--check")[0] == 0
    (out / "pacg" / "bog_lurker.py").write_text("# edited by hand\n")
    (out / "pacg" / "left_over.py").write_text("")
    (out / "pacg" / "cinder_imp.py").unlink()
    code, output = run("build", "--out", str(out), "--check")
    assert code == 1
    assert "bog_lurker.py differs" in output and "cinder_imp.py differs" in output
    assert "left_over.py would be removed" in output
    code, output = run("build", "--out", str(out))
    assert code == 0 and "wrote 2 and removed 1" in output
    assert run("build", "--out", str(out), "--check")[0] == 0


def test_the_committed_generated_folder_is_fresh(chdir_root):
    assert run("build", "--check")[0] == 0


def test_the_defaults_are_the_projects_from_any_folder_of_it(project, monkeypatch):
    """Run from a folder inside the project (cards/pacg, as a designer editing there does),
    the commands read the project's cards/ and `build` writes the project's generated/, not
    a cards/ and a generated/ of the folder they run in."""
    monkeypatch.chdir(project / "cards" / "pacg")
    code, output = run("check")
    assert code == 0 and f"in {len(list(CARDS.rglob('*.card')))} files" in output
    assert run("build")[0] == 0
    assert (project / "generated" / "ucg" / "__init__.py").is_file()
    assert not (project / "cards" / "pacg" / "generated").exists()
    code, output = run("build", "--check")
    assert code == 0 and "../../generated is up to date" in output
    assert run("fmt", "--check")[0] == 0


def test_build_writes_nothing_while_a_card_has_an_error(tmp_path, broken_card):
    out = tmp_path / "out"
    assert run("build", str(CARDS), str(broken_card), "--out", str(out))[0] == 1
    assert not out.exists()


@pytest.mark.parametrize("made", [os.mkfifo, Path.touch], ids=["pipe", "file"])
@pytest.mark.parametrize("command", [["build"], ["import", "csv", "sheet.csv", "--game", "pacg",
                                                 "--map", "name=Card,type=Kind"]])
def test_a_path_to_write_into_that_is_not_a_folder_is_left_alone(project, made, command):
    """A build once put its tree in the place of `--out /dev/null` (a device, which click's
    folder option lets through): whatever stands at the path is not a folder to write into,
    and is kept.  A pipe stands in for the device here; `generated/` is the build's default."""
    (project / "sheet.csv").write_text("Card,Kind\nBog Rat,Monster\n")
    target = project / "generated"
    made(target)
    kind = target.stat().st_mode
    code, output = run(*command, *(["--out", "generated"] if command[0] == "import" else []))
    assert code == 2 and "generated is not a folder" in output
    assert target.stat().st_mode == kind
    with pytest.raises(NotADirectoryError):
        build([project / "cards"], target)


def test_builds_are_the_same_bytes_whatever_the_hash_seed(tmp_path):
    outputs = []
    for seed in ("0", "12345"):
        out = tmp_path / f"out{seed}"
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([sys.executable, "-m", "compiler.cli", "build", "cards", "--out", str(out)],
                       cwd=ROOT, env=env, check=True, capture_output=True)
        outputs.append({path.relative_to(out): path.read_bytes()
                        for path in sorted(out.rglob("*.py"))})
    assert outputs[0] == outputs[1]


def test_generated_modules_import_only_the_runtime():
    for path in (ROOT / "generated").rglob("*.py"):
        lines = [line for line in path.read_text().splitlines()
                 if line.startswith(("import ", "from "))]
        game = path.parent.name
        assert lines in ([], [f"from compiler.runtime import {game} as rt"]), path


# -- play ------------------------------------------------------------------------


def test_play_with_no_argument_plays_the_bundled_demo():
    code, output = run("play")
    assert code == 0
    assert output.startswith("scenario: The Drowned Chapel")
    assert "the scenario is" in output.splitlines()[-1]


def test_play_json_prints_one_event_a_line_ending_with_the_outcome():
    code, output = run("play", str(SCENARIOS / "pacg" / "vexas-flight.toml"), "--format", "json")
    assert code == 0
    events = [json.loads(line) for line in output.splitlines()]
    assert [event["seq"] for event in events] == list(range(1, len(events) + 1))
    assert "outcome" in events[-1] and all("outcome" not in event for event in events[:-1])


def test_one_seed_gives_one_log_and_another_seed_another():
    scenario = str(SCENARIOS / "pacg" / "demo.toml")
    first = run("play", scenario, "--seed", "3")[1]
    assert run("play", scenario, "--seed", "3")[1] == first
    assert run("play", scenario, "--seed", "4")[1] != first


def test_play_of_a_card_file_plays_each_card_on_its_own(tmp_path):
    """A designer's first look at a card in play, with no scenario: each card of the file
    (or the one named) in its game's stock set-up, the same log each time."""
    card = tmp_path / "new.card"
    card.write_text("Game: pacg\n\nName: Mire Hag\nType: Monster\nCheck: Combat 7\n\n"
                    "Before the encounter, you take 1 Cold damage.\n---\nName: Bog Rat\n"
                    "Type: Monster\nCheck: Combat 4\n", encoding="utf-8")
    code, output = run("play", str(card))
    assert code == 0
    assert [line for line in output.splitlines() if line.startswith("trial of")] == [
        "trial of Mire Hag:", "trial of Bog Rat:"]
    assert "Cold damage" in output and run("play", str(card))[1] == output
    code, output = run("play", f"{card}::mire hag", "--format", "json")
    events = [json.loads(line) for line in output.splitlines()]
    assert code == 0 and events and {event["trial"] for event in events} == {"Mire Hag"}
    code, output = run("play", f"{card}::Mire Hog")
    assert code == 1 and output.endswith("has no card named 'Mire Hog'. did you mean "
                                         "'Mire Hag'?\n")


@pytest.mark.parametrize("text", [
    "Game: ucg\n\nName: Gale\nType: Character\nCombat: 2\n\nSwift.\n",
    "Game: ose\n\nName: Goblin\nType: Monster\nArmour Class: 6 [13]\nHit Dice: 1-1\n"
    "Movement: 60' (20')\nMorale: 7\n",
    "Game: gloomhaven\n\nName: Bones\nType: Monster\nNormal: Health 5, Move 2, Attack 2\n---\n"
    "Name: Bones 1\nType: Monster Ability\nMonster: Bones\nInitiative: 30\n\n"
    "Move +0, Attack +0.\n",
    "Game: random-encounters\n\nName: Kai\nType: Character\nHealth: 8\nStrength: 2\n"
    "Dexterity: 5\nMagic: 2\nSlots: Weapon\n\nCombat Ability: The monster takes 2 damage.\n",
    "Game: random-encounters\n\nName: Toad\nType: Monster\nLevel: 1\nHealth: 5X\nStrength: 2\n"
    "Dexterity: 1\nMagic: 2\nAttacks With: Strength\n",
    "Game: random-encounters\n\nName: Ogre King\nType: Boss\nLevel: 3\nHealth: 9X\n"
    "Strength: 4\nDexterity: 1\nMagic: 1\nAttacks With: Strength\n",
], ids=lambda text: text.split("\n")[2])
def test_play_of_a_card_alone_needs_no_other_card(tmp_path, text):
    """A designer's first card, with nothing beside it: a random-encounters trial stopped on
    the later levels' want of a boss, which it sets up and never plays."""
    card = tmp_path / "first.card"
    card.write_text(text, encoding="utf-8")
    code, output = run("play", str(card))
    assert code == 0 and output.startswith("trial of ")


def test_play_of_a_card_with_errors_reports_them(tmp_path):
    broken = tmp_path / "broken.card"
    broken.write_text("Game: pacg\n\nName: X\nType: Monster\nCheck: Combat 7\n\n"
                      "Whenever the moon rises, sing.\n", encoding="utf-8")
    code, output = run("play", str(broken))
    assert code == 1 and "error[CW110]" in output


@pytest.mark.parametrize("command", [["explain"], ["play"], ["play", "--format", "json"]])
def test_a_file_explained_or_played_reads_as_with_no_cache(project, monkeypatch, command):
    """The commands run with the cache (and a build's modules), and take --no-cache and
    --jobs as check and build do; what they print is the same each way."""
    monkeypatch.setattr(cache, "_disabled", False)  # put back after --no-cache disables it
    target = "cards/pacg/henchmen.card::Cultist Acolyte"
    first = run(*command, target)
    assert first[0] == 0 and "Cultist Acolyte" in first[1]
    assert run("build")[0] == 0
    assert run(*command, target, "--jobs", "2") == first
    assert run(*command, target, "--no-cache") == first


@pytest.mark.parametrize("game", list(GAMES))
def test_play_of_a_card_file_of_every_game_plays_its_cards(game):
    """Every game has a trial of one card, which `coverage` counts as run."""
    path = sorted((CARDS / game).glob("*.card"))[0]
    code, output = run("play", str(path))
    assert code == 0 and output.startswith("trial of ")


@pytest.mark.parametrize(("scenario", "card"), [
    ("pacg/demo.toml", "Bog Lurker"), ("ucg/mirror.toml", "Stonehide Brute"),
    ("random-encounters/one-player.toml", "Rolyn"), ("ose/road.toml", "Pip Underbough"),
    ("gloomhaven/crypt.toml", "Living Bones"),
])
def test_a_scenario_naming_a_card_not_in_the_pool_names_the_nearest(tmp_path, scenario, card):
    """A misspelt name in a scenario is a typo more often than not."""
    text = (SCENARIOS / scenario).read_text(encoding="utf-8")
    typo = tmp_path / "typo.toml"
    typo.write_text(text.replace(card, card[:-2] + card[-1]).replace(
        "[[", f"cards = [{json.dumps(str(CARDS / scenario.split('/')[0]))}]\n\n[[", 1),
        encoding="utf-8")
    code, output = run("play", str(typo))
    assert code == 1 and output.rstrip().endswith(f"did you mean '{card}'?")


def test_a_scenario_that_cannot_be_played_is_an_error_not_a_traceback(tmp_path):
    scenario = tmp_path / "bad.toml"
    scenario.write_text('name = "bad"\ngame = "pacg"\nturns = 3\nlocations = []\n'
                        '[[characters]]\ncard = "Nobody"\nlocation = "Nowhere"\n')
    code, output = run("play", str(scenario))
    assert code == 1 and "error:" in output and "'locations' must be a list of at least 1" \
        in output


def test_a_scenario_that_is_not_toml_is_an_error(tmp_path):
    scenario = tmp_path / "bad.toml"
    scenario.write_text("name = \n")
    code, output = run("play", str(scenario))
    assert code == 1 and "not a valid TOML scenario" in output


def test_a_scenario_is_read_as_card_files_are(tmp_path):
    """With a byte order mark before it, a scenario plays as without one; one that is not
    UTF-8 is an error that says where, not a failure of cardwright."""
    demo = (SCENARIOS / "pacg" / "demo.toml").read_text(encoding="utf-8")
    scenario = tmp_path / "marked.toml"
    scenario.write_bytes(b"\xef\xbb\xbf" + demo.encode())
    played = run("play", str(scenario))
    assert played[0] == 0 and played == run("play", str(SCENARIOS / "pacg" / "demo.toml"))
    scenario.write_bytes(b"# Caf\xe9\n" + demo.encode())
    code, output = run("play", str(scenario))
    assert code == 1
    assert f"{scenario}: cannot read the scenario: not UTF-8 text (byte 0xe9 at line 1, " \
        "column 6)" in output


def test_a_scenario_whose_cards_have_errors_reports_them(tmp_path, broken_card):
    scenario = tmp_path / "scenario.toml"
    scenario.write_text(f'name = "x"\ngame = "pacg"\ncards = ["{broken_card.name}"]\nturns = 1\n'
                        'locations = []\ncharacters = []\n')
    code, output = run("play", str(scenario))
    assert code == 1 and "CW110" in output
