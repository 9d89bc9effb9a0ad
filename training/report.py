"""``cdoctest-train report RUN_DIR [--out FILE]``: a self-contained HTML dashboard of a GRPO run.

Contract:

- Input: a run directory in the layout of docs/training.md ("Run directory"): ``metrics.jsonl``
  (one object per step; required), ``traces.jsonl`` (one object per sampled completion; optional),
  ``config.yaml`` (optional) and validation reports: every ``*.json`` file in the run directory (or
  one level below) holding an ``EvalReport`` (``by_category``/``overall`` keys, as written by
  ``cdoctest-train eval --json``), plus any given with ``--eval FILE`` (repeatable; the label is the
  file's stem).
- Output: one HTML file (default ``RUN_DIR/report.html``) with everything inline (data as JSON,
  hand-written JavaScript drawing SVG charts, CSS); it loads nothing from the network. It shows
  reward curves (total and each part), KL, clip fractions, losses, advantage and length statistics,
  the per-category validation metrics, and a trace viewer: per step, each sampled completion with
  its tokens coloured by log-prob under the tuned policy and the reference (hover a token for both
  numbers), its reward breakdown, and the runner's actual vs expected output per example.
- Token text: a trace's ``tokens`` field when present, else the ids decoded one by one with the
  tokenizer of the newest checkpoint (``checkpoints/step-*/model``) or ``--tokenizer``; without a
  tokenizer the viewer shows ``#id`` pieces. Reference log-probs exist in traces of runs with
  ``beta > 0`` and the ``k3`` estimator; otherwise the viewer says so.
- Non-finite numbers (NaN, inf) are shown as gaps/"n/a", never break the page.

Errors: ``ReportError`` (a ``ValueError``: exit code 2 from ``cdoctest-train``) when the run
directory has no ``metrics.jsonl`` or a line is not JSON.
"""

from __future__ import annotations

import argparse
import html
import json
import math
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

# Traces embedded in the page at most (the newest steps are kept): keeps the page small.
MAX_TRACES = 2000


class ReportError(ValueError):
    """The run directory cannot be reported (missing or malformed files)."""


# --------------------------------------------------------------------------- reading


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    rows = []
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            raise ReportError(f"{path}:{n}: not JSON ({exc.msg})") from exc
    return rows


