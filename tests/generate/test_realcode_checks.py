"""Never deliver a block that checks nothing; leave ``main`` and test drivers alone unless asked.

Pure rules first (render refuses a block without expected output; which functions are drivers),
then real runs of ``Generator`` (clang-repl, no model) on the source below.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from cdoctest_runner.example import Example
from server.analysis.locate import load_source, select_targets
from server.api import GenerateOptions, TargetSelector
from server.generate.generator import Generator
from server.render import RenderError, block_lines, checks_output

SRC = """\
#include <stdio.h>
#include <assert.h>

int add(int a, int b) { return a + b; }

void nothing(int x) { (void)x; }

static void test(void) {
    assert(add(1, 2) == 3);
    printf("add ok\\n");
}

int selfcheck(void) { assert(add(0, 0) == 0); assert(add(2, 2) == 4); return 0; }

int main(void) { test(); return selfcheck(); }
"""


def test_a_block_without_expected_output_is_never_rendered() -> None:
    quiet = [Example('char s[] = "hello";'), Example("nothing(1);")]
    assert not checks_output(quiet)
    with pytest.raises(RenderError, match="no observable effect"):
        block_lines(quiet)
    assert checks_output([*quiet, Example("add(1, 2)", "3")])
    assert checks_output([Example('puts("")', "\n")])  # an expected empty line is a check


def test_main_and_test_drivers_are_targeted_only_by_name_or_line(tmp_path: Path) -> None:
    src = load_source(str(tmp_path / "drv.c"), SRC)
    drivers = {f.declaration.name for f in src.functions if f.driver}
    assert drivers == {"test", "selfcheck", "main"}
    everything = select_targets(src, TargetSelector())
    assert [f.declaration.name for f in everything] == ["add", "nothing"]
    named = select_targets(src, TargetSelector(name="main"))
    assert [f.declaration.name for f in named] == ["main"]
    line = SRC.split("\n").index("static void test(void) {") + 1
    assert [f.declaration.name for f in select_targets(src, TargetSelector(line=line))] == ["test"]


@pytest.mark.clang
def test_no_observable_effect_is_reported_and_nothing_written(tmp_path: Path, runner) -> None:  # noqa: ANN001
    path = tmp_path / "drv.c"
    path.write_text(SRC)
    with Generator(runner=runner, options=GenerateOptions(no_model=True)) as gen:
        res = gen.generate(str(path), None, TargetSelector())
        by_name = {f.function.name: f for f in res.functions}
        assert set(by_name) == {"add", "nothing"}
        assert by_name["add"].status == "verified"
        assert by_name["nothing"].status == "no_test"
        assert "no observable effect" in by_name["nothing"].message
        assert by_name["nothing"].edit is None
        # Every block written checks something.
        assert all(checks_output(f.examples) for f in res.functions if f.edit is not None)
        # Asked by name, a driver is generated for like any function.
        named = gen.generate(str(path), None, TargetSelector(name="selfcheck"))
        (fn,) = named.functions
        assert fn.status == "verified" and fn.edit is not None
        assert ">>> selfcheck()\n0\n" in named.new_text
