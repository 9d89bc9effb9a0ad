"""Confinement for untrusted clang-repl sessions: detection, argv construction, limits, clean-up.

Three methods, best first, detected once per process (``detect_method``; ``CDOCTEST_SANDBOX``
forces one) and reported honestly in every result's ``SandboxReport`` (``isolation_gaps`` says in
words what a method does not isolate):

- ``bwrap``: bubblewrap with ``--unshare-all`` (own user, pid, network, ipc, uts namespaces: no
  network), a read-only view of ``/``, a private ``/tmp``, the private working directory bound
  read-write, uid/gid 65534 inside. The kernel exempts (host) root from ``RLIMIT_NPROC``, so when
  the caller is root the process cap comes from a per-session pids cgroup (v1 ``pids`` controller
  or v2 with ``pids`` delegated); without one, bwrap itself is started as host uid 65534 so the
  rlimit holds (measured both ways: a fork bomb stops at the cap).
- ``unshare``: util-linux ``unshare`` with new network and pid namespaces (and a user namespace
  when not root); the filesystem stays writable wherever the (unprivileged) user may write.
- ``rlimits``: resource limits, a private working directory and a scrubbed environment only; no
  network or pid isolation (the report says so).

Limits are applied *inside* the namespaces with ``prlimit`` (so ``RLIMIT_NPROC`` counts only the
sandbox's own processes): address space (unless ``Limits.address_space`` is off: the
AddressSanitizer run of ``cdoctest_runner.coverage.sanitize``), CPU seconds, processes, file size,
no core dumps. The wall clock and the output cap are enforced by the reader
(``repl.ClangRepl``), which kills the whole sandbox (``kill_session``). The private directory is
removed by ``PrivateDir.cleanup``.
"""

from __future__ import annotations

import functools
import itertools
import os
import re
import shutil
import signal
import stat
import subprocess
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cdoctest_runner.errors import CdoctestError
from cdoctest_runner.results import SandboxReport

NOBODY = 65534


@dataclass(frozen=True)
class Limits:
    """Per-session limits. ``timeout_s`` is one block's budget of the session's CPU time, wall clock
    a backstop (``cdoctest_runner.cpuclock``; setup excluded: see docs).
    """

    timeout_s: float = 10.0
    cpu_s: int = 60  # RLIMIT_CPU of a whole session; a warm session is retired after half of it
    memory_mb: int = 2048  # RLIMIT_AS; clang-repl 22 needs ~400 MB of address space to start
    max_procs: int = 64  # RLIMIT_NPROC inside the sandbox (threads count too)
    max_file_mb: int = 16  # RLIMIT_FSIZE
    max_output_bytes: int = 1_000_000  # stdout + stderr per example before OUTPUT_LIMIT
    setup_timeout_s: float = 60.0  # wall clock to start clang-repl and load the code under test
    # False: no RLIMIT_AS (an AddressSanitizer program reserves terabytes of shadow address space;
    # its own RSS limit caps its memory instead: ``cdoctest_runner.coverage.sanitize``)
    address_space: bool = True


#: The limits a runner or session gets when none are given.
DEFAULT_LIMITS = Limits()


def scrubbed_env(workdir: str) -> dict[str, str]:
    """The only environment a sandboxed session sees."""
    return {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": workdir,
        "TMPDIR": "/tmp",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "TERM": "dumb",
        # a crash's stack dump must not spend seconds symbolizing
        "LLVM_DISABLE_SYMBOLIZATION": "1",
    }


def _prlimit(limits: Limits) -> list[str]:
    prlimit = shutil.which("prlimit")
    if prlimit is None:
        return []
    address_space = [f"--as={limits.memory_mb * 1024 * 1024}"] if limits.address_space else []
    return [
        prlimit,
        *address_space,
        f"--cpu={max(1, int(limits.cpu_s))}",
        f"--nproc={limits.max_procs}",
        f"--fsize={limits.max_file_mb * 1024 * 1024}",
        "--core=0",
        "--",
    ]


def _is_root() -> bool:
    return os.geteuid() == 0


def reachable_by(path: str, uid: int = NOBODY, gid: int = NOBODY) -> bool:
    """Whether ``uid`` can read ``path`` (every directory above it searchable), by the mode bits.

    ``os.access`` answers for the caller (root can always); this answers for the sandbox user.
    """
    path = os.path.realpath(path)
    chain = [path]
    while chain[-1] != os.sep:
        chain.append(os.path.dirname(chain[-1]))
    for current in reversed(chain):
        try:
            st = os.stat(current)
        except OSError:
            return False
        is_dir = stat.S_ISDIR(st.st_mode)
        need = stat.S_IXUSR if is_dir else 0  # search every directory on the way
        if current == path:
            need |= stat.S_IRUSR  # and read the target itself
        shift = 0 if st.st_uid == uid else 3 if st.st_gid == gid else 6
        if st.st_mode & (need >> shift) != need >> shift:
            return False
    return True


