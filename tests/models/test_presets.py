"""Preset registry and fetching through huggingface_hub against a local fake hub (no internet)."""

from __future__ import annotations

import hashlib
import http.server
import json
import threading

import pytest

from models import presets
from models.errors import ChecksumMismatch, OfflineError, PresetError
from models.presets import Preset

PAYLOAD = b"GGUF" + bytes(range(256)) * 64  # 16 KiB + 4 bytes; the content does not matter here
SHA = hashlib.sha256(PAYLOAD).hexdigest()
COMMIT = "0123456789abcdef0123456789abcdef01234567"


class FakeHub(http.server.BaseHTTPRequestHandler):
    """The two requests hf_hub_download makes: HEAD, then GET /{repo}/resolve/{revision}/{file}."""

    files: dict[str, tuple[bytes, str]] = {}  # path -> (content, etag)
    requests: list[str] = []

    def _lookup(self):
        FakeHub.requests.append(f"{self.command} {self.path}")
        return FakeHub.files.get(self.path.split("?")[0])

    def _headers(self, entry):
        content, etag = entry
        self.send_response(200)
        self.send_header("Content-Length", str(len(content)))
        self.send_header("X-Repo-Commit", COMMIT)
        self.send_header("X-Linked-Etag", f'"{etag}"')
        self.send_header("X-Linked-Size", str(len(content)))
        self.send_header("ETag", f'"{etag}"')
        self.end_headers()

    def do_HEAD(self):  # noqa: N802 - http.server naming
        entry = self._lookup()
        if entry is None:
            self.send_error(404)
            return
        self._headers(entry)

    def do_GET(self):  # noqa: N802
        entry = self._lookup()
        if entry is None:
            self.send_error(404)
            return
        self._headers(entry)
        self.wfile.write(entry[0])

    def log_message(self, *args):
        pass


@pytest.fixture
def hub():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeHub)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    FakeHub.files = {
        "/acme/tiny-GGUF/resolve/main/tiny.gguf": (PAYLOAD, SHA),
        # served content differs from the sha256 the hub claims (a corrupted mirror)
        "/acme/tiny-GGUF/resolve/main/corrupt.gguf": (PAYLOAD + b"x", SHA),
    }
    FakeHub.requests = []
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    server.server_close()


def _preset(file: str, sha256: str | None) -> Preset:
    return Preset(
        name="tiny",
        repo="acme/tiny-GGUF",
        file=file,
        sha256=sha256,
        context_length=128,
        chat_template="",
    )


def test_registry_has_production_target_and_alternatives():
    table = presets.load_presets()
    assert table["qwen2.5-coder-3b"].file == "Qwen2.5-Coder-3B-Instruct-Q4_K_M.gguf"
    assert table["qwen2.5-coder-3b"].repo == "bartowski/Qwen2.5-Coder-3B-Instruct-GGUF"
    assert table["qwen2.5-coder-3b"].default
    assert {"qwen2.5-coder-1.5b", "qwen2.5-coder-7b", "smollm2-135m"} <= set(table)
    with pytest.raises(PresetError, match="unknown preset 'nope'; known presets: qwen2.5-coder-3b"):
        presets.get_preset("nope")


def test_fetch_downloads_into_cache_and_verifies_pinned_sha(hub, tmp_path, xdg):
    path = presets.fetch(_preset("tiny.gguf", SHA), endpoint=hub, cache_dir=str(tmp_path / "hf"))
    assert open(path, "rb").read() == PAYLOAD
    assert "/snapshots/" in path  # the standard HF cache layout
    assert any(r.startswith("GET /acme/tiny-GGUF/resolve/main/tiny.gguf") for r in FakeHub.requests)
    # cached now: a second fetch works offline and cached_path finds it
    assert (
        presets.fetch(_preset("tiny.gguf", SHA), cache_dir=str(tmp_path / "hf"), offline=True)
        == path
    )
    assert presets.cached_path(_preset("tiny.gguf", SHA), cache_dir=str(tmp_path / "hf")) == path


def test_verify_on_first_download_uses_hub_sha_and_records_it(hub, tmp_path, xdg):
    path = presets.fetch(_preset("tiny.gguf", None), endpoint=hub, cache_dir=str(tmp_path / "hf"))
    record = json.loads((xdg / "data" / "cdoctest-gen" / "preset-digests.json").read_text())
    assert record["acme/tiny-GGUF/tiny.gguf"]["sha256"] == SHA
    assert open(path, "rb").read() == PAYLOAD


def test_pinned_checksum_mismatch_removes_file(hub, tmp_path, xdg):
    wrong = "0" * 64
    with pytest.raises(ChecksumMismatch) as info:
        presets.fetch(_preset("tiny.gguf", wrong), endpoint=hub, cache_dir=str(tmp_path / "hf"))
    assert info.value.expected == wrong and info.value.actual == SHA
    assert presets.cached_path(_preset("tiny.gguf", wrong), cache_dir=str(tmp_path / "hf")) is None


def test_unpinned_mismatch_against_hub_sha_is_caught(hub, tmp_path, xdg):
    with pytest.raises(ChecksumMismatch, match=f"does not match the expected {SHA}"):
        presets.fetch(_preset("corrupt.gguf", None), endpoint=hub, cache_dir=str(tmp_path / "hf"))


def test_offline_message_says_how_to_place_the_file(tmp_path, xdg):
    with pytest.raises(OfflineError) as info:
        presets.fetch(_preset("tiny.gguf", SHA), cache_dir=str(tmp_path / "hf"), offline=True)
    msg = str(info.value)
    assert "not in the local cache" in msg
    assert "--model /path/to/tiny.gguf" in msg and "CDOCTEST_MODEL" in msg
    assert "acme/tiny-GGUF/resolve/main/tiny.gguf" in msg


def test_unreachable_hub_is_an_offline_error(tmp_path, xdg):
    # a port nobody listens on: connection refused, quickly
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    with pytest.raises(OfflineError, match="could not be downloaded"):
        presets.fetch(
            _preset("tiny.gguf", SHA),
            endpoint=f"http://127.0.0.1:{port}",
            cache_dir=str(tmp_path / "hf"),
        )
