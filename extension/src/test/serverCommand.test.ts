import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { test } from 'node:test';
import { DEFAULT_COMMAND, resolveServerCommand } from '../serverCommand';

test('an explicit server.path wins, with its args', () => {
  const r = resolveServerCommand({
    serverPath: ' /opt/x/cdoctest-lsp ',
    serverArgs: ['--log-file', '/tmp/l'],
    workspaceFolders: ['/w'],
    exists: () => true,
  });
  assert.deepEqual(r, { command: '/opt/x/cdoctest-lsp', args: ['--log-file', '/tmp/l'] });
});

test("the first workspace folder's .venv is used when it has the server", () => {
  const seen: string[] = [];
  const r = resolveServerCommand({
    workspaceFolders: ['/a', '/b'],
    platform: 'linux',
    exists: (p) => {
      seen.push(p);
      return p === path.join('/b', '.venv', 'bin', 'cdoctest-lsp');
    },
  });
  assert.equal(r.command, path.join('/b', '.venv', 'bin', 'cdoctest-lsp'));
  assert.deepEqual(r.args, []);
  assert.deepEqual(seen, [path.join('/a', '.venv', 'bin', 'cdoctest-lsp'), path.join('/b', '.venv', 'bin', 'cdoctest-lsp')]);
});

test('Windows venvs use Scripts\\cdoctest-lsp.exe', () => {
  const r = resolveServerCommand({ workspaceFolders: ['C:\\w'], platform: 'win32', exists: (p) => p.endsWith('.exe') });
  assert.ok(r.command.endsWith(path.join('.venv', 'Scripts', 'cdoctest-lsp.exe')));
});

test('falls back to cdoctest-lsp on PATH', () => {
  const r = resolveServerCommand({ serverPath: '', workspaceFolders: ['/a'], exists: () => false });
  assert.deepEqual(r, { command: DEFAULT_COMMAND, args: [] });
});
