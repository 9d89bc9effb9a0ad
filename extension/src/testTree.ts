// The Testing view's model, pure (no 'vscode' import) so node's test runner covers it. The server
// lists blocks as `FileTests` (server/lsp/features/testing.py): a runner name per block and its
// tree path (file, scopes, leaf). Here they become nodes (folder > file > namespace/class > test),
// a selection of nodes becomes the params of `cdoctest/runTestItems`, and a result becomes the
// messages VS Code shows (a diff at the failing `>>>` line, or an error with the diagnostic).

export interface Position {
  line: number;
  character: number;
}
export interface Range {
  start: Position;
  end: Position;
}
export interface TestJson {
  id: string;
  label: string;
  path: string[];
  range: Range;
  examples: { line: number; source: string }[];
}
export interface FileTests {
  uri: string;
  label: string;
  version: number | null;
  tests: TestJson[];
  error?: string;
}
export interface ExampleResult {
  line: number;
  source: string;
  outcome: string;
  expected: string;
  actual: string;
  message: string;
}
export interface TestResult {
  uri: string;
  id: string;
  outcome: 'passed' | 'failed' | 'errored';
  durationMs: number;
  message: string;
  examples: ExampleResult[];
}

/** One file's coverage as the server answers it (server/lsp/coverage.py); lines 0-based. */
export interface FileCoverageJson {
  uri: string;
  linesHit: number;
  linesTotal: number;
  branchesHit: number;
  branchesTotal: number;
  lines: { line: number; count: number; branches: number[] }[];
  notes: string[];
}

export type Kind = 'folder' | 'file' | 'scope' | 'test';
export interface Node {
  id: string;
  label: string;
  kind: Kind;
  parent?: string; // id of the parent node; none for top-level nodes
  fsPath: string; // the file (file, scope, test) or the directory (folder)
  range?: Range; // tests only
  runnerId?: string; // tests only: the runner's name, what the server runs
}

const sep = '/';

/** The id of the node of a file (keyed by path: URIs differ in their escaping between sides). */
export function fileId(fsPath: string): string {
  return `file:${fsPath}`;
}

/** The id of a test node. */
export function testId(fsPath: string, runnerId: string): string {
  return `test:${fsPath}#${runnerId}`;
}

/** The workspace folder a file was named relative to: its path without the server's label. */
export function rootOf(fsPath: string, label: string): string | undefined {
  const suffix = sep + label;
  return fsPath.endsWith(suffix) ? fsPath.slice(0, -suffix.length) : undefined;
}

/** The nodes of one file, parents before children: folders of its relative path, the file,
 * namespace/class scopes, then one test per block. */
export function fileNodes(file: FileTests, fsPath: string): Node[] {
  const nodes: Node[] = [];
  const root = rootOf(fsPath, file.label);
  const dirs = root === undefined ? [] : file.label.split(sep).slice(0, -1);
  let parent: string | undefined;
  let dir = root ?? '';
  for (const name of dirs) {
    dir = dir + sep + name;
    const id = `dir:${dir}`;
    nodes.push({ id, label: name, kind: 'folder', parent, fsPath: dir });
    parent = id;
  }
  const fid = fileId(fsPath);
  nodes.push({ id: fid, label: fsPath.split(sep).pop() ?? fsPath, kind: 'file', parent, fsPath });
  const scopes = new Set<string>();
  for (const t of file.tests) {
    let up = fid;
    for (const [i, scope] of t.path.slice(1, -1).entries()) {
      const id = `scope:${fsPath}#${t.path.slice(1, i + 2).join('::')}`;
      if (!scopes.has(id)) {
        scopes.add(id);
        nodes.push({ id, label: scope, kind: 'scope', parent: up, fsPath });
      }
      up = id;
    }
    nodes.push({
      id: testId(fsPath, t.id),
      label: t.label,
      kind: 'test',
      parent: up,
      fsPath,
      range: t.range,
      runnerId: t.id,
    });
  }
  return nodes;
}

export interface RunParams {
  tests?: { uri: string; ids?: string[] }[];
  folders?: string[];
  all?: boolean;
}

/** The params of `cdoctest/runTestItems` for the selected nodes (none: everything). `leaves`
 * gives the tests below a scope; `toUri` turns a path into the URI the server expects. */
export function runParams(
  selected: readonly Node[] | undefined,
  leaves: (node: Node) => Node[],
  toUri: (fsPath: string) => string,
): RunParams {
  if (!selected || selected.length === 0) {
    return { all: true };
  }
  const whole = new Set<string>();
  const ids = new Map<string, Set<string>>();
  const folders: string[] = [];
  for (const node of selected) {
    if (node.kind === 'folder') {
      folders.push(toUri(node.fsPath));
    } else if (node.kind === 'file') {
      whole.add(node.fsPath);
    } else {
      const tests = node.kind === 'test' ? [node] : leaves(node);
      const set = ids.get(node.fsPath) ?? new Set<string>();
      tests.forEach((t) => t.runnerId && set.add(t.runnerId));
      ids.set(node.fsPath, set);
    }
  }
  const tests: { uri: string; ids?: string[] }[] = [...whole].map((p) => ({ uri: toUri(p) }));
  for (const [p, set] of ids) {
    if (!whole.has(p)) {
      tests.push({ uri: toUri(p), ids: [...set] });
    }
  }
  const out: RunParams = {};
  if (tests.length) {
    out.tests = tests;
  }
  if (folders.length) {
    out.folders = folders;
  }
  return out;
}

export interface Message {
  kind: 'diff' | 'error';
  message: string;
  line: number;
  expected?: string;
  actual?: string;
}

/** What VS Code shows for a result: a diff per failing example at its `>>>` line, an error per
 * example that did not compile, timed out or crashed, or one error for a block that did not load. */
export function resultMessages(result: TestResult, blockLine: number): Message[] {
  if (result.outcome === 'passed') {
    return [];
  }
  const out: Message[] = [];
  for (const e of result.examples) {
    if (e.outcome === 'failed') {
      out.push({ kind: 'diff', message: e.message, line: e.line, expected: e.expected, actual: e.actual });
    } else if (e.outcome !== 'passed' && e.outcome !== 'skipped' && e.outcome !== 'error') {
      out.push({ kind: 'error', message: e.message, line: e.line });
    }
  }
  if (out.length === 0) {
    out.push({ kind: 'error', message: result.message, line: blockLine });
  }
  return out;
}

/** The summary line of a finished run (the output channel). */
export function runSummary(results: readonly TestResult[]): string {
  const count = (o: string) => results.filter((r) => r.outcome === o).length;
  return `${results.length} cdoctest block(s): ${count('passed')} passed, ${count('failed')} failed, ${count('errored')} errored`;
}