def _bwrap_prefix(workdir: str, visible: Sequence[str] = (), as_nobody: bool = False) -> list[str]:
    bwrap = shutil.which("bwrap")
    assert bwrap is not None
    # The private /tmp hides the host's /tmp: directories the code under test lives in are bound
    # back read-only (only those under /tmp need it; the rest of / is visible read-only anyway).
    # When bwrap itself runs as uid 65534, a directory that user cannot reach cannot be bound
    # (bwrap would refuse to start); the runner copies such code into the private directory.
    binds: list[str] = []
    for path in sorted({os.path.realpath(p) for p in visible}):
        if (path + "/").startswith("/tmp/") and os.path.isdir(path):
            if as_nobody and not reachable_by(path):
                continue
            binds += ["--ro-bind", path, path]
    return [
        bwrap, "--unshare-all", "--die-with-parent", "--new-session",
        "--ro-bind", "/", "/", "--tmpfs", "/tmp", *binds, "--bind", workdir, workdir,
        "--dev", "/dev", "--proc", "/proc",
        "--uid", str(NOBODY), "--gid", str(NOBODY), "--chdir", workdir, "--",
    ]  # fmt: skip


def _unshare_prefix() -> list[str]:
    unshare = shutil.which("unshare")
    assert unshare is not None
    base = [unshare, "--net", "--pid", "--fork", "--kill-child", "--mount-proc"]
    if not _is_root():
        base[1:1] = ["--user", "--map-root-user"]
    return base + ["--"]


_CG_COUNTER = itertools.count()


def _pids_cgroup_base() -> str | None:
    """A cgroup directory under which we may create per-session pids cgroups (root only)."""
    if not _is_root():
        return None
    for base in ("/sys/fs/cgroup/pids", "/sys/fs/cgroup"):
        if base == "/sys/fs/cgroup":
            try:
                with open(os.path.join(base, "cgroup.subtree_control")) as f:
                    if "pids" not in f.read().split():
                        continue
            except OSError:
                continue
        # One name per thread: two threads probing at once must not take each other's probe for
        # a cgroup that cannot be made (the loser then ran every session as uid 65534).
        probe = os.path.join(base, f"cdt-probe-{os.getpid()}-{threading.get_ident()}")
        try:
            os.mkdir(probe)
            ok = os.path.exists(os.path.join(probe, "pids.max"))
            os.rmdir(probe)
        except OSError:
            continue
        if ok:
            _sweep_stale_cgroups(base)
            return base
    return None


def _sweep_stale_cgroups(base: str) -> None:
    """Remove empty ``cdt-<pid>-<n>`` cgroups left by runner processes that were killed."""
    try:
        names = os.listdir(base)
    except OSError:
        return
    for name in names:
        m = re.fullmatch(r"cdt-(\d+)-\d+", name)
        if m and not os.path.exists(f"/proc/{m.group(1)}"):
            try:
                os.rmdir(os.path.join(base, name))
            except OSError:
                pass


