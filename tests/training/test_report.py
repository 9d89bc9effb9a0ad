"""``cdoctest-train report``: the HTML dashboard, rendered in headless Chromium.

The page is generated from (a) a small synthetic run directory whose files follow the documented
schema exactly (docs/training.md "Run directory"; hand-checkable numbers) and (b) a real one-step
GRPO run of the embedded model scored by the real cdoctest reward (clang-repl). Each page is
loaded in headless Chromium driven over the DevTools protocol (a tiny stdlib WebSocket client
below; no browser download): no console errors or uncaught exceptions, the DOM holds the charts,
the validation table and one card per trace, hovering a token shows both log-probs, and the
screenshot is a non-empty PNG with non-uniform pixels. A page with a deliberate error proves the
error detection can fail.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request
import zlib
from pathlib import Path

import pytest

from training.report import ReportError, load_run, render_html, write_report

CHROMIUM = next(
    (
        p
        for p in (shutil.which("chromium"), shutil.which("chromium-browser"), "/usr/bin/chromium")
        if p and os.path.exists(p)
    ),
    None,
)
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium not installed (apt-get install chromium)"
)


# --------------------------------------------------------------------------- a synthetic run


def synthetic_run(run_dir: Path) -> None:
    """Three steps of metrics, two traces per step, one eval report (docs/training.md schema)."""
    run_dir.mkdir(parents=True)
    (run_dir / "config.yaml").write_text("steps: 3\ngroup_size: 2\nbeta: 0.04\n")
    with open(run_dir / "metrics.jsonl", "w") as f:
        for step in range(3):
            rec = {
                "step": step,
                "iteration": 0,
                "reward": 0.5 + 0.25 * step,
                "reward_std": 0.1,
                "reward/format": 1.0,
                "reward/compiles": 0.5 + 0.25 * step,
                "reward/correctness": 0.25 * step,
                "reward/strength": 0.0,
                "reward/reasoning": 0.5,
                "advantage_mean": 0.0,
                "advantage_std": 1.0,
                "advantage_min": -0.7,
                "advantage_max": 0.7,
                "zero_std_groups": 0.0,
                "loss": 0.1 - 0.05 * step,
                "losses": [0.1 - 0.05 * step],
                "policy_loss": 0.09 - 0.05 * step,
                "kl": 0.001 * step,
                "clip_low": 0.0,
                "clip_high": 0.01 * step,
                "ratio_mean": 1.0,
                "ratio_min": 0.9,
                "ratio_max": 1.1,
                "grad_norm": float("nan")
                if step == 1
                else 2.0,  # a non-finite value must not break the page
                "lr": 1e-5,
                "skipped_updates": int(step == 1),
                "completion_tokens": 12,
                "completion_length": 6.0,
                "truncated": 0.0,
                "tokens_per_s": 3.0,
                "seconds": {"rollout": 1.0, "reward": 0.5, "logprobs": 0.1, "update": 0.4},
                "seconds_total": 2.0,
                "ref_refreshed": False,
                "peak_rss_mb": 900.0,
            }
            f.write(json.dumps(rec) + "\n")
    with open(run_dir / "traces.jsonl", "w") as f:
        for step in range(3):
            for g in range(2):
                f.write(
                    json.dumps(
                        {
                            "step": step,
                            "item": "tiny-fac",
                            "group": 0,
                            # must not end the data <script>:
                            "text": ">>> fac(3)\n6\n</script><!--",
                            "token_ids": [10, 11, 12, 13],
                            "tokens": [">>>", " fac(3)", "\n6\n", "</script><!--"],
                            "logprobs": [-0.1, -1.5, -3.0, -0.01],
                            "old_logprobs": None,
                            "ref_logprobs": [-0.2, -1.0, -4.0, -0.02],
                            "advantage": 0.7 if g == 0 else -0.7,
                            "truncated": False,
                            "reward": {
                                "total": 1.5,
                                "format": 1.0,
                                "compiles": 1.0,
                                "correctness": 1.0,
                                "strength": 0.0,
                                "reasoning": 0.0,
                                "n_examples": 1,
                                "outcomes": ["passed" if g == 0 else "failed"],
                                "note": "",
                                "examples": [
                                    {
                                        "source": "fac(3)\n",
                                        "want": "6\n",
                                        "got": "6\n" if g == 0 else "7\n",
                                        "outcome": "passed" if g == 0 else "failed",
                                    }
                                ],
                            },
                        }
                    )
                    + "\n"
                )
    (run_dir / "eval-after.json").write_text(
        json.dumps(
            {
                "model": "embedded",
                "split": "val",
                "n": 3,
                "overall": {
                    "n": 3,
                    "format": 1.0,
                    "compiles": 0.67,
                    "correctness": 0.33,
                    "strength": 0.0,
                    "reasoning": 0.0,
                    "pass": 0.33,
                },
                "by_category": {
                    "recursion": {
                        "n": 2,
                        "format": 1.0,
                        "compiles": 0.5,
                        "correctness": 0.5,
                        "strength": 0.0,
                        "reasoning": 0.0,
                        "pass": 0.5,
                    },
                    "arithmetic": {
                        "n": 1,
                        "format": 1.0,
                        "compiles": 1.0,
                        "correctness": 0.0,
                        "strength": 0.0,
                        "reasoning": 0.0,
                        "pass": 0.0,
                    },
                },
                "items": [],
            }
        )
    )


def test_load_run_reads_schema_and_sanitises(tmp_path):
    """The data of the page: every step, every trace, the eval report; NaN becomes null."""
    synthetic_run(tmp_path / "run")
    data = load_run(tmp_path / "run")
    assert [m["step"] for m in data["metrics"]] == [0, 1, 2]
    assert data["metrics"][1]["grad_norm"] is None and data["metrics"][2]["grad_norm"] == 2.0
    assert len(data["traces"]) == 6
    assert list(data["evals"]) == ["eval-after"]
    assert data["evals"]["eval-after"]["by_category"]["recursion"]["pass"] == 0.5
    page = render_html(data)
    assert "</script><!--" not in page.split('<script id="data"', 1)[1].split("</script>", 1)[0]
    assert "http://" not in page.replace("http://www.w3.org/2000/svg", "")  # nothing remote
    assert "https://" not in page


def test_missing_metrics_is_a_typed_error(tmp_path):
    with pytest.raises(ReportError, match="no metrics.jsonl"):
        load_run(tmp_path)
    (tmp_path / "metrics.jsonl").write_text('{"step": 0}\nnot json\n')
    with pytest.raises(ReportError, match="metrics.jsonl:2"):
        load_run(tmp_path)


def test_cli_writes_report(tmp_path):
    from training.cli import main

    synthetic_run(tmp_path / "run")
    assert main(["report", str(tmp_path / "run"), "--out", str(tmp_path / "r.html")]) == 0
    assert (tmp_path / "r.html").stat().st_size > 5000
    assert main(["report", str(tmp_path / "nothing")]) == 2


# --------------------------------------------------------------------------- headless Chromium


class CDP:
    """A minimal Chrome DevTools Protocol client over a stdlib WebSocket (text frames only)."""

    def __init__(self, ws_url: str, timeout: float = 30.0) -> None:
        host_port, path = ws_url[len("ws://") :].split("/", 1)
        host, port = host_port.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        assert b" 101 " in head.split(b"\r\n", 1)[0], head
        self.next_id, self.events = 0, []

    def _recv_exact(self, n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("devtools socket closed")
            buf += chunk
        return buf

    def _recv_message(self) -> dict:
        payload = b""
        while True:
            b0, b1 = self._recv_exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._recv_exact(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._recv_exact(8))[0]
            payload += self._recv_exact(n)
            if b0 & 0x80:  # FIN
                return json.loads(payload)

    def call(self, method: str, **params) -> dict:
        self.next_id += 1
        data = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        n = len(data)
        header += (
            bytes([0x80 | n])
            if n < 126
            else (
                bytes([0x80 | 126]) + struct.pack(">H", n)
                if n < 65536
                else bytes([0x80 | 127]) + struct.pack(">Q", n)
            )
        )
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))
        while True:
            msg = self._recv_message()
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)

    def evaluate(self, expression: str):
        res = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in res:
            raise RuntimeError(res["exceptionDetails"])
        return res["result"].get("value")

    def close(self) -> None:
        self.sock.close()


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for the module, with its DevTools endpoint."""
    if CHROMIUM is None:
        pytest.skip("chromium not installed (apt-get install chromium)")
    profile = tempfile.mkdtemp(prefix="cdt-chromium-")
    proc = subprocess.Popen(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            f"--user-data-dir={profile}",
            "--remote-debugging-port=0",
            "--window-size=1280,1600",
            "about:blank",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    port_file = Path(profile) / "DevToolsActivePort"
    deadline = time.monotonic() + 60
    while not (port_file.is_file() and port_file.read_text().strip()):
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail(f"chromium did not start (exit {proc.poll()})")
        time.sleep(0.1)
    port = int(port_file.read_text().split()[0])
    yield port
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
    shutil.rmtree(profile, ignore_errors=True)


def render(port: int, page: Path, shot: Path) -> tuple[CDP, list[str]]:
    """Open ``page`` in a new tab; returns the client and the console errors/exceptions seen."""
    req = urllib.request.Request(f"http://127.0.0.1:{port}/json/new?about:blank", method="PUT")
    target = json.loads(urllib.request.urlopen(req, timeout=30).read())
    cdp = CDP(target["webSocketDebuggerUrl"])
    for domain in ("Page", "Runtime", "Log"):
        cdp.call(f"{domain}.enable")
    cdp.call("Page.navigate", url=page.as_uri())
    deadline = time.monotonic() + 30
    while cdp.evaluate("document.readyState") != "complete":
        assert time.monotonic() < deadline, "page did not load"
        time.sleep(0.1)
    cdp.evaluate("1")  # drain events emitted while loading
    shot.write_bytes(base64.b64decode(cdp.call("Page.captureScreenshot", format="png")["data"]))
    errors = []
    for ev in cdp.events:
        method, params = ev.get("method"), ev.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params["exceptionDetails"]
            errors.append(
                f"{details.get('exception', {}).get('description') or details.get('text')}"
                f" at line {details.get('lineNumber')}:{details.get('columnNumber')}"
            )
        elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
            errors.append(json.dumps(params.get("args"))[:400])
        elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
            errors.append(params["entry"].get("text", "")[:400])
    return cdp, errors


def png_stats(path: Path) -> tuple[int, int, int]:
    """(width, height, number of distinct pixel rows) of an 8-bit RGB/RGBA PNG (stdlib decoder)."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos : pos + 8])
        body = data[pos + 8 : pos + 8 + n]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev, distinct = bytearray(stride), set()
    for y in range(height):
        f, line = (
            raw[y * (stride + 1)],
            bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)]),
        )
        for i in range(stride):  # undo the PNG filters
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 0xFF
            elif f == 2:
                line[i] = (line[i] + b) & 0xFF
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        prev = line
        distinct.add(bytes(line))
    return width, height, len(distinct)


def check_page(port: int, page: Path, shot: Path, n_traces: int, with_ref: bool) -> CDP:
    cdp, errors = render(port, page, shot)
    assert errors == [], errors
    assert cdp.evaluate("document.querySelectorAll('#charts .chart svg path').length") >= 8
    assert cdp.evaluate("document.querySelectorAll('.trace').length") == n_traces
    tok = cdp.evaluate(
        "(() => { const s = document.querySelector('.toks span'); const r = "
        "s.getBoundingClientRect();"
        " return [r.x + r.width / 2, r.y + r.height / 2, s.dataset.tuned, s.dataset.ref]; })()"
    )
    cdp.call("Input.dispatchMouseEvent", type="mouseMoved", x=tok[0], y=tok[1])
    tip = cdp.evaluate("document.getElementById('tip').textContent")
    assert f"tuned {tok[2]}" in tip and "reference" in tip
    if with_ref:
        assert tok[3] != "n/a" and f"reference {tok[3]}" in tip
    w, h, distinct_rows = png_stats(shot)
    assert w > 500 and h > 500 and distinct_rows > 50
    return cdp


@needs_chromium
def test_synthetic_report_renders_in_chromium(browser, tmp_path):
    """Charts, the validation table, 2 traces of the last step with both log-probs on hover."""
    synthetic_run(tmp_path / "run")
    page = write_report(tmp_path / "run")
    cdp = check_page(browser, page, tmp_path / "synthetic.png", n_traces=2, with_ref=True)
    try:
        cells = cdp.evaluate("[...document.querySelectorAll('#evals td')].map(t => t.textContent)")
        assert cells[:2] == ["arithmetic", "1"] and "recursion" in cells and "all" in cells
        rows = cdp.evaluate("[...document.querySelectorAll('.ex tr')].map(r => r.textContent)")
        assert "fac(3)67failed" in rows and "fac(3)66passed" in rows  # actual vs expected
        # the hostile token text is shown as text, not markup
        assert (
            cdp.evaluate("document.querySelectorAll('.toks span')[3].textContent")
            == "</script><!--"
        )
        # choosing another step redraws its traces
        cdp.evaluate(
            "const s = document.getElementById('step'); s.value = '0';"
            " s.dispatchEvent(new Event('change'))"
        )
        assert cdp.evaluate("document.querySelectorAll('.trace').length") == 2
    finally:
        cdp.close()
    shutil.copy(tmp_path / "synthetic.png", "/tmp/cdt-report-synthetic.png")


@needs_chromium
def test_console_error_detection_can_fail(browser, tmp_path):
    page = tmp_path / "broken.html"
    page.write_text(
        "<html><body><p>x</p><script>console.error('boom'); undefinedName();</script></body></html>"
    )
    cdp, errors = render(browser, page, tmp_path / "broken.png")
    cdp.close()
    assert len(errors) == 2 and "boom" in errors[0] and "undefinedName" in errors[1]


@needs_chromium
@pytest.mark.train
@pytest.mark.model
@pytest.mark.clang
def test_real_tiny_run_report_renders(browser, tmp_path, embedded_policy, tiny_items, to_target):
    """One GRPO step of the embedded model with the real cdoctest reward, then its report."""
    import copy

    from cdoctest_runner.errors import ToolchainNotFound
    from cdoctest_runner.toolchain import find_clang_repl

    try:
        find_clang_repl()
    except ToolchainNotFound as exc:
        pytest.skip(str(exc))
    from training.grpo import build_state, train

    from .tiny import tiny_grpo_config

    cfg = tiny_grpo_config(
        str(tmp_path / "run"),
        steps=1,
        max_completion_tokens=16,
        learning_rate=1e-6,
        steps_per_iteration=10,
        seed=5,
        mutants=0,
        rewards={"strength": 0.0},
    )
    import torch

    model, tokenizer = embedded_policy
    state = build_state(cfg, tiny_items[1:2], copy.deepcopy(model), tokenizer)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # on a loaded 2-core machine 2 intra-op threads stall generate()
    try:
        train(cfg, items=tiny_items[1:2], to_target=to_target, state=state, progress=False)
    finally:
        torch.set_num_threads(threads)
    traces = [json.loads(x) for x in (tmp_path / "run" / "traces.jsonl").read_text().splitlines()]
    assert len(traces) == 2 and all(t["ref_logprobs"] for t in traces)
    page = write_report(tmp_path / "run")
    data = load_run(tmp_path / "run")
    # token text decoded from the checkpoint's tokenizer concatenates back to the completion
    for t in data["traces"]:
        assert "".join(t["tokens"]).startswith(t["text"].strip()[:10])
    cdp = check_page(browser, page, tmp_path / "real.png", n_traces=2, with_ref=True)
    cdp.close()
    shutil.copy(tmp_path / "real.png", "/tmp/cdt-report-real.png")
