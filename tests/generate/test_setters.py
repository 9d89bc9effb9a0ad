"""Configuration setters (``server.analysis.setters``): the global settings a function reads, found
by real libclang, with the calls that set each other value and restore the default; two tests run
``SET; call; RESTORE; call`` in real clang-repl and see the other mode, then the default again (C,
and C++ with qualified names, an enum class through an int and a namespace's constant).

Test data: small C and C++ snippets written here (a path-separator style, a strict flag, a
verbosity level, a class's static mode).
"""

from __future__ import annotations

from pathlib import Path

from cdoctest_runner.example import CodeUnderTest, Declaration, Example
from server.analysis.setters import SetterCall, setter_calls
from server.judge.units import Candidate, Origin
from server.judge.verify import verify_candidates

STYLE = r"""enum style { STYLE_UNIX, STYLE_WINDOWS };
static enum style s_style = STYLE_UNIX;
static int s_calls;

void set_style(enum style s) { s_style = s; }
void set_calls(int n) { s_calls = n; }

static int is_sep(char c) { return c == '/' || (s_style == STYLE_WINDOWS && c == '\\'); }

/* How many separators the path has. */
int count_seps(const char *p) {
    int n = 0;
    for (; *p; p++)
        if (is_sep(*p))
            n++;
    s_calls = 0;
    return n;
}
"""


def declaration(text: str, name: str) -> Declaration:
    """The declaration of the function ``name`` defined in ``text`` (by its first line)."""
    line = next(i for i, ln in enumerate(text.split("\n"), 1) if f" {name}(" in ln and "{" in ln)
    return Declaration(name, name, "function", line, 1, line, 1)


def calls(text: str, name: str, language: str = "c", **code: object) -> list[tuple[str, str]]:
    found = setter_calls(
        CodeUnderTest(text=text, language=language, **code), declaration(text, name)
    )
    return [(c.set, c.restore) for c in found]


def test_an_enum_setting_read_by_a_helper_gives_the_other_style_and_restores_the_default() -> None:
    found = setter_calls(CodeUnderTest(text=STYLE, language="c"), declaration(STYLE, "count_seps"))
    # s_calls is only written by count_seps (no read): set_calls is no setter of it.
    assert found == (
        SetterCall("set_style(STYLE_WINDOWS);", "set_style(STYLE_UNIX);", "set_style"),
    )


def test_the_enumerators_the_readers_compare_with_come_first() -> None:
    text = """enum level { L0, L1, L2, L3, L4, L5 };
static enum level s_level = L1;
void set_level(enum level l) { s_level = l; }
int shown(int x) { return s_level == L5 ? 0 : x; }
"""
    assert [s for s, _ in calls(text, "shown")] == [
        "set_level(L5);",
        "set_level(L0);",
        "set_level(L2);",
        "set_level(L3);",
    ]


def test_a_setter_of_a_variable_the_function_never_reads_gives_nothing() -> None:
    text = """static int s_mode = 1;
void set_mode(int m) { s_mode = m; }
int twice(int x) { return 2 * x; }
int moded(int x) { return s_mode > 3 ? x : -x; }
"""
    assert calls(text, "twice") == []
    library = CodeUnderTest(headers=("mode.h",), libraries=("libmode.so",), language="c")
    assert setter_calls(library, declaration(text, "moded")) == ()  # no text: no definition
    elsewhere = """extern int g_base; /* defined in another file: its default is unknown here */
void set_base(int b) { g_base = b; }
int based(int x) { return g_base == 10 ? x : -x; }
"""
    assert calls(elsewhere, "based") == []
    assert calls(elsewhere.replace("extern int g_base;", "int g_base;"), "based") == [
        ("set_base(10);", "set_base(0);")
    ]
    assert calls(text, "moded") == [
        ("set_mode(3);", "set_mode(1);"),
        ("set_mode(4);", "set_mode(1);"),
    ]


