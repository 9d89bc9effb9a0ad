// VS Code's Testing view for cdoctest blocks: a TestController fed by the server's Testing
// protocol (server/lsp/features/testing.py, docs/editor.md). Thin: the tree model, the run
// params and the messages are computed in testTree.ts; here they become TestItems, TestRuns and
// TestMessages. Refreshed by the server's pushes (open, save, edits), on save, on file
// create/change/delete, and by the view's refresh button. The "Run with Coverage" profile asks
// the same request with `coverage: true` and hands each file's line and branch counts to VS
// Code's test coverage API (FileCoverage; statement and branch details on demand).
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  FileCoverageJson,
  FileTests,
  Node,
  TestResult,
  fileId,
  fileNodes,
  resultMessages,
  runParams,
  runSummary,
  testId,
} from './testTree';

const SOURCE_GLOB = '**/*.{c,cc,cpp,cxx,c++,h,hh,hpp,hxx}';

export class CdoctestTests implements vscode.Disposable {
  private readonly controller: vscode.TestController;
  private readonly nodes = new Map<string, Node>();
  private readonly items = new Map<string, vscode.TestItem>();
  private readonly runs = new Map<string, { run: vscode.TestRun; reported: Set<string> }>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly coverageDetails = new WeakMap<vscode.FileCoverage, FileCoverageJson>();
  private runCount = 0;

  constructor(
    private readonly client: () => LanguageClient | undefined,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.controller = vscode.tests.createTestController('cdoctest', 'cdoctest');
    this.controller.resolveHandler = async (item) => {
      if (!item) {
        await this.refreshAll();
      }
    };
    this.controller.refreshHandler = () => this.refreshAll();
    this.controller.createRunProfile(
      'Run cdoctests',
      vscode.TestRunProfileKind.Run,
      (request, token) => this.run(request, token, false),
      true,
    );
    const coverage = this.controller.createRunProfile(
      'Run cdoctests with coverage',
      vscode.TestRunProfileKind.Coverage,
      (request, token) => this.run(request, token, true),
      true,
    );
    coverage.loadDetailedCoverage = async (_run, file) => this.details(file);
    const watcher = vscode.workspace.createFileSystemWatcher(SOURCE_GLOB);
    this.disposables.push(
      this.controller,
      watcher,
      watcher.onDidCreate((uri) => this.refreshFiles([uri])),
      watcher.onDidChange((uri) => this.refreshFiles([uri])),
      watcher.onDidDelete((uri) => this.removeFile(uri.fsPath)),
      vscode.workspace.onDidSaveTextDocument((doc) => {
        if (doc.languageId === 'c' || doc.languageId === 'cpp') {
          void this.refreshFiles([doc.uri]);
        }
      }),
    );
  }

  /** Wire the server's notifications (call after each client start). */
  attach(client: LanguageClient): void {
    client.onNotification('cdoctest/testsChanged', (file: FileTests) => this.update(file));
    client.onNotification('cdoctest/testResults', (note: { runId: string; results: TestResult[] }) => {
      const state = this.runs.get(note.runId);
      if (state) {
        note.results.forEach((r) => this.report(state.run, r, state.reported));
      }
    });
  }

  dispose(): void {
    this.disposables.forEach((d) => d.dispose());
  }

  // -- the tree ------------------------------------------------------------------------------

  async refreshAll(): Promise<void> {
    await this.list({ workspace: true }, true);
  }

  private async refreshFiles(uris: vscode.Uri[]): Promise<void> {
    await this.list({ uris: uris.map((u) => u.toString()) }, false);
  }

  private async list(params: object, replaceAll: boolean): Promise<void> {
    const c = this.client();
    if (!c) {
      return;
    }
    try {
      const answer = await c.sendRequest<{ files: FileTests[]; error?: string }>('cdoctest/listTests', params);
      if (answer.error) {
        this.log.warn(`Testing view: ${answer.error}`);
      }
      if (replaceAll) {
        const listed = new Set(answer.files.map((f) => fileId(vscode.Uri.parse(f.uri).fsPath)));
        [...this.nodes.values()]
          .filter((n) => n.kind === 'file' && !listed.has(n.id))
          .forEach((n) => this.removeFile(n.fsPath));
      }
      answer.files.forEach((f) => this.update(f));
    } catch (err) {
      this.log.warn(`Testing view: listing the tests failed: ${err}`);
    }
  }

  /** Replace one file's tests (no tests: the file leaves the view). */
  update(file: FileTests): void {
    const fsPath = vscode.Uri.parse(file.uri).fsPath;
    if (file.error) {
      this.log.warn(`Testing view: ${fsPath}: ${file.error}`);
    }
    this.removeFile(fsPath);
    if (file.tests.length === 0) {
      return;
    }
    for (const node of fileNodes(file, fsPath)) {
      let item = this.items.get(node.id);
      if (!item) {
        item = this.controller.createTestItem(node.id, node.label, vscode.Uri.file(node.fsPath));
        this.items.set(node.id, item);
      }
      this.nodes.set(node.id, node);
      if (node.range) {
        const { start, end } = node.range;
        item.range = new vscode.Range(start.line, start.character, end.line, end.character);
      }
      const parent = node.parent ? this.items.get(node.parent) : undefined;
      (parent ? parent.children : this.controller.items).add(item);
    }
  }

