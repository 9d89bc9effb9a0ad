"""Reports of cdoctest results: human text, JSON, JUnit XML, and the original tool's legacy outputs.

- ``format_text(results, verbose=False)``: per block PASS/FAIL; for each example that did not pass,
  its file line, its input, and the expected and actual output (or the compile error, timeout,
  crash...). ``summary_line(results)`` is the last line.
- ``to_json(results)``: ``{"summary": {...}, "results": [DocTestResult.to_dict(), ...]}``.
- ``junit_xml(results)``: one ``<testcase>`` per block, ``<failure>``/``<error>`` with the text
  report.
- ``legacy_list(entries)``: the original's ``--cdt_list_testcase`` lines,
  ``name,file,line,col,endline,endcol``.
- ``legacy_vsc(results)``: the original's ``.vsc`` result file; the VS Code extension decides
  pass/fail with the regex ``failedtests="0"`` on it.

All functions return strings; the CLIs decide where they go.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from xml.etree import ElementTree as ET
from xml.sax.saxutils import escape

from cdoctest_runner.checker import OutputChecker
from cdoctest_runner.example import DocTest
from cdoctest_runner.results import DocTestResult, ExampleResult, Outcome

_LABELS = {
    Outcome.FAILED: "wrong output",
    Outcome.COMPILE_ERROR: "compile error",
    Outcome.TIMEOUT: "timeout",
    Outcome.CRASH: "crash",
    Outcome.OUTPUT_LIMIT: "output limit exceeded",
    Outcome.SKIPPED: "skipped (an earlier example ended the session)",
    Outcome.ERROR: "error",
}


def split_name(name: str) -> tuple[str, str]:
    """``(suite, test)``: ``name`` split at its last ``::``, as the original tool and its VS Code
    extension split it (``('sample.h::test::Fac', 'fac')``; no ``::`` gives ``('', name)``).
    """
    if "::" in name:
        i = name.rindex("::")
        return name[:i], name[i + 2 :]
    return "", name


def display_path(path: str) -> str:
    """``path`` as reports show it: relative to the working directory when it is below it, else
    as given (``'<text>'`` for an unsaved buffer's empty name).
    """
    if not path:
        return "<text>"
    shown = os.path.relpath(path)
    return path if shown.startswith("..") else shown


def _where(test: DocTest, line: int | None = None) -> str:
    return f"{display_path(test.filename)}:{line if line is not None else test.lineno}"


def _source_lines(result: ExampleResult) -> str:
    lines = result.example.source.rstrip("\n").split("\n")
    return "".join(
        ("    >>> " if i == 0 else "    ... ") + line + "\n" for i, line in enumerate(lines)
    )


def _indent(text: str, prefix: str = "    ") -> str:
    if not text.strip():
        return prefix + "<nothing>\n"
    return "".join(prefix + line + "\n" for line in text.rstrip("\n").split("\n"))


def format_example_failure(
    test: DocTest, result: ExampleResult, checker: OutputChecker | None = None
) -> str:
    """The report of one example that did not pass: where, input, and expected/actual or the
    error.
    """
    checker = checker or OutputChecker()
    line = test.lineno + result.example.lineno
    out = f"  {_where(test, line)}: {_LABELS.get(result.outcome, result.outcome.value)}\n"
    out += "  Input:\n" + _source_lines(result)
    if result.outcome is Outcome.FAILED:
        out += "".join(
            "  " + ln + "\n"
            for ln in checker.difference(result.example.want, result.got, result.example.options)
            .rstrip("\n")
            .split("\n")
        )
    elif result.outcome is Outcome.COMPILE_ERROR:
        out += "  Diagnostic:\n" + _indent(result.stderr or result.message)
    else:
        if result.message:
            out += f"  {result.message}\n"
        if result.outcome is not Outcome.SKIPPED:
            out += (
                "  Expected:\n"
                + _indent(result.example.want, "      ")
                + "  Got:\n"
                + _indent(result.got, "      ")
            )
    return out


def format_result(
    result: DocTestResult, verbose: bool = False, checker: OutputChecker | None = None
) -> str:
    """One block: a ``PASS``/``FAIL`` line, then the details of each example that did not pass."""
    test = result.test
    status = "PASS" if result.passed else "FAIL"
    n = result.attempted
    ok = n - result.failed
    out = f"{status} {test.name} ({_where(test)}): {ok}/{n} examples passed\n"
    if result.setup_error:
        out += "  The code under test could not be loaded:\n" + _indent(result.setup_error)
    for r in result.results:
        if not r.passed and not (
            result.setup_error and r.outcome in (Outcome.ERROR, Outcome.SKIPPED)
        ):
            out += format_example_failure(test, r, checker)
        elif verbose and r.passed:
            out += f"  {_where(test, test.lineno + r.example.lineno)}: ok\n" + _source_lines(r)
    return out


def summary(results: Sequence[DocTestResult]) -> dict[str, int]:
    """Counts: ``blocks``, ``passed``, ``failed`` (blocks), ``examples``, ``examples_failed``."""
    return {
        "blocks": len(results),
        "passed": sum(1 for r in results if r.passed),
        "failed": sum(1 for r in results if not r.passed),
        "examples": sum(r.attempted for r in results),
        "examples_failed": sum(r.failed for r in results),
    }


def summary_line(results: Sequence[DocTestResult]) -> str:
    """``'3 blocks: 2 passed, 1 failed (7 examples, 1 failed)'``."""
    s = summary(results)
    blocks = f"{s['blocks']} block{'s' if s['blocks'] != 1 else ''}"
    examples = f"{s['examples']} example{'s' if s['examples'] != 1 else ''}"
    return (
        f"{blocks}: {s['passed']} passed, {s['failed']} failed "
        f"({examples}, {s['examples_failed']} failed)"
    )


def format_text(results: Sequence[DocTestResult], verbose: bool = False) -> str:
    """The human report: every block, then the summary line."""
    checker = OutputChecker()
    return (
        "".join(format_result(r, verbose, checker) for r in results) + summary_line(results) + "\n"
    )


def to_json(results: Sequence[DocTestResult]) -> str:
    """The JSON report (``summary`` and one ``DocTestResult.to_dict()`` per block)."""
    return (
        json.dumps(
            {"summary": summary(results), "results": [r.to_dict() for r in results]}, indent=2
        )
        + "\n"
    )


def junit_xml(results: Sequence[DocTestResult], suite_name: str = "cdoctest") -> str:
    """JUnit XML for CI systems: one ``<testcase>`` per block; ``classname`` is the name up to its
    last ``::``. A failing block has ``<failure>`` (wrong output) or ``<error>`` (anything else).
    """
    s = summary(results)
    errors = sum(1 for r in results if not r.passed and _is_error(r))
    failures = s["failed"] - errors
    total_time = sum(r.duration_s for r in results)
    root = ET.Element(
        "testsuites",
        tests=str(s["blocks"]),
        failures=str(failures),
        errors=str(errors),
        time=f"{total_time:.3f}",
    )
    suite = ET.SubElement(
        root,
        "testsuite",
        name=suite_name,
        tests=str(s["blocks"]),
        failures=str(failures),
        errors=str(errors),
        time=f"{total_time:.3f}",
    )
    checker = OutputChecker()
    for r in results:
        classname, name = split_name(r.test.name)
        case = ET.SubElement(
            suite,
            "testcase",
            classname=classname,
            name=name,
            file=r.test.filename,
            line=str(r.test.lineno),
            time=f"{r.duration_s:.3f}",
        )
        if not r.passed:
            tag = "error" if _is_error(r) else "failure"
            bad = [x for x in r.results if not x.passed]
            message = (
                r.setup_error.splitlines()[0]
                if r.setup_error
                else (_LABELS.get(bad[0].outcome, "failed") if bad else "no examples ran")
            )
            element = ET.SubElement(
                case, tag, message=message, type=bad[0].outcome.value if bad else "error"
            )
            element.text = format_result(r, False, checker)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _is_error(result: DocTestResult) -> bool:
    if result.setup_error:
        return True
    bad = [x for x in result.results if not x.passed]
    return any(x.outcome is not Outcome.FAILED for x in bad)


def legacy_list(entries: Sequence[tuple[DocTest, tuple[int, int, int, int]]]) -> str:
    """The original's list output: one ``name,file,line,col,endline,endcol`` line per test, ``file``
    absolute, positions those of the declaration without its body (``finder.list_entries``).
    """
    return "".join(
        f"{t.name},{os.path.realpath(t.filename)},{a},{b},{c},{d}\n" for t, (a, b, c, d) in entries
    )


def _attr(value: str) -> str:
    return escape(value, {'"': "&quot;"})


def legacy_vsc(results: Sequence[DocTestResult], missing: Sequence[str] = ()) -> str:
    """The original's ``.vsc`` result file, byte for byte in its layout (attribute values escaped).

    For example::

        <unitest-results tests="2" failedtests="0" >
        <test suite="sample.h::test" name="namespace" />
        ...
        </unitest-results>

    ``missing``: names that were asked for (``--cdt_run_testcase``) but not found; each counts as
    a failed test, so the extension does not show a vanished test as passed.
    """
    failed = sum(1 for r in results if not r.passed) + len(missing)
    out = f'<unitest-results tests="{len(results) + len(missing)}" failedtests="{failed}" >\n'
    for name in [r.test.name for r in results] + list(missing):
        suite, test = split_name(name)
        out += f'<test suite="{_attr(suite)}" name="{_attr(test)}" />\n'
    return out + "</unitest-results>\n"