def _finite(value: Any) -> Any:
    """``value`` with every non-finite float replaced by None (JSON.parse rejects NaN)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


def find_eval_reports(run_dir: Path, extra: Sequence[str] = ()) -> dict[str, dict[str, Any]]:
    """Validation reports (``EvalReport.to_dict()`` JSON) of a run, keyed by a label (file stem)."""
    found: dict[str, dict[str, Any]] = {}
    candidates = sorted(run_dir.glob("*.json")) + sorted(run_dir.glob("*/*.json"))
    candidates += [Path(p) for p in extra]
    for path in candidates:
        try:
            data = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError):
            if str(path) in extra:
                raise ReportError(f"{path}: not a readable JSON evaluation report") from None
            continue
        if isinstance(data, dict) and "by_category" in data and "overall" in data:
            label = (
                path.stem
                if path.parent == run_dir or str(path) in extra
                else (f"{path.parent.name}/{path.stem}")
            )
            found[label] = {
                "model": data.get("model", ""),
                "split": data.get("split", ""),
                "n": data.get("n", 0),
                "overall": data["overall"],
                "by_category": data["by_category"],
            }
    return found


def _token_decoder(run_dir: Path, tokenizer_path: str | None) -> Any:
    """A function ids -> token strings, or None when no tokenizer can be found/loaded."""
    paths = [tokenizer_path] if tokenizer_path else []
    paths += [str(p / "model") for p in sorted((run_dir / "checkpoints").glob("step-*"))[::-1]]
    for path in paths:
        if not path or not Path(path).exists():
            continue
        try:
            from transformers import AutoTokenizer

            tok = AutoTokenizer.from_pretrained(path)
        except Exception:  # a checkpoint without a tokenizer: try the next one
            continue

        def decode(ids: list[int], tok: Any = tok) -> list[str]:
            return [tok.convert_tokens_to_string([t]) for t in tok.convert_ids_to_tokens(ids)]

        return decode
    return None


def load_run(
    run_dir: str | Path, *, evals: Sequence[str] = (), tokenizer: str | None = None
) -> dict[str, Any]:
    """Everything the page shows, as one JSON-serialisable dict (non-finite floats → None)."""
    run_dir = Path(run_dir)
    metrics_path = run_dir / "metrics.jsonl"
    if not metrics_path.is_file():
        raise ReportError(f"{run_dir}: no metrics.jsonl (is this a cdoctest-train run directory?)")
    metrics = _read_jsonl(metrics_path)
    traces_path = run_dir / "traces.jsonl"
    traces = _read_jsonl(traces_path) if traces_path.is_file() else []
    traces = traces[-MAX_TRACES:]
    if traces and any("tokens" not in t for t in traces):
        decode = _token_decoder(run_dir, tokenizer)
        for t in traces:
            if "tokens" not in t:
                ids = t.get("token_ids") or []
                t["tokens"] = decode(ids) if decode else [f"#{i}" for i in ids]
    config = (run_dir / "config.yaml").read_text() if (run_dir / "config.yaml").is_file() else ""
    data: dict[str, Any] = _finite(
        {
            "run": str(run_dir),
            "config": config,
            "metrics": metrics,
            "traces": traces,
            "evals": find_eval_reports(run_dir, list(evals)),
        }
    )
    return data


# --------------------------------------------------------------------------- rendering


def render_html(data: dict[str, Any]) -> str:
    """The self-contained page for ``load_run``'s data."""
    payload = json.dumps(data, allow_nan=False, separators=(",", ":"))
    # "<" only occurs inside JSON strings; as \u003c no "</script>" or "<!--" can end the element.
    payload = payload.replace("<", "\\u003c")
    title = html.escape(f"cdoctest-train report: {data.get('run', '')}")
    return (
        _asset("report_page.html")
        .replace("__TITLE__", title)
        .replace("__CSS__", _asset("report_page.css"))
        .replace("__JS__", _asset("report_page.js"))
        .replace("__DATA__", payload)
    )


def write_report(
    run_dir: str | Path,
    out: str | Path | None = None,
    *,
    evals: Sequence[str] = (),
    tokenizer: str | None = None,
) -> Path:
    """Write ``run_dir``'s dashboard to ``out`` (default ``RUN_DIR/report.html``), return it."""
    data = load_run(run_dir, evals=evals, tokenizer=tokenizer)
    target = Path(out) if out else Path(run_dir) / "report.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render_html(data), encoding="utf-8")
    return target


# --------------------------------------------------------------------------- CLI


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``cdoctest-train report``."""
    parser.add_argument("run_dir", metavar="RUN_DIR", help="a GRPO run directory (output_dir)")
    parser.add_argument("--out", metavar="FILE", help="the HTML file (default RUN_DIR/report.html)")
    parser.add_argument(
        "--eval",
        metavar="FILE",
        action="append",
        default=[],
        help="a `cdoctest-train eval --json` report to show (repeatable)",
    )
    parser.add_argument(
        "--tokenizer", metavar="PATH", help="tokenizer for token text (default: newest checkpoint)"
    )


def run(args: argparse.Namespace) -> int:
    """Write the report and print where."""
    path = write_report(args.run_dir, args.out, evals=args.eval, tokenizer=args.tokenizer)
    print(f"wrote {path}", file=sys.stderr)
    return 0


# --------------------------------------------------------------------------- page


def _asset(name: str) -> str:
    """A page asset shipped beside this module (``report_page.html``/``.css``/``.js``)."""
    return resources.files("training").joinpath(name).read_text(encoding="utf-8")


if __name__ == "__main__":  # pragma: no cover - `cdoctest-train report` is the entry point
    p = argparse.ArgumentParser(prog="cdoctest-train report")
    add_arguments(p)
    raise SystemExit(run(p.parse_args()))
