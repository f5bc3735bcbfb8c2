"""The `cardwright` command: thin click commands over the library.

Exit codes: 0 when all is well, 1 when cards have errors (or generated/ is
stale, or a scenario cannot be played), 2 for a usage error or a failure of
cardwright itself.  No input should ever end in a traceback; if one does,
that is a bug, reported as such with exit code 2.
"""

from __future__ import annotations

import difflib
import json
import logging
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

import compiler
from compiler import batch, cache
from compiler.build import BuildReport, Compilation, RunOptions, build, check_in_project
from compiler.diagnostics import FORMATS, counts, has_errors, render, render_human
from compiler.files import PROJECT_CARDS, NotUTF8, default_folder, read_utf8
from compiler.games import GAMES

if TYPE_CHECKING:
    from compiler.targets import Target

EXIT_OK, EXIT_ERRORS, EXIT_INTERNAL = 0, 1, 2
GENERATED = "generated"  # the folder `build` writes into, beside the project's cards/


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="cardwright", prog_name="cardwright")
def cli() -> None:
    """cardwright compiles card rules text into Python that plays real encounters.

    Write cards as they are printed (see docs/language.md), check them, build
    them into generated/, and watch a scenario play.
    """


def diagnostic_options(command: Callable[..., None]) -> Callable[..., None]:
    """--format and --strict, for every command that reports on cards."""
    command = click.option(
        "--format", "output", type=click.Choice(FORMATS), default="human", show_default=True,
        help="human: for people (colour on a terminal unless NO_COLOR is set); json: one "
        "object; sarif: SARIF 2.1.0 for code scanning; github: workflow commands.")(command)
    return click.option("--strict", is_flag=True,
                        help="Count warnings as errors for the exit code.")(command)


def run_options(command: Callable) -> Callable:
    """--jobs and --no-cache, for the commands that read many cards."""
    command = click.option(
        "--jobs", "-j", type=click.IntRange(min=1), default=None,
        help="Worker processes to read and compile with (default: the machine's cores).")(command)
    return click.option(
        "--no-cache", is_flag=True,
        help="Neither read nor write .cardwright-cache/: do all the work again.")(command)


def _run_options(jobs: int | None, no_cache: bool, bar: _ProgressBar) -> RunOptions:
    if no_cache:
        cache.disable()
    return RunOptions(use_cache=not no_cache, jobs=jobs or os.cpu_count() or 1,
                      progress=bar.start)


class _ProgressBar:
    """A progress bar on standard error, for runs long enough to want one, and only on a
    terminal (so never in CI logs or piped output)."""

    SHORTEST = 400  # steps: two a file

    def __init__(self) -> None:
        self.bar: Any = None

    def start(self, total: int) -> Callable[[int], None]:
        if total >= self.SHORTEST and sys.stderr.isatty():
            self.bar = click.progressbar(length=total, label="reading and compiling",
                                         file=sys.stderr)
            self.bar.__enter__()
            return self.bar.update
        return lambda count: None

    def close(self) -> None:
        if self.bar is not None:
            self.bar.__exit__(None, None, None)
            self.bar = None


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@diagnostic_options
@run_options
def check(paths: tuple[Path, ...], output: str, strict: bool, jobs: int | None,
          no_cache: bool) -> None:
    """Parse and check card files (default: cards/).

    PATHS are .card files or folders to search for them.  Reports every
    problem, each at file:line:column (codes in docs/diagnostics.md), then a
    summary; exits 0 when no card has an error (warnings allowed unless
    --strict), 1 when one does.  Files inside the project's cards/ folder are
    checked beside the rest of it (their cards may name cards of other files),
    as a pre-commit hook that passes the edited files wants; only PATHS are
    reported on.
    """
    bar = _ProgressBar()
    compilation = check_in_project(_or_the_cards(paths), _run_options(jobs, no_cache, bar))
    bar.close()
    sys.exit(_report(compilation, output, strict))


@cli.command("build")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path),
              help="Folder to write one Python module per card into.  [default: "
              "generated/ beside the project's cards/]")
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; exit 1 if the folder is not what a build would write.")
@diagnostic_options
@run_options
def build_command(paths: tuple[Path, ...], out: Path | None, check_only: bool, output: str,
                  strict: bool, jobs: int | None, no_cache: bool) -> None:
    """Compile card files (default: cards/) into Python modules.

    Makes OUT hold exactly one module per card of PATHS, plus an index per
    game, byte for byte the same for the same cards.  Nothing is written
    while any card has an error.
    """
    bar = _ProgressBar()
    out = _folder_to_write(out or _default(GENERATED), "--out")
    report = build(_or_the_cards(paths), out, check_only, _run_options(jobs, no_cache, bar))
    bar.close()
    status = _report(report.compilation, output, strict)
    if status != EXIT_OK:
        sys.exit(status)
    sys.exit(_report_build(report, out, check_only))


