"""Real-bug benchmark: whether the generated blocks catch bugs that upstream projects really fixed.

``python -m bench.bench_realbugs [--quick] [--no-model] [--only fallback|default]
[--libraries a,b] [--usage-root DIR] [--no-write] [--table-only] [--validate]``

The set is ``bench/data/realbugs/``: one directory per open-source C or C++ library, vendored as it
is at one upstream commit (with its licence), with a ``bugs.json`` (format:
bench/data/realbugs/README.md; ``read_library``): the library's repository, licence, commit,
language, ``layout`` (``single-file``, or ``cmake``: configured once with CMake into a cache
directory, ``configure_cmake``, and tested as the product's ``-p`` does, the rest of the target
loaded as a shared library), ``domain``, extra compile ``flags`` (``{dir}`` = the directory), the
mining funnel (``mining``, ``dropped``) and ``functions``: per target function its ``file`` and the
``bugs`` fixed upstream in the code it runs. Each bug has a one-line ``desc``, the fix ``commit``, a
``find``/``replace`` patch that puts the old (buggy) code back into today's file (``find`` must
occur exactly once) and a ``witness``: a cdoctest block (``>>>`` inputs and their expected output
on today's code) whose output differs on the buggy code. The witnesses are used only by
``--validate`` and the tests, never by the generator. Libraries are read in name order; each is on
the ``dev`` or the ``heldout`` side of a fixed split (``split_of``).

For each function and configuration the generator makes a block on today's file; the block is then
run on every buggy version. A bug is **caught** when the block does not pass on it (a different
output, a crash, a timeout or an example that no longer compiles). Configurations: ``fallback``
(``GenerateOptions(no_model=True)``, what ``--no-model`` gives) and ``default`` (the default
pipeline). ``--no-model`` runs the fallback only; ``--quick`` one function per library;
``--libraries`` re-runs the named libraries and keeps the saved rows of the others. Rows go to
``bench/results/realbugs.jsonl`` after every function, the table to ``docs/benchmarks.md`` (section
``realbugs``).

Usage mining (``server.analysis.usage``) needs the project around a library's file: the vendored
files have none, so it is off unless ``--usage-root DIR`` names the projects that
``bench/usage_realbugs.py --extract`` rebuilt (``DIR/<lib>/``: each library's tests, examples and
README as of the parent of its earliest fix); each library's is then its ``project_root``.

``--validate`` checks the data set instead: every patch applies once, every buggy file loads, every
witness passes on today's file and fails on the buggy one, and each library's funnel adds up;
one line per problem, naming the library, file, function and fix commit.
"""

from __future__ import annotations

import argparse
import functools
import hashlib
import json
import re
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bench._table import markdown_table, write_section  # noqa: E402
from bench.bench_bugs import Bug, BugSetError  # noqa: E402
from cdoctest_runner.example import CodeUnderTest, DocTest, Example  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "realbugs"
RESULTS = ROOT / "bench" / "results" / "realbugs.jsonl"
CONFIGS = ("fallback", "default")


#: What ``domain`` may say (one per library).
DOMAINS = (
    "parser",
    "formatter",
    "container",
    "numeric",
    "string/encoding",
    "compression",
    "date/time",
    "geometry",
    "C++ classes/templates",
    "path/url",
    "cli/config",
    "regex",
    "hashing",
    "other",
)
LAYOUTS = ("single-file", "cmake")
LANGUAGES = ("c", "c++")


@dataclass(frozen=True)
class RealBug(Bug):
    """A bug fixed upstream in ``commit``; ``witness`` is a cdoctest block that tells it apart."""

    commit: str = ""
    witness: str = ""

    def witness_examples(self) -> list[Example]:
        """The witness block as examples (each with the output today's code gives)."""
        from cdoctest_runner.parser import parse_examples

        return parse_examples(self.witness)


@dataclass(frozen=True)
class RealBugLibrary:
    """A library directory: its ``bugs.json`` but the functions (provenance, build, funnel)."""

    name: str  # the directory's name
    directory: str  # absolute
    repo: str  # "owner/name" on GitHub
    licence: str
    commit: str  # the upstream commit the files are vendored from
    language: str  # one of LANGUAGES
    layout: str  # one of LAYOUTS
    domain: str  # one of DOMAINS
    flags: tuple[str, ...]  # extra clang flags, ``{dir}`` already replaced
    cmake_options: tuple[str, ...] = ()  # layout "cmake": given to the configure step
    mining: dict[str, Any] = field(default_factory=dict, compare=False)
    dropped: tuple[tuple[str, str], ...] = ()  # (commit, "category: detail")
    fork_of: str = ""  # "owner/name" when the repository is a fork of another

    @property
    def split(self) -> str:
        """``dev`` or ``heldout`` (``split_of``: computed, never stored)."""
        return split_of(self.name, self.repo, self.fork_of)

    def build_dir(self) -> str | None:
        """The configured CMake build directory (layout ``cmake``), else None."""
        return configure_cmake(self) if self.layout == "cmake" else None


