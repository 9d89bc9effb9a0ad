#!/usr/bin/env sh
# Install what the VS Code end-to-end test needs (idempotent, cached): node 24 (npm package
# node@24.21.0), then code-server 4.139.1 and playwright-core 1.65.1 (extension/e2e/package.json)
# into $CDOCTEST_E2E_DIR (default ~/.cache/cdoctest-gen/vscode-e2e). code-server's postinstall
# builds VS Code's native modules, which needs a C++ compiler and the headers of libkrb5-dev,
# libx11-dev, libxkbfile-dev and libsecret-1-dev (scripts/setup.sh test installs them as root).
# The browser is Debian's chromium; playwright-core downloads none.
# Exit codes: 0 installed (or already), 3 the machine cannot install it (the message says why).
#   install.sh --check   exit 0 when installed, 1 when not (installs nothing)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
dir=${CDOCTEST_E2E_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/cdoctest-gen/vscode-e2e}
key=$(cat "$here/package.json" "$here/install.sh" | sha256sum | cut -c1-12)
stamp="$dir/.installed-$key"
say() { printf '[e2e-install +%ss] %s\n' "$(($(date +%s) - t0))" "$*" >&2; }
skip() { printf '[e2e-install] cannot install the VS Code end-to-end test here: %s\n' "$*" >&2; exit 3; }
t0=$(date +%s)
[ -f "$stamp" ] && exit 0
[ "${1:-}" = --check ] && exit 1  # --check: 0 when installed, 1 when not; installs nothing

command -v npm >/dev/null || skip "npm is missing (install Node.js >= 20)"
command -v c++ >/dev/null || command -v g++ >/dev/null || skip "no C++ compiler (apt-get install build-essential)"
if command -v pkg-config >/dev/null; then
  for lib in libsecret-1 x11 xkbfile krb5; do
    pkg-config --exists "$lib" || skip "the headers of $lib are missing (apt-get install libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config)"
  done
else
  skip "pkg-config is missing (apt-get install pkg-config libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev)"
fi

mkdir -p "$dir/node24"
# 1. node 24 (code-server refuses other versions); npm >= 11 runs only approved install scripts.
if [ ! -x "$dir/node24/node_modules/node/bin/node" ]; then
  say "installing node@24.21.0 (npm)"
  printf '{"private": true, "dependencies": {"node": "24.21.0"}, "allowScripts": {"node": true}}\n' \
    >"$dir/node24/package.json"
  (cd "$dir/node24" && npm install --no-audit --no-fund --loglevel=error) || skip "npm install node@24.21.0 failed"
fi
node24="$dir/node24/node_modules/node/bin"
"$node24/node" --version | grep -q '^v24\.' || skip "node@24 did not install a working node 24"
PATH="$node24:$PATH"
export PATH

# 2. code-server and playwright-core with node 24 first on PATH (code-server's postinstall checks it).
say "installing code-server and playwright-core (builds VS Code's native modules: minutes)"
cp "$here/package.json" "$dir/package.json"
(cd "$dir" && npm install --no-audit --no-fund --loglevel=error) || skip "npm install of code-server failed"

# 3. npm >= 11 skips nested install scripts that VS Code's package.json does not approve: approve
#    and rebuild them (a no-op for npm 10, which ran them).
vscode="$dir/node_modules/code-server/lib/vscode"
[ -d "$vscode/node_modules" ] || (cd "$vscode" && npm install --omit=dev --no-audit --no-fund --loglevel=error) \
  || skip "VS Code's dependencies did not install"
for d in "$vscode" "$vscode/extensions"; do
  if (cd "$d" && npm install-scripts ls 2>/dev/null | grep -q '@'); then
    say "approving and rebuilding the install scripts in ${d#"$dir/"}"
    (cd "$d" && npm install-scripts approve --all >/dev/null && npm rebuild --loglevel=error) \
      || skip "rebuilding VS Code's native modules failed in $d"
  fi
done
[ -e "$vscode/bin/remote-cli/code-server" ] || (cd "$vscode/bin/remote-cli" && ln -sf code-linux.sh code-server)
[ -e "$vscode/bin/helpers/browser.sh" ] || (cd "$vscode/bin/helpers" && ln -sf browser-linux.sh browser.sh)
"$dir/node_modules/.bin/code-server" --version >/dev/null 2>&1 || skip "code-server does not start (see above)"
rm -f "$dir"/.installed-*
touch "$stamp"
say "done: $("$dir/node_modules/.bin/code-server" --version | head -1)"