@cli.command("import")
@click.argument("source_format", metavar="FORMAT", type=click.Choice(["pacg-jsonl", "ose-srd",
                                                                       "gloomhaven-json", "csv"]))
@click.argument("source", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="Folder to write the .card files into (one a set or group).")
@click.option("--map", "mapping", default="",
              help="csv: which column holds each field, as name=Card,type=Type,text=Rules,... "
              "(unmapped fields are read from a column of their own name).")
@click.option("--game", type=click.Choice(list(GAMES)),
              help="csv: the game of every card, unless a column gives it.")
def import_command(source_format: str, source: Path, out: Path, mapping: str,
                   game: str | None) -> None:
    """Turn another tool's card data into .card files.

    pacg-jsonl: one JSON object a line with set, name, type, traits, checks
    and powers (the layout of the pacg-player data); a file per set.  ose-srd:
    the Old-School Essentials SRD as a compendium's JSON (campaignEntries), each
    monster's stat block an ose Monster card, its traits the rules text.
    gloomhaven-json: an edition's monsters and monster ability decks (the
    layout of a monster-tracking app's data), at level 1.  csv: a
    spreadsheet with a header row, its columns mapped with --map; a file per
    group column, or one for the whole sheet.  The rules text is written as
    printed: run `cardwright check` or `cardwright coverage` on the result.
    """
    from compiler import importing

    _folder_to_write(out, "--out")
    try:
        text = read_utf8(source)
        if source_format == "pacg-jsonl":
            result = importing.read_pacg_jsonl(text, source.name)
        elif source_format == "ose-srd":
            result = importing.read_ose_srd(text, source.name)
        elif source_format == "gloomhaven-json":
            result = importing.read_gloomhaven_json(text, source.name)
        else:
            result = importing.read_csv(text, source.name, importing.parse_mapping(mapping),
                                        game)
    except (OSError, NotUTF8) as exc:
        click.echo(f"error: {source}: {getattr(exc, 'strerror', None) or exc}", err=True)
        sys.exit(EXIT_ERRORS)
    except importing.ImportProblem as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_ERRORS)
    for problem in result.problems:
        click.echo(f"warning: {problem}", err=True)
    written = importing.write_card_files(result.cards, out)
    click.echo(f"wrote {_plural(len(result.cards), 'card')} in {_plural(len(written), 'file')} "
               f"to {out}", err=True)


@cli.command("coverage")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--format", "output", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: a table for people; json: one object for scripts.")
def coverage_command(paths: tuple[Path, ...], output: str) -> None:
    """Measure how much of some cards cardwright covers (default: cards/).

    For cards and for sentences: how many parse, pass check, compile, and run
    in the runtime (a bane encountered, a boon played, by a stock character);
    then the most frequent shapes of the sentences that do not parse, each
    with a count and an example, of the files that could be measured.  Exits
    0, or 1 when a path cannot be read or is not a card file of a game
    cardwright plays (each said on stderr).
    """
    from compiler.coverage import measure, render_text

    bar = _ProgressBar()
    report = measure(_or_the_cards(paths), bar.start)
    bar.close()
    click.echo(json.dumps(report.to_data(), indent=2, ensure_ascii=False) if output == "json"
               else render_text(report), nl=output == "json")
    for item in report.unmeasured:
        click.echo(str(item), err=True)
    if report.unmeasured:
        sys.exit(EXIT_ERRORS)


@cli.command("play")
@click.argument("scenario", required=False, type=click.Path(path_type=Path))
@click.option("--seed", type=int, help="Seed for the dice (default: the scenario's, or 1).")
@click.option("--format", "output", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: the encounter step by step; json: one event "
              "per line, the last carrying \"outcome\".")