def test_a_bool_flag_without_initializer_is_set_true_and_restored_false() -> None:
    text = """#include <stdbool.h>
static bool s_strict;
void set_strict(bool on) { s_strict = on; }
int parse_digit(char c) { return c >= '0' && c <= '9' ? c - '0' : (s_strict ? -1 : 0); }
"""
    assert calls(text, "parse_digit") == [("set_strict(true);", "set_strict(false);")]
    plain = text.replace("#include <stdbool.h>\n", "").replace("bool", "_Bool")
    assert calls(plain, "parse_digit") == [("set_strict(1);", "set_strict(0);")]


def test_a_static_member_set_by_a_static_method_in_a_namespace() -> None:
    text = """namespace fmt {
enum class Case { Lower, Upper, Title };
class Options {
public:
    static void set_case(Case c) { s_case = c; }
    void set_case_too(Case c) { s_case = c; }  // not static: no call at file scope
    static Case s_case;
};
Case Options::s_case = Case::Lower;
char shown(char c) { return Options::s_case == Case::Upper && c >= 'a' && c <= 'z' ? c - 32 : c; }
}
"""
    assert calls(text, "shown", "c++") == [
        ("fmt::Options::set_case(fmt::Case::Upper);", "fmt::Options::set_case(fmt::Case::Lower);"),
        ("fmt::Options::set_case(fmt::Case::Title);", "fmt::Options::set_case(fmt::Case::Lower);"),
    ]


def test_the_initializer_of_the_active_branch_restores_and_a_computed_one_is_skipped() -> None:
    text = """enum eol { EOL_LF, EOL_CRLF };
#ifdef ON_WINDOWS
static enum eol s_eol = EOL_CRLF;
#else
static enum eol s_eol = EOL_LF;
#endif
void set_eol(enum eol e) { s_eol = e; }
int eol_len(void) { return s_eol == EOL_CRLF ? 2 : 1; }
"""
    assert calls(text, "eol_len") == [("set_eol(EOL_CRLF);", "set_eol(EOL_LF);")]
    windows = calls(text, "eol_len", defines=("ON_WINDOWS",))
    assert windows == [("set_eol(EOL_LF);", "set_eol(EOL_CRLF);")]
    computed = """int start(void);
static int s_level = start();
void set_level(int n) { s_level = n; }
int level_or(int x) { return s_level > 2 ? s_level : x; }
"""
    assert calls(computed, "level_or", "c++") == []


def test_a_char_setting_tries_the_readers_characters_an_int_flag_0_and_1() -> None:
    text = """static char s_sep = ',';
static int s_quiet = 1;
void set_sep(char c) { s_sep = c; }
void set_quiet(int q) { s_quiet = q; }
int fields(const char *p) {
    int n = 1;
    for (; *p && *p != '\\n'; p++)
        if (*p == s_sep)
            n++;
    return s_quiet ? n : -n;
}
"""
    assert calls(text, "fields") == [
        ("set_sep('\\n');", "set_sep(',');"),
        ("set_quiet(0);", "set_quiet(1);"),
    ]


def test_an_enum_class_set_through_an_int_parameter_is_cast() -> None:
    text = """enum class Unit { Mm, Inch };
static Unit s_unit = Unit::Mm;
void set_unit(int u) { s_unit = static_cast<Unit>(u); }
double scale(double x) { return s_unit == Unit::Inch ? x * 25.4 : x; }
"""
    assert calls(text, "scale", "c++") == [
        ("set_unit(static_cast<int>(Unit::Inch));", "set_unit(static_cast<int>(Unit::Mm));")
    ]


def test_a_setter_in_a_project_header_counts_the_target_itself_does_not(tmp_path: Path) -> None:
    (tmp_path / "mode.h").write_text(
        """enum mode { MODE_PLAIN, MODE_QUOTED };
static enum mode g_mode = MODE_PLAIN;
static inline void mode_set(enum mode m) { g_mode = m; }
"""
    )
    text = """#include "mode.h"
int emit(char c) { return g_mode == MODE_QUOTED && c == '"' ? 2 : 1; }
"""
    path = tmp_path / "emit.c"
    path.write_text(text)
    code = CodeUnderTest(path=str(path), language="c")
    assert [(c.set, c.restore) for c in setter_calls(code, declaration(text, "emit"))] == [
        ("mode_set(MODE_QUOTED);", "mode_set(MODE_PLAIN);")
    ]
    swap = """static int s_v = 0;
int swap_v(int v) { int old = s_v; s_v = v; return old; }
void set_v(int v) { s_v = v; }
"""
    # swap_v reads s_v and sets it, first in the file: the setter is set_v all the same.
    assert calls(swap, "swap_v") == [("set_v(1);", "set_v(0);")]


