"""No undefined behaviour in a kept example: the selected block run natively under AddressSanitizer
and UBSan (``server.judge.sanitize`` on ``cdoctest_runner.coverage.sanitize``).

Test Data: ``tests/data/sanitize`` (``sum.c``/``sum.cpp``: a byte sum and a fill, which read or
write ``n`` bytes wherever ``p`` points; ``bytesum.c``: a byte sum whose documentation states a
call that reads past its string). The report parsing is pure; the rest compiles with the clang
of clang-repl's LLVM and runs the program in the runner's sandbox (no mock of the compiler).
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
from pathlib import Path

import pytest

from cdoctest_runner.coverage import native, sanitize
from cdoctest_runner.coverage.sanitize import Report, read_run
from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from server.generate.noblock import no_block_reason
from server.judge import sanitize as judge_sanitize
from server.judge.sanitize import drop_sanitizer_trips
from server.judge.select import Selection
from server.judge.units import Fate

DATA = Path(__file__).resolve().parents[1] / "data" / "sanitize"

#: What a run of ``sum(&one, 4)`` as example 3 prints to stderr (ASan's report as it is, the
#: stack and shadow lines cut short).
HEAP_READ = """\

==cdt== example 0

==cdt== example 1
bytes: 3

==cdt== example 2

==cdt== example 3
=================================================================
==7250==ERROR: AddressSanitizer: global-buffer-overflow on address 0x55672c385b81 at pc \
0x55672c34887f bp 0x7ffd4291bb60 sp 0x7ffd4291bb58
READ of size 1 at 0x55672c385b81 thread T0
    #0 0x55672c34887e  (/tmp/cdt-x/b0/block+0x11587e) (BuildId: 01cdaf1f0c6732c0)
    #1 0x55672c34893e  (/tmp/cdt-x/b0/block+0x11593e) (BuildId: 01cdaf1f0c6732c0)

0x55672c385b81 is located 0 bytes after global variable 'one' defined in 'block.c' of size 1
SUMMARY: AddressSanitizer: global-buffer-overflow (/tmp/cdt-x/b0/block+0x11587e)
Shadow bytes around the buggy address:
=>0x55672c385b80:[01]f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9 f9
==7250==ABORTING
"""


def test_doctests_of_the_pure_parts() -> None:
    for module in (sanitize, judge_sanitize):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_a_report_belongs_to_the_example_whose_marker_came_last() -> None:
    assert read_run(HEAP_READ) == (Report(3, "global-buffer-overflow", "READ"), 4, False)
    segv = "==cdt== example 0\n==cdt== example 1\nAddressSanitizer:DEADLYSIGNAL\n"
    segv += "==9==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000010 (pc 0x5 T0)\n"
    segv += "==9==The signal is caused by a WRITE memory access.\n"
    segv += "SUMMARY: AddressSanitizer: SEGV (/tmp/b+0x1158)\n"
    assert read_run(segv)[0] == Report(1, "SEGV", "WRITE")
    ubsan = "\n==cdt== example 0\nblock.c:9:3: runtime error: shift exponent 40 is too large "
    ubsan += "for 32-bit type 'int'\nSUMMARY: UndefinedBehaviorSanitizer: undefined-behavior\n"
    report = read_run(ubsan)[0]
    assert report is not None and report.example == 0 and report.kind.startswith("shift exponent")


def test_reports_outside_an_example_and_limits_are_told_apart() -> None:
    """A report before the first marker is the start-up's (-1), a stack overflow or the RSS limit
    is a limit reached, not undefined behaviour; a clean run ends with its end marker.
    """
    startup = (
        "==3==ERROR: AddressSanitizer: heap-use-after-free on address 0x6\n==cdt== example 0\n"
    )
    assert read_run(startup) == (Report(-1, "heap-use-after-free"), 0, False)
    deep = "==cdt== example 0\n==cdt== example 1\n==4==ERROR: AddressSanitizer: stack-overflow\n"
    assert read_run(deep)[0] == Report(1, "stack-overflow", undefined=False)
    rss = "==cdt== example 0\n==5==AddressSanitizer: hard rss limit exhausted (2048Mb vs 2051Mb)\n"
    assert read_run(rss)[0] == Report(0, "rss-limit-exceeded", undefined=False)
    assert read_run("\n==cdt== example 0\nout\n==cdt== example 1\n\n==cdt== end\n") == (
        None,
        2,
        True,
    )


def test_the_run_is_built_with_its_own_sanitizer_flags() -> None:
    """The code's own sanitizer flags are left out (a trapping UBSan would end the run without a
    report), and code that wraps signed overflow is not checked for it.
    """
    code = sanitize.without_sanitizers(CodeUnderTest(flags=("-fwrapv", "-fsanitize-trap=all")))
    assert code.flags == ("-fwrapv",)
    flags = sanitize.sanitizer_flags(code.flags)
    assert "-fsanitize=address" in flags and "signed-integer-overflow" not in " ".join(flags)
    env = sanitize.sanitizer_env(sanitize.DEFAULT_LIMITS)
    assert (
        "detect_leaks=0" in env["ASAN_OPTIONS"] and "hard_rss_limit_mb=2048" in env["ASAN_OPTIONS"]
    )
    assert "halt_on_error=1" in env["UBSAN_OPTIONS"]


# ------------------------------------------------------------------------------ with real clang


@pytest.fixture(scope="module")
def clang_repl() -> str:
    """clang-repl's path, when its LLVM has clang (else skip)."""
    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        path = find_clang_repl().path
        native.find_compilers(path)
    except (ToolchainNotFound, native.NativeToolError) as exc:
        pytest.skip(f"no clang-repl with its clang: {exc}")
    return path