@dataclass(frozen=True)
class RealBugFunction:
    """One target function of a library with the upstream bugs reachable through it."""

    library: str
    path: str
    function: str
    flags: tuple[str, ...]  # the library's extra flags (a compile database's come on top)
    bugs: tuple[RealBug, ...]
    lib: RealBugLibrary | None = None

    @property
    def name(self) -> str:
        """``library/file::function``, for reports."""
        return f"{self.library}/{Path(self.path).name}::{self.function}"

    @property
    def domain(self) -> str:
        """The library's domain (``other`` when unknown)."""
        return self.lib.domain if self.lib is not None else "other"

    @property
    def text(self) -> str:
        """Today's source."""
        return Path(self.path).read_text(encoding="utf-8")

    @functools.cached_property
    def build_dir(self) -> str | None:
        """The library's configured CMake build directory (layout ``cmake``), else None."""
        return self.lib.build_dir() if self.lib is not None else None

    def source_options(self, project_root: str | None = None) -> Any:
        """The ``SourceOptions`` the generator gets for this function (``-p`` for CMake ones)."""
        from server.api import SourceOptions

        return SourceOptions(
            compile_db_dir=self.build_dir, extra_flags=self.flags, project_root=project_root
        )

    @functools.cached_property
    def _loaded(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """``(flags, libraries)`` sessions use, as the product computes them for ``-p``."""
        from cdoctest_runner.libraries import libraries_for
        from server.analysis.locate import source_flags

        flags = tuple(source_flags(self.path, self.source_options()))
        return flags, libraries_for(self.path, self.build_dir)

    def code(self, text: str | None = None) -> CodeUnderTest:
        """The file (or ``text`` in its place, e.g. a buggy version) as the product loads it: the
        library's flags, and for a CMake library the compile database's flags and the rest of
        the target as a shared library (``cdoctest_runner.project_lib``).
        """
        from cdoctest_runner.flags import code_under_test

        flags, link = self._loaded
        return code_under_test(self.path, text=text, flags=flags, link=link)

    def buggy_texts(self) -> list[str]:
        """Today's source with each bug put back, in order."""
        text = self.text
        return [b.apply(text, self.name) for b in self.bugs]


def _flags(raw: list[str], directory: Path) -> tuple[str, ...]:
    """Library flags with ``{dir}`` replaced by the library's absolute directory."""
    return tuple(f.replace("{dir}", str(directory.resolve())) for f in raw)


def _check(cond: bool, where: Path, message: str) -> None:
    if not cond:
        raise BugSetError(f"{where}: {message}")


def read_library(directory: Path) -> tuple[RealBugLibrary, list[RealBugFunction]]:
    """One library's ``bugs.json``: its description and its functions (``BugSetError`` when a
    field is missing or wrong, a file is missing or a patch does not apply exactly once).
    """
    where = directory / "bugs.json"
    try:
        data = json.loads(where.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise BugSetError(f"{where}: cannot be read: {exc}") from exc
    for key in ("repo", "licence", "commit", "language", "layout", "domain", "functions"):
        _check(key in data, where, f"no {key!r}")
    _check(bool(re.fullmatch(r"[\w.-]+/[\w.-]+", data["repo"])), where, "repo is not owner/name")
    _check(
        data["language"] in LANGUAGES, where, f"language {data['language']!r} not in {LANGUAGES}"
    )
    _check(data["layout"] in LAYOUTS, where, f"layout {data['layout']!r} not in {LAYOUTS}")
    _check(data["domain"] in DOMAINS, where, f"domain {data['domain']!r} not in {DOMAINS}")
    if data["layout"] == "cmake":
        _check((directory / "CMakeLists.txt").is_file(), where, "layout cmake: no CMakeLists.txt")
    lib = RealBugLibrary(
        name=directory.name,
        directory=str(directory.resolve()),
        repo=data["repo"],
        licence=data["licence"],
        commit=data["commit"],
        language=data["language"],
        layout=data["layout"],
        domain=data["domain"],
        flags=_flags(data.get("flags", []), directory),
        cmake_options=tuple((data.get("cmake") or {}).get("options", ())),
        mining=dict(data.get("mining") or {}),
        dropped=tuple((d.get("commit", ""), d.get("why", "")) for d in data.get("dropped", ())),
        fork_of=data.get("fork_of", ""),
    )
    fns: list[RealBugFunction] = []
    for e in data["functions"]:
        path = directory / e["file"]
        _check(path.is_file(), where, f"{e['file']} is listed but missing")
        bugs = tuple(
            RealBug(b["desc"], b["find"], b["replace"], b["commit"], b["witness"])
            for b in e["bugs"]
        )
        fn = RealBugFunction(lib.name, str(path), e["function"], lib.flags, bugs, lib)
        fn.buggy_texts()  # validates the patches
        fns.append(fn)
    return lib, fns


#: How a licence file's name starts (upper-cased): LICENSE, LICENCE.txt, COPYING, UNLICENSE.
LICENCE_NAMES = ("LICEN", "COPYING", "UNLICENSE")


def licence_files(directory: Path) -> list[str]:
    """The names of the licence files in a library's directory, sorted."""
    return sorted(p.name for p in directory.iterdir() if p.name.upper().startswith(LICENCE_NAMES))


def library_dirs(directory: Path = DATA) -> list[Path]:
    """The library directories of the set (those with a ``bugs.json``), sorted by name."""
    return sorted(p.parent for p in directory.glob("*/bugs.json"))


def load_realbugs(
    directory: Path = DATA,
    quick: bool = False,
    libraries: tuple[str, ...] = (),
    split: str = "all",
) -> list[RealBugFunction]:
    """Every ``<lib>/bugs.json`` under ``directory``, libraries sorted by name (``libraries``:
    only those, ``BugSetError`` for a name that is not there or not in ``split``; ``split``:
    ``dev``, ``heldout`` or ``all``; ``quick``: the first function of each library).
    """
    dirs = library_dirs(directory)
    unknown = sorted(set(libraries) - {d.name for d in dirs})
    if unknown:
        raise BugSetError(f"no such library in {directory}: {', '.join(unknown)}")
    out: list[RealBugFunction] = []
    for d in dirs:
        if libraries and d.name not in libraries:
            continue
        lib, fns = read_library(d)
        if split != "all" and lib.split != split:
            if libraries:
                raise BugSetError(
                    f"{d.name} is in the {lib.split} half, not {split}: pass --split "
                    f"{lib.split} or all"
                )
            continue
        out += fns[:1] if quick else fns
    return out


def libraries_of(fns: list[RealBugFunction]) -> list[RealBugLibrary]:
    """The libraries of ``fns``, in order, each once."""
    return list({fn.lib.name: fn.lib for fn in fns if fn.lib is not None}.values())


#: The libraries the engine was developed against: always ``dev`` (README, "The split").
DEV_REPOS = {
    "printf": "mpaland/printf",
    "cwalk": "likle/cwalk",
    "tinyexpr": "codeplea/tinyexpr",
    "semver": "h2non/semver.c",
    "inih": "benhoyt/inih",
    "yuarel": "jacketizer/libyuarel",
    "picohttpparser": "h2o/picohttpparser",
}


#: The engine's other benchmarks of real code: a library whose code is there was developed
#: against too, so it is ``dev`` (README, "The split", rule 2).
OTHER_BENCHES = (DATA.parent / "projects", DATA.parent / "realcode", DATA.parent / "bigfile")


@functools.cache
def in_other_benchmarks(repo: str) -> bool:
    """Whether ``repo`` ("owner/name") is vendored in one of ``OTHER_BENCHES``: its GitHub
    address in their README, or its name as one of their directories.
    """
    repo = repo.lower()
    for bench in OTHER_BENCHES:
        readme = bench / "README.md"
        if readme.is_file() and f"github.com/{repo}" in readme.read_text(encoding="utf-8").lower():
            return True
        if bench.is_dir() and repo.split("/")[-1] in {d.name.lower() for d in bench.iterdir()}:
            return True
    return False


def split_of(library: str, repo: str, fork_of: str = "") -> str:
    """``dev`` or ``heldout``: the rule of bench/data/realbugs/README.md, "The split" (never
    stored).

    The seven libraries the engine was developed against and their forks (``fork_of`` names one,
    or the repository has one's name) are ``dev``, and so is a library vendored in another of the
    engine's benchmarks (``in_other_benchmarks``); any other library is held out when the SHA-256
    of its ``owner/name`` in lower case is not a multiple of 3.

    >>> split_of("printf", "mpaland/printf"), split_of("x", "someone/printf")
    ('dev', 'dev')
    >>> split_of("b", "a/b"), split_of("mylib", "owner/mylib")
    ('heldout', 'dev')
    """
    repo = repo.lower()
    dev = {r.lower() for r in DEV_REPOS.values()}
    if (
        library in DEV_REPOS
        or repo in dev
        or fork_of.lower() in dev
        or repo.split("/")[-1] in {r.split("/")[1] for r in dev}
        or in_other_benchmarks(repo)
    ):
        return "dev"
    return "heldout" if int(hashlib.sha256(repo.encode()).hexdigest(), 16) % 3 != 0 else "dev"


# ----------------------------------------------------------------------------------------------
# CMake layout


def _files_digest(directory: Path, extra: tuple[str, ...] = ()) -> str:
    """A short hash of the files of ``directory`` (but ``bugs.json``) and ``extra``."""
    h = hashlib.sha256()
    for p in sorted(directory.rglob("*")):
        if p.is_file() and p.name != "bugs.json":
            h.update(str(p.relative_to(directory)).encode() + b"\0" + p.read_bytes() + b"\0")
    for x in extra:
        h.update(x.encode() + b"\0")
    return h.hexdigest()[:16]


def build_root() -> Path:
    """``$XDG_CACHE_HOME/cdoctest-gen/realbugs-build`` (next to the product's project cache)."""
    from cdoctest_runner.project_lib import cache_root

    return Path(cache_root()).parent / "realbugs-build"


def build_path(lib: RealBugLibrary, root: Path) -> Path:
    """Where ``configure_cmake`` configures ``lib`` under ``root``: ``<lib>-<hash of its files,
    CMake options and resolved directory>``.
    """
    source = Path(lib.directory).resolve()
    return root / f"{lib.name}-{_files_digest(source, (*lib.cmake_options, str(source)))}"


def configure_cmake(lib: RealBugLibrary) -> str:
    """Configure ``lib``'s directory with CMake once (``-DCMAKE_EXPORT_COMPILE_COMMANDS=ON`` and
    its options) into ``build_root()/<lib>-<hash of its files, options and directory>``; the
    directory. The hash holds the source directory: a build and its compile database name the
    files of the checkout they were configured from, so two checkouts never share one.
    Several processes may call it at once (a lock file); ``BugSetError`` when CMake fails.
    """
    return _configure_cmake(lib, str(build_root()))


@functools.cache
def _configure_cmake(lib: RealBugLibrary, root: str) -> str:
    """``configure_cmake`` under the build root ``root`` (a cache per root: tests move it)."""
    import fcntl
    import shutil
    import subprocess

    from cdoctest_runner.project_lib import request_codemodel

    build = build_path(lib, Path(root))
    done = build / "configured.ok"
    if done.is_file():
        return str(build)
    build.parent.mkdir(parents=True, exist_ok=True)
    with open(str(build) + ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done.is_file():
            return str(build)
        shutil.rmtree(build, ignore_errors=True)
        request_codemodel(str(build))  # the target's sources come from CMake's file API
        argv = [
            "cmake",
            "-S",
            lib.directory,
            "-B",
            str(build),
            "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
            *lib.cmake_options,
        ]
        try:
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise BugSetError(f"{lib.name}: cmake could not run: {exc}") from exc
        if proc.returncode != 0 or not (build / "compile_commands.json").is_file():
            tail = "\n".join((proc.stderr or proc.stdout).strip().splitlines()[-5:])
            raise BugSetError(f"{lib.name}: cmake configure failed: {tail}")
        done.write_text(" ".join(argv) + "\n")
    return str(build)


def _block(examples: list[Example] | tuple[Example, ...], fn: RealBugFunction) -> DocTest:
    return DocTest(
        examples=tuple(examples),
        name=f"realbugs::{fn.name}",
        filename=fn.path,
        lineno=1,
        end_lineno=1,
    )


def validate(fns: list[RealBugFunction], runner: Any) -> list[str]:
    """Problems of the set, one line each naming ``library/file::function commit: desc``:
    witnesses that fail on today's code or pass on the buggy code, buggy files that do not load,
    libraries that do not build, and mining funnels that do not add up (``funnel_problems``).
    """
    problems: list[str] = []
    jobs = []
    ready: list[RealBugFunction] = []
    for fn in fns:
        try:
            pairs = [
                (_block(bug.witness_examples(), fn), fn.code(), fn.code(buggy))
                for bug, buggy in zip(fn.bugs, fn.buggy_texts(), strict=True)
            ]
        except Exception as exc:  # noqa: BLE001 - reported per function, the others go on
            problems.append(f"{fn.name}: cannot be loaded: {type(exc).__name__}: {exc}")
            continue
        ready.append(fn)
        for test, good, bad in pairs:
            jobs += [(test, good), (test, bad)]
    results = iter(runner.run_many(jobs))
    for fn in ready:
        for bug in fn.bugs:
            good, bad = next(results), next(results)
            where = f"{fn.name} {bug.commit[:10]}: {bug.desc!r}"
            if not bug.witness_examples():
                problems.append(f"{where}: the witness has no examples")
            elif not good.passed:
                problems.append(f"{where}: the witness fails on today's code: {_why(good)}")
            if bad.setup_error is not None:
                problems.append(f"{where}: the buggy file does not load: {bad.setup_error}")
            elif bad.passed:
                problems.append(f"{where}: the witness passes on the buggy code")
    return problems


#: The drop categories of the spec (the words before the colon of a ``dropped`` entry's ``why``).
DROP_CATEGORIES = (
    "not observable",
    "does not apply",
    "does not load",
    "superseded",
    "needs environment",
    "not a bug fix",
    "not reviewed",
)


def funnel_problems(lib: RealBugLibrary, fns: list[RealBugFunction]) -> list[str]:
    """What is wrong with ``lib``'s mining funnel: a drop without a known category, and, for a
    mined library, candidates that are neither validated nor dropped (counted by commit).
    """
    problems = [
        f"{lib.name}: dropped {commit[:10]}: {why!r} does not start with a category "
        f"({', '.join(DROP_CATEGORIES)})"
        for commit, why in lib.dropped
        if why.split(":", 1)[0].strip() not in DROP_CATEGORIES
    ]
    candidates = lib.mining.get("candidates")
    if isinstance(candidates, int):
        kept = {b.commit for fn in fns if fn.library == lib.name for b in fn.bugs}
        accounted = len(kept | {c for c, _ in lib.dropped})
        if accounted != candidates:
            problems.append(
                f"{lib.name}: mining found {candidates} candidates but {len(kept)} validated and "
                f"{len(lib.dropped)} dropped commits account for {accounted}"
            )
    return problems


def _why(result: Any) -> str:
    if result.setup_error is not None:
        return f"setup error {result.setup_error}"
    bad = [r for r in result.results if r.outcome.value != "passed"]
    return "; ".join(f"{r.example.source!r} -> {r.outcome.value} {r.got!r}" for r in bad[:2])


def bugs_caught(
    examples: tuple[Example, ...], fn: RealBugFunction, runner: Any
) -> tuple[list[bool], bool]:
    """Run ``examples`` (a block verified on today's file) on every buggy version.

    Returns ``(caught per bug, passed on today's file)``.
    """
    if not examples:
        return [False] * len(fn.bugs), False
    test = _block(examples, fn)
    jobs = [(test, fn.code())] + [(test, fn.code(t)) for t in fn.buggy_texts()]
    results = runner.run_many(jobs)
    base, rest = results[0], results[1:]
    return [not r.passed for r in rest], base.passed


@dataclass
class Row:
    """What one configuration did for one function (one line of the results file)."""

    config: str
    library: str
    function: str
    verified: bool
    origin: str
    examples: int
    bugs: int
    caught: int
    caught_bugs: list[str]
    missed_bugs: list[str]
    mutation_score: float | None
    seconds: float
    message: str
    block: list[str] = field(default_factory=list)  # the generated examples, ``source -> want``
    split: str = "dev"  # split_of the library
    domain: str = "other"
    seed: int = 0
    usage: bool = False  # usage mining was on (--usage-root)
    data: str = ""  # data_key of the function when it ran: the row is stale once that changes

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Row:
        """A row read back from a results file (keys it does not know are ignored)."""
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


def data_key(fn: RealBugFunction) -> str:
    """A hash of what a row measured: the function, today's file and its bugs."""
    bugs = [[b.find, b.replace, b.commit] for b in fn.bugs]
    raw = json.dumps([fn.library, fn.function, fn.text, bugs], ensure_ascii=False)
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def run_function(
    config: str, gen: Any, fn: RealBugFunction, runner: Any, usage_root: Path | None = None
) -> tuple[Row, str]:
    """Generate a block for ``fn`` on today's file, then run it on every buggy version
    (``usage_root``: the rebuilt projects usage is mined from, ``usage_root/<library>``).

    Returns the row and the block as the product would write it (``/** ... */``, empty when no
    block was verified).
    """
    from server.api import TargetSelector
    from server.render import render_block

    root = str(usage_root / fn.library) if usage_root is not None else None
    t0 = time.monotonic()
    fr = None
    message = ""
    try:
        gen.source_options = fn.source_options(project_root=root)
        result = gen.generate(fn.path, None, TargetSelector(name=fn.function))
        fr = result.functions[0] if result.functions else None
    except Exception as exc:  # noqa: BLE001 - a benchmark reports and goes on
        message = f"FAILED {type(exc).__name__}: {exc}"
    seconds = time.monotonic() - t0
    verified = fr is not None and fr.status == "verified"
    examples = tuple(fr.examples) if verified and fr is not None else ()
    try:
        caught, _ = bugs_caught(examples, fn, runner)
    except Exception as exc:  # noqa: BLE001 - e.g. a project library that does not link
        caught = [False] * len(fn.bugs)
        message = message or f"FAILED running the block: {type(exc).__name__}: {exc}"
    if fr is not None:
        message = fr.message
    label = [f"{b.commit[:7]} {b.desc}" for b in fn.bugs]
    row = Row(
        config=config,
        library=fn.library,
        function=fn.name,
        verified=verified,
        origin=fr.origin if fr is not None else "none",
        examples=len(examples),
        bugs=len(fn.bugs),
        caught=sum(caught),
        caught_bugs=[d for d, c in zip(label, caught, strict=True) if c],
        missed_bugs=[d for d, c in zip(label, caught, strict=True) if not c],
        mutation_score=fr.mutation_score if fr is not None else None,
        seconds=round(seconds, 2),
        message=message[:300],
        block=[f"{e.source.strip()} -> {e.want.strip()}" for e in examples],
        split=fn.lib.split if fn.lib is not None else "dev",
        domain=fn.domain,
        data=data_key(fn),
    )
    return row, render_block(examples, "/**", "", "\n") if examples else ""


def generators(configs: tuple[str, ...], seed: int, usage: bool = False) -> dict[str, Any]:
    """``Generator`` per configuration name (``usage``: usage mining on)."""
    from server.api import GenerateOptions
    from server.generate.generator import Generator

    made = {
        "fallback": lambda: Generator(
            options=GenerateOptions(no_model=True, seed=seed, usage=usage)
        ),
        "default": lambda: Generator(options=GenerateOptions(seed=seed, usage=usage)),
    }
    return {c: made[c]() for c in configs}


# ----------------------------------------------------------------------------------------------
# The results file: one JSON row per line, appended as functions finish


def read_rows(path: Path) -> list[Row]:
    """The rows of a results file (JSON Lines; an older ``{"meta", "rows"}`` file is read too),
    the last of each ``(config, function, seed, usage)`` winning.
    """
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    if text.lstrip().startswith('{"meta"') or text.lstrip().startswith('{\n "meta"'):
        raw = json.loads(text)["rows"]
    else:
        raw = [json.loads(line) for line in text.splitlines() if line.strip()]
    rows: dict[tuple[str, str, int, bool], Row] = {}
    for d in raw:
        r = Row.from_dict(d)
        rows[(r.config, r.function, r.seed, r.usage)] = r
    return list(rows.values())


def append_row(path: Path, row: Row) -> None:
    """Add ``row`` at the end of the results file (created with its directory)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(asdict(row), ensure_ascii=False) + "\n")


def blocks_dir(results: Path) -> Path:
    """Where the blocks of a results file are written: ``<results dir>/<stem>-blocks/``."""
    return results.parent / f"{results.stem}-blocks"


def write_block(results: Path, row: Row, text: str) -> Path:
    """Write the block of ``row`` for reading: ``<split>/<config>/<library>/<file>__<function>.c``
    under ``blocks_dir``, with what it caught and missed as a comment above it.
    """
    name = re.sub(r"[^\w.-]+", "_", row.function.split("/", 1)[1].replace("::", "__"))
    path = blocks_dir(results) / row.split / row.config / row.library / f"{name}.txt"
    path.parent.mkdir(parents=True, exist_ok=True)
    head = [
        f"// {row.function} [{row.config}, seed {row.seed}]: {row.caught}/{row.bugs} caught, "
        f"{'verified' if row.verified else 'no verified block'} ({row.origin}), {row.seconds} s",
        *[f"// caught: {b}" for b in row.caught_bugs],
        *[f"// missed: {b}" for b in row.missed_bugs],
    ]
    if row.message:
        head.append(f"// {row.message}")
    path.write_text("\n".join(head) + "\n" + (text or "// (no block)\n"), encoding="utf-8")
    return path


# ----------------------------------------------------------------------------------------------
# Tables


def _cell(rows: list[Row]) -> str:
    bugs = sum(r.bugs for r in rows)
    caught = sum(r.caught for r in rows)
    return f"{caught}/{bugs} ({caught / bugs:.0%})" if bugs else "-"


def _group_table(
    rows: list[Row], first: list[str], groups: list[tuple[list[object], list[Row]]]
) -> str:
    configs = [c for c in CONFIGS if any(r.config == c for r in rows)]
    header = [*first, "functions", "bugs"]
    for c in configs:
        header += [f"caught: {c}", f"verified blocks: {c}", f"median s/function: {c}"]
    body = []
    for label, sel in groups:
        base = [r for r in sel if r.config == configs[0]]
        line: list[object] = [*label, len(base), sum(r.bugs for r in base)]
        for c in configs:
            cs = [r for r in sel if r.config == c]
            line += [
                _cell(cs),
                f"{sum(r.verified for r in cs)}/{len(cs)}",
                f"{statistics.median(r.seconds for r in cs):.1f}" if cs else "-",
            ]
        body.append(line)
    return markdown_table(header, body)


def _totals(rows: list[Row], width: int) -> list[tuple[list[object], list[Row]]]:
    """One total row per split present (and one for both when both are)."""
    splits = [s for s in ("dev", "heldout") if any(r.split == s for r in rows)]
    pad: list[object] = [""] * (width - 1)
    out = [([f"**{s} total**", *pad], [r for r in rows if r.split == s]) for s in splits]
    if len(splits) > 1:
        out.append((["**all**", *pad], rows))
    return out


def table(rows: list[Row]) -> str:
    """Bugs caught per library and per split, one column group per configuration.

    Held-out libraries are shown as their total only (README, "The split": the held-out half is
    reported as one figure).
    """
    libraries = list(dict.fromkeys(r.library for r in rows if r.split == "dev"))
    groups = [([lib], [r for r in rows if r.library == lib]) for lib in libraries]
    return _group_table(rows, ["library"], groups + _totals(rows, 1))


def domain_table(rows: list[Row]) -> str:
    """Bugs caught per domain of the dev half, then the total of each split."""
    dev = [r for r in rows if r.split == "dev"]
    domains = sorted({r.domain for r in dev})
    groups: list[tuple[list[object], list[Row]]] = [
        ([d, len({r.library for r in dev if r.domain == d})], [r for r in dev if r.domain == d])
        for d in domains
    ]
    totals = [([label[0], len({r.library for r in sel})], sel) for label, sel in _totals(rows, 1)]
    return _group_table(rows, ["domain", "libraries"], groups + totals)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (or ``--validate`` the set); write the table unless ``--no-write``."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="one function per library")
    p.add_argument("--no-model", action="store_true", help="the fallback configuration only")
    p.add_argument("--only", choices=CONFIGS, help="run one configuration only")
    p.add_argument("--libraries", default="", help="comma-separated libraries (default: all)")
    p.add_argument(
        "--split",
        choices=SPLITS,
        help="which half of the libraries (README, 'The split'; default: dev for a run, all for "
        "--validate)",
    )
    p.add_argument("--jobs", type=int, default=1, help="functions generated in parallel")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument(
        "--usage-root",
        type=Path,
        help="the projects bench/usage_realbugs.py --extract rebuilt (DIR/<lib>): usage mining on",
    )
    p.add_argument("--no-write", action="store_true", help="leave docs/benchmarks.md alone")
    p.add_argument("--table-only", action="store_true", help="table the rows of --results")
    p.add_argument("--validate", action="store_true", help="check the data set and exit")
    p.add_argument(
        "--readme-tables",
        action="store_true",
        help="rewrite the generated tables of bench/data/realbugs/README.md and exit",
    )
    p.add_argument("--results", type=Path, default=RESULTS, help="the resumable results file")
    p.add_argument("--data", type=Path, default=DATA, help="the corpus (default: %(default)s)")
    p.add_argument(
        "--fresh", action="store_true", help="forget the saved rows of the functions run"
    )
    p.add_argument("--note", default="", help="a sentence about the run (e.g. the machine's load)")
    args = p.parse_args(argv)
    libraries = tuple(x for x in args.libraries.split(",") if x)
    if args.split is None:
        args.split = "all" if args.validate else "dev"

    if args.readme_tables:
        from bench.realbugs_readme import write_readme_tables

        print(write_readme_tables())
        return 0
    configs: tuple[str, ...] = ("fallback",) if args.no_model else CONFIGS
    if args.only:
        configs = (args.only,)
    try:
        fns = load_realbugs(args.data, quick=args.quick, libraries=libraries, split=args.split)
    except BugSetError as exc:
        print(f"bench_realbugs: {exc}", file=sys.stderr)
        return 2
    if args.validate:
        return _validate(fns)
    if args.table_only:
        rows = read_rows(args.results)
        meta = {"configs": list(configs), "seed": args.seed, "seconds": 0.0}
    else:
        rows, meta = _collect(fns, configs, args)
    rows = _in_order(_current(rows, fns, configs, args))
    text = table(rows) + "\n\n" + domain_table(rows) if rows else ""
    print(text)
    if not args.no_write and rows:
        name, title = _section(args.split)
        write_section(name, title, _body(text, rows, meta, args))
    return 0


SPLITS = ("dev", "heldout", "all")


def _current(
    rows: list[Row], fns: list[RealBugFunction], configs: tuple[str, ...], args: argparse.Namespace
) -> list[Row]:
    """The rows a table shows: this run's configurations, seed, usage and split; for the
    libraries selected, only the functions selected as they are now (others' saved rows stay).
    """
    wanted = {(fn.name, data_key(fn)) for fn in fns}
    selected = {fn.library for fn in fns}
    return [
        r
        for r in rows
        if r.config in configs
        and r.seed == args.seed
        and r.usage == (args.usage_root is not None)
        and args.split in ("all", r.split)
        and (r.library not in selected or (r.function, r.data) in wanted)
    ]


def _in_order(rows: list[Row]) -> list[Row]:
    """Rows by split (dev first), library, then as they were."""
    order = {"dev": 0, "heldout": 1}
    return sorted(rows, key=lambda r: (order.get(r.split, 2), r.library))


def _section(split: str) -> tuple[str, str]:
    half = {"dev": "dev half", "heldout": "held-out half", "all": "both halves"}[split]
    return (
        f"realbugs-{split}",
        f"Real bugs caught, {half} (bench/bench_realbugs.py --split {split})",
    )


def _validate(fns: list[RealBugFunction]) -> int:
    from cdoctest_runner.runner import DocTestRunner

    runner = DocTestRunner(workers=2)
    try:
        problems = validate(fns, runner)
    finally:
        runner.close()
    for lib in libraries_of(fns):
        problems += funnel_problems(lib, read_library(Path(lib.directory))[1])
    for line in problems:
        print(line)
    n = sum(len(f.bugs) for f in fns)
    libs = len({f.library for f in fns})
    print(f"{libs} libraries, {len(fns)} functions, {n} bugs, {len(problems)} problem(s)")
    return 1 if problems else 0


class _Worker:
    """One job's generators (one per configuration) and runner, made in its thread on first use."""

    def __init__(self, configs: tuple[str, ...], seed: int, usage: bool) -> None:
        from cdoctest_runner.runner import DocTestRunner

        self.gens = generators(configs, seed, usage)
        self.runner = DocTestRunner(workers=2)

    def close(self) -> None:
        for gen in self.gens.values():
            gen.close()
        self.runner.close()


def _collect(
    fns: list[RealBugFunction], configs: tuple[str, ...], args: argparse.Namespace
) -> tuple[list[Row], dict[str, Any]]:
    """Run every (function, configuration) not in ``args.results`` yet, ``args.jobs`` at a time
    (threads, each with its own generators and runner, as ``server.project`` runs a project),
    appending each row as it finishes; returns all the file's rows.
    """
    import concurrent.futures
    import threading

    usage = args.usage_root is not None
    if args.fresh and args.results.exists():
        ran = {fn.name for fn in fns}
        keep = [r for r in read_rows(args.results) if r.function not in ran]
        args.results.write_text("".join(json.dumps(asdict(r)) + "\n" for r in keep))
    done = {
        (r.config, r.function, r.data)
        for r in read_rows(args.results)
        if r.seed == args.seed and r.usage == usage
    }
    todo = [(fn, c) for fn in fns for c in configs if (c, fn.name, data_key(fn)) not in done]
    for fn in {fn.library: fn for fn, _ in todo}.values():
        fn.build_dir  # noqa: B018 - configure CMake libraries before the threads need them
    local = threading.local()
    workers: list[_Worker] = []
    lock = threading.Lock()

    def one(fn: RealBugFunction, config: str) -> Row:
        worker = getattr(local, "worker", None)
        if worker is None:
            worker = local.worker = _Worker(configs, args.seed, usage)
            with lock:
                workers.append(worker)
        row, text = run_function(config, worker.gens[config], fn, worker.runner, args.usage_root)
        row.seed, row.usage = args.seed, usage
        with lock:
            append_row(args.results, row)
            write_block(args.results, row, text)
        return row

    bar = _progress(len(todo), len(done))
    t0 = time.monotonic()
    pool = concurrent.futures.ThreadPoolExecutor(max(1, args.jobs), thread_name_prefix="realbugs")
    try:
        futures = {pool.submit(one, fn, c): (fn, c) for fn, c in todo}
        for fut in concurrent.futures.as_completed(futures):
            fn, c = futures[fut]
            try:
                row = fut.result()
            except Exception as exc:  # noqa: BLE001 - reported, the others go on
                bar.write(f"[{c}] {fn.name}: FAILED {type(exc).__name__}: {exc}")
            else:
                bar.write(
                    f"[{c}] {row.function}: {row.caught}/{row.bugs} caught, {row.examples} ex, "
                    f"{row.seconds:.1f}s ({row.origin})"
                    + (
                        f"; missed: {'; '.join(row.missed_bugs)}"
                        if row.split == "dev" and row.missed_bugs
                        else ""
                    )
                )
            bar.update(1)
    except KeyboardInterrupt:
        bar.write("interrupted: the finished rows are saved; run again to resume")
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        bar.close()
        for w in workers:
            w.close()
    meta = {
        "configs": list(configs),
        "seed": args.seed,
        "seconds": time.monotonic() - t0,
        "ran": len(todo),
        "resumed": len(done),
    }
    return read_rows(args.results), meta


class _Lines:
    """The progress display when stderr is not a terminal: one line per function."""

    def write(self, text: str) -> None:
        print(text, file=sys.stderr, flush=True)

    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, resumed: int) -> Any:
    """A tqdm bar on a terminal (as ``server/project_cli.py`` shows a project run), else lines."""
    if resumed:
        print(f"{resumed} row(s) already in the results file: skipped", file=sys.stderr)
    if not sys.stderr.isatty():
        return _Lines()
    from tqdm import tqdm

    return tqdm(total=total, unit="fn", desc="realbugs", file=sys.stderr, dynamic_ncols=True)


def _body(text: str, rows: list[Row], meta: dict[str, Any], args: argparse.Namespace) -> str:
    splits = sorted({r.split for r in rows})
    libs = {s: len({r.library for r in rows if r.split == s}) for s in splits}
    which = " and ".join(
        f"{'held-out' if s == 'heldout' else 'dev'} half ({libs[s]} libraries)" for s in splits
    )
    cmd = f"python -m bench.bench_realbugs --split {args.split}" + (
        " --quick" if args.quick else ""
    )
    minutes = sum(r.seconds for r in rows) / 60
    return (
        f"**On the {which}** of the mined corpus (`bench/data/realbugs/`, README: the split, "
        f"the provenance and the funnel). Bugs fixed upstream, put back into today's code; "
        f"`{cmd}`, configurations {', '.join(meta['configs'])}, seed={meta['seed']}; "
        f"{minutes:.0f} min of generation in all.\n\n{text}\n\n"
        "*caught*: the block generated on today's function (verified there) does not pass on the "
        "buggy version. *fallback* is `--no-model` (`GenerateOptions(no_model=True)`), *default* "
        'the default pipeline. Held-out libraries appear only in their total (README, "The '
        f'split"). Rows: `{_shown(args.results)}`; blocks: `{_shown(blocks_dir(args.results))}/`. '
        f"{args.note}"
    ).rstrip()


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


if __name__ == "__main__":
    raise SystemExit(main())