@dataclass(frozen=True)
class Sandbox:
    """How to start a confined command; build with ``detect_method``.

    ``cgroup_base``: when running as root, a per-session pids cgroup caps the processes (root is
    exempt from ``RLIMIT_NPROC``); without one, root drops to uid 65534 instead (then the code under
    test must be readable by that user).
    """

    method: str  # 'bwrap' | 'unshare' | 'rlimits'
    cgroup_base: str | None = None

    @property
    def drop_to_nobody(self) -> bool:
        """Whether sessions run as uid 65534 (root without a pids cgroup, or outside bwrap)."""
        # Outside bwrap's read-only root, root must never run candidate code: drop to uid 65534.
        return _is_root() and (self.cgroup_base is None or self.method != "bwrap")

    def report(self) -> SandboxReport:
        """What this sandbox protects, for ``DocTestResult.sandbox``."""
        notes: list[str] = []
        if shutil.which("prlimit") is None:
            notes.append("prlimit not found: no address-space/CPU/process/file-size limits")
        if self.cgroup_base:
            notes.append("process cap: a pids cgroup per session")
        elif _is_root():
            notes.append("process cap: RLIMIT_NPROC as uid 65534")
        else:
            notes.append("process cap: RLIMIT_NPROC inside the sandbox")
        if self.drop_to_nobody:
            notes.append("runs as host uid 65534: the code under test must be readable by it")
        if self.method == "bwrap":
            notes.append("bubblewrap: own user/pid/network namespaces, read-only /, private /tmp")
            return SandboxReport("bwrap", True, True, True, tuple(notes))
        if self.method == "unshare":
            notes.append(
                "unshare: own pid/network namespaces; filesystem writable where the user may write"
            )
            return SandboxReport("unshare", True, True, False, tuple(notes))
        notes.append(
            "no namespaces available: network is NOT isolated; rlimits and a private directory only"
        )
        return SandboxReport("rlimits", False, False, False, tuple(notes))

    def argv(
        self, command: list[str], workdir: str, limits: Limits, visible: Sequence[str] = ()
    ) -> list[str]:
        """The full command line (without the cgroup wrapper; see ``spawn``).

        ``visible``: directories the command must be able to read (the code under test's).
        """
        if self.method == "bwrap":
            return _bwrap_prefix(workdir, visible, self.drop_to_nobody) + _prlimit(limits) + command
        if self.method == "unshare":
            drop: list[str] = []
            if self.drop_to_nobody and shutil.which("setpriv"):
                drop = [
                    shutil.which("setpriv") or "setpriv",
                    f"--reuid={NOBODY}",
                    f"--regid={NOBODY}",
                    "--clear-groups",
                    "--",
                ]
            return _unshare_prefix() + _prlimit(limits) + drop + command
        return _prlimit(limits) + command

    def spawn(
        self,
        command: list[str],
        workdir: str,
        limits: Limits,
        visible: Sequence[str] = (),
        **popen: Any,
    ) -> Confined:
        """Start ``command`` confined, in its own session, with cwd ``workdir`` and a scrubbed
        env.
        """
        argv = self.argv(command, workdir, limits, visible)
        cgroup = None
        setpriv = shutil.which("setpriv")
        drop_in_argv = (
            self.drop_to_nobody
            and self.method != "unshare"
            and bool(self.cgroup_base)
            and bool(setpriv)
        )
        if drop_in_argv:  # join the cgroup as root first, then drop to uid 65534
            argv = [
                setpriv or "setpriv",
                f"--reuid={NOBODY}",
                f"--regid={NOBODY}",
                "--clear-groups",
                "--",
                *argv,
            ]
        if self.cgroup_base and (
            drop_in_argv or not self.drop_to_nobody or self.method == "unshare"
        ):
            cgroup = os.path.join(self.cgroup_base, f"cdt-{os.getpid()}-{next(_CG_COUNTER)}")
            try:
                os.mkdir(cgroup)
                with open(os.path.join(cgroup, "pids.max"), "w") as f:
                    f.write(str(limits.max_procs))
            except OSError:
                cgroup = None
            else:
                # The shell joins the cgroup before exec'ing the sandbox, so every descendant is in
                # it.
                argv = [
                    "/bin/sh",
                    "-c",
                    f'echo $$ > {cgroup}/cgroup.procs && exec "$@"',
                    "sh",
                    *argv,
                ]
        kw: dict[str, Any] = {
            "cwd": workdir,
            "env": scrubbed_env(workdir),
            "start_new_session": True,
        }
        if self.drop_to_nobody and self.method != "unshare" and not drop_in_argv:
            kw.update(user=NOBODY, group=NOBODY, extra_groups=[])
        kw.update(popen)
        try:
            proc = subprocess.Popen(argv, **kw)
        except BaseException:
            _remove_cgroup(cgroup)
            raise
        return Confined(proc, cgroup, self.method)


@dataclass
class Confined:
    """A running confined command. ``kill`` ends it and everything it started (idempotent)."""

    proc: subprocess.Popen[bytes]
    cgroup: str | None
    method: str

    def kill(self) -> None:
        """Kill the confined process group and its cgroup."""
        kill_session(self.proc)
        if self.cgroup:
            _kill_cgroup(self.cgroup)
            _remove_cgroup(self.cgroup)
            self.cgroup = None

    def exit_signal(self) -> int | None:
        """The signal that ended the process, if one did."""
        return exit_signal(self.proc.returncode, self.method)


def _kill_cgroup(cgroup: str) -> None:
    for _ in range(50):
        try:
            with open(os.path.join(cgroup, "cgroup.procs")) as f:
                pids = [int(x) for x in f.read().split()]
        except OSError:
            return
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.01)


def _remove_cgroup(cgroup: str | None) -> None:
    if not cgroup:
        return
    for _ in range(100):
        try:
            os.rmdir(cgroup)
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.01)