def test_cxx_constants_are_spelled_as_a_test_at_file_scope_writes_them() -> None:
    text = """const int kNarrow = 8;
namespace layout {
const int kWide = 16;
static int s_width = kNarrow;
void set_width(int w) { s_width = w; }
int columns(int n) { return s_width >= kWide ? n / 2 : n; }
}
"""
    assert calls(text, "columns", "c++") == [
        ("layout::set_width(layout::kWide);", "layout::set_width(kNarrow);")
    ]
    inside = text.replace("= kNarrow;", "= kWide / 2;")
    assert calls(inside, "columns", "c++") == []  # `kWide / 2` means nothing at file scope


def test_set_call_restore_in_clang_repl_runs_the_other_mode_then_the_default(
    runner, tmp_path: Path
) -> None:
    path = tmp_path / "seps.c"
    path.write_text(STYLE)
    code = CodeUnderTest(path=str(path), language="c")
    (pair,) = setter_calls(code, declaration(STYLE, "count_seps"))
    call = 'count_seps("a\\\\b/c")'
    candidate = Candidate(
        tuple(Example(s) for s in (pair.set, call, pair.restore, call)), Origin.INPUT_SEARCH, 0
    )
    report = verify_candidates([candidate], code, runner, {"count_seps"})
    (unit,) = report.kept
    assert [(e.source.strip(), e.want.strip()) for e in unit.examples] == [
        (pair.set, ""),
        (call, "2"),  # Windows style: '\\' and '/' are separators
        (pair.restore, ""),
        (call, "1"),  # restored: only '/'
    ]


OPTIONS = """namespace fmt {
enum class Case { Lower, Upper, Title };
class Options {
public:
    static void set_case(Case c) { s_case = c; }
    static Case s_case;
};
Case Options::s_case = Case::Lower;
enum class Unit { Mm, Inch };
static Unit s_unit = Unit::Mm;
void set_unit(int u) { s_unit = static_cast<Unit>(u); }
const int kNarrow = 8;
static int s_width = kNarrow;
void set_width(int w) { s_width = w; }
int shown(int c) {
    int out = Options::s_case == Case::Upper && c >= 'a' && c <= 'z' ? c - 32 : c;
    return out + (s_unit == Unit::Inch ? 1000 : 0) + (s_width > 10 ? 100000 : 0);
}
}
"""


def test_cxx_set_and_restore_statements_compile_in_clang_repl(runner, tmp_path: Path) -> None:
    path = tmp_path / "options.cpp"
    path.write_text(OPTIONS)
    code = CodeUnderTest(path=str(path), language="c++")
    pairs = setter_calls(code, declaration(OPTIONS, "shown"))
    call = "fmt::shown('a')"
    candidates = [
        Candidate(tuple(Example(s) for s in (p.set, call, p.restore, call)), Origin.INPUT_SEARCH, i)
        for i, p in enumerate(pairs)
    ]
    report = verify_candidates(candidates, code, runner, {"shown"})
    outputs = {
        u.examples[0].source.strip(): [e.want.strip() for e in u.examples] for u in report.kept
    }
    assert outputs == {
        "fmt::Options::set_case(fmt::Case::Upper);": ["", "65", "", "97"],
        "fmt::Options::set_case(fmt::Case::Title);": ["", "97", "", "97"],
        "fmt::set_unit(static_cast<int>(fmt::Unit::Inch));": ["", "1097", "", "97"],
        "fmt::set_width(10);": ["", "97", "", "97"],  # s_width > 10: 10 stays, 11 crosses
        "fmt::set_width(11);": ["", "100097", "", "97"],
    }
    assert {p.restore for p in pairs} == {
        "fmt::Options::set_case(fmt::Case::Lower);",
        "fmt::set_unit(static_cast<int>(fmt::Unit::Mm));",
        "fmt::set_width(fmt::kNarrow);",
    }
