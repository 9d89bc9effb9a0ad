// Workspace Trust in activate(), with 'vscode' and 'vscode-languageclient/node' replaced by
// recording stubs: an untrusted workspace starts the server with `trusted: false` and not from the
// workspace's .venv; the commands refuse with "Manage Workspace Trust" and send nothing; granting
// trust restarts the server (the .venv is now eligible) or notifies it (same command).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { test } from 'node:test';
import { onGrant, untrustedMessage } from '../trust';
import { sandboxLine, statusText, statusTooltip } from '../settings';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Module = require('node:module');

/* eslint-disable @typescript-eslint/no-explicit-any */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cdoctest-trust-'));
const venvServer = path.join(folder, '.venv', 'bin', 'cdoctest-lsp');
fs.mkdirSync(path.dirname(venvServer), { recursive: true });
fs.writeFileSync(venvServer, '#!/bin/sh\n');

const rec = {
  clients: [] as any[],
  handlers: new Map<string, (...a: any[]) => any>(),
  warnings: [] as { message: string; items: string[] }[],
  executed: [] as string[],
  requests: [] as string[],
  notifications: [] as [string, unknown][],
  logged: [] as string[],
  grant: undefined as undefined | (() => Promise<void>),
  pick: undefined as string | undefined,
};
const settings: Record<string, unknown> = { 'server.path': '', 'server.args': [] };
const disposable = { dispose() {} };
const statusItem: any = { ...disposable, show() {}, text: '', tooltip: '' };
const vscodeStub: any = {
  workspace: {
    getConfiguration: () => ({ get: (k: string) => settings[k] }),
    workspaceFolders: [{ uri: { fsPath: folder } }],
    isTrusted: false,
    onDidChangeConfiguration: () => disposable,
    onDidGrantWorkspaceTrust: (f: () => Promise<void>) => { rec.grant = f; return disposable; },
    onDidSaveTextDocument: () => disposable,
    createFileSystemWatcher: () => ({ ...disposable, onDidCreate: () => disposable, onDidChange: () => disposable, onDidDelete: () => disposable }),
  },
  tests: {
    createTestController: () => ({ ...disposable, items: { add() {}, delete() {}, forEach() {} }, createRunProfile: () => disposable }),
  },
  extensions: { getExtension: () => undefined },
  TestRunProfileKind: { Run: 1 },
  window: {
    activeTextEditor: { document: { uri: { toString: () => 'file:///w/a.cpp' }, version: 1 }, selection: { active: { line: 3 } } },
    createOutputChannel: () => ({ ...disposable, info: (l: string) => rec.logged.push(l) }),
    createStatusBarItem: () => statusItem,
    showErrorMessage: async () => undefined,
    showInformationMessage: async () => undefined,
    showWarningMessage: async (message: string, ...items: string[]) => { rec.warnings.push({ message, items }); return rec.pick; },
    withProgress: async () => { throw new Error('generation must not start'); },
  },
  commands: {
    registerCommand: (id: string, f: (...a: any[]) => any) => { rec.handlers.set(id, f); return disposable; },
    executeCommand: async (id: string) => { rec.executed.push(id); },
  },
  StatusBarAlignment: { Right: 2 },
  ProgressLocation: { Notification: 15 },
};
class FakeClient {
  status?: (s: unknown) => void;
  constructor(public id: string, public name: string, public serverOptions: any, public clientOptions: any) {
    rec.clients.push(this);
  }
  onNotification(method: string, f: (s: unknown) => void) {
    if (method === 'cdoctest/status') this.status = f;
    return disposable;
  }
  async sendRequest(method: string) { rec.requests.push(method); return {}; }
  async sendNotification(method: string, params: unknown) { rec.notifications.push([method, params]); }
  async start() {}
  async stop() {}
}
const clientStub = { LanguageClient: FakeClient, TransportKind: { stdio: 0 }, WorkDoneProgress: { type: {} } };
const originalLoad = Module._load;
Module._load = function (request: string, ...rest: unknown[]) {
  if (request === 'vscode') return vscodeStub;
  if (request === 'vscode-languageclient/node') return clientStub;
  return originalLoad.call(this, request, ...rest);
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ext = require('../extension');

test('untrusted: the server starts with trusted=false and not from the workspace .venv', async () => {
  await ext.activate({ subscriptions: [] });
  assert.equal(rec.clients.length, 1);
  assert.equal(rec.clients[0].serverOptions.command, 'cdoctest-lsp');
  assert.equal(rec.clients[0].clientOptions.initializationOptions.trusted, false);
});

test('untrusted: generate and run say why, offer Manage Workspace Trust, and send nothing', async () => {
  rec.pick = 'Manage Workspace Trust';
  await rec.handlers.get('cdoctest.generate')!();
  rec.pick = undefined;
  await rec.handlers.get('cdoctest.runTests')!();
  assert.deepEqual(rec.warnings.map((w) => w.items), [['Manage Workspace Trust'], ['Manage Workspace Trust']]);
  assert.equal(rec.warnings[0].message, untrustedMessage('generate tests'));
  assert.equal(rec.warnings[1].message, untrustedMessage('run the tests'));
  assert.deepEqual(rec.executed, ['workbench.trust.manage']);
  assert.deepEqual(rec.requests, []);
});

test("granting trust restarts the server from the workspace's .venv with trusted=true", async () => {
  vscodeStub.workspace.isTrusted = true;
  await rec.grant!();
  assert.equal(rec.clients.length, 2);
  assert.equal(rec.clients[1].serverOptions.command, venvServer);
  assert.equal(rec.clients[1].clientOptions.initializationOptions.trusted, true);
  assert.deepEqual(rec.notifications, []);
});

test('granting trust with the same server command only notifies the server', async () => {
  fs.rmSync(path.join(folder, '.venv'), { recursive: true });
  settings['server.path'] = '/opt/cdoctest-lsp';
  vscodeStub.workspace.isTrusted = false;
  await rec.handlers.get('cdoctest.restartServer')!();
  assert.equal(rec.clients[2].clientOptions.initializationOptions.trusted, false);
  vscodeStub.workspace.isTrusted = true;
  await rec.grant!();
  assert.equal(rec.clients.length, 3);
  assert.deepEqual(rec.notifications, [['cdoctest/didChangeTrust', { trusted: true }]]);
  await rec.handlers.get('cdoctest.runTests')!();
  assert.deepEqual(rec.requests, ['cdoctest/runTests']);
  await ext.deactivate();
  fs.rmSync(folder, { recursive: true, force: true });
});

test('the status bar and the output channel name the sandbox and what it does not isolate', () => {
  const weak = {
    model: { name: 'm', path: '/m.gguf' },
    trusted: true,
    sandbox: { method: 'rlimits', notIsolated: ['network', 'other processes (no pid namespace)'] },
    runOnOpen: false,
  };
  assert.equal(statusText(weak), '$(hubot) cdoctest: m $(warning) rlimits');
  assert.equal(
    sandboxLine(weak),
    'Runs are confined by rlimits (NOT isolated: network, other processes (no pid namespace)). Run on open: off.',
  );
  assert.ok(statusTooltip(weak).includes('NOT isolated: network'));
  const strong = { model: { name: 'm' }, sandbox: { method: 'bwrap', notIsolated: [] }, runOnOpen: true };
  assert.equal(statusText(strong), '$(hubot) cdoctest: m');
  assert.equal(sandboxLine(strong), 'Runs are confined by bwrap (network, processes and filesystem isolated). Run on open: on.');
  assert.equal(statusText({ ...strong, trusted: false }), '$(workspace-untrusted) cdoctest: restricted');
  assert.equal(sandboxLine({ model: {} }), undefined);
  // the status notification updates the item and logs the sandbox line once
  const c = rec.clients[2];
  c.status(weak);
  c.status(weak);
  assert.equal(statusItem.text, statusText(weak));
  assert.deepEqual(rec.logged, [sandboxLine(weak)]);
});

test('onGrant restarts only when the command or its arguments change', () => {
  assert.equal(onGrant({ command: 'a', args: ['-v'] }, { command: 'a', args: ['-v'] }), 'notify');
  assert.equal(onGrant({ command: 'a', args: [] }, { command: 'b', args: [] }), 'restart');
  assert.equal(onGrant({ command: 'a', args: [] }, { command: 'a', args: ['-v'] }), 'restart');
  assert.equal(onGrant(undefined, { command: 'a', args: [] }), 'restart');
});
