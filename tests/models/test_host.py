"""The model host (models.host) with the real embedded model: same candidates as in process, real
crashes (the test hook sends the host SIGSEGV / calls os.abort() mid-generation), restart with
back-off, staying down, cancellation (also of a host that does not answer), typed load errors,
and no host left running after close() or the parent's death.
"""

from __future__ import annotations

import logging
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from models.api import ModelConfig, SamplingParams
from models.errors import ModelCrashed, ModelHostDown, NotAGGUF
from models.grammar import cdoctest_grammar
from models.host import CRASH_ENV, CRASH_ONCE_ENV, HostedBackend

pytestmark = pytest.mark.model

MESSAGES = [{"role": "user", "content": "int fac(int n) computes n!. Show calls in a REPL."}]
PARAMS = SamplingParams(seed=77, max_tokens=24, temperature=0.8, logprobs=True)


def _alive(pid: int) -> bool:
    """Whether ``pid`` runs (a zombie nobody reaped counts as gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _gone_within(pid: int, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while _alive(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


@pytest.fixture
def hosted(embedded_path):
    b = HostedBackend(ModelConfig(model=embedded_path, n_parallel=4), backoff_s=0.0)
    yield b
    b.close()


def test_same_seed_gives_the_same_candidates_as_in_process(hosted, backend):
    """Parallel candidates, grammar, log-probs and seed behave exactly as in process."""
    params = SamplingParams(seed=5, max_tokens=40, logprobs=True, grammar=cdoctest_grammar(6))
    backend.reset()  # a fresh prompt cache on both sides: the same evaluation order
    local = backend.generate(MESSAGES, n=3, params=params)
    remote = hosted.generate(MESSAGES, n=3, params=params)
    assert [c.token_ids for c in remote] == [c.token_ids for c in local]
    assert [c.text for c in remote] == [c.text for c in local]
    assert [c.finish_reason for c in remote] == [c.finish_reason for c in local]
    assert [c.logprobs for c in remote] == [c.logprobs for c in local]
    assert len({c.text for c in remote}) > 1  # three different candidates, not one repeated
    assert hosted.render(MESSAGES) == backend.render(MESSAGES)
    assert hosted.tokenize("int x;") == backend.tokenize("int x;")
    ids = list(remote[0].token_ids)
    assert hosted.pieces(ids) == backend.pieces(ids)  # token text for the hints' log-probs
    assert b"".join(backend.pieces(ids)).decode("utf-8", "replace") == remote[0].text
    assert hosted.info.path == backend.info.path and hosted.n_parallel == 4


@pytest.mark.parametrize(
    ("mode", "sig", "words"),
    [("segv", "SIGSEGV", "Segmentation fault"), ("abort", "SIGABRT", "Abort")],
)
def test_a_crash_mid_generation_is_a_clear_error_and_the_next_request_restarts(
    hosted, monkeypatch, tmp_path, mode, sig, words
):
    monkeypatch.setenv(CRASH_ENV, mode)
    monkeypatch.setenv(CRASH_ONCE_ENV, str(tmp_path / "crashed-once"))
    first_pid = hosted.pid
    hosted.close()  # the next host inherits the crash hook from this environment
    with pytest.raises(ModelCrashed) as err:
        hosted.generate(MESSAGES, n=2, params=PARAMS)
    e = err.value
    assert (e.signal, e.exit_code) == (sig, -getattr(signal, sig))
    assert f"killed by {sig} ({words}" in str(e) and "while running generate" in str(e)
    assert hosted.info.path in str(e) and "restarted on the next request" in str(e)
    assert "last llama.cpp log:" in str(e) and e.log  # the host forwarded its llama.cpp log
    assert hosted.pid is None and not _alive(first_pid)
    out = hosted.generate(MESSAGES, n=2, params=PARAMS)  # restarted; the hook fired once only
    assert len(out) == 2 and all(c.token_ids for c in out)
    assert hosted.restarts == 2 and hosted.crashes == 0  # close() + crash: two fresh hosts


def test_repeated_crashes_keep_the_host_down_and_say_so_once(embedded_path, monkeypatch, caplog):
    monkeypatch.setenv(CRASH_ENV, "segv")
    b = HostedBackend(ModelConfig(model=embedded_path, n_parallel=2), max_crashes=2, backoff_s=0.0)
    try:
        for _ in range(2):
            with pytest.raises(ModelCrashed):
                b.generate(MESSAGES, n=1, params=PARAMS)
        with caplog.at_level(logging.ERROR, logger="models.host"):
            for _ in range(3):
                with pytest.raises(ModelHostDown, match="crashed 2 times in a row and stays down"):
                    b.generate(MESSAGES, n=1, params=PARAMS)
        assert len([r for r in caplog.records if "stays down" in r.message]) == 1
        assert b.pid is None
    finally:
        b.close()


def test_cancel_stops_the_generation_and_the_host_keeps_serving(hosted):
    cancel = threading.Event()
    cancel.set()
    out = hosted.generate(MESSAGES, n=3, params=PARAMS, cancel=cancel)
    assert [c.finish_reason for c in out] == ["cancelled"] * 3
    pid = hosted.pid
    # Cancelled while decoding: the host stops between decode steps and answers.
    cancel = threading.Event()
    timer = threading.Timer(0.2, cancel.set)
    timer.start()
    long = SamplingParams(seed=1, max_tokens=4000 // 4, temperature=0.8, ignore_eos=True)
    out = hosted.generate(MESSAGES, n=3, params=long, cancel=cancel)
    timer.join()
    assert "cancelled" in {c.finish_reason for c in out} and hosted.pid == pid


class _SetOnceAsked(threading.Event):
    """Not set when the request starts (it is sent to the host), set from the next check on."""

    def __init__(self) -> None:
        super().__init__()
        self.checks = 0

    def is_set(self) -> bool:
        self.checks += 1
        if self.checks > 1:
            self.set()
        return super().is_set()


def test_a_host_that_does_not_answer_a_cancel_is_killed_and_restarted(embedded_path):
    b = HostedBackend(ModelConfig(model=embedded_path, n_parallel=2), cancel_grace_s=0.5)
    try:
        pid = b.pid
        cancel = _SetOnceAsked()
        os.kill(pid, signal.SIGSTOP)  # a host stuck in native code: it reads nothing any more
        out = b.generate(MESSAGES, n=2, params=PARAMS, cancel=cancel)
        assert [c.finish_reason for c in out] == ["cancelled", "cancelled"]
        assert b.pid is None and _gone_within(pid, 10)
        assert b.generate(MESSAGES, n=1, params=PARAMS)[0].token_ids and b.pid != pid
        assert b.crashes == 0  # a kill on cancel is not a crash
    finally:
        b.close()


def test_load_errors_keep_their_type_and_path(tmp_path):
    bad = tmp_path / "bad.gguf"
    bad.write_bytes(b"not a gguf file at all\n" * 4)
    with pytest.raises(NotAGGUF) as err:
        HostedBackend(ModelConfig(model=str(bad)))
    assert err.value.path == str(bad) and str(bad) in str(err.value)


def test_close_and_the_parents_death_leave_no_host(embedded_path, hosted):
    pid = hosted.pid
    hosted.close()
    assert hosted.pid is None and _gone_within(pid, 10)
    # A parent killed with SIGKILL (no atexit, no close): its host sees EOF and exits.
    script = textwrap.dedent(
        f"""
        import sys, time
        from models.api import ModelConfig
        from models.host import HostedBackend
        b = HostedBackend(ModelConfig(model={embedded_path!r}, n_parallel=1))
        print(b.pid, flush=True)
        time.sleep(600)
        """
    )
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    try:
        host_pid = int(parent.stdout.readline())
        assert _alive(host_pid)
        parent.kill()
        parent.wait()
        assert _gone_within(host_pid, 20), "the model host outlived its parent"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()


def test_load_backend_returns_the_hosted_model_by_default(embedded_path, xdg, monkeypatch):
    from models import load_backend

    monkeypatch.delenv("CDOCTEST_MODEL_HOST", raising=False)
    b = load_backend(ModelConfig(model=embedded_path, n_ctx=1024, n_parallel=1))
    try:
        assert isinstance(b, HostedBackend) and b.pid is not None and b.n_ctx == 1024
        assert load_backend(ModelConfig(model=embedded_path, n_ctx=1024, n_parallel=1)) is b
    finally:
        b.close()
