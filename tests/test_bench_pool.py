"""The benchmark's synthetic pool (bench/pool.py) is made of the bundled cards' phrases, and
every card of it must pass its checks, or a build of it writes nothing and measures nothing:
a new construct whose sentences lean on each other must be kept together there."""

from __future__ import annotations

from bench.pool import write_pool
from bench.run import edit_one_card, first_card_file
from compiler.build import build, compile_paths
from tests.conftest import CARDS


def test_every_card_of_the_synthetic_pool_passes_its_checks(tmp_path):
    written = write_pool(CARDS, tmp_path / "pool", 600)
    compilation = compile_paths([tmp_path / "pool"])
    assert compilation.card_count == written == 600
    assert compilation.ok, [str(item) for item in compilation.diagnostics[:3]]
    # The benchmark's one edited card is there, with a check to edit.
    path = first_card_file(tmp_path / "pool")
    before = path.read_text(encoding="utf-8")
    edit_one_card(path)()
    assert path.read_text(encoding="utf-8") != before


def test_every_module_of_the_synthetic_pool_compiles(tmp_path):
    """The build does not compile the modules it writes (a third of a cold build went on
    it): this is where a template that writes what is not Python for some mix of the
    bundled cards' constructs is found.  The bundled cards' own modules are compiled as the
    tests play them."""
    write_pool(CARDS, tmp_path / "pool", 600)
    report = build([tmp_path / "pool"], tmp_path / "generated")
    assert report.compilation.ok and len(report.written) > 600
    for relative in report.written:
        path = tmp_path / "generated" / relative
        compile(path.read_text(encoding="utf-8"), str(path), "exec", dont_inherit=True)
