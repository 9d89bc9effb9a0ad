"""Reports from hand-built results: human text, JSON, JUnit XML, legacy list and .vsc (pure)."""

from __future__ import annotations

import json
from xml.etree import ElementTree as ET

from cdoctest_runner.example import Declaration, DocTest, Example
from cdoctest_runner.report import (
    format_text,
    junit_xml,
    legacy_list,
    legacy_vsc,
    split_name,
    summary_line,
    to_json,
)
from cdoctest_runner.results import DocTestResult, ExampleResult, Outcome

FILE = "/src/sample.h"
OK = Example("fac(5)\n", "120\n", lineno=2)
BAD = Example("fac(3)\n", "7\n", lineno=4)
BROKEN = Example("fac(;\n", "", lineno=6)


def make(
    name: str, results: list[ExampleResult], setup_error: str | None = None, lineno: int = 10
) -> DocTestResult:
    test = DocTest(tuple(r.example for r in results), name, FILE, lineno, lineno + 8)
    return DocTestResult(test, tuple(results), setup_error=setup_error, duration_s=0.25)


PASSING = make("sample.h::test::Fac::fac", [ExampleResult(OK, Outcome.PASSED, "120\n")])
FAILING = make(
    "sample.h::test::namespace",
    [
        ExampleResult(OK, Outcome.PASSED, "120\n"),
        ExampleResult(BAD, Outcome.FAILED, "6\n"),
        ExampleResult(
            BROKEN, Outcome.COMPILE_ERROR, "", stderr="input_line_3:1:5: error: expected expression"
        ),
    ],
    lineno=20,
)


def test_split_name_at_last_separator():
    assert split_name("sample.h::test::Fac::fac:1") == ("sample.h::test::Fac", "fac:1")
    assert split_name("plain") == ("", "plain")


def test_human_report_shows_input_expected_and_actual():
    text = format_text([PASSING, FAILING])
    assert text == (
        "PASS sample.h::test::Fac::fac (/src/sample.h:10): 1/1 examples passed\n"
        "FAIL sample.h::test::namespace (/src/sample.h:20): 1/3 examples passed\n"
        "  /src/sample.h:24: wrong output\n"
        "  Input:\n"
        "    >>> fac(3)\n"
        "  Expected:\n"
        "      7\n"
        "  Got:\n"
        "      6\n"
        "  /src/sample.h:26: compile error\n"
        "  Input:\n"
        "    >>> fac(;\n"
        "  Diagnostic:\n"
        "    input_line_3:1:5: error: expected expression\n"
        "2 blocks: 1 passed, 1 failed (4 examples, 2 failed)\n"
    )


def test_verbose_report_lists_passing_examples():
    assert "  /src/sample.h:12: ok\n    >>> fac(5)\n" in format_text([PASSING], verbose=True)


def test_timeout_crash_and_setup_error_are_named():
    timeout = make("t", [ExampleResult(OK, Outcome.TIMEOUT, "", message="timed out after 10.0 s")])
    assert (
        "  /src/sample.h:12: timeout\n  Input:\n    >>> fac(5)\n  timed out after 10.0 s\n"
        in format_text([timeout])
    )
    setup = make(
        "s",
        [ExampleResult(OK, Outcome.ERROR)],
        setup_error="sample.cpp:3:1: error: unknown type name 'itn'",
    )
    text = format_text([setup])
    assert (
        "FAIL s (/src/sample.h:10): 0/1 examples passed\n"
        "  The code under test could not be loaded:\n"
        "    sample.cpp:3:1: error: unknown type name 'itn'\n" in text
    )


def test_summary_line_singular():
    assert summary_line([PASSING]) == "1 block: 1 passed, 0 failed (1 example, 0 failed)"


def test_json_report():
    data = json.loads(to_json([PASSING, FAILING]))
    assert data["summary"] == {
        "blocks": 2,
        "passed": 1,
        "failed": 1,
        "examples": 4,
        "examples_failed": 2,
    }
    assert data["results"][1]["results"][1]["outcome"] == "failed"
    assert data["results"][1]["results"][1]["got"] == "6\n"


def test_junit_xml():
    root = ET.fromstring(junit_xml([PASSING, FAILING]))
    suite = root.find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("2", "0", "1")
    cases = suite.findall("testcase")
    assert [(c.get("classname"), c.get("name"), c.get("line")) for c in cases] == [
        ("sample.h::test::Fac", "fac", "10"),
        ("sample.h::test", "namespace", "20"),
    ]
    assert cases[0].find("failure") is None and cases[0].find("error") is None
    error = cases[1].find("error")  # a compile error makes the block an error, not a failure
    assert (
        error.get("type") == "failed"
        and "Expected:" in error.text
        and "compile error" in error.text
    )
    only_wrong = make("w", [ExampleResult(BAD, Outcome.FAILED, "6\n")])
    case = ET.fromstring(junit_xml([only_wrong])).find("testsuite/testcase")
    assert case.find("failure").get("message") == "wrong output"


def test_legacy_vsc_layout_and_escaping():
    assert legacy_vsc([PASSING, FAILING]) == (
        '<unitest-results tests="2" failedtests="1" >\n'
        '<test suite="sample.h::test::Fac" name="fac" />\n'
        '<test suite="sample.h::test" name="namespace" />\n'
        "</unitest-results>\n"
    )
    odd = make('a&b::x"<y>', [ExampleResult(OK, Outcome.PASSED, "120\n")])
    assert '<test suite="a&amp;b" name="x&quot;&lt;y&gt;" />' in legacy_vsc([odd])
    assert legacy_vsc([]) == '<unitest-results tests="0" failedtests="0" >\n</unitest-results>\n'


def test_legacy_list():
    decl = Declaration("fac", "test::Fac::fac", "method", 28, 5, 28, 19)
    test = DocTest((OK,), "sample.h::test::Fac::fac:1", FILE, 23, 27, decl)
    assert (
        legacy_list([(test, (28, 5, 28, 19))])
        == "sample.h::test::Fac::fac:1,/src/sample.h,28,5,28,19\n"
    )


def test_legacy_vsc_counts_missing_names_as_failed():
    assert legacy_vsc([PASSING], missing=["sample.h::Gone::f"]) == (
        '<unitest-results tests="2" failedtests="1" >\n'
        '<test suite="sample.h::test::Fac" name="fac" />\n'
        '<test suite="sample.h::Gone" name="f" />\n'
        "</unitest-results>\n"
    )


def test_crash_report_shows_signal_and_skipped_rest():
    crashed = make(
        "c",
        [
            ExampleResult(OK, Outcome.CRASH, "", message="killed by signal 11 (SIGSEGV)"),
            ExampleResult(BAD, Outcome.SKIPPED, message="not run: the session ended"),
        ],
    )
    assert format_text([crashed]) == (
        "FAIL c (/src/sample.h:10): 0/2 examples passed\n"
        "  /src/sample.h:12: crash\n"
        "  Input:\n"
        "    >>> fac(5)\n"
        "  killed by signal 11 (SIGSEGV)\n"
        "  Expected:\n"
        "      120\n"
        "  Got:\n"
        "      <nothing>\n"
        "  /src/sample.h:14: skipped (an earlier example ended the session)\n"
        "  Input:\n"
        "    >>> fac(3)\n"
        "  not run: the session ended\n"
        "1 block: 0 passed, 1 failed (2 examples, 2 failed)\n"
    )