def _sum(name: str = "sum.c") -> tuple[CodeUnderTest, Declaration]:
    language = "c" if name.endswith(".c") else "c++"
    code = CodeUnderTest(language=language, path=str(DATA / name))
    return code, Declaration("sum", "sum", "function", 1, 1, 6, 1)


def _selection(*examples: Example) -> Selection:
    return Selection(tuple(examples), (), (), None, 0, 0)


def _sources(selection: Selection) -> list[str]:
    return [e.source.strip() for e in selection.examples]


@pytest.mark.clang
def test_an_example_reading_past_a_buffer_is_dropped_and_the_correct_one_stays(
    clang_repl: str,
) -> None:
    """``sum(&one, 4)`` reads three bytes past ``one`` (what lies next to it in clang-repl's
    memory made it pass): dropped with the declaration only it used; the calls on ``two``, before
    and after it (run again once it is gone), stay.
    """
    code, fn = _sum()
    chosen = _selection(
        Example("unsigned char two[2] = {1, 2};"),
        Example("sum(two, 2)", "3"),
        Example("unsigned char one = 1;"),
        Example("sum(&one, 4)", "1"),
        Example("sum(two, 1)", "1"),
    )
    done = drop_sanitizer_trips(chosen, code, fn, clang_repl)
    assert _sources(done.selection) == [
        "unsigned char two[2] = {1, 2};",
        "sum(two, 2)",
        "sum(two, 1)",
    ]
    assert done.note == (
        "sanitizers: 2 example(s) dropped (global-buffer-overflow READ in example 4: "
        "`sum(&one, 4)`; 1 set-up line(s) only they used)"
    )
    assert done.clean


@pytest.mark.clang
def test_a_write_past_a_heap_buffer_in_cpp_takes_the_examples_that_use_it(clang_repl: str) -> None:
    """C++ (``new[]``): the write past the buffer trips; the example printing what it wrote uses
    its name and goes with it.
    """
    code, fn = _sum("sum.cpp")
    chosen = _selection(
        Example("unsigned char *b = new unsigned char[1]{7};"),
        Example("sum(b, 1)", "7"),
        Example("unsigned char *w = b + 1; w[0] = 5;"),
        Example("w[0] + 0", "5"),
    )
    done = drop_sanitizer_trips(chosen, code, fn, clang_repl)
    assert _sources(done.selection) == ["unsigned char *b = new unsigned char[1]{7};", "sum(b, 1)"]
    assert "heap-buffer-overflow WRITE in example 3" in done.note
    assert "1 that use what they declare" in done.note


