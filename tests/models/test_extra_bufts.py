"""The extra-buffer-types rule (llama.cpp weight repacking / AMX): the decision for given CPU flags,
the overrides, and that the setting reaches llama.cpp (the installed binding has the field, the
defaults of llama-cpp-python's ``Llama`` follow the rule, and the load log shows the difference).
"""

from __future__ import annotations

import pytest

from models.api import ModelConfig, SamplingParams
from models.errors import ModelLoadError
from models.llama_backend import EXTRA_BUFTS_ENV, cpu_flags, decide_extra_bufts, extra_bufts

SAPPHIRE_RAPIDS = {"avx2", "avx512f", "avx512_bf16", "amx_bf16", "amx_tile", "amx_int8"}
EPYC = {"avx2", "avx512f", "avx512_bf16", "sha_ni"}  # this machine's kind: AVX-512, no AMX
GRANITE_RAPIDS_TILE_ONLY = {"avx2", "amx_tile"}


@pytest.mark.parametrize(
    ("flags", "setting", "env", "expected"),
    [
        (SAPPHIRE_RAPIDS, None, None, False),  # AMX: off (llama.cpp #20824 segfaults)
        (GRANITE_RAPIDS_TILE_ONLY, None, "auto", False),  # any AMX flag counts
        (EPYC, None, None, True),
        (set(), None, "", True),  # flags unknown (not x86, no /proc): on
        (SAPPHIRE_RAPIDS, None, "1", True),  # the environment overrides the CPU
        (EPYC, None, "off", False),
        (SAPPHIRE_RAPIDS, True, "0", True),  # the setting overrides the environment
        (EPYC, False, "1", False),
    ],
)
def test_decision_for_flag_sets(flags, setting, env, expected):
    on, reason = decide_extra_bufts(frozenset(flags), setting, env)
    assert on is expected
    assert reason.startswith("on: " if expected else "off: ")


def test_decision_says_why():
    assert decide_extra_bufts(SAPPHIRE_RAPIDS)[1] == (
        "off: the CPU has AMX (amx_bf16, amx_int8, amx_tile), whose llama.cpp matmul crashes"
    )
    assert decide_extra_bufts(EPYC, env="0")[1] == f"off: ${EXTRA_BUFTS_ENV}=0"
    with pytest.raises(ValueError, match="must be 0, 1 or auto, not 'maybe'"):
        decide_extra_bufts(EPYC, env="maybe")


def test_cpu_flags_parse_cpuinfo(tmp_path):
    info = tmp_path / "cpuinfo"
    info.write_text(
        "processor\t: 0\nmodel name\t: Intel(R) Xeon(R) Platinum 8480+\n"
        "flags\t\t: fpu avx2 amx_bf16 amx_tile amx_int8\n\nprocessor\t: 1\nflags\t\t: fpu\n"
    )
    assert cpu_flags(str(info)) == {"fpu", "avx2", "amx_bf16", "amx_tile", "amx_int8"}
    assert "fpu" in cpu_flags()  # this machine's own /proc/cpuinfo (x86)


def test_environment_is_read_and_a_bad_value_is_a_clear_error(monkeypatch):
    monkeypatch.setenv(EXTRA_BUFTS_ENV, "0")
    assert extra_bufts() == (False, f"off: ${EXTRA_BUFTS_ENV}=0")
    assert extra_bufts(True)[0] is True
    monkeypatch.setenv(EXTRA_BUFTS_ENV, "sometimes")
    with pytest.raises(ModelLoadError, match=EXTRA_BUFTS_ENV):
        extra_bufts()


@pytest.mark.model
def test_the_binding_has_the_field_and_llama_defaults_follow_the_rule(embedded_path):
    from models.llama_backend import llama_cpp_module

    L = llama_cpp_module()
    assert "use_extra_bufts" in dict(L.llama_model_params._fields_)
    expected = extra_bufts()[0]
    import llama_cpp.llama_cpp as low

    assert low.llama_model_default_params().use_extra_bufts is expected
    assert L.llama_model_default_params().use_extra_bufts is expected  # what Llama() uses


@pytest.mark.model
def test_the_setting_reaches_llama_cpp(embedded_path):
    """With extra buffer types llama.cpp considers its CPU_REPACK buffer; without, it never does."""
    from models import llama_backend as lb

    for on in (True, False):
        lines: list[str] = []
        lb.llama_cpp_module()
        lb.set_log_sink(lambda _level, text, lines=lines: lines.append(text))
        try:
            with lb.LlamaBackend(ModelConfig(model=embedded_path, n_ctx=512, extra_bufts=on)) as b:
                assert b.extra_bufts is on and b.extra_bufts_reason.endswith(
                    "ModelConfig.extra_bufts"
                )
                prompt = b.tokenize("int add(int a, int b)")
                out = b.generate_tokens(prompt, 1, SamplingParams(max_tokens=4))
                assert out[0].token_ids
        finally:
            lb.set_log_sink(None)
        assert any("CPU_REPACK" in ln for ln in lines) is on, "".join(lines)[-2000:]
