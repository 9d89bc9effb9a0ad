// The Testing view's model (testTree.ts): the tree of a file, run params, messages.
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
import { FileTests, Node, TestResult, fileNodes, resultMessages, rootOf, runParams, runSummary } from '../testTree';

const range = (a: number, b: number) => ({ start: { line: a, character: 0 }, end: { line: b, character: 2 } });
// As the server lists tests/data/lsp/testing/nested/geometry.cpp (tests/lsp/test_testing_view.py).
const GEOMETRY: FileTests = {
  uri: 'file:///w/nested/geometry.cpp',
  label: 'nested/geometry.cpp',
  version: 1,
  tests: [
    { id: 'nested/geometry.cpp::geo::area', label: 'area', path: ['nested/geometry.cpp', 'geo', 'area'], range: range(4, 7), examples: [] },
    {
      id: 'nested/geometry.cpp::geo::Box::perimeter',
      label: 'perimeter',
      path: ['nested/geometry.cpp', 'geo', 'Box', 'perimeter'],
      range: range(12, 15),
      examples: [],
    },
    { id: 'nested/geometry.cpp::half:1', label: 'half:1', path: ['nested/geometry.cpp', 'half:1'], range: range(28, 31), examples: [] },
  ],
};

test('a file becomes folder > file > scopes > tests, parents first', () => {
  const nodes = fileNodes(GEOMETRY, '/w/nested/geometry.cpp');
  assert.deepEqual(
    nodes.map((n) => [n.kind, n.label, n.parent ?? null]),
    [
      ['folder', 'nested', null],
      ['file', 'geometry.cpp', 'dir:/w/nested'],
      ['scope', 'geo', 'file:/w/nested/geometry.cpp'],
      ['test', 'area', 'scope:/w/nested/geometry.cpp#geo'],
      ['scope', 'Box', 'scope:/w/nested/geometry.cpp#geo'],
      ['test', 'perimeter', 'scope:/w/nested/geometry.cpp#geo::Box'],
      ['test', 'half:1', 'file:/w/nested/geometry.cpp'],
    ],
  );
  const area = nodes.find((n) => n.label === 'area')!;
  assert.equal(area.runnerId, 'nested/geometry.cpp::geo::area');
  assert.deepEqual(area.range, range(4, 7));
  assert.equal(nodes[0].fsPath, '/w/nested');
  assert.equal(rootOf('/w/nested/geometry.cpp', 'nested/geometry.cpp'), '/w');
  // A file outside the workspace (labelled by its name only) has no folder nodes.
  const outside = fileNodes({ ...GEOMETRY, label: 'geometry.cpp' }, '/tmp/x/geometry.cpp');
  assert.equal(outside[0].kind, 'file');
});

test('a selection becomes the params of cdoctest/runTestItems', () => {
  const nodes = fileNodes(GEOMETRY, '/w/nested/geometry.cpp');
  const byLabel = (l: string) => nodes.find((n) => n.label === l)!;
  const leaves = (n: Node) => nodes.filter((m) => m.kind === 'test' && m.parent?.startsWith(n.id));
  const uri = (p: string) => `file://${p}`;
  assert.deepEqual(runParams(undefined, leaves, uri), { all: true });
  assert.deepEqual(runParams([byLabel('area')], leaves, uri), {
    tests: [{ uri: 'file:///w/nested/geometry.cpp', ids: ['nested/geometry.cpp::geo::area'] }],
  });
  assert.deepEqual(runParams([byLabel('geo')], leaves, uri).tests?.[0].ids, [
    'nested/geometry.cpp::geo::area',
    'nested/geometry.cpp::geo::Box::perimeter',
  ]);
  assert.deepEqual(runParams([byLabel('geometry.cpp'), byLabel('area')], leaves, uri), {
    tests: [{ uri: 'file:///w/nested/geometry.cpp' }],
  });
  assert.deepEqual(runParams([byLabel('nested')], leaves, uri), { folders: ['file:///w/nested'] });
});

const example = (outcome: string, line: number, extra: Partial<TestResult['examples'][0]> = {}) => ({
  line,
  source: 'f()',
  outcome,
  expected: '',
  actual: '',
  message: outcome === 'passed' ? '' : `cdoctest ${outcome}`,
  ...extra,
});

test('a failure is a diff at its line; compile errors and timeouts are errors', () => {
  const failed: TestResult = {
    uri: 'u',
    id: 'f',
    outcome: 'failed',
    durationMs: 3,
    message: 'm',
    examples: [example('passed', 2), example('failed', 4, { expected: '0.25\n', actual: '0.5\n' })],
  };
  assert.deepEqual(resultMessages(failed, 1), [
    { kind: 'diff', message: 'cdoctest failed', line: 4, expected: '0.25\n', actual: '0.5\n' },
  ]);
  const errored: TestResult = { ...failed, outcome: 'errored', examples: [example('compile_error', 5), example('timeout', 7)] };
  assert.deepEqual(
    resultMessages(errored, 1).map((m) => [m.kind, m.line]),
    [['error', 5], ['error', 7]],
  );
  const setup: TestResult = { ...failed, outcome: 'errored', message: 'could not run', examples: [example('error', 2)] };
  assert.deepEqual(resultMessages(setup, 1), [{ kind: 'error', message: 'could not run', line: 1 }]);
  assert.deepEqual(resultMessages({ ...failed, outcome: 'passed' }, 1), []);
  assert.equal(runSummary([failed, errored, { ...failed, outcome: 'passed' }]), '3 cdoctest block(s): 1 passed, 1 failed, 1 errored');
});
