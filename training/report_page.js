
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
