"""A long-lived generator (the language server's) follows the model resolution.

A model installed or rolled back by ``cdoctest-train`` since the last load replaces the loaded one,
whose model host is stopped. No model is loaded here: ``load_backend`` is replaced by a recorder.
"""

from __future__ import annotations

import models
from models import resolve_model
from models.api import ModelConfig
from models.host import HostedBackend
from models.paths import embedded_model_path
from server.generate.generator import Generator


class _Recorded(HostedBackend):
    """A hosted backend that never starts a process; it records whether it was stopped."""

    def __init__(self, info) -> None:  # noqa: ANN001
        self.info = info
        self.closed = False

    def close(self) -> None:
        self.closed = True


def test_generator_follows_a_changed_resolution(tmp_path, monkeypatch):
    loads: list[_Recorded] = []

    def load_backend(config: ModelConfig) -> _Recorded:
        loads.append(_Recorded(resolve_model(config)))
        return loads[-1]

    monkeypatch.setattr(models, "load_backend", load_backend)
    trained = tmp_path / "trained.gguf"
    trained.write_bytes(b"GGUF")  # never loaded: resolution looks at the path only
    trained = str(trained)
    monkeypatch.setenv("CDOCTEST_MODEL", trained)
    gen = Generator()

    first = gen.backend
    assert gen.backend is first and len(loads) == 1  # unchanged resolution: kept warm
    assert first.info.path == trained

    monkeypatch.delenv("CDOCTEST_MODEL")  # e.g. `cdoctest-train rollback` to the default
    second = gen.backend
    assert first.closed, "the old model host must be stopped so its memory is freed"
    assert second is not first and second.info.path == resolve_model().path != trained
    assert gen.model_info()[0].startswith(second.info.name)


def test_a_backend_passed_in_is_never_replaced(monkeypatch):
    given = _Recorded(resolve_model(ModelConfig(model=embedded_model_path())))
    monkeypatch.setattr(models, "load_backend", lambda config: None)
    gen = Generator(model_config=ModelConfig(model="/elsewhere.gguf"), backend=given)
    assert gen.backend is given and not given.closed