  private removeFile(fsPath: string): void {
    const id = fileId(fsPath);
    const node = this.nodes.get(id);
    if (!node) {
      return;
    }
    for (const [key, n] of [...this.nodes]) {
      if (n.fsPath === fsPath && n.kind !== 'folder') {
        this.nodes.delete(key);
        this.items.delete(key);
      }
    }
    let parentId = node.parent;
    let childId = id;
    while (true) {
      const siblings = parentId ? this.items.get(parentId)?.children : this.controller.items;
      siblings?.delete(childId);
      if (!parentId || (this.items.get(parentId)?.children.size ?? 0) > 0) {
        break;
      }
      const parent = this.nodes.get(parentId);
      this.nodes.delete(parentId);
      this.items.delete(parentId);
      childId = parentId;
      parentId = parent?.parent;
    }
  }

  private leaves(node: Node): Node[] {
    const out: Node[] = [];
    const walk = (item: vscode.TestItem) =>
      item.children.forEach((child) => {
        const n = this.nodes.get(child.id);
        if (n?.kind === 'test') {
          out.push(n);
        } else {
          walk(child);
        }
      });
    const item = this.items.get(node.id);
    if (item) {
      walk(item);
    }
    return out;
  }

  // -- runs ----------------------------------------------------------------------------------

  private async run(
    request: vscode.TestRunRequest,
    token: vscode.CancellationToken,
    withCoverage: boolean,
  ): Promise<void> {
    const c = this.client();
    if (!c) {
      return;
    }
    if (!request.include) {
      await this.refreshAll(); // "run all": list the workspace first so every result has an item
    }
    const selected = request.include?.map((i) => this.nodes.get(i.id)).filter((n): n is Node => !!n);
    const params = runParams(selected, (n) => this.leaves(n), (p) => vscode.Uri.file(p).toString());
    const runId = `run-${++this.runCount}`;
    const run = this.controller.createTestRun(request, 'cdoctest', true);
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    this.runs.set(runId, { run, reported: excluded });
    const enqueue = (item: vscode.TestItem) => {
      if (excluded.has(item.id)) {
        return;
      }
      if (this.nodes.get(item.id)?.kind === 'test') {
        run.started(item);
      }
      item.children.forEach(enqueue);
    };
    (request.include ?? [...this.topLevel()]).forEach(enqueue);
    const started = Date.now();
    try {
      const answer = await c.sendRequest<{ results: TestResult[]; error?: string; coverage?: FileCoverageJson[] }>(
        'cdoctest/runTestItems',
        withCoverage ? { ...params, runId, coverage: true } : { ...params, runId },
        token,
      );
      answer.results.forEach((r) => this.report(run, r, excluded));  // those not reported yet
      (answer.coverage ?? []).forEach((c) => run.addCoverage(this.fileCoverage(c)));
      if (answer.error) {
        run.appendOutput(`cdoctest: ${answer.error}\r\n`);
        this.log.warn(`Testing view: ${answer.error}`);
      }
      this.log.info(`Testing view: ${runSummary(answer.results)} in ${Date.now() - started} ms`);
    } catch (err) {
      if (!token.isCancellationRequested) {
        this.log.error(`Testing view: the run failed: ${err}`);
        void vscode.window.showErrorMessage(`cdoctest: the test run failed: ${err}`);
      } else {
        this.log.info('Testing view: run cancelled');
      }
    } finally {
      this.runs.delete(runId);
      run.end();
    }
  }

  // -- coverage ------------------------------------------------------------------------------

  private fileCoverage(c: FileCoverageJson): vscode.FileCoverage {
    const file = new vscode.FileCoverage(
      vscode.Uri.file(vscode.Uri.parse(c.uri).fsPath),
      new vscode.TestCoverageCount(c.linesHit, c.linesTotal),
      c.branchesTotal ? new vscode.TestCoverageCount(c.branchesHit, c.branchesTotal) : undefined,
    );
    this.coverageDetails.set(file, c);
    return file;
  }

  /** Statement (line) and branch details of one file, as VS Code asks for them. */
  private details(file: vscode.FileCoverage): vscode.FileCoverageDetail[] {
    const c = this.coverageDetails.get(file);
    return (c?.lines ?? []).map((l) => {
      const at = new vscode.Position(l.line, 0);
      const branches = l.branches.map((n, i) => new vscode.BranchCoverage(n, at, `branch ${i + 1}`));
      return new vscode.StatementCoverage(l.count, at, branches);
    });
  }

  private *topLevel(): Iterable<vscode.TestItem> {
    const items: vscode.TestItem[] = [];
    this.controller.items.forEach((i) => items.push(i));
    yield* items;
  }

  /** Report one result, once per run (`done` holds the excluded and the reported ids). */
  private report(run: vscode.TestRun, result: TestResult, done: Set<string>): void {
    const fsPath = vscode.Uri.parse(result.uri).fsPath;
    const id = testId(fsPath, result.id);
    const item = this.items.get(id);
    if (!item || done.has(id)) {
      return;
    }
    done.add(id);
    if (result.outcome === 'passed') {
      run.passed(item, result.durationMs);
      return;
    }
    const uri = vscode.Uri.file(fsPath);
    const messages = resultMessages(result, item.range?.start.line ?? 0).map((m) => {
      const msg =
        m.kind === 'diff'
          ? vscode.TestMessage.diff(m.message, m.expected ?? '', m.actual ?? '')
          : new vscode.TestMessage(m.message);
      msg.location = new vscode.Location(uri, new vscode.Position(m.line, 0));
      return msg;
    });
    run.appendOutput(`${result.id}: ${result.message.replace(/\r?\n/g, '\r\n')}\r\n`, undefined, item);
    if (result.outcome === 'failed') {
      run.failed(item, messages, result.durationMs);
    } else {
      run.errored(item, messages, result.durationMs);
    }
  }
}
