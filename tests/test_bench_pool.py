"""The benchmark's synthetic pool (bench/pool.py) is made of the bundled cards' phrases, and
every card of it must pass its checks, or a build of it writes nothing and measures nothing:
a new construct whose sentences lean on each other must be kept together there."""

from __future__ import annotations

from bench.pool import write_pool
from bench.run import edit_one_card, first_card_file
from compiler.build import compile_paths
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
