// Workspace Trust in a real VS Code: code-server + playwright-core + Debian's chromium (not part of
// `npm test`: it needs code-server, which installs from npm with node 24; setup in
// /work/shared/notes/vscode-e2e.md and docs/editor.md "Workspace Trust and the sandbox").
//
// Serve an untrusted copy of tests/data/lsp/{failing,mathutil}.cpp with trust enabled and user
// settings {"security.workspace.trust.startupPrompt": "never", "cdoctest.server.path":
// ".../.venv/bin/cdoctest-lsp", "cdoctest.generation.noModel": true, "cdoctest.diagnostics.debounce": 0},
// then: node trust.mjs "http://127.0.0.1:PORT/?folder=DIR" SHOTS_DIR CODE_SERVER_PID
// (run it where playwright-core is installed). It checks, in Restricted Mode: the status bar says
// "cdoctest: restricted", the lens says why, no clang-repl process runs below code-server, no error
// is shown, and "Generate cdoctest" is refused with a "Manage Workspace Trust" button; then it
// clicks that button and "Trust", and checks that the failing block's error appears and that
// generation inserts a block. Prints "RESULT ok" (exit 0) or "RESULT failed" with a screenshot.
import { chromium } from 'playwright-core';
import { execSync } from 'node:child_process';

const [url, shots, rootPid] = [process.argv[2], process.argv[3], Number(process.argv[4])];
const log = (...a) => console.log(new Date().toISOString().slice(11, 19), ...a);
// clang-repl processes below code-server (other users' clang-repl runs on this machine are ignored)
function clangRepl() {
  const rows = execSync('ps -eo pid=,ppid=,args=').toString().trim().split('\n')
    .map((l) => l.trim().match(/^(\d+)\s+(\d+)\s+(.*)$/)).filter(Boolean)
    .map((m) => ({ pid: Number(m[1]), ppid: Number(m[2]), args: m[3] }));
  const below = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const r of rows) if (below.has(r.ppid) && !below.has(r.pid)) { below.add(r.pid); grew = true; }
  }
  return rows.filter((r) => below.has(r.pid) && r.args.includes('clang-repl')).length;
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
let step = 0;
const shot = async (name) => page.screenshot({ path: `${shots}/${String(++step).padStart(2, '0')}-${name}.png` });
async function openFile(name, marker) {
  await page.locator(`.explorer-folders-view .monaco-list-row:has-text("${name}")`).first().click();
  await page.waitForSelector(`.view-lines:has-text("${marker}")`, { timeout: 30000 });
}
async function palette(text) {
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input');
  await page.keyboard.type(text);
  await page.waitForTimeout(500);
  await page.keyboard.press('Enter');
}
try {
  await page.goto(url);
  await page.waitForSelector('.monaco-workbench', { timeout: 60000 });
  log('workbench ready');
  await openFile('failing.cpp', 'twice');
  const restricted = page.locator('.statusbar-item:has-text("cdoctest: restricted")');
  await restricted.waitFor({ timeout: 60000 });
  log('status bar: restricted');
  const lens = page.locator('.codelens-decoration:has-text("workspace not trusted")');
  await lens.waitFor({ timeout: 30000 });
  log('lens:', await lens.innerText());
  await shot('untrusted-open');
  log('clang-repl processes below code-server while untrusted:', clangRepl());
  if (clangRepl() !== 0) throw new Error('clang-repl runs in an untrusted workspace');
  await page.keyboard.press('Control+G');
  await page.keyboard.type('8');
  await page.keyboard.press('Enter');
  await palette('cdoctest: Generate cdoctest for function at cursor');
  const refusal = page.locator('.notification-toast:has-text("not trusted")');
  await refusal.waitFor({ timeout: 30000 });
  const button = refusal.locator('a.monaco-button:has-text("Manage Workspace Trust")');
  log('refusal shown; button:', await button.count());
  await shot('untrusted-generate-refused');
  const errorsBefore = await page.locator('.squiggly-error').count();
  log('error squiggles while untrusted:', errorsBefore, '; clang-repl processes:', clangRepl());
  if (errorsBefore !== 0 || clangRepl() !== 0 || (await button.count()) !== 1) {
    throw new Error('untrusted: expected no errors, no clang-repl and a Manage Workspace Trust button');
  }
  await button.click();
  await page.waitForSelector('.workspace-trust-editor', { timeout: 30000 });
  await shot('trust-editor');
  await page.locator('.workspace-trust-editor a.monaco-button:has-text("Trust")').first().click();
  log('clicked Trust');
  await page.waitForTimeout(1000);
  await shot('after-trust-click');
  // The trust editor may ask to confirm.
  const confirm = page.locator('.monaco-dialog-box a.monaco-button:has-text("Trust")');
  if (await confirm.count()) { await confirm.first().click(); log('confirmed'); }
  await page
    .locator('.monaco-modal-editor-block .codicon-close, .monaco-modal-editor-block .codicon-close-dialog')
    .first()
    .click({ timeout: 10000 })
    .catch((e) => log('close click failed', e.message.split('\n')[0]));
  await page.waitForSelector('.monaco-modal-editor-block', { state: 'detached', timeout: 10000 }).catch(() => log('modal still open'));
  await page.locator('.squiggly-error').first().waitFor({ timeout: 120000 });
  log('after trust: error squiggles:', await page.locator('.squiggly-error').count(), '; clang-repl processes:', clangRepl());
  const status = page.locator('.statusbar-item:has-text("cdoctest:")').first();
  log('status bar after trust:', (await status.innerText()).trim());
  await shot('trusted-diagnostics');
  await openFile('mathutil.cpp', 'fac');
  await page.keyboard.press('Control+G');
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await palette('cdoctest: Generate cdoctest for function at cursor');
  await page.waitForSelector('.view-lines:has-text(">>> fac(")', { timeout: 240000 });
  log('after trust: generated block inserted');
  await shot('trusted-generated');
  log('RESULT ok');
} catch (err) {
  log('RESULT failed:', err.message);
  await shot('failure');
  process.exitCode = 1;
} finally {
  await browser.close();
}
