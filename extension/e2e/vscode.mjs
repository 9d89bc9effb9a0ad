// The packaged extension in a real VS Code (code-server in Debian's chromium, playwright-core):
//   node vscode.mjs URL SHOTS_DIR CODE_SERVER_PID      (run.sh starts code-server and calls this)
// Steps, each with a screenshot in SHOTS_DIR: open shapes.c; generate a cdoctest for rect_area
// from the command palette and for clamp from the lightbulb (Ctrl+.); save and see the blocks and
// the "passed" lenses; break rect_area; run all tests from the Testing view's button and see the
// failing test in the view with its diff (expected/actual) in the test peek; a C file with a
// block created on disk (by this script, as a build or a git checkout would) appears in the
// Testing view, and leaves it when deleted (E2E_WS names the workspace folder); a run with coverage
// shows the file's share in the Test Coverage view and the covered lines in the gutter; in a
// multi-file CMake project (cmake.buildDirectory set), a function that calls another file of its
// library gets a block. Prints "RESULT ok"
// (exit 0) or "RESULT failed: why" (exit 1, with a screenshot of the failure and, beside it,
// failure-view.html: the DOM of the view the failing step waited on, and failure-page.html).
// Positions are found with Ctrl+F (no C/C++ extension, so no symbols); waits are on states (the
// editor's text, a row's icon), not on sleeps or on layout: before the run the Testing view is
// collapsed on purpose, and the step expands every collapsed node until the failing test shows,
// since whether VS Code expands a file node by itself depends on timing.
import { unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const [url, shots] = [process.argv[2], process.argv[3]];
const require = createRequire(`${process.env.E2E_DIR}/package.json`);
const { chromium } = require('playwright-core');
const t0 = Date.now();
const log = (...a) => console.log(`[e2e +${((Date.now() - t0) / 1000).toFixed(0)}s]`, ...a);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1500, height: 950 } });
let step = 0;
const shot = async (name) => {
  const file = `${shots}/${String(++step).padStart(2, '0')}-${name}.png`;
  await page.screenshot({ path: file });
  log('screenshot', file);
};
const editorText = () => page.locator('.editor-instance .view-lines').first().innerText();
// The view the current step waits on: its DOM is saved when the step fails.
let view = '.monaco-workbench';
async function expandAll(tree) {
  // Open every collapsed node of a tree once (a collapsed node hides its children's rows); the
  // list re-renders after each click, so it is read again each time.
  const opened = new Set();
  for (let i = 0; i < 20; i++) {
    let acted = false;
    for (const row of await tree.locator('.monaco-list-row[aria-expanded="false"]').all()) {
      const key = (await row.getAttribute('aria-label').catch(() => null)) || (await row.innerText().catch(() => ''));
      if (opened.has(key)) continue;
      opened.add(key);
      await row.locator('.monaco-tl-twistie').click({ timeout: 5000 }).catch(() => {});
      acted = true;
      break;
    }
    if (!acted) return;
  }
}
async function untilVisible(tree, row, timeout) {
  // Wait for ``row``, expanding collapsed nodes meanwhile (runs reveal results as they come).
  const end = Date.now() + timeout;
  while (Date.now() < end) {
    await expandAll(tree);
    if (await row.isVisible().catch(() => false)) return;
    await row.waitFor({ timeout: 2000 }).catch(() => {});
    if (await row.isVisible().catch(() => false)) return;
  }
  await row.waitFor({ timeout: 1 }); // throws with playwright's description of the row
}
async function palette(text) {
  await page.keyboard.press('F1');
  await page.waitForSelector('.quick-input-widget input');
  await page.keyboard.type(text);
  await page.locator(`.quick-input-list .monaco-list-row:has-text("${text.replace(/^>/, '')}")`).first().waitFor();
  await page.keyboard.press('Enter');
}
async function goTo(text) {
  // No C/C++ extension here, so no symbols: find the text; the cursor ends on the match.
  await page.keyboard.press('Control+F');
  await page.waitForSelector('.find-widget.visible');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await page.locator('.find-widget.visible').waitFor({ state: 'detached', timeout: 5000 }).catch(() => {});
  await palette('View: Focus Active Editor Group'); // the selection stays on the match
}
async function save() {
  await page.keyboard.press('Control+S');
  await page.locator('.tab.active.dirty').waitFor({ state: 'detached', timeout: 10000 }).catch(() => {});
}

