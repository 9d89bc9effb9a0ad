#!/usr/bin/env bash
# End-to-end test of the packaged extension in a real VS Code (code-server + Debian's chromium,
# driven by playwright-core): extension/e2e/vscode.mjs. Run by `make test-extension`.
#   extension/e2e/run.sh [SHOTS_DIR]     (default: build/vscode-e2e; code-server's and the
#                                          cdoctest output channel's logs are copied there too)
# Needs extension/e2e/install.sh to have run (scripts/setup.sh test does it) and the checkout's
# .venv. Skips (exit 0, with the reason) where those cannot be had; CDOCTEST_E2E_REQUIRED=1 turns a
# skip into a failure. E2E_MODEL=0 generates with the no-model fallback only (faster).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
dir=${CDOCTEST_E2E_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/cdoctest-gen/vscode-e2e}
shots=$(mkdir -p "${1:-$repo/build/vscode-e2e}" && cd "${1:-$repo/build/vscode-e2e}" && pwd)
chromium=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}
skip() {
  echo "[e2e] SKIPPED: $*" >&2
  [ "${CDOCTEST_E2E_REQUIRED:-0}" = 1 ] && exit 1
  exit 0
}
# scripts/setup.sh test starts the first install in the background: wait for it (at most 60 min).
if [ -f "$dir/install.pid" ] && kill -0 "$(cat "$dir/install.pid")" 2>/dev/null; then
  echo "[e2e] waiting for the background install of code-server (log: $dir/install.log)" >&2
  waited=0
  while kill -0 "$(cat "$dir/install.pid")" 2>/dev/null && [ $waited -lt 3600 ]; do
    sleep 5; waited=$((waited + 5))
  done
  echo "[e2e] waited ${waited}s for the install; its log ends:" >&2
  tail -3 "$dir/install.log" >&2
fi
"$here/install.sh" --check || skip "code-server is not installed (run scripts/setup.sh test, as root for its apt packages)"
[ -n "$chromium" ] || skip "chromium is not installed (apt-get install chromium)"
[ -x "$repo/.venv/bin/cdoctest-lsp" ] || skip "no .venv/bin/cdoctest-lsp (run scripts/setup.sh test)"
export PATH="$dir/node24/node_modules/node/bin:$PATH" OMP_WAIT_POLICY=passive
t0=$(date +%s)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cdoctest-e2e.XXXXXX")
cs_pid=
cleanup() {
  [ -n "$cs_pid" ] && kill -TERM -- "-$cs_pid" 2>/dev/null
  sleep 1
  [ -n "$cs_pid" ] && kill -KILL -- "-$cs_pid" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT

# 1. package the extension as users install it
(cd "$repo/extension" && npm run --silent compile && npx --no-install vsce package --allow-missing-repository \
  --skip-license -o "$tmp/cdoctest.vsix" >"$tmp/vsce.log" 2>&1) || { cat "$tmp/vsce.log"; echo "[e2e] packaging failed"; exit 1; }

# 2. a workspace and a private profile: the server from this checkout, the embedded model
mkdir -p "$tmp/ws" "$tmp/user/User" "$tmp/ext"
cp "$here/workspace/shapes.c" "$tmp/ws/"
no_model=false; [ "${E2E_MODEL:-1}" = 0 ] && no_model=true
cat >"$tmp/user/User/settings.json" <<JSON
{
  "security.workspace.trust.enabled": false,
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "telemetry.telemetryLevel": "off",
  "extensions.ignoreRecommendations": true,
  "testing.automaticallyOpenPeekView": "failureInVisibleDocument",
  "chat.disableAIFeatures": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "cdoctest.server.path": "$repo/.venv/bin/cdoctest-lsp",
  "cdoctest.generation.samples": 2,
  "cdoctest.generation.timeBudget": 60,
  "cdoctest.generation.noModel": $no_model,
  "cdoctest.diagnostics.debounce": 0,
  "cdoctest.diagnostics.runOnOpen": true
}
JSON
cs="$dir/node_modules/.bin/code-server"
"$cs" --user-data-dir "$tmp/user" --extensions-dir "$tmp/ext" --install-extension "$tmp/cdoctest.vsix" \
  >"$tmp/install-ext.log" 2>&1 || { cat "$tmp/install-ext.log"; echo "[e2e] installing the .vsix failed"; exit 1; }

# a multi-file CMake project beside it (tests/data/cmake_geo: dist2 in src/dist.c calls sq from
# src/sq.c), configured and built as a developer's build directory, found through the workspace's
# cmake.buildDirectory setting (read by the extension, with or without CMake Tools)
geo=0
if command -v cmake >/dev/null && { command -v cc >/dev/null || command -v gcc >/dev/null; }; then
  cp -r "$repo/tests/data/cmake_geo" "$tmp/ws/geo"
  (cmake -S "$tmp/ws/geo" -B "$tmp/ws/geo/build" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON &&
    cmake --build "$tmp/ws/geo/build") >"$tmp/geo-build.log" 2>&1 ||
    { cat "$tmp/geo-build.log"; echo "[e2e] building the CMake project failed"; exit 1; }
  mkdir -p "$tmp/ws/.vscode"
  echo '{ "cmake.buildDirectory": "${workspaceFolder}/geo/build" }' >"$tmp/ws/.vscode/settings.json"
  geo=1
fi

# 3. code-server on a free port (its own process group, so cleanup takes the extension host too)
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
setsid "$cs" --bind-addr "127.0.0.1:$port" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust --reconnection-grace-time 30 --user-data-dir "$tmp/user" \
  --extensions-dir "$tmp/ext" "$tmp/ws" >"$shots/code-server.log" 2>&1 &
cs_pid=$!
for _ in $(seq 600); do grep -q "HTTP server listening" "$shots/code-server.log" && break; sleep 0.1; done
grep -q "HTTP server listening" "$shots/code-server.log" || { cat "$shots/code-server.log"; echo "[e2e] code-server did not start"; exit 1; }
echo "[e2e] code-server ready after $(($(date +%s) - t0)) s; screenshots in $shots" >&2

# the coverage step needs the LLVM tools of clang-repl's version (scripts/setup.sh installs them)
coverage=1
for tool in clang-22 llvm-cov-22 llvm-profdata-22; do command -v "$tool" >/dev/null || coverage=0; done

# 4. drive it
rm -f "$shots"/*.png "$shots"/failure-*.html "$shots"/*cdoctest.log
E2E_DIR="$dir" E2E_WS="$tmp/ws" E2E_COVERAGE="$coverage" E2E_GEO="$geo" CHROMIUM="$chromium" node "$here/vscode.mjs" "http://127.0.0.1:$port/?folder=$tmp/ws" "$shots" "$cs_pid"
rc=$?
cp "$tmp/ws/shapes.c" "$shots/shapes.c.after" 2>/dev/null
find "$tmp/user" -name '*cdoctest.log' -exec cp {} "$shots/" \; 2>/dev/null
if [ $rc != 0 ]; then
  echo "[e2e] left for the failure in $shots: failure.png, failure-view.html (the DOM of the view" \
    "the step waited on), failure-page.html, the server log (*cdoctest.log), code-server.log" >&2
  ls "$shots" >&2
fi
echo "[e2e] $([ $rc = 0 ] && echo passed || echo FAILED) in $(($(date +%s) - t0)) s" >&2
exit $rc
