"""``cdoctest-lsp`` entry point: --version, and --tcp on 127.0.0.1 answering ``initialize``."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time

import pytest

from server.lsp.cli import main

from .conftest import ROOT, server_env


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    """``--version`` prints the version and returns 0."""
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("cdoctest-lsp ")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _message(body: dict) -> bytes:
    data = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


@pytest.mark.lsp
def test_tcp_serves_initialize_on_localhost(tmp_path) -> None:
    """``--tcp`` serves on 127.0.0.1, logs to ``--log-file``, prints nothing on stdout."""
    port = _free_port()
    log = tmp_path / "server.log"
    proc = subprocess.Popen(
        [sys.executable, "-m", "server.lsp", "--tcp", str(port), "--log-file", str(log), "-v"],
        cwd=ROOT,
        env=server_env(),
        stdout=subprocess.PIPE,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                conn = socket.create_connection(("127.0.0.1", port), timeout=30)
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.1)
        with conn:
            conn.sendall(
                _message(
                    {
                        "jsonrpc": "2.0",
                        "id": 1,
                        "method": "initialize",
                        "params": {"processId": os.getpid(), "rootUri": None, "capabilities": {}},
                    }
                )
            )
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(65536)
            head, _, rest = data.partition(b"\r\n\r\n")
            headers = dict(line.split(b": ", 1) for line in head.split(b"\r\n"))
            length = int(headers[b"Content-Length"])
            while len(rest) < length:
                rest += conn.recv(65536)
            reply = json.loads(rest[:length])
            caps = reply["result"]["capabilities"]
            assert caps["codeActionProvider"]["resolveProvider"] is True
            assert caps["codeActionProvider"]["codeActionKinds"] == [
                "refactor.rewrite.generateTests.cdoctest",
                "source.generateTests.cdoctest",
            ]
            assert set(caps["executeCommandProvider"]["commands"]) == {
                "cdoctest.server.generate",
                "cdoctest.server.runTests",
            }
            conn.sendall(_message({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}))
            conn.sendall(_message({"jsonrpc": "2.0", "method": "exit"}))
    finally:
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert (
        proc.stdout is not None and proc.stdout.read() == b""
    )  # nothing but JSON-RPC, and that went to TCP
    assert "initialize" in log.read_text().lower()
