"""``ClangRepl``: one sandboxed clang-repl process with explicit lifetime, limits and per-input
capture.

    with ClangRepl(find_clang_repl(), language="c++") as repl:
        repl.send('#include "/abs/fac.h"')
        result = repl.execute("fac(5)\\n")      # result.got == "120\\n"

How output is captured deterministically (docs/runner.md, "How a session runs", has the
measurements):

- stdout is a pseudo-terminal in raw mode (over a pipe clang-repl's value prints are flushed only at
  exit, out of order with printf); stderr is a pipe, so diagnostics are captured separately.
- after every input the wrapper sends ``%help``, a meta-command clang-repl answers on stdout without
  parsing or JIT (so it costs ~0 ms and works even after a JIT failure); its text, learnt once at
  start-up, ends the input's stdout, and stderr (a pipe, complete on write) is drained then. C
  stdio is made unbuffered so nothing lingers in a buffer. Until the help text is learnt (and for
  interpreters without ``%help``) a ``__cdt_sep(N);`` call prints a per-session token on both
  streams instead.
- C++ bare expressions ``E`` are sent as ``(E, __cdt_mk())``: the prelude's ``operator,`` prints a
  value marker and passes ``E`` through unchanged (same type and value category, so clang-repl
  prints it as usual), except that a ``std::string``/``std::string_view`` becomes a ``const char *``
  copy, which prints its text rather than an address. A void ``E`` prints as the ``__cdt_void``
  type, rendered as nothing (plain clang-repl 22 silently skips a bare void call; this executes it).
  If the rewritten input does not compile, the original input is sent instead, so diagnostics
  always show the user's own code.
- stdin: the prelude points ``stdin`` (and ``std::cin``) at ``/dev/null``, so reading input returns
  EOF at once instead of eating the wrapper's own input lines.

How an example's source becomes inputs (line rules, the preludes) is ``cdoctest_runner.inputs``.
A ``%`` command other than the print directive is passed through and makes the session *dirty*
(not reused).

Every failure raises a typed ``ReplError`` (``ReplTimeout``, ``ReplCrashed``, ``ReplOutputLimit``,
``ReplCancelled``, ``ReplSetupError``); after one the process is already killed.

(Longer than 500 lines on purpose: ``ClangRepl`` is one process and the reader of its two streams,
whose start-up, delimiting, undo and kill share the same buffers, deadlines and locks; the pure
input preparation is already apart, in ``inputs``.)
"""

from __future__ import annotations

import errno
import os
import re
import secrets
import selectors
import shutil
import subprocess
import threading
import time
import tty
from typing import Literal

from cdoctest_runner import values
from cdoctest_runner.cpuclock import BlockClock, ProcessTree
from cdoctest_runner.errors import (
    ReplCancelled,
    ReplCrashed,
    ReplError,
    ReplOutputLimit,
    ReplSetupError,
    ReplTimeout,
)
from cdoctest_runner.inputs import (
    C_INIT,
    C_PRELUDE,
    CXX_INIT,
    CXX_PRELUDE,
    is_bare_expression,
    last_statement,
    rewrite_value_expression,
    split_inputs,
    translate_print_directive,
)
from cdoctest_runner.results import ExecResult, InputResult
from cdoctest_runner.sandbox import (
    DEFAULT_LIMITS,
    Confined,
    Limits,
    PrivateDir,
    Sandbox,
    detect_method,
    reachable_by,
    signal_name,
)
from cdoctest_runner.toolchain import Toolchain, find_clang_repl

# ----------------------------------------------------------------------------------------------
# Output markers

_NOISE = "In file included from <<< inputs >>>:1:\n"
_JIT_ERROR = re.compile(rb"^(?:JIT session error|error: Failed to materialize)", re.M)


def _strip_markers(text: str, token: str) -> str:
    return re.sub(f"\n?[\x1e\x1f]{token}(?::\\d+)?[\x1e\x1f]\n?", "", text)


_PARSE_FAILED = "error: Parsing failed."


# ----------------------------------------------------------------------------------------------


def _classify(stderr: str) -> Literal["ok", "error", "jit_error"]:
    if _PARSE_FAILED in stderr:
        return "error"
    for line in stderr.splitlines():
        if line.startswith(("error:", "JIT session error")) or ": error:" in line:
            return "jit_error"
    return "ok"