@run_options
def play_command(scenario: Path | None, seed: int | None, output: str, jobs: int | None,
                 no_cache: bool) -> None:
    """Play a scenario (scenarios/<game>/*.toml; default: the bundled demo),
    or a card on its own.

    The scenario's cards are compiled first, so the game plays what the
    card files say now.  One seed always gives the same log.  Every key a
    scenario of each game may have is in docs/scenarios.md.

    A .card file instead (`PATH[::CARD NAME]`, as `explain` takes it) plays
    each of its cards, or the one named, on its own: a bane encountered, a
    boon played, a monster met, a character's ability used, by stock
    characters (the set-up `coverage` tries each card in).
    """
    from compiler.play import DEMO_SCENARIO, PlayError, play

    if scenario is not None and _names_cards(str(scenario)):
        _play_cards(str(scenario), seed, output, jobs, no_cache)
        return
    if scenario is None and not DEMO_SCENARIO.exists():
        click.echo("error: name a scenario file: the bundled demo (scenarios/pacg/demo.toml) "
                   "comes only with a checkout of cardwright", err=True)
        sys.exit(EXIT_ERRORS)
    bar = _ProgressBar()
    try:
        played = play(scenario or DEMO_SCENARIO, seed, options=_run_options(jobs, no_cache, bar),
                      built=_default(GENERATED))
    except PlayError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_ERRORS)
    finally:
        bar.close()
    if not played.compilation.ok:
        sys.exit(_report(played.compilation, "human", False))
    log = played.log
    click.echo(log.json_lines() if output == "json" else log.text(), nl=False)


def _names_cards(target: str) -> bool:
    """Whether `play`'s argument is a card file (`PATH[::CARD NAME]`), not a scenario."""
    return "::" in target or Path(target).suffix == ".card"


def _play_cards(target: str, seed: int | None, output: str, jobs: int | None,
                no_cache: bool) -> None:
    """Each card's trial, its name and then its log; in JSON, each event with the card's
    name as `trial`."""
    from compiler.play import PlayError, try_cards

    bar = _ProgressBar()
    try:
        tried = try_cards(target, seed, _run_options(jobs, no_cache, bar), _default(GENERATED))
    except PlayError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_ERRORS)
    finally:
        bar.close()
    if tried.target.diagnostics:
        sys.exit(_target_errors(tried.target))
    for name, log in tried.logs:
        if output == "json":
            click.echo("".join(json.dumps({"trial": name, **event}, ensure_ascii=False) + "\n"
                               for event in log.events), nl=False)
        else:
            click.echo(f"trial of {name}:\n{log.text()}")


@cli.command("fmt")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
@click.option("--check", "check_only", is_flag=True,
              help="Write nothing; exit 1 if a file is not in canonical form.")
@click.option("--diff", "show_diff", is_flag=True, help="Print what would change, as a diff.")
def fmt_command(paths: tuple[Path, ...], check_only: bool, show_diff: bool) -> None:
    """Rewrite card files (default: cards/) in canonical form.

    Fields in the game's order, one sentence a line, one wording for each
    meaning (`Before the encounter,` for `Before you act,`); comments stay.
    The result always means what the original meant.  Files with errors are
    left alone and their errors reported (exit 1).
    """
    from compiler.fmt import format_paths

    report = format_paths(_or_the_cards(paths), check_only or show_diff)
    if report.diagnostics:
        click.echo(render_human(report.diagnostics, report.sources))
    for name, (before, after) in report.changed.items():
        if show_diff:
            click.echo("".join(difflib.unified_diff(
                before.splitlines(keepends=True), after.splitlines(keepends=True),
                fromfile=name, tofile=f"{name} (formatted)")), nl=False)
        elif check_only:
            click.echo(f"would reformat {name}")
    verb = "would reformat" if check_only or show_diff else "reformatted"
    click.echo(f"{verb} {len(report.changed)} of {report.files} files", err=True)
    failed = has_errors(report.diagnostics) or ((check_only or show_diff) and report.changed)
    sys.exit(EXIT_ERRORS if failed else EXIT_OK)


@cli.command()
@click.argument("target", metavar="PATH[::CARD NAME]")
@click.option("--format", "output", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="text: each sentence and how it was read; json: the IR.")
@run_options
def explain(target: str, output: str, jobs: int | None, no_cache: bool) -> None:
    """Show how cardwright understood a card, sentence by sentence.

    PATH is a .card file (the other cards of its project's cards/ folder,
    or outside a project of its own folder, are read too, so that it may
    name them); `::CARD NAME` picks one card of it.  Beside each sentence:
    its timing window, its cost, its effects and whom they fall on.
    """
    from compiler.explain import explain_card
    from compiler.targets import TargetError, read_target

    bar = _ProgressBar()
    try:
        explained = read_target(target, _run_options(jobs, no_cache, bar))
    except TargetError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_ERRORS)
    finally:
        bar.close()
    if explained.diagnostics:
        sys.exit(_target_errors(explained))
    if output == "json":
        click.echo(json.dumps([program for _, program in explained.cards], indent=2,
                              ensure_ascii=False))
        return
    for card, program in explained.cards:
        notes = GAMES[card.game].notes(card.type)
        source = explained.sources[program["source"]["file"]]
        click.echo("\n".join(explain_card(card, notes, source)) + "\n")


