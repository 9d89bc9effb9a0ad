"""Mine candidate real bugs from a library's git history (for ``bench/data/realbugs/<lib>/``).

``python -m bench.mine_bugs GITDIR --files a.c,b.h [--out candidates.json] [--rev HEAD]``

``GITDIR`` is a clone or a bare repository. For each file (followed through renames) the tool walks
the non-merge commits that changed it up to ``--rev`` (``commits_scanned``); a commit whose message
says it fixes something (``FIX_WORDS``) and whose diff changes lines inside a function body (the
enclosing function found in the commit's version of the file, ``function_spans``) becomes one
**candidate**: ``find`` is the fixed text of its change (the changed lines of one function, with
context lines until the text is unique in that version), ``replace`` the same text before the fix.
Today's file (at ``--rev``) must contain ``find`` exactly once for the old code to be put back;
when it does not, ``adapt`` tries a whitespace-insensitive match, then the changed lines alone, and
otherwise marks the candidate ``does not apply``. A commit that changed several functions gives one
candidate (the function with the most changed lines) and lists the others under ``also``.

The output (``--out``, else stdout) is JSON: ``commits_scanned``, ``matching`` (commits whose
message matches), ``candidates`` (each: ``commit``, ``subject``, ``file``, ``function``, ``find``,
``replace``, ``applies``, ``why``, ``also``); one summary line goes to stderr. The candidates are
proposals: a person writes the witness and validates (``python -m bench.bench_realbugs
--validate``), or drops each with a category (README of bench/data/realbugs).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from cdoctest_runner.ctext import blank  # noqa: E402

#: A commit message that says it fixes something (case-insensitive).
FIX_WORDS = re.compile(
    r"fix|bug|crash|overflow|wrong|incorrect|segfault|off-by-one|invalid|broken|regression"
    r"|issue\s*#\d+",
    re.IGNORECASE,
)


# ----------------------------------------------------------------------------------------------
# Pure parts: hunks, functions, patches


@dataclass(frozen=True)
class Hunk:
    """One change of a ``-U0`` diff: ``old`` lines replaced by ``new`` ones (line ends kept).

    ``start`` is the 0-based index in the post-image where ``new`` begins (for a pure deletion,
    the index the removed lines sat before).
    """

    start: int
    old: tuple[str, ...]
    new: tuple[str, ...]

    @property
    def end(self) -> int:
        """0-based index after ``new`` in the post-image."""
        return self.start + len(self.new)


_HUNK_HEADER = re.compile(r"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@")


def parse_hunks(diff: str) -> list[Hunk]:
    """The hunks of a unified diff of one file made with ``-U0``.

    >>> diff = "@@ -2 +2,2 @@\\n-a\\n+b\\n+c\\n@@ -5,0 +7 @@\\n+d\\n@@ -9 +10,0 @@\\n-e\\n"
    >>> [(h.start, h.old, h.new) for h in parse_hunks(diff)]
    [(1, ('a\\n',), ('b\\n', 'c\\n')), (6, (), ('d\\n',)), (10, ('e\\n',), ())]
    """
    hunks: list[Hunk] = []
    start = -1
    old: list[str] = []
    new: list[str] = []

    def flush() -> None:
        if start >= 0:
            hunks.append(Hunk(start, tuple(old), tuple(new)))

    for line in diff.splitlines(keepends=True):
        m = _HUNK_HEADER.match(line)
        if m:
            flush()
            count = int(m.group(4) if m.group(4) is not None else 1)
            first = int(m.group(3))
            start = first - 1 if count else first  # an empty new side names the line before
            old, new = [], []
        elif start >= 0 and line.startswith("-"):
            old.append(line[1:])
        elif start >= 0 and line.startswith("+"):
            new.append(line[1:])
        elif line.startswith("\\"):  # "\ No newline at end of file"
            continue
    flush()
    return hunks


@dataclass(frozen=True)
class FunctionSpan:
    """A function definition: its name and the 1-based lines of its body's braces."""

    name: str
    open_line: int
    close_line: int

    def holds(self, hunk: Hunk) -> bool:
        """Whether every line ``hunk`` changes lies strictly between the body's braces."""
        if hunk.new:
            return self.open_line < hunk.start + 1 and hunk.end < self.close_line
        return self.open_line <= hunk.start < self.close_line


