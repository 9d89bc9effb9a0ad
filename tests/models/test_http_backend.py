"""The OpenAI-compatible HTTP backend against a local server wrapping the real embedded model."""

from __future__ import annotations

import http.server
import json
import threading
import time

import pytest

from models.api import Backend, ModelConfig, SamplingParams
from models.errors import RemoteError
from models.http_backend import HttpBackend

pytestmark = pytest.mark.model

MESSAGES = [{"role": "user", "content": "Show a call of int add(int, int)."}]


class Handler(http.server.BaseHTTPRequestHandler):
    """``POST /v1/chat/completions`` served by the llama backend; behaviour switches per test."""

    backend = None
    ignore_n = False  # like llama.cpp's server: always one choice
    delay_s = 0.0
    bodies: list[dict] = []

    def do_POST(self):  # noqa: N802 - http.server naming
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        Handler.bodies.append(body)
        if self.path != "/v1/chat/completions":
            self.send_error(404, "no such route")
            return
        if Handler.delay_s:
            time.sleep(Handler.delay_s)
        params = SamplingParams(
            temperature=body["temperature"],
            top_p=body["top_p"],
            top_k=body["top_k"],
            min_p=body["min_p"],
            max_tokens=body["max_tokens"],
            seed=body.get("seed"),
            stop=tuple(body.get("stop", ())),
            grammar=body.get("grammar"),
            logprobs=bool(body.get("logprobs")),
        )
        n = 1 if Handler.ignore_n else body["n"]
        out = Handler.backend.generate(body["messages"], n=n, params=params)
        choices = [
            {
                "index": i,
                "message": {"role": "assistant", "content": c.text},
                "finish_reason": c.finish_reason,
                "logprobs": {
                    "content": [{"token": "", "logprob": lp} for lp in (c.logprobs or ())]
                },
            }
            for i, c in enumerate(out)
        ]
        data = json.dumps({"object": "chat.completion", "choices": choices}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass


@pytest.fixture
def server(backend):
    Handler.backend, Handler.ignore_n, Handler.delay_s, Handler.bodies = backend, False, 0.0, []
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    srv.daemon_threads = False  # server_close() waits for handlers still using the model
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()
    srv.server_close()


def test_n_candidates_in_one_request_match_the_local_backend(server, backend):
    client = HttpBackend(ModelConfig(url=server + "/v1", api_model="smol"))
    assert isinstance(client, Backend)
    assert (client.info.device, client.info.path) == ("remote", server + "/v1")
    params = SamplingParams(
        seed=21, max_tokens=12, logprobs=True, grammar='root ::= ">>> " [a-z(),0-9 ]+ "\\n"'
    )
    got = client.generate(MESSAGES, n=3, params=params)
    assert len(Handler.bodies) == 1
    body = Handler.bodies[0]
    assert (body["n"], body["seed"], body["model"], body["grammar"]) == (
        3,
        21,
        "smol",
        params.grammar,
    )
    local = backend.generate(MESSAGES, n=3, params=params)
    assert [c.text for c in got] == [c.text for c in local]
    assert [len(c.logprobs) for c in got] == [len(c.token_ids) for c in local]
    assert all(c.text.startswith(">>> ") for c in got)


def test_server_ignoring_n_gets_sequential_requests_with_seed_plus_i(server, backend):
    Handler.ignore_n = True
    client = HttpBackend(ModelConfig(url=server))  # base URL without /v1 works too
    params = SamplingParams(seed=100, max_tokens=8)
    got = client.generate(MESSAGES, n=3, params=params)
    assert [(b["n"], b["seed"]) for b in Handler.bodies] == [(3, 100), (2, 101), (1, 102)]
    singles = [
        backend.generate(MESSAGES, n=1, params=SamplingParams(seed=s, max_tokens=8))[0].text
        for s in (100, 101, 102)
    ]
    assert [c.text for c in got] == singles


def test_cancel_returns_promptly(server):
    Handler.delay_s = 2.0
    client = HttpBackend(ModelConfig(url=server))
    cancel = threading.Event()
    threading.Timer(0.3, cancel.set).start()
    t0 = time.monotonic()
    got = client.generate(MESSAGES, n=2, params=SamplingParams(max_tokens=1), cancel=cancel)
    assert time.monotonic() - t0 < 1.5  # the server would have answered after 2 s
    assert [c.finish_reason for c in got] == ["cancelled", "cancelled"]


def test_errors_name_the_url(server):
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    tiny = SamplingParams(max_tokens=1)
    with pytest.raises(RemoteError, match=f"http://127.0.0.1:{port} .*cannot reach the server"):
        HttpBackend(ModelConfig(url=f"http://127.0.0.1:{port}")).generate(MESSAGES, params=tiny)
    with pytest.raises(RemoteError, match="HTTP 404"):
        HttpBackend(ModelConfig(url=server + "/api")).generate(MESSAGES, params=tiny)
    Handler.delay_s = 1.5
    with pytest.raises(RemoteError, match="no reply within 0.5 s"):
        HttpBackend(ModelConfig(url=server), timeout_s=0.5).generate(MESSAGES, params=tiny)
    with pytest.raises(RemoteError, match="not an http"):
        HttpBackend(ModelConfig(url="ftp://example"))


def test_load_backend_selects_http_by_url(server, xdg):
    from models import load_backend

    b = load_backend(ModelConfig(url=server))
    assert isinstance(b, HttpBackend) and b.info.source == "http"