@pytest.mark.clang
def test_a_clean_block_is_left_unchanged(clang_repl: str) -> None:
    code, fn = _sum()
    chosen = _selection(Example("unsigned char two[2] = {1, 2};"), Example("sum(two, 2)", "3"))
    done = drop_sanitizer_trips(chosen, code, fn, clang_repl)
    assert (done.selection, done.note, done.clean) == (chosen, "", True)


@pytest.mark.clang
def test_a_block_that_does_not_build_natively_is_kept_with_a_note(clang_repl: str) -> None:
    """A library that is not there: the block cannot be linked, so it is not checked (and kept)."""
    code, fn = _sum()
    missing = CodeUnderTest(language="c", path=code.path, libraries=("/nonexistent/libsum.so",))
    chosen = _selection(Example("unsigned char one = 1;"), Example("sum(&one, 4)", "1"))
    done = drop_sanitizer_trips(chosen, missing, fn, clang_repl)
    assert done.selection == chosen and not done.clean
    assert done.note.startswith("sanitizers: not checked: the block does not compile natively (")


@pytest.mark.clang
def test_a_block_whose_every_example_trips_is_emptied_and_says_why(clang_repl: str) -> None:
    code, fn = _sum()
    chosen = _selection(Example("unsigned char one = 1;"), Example("fill(&one, 2, 9); one", "9"))
    done = drop_sanitizer_trips(chosen, code, fn, clang_repl)
    assert done.selection.examples == ()
    assert [(r.fate, r.detail) for r in done.selection.rejected] == [
        (Fate.SANITIZED, "global-buffer-overflow WRITE")
    ]
    assert no_block_reason([], done.selection.rejected) == (
        "no block: the sanitizers left no example that checks an output "
        "(`fill(&one, 2, 9); one`: global-buffer-overflow WRITE)"
    )


@pytest.mark.clang
def test_without_the_sanitizer_runtime_the_block_stands_with_a_note(
    clang_repl: str, tmp_path: Path
) -> None:
    """A clang whose resource directory has its headers but no runtime libraries."""
    clang = native.find_compilers(clang_repl).clang
    real = subprocess.run([clang, "-print-resource-dir"], capture_output=True, text=True).stdout
    (tmp_path / "res").mkdir()
    (tmp_path / "res" / "include").symlink_to(os.path.join(real.strip(), "include"))
    for name in ("clang", "clang++"):
        wrapper = tmp_path / name
        wrapper.write_text(f'#!/bin/sh\nexec {clang} -resource-dir {tmp_path / "res"} "$@"\n')
        wrapper.chmod(0o755)
    fake_repl = tmp_path / "clang-repl"
    fake_repl.write_text("")
    code, fn = _sum()
    chosen = _selection(Example("unsigned char one = 1;"), Example("sum(&one, 4)", "1"))
    done = drop_sanitizer_trips(chosen, code, fn, str(fake_repl))
    assert done.selection == chosen
    assert re.match(r"sanitizers: not checked \(the sanitizer runtime is missing \(", done.note)


def test_without_clang_the_block_stands_with_a_note() -> None:
    code, fn = _sum()
    chosen = _selection(Example("sum(0, 0)", "0"))
    done = drop_sanitizer_trips(chosen, code, fn, "/nonexistent/bin/clang-repl-99")
    assert done.selection == chosen and done.note.startswith("sanitizers: not checked (clang")


@pytest.mark.clang
def test_the_pipeline_drops_the_documented_call_that_reads_past_its_string(capsys) -> None:  # noqa: ANN001
    """``bytesum.c``: the documentation's ``sum("a", 4)`` is chosen first and passes in
    clang-repl; the sanitizer run drops it and ``-v`` says why, the other documented call stays.
    """
    from server import cli

    path = str(DATA / "bytesum.c")
    assert cli.main([path, "--function", "sum", "--no-model", "--quick", "-v"]) == 0
    captured = capsys.readouterr()
    assert re.search(
        r"sanitizers: 1 example\(s\) dropped \(global-buffer-overflow READ in example \d+: "
        r'`sum\("a", 4\)`\)',
        captured.err,
    ), captured.err
    assert '+>>> sum("ab", 2)\n+195\n' in captured.out and 'sum("a", 4)\n+' not in captured.out
