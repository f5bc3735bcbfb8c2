"""Diagnostics: every code documented with an example that gives it, and the machine formats
CI tools read."""

from __future__ import annotations

import json
import re
import sys

import pytest
from click.testing import CliRunner

from compiler import cli
from compiler.ast import Span
from compiler.diagnostics import CODES, error, render_github, render_human, warning
from tests.conftest import ROOT

DOC = (ROOT / "docs" / "diagnostics.md").read_text(encoding="utf-8")
SECTIONS = dict(re.findall(r"^## (CW\d+): .*?\n(.*?)(?=^## |\Z)", DOC, re.M | re.S))
CARD = "Game: pacg\n\nName: Long Tale\nType: Monster\nCheck: Combat 5\n\n"
# Examples too long to show in the document.
GENERATED = {
    "CW112": CARD + "Immune to Fire.\n" * 1400,
    "CW113": CARD + "Immune to " + "Fire, " * 200 + "Cold.\n",
}


def run(*args: str) -> tuple[int, str]:
    """The exit code and what went to standard output (the summary goes to standard error)."""
    result = CliRunner().invoke(cli.cli, list(args))
    return result.exit_code, result.stdout


def test_every_code_is_documented_and_nothing_else():
    assert list(SECTIONS) == list(CODES)


@pytest.mark.parametrize("code", list(CODES))
def test_each_documented_example_gives_its_code(code, tmp_path, monkeypatch):
    section = SECTIONS[code]
    expected = re.search(r"```text\n(.*?)\n", section).group(1)
    card = re.search(r"```card\n(.*?)\n```", section, re.S)
    monkeypatch.chdir(tmp_path)
    if code == "CW100":
        output = run("check", "missing.card")[1]
    else:
        text = card.group(1) + "\n" if card else GENERATED[code]
        (tmp_path / "example.card").write_text(text, encoding="utf-8")
        output = run("build", "--out", "out", "example.card")[1]
    assert output.splitlines()[0] == expected


# -- formats -------------------------------------------------------------------------

BROKEN = CARD + "Immune to Posion.\nBefore the encounter, you sing.\n"


@pytest.fixture
def broken(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "broken.card").write_text(BROKEN, encoding="utf-8")
    (tmp_path / "warned.card").write_text(CARD + "Immune to Posion.\n", encoding="utf-8")
    return tmp_path


def test_json_format(broken):
    code, output = run("check", "broken.card", "--format", "json")
    report = json.loads(output)
    assert code == 1
    assert report["cards"] == 1 and report["errors"] == 1 and report["warnings"] == 0
    (item,) = report["diagnostics"]
    assert list(item) == ["file", "line", "col", "end_line", "end_col", "severity", "code",
                          "message", "hint"]
    assert (item["file"], item["line"], item["col"], item["code"]) == (
        "broken.card", 8, 27, "CW110")


def test_sarif_format_is_what_code_scanning_reads(broken):
    code, output = run("check", "broken.card", "warned.card", "--format", "sarif")
    sarif = json.loads(output)
    assert code == 1
    assert sarif["version"] == "2.1.0" and "sarif-2.1.0" in sarif["$schema"]
    (run_,) = sarif["runs"]
    rules = run_["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == list(CODES)
    results = run_["results"]
    assert [(r["ruleId"], r["level"]) for r in results] == [("CW110", "error"),
                                                           ("CW212", "warning")]
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        location = result["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uri"] in ("broken.card", "warned.card")
        assert set(location["region"]) == {"startLine", "startColumn", "endLine", "endColumn"}


def test_github_format_escapes_as_the_actions_toolkit_does():
    span = Span("a,b:c.card", 3, 4, 3, 9)
    diagnostic = error("CW110", span, "100% sure\r\n::error::no", "a, b: c")
    assert render_github([diagnostic]) == (
        "::error file=a%2Cb%3Ac.card,line=3,col=4,endLine=3,endColumn=9,title=cardwright CW110"
        "::100%25 sure%0D%0A::error::no%0Ahint: a, b: c")


def test_warnings_pass_unless_strict(broken):
    assert run("check", "warned.card")[0] == 0
    assert run("check", "warned.card", "--strict")[0] == 1
    code, output = run("check", "warned.card", "--format", "github")
    assert code == 0 and output.startswith("::warning file=warned.card,line=7,col=11,")


def test_colour_only_at_a_terminal_and_never_with_no_color(monkeypatch):
    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert not cli.colour_wanted("human")  # pytest's stdout is no terminal
    monkeypatch.setattr(sys, "stdout", Terminal())
    assert cli.colour_wanted("human") and not cli.colour_wanted("json")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not cli.colour_wanted("human")


def test_colour_marks_severity_and_caret():
    item = warning("CW212", Span("x.card", 1, 1, 1, 2), "m", "h")
    coloured = render_human([item], {"x.card": "A\n"}, colour=True)
    assert "\x1b[33mwarning\x1b[0m" in coloured and "\x1b[31m^\x1b[0m" in coloured
    assert "\x1b" not in render_human([item], {"x.card": "A\n"})


def test_card_text_cannot_drive_the_terminal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.card").write_text(CARD + "Before the encounter, \x1b[2Jyou \u202esing.\n")
    output = run("check", "x.card")[1]
    assert "\x1b" not in output and "\u202e" not in output
    assert "\\u001b[2J" in output and "\\u202e" in output