_PREPROCESSOR = re.compile(r"(?m)^[ \t]*#(?:[^\n]*\\\n)*[^\n]*")
_SCOPE = re.compile(r"\b(?:namespace|class|struct|union)\b[^()=]*$|\bextern\s*\"\s*\"\s*$")
_CALLEE = re.compile(r"((?:[A-Za-z_~][\w]*\s*::\s*)*~?[A-Za-z_]\w*|operator\s*\S+?)\s*$")
_NOT_FUNCTIONS = frozenset({"if", "for", "while", "switch", "return", "sizeof", "do", "else"})


def function_spans(text: str) -> list[FunctionSpan]:
    """The function definitions of C or C++ ``text`` (a brace scan of the text without comments,
    literals and preprocessor lines; namespaces, classes and ``extern "C"`` are looked into).

    >>> src = 'int f(int a) {\\n  return a;\\n}\\nstruct s { int x; };\\nnamespace n {\\n'
    >>> src += 'void C::g() const\\n{\\n  if (1) { h(); }\\n}\\n}\\n'
    >>> function_spans(src)
    [FunctionSpan(name='f', open_line=1, close_line=3), FunctionSpan(name='C::g', open_line=7, close_line=9)]
    """  # noqa: E501
    code = _PREPROCESSOR.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), blank(text, True))
    spans: list[FunctionSpan] = []
    stack: list[tuple[str, str, int]] = []  # (kind, name, line of "{"): scope, function, other
    line = 1
    header_start = 0
    for i, ch in enumerate(code):
        if ch == "\n":
            line += 1
        elif ch == "{":
            in_function = any(kind == "function" for kind, _, _ in stack)
            header = code[header_start:i]
            if in_function:
                stack.append(("other", "", line))
            elif _SCOPE.search(header):
                stack.append(("scope", "", line))
            else:
                name = _function_name(header)
                stack.append(("function" if name else "other", name, line))
            header_start = i + 1
        elif ch == "}":
            if stack:
                kind, name, opened = stack.pop()
                if kind == "function":
                    spans.append(FunctionSpan(name, opened, line))
            header_start = i + 1
        elif ch == ";":
            header_start = i + 1
    return sorted(spans, key=lambda s: s.open_line)


def _function_name(header: str) -> str:
    """The name a function definition's header declares (``int C::f(int a) const``), else ''."""
    if "=" in header.replace("==", "").split("(", 1)[0] or "(" not in header:
        return ""  # an initializer (int a[] = {...}) or no parameter list
    depth = 0
    for j, ch in enumerate(header):
        if ch == "(":
            if depth == 0:
                m = _CALLEE.search(header[:j])
                if m is None:
                    return ""
                name = re.sub(r"\s+", "", m.group(1))
                return "" if name in _NOT_FUNCTIONS else name
            depth += 1
        elif ch == ")":
            depth -= 1
    return ""


def function_of(spans: list[FunctionSpan], hunk: Hunk) -> FunctionSpan | None:
    """The function whose body holds every line ``hunk`` changes, else None."""
    return next((s for s in spans if s.holds(hunk)), None)


@dataclass(frozen=True)
class Patch:
    """``find`` (fixed text) and ``replace`` (the text before the fix) of one function's hunks."""

    file: str
    function: str
    find: str
    replace: str
    changed: int  # lines the fix changed (old + new)


def patch_of(post: list[str], hunks: list[Hunk], file: str, function: str) -> Patch:
    """The find/replace that undoes ``hunks`` (all in one function, in order) in ``post`` (the
    fixed file's lines), with context lines on both sides until ``find`` occurs once in ``post``.

    >>> post = ["a\\n", "x = 1;\\n", "b\\n", "x = 1;\\n", "c\\n"]
    >>> p = patch_of(post, [Hunk(3, ("x = 2;\\n",), ("x = 1;\\n",))], "f.c", "f")
    >>> p.find, p.replace
    ('b\\nx = 1;\\nc\\n', 'b\\nx = 2;\\nc\\n')
    """
    text = "".join(post)
    lo_change = min(h.start for h in hunks)
    hi_change = max(h.end for h in hunks)
    for ctx in range(1, 6):
        lo, hi = max(0, lo_change - ctx), min(len(post), hi_change + ctx)
        find = "".join(post[lo:hi])
        if text.count(find) == 1:
            break
    parts: list[str] = []
    at = lo
    for h in hunks:
        parts += post[at : h.start] + list(h.old)
        at = h.end
    parts += post[at:hi]
    changed = sum(len(h.old) + len(h.new) for h in hunks)
    return Patch(file, function, find, "".join(parts), changed)


