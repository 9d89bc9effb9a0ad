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


def find_eval_reports(run_dir: Path, extra: list[str] = ()) -> dict[str, dict[str, Any]]:
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
    run_dir: str | Path, *, evals: list[str] = (), tokenizer: str | None = None
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
    return _finite(
        {
            "run": str(run_dir),
            "config": config,
            "metrics": metrics,
            "traces": traces,
            "evals": find_eval_reports(run_dir, list(evals)),
        }
    )


# --------------------------------------------------------------------------- rendering


def render_html(data: dict[str, Any]) -> str:
    """The self-contained page for ``load_run``'s data."""
    payload = json.dumps(data, allow_nan=False, separators=(",", ":"))
    # "<" only occurs inside JSON strings; as \u003c no "</script>" or "<!--" can end the element.
    payload = payload.replace("<", "\\u003c")
    title = html.escape(f"cdoctest-train report: {data.get('run', '')}")
    return (
        _PAGE.replace("__TITLE__", title)
        .replace("__CSS__", _CSS)
        .replace("__JS__", _JS)
        .replace("__DATA__", payload)
    )


def write_report(
    run_dir: str | Path,
    out: str | Path | None = None,
    *,
    evals: list[str] = (),
    tokenizer: str | None = None,
) -> Path:
    """Write the dashboard of ``run_dir`` to ``out`` (default ``RUN_DIR/report.html``); returns the path."""
    data = load_run(run_dir, evals=evals, tokenizer=tokenizer)
    target = Path(out) if out else Path(run_dir) / "report.html"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(render_html(data), encoding="utf-8")
    return target


# --------------------------------------------------------------------------- CLI


def add_arguments(parser: argparse.ArgumentParser) -> None:
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
    path = write_report(args.run_dir, args.out, evals=args.eval, tokenizer=args.tokenizer)
    print(f"wrote {path}", file=sys.stderr)
    return 0


# --------------------------------------------------------------------------- page

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<style>__CSS__</style></head>
<body>
<header><h1>cdoctest-train report</h1><div id="run"></div></header>
<section><h2>Training curves</h2><div id="summary"></div><div id="charts" class="grid"></div></section>
<section><h2>Validation by category</h2><div id="evals"></div></section>
<section><h2>Traces</h2>
<div class="controls">step <select id="step"></select>
colour by <select id="colour"><option value="policy">tuned log-prob</option>
<option value="ref">reference log-prob</option><option value="diff">tuned − reference</option></select>
<span class="legend" id="legend"></span></div>
<div id="traces"></div></section>
<details><summary>config.yaml</summary><pre id="config"></pre></details>
<div id="tip" class="tip"></div>
<script id="data" type="application/json">__DATA__</script>
<script>__JS__</script>
</body></html>
"""

_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:0;padding:0 18px 30px;color:#222;background:#fafafa}
header{display:flex;align-items:baseline;gap:16px}h1{font-size:20px}h2{font-size:16px;margin:18px 0 8px}
#run{color:#666;font-family:monospace}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(330px,1fr));gap:10px}
.chart{background:#fff;border:1px solid #ddd;border-radius:4px;padding:6px}
.chart h3{font-size:13px;margin:0 0 4px}.chart svg{width:100%;height:170px}
.keys span{margin-right:10px;font-size:12px}.keys i{display:inline-block;width:10px;height:3px;margin-right:3px;vertical-align:middle}
table{border-collapse:collapse;background:#fff;margin-bottom:10px}td,th{border:1px solid #ddd;padding:3px 8px;text-align:right}
th:first-child,td:first-child{text-align:left}
.controls{margin-bottom:8px}.legend span{display:inline-block;width:26px;height:12px;vertical-align:middle}
.trace{background:#fff;border:1px solid #ddd;border-radius:4px;margin-bottom:10px;padding:8px}
.trace .head{font-size:12px;color:#444;margin-bottom:6px}
.toks{font-family:monospace;white-space:pre-wrap;word-break:break-all;line-height:1.9}
.toks span{border-bottom:3px solid transparent;padding:1px 0}
.bar{display:flex;height:10px;width:240px;background:#eee;display:inline-flex;vertical-align:middle;margin-left:6px}
.ex td{font-family:monospace;white-space:pre;text-align:left;vertical-align:top}
.passed{color:#17803d}.failed{color:#b3261e}.other{color:#8a5a00}
.tip{position:fixed;display:none;background:#222;color:#fff;font:12px monospace;padding:4px 6px;border-radius:3px;pointer-events:none;z-index:9}
.muted{color:#888}
"""