def _works(sandbox: Sandbox) -> bool:
    work = PrivateDir(sandbox.drop_to_nobody)
    try:
        c = sandbox.spawn(
            ["/bin/sh", "-c", "echo ok > probe && cat probe"], work.path, Limits(),
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        )  # fmt: skip
        try:
            out, _ = c.proc.communicate(timeout=20)
        finally:
            c.kill()
        return c.proc.returncode == 0 and out.decode().strip() == "ok"
    except (OSError, subprocess.SubprocessError):
        return False
    finally:
        work.cleanup()


METHODS = ("bwrap", "unshare", "rlimits")  # strongest first
SANDBOX_ENV = "CDOCTEST_SANDBOX"  # forces a method for the whole process, e.g. 'rlimits'


def detect_method(prefer: str | None = None) -> Sandbox:
    """The best confinement that works here, detected once per process and method.

    ``prefer`` forces one method (e.g. ``'rlimits'`` in tests); without it the environment variable
    ``CDOCTEST_SANDBOX`` does. A forced method that does not work here gives ``rlimits`` (the report
    says so). Raises ``SandboxConfigError`` for a name that is not a method.
    """
    if prefer is None:
        prefer = os.environ.get(SANDBOX_ENV, "").strip() or None
        where = f"{SANDBOX_ENV}={prefer!r}"
    else:
        where = f"sandbox method {prefer!r}"
    if prefer is not None and prefer not in METHODS:
        raise SandboxConfigError(f"{where}: expected one of {', '.join(METHODS)}")
    with _DETECTING:  # once per process: the first caller detects, the others wait for it
        return _detect(prefer)


_DETECTING = threading.Lock()


class SandboxConfigError(CdoctestError):
    """An unknown sandbox method was asked for (argument or ``CDOCTEST_SANDBOX``)."""


def isolation_gaps(report: SandboxReport) -> list[str]:
    """What the sandbox of ``report`` does NOT isolate, in words (empty for bubblewrap).

    >>> for gap in isolation_gaps(SandboxReport("rlimits", False, False, False)):
    ...     print(gap)
    network
    other processes (no pid namespace)
    the filesystem (writable where the sandbox user may write)
    >>> isolation_gaps(SandboxReport("bwrap", True, True, True))
    []
    """
    gaps = []
    if not report.network_isolated:
        gaps.append("network")
    if not report.pid_isolated:
        gaps.append("other processes (no pid namespace)")
    if not report.filesystem_readonly:
        gaps.append("the filesystem (writable where the sandbox user may write)")
    return gaps


@functools.lru_cache(maxsize=4)
def _detect(prefer: str | None) -> Sandbox:
    order = [prefer] if prefer else list(METHODS)
    cgroup = _pids_cgroup_base()
    for method in order:
        if method == "bwrap" and not shutil.which("bwrap"):
            continue
        if method == "unshare" and not shutil.which("unshare"):
            continue
        # Each probe is tried a few times: the choice is cached for the process, and one probe
        # that fails transiently on a loaded machine must not degrade every later session.
        sandbox = Sandbox(method, cgroup)
        if method == "rlimits" or any(_works(sandbox) for _ in range(3)):
            return sandbox
        if cgroup:  # the cgroup wrapper may be what fails; try without it
            sandbox = Sandbox(method, None)
            if any(_works(sandbox) for _ in range(2)):
                return sandbox
    return Sandbox("rlimits", cgroup)


class PrivateDir:
    """A fresh private working directory, writable by the sandbox user; ``cleanup`` removes it."""

    def __init__(self, for_nobody: bool = False) -> None:
        self.path = os.path.realpath(tempfile.mkdtemp(prefix="cdt-"))
        if for_nobody:
            os.chown(self.path, NOBODY, NOBODY)
        else:
            os.chmod(self.path, 0o755)

    def cleanup(self) -> None:
        """Remove the directory and everything in it."""
        shutil.rmtree(self.path, ignore_errors=True)


def kill_session(proc: subprocess.Popen[bytes]) -> None:
    """Kill a sandboxed command and everything it started, then reap it. Idempotent."""
    if proc.poll() is None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)  # the group/session leader is the sandbox wrapper
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.kill()
        except ProcessLookupError:
            pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:  # pragma: no cover - a kernel that ignores SIGKILL
        pass


def exit_signal(returncode: int | None, method: str) -> int | None:
    """The signal that ended the interpreter, from the wrapper's exit status (128+N under bwrap)."""
    if returncode is None:
        return None
    if returncode < 0:
        return -returncode
    if method != "rlimits" and 128 < returncode < 128 + 65:
        return returncode - 128
    return None


def signal_name(signo: int) -> str:
    """``SIGSEGV`` for 11; ``signal N`` for a number no signal has."""
    try:
        return signal.Signals(signo).name
    except ValueError:
        return f"signal {signo}"