def _loose_match(find: str, today: str) -> str | None:
    """The one text of ``today`` that equals ``find`` but for whitespace (whole lines when
    ``find`` is whole lines), else None.
    """
    words = find.split()
    if not words:
        return None
    pattern = r"\s*".join(re.escape(w) for w in words)
    if find[:1] in " \t":
        pattern = r"(?m:^)[ \t]*" + pattern
    if find.endswith("\n"):
        pattern += r"[ \t]*(?:\n|\Z)"
    found = list(re.finditer(pattern, today))
    return found[0].group() if len(found) == 1 else None


def adapt(patch: Patch, today: str, hunks: list[Hunk] | None = None) -> tuple[Patch, bool, str]:
    """``(patch, applies, why)`` for today's file: ``find`` as it is when it occurs once; else the
    text a whitespace-insensitive match of it finds once; else, for a single hunk, its changed
    lines alone (exactly, then whitespace-insensitively); else ``does not apply``.

    >>> p = Patch("f.c", "f", "  x = 1;\\n", "  x = 2;\\n", 2)
    >>> adapt(p, "int f() {\\n    x  = 1;\\n}\\n")[1:]
    (True, 'adapted: whitespace-insensitive match')
    >>> adapt(p, "x = 3;\\n")[2]
    'does not apply: the fixed text is not in the file at --rev'
    """
    if patch.find == patch.replace:
        return patch, False, "not a bug fix: the old and new text differ only outside the find"
    n = today.count(patch.find)
    if n == 1:
        return patch, True, "applies as it is"
    loose = _loose_match(patch.find, today)
    if loose is not None:
        return replace_find(patch, loose), True, "adapted: whitespace-insensitive match"
    if hunks is not None and len(hunks) == 1 and "".join(hunks[0].new).strip():
        h = hunks[0]
        small = Patch(patch.file, patch.function, "".join(h.new), "".join(h.old), patch.changed)
        if today.count(small.find) == 1:
            return small, True, "adapted: the changed lines only"
        loose = _loose_match(small.find, today)
        if loose is not None:
            return replace_find(small, loose), True, "adapted: the changed lines only"
    where = f"occurs {n} times in" if n > 1 else "is not in"
    return patch, False, f"does not apply: the fixed text {where} the file at --rev"


def replace_find(patch: Patch, find: str) -> Patch:
    """``patch`` with today's spelling of its ``find``."""
    return Patch(patch.file, patch.function, find, patch.replace, patch.changed)


# ----------------------------------------------------------------------------------------------
# Git


@dataclass
class Candidate:
    """One fix commit proposed as a bug (see the module docstring)."""

    commit: str
    subject: str
    file: str
    function: str
    find: str
    replace: str
    applies: bool
    why: str
    also: list[dict[str, object]] = field(default_factory=list)


def _git(git_dir: str, *args: str) -> str:
    proc = subprocess.run(
        ["git", "-C", git_dir, *args], capture_output=True, text=True, errors="surrogateescape"
    )
    if proc.returncode != 0:
        raise RuntimeError(f"git {' '.join(args[:3])}: {proc.stderr.strip()[:300]}")
    return proc.stdout


def history(git_dir: str, path: str, rev: str) -> list[tuple[str, str, str]]:
    """``(commit, path at that commit, message)`` of the non-merge commits that changed ``path``
    (followed through renames) up to ``rev``, newest first.
    """
    out = _git(
        git_dir, "log", "--no-merges", "--follow", "--name-only", "--format=%x01%H%x00%B%x00",
        rev, "--", path,
    )  # fmt: skip
    commits = []
    for record in out.split("\x01")[1:]:
        sha, message, names = record.split("\x00", 2)
        name = next((n for n in names.split("\n") if n.strip()), path)
        commits.append((sha, name.strip(), message.strip()))
    return commits