try {
  await page.goto(url);
  await page.waitForSelector('.monaco-workbench', { timeout: 90000 });
  log('workbench ready');
  await page.keyboard.press('Control+P');
  await page.waitForSelector('.quick-input-widget input');
  await page.keyboard.type('shapes.c');
  await page.locator('.quick-input-list .monaco-list-row:has-text("shapes.c")').first().waitFor();
  await page.keyboard.press('Enter');
  await page.waitForSelector('.view-lines:has-text("rect_area")', { timeout: 30000 });
  const status = page.locator('.statusbar-item:has-text("cdoctest:")').first();
  await status.waitFor({ timeout: 90000 });
  log('opened shapes.c; status bar:', (await status.innerText()).trim());
  await shot('opened');

  // 1. Generate from the command palette (cursor in rect_area).
  view = '.editor-instance';
  await goTo('int rect_area');
  await palette('cdoctest: Generate cdoctest for function at cursor');
  await page.waitForSelector('.view-lines:has-text(">>> rect_area(")', { timeout: 300000 });
  log('palette: block inserted for rect_area');
  await shot('generated-from-palette');

  // 2. Generate from the lightbulb (Ctrl+. in clamp).
  await goTo('int clamp');
  await page.keyboard.press('Control+.');
  const action = page.locator('.action-widget .monaco-list-row:has-text("Generate cdoctest for")').first();
  await action.waitFor({ timeout: 60000 });
  await shot('lightbulb-menu');
  await action.click();
  await page.waitForSelector('.view-lines:has-text(">>> clamp(")', { timeout: 300000 });
  log('lightbulb: block inserted for clamp');

  // 3. Save: the blocks run and the lenses say "passed".
  await save();
  const passed = page.locator('.codelens-decoration:has-text("passed")');
  await passed.first().waitFor({ timeout: 120000 });
  await page.waitForFunction(
    () => [...document.querySelectorAll('.codelens-decoration a')].filter((a) => a.textContent.includes('passed')).length >= 2,
    null,
    { timeout: 120000 },
  );
  log('lenses:', (await page.locator('.codelens-decoration').allInnerTexts()).join(' | '));
  await shot('blocks-passed-lenses');

  // 4. Break rect_area (w * h -> w + h) and save.
  await goTo('w * h'); // the match is selected: typing replaces it
  await page.keyboard.type('w + h');
  await page.waitForSelector('.view-lines:has-text("return w + h")');
  await save();
  log('broke rect_area');

  // 5. The Testing view: run all from its button; the failing test and its diff. The view is
  // collapsed first (as VS Code may leave it), so the step must expand what it needs to see.
  await palette('Testing: Focus on Test Explorer View');
  view = '.test-explorer';
  const tree = page.locator('.test-explorer');
  await tree.waitFor({ timeout: 30000 });
  const fileRow = tree.locator('.monaco-list-row:has-text("shapes.c")').first();
  await fileRow.waitFor({ timeout: 60000 });
  if ((await fileRow.getAttribute('aria-expanded')) === 'true') {
    await fileRow.locator('.monaco-tl-twistie').click();
  }
  await tree.locator('.monaco-list-row[aria-expanded="false"]:has-text("shapes.c")').first().waitFor({ timeout: 30000 });
  log('Testing view: shapes.c listed, collapsed');
  await shot('testing-view-collapsed');
  const runAll = page.locator('.pane-header:has-text("Test Explorer") .codicon-testing-run-all-icon, .title-actions .codicon-testing-run-all-icon').first();
  await runAll.waitFor({ timeout: 30000 });
  await runAll.click();
  log('clicked Run Tests in the Testing view');
  const failedRow = tree.locator('.monaco-list-row:has(.codicon-testing-failed-icon)').first();
  await failedRow.waitFor({ timeout: 180000 });
  const failing = tree.locator('.monaco-list-row:has(.codicon-testing-failed-icon):has-text("rect_area")').last();
  await untilVisible(tree, failing, 60000);
  const passing = tree.locator('.monaco-list-row:has(.codicon-testing-passed-icon):has-text("clamp")').first();
  await untilVisible(tree, passing, 60000);
  log('Testing view: rect_area failed, clamp passed');
  await shot('testing-view-after-run-all');
  const peek = page.locator('.test-output-peek');
  view = '.test-output-peek';
  if (!(await peek.isVisible())) {
    await failing.dblclick(); // reveal the test; the failure's peek opens on its >>> line
    await palette('Testing: Peek Output').catch(() => {});
  }
  await peek.waitFor({ timeout: 30000 });
  const diff = peek.locator('.monaco-diff-editor');
  await diff.first().waitFor({ timeout: 30000 });
  const peekText = await peek.innerText();
  log('peek:', peekText.replace(/\s+/g, ' ').slice(0, 300));
  await shot('failing-test-diff');
  if (!/Expected|expected/.test(peekText) && (await diff.count()) === 0) {
    throw new Error('the peek shows no diff');
  }

  // 6. A file created and deleted outside the editor: the Testing view follows (file watcher).
  await page.keyboard.press('Escape'); // close the peek
  view = '.test-explorer';
  const extra = `${process.env.E2E_WS}/extra_twice.c`;
  writeFileSync(extra, '/**\n>>> twice(21)\n(int) 42\n*/\nint twice(int x) { return 2 * x; }\n');
  const extraRow = tree.locator('.monaco-list-row:has-text("extra_twice.c")');
  await extraRow.first().waitFor({ timeout: 60000 });
  log('Testing view: extra_twice.c listed after it was created on disk');
  await shot('testing-view-file-created');
  unlinkSync(extra);
  await extraRow.first().waitFor({ state: 'detached', timeout: 60000 });
  log('Testing view: extra_twice.c gone after it was deleted');
  await shot('testing-view-file-deleted');

  // 7. Run with Coverage: the Test Coverage view lists shapes.c with its share, and the editor's
  // gutter marks the lines the blocks ran (VS Code's coverage decorations).
  if (process.env.E2E_COVERAGE === '0') {
    log('coverage step skipped: no clang-22/llvm-cov-22/llvm-profdata-22 here (scripts/setup.sh installs them)');
  } else {
    await palette('Test: Run All Tests with Coverage');
    view = '.part.sidebar';
    const covered = page.locator('.test-coverage-list-item:has-text("shapes.c")').first();
    await covered.waitFor({ timeout: 180000 });
    await page.locator('.editor-instance .coverage-deco-hit').first().waitFor({ timeout: 60000 });
    const hit = await page.locator('.editor-instance .line-numbers.coverage-deco-hit').allInnerTexts();
    log('coverage view:', (await covered.innerText()).replace(/\s+/g, ' '), '| covered lines in the gutter:', hit.join(','));
    if (hit.length < 3) throw new Error(`only ${hit.length} covered line(s) marked in the gutter`);
    await shot('coverage');
  }

  // 8. A multi-file CMake project (cmake.buildDirectory set in the workspace): generate a cdoctest
  // for dist2 in geo/src/dist.c, which calls sq from geo/src/sq.c (the rest of its library).
  if (process.env.E2E_GEO === '0') {
    log('cross-file step skipped: no cmake or C compiler here');
  } else {
    await page.keyboard.press('Escape');
    view = '.editor-instance';
    await page.keyboard.press('Control+P');
    await page.waitForSelector('.quick-input-widget input');
    await page.keyboard.type('geo/src/dist.c');
    await page.locator('.quick-input-list .monaco-list-row:has-text("dist.c")').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForSelector('.view-lines:has-text("int dist2")', { timeout: 30000 });
    await goTo('int dist2');
    await palette('cdoctest: Generate cdoctest for function at cursor');
    await page.waitForSelector('.view-lines:has-text(">>> dist2(")', { timeout: 300000 });
    const block = (await editorText()).replace(/\u00a0/g, ' ');
    log('cross-file: block inserted for dist2:', block.slice(block.indexOf('>>>'), block.indexOf('>>>') + 120).replace(/\s+/g, ' '));
    await save(); // the saved block runs against the project's library: its lens says "passed"
    await page.locator('.codelens-decoration:has-text("passed")').first().waitFor({ timeout: 120000 });
    log('cross-file: lens', (await page.locator('.codelens-decoration').allInnerTexts()).join(' | ').replace(/\s+/g, ' '));
    await shot('cross-file-generated');
  }
  log('RESULT ok');
} catch (err) {
  log('RESULT failed:', err.message.split('\n')[0]);
  await shot('failure').catch(() => {});
  for (const [name, selector] of [['failure-view.html', view], ['failure-page.html', 'body']]) {
    const html = await page.locator(selector).first().evaluate((el) => el.outerHTML, null, { timeout: 5000 }).catch((e) => `<!-- ${e.message} -->`);
    writeFileSync(`${shots}/${name}`, `<!-- the DOM of ${selector} when the step failed -->\n${html}\n`);
  }
  log('saved the DOM of', view, 'in', `${shots}/failure-view.html`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
