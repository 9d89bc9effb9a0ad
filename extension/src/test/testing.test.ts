// testing.ts (the TestController glue) with 'vscode' replaced by a recording stub: the server's
// FileTests become nested TestItems with ranges; a run sends the selection's params and reports a
// failing example as TestMessage.diff at its line, an error as a plain message; a cancelled run
// ends quietly; a file without tests leaves the tree with its empty folders.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Module = require('node:module');

/* eslint-disable @typescript-eslint/no-explicit-any */
class Collection {
  map = new Map<string, any>();
  add(item: any) { this.map.set(item.id, item); }
  delete(id: string) { this.map.delete(id); }
  get(id: string) { return this.map.get(id); }
  forEach(f: (i: any) => void) { [...this.map.values()].forEach(f); }
  get size() { return this.map.size; }
}
const runs: any[] = [];
let profileHandler: any; // the first profile's: Run
const profiles: Record<number, any> = {};
const controller: any = {
  items: new Collection(),
  dispose() {},
  createTestItem: (id: string, label: string, uri: any) => ({ id, label, uri, children: new Collection() }),
  createRunProfile: (_l: string, kind: number, handler: any) => {
    const profile: any = { handler, dispose() {} };
    profiles[kind] = profile;
    if (!profileHandler) profileHandler = handler;
    return profile;
  },
  createTestRun: () => {
    const run: any = { events: [] as any[], ended: false, output: '', coverage: [] as any[] };
    run.addCoverage = (c: any) => run.coverage.push(c);
    for (const kind of ['started', 'passed', 'failed', 'errored']) {
      run[kind] = (item: any, messages?: any) => run.events.push([kind, item.id, messages]);
    }
    run.appendOutput = (t: string) => { run.output += t; };
    run.end = () => { run.ended = true; };
    runs.push(run);
    return run;
  },
};
class TestMessage {
  location: any;
  expectedOutput?: string;
  actualOutput?: string;
  constructor(public message: string) {}
  static diff(message: string, expected: string, actual: string) {
    const m = new TestMessage(message);
    m.expectedOutput = expected;
    m.actualOutput = actual;
    return m;
  }
}
const uriOf = (fsPath: string) => ({ fsPath, toString: () => `file://${fsPath}` });
const errors: string[] = [];
const vscodeStub = {
  tests: { createTestController: () => controller },
  workspace: {
    createFileSystemWatcher: () => ({ dispose() {}, onDidCreate: () => ({}), onDidChange: () => ({}), onDidDelete: () => ({}) }),
    onDidSaveTextDocument: () => ({ dispose() {} }),
  },
  window: { showErrorMessage: async (m: string) => { errors.push(m); } },
  Uri: { parse: (u: string) => uriOf(u.replace(/^file:\/\//, '')), file: uriOf },
  Range: class { constructor(public sl: number, public sc: number, public el: number, public ec: number) {} get start() { return { line: this.sl }; } },
  Position: class { constructor(public line: number, public character: number) {} },
  Location: class { constructor(public uri: any, public position: any) {} },
  TestMessage,
  TestRunProfileKind: { Run: 1, Coverage: 3 },
  TestCoverageCount: class { constructor(public covered: number, public total: number) {} },
  FileCoverage: class { constructor(public uri: any, public statementCoverage: any, public branchCoverage?: any) {} },
  StatementCoverage: class { constructor(public executed: number, public location: any, public branches: any[] = []) {} },
  BranchCoverage: class { constructor(public executed: number, public location?: any, public label?: string) {} },
};
const originalLoad = Module._load;
Module._load = function (request: string, ...rest: unknown[]) {
  if (request === 'vscode') return vscodeStub;
  return originalLoad.call(this, request, ...rest);
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { CdoctestTests } = require('../testing');

const range = (a: number, b: number) => ({ start: { line: a, character: 0 }, end: { line: b, character: 2 } });
const FILE = {
  uri: 'file:///w/nested/geometry.cpp',
  label: 'nested/geometry.cpp',
  version: 1,
  tests: [
    { id: 'nested/geometry.cpp::geo::area', label: 'area', path: ['nested/geometry.cpp', 'geo', 'area'], range: range(4, 7), examples: [] },
    { id: 'nested/geometry.cpp::half:2', label: 'half:2', path: ['nested/geometry.cpp', 'half:2'], range: range(34, 39), examples: [] },
  ],
};
const sent: [string, any][] = [];
let answer: any = { results: [] };
const client: any = {
  sendRequest: async (method: string, params: any, token?: any) => {
    sent.push([method, params]);
    if (token?.isCancellationRequested) throw new Error('cancelled');
    return answer;
  },
  onNotification: () => ({ dispose() {} }),
};
const log = { info() {}, warn() {}, error() {} };
const tests = new CdoctestTests(() => client, log);
const token = (cancelled = false) => ({ isCancellationRequested: cancelled, onCancellationRequested: () => ({ dispose() {} }) });

test('FileTests become folder > file > scope > test items with ranges', () => {
  tests.update(FILE);
  const folder = controller.items.get('dir:/w/nested');
  const file = folder.children.get('file:/w/nested/geometry.cpp');
  const area = file.children.get('scope:/w/nested/geometry.cpp#geo').children.get('test:/w/nested/geometry.cpp#nested/geometry.cpp::geo::area');
  assert.equal(area.label, 'area');
  assert.deepEqual([area.range.sl, area.range.el], [4, 7]);
  assert.equal(file.children.get('test:/w/nested/geometry.cpp#nested/geometry.cpp::half:2').label, 'half:2');
});

test('a run sends the selection and reports a diff at the failing line and an error', async () => {
  tests.update(FILE);
  const file = controller.items.get('dir:/w/nested').children.get('file:/w/nested/geometry.cpp');
  const half = file.children.get('test:/w/nested/geometry.cpp#nested/geometry.cpp::half:2');
  const area = file.children.get('scope:/w/nested/geometry.cpp#geo').children.get('test:/w/nested/geometry.cpp#nested/geometry.cpp::geo::area');
  const ex = (outcome: string, line: number, expected = '', actual = '') =>
    ({ line, source: 's', outcome, expected, actual, message: `cdoctest ${outcome}` });
  answer = {
    results: [
      { uri: FILE.uri, id: 'nested/geometry.cpp::half:2', outcome: 'failed', durationMs: 5, message: 'm', examples: [ex('passed', 35), ex('failed', 37, '0.25\n', '0.5\n')] },
      { uri: FILE.uri, id: 'nested/geometry.cpp::geo::area', outcome: 'errored', durationMs: 2, message: 'm', examples: [ex('timeout', 5)] },
    ],
  };
  await profileHandler({ include: [half, area], exclude: [] }, token());
  const [method, params] = sent[sent.length - 1];
  assert.equal(method, 'cdoctest/runTestItems');
  assert.deepEqual(params.tests, [{ uri: 'file:///w/nested/geometry.cpp', ids: ['nested/geometry.cpp::half:2', 'nested/geometry.cpp::geo::area'] }]);
  const run = runs[runs.length - 1];
  const failed = run.events.find((e: any) => e[0] === 'failed');
  const [diff] = failed[2];
  assert.deepEqual([diff.expectedOutput, diff.actualOutput, diff.location.position.line], ['0.25\n', '0.5\n', 37]);
  const errored = run.events.find((e: any) => e[0] === 'errored');
  assert.equal(errored[2][0].expectedOutput, undefined);
  assert.equal(errored[2][0].location.position.line, 5);
  assert.match(run.output, /nested\/geometry.cpp::half:2: m\r\n/); // the Test Results' output
  assert.equal(run.ended, true);
});

test('a cancelled run ends without an error message', async () => {
  const before = errors.length;
  await profileHandler({ include: undefined, exclude: [] }, token(true));
  assert.equal(runs[runs.length - 1].ended, true);
  assert.equal(errors.length, before);
  assert.deepEqual(sent[sent.length - 1][1].all, true); // nothing selected: everything
});

test('a file whose blocks are gone leaves the tree, with its empty folder', () => {
  tests.update(FILE);
  tests.update({ ...FILE, tests: [] });
  assert.equal(controller.items.get('dir:/w/nested'), undefined);
});

test('run with coverage asks for it and hands VS Code the counts and per-line details', async () => {
  tests.update(FILE);
  const file = controller.items.get('dir:/w/nested').children.get('file:/w/nested/geometry.cpp');
  const half = file.children.get('test:/w/nested/geometry.cpp#nested/geometry.cpp::half:2');
  const lines = [{ line: 8, count: 3, branches: [3, 0] }, { line: 9, count: 0, branches: [] }];
  answer = {
    results: [],
    coverage: [{ uri: FILE.uri, linesHit: 1, linesTotal: 2, branchesHit: 1, branchesTotal: 2, lines, notes: [] }],
  };
  await profiles[3].handler({ include: [half], exclude: [] }, token());
  assert.equal(sent[sent.length - 1][1].coverage, true);
  const run = runs[runs.length - 1];
  const [covered] = run.coverage;
  assert.deepEqual(
    [covered.uri.fsPath, covered.statementCoverage.covered, covered.statementCoverage.total],
    ['/w/nested/geometry.cpp', 1, 2],
  );
  assert.deepEqual([covered.branchCoverage.covered, covered.branchCoverage.total], [1, 2]);
  const details = await profiles[3].loadDetailedCoverage(run, covered, token());
  assert.deepEqual(
    details.map((d: any) => [d.location.line, d.executed, d.branches.map((b: any) => b.executed)]),
    [[8, 3, [3, 0]], [9, 0, []]],
  );
  await profiles[1].handler({ include: [half], exclude: [] }, token()); // the plain profile
  assert.equal(sent[sent.length - 1][1].coverage, undefined);
});