def candidate(
    git_dir: str, sha: str, subject: str, old_path: str, path: str, today: str
) -> Candidate | None:
    """The candidate of one commit's change to ``old_path`` (``path`` at ``--rev``), or None
    when it changes no function body.
    """
    diff = _git(git_dir, "show", "--format=", "-U0", "--no-color", "-M", sha, "--", old_path)
    hunks = parse_hunks(diff)
    try:
        post_text = _git(git_dir, "show", f"{sha}:{old_path}")
    except RuntimeError:
        return None  # the commit deleted the file
    post = post_text.splitlines(keepends=True)
    spans = function_spans(post_text)
    by_function: dict[FunctionSpan, list[Hunk]] = {}
    for h in hunks:
        span = function_of(spans, h)
        if span is not None:
            by_function.setdefault(span, []).append(h)
    if not by_function:
        return None
    patches = []
    for span, hs in by_function.items():
        patch = patch_of(post, hs, path, span.name)
        patches.append(adapt(patch, today, hs))
    patches.sort(key=lambda p: (not p[1], -p[0].changed))
    (main, applies, why), rest = patches[0], patches[1:]
    also: list[dict[str, object]] = [
        {**asdict(p), "applies": ok, "why": reason} for p, ok, reason in rest
    ]
    for a in also:
        a.pop("changed", None)
    return Candidate(sha, subject, path, main.function, main.find, main.replace, applies, why, also)


@dataclass
class Mined:
    """What ``mine`` found (the JSON the CLI writes)."""

    git_dir: str
    rev: str
    files: list[str]
    commits_scanned: int
    matching: int
    candidates: list[Candidate]


def mine(git_dir: str, files: list[str], rev: str = "HEAD") -> Mined:
    """Walk the history of ``files`` and propose one candidate per fix commit (docstring above)."""
    seen: set[str] = set()
    matching: set[str] = set()
    candidates: dict[str, Candidate] = {}
    for path in files:
        today = _git(git_dir, "show", f"{rev}:{path}")
        for sha, old_path, message in history(git_dir, path, rev):
            seen.add(sha)
            if not FIX_WORDS.search(message):
                continue
            matching.add(sha)
            subject = message.splitlines()[0] if message else ""
            found = candidate(git_dir, sha, subject, old_path, path, today)
            if found is None:
                continue
            if sha in candidates:  # a commit that changed two of the files: keep both
                first = candidates[sha]
                extra = {k: v for k, v in asdict(found).items() if k not in ("also", "subject")}
                first.also.append({k: v for k, v in extra.items() if k != "commit"})
                first.also += found.also
            else:
                candidates[sha] = found
    return Mined(git_dir, rev, files, len(seen), len(matching), list(candidates.values()))


def main(argv: list[str] | None = None) -> int:
    """Mine ``GITDIR`` and write the candidates (exit 2 when git fails)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("git_dir", metavar="GITDIR", help="a clone or a bare repository")
    p.add_argument("--files", required=True, help="comma-separated paths at --rev")
    p.add_argument("--out", type=Path, help="where the JSON goes (default: stdout)")
    p.add_argument("--rev", default="HEAD", help="today's commit (default HEAD)")
    args = p.parse_args(argv)
    files = [f for f in args.files.split(",") if f]
    try:
        mined = mine(args.git_dir, files, args.rev)
    except RuntimeError as exc:
        print(f"mine_bugs: {exc}", file=sys.stderr)
        return 2
    text = json.dumps(asdict(mined), indent=2, ensure_ascii=False) + "\n"
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    ok = sum(c.applies for c in mined.candidates)
    adapted = sum(c.applies and c.why.startswith("adapted") for c in mined.candidates)
    print(
        f"{mined.commits_scanned} commits scanned, {mined.matching} say fix/bug/..., "
        f"{len(mined.candidates)} candidates change a function body: {ok} apply "
        f"({adapted} adapted), {len(mined.candidates) - ok} do not",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
