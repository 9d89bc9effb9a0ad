"""OpenAI-compatible HTTP backend (llama.cpp's ``llama-server``, Ollama, vLLM) as a ``Backend``.

Contract:

- ``POST {url}/v1/chat/completions`` (``url`` may already end in ``/v1``) with ``messages``,
  ``n``, ``temperature``, ``top_p``, ``top_k``, ``min_p``, ``repeat_penalty``, ``max_tokens``,
  ``seed``, ``stop``, ``grammar`` (llama.cpp server's GBNF field; other servers ignore it) and
  ``logprobs`` (per-token log-probs are read from ``choices[i].logprobs.content[j].logprob``).
- Servers that ignore ``n`` (llama.cpp's server returns one choice) get the remaining candidates
  by sequential requests, with ``seed + i`` for candidate i when a seed is given.
- Standard library only (``http.client``). ``timeout_s`` bounds each request; ``cancel`` is
  polled while a request is in flight and shuts the socket down, so ``generate`` returns within
  ~0.1 s with finish_reason ``cancelled``.
- Failures (unreachable, timeout, HTTP status >= 400, malformed JSON) raise :class:`RemoteError`
  with the URL and the reason. ``token_ids`` stay empty (servers return text).
"""

from __future__ import annotations

import http.client
import json
import socket
import threading
import urllib.parse
from typing import Any, TypedDict

from models.api import (
    DEFAULT_SAMPLING,
    Completion,
    FinishReason,
    Message,
    ModelConfig,
    ModelInfo,
    SamplingParams,
)
from models.errors import RemoteError

DEFAULT_TIMEOUT_S = 120.0


class _Reply(TypedDict, total=False):
    """What the request thread hands back: the HTTP status and body, or what it raised."""

    status: int
    data: bytes
    error: BaseException


class HttpBackend:
    """Client of an OpenAI-compatible ``/v1/chat/completions`` endpoint."""

    def __init__(
        self, config: ModelConfig, info: ModelInfo | None = None, *, timeout_s: float | None = None
    ) -> None:
        if not config.url:
            raise RemoteError("no URL configured for the HTTP backend")
        parsed = urllib.parse.urlsplit(config.url)
        if parsed.scheme not in ("http", "https") or not parsed.hostname:
            raise RemoteError(f"{config.url}: not an http(s) URL")
        self.url = config.url
        self._scheme = parsed.scheme
        self._host = parsed.hostname
        self._port = parsed.port
        base = parsed.path.rstrip("/")
        self._path = (base if base.endswith("/v1") else base + "/v1") + "/chat/completions"
        self.api_model = config.api_model or config.extra.get("api_model", "default")
        self.api_key = config.extra.get("api_key")
        self.timeout_s = timeout_s or float(config.extra.get("timeout_s", DEFAULT_TIMEOUT_S))
        self.info = info or ModelInfo(
            path=config.url,
            source="http",
            reason="a server URL is configured",
            device="remote",
            name=self.api_model,
        )
        if self.info.device != "remote":
            import dataclasses

            self.info = dataclasses.replace(self.info, device="remote")
        self._lock = threading.Lock()

    def close(self) -> None:
        """Nothing to free (connections are per request)."""

    def _body(
        self, messages: list[Message], n: int, params: SamplingParams, seed: int | None
    ) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": self.api_model,
            "messages": messages,
            "n": n,
            "temperature": params.temperature,
            "top_p": params.top_p,
            "top_k": params.top_k,
            "min_p": params.min_p,
            "repeat_penalty": params.repeat_penalty,
            "max_tokens": params.max_tokens,
        }
        if seed is not None:
            body["seed"] = seed
        if params.stop:
            body["stop"] = list(params.stop)
        if params.grammar:
            body["grammar"] = params.grammar
        if params.logprobs:
            body["logprobs"] = True
        return body

    def _post(self, body: dict[str, Any], cancel: threading.Event | None) -> dict[str, Any] | None:
        """POST ``body``; the parsed reply, or None when cancelled."""
        conn_cls = (
            http.client.HTTPSConnection if self._scheme == "https" else http.client.HTTPConnection
        )
        conn = conn_cls(self._host, self._port, timeout=self.timeout_s)
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        result: _Reply = {}

        def work() -> None:
            try:
                conn.request("POST", self._path, body=json.dumps(body).encode(), headers=headers)
                resp = conn.getresponse()
                result["status"] = resp.status
                result["data"] = resp.read()
            except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
                result["error"] = exc

        worker = threading.Thread(target=work, daemon=True)
        worker.start()
        while worker.is_alive():
            if cancel is not None and cancel.wait(0.05):
                try:
                    if conn.sock is not None:
                        conn.sock.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                conn.close()
                worker.join(1.0)
                return None
            worker.join(0.05 if cancel is not None else None)
        conn.close()
        where = f"{self.url} ({self._path})"
        if "error" in result:
            exc = result["error"]
            if isinstance(exc, (socket.timeout, TimeoutError)):
                raise RemoteError(f"{where}: no reply within {self.timeout_s:g} s") from exc
            raise RemoteError(
                f"{where}: cannot reach the server: {type(exc).__name__}: {exc}"
            ) from exc
        text = result.get("data", b"").decode("utf-8", "replace")
        if result.get("status", 0) >= 400:
            raise RemoteError(f"{where}: HTTP {result['status']}: {text[:500]}")
        try:
            reply: dict[str, Any] = json.loads(text)
            reply["choices"]  # noqa: B018 - validate the shape
        except (json.JSONDecodeError, KeyError, TypeError) as exc:
            raise RemoteError(f"{where}: malformed reply: {text[:200]!r}") from exc
        return reply

    @staticmethod
    def _completion(choice: dict[str, Any], want_logprobs: bool) -> Completion:
        message = choice.get("message") or {}
        text = message.get("content") if isinstance(message, dict) else None
        if text is None:
            text = choice.get("text", "")
        reason = choice.get("finish_reason") or "stop"
        finish: FinishReason = "stop" if reason in ("stop", "eos") else "length"
        logprobs = None
        if want_logprobs:
            content = (choice.get("logprobs") or {}).get("content") or []
            logprobs = tuple(float(t["logprob"]) for t in content if "logprob" in t)
        return Completion(text=text, token_ids=(), logprobs=logprobs, finish_reason=finish)

    def generate(
        self,
        messages: list[Message],
        n: int = 1,
        params: SamplingParams = DEFAULT_SAMPLING,
        cancel: threading.Event | None = None,
    ) -> list[Completion]:
        """Return ``n`` completions (see the module docstring)."""
        out: list[Completion] = []
        with self._lock:
            while len(out) < n:
                if cancel is not None and cancel.is_set():
                    break
                i = len(out)
                seed = params.seed + i if params.seed is not None else None
                reply = self._post(self._body(messages, n - i, params, seed), cancel)
                if reply is None:
                    break
                choices = sorted(reply["choices"], key=lambda c: c.get("index", 0))
                if not choices:
                    raise RemoteError(f"{self.url}: the reply has no choices")
                out += [self._completion(c, params.logprobs) for c in choices[: n - i]]
        out += [Completion(text="", finish_reason="cancelled") for _ in range(n - len(out))]
        return out