class ClangRepl:
    """A sandboxed clang-repl session. Use as a context manager or call ``start``/``close``."""

    def __init__(
        self,
        toolchain: Toolchain | None = None,
        *,
        language: str = "c++",
        include_dirs: tuple[str, ...] | list[str] = (),
        defines: tuple[str, ...] | list[str] = (),
        flags: tuple[str, ...] | list[str] = (),
        limits: Limits = DEFAULT_LIMITS,
        sandbox: Sandbox | None = None,
        visible: tuple[str, ...] | list[str] = (),
        precompiled: str | None = None,
    ) -> None:
        """``visible``: directories the session must be able to read (code under test, includes).

        ``precompiled``: a precompiled header (``cdoctest_runner.precompiled``) passed with
        ``-include-pch``; a PCH that does not match the arguments makes ``start`` fail.
        """
        self.toolchain = toolchain or find_clang_repl()
        self.precompiled = precompiled
        self.visible = tuple(visible) + tuple(include_dirs)
        self.language = language
        self.limits = limits
        self.sandbox = sandbox or detect_method()
        args: list[str] = ["-xc"] if language == "c" else []
        args += [f"-I{d}" for d in include_dirs] + [f"-D{d}" for d in defines] + list(flags)
        self.compile_args = args
        self.token = secrets.token_hex(6)
        self.workdir: PrivateDir | None = None
        self._confined: Confined | None = None
        self._master = -1
        self._sel: selectors.BaseSelector | None = None
        self._buf: dict[str, bytearray] = {"out": bytearray(), "err": bytearray()}
        self._open: set[str] = set()
        self._n = 0
        self.ptus = 0  # successful inputs (incl. markers) since start: what %undo can take back
        self._mark = 0
        self.dirty = False  # state may differ from a fresh session: do not reuse
        self.poisoned = False  # the JIT failed to link an input: markers are sent without it
        self._delim: bytes | None = None  # clang-repl's %help text, once learnt
        self.uses = 0
        self.restore = ""  # an input that restores the code under test's state (the runner's)
        self.compiled_on_use = False  # the code was loaded with its free functions inline (runner)
        self.busy_s = 0.0  # wall time spent running inputs: bounds the CPU a warm session used
        self._tree: ProcessTree | None = None  # the session's processes, for CPU-time limits
        self._clock: BlockClock | None = None  # the current deadline's CPU-time accounting

    # -- lifetime -------------------------------------------------------------------------------

    @property
    def alive(self) -> bool:
        """Whether the process is running."""
        return self._confined is not None and self._confined.proc.poll() is None

    @property
    def pid(self) -> int | None:
        """The process id (None before ``start``)."""
        return self._confined.proc.pid if self._confined else None

    def start(self, cancel: threading.Event | None = None) -> None:
        """Start the process and load the prelude (raises ``ReplSetupError``/``ReplError``).

        A process that dies before the prelude is in (nothing of the user's has run yet) is
        started once more: on a loaded machine the sandbox itself can fail transiently.
        """
        try:
            self._start_once(cancel)
        except ReplSetupError as exc:
            if not exc.message.startswith("clang-repl did not start") or (
                cancel is not None and cancel.is_set()
            ):
                raise
            time.sleep(0.2)
            self._start_once(cancel)

    def _start_once(self, cancel: threading.Event | None) -> None:
        self._buf = {"out": bytearray(), "err": bytearray()}
        self._n = self.ptus = self._mark = 0
        self.dirty = self.poisoned = False
        self._delim = None
        self.workdir = PrivateDir(self.sandbox.drop_to_nobody)
        prelude = (C_PRELUDE if self.language == "c" else CXX_PRELUDE).replace(
            "{token}", self.token
        )
        prelude_path = os.path.join(self.workdir.path, "__cdt_prelude.h")
        with open(prelude_path, "w") as f:
            f.write(prelude)
        master, slave = os.openpty()
        tty.setraw(slave)
        argv = [self.toolchain.path] + [f"--Xcc={a}" for a in self.compile_args]
        visible = self.visible
        if self.precompiled is not None:
            pch = self._readable(self.precompiled)
            argv += ["--Xcc=-include-pch", f"--Xcc={pch}"]
            visible += (os.path.dirname(pch),)
        try:
            self._confined = self.sandbox.spawn(
                argv, self.workdir.path, self.limits, visible,
                stdin=subprocess.PIPE, stdout=slave, stderr=subprocess.PIPE,
            )  # fmt: skip
        except OSError as exc:
            os.close(master)
            os.close(slave)
            self.close()
            raise ReplSetupError(f"cannot start {self.toolchain.path}: {exc}") from exc
        os.close(slave)
        self._master = master
        os.set_blocking(master, False)
        err = self._confined.proc.stderr
        assert err is not None
        os.set_blocking(err.fileno(), False)
        self._sel = selectors.DefaultSelector()
        self._sel.register(master, selectors.EVENT_READ, "out")
        self._sel.register(err.fileno(), selectors.EVENT_READ, "err")
        self._open = {"out", "err"}
        deadline = time.monotonic() + self.limits.setup_timeout_s
        try:
            for line in (
                f'#include "{prelude_path}"',
                C_INIT if self.language == "c" else CXX_INIT,
            ):
                r = self.send(line, deadline=deadline, cancel=cancel)
                if r.status != "ok":
                    raise ReplSetupError(
                        f"the runner prelude did not load: {r.stderr.strip()}", r.stderr
                    )
            # Learn the %help text: from now on it delimits inputs (see ``_read_delimited``).
            self._n += 1
            self._write(f"%help\n__cdt_sep({self._n});\n")
            help_text, help_err = self._read_until(self._n, deadline, cancel)
            self.ptus += 1
            if help_text.strip() and not help_err.strip():
                self._delim = help_text.encode()
        except ReplError as exc:
            self.close()
            if isinstance(exc, (ReplSetupError, ReplCancelled)):
                raise
            detail = exc.stderr.strip().splitlines()[-3:] if exc.stderr else []
            why = f" ({' / '.join(detail)})" if detail else ""
            raise ReplSetupError(
                f"clang-repl did not start: {exc.message}{why}", exc.stderr
            ) from exc
        self._mark = self.ptus

    def _readable(self, path: str) -> str:
        """``path``, or a link to it (else a copy) in the private directory when the sandbox user
        cannot read it where it is (a cache under a private home).
        """
        assert self.workdir is not None
        if not self.sandbox.drop_to_nobody or reachable_by(path):
            return path
        private = os.path.join(self.workdir.path, os.path.basename(path))
        try:
            os.link(path, private)
        except OSError:
            shutil.copyfile(path, private)
            os.chmod(private, 0o644)
        return private

    def close(self) -> None:
        """Kill the process (and everything in its sandbox) and remove the private directory."""
        if self._confined is not None:
            self._confined.kill()
            for stream in (self._confined.proc.stdin, self._confined.proc.stderr):
                try:
                    if stream:
                        stream.close()
                except OSError:
                    pass
        if self._sel is not None:
            self._sel.close()
            self._sel = None
        if self._master >= 0:
            os.close(self._master)
            self._master = -1
        if self.workdir is not None:
            self.workdir.cleanup()
            self.workdir = None
        self._confined = None

    def kill(self) -> None:
        """Kill the process from another thread; the thread using the session sees it end."""
        if self._confined is not None:
            self._confined.kill()

    def __enter__(self) -> ClangRepl:
        if self._confined is None:
            self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- I/O ------------------------------------------------------------------------------------

    def _write(self, text: str) -> None:
        assert self._confined is not None and self._confined.proc.stdin is not None
        try:
            self._confined.proc.stdin.write(text.encode())
            self._confined.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass  # the reader notices the dead process

    def _fail(self, exc_type: type[ReplError], message: str, **kw: object) -> ReplError:
        out = self._buf["out"].decode("utf-8", "replace")
        err = self._buf["err"].decode("utf-8", "replace")
        self.dirty = True
        self.close()
        return exc_type(message, err, out, **kw)

    def _pump(self, deadline: float, cancel: threading.Event | None, wait: float = 0.05) -> None:
        """Read what is available (waiting at most ``wait``); enforce the cap, deadline and
        cancel.
        """
        cap = self.limits.max_output_bytes
        if len(self._buf["out"]) + len(self._buf["err"]) > cap:
            raise self._fail(ReplOutputLimit, f"output limit exceeded ({cap} bytes)")
        if cancel is not None and cancel.is_set():
            raise self._fail(ReplCancelled, "cancelled")
        now = time.monotonic()
        clock = self._clock_for(deadline, now)
        if now >= clock.until:
            cpu = self._cpu_seconds()
            if clock.expired(now, cpu):
                raise self._fail(ReplTimeout, clock.describe(now, cpu))
        if not self._open:
            raise self._died()
        if self._sel is None:
            raise ReplCancelled("the session was closed")
        for key, _ in self._sel.select(timeout=max(0.0, min(clock.until - now, wait))):
            name = key.data
            try:
                chunk = os.read(key.fd, 1 << 16)
            except BlockingIOError:
                continue
            except OSError as exc:  # EIO: the pty's other side is closed
                if exc.errno != errno.EIO:
                    raise
                chunk = b""
            if chunk:
                self._buf[name] += chunk
            else:
                self._sel.unregister(key.fd)
                self._open.discard(name)

    def _clock_for(self, deadline: float, now: float) -> BlockClock:
        """The CPU-time clock of ``deadline`` (``cdoctest_runner.cpuclock``), started at its first
        use: a deadline is a budget of session CPU time, with wall time as a backstop.
        """
        if self._clock is None or self._clock.deadline != deadline:
            self._clock = BlockClock(deadline, now, self._cpu_seconds(rescan=True))
        return self._clock

    def _cpu_seconds(self, rescan: bool = False) -> float | None:
        if self._confined is None:
            return None
        if self._tree is None or self._tree.root != self._confined.proc.pid:
            self._tree = ProcessTree(self._confined.proc.pid)
        return self._tree.cpu_seconds(rescan)

    def _take(self, name: str, end: int, skip: int) -> str:
        text = bytes(self._buf[name][:end]).decode("utf-8", "replace")
        del self._buf[name][: end + skip]
        return text

    def _read_until(
        self, n: int, deadline: float, cancel: threading.Event | None
    ) -> tuple[str, str]:
        tag = f"\n\x1f{self.token}:{n}\x1f\n".encode()
        while True:
            o = self._buf["out"].find(tag)
            e = self._buf["err"].find(tag)
            if o >= 0 and e >= 0:
                return self._take("out", o, len(tag)), self._take("err", e, len(tag))
            if e < 0 and not self.poisoned and _JIT_ERROR.search(self._buf["err"]):
                self.poisoned = True
            if self.poisoned and e < 0:
                return self._read_sync(n, deadline, cancel)
            self._pump(deadline, cancel)

    def _read_delimited(self, deadline: float, cancel: threading.Event | None) -> tuple[str, str]:
        """Read one input's output, delimited by the ``%help`` text that follows it on stdout.

        ``%help`` is a meta-command (no parsing, no JIT), so it costs nothing and works even when
        the JIT is broken. stdout is a pseudo-terminal: its data arrives in order, and everything
        the input printed precedes the help text (C stdio is unbuffered, see ``*_INIT``). stderr is
        a pipe, whose writes are complete when they return: once the help text has arrived, all of
        the input's diagnostics are already in the pipe, so draining it gives exactly them.
        """
        delim = self._delim
        assert delim is not None
        while not self._buf["out"].endswith(delim):
            self._pump(deadline, cancel)
        self._drain_stderr()
        out = self._take("out", len(self._buf["out"]) - len(delim), len(delim))
        err = self._take("err", len(self._buf["err"]), 0)
        return out, err

    def _drain_stderr(self) -> None:
        assert self._confined is not None and self._confined.proc.stderr is not None
        fd = self._confined.proc.stderr.fileno()
        while "err" in self._open:
            try:
                chunk = os.read(fd, 1 << 16)
            except BlockingIOError:
                return
            except OSError:
                chunk = b""
            if not chunk:
                if self._sel is not None:
                    self._sel.unregister(fd)
                self._open.discard("err")
                return
            self._buf["err"] += chunk

    def _read_sync(
        self, n: int, deadline: float, cancel: threading.Event | None
    ) -> tuple[str, str]:
        """Delimit an input without the JIT, for a session whose JIT is broken (after a link error).

        The marker call may itself fail to link now, so a deliberately undeclared identifier is
        sent: its parse error on stderr marks the end of the input. stdout has no marker then, so
        what arrived within a short grace period is taken (the session is discarded after the
        block).
        """
        sync = f"__cdt_sync_{self.token}_{n}"
        self._write(sync + "\n")
        pattern = re.compile(rf"[^\n]*'{sync}'.*?error: Parsing failed\.\n".encode(), re.S)
        while True:
            m = pattern.search(self._buf["err"])
            if m:
                # the diagnostic starts at the line holding "input_line_K:1:1: error: ... '<sync>'"
                start = self._buf["err"].rfind(b"\n", 0, m.start() + 1) + 1
                err = self._take("err", start, m.end() - start)
                grace = time.monotonic() + 0.1
                while time.monotonic() < grace:
                    self._pump(deadline, cancel, wait=0.02)
                out = self._take("out", len(self._buf["out"]), 0)
                return _strip_markers(out, self.token), _strip_markers(err, self.token)
            self._pump(deadline, cancel)

    def _died(self) -> ReplError:
        assert self._confined is not None
        try:
            self._confined.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        signo = self._confined.exit_signal()
        code = self._confined.proc.returncode
        if signo is not None:
            name = signal_name(signo)
            if name == "SIGXCPU":
                return self._fail(
                    ReplTimeout, f"CPU time limit ({self.limits.cpu_s} s) exceeded (SIGXCPU)"
                )
            why = ""
            tail = self._buf["err"][-4000:].decode("utf-8", "replace")
            if "bad_alloc" in tail:
                why = ": std::bad_alloc (memory limit)"
            return self._fail(ReplCrashed, f"killed by signal {signo} ({name}){why}", signo=signo)
        return self._fail(ReplCrashed, f"clang-repl exited with status {code}")

    def send(
        self, line: str, *, deadline: float | None = None, cancel: threading.Event | None = None
    ) -> InputResult:
        """Send one physical input line (no newline inside) and collect what it printed."""
        if self._confined is None:
            raise ReplSetupError("the session is not running")
        if deadline is None:
            deadline = time.monotonic() + self.limits.timeout_s
        self._n += 1
        n = self._n
        if self._delim and line.strip() == "%help":  # would forge our delimiter: answer it here
            return InputResult(line, self._delim.decode(), "", "", "ok")
        t0 = time.monotonic()
        try:
            if self._delim:
                self._write(f"{line}\n%help\n")
                out, err = self._read_delimited(deadline, cancel)
            elif self.poisoned:
                self._write(f"{line}\n")
                out, err = self._read_sync(n, deadline, cancel)
            else:
                self._write(f"{line}\n__cdt_sep({n});\n")
                out, err = self._read_until(n, deadline, cancel)
                self.ptus += 1  # the marker call is an input too
        finally:
            self.busy_s += time.monotonic() - t0
        err = err.replace(_NOISE, "")
        status = _classify(err)
        # Every accepted non-empty input is one unit %undo can take back (measured: #define and
        # #include lines too; empty lines and %-commands none).
        if line.startswith("%"):
            self.dirty = True
        elif status == "ok" and line.strip():
            self.ptus += 1
        elif status == "jit_error":
            self.dirty = True
        vm = f"\x1e{self.token}\x1e"
        if vm in out:
            out, _, value = out.rpartition(vm)
        elif status == "ok" and is_bare_expression(line):
            out, value = values.split_value_print(out)
        else:
            value = ""
        return InputResult(line, out, value, err, status)

    def execute(
        self, source: str, *, deadline: float | None = None, cancel: threading.Event | None = None
    ) -> ExecResult:
        """Run one example's source (all its lines) and return its output in display form."""
        if deadline is None:
            deadline = time.monotonic() + self.limits.timeout_s
        results: list[InputResult] = []
        for line in split_inputs(source):
            directive = translate_print_directive(line, self.language)
            if directive is not None:
                line = directive
            if self.language != "c" and is_bare_expression(line):
                # The statements before the final expression go first, on their own, so that a
                # rewrite that does not compile is retried without re-declaring anything.
                prefix, expr = last_statement(line)
                if prefix.strip():
                    r = self.send(prefix.strip(), deadline=deadline, cancel=cancel)
                    results.append(r)
                    if r.status != "ok":
                        continue
                r = self.send(rewrite_value_expression(expr), deadline=deadline, cancel=cancel)
                if r.status == "error":  # our rewrite did not compile: let the user's text speak
                    r = self.send(expr.strip(), deadline=deadline, cancel=cancel)
            else:
                r = self.send(line, deadline=deadline, cancel=cancel)
            results.append(r)
        got = "".join(r.output + values.render_value(r.value, self.language) for r in results)
        stderr = "".join(r.stderr for r in results)
        status: Literal["ok", "error", "jit_error"] = "ok"
        for r in results:
            if r.status == "jit_error" or (r.status == "error" and status == "ok"):
                status = r.status
        return ExecResult(got, stderr, status, tuple(results))

    # -- reuse ----------------------------------------------------------------------------------

    def checkpoint(self) -> None:
        """Remember the current state; ``rollback`` undoes every input after it."""
        self._mark = self.ptus

    def rollback(self, cancel: threading.Event | None = None) -> bool:
        """``%undo`` every input since ``checkpoint``; False (session closed) if that is unsafe."""
        if self.dirty or not self.alive:
            self.close()
            return False
        count = self.ptus - self._mark
        self._write("%undo\n" * count)
        self.ptus = self._mark
        try:
            r = self.send(
                "", deadline=time.monotonic() + self.limits.setup_timeout_s, cancel=cancel
            )
        except ReplError:
            return False
        if r.stderr.strip() or r.output:
            self.close()
            return False
        return True