def _target_errors(target: Target) -> int:
    """Report what stops the cards of a PATH[::CARD NAME]; the exit code."""
    return _report(Compilation(diagnostics=target.diagnostics, sources=target.sources,
                               card_count=len(target.cards)), "human", False)


def _report(compilation: Compilation, output: str, strict: bool) -> int:
    """Print the diagnostics in `output` format and a summary; return the exit code."""
    diagnostics = compilation.diagnostics
    version = compiler.__version__ if output == "sarif" else ""  # only SARIF names it
    text = render(diagnostics, output, sources=compilation.sources,
                  cards=compilation.card_count, version=version, colour=colour_wanted(output))
    if text:
        click.echo(text)
    errors, warnings = counts(diagnostics)
    click.echo(f"{_plural(compilation.card_count, 'card')} in "
               f"{_plural(len(compilation.sources), 'file')}: "
               f"{_plural(errors, 'error')}, {_plural(warnings, 'warning')}", err=True)
    return EXIT_ERRORS if errors or (strict and warnings) else EXIT_OK


def _or_the_cards(paths: tuple[Path, ...]) -> tuple[Path, ...]:
    """The paths a command was given, or when none, the project's cards/ (_default)."""
    return paths or (_default(PROJECT_CARDS),)


def _folder_to_write(out: Path, option: str) -> Path:
    """`out`, if it is a folder or nothing yet: a command writes a tree there, in place of
    whatever stands at the path (a file, or a device such as /dev/null, was lost so)."""
    if os.path.lexists(out) and not out.is_dir():
        raise click.BadParameter(f"{out} is not a folder", param_hint=option)
    return out


def _default(name: str) -> Path:
    """What a command reads (`cards`) or writes (`generated`) when not told: the folder of
    that name beside the project's cards/ (files.default_folder), wherever in the project
    the command runs, named from the working directory as a designer would name it."""
    return Path(os.path.relpath(default_folder(Path.cwd()) / name))


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def colour_wanted(output: str) -> bool:
    """Colour for people at a terminal, unless NO_COLOR is set (no-color.org)."""
    return output == "human" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")


def _report_build(report: BuildReport, out: Path, check_only: bool) -> int:
    if check_only:
        stale = [*report.written, *report.removed]
        for relative in report.written:
            click.echo(f"stale: {out / relative} differs from what a build would write")
        for relative in report.removed:
            click.echo(f"stale: {out / relative} would be removed by a build")
        if stale:
            click.echo("run `cardwright build` to bring it up to date", err=True)
            return EXIT_ERRORS
        click.echo(f"{out} is up to date", err=True)
        return EXIT_OK
    click.echo(f"wrote {len(report.written)} and removed {len(report.removed)} files in {out}",
               err=True)
    return EXIT_OK


def _notices_on_standard_error() -> None:
    """The compiler's notices of long work it does before it can report (making a grammar's
    parser tables on a first run) on standard error: given on a terminal only, as the
    progress bar is, so that no log or piped output changes with them."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(message)s ..."))
    notices = logging.getLogger(compiler.__name__)
    notices.addHandler(handler)
    notices.setLevel(logging.INFO)


def main() -> None:
    """The console entry point: a failure of cardwright itself exits 2 with a short report
    (the traceback too, with CARDWRIGHT_DEBUG=1)."""
    batch.collect_less()
    if sys.stderr.isatty():
        _notices_on_standard_error()
    try:
        cli.main(standalone_mode=True)
    except Exception as exc:
        if os.environ.get("CARDWRIGHT_DEBUG"):
            traceback.print_exc()
        click.echo(f"internal error: {type(exc).__name__}: {exc}\n"
                   "this is a bug in cardwright; please report it with the input that caused "
                   "it", err=True)
        sys.exit(EXIT_INTERNAL)
    finally:
        batch.leave_all_to_the_exit()


if __name__ == "__main__":
    main()