_JS = r"""
"use strict";
const D = JSON.parse(document.getElementById("data").textContent);
const PARTS = ["format", "compiles", "correctness", "strength", "reasoning"];
const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"];
const fmt = v => (v === null || v === undefined || !isFinite(v)) ? "n/a" : (Math.abs(v) >= 100 ? v.toFixed(0) : Math.abs(v) >= 1 ? v.toFixed(3) : v.toPrecision(3));
const el = (tag, attrs, text) => { const e = document.createElement(tag); for (const k in (attrs || {})) e.setAttribute(k, attrs[k]); if (text !== undefined) e.textContent = text; return e; };
const SVG = "http://www.w3.org/2000/svg";
const sv = (tag, attrs) => { const e = document.createElementNS(SVG, tag); for (const k in attrs) e.setAttribute(k, attrs[k]); return e; };

document.getElementById("run").textContent = D.run;
document.getElementById("config").textContent = D.config || "(no config.yaml)";

function chart(title, series) {
  // series: [{name, points: [[x, y], ...]}]; y may be null (gap)
  const box = el("div", {class: "chart"}); box.appendChild(el("h3", {}, title));
  const W = 320, H = 160, L = 54, R = 8, T = 8, B = 22;
  const svg = sv("svg", {viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none"});
  const all = series.flatMap(s => s.points.filter(p => p[1] !== null && isFinite(p[1])));
  if (!all.length) { box.appendChild(el("div", {class: "muted"}, "no data")); return box; }
  let x0 = Math.min(...all.map(p => p[0])), x1 = Math.max(...all.map(p => p[0]));
  let y0 = Math.min(...all.map(p => p[1])), y1 = Math.max(...all.map(p => p[1]));
  if (x1 === x0) { x0 -= 1; x1 += 1; } if (y1 === y0) { y0 -= 0.5; y1 += 0.5; }
  const pad = (y1 - y0) * 0.06; y0 -= pad; y1 += pad;
  const X = x => L + (x - x0) / (x1 - x0) * (W - L - R), Y = y => T + (y1 - y) / (y1 - y0) * (H - T - B);
  svg.appendChild(sv("rect", {x: L, y: T, width: W - L - R, height: H - T - B, fill: "#fff", stroke: "#ccc"}));
  for (let i = 0; i <= 3; i++) {
    const v = y0 + (y1 - y0) * i / 3, yy = Y(v);
    svg.appendChild(sv("line", {x1: L, x2: W - R, y1: yy, y2: yy, stroke: "#eee"}));
    const t = sv("text", {x: L - 4, y: yy + 3, "text-anchor": "end", "font-size": 9, fill: "#666"}); t.textContent = fmt(v); svg.appendChild(t);
  }
  for (const [v, anchor] of [[x0, "start"], [x1, "end"]]) {
    const t = sv("text", {x: X(v), y: H - 8, "text-anchor": anchor, "font-size": 9, fill: "#666"}); t.textContent = "step " + Math.round(v); svg.appendChild(t);
  }
  const keys = el("div", {class: "keys"});
  series.forEach((s, i) => {
    const c = COLORS[i % COLORS.length];
    let d = "", pen = false;
    for (const [x, y] of s.points) {
      if (y === null || !isFinite(y)) { pen = false; continue; }
      d += (pen ? "L" : "M") + X(x).toFixed(1) + "," + Y(y).toFixed(1); pen = true;
    }
    svg.appendChild(sv("path", {d: d, fill: "none", stroke: c, "stroke-width": 1.6}));
    for (const [x, y] of s.points) if (y !== null && isFinite(y)) {
      const dot = sv("circle", {cx: X(x), cy: Y(y), r: 2, fill: c});
      const ttl = sv("title", {}); ttl.textContent = `${s.name} @ step ${x}: ${fmt(y)}`; dot.appendChild(ttl); svg.appendChild(dot);
    }
    const k = el("span"); const sw = el("i"); sw.style.background = c; k.appendChild(sw); k.appendChild(document.createTextNode(s.name)); keys.appendChild(k);
  });
  box.appendChild(svg); box.appendChild(keys);
  return box;
}

function metricSeries(key, name) {
  return {name: name || key, points: D.metrics.map(m => [m.step, (typeof m[key] === "number") ? m[key] : null])};
}

(function curves() {
  const host = document.getElementById("charts"), M = D.metrics;
  const last = M[M.length - 1] || {};
  document.getElementById("summary").textContent = `${M.length} steps; last step ${last.step ?? "n/a"}: reward ${fmt(last.reward)}, loss ${fmt(last.loss)}, KL ${fmt(last.kl)}; ${D.traces.length} traces`;
  host.appendChild(chart("reward (total, ± std)", [metricSeries("reward", "mean"),
    {name: "mean+std", points: M.map(m => [m.step, (m.reward ?? null) === null || m.reward_std === null ? null : m.reward + m.reward_std])},
    {name: "mean−std", points: M.map(m => [m.step, (m.reward ?? null) === null || m.reward_std === null ? null : m.reward - m.reward_std])}]));
  host.appendChild(chart("reward parts", PARTS.map(p => metricSeries("reward/" + p, p))));
  host.appendChild(chart("KL (token mean)", [metricSeries("kl")]));
  host.appendChild(chart("clip fraction", [metricSeries("clip_low", "low"), metricSeries("clip_high", "high")]));
  host.appendChild(chart("loss", [metricSeries("loss"), metricSeries("policy_loss", "policy")]));
  host.appendChild(chart("ratio", [metricSeries("ratio_mean", "mean"), metricSeries("ratio_min", "min"), metricSeries("ratio_max", "max")]));
  host.appendChild(chart("grad norm", [metricSeries("grad_norm")]));
  host.appendChild(chart("completion length / zero-std groups", [metricSeries("completion_length", "tokens"), metricSeries("zero_std_groups", "zero-std groups")]));
})();

(function evals() {
  const host = document.getElementById("evals"), labels = Object.keys(D.evals || {});
  if (!labels.length) { host.appendChild(el("div", {class: "muted"}, "no validation reports (cdoctest-train eval --json FILE; pass them with --eval)")); return; }
  for (const label of labels) {
    const r = D.evals[label];
    host.appendChild(el("h3", {}, `${label} — ${r.model} (${r.split}, n=${r.n})`));
    const metrics = Object.keys(r.overall).filter(k => k !== "n");
    const t = el("table"), h = el("tr");
    ["category", "n", ...metrics].forEach(m => h.appendChild(el("th", {}, m))); t.appendChild(h);
    const rows = Object.keys(r.by_category).sort().map(c => [c, r.by_category[c]]); rows.push(["all", r.overall]);
    for (const [name, vals] of rows) {
      const tr = el("tr"); tr.appendChild(el("td", {}, name)); tr.appendChild(el("td", {}, String(vals.n ?? "")));
      for (const m of metrics) {
        const v = vals[m], td = el("td", {}, fmt(v));
        if (typeof v === "number" && isFinite(v)) td.style.background = `rgba(44,160,44,${Math.max(0, Math.min(1, v)) * 0.45})`;
        tr.appendChild(td);
      }
      t.appendChild(tr);
    }
    host.appendChild(t);
  }
})();

// log-prob colour: 0 -> green, -1 -> yellow, <= -6 -> red; diff: blue (tuned higher) / red (lower)
function lpColour(v) {
  if (v === null || v === undefined || !isFinite(v)) return "transparent";
  const p = Math.max(0, Math.min(1, -v / 6)); const hue = 120 * (1 - p);
  return `hsla(${hue.toFixed(0)},75%,60%,0.55)`;
}
function diffColour(v) {
  if (v === null || v === undefined || !isFinite(v)) return "transparent";
  const a = Math.min(1, Math.abs(v) / 1.0) * 0.7;
  return v >= 0 ? `rgba(31,119,180,${a})` : `rgba(214,39,40,${a})`;
}
(function legend() {
  const host = document.getElementById("legend");
  for (const v of [0, -1, -2, -4, -6]) { const s = el("span", {title: "log-prob " + v}); s.style.background = lpColour(v); host.appendChild(s); }
  host.appendChild(document.createTextNode(" log-prob 0 … −6 (underline: the other model)"));
})();

const tip = document.getElementById("tip");
function showTip(ev, text) { tip.textContent = text; tip.style.display = "block"; tip.style.left = (ev.clientX + 12) + "px"; tip.style.top = (ev.clientY + 12) + "px"; }
function hideTip() { tip.style.display = "none"; }

function traceCard(t, mode) {
  const card = el("div", {class: "trace"});
  const r = t.reward || {};
  const head = el("div", {class: "head"});
  head.textContent = `item ${t.item} · group ${t.group} · advantage ${fmt(t.advantage)} · reward ${fmt(r.total)}` + (t.truncated ? " · truncated" : "") + (r.note ? ` · ${r.note}` : "");
  const bar = el("span", {class: "bar", title: PARTS.map(p => `${p} ${fmt(r[p])}`).join(", ")});
  PARTS.forEach((p, i) => { const s = el("span"); s.style.width = (Math.max(0, r[p] || 0) * 48) + "px"; s.style.background = COLORS[i]; bar.appendChild(s); });
  head.appendChild(bar);
  head.appendChild(document.createTextNode("  " + PARTS.map(p => `${p} ${fmt(r[p])}`).join(" · ")));
  card.appendChild(head);
  const toks = el("div", {class: "toks"});
  const lp = t.logprobs || [], ref = t.ref_logprobs || null, old = t.old_logprobs || null;
  (t.tokens || []).forEach((tok, i) => {
    const s = el("span", {}, tok);
    const a = lp[i] ?? null, b = ref ? (ref[i] ?? null) : null;
    const main = mode === "ref" ? b : mode === "diff" ? (a !== null && b !== null ? a - b : null) : a;
    s.style.background = mode === "diff" ? diffColour(main) : lpColour(main);
    s.style.borderBottomColor = mode === "ref" ? lpColour(a) : lpColour(b);
    const info = `token ${JSON.stringify(tok)} id ${(t.token_ids || [])[i]}\ntuned ${fmt(a)}  reference ${ref ? fmt(b) : "n/a"}` + (old ? `  old ${fmt(old[i])}` : "") + (a !== null && b !== null ? `  Δ ${fmt(a - b)}` : "");
    s.addEventListener("mousemove", ev => showTip(ev, info)); s.addEventListener("mouseleave", hideTip);
    s.setAttribute("data-tuned", fmt(a)); s.setAttribute("data-ref", ref ? fmt(b) : "n/a");
    toks.appendChild(s);
  });
  if (!ref) card.appendChild(el("div", {class: "muted"}, "no reference log-probs in this trace (runs with beta > 0 and kl_estimator k3 record them)"));
  card.appendChild(toks);
  const ex = r.examples || [];
  if (ex.length) {
    const tb = el("table", {class: "ex"}), h = el("tr");
    ["example", "expected", "actual", "outcome"].forEach(x => h.appendChild(el("th", {}, x))); tb.appendChild(h);
    for (const e of ex) {
      const tr = el("tr");
      tr.appendChild(el("td", {}, (e.source || "").replace(/\n$/, "")));
      tr.appendChild(el("td", {}, (e.want || "").replace(/\n$/, "")));
      tr.appendChild(el("td", {}, (e.got || "").replace(/\n$/, "")));
      tr.appendChild(el("td", {class: e.outcome === "passed" ? "passed" : e.outcome === "failed" ? "failed" : "other"}, e.outcome || ""));
      tb.appendChild(tr);
    }
    card.appendChild(tb);
  } else if ((r.outcomes || []).length) {
    card.appendChild(el("div", {}, "outcomes: " + r.outcomes.join(", ")));
  } else {
    card.appendChild(el("div", {class: "muted"}, "nothing executed"));
  }
  return card;
}

(function traces() {
  const sel = document.getElementById("step"), colour = document.getElementById("colour"), host = document.getElementById("traces");
  const steps = [...new Set(D.traces.map(t => t.step))].sort((a, b) => a - b);
  if (!steps.length) { host.appendChild(el("div", {class: "muted"}, "no traces.jsonl (set traces: true)")); return; }
  for (const s of steps) sel.appendChild(el("option", {value: s}, String(s)));
  sel.value = String(steps[steps.length - 1]);
  const draw = () => {
    host.textContent = "";
    const step = Number(sel.value);
    for (const t of D.traces.filter(t => t.step === step)) host.appendChild(traceCard(t, colour.value));
  };
  sel.addEventListener("change", draw); colour.addEventListener("change", draw); draw();
})();
"""


if __name__ == "__main__":  # pragma: no cover - `cdoctest-train report` is the entry point
    p = argparse.ArgumentParser(prog="cdoctest-train report")
    add_arguments(p)
    raise SystemExit(run(p.parse_args()))
