// activate() with 'vscode' and 'vscode-languageclient/node' replaced by recording stubs
// (VS Code itself cannot run here: @vscode/test-electron downloads it).
import * as assert from 'node:assert/strict';
import { test } from 'node:test';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Module = require('node:module');

/* eslint-disable @typescript-eslint/no-explicit-any */
const recorded: { commands: string[]; clients: any[]; notifications: string[]; controllers: any[]; profiles: any[]; watched: string[] } = {
  commands: [], clients: [], notifications: [], controllers: [], profiles: [], watched: [],
};
const settings: Record<string, unknown> = { 'server.path': '/srv/cdoctest-lsp', 'server.args': ['-v'], 'generation.samples': 2 };
const disposable = { dispose() {} };
const vscodeStub = {
  workspace: {
    getConfiguration: () => ({ get: (k: string) => settings[k] }),
    workspaceFolders: [],
    isTrusted: true,
    onDidChangeConfiguration: () => disposable,
    onDidGrantWorkspaceTrust: () => disposable,
    onDidSaveTextDocument: () => disposable,
    createFileSystemWatcher: (glob: string) => {
      recorded.watched.push(glob);
      return { ...disposable, onDidCreate: () => disposable, onDidChange: () => disposable, onDidDelete: () => disposable };
    },
  },
  tests: {
    createTestController: (id: string) => {
      const controller: any = {
        ...disposable,
        id,
        items: { add() {}, delete() {}, forEach() {} },
        createRunProfile: (label: string, kind: number) => { recorded.profiles.push([label, kind]); return disposable; },
      };
      recorded.controllers.push(controller);
      return controller;
    },
  },
  extensions: { getExtension: () => undefined },
  TestRunProfileKind: { Run: 1, Coverage: 3 },
  window: {
    createOutputChannel: () => ({ ...disposable, appendLine() {}, info() {}, warn() {}, error() {} }),
    createStatusBarItem: () => ({ ...disposable, show() {}, text: '' }),
    showErrorMessage: async () => undefined,
  },
  commands: { registerCommand: (id: string) => { recorded.commands.push(id); return disposable; } },
  StatusBarAlignment: { Right: 2 },
  ProgressLocation: { Notification: 15 },
};
class FakeClient {
  constructor(public id: string, public name: string, public serverOptions: any, public clientOptions: any) {
    recorded.clients.push(this);
  }
  onNotification(method: string) { recorded.notifications.push(method); return disposable; }
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

test('activate starts the configured server over stdio and registers the commands', async () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const ext = require('../extension');
  const subscriptions: unknown[] = [];
  await ext.activate({ subscriptions });
  assert.deepEqual(recorded.commands, ['cdoctest.generate', 'cdoctest.generateFile', 'cdoctest.runTests', 'cdoctest.restartServer']);
  assert.equal(recorded.clients.length, 1);
  const c = recorded.clients[0];
  assert.equal(c.serverOptions.command, '/srv/cdoctest-lsp');
  assert.deepEqual(c.serverOptions.args, ['-v']);
  assert.equal(c.serverOptions.transport, 0);
  assert.deepEqual(c.clientOptions.documentSelector.map((s: any) => s.language), ['c', 'cpp']);
  assert.deepEqual(c.clientOptions.initializationOptions, { generation: { samples: 2 }, trusted: true });
  assert.deepEqual(recorded.notifications, ['cdoctest/status', 'cdoctest/testsChanged', 'cdoctest/testResults']);
  assert.equal(subscriptions.length, 9);
  // The Testing view: one controller with a run profile, refreshed by a watcher of C/C++ files.
  assert.deepEqual(recorded.controllers.map((c) => c.id), ['cdoctest']);
  assert.deepEqual(recorded.profiles, [['Run cdoctests', 1], ['Run cdoctests with coverage', 3]]);
  assert.equal(typeof recorded.controllers[0].resolveHandler, 'function');
  assert.equal(typeof recorded.controllers[0].refreshHandler, 'function');
  assert.deepEqual(recorded.watched, ['**/*.{c,cc,cpp,cxx,c++,h,hh,hpp,hxx}']);
  // The configuration the server pulls passes through the middleware (CMake Tools' directory).
  assert.equal(typeof c.clientOptions.middleware.workspace.configuration, 'function');
  await ext.deactivate();
});
